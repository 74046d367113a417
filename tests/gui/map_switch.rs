//! What belongs to one map goes with it: a new or opened map
//! starts with no overlay anchor, target or route; status messages about the old map or an
//! older state go; a discarded recovery file is gone and never offered again.

use crate::harness::{settle, shown_labels, temp_dir};
use eframe::egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::OpenMap;
use hexmap::hex::Hex;
use hexmap::io::recovery::{recovery_path, write_recovery};
use std::path::Path;
use std::time::{Duration, SystemTime};

fn harness_on(doc: OpenMap, dialogs: FakeDialogs) -> Harness<'static, EditorApp> {
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    settle(&mut h);
    h
}

fn hover(h: &mut Harness<'static, EditorApp>, x: Hex) {
    let p = h.state().view().hex_to_screen(x);
    h.hover_at(p);
    settle(h);
}

fn paint(h: &mut Harness<'static, EditorApp>, cell: Hex) {
    let p = h.state().view().hex_to_screen(cell);
    h.drag_at(p);
    settle(h);
    h.drop_at(p);
    settle(h);
}

/// Two cells of the open map, a few hexes apart.
fn two_cells(h: &Harness<'static, EditorApp>) -> (Hex, Hex) {
    let cells: Vec<Hex> = h.state().view().doc().map().shape().iter().collect();
    (cells[cells.len() / 3], cells[cells.len() / 2])
}

fn create_new_map(h: &mut Harness<'static, EditorApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    settle(h);
    h.get_by_label("Create").click();
    settle(h);
}

#[test]
fn a_new_map_has_no_anchor_target_or_route_of_the_old_one() {
    let mut h = harness_on(OpenMap::sample(), FakeDialogs::default());
    let (a, t) = two_cells(&h);
    hover(&mut h, a);
    h.key_press(Key::A);
    settle(&mut h);
    hover(&mut h, t);
    h.key_press(Key::T);
    settle(&mut h);
    h.get_by_label("Path (A*)").click();
    settle(&mut h);
    let labels = shown_labels(&h);
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("Anchor: ") && !l.contains('—')),
        "{labels:?}"
    );
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("path cost") || l.starts_with("no path")),
        "{labels:?}"
    );

    create_new_map(&mut h);
    assert_eq!(h.state().view().doc().map().name(), "Untitled");
    let labels = shown_labels(&h);
    for line in ["Anchor: —", "Target: —"] {
        assert!(
            labels.iter().any(|l| l.starts_with(line)),
            "the new map shows {line}: {labels:?}"
        );
    }
    assert!(
        !labels
            .iter()
            .any(|l| l.contains("no path") || l.contains("path cost")),
        "no route of the old map: {labels:?}"
    );
    assert_eq!(h.state().view().overlays().anchor, None);
    assert!(!h.state().view().overlays().path, "Path (A*) starts off");
}

#[test]
fn status_messages_go_when_the_map_changes_or_another_opens() {
    let dir = temp_dir("stale-status");
    let path = dir.join("edit.ron");
    let mut saved = OpenMap::sample();
    saved.save(&path).unwrap();
    let dialogs = FakeDialogs::with_answers([DialogReply::Open(path.clone())]);
    let mut h = harness_on(OpenMap::sample(), dialogs);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    let opened = format!("Opened {}", path.display());
    assert!(
        h.query_by_label(&opened).is_some(),
        "{:?}",
        shown_labels(&h)
    );
    let (a, _) = two_cells(&h);
    let map = h.state().view().doc().map();
    let first = map.palette().terrains()[0].id;
    let cell = map
        .shape()
        .iter()
        .find(|&x| map.terrain(x) != Some(first))
        .unwrap_or(a);
    paint(&mut h, cell);
    assert!(h.state().view().doc().is_modified());
    assert!(
        h.query_by_label(&opened).is_none(),
        "an edit makes \"Opened\" old news: {:?}",
        shown_labels(&h)
    );
    // Saved, then a new map: nothing about the old file stays.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    let saved_line = format!("Saved {}", path.display());
    assert!(h.query_by_label(&saved_line).is_some());
    create_new_map(&mut h);
    assert_eq!(h.state().view().doc().path(), None);
    assert!(
        !shown_labels(&h).iter().any(|l| l.contains("edit.ron")),
        "{:?}",
        shown_labels(&h)
    );
}

/// The sample saved at `path`, its file an hour old.
fn old_saved_sample(path: &Path) {
    let mut doc = OpenMap::sample();
    doc.save(path).unwrap();
    let old = SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(old)
        .unwrap();
}

#[test]
fn discard_deletes_the_recovery_file_and_reopening_offers_nothing() {
    let dir = temp_dir("discard-recovery");
    let path = dir.join("big.ron");
    let other = dir.join("other.ron");
    old_saved_sample(&path);
    OpenMap::sample().save(&other).unwrap();
    let recovery = recovery_path(&path);
    let doc = OpenMap::load(&path).unwrap();
    let dialogs = FakeDialogs::with_answers([
        DialogReply::Open(other.clone()),
        DialogReply::Open(path.clone()),
    ]);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| {
            EditorApp::with_doc(doc, Box::new(dialogs)).with_data_dir(dir.clone())
        });
    h.input_mut().time = Some(1.0);
    settle(&mut h);
    let map = h.state().view().doc().map();
    let first = map.palette().terrains()[0].id;
    let cell = map
        .shape()
        .iter()
        .find(|&x| map.terrain(x) != Some(first))
        .unwrap();
    paint(&mut h, cell);
    h.input_mut().time = Some(40.0);
    settle(&mut h);
    assert!(recovery.exists(), "autosaved after the interval");

    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    h.get_by_label("Discard").click();
    settle(&mut h);
    assert_eq!(h.state().view().doc().path(), Some(other.as_path()));
    assert!(!recovery.exists(), "Discard means the changes are gone");

    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    assert_eq!(h.state().view().doc().path(), Some(path.as_path()));
    assert!(
        h.query_by_label_contains("Restore unsaved changes")
            .is_none(),
        "nothing discarded is offered back: {:?}",
        shown_labels(&h)
    );
}

#[test]
fn a_recovery_file_older_than_its_map_is_cleaned_on_open() {
    let dir = temp_dir("stale-recovery");
    let path = dir.join("m.ron");
    let recovery = recovery_path(&path);
    write_recovery(&recovery, OpenMap::sample().map()).unwrap();
    let old = SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&recovery)
        .unwrap()
        .set_modified(old)
        .unwrap();
    OpenMap::sample().save(&path).unwrap();
    let dialogs = FakeDialogs::with_answers([DialogReply::Open(path.clone())]);
    let mut h = harness_on(OpenMap::sample(), dialogs);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    assert_eq!(h.state().view().doc().path(), Some(path.as_path()));
    assert!(
        h.query_by_label_contains("Restore unsaved changes")
            .is_none()
    );
    assert!(
        !recovery.exists(),
        "a recovery of a session that saved afterwards is stale and removed"
    );
}

#[test]
fn discard_then_cancelling_the_open_dialog_keeps_the_changes_and_their_recovery() {
    let dir = temp_dir("discard-cancel");
    let path = dir.join("m.ron");
    old_saved_sample(&path);
    let recovery = recovery_path(&path);
    let doc = OpenMap::load(&path).unwrap();
    let dialogs = FakeDialogs::with_answers([DialogReply::Cancelled]);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| {
            EditorApp::with_doc(doc, Box::new(dialogs)).with_data_dir(dir.clone())
        });
    h.input_mut().time = Some(1.0);
    settle(&mut h);
    let map = h.state().view().doc().map();
    let first = map.palette().terrains()[0].id;
    let cell = map
        .shape()
        .iter()
        .find(|&x| map.terrain(x) != Some(first))
        .unwrap();
    paint(&mut h, cell);
    h.input_mut().time = Some(40.0);
    settle(&mut h);
    assert!(recovery.exists());
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    h.get_by_label("Discard").click();
    settle(&mut h);
    assert!(
        h.state().view().doc().is_modified(),
        "no other map was opened"
    );
    assert!(
        recovery.exists(),
        "the changes still on screen keep their recovery file"
    );
}
