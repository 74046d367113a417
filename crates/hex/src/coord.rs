//! The hex coordinate itself: axial storage with a cube view.

use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// One hex in cube coordinates (q, r, s) with q + r + s = 0, stored as axial (q, r).
///
/// Storing two numbers makes the invariant impossible to break; `s()` derives the third.
/// Ordered by `r`, then `q` (row-major), so collections of hexes sort into reading order
/// and saves are deterministic.
///
/// ```
/// use hexmap_hex::Hex;
/// // The reference sums (crate docs, "Reference vectors"): (1,−3,2) ± (3,−7,4).
/// let a = Hex::new(1, -3);
/// let b = Hex::new(3, -7);
/// assert_eq!(a.s(), 2);
/// assert_eq!((a + b).cube(), [4, -10, 6]);
/// assert_eq!((a - b).cube(), [-2, 4, -2]);
/// assert_eq!(b.length(), 7);
/// // Reading order: by row (r), then column (q).
/// assert!(Hex::new(9, -1) < Hex::new(0, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hex {
    /// Axial column (cube x).
    pub q: i32,
    /// Axial row (cube z).
    pub r: i32,
}

impl Hex {
    /// The origin hex (0, 0, 0).
    pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

    /// A hex from axial coordinates.
    #[must_use]
    pub const fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
    }

    /// A hex from cube coordinates, or `None` when q + r + s ≠ 0.
    ///
    /// ```
    /// use hexmap_hex::Hex;
    /// assert_eq!(Hex::from_cube(1, -3, 2), Some(Hex::new(1, -3)));
    /// assert_eq!(Hex::from_cube(1, 1, 1), None);
    /// ```
    #[must_use]
    pub fn from_cube(q: i32, r: i32, s: i32) -> Option<Self> {
        (i64::from(q) + i64::from(r) + i64::from(s) == 0).then_some(Hex { q, r })
    }

    /// The third cube coordinate, s = −q − r.
    #[must_use]
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// The cube view (q, r, s).
    #[must_use]
    pub const fn cube(self) -> [i32; 3] {
        [self.q, self.r, self.s()]
    }

    /// Number of steps from the origin. Summed in 64 bits, so it is exact for every hex
    /// within [`COORD_LIMIT`](super::COORD_LIMIT) (and beyond).
    #[must_use]
    pub fn length(self) -> i32 {
        let (q, r) = (i64::from(self.q), i64::from(self.r));
        ((q.abs() + r.abs() + (q + r).abs()) / 2) as i32
    }

    /// Number of steps between two hexes (hex grid distance).
    ///
    /// ```
    /// use hexmap_hex::Hex;
    /// // Reference vector: (3,−7,4) is 7 steps from the origin.
    /// assert_eq!(Hex::new(3, -7).distance(Hex::ORIGIN), 7);
    /// assert_eq!(Hex::new(1, -3).distance(Hex::new(3, -7)), 4);
    /// ```
    #[must_use]
    pub fn distance(self, other: Hex) -> i32 {
        (self - other).length()
    }

    /// The neighbour one step in `direction`.
    ///
    /// ```
    /// use hexmap_hex::{Direction, Hex};
    /// // Reference vector: (1,−2,1) in direction 2 is (1,−3,2).
    /// let h = Hex::from_cube(1, -2, 1).unwrap();
    /// assert_eq!(h.neighbor(Direction::from_index(2)).cube(), [1, -3, 2]);
    /// // Direction 2 is north-west on pointy hexes, north on flat ones.
    /// assert_eq!(Direction::from_index(2), Direction::POINTY_NW);
    /// assert_eq!(Direction::from_index(2), Direction::FLAT_N);
    /// ```
    #[must_use]
    pub fn neighbor(self, direction: super::Direction) -> Hex {
        self + direction.offset()
    }

    /// All six neighbours, in direction order 0..5.
    ///
    /// ```
    /// use hexmap_hex::Hex;
    /// let n = Hex::ORIGIN.neighbors().map(Hex::cube);
    /// assert_eq!(n, [[1, 0, -1], [1, -1, 0], [0, -1, 1], [-1, 0, 1], [-1, 1, 0], [0, 1, -1]]);
    /// ```
    #[must_use]
    pub fn neighbors(self) -> [Hex; 6] {
        super::Direction::ALL.map(|d| self.neighbor(d))
    }

    /// The diagonal neighbour `index` (0..5, taken modulo 6): two steps away, between
    /// directions `index` and `index + 1`.
    ///
    /// ```
    /// use hexmap_hex::Hex;
    /// // Reference vector: diagonal 3 of (1,−2,1) is (−1,−1,2).
    /// let h = Hex::from_cube(1, -2, 1).unwrap();
    /// assert_eq!(h.diagonal_neighbor(3).cube(), [-1, -1, 2]);
    /// assert_eq!(h.distance(h.diagonal_neighbor(3)), 2);
    /// ```
    #[must_use]
    pub fn diagonal_neighbor(self, index: usize) -> Hex {
        self + super::direction::DIAGONALS[index % 6]
    }

    /// All six diagonal neighbours, in index order 0..5.
    #[must_use]
    pub fn diagonal_neighbors(self) -> [Hex; 6] {
        super::direction::DIAGONALS.map(|d| self + d)
    }

    /// Rotate 60° clockwise about the origin (on screen, y down): (q, r, s) → (−r, −s, −q).
    ///
    /// ```
    /// use hexmap_hex::Hex;
    /// // Reference vector: (1,−3,2) → (3,−2,−1); six turns come back.
    /// let h = Hex::new(1, -3);
    /// assert_eq!(h.rotate_right().cube(), [3, -2, -1]);
    /// assert_eq!((0..6).fold(h, |x, _| x.rotate_right()), h);
    /// ```
    #[must_use]
    pub const fn rotate_right(self) -> Hex {
        Hex {
            q: -self.r,
            r: -self.s(),
        }
    }

    /// Rotate 60° counter-clockwise about the origin: (q, r, s) → (−s, −q, −r).
    ///
    /// ```
    /// use hexmap_hex::Hex;
    /// // Reference vector: (1,−3,2) → (−2,−1,3).
    /// assert_eq!(Hex::new(1, -3).rotate_left().cube(), [-2, -1, 3]);
    /// ```
    #[must_use]
    pub const fn rotate_left(self) -> Hex {
        Hex {
            q: -self.s(),
            r: -self.q,
        }
    }
}

impl Ord for Hex {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.r, self.q).cmp(&(other.r, other.q))
    }
}

impl PartialOrd for Hex {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Hex {
    type Output = Hex;
    fn add(self, o: Hex) -> Hex {
        Hex::new(self.q + o.q, self.r + o.r)
    }
}

impl AddAssign for Hex {
    fn add_assign(&mut self, o: Hex) {
        *self = *self + o;
    }
}

impl Sub for Hex {
    type Output = Hex;
    fn sub(self, o: Hex) -> Hex {
        Hex::new(self.q - o.q, self.r - o.r)
    }
}

impl SubAssign for Hex {
    fn sub_assign(&mut self, o: Hex) {
        *self = *self - o;
    }
}

impl Neg for Hex {
    type Output = Hex;
    fn neg(self) -> Hex {
        Hex::new(-self.q, -self.r)
    }
}

impl Mul<i32> for Hex {
    type Output = Hex;
    fn mul(self, k: i32) -> Hex {
        Hex::new(self.q * k, self.r * k)
    }
}

impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {}, {})", self.q, self.r, self.s())
    }
}

/// A point in fractional cube space, used for interpolation (lines) and picking.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FracHex {
    /// Fractional q.
    pub q: f64,
    /// Fractional r.
    pub r: f64,
}

impl FracHex {
    /// A fractional hex from axial parts.
    #[must_use]
    pub const fn new(q: f64, r: f64) -> Self {
        FracHex { q, r }
    }

    /// Fractional s = −q − r.
    #[must_use]
    pub fn s(self) -> f64 {
        -self.q - self.r
    }

    /// Linear interpolation between two fractional hexes.
    ///
    /// ```
    /// use hexmap_hex::{FracHex, Hex};
    /// // Reference vector: halfway from (0,0,0) to (10,−20,10) rounds to (5,−10,5).
    /// let a = FracHex::from(Hex::ORIGIN);
    /// let b = FracHex::from(Hex::new(10, -20));
    /// assert_eq!(a.lerp(b, 0.5).round().cube(), [5, -10, 5]);
    /// ```
    #[must_use]
    pub fn lerp(self, other: FracHex, t: f64) -> FracHex {
        FracHex::new(
            self.q + (other.q - self.q) * t,
            self.r + (other.r - self.r) * t,
        )
    }

    /// Cube rounding: round each component, then reset the one with the largest rounding
    /// error so that q + r + s = 0 holds again.
    ///
    /// ```
    /// use hexmap_hex::FracHex;
    /// // The reference rounding cases, written (q, r) with s = −q − r.
    /// assert_eq!(FracHex::new(0.499, -0.499).round().cube(), [0, 0, 0]);
    /// assert_eq!(FracHex::new(0.501, -0.501).round().cube(), [1, -1, 0]);
    /// assert_eq!(FracHex::new(0.3, -0.6).round().cube(), [0, 0, 0]);
    /// assert_eq!(FracHex::new(0.3, -0.7).round().cube(), [0, -1, 1]);
    /// ```
    #[must_use]
    pub fn round(self) -> Hex {
        let (q, r, s) = (self.q, self.r, self.s());
        let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
        let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
        if dq > dr && dq > ds {
            rq = -rr - rs;
        } else if dr > ds {
            rr = -rq - rs;
        }
        Hex::new(rq as i32, rr as i32)
    }
}

impl From<Hex> for FracHex {
    fn from(h: Hex) -> Self {
        FracHex::new(f64::from(h.q), f64::from(h.r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube(q: i32, r: i32, s: i32) -> Hex {
        Hex::from_cube(q, r, s).expect("q + r + s = 0")
    }

    #[test]
    fn arithmetic_and_rotation_reference_vectors() {
        // The reference vectors (crate docs).
        let (a, b) = (cube(1, -3, 2), cube(3, -7, 4));
        assert_eq!(a + b, cube(4, -10, 6));
        assert_eq!(a - b, cube(-2, 4, -2));
        assert_eq!(b.distance(Hex::ORIGIN), 7);
        assert_eq!(a.rotate_right(), cube(3, -2, -1));
        assert_eq!(a.rotate_left(), cube(-2, -1, 3));
        assert_eq!(Hex::from_cube(1, 1, 1), None);
    }

    #[test]
    fn rounding_reference_vectors() {
        // Reference vector: lerp and the four rounding cases near edges.
        let mid = FracHex::from(Hex::ORIGIN).lerp(FracHex::from(cube(10, -20, 10)), 0.5);
        assert_eq!(mid.round(), cube(5, -10, 5));
        let cases = [
            ((0.499, -0.499), cube(0, 0, 0)),
            ((0.501, -0.501), cube(1, -1, 0)),
            ((0.3, -0.6), cube(0, 0, 0)),
            ((0.3, -0.7), cube(0, -1, 1)),
        ];
        for ((q, r), want) in cases {
            assert_eq!(FracHex::new(q, r).round(), want, "({q}, {r})");
        }
    }

    #[test]
    fn hexes_sort_by_row_then_column() {
        let mut v = vec![
            Hex::new(5, 0),
            Hex::new(-1, 1),
            Hex::new(0, 0),
            Hex::new(9, -1),
        ];
        v.sort();
        assert_eq!(
            v,
            [
                Hex::new(9, -1),
                Hex::new(0, 0),
                Hex::new(5, 0),
                Hex::new(-1, 1)
            ]
        );
    }
}
