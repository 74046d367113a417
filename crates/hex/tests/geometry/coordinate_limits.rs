//! Coordinate arithmetic at the documented limit (`hex::COORD_LIMIT`), run with overflow
//! checks on (test builds): any overflow panics here instead of wrapping silently in a
//! release build.

use hexmap_hex::three_axis::{ThreeAxis, hex_from_two_axis};
use hexmap_hex::*;

/// Hexes on the corners and edges of the allowed range: |q|, |r|, |s| ≤ COORD_LIMIT.
fn extremes() -> Vec<Hex> {
    let n = COORD_LIMIT;
    let mut v = Vec::new();
    for (q, r) in [
        (n, 0),
        (0, n),
        (n, -n),
        (-n, n),
        (-n, 0),
        (0, -n),
        (n / 2, n / 2),
        (-n / 2, -n / 2),
        (n - 1, 1 - n),
        (1, -n),
    ] {
        if let Some(h) = Hex::from_cube(q, r, -q - r) {
            assert!(h.s().abs() <= n, "{h}");
            v.push(h);
        }
    }
    v
}

#[test]
fn every_operation_is_exact_at_the_limit() {
    let hexes = extremes();
    for &a in &hexes {
        assert_eq!(a.length(), a.q.abs().max(a.r.abs()).max(a.s().abs()));
        for d in Direction::ALL {
            let n = a.neighbor(d);
            assert_eq!(a.distance(n), 1);
        }
        assert_eq!(a.rotate_left().rotate_right(), a);
        assert_eq!(a.rotate_right().length(), a.length());
        for kind in OffsetKind::ALL {
            assert_eq!(kind.to_hex(kind.from_hex(a)), a, "{kind} {a}");
        }
        for kind in [DoubledKind::DoubleWidth, DoubledKind::DoubleHeight] {
            assert_eq!(kind.to_hex(kind.from_hex(a)), Some(a));
        }
        let t = ThreeAxis::from_hex(a);
        assert_eq!(t.to_hex(), Some(a));
        assert_eq!(t.length(), i64::from(a.length()));
        assert_eq!(hex_from_two_axis(t.two_axis()), Some(a));
        for &b in &hexes {
            let d = a - b;
            assert_eq!(d + b, a);
            assert_eq!(a.distance(b), b.distance(a));
            assert!(i64::from(a.distance(b)) <= 2 * i64::from(COORD_LIMIT));
        }
    }
}

#[test]
fn picking_and_layout_at_the_limit() {
    for o in [Orientation::Pointy, Orientation::Flat] {
        let layout = Layout::new(o, Point::new(3.0, 2.0), Point::new(-7.0, 11.0)).unwrap();
        for h in extremes() {
            let c = layout.hex_to_pixel(h);
            assert_eq!(layout.pixel_to_hex(c), Some(h), "{o} {h}");
            for corner in layout.corners(h) {
                // A point a quarter of the way from a corner to the centre is inside.
                let p = Point::new(
                    corner.x + (c.x - corner.x) * 0.25,
                    corner.y + (c.y - corner.y) * 0.25,
                );
                assert_eq!(layout.pixel_to_hex(p), Some(h), "{o} {h}");
            }
        }
        // Beyond 32-bit coordinates: refused, not wrapped.
        assert_eq!(layout.pixel_to_hex(Point::new(1e12, 1e12)), None);
        assert_eq!(layout.pixel_to_hex(Point::new(-1e12, 3.0)), None);
    }
}
