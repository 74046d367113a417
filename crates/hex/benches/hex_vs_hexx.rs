//! Hex core against the `hexx` crate 0.25 on the same inputs.
//!
//! Every pair is checked once in its setup, outside the timed loop (equal results, or, where
//! hexx is knowingly inexact, its mismatch count printed to stderr). Timings are medians of
//! small criterion samples: the machine is shared, see docs/BENCHMARKS.md.

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use hexmap_hex::{
    DoubledKind, Hex, Layout, OffsetCoord, OffsetKind, Orientation, PathLimits, Point, a_star,
    field_of_view, line, movement_range, range, ring, spiral,
};
use hexx::{DoubledHexMode, HexLayout, HexOrientation, OffsetHexMode, Vec2};
use std::collections::HashSet;
use std::hint::black_box;
use std::time::Duration;

/// SplitMix64: a tiny seeded generator, so both sides get identical inputs every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn to_hexx(h: Hex) -> hexx::Hex {
    hexx::Hex::new(h.q, h.r)
}

fn from_hexx(h: hexx::Hex) -> Hex {
    Hex::new(h.x, h.y)
}

fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    g
}

// ---------------------------------------------------------------------------------------
// pixel → hex

fn bench_pick(c: &mut Criterion) {
    // Unit hexes (size 1) at the origin, pointy, on both sides: hexx's matrices are ours.
    let ours = Layout::regular(Orientation::Pointy, 1.0).unwrap();
    let theirs = HexLayout::pointy().with_hex_size(1.0);
    let mut g = group(c, "pick_1M");
    for (name, centre) in [("near_origin", 0.0f64), ("at_1e5", 1e5), ("at_1e6", 1e6)] {
        let mut rng = Rng(0x5eed_0000 + centre as u64);
        // f32 points (hexx's input type), widened exactly to f64 for ours: the same points.
        let pts32: Vec<Vec2> = (0..1_000_000)
            .map(|_| {
                let x = (centre + (rng.unit() - 0.5) * 100.0) as f32;
                let y = (centre + (rng.unit() - 0.5) * 100.0) as f32;
                Vec2::new(x, y)
            })
            .collect();
        let pts64: Vec<Point> = pts32
            .iter()
            .map(|p| Point::new(f64::from(p.x), f64::from(p.y)))
            .collect();
        let mismatches = pts64
            .iter()
            .zip(&pts32)
            .filter(|(a, b)| {
                ours.pixel_to_hex(**a) != Some(from_hexx(theirs.world_pos_to_hex(**b)))
            })
            .count();
        eprintln!(
            "pick {name}: hexx differs from the exact hex on {mismatches} of 1000000 points ({:.3} %)",
            mismatches as f64 / 1e4
        );
        if centre == 0.0 {
            assert!(mismatches < 10, "near the origin both must agree");
        }
        g.bench_function(format!("ours/{name}"), |b| {
            b.iter(|| {
                let mut acc = 0i64;
                for &p in &pts64 {
                    let h = ours.pixel_to_hex(black_box(p)).unwrap();
                    acc = acc.wrapping_mul(31).wrapping_add(i64::from(h.q ^ h.r));
                }
                black_box(acc)
            })
        });
        g.bench_function(format!("hexx/{name}"), |b| {
            b.iter(|| {
                let mut acc = 0i64;
                for &p in &pts32 {
                    let h = theirs.world_pos_to_hex(black_box(p));
                    acc = acc.wrapping_mul(31).wrapping_add(i64::from(h.x ^ h.y));
                }
                black_box(acc)
            })
        });
    }
    g.finish();
}

// ---------------------------------------------------------------------------------------
// hex → pixel, corners, offset and doubled round trips over range(50)

fn bench_conversions(c: &mut Criterion) {
    let hexes: Vec<Hex> = range(Hex::ORIGIN, 50).collect();
    let hexes_x: Vec<hexx::Hex> = hexes.iter().map(|&h| to_hexx(h)).collect();
    let ours = Layout::new(
        Orientation::Flat,
        Point::new(10.0, 15.0),
        Point::new(35.0, 71.0),
    )
    .unwrap();
    let theirs = HexLayout {
        orientation: HexOrientation::Flat,
        origin: Vec2::new(35.0, 71.0),
        scale: Vec2::new(10.0, 15.0),
    };
    let close = |a: Point, b: Vec2| {
        (a.x - f64::from(b.x)).abs() < 1e-3 && (a.y - f64::from(b.y)).abs() < 1e-3
    };
    for (&h, &hx) in hexes.iter().zip(&hexes_x) {
        assert!(close(ours.hex_to_pixel(h), theirs.hex_to_world_pos(hx)));
        let (a, b) = (ours.corners(h), theirs.hex_corners(hx));
        // Same corner set (numbering may start elsewhere).
        for p in a {
            assert!(b.iter().any(|&q| close(p, q)), "corner {p:?} of {h}");
        }
    }
    let mut g = group(c, "convert_range50");
    g.bench_function("ours/hex_to_pixel", |b| {
        b.iter(|| {
            let mut acc = 0.0f64;
            for &h in &hexes {
                let p = ours.hex_to_pixel(black_box(h));
                acc += p.x + p.y;
            }
            black_box(acc)
        })
    });
    g.bench_function("hexx/hex_to_pixel", |b| {
        b.iter(|| {
            let mut acc = 0.0f32;
            for &h in &hexes_x {
                let p = theirs.hex_to_world_pos(black_box(h));
                acc += p.x + p.y;
            }
            black_box(acc)
        })
    });
    g.bench_function("ours/corners", |b| {
        b.iter(|| {
            let mut acc = 0.0f64;
            for &h in &hexes {
                for p in ours.corners(black_box(h)) {
                    acc += p.x + p.y;
                }
            }
            black_box(acc)
        })
    });
    g.bench_function("hexx/corners", |b| {
        b.iter(|| {
            let mut acc = 0.0f32;
            for &h in &hexes_x {
                for p in theirs.hex_corners(black_box(h)) {
                    acc += p.x + p.y;
                }
            }
            black_box(acc)
        })
    });

    // Offset: our four kinds and hexx's (mode, orientation) pairs, the same grids.
    let pairs = [
        (OffsetKind::OddR, OffsetHexMode::Odd, HexOrientation::Pointy),
        (
            OffsetKind::EvenR,
            OffsetHexMode::Even,
            HexOrientation::Pointy,
        ),
        (OffsetKind::OddQ, OffsetHexMode::Odd, HexOrientation::Flat),
        (OffsetKind::EvenQ, OffsetHexMode::Even, HexOrientation::Flat),
    ];
    for &(kind, mode, orientation) in &pairs {
        for (&h, &hx) in hexes.iter().zip(&hexes_x) {
            let c = kind.from_hex(h);
            let [col, row] = hx.to_offset_coordinates(mode, orientation);
            assert_eq!(c, OffsetCoord::new(col, row), "{kind:?} {h}");
            assert_eq!(kind.to_hex(c), h);
            assert_eq!(
                hexx::Hex::from_offset_coordinates([col, row], mode, orientation),
                hx
            );
        }
    }
    g.bench_function("ours/offset_round_trip", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for &(kind, _, _) in &pairs {
                for &h in &hexes {
                    let back = kind.to_hex(kind.from_hex(black_box(h)));
                    acc = acc.wrapping_add(back.q ^ back.r);
                }
            }
            black_box(acc)
        })
    });
    g.bench_function("hexx/offset_round_trip", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for &(_, mode, orientation) in &pairs {
                for &h in &hexes_x {
                    let o = black_box(h).to_offset_coordinates(mode, orientation);
                    let back = hexx::Hex::from_offset_coordinates(o, mode, orientation);
                    acc = acc.wrapping_add(back.x ^ back.y);
                }
            }
            black_box(acc)
        })
    });

    let doubled = [
        (DoubledKind::DoubleWidth, DoubledHexMode::DoubledWidth),
        (DoubledKind::DoubleHeight, DoubledHexMode::DoubledHeight),
    ];
    for &(kind, mode) in &doubled {
        for (&h, &hx) in hexes.iter().zip(&hexes_x) {
            let d = kind.from_hex(h);
            assert_eq!(d, hx.to_doubled_coordinates(mode));
            assert_eq!(kind.to_hex(d), Some(h));
            assert_eq!(hexx::Hex::from_doubled_coordinates(d, mode), hx);
        }
    }
    g.bench_function("ours/doubled_round_trip", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for &(kind, _) in &doubled {
                for &h in &hexes {
                    let back = kind.to_hex(kind.from_hex(black_box(h))).unwrap();
                    acc = acc.wrapping_add(back.q ^ back.r);
                }
            }
            black_box(acc)
        })
    });
    g.bench_function("hexx/doubled_round_trip", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for &(_, mode) in &doubled {
                for &h in &hexes_x {
                    let d = black_box(h).to_doubled_coordinates(mode);
                    let back = hexx::Hex::from_doubled_coordinates(d, mode);
                    acc = acc.wrapping_add(back.x ^ back.y);
                }
            }
            black_box(acc)
        })
    });
    g.finish();
}

// ---------------------------------------------------------------------------------------
// shapes at radius 1000, a long line

fn fold(it: impl Iterator<Item = Hex>) -> i64 {
    it.fold(0i64, |acc, h| {
        acc.wrapping_mul(31).wrapping_add(i64::from(h.q ^ h.r))
    })
}

fn fold_x(it: impl Iterator<Item = hexx::Hex>) -> i64 {
    it.fold(0i64, |acc, h| {
        acc.wrapping_mul(31).wrapping_add(i64::from(h.x ^ h.y))
    })
}

fn bench_shapes(c: &mut Criterion) {
    let centre = Hex::new(17, -4);
    let cx = to_hexx(centre);
    let n = 1000u32;
    let set = |v: Vec<Hex>| v.into_iter().collect::<HashSet<_>>();
    let set_x = |v: Vec<hexx::Hex>| v.into_iter().map(from_hexx).collect::<HashSet<_>>();
    assert_eq!(
        set(range(centre, n).collect()),
        set_x(cx.range(n).collect())
    );
    assert_eq!(set(ring(centre, n).collect()), set_x(cx.ring(n).collect()));
    let sp: Vec<Hex> = spiral(centre, n).collect();
    let sp_x: Vec<hexx::Hex> = cx.spiral_range(0..=n).collect();
    assert_eq!(sp.len(), sp_x.len());
    assert_eq!(set(sp), set_x(sp_x));

    let mut g = group(c, "shapes_r1000");
    g.bench_function("ours/range", |b| {
        b.iter(|| black_box(fold(range(black_box(centre), n))))
    });
    g.bench_function("hexx/range", |b| {
        b.iter(|| black_box(fold_x(black_box(cx).range(n))))
    });
    g.bench_function("ours/ring", |b| {
        b.iter(|| black_box(fold(ring(black_box(centre), n))))
    });
    g.bench_function("hexx/ring", |b| {
        b.iter(|| black_box(fold_x(black_box(cx).ring(n))))
    });
    g.bench_function("ours/spiral", |b| {
        b.iter(|| black_box(fold(spiral(black_box(centre), n))))
    });
    g.bench_function("hexx/spiral", |b| {
        b.iter(|| black_box(fold_x(black_box(cx).spiral_range(0..=n))))
    });
    g.finish();

    let (a, z) = (Hex::ORIGIN, Hex::new(100_000, 100_000));
    let ours_line = line(a, z);
    let hexx_line: Vec<Hex> = to_hexx(a).line_to(to_hexx(z)).map(from_hexx).collect();
    assert_eq!(ours_line.len(), hexx_line.len());
    assert_eq!(ours_line.first(), hexx_line.first());
    assert_eq!(ours_line.last(), hexx_line.last());
    let differ = ours_line
        .iter()
        .zip(&hexx_line)
        .filter(|(x, y)| x != y)
        .count();
    let gaps = hexx_line
        .windows(2)
        .filter(|w| w[0].distance(w[1]) != 1)
        .count();
    eprintln!(
        "line (0,0)→(100000,100000), {} hexes: hexx differs from ours at {differ}; hexx has {gaps} non-adjacent steps, ours {}",
        ours_line.len(),
        ours_line
            .windows(2)
            .filter(|w| w[0].distance(w[1]) != 1)
            .count()
    );
    let mut g = group(c, "line_100k");
    g.bench_function("ours/line", |b| b.iter(|| black_box(line(black_box(a), z))));
    g.bench_function("hexx/line", |b| {
        b.iter(|| {
            black_box(
                to_hexx(black_box(a))
                    .line_to(to_hexx(z))
                    .collect::<Vec<_>>(),
            )
        })
    });
    g.finish();
}

// ---------------------------------------------------------------------------------------
// movement range and A*

/// A seeded terrain: cost 0..=2 per hex, about one in eight impassable. Pure arithmetic, so
/// the closure costs the same on both sides.
fn terrain(seed: u64, h: Hex) -> Option<u32> {
    let mut rng = Rng(seed ^ ((h.q as u32 as u64) << 32 | h.r as u32 as u64));
    let x = rng.next();
    (!x.is_multiple_of(8)).then_some((x >> 8) as u32 % 3)
}

fn bench_movement(c: &mut Criterion) {
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

fn bench_a_star(c: &mut Criterion) {
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
        let theirs: Vec<Hex> =
            hexx::algorithms::a_star(to_hexx(start), to_hexx(goal), |_, b| cost(from_hexx(b)))
                .unwrap()
                .into_iter()
                .map(from_hexx)
                .collect();
        assert_eq!(ours.cost, path_cost(&ours.hexes, cost));
        let theirs_cost = path_cost(&theirs, cost);
        eprintln!(
            "a_star radius {radius}: ours cost {} ({} hexes), hexx cost {theirs_cost} ({} hexes)",
            ours.cost,
            ours.hexes.len(),
            theirs.len()
        );
        assert!(ours.cost <= theirs_cost);
        g.bench_function(format!("ours/radius_{radius}"), |b| {
            b.iter(|| {
                black_box(
                    a_star(black_box(start), goal, 1, &PathLimits::default(), cost)
                        .unwrap()
                        .cost,
                )
            })
        });
        g.bench_function(format!("hexx/radius_{radius}"), |b| {
            b.iter(|| {
                black_box(
                    hexx::algorithms::a_star(to_hexx(black_box(start)), to_hexx(goal), |_, b| {
                        cost(from_hexx(b))
                    })
                    .unwrap()
                    .len(),
                )
            })
        });
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
    let theirs: Vec<Hex> =
        hexx::algorithms::a_star(to_hexx(start), to_hexx(goal), |_, b| cost(from_hexx(b)))
            .unwrap()
            .into_iter()
            .map(from_hexx)
            .collect();
    let theirs_cost = path_cost(&theirs, cost);
    eprintln!(
        "a_star zero-cost road: ours cost {} ({} hexes), hexx cost {theirs_cost} ({} hexes)",
        ours.cost,
        ours.hexes.len(),
        theirs.len()
    );
    assert!(ours.cost < theirs_cost, "hexx should miss the road");
    g.bench_function("ours/road", |b| {
        b.iter(|| {
            black_box(
                a_star(black_box(start), goal, 0, &PathLimits::default(), cost)
                    .unwrap()
                    .cost,
            )
        })
    });
    g.bench_function("hexx/road", |b| {
        b.iter(|| {
            black_box(
                hexx::algorithms::a_star(to_hexx(black_box(start)), to_hexx(goal), |_, b| {
                    cost(from_hexx(b))
                })
                .unwrap()
                .len(),
            )
        })
    });
    g.finish();
}

// ---------------------------------------------------------------------------------------
// field of view (different rules: ours symmetric over all hexes, hexx rays to the ring)

fn bench_fov(c: &mut Criterion) {
    let centre = Hex::new(5, 5);
    // About one hex in seven blocks sight; the viewer's own hex is open.
    let blocks = move |h: Hex| {
        h != centre && terrain(23, h).is_none_or(|c| c == 0) && {
            let mut rng = Rng(h.q as u32 as u64 ^ ((h.r as u32 as u64) << 32));
            rng.next().is_multiple_of(3)
        }
    };
    let ours = field_of_view(centre, 50, blocks);
    let theirs: HashSet<Hex> =
        hexx::algorithms::range_fov(to_hexx(centre), 50, |h| blocks(from_hexx(h)))
            .into_iter()
            .map(from_hexx)
            .collect();
    // Asymmetry of hexx's rule: targets B it sees from the centre whose own view (same
    // radius) misses the centre, over every 16th hex of the range.
    let mut checked = 0;
    let mut one_way = 0;
    for (i, b) in range(centre, 50).enumerate() {
        if i % 16 != 0 || blocks(b) {
            continue;
        }
        checked += 1;
        let from_b: HashSet<Hex> =
            hexx::algorithms::range_fov(to_hexx(b), 50, |h| blocks(from_hexx(h)))
                .into_iter()
                .map(from_hexx)
                .collect();
        if theirs.contains(&b) != from_b.contains(&centre) {
            one_way += 1;
        }
    }
    eprintln!(
        "fov radius 50: ours sees {} hexes, hexx {}; hexx one-way pairs: {one_way} of {checked} checked",
        ours.len(),
        theirs.len()
    );
    let mut g = group(c, "fov_r50");
    g.bench_function("ours/field_of_view", |b| {
        b.iter(|| black_box(field_of_view(black_box(centre), 50, blocks).len()))
    });
    g.bench_function("hexx/range_fov", |b| {
        b.iter(|| {
            black_box(
                hexx::algorithms::range_fov(to_hexx(black_box(centre)), 50, |h| {
                    blocks(from_hexx(h))
                })
                .len(),
            )
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    bench_pick,
    bench_conversions,
    bench_shapes,
    bench_movement,
    bench_a_star,
    bench_fov
);
criterion_main!(benches);
