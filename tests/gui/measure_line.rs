//! What the Measure tool draws while it measures, read from the shapes of the
//! frame: the straight line from the anchor's centre to the hovered hex's centre, every hex
//! of the hex line (`hexmap_hex::line`) tinted alike, and the route the status bar costs
//! (`HexMap::route`) as a path through its cells' centres.

use crate::harness::{settle, shapes_in};
use eframe::egui::{Pos2, Shape, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::hex::{Hex, OffsetKind};
use hexmap::map::testing::TestMap;
use hexmap::map::{MapScale, TerrainId};

fn near(a: Pos2, b: Pos2) -> bool {
    a.distance(b) < 1.0
}

#[test]
fn dragging_the_measure_tool_draws_the_ruler_the_hex_line_and_the_route() {
    let mut map = TestMap::rectangle(OffsetKind::OddR, 9, 6)
        .named("measured")
        .build();
    map.set_scale(Some(MapScale::new(6.0, "mi").unwrap()))
        .unwrap();
    // A wall of sea (impassable) down column 4 but for the last row, across the
    // straight way, so the route bends round it.
    let sea = TerrainId::new(1);
    for row in 0..5 {
        map.set_terrain(Hex::new(4 - (row - (row & 1)) / 2, row), sea)
            .unwrap();
    }
    let doc = OpenMap::from_map(map);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h.get_by_label("Measure").click();
    settle(&mut h);
    // Columns 1 and 7 of row 2 (odd-r).
    let (a, b) = (Hex::new(0, 2), Hex::new(6, 2));
    let view = h.state().view();
    let (pa, pb) = (view.hex_to_screen(a), view.hex_to_screen(b));
    h.hover_at(pa);
    h.run();
    h.drag_at(pa);
    h.run();
    h.hover_at(pa + (pb - pa) * 0.5);
    h.run();
    h.hover_at(pb);
    h.run();
    let rect = h.state().view().canvas_rect();
    let shapes = shapes_in(&h, rect);

    // The ruler: a segment from centre to centre.
    let ruler = shapes.iter().any(|s| {
        matches!(s, Shape::LineSegment { points, .. }
            if near(points[0], pa) && near(points[1], pb))
    });
    assert!(ruler, "no line from {pa:?} to {pb:?}");

    // The hex line: one fill colour tints exactly its hexes.
    let line = hexmap::hex::line(a, b);
    let view = h.state().view();
    let tinted = |fill| {
        let mut found: Vec<Pos2> = shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Path(p) if p.closed && p.fill == fill && p.points.len() == 6 => {
                    let sum = p.points.iter().fold(Vec2::ZERO, |acc, q| acc + q.to_vec2());
                    Some((sum / 6.0).to_pos2())
                }
                _ => None,
            })
            .collect();
        found.sort_by(|p, q| p.x.total_cmp(&q.x));
        found
    };
    let fills: Vec<_> = shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Path(p) if p.closed && p.fill.a() > 0 => Some(p.fill),
            _ => None,
        })
        .collect();
    let hit = fills.iter().any(|&fill| {
        let found = tinted(fill);
        found.len() == line.len()
            && line
                .iter()
                .all(|&x| found.iter().any(|&c| near(c, view.hex_to_screen(x))))
    });
    assert!(
        hit,
        "no fill tints exactly the {} hexes of the line",
        line.len()
    );

    // The route: a path through its cells' centres, bent round the costly band.
    let route = view.doc().map().route(a, b).unwrap();
    assert!(route.hexes.len() > line.len(), "the route bends: {route:?}");
    let want: Vec<Pos2> = route.hexes.iter().map(|&x| view.hex_to_screen(x)).collect();
    let drawn = shapes.iter().any(|s| {
        matches!(s, Shape::Path(p) if !p.closed && p.points.len() == want.len()
            && p.points.iter().zip(&want).all(|(&p, &q)| near(p, q)))
    });
    assert!(drawn, "no path through the route's {} cells", want.len());
    h.drop_at(pb);
    h.run();
}
