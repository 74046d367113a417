//! Keyboard shortcuts of the editor (not while playing): file and edit commands become
//! [`Action`]s; tool keys, brush size and paste rotation change the tools at once. Keys
//! are read as events (`key_presses`): two quick presses that arrive in one slow frame
//! count twice (two undos, two steps of the brush radius), and of two tool keys the one
//! pressed last wins.

use crate::Action;
use crate::canvas::key_presses::{take_count, take_in_order};
use crate::files::prefs::Prefs;
use crate::tools::{self, Tool, Tools};
use eframe::egui;
use hexmap_io::Form;
use hexmap_map::HexMap;
use hexmap_map::family::Link;

/// The keyboard shortcuts of the commands that have one (menus show them).
fn table(form: Form) -> [(egui::KeyboardShortcut, Action); 9] {
    use egui::{Key, KeyboardShortcut, Modifiers};
    let shortcut = |m, k| KeyboardShortcut::new(m, k);
    [
        // Before Ctrl+Z: a consumed Ctrl+Z would also match Ctrl+Shift+Z.
        (
            shortcut(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z),
            Action::Redo,
        ),
        (shortcut(Modifiers::COMMAND, Key::Z), Action::Undo),
        (shortcut(Modifiers::COMMAND, Key::Y), Action::Redo),
        (
            shortcut(Modifiers::COMMAND | Modifiers::SHIFT, Key::S),
            Action::SaveAs(form),
        ),
        (shortcut(Modifiers::COMMAND, Key::S), Action::Save),
        (shortcut(Modifiers::COMMAND, Key::O), Action::OpenDialog),
        (new_map_shortcut(), Action::NewDialog),
        (shortcut(Modifiers::COMMAND, Key::C), Action::Copy),
        (shortcut(Modifiers::COMMAND, Key::V), Action::Paste),
    ]
}

/// New's key: Ctrl+N, except in a browser, which keeps Ctrl+N for itself (a new browser
/// window; the page never sees it): Alt+N there.
fn new_map_shortcut() -> egui::KeyboardShortcut {
    use egui::{Key, KeyboardShortcut, Modifiers};
    if crate::files::storage::current().has_files() {
        KeyboardShortcut::new(Modifiers::COMMAND, Key::N)
    } else {
        KeyboardShortcut::new(Modifiers::ALT, Key::N)
    }
}

/// The selection's shortcuts: keys of the map, so not while a text field has the focus.
fn selection_table() -> [(egui::KeyboardShortcut, Action); 4] {
    use egui::{Key, KeyboardShortcut, Modifiers};
    let shortcut = |m, k| KeyboardShortcut::new(m, k);
    [
        // Before Ctrl+A: a consumed Ctrl+A would also match Ctrl+Shift+A.
        (
            shortcut(Modifiers::COMMAND | Modifiers::SHIFT, Key::A),
            Action::Deselect,
        ),
        (shortcut(Modifiers::COMMAND, Key::A), Action::SelectAll),
        (shortcut(Modifiers::COMMAND, Key::X), Action::Cut),
        // As Tiled (the plain I is the Picker's key).
        (
            shortcut(Modifiers::COMMAND, Key::I),
            Action::InvertSelection,
        ),
    ]
}

/// The shortcut of `action` as this platform writes it (`Ctrl+Z`), if it has one.
pub(crate) fn text_for(ctx: &egui::Context, action: &Action) -> Option<String> {
    let form = match action {
        Action::SaveAs(form) => *form,
        _ => Form::Offset,
    };
    table(form)
        .into_iter()
        .chain(selection_table())
        .find(|(_, a)| a == action)
        .map(|(s, _)| ctx.format_shortcut(&s))
}

/// Take this frame's shortcuts; `form` is the document's (Save As keeps it). While a
/// menu or combo box is open (`popup_open`) only the commands with a modifier run: plain
/// keys are the popup's (Escape closes it) and never reach the tools behind it.
pub(crate) fn handle(
    ctx: &egui::Context,
    tools: &mut Tools,
    prefs: &mut Prefs,
    (form, map, member): (Form, &HexMap, &[usize]),
    popup_open: bool,
) -> Vec<Action> {
    use egui::{Key, Modifiers};
    let mut out = Vec::new();
    let pairs = table(form);
    for (s, action) in pairs {
        let presses = take_count(ctx, s.modifiers, s.logical_key);
        // Undo and redo as often as pressed; a second Save or Open in the same frame is
        // the same request.
        let times = match action {
            Action::Undo | Action::Redo => presses,
            _ => presses.min(1),
        };
        out.extend(std::iter::repeat_n(action, times));
    }
    // Ctrl+N still makes a new map where a browser lets it through.
    let ctrl_n = egui::KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
    if ctx.input_mut(|i| i.consume_shortcut(&ctrl_n)) {
        out.push(Action::NewDialog);
    }
    // A text field with focus owns the keyboard: its copy, paste and letters are text.
    // So does the label tool's field on the canvas while open (Escape, which takes the
    // focus away before this runs, is its own: it cancels the label).
    if ctx.egui_wants_keyboard_input() || tools.labels().draft_target().is_some() || popup_open {
        return out;
    }
    // On the desktop Ctrl+C and Ctrl+V never arrive as keys: egui turns them into events,
    // Ctrl+V only when the system clipboard holds something (copying a selection puts a
    // line of text there for that reason). The map's clipboard is the editor's own, so
    // whatever text comes with the paste is not needed.
    for (s, action) in selection_table() {
        if ctx.input_mut(|i| i.consume_shortcut(&s)) {
            out.push(action);
        }
    }
    // Ctrl+X comes as a Cut event on the desktop, as Ctrl+C comes as Copy.
    if ctx.input(|i| i.events.iter().any(|e| matches!(e, egui::Event::Cut))) {
        out.push(Action::Cut);
    }
    let (copy, paste) = ctx.input(|i| {
        let paste = i.events.iter().find_map(|e| match e {
            egui::Event::Paste(text) => Some(Some(text.clone())),
            egui::Event::PasteImage(_) => Some(None),
            _ => None,
        });
        (
            i.events.iter().any(|e| matches!(e, egui::Event::Copy)),
            paste,
        )
    });
    if copy {
        out.push(Action::Copy);
    }
    match paste {
        // Hexes copied in another window or tab come as text.
        Some(Some(text)) if text.starts_with(crate::tools::clipboard_text::HEADER) => {
            out.push(Action::PasteText(text));
        }
        Some(_) => out.push(Action::Paste),
        None => {}
    }
    let tool_keys = Tool::ALL.map(Tool::key);
    let pressed = ctx.input_mut(|i| take_in_order(i, Modifiers::NONE, &tool_keys));
    for key in pressed {
        if let Some(tool) = Tool::ALL.into_iter().find(|t| t.key() == key) {
            tools.set_tool(tool);
        }
    }
    // Enter on one selected hex that opens a child map opens it; else, on a keyed hex,
    // its entry in the Key panel (Enter is taken only then: a window's Enter, such as
    // Export's, stays the window's).
    if let [h] = tools.selection().hexes()
        && let Some(i) = map.children().iter().position(|c| c.link == Link::Hex(*h))
        && ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Enter))
    {
        let mut index = member.to_vec();
        index.push(i);
        out.push(Action::OpenMember(index));
    }
    if let [h] = tools.selection().hexes()
        && map.key_entry(*h).is_some()
        && ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Enter))
    {
        prefs.panels.key = true;
        crate::panels::key_panel::open_entry(ctx, *h);
    }
    // [ and ] shrink and grow the brush, as in most paint programs, a step per press.
    let radius = &mut prefs.tools.brush_radius;
    let brush_keys = [Key::OpenBracket, Key::CloseBracket];
    for key in ctx.input_mut(|i| take_in_order(i, Modifiers::NONE, &brush_keys)) {
        *radius = match key {
            Key::OpenBracket => radius.saturating_sub(1),
            _ => (*radius + 1).min(tools::MAX_BRUSH_RADIUS),
        };
    }
    let f = take_count(ctx, Modifiers::NONE, Key::F);
    if tools.pasting() {
        for _ in 0..f {
            tools.turn_paste(true);
        }
    } else if f > 0 {
        out.push(Action::FitMap);
    }
    if tools.pasting() {
        for _ in 0..take_count(ctx, Modifiers::NONE, Key::R) {
            tools.turn_paste(false);
        }
    }
    // Delete (or Backspace) removes the path the path tool selected.
    if tools.tool() == Tool::Path
        && tools.features().selected_path().is_some()
        && ctx.input_mut(|i| {
            i.consume_key(Modifiers::NONE, Key::Delete)
                || i.consume_key(Modifiers::NONE, Key::Backspace)
        })
        && let Some(id) = tools.features_mut().take_selected_path()
    {
        out.push(Action::Edit(hexmap_map::Edit::Feature(
            hexmap_map::FeatureEdit::DeletePath(id),
        )));
    }
    out.extend(delete_annotation(ctx, tools, map));
    // Otherwise Delete (or Backspace) deletes what is selected.
    if !tools.selection().is_empty()
        && ctx.input_mut(|i| {
            i.consume_key(Modifiers::NONE, Key::Delete)
                || i.consume_key(Modifiers::NONE, Key::Backspace)
        })
    {
        out.push(Action::DeleteSelection);
    }
    if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape)) {
        tools.deselect_all();
    }
    out
}

/// Delete (or Backspace) removes the icon or label the icon or label tool selected.
fn delete_annotation(ctx: &egui::Context, tools: &mut Tools, map: &HexMap) -> Option<Action> {
    use egui::{Key, Modifiers};
    let has = match tools.tool() {
        Tool::Icon => tools.icons().selected().is_some(),
        Tool::Label => tools.labels().selected().is_some(),
        _ => false,
    };
    let pressed = has
        && ctx.input_mut(|i| {
            i.consume_key(Modifiers::NONE, Key::Delete)
                || i.consume_key(Modifiers::NONE, Key::Backspace)
        });
    if !pressed {
        return None;
    }
    let edit = match tools.tool() {
        Tool::Icon => tools.icons_mut().delete_selected(map),
        _ => tools.labels_mut().delete_selected(map),
    };
    edit.map(Action::Edit)
}
