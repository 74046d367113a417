//! Ranges (filled hexagons), their intersections, rings, spirals and wedges (cones).

use super::{Direction, Hex};

/// Number of hexes within `radius` steps of a hex: 3N² + 3N + 1 (exact up to radius
/// 2 479 700 524; saturates at `u64::MAX` beyond).
#[must_use]
pub const fn range_count(radius: u32) -> u64 {
    let n = radius as u128;
    let count = 3 * n * n + 3 * n + 1;
    if count > u64::MAX as u128 {
        u64::MAX
    } else {
        count as u64
    }
}

/// Iterator over the hexes of a cube-coordinate box (bounds on q, r and s), row by row
/// (r, then q). Built by [`range`] and [`range_intersection`].
#[derive(Clone, Debug)]
pub struct CubeBoxIter {
    q_min: i64,
    q_max: i64,
    s_min: i64,
    s_max: i64,
    r: i64,
    r_max: i64,
    q: i64,
    q_end: i64,
    remaining: usize,
}

impl CubeBoxIter {
    /// The box q ∈ [q.0, q.1], r ∈ [r.0, r.1], s ∈ [s.0, s.1] (possibly empty).
    fn new(q: (i64, i64), r: (i64, i64), s: (i64, i64)) -> Self {
        let mut it = CubeBoxIter {
            q_min: q.0,
            q_max: q.1,
            s_min: s.0,
            s_max: s.1,
            r: r.0,
            r_max: r.1,
            q: 0,
            q_end: -1,
            remaining: 0,
        };
        it.remaining = usize::try_from(box_count(q, r, s)).unwrap_or(usize::MAX);
        if let Some(first) = box_first_row(q, r, s).filter(|_| it.remaining > 0) {
            // Non-empty rows are contiguous, so from here on `start_row` never skips.
            it.r = first;
            it.start_row();
        }
        it
    }

    /// The q bounds of row `r`: q ≥ q_min, q ≤ q_max and s = −q − r within [s_min, s_max].
    fn row_bounds(&self, r: i64) -> (i64, i64) {
        (
            self.q_min.max(-r - self.s_max),
            self.q_max.min(-r - self.s_min),
        )
    }

    /// Skip to the first non-empty row at or after `self.r`.
    fn start_row(&mut self) {
        while self.r <= self.r_max {
            let (lo, hi) = self.row_bounds(self.r);
            if lo <= hi {
                self.q = lo;
                self.q_end = hi;
                return;
            }
            self.r += 1;
        }
    }
}

impl Iterator for CubeBoxIter {
    type Item = Hex;

    #[inline]
    fn next(&mut self) -> Option<Hex> {
        if self.remaining == 0 {
            return None;
        }
        let h = Hex::new(self.q as i32, self.r as i32);
        self.remaining -= 1;
        if self.q < self.q_end {
            self.q += 1;
        } else {
            self.r += 1;
            self.start_row();
        }
        Some(h)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for CubeBoxIter {}

/// The rows of a cube box q ∈ [q.0, q.1], r ∈ [r.0, r.1], s ∈ [s.0, s.1] as at most three
/// stretches `(x, y, a, k)`: on rows x..=y the row length is L(r) = a + k·r (hexes only
/// where positive).
///
/// Row r holds L(r) = min(q₁, −r − s₀) − max(q₀, −r − s₁) + 1 hexes. The min switches
/// branch after r = −s₀ − q₁ and the max at r = −s₁ − q₀, so L is linear with slope −1, 0
/// or +1 between those points, and concave overall: its non-empty rows are contiguous.
fn box_rows(q: (i64, i64), r: (i64, i64), s: (i64, i64)) -> Vec<(i128, i128, i128, i128)> {
    let (q0, q1) = (i128::from(q.0), i128::from(q.1));
    let (s0, s1) = (i128::from(s.0), i128::from(s.1));
    let (r0, r1) = (i128::from(r.0), i128::from(r.1));
    if r0 > r1 {
        return Vec::new();
    }
    let p1 = -s0 - q1; // r ≤ p1: min is q₁; r > p1: min is −r − s₀.
    let p2 = -s1 - q0; // r ≥ p2: max is q₀; r < p2: max is −r − s₁.
    let mut cuts = vec![r0];
    for c in [p1 + 1, p2] {
        if c > r0 && c <= r1 {
            cuts.push(c);
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    cuts.push(r1 + 1);
    cuts.windows(2)
        .map(|w| {
            let (x, y) = (w[0], w[1] - 1);
            let (a, k) = match (x <= p1, x < p2) {
                (true, true) => (q1 + s1 + 1, 1),
                (true, false) => (q1 - q0 + 1, 0),
                (false, true) => (s1 - s0 + 1, 0),
                (false, false) => (-s0 - q0 + 1, -1),
            };
            (x, y, a, k)
        })
        .collect()
}

/// Number of hexes in a cube box, in O(1) (see [`box_rows`]).
fn box_count(q: (i64, i64), r: (i64, i64), s: (i64, i64)) -> u128 {
    let total: i128 = box_rows(q, r, s)
        .into_iter()
        .map(|(x, y, a, k)| sum_positive(a, k, x, y))
        .sum();
    total.max(0) as u128
}

/// The first non-empty row of a cube box, if any, in O(1).
fn box_first_row(q: (i64, i64), r: (i64, i64), s: (i64, i64)) -> Option<i64> {
    box_rows(q, r, s).into_iter().find_map(|(x, y, a, k)| {
        let first = match k {
            0 => (a >= 1).then_some(x),
            1 => Some(x.max(1 - a)).filter(|&f| f <= y),
            _ => (a - x >= 1).then_some(x),
        };
        first.map(|f| f as i64)
    })
}

/// Σ max(0, a + k·r) for r in [x, y], with k ∈ {−1, 0, 1}.
fn sum_positive(a: i128, k: i128, x: i128, y: i128) -> i128 {
    match k {
        0 => {
            if a > 0 {
                a * (y - x + 1)
            } else {
                0
            }
        }
        1 => {
            let lo = x.max(1 - a);
            if lo > y {
                0
            } else {
                (y - lo + 1) * a + (lo + y) * (y - lo + 1) / 2
            }
        }
        _ => {
            let hi = y.min(a - 1);
            if hi < x {
                0
            } else {
                (hi - x + 1) * a - (x + hi) * (hi - x + 1) / 2
            }
        }
    }
}

/// All hexes within `radius` steps of `center` (3N² + 3N + 1 of them), ordered by r then q.
///
/// Hexes with a cube coordinate beyond ±`i32::MAX` do not exist here: a range reaching past
/// the rim of the coordinate space is cut off there (and then has fewer hexes).
///
/// ```
/// use hexmap_hex::{range, Hex};
/// assert_eq!(range(Hex::new(5, -2), 2).count(), 19);
/// ```
#[must_use]
pub fn range(center: Hex, radius: u32) -> CubeBoxIter {
    range_intersection(&[(center, radius)])
}

/// The hexes lying in every one of the ranges `(center, radius)`, ordered by r then q.
///
/// Computed from bounds, not by filtering: a range is the cube box
/// |q − cq| ≤ N, |r − cr| ≤ N, |s − cs| ≤ N, and boxes intersect by taking the tightest
/// bound on each axis. An empty slice gives an empty iterator. Cut off at the rim of the
/// i32 coordinate space like [`range`].
///
/// ```
/// use hexmap_hex::{range_intersection, Hex};
/// // Two radius-2 ranges whose centres are 3 apart share the hexes within 2 of both.
/// let (a, b) = (Hex::ORIGIN, Hex::new(3, 0));
/// let both: Vec<Hex> = range_intersection(&[(a, 2), (b, 2)]).collect();
/// assert_eq!(both.len(), 4);
/// assert!(both.iter().all(|h| h.distance(a) <= 2 && h.distance(b) <= 2));
/// ```
pub fn range_intersection(ranges: &[(Hex, u32)]) -> CubeBoxIter {
    if ranges.is_empty() {
        return CubeBoxIter::new((0, -1), (0, -1), (0, -1));
    }
    // Start from the i32 cube domain, so no hex with a coordinate beyond ±i32::MAX is
    // ever produced (ranges at the rim of the coordinate space are cut off, not wrapped).
    let domain = (-i64::from(i32::MAX), i64::from(i32::MAX));
    let (mut q, mut r, mut s) = (domain, domain, domain);
    for &(c, n) in ranges {
        let n = i64::from(n);
        let [cq, cr, cs] = c.cube().map(i64::from);
        q = (q.0.max(cq - n), q.1.min(cq + n));
        r = (r.0.max(cr - n), r.1.min(cr + n));
        s = (s.0.max(cs - n), s.1.min(cs + n));
    }
    CubeBoxIter::new(q, r, s)
}

/// The hexes exactly `radius` steps from `center` (6N of them; radius 0 gives the centre).
///
/// Starts at `center + N·direction 4` and walks the six sides in direction order 0..5, so
/// consecutive hexes are neighbours and the ring runs counter-clockwise on screen.
///
/// ```
/// use hexmap_hex::{ring, Hex};
/// let c = Hex::new(2, -1);
/// let r: Vec<Hex> = ring(c, 3).collect();
/// assert_eq!(r.len(), 18);
/// assert!(r.iter().all(|h| h.distance(c) == 3));
/// // Closed loop of neighbours.
/// assert!(r.iter().zip(r.iter().cycle().skip(1)).all(|(a, b)| a.distance(*b) == 1));
/// ```
#[must_use]
pub fn ring(center: Hex, radius: u32) -> impl ExactSizeIterator<Item = Hex> + Clone {
    let n = radius as i32;
    let count = if radius == 0 { 1 } else { 6 * radius as usize };
    let start = center + Direction::from_index(4).offset() * n;
    let mut corners = [start; 6];
    for side in 1..6 {
        corners[side] = corners[side - 1] + Direction::from_index(side - 1).offset() * n;
    }
    let side_len = radius.max(1) as usize;
    (0..count).map(move |i| {
        let side = i / side_len;
        let step = (i % side_len) as i32;
        corners[side] + Direction::from_index(side).offset() * step
    })
}

/// The centre, then rings 1..=N in [`ring`] order (3N² + 3N + 1 hexes); each hex is at most
/// as far from the centre as the ones after it.
///
/// ```
/// use hexmap_hex::{range_count, spiral, Hex};
/// let s: Vec<Hex> = spiral(Hex::ORIGIN, 4).collect();
/// assert_eq!(s.len() as u64, range_count(4)); // 3·16 + 3·4 + 1 = 61
/// assert!(s.windows(2).all(|w| w[0].length() <= w[1].length()));
/// ```
pub fn spiral(center: Hex, radius: u32) -> impl Iterator<Item = Hex> + Clone {
    (0..=radius).flat_map(move |k| ring(center, k))
}

/// True when `h` lies in the wedge of [`wedge`]: `h` is `center`, or the angle between the
/// ray from `center` towards `h` and the ray of `direction` is at most `width_sixths × 30°`
/// (boundary rays included). See [`wedge`] for the exact meaning.
#[must_use]
pub fn in_wedge(center: Hex, direction: Direction, width_sixths: u8, h: Hex) -> bool {
    let mut d = h - center;
    if d == Hex::ORIGIN || width_sixths >= 6 {
        return true;
    }
    // Rotate so the facing direction becomes direction 0 (axial (1, 0)).
    for _ in 0..direction.index() {
        d = d.rotate_right();
    }
    // The wedge is symmetric about the facing axis: mirror onto the side r ≤ 0, where the
    // angle from (1, 0) grows monotonically towards (−1, 0). (q, r, s) → (−s, −r, −q).
    if d.r > 0 {
        d = Hex::new(-d.s(), -d.r);
    }
    if width_sixths == 0 {
        return d.r == 0 && d.q > 0;
    }
    // Boundary rays at 30°·k for k = 1..5: diagonal 0, direction 1, diagonal 1,
    // direction 2, diagonal 2 (axial). Orientation is preserved by the axial map, so
    // "angle(d) ≤ angle(b)" is the sign of a 2-D cross product; d and b are never opposite.
    const BOUNDS: [(i64, i64); 5] = [(2, -1), (1, -1), (1, -2), (0, -1), (-1, -1)];
    let (bq, br) = BOUNDS[usize::from(width_sixths) - 1];
    let (dq, dr) = (i64::from(d.q), i64::from(d.r));
    // cross(d, b) ≤ 0 ⇔ b is at least as far round as d.
    dq * br - dr * bq <= 0
}

/// The hexes within `radius` of `center` whose direction from the centre lies within a
/// sector facing `direction`, ordered by r then q.
///
/// The sector is centred on the ray from the centre through `center.neighbor(direction)`
/// and spans `width_sixths × 60°` in total, i.e. up to `width_sixths × 30°` on each side:
/// width 1 is bounded by the two diagonals beside the direction, width 2 by the two
/// neighbouring directions (a 120° cone), width 3 is a half-plane, width 6 or more is the
/// whole range, width 0 is the single ray along the direction. Angles are those between
/// hex centres on a regular (unstretched) layout; a hex whose centre lies exactly on a
/// boundary ray is included, and the centre itself always is.
pub fn wedge(
    center: Hex,
    radius: u32,
    direction: Direction,
    width_sixths: u8,
) -> impl Iterator<Item = Hex> {
    range(center, radius).filter(move |&h| in_wedge(center, direction, width_sixths, h))
}

#[cfg(test)]
mod tests;
