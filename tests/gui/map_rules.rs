//! The editor keeps the map's rules: the New dialog refuses what `hexmap validate` would
//! refuse, the status bar spells each coordinate system as the command line does, and the
//! Properties window reshapes a rectangle in the map's own offset kind.

use crate::harness::settle;
use eframe::egui::{self, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::dialogs::FakeDialogs;
use hexmap::app::doc::{Doc, NewMapSpec};
use hexmap::hex::{OffsetCoord, OffsetKind, Orientation};
use hexmap::map::{HexMap, MapProperties, MapShape, Palette};

fn harness(doc: Doc) -> Harness<'static, EditorApp> {
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    h.run();
    h
}

fn blank_doc() -> Doc {
    Doc::new_map(&NewMapSpec::default()).expect("default spec is valid")
}

fn set_name(h: &mut Harness<'static, EditorApp>, name: &str) {
    h.get_by_role_and_label(egui::Role::TextInput, "Name")
        .set_text_value_accesskit(name);
    settle(h);
}

#[test]
fn the_new_dialog_refuses_a_name_over_the_byte_limit_and_says_why() {
    let mut h = harness(blank_doc());
    let before = h.state().doc().map().name().to_string();
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
        h.state().doc().map().name(),
        before,
        "the map is not replaced"
    );

    // A name within the limit creates the map and closes the dialog.
    set_name(&mut h, &"ж".repeat(100));
    h.get_by_label("Create").click();
    settle(&mut h);
    assert!(h.query_by_label("Create").is_none());
    assert!(h.query_by_label_contains("over the limit").is_none());
    assert_eq!(h.state().doc().map().name(), "ж".repeat(100));
}

#[test]
fn the_status_bar_spells_doubled_systems_as_the_command_line() {
    let mut h = harness(blank_doc());
    // Pointy odd-r map: odd-r (3, 4) is axial (1, 4), doubled-width (2q + r, r) = (6, 4).
    let y = OffsetKind::OddR.to_hex(OffsetCoord::new(3, 4));
    let p = h.state().hex_to_screen(y);
    h.hover_at(p);
    h.run();
    assert!(
        h.query_by_label_contains("doubled-width 6,4").is_some(),
        "status bar names doubled-width like `hexmap coord`"
    );
}

#[test]
fn properties_reshape_a_rectangle_in_the_maps_own_offset_kind() {
    let mut props = MapProperties::new("even", Orientation::Pointy);
    props.offset_kind = OffsetKind::EvenR;
    let shape = MapShape::rectangle(OffsetKind::EvenR, 10, 6).unwrap();
    let map = HexMap::new(props, shape, Palette::standard()).unwrap();
    let mut h = harness(Doc::from_map(map));
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
        h.state().doc().map().shape(),
        &MapShape::rectangle(OffsetKind::EvenR, 12, 6).unwrap(),
        "wider, still straight in even-r"
    );
}
