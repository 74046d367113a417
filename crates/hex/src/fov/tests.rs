use super::*;
use crate::hash::HexHashSet;

#[test]
fn open_ground_sees_everything() {
    assert_eq!(field_of_view(Hex::new(2, 2), 4, |_| false).len(), 61);
}

#[test]
fn a_wall_casts_a_shadow() {
    let wall: HexHashSet = [Hex::new(2, -1), Hex::new(2, 0), Hex::new(1, 1)]
        .into_iter()
        .collect();
    let seen: HexHashSet = field_of_view(Hex::ORIGIN, 5, |h| wall.contains(&h))
        .into_iter()
        .collect();
    for w in &wall {
        assert!(seen.contains(w), "walls are visible");
    }
    assert!(!seen.contains(&Hex::new(4, 0)));
    assert!(!seen.contains(&Hex::new(5, -1)));
    assert!(seen.contains(&Hex::new(-4, 0)));
}

#[test]
fn squeezing_between_two_blockers_along_an_edge() {
    // The segment origin → (2,−1) runs along the edge between (1,0) and (1,−1).
    let one = |h: Hex| h == Hex::new(1, 0);
    assert!(is_visible(Hex::ORIGIN, Hex::new(2, -1), one));
    let both = |h: Hex| h == Hex::new(1, 0) || h == Hex::new(1, -1);
    assert!(!is_visible(Hex::ORIGIN, Hex::new(2, -1), both));
}

#[test]
fn symmetric_on_a_sample_map() {
    let blocks = |h: Hex| (h.q * 5 + h.r * 11).rem_euclid(7) == 0;
    let a = Hex::ORIGIN;
    for b in range(a, 6) {
        assert_eq!(is_visible(a, b, blocks), is_visible(b, a, blocks));
        let from_a = field_of_view(a, 6, blocks).contains(&b);
        let from_b = field_of_view(b, 6, blocks).contains(&a);
        assert_eq!(from_a, from_b, "{a} / {b}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    /// A sees B exactly when B sees A, with random blocking hexes and random walls on
    /// edges.
    #[test]
    fn symmetric_with_walls_on_edges(seed in 0u64..u64::MAX, centre_q in -3i32..3, centre_r in -3i32..3) {
        let mix = |x: i64| {
            let mut z = (x as u64) ^ seed;
            z = (z ^ (z >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            z ^ (z >> 29)
        };
        let key = |h: Hex| i64::from(h.q) * 7919 + i64::from(h.r);
        let blocks = |h: Hex| mix(key(h)) % 11 == 0;
        let wall = |a: Hex, b: Hex| {
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            mix(key(lo) * 31 + key(hi) * 1_000_003) % 5 == 0
        };
        let a = Hex::new(centre_q, centre_r);
        let seen_from_a = field_of_view_across(a, 5, blocks, wall);
        for b in range(a, 5) {
            let there = field_of_view_across(b, 5, blocks, wall).contains(&a);
            proptest::prop_assert_eq!(seen_from_a.contains(&b), there, "{} / {}", a, b);
            proptest::prop_assert_eq!(
                is_visible_across(a, b, blocks, wall),
                is_visible_across(b, a, blocks, wall)
            );
        }
    }
}

#[test]
fn a_wall_on_an_edge_hides_what_is_behind_it() {
    // Walls on the sides between column q = 0 and column q = 1, rows −1..=1.
    let wall = |a: Hex, b: Hex| {
        let (lo, hi) = if a.q <= b.q { (a, b) } else { (b, a) };
        lo.q == 0 && hi.q == 1 && lo.r.abs() <= 1
    };
    assert!(!is_visible_across(
        Hex::ORIGIN,
        Hex::new(1, 0),
        |_| false,
        wall
    ));
    assert!(!is_visible_across(
        Hex::ORIGIN,
        Hex::new(3, 0),
        |_| false,
        wall
    ));
    assert!(is_visible_across(
        Hex::ORIGIN,
        Hex::new(-3, 0),
        |_| false,
        wall
    ));
    // Without walls the same hexes are visible: the walls did it.
    assert!(is_visible(Hex::ORIGIN, Hex::new(3, 0), |_| false));
}

#[test]
fn the_blocker_is_named_as_seen_from_the_eye() {
    // Two walls on the straight line origin → (4, 0): both nudged lines stop at the first
    // wall they meet, so each eye names the wall nearer to it.
    let walls = |h: Hex| h == Hex::new(1, 0) || h == Hex::new(3, 0);
    let no_sides = |_: Hex, _: Hex| false;
    assert_eq!(
        sight_blocker(Hex::ORIGIN, Hex::new(4, 0), walls, no_sides),
        Some(SightBlock::Hex(Hex::new(1, 0)))
    );
    assert_eq!(
        sight_blocker(Hex::new(4, 0), Hex::ORIGIN, walls, no_sides),
        Some(SightBlock::Hex(Hex::new(3, 0)))
    );
    // A wall on a side: the side, the nearer hex first.
    let side = |a: Hex, b: Hex| {
        let (lo, hi) = if a.q <= b.q { (a, b) } else { (b, a) };
        lo == Hex::new(1, 0) && hi == Hex::new(2, 0)
    };
    assert_eq!(
        sight_blocker(Hex::new(3, 0), Hex::ORIGIN, |_| false, side),
        Some(SightBlock::Side(Hex::new(2, 0), Hex::new(1, 0)))
    );
    // The far end itself never blocks: a wall is seen.
    assert_eq!(
        sight_blocker(Hex::ORIGIN, Hex::new(3, 0), walls, no_sides),
        Some(SightBlock::Hex(Hex::new(1, 0)))
    );
    assert_eq!(
        sight_blocker(Hex::ORIGIN, Hex::new(1, 0), walls, no_sides),
        None
    );
}

#[test]
fn the_blocker_of_the_line_that_runs_farther_is_named() {
    // Origin → (2, −1) runs along the side between (1, 0) and (1, −1): one nudged line
    // passes each. With (1, 0) blocking and a wall on the far side of (1, −1), the line
    // through (1, −1) gets farther (to its second side) and its side is named.
    let blocks = |h: Hex| h == Hex::new(1, 0);
    let side = |a: Hex, b: Hex| {
        let pair = |x: Hex, y: Hex| (a == x && b == y) || (a == y && b == x);
        pair(Hex::new(1, -1), Hex::new(2, -1))
    };
    assert_eq!(
        sight_blocker(Hex::ORIGIN, Hex::new(2, -1), blocks, side),
        Some(SightBlock::Side(Hex::new(1, -1), Hex::new(2, -1)))
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    /// `sight_blocker` names a blocker exactly when `is_visible_across` says no, and the
    /// blocker lies on the way: a hex strictly between the ends, or a side near the line.
    #[test]
    fn a_blocker_exactly_when_not_visible(seed in 0u64..u64::MAX, q in -6i32..6, r in -6i32..6) {
        let mix = |x: i64| {
            let mut z = (x as u64) ^ seed;
            z = (z ^ (z >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            z ^ (z >> 29)
        };
        let key = |h: Hex| i64::from(h.q) * 7919 + i64::from(h.r);
        let blocks = |h: Hex| mix(key(h)) % 7 == 0;
        let wall = |a: Hex, b: Hex| {
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            mix(key(lo) * 31 + key(hi) * 1_000_003) % 9 == 0
        };
        let a = Hex::ORIGIN;
        let b = Hex::new(q, r);
        let blocker = sight_blocker(a, b, blocks, wall);
        proptest::prop_assert_eq!(blocker.is_none(), is_visible_across(a, b, blocks, wall));
        let n = a.distance(b);
        match blocker {
            Some(SightBlock::Hex(h)) => {
                proptest::prop_assert!(blocks(h) && h != a && h != b);
                proptest::prop_assert!(h.distance(a) + h.distance(b) <= n + 1);
            }
            Some(SightBlock::Side(x, y)) => {
                proptest::prop_assert!(wall(x, y) && x.distance(y) == 1);
                proptest::prop_assert!(x.distance(a) < y.distance(a) || x.distance(b) > y.distance(b));
            }
            None => {}
        }
    }
}
