//! Lengths on paper and paper sizes, parsed from what people type (`19mm`, `0.75in`,
//! `a4`, `22x34in`), for print layout and print-scale pictures.

use std::fmt;
use std::str::FromStr;

/// Millimetres in an inch.
pub const MM_PER_INCH: f64 = 25.4;

/// PDF points (1/72 inch) in a millimetre.
pub const POINTS_PER_MM: f64 = 72.0 / MM_PER_INCH;

/// A length on paper, kept in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Length(f64);

/// The units a [`Length`] may be written in, with millimetres per unit.
const UNITS: [(&str, f64); 4] = [
    ("mm", 1.0),
    ("cm", 10.0),
    ("in", MM_PER_INCH),
    ("pt", 1.0 / POINTS_PER_MM),
];

impl Length {
    /// A length of `mm` millimetres.
    pub const fn mm(mm: f64) -> Length {
        Length(mm)
    }

    /// A length of `inches` inches.
    pub fn inches(inches: f64) -> Length {
        Length(inches * MM_PER_INCH)
    }

    /// In millimetres.
    pub fn to_mm(self) -> f64 {
        self.0
    }

    /// In inches.
    pub fn to_inches(self) -> f64 {
        self.0 / MM_PER_INCH
    }

    /// In PDF points (1/72 inch).
    pub fn to_points(self) -> f64 {
        self.0 * POINTS_PER_MM
    }
}

/// Why a length or a paper size could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnitError {
    /// Not a number followed by a unit.
    #[error("'{0}' is not a length: write a number and a unit, e.g. 19mm, 2cm, 0.75in or 54pt")]
    NotALength(String),
    /// A negative, infinite or NaN number.
    #[error("'{0}' is not a length: it must be a finite number of at least 0")]
    OutOfRange(String),
    /// Neither a known paper name nor `WxH` with a unit.
    #[error(
        "'{0}' is not a paper: use a3, a4, a5, letter, legal, tabloid, or WIDTHxHEIGHT with a unit, e.g. 22x34in or 600x900mm"
    )]
    NotAPaper(String),
}

impl FromStr for Length {
    type Err = UnitError;

    fn from_str(s: &str) -> Result<Length, UnitError> {
        let text = s.trim().to_ascii_lowercase();
        let (number, per_unit) = UNITS
            .iter()
            .find_map(|&(unit, per)| text.strip_suffix(unit).map(|n| (n.trim(), per)))
            .ok_or_else(|| UnitError::NotALength(s.to_string()))?;
        let value: f64 = number
            .parse()
            .map_err(|_| UnitError::NotALength(s.to_string()))?;
        let mm = value * per_unit;
        if !(mm.is_finite() && mm >= 0.0) {
            return Err(UnitError::OutOfRange(s.to_string()));
        }
        Ok(Length(mm))
    }
}

/// Shortest form: whole millimetres as `19mm`, else inches when they are a round number
/// of hundredths (`0.75in`), else millimetres to a hundredth.
impl fmt::Display for Length {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mm = self.0;
        let inches = self.to_inches();
        let hundredths = (inches * 100.0).round();
        if (mm - mm.round()).abs() < 1e-9 {
            write!(f, "{}mm", mm.round())
        } else if (inches * 100.0 - hundredths).abs() < 1e-6 {
            write!(f, "{}in", hundredths / 100.0)
        } else {
            write!(f, "{}mm", (mm * 100.0).round() / 100.0)
        }
    }
}

/// A sheet of paper, portrait (width ≤ height for the named sizes).
#[derive(Clone, Debug, PartialEq)]
pub struct Paper {
    /// The name it was given (`a4`, `22x34in`).
    pub name: String,
    /// Width, portrait.
    pub width: Length,
    /// Height, portrait.
    pub height: Length,
}

/// Named papers: name, width and height in millimetres.
const NAMED: [(&str, f64, f64); 6] = [
    ("a3", 297.0, 420.0),
    ("a4", 210.0, 297.0),
    ("a5", 148.0, 210.0),
    ("letter", 8.5 * MM_PER_INCH, 11.0 * MM_PER_INCH),
    ("legal", 8.5 * MM_PER_INCH, 14.0 * MM_PER_INCH),
    ("tabloid", 11.0 * MM_PER_INCH, 17.0 * MM_PER_INCH),
];

impl Paper {
    /// ISO A4, 210 × 297 mm.
    pub fn a4() -> Paper {
        "a4".parse().expect("a4 is a named paper")
    }

    /// The named papers, for menus.
    pub fn named() -> impl Iterator<Item = Paper> {
        NAMED.iter().map(|&(name, w, h)| Paper {
            name: name.to_string(),
            width: Length::mm(w),
            height: Length::mm(h),
        })
    }

    /// Width and height in millimetres, turned a quarter when `landscape` (the longer side
    /// across).
    pub fn size_mm(&self, landscape: bool) -> (f64, f64) {
        let (w, h) = (self.width.to_mm(), self.height.to_mm());
        let (short, long) = (w.min(h), w.max(h));
        if landscape { (long, short) } else { (w, h) }
    }
}

impl FromStr for Paper {
    type Err = UnitError;

    fn from_str(s: &str) -> Result<Paper, UnitError> {
        let text = s.trim().to_ascii_lowercase();
        if let Some(p) = Paper::named().find(|p| p.name == text) {
            return Ok(p);
        }
        let bad = || UnitError::NotAPaper(s.to_string());
        let (unit, per) = UNITS
            .iter()
            .find(|(unit, _)| text.ends_with(unit))
            .map(|&(u, p)| (u, p))
            .ok_or_else(bad)?;
        let body = &text[..text.len() - unit.len()];
        let (w, h) = body.split_once(['x', '×']).ok_or_else(bad)?;
        let side = |v: &str| -> Result<Length, UnitError> {
            let n: f64 = v.trim().parse().map_err(|_| bad())?;
            let mm = n * per;
            if mm.is_finite() && mm > 0.0 {
                Ok(Length::mm(mm))
            } else {
                Err(bad())
            }
        };
        Ok(Paper {
            name: text.clone(),
            width: side(w)?,
            height: side(h)?,
        })
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_read_in_every_unit() {
        let mm = |s: &str| s.parse::<Length>().unwrap().to_mm();
        assert_eq!(mm("19mm"), 19.0);
        assert!((mm("0.75in") - 19.05).abs() < 1e-12);
        assert!((mm("1.5in") - 38.1).abs() < 1e-12);
        assert_eq!(mm("2cm"), 20.0);
        assert_eq!(mm(" 10 MM "), 10.0);
        assert!((mm("72pt") - 25.4).abs() < 1e-12);
        assert_eq!(mm("0mm"), 0.0);
    }

    #[test]
    fn bad_lengths_say_what_to_write() {
        for bad in [
            "19",
            "mm",
            "19 furlongs",
            "",
            "1e400mm",
            "-3mm",
            "nanmm",
            "infin",
        ] {
            let e = bad.parse::<Length>().unwrap_err().to_string();
            assert!(e.contains(&format!("'{bad}'")), "{bad}: {e}");
        }
        assert!(
            "19".parse::<Length>()
                .unwrap_err()
                .to_string()
                .contains("0.75in")
        );
    }

    #[test]
    fn lengths_print_in_their_shortest_form() {
        assert_eq!(Length::mm(19.0).to_string(), "19mm");
        assert_eq!(Length::inches(0.75).to_string(), "0.75in");
        assert_eq!(Length::mm(16.123).to_string(), "16.12mm");
        for s in ["19mm", "0.75in", "1.5in", "2cm"] {
            let l: Length = s.parse().unwrap();
            assert_eq!(l.to_string().parse::<Length>().unwrap(), l);
        }
    }

    #[test]
    fn papers_by_name_and_by_size() {
        let a4 = Paper::a4();
        assert_eq!(a4.size_mm(false), (210.0, 297.0));
        assert_eq!(a4.size_mm(true), (297.0, 210.0));
        let letter: Paper = "Letter".parse().unwrap();
        assert!((letter.width.to_points() - 612.0).abs() < 1e-9);
        assert!((letter.height.to_points() - 792.0).abs() < 1e-9);
        let big: Paper = "22x34in".parse().unwrap();
        assert_eq!(big.size_mm(false), (22.0 * 25.4, 34.0 * 25.4));
        let custom: Paper = "600x900mm".parse().unwrap();
        assert_eq!(custom.size_mm(true), (900.0, 600.0));
        for bad in ["a9", "22x34", "0x10mm", "10mm", "axbmm", "-5x10cm"] {
            let e = bad.parse::<Paper>().unwrap_err().to_string();
            assert!(e.contains("is not a paper"), "{bad}: {e}");
        }
    }
}
