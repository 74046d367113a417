//! The six neighbour directions and six diagonals, with their names for pointy and flat hexes.

use super::Hex;

/// A neighbour direction, index 0..5 in the fixed cube order:
/// (1,0,−1), (1,−1,0), (0,−1,1), (−1,0,1), (−1,1,0), (0,1,−1).
///
/// On pointy hexes these are E, NE, NW, W, SW, SE; on flat hexes SE, NE, N, NW, SW, S.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Direction(u8);

/// The axial offsets of the six directions, by index.
pub(crate) const OFFSETS: [Hex; 6] = [
    Hex::new(1, 0),
    Hex::new(1, -1),
    Hex::new(0, -1),
    Hex::new(-1, 0),
    Hex::new(-1, 1),
    Hex::new(0, 1),
];

/// The axial offsets of the six diagonals, by index: (2,−1,−1), (1,−2,1), (−1,−1,2),
/// (−2,1,1), (−1,2,−1), (1,1,−2).
pub(crate) const DIAGONALS: [Hex; 6] = [
    Hex::new(2, -1),
    Hex::new(1, -2),
    Hex::new(-1, -1),
    Hex::new(-2, 1),
    Hex::new(-1, 2),
    Hex::new(1, 1),
];

impl Direction {
    /// All six directions in index order.
    pub const ALL: [Direction; 6] = [
        Direction(0),
        Direction(1),
        Direction(2),
        Direction(3),
        Direction(4),
        Direction(5),
    ];

    /// Pointy east (index 0).
    pub const POINTY_E: Direction = Direction(0);
    /// Pointy north-east (index 1).
    pub const POINTY_NE: Direction = Direction(1);
    /// Pointy north-west (index 2).
    pub const POINTY_NW: Direction = Direction(2);
    /// Pointy west (index 3).
    pub const POINTY_W: Direction = Direction(3);
    /// Pointy south-west (index 4).
    pub const POINTY_SW: Direction = Direction(4);
    /// Pointy south-east (index 5).
    pub const POINTY_SE: Direction = Direction(5);
    /// Flat south-east (index 0).
    pub const FLAT_SE: Direction = Direction(0);
    /// Flat north-east (index 1).
    pub const FLAT_NE: Direction = Direction(1);
    /// Flat north (index 2).
    pub const FLAT_N: Direction = Direction(2);
    /// Flat north-west (index 3).
    pub const FLAT_NW: Direction = Direction(3);
    /// Flat south-west (index 4).
    pub const FLAT_SW: Direction = Direction(4);
    /// Flat south (index 5).
    pub const FLAT_S: Direction = Direction(5);

    /// The direction with this index, taken modulo 6.
    #[must_use]
    pub const fn from_index(index: usize) -> Direction {
        Direction((index % 6) as u8)
    }

    /// The index 0..5.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The axial step of this direction.
    #[must_use]
    pub const fn offset(self) -> Hex {
        OFFSETS[self.0 as usize]
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction((self.0 + 3) % 6)
    }

    /// The next direction counter-clockwise on screen (index + 1).
    #[must_use]
    pub const fn counter_clockwise(self) -> Direction {
        Direction((self.0 + 1) % 6)
    }

    /// The next direction clockwise on screen (index − 1).
    #[must_use]
    pub const fn clockwise(self) -> Direction {
        Direction((self.0 + 5) % 6)
    }

    /// The direction of a unit step, if `step` is one of the six.
    pub fn from_offset(step: Hex) -> Option<Direction> {
        OFFSETS
            .iter()
            .position(|&o| o == step)
            .map(Direction::from_index)
    }

    /// The compass name of this direction on pointy hexes.
    #[must_use]
    pub const fn pointy_name(self) -> &'static str {
        ["E", "NE", "NW", "W", "SW", "SE"][self.0 as usize]
    }

    /// The compass name of this direction on flat hexes.
    #[must_use]
    pub const fn flat_name(self) -> &'static str {
        ["SE", "NE", "N", "NW", "SW", "S"][self.0 as usize]
    }

    /// The compass name of this direction on hexes of `orientation`.
    #[must_use]
    pub const fn name_on(self, orientation: crate::Orientation) -> &'static str {
        match orientation {
            crate::Orientation::Pointy => self.pointy_name(),
            crate::Orientation::Flat => self.flat_name(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_and_diagonal_reference_vectors() {
        // Reference vector: (1,−2,1) direction 2 → (1,−3,2); diagonal 3 → (−1,−1,2).
        let h = Hex::new(1, -2);
        assert_eq!(h.neighbor(Direction::from_index(2)), Hex::new(1, -3));
        assert_eq!(h.diagonal_neighbor(3), Hex::new(-1, -1));
    }

    #[test]
    fn directions_turn_and_name_consistently() {
        for d in Direction::ALL {
            assert_eq!(d.opposite().offset(), -d.offset());
            assert_eq!(d.counter_clockwise().clockwise(), d);
            assert_eq!(Direction::from_offset(d.offset()), Some(d));
            // Each diagonal lies between direction i and i + 1.
            let i = d.index();
            assert_eq!(DIAGONALS[i], d.offset() + d.counter_clockwise().offset());
        }
        assert_eq!(Direction::from_offset(Hex::new(1, 1)), None);
        let diagonals = Hex::new(4, -2).diagonal_neighbors();
        assert_eq!(
            diagonals,
            std::array::from_fn(|i| Hex::new(4, -2).diagonal_neighbor(i))
        );
        assert!(diagonals.iter().all(|d| d.distance(Hex::new(4, -2)) == 2));
        assert_eq!(Direction::POINTY_NE.pointy_name(), "NE");
        assert_eq!(Direction::FLAT_N.flat_name(), "N");
        assert_eq!(
            Direction::ALL.map(|d| d.pointy_name()),
            ["E", "NE", "NW", "W", "SW", "SE"]
        );
        assert_eq!(
            Direction::ALL.map(|d| d.flat_name()),
            ["SE", "NE", "N", "NW", "SW", "S"]
        );
    }
}
