//! Autosave and recovery driven through egui_kittest: time comes from egui input, so the
//! test moves the clock; fake dialogs; recovery files in temp folders.

use crate::harness::{settle, temp_dir};
use eframe::egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::OpenMap;
use hexmap::hex::Hex;
use hexmap::io::recovery::{recovery_path, write_recovery};
use hexmap::map::{CellEdit, Edit, TerrainId};
use std::path::Path;
use std::time::{Duration, SystemTime};

/// Run frames with egui's clock at `secs`.
fn at_time(h: &mut Harness<'static, EditorApp>, secs: f64) {
    h.input_mut().time = Some(secs);
    settle(h);
}

/// The sample map saved to `path`, a cell, and the editor's current (first) terrain,
/// which that cell does not have yet (so the brush changes it).
fn saved_sample(path: &Path) -> (OpenMap, Hex, TerrainId) {
    let mut doc = OpenMap::sample();
    doc.save(path).expect("save the sample");
    let map = doc.map();
    let first = map.palette().terrains()[0].id;
    let cell = map
        .shape()
        .iter()
        .find(|&h| map.terrain(h) != Some(first))
        .expect("a cell of another terrain");
    (doc, cell, first)
}

fn paint(h: &mut Harness<'static, EditorApp>, cell: Hex) {
    let p = h.state().view().hex_to_screen(cell);
    h.drag_at(p);
    settle(h);
    h.drop_at(p);
    settle(h);
}

#[test]
fn autosave_after_the_interval_and_save_removes_the_recovery_file() {
    let dir = temp_dir("autosave");
    let data_dir = dir.to_path_buf();
    let path = dir.join("m.ron");
    let (doc, cell, _) = saved_sample(&path);
    let recovery = recovery_path(&path);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| {
            EditorApp::with_doc(doc, Box::new(FakeDialogs::default())).with_data_dir(data_dir)
        });
    at_time(&mut h, 1.0);
    assert_eq!(
        h.state().view().prefs().autosave_secs,
        30,
        "the default interval"
    );
    paint(&mut h, cell);
    assert!(
        h.state().view().doc().is_modified(),
        "the brush changed the map"
    );

    at_time(&mut h, 20.0);
    assert!(!recovery.exists(), "not before the interval");
    at_time(&mut h, 32.0);
    assert!(recovery.exists(), "written once the interval passed");
    assert_eq!(
        h.state().view().autosave().last_written(),
        Some(recovery.as_path())
    );
    let recovered = hexmap::io::load(&recovery).unwrap().0;
    assert_eq!(
        &recovered,
        h.state().view().doc().map(),
        "the recovery holds the edit"
    );

    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    assert!(!h.state().view().doc().is_modified());
    assert!(!recovery.exists(), "a successful save removes it");

    // Autosave off: a change is never written.
    h.state_mut().set_autosave_secs(0);
    let map = h.state().view().doc().map();
    let first = map.palette().terrains()[0].id;
    let next = map
        .shape()
        .iter()
        .find(|&x| map.terrain(x) != Some(first))
        .expect("another unpainted cell");
    paint(&mut h, next);
    assert!(h.state().view().doc().is_modified());
    at_time(&mut h, 500.0);
    assert!(!recovery.exists());
}

/// The sample saved to a file an hour old, a newer recovery file beside it holding one
/// more painted cell, and the editor after Ctrl+O opened that file (the restore question
/// up, not answered): the harness, the painted cell, its recovered terrain and the file.
fn offered_recovery(
    tag: &str,
) -> (
    Harness<'static, EditorApp>,
    Hex,
    TerrainId,
    std::path::PathBuf,
) {
    let dir = temp_dir(tag);
    let path = dir.join("m.ron");
    let (doc, cell, other) = saved_sample(&path);
    // The map file is an hour old; the recovery holds one more painted cell.
    let old = SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(old)
        .unwrap();
    let mut changed = doc;
    changed
        .apply(&Edit::Cell(CellEdit::Paint {
            center: cell,
            radius: 0,
            terrain: Some(other),
        }))
        .unwrap();
    write_recovery(&recovery_path(&path), changed.map()).unwrap();

    let dialogs = FakeDialogs::with_answers([DialogReply::Open(path.clone())]);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(OpenMap::sample(), Box::new(dialogs)));
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    assert_eq!(h.state().view().doc().path(), Some(path.as_path()));
    assert!(h.state().view().autosave().offer().is_some());
    assert!(
        h.query_by_label_contains("Restore unsaved changes to")
            .is_some(),
        "the prompt is on screen"
    );
    assert_ne!(
        h.state().view().doc().terrain(cell),
        Some(other),
        "not restored yet"
    );
    (h, cell, other, path)
}

#[test]
fn opening_a_map_with_a_newer_recovery_offers_to_restore_it() {
    let (mut h, cell, other, path) = offered_recovery("recover");
    h.get_by_label("Restore").click();
    settle(&mut h);
    let app = h.state();
    assert!(app.view().autosave().offer().is_none());
    assert_eq!(
        app.view().doc().terrain(cell),
        Some(other),
        "the recovered edit is back"
    );
    assert!(
        app.view().doc().is_modified(),
        "restored changes still need saving"
    );
    assert_eq!(app.view().doc().path(), Some(path.as_path()));
}

/// Enter accepts the restore question (the browser test answers it so after a reload).
#[test]
fn enter_restores_the_offered_recovery() {
    let (mut h, cell, other, _) = offered_recovery("recover-enter");
    h.key_press(Key::Enter);
    settle(&mut h);
    assert!(
        h.query_by_label_contains("Restore unsaved changes to")
            .is_none(),
        "the question is gone"
    );
    assert_eq!(
        h.state().view().doc().terrain(cell),
        Some(other),
        "restored"
    );
}

#[test]
fn discarding_removes_an_untitled_recovery_found_at_startup() {
    let dir = temp_dir("recover-untitled");
    let data_dir = dir.to_path_buf();
    let recovery = hexmap::io::recovery::unsaved_recovery_path(&dir);
    write_recovery(&recovery, OpenMap::sample().map()).unwrap();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| {
            EditorApp::with_doc(OpenMap::sample(), Box::new(FakeDialogs::default()))
                .with_data_dir(data_dir)
        });
    settle(&mut h);
    assert!(
        h.query_by_label_contains("Restore unsaved changes to")
            .is_some()
    );
    h.get_by_label("Discard").click();
    settle(&mut h);
    assert!(h.state().view().autosave().offer().is_none());
    assert!(!recovery.exists(), "Discard removes the file");
}

#[test]
fn a_failing_autosave_is_a_warning_with_the_reason() {
    // The data folder is a plain file, so the untitled map's recovery file cannot be made.
    let dir = temp_dir("autosave-fails");
    let not_a_folder = dir.join("data");
    std::fs::write(&not_a_folder, "a file where the data folder should be").unwrap();
    let doc = OpenMap::sample();
    let map = doc.map();
    let first = map.palette().terrains()[0].id;
    let cell = map
        .shape()
        .iter()
        .find(|&h| map.terrain(h) != Some(first))
        .expect("a cell of another terrain");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| {
            EditorApp::with_doc(doc, Box::new(FakeDialogs::default())).with_data_dir(not_a_folder)
        });
    at_time(&mut h, 1.0);
    paint(&mut h, cell);
    assert!(h.state().view().doc().is_modified());
    at_time(&mut h, 40.0);
    // Shown as a warning, with the reason (the file it could not write), not as information.
    let warning = h
        .query_by_label_contains("Warning: autosave failed")
        .expect("the warning is on screen")
        .value()
        .unwrap_or_default();
    assert!(warning.contains("untitled.recovery.ron"), "{warning}");
    assert!(
        !h.state()
            .view()
            .info()
            .unwrap_or_default()
            .contains("autosave"),
        "not an information message"
    );
}

#[test]
fn while_the_restore_question_is_up_letter_keys_do_not_reach_the_editor() {
    let dir = temp_dir("recover-keys");
    let path = dir.join("m.ron");
    let (doc, cell, other) = saved_sample(&path);
    let old = SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(old)
        .unwrap();
    let mut changed = doc;
    changed
        .apply(&Edit::Cell(CellEdit::Paint {
            center: cell,
            radius: 0,
            terrain: Some(other),
        }))
        .unwrap();
    write_recovery(&recovery_path(&path), changed.map()).unwrap();
    let dialogs = FakeDialogs::with_answers([DialogReply::Open(path.clone())]);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(OpenMap::sample(), Box::new(dialogs)));
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    assert!(
        h.query_by_label_contains("Restore unsaved changes to")
            .is_some()
    );
    let (tool, camera) = (h.state().view().tool(), *h.state().view().camera());
    // E is the eraser, F fits the map, ] grows the brush: none of them may act behind the
    // question.
    for key in [Key::E, Key::F, Key::CloseBracket, Key::M] {
        h.key_press(key);
        settle(&mut h);
    }
    assert_eq!(h.state().view().tool(), tool, "the tool did not change");
    assert_eq!(h.state().view().camera(), &camera, "the view did not move");
    assert!(
        h.query_by_label_contains("Restore unsaved changes to")
            .is_some(),
        "the question is still there"
    );
}
