//! Landmark lower bounds for A* (ALT): exact costs from and to a few landmark hexes, found
//! once for a map, give a heuristic far tighter than "distance × the cheapest step" and
//! still never overestimate, so A* stays optimal while expanding far fewer hexes.
//!
//! For a landmark `L`, the triangle inequality gives, for any hexes `v` and goal `t`:
//! `d(v, t) ≥ d(v, L) − d(t, L)` and `d(v, t) ≥ d(L, t) − d(L, v)`. Both bounds are
//! consistent, so their maximum over the landmarks is too, which the radix queue needs (f
//! never decreases). Costs may differ by direction (a step costs what its target hex does),
//! so each landmark keeps both directions.

use super::{Direction, Hex};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Cost of a hex that cannot be reached (to or from the landmark).
const UNREACHED: u32 = u32::MAX;

/// Exact costs between a few landmark hexes and every cell of a grid with dense indices,
/// under one step cost. Built once per map (it is as costly as two full searches per
/// landmark) and then used by [`a_star_dense_landmarks`](crate::a_star_dense_landmarks)
/// for every route on that map, until the map changes.
#[derive(Clone, Debug)]
pub struct Landmarks {
    hexes: Vec<Hex>,
    /// Per landmark, the cost from it to each cell (`UNREACHED` when none).
    from: Vec<Vec<u32>>,
    /// Per landmark, the cost from each cell to it.
    to: Vec<Vec<u32>>,
}

impl Landmarks {
    /// The costs between each of `hexes` and the `cells` cells that `index` numbers, under
    /// `step` (`None`: the step is impossible). Costs saturate at `u32::MAX − 1`, which no
    /// real map reaches (costs are hundredths of points, a map at most a few million cells).
    pub fn build(
        hexes: &[Hex],
        cells: usize,
        index: impl Fn(Hex) -> Option<usize>,
        step: impl Fn(Hex, Hex) -> Option<u32>,
    ) -> Landmarks {
        let from = hexes
            .iter()
            .map(|&l| costs(l, cells, &index, |a, b| step(a, b)))
            .collect();
        let to = hexes
            .iter()
            .map(|&l| costs(l, cells, &index, |a, b| step(b, a)))
            .collect();
        Landmarks {
            hexes: hexes.to_vec(),
            from,
            to,
        }
    }

    /// The landmark hexes.
    pub fn hexes(&self) -> &[Hex] {
        &self.hexes
    }

    /// A lower bound on the cost from the cell with index `v` to the cell with index
    /// `goal` (0 when no landmark says more). Indices must be below the `cells` given to
    /// [`Landmarks::build`].
    pub fn lower_bound(&self, v: usize, goal: usize) -> u64 {
        let mut best = 0u32;
        for (from, to) in self.from.iter().zip(&self.to) {
            // d(v, t) ≥ d(v, L) − d(t, L), when both reach L.
            let (v_to, t_to) = (to[v], to[goal]);
            if v_to != UNREACHED && t_to != UNREACHED && v_to > t_to {
                best = best.max(v_to - t_to);
            }
            // d(v, t) ≥ d(L, t) − d(L, v), when L reaches both.
            let (l_t, l_v) = (from[goal], from[v]);
            if l_t != UNREACHED && l_v != UNREACHED && l_t > l_v {
                best = best.max(l_t - l_v);
            }
        }
        u64::from(best)
    }
}

/// Dijkstra from `source` over the cells `index` numbers: the cost to each (in the
/// direction `step` gives), `UNREACHED` where there is none.
fn costs(
    source: Hex,
    cells: usize,
    index: &impl Fn(Hex) -> Option<usize>,
    step: impl Fn(Hex, Hex) -> Option<u32>,
) -> Vec<u32> {
    let mut cost = vec![UNREACHED; cells];
    let Some(s) = index(source).filter(|&i| i < cells) else {
        return cost;
    };
    cost[s] = 0;
    let mut open = BinaryHeap::new();
    open.push(Reverse((0u32, source.q, source.r)));
    while let Some(Reverse((c, q, r))) = open.pop() {
        let at = Hex::new(q, r);
        let Some(i) = index(at) else { continue };
        if c > cost[i] {
            continue;
        }
        for d in Direction::ALL {
            let n = at.neighbor(d);
            let Some(j) = index(n).filter(|&j| j < cells) else {
                continue;
            };
            let Some(s) = step(at, n) else { continue };
            let next = c.saturating_add(s).min(UNREACHED - 1);
            if next < cost[j] {
                cost[j] = next;
                open.push(Reverse((next, n.q, n.r)));
            }
        }
    }
    cost
}

/// `count` landmarks spread over `cells`: the first is the cell farthest from the first
/// listed, each next the cell farthest from those chosen (by hex
/// distance). Far-apart landmarks on the map's rim bound routes across it best.
pub fn spread_landmarks(cells: &[Hex], count: usize) -> Vec<Hex> {
    let mut chosen: Vec<Hex> = Vec::new();
    let Some(&first) = cells.first() else {
        return chosen;
    };
    while chosen.len() < count {
        let anchors = if chosen.is_empty() {
            std::slice::from_ref(&first)
        } else {
            chosen.as_slice()
        };
        let gap = |h: &Hex| anchors.iter().map(|a| a.distance(*h)).min().unwrap_or(0);
        match cells.iter().max_by_key(|h| (gap(h), Reverse(**h))) {
            Some(&h) if gap(&h) > 0 => chosen.push(h),
            _ => break, // every cell is a landmark already
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A parallelogram q, r in 0..n with index r × n + q.
    fn grid(n: i32) -> impl Fn(Hex) -> Option<usize> + Clone {
        move |h: Hex| {
            ((0..n).contains(&h.q) && (0..n).contains(&h.r)).then(|| (h.r * n + h.q) as usize)
        }
    }

    /// Entry cost 1 to 3 by position, a wall of impassable hexes in the middle.
    fn step(_: Hex, to: Hex) -> Option<u32> {
        if to.q == 10 && to.r > 3 {
            return None;
        }
        Some(1 + (to.q * 7 + to.r * 13).rem_euclid(3) as u32)
    }

    #[test]
    fn bounds_never_exceed_the_true_cost_and_are_tight_along_a_landmark() {
        let n = 20;
        let index = grid(n);
        let cells: Vec<Hex> = (0..n)
            .flat_map(|r| (0..n).map(move |q| Hex::new(q, r)))
            .collect();
        let marks = spread_landmarks(&cells, 4);
        assert_eq!(marks.len(), 4);
        let lm = Landmarks::build(&marks, (n * n) as usize, &index, step);
        // The true costs from one hex, by Dijkstra.
        for &t in &[Hex::new(0, 0), Hex::new(19, 19), Hex::new(15, 2)] {
            let to_t = costs(t, (n * n) as usize, &index, |a, b| step(b, a));
            for &v in &cells {
                let (vi, ti) = (index(v).unwrap(), index(t).unwrap());
                let truth = to_t[vi];
                let bound = lm.lower_bound(vi, ti);
                if truth == UNREACHED {
                    continue;
                }
                assert!(bound <= u64::from(truth), "{v} → {t}: {bound} > {truth}");
            }
        }
        // From a landmark to anywhere, the bound is the exact cost.
        let l = marks[0];
        let li = index(l).unwrap();
        for &v in &cells {
            let exact = lm.from[0][index(v).unwrap()];
            if exact != UNREACHED {
                assert_eq!(lm.lower_bound(li, index(v).unwrap()), u64::from(exact));
            }
        }
    }

    #[test]
    fn landmarks_go_to_the_far_corners() {
        let cells: Vec<Hex> = (0..10)
            .flat_map(|r| (0..10).map(move |q| Hex::new(q, r)))
            .collect();
        let marks = spread_landmarks(&cells, 2);
        // The two ends of the parallelogram's long diagonal (18 steps) are the farthest pair.
        let mut got = marks.clone();
        got.sort();
        assert_eq!(got, [Hex::new(0, 0), Hex::new(9, 9)]);
    }
}
