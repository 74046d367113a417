//! The Note window as a person uses it: Escape closes it as Cancel does (what was typed
//! is dropped), and moving on (another tool, another hex's note) closes it keeping what
//! was typed as the note, one undo step.

use crate::harness::{click_at, editor, settle, shown_labels};
use eframe::egui::{self, Event, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::EditorApp;
use hexmap::app::tools::Tool;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};

fn cell(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

/// A click of the Note tool on `hex` (press and release in separate frames).
fn click_hex(h: &mut Harness<'static, EditorApp>, hex: Hex) {
    let p = h.state().view().hex_to_screen(hex);
    click_at(h, p);
}

fn note_window_open(h: &Harness<'static, EditorApp>) -> bool {
    h.query_by_label("Save note").is_some()
}

/// Type `text` into whatever has the keyboard, one character per frame.
fn type_text(h: &mut Harness<'static, EditorApp>, text: &str) {
    for c in text.chars() {
        h.event(Event::Text(c.to_string()));
    }
    settle(h);
}

/// What the status bar says about the note under the pointer at `hex`.
fn shown_note(h: &mut Harness<'static, EditorApp>, hex: Hex) -> Option<String> {
    let p = h.state().view().hex_to_screen(hex);
    h.hover_at(p);
    settle(h);
    shown_labels(h)
        .into_iter()
        .find_map(|l| l.strip_prefix("note: ").map(str::to_owned))
}

/// A click on the window's title bar: the text field lets go of the keyboard.
fn click_heading(h: &mut Harness<'static, EditorApp>) {
    let window = h.get_by_role_and_label(egui::Role::Window, "Note").rect();
    click_at(h, window.center_top() + Vec2::new(0.0, 8.0));
}

fn open_note_tool(h: &mut Harness<'static, EditorApp>) {
    h.get_by_label(Tool::Note.label()).click();
    settle(h);
}

#[test]
fn escape_closes_the_note_window_as_cancel_does_with_the_field_focused_or_not() {
    let mut h = editor();
    open_note_tool(&mut h);
    let at = cell(5, 5);
    click_hex(&mut h, at);
    assert!(note_window_open(&h));
    type_text(&mut h, "cove");
    let field = h.get_by_role(egui::Role::MultilineTextInput);
    assert!(field.is_focused());
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(!note_window_open(&h), "Escape closed the Note window");
    assert_eq!(shown_note(&mut h, at), None, "nothing was saved");
    // Again, with the keyboard taken from the field by a click in the window: Escape
    // still closes it (and does not just deselect on the map behind).
    click_hex(&mut h, at);
    type_text(&mut h, "cove");
    click_heading(&mut h);
    assert!(!h.get_by_role(egui::Role::MultilineTextInput).is_focused());
    h.key_press(Key::Escape);
    settle(&mut h);
    assert!(!note_window_open(&h));
    assert_eq!(shown_note(&mut h, at), None);
    assert!(!h.state().view().doc().is_modified());
}

#[test]
fn a_tool_switch_closes_the_note_window_keeping_the_text_as_one_undo_step() {
    let mut h = editor();
    open_note_tool(&mut h);
    let at = cell(6, 4);
    click_hex(&mut h, at);
    type_text(&mut h, "smugglers");
    // The toolbar: a click on Icons.
    h.get_by_label(Tool::Icon.label()).click();
    settle(&mut h);
    assert_eq!(h.state().view().tool(), Tool::Icon);
    assert!(!note_window_open(&h), "the Note window went with its tool");
    assert_eq!(shown_note(&mut h, at).as_deref(), Some("smugglers"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(shown_note(&mut h, at), None, "one undo takes it back");
    // The tool's key, once the field has let go of the keyboard, does the same.
    open_note_tool(&mut h);
    click_hex(&mut h, at);
    type_text(&mut h, "ford");
    click_heading(&mut h);
    h.key_press(Key::B);
    settle(&mut h);
    assert_eq!(h.state().view().tool(), Tool::Brush);
    assert!(!note_window_open(&h));
    assert_eq!(shown_note(&mut h, at).as_deref(), Some("ford"));
}

#[test]
fn clicking_another_hex_keeps_the_first_hexs_typed_note() {
    let mut h = editor();
    open_note_tool(&mut h);
    let (a, b) = (cell(3, 3), cell(9, 7));
    click_hex(&mut h, a);
    type_text(&mut h, "well");
    click_hex(&mut h, b);
    assert!(note_window_open(&h), "the window is open on the second hex");
    let heading = h.get_by(|n| n.label().is_some_and(|l| l.starts_with("Hex ")));
    let name = h.state().view().doc().hex_name(b);
    assert_eq!(
        heading.accesskit_node().label().as_deref(),
        Some(format!("Hex {name}").as_str())
    );
    h.key_press(Key::Escape);
    settle(&mut h);
    assert_eq!(shown_note(&mut h, a).as_deref(), Some("well"));
    assert_eq!(shown_note(&mut h, b), None);
}
