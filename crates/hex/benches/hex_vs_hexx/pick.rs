//! pixel → hex: picking 1M points near the origin and far out.

use super::common::*;
use criterion::Criterion;
use hexmap_hex::{Layout, Orientation, Point};
use hexx::{HexLayout, Vec2};
use std::hint::black_box;

pub fn bench_pick(c: &mut Criterion) {
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
