//! The edge and path tools (issue 14) driven through real frames: a drag of the edge tool
//! along three hexsides, the status bar naming the river under the pointer, one undo for
//! the drag; the path tool's click, click, click, then Delete.

use crate::harness::shown_labels;
use eframe::egui::{Key, Modifiers, Pos2, Vec2};
use egui_kittest::Harness;
use hexmap::app::EditorApp;
use hexmap::app::dialogs::FakeDialogs;
use hexmap::app::doc::{Doc, NewMapSpec};
use hexmap::app::feature_tools::edge_label;
use hexmap::app::overlays::OverlayState;
use hexmap::hex::{CoordSystem, Edge, Hex, OffsetCoord, Orientation};
use hexmap::map::EdgeTypeId;

/// A new flat map (XXYY labels count its columns), the editor on it.
fn harness() -> Harness<'static, EditorApp> {
    let spec = NewMapSpec {
        orientation: Orientation::Flat,
        ..NewMapSpec::default()
    };
    let doc = Doc::new_map(&spec).expect("valid spec");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    h.run();
    h
}

fn hex_at(h: &Harness<'static, EditorApp>, col: i32, row: i32) -> Hex {
    let kind = h.state().doc().map().properties().offset_kind;
    kind.to_hex(OffsetCoord::new(col, row))
}

fn edge_mid(h: &Harness<'static, EditorApp>, e: Edge) -> Pos2 {
    let layout = h.state().doc().layout();
    h.state().world_to_screen(layout.edge_midpoint(e))
}

fn edges(h: &Harness<'static, EditorApp>) -> Vec<(Edge, EdgeTypeId)> {
    h.state().doc().map().edges().collect()
}

#[test]
fn the_edge_tool_draws_a_drag_along_three_sides_as_one_undo_step() {
    let mut h = harness();
    h.key_press(Key::H);
    h.run();
    assert_eq!(h.state().tool(), hexmap::app::tools::Tool::Edge);
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
    let cx = h.state().doc().map().properties().coord_context();
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
    assert_eq!(h.state().doc().document().history().undo_len(), 1);

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(edges(&h).is_empty(), "one undo removes the whole drag");
}

fn click(h: &mut Harness<'static, EditorApp>, x: Hex) {
    let p = h.state().hex_to_screen(x);
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
    assert_eq!(h.state().tool(), hexmap::app::tools::Tool::Path);
    let (a, b, c) = (hex_at(&h, 2, 3), hex_at(&h, 5, 3), hex_at(&h, 7, 6));
    click(&mut h, a);
    assert!(
        h.state().doc().map().paths().is_empty(),
        "one click: no path yet"
    );
    click(&mut h, b);
    click(&mut h, c);
    let map = h.state().doc().map();
    assert_eq!(map.paths().len(), 1);
    let path = map.paths().iter().next().unwrap();
    let mut want = hexmap::hex::line::line(a, b);
    want.extend(hexmap::hex::line::line(b, c).into_iter().skip(1));
    assert_eq!(path.hexes, want);
    assert_eq!(h.state().selected_path(), Some(path.id));
    let id = path.id;

    h.key_press(Key::Delete);
    h.run();
    assert!(
        h.state().doc().map().paths().is_empty(),
        "Delete removes it"
    );
    assert_eq!(h.state().selected_path(), None);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(
        h.state().doc().map().path(id).is_some(),
        "undo brings it back"
    );
}
