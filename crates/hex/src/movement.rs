//! Movement range: every hex reachable from a start within a cost budget, with its cost
//! and the step it was reached from (Dijkstra on a dense local grid).

use super::{Direction, Hex};
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
    pub fn start(&self) -> Hex {
        self.start
    }

    /// Number of reachable hexes, the start included.
    pub fn len(&self) -> usize {
        self.reached
    }

    /// Never true: the start is always reachable. Present for API symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        self.reached == 0
    }

    /// The cheapest total cost to reach `h`, or `None` when it is out of reach.
    pub fn cost(&self, h: Hex) -> Option<u32> {
        let c = self.cost[self.slot(h)?];
        (c != UNREACHED).then_some(c)
    }

    /// True when `h` is reachable within the budget.
    pub fn contains(&self, h: Hex) -> bool {
        self.cost(h).is_some()
    }

    /// The neighbour `h` is reached from on a cheapest path (`None` for the start and for
    /// hexes out of reach).
    pub fn predecessor(&self, h: Hex) -> Option<Hex> {
        let slot = self.slot(h)?;
        let d = self.came_by[slot];
        if self.cost[slot] == UNREACHED || d == NO_STEP {
            return None;
        }
        Some(h - Direction::from_index(usize::from(d)).offset())
    }

    /// A cheapest path from the start to `h` (start and `h` included), or `None`.
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
    search(start, budget, max_distance, |_, to, slot| {
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

/// [`movement_range`] where a step's cost depends on both hexes: `step(from, to)` is the
/// cost of moving from `from` to its neighbour `to`, `None` when that step is impossible
/// (a wall on the edge between them, impassable terrain). The movement rule of a map
/// (`HexMap::step_cost`) has this form.
///
/// ```
/// use hexmap_hex::{movement_range_steps, Hex};
/// // Half-price steps along r = 0.
/// let step = |a: Hex, b: Hex| Some(if a.r == 0 && b.r == 0 { 50 } else { 100 });
/// let reach = movement_range_steps(Hex::ORIGIN, 100, 2, step).unwrap();
/// assert_eq!(reach.cost(Hex::new(2, 0)), Some(100));
/// assert_eq!(reach.cost(Hex::new(0, 2)), None);
/// ```
pub fn movement_range_steps(
    start: Hex,
    budget: u32,
    max_distance: u32,
    step: impl Fn(Hex, Hex) -> Option<u32>,
) -> Result<MovementRange, MovementRangeError> {
    search(start, budget, max_distance, |from, to, _| step(from, to))
}

/// Dijkstra within `max_distance` of `start`; `step(from, to, slot of to)` prices a step.
fn search(
    start: Hex,
    budget: u32,
    max_distance: u32,
    mut step: impl FnMut(Hex, Hex, usize) -> Option<u32>,
) -> Result<MovementRange, MovementRangeError> {
    if max_distance > MAX_MOVEMENT_DISTANCE {
        return Err(MovementRangeError {
            requested: max_distance,
        });
    }
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
    let mut settled = vec![false; cells];
    // Neighbour slot offsets and hex offsets by direction.
    let w = width as isize;
    let slot_step: [isize; 6] = Direction::ALL.map(|d| {
        let o = d.offset();
        o.r as isize * w + o.q as isize
    });

    let start_slot = (radius as usize) * width + radius as usize;
    range.cost[start_slot] = 0;
    let mut open = BinaryHeap::new();
    open.push(Reverse((0u32, start_slot as u32)));
    while let Some(Reverse((g, slot))) = open.pop() {
        let slot = slot as usize;
        if settled[slot] || g > range.cost[slot] {
            continue;
        }
        settled[slot] = true;
        range.reached += 1;
        let here = range.hex_at(slot) - start;
        for (d, offset) in slot_step.iter().enumerate() {
            let off = Direction::from_index(d).offset();
            let n = here + off;
            if n.length() > radius {
                continue;
            }
            let ns = (slot as isize + offset) as usize;
            if settled[ns] {
                continue;
            }
            let Some(c) = step(start + here, start + n, ns) else {
                continue;
            };
            let Some(total) = g.checked_add(c) else {
                continue;
            };
            if total <= budget && total < range.cost[ns] {
                range.cost[ns] = total;
                range.came_by[ns] = d as u8;
                open.push(Reverse((total, ns as u32)));
            }
        }
    }
    Ok(range)
}

#[cfg(test)]
mod tests {
    use super::*;
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

    #[test]
    fn too_large_is_an_error() {
        assert!(movement_range(Hex::ORIGIN, 5, MAX_MOVEMENT_DISTANCE + 1, |_| Some(1)).is_err());
    }
}
