//! Movement range: every hex reachable from a start within a cost budget, with its cost
//! and the step it was reached from (Dijkstra on a dense local grid).

use super::{Direction, GridStep, Hex};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Largest `max_distance` accepted by [`movement_range`]: the search grid holds
/// (2·D + 1)² cells, about 4.2 million (≈ 25 MB) at this limit.
pub const MAX_MOVEMENT_DISTANCE: u32 = 1024;

/// The requested search area is over [`MAX_MOVEMENT_DISTANCE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("movement range distance {requested} is over the limit of {MAX_MOVEMENT_DISTANCE}")]
pub struct MovementRangeError {
    /// The distance asked for.
    pub requested: u32,
}

const UNREACHED: u32 = u32::MAX;
const NO_STEP: u8 = 6;

/// The result of [`movement_range`]: for every reachable hex its cheapest total cost and
/// the neighbour it is reached from, so any path can be rebuilt.
#[derive(Clone, Debug)]
pub struct MovementRange {
    start: Hex,
    radius: i32,
    width: usize,
    cost: Vec<u32>,
    /// Direction index from the predecessor to this hex, `NO_STEP` for the start.
    came_by: Vec<u8>,
    reached: usize,
}

impl MovementRange {
    fn slot(&self, h: Hex) -> Option<usize> {
        let dq = i64::from(h.q) - i64::from(self.start.q);
        let dr = i64::from(h.r) - i64::from(self.start.r);
        let r = i64::from(self.radius);
        if (dq.abs() + dr.abs() + (dq + dr).abs()) / 2 > r {
            return None;
        }
        Some((dr + r) as usize * self.width + (dq + r) as usize)
    }

    fn hex_at(&self, slot: usize) -> Hex {
        let dq = (slot % self.width) as i32 - self.radius;
        let dr = (slot / self.width) as i32 - self.radius;
        self.start + Hex::new(dq, dr)
    }

    /// The start hex (cost 0).
    #[must_use]
    pub fn start(&self) -> Hex {
        self.start
    }

    /// Number of reachable hexes, the start included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.reached
    }

    /// Never true: the start is always reachable. Present for API symmetry with `len`.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.reached == 0
    }

    /// The cheapest total cost to reach `h`, or `None` when it is out of reach.
    #[must_use]
    pub fn cost(&self, h: Hex) -> Option<u32> {
        let c = self.cost[self.slot(h)?];
        (c != UNREACHED).then_some(c)
    }

    /// True when `h` is reachable within the budget.
    #[must_use]
    pub fn contains(&self, h: Hex) -> bool {
        self.cost(h).is_some()
    }

    /// The neighbour `h` is reached from on a cheapest path (`None` for the start and for
    /// hexes out of reach).
    #[must_use]
    pub fn predecessor(&self, h: Hex) -> Option<Hex> {
        let slot = self.slot(h)?;
        let d = self.came_by[slot];
        if self.cost[slot] == UNREACHED || d == NO_STEP {
            return None;
        }
        Some(h - Direction::from_index(usize::from(d)).offset())
    }

    /// A cheapest path from the start to `h` (start and `h` included), or `None`.
    #[must_use]
    pub fn path_to(&self, h: Hex) -> Option<Vec<Hex>> {
        self.cost(h)?;
        let mut path = vec![h];
        let mut at = h;
        while let Some(p) = self.predecessor(at) {
            path.push(p);
            at = p;
        }
        path.reverse();
        Some(path)
    }

    /// Every reachable hex with its cost, ordered by r then q.
    pub fn iter(&self) -> impl Iterator<Item = (Hex, u32)> + '_ {
        self.cost
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != UNREACHED)
            .map(|(slot, &c)| (self.hex_at(slot), c))
    }
}

/// Every hex reachable from `start` with total cost ≤ `budget`, where entering hex `h`
/// costs `cost(h)` (`None` = impassable; the start's own cost is not charged, and the
/// start is always in the result with cost 0).
///
/// The search never goes farther than `max_distance` steps from the start; pass `budget`
/// when every step costs at least 1 (then nothing is cut off), or a map bound when free
/// steps exist. Each hex's cost is asked at most once. Errors when `max_distance` is over
/// [`MAX_MOVEMENT_DISTANCE`].
///
/// ```
/// use hexmap_hex::{movement_range, Hex};
/// let reach = movement_range(Hex::ORIGIN, 2, 2, |_| Some(1)).unwrap();
/// assert_eq!(reach.len(), 19);
/// assert_eq!(reach.cost(Hex::new(2, -1)), Some(2));
/// ```
pub fn movement_range(
    start: Hex,
    budget: u32,
    max_distance: u32,
    cost: impl Fn(Hex) -> Option<u32>,
) -> Result<MovementRange, MovementRangeError> {
    // Entry cost of each cell, asked lazily: UNKNOWN until asked, BLOCKED if impassable.
    const UNKNOWN: u32 = u32::MAX;
    const BLOCKED: u32 = u32::MAX - 1;
    let width = 2 * max_distance.min(MAX_MOVEMENT_DISTANCE) as usize + 1;
    let mut entry = vec![UNKNOWN; width * width];
    search(start, budget, max_distance, |_, to, _, slot| {
        let c = match entry[slot] {
            UNKNOWN => {
                let c = cost(to).map_or(BLOCKED, |c| c.min(BLOCKED - 1));
                entry[slot] = c;
                c
            }
            c => c,
        };
        (c != BLOCKED).then_some(c)
    })
}

/// [`movement_range`] on a bounded grid with dense cell indices (a map's cell storage),
/// each step priced from a [`GridStep`] that carries the entered hex's dense index and the
/// step's direction, as [`GridSearch`](super::GridSearch) prices them: a
/// map prices a step from its per-cell arrays with no second lookup of the hex. Hexes for
/// which `index` is `None` are off the grid and never entered.
///
/// ```
/// use hexmap_hex::{movement_range_grid, Hex};
/// // A parallelogram grid 8 wide, 8 high, indexed row by row; odd cells cost 2.
/// let index = |h: Hex| ((0..8).contains(&h.q) && (0..8).contains(&h.r))
///     .then(|| (h.r * 8 + h.q) as usize);
/// let reach = movement_range_grid(Hex::new(0, 0), 3, 3, index, |s| {
///     Some(if s.to_index % 2 == 0 { 1 } else { 2 })
/// })
/// .unwrap();
/// assert_eq!(reach.cost(Hex::new(2, 0)), Some(3));
/// assert_eq!(reach.cost(Hex::new(-1, 0)), None);
/// ```
pub fn movement_range_grid(
    start: Hex,
    budget: u32,
    max_distance: u32,
    index: impl Fn(Hex) -> Option<usize>,
    step: impl Fn(GridStep) -> Option<u32>,
) -> Result<MovementRange, MovementRangeError> {
    search(start, budget, max_distance, |from, to, direction, _| {
        step(GridStep {
            from,
            to,
            to_index: index(to)?,
            direction,
        })
    })
}

/// Budgets up to this one search with a bucket per cost ([`Buckets`]); larger ones with
/// a binary heap.
const BUCKETED_BUDGET: u32 = 1 << 22;

/// Dijkstra within `max_distance` of `start`; `step(from, to, direction, slot of to)`
/// prices a step.
fn search(
    start: Hex,
    budget: u32,
    max_distance: u32,
    step: impl FnMut(Hex, Hex, Direction, usize) -> Option<u32>,
) -> Result<MovementRange, MovementRangeError> {
    if max_distance > MAX_MOVEMENT_DISTANCE {
        return Err(MovementRangeError {
            requested: max_distance,
        });
    }
    if budget <= BUCKETED_BUDGET {
        Ok(dijkstra(
            start,
            budget,
            max_distance,
            Buckets::new(budget),
            step,
        ))
    } else {
        Ok(dijkstra(start, budget, max_distance, Heap::default(), step))
    }
}

/// The open list of [`dijkstra`]: (cost, slot) pairs, popped cheapest first.
trait Open {
    /// Queues `slot` at `cost`.
    fn push(&mut self, cost: u32, slot: u32);
    /// Removes a pair of the lowest cost.
    fn pop(&mut self) -> Option<(u32, u32)>;
}

/// A binary heap of (cost, slot): any budget.
#[derive(Default)]
struct Heap(BinaryHeap<Reverse<(u32, u32)>>);

impl Open for Heap {
    fn push(&mut self, cost: u32, slot: u32) {
        self.0.push(Reverse((cost, slot)));
    }
    fn pop(&mut self) -> Option<(u32, u32)> {
        self.0.pop().map(|Reverse(pair)| pair)
    }
}

/// Dial's bucket queue: one list of slots per cost `0..=budget` (costs are integers and
/// none over the budget is queued), linked through one arena and scanned upwards, so a
/// push or pop is a few array accesses. Within one cost the last pushed pops first.
struct Buckets {
    /// Per cost, 1 + the arena index of its last pushed slot (0: empty). Zeroed pages
    /// from the allocator: a search touches only the costs it reaches.
    heads: Vec<u32>,
    /// Queued slots and 1 + the arena index of the next one of the same cost.
    arena: Vec<(u32, u32)>,
    /// No bucket below this cost holds slots.
    at: usize,
    /// Number of queued slots.
    queued: usize,
}

impl Buckets {
    fn new(budget: u32) -> Self {
        Buckets {
            heads: vec![0; budget as usize + 1],
            arena: Vec::new(),
            at: 0,
            queued: 0,
        }
    }
}

impl Open for Buckets {
    #[inline]
    fn push(&mut self, cost: u32, slot: u32) {
        let head = &mut self.heads[cost as usize];
        self.arena.push((slot, *head));
        *head = self.arena.len() as u32;
        self.queued += 1;
    }
    #[inline]
    fn pop(&mut self) -> Option<(u32, u32)> {
        if self.queued == 0 {
            return None;
        }
        while self.heads[self.at] == 0 {
            self.at += 1;
        }
        let (slot, next) = self.arena[self.heads[self.at] as usize - 1];
        self.heads[self.at] = next;
        self.queued -= 1;
        Some((self.at as u32, slot))
    }
}

/// [`search`] with the open list `open`. Each slot is queued at most once per cost it is
/// improved to and popped once at its final cost (the stale pairs are skipped), so no
/// settled flags are needed: a neighbour already reached for the popped cost or less is
/// not priced at all (no step costs less than nothing).
fn dijkstra(
    start: Hex,
    budget: u32,
    max_distance: u32,
    mut open: impl Open,
    mut step: impl FnMut(Hex, Hex, Direction, usize) -> Option<u32>,
) -> MovementRange {
    let radius = max_distance as i32;
    let width = 2 * max_distance as usize + 1;
    let cells = width * width;
    let mut range = MovementRange {
        start,
        radius,
        width,
        cost: vec![UNREACHED; cells],
        came_by: vec![NO_STEP; cells],
        reached: 0,
    };
    // Neighbour slot offsets by direction.
    let w = width as isize;
    let slot_step: [isize; 6] = Direction::ALL.map(|d| {
        let o = d.offset();
        o.r as isize * w + o.q as isize
    });
    let start_slot = (radius as usize) * width + radius as usize;
    range.cost[start_slot] = 0;
    open.push(0, start_slot as u32);
    while let Some((g, slot)) = open.pop() {
        let slot = slot as usize;
        if g != range.cost[slot] {
            continue;
        }
        range.reached += 1;
        let here = range.hex_at(slot) - start;
        for (d, offset) in slot_step.iter().enumerate() {
            let direction = Direction::from_index(d);
            let n = here + direction.offset();
            if n.length() > radius {
                continue;
            }
            let ns = (slot as isize + offset) as usize;
            if range.cost[ns] <= g {
                continue;
            }
            let Some(c) = step(start + here, start + n, direction, ns) else {
                continue;
            };
            let Some(total) = g.checked_add(c) else {
                continue;
            };
            if total <= budget && total < range.cost[ns] {
                range.cost[ns] = total;
                range.came_by[ns] = d as u8;
                open.push(total, ns as u32);
            }
        }
    }
    range
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_rule_prices_each_step_by_both_its_hexes() {
        // Half-price steps along r = 0.
        let step = |a: Hex, b: Hex| Some(if a.r == 0 && b.r == 0 { 50 } else { 100 });
        let reach = search(Hex::ORIGIN, 100, 2, |from, to, _, _| step(from, to)).unwrap();
        assert_eq!(reach.cost(Hex::new(2, 0)), Some(100));
        assert_eq!(reach.cost(Hex::new(0, 2)), None);
    }
    use crate::hash::HexHashSet;

    #[test]
    fn uniform_costs_give_the_range() {
        let r = movement_range(Hex::new(3, -2), 3, 3, |_| Some(1)).unwrap();
        assert_eq!(r.len(), 37);
        for (h, c) in r.iter() {
            assert_eq!(c as i32, h.distance(Hex::new(3, -2)));
        }
        assert_eq!(r.cost(Hex::new(3, -2)), Some(0));
        assert_eq!(r.cost(Hex::new(7, -2)), None);
    }

    #[test]
    fn walls_and_costs() {
        let wall: HexHashSet = [Hex::new(1, 0), Hex::new(1, -1), Hex::new(0, -1)]
            .into_iter()
            .collect();
        let r = movement_range(Hex::ORIGIN, 2, 2, |h| (!wall.contains(&h)).then_some(1)).unwrap();
        assert!(!r.contains(Hex::new(1, 0)));
        // (2,−1) is 2 steps straight but the wall forces a longer way round.
        assert!(!r.contains(Hex::new(2, -1)));
        assert_eq!(r.cost(Hex::new(-1, 0)), Some(1));
        let path = r.path_to(Hex::new(-2, 2)).unwrap();
        assert_eq!(path.first(), Some(&Hex::ORIGIN));
        assert_eq!(path.len(), 3);
    }

    #[test]
    fn zero_costs_spread_within_max_distance() {
        let r = movement_range(Hex::ORIGIN, 0, 4, |h| (h.r == 0).then_some(0)).unwrap();
        let got: Vec<_> = r.iter().map(|(h, _)| h).collect();
        assert_eq!(got, (-4..=4).map(|q| Hex::new(q, 0)).collect::<Vec<_>>());
    }

    /// The bucket queue (budgets up to 2²²) and the binary heap (above) find the same
    /// costs, on terrain with walls and free hexes.
    #[test]
    fn buckets_and_heap_agree() {
        let cost = |h: Hex| match (h.q * 7 + h.r * 13).rem_euclid(9) {
            0 => None,
            1 => Some(0),
            c => Some(c as u32 * 37),
        };
        let step = |_: Hex, to: Hex, _: Direction, _: usize| cost(to);
        for budget in [0, 150, 1000] {
            let start = Hex::new(2, -1);
            let bucketed = dijkstra(start, budget, 12, Buckets::new(budget), step);
            let heaped = dijkstra(start, budget, 12, Heap::default(), step);
            assert!(bucketed.len() > 1 || budget == 0);
            assert_eq!(
                bucketed.iter().collect::<Vec<_>>(),
                heaped.iter().collect::<Vec<_>>(),
                "budget {budget}"
            );
        }
        // A budget over the bucket limit takes the heap and still finds every cost.
        let big = movement_range(Hex::ORIGIN, BUCKETED_BUDGET + 1, 3, |_| Some(1)).unwrap();
        assert_eq!(big.len(), 37);
    }

    #[test]
    fn too_large_is_an_error() {
        assert!(movement_range(Hex::ORIGIN, 5, MAX_MOVEMENT_DISTANCE + 1, |_| Some(1)).is_err());
    }
}
