//! What the UI asks for ([`Action`]) and the one place that does it: `run_actions`, after
//! the UI pass, with the whole editor at hand. Also what continues after a file dialog
//! answers, and replacing the document. Every change that reaches across the editor's
//! parts is a method of `EditorApp` here, one file per group: opening, saving and the
//! changed-on-disk answer (`files.rs`), the selection commands (`selection.rs`), autosave
//! and recovery (`recovery.rs`), export and import (`export_import.rs`), what windows apply
//! and play mode (`forms.rs`), the end of long work and the actions that wait for it
//! (`long_work.rs`). The parts themselves only change their own state.

mod export_import;
mod files;
mod forms;
mod long_work;
mod recovery;
mod selection;

use crate::EditorApp;
use crate::files::PendingDialog;
use crate::files::dialogs::{DialogReply, DialogRequest};
use crate::files::disk_check::DiskChoice;
use crate::open_map::{NewMapSpec, OpenMap};
use crate::windows::export_import::ExportSpec;
use crate::windows::no_map;
use crate::windows::properties::PropertiesForm;
use eframe::egui;
use hexmap_hex::Hex;
use hexmap_io::Form;
use hexmap_map::{CellEdit, Clipboard, Edit, GmItem};
use std::path::{Path, PathBuf};

/// Something the user asked for during a frame; run after the UI pass.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Say this in the status bar (what a window did that the user should know).
    Say(String),
    /// Centre the map on this hex and select it (the Key panel's list and links).
    GoToHex(hexmap_hex::Hex),
    /// Open this member of the map family for editing (a child, or back up the
    /// breadcrumb); the one open keeps its undo history for when it is opened again.
    OpenMember(hexmap_map::family::MemberIndex),
    /// Derive these children of the open map again from it (one undo step).
    UpdateChildren(Vec<crate::open_map::ChildUpdate>),
    /// Keep these children of the open map as they are (by index): no more offers.
    KeepChildren(Vec<usize>),
    /// Show the "new map" dialog (after the unsaved-changes check).
    NewDialog,
    /// Replace the document by a new map.
    NewMap(NewMapSpec),
    /// Make this generated map the document: a new map, unsaved (after the
    /// unsaved-changes check).
    NewGeneratedMap(Box<hexmap_map::HexMap>),
    /// Ask for a file to open (after the unsaved-changes check).
    OpenDialog,
    /// Open the sample map built into the editor (after the unsaved-changes check).
    OpenBundledSample,
    /// Open this file (after the unsaved-changes check).
    Open(PathBuf),
    /// Save to the current file (Save As when there is none).
    Save,
    /// Ask where to save, in the given form.
    SaveAs(Form),
    /// Save under this file name in the map's folder, then run `then` (Save As where
    /// saving is a download).
    SaveAsNamed {
        /// The file name (ending in `.ron`).
        name: String,
        /// What runs after a successful save.
        then: Option<Box<Action>>,
    },
    /// Switch the form (offset / cube) used when saving.
    SetForm(Form),
    /// Undo one step.
    Undo,
    /// Redo one step.
    Redo,
    /// Fit the whole map in the view.
    FitMap,
    /// Open or close the player window.
    TogglePlayerWindow,
    /// Show the players' view on the main canvas, or the GM's again.
    TogglePlayerView,
    /// Zoom by a factor around the view centre.
    ZoomBy(f64),
    /// Copy the selection.
    Copy,
    /// Start pasting the clipboard.
    Paste,
    /// Start pasting what the system clipboard holds (hexes copied elsewhere), or the
    /// editor's clipboard.
    PasteText(String),
    /// Copy the selection and delete it, as one undo step.
    Cut,
    /// Delete what Copy takes from the selected hexes (one undo step).
    DeleteSelection,
    /// Select every cell of the map.
    SelectAll,
    /// Select nothing.
    Deselect,
    /// Select every cell of the map that is not selected, and none that is.
    InvertSelection,
    /// Select every cell of the current terrain.
    SelectSameTerrain,
    /// Paint the selected hexes with this terrain (`None`: erase their terrain only).
    FillSelection(Option<hexmap_map::TerrainId>),
    /// Apply these edits in order as one undo step (moving the selection).
    Edits(Vec<Edit>),
    /// Close the window (after the unsaved-changes check).
    Quit,
    /// Enter or leave minesweeper play mode.
    TogglePlay,
    /// Show the export window.
    ExportDialog,
    /// Show the print (PDF) window.
    PrintDialog,
    /// Ask where to export with these choices, then export off the UI thread.
    Export(ExportSpec),
    /// Ask for a Tiled map to import (after the unsaved-changes check).
    ImportTiledDialog,
    /// Ask for an image to add to this terrain's tile art.
    ChooseTileArt(hexmap_map::TerrainId),
    /// Show the underlay window.
    UnderlayDialog,
    /// Ask for the images the map names that this page has not been given (a browser).
    GiveImages,
    /// Ask for the tracing underlay's image.
    ChooseUnderlay,
    /// Give the selection (or every cell) the terrain nearest to the underlay's colour.
    PickTerrainFromUnderlay,
    /// Import this Tiled map as a new unsaved document (after the unsaved-changes check).
    ImportTiled(PathBuf),
    /// Apply one edit as its own undo step; a refused edit shows its message.
    Edit(Edit),
    /// Open an undo step that the following [`Action::StrokeEdit`]s join (a drag).
    BeginStroke,
    /// Apply an edit inside the open undo step; one the map refuses (off the map) is
    /// skipped.
    StrokeEdit(Edit),
    /// Close the undo step of a drag.
    EndStroke,
    /// Drop the drag in progress and take back what it changed (a second finger turned
    /// the touch into a pinch).
    CancelGesture,
    /// Show the note window for this hex.
    NoteDialog(Hex),
    /// Show the map properties window.
    PropertiesDialog,
    /// Show the random mines window.
    RandomMinesDialog,
    /// Show the "Generate world" window.
    GenerateDialog,
    /// Keep the Generate window's biome table in the preferences (the text of a biome
    /// file; `None` for the standard table).
    RememberBiomes(Option<String>),
    /// Ask for a biome table file to load into the Generate window.
    LoadBiomesDialog,
    /// Ask where to save this biome table, then save it.
    SaveBiomesDialog(hexmap_generate::BiomeTable),
    /// Apply the properties window's settings as one undo step.
    ApplyProperties(Box<PropertiesForm>),
    /// The unsaved-changes prompt was answered: save first (`save`) or discard, then do
    /// what it held back.
    AnswerUnsaved {
        /// Save first; otherwise discard the changes.
        save: bool,
    },
    /// The recovery prompt was answered: restore the recovery file, or delete it.
    AnswerRecovery {
        /// Restore; otherwise delete the recovery file.
        restore: bool,
    },
    /// The recovery prompt was put off: what it offers stays kept for another time.
    PostponeRecovery,
    /// The built-in file dialog was answered.
    DialogAnswer(DialogReply),
    /// The "changed on disk" question was answered.
    AnswerDiskConflict(DiskChoice),
    /// Show an error message.
    Error(String),
    /// Stop the long work on the map (a fill's region being found, a large file being
    /// read): nothing changes, and what waited for it runs.
    CancelLongWork,
}

/// The folder of the file `p` (made absolute against the working folder if it is not).
fn folder_of(p: &Path) -> Option<PathBuf> {
    let absolute = if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::path::absolute(p).ok()?
    };
    absolute.parent().map(Path::to_path_buf)
}

/// True when `path` names a picture (by its extension), as the image choosers take.
fn is_image(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        crate::files::dialogs::IMAGE_EXTENSIONS
            .iter()
            .any(|x| x.eq_ignore_ascii_case(e))
    })
}

/// An action waiting for the answer to "save changes?".
#[derive(Clone, Debug, PartialEq)]
pub struct UnsavedPrompt {
    /// What to do once the changes are saved or discarded.
    pub then: Action,
}

impl EditorApp {
    /// Reset what belongs to the old document: view, hover, tools, play mode.
    pub(crate) fn reset_view(&mut self) {
        self.canvas.reset(&self.doc);
        self.tools.reset(&self.doc);
        self.play = None;
    }

    /// Open another member of the family: the view fits it, the tools start afresh
    /// (a selection names the other map's hexes), the player window follows.
    pub(crate) fn open_member(&mut self, index: &[usize]) {
        self.drop_gesture();
        match self.doc.open_member(index) {
            Ok(()) => {
                self.windows.document_replaced();
                self.windows.offer_child_updates(Vec::new());
                self.reset_view();
                let name = self.doc.map().name().to_owned();
                self.windows.say(format!("Opened the map \"{name}\""));
            }
            Err(message) => self.windows.show_error(message),
        }
    }

    /// Replace the document (after any unsaved-changes check). A message about the old
    /// map goes with it (the caller may say what happened to the new one).
    pub(crate) fn replace_doc(&mut self, doc: OpenMap) {
        // Changes dropped with the old map were discarded (the prompt asked): no recovery
        // file may offer them back. Not before a file is picked: a cancelled Open keeps
        // the changes, and their recovery file with them.
        if self.doc.is_modified() {
            self.recovery_discarded();
        }
        self.doc = doc;
        self.windows.document_replaced();
        self.no_map = None;
        self.reset_view();
    }

    /// Actions that would drop the document wait for the prompt when it is modified.
    fn guarded(action: &Action) -> bool {
        matches!(
            action,
            Action::NewDialog
                | Action::OpenDialog
                | Action::OpenBundledSample
                | Action::Open(_)
                | Action::Quit
                | Action::ImportTiledDialog
                | Action::ImportTiled(_)
                | Action::NewGeneratedMap(_)
        )
    }

    /// Actions that change the map (each a step of its own, or the start of one).
    fn edits_map(action: &Action) -> bool {
        matches!(
            action,
            Action::Edit(_)
                | Action::Edits(_)
                | Action::Cut
                | Action::DeleteSelection
                | Action::FillSelection(_)
                | Action::BeginStroke
                | Action::PickTerrainFromUnderlay
                | Action::Undo
                | Action::Redo
                | Action::ApplyProperties(_)
                | Action::UpdateChildren(_)
        )
    }

    /// Run this frame's actions, in the order they were asked for.
    pub(crate) fn run_actions(&mut self, ctx: &egui::Context) {
        let actions = std::mem::take(&mut self.actions);
        if !actions.is_empty() {
            // This frame was drawn before they ran: show what they did (a question, a
            // window, a message) at once, not at the next input event.
            ctx.request_repaint();
        }
        for action in actions {
            let Some(action) = self.hold_for_long_work(action) else {
                continue;
            };
            if self.no_map.is_some() && !no_map::allows(&action) {
                continue;
            }
            if Self::guarded(&action) && self.doc.is_modified() {
                self.windows.ask_unsaved(action);
                continue;
            }
            // "Opened …", "Saved …", "Copied …" describe the map as it was: an edit makes
            // them old news.
            if Self::edits_map(&action) {
                self.windows.clear_info();
            }
            self.run(ctx, action);
        }
    }

    /// Ask where to save (the form is already chosen); `then` runs after a save.
    pub(crate) fn ask_save_as(&mut self, then: Option<Action>) {
        let suggested = self.doc.suggested_file_name();
        if !crate::files::storage::current().has_files() {
            // A download: the browser names the file, so the name is asked for here.
            self.windows.open_save_name(suggested, then);
            return;
        }
        let request = DialogRequest::SaveAs { suggested };
        let then = then.map(Box::new);
        self.ask_file(request, PendingDialog::SaveAs { then });
    }

    /// Show a file dialog (native or built-in) for `request` in the folder of the open
    /// map (or of the file that failed to open), else of the last recent file, else the
    /// working folder.
    pub(crate) fn ask_file(&mut self, request: DialogRequest, then: PendingDialog) {
        let failed = self.no_map.as_ref().map(|n| n.path.as_path());
        let folder = self
            .doc
            .path()
            .or(failed)
            .and_then(folder_of)
            .or_else(|| crate::files::storage::current().untitled_folder())
            .or_else(|| self.prefs.recent.first().and_then(|p| folder_of(p)))
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("/"));
        self.file_work.ask(request, then, folder);
    }

    /// Run one action with no unsaved-changes check.
    pub(crate) fn run(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::OpenMember(index) => self.open_member(&index),
            Action::UpdateChildren(updates) => {
                if let Err(e) = self.doc.update_children(&updates) {
                    let message = crate::windows::error_text::edit_error(&self.doc, &e);
                    self.windows.show_error(message);
                }
            }
            Action::KeepChildren(indices) => self.doc.keep_children(&indices),
            Action::NewDialog => self.windows.open_new_map(),
            Action::NewMap(spec) => match OpenMap::new_map(&spec) {
                Ok(doc) => self.replace_doc(doc),
                Err(message) => self.windows.show_error(message),
            },
            Action::NewGeneratedMap(map) => {
                let name = map.name().to_owned();
                self.replace_doc(OpenMap::recovered(*map, None, Form::Offset));
                self.windows
                    .say(format!("Generated \"{name}\", a new map: Save keeps it"));
            }
            Action::OpenDialog => self.ask_file(DialogRequest::Open, PendingDialog::Open),
            Action::OpenBundledSample => {
                self.replace_doc(OpenMap::sample());
                self.check_recovery();
            }
            Action::Open(path) => {
                self.open_path(ctx, &path);
            }
            Action::Save => match self.doc.path().map(Path::to_path_buf) {
                Some(path) => self.save_then(ctx, &path, None),
                None => self.run(ctx, Action::SaveAs(self.doc.form())),
            },
            Action::SaveAs(form) => {
                self.doc.set_form(form);
                self.ask_save_as(None);
            }
            Action::SaveAsNamed { name, then } => {
                let folder = self.doc.path().and_then(folder_of);
                let folder = folder.or_else(|| crate::files::storage::current().untitled_folder());
                let path = folder.unwrap_or_default().join(name);
                self.save_then(ctx, &path, then.map(|a| *a));
            }
            Action::SetForm(form) => self.doc.set_form(form),
            // Playing never touches the map: edits wait until play mode is left.
            Action::Undo | Action::Redo | Action::Paste | Action::PasteText(_)
                if self.play.is_some() => {}
            Action::Cut | Action::DeleteSelection | Action::FillSelection(_) | Action::Edits(_)
                if self.play.is_some() => {}
            Action::Cut
            | Action::DeleteSelection
            | Action::SelectAll
            | Action::Deselect
            | Action::InvertSelection
            | Action::SelectSameTerrain
            | Action::FillSelection(_)
            | Action::Edits(_) => {
                self.run_selection(ctx, &action);
            }
            Action::TogglePlay => self.toggle_play(),
            Action::ExportDialog => self.open_export_window(),
            Action::PrintDialog => self.windows.open_print(),
            Action::Export(spec) => self.request_export_path(spec),
            Action::ImportTiledDialog => {
                self.ask_file(DialogRequest::ImportTiled, PendingDialog::ImportTiled)
            }
            Action::ChooseTileArt(id) => {
                self.ask_file(DialogRequest::ChooseImage, PendingDialog::TileArt(id));
            }
            Action::ImportTiled(path) => self.open_import(&path),
            Action::UnderlayDialog => self.windows.open_underlay(),
            Action::GiveImages => self.give_images(ctx),
            Action::ChooseUnderlay => {
                self.ask_file(DialogRequest::ChooseImage, PendingDialog::Underlay)
            }
            Action::PickTerrainFromUnderlay => {
                let selected = self.tools.selection().hexes();
                let (edit, text) = crate::windows::underlay_window::pick(
                    &self.doc,
                    self.canvas.images(),
                    selected,
                );
                self.windows.underlay_picked(text);
                if let Some(edit) = edit {
                    self.run(ctx, edit);
                }
            }
            Action::Undo => {
                self.drop_gesture();
                self.doc.undo();
            }
            Action::Redo => {
                self.drop_gesture();
                self.doc.redo();
            }
            Action::FitMap => self.canvas.fit_map(),
            Action::GoToHex(h) => {
                let centre = self.doc.layout().hex_to_pixel(h);
                let zoom = self.canvas.camera().zoom;
                self.canvas
                    .set_camera(crate::canvas::camera::Camera { centre, zoom });
                self.tools.selection_mut().set(vec![h]);
            }
            Action::TogglePlayerWindow => match crate::files::storage::open_players_window() {
                // A browser: the players' window is a window of the browser, fed from here.
                Some(Ok(channel)) => {
                    self.player_link = Some(crate::windows::player_page::PlayerLink::new(channel));
                    self.windows.say(
                        "The players' window shows only what the players may see; drag it to \
                         the TV or projector, then Full screen",
                    );
                }
                Some(Err(why)) => self.windows.show_error(why),
                None => self.windows.player_mut().toggle_window(),
            },
            Action::TogglePlayerView => {
                self.windows.player_mut().toggle_main();
                if self.windows.player().on_main() {
                    self.windows.close_for_players();
                    self.drop_gesture();
                }
            }
            Action::ZoomBy(f) => self.canvas.zoom_by(f, &self.doc),
            Action::Copy => self.copy_selection(ctx),
            Action::Paste => self.tools.start_paste(),
            Action::PasteText(text) => self.paste_text(&text),
            Action::Quit => {
                self.close_allowed = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Action::Edit(edit @ Edit::Cell(CellEdit::Fill { .. })) => self.fill(ctx, &edit),
            Action::Edit(edit) => self.apply_step(&edit),
            Action::BeginStroke => self.doc.begin_step(),
            Action::StrokeEdit(edit) => {
                // Cells off the map are simply not painted.
                let _ = self.doc.apply(&edit);
            }
            Action::EndStroke => self.doc.end_step(),
            Action::CancelGesture => {
                if self.tools.drop_gesture() {
                    self.doc.cancel_step();
                }
            }
            Action::NoteDialog(hex) => {
                self.keep_note_draft();
                let text = self.doc.note(hex).unwrap_or_default().to_string();
                let gm_only = GmItem::Note(hex).is_gm_only(self.doc.map());
                self.windows.open_note(hex, text, gm_only);
            }
            Action::PropertiesDialog => {
                self.windows
                    .open_properties(PropertiesForm::from_map(self.doc.map()));
                // The canvas narrows for the properties panel: the whole map stays in view.
                self.canvas.fit_map();
            }
            Action::RandomMinesDialog => {
                self.windows.open_random_mines();
            }
            Action::GenerateDialog => {
                self.windows
                    .open_generate(crate::windows::generate_window::GenerateForm::for_map(
                        self.doc.map(),
                        self.prefs.generate_biomes.as_deref(),
                    ));
            }
            Action::RememberBiomes(text) => self.prefs.generate_biomes = text,
            Action::LoadBiomesDialog => {
                self.ask_file(DialogRequest::OpenBiomes, PendingDialog::LoadBiomes);
            }
            Action::SaveBiomesDialog(table) => self.ask_file(
                crate::windows::generate_biomes::save_request(),
                PendingDialog::SaveBiomes(table),
            ),
            Action::ApplyProperties(form) => self.apply_properties(*form),
            Action::AnswerUnsaved { save } => self.resolve_prompt(ctx, save),
            Action::AnswerRecovery { restore } => self.answer_recovery(restore),
            Action::PostponeRecovery => self.file_work.autosave_mut().postpone(),
            Action::Say(text) => self.windows.say(text),
            Action::DialogAnswer(reply) => {
                self.file_work.answer_builtin(reply);
                self.poll_dialogs(ctx);
            }
            Action::AnswerDiskConflict(choice) => self.answer_disk(ctx, choice),
            Action::Error(message) => self.windows.show_error(message),
            Action::CancelLongWork => self.cancel_long_work(ctx),
        }
    }

    /// Forget the drag in progress; a paint stroke's undo step is closed, so the edits
    /// after an undo in the middle of a drag are steps of their own.
    fn drop_gesture(&mut self) {
        if self.tools.drop_gesture() {
            self.doc.end_step();
        }
    }

    /// Continue after the prompt: save first (`save`), or discard.
    fn resolve_prompt(&mut self, ctx: &egui::Context, save: bool) {
        let Some(prompt) = self.windows.take_unsaved() else {
            return;
        };
        if !save {
            self.run(ctx, prompt.then);
            return;
        }
        match self.doc.path().map(Path::to_path_buf) {
            Some(path) => self.save_then(ctx, &path, Some(prompt.then)),
            // Untitled: the Save As dialog (native or built-in) decides, then it continues.
            None => self.ask_save_as(Some(prompt.then)),
        }
    }

    /// Take the answers of file dialogs and continue with what each was asked for.
    pub(crate) fn poll_dialogs(&mut self, ctx: &egui::Context) {
        while let Some((pending, path)) = self.file_work.poll_dialog() {
            // `None`: the dialog was cancelled; only what waited for it is dropped.
            let Some(path) = path else { continue };
            match pending {
                PendingDialog::Open => {
                    self.open_path(ctx, &path);
                }
                PendingDialog::SaveAs { then } => self.save_then(ctx, &path, then.map(|a| *a)),
                PendingDialog::Export { spec } => self.start_export(spec, path, ctx),
                PendingDialog::ImportTiled => self.open_import(&path),
                PendingDialog::LoadBiomes => self.load_biomes(&path),
                PendingDialog::SaveBiomes(table) => self.save_biomes(&table, &path),
                PendingDialog::TileArt(id) => {
                    let action = crate::panels::tile_art_picker::add_tile_image(
                        self.doc.map().palette(),
                        id,
                        self.doc.images_from(),
                        &path,
                        self.windows.terrain_editor().as_mut(),
                    );
                    if let Some(action) = action {
                        self.run(ctx, action);
                    }
                }
                PendingDialog::Underlay => {
                    let action = crate::windows::underlay_window::set_image(&self.doc, &path);
                    self.run(ctx, action);
                }
            }
        }
        // A native dialog that could not be shown is never passed over in silence.
        if let Some(notice) = self.file_work.take_notice() {
            self.windows.say(notice);
        }
    }

    /// Copy the selection into the editor's clipboard, and onto the system clipboard as
    /// text (the copied hexes as a small map, `clipboard_text`), so another window or tab
    /// can paste them and Ctrl+V (which egui reports only as a paste of something on the
    /// system clipboard) comes back as a paste. A copy too big for that puts a line
    /// naming it there.
    pub(crate) fn copy_selection(&mut self, ctx: &egui::Context) {
        let hexes = self.tools.selection().hexes();
        let Some(anchor) = crate::tools::grab_point(hexes, self.canvas.hovered()) else {
            return;
        };
        let copied = Clipboard::copy(self.doc.map(), hexes.iter().copied(), anchor);
        let n = copied.cells().len();
        let message = format!("Copied {}", crate::panels::words::count(n, "cell", "cells"));
        let text = crate::tools::clipboard_text::to_text(self.doc.map(), &copied, anchor)
            .unwrap_or_else(|| format!("hexmap: {message} from {}", self.doc.map().name()));
        self.tools.set_clipboard(copied, Some(text.clone()));
        ctx.copy_text(text);
        self.windows.say(message);
    }

    /// A paste of `text` from the system clipboard: hexes copied elsewhere (another tab or
    /// window) become the editor's clipboard; the editor's own copy is pasted as it is.
    fn paste_text(&mut self, text: &str) {
        if self.tools.copied_text() != Some(text)
            && let Some(clip) = crate::tools::clipboard_text::from_text(text)
        {
            let n = clip.cells().len();
            self.tools.set_clipboard(clip, Some(text.to_owned()));
            self.windows.say(format!(
                "Pasting {} from the system clipboard: click where they go",
                crate::panels::words::count(n, "hex", "hexes")
            ));
        }
        self.tools.start_paste();
    }

    /// Apply one edit as its own undo step; a refused edit shows its message.
    fn apply_step(&mut self, edit: &Edit) {
        self.doc.begin_step();
        if let Err(e) = self.doc.apply(edit) {
            let message = crate::windows::error_text::edit_error(&self.doc, &e);
            self.windows.show_error(message);
        }
        self.doc.end_step();
    }

    pub(crate) fn update_title(&mut self, ctx: &egui::Context) {
        if self.no_map.is_some() {
            if self.title != no_map::TITLE {
                ctx.send_viewport_cmd(egui::ViewportCommand::Title(no_map::TITLE.into()));
                self.title = no_map::TITLE.into();
            }
            return;
        }
        let file = self
            .doc
            .path()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| "unsaved".to_string());
        let mark = if self.doc.is_modified() { " *" } else { "" };
        let title = format!("{}{mark} — {file} — hexmap", self.doc.map().name());
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            crate::entry::show_title(&title);
            self.title = title;
        }
    }

    pub(crate) fn handle_close_request(&mut self, ctx: &egui::Context) {
        if !ctx.input(|i| i.viewport().close_requested()) {
            return;
        }
        if !self.close_allowed && self.doc.is_modified() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.windows.ask_unsaved(Action::Quit);
        } else if self.no_map.is_none() {
            // The session ends with nothing unsaved (saved, discarded, or none made): its
            // recovery file is stale.
            self.recovery_discarded();
        }
    }

    /// Files dropped on the editor: the first map is opened (a Tiled or JSON map
    /// imported); in a browser, images dropped with it are taken as the map's images.
    pub(crate) fn handle_dropped_files(&mut self, ctx: &egui::Context) {
        let storage = crate::files::storage::current();
        let mut opened = false;
        for dropped in crate::files::storage::dropped_files(ctx) {
            match dropped {
                Ok(path) if storage.takes_images() && is_image(&path) => {
                    let taken = self.windows.missing_images_mut().take_dropped(
                        &path,
                        &self.doc,
                        self.canvas.images_mut(),
                    );
                    match taken {
                        Ok(said) => self.windows.say(said),
                        Err(why) => self.windows.show_error(why),
                    }
                }
                Ok(path) if !opened => {
                    opened = true;
                    self.push(Action::Open(path));
                }
                Ok(_) => {}
                Err(why) => self.windows.show_error(why),
            }
        }
    }

    /// Map → Map images… (a browser): ask for the map's missing images now.
    fn give_images(&mut self, ctx: &egui::Context) {
        let images = self.canvas.images();
        let asked = self
            .windows
            .missing_images_mut()
            .ask_now(ctx, &self.doc, images);
        if let Some(said) = asked {
            self.windows.say(said);
        }
    }
}
