//! Lines between hexes: the classic sampled line and the exact supercover.

use super::{FracHex, Hex};
use std::cmp::Ordering;

/// The standard nudge added to every sample of [`line`](fn@line), so that samples falling exactly
/// on an edge between two hexes round the same, predictable way: (+1e-6, +1e-6, −2e-6).
pub const LINE_NUDGE: FracHex = FracHex::new(1e-6, 1e-6);

/// Iterator over the hexes of a sampled line (see [`line`](fn@line)), with any nudge.
///
/// The sample `i` of `n` has numerators `a·n + (b − a)·i` (exact integers); their whole
/// part `w` and remainder are kept exactly by stepping (|b − a| ≤ n on each axis, so one
/// correction per step) and only the fraction (in [0, 1)) goes through f64. Cube rounding
/// commutes with integer shifts, so each hex is `w + round(fraction + nudge)`: cheap, the
/// same whichever end the line is drawn from, and as precise a billion hexes from the
/// origin as next to it.
#[derive(Clone, Debug)]
pub struct LineIter {
    whole: [i64; 2],
    rest: [i64; 2],
    step: [i64; 2],
    n: i64,
    n_f64: f64,
    nudge: FracHex,
    i: i64,
}

impl LineIter {
    /// The line from `a` to `b`, each sample nudged by `nudge`.
    #[must_use]
    pub fn new(a: Hex, b: Hex, nudge: FracHex) -> Self {
        let n = a.distance_i64(b);
        LineIter {
            whole: [i64::from(a.q), i64::from(a.r)],
            rest: [0, 0],
            step: [
                i64::from(b.q) - i64::from(a.q),
                i64::from(b.r) - i64::from(a.r),
            ],
            n,
            n_f64: n.max(1) as f64,
            nudge,
            i: 0,
        }
    }

    /// Number of steps from `a` to `b` (the line has one more hex).
    #[must_use]
    pub fn steps(&self) -> i64 {
        self.n
    }

    /// The current sample, rounded.
    #[inline]
    fn current(&self) -> Hex {
        let frac = FracHex::new(
            self.rest[0] as f64 / self.n_f64 + self.nudge.q,
            self.rest[1] as f64 / self.n_f64 + self.nudge.r,
        );
        let base = Hex::new(self.whole[0] as i32, self.whole[1] as i32);
        base + frac.round()
    }

    /// Move to the next sample: add (b − a) to the numerators, keeping 0 ≤ rest < n.
    #[inline]
    fn advance(&mut self) {
        for axis in 0..2 {
            let r = self.rest[axis] + self.step[axis];
            if r >= self.n {
                self.rest[axis] = r - self.n;
                self.whole[axis] += 1;
            } else if r < 0 {
                self.rest[axis] = r + self.n;
                self.whole[axis] -= 1;
            } else {
                self.rest[axis] = r;
            }
        }
    }
}

impl Iterator for LineIter {
    type Item = Hex;

    #[inline]
    fn next(&mut self) -> Option<Hex> {
        if self.i > self.n {
            return None;
        }
        let h = self.current();
        self.i += 1;
        if self.i <= self.n {
            self.advance();
        }
        Some(h)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.n + 1 - self.i).unwrap_or(usize::MAX);
        (left, Some(left))
    }
}

impl ExactSizeIterator for LineIter {}

/// The hexes of the line from `a` to `b`: `distance + 1` hexes, each a neighbour of the
/// previous, found by sampling the segment between the centres at `distance + 1` evenly
/// spaced points and cube-rounding each sample (nudged by [`LINE_NUDGE`]).
///
/// ```
/// use hexmap_hex::{line, Hex};
/// // Reference vector: (0,0,0) → (1,−5,4).
/// let v = line(Hex::new(0, 0), Hex::new(1, -5));
/// let want = [(0, 0), (0, -1), (0, -2), (1, -3), (1, -4), (1, -5)];
/// assert_eq!(v, want.map(|(q, r)| Hex::new(q, r)));
/// ```
#[must_use]
pub fn line(a: Hex, b: Hex) -> Vec<Hex> {
    LineIter::new(a, b, LINE_NUDGE).collect()
}

/// Distance that cannot overflow for any pair of i32 hexes.
pub(crate) trait DistanceI64 {
    /// Number of steps between two hexes, in i64.
    fn distance_i64(self, other: Hex) -> i64;
}

impl DistanceI64 for Hex {
    fn distance_i64(self, other: Hex) -> i64 {
        let dq = i64::from(self.q) - i64::from(other.q);
        let dr = i64::from(self.r) - i64::from(other.r);
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }
}

/// A non-negative rational `num / den` (den > 0), compared exactly.
#[derive(Clone, Copy, Debug)]
struct Ratio {
    num: i64,
    den: i64,
}

impl Ratio {
    fn cmp(self, other: Ratio) -> Ordering {
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

/// The parameter interval [t0, t1] ⊆ [0, 1] over which the segment a→b lies in the closed
/// hex `h`, or `None` when they do not meet.
///
/// A closed hex with centre c is the set of points p with |ΔA|, |ΔB|, |ΔC| ≤ 1, where
/// A = q − r, B = r − s, C = s − q and Δ = p − c. Along the segment each of these is
/// x0 + k·t with integers x0, k, so each bound gives an exact rational interval of t.
fn touch_interval(a: Hex, b: Hex, h: Hex) -> Option<(Ratio, Ratio)> {
    let [aq, ar, a_s] = a.cube().map(i64::from);
    let [bq, br, bs] = b.cube().map(i64::from);
    let [hq, hr, hs] = h.cube().map(i64::from);
    let (dq, dr, ds) = (bq - aq, br - ar, bs - a_s);
    let (pq, pr, ps) = (aq - hq, ar - hr, a_s - hs);
    let forms = [(pq - pr, dq - dr), (pr - ps, dr - ds), (ps - pq, ds - dq)];
    let mut lo = Ratio { num: 0, den: 1 };
    let mut hi = Ratio { num: 1, den: 1 };
    for (x0, k) in forms {
        if k == 0 {
            if x0.abs() > 1 {
                return None;
            }
            continue;
        }
        // −1 ≤ x0 + k·t ≤ 1, solved for t with a positive denominator.
        let (t_a, t_b) = if k > 0 {
            (
                Ratio {
                    num: -1 - x0,
                    den: k,
                },
                Ratio {
                    num: 1 - x0,
                    den: k,
                },
            )
        } else {
            (
                Ratio {
                    num: x0 - 1,
                    den: -k,
                },
                Ratio {
                    num: x0 + 1,
                    den: -k,
                },
            )
        };
        if t_a.cmp(lo) == Ordering::Greater {
            lo = t_a;
        }
        if t_b.cmp(hi) == Ordering::Less {
            hi = t_b;
        }
    }
    (lo.cmp(hi) != Ordering::Greater).then_some((lo, hi))
}

/// Every hex that the segment between the centres of `a` and `b` touches, hexes being
/// closed (edges and corners included): where the segment runs exactly along an edge both
/// hexes are listed, and where it passes exactly through a corner all three are.
///
/// Ordered along the segment from `a` to `b` (by the parameter where the segment enters
/// each hex, then where it leaves, then by hex order), so consecutive hexes are always
/// neighbours. As a set it is symmetric: `line_supercover(b, a)` holds the same hexes.
/// Exact: integer and rational arithmetic only, for any i32 hexes.
///
/// ```
/// use hexmap_hex::{line_supercover, Hex};
/// // Towards diagonal 0 the segment runs exactly along the side between (1,−1) and (1,0):
/// // both are touched.
/// let v = line_supercover(Hex::ORIGIN, Hex::new(2, -1));
/// assert_eq!(v.len(), 4);
/// assert!(v.contains(&Hex::new(1, -1)) && v.contains(&Hex::new(1, 0)));
/// ```
#[must_use]
pub fn line_supercover(a: Hex, b: Hex) -> Vec<Hex> {
    // Every touched hex is within one step of a sampled line hex (samples are one step
    // apart and a point is within 2/3 of its hex centre), so test those and their
    // neighbours exactly.
    let mut candidates: Vec<Hex> = Vec::new();
    for h in line(a, b) {
        candidates.push(h);
        candidates.extend(h.neighbors());
    }
    candidates.sort_unstable();
    candidates.dedup();
    let mut touched: Vec<(Ratio, Ratio, Hex)> = candidates
        .into_iter()
        .filter_map(|h| touch_interval(a, b, h).map(|(lo, hi)| (lo, hi, h)))
        .collect();
    touched.sort_by(|x, y| x.0.cmp(y.0).then(x.1.cmp(y.1)).then(x.2.cmp(&y.2)));
    touched.into_iter().map(|(_, _, h)| h).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hexes(v: &[(i32, i32)]) -> Vec<Hex> {
        v.iter().map(|&(q, r)| Hex::new(q, r)).collect()
    }

    #[test]
    fn reference_line() {
        assert_eq!(
            line(Hex::new(0, 0), Hex::new(1, -5)),
            hexes(&[(0, 0), (0, -1), (0, -2), (1, -3), (1, -4), (1, -5)])
        );
        assert_eq!(line(Hex::new(3, 3), Hex::new(3, 3)), hexes(&[(3, 3)]));
    }

    #[test]
    fn far_lines_do_not_overflow() {
        let a = Hex::ORIGIN;
        let b = Hex::new(100_000, 100_000);
        let v = line(a, b);
        assert_eq!(v.len(), 200_001);
        assert_eq!(v[0], a);
        assert_eq!(*v.last().unwrap(), b);
        assert!(v.windows(2).all(|w| w[0].distance(w[1]) == 1));
        // Far from the origin, still exact: the same shape as near it, shifted.
        let base = Hex::new(i32::MAX - 10, i32::MIN + 10);
        let far = line(base, base + Hex::new(1, -5));
        let near = line(Hex::ORIGIN, Hex::new(1, -5));
        assert_eq!(far, near.iter().map(|&h| base + h).collect::<Vec<_>>());
    }

    #[test]
    fn supercover_along_an_edge_takes_both_sides() {
        // Towards diagonal 0 the segment runs along the edge between (1,0) and (1,−1).
        let v = line_supercover(Hex::ORIGIN, Hex::new(2, -1));
        assert_eq!(v.len(), 4);
        assert_eq!(v[0], Hex::ORIGIN);
        assert_eq!(v[3], Hex::new(2, -1));
        let mid: std::collections::BTreeSet<_> = v[1..3].iter().copied().collect();
        assert_eq!(mid, [Hex::new(1, -1), Hex::new(1, 0)].into_iter().collect());
    }

    #[test]
    fn supercover_of_a_straight_line_is_the_line() {
        let v = line_supercover(Hex::ORIGIN, Hex::new(0, 4));
        assert_eq!(v, hexes(&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]));
    }

    #[test]
    fn touch_interval_edges() {
        // The origin hex touches the segment origin→(3,0) for t in [0, 1/6]... up to its
        // edge at half a step: t = 0.5/3.
        let (lo, hi) = touch_interval(Hex::ORIGIN, Hex::new(3, 0), Hex::ORIGIN).unwrap();
        assert_eq!(lo.cmp(Ratio { num: 0, den: 1 }), Ordering::Equal);
        assert_eq!(hi.cmp(Ratio { num: 1, den: 6 }), Ordering::Equal);
        assert!(touch_interval(Hex::ORIGIN, Hex::new(3, 0), Hex::new(0, 2)).is_none());
    }
}
