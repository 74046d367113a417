//! Wargame hex labels ("XXYY"): column then row, zero-padded, as printed on hex maps since
//! the 1970s (Traveller subsectors, SPI wargames).
//!
//! A label is the hex's offset (col, row) plus a base (usually 1), each written with a fixed
//! number of digits. The offset kind says which columns (or rows) are shoved; the classic
//! layout is flat-topped with odd columns (0-based) shoved down, i.e. odd-q.

use super::{Hex, OffsetCoord, OffsetKind};
use std::fmt;
use std::str::FromStr;

/// Which number comes first in a label.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum LabelOrder {
    /// Column then row: "0305" is column 3, row 5 (the wargame convention).
    #[default]
    ColumnFirst,
    /// Row then column.
    RowFirst,
}

impl LabelOrder {
    /// Both orders.
    pub const ALL: [LabelOrder; 2] = [LabelOrder::ColumnFirst, LabelOrder::RowFirst];

    /// The name used in files, on the command line and in Tiled properties.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            LabelOrder::ColumnFirst => "column-first",
            LabelOrder::RowFirst => "row-first",
        }
    }
}

impl fmt::Display for LabelOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for LabelOrder {
    type Err = String;
    /// `column-first` or `row-first`.
    fn from_str(s: &str) -> Result<Self, String> {
        LabelOrder::ALL
            .into_iter()
            .find(|o| o.name() == s)
            .ok_or_else(|| format!("unknown order '{s}' (expected column-first or row-first)"))
    }
}

/// How hexes are numbered: base, digit width, stagger and order. The default is the classic
/// wargame numbering: base 1, two digits each, odd-q stagger, column first ("0101" is the
/// top-left hex).
///
/// ```
/// use hexmap_hex::{Hex, xxyy::LabelSettings};
/// let labels = LabelSettings::default();
/// // Reference vector: labels to axial, and the six neighbours of 0305.
/// for (label, (q, r)) in [("0101", (0, 0)), ("0201", (1, 0)), ("0102", (0, 1)),
///                          ("0305", (2, 3)), ("0810", (7, 6)), ("3240", (31, 24))] {
///     assert_eq!(labels.parse(label).unwrap(), Hex::new(q, r));
/// }
/// let mut around: Vec<String> = labels.parse("0305").unwrap().neighbors()
///     .into_iter().map(|h| labels.format(h).unwrap()).collect();
/// around.sort();
/// assert_eq!(around, ["0204", "0205", "0304", "0306", "0404", "0405"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct LabelSettings {
    /// The number of the first column and row: 0 or 1.
    pub base: u8,
    /// Digits per number (1..=4); numbers are zero-padded to this width.
    pub digits: u8,
    /// The offset kind the labels count in (which columns or rows are shoved).
    pub stagger: OffsetKind,
    /// Column first or row first.
    pub order: LabelOrder,
}

impl Default for LabelSettings {
    fn default() -> Self {
        LabelSettings {
            base: 1,
            digits: 2,
            stagger: OffsetKind::OddQ,
            order: LabelOrder::ColumnFirst,
        }
    }
}

/// Why a label could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LabelError {
    /// The base is neither 0 nor 1.
    #[error("label base must be 0 or 1, got {0}")]
    BadBase(u8),
    /// The digit width is not 1 to 4.
    #[error("label digits must be 1 to 4, got {0}")]
    BadDigits(u8),
    /// The text form "BASE,DIGITS,STAGGER,ORDER" could not be read.
    #[error(
        "label settings '{text}': {problem} (expected BASE,DIGITS,STAGGER,ORDER, like 1,2,odd-q,column-first)"
    )]
    BadText {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        problem: String,
    },
    /// The text has a character that is not a digit.
    #[error("label '{label}' has a non-digit character '{found}' at position {position}")]
    NotDigits {
        /// The label as given.
        label: String,
        /// The offending character.
        found: char,
        /// Its 1-based position.
        position: usize,
    },
    /// The text has the wrong number of digits.
    #[error(
        "label '{label}' has {found} digits; expected {expected} ({digits} for the column and {digits} for the row)"
    )]
    WrongLength {
        /// The label as given.
        label: String,
        /// Digits found.
        found: usize,
        /// Digits expected.
        expected: usize,
        /// Digits per number.
        digits: u8,
    },
    /// A number is below the base (e.g. column 00 with base 1).
    #[error("label '{label}': {axis} {value} is below the first {axis}, {base}")]
    BelowBase {
        /// The label as given.
        label: String,
        /// "column" or "row".
        axis: &'static str,
        /// The number read.
        value: u32,
        /// The base.
        base: u8,
    },
    /// The hex has no label: it lies left of or above the first column/row, or its number
    /// needs more digits than the settings allow.
    #[error("the hex has no {digits}-digit label (column {col}, row {row} counting from {base})")]
    Unlabelable {
        /// The hex.
        hex: Hex,
        /// Its label column (base applied).
        col: i64,
        /// Its label row (base applied).
        row: i64,
        /// Digits per number.
        digits: u8,
        /// The base.
        base: u8,
    },
}

impl LabelSettings {
    /// Check the settings: base 0 or 1, digits 1 to 4 (the one home of these limits; map
    /// property validation calls it).
    pub fn validate(&self) -> Result<(), LabelError> {
        if self.base > 1 {
            return Err(LabelError::BadBase(self.base));
        }
        if !(1..=4).contains(&self.digits) {
            return Err(LabelError::BadDigits(self.digits));
        }
        Ok(())
    }

    fn check(&self) -> Result<(), LabelError> {
        self.validate()
    }

    /// The label of a hex, e.g. "0305".
    ///
    /// ```
    /// use hexmap_hex::{Hex, xxyy::LabelSettings};
    /// assert_eq!(LabelSettings::default().format(Hex::new(2, 3)).unwrap(), "0305");
    /// ```
    pub fn format(&self, h: Hex) -> Result<String, LabelError> {
        self.check()?;
        let c = self.stagger.from_hex(h);
        let base = i64::from(self.base);
        let (col, row) = (i64::from(c.col) + base, i64::from(c.row) + base);
        let limit = 10i64.pow(u32::from(self.digits));
        if !(base..limit).contains(&col) || !(base..limit).contains(&row) {
            return Err(LabelError::Unlabelable {
                hex: h,
                col,
                row,
                digits: self.digits,
                base: self.base,
            });
        }
        let w = usize::from(self.digits);
        Ok(match self.order {
            LabelOrder::ColumnFirst => format!("{col:0w$}{row:0w$}"),
            LabelOrder::RowFirst => format!("{row:0w$}{col:0w$}"),
        })
    }

    /// The hex a label names. Surrounding white space is ignored.
    ///
    /// ```
    /// use hexmap_hex::{Hex, xxyy::LabelSettings};
    /// assert_eq!(LabelSettings::default().parse("0810").unwrap(), Hex::new(7, 6));
    /// ```
    pub fn parse(&self, label: &str) -> Result<Hex, LabelError> {
        self.check()?;
        let text = label.trim();
        if let Some((i, ch)) = text.chars().enumerate().find(|(_, c)| !c.is_ascii_digit()) {
            return Err(LabelError::NotDigits {
                label: label.to_string(),
                found: ch,
                position: i + 1,
            });
        }
        let w = usize::from(self.digits);
        if text.len() != 2 * w {
            return Err(LabelError::WrongLength {
                label: label.to_string(),
                found: text.len(),
                expected: 2 * w,
                digits: self.digits,
            });
        }
        let (first, second) = text.split_at(w);
        let number = |s: &str| s.parse::<u32>().expect("checked: 1 to 4 ASCII digits");
        let (col, row) = match self.order {
            LabelOrder::ColumnFirst => (number(first), number(second)),
            LabelOrder::RowFirst => (number(second), number(first)),
        };
        let base = u32::from(self.base);
        for (axis, value) in [("column", col), ("row", row)] {
            if value < base {
                return Err(LabelError::BelowBase {
                    label: label.to_string(),
                    axis,
                    value,
                    base: self.base,
                });
            }
        }
        let offset = OffsetCoord::new((col - base) as i32, (row - base) as i32);
        Ok(self.stagger.to_hex(offset))
    }
}

/// The text form "BASE,DIGITS,STAGGER,ORDER", e.g. `1,2,odd-q,column-first`: how label
/// settings travel in Tiled properties and on the command line (`coord --labels`).
impl fmt::Display for LabelSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{},{},{}",
            self.base, self.digits, self.stagger, self.order
        )
    }
}

impl FromStr for LabelSettings {
    type Err = LabelError;
    /// Read "BASE,DIGITS,STAGGER,ORDER" (spaces around parts allowed); the result is
    /// validated like any other settings.
    fn from_str(text: &str) -> Result<Self, LabelError> {
        let bad = |problem: String| LabelError::BadText {
            text: text.to_string(),
            problem,
        };
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let [base, digits, stagger, order] = parts[..] else {
            return Err(bad(format!(
                "{} comma-separated parts, expected 4",
                parts.len()
            )));
        };
        let settings = LabelSettings {
            base: base
                .parse()
                .map_err(|_| bad(format!("base '{base}' is not 0 or 1")))?,
            digits: digits
                .parse()
                .map_err(|_| bad(format!("digits '{digits}' is not a number from 1 to 4")))?,
            stagger: stagger.parse().map_err(bad)?,
            order: order.parse().map_err(bad)?,
        };
        settings.validate()?;
        Ok(settings)
    }
}

#[cfg(test)]
mod tests;
