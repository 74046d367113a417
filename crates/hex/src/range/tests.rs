use super::*;
use std::collections::BTreeSet;

#[test]
fn counts() {
    assert_eq!(range(Hex::ORIGIN, 0).count(), 1);
    assert_eq!(range(Hex::ORIGIN, 2).count(), 19);
    assert_eq!(range(Hex::new(3, 4), 2).len(), 19);
    assert_eq!(range_count(2), 19);
    assert_eq!(ring(Hex::ORIGIN, 3).count(), 18);
    assert_eq!(
        ring(Hex::new(1, 1), 0).collect::<Vec<_>>(),
        [Hex::new(1, 1)]
    );
    assert_eq!(spiral(Hex::ORIGIN, 3).count(), 37);
}

#[test]
fn range_is_sorted_and_by_distance() {
    let c = Hex::new(-2, 7);
    let v: Vec<_> = range(c, 3).collect();
    assert!(v.windows(2).all(|w| w[0] < w[1]));
    assert!(v.iter().all(|h| h.distance(c) <= 3));
}

#[test]
fn ring_one_is_the_neighbours_in_walk_order() {
    let v: Vec<_> = ring(Hex::ORIGIN, 1).collect();
    // Starts at direction 4 and walks direction 0 first.
    assert_eq!(v[0], Hex::new(-1, 1));
    assert_eq!(v[1], Hex::new(0, 1));
    let set: BTreeSet<_> = v.into_iter().collect();
    let want: BTreeSet<_> = Hex::ORIGIN.neighbors().into_iter().collect();
    assert_eq!(set, want);
}

#[test]
fn ring_steps_are_adjacent_and_closed() {
    let v: Vec<_> = ring(Hex::new(2, -1), 4).collect();
    for i in 0..v.len() {
        assert_eq!(v[i].distance(v[(i + 1) % v.len()]), 1);
    }
}

#[test]
fn intersection_of_two_ranges() {
    let a = (Hex::ORIGIN, 2);
    let b = (Hex::new(3, 0), 2);
    let got: Vec<_> = range_intersection(&[a, b]).collect();
    let want: Vec<_> = range(Hex::ORIGIN, 2)
        .filter(|h| h.distance(Hex::new(3, 0)) <= 2)
        .collect();
    assert_eq!(got, want);
    assert_eq!(got.len(), 4);
    // Disjoint ranges and the empty list give nothing.
    assert_eq!(range_intersection(&[a, (Hex::new(10, 0), 2)]).count(), 0);
    assert_eq!(range_intersection(&[]).count(), 0);
    assert_eq!(range_intersection(&[]).len(), 0);
    // The O(1) count agrees with iteration, and huge ranges are cheap to build.
    let it = range_intersection(&[a, b, (Hex::new(1, 1), 3)]);
    assert_eq!(it.len(), it.clone().count());
    assert_eq!(
        range(Hex::ORIGIN, 1_000_000_000).len() as u64,
        range_count(1_000_000_000)
    );
    // Far apart (2.1e9 steps, radii 1e9): empty, found without walking any rows.
    let far = [
        (Hex::new(-1_100_000_000, 0), 1_000_000_000),
        (Hex::new(1_000_000_000, 0), 1_000_000_000),
    ];
    assert_eq!(range_intersection(&far).len(), 0);
    assert_eq!(range_intersection(&far).next(), None);
    // Just touching: the few hexes 1e9 from both centres, checked against a filter
    // over a small window.
    let near = [
        (Hex::ORIGIN, 1_000_000_000),
        (Hex::new(1_999_999_999, 0), 1_000_000_000),
    ];
    let got: Vec<_> = range_intersection(&near).collect();
    let want: Vec<_> = range(Hex::new(1_000_000_000, 0), 3)
        .filter(|h| near.iter().all(|&(c, n)| h.distance(c) <= n as i32))
        .collect();
    assert_eq!(got, want);
    assert_eq!(range_intersection(&near).len(), want.len());
    // At the rim of the coordinate space the range is cut off, never wrapped.
    let rim: Vec<_> = range(Hex::new(i32::MAX - 1, 0), 2).collect();
    // Left out: q = i32::MAX + 1 (3 hexes) and s = −i32::MAX − 1 (2 more).
    assert_eq!(rim.len(), 19 - 5);
    assert!(rim.iter().all(|h| {
        let s = -i64::from(h.q) - i64::from(h.r);
        h.q >= i32::MAX - 3 && s >= -i64::from(i32::MAX)
    }));
}

#[test]
fn wedge_widths() {
    let c = Hex::ORIGIN;
    let e = Direction::from_index(0);
    // Width 0: the ray (1,0), (2,0), (3,0) plus the centre.
    let ray: Vec<_> = wedge(c, 3, e, 0).collect();
    assert_eq!(ray, [c, Hex::new(1, 0), Hex::new(2, 0), Hex::new(3, 0)]);
    // Width 1 (±30°) includes the diagonals (2,−1) and (1,1) on its boundary but not
    // the neighbouring directions.
    assert!(in_wedge(c, e, 1, Hex::new(2, -1)));
    assert!(in_wedge(c, e, 1, Hex::new(1, 1)));
    assert!(!in_wedge(c, e, 1, Hex::new(1, -1)));
    assert!(!in_wedge(c, e, 1, Hex::new(0, 1)));
    // Radius 2, width 1: centre, (1,0), (2,0), (2,−1), (1,1).
    assert_eq!(wedge(c, 2, e, 1).count(), 5);
    // Width 2 (±60°) reaches directions 1 and 5 but not direction 2.
    assert!(in_wedge(c, e, 2, Hex::new(1, -1)));
    assert!(in_wedge(c, e, 2, Hex::new(0, 1)));
    assert!(!in_wedge(c, e, 2, Hex::new(0, -1)));
    // Width 3 is the closed half-plane q ≥ … : the perpendicular diagonals are in.
    assert!(in_wedge(c, e, 3, Hex::new(1, -2)));
    assert!(in_wedge(c, e, 3, Hex::new(-1, 2)));
    assert!(!in_wedge(c, e, 3, Hex::new(0, -1)));
    assert!(!in_wedge(c, e, 5, Hex::new(-1, 0)));
    assert!(in_wedge(c, e, 6, Hex::new(-1, 0)));
    assert_eq!(wedge(c, 4, e, 6).count(), 61);
}

#[test]
fn wedge_rotates_with_direction() {
    let c = Hex::new(4, -2);
    for d in 0..6 {
        let dir = Direction::from_index(d);
        for w in 0..=6u8 {
            let got: Vec<_> = wedge(c, 4, dir, w).map(|h| h - c).collect();
            let mut turned: Vec<_> = wedge(c, 4, Direction::from_index(0), w)
                .map(|h| (0..d).fold(h - c, |x, _| x.rotate_left()))
                .collect();
            turned.sort();
            assert_eq!(got, turned, "direction {d} width {w}");
        }
    }
}

#[test]
fn six_width_one_wedges_cover_the_range() {
    let c = Hex::new(1, 1);
    let mut union = BTreeSet::new();
    let mut total = 0;
    for d in Direction::ALL {
        let v: Vec<_> = wedge(c, 5, d, 1).collect();
        total += v.len();
        union.extend(v);
    }
    assert_eq!(union.len(), 91);
    // Overlaps are exactly the centre (6×) and the hexes on the six diagonal rays within
    // radius 5 (two per ray, 2× each).
    assert_eq!(total, 91 + 5 + 12);
}
