//! One rule for naming a hex to a person: the editor's panels, windows
//! and messages name a hex in the map's offset kind with the kind said ("odd-q 20,8"), as
//! `hexmap route`, `mines check` and the README do — never in bare axial numbers.

use crate::harness::{settle, shown_labels};
use eframe::egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::canvas::overlays::OverlayState;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::app::tools::Tool;
use hexmap::hex::{OffsetCoord, OffsetKind};
use std::path::Path;

fn harness_on(map: &str) -> Harness<'static, EditorApp> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(map);
    let doc = OpenMap::load(&path).unwrap();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h
}

#[test]
fn the_overlays_panel_names_anchor_and_target_in_the_maps_offset_kind() {
    // The walkthrough's case: on the odd-q wargame board the hex the status bar calls
    // odd-q 20,8 was shown as "Target: 20,-2" (axial).
    let mut h = harness_on("wargame-river-crossing.ron");
    let target = OffsetKind::OddQ.to_hex(OffsetCoord::new(20, 8));
    let anchor = OffsetKind::OddQ.to_hex(OffsetCoord::new(3, 5));
    assert_eq!(
        (target.q, target.r),
        (20, -2),
        "the axial numbers it showed"
    );
    h.state_mut().set_overlays(OverlayState {
        anchor: Some(anchor),
        target: Some(target),
        ..Default::default()
    });
    settle(&mut h);
    let labels = shown_labels(&h);
    for line in ["Anchor: odd-q 3,5", "Target: odd-q 20,8"] {
        assert!(
            labels.iter().any(|l| l.starts_with(line)),
            "{line} shown: {labels:?}"
        );
    }
}

#[test]
fn the_note_window_names_its_hex_as_the_status_bar_does() {
    let mut h = harness_on("island.ron");
    h.get_by_label(Tool::Note.label()).click();
    settle(&mut h);
    let at = OffsetKind::OddR.to_hex(OffsetCoord::new(28, 20));
    let p = h.state().view().hex_to_screen(at);
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    settle(&mut h);
    assert!(
        h.query_by_label("Save note").is_some(),
        "the Note window is open"
    );
    assert!(
        h.query_by_label("Hex odd-r 28,20").is_some(),
        "{:?}",
        shown_labels(&h)
    );
}
