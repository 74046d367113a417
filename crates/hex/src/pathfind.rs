//! A* shortest paths over per-hex entry costs, optimal even with zero-cost steps, bounded
//! by explicit limits, with deterministic tie-breaking.

use super::Direction;
use super::Hex;
use super::hash::HexHashMap;
use super::line::DistanceI64;
use super::radix_queue::RadixQueue;
use std::cmp::Ordering;

/// Bounds on one search, so a query on a huge or unbounded map always ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathLimits {
    /// Most hexes the search may expand (settle) before giving up.
    pub max_expansions: usize,
    /// Paths costing more than this are not searched (`None`: no cost bound).
    pub max_cost: Option<u64>,
}

impl Default for PathLimits {
    /// One million expansions (a disc of radius ~570), no cost bound.
    fn default() -> Self {
        PathLimits {
            max_expansions: 1_000_000,
            max_cost: None,
        }
    }
}

/// A found route: hexes from start to goal inclusive, and its total cost (the sum of the
/// entry costs of every hex after the start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// Start, each step, goal; consecutive hexes are neighbours.
    pub hexes: Vec<Hex>,
    /// Sum of the entry costs along the path.
    pub cost: u64,
}

/// Why no path was returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    /// The whole reachable region was searched: the goal cannot be reached.
    #[error("the goal cannot be reached from the start")]
    Unreachable,
    /// A limit of [`PathLimits`] stopped the search; a path may exist beyond it.
    #[error("search limit reached before finding the goal")]
    LimitReached,
}

/// A queued hex with the cost it was reached at, ordered by its heuristic (closest to the
/// goal first) and then by the hex: with the queue's key f this is a total order, so the
/// result never depends on hashing or on where a node is stored.
pub(super) struct Entry<S> {
    pub(super) h: u64,
    pub(super) g: u64,
    pub(super) hex: Hex,
    pub(super) slot: S,
}

impl<S> PartialEq for Entry<S> {
    fn eq(&self, other: &Self) -> bool {
        (self.h, self.hex) == (other.h, other.hex)
    }
}

impl<S> Eq for Entry<S> {}

impl<S> Ord for Entry<S> {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.h, self.hex).cmp(&(other.h, other.hex))
    }
}

impl<S> PartialOrd for Entry<S> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The cheapest path from `start` to `goal`, where entering hex `h` costs `cost(h)` and
/// `None` means impassable (the start's own cost is never charged).
///
/// `min_step_cost` must be at most the cost of every passable hex: the heuristic is
/// `distance × min_step_cost`, admissible and consistent under that promise, so the path
/// is optimal. Pass 0 when some steps are free (roads): the search is then Dijkstra's and
/// still optimal. A larger `min_step_cost` than the true minimum breaks the promise and
/// may give a costlier path.
///
/// Ties are broken by a fixed order (lowest f, then lowest heuristic, then hex order), so
/// the same input always gives the same path.
///
/// ```
/// use hexmap_hex::{a_star, Hex, PathLimits};
/// let wall = [Hex::new(1, -1), Hex::new(1, 0)];
/// let path = a_star(Hex::ORIGIN, Hex::new(2, 0), 1, &PathLimits::default(), |h| {
///     (!wall.contains(&h)).then_some(1)
/// })
/// .unwrap();
/// assert_eq!(path.cost, 3);
/// assert!(path.hexes.iter().all(|h| !wall.contains(h)));
///
/// // Free steps (a road along r = −1) on a board of radius 8: with `min_step_cost` 0 the
/// // search stays optimal and takes the road, 1 point instead of 6 straight across.
/// let road = |h: Hex| (h.length() <= 8).then_some(if h.r == -1 { 0 } else { 1 });
/// let path = a_star(Hex::ORIGIN, Hex::new(6, 0), 0, &PathLimits::default(), road).unwrap();
/// assert_eq!(path.cost, 1);
/// ```
pub fn a_star(
    start: Hex,
    goal: Hex,
    min_step_cost: u32,
    limits: &PathLimits,
    cost: impl Fn(Hex) -> Option<u32>,
) -> Result<Route, PathError> {
    a_star_steps(start, goal, min_step_cost, limits, |_, to| cost(to))
}

/// [`a_star`] where a step's cost depends on both hexes: `step(from, to)` is the cost of
/// moving from `from` to its neighbour `to` (`None`: that step is impossible).
fn a_star_steps(
    start: Hex,
    goal: Hex,
    min_step_cost: u32,
    limits: &PathLimits,
    step: impl Fn(Hex, Hex) -> Option<u32>,
) -> Result<Route, PathError> {
    search(
        start,
        goal,
        min_step_cost,
        limits,
        &mut HashedNodes::default(),
        step,
    )
}

/// What a search knows of one hex: its best cost so far, the direction of the step that
/// reached it at that cost (`None` for the start), and whether it is settled.
#[derive(Clone, Copy)]
pub(super) struct NodeState {
    pub(super) g: u64,
    pub(super) came_by: Option<u8>,
    pub(super) closed: bool,
}

/// The state of a hex the search has not reached.
pub(super) const UNSEEN: NodeState = NodeState {
    g: u64::MAX,
    came_by: None,
    closed: false,
};

/// Where a search keeps its node states.
pub(super) trait Nodes {
    /// A hex's place in the store.
    type Slot: Copy;
    /// The slot of `h`, `None` when `h` is off the grid (never entered).
    fn slot(&self, h: Hex) -> Option<Self::Slot>;
    /// The state at `slot` ([`UNSEEN`] when never set).
    fn get(&self, slot: Self::Slot) -> NodeState;
    /// Records the state at `slot`.
    fn set(&mut self, slot: Self::Slot, state: NodeState);
}

/// Node states on an unbounded plane, in a hash map keyed by hex.
#[derive(Default)]
struct HashedNodes(HexHashMap<NodeState>);

impl Nodes for HashedNodes {
    type Slot = Hex;
    fn slot(&self, h: Hex) -> Option<Hex> {
        Some(h)
    }
    fn get(&self, h: Hex) -> NodeState {
        self.0.get(&h).copied().unwrap_or(UNSEEN)
    }
    fn set(&mut self, h: Hex, state: NodeState) {
        self.0.insert(h, state);
    }
}

/// Node states of a bounded grid with dense indices, in two flat arrays. Both start as
/// zeros (fresh zeroed pages from the allocator, so a search that stays local touches
/// little of a big map's arrays): `g_plus_one` 0 means unseen; `info` holds the step
/// direction + 1 (0: none) in bits 0–2 and the settled flag in bit 3.
pub(super) struct DenseNodes<F> {
    pub(super) index: F,
    pub(super) g_plus_one: Vec<u64>,
    pub(super) info: Vec<u8>,
}

/// The settled flag in [`DenseNodes::info`].
const SETTLED: u8 = 8;

impl<F: Fn(Hex) -> Option<usize>> Nodes for DenseNodes<F> {
    type Slot = usize;
    fn slot(&self, h: Hex) -> Option<usize> {
        (self.index)(h).filter(|&i| i < self.info.len())
    }
    fn get(&self, i: usize) -> NodeState {
        match self.g_plus_one[i] {
            0 => UNSEEN,
            g1 => NodeState {
                g: g1 - 1,
                came_by: (self.info[i] & 7).checked_sub(1),
                closed: self.info[i] & SETTLED != 0,
            },
        }
    }
    fn set(&mut self, i: usize, state: NodeState) {
        // Costs stored are below u64::MAX (a step to u64::MAX never improves on unseen).
        self.g_plus_one[i] = state.g.saturating_add(1);
        self.info[i] = state.came_by.map_or(0, |d| d + 1) | if state.closed { SETTLED } else { 0 };
    }
}

/// The search behind [`a_star`] and [`RouteSearch`](super::RouteSearch): A* with a radix queue on f (integer
/// costs, and f never decreases under a consistent heuristic), ties popped by lowest
/// heuristic then lowest hex.
fn search<N: Nodes>(
    start: Hex,
    goal: Hex,
    min_step_cost: u32,
    limits: &PathLimits,
    nodes: &mut N,
    step: impl Fn(Hex, Hex) -> Option<u32>,
) -> Result<Route, PathError> {
    if start == goal {
        return Ok(Route {
            hexes: vec![start],
            cost: 0,
        });
    }
    // A goal no step leads into is unreachable: say so without searching everything.
    if goal.neighbors().iter().all(|&n| step(n, goal).is_none()) {
        return Err(PathError::Unreachable);
    }
    let Some(start_slot) = nodes.slot(start) else {
        return Err(PathError::Unreachable);
    };
    let heuristic = |h: Hex| h.distance_i64(goal) as u64 * u64::from(min_step_cost);
    let max_cost = limits.max_cost.unwrap_or(u64::MAX);
    let mut pruned = false;
    let mut expansions = 0usize;

    let h0 = heuristic(start);
    if h0 > max_cost {
        return Err(PathError::LimitReached);
    }
    nodes.set(
        start_slot,
        NodeState {
            g: 0,
            came_by: None,
            closed: false,
        },
    );
    let mut open = RadixQueue::new(h0);
    open.push(
        h0,
        Entry {
            h: h0,
            g: 0,
            hex: start,
            slot: start_slot,
        },
    );

    while let Some((_, entry)) = open.pop() {
        let mut node = nodes.get(entry.slot);
        if node.closed || entry.g > node.g {
            continue; // A stale entry: this hex was reached more cheaply since.
        }
        if entry.hex == goal {
            return Ok(reconstruct(nodes, goal, node.g));
        }
        if expansions == limits.max_expansions {
            return Err(PathError::LimitReached);
        }
        expansions += 1;
        node.closed = true;
        nodes.set(entry.slot, node);
        let g = node.g;
        for (d, direction) in Direction::ALL.into_iter().enumerate() {
            let n = entry.hex.neighbor(direction);
            let Some(slot) = nodes.slot(n) else {
                continue;
            };
            let mut next = nodes.get(slot);
            if next.closed {
                continue;
            }
            let Some(step) = step(entry.hex, n) else {
                continue;
            };
            let g_new = g.saturating_add(u64::from(step));
            if g_new >= next.g {
                continue;
            }
            let h = heuristic(n);
            let f = g_new.saturating_add(h);
            if f > max_cost {
                pruned = true;
                continue;
            }
            next.g = g_new;
            next.came_by = Some(d as u8);
            nodes.set(slot, next);
            open.push(
                f,
                Entry {
                    h,
                    g: g_new,
                    hex: n,
                    slot,
                },
            );
        }
    }
    Err(if pruned {
        PathError::LimitReached
    } else {
        PathError::Unreachable
    })
}

/// The path to `goal` (reached at `cost`), walked back along the recorded steps.
pub(super) fn reconstruct<N: Nodes>(nodes: &N, goal: Hex, cost: u64) -> Route {
    let mut hexes = vec![goal];
    let mut at = goal;
    while let Some(d) = nodes.slot(at).and_then(|s| nodes.get(s).came_by) {
        at -= Direction::from_index(usize::from(d)).offset();
        hexes.push(at);
    }
    hexes.reverse();
    Route { hexes, cost }
}

#[cfg(test)]
mod tests;
