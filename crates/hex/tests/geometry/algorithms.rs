//! Property tests of the hex algorithms (range, line, transform, flood,
//! pathfind, movement, fov) against their definitions and simple reference versions.

use hexmap_hex::{
    Axis, Direction, FracHex, GridSearch, Hex, PathLimits, a_star, connected_components,
    field_of_view, flood_fill, in_wedge, is_visible, line, line_supercover, movement_range, range,
    range_count, range_intersection, reflect, ring, rotate, spiral, wedge,
};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

fn hex_near(limit: i32) -> impl Strategy<Value = Hex> {
    (-limit..=limit, -limit..=limit).prop_map(|(q, r)| Hex::new(q, r))
}

/// A random map over the hexes within `radius` of the origin: one entry per hex of
/// `range(ORIGIN, radius)`, in that order.
fn cells<T: std::fmt::Debug>(
    radius: u32,
    cell: impl Strategy<Value = T> + Clone,
) -> impl Strategy<Value = Vec<T>> {
    proptest::collection::vec(cell, range_count(radius) as usize)
}

fn as_map<T: Clone>(radius: u32, values: &[T]) -> HashMap<Hex, T> {
    range(Hex::ORIGIN, radius)
        .zip(values.iter().cloned())
        .collect()
}

proptest! {
    #[test]
    fn range_ring_spiral_counts_and_distances(c in hex_near(1_000_000), n in 0u32..25) {
        let v: Vec<Hex> = range(c, n).collect();
        prop_assert_eq!(v.len() as u64, range_count(n));
        prop_assert_eq!(v.len() as u64, 3 * u64::from(n) * u64::from(n) + 3 * u64::from(n) + 1);
        prop_assert!(v.windows(2).all(|w| w[0] < w[1]), "sorted by r then q, no repeats");
        prop_assert!(v.iter().all(|h| h.distance(c) <= n as i32));
        // Nothing within the distance is missing: compare with the bounding box.
        let boxed = (-(n as i32)..=n as i32)
            .flat_map(|dq| (-(n as i32)..=n as i32).map(move |dr| c + Hex::new(dq, dr)))
            .filter(|h| h.distance(c) <= n as i32)
            .count();
        prop_assert_eq!(boxed, v.len());

        let ring_v: Vec<Hex> = ring(c, n).collect();
        prop_assert_eq!(ring_v.len(), if n == 0 { 1 } else { 6 * n as usize });
        prop_assert!(ring_v.iter().all(|h| h.distance(c) == n as i32));
        let ring_set: BTreeSet<Hex> = ring_v.iter().copied().collect();
        prop_assert_eq!(ring_set.len(), ring_v.len());
        if n > 0 {
            for i in 0..ring_v.len() {
                prop_assert_eq!(ring_v[i].distance(ring_v[(i + 1) % ring_v.len()]), 1);
            }
        }

        let sp: Vec<Hex> = spiral(c, n).collect();
        prop_assert_eq!(sp[0], c);
        prop_assert!(sp.windows(2).all(|w| w[0].distance(c) <= w[1].distance(c)));
        let sp_set: BTreeSet<Hex> = sp.iter().copied().collect();
        prop_assert_eq!(sp_set, v.into_iter().collect::<BTreeSet<_>>());
    }

    #[test]
    fn intersection_equals_filtering(
        ranges in proptest::collection::vec((hex_near(12), 0u32..10), 1..4)
    ) {
        let got: Vec<Hex> = range_intersection(&ranges).collect();
        let (c0, n0) = ranges[0];
        let want: Vec<Hex> = range(c0, n0)
            .filter(|h| ranges.iter().all(|&(c, n)| h.distance(c) <= n as i32))
            .collect();
        prop_assert_eq!(range_intersection(&ranges).len(), want.len());
        prop_assert_eq!(got, want);
    }

    #[test]
    fn wedge_is_a_filtered_range_and_grows_with_width(
        c in hex_near(100), n in 0u32..8, d in 0usize..6, w in 0u8..6
    ) {
        let dir = Direction::from_index(d);
        let narrow: BTreeSet<Hex> = wedge(c, n, dir, w).collect();
        let wide: BTreeSet<Hex> = wedge(c, n, dir, w + 1).collect();
        prop_assert!(narrow.is_subset(&wide));
        prop_assert!(narrow.contains(&c));
        // The facing ray is always inside; the opposite ray only at width 6.
        if n > 0 {
            prop_assert!(in_wedge(c, dir, w, c.neighbor(dir)));
            prop_assert_eq!(in_wedge(c, dir, w, c.neighbor(dir.opposite())), false);
        }
        // Mirror symmetry about the facing axis: turned so the facing direction is 0,
        // the mirror (q, r, s) → (−s, −r, −q) maps the wedge onto itself.
        for &h in &narrow {
            let rel = rotate(h, c, -(d as i32)) - c;
            let back = rotate(c + Hex::new(-rel.s(), -rel.r), c, d as i32);
            prop_assert!(narrow.contains(&back), "{:?} mirrors to {:?}", h, back);
        }
    }

    #[test]
    fn line_length_and_adjacency(a in hex_near(1_000_000), d in hex_near(300)) {
        let b = a + d;
        let v = line(a, b);
        prop_assert_eq!(v.len(), a.distance(b) as usize + 1);
        prop_assert_eq!(v[0], a);
        prop_assert_eq!(*v.last().unwrap(), b);
        prop_assert!(v.windows(2).all(|w| w[0].distance(w[1]) == 1));
        // The i-th hex is i steps from a.
        for (i, h) in v.iter().enumerate() {
            prop_assert_eq!(h.distance(a) as usize, i);
        }
    }

    #[test]
    fn line_is_translation_invariant(a in hex_near(1_000_000_000), d in hex_near(200)) {
        let here: Vec<Hex> = line(a, a + d).into_iter().map(|h| h - a).collect();
        let origin = line(Hex::ORIGIN, d);
        prop_assert_eq!(here, origin);
    }

    #[test]
    fn supercover_contiguous_symmetric_and_covers(a in hex_near(1000), d in hex_near(40)) {
        let b = a + d;
        let cover = line_supercover(a, b);
        prop_assert_eq!(cover[0], a);
        prop_assert_eq!(*cover.last().unwrap(), b);
        prop_assert!(cover.windows(2).all(|w| w[0].distance(w[1]) == 1), "{:?}", cover);
        let set: BTreeSet<Hex> = cover.iter().copied().collect();
        prop_assert_eq!(set.len(), cover.len());
        for h in line(a, b) {
            prop_assert!(set.contains(&h));
        }
        let back: BTreeSet<Hex> = line_supercover(b, a).into_iter().collect();
        prop_assert_eq!(&set, &back);
        // Independent check: the hex under each of many points along the segment (where
        // rounding is unambiguous) is in the cover.
        let n = 997;
        for k in 0..=n {
            let t = f64::from(k) / f64::from(n);
            let p = FracHex::from(a).lerp(FracHex::from(b), t);
            let h = p.round();
            let (dq, dr) = (p.q - f64::from(h.q), p.r - f64::from(h.r));
            let ds = -dq - dr;
            let m = (dq - dr).abs().max((dr - ds).abs()).max((ds - dq).abs());
            if m < 0.999 {
                prop_assert!(set.contains(&h), "sample {} → {:?}", k, h);
            }
        }
        // Nothing is listed that the segment stays clearly away from: every hex is within
        // one step of the plain line.
        let plain: Vec<Hex> = line(a, b);
        for h in &cover {
            prop_assert!(plain.iter().any(|p| p.distance(*h) <= 1));
        }
    }

    #[test]
    fn rotations_and_reflections(h in hex_near(100_000), c in hex_near(100_000), k in -20i32..20) {
        let mut x = h;
        for _ in 0..6 {
            x = rotate(x, c, 1);
        }
        prop_assert_eq!(x, h);
        prop_assert_eq!(rotate(h, c, k).distance(c), h.distance(c));
        prop_assert_eq!(rotate(rotate(h, c, k), c, -k), h);
        prop_assert_eq!(rotate(rotate(h, c, k), c, 1), rotate(h, c, k + 1));
        for axis in Axis::ALL {
            prop_assert_eq!(reflect(reflect(h, c, axis), c, axis), h);
            prop_assert_eq!(reflect(h, c, axis).distance(c), h.distance(c));
            // A reflection reverses orientation: reflect∘rotate = rotate⁻¹∘reflect.
            prop_assert_eq!(
                reflect(rotate(h, c, k), c, axis),
                rotate(reflect(h, c, axis), c, -k)
            );
        }
    }

    #[test]
    fn a_star_matches_dijkstra_and_paths_are_valid(
        costs in cells(8, prop_oneof![1 => Just(None), 4 => (0u32..5).prop_map(Some)]),
        start_i in 0usize..217,
        goal_i in 0usize..217,
    ) {
        let map = as_map(8, &costs);
        let hexes: Vec<Hex> = range(Hex::ORIGIN, 8).collect();
        let (start, goal) = (hexes[start_i], hexes[goal_i]);
        let cost = |h: Hex| map.get(&h).copied().flatten();
        let min_step = costs.iter().flatten().copied().min().unwrap_or(0);
        // The whole map lies within 16 steps of any of its hexes.
        let reach = movement_range(start, u32::MAX, 16, cost).unwrap();
        // The dense variant indexes the radius-8 disc by sorted position.
        let mut sorted = hexes.clone();
        sorted.sort();
        let index = |h: Hex| sorted.binary_search(&h).ok();
        for min in [0, min_step] {
            let found = a_star(start, goal, min, &PathLimits::default(), cost);
            let grid = GridSearch::new(start, sorted.len()).min_step_cost(min);
            let dense = grid.route_to(goal, &PathLimits::default(), index, |s| cost(s.to));
            prop_assert_eq!(&dense, &found, "the dense search finds the same path");
            match (reach.cost(goal), found) {
                (Some(best), Ok(path)) => {
                    prop_assert_eq!(path.cost, u64::from(best));
                    prop_assert_eq!(path.hexes[0], start);
                    prop_assert_eq!(*path.hexes.last().unwrap(), goal);
                    prop_assert!(path.hexes.windows(2).all(|w| w[0].distance(w[1]) == 1));
                    let sum: Option<u64> = path.hexes[1..]
                        .iter()
                        .map(|&h| cost(h).map(u64::from))
                        .sum();
                    prop_assert_eq!(sum, Some(path.cost));
                }
                (None, Err(e)) => prop_assert_eq!(e, hexmap_hex::PathError::Unreachable),
                (want, got) => prop_assert!(false, "dijkstra {:?} vs a* {:?}", want, got),
            }
        }
        // The movement range's own paths are valid and add up.
        for (h, c) in reach.iter() {
            let p = reach.path_to(h).unwrap();
            prop_assert_eq!(p[0], start);
            let sum: u32 = p[1..].iter().map(|&x| cost(x).unwrap()).sum();
            prop_assert_eq!(sum, c);
        }
    }

    #[test]
    fn movement_range_matches_a_reference_relaxation(
        costs in cells(7, prop_oneof![1 => Just(None), 4 => (0u32..4).prop_map(Some)]),
        budget in 0u32..12,
    ) {
        let map = as_map(7, &costs);
        let cost = |h: Hex| map.get(&h).copied().flatten();
        let got: HashMap<Hex, u32> = movement_range(Hex::ORIGIN, budget, 7, cost)
            .unwrap()
            .iter()
            .collect();
        // Bellman-Ford style reference over the whole map.
        let mut best: HashMap<Hex, u32> = HashMap::from([(Hex::ORIGIN, 0)]);
        let mut changed = true;
        while changed {
            changed = false;
            for h in range(Hex::ORIGIN, 7) {
                let Some(c) = cost(h) else { continue };
                if h == Hex::ORIGIN { continue; }
                let via = h.neighbors().iter().filter_map(|n| best.get(n)).min().copied();
                if let Some(v) = via {
                    let total = v + c;
                    if best.get(&h).is_none_or(|&old| total < old) {
                        best.insert(h, total);
                        changed = true;
                    }
                }
            }
        }
        best.retain(|_, c| *c <= budget);
        prop_assert_eq!(got, best);
    }

    #[test]
    fn field_of_view_is_symmetric(
        walls in cells(7, proptest::bool::weighted(0.3)),
        a_i in 0usize..169,
        b_i in 0usize..169,
    ) {
        let map = as_map(7, &walls);
        let blocks = |h: Hex| map.get(&h).copied().unwrap_or(false);
        let hexes: Vec<Hex> = range(Hex::ORIGIN, 7).collect();
        let (a, b) = (hexes[a_i], hexes[b_i]);
        prop_assert_eq!(is_visible(a, b, blocks), is_visible(b, a, blocks));
        let radius = a.distance(b) as u32 + 1;
        let from_a = field_of_view(a, radius, blocks);
        let from_b = field_of_view(b, radius, blocks);
        prop_assert_eq!(from_a.contains(&b), from_b.contains(&a));
        // The field of view is exactly the range filtered by the pairwise rule.
        let want: Vec<Hex> = range(a, radius).filter(|&h| is_visible(a, h, blocks)).collect();
        prop_assert_eq!(from_a, want);
    }

    #[test]
    fn flood_fill_matches_reference_bfs(
        open in cells(8, proptest::bool::weighted(0.6)),
        start_i in 0usize..217,
    ) {
        let map = as_map(8, &open);
        let inside = |h: Hex| map.get(&h).copied().unwrap_or(false);
        let start = range(Hex::ORIGIN, 8).nth(start_i).unwrap();
        let got = flood_fill(start, 10_000, inside).unwrap();
        // Reference: plain BFS with a std HashSet.
        let mut want = HashSet::new();
        if inside(start) {
            let mut queue = VecDeque::from([start]);
            want.insert(start);
            while let Some(h) = queue.pop_front() {
                for n in h.neighbors() {
                    if inside(n) && want.insert(n) {
                        queue.push_back(n);
                    }
                }
            }
        }
        prop_assert_eq!(got.len(), want.len());
        prop_assert_eq!(got.iter().copied().collect::<HashSet<_>>(), want);
        // Breadth-first: each hex after the first has an earlier neighbour.
        for (i, h) in got.iter().enumerate().skip(1) {
            prop_assert!(got[..i].iter().any(|p| p.distance(*h) == 1));
        }
        // Components: a partition of the open set, each one a flood fill.
        let all: Vec<Hex> = map.iter().filter(|(_, o)| **o).map(|(h, _)| *h).collect();
        let comps = connected_components(all.iter().copied());
        prop_assert_eq!(comps.iter().map(Vec::len).sum::<usize>(), all.len());
        for comp in &comps {
            let mut filled = flood_fill(comp[0], 10_000, inside).unwrap();
            filled.sort();
            prop_assert_eq!(&filled, comp);
        }
        prop_assert!(comps.windows(2).all(|w| w[0][0] < w[1][0]));
    }
}
