use super::*;
use crate::sink::{Recorded, Recording};
use crate::{Layers, MapScene, Region, Scene, Style};
use hexmap_hex::{Direction, OffsetCoord, OffsetKind};
use hexmap_map::testing::TestMap;
use hexmap_map::{EdgeTypeId, MapPath, PathId, PathTypeId};

const RIVER: u16 = 1;
const WALL: u16 = 3;
const ROAD: u16 = 1;

/// A 6 × 5 flat map (odd-q columns), hex radius 10.
fn empty() -> HexMap {
    TestMap::rectangle(OffsetKind::OddQ, 6, 5)
        .named("t")
        .hex_size(10.0)
        .build()
}

fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddQ.to_hex(OffsetCoord::new(col, row))
}

fn edge(a: Hex, b: Hex) -> Edge {
    Edge::between(a, b).expect("neighbours")
}

fn set(m: &mut HexMap, e: Edge, kind: u16) {
    m.set_edge(e, EdgeTypeId::new(kind)).unwrap();
}

fn all_cells(m: &HexMap) -> Vec<Hex> {
    m.shape().iter().collect()
}

const BOTH: FeatureLayers = FeatureLayers {
    fog_casing: None,
    edges: true,
    paths: true,
};

fn draw(m: &HexMap, cells: &[Hex], scale: f64) -> Recording {
    let mut rec = Recording::default();
    draw_features(m, &m.layout().unwrap(), cells, scale, BOTH, &mut rec);
    rec
}

fn close(a: Point, b: Point) -> bool {
    (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9
}

/// Start, the end of each segment, and the stroke of every recorded path.
fn paths(rec: &Recording) -> Vec<(Point, Vec<Segment>, Stroke)> {
    rec.items
        .iter()
        .filter_map(|i| match i {
            Recorded::Path {
                start,
                segments,
                stroke: Some(s),
                ..
            } => Some((*start, segments.clone(), *s)),
            _ => None,
        })
        .collect()
}

fn end_of(s: &Segment) -> Point {
    match *s {
        Segment::Line(p) | Segment::Cubic(_, _, p) => p,
    }
}

fn cross(a: (f64, f64), b: (f64, f64)) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

#[test]
fn a_river_edge_runs_from_corner_to_corner_through_the_middle_of_the_edge() {
    let mut m = empty();
    let e = edge(at(2, 2), at(2, 3));
    set(&mut m, e, RIVER);
    let rec = draw(&m, &all_cells(&m), 1.0);
    let drawn = paths(&rec);
    assert_eq!(drawn.len(), 1, "{:?}", rec.items);
    let (start, segments, stroke) = &drawn[0];
    let layout = m.layout().unwrap();
    let [a, b] = layout.edge_points(e);
    assert!(close(*start, a));
    assert!(close(end_of(&segments[0]), layout.edge_midpoint(e)));
    assert!(close(end_of(&segments[1]), b));
    let river = m
        .edge_palette()
        .get(EdgeTypeId::new(RIVER).unwrap())
        .unwrap();
    assert_eq!(stroke.colour, Colour::from(river.color));
    assert_eq!(stroke.style, StrokePattern::Solid);
    assert!((stroke.width - f64::from(river.width) * 10.0).abs() < 1e-6);
}

#[test]
fn two_river_edges_meeting_at_a_corner_share_its_tangent() {
    let mut m = empty();
    let h = at(2, 2);
    let (e1, e2) = (
        Edge::new(h, Direction::ALL[0]),
        Edge::new(h, Direction::ALL[1]),
    );
    set(&mut m, e1, RIVER);
    set(&mut m, e2, RIVER);
    let layout = m.layout().unwrap();
    let [a1, b1] = layout.edge_points(e1);
    let [a2, b2] = layout.edge_points(e2);
    let shared = [a1, b1]
        .into_iter()
        .find(|p| close(*p, a2) || close(*p, b2))
        .expect("sides 0 and 1 share a corner");
    // The tangent of each curve at the shared corner, pointing away from it.
    let tangent_at = |e: Edge| {
        let (start, seg) = edge_curve(&m, &layout, e);
        if close(start, shared) {
            let Segment::Cubic(c1, _, _) = seg[0] else {
                panic!()
            };
            unit(sub(c1, shared))
        } else {
            let Segment::Cubic(_, c2, _) = seg[1] else {
                panic!()
            };
            unit(sub(c2, shared))
        }
    };
    let (t1, t2) = (tangent_at(e1), tangent_at(e2));
    assert!(cross(t1, t2).abs() < 1e-9, "{t1:?} {t2:?}: a kink");
    assert!(
        t1.0 * t2.0 + t1.1 * t2.1 < 0.0,
        "the curves leave the corner opposite ways"
    );
    // Bent: not along either edge (they meet at 120°).
    let along_e1 = unit(sub(if close(a1, shared) { b1 } else { a1 }, shared));
    assert!(cross(t1, along_e1).abs() > 0.1);

    // A lone river edge keeps the edge's own direction at its corners.
    let mut lone = empty();
    set(&mut lone, e1, RIVER);
    let (start, seg) = edge_curve(&lone, &layout, e1);
    let Segment::Cubic(c1, _, _) = seg[0] else {
        panic!()
    };
    assert!(cross(unit(sub(c1, start)), unit(sub(b1, a1))).abs() < 1e-9);
}

#[test]
fn a_wall_is_a_straight_double_line_between_the_corners() {
    let mut m = empty();
    let e = edge(at(1, 1), at(2, 1));
    set(&mut m, e, WALL);
    let rec = draw(&m, &all_cells(&m), 1.0);
    let lines: Vec<_> = rec
        .items
        .iter()
        .filter_map(|i| match i {
            Recorded::Polyline { points, stroke } => Some((points.clone(), *stroke)),
            _ => None,
        })
        .collect();
    assert_eq!(lines.len(), 1, "{:?}", rec.items);
    assert_eq!(lines[0].0, m.layout().unwrap().edge_points(e).to_vec());
    assert!(matches!(lines[0].1.style, StrokePattern::Double { .. }));
    assert!(paths(&rec).is_empty());
}

fn road(m: &mut HexMap, hexes: Vec<Hex>) {
    let path = MapPath {
        gm_only: false,
        id: PathId(1),
        kind: PathTypeId::new(ROAD).unwrap(),
        hexes,
    };
    m.insert_path(path).unwrap();
}

#[test]
fn a_path_is_one_smooth_line_from_centre_through_the_middle_of_every_step_to_centre() {
    let mut m = empty();
    let hexes = vec![at(0, 0), at(1, 0), at(1, 1), at(2, 1), at(3, 1)];
    road(&mut m, hexes.clone());
    let layout = m.layout().unwrap();
    let drawn = paths(&draw(&m, &all_cells(&m), 1.0));
    assert_eq!(drawn.len(), 1, "one line");
    let (start, segments, _) = &drawn[0];
    // One piece per hex: centre → middle of step 0 → … → middle of step 3 → centre.
    assert_eq!(segments.len(), 5);
    assert!(close(*start, layout.hex_to_pixel(hexes[0])));
    let middle = |i: usize| {
        let (a, b) = (
            layout.hex_to_pixel(hexes[i]),
            layout.hex_to_pixel(hexes[i + 1]),
        );
        Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
    };
    for (i, segment) in segments.iter().enumerate().take(4) {
        assert!(close(end_of(segment), middle(i)), "piece {i}");
    }
    assert!(close(end_of(&segments[4]), layout.hex_to_pixel(hexes[4])));
    // At each knot the incoming and outgoing tangents line up.
    for i in 1..5 {
        let knot = end_of(&segments[i - 1]);
        let Segment::Cubic(_, c2, _) = segments[i - 1] else {
            panic!()
        };
        let Segment::Cubic(c1, _, _) = segments[i] else {
            panic!()
        };
        let (a, b) = (unit(sub(knot, c2)), unit(sub(c1, knot)));
        assert!(
            cross(a, b).abs() < 1e-9 && a.0 * b.0 + a.1 * b.1 > 0.0,
            "kink at {i}"
        );
    }
}

#[test]
fn a_road_along_a_zigzag_row_of_a_flat_map_is_straight() {
    // Flat odd-q: the centres of a row go up and down by a quarter hex; the road must not.
    let mut m = empty();
    let hexes: Vec<Hex> = (0..6).map(|c| at(c, 2)).collect();
    road(&mut m, hexes);
    let drawn = paths(&draw(&m, &all_cells(&m), 1.0));
    let (_, segments, _) = &drawn[0];
    assert_eq!(segments.len(), 6);
    let y = end_of(&segments[0]).y;
    // The middles of the steps are on one line, and so is every piece between two of them
    // whose neighbours do not reach an end centre.
    for s in &segments[..5] {
        assert!((end_of(s).y - y).abs() < 1e-9, "{s:?} leaves the line");
    }
    for s in &segments[2..4] {
        let Segment::Cubic(c1, c2, _) = *s else {
            panic!()
        };
        assert!(
            (c1.y - y).abs() < 1e-9 && (c2.y - y).abs() < 1e-9,
            "{s:?} bends"
        );
    }
}

#[test]
fn a_dashed_path_is_one_line_so_its_dashes_run_on() {
    let mut m = empty();
    let trail = MapPath {
        gm_only: false,
        id: PathId(1),
        kind: PathTypeId::new(2).unwrap(),
        hexes: vec![at(0, 1), at(1, 1), at(2, 1), at(3, 1)],
    };
    m.insert_path(trail).unwrap();
    let drawn = paths(&draw(&m, &all_cells(&m), 1.0));
    assert_eq!(drawn.len(), 1);
    assert!(matches!(drawn[0].2.style, StrokePattern::Dashed { .. }));
    assert_eq!(drawn[0].1.len(), 4);
}

#[test]
fn walls_joined_end_to_end_are_one_line_through_their_corners() {
    let mut m = empty();
    let h = at(2, 2);
    // Sides 0, 1, 2 of one hex: a run of three; side 4 alone.
    for d in [0, 1, 2, 4] {
        set(&mut m, Edge::new(h, Direction::ALL[d]), WALL);
    }
    let layout = m.layout().unwrap();
    let lines = draw(&m, &all_cells(&m), 1.0).polylines();
    assert_eq!(lines.len(), 2, "{lines:?}");
    let run = lines.iter().find(|(p, _)| p.len() == 4).expect("the run");
    // Consecutive points are the corners of one wall each, in order.
    for w in run.0.windows(2) {
        let shared = (0..3).any(|d| {
            let [a, b] = layout.edge_points(Edge::new(h, Direction::ALL[d]));
            (close(a, w[0]) && close(b, w[1])) || (close(a, w[1]) && close(b, w[0]))
        });
        assert!(shared, "{w:?} is not a wall");
    }
    // The two lines of the double stroke meet at the inner corners (mitred): the offset
    // line keeps its distance from both walls there instead of stopping square.
    let [left, _] = crate::lines::double_lines(&run.0, false, &run.1, 1.0);
    let d = (1.0 + run.1.width) / 2.0;
    let to_line = |a: Point, b: Point, p: Point| cross(unit(sub(b, a)), sub(p, a)).abs();
    for (i, &corner) in left.iter().enumerate().take(3).skip(1) {
        assert!((to_line(run.0[i - 1], run.0[i], corner) - d).abs() < 1e-9);
        assert!((to_line(run.0[i], run.0[i + 1], corner) - d).abs() < 1e-9);
    }
}

#[test]
fn a_ring_of_walls_is_one_closed_line_and_the_same_from_any_region() {
    let mut m = empty();
    let h = at(2, 2);
    for e in Edge::around(h) {
        set(&mut m, e, WALL);
    }
    let whole = draw(&m, &all_cells(&m), 1.0).polylines();
    assert_eq!(whole.len(), 1);
    assert_eq!(whole[0].0.len(), 7);
    assert!(close(whole[0].0[0], whole[0].0[6]));
    for n in h.neighbors() {
        assert_eq!(draw(&m, &[n], 1.0).polylines(), whole, "from {n}");
    }
}

#[test]
fn river_edges_in_a_row_are_one_smooth_line_and_a_junction_splits_them() {
    let mut m = empty();
    let h = at(2, 2);
    let sides: Vec<Edge> = [0, 1, 2].map(|d| Edge::new(h, Direction::ALL[d])).to_vec();
    for e in &sides {
        set(&mut m, *e, RIVER);
    }
    let drawn = paths(&draw(&m, &all_cells(&m), 1.0));
    assert_eq!(drawn.len(), 1);
    let (start, segments, _) = &drawn[0];
    assert_eq!(segments.len(), 6);
    // Continuous: each piece starts where the last ended, tangents agree at the corners.
    let mut at_point = *start;
    for (i, s) in segments.iter().enumerate() {
        let Segment::Cubic(c1, _, p) = *s else {
            panic!()
        };
        if i > 0 {
            let Segment::Cubic(_, c2, _) = segments[i - 1] else {
                panic!()
            };
            let (a, b) = (unit(sub(at_point, c2)), unit(sub(c1, at_point)));
            assert!(
                cross(a, b).abs() < 1e-9 && a.0 * b.0 + a.1 * b.1 > 0.0,
                "kink at {i}"
            );
        }
        at_point = p;
    }
    // A third river edge at the corner between sides 0 and 1 makes a junction there.
    let layout = m.layout().unwrap();
    let [a0, b0] = layout.edge_points(sides[0]);
    let [a1, b1] = layout.edge_points(sides[1]);
    let corner = if close(a0, a1) || close(a0, b1) {
        a0
    } else {
        b0
    };
    let third = runs::other_edges_at(&layout, sides[0], corner)
        .into_iter()
        .find(|e| *e != sides[1])
        .unwrap();
    set(&mut m, third, RIVER);
    assert_eq!(paths(&draw(&m, &all_cells(&m), 1.0)).len(), 3);
}

#[test]
fn a_region_draws_the_pieces_touching_it_or_its_neighbours_the_same_as_the_whole_map() {
    let mut m = empty();
    // Across the border between columns 2 and 3, and far from it.
    let border = edge(at(2, 2), at(3, 2));
    let far_left = edge(at(0, 0), at(0, 1));
    set(&mut m, border, RIVER);
    set(&mut m, far_left, WALL);
    road(&mut m, vec![at(1, 3), at(2, 3), at(3, 3), at(4, 3)]);
    let (left, right): (Vec<Hex>, Vec<Hex>) = all_cells(&m)
        .into_iter()
        .partition(|h| OffsetKind::OddQ.from_hex(*h).col <= 2);
    let whole = draw(&m, &all_cells(&m), 1.0).items;
    let l = draw(&m, &left, 1.0).items;
    let r = draw(&m, &right, 1.0).items;
    // Everything of the whole map is drawn by one half or the other …
    for item in &whole {
        assert!(l.contains(item) || r.contains(item), "lost: {item:?}");
    }
    // … and nothing else: the halves draw the very same pieces.
    for item in l.iter().chain(&r) {
        assert!(whole.contains(item), "extra: {item:?}");
    }
    // The river on the border is drawn whole by both halves, so neither half's fills
    // cover it; the far wall only by its own half.
    let river_start = m.layout().unwrap().edge_points(border)[0];
    let starts = |items: &[Recorded]| {
        items
            .iter()
            .filter(|i| matches!(i, Recorded::Path { start, .. } if close(*start, river_start)))
            .count()
    };
    assert_eq!((starts(&l), starts(&r)), (1, 1));
    let is_wall = |i: &Recorded| matches!(i, Recorded::Polyline { .. });
    assert_eq!(
        (
            l.iter().filter(|i| is_wall(i)).count(),
            r.iter().filter(|i| is_wall(i)).count()
        ),
        (1, 0)
    );
}

#[test]
fn thin_features_keep_a_pixel_minimum_when_zoomed_out() {
    let mut m = empty();
    road(&mut m, vec![at(1, 1), at(2, 1)]);
    let scale = 0.5; // a 5 px hex
    let drawn = paths(&draw(&m, &all_cells(&m), scale));
    assert_eq!(drawn.len(), 1);
    assert!(
        (drawn[0].2.width * scale - MIN_LINE_PX).abs() < 1e-9,
        "{:?}",
        drawn[0].2
    );
}

fn scene_items(m: &HexMap, layers: Layers, scale: f64) -> Vec<Recorded> {
    let style = Style::editor(layers);
    let scene = MapScene::whole(m, m.layout().unwrap(), &style);
    let mut rec = Recording::default();
    scene.draw(&Region::Block(scene.bounds()), scale, &mut rec);
    rec.items
}

fn is_feature(i: &Recorded) -> bool {
    matches!(i, Recorded::Path { .. } | Recorded::Polyline { .. })
}

#[test]
fn the_map_scene_draws_features_after_the_cells_and_before_the_labels() {
    let mut m = empty();
    set(&mut m, edge(at(2, 2), at(2, 3)), RIVER);
    road(&mut m, vec![at(1, 1), at(2, 1)]);
    let mut layers = Layers::editor();
    layers.labels = Some(hexmap_hex::CoordSystem::Axial);
    let items = scene_items(&m, layers, 3.0);
    let first = items.iter().position(is_feature).expect("features drawn");
    let last = items.iter().rposition(is_feature).unwrap();
    let last_hex = items
        .iter()
        .rposition(|i| matches!(i, Recorded::Hex { .. }))
        .unwrap();
    let first_text = items
        .iter()
        .position(|i| matches!(i, Recorded::Text { .. }))
        .expect("labels drawn");
    assert!(last_hex < first && last < first_text);
    assert_eq!(items.iter().filter(|i| is_feature(i)).count(), 2);

    // Each layer switch hides its kind.
    let mut no_edges = layers;
    no_edges.edges = false;
    assert_eq!(
        scene_items(&m, no_edges, 3.0)
            .iter()
            .filter(|i| is_feature(i))
            .count(),
        1
    );
    let mut none = no_edges;
    none.paths = false;
    assert!(!scene_items(&m, none, 3.0).iter().any(is_feature));
    // Hexes of a few pixels are blocks: no lines along their sides.
    assert!(!scene_items(&m, layers, 0.3).iter().any(is_feature));
}

#[test]
fn features_change_the_scene_detail_so_chunks_redraw_when_they_appear() {
    let plain = empty();
    let mut river = empty();
    set(&mut river, edge(at(2, 2), at(2, 3)), RIVER);
    let mut layers = Layers::editor();
    layers.grid = false;
    let style = Style::editor(layers);
    let a = MapScene::whole(&plain, plain.layout().unwrap(), &style).detail(2.0);
    let b = MapScene::whole(&river, river.layout().unwrap(), &style).detail(2.0);
    assert_ne!(a, b);
}

#[test]
fn over_the_gms_fog_a_wall_is_drawn_on_a_light_casing_and_in_the_open_without() {
    let mut m = empty();
    let (fogged, open) = (edge(at(1, 1), at(1, 2)), edge(at(3, 1), at(3, 2)));
    set(&mut m, fogged, WALL);
    set(&mut m, open, WALL);
    m.set_hidden(at(1, 2), true).unwrap();
    let cells = all_cells(&m);
    let layers = FeatureLayers {
        fog_casing: Some(FOG_CASING),
        ..BOTH
    };
    let mut rec = Recording::default();
    draw_features(&m, &m.layout().unwrap(), &cells, 4.0, layers, &mut rec);
    let lines = rec.polylines();
    let cased: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].1.colour == FOG_CASING)
        .collect();
    assert_eq!(
        cased.len(),
        1,
        "one casing, under the wall beside the fog: {lines:?}"
    );
    let (band_points, band) = &lines[cased[0]];
    let (wall_points, wall) = &lines[cased[0] + 1];
    assert_eq!(
        band_points, wall_points,
        "the casing runs under the wall drawn next"
    );
    assert_eq!(band.style, StrokePattern::Solid);
    assert!(
        band.width > 2.0 * wall.width,
        "the band is wider than both lines"
    );
    // Pictures and the players' view (no casing colour) draw no casing.
    let plain = draw(&m, &cells, 4.0);
    assert!(
        plain
            .polylines()
            .iter()
            .all(|(_, s)| s.colour != FOG_CASING)
    );
}
