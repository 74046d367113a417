//! Offset coordinates (odd-r, even-r, odd-q, even-q): the row/column arrays of level files.

use super::{Hex, Orientation};
use std::fmt;
use std::str::FromStr;

/// Which rows or columns are shoved by half a hex in an offset grid.
///
/// `OddR`/`EvenR` shove rows and go with pointy hexes; `OddQ`/`EvenQ` shove columns and go
/// with flat hexes. Tiled's `staggeraxis`/`staggerindex` map onto these one to one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum OffsetKind {
    /// Odd rows shoved right (pointy).
    OddR,
    /// Even rows shoved right (pointy).
    EvenR,
    /// Odd columns shoved down (flat).
    OddQ,
    /// Even columns shoved down (flat).
    EvenQ,
}

/// A (column, row) position in an offset grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OffsetCoord {
    /// Column.
    pub col: i32,
    /// Row.
    pub row: i32,
}

impl OffsetCoord {
    /// A (col, row) pair.
    #[must_use]
    pub const fn new(col: i32, row: i32) -> Self {
        OffsetCoord { col, row }
    }
}

impl OffsetKind {
    /// All four kinds, in a fixed order.
    pub const ALL: [OffsetKind; 4] = [
        OffsetKind::OddR,
        OffsetKind::EvenR,
        OffsetKind::OddQ,
        OffsetKind::EvenQ,
    ];

    /// True for the kinds that shove rows (odd-r, even-r).
    #[must_use]
    pub const fn shoves_rows(self) -> bool {
        matches!(self, OffsetKind::OddR | OffsetKind::EvenR)
    }

    /// True for the "even" kinds.
    #[must_use]
    pub const fn is_even(self) -> bool {
        matches!(self, OffsetKind::EvenR | OffsetKind::EvenQ)
    }

    /// The offset kind a new map of `orientation` gets: odd-r for pointy hexes (rows
    /// shoved), odd-q for flat hexes (columns shoved). The one home of that rule: new maps,
    /// the editor's chunks and the CLI's `new` all ask here.
    ///
    /// ```
    /// use hexmap_hex::{OffsetKind, Orientation};
    /// assert_eq!(OffsetKind::default_for(Orientation::Flat), OffsetKind::OddQ);
    /// ```
    #[must_use]
    pub const fn default_for(orientation: Orientation) -> OffsetKind {
        match orientation {
            Orientation::Pointy => OffsetKind::OddR,
            Orientation::Flat => OffsetKind::OddQ,
        }
    }

    /// The orientation this kind goes with: pointy for the row kinds, flat for the column
    /// kinds.
    #[must_use]
    pub const fn orientation(self) -> Orientation {
        if self.shoves_rows() {
            Orientation::Pointy
        } else {
            Orientation::Flat
        }
    }

    /// The kind of the same parity (odd or even) that goes with `orientation`: odd-r ↔
    /// odd-q, even-r ↔ even-q. Unchanged when it already goes with `orientation`.
    #[must_use]
    pub const fn for_orientation(self, orientation: Orientation) -> OffsetKind {
        match (orientation, self.is_even()) {
            (Orientation::Pointy, false) => OffsetKind::OddR,
            (Orientation::Pointy, true) => OffsetKind::EvenR,
            (Orientation::Flat, false) => OffsetKind::OddQ,
            (Orientation::Flat, true) => OffsetKind::EvenQ,
        }
    }

    /// The sign `o` of the offset formulas (crate docs): +1 for even, −1 for odd.
    const fn sign(self) -> i64 {
        if self.is_even() { 1 } else { -1 }
    }

    /// The lowercase name used in files and on the command line (`odd-r` …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            OffsetKind::OddR => "odd-r",
            OffsetKind::EvenR => "even-r",
            OffsetKind::OddQ => "odd-q",
            OffsetKind::EvenQ => "even-q",
        }
    }

    /// Offset (col, row) of a hex in this kind.
    ///
    /// ```
    /// use hexmap_hex::{Hex, OffsetKind, OffsetCoord};
    /// // Reference vector: cube (3,4,−7) in each kind.
    /// let h = Hex::new(3, 4);
    /// assert_eq!(OffsetKind::EvenQ.from_hex(h), OffsetCoord::new(3, 6));
    /// assert_eq!(OffsetKind::OddQ.from_hex(h), OffsetCoord::new(3, 5));
    /// assert_eq!(OffsetKind::EvenR.from_hex(h), OffsetCoord::new(5, 4));
    /// assert_eq!(OffsetKind::OddR.from_hex(h), OffsetCoord::new(5, 4));
    /// ```
    #[must_use]
    pub fn from_hex(self, h: Hex) -> OffsetCoord {
        let (q, r, o) = (i64::from(h.q), i64::from(h.r), self.sign());
        if self.shoves_rows() {
            OffsetCoord::new((q + (r + o * (r & 1)) / 2) as i32, h.r)
        } else {
            OffsetCoord::new(h.q, (r + (q + o * (q & 1)) / 2) as i32)
        }
    }

    /// The hex at offset (col, row) in this kind.
    ///
    /// ```
    /// use hexmap_hex::{OffsetCoord, OffsetKind};
    /// // Reference vector: offset (1,−3) in each kind.
    /// let c = OffsetCoord::new(1, -3);
    /// assert_eq!(OffsetKind::EvenQ.to_hex(c).cube(), [1, -4, 3]);
    /// assert_eq!(OffsetKind::OddQ.to_hex(c).cube(), [1, -3, 2]);
    /// assert_eq!(OffsetKind::EvenR.to_hex(c).cube(), [2, -3, 1]);
    /// assert_eq!(OffsetKind::OddR.to_hex(c).cube(), [3, -3, 0]);
    /// ```
    #[must_use]
    pub fn to_hex(self, c: OffsetCoord) -> Hex {
        let (col, row, o) = (i64::from(c.col), i64::from(c.row), self.sign());
        if self.shoves_rows() {
            Hex::new((col - (row + o * (row & 1)) / 2) as i32, c.row)
        } else {
            Hex::new(c.col, (row - (col + o * (col & 1)) / 2) as i32)
        }
    }
}

impl fmt::Display for OffsetKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for OffsetKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        OffsetKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!("unknown offset kind '{s}' (expected odd-r, even-r, odd-q or even-q)")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_vectors() {
        let h = Hex::new(1, 2);
        assert_eq!(OffsetKind::EvenQ.from_hex(h), OffsetCoord::new(1, 3));
        assert_eq!(OffsetKind::OddQ.from_hex(h), OffsetCoord::new(1, 2));
        let h = Hex::new(3, 4);
        assert_eq!(OffsetKind::EvenQ.from_hex(h), OffsetCoord::new(3, 6));
        assert_eq!(OffsetKind::OddQ.from_hex(h), OffsetCoord::new(3, 5));
        assert_eq!(OffsetKind::EvenR.from_hex(h), OffsetCoord::new(5, 4));
        assert_eq!(OffsetKind::OddR.from_hex(h), OffsetCoord::new(5, 4));
        let c = OffsetCoord::new(1, -3);
        assert_eq!(OffsetKind::EvenQ.to_hex(c).cube(), [1, -4, 3]);
        assert_eq!(OffsetKind::OddQ.to_hex(c).cube(), [1, -3, 2]);
        assert_eq!(OffsetKind::EvenR.to_hex(c).cube(), [2, -3, 1]);
        assert_eq!(OffsetKind::OddR.to_hex(c).cube(), [3, -3, 0]);
    }

    #[test]
    fn kinds_follow_orientation() {
        use Orientation::{Flat, Pointy};
        assert_eq!(OffsetKind::default_for(Pointy), OffsetKind::OddR);
        assert_eq!(OffsetKind::default_for(Flat), OffsetKind::OddQ);
        for k in OffsetKind::ALL {
            assert!(!OffsetKind::default_for(k.orientation()).is_even());
            assert_eq!(k.for_orientation(k.orientation()), k);
            for o in [Pointy, Flat] {
                let switched = k.for_orientation(o);
                assert_eq!(switched.orientation(), o, "{k} to {o}");
                assert_eq!(switched.is_even(), k.is_even(), "{k} to {o}");
            }
        }
        assert_eq!(OffsetKind::EvenR.for_orientation(Flat), OffsetKind::EvenQ);
        assert_eq!(OffsetKind::OddQ.for_orientation(Pointy), OffsetKind::OddR);
    }
}
