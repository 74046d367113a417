//! Work on maps of a million hexes and more that takes longer than a frame: a bucket fill
//! and opening a large file run off the frame, the status bar saying so (with a progress
//! bar and Cancel) while the map stays on screen; what is asked for meanwhile waits and
//! then runs in order.

use crate::harness::{colour_at, settle, shapes_in, shown_labels, temp_dir};
use eframe::egui::{Color32, Key, Modifiers, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::canvas::camera::Camera;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::app::{Action, EditorApp, StartOptions};
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::io::{self, Form};
use hexmap::map::{ShapeSpec, TerrainId};

/// A new empty map of `width` × `height` hexes, as `hexmap new --shape rect:WxH` makes.
fn big_spec(width: u32, height: u32) -> NewMapSpec {
    NewMapSpec {
        name: "Big".into(),
        shape: ShapeSpec::rect(width, height),
        ..NewMapSpec::default()
    }
}

/// The editor on a new empty map of a million hexes, looking at its middle with hexes
/// of 20 px radius (each drawn as a hexagon).
fn million() -> Harness<'static, EditorApp> {
    let doc = OpenMap::new_map(&big_spec(1000, 1000)).expect("a million-hex map");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    let layout = h.state().view().doc().layout();
    let centre = layout.hex_to_pixel(at(500, 500));
    let zoom = 20.0 / layout.size().x;
    h.state_mut().set_camera(Camera { centre, zoom });
    settle(&mut h);
    h
}

fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

/// The colour the canvas shows at the centre of `hex`.
fn shown(h: &Harness<'static, EditorApp>, hex: Hex) -> Option<Color32> {
    let rect = h.state().view().canvas_rect();
    colour_at(&shapes_in(h, rect), h.state().view().hex_to_screen(hex))
}

/// The colour of the palette's terrain `id`.
fn colour_of(h: &Harness<'static, EditorApp>, id: TerrainId) -> Color32 {
    let t = h
        .state()
        .view()
        .doc()
        .map()
        .palette()
        .get(id)
        .expect("in the palette");
    let [r, g, b] = t.color.0;
    Color32::from_rgb(r, g, b)
}

/// A click of the Fill tool at `p`: press in one frame, release in the next (as a
/// person's click arrives).
fn click(h: &mut Harness<'static, EditorApp>, p: Pos2) {
    h.drag_at(p);
    h.step();
    h.drop_at(p);
    h.step();
}

fn says(h: &Harness<'static, EditorApp>, text: &str) -> bool {
    shown_labels(h).iter().any(|l| l.contains(text))
}

#[test]
fn a_fill_of_a_million_hexes_shows_progress_then_the_whole_filled_map() {
    let mut h = million();
    let sea = h.state().view().doc().map().palette().terrains()[0].id;
    let (middle, beside) = (at(500, 500), at(505, 503));
    let empty = shown(&h, beside).expect("a cell is drawn");
    assert_ne!(empty, colour_of(&h, sea));
    h.get_by_label("Fill").click();
    settle(&mut h);
    let p = h.state().view().hex_to_screen(middle);
    // The click a frame at a time: in the frames right after it the map is still on screen
    // as it was, and the status bar says what is going on, with a way out. (How many
    // frames the fill's thread takes depends on the machine's load: each frame is looked
    // at, none is skipped by waiting.)
    let progress_shown = |h: &Harness<'static, EditorApp>| {
        says(h, "Filling…")
            && h.query_by_label("Cancel").is_some()
            && shown(h, beside) == Some(empty)
    };
    h.hover_at(p);
    h.run_steps(1);
    h.drag_at(p);
    h.run_steps(1);
    let mut seen = progress_shown(&h);
    h.drop_at(p);
    for _ in 0..2 {
        h.run_steps(1);
        seen |= progress_shown(&h);
    }
    assert!(
        seen,
        "no frame showed the fill in progress: {:?}",
        shown_labels(&h)
    );
    // Then the whole map is filled, drawn filled, and one step undoes it.
    settle(&mut h);
    assert!(!says(&h, "Filling…"));
    assert_eq!(shown(&h, beside), Some(colour_of(&h, sea)));
    let doc = h.state().view().doc();
    for corner in [at(0, 0), at(999, 0), at(0, 999), at(999, 999), middle] {
        assert_eq!(doc.terrain(corner), Some(sea), "{corner:?}");
    }
    assert_eq!(doc.map().terrain_layer().count(sea), 1_000_000);
    assert_eq!(doc.document().history().undo_len(), 1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(shown(&h, beside), Some(empty));
    assert_eq!(h.state().view().doc().terrain(at(999, 999)), None);
}

#[test]
fn keys_pressed_while_a_fill_runs_act_after_it_in_order() {
    let mut h = million();
    let sea = h.state().view().doc().map().palette().terrains()[0].id;
    h.get_by_label("Fill").click();
    settle(&mut h);
    let p = h.state().view().hex_to_screen(at(500, 500));
    click(&mut h, p);
    // At once Ctrl+Z: it waits for the fill, then undoes it (not lost, not first).
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    let doc = h.state().view().doc();
    assert_eq!(doc.terrain(at(500, 500)), None);
    assert!(doc.document().can_redo(), "the fill was made, then undone");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    settle(&mut h);
    assert_eq!(h.state().view().doc().terrain(at(0, 999)), Some(sea));
}

/// A new empty map of 1500 × 1500 hexes saved in the offset form: 2.3 MB, a file read
/// off the frame.
fn big_file(name: &str) -> std::path::PathBuf {
    let dir = temp_dir(name);
    let path = dir.join("big.ron");
    let map = big_spec(1500, 1500).to_map().expect("a map");
    io::save(&path, &map, Form::Offset).expect("saved");
    assert!(std::fs::metadata(&path).unwrap().len() > 2 << 20);
    path
}

#[test]
fn a_large_file_opens_off_the_frame_saying_so_then_shows() {
    let path = big_file("open-large");
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("a map");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h.state_mut().push(Action::Open(path.clone()));
    h.step();
    h.step();
    // The old map stays on screen while the file is read; the status bar says so.
    assert!(says(&h, "Opening big.ron…"), "{:?}", shown_labels(&h));
    assert!(h.query_by_label("map canvas").is_some());
    settle(&mut h);
    assert!(!says(&h, "Opening big.ron…"));
    assert!(says(&h, &format!("Opened {}", path.display())));
    assert_eq!(h.state().view().doc().map().cell_count(), 2_250_000);
    assert!(h.state().view().title().starts_with("Big — "));
}

#[test]
fn a_large_file_given_at_startup_says_it_is_opening_then_shows_the_map() {
    let path = big_file("start-large");
    let start = StartOptions {
        path: Some(path.clone()),
        dialogs: Some(Box::new(FakeDialogs::default())),
        persist: false,
        data_dir: Some(path.parent().unwrap().to_path_buf()),
    };
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |cc| EditorApp::new(cc, start));
    h.step();
    assert!(h.query_by_label("Opening big.ron…").is_some());
    assert!(h.query_by_label("Cancel").is_some());
    assert!(
        h.query_by_label("No map is open").is_none(),
        "no error meanwhile"
    );
    settle(&mut h);
    assert!(h.query_by_label("map canvas").is_some());
    assert_eq!(h.state().view().doc().map().cell_count(), 2_250_000);
}
