//! The movement rule on the 1000 × 1000 map: A* across ~1,000 hexes and a
//! movement range (budget 100) on terrain only, then with 10,000 edge features (rivers,
//! streams, walls, cliffs, fords at seeded random sides) and a road grid (a road along
//! every 50th row and column). Each A* is also run through the search as it was before
//! the radix queue (benches/baseline/binary_heap_a_star.rs), in the same run, for a ratio
//! on this shared and noisy machine.
//!
//! The group `route_search_pointer` times the path overlay's case: a [`hex::RouteSearch`]
//! from one anchor while the goal follows the pointer, against fresh A* per goal.
//!
//! `cargo bench --no-default-features --bench movement_rule`. Results: docs/BENCHMARKS.md,
//! "Movement rule".

#[path = "../examples/support/terrain.rs"]
mod terrain;

#[path = "baseline/binary_heap_a_star.rs"]
mod baseline;

use criterion::{Criterion, criterion_group, criterion_main};
use hexmap::hex::{self, Direction, Edge, Hex, OffsetCoord, OffsetKind, PathLimits};
use hexmap::map::{EdgeTypeId, HexMap, MapPath, PathTypeId};
use std::hint::black_box;
use std::time::Duration;

/// A small deterministic generator (xorshift), so every run uses the same features.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `map` with 10,000 edge features of the five standard types at random sides, and roads
/// along every 50th row and every 50th column (the standard road costs ½).
fn with_features(mut map: HexMap) -> HexMap {
    let kind = OffsetKind::OddR;
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut placed = 0;
    while placed < 10_000 {
        let col = (rng.next() % 1000) as i32;
        let row = (rng.next() % 1000) as i32;
        let d = Direction::from_index((rng.next() % 6) as usize);
        let e = Edge::new(kind.to_hex(OffsetCoord::new(col, row)), d);
        let t = EdgeTypeId::new((rng.next() % 5 + 1) as u16);
        if map.edge(e).is_none() && map.set_edge(e, t).is_ok() {
            placed += 1;
        }
    }
    let road = PathTypeId::new(1).expect("road");
    for line in (0..1000).step_by(50) {
        let row: Vec<Hex> = (0..1000)
            .map(|c| kind.to_hex(OffsetCoord::new(c, line)))
            .collect();
        // A column of odd-r cells zigzags; join consecutive cells with the hex line.
        let mut column: Vec<Hex> = vec![kind.to_hex(OffsetCoord::new(line, 0))];
        for r in 1..1000 {
            let next = kind.to_hex(OffsetCoord::new(line, r));
            let last = *column.last().expect("non-empty");
            column.extend(hex::line(last, next).into_iter().skip(1));
        }
        for hexes in [row, column] {
            let hexes: Vec<Hex> = hexes.into_iter().filter(|h| map.contains(*h)).collect();
            let id = map.paths().next_id();
            map.insert_path(MapPath {
                gm_only: false,
                id,
                kind: road,
                hexes,
            })
            .expect("a road of neighbouring cells");
        }
    }
    map
}

/// The A* endpoints: cells of one row ≥ 900 apart, connected on every map given.
fn endpoints(maps: &[&HexMap]) -> (Hex, Hex) {
    let kind = OffsetKind::OddR;
    for row in (100..900).step_by(37) {
        for c0 in 0..100 {
            let a = kind.to_hex(OffsetCoord::new(c0, row));
            if maps.iter().any(|m| m.entry_cost(a).is_none()) {
                continue;
            }
            for c in (900..1000).rev() {
                let b = kind.to_hex(OffsetCoord::new(c, row));
                if maps.iter().all(|m| m.route(a, b).is_ok()) {
                    return (a, b);
                }
            }
        }
    }
    panic!("no connected pair ≥ 900 hexes apart")
}

fn rule(c: &mut Criterion) {
    let mut g = c.benchmark_group("movement_rule");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    let plain = terrain::varied_map(1000, 1000, 7);
    let featured = with_features(plain.clone());
    let (a, b) = endpoints(&[&plain, &featured]);
    let centre = OffsetKind::OddR.to_hex(OffsetCoord::new(500, 500));
    for (name, map) in [("terrain_only", &plain), ("edges_and_roads", &featured)] {
        let p = map.route(a, b).expect("connected");
        let reach = map.reach(centre, 100 * 100).expect("within limits");
        eprintln!(
            "{name}: route {:?} → {:?}: cost {} in {} steps (distance {}); reach 100 from the centre: {} cells",
            OffsetKind::OddR.from_hex(a),
            OffsetKind::OddR.from_hex(b),
            p.cost as f64 / 100.0,
            p.hexes.len() - 1,
            a.distance(b),
            reach.len()
        );
        g.bench_function(format!("a_star_across_1000/{name}"), |bch| {
            bch.iter(|| black_box(map.route(black_box(a), black_box(b))))
        });
        let limits = PathLimits {
            max_expansions: map.cell_count(),
            max_cost: None,
        };
        let old = || {
            baseline::a_star_dense_steps(
                a,
                b,
                map.min_step(),
                &limits,
                map.cell_count(),
                |h| map.shape().index_of(h),
                |x, y| map.step_cost(x, y),
            )
        };
        assert_eq!(old().map(|p| p.cost), Ok(p.cost), "the old search agrees");
        g.bench_function(
            format!("a_star_across_1000/{name}/binary_heap_before"),
            |bch| bch.iter(|| black_box(old())),
        );
        g.bench_function(format!("movement_budget_100/{name}"), |bch| {
            bch.iter(|| black_box(map.reach(black_box(centre), 100 * 100)))
        });
    }
    g.finish();
}

/// The pointer's goals for the path overlay case: from (990, 100) to (999, 100) hex by hex,
/// then back and forth along rows 101, 99, 102 and 98 (odd-r offset), 50 goals in all.
fn pointer_goals() -> Vec<Hex> {
    let kind = OffsetKind::OddR;
    let mut goals = Vec::new();
    for (i, row) in [100, 101, 99, 102, 98].into_iter().enumerate() {
        let cols: Vec<i32> = if i % 2 == 0 {
            (990..1000).collect()
        } else {
            (990..1000).rev().collect()
        };
        goals.extend(
            cols.into_iter()
                .map(|c| kind.to_hex(OffsetCoord::new(c, row))),
        );
    }
    goals
}

/// The path overlay's case: one anchor, a goal that follows the pointer. The
/// first query of a [`hex::RouteSearch`], then the 49 queries after it, against a fresh
/// A* per goal in the same run; and the median and slowest single query of one walk.
fn pointer(c: &mut Criterion) {
    let mut g = c.benchmark_group("route_search_pointer");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    let plain = terrain::varied_map(1000, 1000, 7);
    let featured = with_features(plain.clone());
    let anchor = OffsetKind::OddR.to_hex(OffsetCoord::new(0, 100));
    let goals = pointer_goals();
    let limits = PathLimits::default();
    for (name, map) in [("terrain_only", &plain), ("edges_and_roads", &featured)] {
        let index = |h: Hex| map.shape().index_of(h);
        let step = |x: Hex, y: Hex| map.step_cost(x, y);
        let grid = hex::GridSearch::new(anchor, map.cell_count()).min_step_cost(map.min_step());
        let primed = || {
            let mut search = grid.reusable();
            let first = search.route_to(goals[0], &limits, index, step);
            (search, first)
        };
        let fresh = |goal: Hex| grid.route_to(goal, &limits, index, |s| step(s.from, s.to));
        // Every answer costs what fresh A* finds, and one walk's per-query times.
        let (mut search, first) = primed();
        assert_eq!(first.map(|p| p.cost), fresh(goals[0]).map(|p| p.cost));
        let mut times = Vec::new();
        for &goal in &goals[1..] {
            let t = std::time::Instant::now();
            let reused = search.route_to(goal, &limits, index, step);
            times.push(t.elapsed());
            assert_eq!(reused.map(|p| p.cost), fresh(goal).map(|p| p.cost));
        }
        times.sort();
        eprintln!(
            "{name}: {} queries after the first: median {:?}, slowest {:?}",
            times.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        );
        g.bench_function(format!("first_query/{name}"), |bch| {
            bch.iter(|| black_box(primed().1))
        });
        g.bench_function(format!("49_queries_after_the_first/{name}"), |bch| {
            bch.iter_batched(
                || primed().0,
                |mut search| {
                    for &goal in &goals[1..] {
                        black_box(search.route_to(goal, &limits, index, step).ok());
                    }
                },
                criterion::BatchSize::PerIteration,
            )
        });
        g.bench_function(format!("49_fresh_a_star/{name}"), |bch| {
            bch.iter(|| {
                for &goal in &goals[1..] {
                    black_box(fresh(goal).ok());
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, rule, pointer);
criterion_main!(benches);
