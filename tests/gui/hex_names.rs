//! One rule for naming a hex to a person: the editor's panels, windows
//! and messages name a hex in the map's offset kind with the kind said ("odd-q 20,8"), as
//! `hexmap route`, `mines check` and the README do — never in bare axial numbers.

use crate::harness::{click_with, settle, shown_labels};
use eframe::egui::{Event, Modifiers, Vec2};
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

#[test]
fn a_refused_fairness_check_names_its_start_as_the_status_bar_does() {
    // A mine on odd-r 12,9, the overlay anchor on the same hex (Alt+click), then Edit →
    // Random mines… → Check fairness from the anchor: the start holds a mine.
    let mut h = harness_on("island.ron");
    let at = OffsetKind::OddR.to_hex(OffsetCoord::new(12, 9));
    h.get_by_label(Tool::Mine.label()).click();
    settle(&mut h);
    let p = h.state().view().hex_to_screen(at);
    click_with(&mut h, p, Modifiers::NONE);
    assert!(
        h.state().view().doc().map().is_mine(at),
        "the mine is placed"
    );
    click_with(&mut h, p, Modifiers::ALT);
    assert_eq!(h.state().view().overlays().anchor, Some(at));
    h.get_by_label("Edit").click();
    settle(&mut h);
    h.get_by_label("Random mines…").click();
    settle(&mut h);
    h.get_by_label("Safe start at the anchor odd-r 12,9")
        .click();
    settle(&mut h);
    h.get_by_label("Check fairness").click();
    settle(&mut h);
    let said = "Cannot check: start odd-r 12,9 holds a mine";
    assert!(h.query_by_label(said).is_some(), "{:?}", shown_labels(&h));
}

#[test]
fn a_note_longer_than_the_limit_is_cut_in_the_note_window_and_saved() {
    // Pasting a long text into the Note window: the field keeps the first MAX_NOTE_LEN
    // bytes (cut at a character), says so, and Save note saves them; no error about a note
    // "at (q, r, s)" and nothing lost silently.
    let mut h = harness_on("island.ron");
    h.get_by_label(Tool::Note.label()).click();
    settle(&mut h);
    let at = OffsetKind::OddR.to_hex(OffsetCoord::new(28, 20));
    let p = h.state().view().hex_to_screen(at);
    click_with(&mut h, p, Modifiers::NONE);
    assert!(
        h.query_by_label("Save note").is_some(),
        "the Note window is open"
    );
    let limit = hexmap::map::layers::MAX_NOTE_LEN;
    // "é" is two bytes: the cut falls inside one and must not split it.
    let long = format!("a{}", "é".repeat(limit));
    h.event(Event::Paste(long.clone()));
    settle(&mut h);
    assert!(
        h.query_by_label(&format!("{limit} of {limit} bytes: the rest was cut"))
            .is_some(),
        "{:?}",
        shown_labels(&h)
    );
    h.get_by_label("Save note").click();
    settle(&mut h);
    assert_eq!(h.state().view().error(), None, "no error window");
    let note = h.state().view().doc().note(at).map(str::to_owned);
    let kept = format!("a{}", "é".repeat((limit - 1) / 2));
    assert_eq!(
        note,
        Some(kept),
        "the first {limit} bytes, cut at a character"
    );
}
