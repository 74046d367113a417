use super::*;

#[test]
fn corner_table_matches_the_angle_formula() {
    for o in [Orientation::Pointy, Orientation::Flat] {
        let layout = Layout::new(o, Point::new(3.0, 5.0), Point::default()).unwrap();
        for i in 0..6 {
            let angle = 2.0 * std::f64::consts::PI * (o.matrix().start_angle - i as f64) / 6.0;
            let c = layout.corner_offset(i);
            assert!(
                (c.x - 3.0 * angle.cos()).abs() < 1e-12 && (c.y - 5.0 * angle.sin()).abs() < 1e-12,
                "{o} {i}"
            );
        }
    }
}

#[test]
fn bad_sizes_are_refused() {
    assert!(Layout::new(Orientation::Flat, Point::new(0.0, 1.0), Point::default()).is_err());
    assert!(
        Layout::new(
            Orientation::Flat,
            Point::new(f64::NAN, 1.0),
            Point::default()
        )
        .is_err()
    );
    assert!(
        Layout::new(
            Orientation::Flat,
            Point::new(1.0, 1.0),
            Point::new(f64::INFINITY, 0.0)
        )
        .is_err()
    );
}

#[test]
fn nearest_edge_and_vertex() {
    let layout = Layout::regular(Orientation::Pointy, 10.0).unwrap();
    // A point just right of the centre of (0,0) is nearest the east edge.
    let e = layout.pixel_to_edge(Point::new(7.0, 0.5)).unwrap();
    assert_eq!(e, Edge::new(Hex::ORIGIN, Direction::POINTY_E));
    // Just below the top corner (corner 2 at −90°) of (0,0).
    let v = layout.pixel_to_vertex(Point::new(0.1, -9.0)).unwrap();
    assert_eq!(
        v,
        Vertex {
            hex: Hex::ORIGIN,
            corner: 2
        }
    );
}

fn close(a: Point, b: Point) -> bool {
    (a.x - b.x).abs() < 1e-3 && (a.y - b.y).abs() < 1e-3
}

#[test]
fn edge_points_match_the_reference_corners() {
    // Reference vector: flat hex (3,4), size (10,15), origin (35,71) has corners
    // 1 = (85, 200.904) and 2 = (75, 200.904): its north side.
    let layout = Layout::new(
        Orientation::Flat,
        Point::new(10.0, 15.0),
        Point::new(35.0, 71.0),
    )
    .unwrap();
    let north = Edge::new(Hex::new(3, 4), Direction::FLAT_N);
    let [a, b] = layout.edge_points(north);
    let want = [Point::new(85.0, 200.904), Point::new(75.0, 200.904)];
    assert!(
        (close(a, want[0]) && close(b, want[1])) || (close(a, want[1]) && close(b, want[0])),
        "{a:?} {b:?}"
    );
    let mid = layout.edge_midpoint(north);
    assert!(close(mid, Point::new(80.0, 200.904)), "{mid:?}");
    // Picking just inside either hex next to that midpoint finds that side.
    for dy in [0.5, -0.5] {
        assert_eq!(
            layout.pixel_to_edge(Point::new(80.0, 200.904 + dy)),
            Some(north)
        );
    }
    // South-east side (direction 0): corners 5 = (85, 226.885) and 0 = (90, 213.894).
    let se = layout.edge_points(Edge::new(Hex::new(3, 4), Direction::FLAT_SE));
    assert!(close(se[0], Point::new(85.0, 226.885)) || close(se[1], Point::new(85.0, 226.885)));
    assert!(close(se[0], Point::new(90.0, 213.894)) || close(se[1], Point::new(90.0, 213.894)));
}

#[test]
fn edge_points_are_the_corners_both_hexes_share() {
    for o in [Orientation::Pointy, Orientation::Flat] {
        let layout = Layout::new(o, Point::new(7.0, 11.0), Point::new(-3.0, 2.0)).unwrap();
        let h = Hex::new(2, -5);
        for d in Direction::ALL {
            let e = Edge::new(h, d);
            let (a, b) = e.hexes();
            let [p, q] = layout.edge_points(e);
            for end in [p, q] {
                for hex in [a, b] {
                    assert!(
                        layout.corners(hex).iter().any(|c| close(*c, end)),
                        "{o} {d:?}: {end:?} not a corner of {hex}"
                    );
                }
            }
            let m = layout.edge_midpoint(e);
            assert!(close(m, Point::new((p.x + q.x) / 2.0, (p.y + q.y) / 2.0)));
            // A point a little way from the midpoint toward either centre picks it.
            for hex in [a, b] {
                let c = layout.hex_to_pixel(hex);
                let near = Point::new(m.x + (c.x - m.x) * 0.2, m.y + (c.y - m.y) * 0.2);
                assert_eq!(layout.pixel_to_edge(near), Some(e), "{o} {d:?}");
            }
        }
    }
}
