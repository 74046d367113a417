//! Hex edges (hexsides): one canonical key per side shared by two neighbouring hexes, so a
//! river or wall between two hexes is stored once whichever hex it was drawn from.

use super::{Direction, Hex};

/// The canonical directions: those that lead from a hex to a neighbour that sorts after it
/// (greater `r`, or equal `r` and greater `q`): 0 (1,0), 4 (−1,1) and 5 (0,1).
const CANONICAL: [Direction; 3] = [Direction::ALL[0], Direction::ALL[4], Direction::ALL[5]];

/// One edge between two neighbouring hexes, in canonical form: the hex that sorts first
/// (by `r`, then `q`, as [`Hex`] orders) and the direction 0, 4 or 5 toward the other.
///
/// Both ways of naming a side give the same key, so an edge map never holds a side twice.
/// Edges order by their first hex, then direction, so saves are deterministic.
///
/// ```
/// use hexmap_hex::{Direction, Edge, Hex};
/// let a = Edge::new(Hex::new(0, 0), Direction::POINTY_W);
/// let b = Edge::new(Hex::new(-1, 0), Direction::POINTY_E);
/// assert_eq!(a, b);
/// assert_eq!(a.hexes(), (Hex::new(-1, 0), Hex::new(0, 0)));
/// assert_eq!(Edge::between(Hex::new(0, 0), Hex::new(2, 0)), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    hex: Hex,
    direction: Direction,
}

impl Edge {
    /// The side of `hex` facing its neighbour in `direction`.
    #[must_use]
    pub fn new(hex: Hex, direction: Direction) -> Edge {
        if CANONICAL.contains(&direction) {
            Edge { hex, direction }
        } else {
            Edge {
                hex: hex.neighbor(direction),
                direction: direction.opposite(),
            }
        }
    }

    /// The side between `a` and `b`, or `None` when they are not neighbours.
    #[must_use]
    pub fn between(a: Hex, b: Hex) -> Option<Edge> {
        // Differences of far-apart hexes may overflow; such hexes are never neighbours.
        let dq = b.q.checked_sub(a.q)?;
        let dr = b.r.checked_sub(a.r)?;
        Direction::from_offset(Hex::new(dq, dr)).map(|d| Edge::new(a, d))
    }

    /// The six sides of `hex`, in direction order 0..5.
    #[must_use]
    pub fn around(hex: Hex) -> [Edge; 6] {
        Direction::ALL.map(|d| Edge::new(hex, d))
    }

    /// The canonical hex: the one of the two that sorts first.
    #[must_use]
    pub const fn hex(self) -> Hex {
        self.hex
    }

    /// The canonical direction (0, 4 or 5), from [`Edge::hex`] toward the other hex.
    #[must_use]
    pub const fn direction(self) -> Direction {
        self.direction
    }

    /// The two hexes, the canonical one first (so `.0 < .1`).
    #[must_use]
    pub fn hexes(self) -> (Hex, Hex) {
        (self.hex, self.hex.neighbor(self.direction))
    }

    /// True when `h` is one of the two hexes.
    #[must_use]
    pub fn touches(self, h: Hex) -> bool {
        let (a, b) = self.hexes();
        a == h || b == h
    }

    /// The hex across the edge from `h`, or `None` when `h` is not one of the two.
    #[must_use]
    pub fn other(self, h: Hex) -> Option<Hex> {
        match self.hexes() {
            (a, b) if a == h => Some(b),
            (a, b) if b == h => Some(a),
            _ => None,
        }
    }

    /// The direction from `h` across this edge, or `None` when `h` is not one of the two.
    #[must_use]
    pub fn direction_from(self, h: Hex) -> Option<Direction> {
        let (a, b) = self.hexes();
        if a == h {
            Some(self.direction)
        } else if b == h {
            Some(self.direction.opposite())
        } else {
            None
        }
    }
}

impl std::fmt::Display for Edge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (a, b) = self.hexes();
        write!(f, "{a}|{b}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_namings_of_a_side_give_one_key() {
        let h = Hex::new(1, -2);
        for d in Direction::ALL {
            let e = Edge::new(h, d);
            let n = h.neighbor(d);
            assert_eq!(e, Edge::new(n, d.opposite()), "{d:?}");
            assert_eq!(Edge::between(h, n), Some(e));
            assert_eq!(Edge::between(n, h), Some(e));
            let (a, b) = e.hexes();
            assert!(a < b);
            assert_eq!(e.hex(), a);
            assert!(e.touches(h) && e.touches(n));
            assert_eq!(e.other(h), Some(n));
            assert_eq!(e.other(n), Some(h));
            assert_eq!(e.direction_from(h), Some(d));
            assert_eq!(e.direction_from(n), Some(d.opposite()));
            assert!(!e.touches(Hex::new(9, 9)));
            assert_eq!(e.other(Hex::new(9, 9)), None);
        }
        let around = Edge::around(h);
        let mut unique = around.to_vec();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 6);
    }

    #[test]
    fn non_neighbours_have_no_edge() {
        assert_eq!(Edge::between(Hex::ORIGIN, Hex::ORIGIN), None);
        assert_eq!(Edge::between(Hex::ORIGIN, Hex::new(1, 1)), None);
        assert_eq!(Edge::between(Hex::ORIGIN, Hex::new(2, -1)), None);
        assert_eq!(
            Edge::between(Hex::new(i32::MIN, 0), Hex::new(i32::MAX, 0)),
            None
        );
    }

    #[test]
    fn edges_sort_by_their_first_hex() {
        let mut edges = [
            Edge::new(Hex::new(0, 1), Direction::ALL[0]),
            Edge::new(Hex::new(5, 0), Direction::ALL[5]),
            Edge::new(Hex::new(0, 0), Direction::ALL[4]),
        ];
        edges.sort();
        let firsts: Vec<Hex> = edges.iter().map(|e| e.hex()).collect();
        assert_eq!(firsts, [Hex::new(0, 0), Hex::new(5, 0), Hex::new(0, 1)]);
        assert_eq!(
            Edge::new(Hex::new(2, 3), Direction::ALL[3]).to_string(),
            format!("{}|{}", Hex::new(1, 3), Hex::new(2, 3))
        );
    }
}
