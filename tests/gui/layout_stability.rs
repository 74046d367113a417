//! The canvas stays put: switching tools (and their modes), opening the terrain editor and
//! adding tile art never move the hex under a still pointer, at 1280 and at 900 points
//! wide; and the side panels' width follows the window, not its history (a width forced by
//! a small window goes when the window grows again).

use crate::harness::{settle, temp_dir};
use eframe::egui::{Key, Modifiers, Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::OpenMap;
use hexmap::app::tools::Tool;
use hexmap::draw::RgbaImage;
use hexmap::hex::Hex;

/// The bundled hexcrawl, saved in a scratch folder with an image the file dialog gives.
fn harness(name: &str, width: f32) -> Harness<'static, EditorApp> {
    let dir = temp_dir(name);
    let art = RgbaImage::new(2, 2, [20, 120, 40, 255].repeat(4)).unwrap();
    std::fs::write(dir.join("tree.png"), hexmap::io::images::encode_png(&art)).unwrap();
    let mut doc = OpenMap::sample();
    doc.save(&dir.join("hexcrawl.ron")).unwrap();
    let dialogs = FakeDialogs::with_answers([DialogReply::ChooseImage(dir.join("tree.png"))]);
    let mut h = Harness::builder()
        .with_size(Vec2::new(width, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    settle(&mut h);
    h
}

/// The hex at the middle of the canvas and where its centre is on screen.
fn marker(h: &Harness<'static, EditorApp>) -> (Hex, Pos2) {
    let v = h.state().view();
    let rect = v.canvas_rect();
    let world = v.camera().screen_to_world(rect, rect.center());
    let hex = v.doc().layout().pixel_to_hex(world).expect("a hex");
    (hex, v.hex_to_screen(hex))
}

fn assert_still(h: &Harness<'static, EditorApp>, (hex, at): (Hex, Pos2), canvas: Rect, what: &str) {
    let now = h.state().view().hex_to_screen(hex);
    assert!(
        (now - at).length() < 0.5,
        "{what}: the hex moved from {at:?} to {now:?}"
    );
    assert_eq!(
        h.state().view().canvas_rect(),
        canvas,
        "{what}: the canvas moved"
    );
}

/// Click the first widget labelled `label` (the toolbar comes before the panels).
fn click(h: &mut Harness<'static, EditorApp>, label: &str) {
    h.get_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("no {label}"))
        .click();
    settle(h);
}

fn tools_and_modes_keep_the_canvas_still(width: f32) {
    let mut h = harness(&format!("still-{width}"), width);
    let mark = marker(&h);
    let canvas = h.state().view().canvas_rect();
    for tool in Tool::ALL {
        h.key_press(tool.key());
        settle(&mut h);
        assert_eq!(h.state().view().tool(), tool);
        assert_still(&h, mark, canvas, &format!("{} at {width}", tool.label()));
    }
    // The modes with the most options: the brush's height modes and scatter, every fog
    // mode (the party's bar is the longest), the select modes, and paste mode.
    h.key_press(Key::B);
    settle(&mut h);
    // The brush's modes side by side on the options row, never split over two rows.
    let row = |h: &Harness<'static, EditorApp>, label: &str| {
        h.get_all_by_label(label)
            .next()
            .expect(label)
            .rect()
            .center()
            .y
    };
    let terrain_row = row(&h, "Terrain");
    for label in ["Raise", "Lower", "Scatter"] {
        assert_eq!(
            row(&h, label),
            terrain_row,
            "{label} on the modes' row at {width}"
        );
    }
    for label in ["Raise", "Lower", "Scatter", "Terrain"] {
        click(&mut h, label);
        assert_still(&h, mark, canvas, &format!("Brush {label} at {width}"));
    }
    h.key_press(Key::W);
    settle(&mut h);
    for label in ["By sight", "Fog bucket", "Party", "Reveal brush"] {
        click(&mut h, label);
        assert_still(&h, mark, canvas, &format!("Fog {label} at {width}"));
    }
    h.key_press(Key::S);
    settle(&mut h);
    for label in ["Wand", "Same terrain", "Box"] {
        click(&mut h, label);
        assert_still(&h, mark, canvas, &format!("Select {label} at {width}"));
    }
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::C);
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::V);
    settle(&mut h);
    assert_still(&h, mark, canvas, &format!("pasting at {width}"));
    h.key_press(Key::Escape);
    settle(&mut h);
    // The terrain editor, and tile art added in it, in the left panel.
    h.key_press(Key::B);
    settle(&mut h);
    click(&mut h, "Edit…");
    assert_still(&h, mark, canvas, &format!("terrain editor at {width}"));
    click(&mut h, "Add image…");
    settle(&mut h);
    assert!(
        h.query_by_label("tree.png").is_some(),
        "the image was added"
    );
    assert_still(&h, mark, canvas, &format!("tile art added at {width}"));
}

#[test]
fn no_tool_switch_moves_the_canvas_at_1280() {
    tools_and_modes_keep_the_canvas_still(1280.0);
}

#[test]
fn no_tool_switch_moves_the_canvas_at_900() {
    tools_and_modes_keep_the_canvas_still(900.0);
}

#[test]
fn side_panels_take_their_width_back_when_the_window_grows_again() {
    let mut h = harness("panels-resize", 1280.0);
    let canvas = h.state().view().canvas_rect();
    for width in [900.0, 1600.0, 1280.0] {
        h.set_size(Vec2::new(width, 800.0));
        settle(&mut h);
    }
    assert_eq!(h.state().view().canvas_rect(), canvas);
}
