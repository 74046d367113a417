//! Wargame hex labels ("XXYY"): column then row, zero-padded, as printed on hex maps since
//! the 1970s (Traveller subsectors, SPI wargames).
//!
//! A label is the hex's offset (col, row) plus a base (usually 1), each written with a fixed
//! number of digits. The offset kind says which columns (or rows) are shoved; the classic
//! layout is flat-topped with odd columns (0-based) shoved down, i.e. odd-q.

use super::{Hex, OffsetCoord, OffsetKind};
use serde::{Deserialize, Serialize};

/// Which number comes first in a label.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LabelOrder {
    /// Column then row: "0305" is column 3, row 5 (the wargame convention).
    #[default]
    ColumnFirst,
    /// Row then column.
    RowFirst,
}

/// How hexes are numbered: base, digit width, stagger and order. The default is the classic
/// wargame numbering: base 1, two digits each, odd-q stagger, column first ("0101" is the
/// top-left hex).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
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
    /// The settings themselves are out of range.
    #[error(
        "label settings invalid: base must be 0 or 1 and digits 1 to 4 (got base {base}, digits {digits})"
    )]
    BadSettings {
        /// The base given.
        base: u8,
        /// The digit width given.
        digits: u8,
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
    #[error("hex {hex} has no {digits}-digit label (column {col}, row {row} counting from {base})")]
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
    fn check(&self) -> Result<(), LabelError> {
        if self.base > 1 || !(1..=4).contains(&self.digits) {
            return Err(LabelError::BadSettings {
                base: self.base,
                digits: self.digits,
            });
        }
        Ok(())
    }

    /// The label of a hex, e.g. "0305".
    ///
    /// ```
    /// use hexmap::hex::{Hex, xxyy::LabelSettings};
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
    /// use hexmap::hex::{Hex, xxyy::LabelSettings};
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_change_numbering() {
        let zero_based = LabelSettings {
            base: 0,
            ..LabelSettings::default()
        };
        assert_eq!(zero_based.format(Hex::ORIGIN).unwrap(), "0000");
        let rows_first = LabelSettings {
            order: LabelOrder::RowFirst,
            digits: 3,
            ..LabelSettings::default()
        };
        assert_eq!(rows_first.format(Hex::new(2, 3)).unwrap(), "005003");
        assert_eq!(rows_first.parse("005003").unwrap(), Hex::new(2, 3));
        let even = LabelSettings {
            stagger: OffsetKind::EvenQ,
            ..LabelSettings::default()
        };
        assert_eq!(
            even.parse(&even.format(Hex::new(5, -1)).unwrap()).unwrap(),
            Hex::new(5, -1)
        );
    }

    #[test]
    fn bad_labels_say_what_is_wrong() {
        let s = LabelSettings::default();
        let e = s.parse("03x5").unwrap_err();
        assert_eq!(
            e.to_string(),
            "label '03x5' has a non-digit character 'x' at position 3"
        );
        let e = s.parse("305").unwrap_err();
        assert!(
            matches!(
                e,
                LabelError::WrongLength {
                    found: 3,
                    expected: 4,
                    ..
                }
            ),
            "{e}"
        );
        let e = s.parse("0005").unwrap_err();
        assert!(
            e.to_string()
                .contains("column 0 is below the first column, 1"),
            "{e}"
        );
        assert!(matches!(
            s.format(Hex::new(-1, 0)),
            Err(LabelError::Unlabelable { .. })
        ));
        assert!(matches!(
            s.format(Hex::new(99, 0)),
            Err(LabelError::Unlabelable { .. })
        ));
        let bad = LabelSettings { digits: 0, ..s };
        assert!(matches!(
            bad.parse("11"),
            Err(LabelError::BadSettings { .. })
        ));
    }
}
