//! Property tests: every coordinate conversion round-trips, the three-axis normal form is
//! unique and measures distance, and picking a point inside a hex finds it far from the origin.

use hexmap_hex::three_axis::{self, ThreeAxis};
use hexmap_hex::xxyy::{LabelOrder, LabelSettings};
use hexmap_hex::*;
use proptest::prelude::*;

const FAR: i32 = 1 << 28;

fn any_hex() -> impl Strategy<Value = Hex> {
    (-FAR..FAR, -FAR..FAR).prop_map(|(q, r)| Hex::new(q, r))
}

fn any_kind() -> impl Strategy<Value = OffsetKind> {
    prop::sample::select(OffsetKind::ALL.to_vec())
}

fn any_settings() -> impl Strategy<Value = LabelSettings> {
    (0u8..=1, 1u8..=4, any_kind(), any::<bool>()).prop_map(|(base, digits, stagger, rows)| {
        LabelSettings {
            base,
            digits,
            stagger,
            order: if rows {
                LabelOrder::RowFirst
            } else {
                LabelOrder::ColumnFirst
            },
        }
    })
}

proptest! {
    #[test]
    fn offset_round_trip(h in any_hex(), kind in any_kind()) {
        prop_assert_eq!(kind.to_hex(kind.from_hex(h)), h);
    }

    #[test]
    fn offset_from_offset_round_trip(col in -FAR..FAR, row in -FAR..FAR, kind in any_kind()) {
        let c = OffsetCoord::new(col, row);
        prop_assert_eq!(kind.from_hex(kind.to_hex(c)), c);
    }

    #[test]
    fn offset_neighbours_stay_neighbours(h in any_hex(), kind in any_kind()) {
        // Offset coordinates of adjacent hexes differ by at most one in each of col and row.
        for n in h.neighbors() {
            let (a, b) = (kind.from_hex(h), kind.from_hex(n));
            prop_assert!((a.col - b.col).abs() <= 1 && (a.row - b.row).abs() <= 1);
        }
    }

    #[test]
    fn doubled_round_trip(h in any_hex()) {
        for kind in [DoubledKind::DoubleWidth, DoubledKind::DoubleHeight] {
            prop_assert_eq!(kind.to_hex(kind.from_hex(h)), Some(h));
        }
    }

    #[test]
    fn cube_round_trip(h in any_hex()) {
        let [q, r, s] = h.cube();
        prop_assert_eq!(Hex::from_cube(q, r, s), Some(h));
        prop_assert_eq!(q + r + s, 0);
    }

    #[test]
    fn xxyy_round_trip(col in 0i32..9999, row in 0i32..9999, settings in any_settings()) {
        let limit = 10i32.pow(u32::from(settings.digits)) - i32::from(settings.base);
        let h = settings.stagger.to_hex(OffsetCoord::new(col % limit, row % limit));
        let label = settings.format(h).unwrap();
        prop_assert_eq!(label.len(), 2 * usize::from(settings.digits));
        prop_assert_eq!(settings.parse(&label).unwrap(), h);
    }

    #[test]
    fn three_axis_normal_form_is_unique(a in -FAR..FAR, b in -FAR..FAR, c in -FAR..FAR) {
        let t = ThreeAxis::new(a, b, c);
        let n = t.normalized();
        prop_assert!(n.is_normal());
        prop_assert_eq!(n.to_hex(), t.to_hex());
        // The normal form of a hex does not depend on which triple named it.
        prop_assert_eq!(ThreeAxis::from_hex(t.to_hex().unwrap()), n);
        // At most two non-zero values, and never on the two non-adjacent axes with the same
        // sign (12 and 4 o'clock are 120° apart; +a with −c is 12 and 10 o'clock: adjacent).
        let nonzero = [n.a, n.b, n.c].iter().filter(|&&x| x != 0).count();
        prop_assert!(nonzero <= 2);
        prop_assert!(!(n.a != 0 && n.c != 0 && n.a.signum() == n.c.signum()));
        prop_assert!(!(n.a != 0 && n.b != 0 && n.a.signum() != n.b.signum()));
        prop_assert!(!(n.b != 0 && n.c != 0 && n.b.signum() != n.c.signum()));
        prop_assert_eq!(n.two_axis(), t.two_axis());
    }

    #[test]
    fn three_axis_length_is_distance(h in any_hex()) {
        let t = ThreeAxis::from_hex(h);
        prop_assert_eq!(t.length(), i64::from(h.length()));
        prop_assert_eq!(three_axis::hex_from_two_axis(t.two_axis()), Some(h));
        prop_assert_eq!(ThreeAxis::parse(&t.to_string()).unwrap(), t);
    }

    #[test]
    fn distance_is_a_metric(a in any_hex(), b in any_hex()) {
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert_eq!(a.distance(a), 0);
        prop_assert!(a.distance(b) <= a.distance(Hex::ORIGIN) + Hex::ORIGIN.distance(b));
    }

    #[test]
    fn pick_finds_a_point_inside_the_hex_far_out(
        q in -(1i32 << 24)..(1 << 24),
        r in -(1i32 << 24)..(1 << 24),
        flat in any::<bool>(),
        sx in 0.5f64..50.0,
        stretch in 0.5f64..2.0,
        corner in 0usize..6,
        along in 0.0f64..1.0,
        inward in 0.0f64..0.999,
    ) {
        let o = if flat { Orientation::Flat } else { Orientation::Pointy };
        let layout = Layout::new(o, Point::new(sx, sx * stretch), Point::new(12.5, -7.25)).unwrap();
        let h = Hex::new(q, r);
        let c = layout.hex_to_pixel(h);
        let k = layout.corners(h);
        let (a, b) = (k[corner], k[(corner + 1) % 6]);
        let edge = Point::new(a.x + (b.x - a.x) * along, a.y + (b.y - a.y) * along);
        let p = Point::new(c.x + (edge.x - c.x) * inward, c.y + (edge.y - c.y) * inward);
        prop_assert_eq!(layout.pixel_to_hex(p), Some(h));
    }
}
