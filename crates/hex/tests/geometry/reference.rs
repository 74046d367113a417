//! The reference vectors of the crate docs ("Reference vectors"), asserted through the
//! public API.

use hexmap_hex::three_axis::ThreeAxis;
use hexmap_hex::xxyy::LabelSettings;
use hexmap_hex::*;

fn cube(q: i32, r: i32, s: i32) -> Hex {
    Hex::from_cube(q, r, s).expect("valid cube")
}

#[test]
fn arithmetic() {
    assert_eq!(cube(1, -3, 2) + cube(3, -7, 4), cube(4, -10, 6));
    assert_eq!(cube(1, -3, 2) - cube(3, -7, 4), cube(-2, 4, -2));
}

#[test]
fn neighbours_and_diagonals() {
    assert_eq!(
        cube(1, -2, 1).neighbor(Direction::from_index(2)),
        cube(1, -3, 2)
    );
    assert_eq!(cube(1, -2, 1).diagonal_neighbor(3), cube(-1, -1, 2));
}

#[test]
fn distance() {
    assert_eq!(cube(3, -7, 4).distance(Hex::ORIGIN), 7);
}

#[test]
fn rotation() {
    assert_eq!(cube(1, -3, 2).rotate_right(), cube(3, -2, -1));
    assert_eq!(cube(1, -3, 2).rotate_left(), cube(-2, -1, 3));
}

#[test]
fn rounding() {
    let a = FracHex::from(Hex::ORIGIN);
    let b = FracHex::from(cube(10, -20, 10));
    assert_eq!(a.lerp(b, 0.5).round(), cube(5, -10, 5));
    let cases = [
        ((0.499, -0.499), cube(0, 0, 0)),
        ((0.501, -0.501), cube(1, -1, 0)),
        ((0.3, -0.6), cube(0, 0, 0)),
        ((0.3, -0.7), cube(0, -1, 1)),
    ];
    for ((q, r), expected) in cases {
        assert_eq!(FracHex::new(q, r).round(), expected, "round({q}, {r})");
    }
}

#[test]
fn offset_conversions() {
    let h = cube(1, 2, -3);
    assert_eq!(OffsetKind::EvenQ.from_hex(h), OffsetCoord::new(1, 3));
    assert_eq!(OffsetKind::OddQ.from_hex(h), OffsetCoord::new(1, 2));
    let h = cube(3, 4, -7);
    let expected = [
        (OffsetKind::EvenQ, (3, 6)),
        (OffsetKind::OddQ, (3, 5)),
        (OffsetKind::EvenR, (5, 4)),
        (OffsetKind::OddR, (5, 4)),
    ];
    for (kind, (c, r)) in expected {
        assert_eq!(kind.from_hex(h), OffsetCoord::new(c, r), "{kind}");
    }
    let o = OffsetCoord::new(1, -3);
    let expected = [
        (OffsetKind::EvenQ, cube(1, -4, 3)),
        (OffsetKind::OddQ, cube(1, -3, 2)),
        (OffsetKind::EvenR, cube(2, -3, 1)),
        (OffsetKind::OddR, cube(3, -3, 0)),
    ];
    for (kind, hex) in expected {
        assert_eq!(kind.to_hex(o), hex, "{kind}");
    }
}

#[test]
fn doubled_conversions() {
    let h = cube(1, 2, -3);
    assert_eq!(DoubledKind::DoubleHeight.from_hex(h), [1, 5]);
    assert_eq!(DoubledKind::DoubleWidth.from_hex(h), [4, 2]);
}

#[test]
fn hex_to_pixel_and_corners() {
    let size = Point::new(10.0, 15.0);
    let origin = Point::new(35.0, 71.0);
    let flat = Layout::new(Orientation::Flat, size, origin).unwrap();
    let pointy = Layout::new(Orientation::Pointy, size, origin).unwrap();
    let h = cube(3, 4, -7);
    let p = flat.hex_to_pixel(h);
    assert!(
        (p.x - 80.0).abs() < 1e-9 && (p.y - 213.894_191_6).abs() < 1e-6,
        "{p:?}"
    );
    let p = pointy.hex_to_pixel(h);
    assert!(
        (p.x - 121.602_540_3).abs() < 1e-6 && (p.y - 161.0).abs() < 1e-9,
        "{p:?}"
    );
    let expected = [
        (90.0, 213.894),
        (85.0, 200.904),
        (75.0, 200.904),
        (70.0, 213.894),
        (75.0, 226.885),
        (85.0, 226.885),
    ];
    for (i, (c, (x, y))) in flat
        .corners(Hex::new(3, 4))
        .iter()
        .zip(expected)
        .enumerate()
    {
        assert!(
            (c.x - x).abs() < 5e-4 && (c.y - y).abs() < 5e-4,
            "corner {i}: {c:?}"
        );
    }
}

#[test]
fn xxyy_labels() {
    let s = LabelSettings::default();
    let cases = [
        ("0101", (0, 0)),
        ("0201", (1, 0)),
        ("0102", (0, 1)),
        ("0305", (2, 3)),
        ("0810", (7, 6)),
        ("3240", (31, 24)),
    ];
    for (label, (q, r)) in cases {
        assert_eq!(s.parse(label).unwrap(), Hex::new(q, r), "{label}");
    }
    let mut around: Vec<String> = s
        .parse("0305")
        .unwrap()
        .neighbors()
        .iter()
        .map(|&h| s.format(h).unwrap())
        .collect();
    around.sort();
    assert_eq!(around, ["0204", "0205", "0304", "0306", "0404", "0405"]);
}

#[test]
fn three_axis_forms() {
    let cases = [
        ([1, 0, 1], [0, 1, 0], (1, -1, 0)),
        ([0, 1, 2], [0, 1, 2], (3, -1, -2)),
        ([3, 0, 1], [2, 1, 0], (1, -3, 2)),
        ([2, -1, 0], [1, 0, -1], (-1, -1, 2)),
        ([4, -1, -2], [3, 0, -3], (-3, -3, 6)),
    ];
    for ([a, b, c], [na, nb, nc], (q, r, s)) in cases {
        let t = ThreeAxis::new(a, b, c);
        assert_eq!(t.normalized(), ThreeAxis::new(na, nb, nc), "{t}");
        assert_eq!(t.to_hex(), Some(cube(q, r, s)), "{t}");
    }
    assert_eq!(ThreeAxis::new(0, 1, 2).two_axis(), [-2, 3]);
}
