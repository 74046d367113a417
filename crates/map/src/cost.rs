//! Movement costs in fixed-point hundredths, so fractional rates such as a road's ½ are
//! exact in searches (sums of integers, no rounding).

use std::fmt;
use std::str::FromStr;

/// A movement cost in hundredths of a movement point: `Cost::from_hundredths(50)` is ½.
///
/// Terrain, edge and path costs are all kept this way (a file's `Cost(2)` is 200 here), so
/// fractional costs such as a road's ½ or a terrain's 1.5 are exact in searches, with one
/// limit for all: [`Cost::MAX`], one million points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cost(u32);

impl Cost {
    /// Nothing: a free step or no extra cost.
    pub const ZERO: Cost = Cost(0);
    /// Hundredths in one movement point.
    pub const SCALE: u32 = 100;
    /// The largest cost a terrain, edge or path type may have: one million points (so no
    /// step of the movement rule passes 2 × 10⁸ hundredths, and sums stay exact).
    pub const MAX: Cost = Cost(1_000_000 * Cost::SCALE);

    /// `n` whole movement points, or `None` over [`Cost::MAX`].
    pub const fn whole(n: u32) -> Option<Cost> {
        Cost::from_hundredths(n.saturating_mul(Cost::SCALE))
    }

    /// A cost in hundredths of a point, or `None` over [`Cost::MAX`].
    pub const fn from_hundredths(n: u32) -> Option<Cost> {
        if n <= Cost::MAX.0 {
            Some(Cost(n))
        } else {
            None
        }
    }

    /// The cost in hundredths of a point.
    pub const fn hundredths(self) -> u32 {
        self.0
    }

    /// The cost in points as a float (for JSON and display).
    pub fn points(self) -> f64 {
        f64::from(self.0) / f64::from(Cost::SCALE)
    }

    /// `points` rounded to the nearest hundredth (what a number field gives), or `None`
    /// when it is negative, not a number or over [`Cost::MAX`].
    ///
    /// ```
    /// use hexmap_map::Cost;
    /// assert_eq!(Cost::from_points(1.25), Cost::from_hundredths(125));
    /// assert_eq!(Cost::from_points(Cost::MAX.points()), Some(Cost::MAX));
    /// assert_eq!(Cost::from_points(Cost::MAX.points() + 1.0), None);
    /// assert_eq!(Cost::from_points(-1.0), None);
    /// ```
    pub fn from_points(points: f64) -> Option<Cost> {
        let hundredths = (points * f64::from(Cost::SCALE)).round();
        if !(0.0..=f64::from(Cost::MAX.0)).contains(&hundredths) {
            return None;
        }
        Cost::from_hundredths(hundredths as u32)
    }
}

/// A total in hundredths of a point (a route's cost) in points: `450` → `4.5`.
pub fn hundredths_to_points(total: u64) -> f64 {
    total as f64 / f64::from(Cost::SCALE)
}

impl fmt::Display for Cost {
    /// Points with up to two decimals and no trailing zeros: `2`, `0.5`, `1.25`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_hundredths(u64::from(self.0)))
    }
}

/// A total in hundredths of a point (a route's cost) written in points as [`Cost`] writes
/// them: `450` → `4.5`.
pub fn format_hundredths(total: u64) -> String {
    let scale = u64::from(Cost::SCALE);
    let (whole, frac) = (total / scale, total % scale);
    match frac {
        0 => format!("{whole}"),
        n if n % 10 == 0 => format!("{whole}.{}", n / 10),
        n => format!("{whole}.{n:02}"),
    }
}

/// Why a cost could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CostError {
    /// Not a number with at most two decimals.
    #[error("invalid cost '{0}' (expected a number such as 2, 0.5 or 1.25)")]
    Syntax(String),
    /// Over [`Cost::MAX`].
    #[error("cost '{0}' is over the limit of {max}", max = Cost::MAX)]
    TooLarge(String),
}

impl FromStr for Cost {
    type Err = CostError;
    /// Read `2`, `0.5`, `1.25`, or the same in exponent form as JSON writes numbers (`1e3`,
    /// `2.5E-1`, `1.0`): no sign, and at most two decimals once the exponent is applied
    /// (trailing zeros aside), so every cost read is exact in hundredths.
    fn from_str(s: &str) -> Result<Self, CostError> {
        let syntax = || CostError::Syntax(s.to_owned());
        let too_large = || CostError::TooLarge(s.to_owned());
        let (mantissa, exponent) = match s.split_once(['e', 'E']) {
            Some((m, e)) => {
                let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(syntax());
                }
                // Past ±40 no cost within the limit has more than two decimals or fits.
                let e: i32 = e
                    .parse()
                    .unwrap_or(if e.starts_with('-') { -99 } else { 99 });
                (m, e.clamp(-99, 99))
            }
            None => (s, 0),
        };
        let (whole, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || !digits(whole) || !digits(frac) || mantissa.ends_with('.') {
            return Err(syntax());
        }
        if exponent == 0 && frac.len() > 2 {
            return Err(syntax());
        }
        // Move the decimal point by the exponent over the mantissa's digits.
        let all = format!("{whole}{frac}");
        let point = whole.len() as i32 + exponent;
        let (whole, frac) = if point <= 0 {
            (
                "0".to_owned(),
                format!("{}{all}", "0".repeat((-point) as usize)),
            )
        } else if point as usize >= all.len() {
            (
                format!("{all}{}", "0".repeat(point as usize - all.len())),
                String::new(),
            )
        } else {
            let (w, f) = all.split_at(point as usize);
            (w.to_owned(), f.to_owned())
        };
        let frac = frac.trim_end_matches('0');
        if frac.len() > 2 {
            return Err(syntax());
        }
        let whole = whole.trim_start_matches('0');
        let whole: u32 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| too_large())?
        };
        let frac: u32 = format!("{frac:0<2}").parse().map_err(|_| syntax())?;
        whole
            .checked_mul(Cost::SCALE)
            .and_then(|w| w.checked_add(frac))
            .and_then(Cost::from_hundredths)
            .ok_or_else(too_large)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_read_and_print_in_points() {
        for (text, hundredths) in [
            ("2", 200),
            ("0.5", 50),
            ("1.25", 125),
            ("0", 0),
            ("3.1", 310),
        ] {
            let c: Cost = text.parse().unwrap();
            assert_eq!(c.hundredths(), hundredths, "{text}");
            assert_eq!(c.to_string(), text);
        }
        assert_eq!(Cost::whole(3), Cost::from_hundredths(300));
        assert_eq!(Cost::from_hundredths(50).unwrap().points(), 0.5);
        for bad in [
            "", ".5", "1.", "-1", "1.234", "one", "1.-2", "1e", "1e+", "e3", "1.2e-2", "1e-3",
            "-1e3", "1e3.5",
        ] {
            assert!(
                matches!(bad.parse::<Cost>(), Err(CostError::Syntax(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            "1000001".parse::<Cost>(),
            Err(CostError::TooLarge(_))
        ));
        assert!(matches!(
            "99999999999".parse::<Cost>(),
            Err(CostError::TooLarge(_))
        ));
        assert_eq!("1000000".parse::<Cost>(), Ok(Cost::MAX));
        assert_eq!(Cost::whole(1_000_001), None);
        assert_eq!(Cost::whole(u32::MAX), None);
        assert_eq!(format_hundredths(12_345_678_905), "123456789.05");
    }

    #[test]
    fn costs_read_in_exponent_form_as_json_writes_numbers() {
        for (text, hundredths) in [
            ("1e3", 100_000),
            ("1E3", 100_000),
            ("1e+3", 100_000),
            ("2.5e-1", 25),
            ("25e-2", 25),
            ("1.0", 100),
            ("1000.0", 100_000),
            ("0e5", 0),
            ("1e6", 100_000_000),
        ] {
            let c: Cost = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(c.hundredths(), hundredths, "{text}");
        }
        assert!(matches!("1e7".parse::<Cost>(), Err(CostError::TooLarge(_))));
        assert!(matches!(
            "1e99999".parse::<Cost>(),
            Err(CostError::TooLarge(_))
        ));
        assert!(matches!(
            "1e-99999".parse::<Cost>(),
            Err(CostError::Syntax(_))
        ));
    }
}
