//! The icon and label tools driven through real frames: click, type, Enter adds
//! a label that is then drawn on the canvas; drags move (one undo step each), handles turn
//! and size, a double-click edits the text in place (a curved label too: drawn glyph by glyph
//! along its path, moved with its curve); the icon palette's search, placing,
//! selecting, dragging and deleting icons; the topmost label wins a click; typing in the
//! label field never switches tools; the status bar names what is under the pointer.

use crate::harness::{click, drag, shown_labels, undo};
use eframe::egui::{Key, Modifiers, Pos2, Shape, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::canvas::camera::Camera;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::app::tools::Tool;
use hexmap::app::tools::label_tool::handles;
use hexmap::hex::{Hex, Point};
use hexmap::map::{AnnotationEdit, BuiltinIcon, Edit, Icon, Label, LabelId};

/// Screen points per world unit the tests look at the map with (hexes 64 points across).
const ZOOM: f64 = 2.0;

/// The editor on a blank map with `labels` added, looking at hex (5, 5) closely.
fn harness(labels: &[Label]) -> Harness<'static, EditorApp> {
    let mut doc = OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid");
    for (i, l) in labels.iter().enumerate() {
        let edit = Edit::Annotation(AnnotationEdit::AddLabel {
            id: LabelId(i as u32),
            label: l.clone(),
        });
        doc.apply(&edit).unwrap();
    }
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        // Frames a sixtieth of a second apart, so two clicks can make a double-click.
        .with_step_dt(1.0 / 60.0)
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    let centre = h.state().view().doc().layout().hex_to_pixel(Hex::new(5, 5));
    h.state_mut().set_camera(Camera { centre, zoom: ZOOM });
    h.run();
    h
}

fn tool(h: &mut Harness<'static, EditorApp>, key: Key, want: Tool) {
    h.key_press(key);
    h.run();
    assert_eq!(h.state().view().tool(), want);
}

/// Type `text` as a keyboard does: each letter a key press (which a shortcut could take)
/// and its text.
fn type_keys(h: &mut Harness<'static, EditorApp>, text: &str) {
    for c in text.chars() {
        if let Some(key) = Key::from_name(&c.to_uppercase().to_string()) {
            h.event(eframe::egui::Event::Key {
                key,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: Modifiers::NONE,
            });
        }
        h.event(eframe::egui::Event::Text(c.to_string()));
        h.run();
    }
}

fn screen(h: &Harness<'static, EditorApp>, p: Point) -> Pos2 {
    h.state().view().world_to_screen(p)
}

fn world(h: &Harness<'static, EditorApp>, p: Pos2) -> Point {
    let c = h.state().view().camera();
    c.screen_to_world(h.state().view().canvas_rect(), p)
}

/// Every text drawn on the canvas in the last frame (panels left out), with the centre of
/// its box (turned about its top-left corner as egui turns text).
fn canvas_texts(h: &Harness<'static, EditorApp>) -> Vec<(String, Pos2)> {
    fn collect(shape: &Shape, out: &mut Vec<(String, Pos2)>) {
        match shape {
            Shape::Text(t) => {
                let half = t.galley.size() / 2.0;
                let (sin, cos) = t.angle.sin_cos();
                let turned = Vec2::new(half.x * cos - half.y * sin, half.x * sin + half.y * cos);
                out.push((t.galley.text().to_owned(), t.pos + turned));
            }
            Shape::Vec(v) => v.iter().for_each(|s| collect(s, out)),
            _ => {}
        }
    }
    let rect = h.state().view().canvas_rect();
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        if rect.contains_rect(clipped.clip_rect) || clipped.clip_rect == rect {
            collect(&clipped.shape, &mut out);
        }
    }
    out
}

fn labels(h: &Harness<'static, EditorApp>) -> Vec<(LabelId, Label)> {
    let map = h.state().view().doc().map();
    map.labels().iter().map(|(id, l)| (id, l.clone())).collect()
}

#[test]
fn click_type_enter_adds_a_label_drawn_on_the_canvas_and_typing_never_switches_tools() {
    let mut h = harness(&[]);
    tool(&mut h, Key::X, Tool::Label);
    let at = h.state().view().canvas_rect().center() + Vec2::new(-100.0, 40.0);
    click(&mut h, at);
    assert!(h.state().view().label_field_open());
    // Letters that are tool keys (E eraser, B brush, O icons, H edges) go into the text.
    type_keys(&mut h, "Bone Heath");
    assert_eq!(h.state().view().tool(), Tool::Label);
    h.key_press(Key::Enter);
    h.run();
    h.run();
    assert!(!h.state().view().label_field_open());
    let got = labels(&h);
    assert_eq!(got.len(), 1, "{got:?}");
    let (id, label) = &got[0];
    assert_eq!(label.text, "Bone Heath");
    let w = world(&h, at);
    assert!((label.at.x - w.x).abs() < 1.0 && (label.at.y - w.y).abs() < 1.0);
    assert_eq!(h.state().view().selected_label(), Some(*id));
    // Drawn on the canvas (from the chunk cache), centred where it was typed.
    let drawn = canvas_texts(&h);
    let text = drawn.iter().find(|(t, _)| t == "Bone Heath");
    let (_, pos) = text.unwrap_or_else(|| panic!("not drawn: {drawn:?}"));
    assert!((*pos - at).length() < 8.0, "{pos:?} vs {at:?}");
    // One undo removes it, and it is no longer drawn.
    undo(&mut h);
    assert!(labels(&h).is_empty());
    assert!(!canvas_texts(&h).iter().any(|(t, _)| t == "Bone Heath"));
}

#[test]
fn escape_cancels_the_text_field_and_empty_text_adds_nothing() {
    let mut h = harness(&[]);
    tool(&mut h, Key::X, Tool::Label);
    let at = h.state().view().canvas_rect().center();
    click(&mut h, at);
    type_keys(&mut h, "Nowhere");
    h.key_press(Key::Escape);
    h.run();
    h.run();
    assert!(!h.state().view().label_field_open());
    assert!(labels(&h).is_empty());
    click(&mut h, at);
    assert!(h.state().view().label_field_open());
    h.key_press(Key::Enter);
    h.run();
    h.run();
    assert!(labels(&h).is_empty());
    assert!(!h.state().view().doc().document().can_undo());
}

#[test]
fn dragging_a_label_moves_it_in_one_undo_step_and_the_topmost_is_selected() {
    let centre = |h: Hex| {
        let doc = OpenMap::new_map(&NewMapSpec::default()).unwrap();
        doc.layout().hex_to_pixel(h)
    };
    let c = centre(Hex::new(5, 5));
    let mut h = harness(&[Label::new("Under", c), Label::new("Over", c)]);
    tool(&mut h, Key::X, Tool::Label);
    let from = screen(&h, c);
    let to = from + Vec2::new(120.0, 60.0);
    drag(&mut h, from, to);
    assert_eq!(h.state().view().selected_label(), Some(LabelId(1)));
    let got = labels(&h);
    assert_eq!(got[0].1.at, c, "the label underneath stays");
    let moved = got[1].1.at;
    let want = Point::new(c.x + 120.0 / ZOOM, c.y + 60.0 / ZOOM);
    assert!(
        (moved.x - want.x).abs() < 0.5 && (moved.y - want.y).abs() < 0.5,
        "{moved:?}"
    );
    // One undo puts it back; both labels are still there (the drag was one step).
    undo(&mut h);
    assert_eq!(labels(&h)[1].1.at, c);
    assert_eq!(labels(&h).len(), 2);
}

/// Labels are drawn over the map apart from its chunks: moving one rebuilds no chunk (the
/// whole map used to be redrawn on every frame of a drag), yet the label is drawn where the
/// pointer takes it and the map counts as changed.
#[test]
fn dragging_a_label_redraws_no_chunk_and_draws_the_label_at_the_pointer() {
    let c = OpenMap::new_map(&NewMapSpec::default())
        .unwrap()
        .layout()
        .hex_to_pixel(Hex::new(5, 5));
    let mut h = harness(&[Label::new("Fenmarch", c)]);
    tool(&mut h, Key::X, Tool::Label);
    let from = screen(&h, c);
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    for step in 1..=4 {
        let to = from + Vec2::new(30.0 * step as f32, 20.0 * step as f32);
        // One frame moves the label (the edit is applied after the frame's UI), the next
        // paints: its statistics say what that paint rebuilt.
        h.hover_at(to);
        h.step();
        h.step();
        assert_eq!(
            h.state().view().paint_stats().rebuilt,
            0,
            "step {step}: a label move rebuilt chunks"
        );
        let drawn = canvas_texts(&h);
        let (_, at) = drawn
            .iter()
            .find(|(t, _)| t.contains("Fenmarch"))
            .expect("the label is drawn");
        assert!(
            (*at - to).length() < 40.0,
            "step {step}: label drawn at {at:?}, pointer at {to:?}"
        );
    }
    h.drop_at(from + Vec2::new(120.0, 80.0));
    h.run();
    assert!(h.state().view().doc().is_modified());
}

#[test]
fn the_handles_turn_and_size_the_selected_label_and_a_double_click_edits_its_text() {
    let doc = OpenMap::new_map(&NewMapSpec::default()).unwrap();
    let layout = doc.layout();
    let c = layout.hex_to_pixel(Hex::new(5, 5));
    let mut h = harness(&[Label::new("Salt Road", c)]);
    tool(&mut h, Key::X, Tool::Label);
    let p = screen(&h, c);
    click(&mut h, p);
    assert_eq!(h.state().view().selected_label(), Some(LabelId(0)));
    let label = labels(&h)[0].1.clone();
    let (rotate, _) = handles(&label, &layout, ZOOM);
    // The rotate handle dragged to the right of the centre: a quarter turn clockwise.
    let (a, b) = (screen(&h, rotate), screen(&h, c) + Vec2::new(150.0, 0.0));
    drag(&mut h, a, b);
    assert_eq!(labels(&h)[0].1.rotation, 90.0);
    let label = labels(&h)[0].1.clone();
    let (_, resize) = handles(&label, &layout, ZOOM);
    let grab = screen(&h, resize);
    let centre = screen(&h, c);
    drag(&mut h, grab, centre + (grab - centre) * 1.5);
    let size = labels(&h)[0].1.size;
    assert!((size - 1.5).abs() < 0.03, "{size}");
    // Turn and size were one undo step each.
    undo(&mut h);
    assert_eq!(labels(&h)[0].1.size, 1.0);
    assert_eq!(labels(&h)[0].1.rotation, 90.0);
    // Double-click: the text opens in place.
    let p = screen(&h, c);
    click(&mut h, p);
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    h.run();
    assert!(
        h.state().view().label_field_open(),
        "no text field after a double-click"
    );
    assert_eq!(
        h.get_by_label("Label text").value().as_deref(),
        Some("Salt Road")
    );
    for _ in 0.."Road".len() {
        h.key_press(Key::Backspace);
        h.run();
    }
    type_keys(&mut h, "Way");
    h.key_press(Key::Enter);
    h.run();
    h.run();
    assert_eq!(labels(&h)[0].1.text, "Salt Way");
    // Delete removes the selected label.
    h.key_press(Key::Delete);
    h.run();
    assert!(labels(&h).is_empty());
}

#[test]
fn the_icon_palette_filters_by_search_and_a_click_places_selects_drags_and_deletes() {
    let mut h = harness(&[]);
    tool(&mut h, Key::O, Tool::Icon);
    let shown = shown_labels(&h);
    for name in ["village", "castle", "monster lair", "star"] {
        assert!(shown.iter().any(|s| s == name), "{name} not in {shown:?}");
    }
    h.get_by_label("Search").focus();
    h.run();
    type_keys(&mut h, "to");
    let shown = shown_labels(&h);
    assert!(shown.iter().any(|s| s == "tower"));
    assert!(shown.iter().any(|s| s == "town"));
    assert!(!shown.iter().any(|s| s == "castle"), "{shown:?}");
    h.get_by_label("tower").click();
    h.run();
    let hex = Hex::new(5, 5);
    let p = h.state().view().hex_to_screen(hex);
    click(&mut h, p);
    let icons = |h: &Harness<'static, EditorApp>, x: Hex| -> Vec<Icon> {
        let map = h.state().view().doc().map();
        map.icons_at(x).iter().map(|p| p.icon.clone()).collect()
    };
    assert_eq!(icons(&h, hex), [Icon::builtin(BuiltinIcon::Tower)]);
    assert_eq!(h.state().view().selected_icon(), Some((hex, 0)));
    // The panel names the icon with its id, which a move keeps.
    let id = h.state().view().doc().map().icons_at(hex)[0].id;
    let selected = format!("Selected: tower (icon {id})");
    assert!(
        shown_labels(&h).contains(&selected),
        "{:?}",
        shown_labels(&h)
    );
    // The status bar names the icon under the pointer.
    h.hover_at(p + Vec2::new(1.0, 1.0));
    h.run();
    assert!(shown_labels(&h).iter().any(|s| s == "icon tower"));
    // A drag carries it two hexes on: one undo step.
    let to = Hex::new(7, 5);
    let q = h.state().view().hex_to_screen(to);
    drag(&mut h, p, q);
    assert!(icons(&h, hex).is_empty());
    assert_eq!(icons(&h, to), [Icon::builtin(BuiltinIcon::Tower)]);
    assert_eq!(h.state().view().selected_icon(), Some((to, 0)));
    assert!(
        shown_labels(&h).contains(&selected),
        "{:?}",
        shown_labels(&h)
    );
    undo(&mut h);
    assert_eq!(icons(&h, hex), [Icon::builtin(BuiltinIcon::Tower)]);
    assert!(icons(&h, to).is_empty());
    // Select it again and delete it.
    click(&mut h, p);
    assert_eq!(h.state().view().selected_icon(), Some((hex, 0)));
    h.key_press(Key::Delete);
    h.run();
    assert!(icons(&h, hex).is_empty());
}

#[test]
fn a_press_just_beside_a_turned_label_grabs_it_instead_of_opening_a_new_label() {
    let c = OpenMap::new_map(&NewMapSpec::default())
        .unwrap()
        .layout()
        .hex_to_pixel(Hex::new(5, 5));
    let mut label = Label::new("Morvaine's Demesne", c);
    label.rotation = 40.0;
    let mut h = harness(&[label.clone()]);
    tool(&mut h, Key::X, Tool::Label);
    // 5 screen points outside the middle of the turned box's top edge.
    let layout = h.state().view().doc().layout();
    let [tl, tr, br, _] = hexmap::draw::annotation_hits::label_corners(&label, &layout);
    let top = Point::new((tl.x + tr.x) / 2.0, (tl.y + tr.y) / 2.0);
    let (ux, uy) = (tr.x - br.x, tr.y - br.y);
    let len = ux.hypot(uy);
    let out = 5.0 / ZOOM;
    let beside = Point::new(top.x + ux / len * out, top.y + uy / len * out);
    let from = screen(&h, beside);
    drag(&mut h, from, from + Vec2::new(90.0, 30.0));
    assert!(
        !h.state().view().label_field_open(),
        "no new-label field opened"
    );
    assert_eq!(h.state().view().selected_label(), Some(LabelId(0)));
    let got = labels(&h);
    assert_eq!(got.len(), 1);
    let moved = got[0].1.at;
    let want = Point::new(c.x + 90.0 / ZOOM, c.y + 30.0 / ZOOM);
    assert!(
        (moved.x - want.x).abs() < 0.5 && (moved.y - want.y).abs() < 0.5,
        "moved to {moved:?}, want {want:?}"
    );
    // Well away from it (40 points), a press opens a new label's field.
    undo(&mut h);
    let far = Point::new(
        top.x + ux / len * 40.0 / ZOOM,
        top.y + uy / len * 40.0 / ZOOM,
    );
    let far = screen(&h, far);
    click(&mut h, far);
    assert!(h.state().view().label_field_open());
}

#[test]
fn a_curved_label_is_drawn_along_its_path_and_selected_moved_edited_and_deleted_like_any() {
    let doc = OpenMap::new_map(&NewMapSpec::default()).unwrap();
    let layout = doc.layout();
    let c = layout.hex_to_pixel(Hex::new(5, 5));
    let bend = [
        Point::new(c.x - 90.0, c.y + 10.0),
        Point::new(c.x - 20.0, c.y + 35.0),
        Point::new(c.x + 70.0, c.y - 15.0),
    ];
    let river = Label::along("Silver Run", &bend);
    let mut h = harness(std::slice::from_ref(&river));
    // The canvas draws it glyph by glyph, each where the drawing sets it along the path.
    let glyphs = hexmap::draw::annotations::label_texts(&river, &layout);
    assert_eq!(glyphs.len(), "SilverRun".len());
    let drawn = canvas_texts(&h);
    for g in &glyphs {
        let want = screen(&h, g.anchor);
        assert!(
            drawn
                .iter()
                .any(|(t, at)| t == g.text && (*at - want).length() < 12.0),
            "glyph {:?} not drawn near {want:?}: {drawn:?}",
            g.text
        );
    }
    assert!(
        !drawn.iter().any(|(t, _)| t == "Silver Run"),
        "drawn as one straight text"
    );
    // A click on a glyph selects it; a drag moves it, its curve with it, in one step.
    tool(&mut h, Key::X, Tool::Label);
    let grab = screen(&h, glyphs[4].anchor);
    click(&mut h, grab);
    assert_eq!(h.state().view().selected_label(), Some(LabelId(0)));
    drag(&mut h, grab, grab + Vec2::new(100.0, 40.0));
    let moved = labels(&h)[0].1.clone();
    assert_eq!(moved.path, river.path, "the curve keeps its shape");
    let shift = Point::new(moved.at.x - river.at.x, moved.at.y - river.at.y);
    assert!(
        (shift.x - 100.0 / ZOOM).abs() < 0.5 && (shift.y - 40.0 / ZOOM).abs() < 0.5,
        "{shift:?}"
    );
    let first = moved.path_points().next().unwrap();
    assert!((first.x - (bend[0].x + shift.x)).abs() < 1e-9);
    undo(&mut h);
    assert_eq!(labels(&h)[0].1, river);
    // A double-click on a glyph opens its text; the edit keeps the curve.
    let p = screen(&h, glyphs[1].anchor);
    click(&mut h, p);
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    h.run();
    assert!(h.state().view().label_field_open(), "no text field");
    for _ in 0.."Run".len() {
        h.key_press(Key::Backspace);
        h.run();
    }
    type_keys(&mut h, "Water");
    h.key_press(Key::Enter);
    h.run();
    h.run();
    let edited = labels(&h)[0].1.clone();
    assert_eq!(edited.text, "Silver Water");
    assert_eq!((edited.at, &edited.path), (river.at, &river.path));
    // Delete removes it.
    h.key_press(Key::Delete);
    h.run();
    assert!(labels(&h).is_empty());
}
