//! The windows part of the editor ([`Windows`]: each window's form while it is open, the
//! messages, the unsaved-changes prompt) and the windows drawn by egui: new map, note
//! editor, random mines, the error message and the unsaved-changes prompt (map properties
//! are a panel beside the canvas: `properties`). What they decide comes back as
//! [`Action`]s.

use super::disk_check::DiskConflict;
use super::export_import::ExportSpec;
use super::open_map::{NewMapSpec, OpenMap};
use super::{Action, UnsavedPrompt, random_mines};
use eframe::egui;
use hexmap_hex::{Hex, Orientation};
use hexmap_map::{CellEdit, Edit, ShapeKind, ShapeSpec};

/// The windows part of the editor: a form is `Some` while its window is open.
#[derive(Debug, Default)]
pub struct Windows {
    /// "New map".
    pub(super) new_map: Option<NewMapForm>,
    /// "Map properties".
    pub(super) properties: Option<super::properties::PropertiesForm>,
    /// "Note".
    pub(super) note: Option<NoteForm>,
    /// "Random mines".
    pub(super) random_mines: Option<super::random_mines::RandomMinesForm>,
    /// "Generate world".
    pub(super) generate: Option<super::generate_window::GenerateForm>,
    /// The terrain being edited in the palette panel (a working copy until "Apply").
    pub(super) terrain_editor: Option<super::palette_panel::TerrainEditor>,
    /// "Export".
    pub(super) export_form: Option<ExportSpec>,
    /// "Print / Export PDF".
    pub(super) print: Option<super::print_window::PrintForm>,
    /// "Underlay" (the tracing image).
    pub(super) underlay: Option<super::underlay_window::UnderlayForm>,
    /// The error message on show.
    pub(super) error: Option<String>,
    /// What was repaired when a file was opened, in its own window until OK.
    pub(super) load_warning: Option<String>,
    /// The last information message (status bar).
    pub(super) info: Option<String>,
    /// A warning on show in the status bar until it is resolved (a failed autosave).
    pub(super) warning: Option<String>,
    /// "Changed on disk", holding a save that waits for the answer.
    pub(super) disk_conflict: Option<DiskConflict>,
    /// Warnings of the last Tiled import (their window shows while there are any).
    pub(super) import_warnings: Vec<String>,
    /// "Save changes?", holding what waits for the answer.
    pub(super) unsaved_prompt: Option<UnsavedPrompt>,
}

/// The "New map" form.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NewMapForm {
    /// What to create.
    pub spec: NewMapSpec,
    /// Why the last "Create" was refused (shown in the dialog, which stays open).
    pub error: Option<String>,
}

/// The "Note" form: the hex and the text being edited.
#[derive(Clone, Debug, PartialEq)]
pub struct NoteForm {
    /// The hex whose note it is.
    pub hex: Hex,
    /// The text being edited.
    pub text: String,
    /// Give the text field the keyboard at the next frame (set when it opens).
    pub focus: bool,
}

/// Show every open window (`doc` is read for names, random mines and reshape plans;
/// `anchor` is the overlay anchor, a hex to reshape around).
pub(super) fn show_all(
    ctx: &egui::Context,
    windows: &mut Windows,
    doc: &OpenMap,
    anchor: Option<Hex>,
) -> Vec<Action> {
    let mut out: Vec<Action> = [
        new_map_window(ctx, &mut windows.new_map),
        note_window(ctx, &mut windows.note, doc),
        random_mines::window(ctx, &mut windows.random_mines, doc, anchor),
    ]
    .into_iter()
    .flatten()
    .collect();
    super::generate_window::window(ctx, &mut windows.generate, doc, &mut out);
    super::print_window::window(ctx, &mut windows.print, doc, &mut out);
    message_window(ctx, "Error", &mut windows.error, true);
    message_window(ctx, "Warning", &mut windows.load_warning, false);
    out.extend(unsaved_prompt(ctx, &mut windows.unsaved_prompt, doc));
    out
}

/// The shape's kind and numbers, edited in place; true when the kind was changed (the
/// caller may choose the new kind's numbers).
pub(super) fn shape_fields(ui: &mut egui::Ui, spec: &mut ShapeSpec) -> bool {
    let mut kind = spec.kind();
    let (mut first, mut second) = spec.numbers();
    egui::ComboBox::from_label("Shape")
        .selected_text(kind.name())
        .show_ui(ui, |ui| {
            for k in ShapeKind::ALL {
                ui.selectable_value(&mut kind, k, k.name());
            }
        });
    ui.horizontal(|ui| {
        let first_name = match kind {
            ShapeKind::Hexagon => "Radius",
            ShapeKind::Triangle => "Side",
            _ => "Width",
        };
        // The shape's own side limits (not a smaller one of the form's, which would shrink
        // a bigger map's numbers and turn merely opening the properties into a reshape);
        // the cell limit is checked with the shape and said under the fields.
        let side = hexmap_map::shape::MAX_SIDE;
        let first_max = if kind == ShapeKind::Hexagon {
            side / 2 - 1
        } else {
            side
        };
        let l = ui.label(first_name);
        ui.add(egui::DragValue::new(&mut first).range(1..=first_max))
            .labelled_by(l.id);
        if kind.has_height() {
            let l = ui.label("Height");
            ui.add(egui::DragValue::new(&mut second).range(1..=side))
                .labelled_by(l.id);
        }
    });
    let changed = kind != spec.kind();
    *spec = spec.with(kind, first, second);
    changed
}

/// A window placed where it covers neither the menu bar nor the toolbar: centred
/// horizontally, its top below them (the user may move it from there).
pub(super) fn placed<'a>(ctx: &egui::Context, window: egui::Window<'a>) -> egui::Window<'a> {
    let area = ctx.content_rect();
    window
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(egui::pos2(area.center().x, area.top() + 80.0))
}

/// Pointy or flat, as two radio buttons.
pub(super) fn orientation_field(ui: &mut egui::Ui, o: &mut Orientation) {
    ui.horizontal(|ui| {
        ui.label("Orientation");
        ui.radio_value(o, Orientation::Pointy, "pointy");
        ui.radio_value(o, Orientation::Flat, "flat");
    });
}

/// "New map" while its form is open: "Create" asks for the map once the spec is valid.
fn new_map_window(ctx: &egui::Context, open: &mut Option<NewMapForm>) -> Option<Action> {
    let form = open.as_mut()?;
    let mut create = false;
    let mut cancel = false;
    placed(ctx, egui::Window::new("New map"))
        .collapsible(false)
        .show(ctx, |ui| {
            let s = &mut form.spec;
            ui.horizontal(|ui| {
                let l = ui.label("Name");
                ui.text_edit_singleline(&mut s.name).labelled_by(l.id);
            });
            orientation_field(ui, &mut s.orientation);
            s.offset_kind = s.offset_kind.for_orientation(s.orientation);
            ui.horizontal(|ui| {
                ui.label("Shifted");
                for k in hexmap_map::offset_kinds_for(s.orientation) {
                    ui.radio_value(&mut s.offset_kind, k, k.name())
                        .on_hover_text(offset_kind_hint(k));
                }
            });
            shape_fields(ui, &mut s.shape);
            fill_field(ui, &mut s.fill);
            ui.horizontal(|ui| {
                let l = ui.label("Hex size x");
                ui.add(egui::DragValue::new(&mut s.hex_size.0).range(1.0..=500.0))
                    .labelled_by(l.id);
                let l = ui.label("y");
                ui.add(egui::DragValue::new(&mut s.hex_size.1).range(1.0..=500.0))
                    .labelled_by(l.id);
            });
            if let Some(message) = &form.error {
                ui.label(egui::RichText::new(message).color(ui.visuals().error_fg_color));
            }
            ui.horizontal(|ui| {
                create = ui.button("Create").clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
    if create {
        // The map's own checks (name, hex size, shape) before the dialog closes.
        match form.spec.parts() {
            Ok(_) => {
                let spec = form.spec.clone();
                *open = None;
                return Some(Action::NewMap(spec));
            }
            Err(message) => form.error = Some(message),
        }
    } else if cancel {
        *open = None;
    }
    None
}

/// What an offset kind shifts, for its radio button's tooltip.
fn offset_kind_hint(k: hexmap_hex::OffsetKind) -> &'static str {
    use hexmap_hex::OffsetKind as K;
    match k {
        K::OddR => "odd rows shifted right",
        K::EvenR => "even rows shifted right",
        K::OddQ => "odd columns shifted down",
        K::EvenQ => "even columns shifted down",
    }
}

/// The terrain a new map's cells start with: one of the standard palette's, or none.
fn fill_field(ui: &mut egui::Ui, fill: &mut Option<hexmap_map::TerrainId>) {
    let palette = hexmap_map::Palette::standard();
    let name = |t: Option<hexmap_map::TerrainId>| {
        t.and_then(|t| palette.get(t))
            .map_or("(empty)".to_owned(), |t| t.name.clone())
    };
    egui::ComboBox::from_label("Fill with")
        .selected_text(name(*fill))
        .show_ui(ui, |ui| {
            ui.selectable_value(fill, None, name(None));
            for t in palette.terrains() {
                ui.selectable_value(fill, Some(t.id), t.name.as_str());
            }
        });
}

/// "Note" while its form is open: saving or removing the note is an edit.
fn note_window(ctx: &egui::Context, open: &mut Option<NoteForm>, doc: &OpenMap) -> Option<Action> {
    let NoteForm { hex, text, focus } = open.as_mut()?;
    let hex = *hex;
    let mut save = false;
    let mut remove = false;
    let mut cancel = false;
    placed(ctx, egui::Window::new("Note"))
        .collapsible(false)
        .show(ctx, |ui| {
            let l = ui.label(format!("Hex {}", doc.hex_name(hex)));
            let field = ui.text_edit_multiline(text).labelled_by(l.id);
            // Typing goes into the note at once, not to the tool shortcuts.
            if std::mem::take(focus) {
                field.request_focus();
            }
            ui.horizontal(|ui| {
                save = ui.button("Save note").clicked();
                remove = ui.button("Remove note").clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
    let text = save.then(|| text.clone());
    if save || remove || cancel {
        *open = None;
    }
    (save || remove).then_some(Action::Edit(Edit::Cell(CellEdit::SetNote { hex, text })))
}

/// A message in a window titled `title` until OK (an error in the error colour).
fn message_window(ctx: &egui::Context, title: &str, message: &mut Option<String>, error: bool) {
    let Some(text) = message.as_deref() else {
        return;
    };
    let mut ok = false;
    placed(ctx, egui::Window::new(title))
        .collapsible(false)
        .show(ctx, |ui| {
            let mut line = egui::RichText::new(text);
            if error {
                line = line.color(ui.visuals().error_fg_color);
            }
            ui.label(line);
            ok = ui.button("OK").clicked();
        });
    if ok {
        *message = None;
    }
}

/// "Save changes?" while it is asked: Save and Discard answer it, Cancel drops it.
fn unsaved_prompt(
    ctx: &egui::Context,
    prompt: &mut Option<UnsavedPrompt>,
    doc: &OpenMap,
) -> Option<Action> {
    prompt.as_ref()?;
    let mut choice = None;
    egui::Modal::new(egui::Id::unique("unsaved changes")).show(ctx, |ui| {
        ui.heading("Unsaved changes");
        ui.label(format!("Save changes to \"{}\" first?", doc.map().name()));
        ui.horizontal(|ui| {
            if ui.button("Save").clicked() {
                choice = Some(Some(true));
            }
            if ui.button("Discard").clicked() {
                choice = Some(Some(false));
            }
            if ui.button("Cancel").clicked() {
                choice = Some(None);
            }
        });
    });
    match choice {
        Some(Some(save)) => return Some(Action::AnswerUnsaved { save }),
        Some(None) => *prompt = None,
        None => {}
    }
    None
}
