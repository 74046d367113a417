//! Starting a map: the New map window fills the cells with a
//! terrain and chooses which rows or columns are shifted; the "No map is open" screen has
//! a File menu with recent files, samples, import, preferences and Quit.

use crate::harness::{settle, shown_labels, temp_dir};
use eframe::egui::{self, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::app::{EditorApp, StartOptions};
use hexmap::hex::OffsetKind;

#[test]
fn a_new_map_is_filled_with_the_chosen_terrain_in_the_chosen_offset_kind() {
    let doc = OpenMap::sample();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    settle(&mut h);
    h.get_by_label("flat").click();
    settle(&mut h);
    h.get_by_label("even-q").click();
    settle(&mut h);
    h.get_by_role_and_label(egui::Role::ComboBox, "Fill with")
        .click();
    settle(&mut h);
    h.get_by_label("Grass").click();
    settle(&mut h);
    h.get_by_label("Create").click();
    settle(&mut h);

    let map = h.state().view().doc().map().clone();
    assert_eq!(map.properties().offset_kind, OffsetKind::EvenQ);
    assert_eq!(map.properties().labels.stagger, OffsetKind::EvenQ);
    let grass = map
        .palette()
        .terrains()
        .iter()
        .find(|t| t.name == "Grass")
        .unwrap()
        .id;
    assert!(map.shape().iter().all(|c| map.terrain(c) == Some(grass)));
    // What a person sees: the status bar names the terrain under the pointer, and the
    // offset coordinate in the kind chosen.
    let cell = map.shape().iter().nth(40).unwrap();
    let p = h.state().view().hex_to_screen(cell);
    h.hover_at(p);
    settle(&mut h);
    let labels = shown_labels(&h);
    assert!(labels.iter().any(|l| l == "terrain: Grass"), "{labels:?}");
    assert!(labels.iter().any(|l| l.contains("even-q ")), "{labels:?}");
}

#[test]
fn the_no_map_screen_has_a_file_menu_with_recent_files_samples_and_quit() {
    let dir = temp_dir("no-map-menu");
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
    assert!(h.query_by_label("No map is open").is_some());
    h.get_by_label("File").click();
    settle(&mut h);
    for item in [
        "New… Ctrl+N",
        "Open… Ctrl+O",
        "Open recent",
        "Open sample",
        "Import map (Tiled, JSON)…",
        "Always use the built-in file dialog",
        "Quit",
    ] {
        assert!(
            shown_labels(&h).iter().any(|l| l == item),
            "the File menu offers {item}: {:?}",
            shown_labels(&h)
        );
    }
    assert!(
        !shown_labels(&h).iter().any(|l| l.starts_with("Save")),
        "nothing to save"
    );
    h.get_by_label("Open sample").click();
    settle(&mut h);
    h.get_by_label("Island (built in)").click();
    settle(&mut h);
    assert!(h.query_by_label("No map is open").is_none());
    assert!(h.query_by_label("map canvas").is_some());
    assert_eq!(
        h.state().view().doc().map().name(),
        OpenMap::sample().map().name()
    );
}
