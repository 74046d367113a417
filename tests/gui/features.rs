//! The edge and path tools driven through real frames: a drag of the edge tool
//! along three hexsides, the status bar naming the river under the pointer, one undo for
//! the drag; the path tool's click, click, click, then Delete; a press selects another
//! path only on its drawn line, so paths start and extend in hexes other paths cross.

use crate::harness::shown_labels;
use eframe::egui::{Key, Modifiers, Pos2, Vec2};
use egui_kittest::Harness;
use hexmap::app::EditorApp;
use hexmap::app::canvas::overlays::OverlayState;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::app::tools::feature_tools::edge_label;
use hexmap::draw::features::distance_to_path_near;
use hexmap::hex::{CoordSystem, Edge, Hex, OffsetCoord, Orientation, Point};
use hexmap::map::{EdgeTypeId, Edit, FeatureEdit, MapPath, PathId, PathTypeId};

/// A new flat map (XXYY labels count its columns), the editor on it.
fn harness() -> Harness<'static, EditorApp> {
    let spec = NewMapSpec {
        orientation: Orientation::Flat,
        ..NewMapSpec::default()
    };
    let doc = OpenMap::new_map(&spec).expect("valid spec");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h
}

fn hex_at(h: &Harness<'static, EditorApp>, col: i32, row: i32) -> Hex {
    let kind = h.state().view().doc().map().properties().offset_kind;
    kind.to_hex(OffsetCoord::new(col, row))
}

fn edge_mid(h: &Harness<'static, EditorApp>, e: Edge) -> Pos2 {
    let layout = h.state().view().doc().layout();
    h.state().view().world_to_screen(layout.edge_midpoint(e))
}

fn edges(h: &Harness<'static, EditorApp>) -> Vec<(Edge, EdgeTypeId)> {
    h.state().view().doc().map().edges().collect()
}

#[test]
fn the_edge_tool_draws_a_drag_along_three_sides_as_one_undo_step() {
    let mut h = harness();
    h.key_press(Key::H);
    h.run();
    assert_eq!(h.state().view().tool(), hexmap::app::tools::Tool::Edge);
    let centre = hex_at(&h, 6, 5);
    let sides = Edge::around(centre);
    let drag = [sides[0], sides[1], sides[2]];
    h.drag_at(edge_mid(&h, drag[0]));
    h.run();
    for &e in &drag[1..] {
        h.hover_at(edge_mid(&h, e));
        h.run();
    }
    // The status bar names the river under the pointer, in the overlay's label system.
    let overlays = OverlayState {
        label_system: CoordSystem::Xxyy,
        ..OverlayState::default()
    };
    h.state_mut().set_overlays(overlays);
    h.run();
    let cx = h.state().view().doc().map().properties().coord_context();
    let name = format!(
        "River on edge {}",
        edge_label(drag[2], CoordSystem::Xxyy, &cx)
    );
    let labels = shown_labels(&h);
    assert!(labels.contains(&name), "{name} not in {labels:?}");
    assert!(name.len() == "River on edge 0000|0000".len(), "{name}");
    h.drop_at(edge_mid(&h, drag[2]));
    h.run();

    let river = EdgeTypeId::new(1).unwrap();
    let mut want: Vec<_> = drag.iter().map(|&e| (e, river)).collect();
    want.sort();
    assert_eq!(edges(&h), want);
    assert_eq!(h.state().view().doc().document().history().undo_len(), 1);

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(edges(&h).is_empty(), "one undo removes the whole drag");
}

fn click(h: &mut Harness<'static, EditorApp>, x: Hex) {
    let p = h.state().view().hex_to_screen(x);
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    h.run();
}

#[test]
fn the_path_tool_clicks_a_path_and_delete_removes_it() {
    let mut h = harness();
    h.key_press(Key::P);
    h.run();
    assert_eq!(h.state().view().tool(), hexmap::app::tools::Tool::Path);
    let (a, b, c) = (hex_at(&h, 2, 3), hex_at(&h, 5, 3), hex_at(&h, 7, 6));
    click(&mut h, a);
    assert!(
        h.state().view().doc().map().paths().is_empty(),
        "one click: no path yet"
    );
    click(&mut h, b);
    click(&mut h, c);
    let map = h.state().view().doc().map();
    assert_eq!(map.paths().len(), 1);
    let path = map.paths().iter().next().unwrap();
    let mut want = hexmap::hex::line::line(a, b);
    want.extend(hexmap::hex::line::line(b, c).into_iter().skip(1));
    assert_eq!(path.hexes, want);
    assert_eq!(h.state().view().selected_path(), Some(path.id));
    let id = path.id;

    h.key_press(Key::Delete);
    h.run();
    assert!(
        h.state().view().doc().map().paths().is_empty(),
        "Delete removes it"
    );
    assert_eq!(h.state().view().selected_path(), None);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(
        h.state().view().doc().map().path(id).is_some(),
        "undo brings it back"
    );
}

/// A new flat map with `paths` (given as (type, (col, row) list)), the editor on it with
/// the path tool.
fn harness_with_paths(paths: &[(u16, Vec<(i32, i32)>)]) -> Harness<'static, EditorApp> {
    let spec = NewMapSpec {
        orientation: Orientation::Flat,
        ..NewMapSpec::default()
    };
    let mut doc = OpenMap::new_map(&spec).expect("valid spec");
    let kind = doc.map().properties().offset_kind;
    for (i, (t, cells)) in paths.iter().enumerate() {
        let path = MapPath {
            gm_only: false,
            id: PathId(i as u32 + 1),
            kind: PathTypeId::new(*t).unwrap(),
            hexes: cells
                .iter()
                .map(|&(c, r)| kind.to_hex(OffsetCoord::new(c, r)))
                .collect(),
        };
        doc.apply(&Edit::Feature(FeatureEdit::AddPath(path)))
            .expect("a valid path");
    }
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h.key_press(Key::P);
    h.run();
    h
}

fn click_world(h: &mut Harness<'static, EditorApp>, world: Point) {
    let p = h.state().view().world_to_screen(world);
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    h.run();
}

/// A point inside hex `x` well away from the line drawn for path `id` (near a corner).
fn off_the_line(h: &Harness<'static, EditorApp>, x: Hex, id: u32) -> Point {
    let layout = h.state().view().doc().layout();
    let path = h
        .state()
        .view()
        .doc()
        .map()
        .path(PathId(id))
        .unwrap()
        .clone();
    let c = layout.hex_to_pixel(x);
    let (point, distance) = Edge::around(x)
        .into_iter()
        .map(|e| {
            let corner = layout.edge_points(e)[0];
            let p = Point::new(c.x + 0.8 * (corner.x - c.x), c.y + 0.8 * (corner.y - c.y));
            (p, distance_to_path_near(&layout, &path, x, p))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap();
    let radius = layout.size().x.min(layout.size().y);
    assert!(distance > 0.3 * radius, "{distance} is near the line");
    assert_eq!(layout.pixel_to_hex(point), Some(x));
    point
}

#[test]
fn a_press_in_a_road_hex_off_its_line_starts_a_new_path_there() {
    let road: Vec<(i32, i32)> = (2..=6).map(|c| (c, 3)).collect();
    let mut h = harness_with_paths(&[(1, road)]);
    let (start, end) = (hex_at(&h, 4, 3), hex_at(&h, 4, 6));
    let p = off_the_line(&h, start, 1);
    click_world(&mut h, p);
    assert_eq!(
        h.state().view().selected_path(),
        None,
        "the road is not selected"
    );
    let centre = h.state().view().doc().layout().hex_to_pixel(end);
    click_world(&mut h, centre);
    let map = h.state().view().doc().map();
    assert_eq!(map.paths().len(), 2, "a new path beside the road");
    let new = map.paths().iter().find(|p| p.id != PathId(1)).unwrap();
    assert_eq!(new.hexes, hexmap::hex::line::line(start, end));
    assert_eq!(
        map.path(PathId(1)).unwrap().hexes.len(),
        5,
        "the road as it was"
    );
}

#[test]
fn the_selected_road_extends_through_a_river_hex_and_a_press_on_the_river_selects_it() {
    let road = vec![(2, 3), (3, 3), (4, 3)];
    let river: Vec<(i32, i32)> = (1..=5).map(|r| (6, r)).collect();
    let mut h = harness_with_paths(&[(1, road), (4, river)]);
    // A press on the road's line (its first centre) selects it.
    let first = h
        .state()
        .view()
        .doc()
        .layout()
        .hex_to_pixel(hex_at(&h, 2, 3));
    click_world(&mut h, first);
    assert_eq!(h.state().view().selected_path(), Some(PathId(1)));
    // A press in a hex the river runs through, off the river's line, extends the road.
    let crossing = hex_at(&h, 6, 3);
    let p = off_the_line(&h, crossing, 2);
    click_world(&mut h, p);
    let road = h.state().view().doc().map().path(PathId(1)).unwrap();
    assert_eq!(road.hexes.last(), Some(&crossing), "{:?}", road.hexes);
    assert_eq!(h.state().view().selected_path(), Some(PathId(1)));
    // A press on the river's line selects the river.
    let on_river = h
        .state()
        .view()
        .doc()
        .layout()
        .hex_to_pixel(hex_at(&h, 6, 5));
    click_world(&mut h, on_river);
    assert_eq!(h.state().view().selected_path(), Some(PathId(2)));
}
