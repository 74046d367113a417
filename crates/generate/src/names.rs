//! A seeded name generator with a few styles: place names from syllables, so the same
//! seed names the same places.

use rand::RngExt;
use std::collections::HashSet;

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

impl Style {
    /// Words that make a second place of a name ("Upper Ashford", "Nordskarvik"): each
    /// a prefix and a suffix, one of them empty.
    fn qualifiers(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Style::Common => &[
                ("Upper ", ""),
                ("Lower ", ""),
                ("Little ", ""),
                ("Great ", ""),
                ("North ", ""),
                ("South ", ""),
                ("East ", ""),
                ("West ", ""),
                ("Old ", ""),
                ("New ", ""),
                ("", " Cross"),
                ("", " End"),
                ("", " Green"),
            ],
            Style::Elvish => &[
                ("", " Vale"),
                ("", " Glade"),
                ("", " Tor"),
                ("", " Falls"),
                ("", " Haven"),
                ("", " Reach"),
                ("", " Shore"),
                ("", " Spring"),
                ("Tir ", ""),
                ("Calen ", ""),
                ("Fenn ", ""),
                ("Aeth ", ""),
            ],
            Style::Nordic => &[
                ("Nord", ""),
                ("Sør", ""),
                ("Vester", ""),
                ("Øster", ""),
                ("Stor", ""),
                ("Lille", ""),
                ("Ny", ""),
                ("Gamle ", ""),
                ("", " Bru"),
                ("", " Strand"),
                ("", " Skog"),
                ("", " Haug"),
            ],
        }
    }
}

/// `count` different names in `style`. When the syllables run out (a big world has
/// thousands of settlements) the names get a qualifier ("Upper Ashford", "Nordskarvik"),
/// and only when those run out too a number.
pub fn names(style: Style, count: usize, rng: &mut impl RngExt) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(count);
    let mut taken: HashSet<String> = HashSet::with_capacity(count);
    let mut tries = 0;
    let qualifiers = style.qualifiers();
    while out.len() < count {
        let mut n = name(style, rng);
        tries += 1;
        if tries > 50 * (count + 1) {
            let (before, after) = qualifiers[rng.random_range(0..qualifiers.len())];
            n = format!("{before}{n}{after}");
        }
        if tries > 100 * (count + 1) {
            n = format!("{n} {}", out.len() + 1);
        }
        if taken.insert(n.clone()) {
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

    #[test]
    fn thousands_of_names_get_qualifiers_before_numbers() {
        for style in Style::ALL {
            let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
            let list = names(style, 4000, &mut rng);
            let mut unique = list.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), 4000, "{style:?}");
            let numbered = list
                .iter()
                .filter(|n| n.ends_with(char::is_numeric))
                .count();
            assert_eq!(
                numbered, 0,
                "{style:?}: {numbered} of 4,000 names carry a number"
            );
            // The first names are the plain ones a small world gets.
            let mut small = rand_pcg::Pcg64::seed_from_u64(7);
            assert_eq!(names(style, 30, &mut small)[..], list[..30]);
        }
    }
}
