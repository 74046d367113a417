use super::*;
use crate::hash::HexHashSet;

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
    let ring: HexHashSet = crate::ring(Hex::new(5, 0), 1).collect();
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

#[test]
fn a_wall_on_a_side_sends_a_step_search_round_it() {
    // A wall on the side between the origin and (1,0): going round costs 2.
    let wall = |a: Hex, b: Hex| {
        (a == Hex::ORIGIN && b == Hex::new(1, 0)) || (b == Hex::ORIGIN && a == Hex::new(1, 0))
    };
    let step = |a: Hex, b: Hex| (!wall(a, b) && b.length() <= 3).then_some(1);
    let path = a_star_steps(Hex::ORIGIN, Hex::new(1, 0), 1, &PathLimits::default(), step);
    assert_eq!(path.unwrap().cost, 2);
}
