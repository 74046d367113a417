//! Doubled coordinates: double-width (pointy) and double-height (flat).

use super::{Hex, Orientation};

/// Which doubled system: columns counted twice per hex (pointy rows) or rows counted twice
/// (flat columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum DoubledKind {
    /// Pointy "double-width": (col, row) = (2q + r, r).
    DoubleWidth,
    /// Flat "double-height": (col, row) = (q, 2r + q).
    DoubleHeight,
}

impl DoubledKind {
    /// Both kinds.
    pub const ALL: [DoubledKind; 2] = [DoubledKind::DoubleWidth, DoubledKind::DoubleHeight];

    /// The doubled system that goes with an orientation: double-width for pointy hexes
    /// (rows), double-height for flat hexes (columns).
    #[must_use]
    pub const fn for_orientation(orientation: Orientation) -> DoubledKind {
        match orientation {
            Orientation::Pointy => DoubledKind::DoubleWidth,
            Orientation::Flat => DoubledKind::DoubleHeight,
        }
    }

    /// (col, row) of a hex in this doubled system.
    ///
    /// ```
    /// use hexmap_hex::{DoubledKind, Hex};
    /// // Reference vector: cube (1,2,−3).
    /// assert_eq!(DoubledKind::DoubleHeight.from_hex(Hex::new(1, 2)), [1, 5]);
    /// assert_eq!(DoubledKind::DoubleWidth.from_hex(Hex::new(1, 2)), [4, 2]);
    /// // Back again; an odd col + row names no hex.
    /// assert_eq!(DoubledKind::DoubleWidth.to_hex([4, 2]), Some(Hex::new(1, 2)));
    /// assert_eq!(DoubledKind::DoubleWidth.to_hex([3, 2]), None);
    /// ```
    #[must_use]
    pub fn from_hex(self, h: Hex) -> [i32; 2] {
        match self {
            DoubledKind::DoubleWidth => [2 * h.q + h.r, h.r],
            DoubledKind::DoubleHeight => [h.q, 2 * h.r + h.q],
        }
    }

    /// The hex at doubled (col, row), or `None` when col + row is odd (no hex there).
    #[must_use]
    pub fn to_hex(self, [col, row]: [i32; 2]) -> Option<Hex> {
        if (i64::from(col) + i64::from(row)) % 2 != 0 {
            return None;
        }
        Some(match self {
            DoubledKind::DoubleWidth => Hex::new((col - row) / 2, row),
            DoubledKind::DoubleHeight => Hex::new(col, (row - col) / 2),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_vectors() {
        let h = Hex::new(1, 2);
        assert_eq!(DoubledKind::DoubleHeight.from_hex(h), [1, 5]);
        assert_eq!(DoubledKind::DoubleWidth.from_hex(h), [4, 2]);
        assert_eq!(DoubledKind::DoubleHeight.to_hex([1, 5]), Some(h));
        assert_eq!(DoubledKind::DoubleWidth.to_hex([4, 2]), Some(h));
        assert_eq!(DoubledKind::DoubleWidth.to_hex([3, 2]), None);
    }
}
