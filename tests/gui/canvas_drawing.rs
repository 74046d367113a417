//! The map canvas as it is drawn: coordinate labels come from the cached chunks (drawn by
//! `draw`), only where legible, and follow the label system when it changes.

use eframe::egui::{Shape, Vec2};
use egui_kittest::Harness;
use hexmap::app::EditorApp;
use hexmap::app::camera::Camera;
use hexmap::app::dialogs::FakeDialogs;
use hexmap::app::doc::{Doc, NewMapSpec};
use hexmap::app::overlays::OverlayState;
use hexmap::hex::{CoordSystem, Hex};

/// The editor on a blank 24 × 16 map of 32-unit hexes, looking at hex (0, 0).
fn harness() -> Harness<'static, EditorApp> {
    let doc = Doc::new_map(&NewMapSpec::default()).expect("default spec is valid");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    h.run();
    h
}

/// Look at hex (0, 0) with `zoom` screen points per world unit.
fn look(h: &mut Harness<'static, EditorApp>, zoom: f64) {
    let centre = h.state().doc().layout().hex_to_pixel(Hex::ORIGIN);
    h.state_mut().set_camera(Camera { centre, zoom });
}

fn labels(h: &mut Harness<'static, EditorApp>, system: CoordSystem) {
    h.state_mut().set_overlays(OverlayState {
        labels: true,
        label_system: system,
        ..OverlayState::default()
    });
}

/// Every text drawn in the last frame.
fn texts(h: &Harness<'static, EditorApp>) -> Vec<String> {
    fn collect(shape: &Shape, out: &mut Vec<String>) {
        match shape {
            Shape::Text(t) => out.push(t.galley.text().to_owned()),
            Shape::Vec(v) => v.iter().for_each(|s| collect(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        collect(&clipped.shape, &mut out);
    }
    out
}

#[test]
fn labels_are_drawn_where_legible_and_follow_the_label_system() {
    let mut h = harness();
    // 32 px hexes: labels are legible.
    look(&mut h, 1.0);
    labels(&mut h, CoordSystem::Axial);
    h.run();
    let shown = texts(&h);
    assert!(shown.iter().any(|t| t == "0,0"), "{shown:?}");
    assert!(shown.iter().any(|t| t == "1,0"), "{shown:?}");
    assert!(h.state().paint_stats().texts > 10);

    // Another system: the cached chunks are redrawn with the new labels.
    labels(&mut h, CoordSystem::Cube);
    h.run();
    let shown = texts(&h);
    assert!(shown.iter().any(|t| t == "1,0,-1"), "{shown:?}");
    assert!(
        !shown.iter().any(|t| t == "1,0"),
        "no axial label is left: {shown:?}"
    );

    // 6 px hexes: a label would be under 7 px, so none is drawn.
    look(&mut h, 0.2);
    h.run();
    assert_eq!(h.state().paint_stats().texts, 0);
    assert!(!texts(&h).iter().any(|t| t == "1,0,-1"));
}
