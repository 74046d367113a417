//! The editor's document through egui_kittest: a broken file, the unsaved-changes prompt,
//! a failing save, a dropped file and the map properties, each driven through real frames
//! with fake file dialogs (no window ever opens).

use crate::editor::{blank_doc, drag_through, harness, terrains};
use crate::harness::{settle, temp_dir};
use eframe::egui::{self, Key, Modifiers};
use egui_kittest::kittest::Queryable;
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::OpenMap;
use hexmap::hex::{OffsetCoord, OffsetKind};
use std::path::PathBuf;

#[test]
fn broken_file_shows_io_error_and_keeps_the_map() {
    let dir = temp_dir("broken");
    let path = dir.join("broken.ron");
    std::fs::write(&path, "HexMap( this is not a map").unwrap();
    let mut h = harness(
        blank_doc(),
        FakeDialogs::with_answers([DialogReply::Open(path.clone())]),
    );
    let before = terrains(h.state());
    let name = h.state().view().doc().map().name().to_string();
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    let message = h
        .state()
        .view()
        .error()
        .expect("an error is shown")
        .to_string();
    assert!(message.contains("broken.ron"), "{message}");
    // The message is on screen.
    assert!(h.query_by_label_contains("broken.ron").is_some());
    assert_eq!(h.state().view().doc().map().name(), name);
    assert_eq!(terrains(h.state()), before);
    h.get_by_label("OK").click();
    settle(&mut h);
    assert!(h.state().view().error().is_none());
}

#[test]
fn unsaved_changes_prompt_on_new_open_and_close() {
    let dir = temp_dir("prompt");
    let saved = dir.join("saved.ron");
    let mut h = harness(
        blank_doc(),
        FakeDialogs::with_answers([DialogReply::SaveAs(saved.clone())]),
    );
    let x = OffsetKind::OddR.to_hex(OffsetCoord::new(4, 4));
    drag_through(&mut h, &[x]);
    assert!(h.state().view().doc().is_modified());

    // New: prompt, Cancel keeps everything.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    settle(&mut h);
    assert!(h.state().view().prompt_open());
    h.get_by_label("Cancel").click();
    settle(&mut h);
    assert!(!h.state().view().prompt_open());
    assert!(h.state().view().doc().is_modified());
    assert!(
        h.query_by_label("Create").is_none(),
        "no New dialog after Cancel"
    );

    // Window close: prompt instead of closing.
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    settle(&mut h);
    assert!(
        h.state().view().prompt_open(),
        "closing with changes asks first"
    );
    h.get_by_label("Cancel").click();
    settle(&mut h);

    // Open: prompt, Save writes through the (fake) Save As dialog, then continues to Open.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    assert!(h.state().view().prompt_open());
    h.get_by_label("Save").click();
    settle(&mut h);
    assert!(saved.exists(), "saved before opening");
    assert!(!h.state().view().doc().is_modified());
    assert_eq!(h.state().view().doc().path(), Some(saved.as_path()));

    // Reopen what was saved: same cells.
    let painted = h.state().view().doc().terrain(x);
    let reopened = OpenMap::load(&saved).unwrap();
    assert_eq!(reopened.terrain(x), painted);

    // Discard path: change, New, Discard → the New dialog opens, Create replaces the map.
    drag_through(
        &mut h,
        &[x, OffsetKind::OddR.to_hex(OffsetCoord::new(5, 4))],
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    settle(&mut h);
    h.get_by_label("Discard").click();
    settle(&mut h);
    h.get_by_label("Create").click();
    settle(&mut h);
    assert!(!h.state().view().doc().is_modified());
    assert_eq!(h.state().view().doc().path(), None);
    assert_eq!(h.state().view().doc().terrain(x), None);
}

#[test]
fn dropping_a_map_file_opens_it() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("maps/subsector-traveller.ron");
    let mut h = harness(blank_doc(), FakeDialogs::default());
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(DroppedPath(path.clone())));
    h.run();
    assert_eq!(h.state().view().doc().path(), Some(path.as_path()));
    assert_ne!(h.state().view().doc().map().name(), "Untitled");
    assert!(h.state().view().title().contains("subsector-traveller.ron"));
    assert_eq!(h.state().view().prefs().recent.first(), Some(&path));
}

#[test]
fn map_properties_change_orientation_and_reshape_as_one_undo_step() {
    let mut h = harness(blank_doc(), FakeDialogs::default());
    h.get_by_label("Map").click();
    settle(&mut h);
    h.get_by_label("Properties…").click();
    settle(&mut h);
    h.get_by_role_and_label(egui::Role::RadioButton, "flat")
        .click();
    settle(&mut h);
    h.get_by_label("Apply").click();
    settle(&mut h);
    let props = h.state().view().doc().map().properties().clone();
    assert_eq!(props.orientation, hexmap::hex::Orientation::Flat);
    assert!(h.state().view().doc().is_modified());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(
        h.state().view().doc().map().properties().orientation,
        hexmap::hex::Orientation::Pointy
    );
    assert!(!h.state().view().doc().is_modified());
}

#[test]
fn a_save_that_fails_shows_why_and_the_map_stays_modified() {
    let dir = temp_dir("save-fails");
    // The chosen file name is taken by a folder: the save cannot replace it.
    let blocked = dir.join("blocked.ron");
    std::fs::create_dir_all(&blocked).unwrap();
    let mut h = harness(
        blank_doc(),
        FakeDialogs::with_answers([DialogReply::SaveAs(blocked.clone())]),
    );
    let x = OffsetKind::OddR.to_hex(OffsetCoord::new(3, 3));
    drag_through(&mut h, &[x]);
    let painted = h.state().view().doc().terrain(x);
    assert!(h.state().view().doc().is_modified());
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    let message = h
        .state()
        .view()
        .error()
        .expect("the failure is shown")
        .to_string();
    assert!(message.contains("blocked.ron"), "{message}");
    assert!(
        h.query_by_label_contains("blocked.ron").is_some(),
        "on screen"
    );
    // Nothing was lost: the edit is still there, still unsaved, and the folder untouched.
    assert!(h.state().view().doc().is_modified());
    assert_eq!(h.state().view().doc().terrain(x), painted);
    assert!(blocked.is_dir());
}

/// A file dropped on the window, as egui hands it over.
#[derive(Debug)]
struct DroppedPath(PathBuf);

impl egui::DroppedFile for DroppedPath {
    fn path(&self) -> &std::path::Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}
