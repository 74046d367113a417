use super::*;
use crate::GridSearch;

/// A parallelogram grid `W` × `W`, indexed row by row.
const W: i32 = 24;

fn index(h: Hex) -> Option<usize> {
    ((0..W).contains(&h.q) && (0..W).contains(&h.r)).then(|| (h.r * W + h.q) as usize)
}

/// Terrain costing 1 to 4 by a fixed pattern, a wall on q = 12 with a gap at r = 20, and a
/// wall across the step between (5,5) and (6,5) only.
fn step(from: Hex, to: Hex) -> Option<u32> {
    index(to)?;
    if to.q == 12 && to.r != 20 {
        return None;
    }
    let side = |a: Hex, b: Hex| a == Hex::new(5, 5) && b == Hex::new(6, 5);
    if side(from, to) || side(to, from) {
        return None;
    }
    Some(1 + ((to.q * 7 + to.r * 13) % 4) as u32)
}

fn fresh(start: Hex, goal: Hex, limits: &PathLimits) -> Result<Route, PathError> {
    grid(start).route_to(goal, limits, index, |s| step(s.from, s.to))
}

/// The test grid's search from `start`, every step costing at least 1.
fn grid(start: Hex) -> GridSearch {
    GridSearch::new(start, (W * W) as usize).min_step_cost(1)
}

/// `path` runs from `start` to `goal` through possible steps and costs `path.cost`.
fn assert_valid(path: &Route, start: Hex, goal: Hex) {
    assert_eq!(path.hexes.first(), Some(&start));
    assert_eq!(path.hexes.last(), Some(&goal));
    let sum: u64 = path
        .hexes
        .windows(2)
        .map(|w| u64::from(step(w[0], w[1]).expect("a possible step")))
        .sum();
    assert_eq!(sum, path.cost);
}

#[test]
fn every_goal_in_turn_costs_what_a_fresh_search_finds() {
    let start = Hex::new(2, 3);
    let limits = PathLimits::default();
    let mut search = grid(start).reusable();
    // Far, near, back across the wall, hex by hex along a row, and the start itself.
    let mut goals = vec![
        Hex::new(20, 20),
        Hex::new(3, 3),
        Hex::new(6, 5),
        Hex::new(23, 0),
    ];
    goals.extend((0..W).map(|q| Hex::new(q, 10)));
    goals.push(start);
    for goal in goals {
        let reused = search.route_to(goal, &limits, index, step);
        let expected = fresh(start, goal, &limits);
        match (&reused, &expected) {
            (Ok(r), Ok(e)) => {
                assert_eq!(r.cost, e.cost, "goal {goal:?}");
                assert_valid(r, start, goal);
            }
            _ => assert_eq!(reused, expected, "goal {goal:?}"),
        }
    }
}

#[test]
fn a_settled_goal_needs_no_new_expansion() {
    let start = Hex::new(0, 0);
    let mut search = grid(start).reusable();
    let far = search
        .route_to(Hex::new(10, 10), &PathLimits::default(), index, step)
        .unwrap();
    // A hex on the way was settled on the way: no expansion allowed, still answered.
    let none = PathLimits {
        max_expansions: 0,
        max_cost: None,
    };
    let midway = far.hexes[far.hexes.len() / 2];
    let near = search.route_to(midway, &none, index, step).unwrap();
    let expected = fresh(start, midway, &PathLimits::default()).unwrap();
    assert_eq!(near.cost, expected.cost);
    assert_valid(&near, start, midway);
    // A fresh search with the same limit cannot do it.
    assert_eq!(fresh(start, midway, &none), Err(PathError::LimitReached));
}

#[test]
fn a_stopped_query_leaves_the_search_usable() {
    let start = Hex::new(1, 1);
    let goal = Hex::new(22, 21);
    let mut search = grid(start).reusable();
    let exact = fresh(start, goal, &PathLimits::default()).unwrap();
    let tight = PathLimits {
        max_expansions: usize::MAX,
        max_cost: Some(exact.cost - 1),
    };
    assert_eq!(
        search.route_to(goal, &tight, index, step),
        Err(PathError::LimitReached)
    );
    let few = PathLimits {
        max_expansions: 5,
        max_cost: None,
    };
    assert_eq!(
        search.route_to(Hex::new(20, 2), &few, index, step),
        Err(PathError::LimitReached)
    );
    let found = search
        .route_to(goal, &PathLimits::default(), index, step)
        .unwrap();
    assert_eq!(found.cost, exact.cost);
    assert_valid(&found, start, goal);
    // Now settled, the goal is still refused under a cost bound below its cost.
    assert_eq!(
        search.route_to(goal, &tight, index, step),
        Err(PathError::LimitReached)
    );
}

#[test]
fn unreachable_goals_and_starts() {
    // Wall off (20,5) with its own ring of impassable steps.
    let ring = |h: Hex| h.distance(Hex::new(20, 5)) == 1;
    let walled = |from: Hex, to: Hex| if ring(to) { None } else { step(from, to) };
    let limits = PathLimits::default();
    let mut search = RouteSearch::new(Hex::new(0, 0), 1, (W * W) as usize);
    // Every step into the goal is impossible (found without searching) …
    assert_eq!(
        search.route_to(Hex::new(20, 4), &limits, index, walled),
        Err(PathError::Unreachable)
    );
    // … the goal is enclosed (found by searching everything) …
    assert_eq!(
        search.route_to(Hex::new(20, 5), &limits, index, walled),
        Err(PathError::Unreachable)
    );
    // … or off the grid; a reachable goal afterwards is still found.
    assert_eq!(
        search.route_to(Hex::new(-1, 3), &limits, index, |_, _| Some(1)),
        Err(PathError::Unreachable)
    );
    let ok = search
        .route_to(Hex::new(3, 3), &limits, index, walled)
        .unwrap();
    let expected =
        grid(Hex::new(0, 0)).route_to(Hex::new(3, 3), &limits, index, |s| walled(s.from, s.to));
    assert_eq!(ok.cost, expected.unwrap().cost);
    // A start off the grid reaches nothing but itself.
    let mut outside = RouteSearch::new(Hex::new(-5, 0), 1, (W * W) as usize);
    assert_eq!(outside.start(), Hex::new(-5, 0));
    assert_eq!(
        outside.route_to(Hex::new(2, 2), &limits, index, step),
        Err(PathError::Unreachable)
    );
    assert_eq!(
        outside
            .route_to(Hex::new(-5, 0), &limits, index, step)
            .unwrap()
            .cost,
        0
    );
}
