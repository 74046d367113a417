//! Routes from one fixed start to goal after goal, each search continuing the last one: what
//! a path overlay needs while the pointer (the goal) moves and the start stays put.

use super::Direction;
use super::Hex;
use super::line::DistanceI64;
use super::pathfind::{
    DenseNodes, Entry, NodeState, Nodes, PathError, PathLimits, Route, reconstruct,
};
use super::radix_queue::RadixQueue;

/// A* from one start on a grid with dense indices `0..cells`, keeping its settled and open
/// hexes between queries.
///
/// A* with a consistent heuristic settles a hex only at its exact cheapest cost, whatever
/// the goal it was heading for. So a goal settled by an earlier query is answered at once by
/// walking back the recorded steps; any other goal re-keys the open hexes with its own
/// heuristic and the search goes on from where it stopped. When the goal moves a hex at a
/// time, a query settles only the few hexes the last one did not need.
///
/// Made by [`GridSearch::reusable`](super::GridSearch::reusable). Every answer costs exactly
/// what a fresh [`GridSearch::route_to`](super::GridSearch::route_to) returns; among routes of equal cost the hexes may differ from the fresh search's (the
/// settled hexes were reached while heading for other goals). [`PathLimits`] apply to each
/// query: `max_cost` bounds the route, `max_expansions` counts the hexes this query settles
/// (hexes settled by earlier queries are free, so a query may succeed where a fresh search
/// with the same limit stops).
///
/// The step costs and the index must stay the same from query to query (start a new
/// search when the map changes): the settled costs were computed with them.
///
/// ```
/// use hexmap_hex::{GridSearch, Hex, PathLimits};
/// // A parallelogram grid 8 wide, 8 high, indexed row by row; every step costs 1.
/// let index = |h: Hex| ((0..8).contains(&h.q) && (0..8).contains(&h.r))
///     .then(|| (h.r * 8 + h.q) as usize);
/// let step = |_: Hex, to: Hex| index(to).map(|_| 1);
/// let limits = PathLimits::default();
/// let grid = GridSearch::new(Hex::new(0, 0), 64).min_step_cost(1);
/// let mut search = grid.reusable();
/// for goal in [Hex::new(7, 7), Hex::new(6, 7), Hex::new(0, 5)] {
///     let reused = search.route_to(goal, &limits, index, step).unwrap();
///     let fresh = grid.route_to(goal, &limits, index, |s| step(s.from, s.to));
///     assert_eq!(reused.cost, fresh.unwrap().cost);
/// }
/// ```
pub struct RouteSearch {
    start: Hex,
    min_step_cost: u32,
    /// Node states as [`DenseNodes`] keeps them, lent to it during a query.
    g_plus_one: Vec<u64>,
    info: Vec<u8>,
    /// Hexes reached but not settled, keyed by f for the goal `keyed_for`.
    open: RadixQueue<Entry<usize>>,
    /// The goal whose heuristic the keys of `open` use; `None` before the first query.
    keyed_for: Option<Hex>,
}

impl RouteSearch {
    /// A search from `start` on a grid of `cells` dense indices. `min_step_cost` must be at
    /// most every possible step's cost, as for [`a_star`](super::a_star).
    pub(crate) fn new(start: Hex, min_step_cost: u32, cells: usize) -> Self {
        RouteSearch {
            start,
            min_step_cost,
            g_plus_one: vec![0; cells],
            info: vec![0; cells],
            open: RadixQueue::new(0),
            keyed_for: None,
        }
    }

    /// The hex every route starts from.
    #[must_use]
    pub fn start(&self) -> Hex {
        self.start
    }

    /// The cheapest route from the start to `goal`, continuing earlier queries' work.
    /// `index` gives a hex's dense index (`None`: off the grid, impassable) and `step(from,
    /// to)` the cost of a step between neighbours (`None`: impossible); both must be the
    /// same in every query.
    pub fn route_to(
        &mut self,
        goal: Hex,
        limits: &PathLimits,
        index: impl Fn(Hex) -> Option<usize>,
        step: impl Fn(Hex, Hex) -> Option<u32>,
    ) -> Result<Route, PathError> {
        if goal == self.start {
            return Ok(Route {
                hexes: vec![goal],
                cost: 0,
            });
        }
        // A goal no step leads into is unreachable: say so without searching everything.
        if goal.neighbors().iter().all(|&n| step(n, goal).is_none()) {
            return Err(PathError::Unreachable);
        }
        let mut nodes = DenseNodes {
            index,
            g_plus_one: std::mem::take(&mut self.g_plus_one),
            info: std::mem::take(&mut self.info),
        };
        let result = self.continue_to(goal, limits, &mut nodes, step);
        self.g_plus_one = nodes.g_plus_one;
        self.info = nodes.info;
        result
    }

    /// The heuristic toward `goal`: a lower bound of the cost from `h`.
    fn heuristic(&self, h: Hex, goal: Hex) -> u64 {
        h.distance_i64(goal) as u64 * u64::from(self.min_step_cost)
    }

    /// [`Self::route_to`] on the node states lent to `nodes`.
    fn continue_to<F: Fn(Hex) -> Option<usize>>(
        &mut self,
        goal: Hex,
        limits: &PathLimits,
        nodes: &mut DenseNodes<F>,
        step: impl Fn(Hex, Hex) -> Option<u32>,
    ) -> Result<Route, PathError> {
        let max_cost = limits.max_cost.unwrap_or(u64::MAX);
        let Some(goal_slot) = nodes.slot(goal) else {
            return Err(PathError::Unreachable);
        };
        if self.keyed_for.is_none() {
            self.begin(goal, nodes)?;
        }
        let known = nodes.get(goal_slot);
        if known.closed {
            return if known.g > max_cost {
                Err(PathError::LimitReached)
            } else {
                Ok(reconstruct(nodes, goal, known.g))
            };
        }
        if self.keyed_for != Some(goal) {
            self.rekey(goal, nodes);
        }
        let mut expansions = 0usize;
        while let Some((f, entry)) = self.open.pop() {
            let mut node = nodes.get(entry.slot);
            if node.closed || entry.g > node.g {
                continue; // A stale entry: this hex was reached more cheaply since.
            }
            let stop = if f > max_cost {
                Some(Err(PathError::LimitReached))
            } else if entry.hex == goal {
                Some(Ok(reconstruct(nodes, goal, node.g)))
            } else if expansions == limits.max_expansions {
                Some(Err(PathError::LimitReached))
            } else {
                None
            };
            if let Some(result) = stop {
                // The hex stays open for later queries.
                self.open.push(f, entry);
                return result;
            }
            expansions += 1;
            node.closed = true;
            nodes.set(entry.slot, node);
            self.expand(entry.hex, node.g, goal, nodes, &step);
        }
        Err(PathError::Unreachable)
    }

    /// Opens the start (the first query, heading for `goal`).
    fn begin<F: Fn(Hex) -> Option<usize>>(
        &mut self,
        goal: Hex,
        nodes: &mut DenseNodes<F>,
    ) -> Result<(), PathError> {
        let slot = nodes.slot(self.start).ok_or(PathError::Unreachable)?;
        nodes.set(
            slot,
            NodeState {
                g: 0,
                came_by: None,
                closed: false,
            },
        );
        let h = self.heuristic(self.start, goal);
        self.open = RadixQueue::new(h);
        self.open.push(
            h,
            Entry {
                h,
                g: 0,
                hex: self.start,
                slot,
            },
        );
        self.keyed_for = Some(goal);
        Ok(())
    }

    /// Queues the open hexes again under keys for `goal`, dropping stale entries.
    fn rekey<F: Fn(Hex) -> Option<usize>>(&mut self, goal: Hex, nodes: &DenseNodes<F>) {
        let mut keyed: Vec<(u64, Entry<usize>)> = self
            .open
            .drain_items()
            .into_iter()
            .filter(|e| {
                let node = nodes.get(e.slot);
                !node.closed && e.g == node.g
            })
            .map(|mut e| {
                e.h = self.heuristic(e.hex, goal);
                (e.g.saturating_add(e.h), e)
            })
            .collect();
        let first = keyed.iter().map(|(f, _)| *f).min().unwrap_or(0);
        self.open = RadixQueue::new(first);
        for (f, e) in keyed.drain(..) {
            self.open.push(f, e);
        }
        self.keyed_for = Some(goal);
    }

    /// Reaches the neighbours of `hex`, just settled at cost `g`. Every improvement is
    /// queued, even past a cost limit: a later query may have a looser one.
    fn expand<F: Fn(Hex) -> Option<usize>>(
        &mut self,
        hex: Hex,
        g: u64,
        goal: Hex,
        nodes: &mut DenseNodes<F>,
        step: &impl Fn(Hex, Hex) -> Option<u32>,
    ) {
        for (d, direction) in Direction::ALL.into_iter().enumerate() {
            let n = hex.neighbor(direction);
            let Some(slot) = nodes.slot(n) else {
                continue;
            };
            let mut next = nodes.get(slot);
            if next.closed {
                continue;
            }
            let Some(cost) = step(hex, n) else {
                continue;
            };
            let g_new = g.saturating_add(u64::from(cost));
            if g_new >= next.g {
                continue;
            }
            next.g = g_new;
            next.came_by = Some(d as u8);
            nodes.set(slot, next);
            let h = self.heuristic(n, goal);
            self.open.push(
                g_new.saturating_add(h),
                Entry {
                    h,
                    g: g_new,
                    hex: n,
                    slot,
                },
            );
        }
    }
}

#[cfg(test)]
mod tests;
