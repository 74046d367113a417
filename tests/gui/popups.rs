//! Menus and combo boxes own the keys and clicks meant for them:
//! Escape closes the popup and never reaches the canvas behind it, a click that closes a
//! menu paints nothing, and the Edit menu's "Copy selection" agrees with the outline drawn;
//! the View menu shows the zoom keys.

use crate::harness::{copy_then_paste, settle, shown_labels};
use eframe::egui::{self, Event, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::app::tools::Tool;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};

fn harness() -> Harness<'static, EditorApp> {
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h
}

fn cell(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

/// Select tool, then drag a box from the centre of `a` to the centre of `b`.
fn select_box(h: &mut Harness<'static, EditorApp>, a: Hex, b: Hex) {
    h.get_by_label(Tool::Select.label()).click();
    settle(h);
    let (pa, pb) = (
        h.state().view().hex_to_screen(a),
        h.state().view().hex_to_screen(b),
    );
    h.drag_at(pa - Vec2::new(2.0, 2.0));
    h.run();
    h.hover_at(pb + Vec2::new(2.0, 2.0));
    h.run();
    h.drop_at(pb + Vec2::new(2.0, 2.0));
    settle(h);
}

fn copy_item_enabled(h: &mut Harness<'static, EditorApp>) -> bool {
    h.get_by_label("Edit").click();
    settle(h);
    let enabled = !h
        .get_by_label_contains("Copy selection")
        .accesskit_node()
        .is_disabled();
    h.key_press(Key::Escape);
    settle(h);
    enabled
}

#[test]
fn escape_closes_an_open_menu_and_leaves_the_selection_alone() {
    let mut h = harness();
    select_box(&mut h, cell(4, 4), cell(6, 6));
    let selected = h.state().view().selection().to_vec();
    assert!(selected.len() >= 8, "{selected:?}");
    h.get_by_label("Edit").click();
    settle(&mut h);
    assert!(h.query_by_label_contains("Copy selection").is_some());
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(
        h.query_by_label_contains("Copy selection").is_none(),
        "Escape closed the Edit menu: {:?}",
        shown_labels(&h)
    );
    assert_eq!(
        h.state().view().selection(),
        selected.as_slice(),
        "the canvas behind the menu never saw the Escape"
    );
    assert!(copy_item_enabled(&mut h), "Copy selection is still offered");
    // With no popup open, Escape is the canvas's again: it clears the selection.
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(h.state().view().selection().is_empty());
}

#[test]
fn escape_closes_the_label_system_combo_box_and_leaves_the_selection_alone() {
    let mut h = harness();
    select_box(&mut h, cell(4, 4), cell(5, 5));
    let selected = h.state().view().selection().to_vec();
    assert!(!selected.is_empty());
    h.get_by_label("system").click();
    settle(&mut h);
    assert!(
        h.query_by_label("three-axis").is_some(),
        "the choices are open: {:?}",
        shown_labels(&h)
    );
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(
        h.query_by_label("three-axis").is_none(),
        "Escape closed the combo box"
    );
    assert_eq!(h.state().view().selection(), selected.as_slice());
}

#[test]
fn a_click_on_the_canvas_that_closes_a_menu_paints_nothing() {
    let mut h = harness();
    let target = cell(8, 8);
    assert_eq!(h.state().view().doc().terrain(target), None);
    assert_eq!(h.state().view().tool(), Tool::Brush);
    h.get_by_label("View").click();
    settle(&mut h);
    assert!(h.query_by_label_contains("Fit map").is_some());
    let p = h.state().view().hex_to_screen(target);
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    settle(&mut h);
    assert!(
        h.query_by_label_contains("Fit map").is_none(),
        "the click closed the menu"
    );
    assert_eq!(
        h.state().view().doc().terrain(target),
        None,
        "the click meant for the menu did not paint"
    );
    assert!(!h.state().view().doc().is_modified());
    // The next click paints as usual.
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    settle(&mut h);
    assert!(h.state().view().doc().terrain(target).is_some());
}

#[test]
fn after_paste_and_undo_copy_selection_agrees_with_the_outline() {
    let mut h = harness();
    // S, drag-select 9 cells, Ctrl+C, Ctrl+V, R, F, click to place, Escape, Ctrl+Z.
    select_box(&mut h, cell(4, 4), cell(6, 6));
    assert!(h.state().view().selection().len() >= 8);
    copy_then_paste(&mut h);
    h.key_press(Key::R);
    settle(&mut h);
    h.key_press(Key::F);
    settle(&mut h);
    let at = h.state().view().hex_to_screen(cell(12, 8));
    h.hover_at(at);
    settle(&mut h);
    h.drag_at(at);
    h.run();
    h.drop_at(at);
    settle(&mut h);
    h.key_press(Key::Escape);
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    let outlined = !h.state().view().selection().is_empty();
    assert_eq!(
        copy_item_enabled(&mut h),
        outlined,
        "Copy selection is offered exactly while a selection is outlined"
    );
}

#[test]
fn the_view_menu_shows_the_zoom_keys() {
    let mut h = harness();
    h.get_by_label("View").click();
    settle(&mut h);
    let labels = shown_labels(&h);
    // A menu item reads "label shortcut"; egui writes the minus key as "−".
    for item in ["Fit map F", "Zoom in +", "Zoom out −"] {
        assert!(
            labels.iter().any(|l| l == item),
            "the View menu shows {item}: {labels:?}"
        );
    }
    // And the keys do what the menu says.
    h.key_press(Key::Escape);
    settle(&mut h);
    let zoom = h.state().view().camera().zoom;
    h.key_press(Key::Plus);
    settle(&mut h);
    assert!(h.state().view().camera().zoom > zoom * 1.2);
}

#[test]
fn a_click_inside_a_window_over_the_map_never_paints() {
    let mut h = harness();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    settle(&mut h);
    let name = h.get_by_label("Name").rect();
    let canvas = h.state().view().canvas_rect();
    assert!(
        canvas.contains(name.center()),
        "the New map window lies over the map"
    );
    let before = h.state().view().doc().map().clone();
    for p in [name.center(), name.center() + Vec2::new(0.0, 30.0)] {
        h.drag_at(p);
        settle(&mut h);
        h.drop_at(p);
        settle(&mut h);
    }
    assert_eq!(
        h.state().view().doc().map(),
        &before,
        "nothing painted under it"
    );
    assert!(
        h.query_by_label("Create").is_some(),
        "the window is still open"
    );
}

#[test]
fn after_a_reshape_the_outlined_selection_is_what_copy_takes() {
    let mut h = harness();
    // A block across the right edge of the 24 × 16 map, then the map cut to 20 columns.
    select_box(&mut h, cell(18, 4), cell(23, 6));
    assert!(h.state().view().selection().len() >= 12);
    h.get_by_label("Map").click();
    settle(&mut h);
    h.get_by_label("Properties…").click();
    settle(&mut h);
    h.get_by_role_and_label(egui::Role::SpinButton, "Right")
        .set_value_accesskit(-4.0);
    settle(&mut h);
    h.get_by_label("Apply").click();
    settle(&mut h);
    let map = h.state().view().doc().map().clone();
    let outlined = h.state().view().selection().to_vec();
    assert!(!outlined.is_empty());
    assert!(
        outlined.iter().all(|&x| map.contains(x)),
        "only cells of the map are outlined"
    );
    h.event(Event::Copy);
    settle(&mut h);
    let said = format!("Copied {} cells", outlined.len());
    assert!(
        h.query_by_label(&said).is_some(),
        "Copy takes every outlined cell: {:?}",
        shown_labels(&h)
    );
}
