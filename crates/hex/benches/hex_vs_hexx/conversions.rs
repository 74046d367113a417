//! hex → pixel, corners, offset and doubled round trips over range(50).

use super::common::*;
use criterion::Criterion;
use hexmap_hex::{DoubledKind, Hex, Layout, OffsetCoord, OffsetKind, Orientation, Point, range};
use hexx::{DoubledHexMode, HexLayout, HexOrientation, OffsetHexMode, Vec2};
use std::hint::black_box;

pub fn bench_conversions(c: &mut Criterion) {
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
