//! The built-in file dialog drawn with egui: a modal window with the path field (focused,
//! its text selected, when the dialog opens or comes back to it), what the path means or
//! what is wrong with it, the folder list beside the recent files, the format filter, and
//! the "Replace?" question. Escape cancels (or backs out of the question).

use super::BuiltinDialog;
use crate::files::dialogs::DialogReply;
use eframe::egui::{self, Key, RichText};
use std::path::{Path, PathBuf};

/// What the user did in the lists this frame.
enum Pick {
    /// Enter this folder.
    Folder(PathBuf),
    /// Put this text into the path field (a single click on a file).
    Name(String),
    /// Confirm this file (a double click).
    File(PathBuf),
}

/// Draw `dialog`; `recent` are the recent files to offer. Returns the answer once the user
/// chose a file or cancelled.
pub fn show(
    ctx: &egui::Context,
    dialog: &mut BuiltinDialog,
    recent: &[PathBuf],
) -> Option<DialogReply> {
    let mut answer = None;
    let escape = ctx.input(|i| i.key_pressed(Key::Escape));
    egui::Modal::new(egui::Id::unique("built-in file dialog")).show(ctx, |ui| {
        ui.set_width(640.0);
        ui.heading(dialog.title());
        if dialog.overwrite.is_some() {
            answer = overwrite_question(ui, dialog, escape);
            return;
        }
        answer = path_row(ui, dialog);
        let hint = match &dialog.problem {
            Some(problem) => RichText::new(problem).color(ui.visuals().error_fg_color),
            None => RichText::new(dialog.hint()).weak(),
        };
        ui.label(hint);
        ui.separator();
        let mut pick = None;
        ui.columns(2, |cols| {
            pick = folder_list(&mut cols[0], dialog);
            pick = recent_list(&mut cols[1], dialog, recent).or(pick.take());
        });
        ui.separator();
        ui.horizontal(|ui| {
            ui.label(format!("Files: {}", dialog.filter.label()));
            if ui
                .checkbox(&mut dialog.all_files, "Show all files")
                .changed()
            {
                dialog.relist();
                dialog.focus_field = true;
            }
        });
        match pick {
            Some(Pick::Folder(folder)) => dialog.enter(folder),
            Some(Pick::Name(name)) => {
                dialog.typed = name;
                dialog.problem = None;
                dialog.focus_field = true;
            }
            Some(Pick::File(file)) => answer = dialog.confirm_path(file),
            None => {}
        }
        if escape && answer.is_none() {
            answer = Some(DialogReply::Cancelled);
        }
    });
    answer
}

/// The path field with the confirm and cancel buttons.
fn path_row(ui: &mut egui::Ui, dialog: &mut BuiltinDialog) -> Option<DialogReply> {
    let mut answer = None;
    ui.horizontal(|ui| {
        let label = ui.label("Path");
        let id = egui::Id::unique("built-in file dialog path");
        // Focus the field, then (once it has the focus: an unfocused field keeps no
        // selection) select all of its text, so what is typed replaces the proposed name.
        let had_focus = ui.memory(|m| m.has_focus(id));
        if dialog.focus_field && had_focus {
            let mut state = egui::text_edit::TextEditState::load(ui.ctx(), id).unwrap_or_default();
            let all = egui::text_selection::CCursorRange::select_all_str(&dialog.typed);
            state.cursor.set_char_range(Some(all));
            state.store(ui.ctx(), id);
            dialog.focus_field = false;
        }
        let field = egui::TextEdit::singleline(&mut dialog.typed)
            .id(id)
            .desired_width(440.0);
        let response = ui.add(field).labelled_by(label.id);
        if dialog.focus_field {
            response.request_focus();
            ui.ctx().request_repaint();
        }
        if response.changed() {
            dialog.problem = None;
        }
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        if ui.button(dialog.confirm_label()).clicked() || entered {
            answer = dialog.confirm_typed();
        }
        if ui.button("Cancel").clicked() {
            answer = Some(DialogReply::Cancelled);
        }
    });
    answer
}

/// "… already exists. Replace it?" with Replace focused, so Enter replaces.
fn overwrite_question(
    ui: &mut egui::Ui,
    dialog: &mut BuiltinDialog,
    escape: bool,
) -> Option<DialogReply> {
    let path = dialog.overwrite.clone()?;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let folder = path.parent().unwrap_or(Path::new("")).display();
    ui.label(format!(
        "\"{name}\" already exists in {folder}. Replace it?"
    ));
    let mut answer = None;
    ui.horizontal(|ui| {
        let replace = ui.button("Replace");
        // Keyboard: Enter replaces, Escape goes back.
        replace.request_focus();
        if replace.clicked() {
            answer = Some(dialog.reply(path.clone()));
        }
        if ui.button("Back").clicked() || escape {
            dialog.overwrite = None;
            dialog.focus_field = true;
        }
    });
    answer
}

/// The folder shown and its entries: `..`, sub-folders (ending in `/`), files.
fn folder_list(ui: &mut egui::Ui, dialog: &BuiltinDialog) -> Option<Pick> {
    let mut pick = None;
    ui.label(RichText::new(format!("Folder {}", dialog.folder.display())).strong());
    egui::ScrollArea::vertical()
        .id_salt("built-in file dialog folder")
        .max_height(260.0)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if let Some(up) = dialog.folder.parent()
                && ui.selectable_label(false, "..").clicked()
            {
                pick = Some(Pick::Folder(up.to_path_buf()));
            }
            let entries = match &dialog.entries {
                Ok(entries) => entries,
                Err(message) => {
                    ui.label(RichText::new(message).color(ui.visuals().error_fg_color));
                    return;
                }
            };
            if entries.is_empty() {
                ui.label(RichText::new("(no matching files)").weak());
            }
            for entry in entries {
                let path = dialog.folder.join(&entry.name);
                let text = if entry.is_dir {
                    format!("{}/", entry.name)
                } else {
                    entry.name.clone()
                };
                let selected = !entry.is_dir && dialog.typed == entry.name;
                let response = ui.add(egui::Button::selectable(selected, text).truncate());
                if response.double_clicked() && !entry.is_dir {
                    pick = Some(Pick::File(path));
                } else if response.clicked() {
                    pick = Some(if entry.is_dir {
                        Pick::Folder(path)
                    } else {
                        Pick::Name(entry.name.clone())
                    });
                }
            }
        });
    pick
}

/// The recent files that still exist and pass the filter; a click puts the full path in
/// the path field, a double click confirms it.
fn recent_list(ui: &mut egui::Ui, dialog: &BuiltinDialog, recent: &[PathBuf]) -> Option<Pick> {
    let mut pick = None;
    ui.label(RichText::new("Recent").strong());
    egui::ScrollArea::vertical()
        .id_salt("built-in file dialog recent")
        .max_height(260.0)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let shown: Vec<&PathBuf> = recent
                .iter()
                .filter(|p| (dialog.all_files || dialog.filter.matches(p)) && p.is_file())
                .collect();
            if shown.is_empty() {
                ui.label(RichText::new("(none)").weak());
            }
            for path in shown {
                let text = path.display().to_string();
                let selected = dialog.typed == text;
                let response = ui
                    .add(egui::Button::selectable(selected, text.clone()).truncate())
                    .on_hover_text(&text);
                if response.double_clicked() {
                    pick = Some(Pick::File(path.clone()));
                } else if response.clicked() {
                    pick = Some(Pick::Name(text));
                }
            }
        });
    pick
}
