//! The built-in file dialog, recent files stored absolute and a
//! broken map given at startup, driven through egui_kittest as a person would:
//! keys typed into the focused field, labels read off the screen. The fake native dialog
//! answers "nothing", as rfd does on a desktop without a portal.

use crate::harness::{settle, temp_dir};
use eframe::egui::{Event, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::app::{EditorApp, StartOptions};
use hexmap::hex::Hex;
use std::path::{Path, PathBuf};

fn harness(doc: OpenMap, dialogs: FakeDialogs) -> Harness<'static, EditorApp> {
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    settle(&mut h);
    h
}

/// A map called `name`, saved at `path`.
fn saved_map(name: &str, path: &Path) {
    let spec = NewMapSpec {
        name: name.into(),
        ..Default::default()
    };
    OpenMap::new_map(&spec).unwrap().save(path).unwrap();
}

/// File → "Always use the built-in file dialog", as a person turns it on.
fn always_builtin(h: &mut Harness<'static, EditorApp>) {
    h.get_by_label("File").click();
    settle(h);
    h.get_by_label("Always use the built-in file dialog")
        .click();
    settle(h);
    // Escape closes the menu (a click elsewhere would only close it too, doing nothing).
    h.key_press(Key::Escape);
    settle(h);
    assert!(
        h.query_by_label("Quit").is_none(),
        "the File menu is closed"
    );
}

/// The folder the built-in dialog shows, as it says on screen.
fn shown_folder(h: &Harness<'static, EditorApp>, folder: &Path) -> bool {
    h.query_by_label(&format!("Folder {}", folder.display()))
        .is_some()
}

/// Type `text` into whatever has the keyboard focus, then press Enter.
fn type_and_enter(h: &mut Harness<'static, EditorApp>, text: &str) {
    h.event(Event::Text(text.into()));
    settle(h);
    h.key_press(Key::Enter);
    settle(h);
}

/// Paint one cell with the brush (the map becomes modified).
fn paint_one(h: &mut Harness<'static, EditorApp>) {
    let cell = Hex::new(2, 2);
    let p = h.state().view().hex_to_screen(cell);
    h.drag_at(p);
    settle(h);
    h.drop_at(p);
    settle(h);
    assert!(h.state().view().doc().is_modified());
}

#[test]
fn keyboard_only_save_of_an_untitled_map_with_the_built_in_dialog() {
    let dir = temp_dir("kbd-save");
    // The folder does not exist yet: saving creates it.
    let target = dir.join("x/board.ron");
    let mut h = harness(OpenMap::sample(), FakeDialogs::default());
    always_builtin(&mut h);

    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    assert!(
        h.query_by_label("Save map as").is_some(),
        "the dialog is up"
    );
    assert!(
        h.get_by_label("Path").is_focused(),
        "the path field has the keyboard"
    );
    // The proposed name is selected, so what is typed replaces it.
    h.event(Event::Text(target.display().to_string()));
    settle(&mut h);
    assert!(
        h.query_by_label_contains("will be created").is_some(),
        "the dialog says it makes the missing folder"
    );
    h.key_press(Key::Enter);
    settle(&mut h);

    assert!(
        h.query_by_label("Save map as").is_none(),
        "the dialog closed"
    );
    assert!(target.is_file(), "saved where typed");
    let (map, _) = hexmap::io::load(&target).expect("a valid map");
    assert_eq!(map.name(), h.state().view().doc().map().name());
    assert!(!h.state().view().doc().is_modified());
    assert!(
        h.state().view().title().contains("board.ron"),
        "{}",
        h.state().view().title()
    );
    assert!(h.query_by_label_contains("Saved ").is_some(), "said so");
}

#[test]
fn without_a_native_dialog_open_goes_through_the_built_in_one() {
    let dir = temp_dir("fallback");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    saved_map("Second map", &dir.join("sub/second.ron"));
    std::fs::write(dir.join("sub/notes.txt"), "not a map").unwrap();
    // The native dialog could not be shown (what rfd's empty answer at once means).
    let fake = FakeDialogs::with_answers([DialogReply::Unavailable("no desktop portal".into())]);
    let mut h = harness(OpenMap::sample(), fake);

    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    assert!(
        h.query_by_label("Open map").is_some(),
        "asked again, in-app"
    );
    assert!(
        h.query_by_label_contains("Using the built-in file dialog: no desktop portal")
            .is_some(),
        "the failure of the native dialog is said"
    );
    assert!(h.get_by_label("Path").is_focused());

    // Errors show inside the dialog, which stays open with the field focused.
    type_and_enter(&mut h, &dir.join("missing/m.ron").display().to_string());
    let problem = format!("No such folder: {}", dir.join("missing").display());
    assert!(h.query_by_label(&problem).is_some(), "{problem}");
    assert!(h.get_by_label("Path").is_focused());

    // A typed folder is entered; its list shows maps only (the filter), all on request.
    type_and_enter(&mut h, &dir.join("sub").display().to_string());
    assert!(h.query_by_label("second.ron").is_some());
    assert!(h.query_by_label("notes.txt").is_none(), "filtered out");
    assert!(
        h.query_by_label_contains("(*.ron)").is_some(),
        "filter shown"
    );
    h.get_by_label("Show all files").click();
    settle(&mut h);
    assert!(h.query_by_label("notes.txt").is_some());

    // A path relative to the folder shown.
    type_and_enter(&mut h, "second.ron");
    assert_eq!(h.state().view().doc().map().name(), "Second map");
    assert_eq!(
        h.state().view().doc().path(),
        Some(dir.join("sub/second.ron").as_path())
    );

    // From now on straight to the built-in dialog (the fake would answer "cancelled"),
    // in the open map's folder; `..` goes up, a click enters a folder.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    assert!(shown_folder(&h, &dir.join("sub")));
    h.get_by_label("..").click();
    settle(&mut h);
    assert!(shown_folder(&h, &dir));
    h.get_by_label("sub/").click();
    settle(&mut h);
    assert!(shown_folder(&h, &dir.join("sub")));
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(h.query_by_label("Open map").is_none(), "Escape cancels");
    assert_eq!(h.state().view().doc().map().name(), "Second map");
}

#[test]
fn save_in_the_unsaved_changes_prompt_of_an_untitled_map_saves_then_continues() {
    let dir = temp_dir("prompt-save");
    let target = dir.join("kept.ron");
    let blank = OpenMap::new_map(&NewMapSpec::default()).unwrap();
    let mut h = harness(blank, FakeDialogs::default());
    always_builtin(&mut h);
    paint_one(&mut h);

    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    settle(&mut h);
    h.get_by_label("Save").click();
    settle(&mut h);
    assert!(
        h.query_by_label("Save map as").is_some(),
        "Save leads to a dialog, not a silent cancel"
    );
    type_and_enter(&mut h, &target.display().to_string());
    assert!(target.is_file());
    assert!(!h.state().view().doc().is_modified());
    assert!(
        h.query_by_label("Create").is_some(),
        "then the New map window it held back"
    );
}

#[test]
fn saving_over_an_existing_file_asks_first() {
    let dir = temp_dir("overwrite");
    let other = dir.join("other.ron");
    std::fs::write(&other, "an older file").unwrap();
    let mut doc = OpenMap::sample();
    doc.save(&dir.join("island.ron")).unwrap();
    let mut h = harness(doc, FakeDialogs::default());
    always_builtin(&mut h);

    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    settle(&mut h);
    assert!(shown_folder(&h, &dir), "in the map's folder");
    type_and_enter(&mut h, "other.ron");
    assert!(
        h.query_by_label_contains("\"other.ron\" already exists")
            .is_some(),
        "asked before replacing"
    );
    // Back: nothing written, the path field again.
    h.get_by_label("Back").click();
    settle(&mut h);
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "an older file");
    assert!(h.get_by_label("Path").is_focused());
    // Enter, then Enter on the focused Replace.
    type_and_enter(&mut h, "other.ron");
    h.key_press(Key::Enter);
    settle(&mut h);
    let (map, _) = hexmap::io::load(&other).expect("replaced by the map");
    assert_eq!(map.name(), h.state().view().doc().map().name());
    assert_eq!(h.state().view().doc().path(), Some(other.as_path()));
}

#[test]
fn recent_files_are_stored_absolute() {
    // A path as typed relative to the working folder (the package root under cargo).
    let relative = PathBuf::from("maps/minesweeper-13.ron");
    let absolute = std::fs::canonicalize(&relative).unwrap();
    let fake = FakeDialogs::with_answers([DialogReply::Open(relative)]);
    let mut h = harness(OpenMap::sample(), fake);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    assert_eq!(h.state().view().prefs().recent.first(), Some(&absolute));
    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Open recent").hover();
    settle(&mut h);
    assert!(
        h.query_by_label(&absolute.display().to_string()).is_some(),
        "the menu lists the absolute path"
    );
}

#[test]
fn a_broken_file_at_startup_opens_no_map_and_offers_open_new_retry() {
    let dir = temp_dir("broken-start");
    let path = dir.join("broken.ron");
    std::fs::write(&path, "HexMap( this is not a map").unwrap();
    let start = StartOptions {
        path: Some(path.clone()),
        dialogs: Some(Box::new(FakeDialogs::default())),
        persist: false,
        data_dir: Some(dir.clone()),
    };
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |cc| EditorApp::new(cc, start));
    settle(&mut h);

    let title = h.state().view().title().to_string();
    assert_eq!(title, "No map open — hexmap");
    assert!(h.query_by_label("No map is open").is_some());
    let opening = format!("Could not open {}:", path.display());
    assert!(h.query_by_label(&opening).is_some(), "{opening}");
    assert_eq!(
        h.query_all_by_label_contains("broken.ron").count(),
        2,
        "and io's message names the file too"
    );
    assert!(h.query_by_label("map canvas").is_none(), "no map is drawn");
    for button in ["Open…", "New…", "Retry"] {
        assert!(h.query_by_label(button).is_some(), "{button}");
    }
    // Nothing to save or edit: Ctrl+S does nothing at all.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut h);
    assert!(h.state().view().pending_dialog().is_none());

    // The file is fixed elsewhere; Retry opens it.
    saved_map("Repaired", &path);
    h.get_by_label("Retry").click();
    settle(&mut h);
    assert!(
        h.state().view().title().starts_with("Repaired — "),
        "{}",
        h.state().view().title()
    );
    assert!(h.query_by_label("map canvas").is_some());
}

#[test]
fn the_native_dialog_starts_in_the_open_maps_folder() {
    let dir = temp_dir("native-folder");
    let path = dir.join("board.ron");
    saved_map("Board", &path);
    let doc = OpenMap::load(&path).unwrap();
    let fake = FakeDialogs::default();
    let seen = fake.requests.clone();
    let mut h = harness(doc, fake);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    settle(&mut h);
    let seen = seen.lock().unwrap();
    let (request, folder) = seen.last().expect("the native dialog was asked");
    assert!(matches!(
        request,
        hexmap::app::files::dialogs::DialogRequest::SaveAs { .. }
    ));
    assert_eq!(
        folder.canonicalize().unwrap(),
        dir.canonicalize().unwrap(),
        "the dialog opens where the map is"
    );
}
