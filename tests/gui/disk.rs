//! "Changed on disk": the open map's file is rewritten behind the
//! editor's back (another program, a `git checkout`); a save, or the window getting the
//! focus back, asks Reload / Keep mine / Save as, and nothing overwrites the other version
//! without that answer.

use crate::harness::{settle, temp_dir};
use eframe::egui::{Event, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::hex::Hex;
use hexmap::map::ShapeSpec;
use std::path::Path;

/// The editor on a map saved at `path`, with one cell painted since (unsaved).
fn editing(path: &Path, dialogs: FakeDialogs) -> Harness<'static, EditorApp> {
    let mut doc = OpenMap::new_map(&NewMapSpec {
        name: "Mine".into(),
        ..Default::default()
    })
    .unwrap();
    doc.save(path).unwrap();
    let doc = OpenMap::load(path).unwrap();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    settle(&mut h);
    let p = h.state().view().hex_to_screen(Hex::new(3, 3));
    h.drag_at(p);
    settle(&mut h);
    h.drop_at(p);
    settle(&mut h);
    assert!(h.state().view().doc().is_modified());
    h
}

/// Another program writes its own version of the map to `path`; its bytes.
fn written_behind_the_back(path: &Path) -> Vec<u8> {
    let theirs = OpenMap::new_map(&NewMapSpec {
        name: "Theirs".into(),
        shape: ShapeSpec::rect(7, 5),
        ..Default::default()
    })
    .unwrap();
    let text = hexmap::io::to_string(theirs.map(), hexmap::io::Form::Offset);
    std::fs::write(path, &text).unwrap();
    text.into_bytes()
}

#[test]
fn a_save_over_a_file_changed_on_disk_asks_and_writes_nothing_first() {
    let dir = temp_dir("disk-save");
    let path = dir.join("m.ron");
    let mut h = editing(&path, FakeDialogs::default());
    let theirs = written_behind_the_back(&path);

    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    assert!(
        h.query_by_label("Changed on disk").is_some(),
        "the question is on screen"
    );
    assert!(
        h.query_by_label_contains("was changed by another program")
            .is_some()
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        theirs,
        "their version is intact"
    );
    assert!(
        h.state().view().doc().is_modified(),
        "and mine is still here"
    );
    for choice in ["Reload", "Keep mine", "Save as…", "Cancel"] {
        assert!(h.query_by_label(choice).is_some(), "{choice}");
    }
    // Escape: not now. Nothing written; the next save asks again.
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(h.query_by_label("Changed on disk").is_none());
    assert_eq!(std::fs::read(&path).unwrap(), theirs);
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    assert!(h.query_by_label("Changed on disk").is_some(), "asked again");

    // Keep mine: now the save goes ahead.
    h.get_by_label("Keep mine").click();
    settle(&mut h);
    assert!(h.query_by_label("Changed on disk").is_none());
    let (map, _) = hexmap::io::load(&path).unwrap();
    assert_eq!(map.name(), "Mine");
    assert!(!h.state().view().doc().is_modified());
}

#[test]
fn getting_the_focus_back_notices_the_change_and_reload_takes_it() {
    let dir = temp_dir("disk-focus");
    let path = dir.join("m.ron");
    let mut h = editing(&path, FakeDialogs::default());
    h.event(Event::WindowFocused(false));
    settle(&mut h);
    let theirs = written_behind_the_back(&path);
    h.event(Event::WindowFocused(true));
    settle(&mut h);
    assert!(h.query_by_label("Changed on disk").is_some());

    h.get_by_label("Reload").click();
    settle(&mut h);
    assert_eq!(h.state().view().doc().map().name(), "Theirs");
    assert!(!h.state().view().doc().is_modified());
    assert_eq!(std::fs::read(&path).unwrap(), theirs);
    // Known now: the next focus asks nothing.
    h.event(Event::WindowFocused(true));
    settle(&mut h);
    assert!(h.query_by_label("Changed on disk").is_none());
}

#[test]
fn save_as_keeps_both_versions() {
    let dir = temp_dir("disk-save-as");
    let path = dir.join("m.ron");
    let elsewhere = dir.join("mine.ron");
    let fake = FakeDialogs::with_answers([DialogReply::SaveAs(elsewhere.clone())]);
    let mut h = editing(&path, fake);
    let theirs = written_behind_the_back(&path);
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    h.get_by_label("Save as…").click();
    settle(&mut h);
    assert_eq!(std::fs::read(&path).unwrap(), theirs);
    assert_eq!(hexmap::io::load(&elsewhere).unwrap().0.name(), "Mine");
    assert_eq!(h.state().view().doc().path(), Some(elsewhere.as_path()));
}

#[test]
fn the_same_bytes_written_again_ask_nothing() {
    let dir = temp_dir("disk-touch");
    let path = dir.join("m.ron");
    let mut h = editing(&path, FakeDialogs::default());
    // A checkout that brings back the very same file: a newer time, the same bytes.
    let same = std::fs::read(&path).unwrap();
    let before = std::fs::metadata(&path).unwrap().modified().unwrap();
    std::fs::write(&path, same).unwrap();
    // A newer time whatever the file system's clock step (some keep whole seconds).
    let file = std::fs::File::options().write(true).open(&path).unwrap();
    file.set_modified(before + std::time::Duration::from_secs(5))
        .unwrap();
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    assert!(h.query_by_label("Changed on disk").is_none());
    assert!(!h.state().view().doc().is_modified(), "saved");
}
