//! A* shortest paths over per-hex entry costs, optimal even with zero-cost steps, bounded
//! by explicit limits, with deterministic tie-breaking.

use super::Hex;
use super::hash::HexHashMap;
use super::line::DistanceI64;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

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

/// A found path: hexes from start to goal inclusive, and its total cost (the sum of the
/// entry costs of every hex after the start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
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

/// One search node: best known cost, parent index, settled or not.
struct Node {
    hex: Hex,
    g: u64,
    parent: u32,
    closed: bool,
}

/// A heap entry, popped smallest f first, then smallest h (closest to the goal), then
/// smallest hex: a total order, so the result never depends on hashing.
#[derive(PartialEq, Eq)]
struct Entry {
    f: u64,
    h: u64,
    hex: Hex,
    node: u32,
}

impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        (other.f, other.h, other.hex).cmp(&(self.f, self.h, self.hex))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

const NO_PARENT: u32 = u32::MAX;

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
/// use hexmap::hex::{a_star, Hex, PathLimits};
/// let wall = [Hex::new(1, -1), Hex::new(1, 0)];
/// let path = a_star(Hex::ORIGIN, Hex::new(2, 0), 1, &PathLimits::default(), |h| {
///     (!wall.contains(&h)).then_some(1)
/// })
/// .unwrap();
/// assert_eq!(path.cost, 3);
/// ```
pub fn a_star(
    start: Hex,
    goal: Hex,
    min_step_cost: u32,
    limits: &PathLimits,
    cost: impl Fn(Hex) -> Option<u32>,
) -> Result<Path, PathError> {
    a_star_steps(start, goal, min_step_cost, limits, |_, to| cost(to))
}

/// [`a_star`] where a step's cost depends on both hexes: `step(from, to)` is the cost of
/// moving from `from` to its neighbour `to` (`None`: that step is impossible, e.g. across a
/// wall, while `to` may still be entered from another side).
///
/// `min_step_cost` must be at most every possible step's cost, as for [`a_star`].
///
/// ```
/// use hexmap::hex::{a_star_steps, Hex, PathLimits};
/// // A wall on the side between the origin and (1,0): going round costs 2.
/// let wall = |a: Hex, b: Hex| (a == Hex::ORIGIN && b == Hex::new(1, 0))
///     || (b == Hex::ORIGIN && a == Hex::new(1, 0));
/// let step = |a: Hex, b: Hex| (!wall(a, b) && b.length() <= 3).then_some(1);
/// let path = a_star_steps(Hex::ORIGIN, Hex::new(1, 0), 1, &PathLimits::default(), step);
/// assert_eq!(path.unwrap().cost, 2);
/// ```
pub fn a_star_steps(
    start: Hex,
    goal: Hex,
    min_step_cost: u32,
    limits: &PathLimits,
    step: impl Fn(Hex, Hex) -> Option<u32>,
) -> Result<Path, PathError> {
    search(
        start,
        goal,
        min_step_cost,
        limits,
        &mut HashedSlots::default(),
        step,
    )
}

/// [`a_star`] on a bounded grid whose hexes have dense indices `0..cells` (a map's cell
/// storage): node slots live in a vector instead of a hash map, which makes searches
/// across large maps several times cheaper. Hexes for which `index` is `None` are off the
/// grid and impassable. Same paths as [`a_star`] with `cost` returning `None` off the grid.
///
/// ```
/// use hexmap::hex::{a_star, a_star_dense, Hex, PathLimits};
/// // A parallelogram grid 8 wide, 8 high, indexed row by row.
/// let index = |h: Hex| ((0..8).contains(&h.q) && (0..8).contains(&h.r))
///     .then(|| (h.r * 8 + h.q) as usize);
/// let cost = |h: Hex| index(h).map(|_| 1);
/// let limits = PathLimits::default();
/// let dense = a_star_dense(Hex::new(0, 0), Hex::new(7, 7), 1, &limits, 64, index, cost);
/// let hashed = a_star(Hex::new(0, 0), Hex::new(7, 7), 1, &limits, cost);
/// assert_eq!(dense, hashed);
/// assert_eq!(dense.unwrap().cost, 14);
/// ```
pub fn a_star_dense(
    start: Hex,
    goal: Hex,
    min_step_cost: u32,
    limits: &PathLimits,
    cells: usize,
    index: impl Fn(Hex) -> Option<usize>,
    cost: impl Fn(Hex) -> Option<u32>,
) -> Result<Path, PathError> {
    a_star_dense_steps(start, goal, min_step_cost, limits, cells, index, |_, to| {
        cost(to)
    })
}

/// [`a_star_dense`] with a cost per step, as [`a_star_steps`]: the search a map's movement
/// rule (edge features, roads) runs on.
pub fn a_star_dense_steps(
    start: Hex,
    goal: Hex,
    min_step_cost: u32,
    limits: &PathLimits,
    cells: usize,
    index: impl Fn(Hex) -> Option<usize>,
    step: impl Fn(Hex, Hex) -> Option<u32>,
) -> Result<Path, PathError> {
    if index(start).is_none() {
        return Err(PathError::Unreachable);
    }
    let mut slots = DenseSlots {
        slots: vec![UNSEEN; cells],
        index,
    };
    search(start, goal, min_step_cost, limits, &mut slots, step)
}

/// A hex's slot in the search: `None` when not seen yet, `Some(BLOCKED)` when off the grid.
trait Slots {
    fn get(&self, h: Hex) -> Option<u32>;
    fn insert(&mut self, h: Hex, slot: u32);
}

/// Marks a hex off a dense grid in [`Slots`].
const BLOCKED: u32 = u32::MAX;
/// Marks a hex not seen yet in [`DenseSlots`].
const UNSEEN: u32 = u32::MAX - 1;

/// Slots of an unbounded plane, in a hash map.
#[derive(Default)]
struct HashedSlots(HexHashMap<u32>);

impl Slots for HashedSlots {
    fn get(&self, h: Hex) -> Option<u32> {
        self.0.get(&h).copied()
    }
    fn insert(&mut self, h: Hex, slot: u32) {
        self.0.insert(h, slot);
    }
}

/// Slots of a bounded grid with dense indices, in a vector.
struct DenseSlots<F> {
    slots: Vec<u32>,
    index: F,
}

impl<F: Fn(Hex) -> Option<usize>> Slots for DenseSlots<F> {
    fn get(&self, h: Hex) -> Option<u32> {
        match (self.index)(h).and_then(|i| self.slots.get(i)) {
            None => Some(BLOCKED),
            Some(&UNSEEN) => None,
            Some(&s) => Some(s),
        }
    }
    fn insert(&mut self, h: Hex, slot: u32) {
        if let Some(s) = (self.index)(h).and_then(|i| self.slots.get_mut(i)) {
            *s = slot;
        }
    }
}

/// The search behind [`a_star`] and [`a_star_dense`].
fn search(
    start: Hex,
    goal: Hex,
    min_step_cost: u32,
    limits: &PathLimits,
    index: &mut impl Slots,
    step: impl Fn(Hex, Hex) -> Option<u32>,
) -> Result<Path, PathError> {
    if start == goal {
        return Ok(Path {
            hexes: vec![start],
            cost: 0,
        });
    }
    // A goal no step leads into is unreachable: say so without searching everything.
    if goal.neighbors().iter().all(|&n| step(n, goal).is_none()) {
        return Err(PathError::Unreachable);
    }
    let heuristic = |h: Hex| h.distance_i64(goal) as u64 * u64::from(min_step_cost);
    let max_cost = limits.max_cost.unwrap_or(u64::MAX);
    // `index` maps a hex to its slot in `nodes` (`BLOCKED` off a dense grid).
    let mut nodes: Vec<Node> = Vec::new();
    let mut open = BinaryHeap::new();
    let mut pruned = false;
    let mut expansions = 0usize;

    index.insert(start, 0);
    nodes.push(Node {
        hex: start,
        g: 0,
        parent: NO_PARENT,
        closed: false,
    });
    let h0 = heuristic(start);
    if h0 > max_cost {
        return Err(PathError::LimitReached);
    }
    open.push(Entry {
        f: h0,
        h: h0,
        hex: start,
        node: 0,
    });

    while let Some(entry) = open.pop() {
        let current = entry.node as usize;
        if nodes[current].closed || entry.f - entry.h > nodes[current].g {
            continue; // A stale entry: this hex was reached more cheaply since.
        }
        if entry.hex == goal {
            return Ok(reconstruct(&nodes, current));
        }
        if expansions == limits.max_expansions {
            return Err(PathError::LimitReached);
        }
        expansions += 1;
        nodes[current].closed = true;
        let g = nodes[current].g;
        for n in entry.hex.neighbors() {
            let slot = match index.get(n) {
                Some(BLOCKED) => continue,
                Some(i) => {
                    if nodes[i as usize].closed {
                        continue;
                    }
                    i as usize
                }
                None => {
                    let i = nodes.len();
                    index.insert(n, i as u32);
                    nodes.push(Node {
                        hex: n,
                        g: u64::MAX,
                        parent: NO_PARENT,
                        closed: false,
                    });
                    i
                }
            };
            let Some(step) = step(entry.hex, n) else {
                continue;
            };
            let g_new = g.saturating_add(u64::from(step));
            if g_new >= nodes[slot].g {
                continue;
            }
            let h = heuristic(n);
            let f = g_new.saturating_add(h);
            if f > max_cost {
                pruned = true;
                continue;
            }
            nodes[slot].g = g_new;
            nodes[slot].parent = current as u32;
            open.push(Entry {
                f,
                h,
                hex: n,
                node: slot as u32,
            });
        }
    }
    Err(if pruned {
        PathError::LimitReached
    } else {
        PathError::Unreachable
    })
}

fn reconstruct(nodes: &[Node], goal: usize) -> Path {
    let cost = nodes[goal].g;
    let mut hexes = Vec::new();
    let mut at = goal as u32;
    while at != NO_PARENT {
        hexes.push(nodes[at as usize].hex);
        at = nodes[at as usize].parent;
    }
    hexes.reverse();
    Path { hexes, cost }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::hash::HexHashSet;

    fn open_map(radius: i32) -> impl Fn(Hex) -> Option<u32> {
        move |h: Hex| (h.length() <= radius).then_some(1)
    }

    #[test]
    fn straight_path_on_an_open_map() {
        let p = a_star(
            Hex::ORIGIN,
            Hex::new(4, -2),
            1,
            &PathLimits::default(),
            open_map(10),
        )
        .unwrap();
        assert_eq!(p.cost, 4);
        assert_eq!(p.hexes.len(), 5);
        assert_eq!(p.hexes[0], Hex::ORIGIN);
        assert_eq!(p.hexes[4], Hex::new(4, -2));
    }

    #[test]
    fn goes_around_a_wall() {
        // A wall on q = 2 from r = −3 to r = 3; going round costs extra steps.
        let wall: HexHashSet = (-3..=3).map(|r| Hex::new(2, r)).collect();
        let cost = |h: Hex| (h.length() <= 8 && !wall.contains(&h)).then_some(1);
        let p = a_star(Hex::ORIGIN, Hex::new(4, 0), 1, &PathLimits::default(), cost).unwrap();
        assert!(p.hexes.iter().all(|h| !wall.contains(h)));
        assert!(p.hexes.windows(2).all(|w| w[0].distance(w[1]) == 1));
        // Straight would be 4; the cheapest detour passes (2,−4) (4 + 6 steps) or (2,4)
        // (6 + 4 steps).
        assert_eq!(p.cost, 10);
        assert_eq!(p.hexes.len(), 11);
    }

    #[test]
    fn unreachable_goal_and_limits() {
        let ring: HexHashSet = crate::hex::ring(Hex::new(5, 0), 1).collect();
        let cost = |h: Hex| (h.length() <= 8 && !ring.contains(&h)).then_some(1);
        assert_eq!(
            a_star(Hex::ORIGIN, Hex::new(5, 0), 1, &PathLimits::default(), cost),
            Err(PathError::Unreachable)
        );
        let blocked_goal = |h: Hex| (h != Hex::new(3, 0)).then_some(1);
        assert_eq!(
            a_star(
                Hex::ORIGIN,
                Hex::new(3, 0),
                1,
                &PathLimits::default(),
                blocked_goal
            ),
            Err(PathError::Unreachable)
        );
        let few = PathLimits {
            max_expansions: 3,
            max_cost: None,
        };
        assert_eq!(
            a_star(Hex::ORIGIN, Hex::new(6, 0), 0, &few, open_map(10)),
            Err(PathError::LimitReached)
        );
        let cheap = PathLimits {
            max_expansions: usize::MAX,
            max_cost: Some(5),
        };
        assert_eq!(
            a_star(Hex::ORIGIN, Hex::new(6, 0), 1, &cheap, open_map(10)),
            Err(PathError::LimitReached)
        );
        let enough = PathLimits {
            max_cost: Some(6),
            ..cheap
        };
        assert_eq!(
            a_star(Hex::ORIGIN, Hex::new(6, 0), 1, &enough, open_map(10))
                .unwrap()
                .cost,
            6
        );
    }

    #[test]
    fn zero_cost_road_is_used() {
        // Plains cost 3; a free road runs along r = −1 from q = 0 to q = 10.
        let road = |h: Hex| h.r == -1 && (0..=10).contains(&h.q);
        let cost = move |h: Hex| {
            if h.length() > 15 {
                None
            } else if road(h) {
                Some(0)
            } else {
                Some(3)
            }
        };
        let p = a_star(
            Hex::ORIGIN,
            Hex::new(10, 0),
            0,
            &PathLimits::default(),
            cost,
        )
        .unwrap();
        // Step onto the road (free), ride it to (10,−1) (free), step down to the goal (3).
        assert_eq!(p.cost, 3);
        let sum: u64 = p.hexes[1..]
            .iter()
            .map(|&h| u64::from(cost(h).unwrap()))
            .sum();
        assert_eq!(sum, p.cost);
    }

    #[test]
    fn same_input_same_path() {
        let cost = |h: Hex| (h.length() <= 12 && (h.q * 7 + h.r * 3) % 5 != 0).then_some(1);
        let a = a_star(
            Hex::ORIGIN,
            Hex::new(8, -3),
            1,
            &PathLimits::default(),
            cost,
        );
        let b = a_star(
            Hex::ORIGIN,
            Hex::new(8, -3),
            1,
            &PathLimits::default(),
            cost,
        );
        assert_eq!(a, b);
    }
}
