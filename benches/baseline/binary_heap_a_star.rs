//! The A* search as it was before the movement rule's speed work (a binary heap of (f, h, hex)
//! entries, node slots in a vector), kept only so benchmarks can time the new search
//! against it in the same run on this shared, noisy machine.

use hexmap::hex::{Hex, PathError, PathLimits, Route};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// The old `hexmap::hex::a_star_dense_steps`.
pub fn a_star_dense_steps(
    start: Hex,
    goal: Hex,
    min_step_cost: u32,
    limits: &PathLimits,
    cells: usize,
    index: impl Fn(Hex) -> Option<usize>,
    step: impl Fn(Hex, Hex) -> Option<u32>,
) -> Result<Route, PathError> {
    if index(start).is_none() {
        return Err(PathError::Unreachable);
    }
    let mut slots = DenseSlots {
        slots: vec![UNSEEN; cells],
        index,
    };
    search(start, goal, min_step_cost, limits, &mut slots, step)
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
/// A hex's slot in the search: `None` when not seen yet, `Some(BLOCKED)` when off the grid.
trait Slots {
    fn get(&self, h: Hex) -> Option<u32>;
    fn insert(&mut self, h: Hex, slot: u32);
}

/// Marks a hex off a dense grid in [`Slots`].
const BLOCKED: u32 = u32::MAX;
/// Marks a hex not seen yet in [`DenseSlots`].
const UNSEEN: u32 = u32::MAX - 1;

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

/// The old search.
fn search(
    start: Hex,
    goal: Hex,
    min_step_cost: u32,
    limits: &PathLimits,
    index: &mut impl Slots,
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
    let heuristic = |h: Hex| u64::from(h.distance(goal).unsigned_abs()) * u64::from(min_step_cost);
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

fn reconstruct(nodes: &[Node], goal: usize) -> Route {
    let cost = nodes[goal].g;
    let mut hexes = Vec::new();
    let mut at = goal as u32;
    while at != NO_PARENT {
        hexes.push(nodes[at as usize].hex);
        at = nodes[at as usize].parent;
    }
    hexes.reverse();
    Route { hexes, cost }
}
