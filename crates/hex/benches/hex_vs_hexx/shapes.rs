//! Shapes at radius 1000 and a long line.

use super::common::*;
use criterion::Criterion;
use hexmap_hex::{Hex, line, range, ring, spiral};
use std::collections::HashSet;
use std::hint::black_box;

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

pub fn bench_shapes(c: &mut Criterion) {
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
