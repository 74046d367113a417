use super::*;
use crate::colour::contrast;
use crate::sink::{Recorded, Recording};
use hexmap_hex::Orientation;

const BEACH: Colour = Colour::rgb(0xe8, 0xd8, 0x9a);
const YELLOW: Colour = Colour::rgb(255, 240, 120);

fn hatch(angle_deg: f64) -> Pattern {
    Pattern::Hatch { angle_deg }
}

#[test]
fn sets_path_and_markers_in_order_with_off_view_hexes_left_out() {
    let layout = Layout::regular(Orientation::Pointy, 10.0).unwrap();
    let near = [Hex::new(0, 0), Hex::new(1, 0)];
    let far = [Hex::new(500, 0)];
    let sets = [
        HexSet {
            hexes: &near,
            colour: Colour::rgb(0, 200, 255),
            pattern: Pattern::Outline,
        },
        HexSet {
            hexes: &far,
            colour: Colour::rgb(255, 0, 0),
            pattern: Pattern::Outline,
        },
    ];
    let path = [Hex::new(0, 0), Hex::new(1, 0), Hex::new(2, 0)];
    let o = Overlays {
        sets: &sets,
        path: &path,
        path_colour: Colour::rgb(255, 70, 70),
        anchor: Some(Hex::new(0, 0)),
        target: None,
    };
    let mut rec = Recording::default();
    let view = (Point::new(-50.0, -50.0), Point::new(100.0, 100.0));
    let style = OverlayStyle::default();
    draw_overlays(&layout, &o, Some(view), 2.0, &style, &|_| None, &mut rec);
    // Two touching hexes: 10 outer edges; the far hex is off view.
    let l = rec.polylines();
    assert_eq!(l.len(), 10 + 2, "{:?}", rec.items);
    // The path: casing under the line, 3 px at 2 px per unit.
    let (casing, line) = (&l[10], &l[11]);
    assert_eq!(line.0.len(), 3);
    assert!((line.1.width - 1.5).abs() < 1e-9);
    assert!(casing.1.width > line.1.width);
    // The anchor: casing and outline.
    assert_eq!(rec.hex_count(), 2);
    assert!(matches!(
        rec.items.last(),
        Some(Recorded::Hex { fill: None, stroke: Some(s), .. }) if s.colour == style.anchor
    ));
    let mut all = Recording::default();
    draw_overlays(&layout, &o, None, 2.0, &style, &|_| None, &mut all);
    assert_eq!(all.polylines().len(), 10 + 6 + 2, "no view: every hex");
}

#[test]
fn the_outline_runs_only_around_the_set_on_the_shared_edges() {
    for orientation in [Orientation::Pointy, Orientation::Flat] {
        let layout = Layout::regular(orientation, 10.0).unwrap();
        let disc: Vec<Hex> = hexmap_hex::range(Hex::ORIGIN, 1).collect();
        let sets = [HexSet {
            hexes: &disc,
            colour: YELLOW,
            pattern: Pattern::Outline,
        }];
        let o = Overlays {
            sets: &sets,
            path: &[],
            path_colour: Colour::BLACK,
            anchor: None,
            target: None,
        };
        let mut rec = Recording::default();
        let style = OverlayStyle::default();
        draw_overlays(&layout, &o, None, 3.0, &style, &|_| None, &mut rec);
        let l = rec.polylines();
        assert_eq!(l.len(), 18, "six outer hexes, three outer sides each");
        for (points, _) in &l {
            // Every outline side separates a member from a hex outside the set: points just
            // off its midpoint on either side pick one of each.
            let mid = Point::new(
                (points[0].x + points[1].x) / 2.0,
                (points[0].y + points[1].y) / 2.0,
            );
            let (dx, dy) = (points[1].x - points[0].x, points[1].y - points[0].y);
            let side = dx.hypot(dy);
            assert!((side - 10.0).abs() < 1e-9);
            let nudge = |k: f64| {
                let p = Point::new(mid.x - dy / side * k, mid.y + dx / side * k);
                disc.contains(&layout.pixel_to_hex(p).unwrap())
            };
            assert_ne!(nudge(0.5), nudge(-0.5), "{orientation:?} {mid:?}");
        }
    }
}

#[test]
fn hatching_stays_inside_each_hex_and_continues_into_the_next() {
    let layout = Layout::regular(Orientation::Flat, 10.0).unwrap();
    let pair = [Hex::ORIGIN, Hex::new(1, 0)];
    let sets = [HexSet {
        hexes: &pair,
        colour: YELLOW,
        pattern: hatch(30.0),
    }];
    let o = Overlays {
        sets: &sets,
        path: &[],
        path_colour: Colour::BLACK,
        anchor: None,
        target: None,
    };
    let mut rec = Recording::default();
    let style = OverlayStyle::default();
    // 3 px per unit: radius 30 px, lines 9 px apart = 3 units.
    draw_overlays(&layout, &o, None, 3.0, &style, &|_| Some(BEACH), &mut rec);
    let hatches: Vec<[Point; 2]> = rec
        .polylines()
        .into_iter()
        .filter(|(_, s)| (s.width - style.hatch_px / 3.0).abs() < 1e-12)
        .map(|(p, _)| [p[0], p[1]])
        .collect();
    assert!(hatches.len() >= 10, "{}", hatches.len());
    let inside = |p: Point, h: Hex| {
        // Inside or on the hexagon: no farther than the circumradius, and picking a point
        // nudged toward the centre gives the hex.
        let c = layout.hex_to_pixel(h);
        let q = Point::new(c.x + (p.x - c.x) * 0.999, c.y + (p.y - c.y) * 0.999);
        layout.pixel_to_hex(q) == Some(h)
    };
    let (a, b) = (Hex::ORIGIN, Hex::new(1, 0));
    let mut joined = 0;
    for s in &hatches {
        assert!(
            s.iter().all(|&p| inside(p, a)) || s.iter().all(|&p| inside(p, b)),
            "{s:?}"
        );
        // Direction 30° on screen: rises to the right.
        let (dx, dy) = (s[1].x - s[0].x, s[1].y - s[0].y);
        assert!(
            ((-dy).atan2(dx).to_degrees() - 30.0).abs() < 1e-6
                || ((-dy).atan2(dx).to_degrees() + 150.0).abs() < 1e-6
        );
        // A line ending on the shared side starts again in the neighbour at the same point.
        for p in s {
            if inside(*p, a)
                && inside(*p, b)
                && hatches
                    .iter()
                    .filter(|t| t != &s)
                    .any(|t| t.iter().any(|q| (q.x - p.x).hypot(q.y - p.y) < 1e-9))
            {
                joined += 1;
            }
        }
    }
    assert!(
        joined >= 2,
        "lines continue across the shared side ({joined})"
    );
}

#[test]
fn every_line_contrasts_with_the_cell_under_it() {
    let layout = Layout::regular(Orientation::Pointy, 10.0).unwrap();
    let disc: Vec<Hex> = hexmap_hex::range(Hex::ORIGIN, 2).collect();
    let hills = Colour::rgb(0xb0, 0x9a, 0x5e);
    let sea = Colour::rgb(0x1d, 0x4e, 0x89);
    let fill = |h: Hex| match h.q.rem_euclid(3) {
        0 => Some(BEACH),
        1 => Some(hills),
        _ => Some(sea),
    };
    for colour in [YELLOW, Colour::rgb(90, 255, 90), Colour::WHITE] {
        let sets = [HexSet {
            hexes: &disc,
            colour,
            pattern: hatch(60.0),
        }];
        let o = Overlays {
            sets: &sets,
            path: &[],
            path_colour: Colour::BLACK,
            anchor: None,
            target: None,
        };
        let mut rec = Recording::default();
        let style = OverlayStyle::default();
        draw_overlays(&layout, &o, None, 2.0, &style, &fill, &mut rec);
        let l = rec.polylines();
        assert!(l.len() > disc.len());
        for (points, stroke) in l {
            let mid = Point::new(
                (points[0].x + points[1].x) / 2.0,
                (points[0].y + points[1].y) / 2.0,
            );
            // The cell the line lies in (outline sides: the member side of the edge).
            let h = layout.pixel_to_hex(mid).unwrap();
            let under = if disc.contains(&h) {
                fill(h).unwrap()
            } else {
                let inner = Point::new(mid.x * 0.99, mid.y * 0.99);
                fill(layout.pixel_to_hex(inner).unwrap()).unwrap()
            };
            assert!(
                contrast(stroke.colour, under) >= style.min_contrast - 1e-9,
                "{colour:?} drawn as {:?} on {under:?}",
                stroke.colour
            );
        }
        // Nothing is filled: the terrain keeps its colour.
        assert_eq!(rec.hex_count(), 0);
    }
}

#[test]
fn tiny_hexes_are_tinted_instead_of_hatched() {
    let layout = Layout::regular(Orientation::Pointy, 10.0).unwrap();
    let disc: Vec<Hex> = hexmap_hex::range(Hex::ORIGIN, 1).collect();
    let sets = [HexSet {
        hexes: &disc,
        colour: YELLOW,
        pattern: hatch(0.0),
    }];
    let o = Overlays {
        sets: &sets,
        path: &[],
        path_colour: Colour::BLACK,
        anchor: None,
        target: None,
    };
    let style = OverlayStyle::default();
    let mut rec = Recording::default();
    // 0.5 px per unit: a radius of 5 px.
    draw_overlays(&layout, &o, None, 0.5, &style, &|_| None, &mut rec);
    assert_eq!(rec.hex_count(), 7);
    assert!(rec.polylines().is_empty());
    assert!(matches!(
        rec.items[0],
        Recorded::Hex { fill: Some(f), .. } if f == YELLOW.with_alpha(style.tint_alpha)
    ));
}
