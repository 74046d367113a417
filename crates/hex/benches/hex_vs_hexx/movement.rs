//! Movement range and A* on a seeded terrain.

use super::common::*;
use criterion::Criterion;
use hexmap_hex::{Hex, PathLimits, a_star, movement_range};
use std::collections::HashSet;
use std::hint::black_box;

pub fn bench_movement(c: &mut Criterion) {
    let start = Hex::new(3, -7);
    // hexx charges 1 + cost(h) per step; ours charges cost(h), so ours is given 1 + cost.
    let ours_cost = |h: Hex| terrain(7, h).map(|c| c + 1);
    let hexx_cost = |h: hexx::Hex| terrain(7, from_hexx(h));
    let mut g = group(c, "movement");
    for budget in [10u32, 20, 50] {
        let got: HashSet<Hex> = movement_range(start, budget, budget, ours_cost)
            .unwrap()
            .iter()
            .map(|(h, _)| h)
            .collect();
        let want: HashSet<Hex> =
            hexx::algorithms::field_of_movement(to_hexx(start), budget, hexx_cost)
                .into_iter()
                .map(from_hexx)
                .collect();
        assert_eq!(got, want, "budget {budget}");
        eprintln!(
            "movement budget {budget}: {} hexes on both sides",
            got.len()
        );
        g.bench_function(format!("ours/budget_{budget}"), |b| {
            b.iter(|| {
                black_box(
                    movement_range(black_box(start), budget, budget, ours_cost)
                        .unwrap()
                        .len(),
                )
            })
        });
        g.bench_function(format!("hexx/budget_{budget}"), |b| {
            b.iter(|| {
                black_box(
                    hexx::algorithms::field_of_movement(
                        to_hexx(black_box(start)),
                        budget,
                        hexx_cost,
                    )
                    .len(),
                )
            })
        });
    }
    g.finish();
}

fn path_cost(path: &[Hex], cost: impl Fn(Hex) -> Option<u32>) -> u64 {
    path[1..].iter().map(|&h| u64::from(cost(h).unwrap())).sum()
}

pub fn bench_a_star(c: &mut Criterion) {
    let mut g = group(c, "a_star");
    for radius in [60i32, 200] {
        // Obstacle map: costs 1..=3 inside the map, about one hex in eight blocked, the
        // ends kept open.
        let (start, goal) = (
            Hex::new(-radius + 5, radius / 3),
            Hex::new(radius - 5, -radius / 3),
        );
        let cost = move |h: Hex| {
            if h.length() > radius {
                None
            } else if h == start || h == goal {
                Some(1)
            } else {
                terrain(11, h).map(|c| c + 1)
            }
        };
        let ours = a_star(start, goal, 1, &PathLimits::default(), cost).unwrap();
        let theirs = hexx_route(start, goal, cost);
        assert_eq!(ours.cost, path_cost(&ours.hexes, cost));
        let theirs_cost = path_cost(&theirs, cost);
        eprintln!(
            "a_star radius {radius}: ours cost {} ({} hexes), hexx cost {theirs_cost} ({} hexes)",
            ours.cost,
            ours.hexes.len(),
            theirs.len()
        );
        assert!(ours.cost <= theirs_cost);
        bench_both(&mut g, &format!("radius_{radius}"), (start, goal), 1, cost);
    }

    // A free road on plains of cost 1: from the start it runs 30 hexes north, 70 east, and
    // 30 back south-west to the goal. The straight way (40 steps) costs 40; the road 0.
    // hexx's heuristic (distance, i.e. at least 1 per step) overestimates along the road,
    // so it returns the straight way.
    let (start, goal) = (Hex::new(-20, 0), Hex::new(20, 0));
    let on_road = |h: Hex| {
        (h.q == -20 && (-30..=0).contains(&h.r))
            || (h.r == -30 && (-20..=50).contains(&h.q))
            || (h.q + h.r == 20 && (-30..=0).contains(&h.r))
    };
    let cost = move |h: Hex| {
        if h.length() > 60 {
            None
        } else if on_road(h) {
            Some(0)
        } else {
            Some(1)
        }
    };
    let ours = a_star(start, goal, 0, &PathLimits::default(), cost).unwrap();
    let theirs = hexx_route(start, goal, cost);
    let theirs_cost = path_cost(&theirs, cost);
    eprintln!(
        "a_star zero-cost road: ours cost {} ({} hexes), hexx cost {theirs_cost} ({} hexes)",
        ours.cost,
        ours.hexes.len(),
        theirs.len()
    );
    assert!(ours.cost < theirs_cost, "hexx should miss the road");
    bench_both(&mut g, "road", (start, goal), 0, cost);
    g.finish();
}

/// Times our A* (`ours/{case}`, with `min_step` as its cheapest step) and hexx's
/// (`hexx/{case}`) from `ends.0` to `ends.1` under `cost`.
fn bench_both(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    case: &str,
    (start, goal): (Hex, Hex),
    min_step: u32,
    cost: impl Fn(Hex) -> Option<u32> + Copy,
) {
    g.bench_function(format!("ours/{case}"), |b| {
        b.iter(|| {
            black_box(
                a_star(
                    black_box(start),
                    goal,
                    min_step,
                    &PathLimits::default(),
                    cost,
                )
                .unwrap()
                .cost,
            )
        })
    });
    g.bench_function(format!("hexx/{case}"), |b| {
        b.iter(|| black_box(hexx_a_star(black_box(start), goal, cost).unwrap().len()))
    });
}

/// hexx's A* route from `start` to `goal` under `cost`, as our hexes.
fn hexx_route(start: Hex, goal: Hex, cost: impl Fn(Hex) -> Option<u32>) -> Vec<Hex> {
    hexx_a_star(start, goal, cost)
        .unwrap()
        .into_iter()
        .map(from_hexx)
        .collect()
}

/// hexx's A* from `start` to `goal`, entering `h` for `cost(h)`, as hexx returns it.
fn hexx_a_star(start: Hex, goal: Hex, cost: impl Fn(Hex) -> Option<u32>) -> Option<Vec<hexx::Hex>> {
    hexx::algorithms::a_star(to_hexx(start), to_hexx(goal), |_, b| cost(from_hexx(b)))
}
