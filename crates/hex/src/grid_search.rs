//! A* on a bounded grid with dense cell indices: the search behind
//! [`a_star_dense_steps`](super::a_star_dense_steps) and a map's routes, built for speed on
//! large maps. Node states live in two flat arrays by cell, the open list is a
//! [`LevelQueue`] (no deep heap), and each step's cost is asked with the dense index of the
//! hex it enters, so a caller can price it from its own per-cell arrays without looking the
//! hex up again.

use super::level_queue::{LevelQueue, Queued};
use super::line::DistanceI64;
use super::pathfind::{GridQuery, PathError, PathLimits, Route};
use super::{Direction, Hex};

/// One step a search asks the price of: from `from` to its neighbour `to` in `direction`
/// (`from.neighbor(direction) == to`), where `to` has the dense index `to_index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridStep {
    /// The hex the step leaves (it may lie off the grid when the search checks whether
    /// the goal can be entered at all).
    pub from: Hex,
    /// The hex the step enters, always on the grid.
    pub to: Hex,
    /// The dense index of `to`.
    pub to_index: usize,
    /// The direction from `from` to `to`.
    pub direction: Direction,
}

/// [`a_star_dense_steps`](super::a_star_dense_steps) with each step priced from a
/// [`GridStep`], which carries the entered hex's dense index and the step's direction: a
/// map prices a step from its per-cell arrays with no second lookup of the hex.
///
/// Same paths as [`a_star_dense_steps`](super::a_star_dense_steps) with
/// `step(s.from, s.to)`: the pop order is lowest f, then lowest heuristic, then hex
/// order. `min_step_cost` must be at most every step's cost, as for
/// [`a_star`](super::a_star).
///
/// ```
/// use hexmap_hex::{a_star_grid, GridQuery, Hex, PathLimits};
/// // A parallelogram grid 8 wide, 8 high, indexed row by row; cells with an even index
/// // cost 1 to enter, the others 2.
/// let index = |h: Hex| ((0..8).contains(&h.q) && (0..8).contains(&h.r))
///     .then(|| (h.r * 8 + h.q) as usize);
/// let (start, goal, limits) = (Hex::new(0, 0), Hex::new(7, 0), PathLimits::default());
/// let query = GridQuery { start, goal, min_step_cost: 1, limits, cells: 64 };
/// let route = a_star_grid(query, index, |s| {
///     Some(if s.to_index % 2 == 0 { 1 } else { 2 })
/// });
/// assert_eq!(route.unwrap().cost, 11);
/// ```
pub fn a_star_grid(
    query: GridQuery,
    index: impl Fn(Hex) -> Option<usize>,
    step: impl Fn(GridStep) -> Option<u32>,
) -> Result<Route, PathError> {
    let GridQuery {
        start,
        goal,
        min_step_cost,
        ref limits,
        cells,
    } = query;
    let index = |h: Hex| index(h).filter(|&i| i < cells);
    if start == goal {
        return Ok(Route {
            hexes: vec![start],
            cost: 0,
        });
    }
    let Some(goal_index) = index(goal) else {
        return Err(PathError::Unreachable);
    };
    // A goal no step leads into is unreachable: say so without searching everything.
    let enterable = Direction::ALL.into_iter().any(|direction| {
        let from = goal - direction.offset();
        step(GridStep {
            from,
            to: goal,
            to_index: goal_index,
            direction,
        })
        .is_some()
    });
    if !enterable {
        return Err(PathError::Unreachable);
    }
    let Some(start_index) = index(start) else {
        return Err(PathError::Unreachable);
    };
    let search = Search {
        start,
        start_index,
        goal,
        min: u64::from(min_step_cost),
        limits,
        cells,
        index,
        step,
    };
    // Node states in 32-bit words halve the memory a search walks; a route too costly
    // for them (over 2²⁸ − 2, millions of points) is searched again with 64-bit words.
    match search.run::<u32>() {
        Ok(result) => result,
        Err(TooCostly) => search.run::<u64>().unwrap_or(Err(PathError::LimitReached)),
    }
}

/// One search's inputs (see [`a_star_grid`]); `index` answers only indices below `cells`.
struct Search<'a, I, S> {
    start: Hex,
    start_index: usize,
    goal: Hex,
    min: u64,
    limits: &'a PathLimits,
    cells: usize,
    index: I,
    step: S,
}

/// A cost reached past what the node words can hold.
struct TooCostly;

impl<I, S> Search<'_, I, S>
where
    I: Fn(Hex) -> Option<usize>,
    S: Fn(GridStep) -> Option<u32>,
{
    /// The search with node states in words of type `W`.
    fn run<W: Word>(&self) -> Result<Result<Route, PathError>, TooCostly> {
        let (goal, min) = (self.goal, self.min);
        // The heuristic is distance × min; with min 0 every hex ties at distance 0.
        let distance = |h: Hex| {
            if min == 0 {
                0
            } else {
                h.distance_i64(goal) as u64
            }
        };
        let max_cost = self.limits.max_cost.unwrap_or(u64::MAX);
        let d0 = distance(self.start);
        let h0 = d0.saturating_mul(min);
        if h0 > max_cost {
            return Ok(Err(PathError::LimitReached));
        }
        let mut nodes: Vec<W> = vec![W::ZERO; self.cells];
        nodes[self.start_index] = W::pack(0, None);
        let offsets = Direction::ALL.map(|d| d.offset());
        let mut open = LevelQueue::new(h0, min);
        open.push(Open {
            key: hex_key(self.start),
            g: W::ZERO,
            distance: distance_key(d0),
        });
        let mut pruned = false;
        let mut expansions = 0usize;

        while let Some(Open { key, g, .. }) = open.pop() {
            let hex = key_hex(key);
            let Some(i) = (self.index)(hex) else { continue };
            let node = nodes[i];
            let g = g.into_u64();
            // A stale entry (this hex was reached more cheaply since), or settled already.
            if node.g() != g || node.settled() {
                continue;
            }
            if hex == goal {
                return Ok(Ok(self.route(&nodes, g)));
            }
            if expansions == self.limits.max_expansions {
                return Ok(Err(PathError::LimitReached));
            }
            expansions += 1;
            nodes[i] = node.settle();
            for (d, &offset) in offsets.iter().enumerate() {
                let n = hex + offset;
                let Some(ni) = (self.index)(n) else { continue };
                let known = nodes[ni];
                // No step costs less than `min`: a hex reached for g + min or less (every
                // settled neighbour, under the consistent heuristic) cannot improve, and
                // its step is not priced at all.
                if known.g() <= g.saturating_add(min) {
                    continue;
                }
                let Some(cost) = (self.step)(GridStep {
                    from: hex,
                    to: n,
                    to_index: ni,
                    direction: Direction::ALL[d],
                }) else {
                    continue;
                };
                let g_new = g.saturating_add(u64::from(cost));
                if g_new >= known.g() || known.settled() {
                    continue;
                }
                let dn = distance(n);
                if g_new.saturating_add(dn.saturating_mul(min)) > max_cost {
                    pruned = true;
                    continue;
                }
                if g_new > W::MAX_G {
                    return Err(TooCostly);
                }
                nodes[ni] = W::pack(g_new, Some(d));
                open.push(Open {
                    key: hex_key(n),
                    g: W::from_u64(g_new),
                    distance: distance_key(dn),
                });
            }
        }
        Ok(Err(if pruned {
            PathError::LimitReached
        } else {
            PathError::Unreachable
        }))
    }

    /// The path to the goal (reached at `cost`), walked back along the recorded steps.
    fn route<W: Word>(&self, nodes: &[W], cost: u64) -> Route {
        let mut hexes = vec![self.goal];
        let mut at = self.goal;
        while let Some(d) = (self.index)(at).and_then(|i| nodes[i].came_by()) {
            at -= Direction::from_index(d).offset();
            hexes.push(at);
        }
        hexes.reverse();
        Route { hexes, cost }
    }
}

/// An open hex in the queue: its [`hex_key`], the cost it was reached at and its distance
/// to the goal. Ordered by hex (then cost), the queue's tie-break.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Open<W> {
    key: u64,
    g: W,
    distance: u32,
}

impl<W: Word> Queued for Open<W> {
    #[inline]
    fn distance(&self) -> u32 {
        self.distance
    }
    #[inline]
    fn f(&self, weight: u64) -> u64 {
        self.g
            .into_u64()
            .saturating_add(u64::from(self.distance).saturating_mul(weight))
    }
}

/// A search's node state in one word: 0 for a hex not reached yet, else
/// (g + 1) << 4 | settled << 3 | (direction of the step that reached it + 1).
trait Word: Copy + Ord {
    /// Unseen (and the start's g in a queue item).
    const ZERO: Self;
    /// The largest g a word holds.
    const MAX_G: u64;
    /// `n` as a word (`n` fits).
    fn from_u64(n: u64) -> Self;
    /// The word as a number.
    fn into_u64(self) -> u64;

    /// The state of a hex reached at `g ≤ MAX_G` by a step in `direction` (`None`: the
    /// start).
    #[inline]
    fn pack(g: u64, direction: Option<usize>) -> Self {
        Self::from_u64(((g + 1) << 4) | direction.map_or(0, |d| d as u64 + 1))
    }
    /// The best cost so far, `u64::MAX` when unseen.
    #[inline]
    fn g(self) -> u64 {
        (self.into_u64() >> 4).wrapping_sub(1)
    }
    /// True once the hex is settled.
    #[inline]
    fn settled(self) -> bool {
        self.into_u64() & 8 != 0
    }
    /// The same state, settled.
    #[inline]
    fn settle(self) -> Self {
        Self::from_u64(self.into_u64() | 8)
    }
    /// The direction of the step that reached the hex (`None` for the start).
    #[inline]
    fn came_by(self) -> Option<usize> {
        ((self.into_u64() & 7) as usize).checked_sub(1)
    }
}

impl Word for u32 {
    const ZERO: u32 = 0;
    const MAX_G: u64 = (1 << 28) - 2;
    #[inline]
    fn from_u64(n: u64) -> u32 {
        n as u32
    }
    #[inline]
    fn into_u64(self) -> u64 {
        u64::from(self)
    }
}

impl Word for u64 {
    const ZERO: u64 = 0;
    const MAX_G: u64 = (1 << 60) - 2;
    #[inline]
    fn from_u64(n: u64) -> u64 {
        n
    }
    #[inline]
    fn into_u64(self) -> u64 {
        self
    }
}

/// A hex as a `u64` ordered as hexes are (by r, then q): the sign bits flipped so that
/// unsigned order is signed order.
#[inline]
fn hex_key(h: Hex) -> u64 {
    (u64::from(h.r as u32 ^ 0x8000_0000) << 32) | u64::from(h.q as u32 ^ 0x8000_0000)
}

/// The hex of a [`hex_key`].
#[inline]
fn key_hex(key: u64) -> Hex {
    Hex::new(
        (key as u32 ^ 0x8000_0000) as i32,
        ((key >> 32) as u32 ^ 0x8000_0000) as i32,
    )
}

/// A distance as the queue's second key (distances on a grid of `usize` cells fit; the
/// clamp only guards absurd inputs).
#[inline]
fn distance_key(d: u64) -> u32 {
    d.min(u64::from(u32::MAX)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_keys_order_as_hexes_do() {
        let hexes = [
            Hex::new(i32::MIN, i32::MIN),
            Hex::new(-5, -1),
            Hex::new(3, -1),
            Hex::new(-7, 0),
            Hex::ORIGIN,
            Hex::new(2, 0),
            Hex::new(i32::MAX, 4),
            Hex::new(0, i32::MAX),
        ];
        for w in hexes.windows(2) {
            assert!(w[0] < w[1]);
            assert!(hex_key(w[0]) < hex_key(w[1]), "{} {}", w[0], w[1]);
        }
        for h in hexes {
            assert_eq!(key_hex(hex_key(h)), h);
        }
    }
}
