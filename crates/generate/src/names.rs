//! A seeded name generator with a few styles: place names from syllables, so the same
//! seed names the same places.

use rand::RngExt;

/// A style of names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// English-like: Ashford, Millbrook.
    Common,
    /// Flowing vowels: Lirael, Thaloren.
    Elvish,
    /// Hard and northern: Skarvik, Hallheim.
    Nordic,
}

impl Style {
    /// Every style.
    pub const ALL: [Style; 3] = [Style::Common, Style::Elvish, Style::Nordic];

    fn parts(
        self,
    ) -> (
        &'static [&'static str],
        &'static [&'static str],
        &'static [&'static str],
    ) {
        match self {
            Style::Common => (
                &[
                    "Ash", "Mill", "Oak", "Stone", "Bright", "Green", "Wolf", "Elm", "Red",
                    "Marsh", "Thorn", "Hay", "Cold", "Fair",
                ],
                &["", "", "er", "en", "ing"],
                &[
                    "ford", "brook", "ton", "field", "wick", "bury", "stead", "hollow", "mere",
                    "dale", "by", "well",
                ],
            ),
            Style::Elvish => (
                &[
                    "Li", "Tha", "Ela", "Mi", "Syl", "Ara", "Nim", "Ce", "Lo", "Fae", "Ith", "Va",
                ],
                &["ra", "lo", "ne", "ri", "tha", "la", "", "mi"],
                &[
                    "el", "en", "ion", "wen", "dor", "las", "iel", "anor", "ith", "ae",
                ],
            ),
            Style::Nordic => (
                &[
                    "Skar", "Hal", "Thor", "Bjor", "Ulf", "Grim", "Sig", "Ran", "Kol", "Frey",
                    "Ask", "Vid",
                ],
                &["", "", "a", "e", "s"],
                &[
                    "vik", "heim", "stad", "fjord", "by", "gard", "holm", "berg", "dal", "vin",
                    "nes",
                ],
            ),
        }
    }
}

/// A name in `style`.
pub fn name(style: Style, rng: &mut impl RngExt) -> String {
    let (a, b, c) = style.parts();
    let first = a[rng.random_range(0..a.len())];
    let middle = b[rng.random_range(0..b.len())];
    let last = c[rng.random_range(0..c.len())];
    format!("{first}{middle}{last}")
}

/// `count` different names in `style` (a number is added if the syllables run out).
pub fn names(style: Style, count: usize, rng: &mut impl RngExt) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(count);
    let mut tries = 0;
    while out.len() < count {
        let mut n = name(style, rng);
        tries += 1;
        if tries > 50 * (count + 1) {
            n = format!("{n} {}", out.len() + 1);
        }
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn names_are_seeded_distinct_and_capitalised() {
        for style in Style::ALL {
            let mut a = rand_pcg::Pcg64::seed_from_u64(5);
            let mut b = rand_pcg::Pcg64::seed_from_u64(5);
            let list = names(style, 30, &mut a);
            assert_eq!(list, names(style, 30, &mut b));
            let mut sorted = list.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), 30);
            assert!(
                list.iter()
                    .all(|n| n.chars().next().unwrap().is_uppercase())
            );
        }
    }
}
