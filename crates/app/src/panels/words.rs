//! Counts as a person writes them ("1 river", "3 rivers"): the one place the editor's
//! text chooses between a noun's singular and plural, so no message reads "1 rivers".

/// `n` followed by the noun that goes with it: `count(1, "river", "rivers")` is
/// "1 river", `count(0, "river", "rivers")` "0 rivers".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n, one, many))
}

/// The noun alone, singular for exactly one (`noun(1, "hex", "hexes")` is "hex"), for
/// text that puts the number elsewhere.
pub fn noun<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_takes_the_singular_and_every_other_count_the_plural() {
        assert_eq!(count(1, "river", "rivers"), "1 river");
        assert_eq!(count(0, "river", "rivers"), "0 rivers");
        assert_eq!(count(2, "hex", "hexes"), "2 hexes");
        assert_eq!(count(21, "hex", "hexes"), "21 hexes");
        assert_eq!(noun(1, "cell", "cells"), "cell");
    }
}
