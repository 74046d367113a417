//! Reshaping in the Properties window: around the map's centre, the dropped cells counted
//! before Apply, the outline previewed, one Apply one undo step; a rectangle grown and
//! shrunk on chosen sides.

use crate::harness::{settle, shown_labels};
use eframe::egui::{self, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::map::testing::TestMap;
use hexmap::map::{HexMap, MapShape, shape_centre};

/// A pointy odd-r rectangle with every cell painted and a note on its centre.
fn painted(w: u32, h: u32) -> HexMap {
    let mut map = TestMap::rectangle(OffsetKind::OddR, w, h)
        .named("island")
        .build();
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
    crate::harness::settle(&mut h);
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

/// The values the Properties window's Width and Height fields show.
fn shown_size(h: &Harness<'static, EditorApp>) -> (f64, f64) {
    use egui_kittest::kittest::NodeT;
    let value = |label: &str| {
        h.get_all_by_role_and_label(egui::Role::SpinButton, label)
            .last()
            .unwrap()
            .accesskit_node()
            .numeric_value()
            .unwrap()
    };
    (value("Width"), value("Height"))
}

fn choose_shape(h: &mut Harness<'static, EditorApp>, kind: &str) {
    h.get_by_role_and_label(egui::Role::ComboBox, "Shape")
        .click();
    settle(h);
    h.get_by_label(kind).click();
    settle(h);
}

#[test]
fn rectangle_again_after_hexagon_starts_from_the_maps_own_extent() {
    let mut h = open(painted(40, 30));
    assert_eq!(shown_size(&h), (40.0, 30.0));
    choose_shape(&mut h, "hexagon");
    h.get_all_by_role_and_label(egui::Role::SpinButton, "Radius")
        .last()
        .unwrap()
        .set_value_accesskit(10.0);
    settle(&mut h);
    choose_shape(&mut h, "rectangle");
    assert_eq!(
        shown_size(&h),
        (40.0, 30.0),
        "the map's own 40 × 30, not 10 × 10"
    );
    assert!(
        !shown_labels(&h)
            .iter()
            .any(|l| l.contains("will be dropped")),
        "nothing would be dropped: {:?}",
        shown_labels(&h)
    );

    // Once the map is a hexagon, a rectangle starts as wide and high as it reaches.
    choose_shape(&mut h, "hexagon");
    h.get_all_by_role_and_label(egui::Role::SpinButton, "Radius")
        .last()
        .unwrap()
        .set_value_accesskit(10.0);
    settle(&mut h);
    h.get_by_label("Apply").click();
    settle(&mut h);
    assert_eq!(
        h.state().view().doc().map().shape(),
        &MapShape::hexagon(10).unwrap()
    );
    choose_shape(&mut h, "rectangle");
    assert_eq!(shown_size(&h), (21.0, 21.0));
    assert!(
        h.query_by_label("No painted cell is dropped (new outline shown on the map).")
            .is_some(),
        "{:?}",
        shown_labels(&h)
    );
}

#[test]
fn switching_to_flat_turns_the_label_stagger_to_columns_too() {
    let map = painted(10, 8);
    assert_eq!(map.properties().labels.stagger, OffsetKind::OddR);
    let mut h = open(map);
    h.get_by_label("flat").click();
    settle(&mut h);
    let stagger = h.get_by_role_and_label(egui::Role::ComboBox, "Label stagger");
    use egui_kittest::kittest::NodeT;
    assert_eq!(
        stagger.accesskit_node().value().as_deref(),
        Some("odd-q"),
        "the label stagger follows the orientation"
    );
    h.get_by_label("Apply").click();
    settle(&mut h);
    let props = h.state().view().doc().map().properties().clone();
    assert_eq!(props.offset_kind, OffsetKind::OddQ);
    assert_eq!(props.labels.stagger, OffsetKind::OddQ);
}

#[test]
fn properties_sit_beside_the_map_with_still_buttons_and_clicks_on_them_never_paint() {
    let map = painted(40, 30);
    let mut h = open(map);
    choose_shape(&mut h, "hexagon");
    h.get_all_by_role_and_label(egui::Role::SpinButton, "Radius")
        .last()
        .unwrap()
        .set_value_accesskit(10.0);
    settle(&mut h);
    assert!(
        shown_labels(&h)
            .iter()
            .any(|l| l.contains("(new outline shown on the map)")),
        "{:?}",
        shown_labels(&h)
    );
    let canvas = h.state().view().canvas_rect();
    let apply = h.get_by_label("Apply").rect();
    assert!(
        !canvas.intersects(apply),
        "the properties do not lie over the canvas: {apply:?} vs {canvas:?}"
    );
    // The whole map, and so the outline within it, is in view beside them.
    let doc_map = h.state().view().doc().map().clone();
    for c in doc_map.shape().iter() {
        let p = h.state().view().hex_to_screen(c);
        assert!(
            canvas.contains(p),
            "cell {c:?} at {p:?} is on the canvas {canvas:?}"
        );
    }
    // Ticking "flat" shortens the form; Apply stays where it was.
    h.get_by_label("flat").click();
    settle(&mut h);
    assert!(
        h.query_by_label("Apply the new orientation first, then reshape.")
            .is_some()
    );
    assert_eq!(h.get_by_label("Apply").rect(), apply, "Apply does not move");
    // A click where the form was never paints the map.
    let before = h.state().view().doc().map().clone();
    let below = egui::pos2(apply.center().x, apply.center().y + 300.0);
    h.drag_at(below);
    h.run();
    h.drop_at(below);
    settle(&mut h);
    assert_eq!(h.state().view().doc().map(), &before);
}

/// A map wider than the form's old 2,000 limit (a ten-million-hex world is 3163 wide):
/// opening Map properties shows its own numbers, plans no reshape, and Apply keeps every
/// cell (the form used to clamp the width to 2,000, so opening it previewed a crop, and on
/// a 10M map spent seconds in one frame working the crop out).
#[test]
fn opening_properties_of_a_map_wider_than_2000_changes_nothing() {
    let mut h = open(painted(2500, 4));
    let shown = shown_labels(&h);
    assert!(
        !shown
            .iter()
            .any(|l| l.contains("dropped") || l.contains("new outline")),
        "{shown:?}"
    );
    h.get_by_label("Apply").click();
    settle(&mut h);
    let doc = h.state().view().doc();
    assert_eq!(
        *doc.map().shape(),
        MapShape::rectangle(OffsetKind::OddR, 2500, 4).unwrap()
    );
}
