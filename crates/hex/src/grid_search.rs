//! A* on a bounded grid with dense cell indices ([`GridSearch`]): the search behind a map's
//! routes, built for speed on
//! large maps. Node states live in two flat arrays by cell, the open list is a
//! [`LevelQueue`] (no deep heap), and each step's cost is asked with the dense index of the
//! hex it enters, so a caller can price it from its own per-cell arrays without looking the
//! hex up again.

use super::level_queue::{LevelQueue, Queued};
use super::line::DistanceI64;
use super::pathfind::{PathError, PathLimits, Route};
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

/// A* on a bounded grid whose hexes have dense indices `0..cells` (a map's cell storage):
/// the search for large maps, where [`a_star`](super::a_star) is the one for the open plane.
///
/// Build it from the start and the number of cells, say how cheap the cheapest step is,
/// then ask for routes:
/// - [`route_to`](GridSearch::route_to) runs one search. Node states live in flat arrays by
///   cell instead of a hash map, and each step is priced from a [`GridStep`] that carries
///   the entered hex's dense index and the step's direction, so a caller prices it from its
///   own per-cell arrays without looking the hex up again. Hexes for which `index` is `None`
///   are off the grid and never entered.
/// - [`reusable`](GridSearch::reusable) gives a [`RouteSearch`](super::RouteSearch) that
///   keeps its work between queries from the same start: what a path overlay needs while
///   the pointer (the goal) moves.
///
/// The paths are the ones [`a_star`](super::a_star) finds with the same costs (`None` off
/// the grid): the pop order is lowest f, then lowest heuristic, then hex order.
///
/// ```
/// use hexmap_hex::{a_star, GridSearch, Hex, PathLimits};
/// // A parallelogram grid 8 wide, 8 high, indexed row by row.
/// let index = |h: Hex| ((0..8).contains(&h.q) && (0..8).contains(&h.r))
///     .then(|| (h.r * 8 + h.q) as usize);
/// let cost = |h: Hex| index(h).map(|_| 1);
/// let limits = PathLimits::default();
/// let (start, goal) = (Hex::new(0, 0), Hex::new(7, 7));
/// let search = GridSearch::new(start, 64).min_step_cost(1);
/// let dense = search.route_to(goal, &limits, index, |s| cost(s.to));
/// let hashed = a_star(start, goal, 1, &limits, cost);
/// assert_eq!(dense, hashed);
/// assert_eq!(dense.unwrap().cost, 14);
///
/// // Cells with an even index cost 1 to enter, the others 2.
/// let route = search.route_to(Hex::new(7, 0), &limits, index, |s| {
///     Some(if s.to_index % 2 == 0 { 1 } else { 2 })
/// });
/// assert_eq!(route.unwrap().cost, 11);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub struct GridSearch {
    start: Hex,
    cells: usize,
    min_step_cost: u32,
}

impl GridSearch {
    /// A search from `start` on a grid whose cells have the dense indices `0..cells`, with
    /// a cheapest step of 0 (always correct; see [`min_step_cost`](Self::min_step_cost)).
    pub fn new(start: Hex, cells: usize) -> Self {
        GridSearch {
            start,
            cells,
            min_step_cost: 0,
        }
    }

    /// At most every step's cost, as for [`a_star`](super::a_star): the heuristic is
    /// distance × this. 0 (the default) keeps every search optimal when steps can be free
    /// (it is then Dijkstra's); the true minimum makes searches much faster.
    pub fn min_step_cost(self, min_step_cost: u32) -> Self {
        GridSearch {
            min_step_cost,
            ..self
        }
    }

    /// The hex every route starts from.
    #[must_use]
    pub fn start(&self) -> Hex {
        self.start
    }

    /// The cheapest route from the start to `goal` within `limits`: `index` gives a hex's
    /// dense index (`None`: off the grid) and `step` the price of one step (`None`: the step
    /// is impossible). A goal off the grid, or one no step leads into, is unreachable at once.
    pub fn route_to(
        &self,
        goal: Hex,
        limits: &PathLimits,
        index: impl Fn(Hex) -> Option<usize>,
        step: impl Fn(GridStep) -> Option<u32>,
    ) -> Result<Route, PathError> {
        a_star_grid(self, goal, limits, index, step)
    }

    /// A search that keeps its settled and open hexes from query to query (see
    /// [`RouteSearch`](super::RouteSearch)).
    #[must_use]
    pub fn reusable(self) -> super::RouteSearch {
        super::RouteSearch::new(self.start, self.min_step_cost, self.cells)
    }
}

/// The one fresh search of [`GridSearch::route_to`].
fn a_star_grid(
    search: &GridSearch,
    goal: Hex,
    limits: &PathLimits,
    index: impl Fn(Hex) -> Option<usize>,
    step: impl Fn(GridStep) -> Option<u32>,
) -> Result<Route, PathError> {
    let GridSearch {
        start,
        cells,
        min_step_cost,
    } = *search;
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

/// One search's inputs (see [`GridSearch::route_to`]); `index` answers only indices below `cells`.
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
