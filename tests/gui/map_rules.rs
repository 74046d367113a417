//! The editor keeps the map's rules: the New dialog refuses what `hexmap validate` would
//! refuse, the status bar spells each coordinate system as the command line does, and the
//! Properties window reshapes a rectangle in the map's own offset kind.

use crate::harness::settle;
use eframe::egui::{self, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::hex::{OffsetCoord, OffsetKind, Orientation};
use hexmap::map::MapShape;
use hexmap::map::testing::TestMap;

fn harness(doc: OpenMap) -> Harness<'static, EditorApp> {
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h
}

fn blank_doc() -> OpenMap {
    OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid")
}

fn set_name(h: &mut Harness<'static, EditorApp>, name: &str) {
    h.get_by_role_and_label(egui::Role::TextInput, "Name")
        .set_text_value_accesskit(name);
    settle(h);
}

#[test]
fn the_new_dialog_refuses_a_name_over_the_byte_limit_and_says_why() {
    let mut h = harness(blank_doc());
    let before = h.state().view().doc().map().name().to_string();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    settle(&mut h);
    // 150 two-byte characters: 300 bytes (the limit is 200 bytes).
    set_name(&mut h, &"ж".repeat(150));
    h.get_by_label("Create").click();
    settle(&mut h);
    assert!(
        h.query_by_label_contains("map name is 300 bytes, over the limit of 200")
            .is_some(),
        "the reason is on screen"
    );
    assert!(
        h.query_by_label("Create").is_some(),
        "the dialog stays open"
    );
    assert_eq!(
        h.state().view().doc().map().name(),
        before,
        "the map is not replaced"
    );

    // A name within the limit creates the map and closes the dialog.
    set_name(&mut h, &"ж".repeat(100));
    h.get_by_label("Create").click();
    settle(&mut h);
    assert!(h.query_by_label("Create").is_none());
    assert!(h.query_by_label_contains("over the limit").is_none());
    assert_eq!(h.state().view().doc().map().name(), "ж".repeat(100));
}

#[test]
fn the_status_bar_spells_doubled_systems_as_the_command_line() {
    let mut h = harness(blank_doc());
    // Pointy odd-r map: odd-r (3, 4) is axial (1, 4), doubled-width (2q + r, r) = (6, 4).
    let y = OffsetKind::OddR.to_hex(OffsetCoord::new(3, 4));
    let p = h.state().view().hex_to_screen(y);
    h.hover_at(p);
    h.run();
    assert!(
        h.query_by_label_contains("doubled-width 6,4").is_some(),
        "status bar names doubled-width like `hexmap coord`"
    );
}

#[test]
fn properties_reshape_a_rectangle_in_the_maps_own_offset_kind() {
    let map = TestMap::rectangle(OffsetKind::EvenR, 10, 6)
        .named("even")
        .offset_kind(OffsetKind::EvenR)
        .build();
    let mut h = harness(OpenMap::from_map(map));
    h.get_by_label("Map").click();
    settle(&mut h);
    h.get_by_label("Properties…").click();
    settle(&mut h);
    h.get_by_role_and_label(egui::Role::SpinButton, "Width")
        .set_value_accesskit(12.0);
    settle(&mut h);
    h.get_by_label("Apply").click();
    settle(&mut h);
    assert_eq!(
        h.state().view().doc().map().shape(),
        &MapShape::rectangle(OffsetKind::EvenR, 12, 6).unwrap(),
        "wider, still straight in even-r"
    );
}

fn open_properties(h: &mut Harness<'static, EditorApp>) {
    h.get_by_label("Map").click();
    settle(h);
    h.get_by_label("Properties…").click();
    settle(h);
}

#[test]
fn switching_to_flat_takes_the_offset_kind_of_the_same_parity_and_keeps_the_rectangle() {
    for (kind, flat_kind) in [
        (OffsetKind::OddR, OffsetKind::OddQ),
        (OffsetKind::EvenR, OffsetKind::EvenQ),
    ] {
        let mut map = TestMap::rectangle(kind, 10, 6)
            .named("turn")
            .offset_kind(kind)
            .build();
        let ids: Vec<_> = map.palette().terrains().iter().map(|t| t.id).collect();
        let cells: Vec<_> = map.shape().iter().collect();
        for (i, &c) in cells.iter().enumerate() {
            map.set_terrain(c, Some(ids[i % ids.len()])).unwrap();
        }
        let before = map.clone();
        let mut h = harness(OpenMap::from_map(map));
        open_properties(&mut h);
        h.get_by_label("flat").click();
        settle(&mut h);
        // The window shows the kind that goes with flat hexes before anything is applied.
        let shown = h.get_by_label(flat_kind.name()).accesskit_node().toggled();
        assert_eq!(
            shown,
            Some(eframe::egui::accesskit::Toggled::True),
            "the offset kind follows: {flat_kind} is chosen"
        );
        h.get_by_label("Apply").click();
        settle(&mut h);
        let doc = h.state().view().doc();
        let p = doc.map().properties();
        assert_eq!(
            (p.orientation, p.offset_kind),
            (Orientation::Flat, flat_kind)
        );
        assert_eq!(
            doc.map().shape(),
            &MapShape::rectangle(flat_kind, 10, 6).unwrap(),
            "still a 10 × 6 rectangle, straight in {flat_kind}"
        );
        for &c in &cells {
            let moved = flat_kind.to_hex(kind.from_hex(c));
            assert_eq!(doc.map().terrain(moved), before.terrain(c), "{c:?} kept");
        }
        assert_eq!(doc.document().history().undo_len(), 1, "one undo step");
    }
}

#[test]
fn a_file_with_a_mismatched_offset_kind_opens_switched_with_a_warning() {
    let dir = crate::harness::temp_dir("mismatch");
    let path = dir.join("skew.ron");
    let mut map = TestMap::hexagon(3, Orientation::Pointy)
        .named("skew")
        .offset_kind(OffsetKind::EvenQ)
        .build();
    let id = map.palette().terrains()[2].id;
    map.set_terrain(hexmap::hex::Hex::new(1, -2), Some(id))
        .unwrap();
    hexmap::io::save(&path, &map, hexmap::io::Form::Offset).unwrap();
    let mut h = harness(blank_doc());
    h.state_mut().push(hexmap::app::Action::Open(path.clone()));
    settle(&mut h);
    assert!(h.query_by_label("Warning").is_some(), "a warning window");
    assert!(
        h.query_by_label_contains("even-q does not go with pointy")
            .is_some(),
        "it says what was wrong"
    );
    let doc = h.state().view().doc();
    assert_eq!(doc.map().properties().offset_kind, OffsetKind::EvenR);
    assert_eq!(
        doc.map().terrain(hexmap::hex::Hex::new(1, -2)),
        Some(id),
        "cells kept"
    );
    assert!(
        h.state().view().title().contains("skew"),
        "{}",
        h.state().view().title()
    );
    h.get_by_label("OK").click();
    settle(&mut h);
    assert!(h.query_by_label("Warning").is_none());
}

#[test]
fn the_open_properties_window_follows_an_undo_and_a_redo() {
    let mut h = harness(blank_doc());
    let before = h.state().view().doc().map().name().to_owned();
    open_properties(&mut h);
    set_name(&mut h, "Renamed");
    h.get_by_label("Apply").click();
    settle(&mut h);
    assert_eq!(h.state().view().doc().map().name(), "Renamed");
    let shown = |h: &Harness<'static, EditorApp>| {
        h.get_by_role_and_label(egui::Role::TextInput, "Name")
            .accesskit_node()
            .value()
            .unwrap_or_default()
    };
    assert_eq!(shown(&h), "Renamed");
    // Undo from the keyboard while the window stays open: the window shows the map again.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(h.state().view().doc().map().name(), before);
    assert_eq!(
        shown(&h),
        before,
        "the window shows the name the map has now"
    );
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    settle(&mut h);
    assert_eq!(h.state().view().doc().map().name(), "Renamed");
    assert_eq!(shown(&h), "Renamed");
}

#[test]
fn bigger_hexes_set_in_the_properties_window_keep_a_label_on_its_hex() {
    let mut map = TestMap::rectangle(OffsetKind::OddR, 10, 8)
        .named("ford")
        .hex_size(10.0)
        .build();
    let hex = OffsetKind::OddR.to_hex(OffsetCoord::new(6, 5));
    let at = map.layout().unwrap().hex_to_pixel(hex);
    let id = map.labels().next_id();
    let mut doc = hexmap::map::Document::new(map);
    doc.apply(&hexmap::map::Edit::Annotation(
        hexmap::map::AnnotationEdit::AddLabel {
            id,
            label: hexmap::map::Label::new("Ford", at),
        },
    ))
    .unwrap();
    map = doc.map().clone();
    let mut h = harness(OpenMap::from_map(map));
    open_properties(&mut h);
    for field in ["Hex size x", "y (stretch)"] {
        h.get_by_role_and_label(egui::Role::SpinButton, field)
            .set_value_accesskit(25.0);
        settle(&mut h);
    }
    h.get_by_label("Apply").click();
    settle(&mut h);
    let map = h.state().view().doc().map();
    assert_eq!(map.properties().hex_size.x, 25.0);
    let label = map.labels().get(id).expect("the label is kept");
    let layout = map.layout().unwrap();
    assert_eq!(layout.pixel_to_hex_rounded(label.at), hex, "over its hex");
    // One undo step gives the old size and the old position back.
    crate::harness::undo(&mut h);
    let map = h.state().view().doc().map();
    assert_eq!(map.properties().hex_size.x, 10.0);
    assert_eq!(map.labels().get(id).unwrap().at, at);
}
