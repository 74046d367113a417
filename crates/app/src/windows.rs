//! The windows part of the editor ([`Windows`]: each window's form while it is open, the
//! messages, the unsaved-changes prompt) and the windows drawn by egui: new map, map
//! properties, note editor, random mines, the error message and the unsaved-changes
//! prompt. What they decide comes back as [`Action`]s.

use super::disk_check::DiskConflict;
use super::doc::{Doc, NewMapSpec};
use super::exchange::ExportSpec;
use super::{Action, UnsavedPrompt};
use eframe::egui;
use hexmap_hex::{Hex, Orientation};
use hexmap_map::{Edit, ShapeKind, ShapeSpec};

/// The windows part of the editor: a form is `Some` while its window is open.
#[derive(Debug, Default)]
pub struct Windows {
    /// "New map".
    pub(super) new_map: Option<NewMapForm>,
    /// "Map properties".
    pub(super) properties: Option<super::properties::PropertiesForm>,
    /// "Note": the hex and the text being edited.
    pub(super) note: Option<(Hex, String)>,
    /// Give the note's text field the keyboard at the next frame (set when it opens).
    pub(super) focus_note: bool,
    /// "Random mines".
    pub(super) random_mines: Option<super::random_mines::RandomMinesForm>,
    /// The terrain being edited in the palette panel (a working copy until "Apply").
    pub(super) terrain_editor: Option<super::palette_panel::TerrainEditor>,
    /// "Export".
    pub(super) export_form: Option<ExportSpec>,
    /// "Print / Export PDF".
    pub(super) print: Option<super::print_window::PrintForm>,
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

/// Show every open window (`doc` is read for names, random mines and reshape plans;
/// `anchor` is the overlay anchor, a hex to reshape around).
pub(super) fn show_all(
    ctx: &egui::Context,
    windows: &mut Windows,
    doc: &Doc,
    anchor: Option<Hex>,
) -> Vec<Action> {
    let mut out = Vec::new();
    new_map_window(ctx, windows, &mut out);
    super::properties::window(ctx, windows, doc, anchor, &mut out);
    note_window(ctx, windows, &mut out);
    super::random_mines::window(ctx, windows, doc, anchor, &mut out);
    super::print_window::window(ctx, &mut windows.print, doc, &mut out);
    error_window(ctx, windows);
    warning_window(ctx, windows);
    unsaved_prompt(ctx, windows, doc, &mut out);
    out
}

/// The shape's kind and numbers, edited in place.
pub(super) fn shape_fields(ui: &mut egui::Ui, spec: &mut ShapeSpec) {
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
        let l = ui.label(first_name);
        ui.add(egui::DragValue::new(&mut first).range(1..=2000))
            .labelled_by(l.id);
        if kind.has_height() {
            let l = ui.label("Height");
            ui.add(egui::DragValue::new(&mut second).range(1..=2000))
                .labelled_by(l.id);
        }
    });
    *spec = spec.with(kind, first, second);
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

fn new_map_window(ctx: &egui::Context, windows: &mut Windows, out: &mut Vec<Action>) {
    let Some(form) = &mut windows.new_map else {
        return;
    };
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
            shape_fields(ui, &mut s.shape);
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
                windows.new_map = None;
                out.push(Action::NewMap(spec));
            }
            Err(message) => form.error = Some(message),
        }
    } else if cancel {
        windows.new_map = None;
    }
}

fn note_window(ctx: &egui::Context, windows: &mut Windows, out: &mut Vec<Action>) {
    let Some((hex, text)) = &mut windows.note else {
        return;
    };
    let hex = *hex;
    let mut save = false;
    let mut remove = false;
    let mut cancel = false;
    placed(ctx, egui::Window::new("Note"))
        .collapsible(false)
        .show(ctx, |ui| {
            let l = ui.label(format!("Hex {},{}", hex.q, hex.r));
            let field = ui.text_edit_multiline(text).labelled_by(l.id);
            // Typing goes into the note at once, not to the tool shortcuts.
            if std::mem::take(&mut windows.focus_note) {
                field.request_focus();
            }
            ui.horizontal(|ui| {
                save = ui.button("Save note").clicked();
                remove = ui.button("Remove note").clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
    if save || remove {
        let text = if save { Some(text.clone()) } else { None };
        windows.note = None;
        out.push(Action::Edit(Edit::SetNote { hex, text }));
    } else if cancel {
        windows.note = None;
    }
}

fn error_window(ctx: &egui::Context, windows: &mut Windows) {
    let Some(message) = windows.error.clone() else {
        return;
    };
    let mut ok = false;
    placed(ctx, egui::Window::new("Error"))
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(&message).color(ui.visuals().error_fg_color));
            ok = ui.button("OK").clicked();
        });
    if ok {
        windows.error = None;
    }
}

fn warning_window(ctx: &egui::Context, windows: &mut Windows) {
    let Some(message) = windows.load_warning.clone() else {
        return;
    };
    let mut ok = false;
    placed(ctx, egui::Window::new("Warning"))
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label(&message);
            ok = ui.button("OK").clicked();
        });
    if ok {
        windows.load_warning = None;
    }
}

fn unsaved_prompt(ctx: &egui::Context, windows: &mut Windows, doc: &Doc, out: &mut Vec<Action>) {
    if windows.unsaved_prompt.is_none() {
        return;
    }
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
        Some(Some(save)) => out.push(Action::AnswerUnsaved { save }),
        Some(None) => windows.unsaved_prompt = None,
        None => {}
    }
}
