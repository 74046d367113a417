//! Flood fill and connected components, iterative (no recursion, no stack overflow on
//! huge regions) with a deterministic output order.

use super::Hex;
use super::hash::HexHashSet;
use std::collections::VecDeque;

/// The flood fill went past its hex limit (the region is larger, possibly unbounded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("flood fill stopped: the region has more than {limit} hexes")]
pub struct FloodLimitError {
    /// The limit that was exceeded.
    pub limit: usize,
}

/// The contiguous region of hexes satisfying `inside` that contains `start`, in
/// breadth-first order from `start` (neighbours visited in direction order 0..5), so
/// every hex comes after one of its neighbours and no later than any farther hex.
///
/// Empty when `start` itself is not inside. At most `limit` hexes are collected: a
/// larger region gives [`FloodLimitError`] (so a predicate true on an infinite region
/// cannot loop forever).
///
/// ```
/// use hexmap_hex::{flood_fill, Hex};
/// let region = flood_fill(Hex::ORIGIN, 100, |h| h.length() <= 1).unwrap();
/// assert_eq!(region.len(), 7);
/// ```
pub fn flood_fill(
    start: Hex,
    limit: usize,
    inside: impl Fn(Hex) -> bool,
) -> Result<Vec<Hex>, FloodLimitError> {
    if !inside(start) {
        return Ok(Vec::new());
    }
    let mut seen = HexHashSet::default();
    seen.insert(start);
    let mut order = vec![start];
    let mut next = 0;
    while next < order.len() {
        let h = order[next];
        next += 1;
        for n in h.neighbors() {
            if !seen.contains(&n) && inside(n) {
                if order.len() == limit {
                    return Err(FloodLimitError { limit });
                }
                seen.insert(n);
                order.push(n);
            }
        }
    }
    Ok(order)
}

/// The connected components of a set of hexes (adjacency = sharing an edge).
///
/// Each component is sorted (by r then q) and the components are ordered by their first
/// (smallest) hex, so the output depends only on the set, not on the input order.
/// Duplicates in the input are ignored.
pub fn connected_components(hexes: impl IntoIterator<Item = Hex>) -> Vec<Vec<Hex>> {
    let mut all: Vec<Hex> = hexes.into_iter().collect();
    all.sort_unstable();
    all.dedup();
    let mut unvisited: HexHashSet = all.iter().copied().collect();
    let mut components = Vec::new();
    let mut queue = VecDeque::new();
    for &seed in &all {
        if !unvisited.remove(&seed) {
            continue;
        }
        let mut component = vec![seed];
        queue.push_back(seed);
        while let Some(h) = queue.pop_front() {
            for n in h.neighbors() {
                if unvisited.remove(&n) {
                    component.push(n);
                    queue.push_back(n);
                }
            }
        }
        component.sort_unstable();
        components.push(component);
    }
    components
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::range;

    #[test]
    fn fill_stops_at_walls() {
        // A ring of radius 2 walls off the inner 7 hexes.
        let wall: HexHashSet = crate::ring(Hex::ORIGIN, 2).collect();
        let inner =
            flood_fill(Hex::ORIGIN, 1000, |h| h.length() <= 5 && !wall.contains(&h)).unwrap();
        assert_eq!(inner.len(), 7);
        assert_eq!(inner[0], Hex::ORIGIN);
        let outer = flood_fill(Hex::new(3, 0), 1000, |h| {
            h.length() <= 5 && !wall.contains(&h)
        })
        .unwrap();
        assert_eq!(outer.len(), 91 - 7 - 12);
    }

    #[test]
    fn fill_outside_start_and_limit() {
        assert!(flood_fill(Hex::ORIGIN, 10, |_| false).unwrap().is_empty());
        assert_eq!(
            flood_fill(Hex::ORIGIN, 10, |_| true),
            Err(FloodLimitError { limit: 10 })
        );
        assert_eq!(
            flood_fill(Hex::ORIGIN, 7, |h| h.length() <= 1)
                .unwrap()
                .len(),
            7
        );
    }

    #[test]
    fn components_split_and_sort() {
        let a = range(Hex::ORIGIN, 1);
        let b = range(Hex::new(5, 0), 0);
        let c = [Hex::new(-5, 0), Hex::new(-5, 1)];
        let mut input: Vec<Hex> = a.chain(b).chain(c).collect();
        input.reverse();
        input.push(Hex::ORIGIN);
        let comps = connected_components(input);
        assert_eq!(comps.len(), 3);
        assert_eq!(comps[0].len(), 7);
        assert_eq!(comps[0][0], Hex::new(0, -1));
        // (−5,0) sorts before (5,0): same row, smaller q.
        assert_eq!(comps[1], vec![Hex::new(-5, 0), Hex::new(-5, 1)]);
        assert_eq!(comps[2], vec![Hex::new(5, 0)]);
    }
}
