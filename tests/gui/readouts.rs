//! What the status bar and the overlays panel say about the view (19
//! and 23): the size of a hex on screen rather than a zoom percentage, why ticked labels
//! are not drawn yet, and a small window that keeps its readouts whole and most of its
//! width for the map.

use crate::harness::{settle, shown_labels};
use eframe::egui::{self, Key, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;

fn harness_at(doc: OpenMap, size: Vec2) -> Harness<'static, EditorApp> {
    let mut h = Harness::builder()
        .with_size(size)
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h
}

fn hexcrawl() -> OpenMap {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    OpenMap::load(&path).expect("the hexcrawl sample loads")
}

/// The number in the status bar's "hex N px".
fn shown_hex_px(h: &Harness<'static, EditorApp>) -> f64 {
    let labels = shown_labels(h);
    let text = labels
        .iter()
        .find(|l| l.starts_with("hex ") && l.ends_with(" px"))
        .unwrap_or_else(|| panic!("a hex size readout: {labels:?}"));
    text["hex ".len()..text.len() - " px".len()]
        .parse()
        .unwrap()
}

/// Screen distance between the centres of two neighbours: a hex, flat side to flat side.
fn measured_hex_px(h: &Harness<'static, EditorApp>) -> f64 {
    let view = h.state().view();
    let a = view.doc().map().shape().iter().next().unwrap();
    let b = a.neighbors()[0];
    f64::from(view.hex_to_screen(a).distance(view.hex_to_screen(b)))
}

#[test]
fn the_status_bar_says_how_big_a_hex_is_on_screen() {
    // hexcrawl's hexes are 1 world unit: a zoom percentage would read in the thousands.
    let mut h = harness_at(hexcrawl(), Vec2::new(1280.0, 800.0));
    assert!(
        !shown_labels(&h).iter().any(|l| l.starts_with("zoom ")),
        "{:?}",
        shown_labels(&h)
    );
    let shown = shown_hex_px(&h);
    let measured = measured_hex_px(&h);
    assert!((shown - measured).abs() < 1.0, "{shown} vs {measured}");
    assert!(
        (10.0..200.0).contains(&shown),
        "a size a person can picture: {shown}"
    );
    h.key_press(Key::Plus);
    settle(&mut h);
    let zoomed = shown_hex_px(&h);
    assert!((zoomed - measured_hex_px(&h)).abs() < 1.0);
    assert!(
        (zoomed / shown - 1.25).abs() < 0.02,
        "{zoomed} after + from {shown}"
    );
}

#[test]
fn ticked_labels_too_small_to_draw_say_zoom_in() {
    let mut h = harness_at(OpenMap::sample(), Vec2::new(1280.0, 800.0));
    let labels_box = |h: &Harness<'static, EditorApp>| {
        h.get_by_role_and_label(egui::Role::CheckBox, "Labels")
            .click();
    };
    labels_box(&h);
    settle(&mut h);
    assert!(
        h.query_by_label("zoom in to see labels").is_some(),
        "at the fitted zoom: {:?}",
        shown_labels(&h)
    );
    for _ in 0..12 {
        h.key_press(Key::Plus);
        settle(&mut h);
    }
    assert!(
        h.query_by_label("zoom in to see labels").is_none(),
        "once labels are drawn the hint goes"
    );
    labels_box(&h);
    settle(&mut h);
    assert!(h.query_by_label("zoom in to see labels").is_none());
}

#[test]
fn a_small_window_keeps_radius_with_its_field_whole_readouts_and_most_of_its_width() {
    let mut h = harness_at(OpenMap::sample(), Vec2::new(800.0, 500.0));
    // The brush radius: its name and number in one piece, inside the window.
    let field = h
        .get_by_role_and_label(egui::Role::SpinButton, "Radius")
        .rect();
    assert!(
        field.right() <= 800.0,
        "the radius field is whole: {field:?}"
    );
    for name in h.query_all_by(|n| {
        n.role() == egui::accesskit::Role::Label && n.value().as_deref() == Some("Radius")
    }) {
        let label = name.rect();
        assert!(
            (label.center().y - field.center().y).abs() < 2.0 && field.left() > label.right(),
            "\"Radius\" shares the row of its field: {label:?} {field:?}"
        );
    }
    let canvas = h.state().view().canvas_rect();
    assert!(
        canvas.width() >= 0.55 * 800.0,
        "the map keeps most of the width: {canvas:?}"
    );
    // The coordinates line fits: its text is no wider than the label that shows it.
    let cell = h
        .state()
        .view()
        .doc()
        .map()
        .shape()
        .iter()
        .nth(300)
        .unwrap();
    let p = h.state().view().hex_to_screen(cell);
    h.hover_at(p);
    settle(&mut h);
    let node = h.get_by_label_contains("three-axis");
    let text = node
        .accesskit_node()
        .label()
        .or(node.accesskit_node().value())
        .expect("the line's text")
        .to_string();
    let font = egui::TextStyle::Monospace.resolve(&h.ctx.global_style());
    let width = h.ctx.fonts_mut(|f| {
        f.layout_no_wrap(text.clone(), font, egui::Color32::WHITE)
            .size()
            .x
    });
    assert!(
        width <= node.rect().width() + 1.0,
        "the line is shown whole ({width} wide in {:?}): {text}",
        node.rect()
    );
}

#[test]
fn right_after_fit_the_hex_size_readout_is_the_fitted_size_without_a_pointer_move() {
    let mut h = harness_at(hexcrawl(), Vec2::new(1280.0, 800.0));
    for _ in 0..3 {
        h.key_press(Key::Plus);
        settle(&mut h);
    }
    let zoomed = shown_hex_px(&h);
    // F and nothing else: no pointer move, no other key. The frames egui asks for after
    // the key must end with the readout of the fitted map.
    h.key_press(Key::F);
    settle(&mut h);
    let fitted = measured_hex_px(&h);
    assert!(
        fitted < zoomed * 0.7,
        "F fitted the map: {fitted} from {zoomed}"
    );
    let shown = shown_hex_px(&h);
    assert!(
        (shown - fitted).abs() < 1.0,
        "the readout says {shown} for hexes of {fitted} px"
    );
}
