//! Keyboard and pointer input as a real desktop delivers it: Ctrl+V arrives as a paste of
//! the system clipboard's text, typing into a text field sends key events too, and a
//! touchpad tap (or `xdotool click`) presses and releases in one frame.

use crate::harness::{settle, shown_labels};
use eframe::egui::accesskit::Toggled;
use eframe::egui::{self, Event, Key, Modifiers, OutputCommand, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::app::tools::Tool;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::map::{CellEdit, Edit};

fn harness() -> Harness<'static, EditorApp> {
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h
}

fn cell(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

/// Press and release the primary button at `pos` within one frame.
fn tap(h: &mut Harness<'static, EditorApp>, pos: Pos2) {
    h.hover_at(pos);
    settle(h);
    // Straight into the next frame's input: `Harness::event` would run a frame per event.
    for pressed in [true, false] {
        h.input_mut().events.push(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    h.step();
    settle(h);
}

/// Type `text` as a keyboard does: key down, the text, key up, per character.
fn type_keys(h: &mut Harness<'static, EditorApp>, text: &str) {
    for c in text.chars() {
        let key = Key::from_name(&c.to_ascii_uppercase().to_string()).expect("a letter key");
        for pressed in [true, false] {
            h.event(Event::Key {
                key,
                physical_key: Some(key),
                pressed,
                repeat: false,
                modifiers: Modifiers::NONE,
            });
            if pressed {
                h.event(Event::Text(c.to_string()));
            }
            h.step();
        }
    }
    settle(h);
}

fn select_tool(h: &mut Harness<'static, EditorApp>, tool: Tool) {
    h.get_by_label(tool.label()).click();
    settle(h);
}

#[test]
fn ctrl_v_as_the_desktop_sends_it_pastes_what_was_copied() {
    let mut h = harness();
    let a = cell(6, 6);
    select_tool(&mut h, Tool::Select);
    let p = h.state().view().hex_to_screen(a);
    h.drag_at(p - Vec2::new(3.0, 3.0));
    h.run();
    h.hover_at(p + Vec2::new(3.0, 3.0));
    h.run();
    h.drop_at(p + Vec2::new(3.0, 3.0));
    h.run();
    assert_eq!(h.state().view().selection(), &[a]);
    // Ctrl+C arrives as a copy event; the editor puts text on the system clipboard, or
    // the desktop would send nothing at all for the next Ctrl+V.
    h.event(Event::Copy);
    h.step();
    let copied = h
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .expect("something on the system clipboard");
    settle(&mut h);
    assert!(h.query_by_label("Copied 1 cell").is_some());
    // Ctrl+V: a paste of that text (egui-winit never sends the V key itself).
    h.event(Event::Paste(copied));
    settle(&mut h);
    assert!(
        h.query_by_label("pasting 1 hex: R rotate, F reflect, Esc cancel")
            .is_some(),
        "paste mode is on and the toolbar says so"
    );
}

#[test]
fn the_note_window_takes_the_keyboard_and_letters_run_no_shortcuts() {
    let mut h = harness();
    select_tool(&mut h, Tool::Note);
    let at = cell(5, 5);
    // An ordinary click (press and release in separate frames).
    let p = h.state().view().hex_to_screen(at);
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    settle(&mut h);
    assert!(
        h.query_by_label("Save note").is_some(),
        "the Note window is open"
    );
    let zoom = h.state().view().camera().zoom;
    // f fits the map, e picks the eraser, b the brush — unless the note has the keyboard.
    type_keys(&mut h, "feb");
    let field = h.get_by_role(egui::Role::MultilineTextInput);
    assert!(field.is_focused(), "the note's field has the keyboard");
    assert_eq!(field.accesskit_node().value().as_deref(), Some("feb"));
    assert_eq!(h.state().view().tool(), Tool::Note, "no tool shortcut ran");
    assert_eq!(
        h.state().view().camera().zoom,
        zoom,
        "F did not fit the map"
    );
    h.get_by_label("Save note").click();
    settle(&mut h);
    assert_eq!(h.state().view().doc().note(at), Some("feb"));
    // With no field focused the same keys are shortcuts again.
    type_keys(&mut h, "e");
    assert_eq!(h.state().view().tool(), Tool::Eraser);
}

#[test]
fn a_tap_works_for_every_tool_including_the_picker() {
    let mut h = harness();
    let ids: Vec<_> = h
        .state()
        .view()
        .doc()
        .map()
        .palette()
        .terrains()
        .iter()
        .map(|t| t.id)
        .collect();
    let names: Vec<String> = h
        .state()
        .view()
        .doc()
        .map()
        .palette()
        .terrains()
        .iter()
        .map(|t| format!("{} {}", t.symbol, t.name))
        .collect();
    // Paint one cell with the third terrain through the document, then pick it.
    let src = cell(4, 4);
    h.state_mut()
        .push(hexmap::app::Action::Edit(Edit::Cell(CellEdit::SetTerrain(
            vec![(src, Some(ids[2]))],
        ))));
    settle(&mut h);
    let selected = |h: &Harness<'static, EditorApp>, name: &str| {
        h.get_by_label(name).accesskit_node().toggled() == Some(Toggled::True)
    };
    assert!(selected(&h, &names[0]), "the first terrain is the brush's");
    select_tool(&mut h, Tool::Picker);
    let p = h.state().view().hex_to_screen(src);
    tap(&mut h, p);
    assert!(
        selected(&h, &names[2]),
        "the palette shows the picked terrain"
    );
    // Brush, fill, mine and note take a tap as a click too.
    select_tool(&mut h, Tool::Brush);
    let dst = cell(8, 3);
    let p = h.state().view().hex_to_screen(dst);
    tap(&mut h, p);
    assert_eq!(h.state().view().doc().terrain(dst), Some(ids[2]));
    select_tool(&mut h, Tool::Mine);
    tap(&mut h, p);
    assert!(h.state().view().doc().map().is_mine(dst));
    select_tool(&mut h, Tool::Note);
    tap(&mut h, p);
    assert!(
        h.query_by_label("Save note").is_some(),
        "the Note window is open"
    );
    assert!(shown_labels(&h).iter().any(|l| l == "Save note"));
}

#[test]
fn undo_in_the_middle_of_a_drag_closes_the_stroke() {
    let mut h = harness();
    select_tool(&mut h, Tool::Brush);
    let (a, b) = (cell(3, 3), cell(4, 3));
    h.drag_at(h.state().view().hex_to_screen(a));
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.drop_at(h.state().view().hex_to_screen(a));
    h.run();
    assert_eq!(
        h.state().view().doc().terrain(a),
        None,
        "the stroke was undone"
    );
    assert!(
        !h.state().view().doc().document().history().in_stroke(),
        "no undo step is left open"
    );
    // A later click is its own undo step.
    let p = h.state().view().hex_to_screen(b);
    tap(&mut h, p);
    assert!(h.state().view().doc().terrain(b).is_some());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(h.state().view().doc().terrain(b), None);
}

#[test]
fn menus_show_shortcuts_and_copy_paste_are_disabled_with_nothing_to_copy() {
    let mut h = harness();
    h.get_by_label("Edit").click();
    settle(&mut h);
    let copy = h.get_by_label_contains("Copy selection");
    assert!(copy.accesskit_node().is_disabled(), "no selection yet");
    assert!(
        h.get_by_label_contains("Paste")
            .accesskit_node()
            .is_disabled()
    );
    let labels = shown_labels(&h);
    assert!(
        labels.iter().any(|l| l.contains("Ctrl+Z")),
        "Undo shows Ctrl+Z: {labels:?}"
    );
    assert!(labels.iter().any(|l| l.contains("Ctrl+C")));
}

#[test]
fn the_file_menu_shows_the_shortcuts_of_new_open_save_and_save_as() {
    let mut h = harness();
    h.get_by_label("File").click();
    settle(&mut h);
    let labels = shown_labels(&h);
    // A menu item reads "label shortcut".
    for item in [
        "New… Ctrl+N",
        "Open… Ctrl+O",
        "Save Ctrl+S",
        "Save As (offset form)… Ctrl+Shift+S",
    ] {
        assert!(
            labels.iter().any(|l| l == item),
            "the File menu shows {item}: {labels:?}"
        );
    }
    // Ctrl+Shift+S keeps the map's form (offset here), so only that Save As shows it.
    let with_keys = labels
        .iter()
        .filter(|l| l.ends_with("Ctrl+Shift+S"))
        .count();
    assert_eq!(with_keys, 1, "{labels:?}");
}

#[test]
fn play_refuses_a_map_without_mines_and_says_why() {
    let mut h = harness();
    assert_eq!(h.state().view().doc().map().mine_layer().count(), 0);
    h.get_by_label("Play").click();
    settle(&mut h);
    assert!(h.state().view().play().is_none(), "still editing");
    assert!(h.query_by_label_contains("no mines to play").is_some());
}

#[test]
fn undoing_add_terrain_leaves_a_terrain_that_exists_selected() {
    let mut h = harness();
    h.get_by_label("Add terrain").click();
    settle(&mut h);
    let new_name = {
        let t = h
            .state()
            .view()
            .doc()
            .map()
            .palette()
            .terrains()
            .last()
            .unwrap();
        format!("{} {}", t.symbol, t.name)
    };
    assert_eq!(
        h.get_by_label(&new_name).accesskit_node().toggled(),
        Some(Toggled::True)
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert!(h.query_by_label(&new_name).is_none(), "the terrain is gone");
    let first = {
        let t = &h.state().view().doc().map().palette().terrains()[0];
        format!("{} {}", t.symbol, t.name)
    };
    assert_eq!(
        h.get_by_label(&first).accesskit_node().toggled(),
        Some(Toggled::True),
        "the palette shows a real terrain selected"
    );
    // And the brush paints it.
    let at = cell(7, 7);
    let p = h.state().view().hex_to_screen(at);
    tap(&mut h, p);
    assert!(h.state().view().doc().terrain(at).is_some());
}

#[test]
fn windows_open_below_the_menu_bar_and_toolbar() {
    let mut h = harness();
    h.get_by_label("Map").click();
    settle(&mut h);
    h.get_by_label("Properties…").click();
    settle(&mut h);
    let bars_bottom = h.get_by_label("Play").rect().bottom();
    let window_top = h.get_by_label("Map properties").rect().top();
    assert!(
        window_top > bars_bottom,
        "the window ({window_top}) covers the bars (down to {bars_bottom})"
    );
}

/// Fill colours of the polygons drawn in the last frame.
fn drawn_fills(h: &Harness<'static, EditorApp>) -> Vec<egui::Color32> {
    fn walk(shape: &egui::Shape, out: &mut Vec<egui::Color32>) {
        match shape {
            egui::Shape::Path(p) => out.push(p.fill),
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        walk(&c.shape, &mut out);
    }
    out
}

#[test]
fn the_paste_preview_shows_the_terrain_being_pasted() {
    let mut h = harness();
    let t = h.state().view().doc().map().palette().terrains()[3].clone();
    let a = cell(6, 6);
    h.state_mut()
        .push(hexmap::app::Action::Edit(Edit::Cell(CellEdit::SetTerrain(
            vec![(a, Some(t.id))],
        ))));
    settle(&mut h);
    select_tool(&mut h, Tool::Select);
    let p = h.state().view().hex_to_screen(a);
    h.drag_at(p - Vec2::new(3.0, 3.0));
    h.run();
    h.hover_at(p + Vec2::new(3.0, 3.0));
    h.run();
    h.drop_at(p + Vec2::new(3.0, 3.0));
    h.run();
    h.event(Event::Copy);
    settle(&mut h);
    h.event(Event::Paste("x".into()));
    settle(&mut h);
    let target = h.state().view().hex_to_screen(cell(12, 9));
    h.hover_at(target);
    h.step();
    let [r, g, b] = t.color.0;
    let wanted = egui::Color32::from_rgba_unmultiplied(r, g, b, 220);
    assert!(
        drawn_fills(&h).contains(&wanted),
        "a hex filled with {} follows the pointer",
        t.name
    );
}

/// Stroke colours of the outlines drawn in the last frame.
fn drawn_strokes(h: &Harness<'static, EditorApp>) -> Vec<egui::Color32> {
    fn walk(shape: &egui::Shape, out: &mut Vec<egui::Color32>) {
        match shape {
            egui::Shape::Path(p) => {
                if let egui::epaint::ColorMode::Solid(c) = p.stroke.color {
                    out.push(c);
                }
            }
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        walk(&c.shape, &mut out);
    }
    out
}

#[test]
fn the_hover_outline_is_drawn_on_the_map_only() {
    let mut h = harness();
    let hover = egui::Color32::from_rgb(255, 230, 80);
    let on = h.state().view().hex_to_screen(cell(5, 5));
    h.hover_at(on);
    h.step();
    assert!(drawn_strokes(&h).contains(&hover), "outlined on the map");
    // Just below the last row (the map is wider than tall, so there is room): a hex, but
    // none of the map's.
    let off = h.state().view().hex_to_screen(cell(5, 17));
    h.hover_at(off);
    h.step();
    let hovered = h.state().view().hovered().expect("over the canvas");
    assert!(!h.state().view().doc().contains(hovered));
    assert!(
        !drawn_strokes(&h).contains(&hover),
        "no outline off the map"
    );
}

#[test]
fn fit_to_map_shows_every_hex_of_a_flat_hexagon_whole() {
    for radius in [3, 4] {
        let spec = NewMapSpec {
            orientation: hexmap::hex::Orientation::Flat,
            shape: hexmap::map::ShapeSpec::Hexagon { radius },
            ..NewMapSpec::default()
        };
        let doc = OpenMap::new_map(&spec).expect("valid spec");
        let mut h = Harness::builder()
            .with_size(Vec2::new(1280.0, 800.0))
            .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
        crate::harness::settle(&mut h);
        let view = h.state().view().canvas_rect().expand(0.5);
        let layout = h.state().view().doc().layout();
        let cells: Vec<Hex> = h.state().view().doc().map().shape().iter().collect();
        for c in cells {
            for p in layout.corners(c) {
                let s = h.state().view().world_to_screen(p);
                assert!(
                    view.contains(s),
                    "radius {radius}: {c:?} cut at {s:?} ({view:?})"
                );
            }
        }
    }
}

#[test]
fn at_800_by_500_the_toolbar_wraps_instead_of_cutting_off() {
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid");
    let mut h = Harness::builder()
        .with_size(Vec2::new(800.0, 500.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    // Paste mode adds the longest toolbar text, first in the options row.
    select_tool(&mut h, Tool::Select);
    let p = h.state().view().hex_to_screen(cell(6, 6));
    h.drag_at(p - Vec2::new(3.0, 3.0));
    h.run();
    h.drop_at(p + Vec2::new(3.0, 3.0));
    h.run();
    h.event(Event::Copy);
    h.event(Event::Paste("x".into()));
    settle(&mut h);
    let labels = Tool::ALL
        .iter()
        .map(|t| t.label())
        .chain(["Play", "pasting 1 hex: R rotate, F reflect, Esc cancel"]);
    for label in labels {
        let r = h.get_all_by_label(label).next().expect(label).rect();
        assert!(r.right() <= 800.0, "{label} ends at {} of 800", r.right());
    }
}

/// Where a window titled `title` is, and the bottom of the menu bar and toolbar.
fn window_and_bars(h: &Harness<'static, EditorApp>, title: &str) -> (egui::Rect, f32) {
    let bars_bottom = h.get_by_label("Play").rect().bottom();
    (h.get_by_label(title).rect(), bars_bottom)
}

/// The window titled `title` lies below the bars and is centred across the editor.
fn assert_placed(h: &Harness<'static, EditorApp>, title: &str) {
    let (title_bar, bars_bottom) = window_and_bars(h, title);
    assert!(
        title_bar.top() > bars_bottom,
        "{title}: the window ({}) covers the bars (down to {bars_bottom})",
        title_bar.top()
    );
    let middle = 1280.0 / 2.0;
    assert!(
        (title_bar.center().x - middle).abs() < 200.0,
        "{title}: the window's title ({:?}) is not near the middle ({middle})",
        title_bar.center()
    );
}

#[test]
fn export_print_error_and_import_warning_windows_open_centred_below_the_bars() {
    use hexmap::app::files::dialogs::DialogReply;
    use hexmap::io::format::{WriteOptions, by_name, write_path};
    let dir = std::env::temp_dir().join(format!("hexmap-placement-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A Tiled map with a second tile layer, which the import leaves out with a warning.
    let tmx = dir.join("two-layers.tmx");
    let doc = OpenMap::sample();
    let format = by_name("tmx").unwrap();
    write_path(
        doc.map(),
        None,
        format,
        &WriteOptions::default(),
        &tmx,
        &mut |_| {},
    )
    .unwrap();
    let text = std::fs::read_to_string(&tmx).unwrap();
    let (start, end) = (
        text.find("<layer").unwrap(),
        text.find("</layer>").unwrap() + 8,
    );
    let extra = text[start..end].replacen("name=\"", "name=\"extra ", 1);
    std::fs::write(
        &tmx,
        text.replacen("</map>", &format!("{extra}\n</map>"), 1),
    )
    .unwrap();
    let broken = dir.join("broken.tmx");
    std::fs::write(&broken, "<map orientation=\"hexagonal\"").unwrap();
    let dialogs = FakeDialogs::with_answers([
        DialogReply::ImportTiled(tmx.clone()),
        DialogReply::ImportTiled(broken.clone()),
    ]);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);

    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Export…").click();
    settle(&mut h);
    assert_placed(&h, "Export");
    h.get_by_label("Cancel").click();
    settle(&mut h);

    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Print / Export PDF…").click();
    settle(&mut h);
    assert_placed(&h, "Print / Export PDF");
    h.get_by_label("Close").click();
    settle(&mut h);

    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Import map (Tiled, JSON)…").click();
    settle(&mut h);
    assert!(
        !h.state().view().import_warnings().is_empty(),
        "the extra layer is reported"
    );
    assert_placed(&h, "Import warnings");
    h.get_by_label("OK").click();
    settle(&mut h);

    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Import map (Tiled, JSON)…").click();
    settle(&mut h);
    assert!(h.state().view().error().is_some());
    assert_placed(&h, "Error");
    std::fs::remove_dir_all(&dir).ok();
}
