//! Reshaping in the Properties window: around the map's centre, the dropped cells counted
//! before Apply, the outline previewed, one Apply one undo step; a rectangle grown and
//! shrunk on chosen sides.

use crate::harness::{settle, shown_labels};
use eframe::egui::{self, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind, Orientation};
use hexmap::map::{HexMap, MapProperties, MapShape, Palette, shape_centre};

/// A pointy odd-r rectangle with every cell painted and a note on its centre.
fn painted(w: u32, h: u32) -> HexMap {
    let props = MapProperties::new("island", Orientation::Pointy);
    let shape = MapShape::rectangle(OffsetKind::OddR, w, h).unwrap();
    let mut map = HexMap::new(props, shape, Palette::standard()).unwrap();
    let id = map.palette().terrains()[1].id;
    let cells: Vec<Hex> = map.shape().iter().collect();
    for c in cells {
        map.set_terrain(c, Some(id)).unwrap();
    }
    let centre = shape_centre(map.shape());
    map.set_note(centre, Some("middle".into())).unwrap();
    map
}

fn open(map: HexMap) -> Harness<'static, EditorApp> {
    let doc = OpenMap::from_map(map);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    h.run();
    h.get_by_label("Map").click();
    settle(&mut h);
    h.get_by_label("Properties…").click();
    settle(&mut h);
    h
}

#[test]
fn a_forty_by_thirty_island_cut_to_a_hexagon_keeps_its_middle_and_says_what_goes() {
    let map = painted(40, 30);
    let before = map.clone();
    let mut h = open(map);
    h.get_by_role_and_label(egui::Role::ComboBox, "Shape")
        .click();
    settle(&mut h);
    h.get_by_label("hexagon").click();
    settle(&mut h);
    // The window's radius (the toolbar has the brush's).
    h.get_all_by_role_and_label(egui::Role::SpinButton, "Radius")
        .last()
        .unwrap()
        .set_value_accesskit(12.0);
    settle(&mut h);
    // 1200 painted cells, 469 in a radius-12 hexagon: said before anything happens.
    let text = "731 painted cells will be dropped (new outline shown on the map).";
    assert!(h.query_by_label(text).is_some(), "{:?}", shown_labels(&h));
    assert_eq!(h.state().view().doc().map(), &before, "nothing applied yet");
    h.get_by_label("Apply").click();
    settle(&mut h);
    let doc = h.state().view().doc();
    assert_eq!(doc.map().shape(), &MapShape::hexagon(12).unwrap());
    assert_eq!(
        doc.map().note(Hex::ORIGIN),
        Some("middle"),
        "the middle kept"
    );
    assert!(
        doc.map()
            .shape()
            .iter()
            .all(|c| doc.map().terrain(c).is_some()),
        "the hexagon is cut from the painted middle, not the empty outside"
    );
    assert_eq!(doc.document().history().undo_len(), 1, "one undo step");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(h.state().view().doc().map(), &before);
}

#[test]
fn a_rectangle_grows_on_the_left_and_loses_its_top_row() {
    let map = painted(6, 5);
    let corner = OffsetKind::OddR.to_hex(OffsetCoord::new(5, 4));
    let id = map.terrain(corner);
    let mut h = open(map);
    h.get_by_role_and_label(egui::Role::SpinButton, "Left")
        .set_value_accesskit(2.0);
    settle(&mut h);
    h.get_by_role_and_label(egui::Role::SpinButton, "Top")
        .set_value_accesskit(-1.0);
    settle(&mut h);
    assert!(h.query_by_label("New size: 8 × 4").is_some());
    assert!(
        h.query_by_label("6 painted cells will be dropped (new outline shown on the map).")
            .is_some(),
        "{:?}",
        shown_labels(&h)
    );
    h.get_by_label("Apply").click();
    settle(&mut h);
    let map = h.state().view().doc().map();
    assert_eq!(
        map.shape(),
        &MapShape::rectangle(OffsetKind::OddR, 8, 4).unwrap()
    );
    let moved = OffsetKind::OddR.to_hex(OffsetCoord::new(7, 3));
    assert_eq!(
        map.terrain(moved),
        id,
        "the bottom-right cell kept its place"
    );
    assert_eq!(h.state().view().doc().document().history().undo_len(), 1);
}
