//! What a person meets in the browser that behaves the same on the desktop, driven through
//! egui_kittest: Escape on the unsaved-changes and recovered-changes questions, Generate →
//! Apply making a new map, copied hexes travelling through the system clipboard to another
//! editor, a second finger taking back a stroke, the phone-size layout, and the browser's
//! autosave slots (one per page, in a store shared by the
//! pages of one browser: `browser_autosave::MemoryStore` stands for IndexedDB, which
//! `web/test/autosave.mjs` drives in Chromium).

use crate::harness::{copied_text, settle, shown_labels, temp_dir};
use eframe::egui::{self, Event, Key, Modifiers, Pos2, TouchDeviceId, TouchId, TouchPhase, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::files::browser_autosave::{MemoryStore, Shelf};
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::app::tools::Tool;
use hexmap::app::{Action, EditorApp};
use hexmap::hex::Hex;
use hexmap::io::recovery::{recovery_path, write_recovery};
use hexmap::map::{CellEdit, Edit, TerrainId};
use std::sync::{Arc, Mutex};

fn editor(size: Vec2) -> Harness<'static, EditorApp> {
    let mut h = Harness::builder().with_size(size).build_eframe(|_cc| {
        EditorApp::with_doc(OpenMap::sample(), Box::new(FakeDialogs::default()))
    });
    settle(&mut h);
    h
}

/// A cell of the sample well inside the map, and a terrain it does not have.
fn inner_cell(doc: &OpenMap) -> (Hex, TerrainId) {
    let map = doc.map();
    let cell = map
        .shape()
        .iter()
        .nth(map.cell_count() / 2)
        .expect("a cell");
    let other = map
        .palette()
        .terrains()
        .iter()
        .map(|t| t.id)
        .find(|&t| map.terrain(cell) != Some(t))
        .expect("another terrain");
    (cell, other)
}

fn paint(cell: Hex, terrain: TerrainId) -> Action {
    Action::Edit(Edit::Cell(CellEdit::Paint {
        center: cell,
        radius: 0,
        terrain: Some(terrain),
    }))
}

#[test]
fn escape_cancels_the_unsaved_changes_question() {
    let mut h = editor(Vec2::new(1280.0, 800.0));
    let (cell, other) = inner_cell(h.state().view().doc());
    h.state_mut().push(paint(cell, other));
    settle(&mut h);
    assert!(h.state().view().doc().is_modified(), "painted");
    h.state_mut().push(Action::NewDialog);
    settle(&mut h);
    assert!(
        h.query_by_label("Unsaved changes").is_some(),
        "asked first: {:?}",
        shown_labels(&h)
    );
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(
        h.query_by_label("Unsaved changes").is_none(),
        "Escape dismisses it: {:?}",
        shown_labels(&h)
    );
    assert!(
        h.query_by_label("New map").is_none(),
        "and New does not go on"
    );
    let doc = h.state().view().doc();
    assert_eq!(doc.terrain(cell), Some(other), "the changes are kept");
    assert!(doc.is_modified());
}

#[test]
fn escape_puts_off_the_recovered_changes_question_and_keeps_the_recovery() {
    let dir = temp_dir("escape-recovery");
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
    assert!(h.query_by_label("Recovered changes").is_some());
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(
        h.query_by_label("Recovered changes").is_none(),
        "Escape dismisses it: {:?}",
        shown_labels(&h)
    );
    assert!(
        recovery.exists(),
        "put off, not discarded: offered next time"
    );
}

#[test]
fn the_recovered_changes_question_names_the_file() {
    let dir = temp_dir("name-recovery");
    let path = dir.join("kestrel.ron");
    let mut doc = OpenMap::sample();
    doc.save(&path).unwrap();
    let (cell, other) = inner_cell(&doc);
    doc.apply(&Edit::Cell(CellEdit::Paint {
        center: cell,
        radius: 0,
        terrain: Some(other),
    }))
    .unwrap();
    write_recovery(&recovery_path(&path), doc.map()).unwrap();
    let mut h = editor(Vec2::new(1280.0, 800.0));
    h.state_mut().push(Action::Open(path));
    settle(&mut h);
    assert!(
        h.query_by_label_contains("Restore unsaved changes to \"kestrel.ron\" from")
            .is_some(),
        "{:?}",
        shown_labels(&h)
    );
}

#[test]
fn generate_apply_asks_about_unsaved_changes_then_makes_a_new_map() {
    let mut h = editor(Vec2::new(1400.0, 1000.0));
    let (cell, other) = inner_cell(h.state().view().doc());
    h.state_mut().push(paint(cell, other));
    settle(&mut h);
    h.get_by_label("Map").click();
    settle(&mut h);
    h.get_by_label("Generate…").click();
    settle(&mut h);
    h.get_by_label("Apply").click();
    settle(&mut h);
    assert!(
        h.query_by_label("Unsaved changes").is_some(),
        "the edited map is asked about before a new one replaces it"
    );
    h.get_by_label("Discard").click();
    settle(&mut h);
    let doc = h.state().view().doc();
    assert!(doc.map().elevation_layer().is_some(), "the generated map");
    assert!(
        doc.map().name().starts_with("Generated "),
        "{}",
        doc.map().name()
    );
    assert!(doc.path().is_none(), "no file yet");
    assert!(doc.is_modified(), "unsaved");
    let title = shown_labels(&h);
    assert!(
        title.iter().any(|t| t.contains("a new map: Save keeps it")),
        "{title:?}"
    );
}

#[test]
fn copied_hexes_reach_another_editor_through_the_system_clipboard() {
    // Editor A: select a block of the island and copy it.
    let mut a = editor(Vec2::new(1280.0, 800.0));
    a.get_by_label(Tool::Select.label()).click();
    settle(&mut a);
    let doc = a.state().view().doc();
    let cells: Vec<Hex> = doc.map().shape().iter().collect();
    let (first, last) = (cells[cells.len() / 2], cells[cells.len() / 2 + 4]);
    let pa = a.state().view().hex_to_screen(first) - Vec2::new(3.0, 3.0);
    let pb = a.state().view().hex_to_screen(last) + Vec2::new(3.0, 3.0);
    a.drag_at(pa);
    a.run();
    a.hover_at(pb);
    a.run();
    a.drop_at(pb);
    settle(&mut a);
    let selected: Vec<Hex> = a.state().view().selection().to_vec();
    assert!(selected.len() >= 5, "{selected:?}");
    a.event(Event::Copy);
    a.step();
    let text = copied_text(&a).expect("the copy is on the system clipboard");
    settle(&mut a);
    let source = a.state().view().doc().map().clone();

    // Editor B (another window or tab): a blank map of the same palette; Ctrl+V brings the
    // hexes, a click puts them down.
    let blank = hexmap::app::open_map::NewMapSpec::default();
    let mut b = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| {
            EditorApp::with_doc(
                OpenMap::new_map(&blank).unwrap(),
                Box::new(FakeDialogs::default()),
            )
        });
    settle(&mut b);
    // The Select tool: a click that is not a paste selects, never paints.
    b.get_by_label(Tool::Select.label()).click();
    settle(&mut b);
    b.event(Event::Paste(text));
    settle(&mut b);
    let map_b = b.state().view().doc().map().clone();
    let target = map_b.shape().iter().nth(map_b.cell_count() / 2).unwrap();
    let p = b.state().view().hex_to_screen(target);
    b.hover_at(p);
    settle(&mut b);
    b.drag_at(p);
    b.run();
    b.drop_at(p);
    settle(&mut b);
    let pasted = b.state().view().doc().map();
    // The copied terrains, in the copied arrangement, are now in B.
    let mut terrains_a: Vec<_> = selected.iter().map(|&h| source.terrain(h)).collect();
    let changed: Vec<Hex> = pasted
        .shape()
        .iter()
        .filter(|&h| pasted.terrain(h) != map_b.terrain(h))
        .collect();
    assert!(!changed.is_empty(), "the paste changed map B");
    let mut terrains_b: Vec<_> = changed.iter().map(|&h| pasted.terrain(h)).collect();
    terrains_a.retain(|t| t.is_some());
    terrains_a.sort();
    terrains_b.sort();
    // Cells whose terrain equals B's blank fill do not show as changed.
    assert!(
        terrains_b.iter().all(|t| terrains_a.contains(t)) && terrains_b.len() <= terrains_a.len(),
        "A's copy {terrains_a:?} pasted as {terrains_b:?}"
    );
}

/// A touch event of finger `id`.
fn touch(id: u64, phase: TouchPhase, pos: Pos2) -> Event {
    Event::Touch {
        device_id: TouchDeviceId(1),
        id: TouchId(id),
        phase,
        pos,
        force: None,
    }
}

#[test]
fn a_second_finger_takes_back_the_stroke_and_pinches() {
    let mut h = editor(Vec2::new(1280.0, 800.0));
    let before = h.state().view().doc().map().clone();
    let zoom = h.state().view().camera().zoom;
    let rect = h.state().view().canvas_rect();
    let (p1, p2) = (
        rect.center() - Vec2::new(60.0, 0.0),
        rect.center() + Vec2::new(60.0, 0.0),
    );
    // The first finger goes down and moves: the brush paints as with a mouse.
    h.event(touch(1, TouchPhase::Start, p1));
    h.event(Event::PointerButton {
        pos: p1,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    h.run();
    for dx in [10.0, 20.0, 30.0] {
        let p = p1 + Vec2::new(dx, 4.0);
        h.event(touch(1, TouchPhase::Move, p));
        h.event(Event::PointerMoved(p));
        h.run();
    }
    assert!(h.state().view().doc().map() != &before, "one finger paints");
    // A second finger: the stroke is taken back, and the fingers spreading apart zoom.
    // Chromium reports it as eframe passes it on: a press where the second finger lands,
    // then in the next frame a press of the first and the second finger's touch.
    let press = |at: Pos2| Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    };
    h.event(press(p2));
    h.run();
    h.event(press(p1 + Vec2::new(30.0, 4.0)));
    h.event(touch(2, TouchPhase::Start, p2));
    h.run();
    for d in 1..=6 {
        let spread = Vec2::new(10.0 * d as f32, 0.0);
        let q1 = p1 + Vec2::new(30.0, 4.0) - spread;
        h.event(touch(1, TouchPhase::Move, q1));
        h.event(Event::PointerMoved(q1));
        h.event(touch(2, TouchPhase::Move, p2 + spread));
        h.run();
    }
    h.event(touch(2, TouchPhase::End, p2));
    h.event(touch(1, TouchPhase::End, p1));
    h.event(Event::PointerButton {
        pos: p1,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    settle(&mut h);
    let view = h.state().view();
    assert!(view.doc().map() == &before, "the pinch painted nothing");
    assert!(!view.doc().document().can_undo(), "and left no undo step");
    assert!(view.camera().zoom > zoom * 1.1, "the pinch zoomed in");
}

#[test]
fn at_phone_size_the_side_panels_are_drawers_and_the_map_keeps_the_width() {
    let mut h = editor(Vec2::new(390.0, 844.0));
    let canvas = h.state().view().canvas_rect();
    assert!(
        canvas.width() >= 390.0 * 0.8,
        "the map has {} of 390 points",
        canvas.width()
    );
    assert!(
        h.query_by_label("Layers").is_none(),
        "the left panel is closed"
    );
    // The drawer opens on demand: the palette and layers are there to pick from.
    h.get_by_label("▶").click();
    settle(&mut h);
    assert!(
        h.query_by_label("Layers").is_some(),
        "{:?}",
        shown_labels(&h)
    );
}

/// Tab `slot` of a browser whose store is `shelf`, on the sample map.
fn tab(shelf: &Arc<Mutex<Shelf>>, slot: &str) -> Harness<'static, EditorApp> {
    let store = Arc::new(MemoryStore::open(shelf, slot));
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| {
            EditorApp::with_doc(OpenMap::sample(), Box::new(FakeDialogs::default()))
                .with_autosave_store(store)
        });
    h.input_mut().time = Some(0.0);
    settle(&mut h);
    h
}

/// Paint `cell` with `terrain` at egui time `t`, then let `pause` seconds pass.
fn paint_at(
    h: &mut Harness<'static, EditorApp>,
    cell: Hex,
    terrain: TerrainId,
    t: f64,
    pause: f64,
) {
    h.input_mut().time = Some(t);
    h.state_mut().push(paint(cell, terrain));
    settle(h);
    h.input_mut().time = Some(t + pause);
    settle(h);
}

#[test]
fn browser_tabs_keep_their_own_autosave_and_a_new_tab_offers_what_closed_tabs_left() {
    let shelf = Arc::new(Mutex::new(Shelf::default()));
    let mut a = tab(&shelf, "tab-a");
    let mut b = tab(&shelf, "tab-b");
    let (cell, other) = inner_cell(a.state().view().doc());
    let far = a.state().view().doc().map().shape().iter().nth(40).unwrap();
    // Each tab edits; a moment later each has kept its work, in its own slot.
    paint_at(&mut a, cell, other, 1.0, 0.5);
    assert!(
        shelf.lock().unwrap().slots.is_empty(),
        "not while editing goes on"
    );
    paint_at(&mut a, cell, other, 1.5, 2.0);
    paint_at(&mut b, far, other, 2.0, 2.0);
    assert_eq!(shelf.lock().unwrap().slots.len(), 2, "one slot per tab");

    // A third tab while both are open: nothing is offered (their work is being edited).
    let c = tab(&shelf, "tab-c");
    assert!(c.query_by_label("Recovered changes").is_none());
    drop(c);

    // Both close; a new tab offers both maps' work in turn, naming the map and when.
    drop(a);
    drop(b);
    let mut d = tab(&shelf, "tab-d");
    assert!(
        d.query_by_label_contains("Restore unsaved changes to \"Isle of Kestrel\" from")
            .is_some(),
        "{:?}",
        shown_labels(&d)
    );
    assert!(d.query_by_label_contains("1 more map is kept").is_some());
    // The newest first (B's), Discard; then A's, Restore: A's edit is back.
    d.get_by_label("Discard").click();
    settle(&mut d);
    d.get_by_label("Restore").click();
    settle(&mut d);
    let doc = d.state().view().doc();
    assert_eq!(doc.terrain(cell), Some(other), "A's edit is back");
    assert!(doc.is_modified());
    let shelf = shelf.lock().unwrap();
    assert_eq!(
        shelf.slots.keys().collect::<Vec<_>>(),
        ["tab-d"],
        "the restored work moved to this tab's slot; B's was discarded"
    );
}
