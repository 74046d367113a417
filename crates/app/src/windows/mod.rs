//! The windows part of the editor ([`Windows`]: each window's form while it is open, the
//! messages, the questions waiting for an answer, the player window) and the one interface
//! every window is shown through (`EditorWindow`, by `show_all`). New map, Note, the
//! messages and the unsaved-changes prompt are here; every other window has a module of
//! its own (map properties are a panel beside the canvas: `properties`). What they decide
//! comes back as [`Action`]s.

pub(crate) mod child_update;
pub(crate) mod error_text;
pub(crate) mod export_import;
pub(crate) mod generate_biomes;
pub mod generate_preview;
pub(crate) mod generate_window;
pub(crate) mod map_fields;
pub(crate) mod missing_images;
pub(crate) mod new_map;
pub(crate) mod no_map;
pub(crate) mod note;
pub mod player_page;
pub(crate) mod print_window;
pub(crate) mod prop_types;
pub(crate) mod properties;
pub(crate) mod random_mines;
pub(crate) mod save_name;
pub(crate) mod scale_form;
pub(crate) mod underlay_window;

pub(crate) use map_fields::{hex_size_field, offset_kind_field, orientation_field, shape_fields};
pub(crate) use new_map::NewMapForm;
pub(crate) use note::NoteForm;

use crate::files::disk_check::DiskConflict;
use crate::open_map::OpenMap;
use crate::windows::export_import::ExportSpec;
use crate::{Action, UnsavedPrompt};
use eframe::egui;
use hexmap_hex::Hex;

/// The windows part of the editor: a form is `Some` while its window is open.
#[derive(Debug, Default)]
pub struct Windows {
    /// "New map".
    new_map: Option<NewMapForm>,
    /// "Map properties".
    properties: Option<crate::windows::properties::PropertiesForm>,
    /// "Note".
    note: Option<NoteForm>,
    /// "Random mines".
    random_mines: Option<crate::windows::random_mines::RandomMinesForm>,
    /// "Generate world".
    generate: Option<crate::windows::generate_window::GenerateForm>,
    /// The terrain being edited in the palette panel (a working copy until "Apply").
    terrain_editor: Option<crate::panels::palette_panel::TerrainEditor>,
    /// "Export".
    export_form: Option<ExportSpec>,
    /// "Print / Export PDF".
    print: Option<crate::windows::print_window::PrintForm>,
    /// "Underlay" (the tracing image).
    underlay: Option<crate::windows::underlay_window::UnderlayForm>,
    /// "Save As" asking for a file name (where saving is a download).
    save_name: Option<crate::windows::save_name::SaveNameForm>,
    /// The error message on show.
    error: ErrorMessage,
    /// What was repaired when a file was opened, in its own window until OK.
    load_warning: LoadWarning,
    /// The offer to derive again the children a parent hex's change left behind.
    child_update: crate::windows::child_update::ChildUpdateOffer,
    /// The last information message (status bar).
    info: Option<String>,
    /// A warning on show in the status bar until it is resolved (a failed autosave).
    warning: Option<String>,
    /// "Changed on disk", holding a save that waits for the answer.
    disk_conflict: Option<DiskConflict>,
    /// "Recovered changes": its question is the autosave's offer (read through [`Shown`]).
    restore: crate::files::autosave::RestorePrompt,
    /// What the players see: the player window, and the players' view on the main canvas.
    player: crate::canvas::player_view::PlayerView,
    /// A browser's question for the map's images (tile art, image icons, the underlay).
    missing_images: crate::windows::missing_images::MissingImages,
    /// Warnings of the last Tiled import (their window shows while there are any).
    import_warnings: crate::windows::export_import::ImportWarnings,
    /// "Save changes?", holding what waits for the answer.
    unsaved_prompt: Option<UnsavedPrompt>,
}

impl Windows {
    /// The browser's question for the map's images (an image dropped on the page, Map →
    /// Map images…).
    pub(super) fn missing_images_mut(
        &mut self,
    ) -> &mut crate::windows::missing_images::MissingImages {
        &mut self.missing_images
    }

    /// The error message on show, if any.
    pub(super) fn error(&self) -> Option<&str> {
        self.error.0.as_deref()
    }

    /// Show an error message in its window (until OK).
    pub(super) fn show_error(&mut self, message: impl Into<String>) {
        self.error.0 = Some(message.into());
    }

    /// The last information message (status bar), if any.
    pub(super) fn info(&self) -> Option<&str> {
        self.info.as_deref()
    }

    /// Say something in the status bar (saved, copied, exported …).
    pub(super) fn say(&mut self, message: impl Into<String>) {
        self.info = Some(message.into());
    }

    /// The status bar's message is old news (the map changed).
    pub(super) fn clear_info(&mut self) {
        self.info = None;
    }

    /// The warning on show in the status bar, if any.
    pub(super) fn warning(&self) -> Option<&str> {
        self.warning.as_deref()
    }

    /// Show a warning in the status bar until it is resolved (`None`: it is).
    pub(super) fn set_warning(&mut self, warning: Option<String>) {
        self.warning = warning;
    }

    /// Offer to derive these children again (an empty list takes the offer away).
    pub(super) fn offer_child_updates(&mut self, updates: Vec<crate::open_map::ChildUpdate>) {
        self.child_update.0 = (!updates.is_empty()).then_some(updates);
    }

    /// A map was opened: no error, what was repaired in its window, `message` in the
    /// status bar.
    pub(super) fn opened(&mut self, message: String, repaired: Option<String>) {
        self.error.0 = None;
        self.reloaded(message, repaired);
    }

    /// The map was read again from its file: what was repaired in its window, `message`
    /// in the status bar.
    pub(super) fn reloaded(&mut self, message: String, repaired: Option<String>) {
        self.load_warning.0 = repaired;
        self.info = Some(message);
    }

    /// A map was imported: no error, `message` in the status bar, what the import could
    /// not keep in its window.
    pub(super) fn imported(&mut self, message: String, warnings: Vec<String>) {
        self.error.0 = None;
        self.info = Some(message);
        self.import_warnings.0 = warnings;
    }

    /// Warnings of the last import still on show.
    pub(super) fn import_warnings(&self) -> &[String] {
        &self.import_warnings.0
    }

    /// Another document replaced the open one: the messages and the changed-on-disk
    /// question about the old one go.
    pub(super) fn document_replaced(&mut self) {
        self.info = None;
        self.disk_conflict = None;
    }

    /// Ask "Save changes?" before `then`.
    pub(super) fn ask_unsaved(&mut self, then: Action) {
        self.unsaved_prompt = Some(UnsavedPrompt { then });
    }

    /// The answered "Save changes?" question (taken), if it was asked.
    pub(super) fn take_unsaved(&mut self) -> Option<UnsavedPrompt> {
        self.unsaved_prompt.take()
    }

    /// True while "Save changes?" is asked.
    pub(super) fn unsaved_open(&self) -> bool {
        self.unsaved_prompt.is_some()
    }

    /// The "changed on disk" question, if it is asked.
    pub(super) fn disk_conflict(&self) -> Option<&DiskConflict> {
        self.disk_conflict.as_ref()
    }

    /// Ask "changed on disk" (replacing the question asked, if any).
    pub(super) fn ask_disk_conflict(&mut self, conflict: DiskConflict) {
        self.disk_conflict = Some(conflict);
    }

    /// The answered "changed on disk" question (taken), if it was asked.
    pub(super) fn take_disk_conflict(&mut self) -> Option<DiskConflict> {
        self.disk_conflict.take()
    }

    /// Open "New map" with a fresh form.
    pub(super) fn open_new_map(&mut self) {
        self.new_map = Some(NewMapForm::default());
    }

    /// The main window turned to the players' view: close what shows the GM's content
    /// (the note being written, the map's properties, the underlay, the terrain being
    /// edited); exports and prints stay (they have a player view of their own).
    pub(super) fn close_for_players(&mut self) {
        self.note = None;
        self.properties = None;
        self.underlay = None;
        self.terrain_editor = None;
    }

    /// Open "Note" on `hex`, its text being `text` (GM-only or not), the keyboard in the
    /// field.
    pub(super) fn open_note(&mut self, hex: Hex, text: String, gm_only: bool) {
        self.note = Some(NoteForm {
            hex,
            text,
            gm_only,
            focus: true,
            cut: false,
        });
    }

    /// True while "Note" is open.
    pub(super) fn note_open(&self) -> bool {
        self.note.is_some()
    }

    /// Close "Note"; its form (the hex and the text typed), if it was open.
    pub(super) fn close_note(&mut self) -> Option<NoteForm> {
        self.note.take()
    }

    /// Show "Map properties" with `form` (the map's settings).
    pub(super) fn open_properties(&mut self, form: crate::windows::properties::PropertiesForm) {
        self.properties = Some(form);
    }

    /// True while "Map properties" is shown (the panel beside the canvas).
    pub(super) fn properties_open(&self) -> bool {
        self.properties.is_some()
    }

    /// The "Map properties" panel beside the canvas, while it is open; its Apply and the
    /// type editor's edits.
    pub(super) fn properties_panel(
        &mut self,
        ui: &mut egui::Ui,
        doc: &OpenMap,
        anchor: Option<Hex>,
    ) -> Vec<Action> {
        crate::windows::properties::panel(ui, &mut self.properties, doc, anchor)
    }

    /// Open "Random mines" with a fresh form.
    pub(super) fn open_random_mines(&mut self) {
        self.random_mines = Some(Default::default());
    }

    /// Open "Generate world" with `form`.
    pub(super) fn open_generate(&mut self, form: crate::windows::generate_window::GenerateForm) {
        self.generate = Some(form);
    }

    /// The "Generate world" form while it is open (a biome table loaded or saved).
    pub(super) fn generate_form(
        &mut self,
    ) -> Option<&mut crate::windows::generate_window::GenerateForm> {
        self.generate.as_mut()
    }

    /// Open "Print / Export PDF", keeping its last choices.
    pub(super) fn open_print(&mut self) {
        self.print = Some(self.print.take().unwrap_or_default());
    }

    /// Open "Export", keeping its last choices; the legend starts as the map shows it
    /// (`legend`): beside a picture, on its own page of a print.
    pub(super) fn open_export(&mut self, legend: bool) {
        let mut form = self.export_form.take().unwrap_or_default();
        let print = form.format.name() == "pdf";
        form.options.legend = legend.then(|| hexmap_draw::legend::LegendPlace::default_for(print));
        self.export_form = Some(form);
    }

    /// Ask for the file name of a Save As that downloads (`suggested` first), then `then`.
    pub(super) fn open_save_name(&mut self, suggested: String, then: Option<Action>) {
        self.save_name = Some(crate::windows::save_name::SaveNameForm::new(
            suggested, then,
        ));
    }

    /// Open "Underlay" with a fresh form.
    pub(super) fn open_underlay(&mut self) {
        self.underlay = Some(Default::default());
    }

    /// Show what "Pick terrain from underlay" did, in the Underlay window if it is open.
    pub(super) fn underlay_picked(&mut self, text: String) {
        if let Some(form) = &mut self.underlay {
            form.picked = Some(text);
        }
    }

    /// The palette panel's terrain editor: `None` while closed (the panel shows it).
    pub(super) fn terrain_editor(
        &mut self,
    ) -> &mut Option<crate::panels::palette_panel::TerrainEditor> {
        &mut self.terrain_editor
    }

    /// What the players see (the player window and the main canvas's player view).
    pub(super) fn player(&self) -> &crate::canvas::player_view::PlayerView {
        &self.player
    }

    /// What the players see, to switch it or follow the document.
    pub(super) fn player_mut(&mut self) -> &mut crate::canvas::player_view::PlayerView {
        &mut self.player
    }

    /// What the canvas reads of the windows: the outline a window previews, and the
    /// players' view it may draw instead of the map.
    pub(super) fn canvas_parts(
        &mut self,
    ) -> (
        Option<&[(hexmap_hex::Point, hexmap_hex::Point)]>,
        &mut crate::canvas::player_view::PlayerView,
    ) {
        let preview = self
            .properties
            .as_ref()
            .and_then(|f| f.preview())
            .or_else(|| self.random_mines.as_ref().and_then(|f| f.stuck()))
            .or_else(|| self.print.as_ref().and_then(|f| f.preview()));
        (preview, &mut self.player)
    }
}

/// One window of the editor, after egui's demo app (`Demo`/`View`): every window, dialog
/// and question is shown by this one method on its own state (a form that is `Some` while
/// the window is open, or the question waiting for an answer) and what it reads of the
/// rest of the editor ([`Shown`]). Closing it clears its state; what it asks for (an edit,
/// a file dialog, an answer) goes into `out`, applied after the UI pass.
pub(crate) trait EditorWindow {
    /// Show the window if it is open this frame.
    fn show(&mut self, ctx: &egui::Context, shown: &mut Shown<'_>, out: &mut Vec<Action>);
}

/// What the windows read (and what they change outside their own state: the map's images
/// when a browser hands them over, the underlay's handles on the canvas).
pub(crate) struct Shown<'a> {
    /// The open document.
    pub doc: &'a OpenMap,
    /// Whether a map is open (else the "No map is open" screen shows behind the windows).
    pub map_open: bool,
    /// Whether the canvas plays minesweeper (the player window waits meanwhile).
    pub playing: bool,
    /// The overlay anchor, a hex to reshape around.
    pub anchor: Option<Hex>,
    /// The export running, for its progress window.
    pub export: Option<&'a crate::windows::export_import::ExportJob>,
    /// Autosave's bookkeeping (the recovered changes on offer).
    pub autosave: &'a crate::files::autosave::Autosave,
    /// The map's images (the underlay's; the browser's chosen images go in here).
    pub images: &'a mut crate::canvas::images::EditorImages,
    /// The underlay's handles on the canvas.
    pub underlay: &'a mut crate::canvas::underlay_view::UnderlayView,
    /// The GM's camera (the player window follows it when asked).
    pub gm_camera: crate::canvas::camera::Camera,
}

/// The error message, in its window until OK.
#[derive(Debug, Default)]
struct ErrorMessage(Option<String>);

/// What was repaired when a file was opened, in its window until OK.
#[derive(Debug, Default)]
struct LoadWarning(Option<String>);

impl EditorWindow for ErrorMessage {
    fn show(&mut self, ctx: &egui::Context, _: &mut Shown<'_>, _: &mut Vec<Action>) {
        message_window(ctx, "Error", &mut self.0, true);
    }
}

impl EditorWindow for LoadWarning {
    fn show(&mut self, ctx: &egui::Context, _: &mut Shown<'_>, _: &mut Vec<Action>) {
        message_window(ctx, "Warning", &mut self.0, false);
    }
}

impl EditorWindow for Option<UnsavedPrompt> {
    fn show(&mut self, ctx: &egui::Context, shown: &mut Shown<'_>, out: &mut Vec<Action>) {
        out.extend(unsaved_prompt(ctx, self, shown.doc));
    }
}

/// Show every open window through [`EditorWindow`], each on its own state and what it
/// reads, in the order they stack (the questions over the forms; the player window, a
/// viewport of its own, last).
pub(super) fn show_all(
    ctx: &egui::Context,
    windows: &mut Windows,
    mut shown: Shown<'_>,
) -> Vec<Action> {
    let mut out = Vec::new();
    let all: [&mut dyn EditorWindow; 17] = [
        &mut windows.new_map,
        &mut windows.note,
        &mut windows.random_mines,
        &mut windows.generate,
        &mut windows.print,
        &mut windows.error,
        &mut windows.load_warning,
        &mut windows.child_update,
        &mut windows.unsaved_prompt,
        &mut windows.save_name,
        &mut windows.underlay,
        &mut windows.export_form,
        &mut windows.import_warnings,
        &mut windows.restore,
        &mut windows.missing_images,
        &mut windows.disk_conflict,
        &mut windows.player,
    ];
    for window in all {
        window.show(ctx, &mut shown, &mut out);
    }
    out
}

/// A window placed where it covers neither the menu bar nor the toolbar: centred
/// horizontally, its top below them (the user may move it from there).
pub(super) fn placed<'a>(ctx: &egui::Context, window: egui::Window<'a>) -> egui::Window<'a> {
    let area = ctx.content_rect();
    window
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(egui::pos2(area.center().x, area.top() + 80.0))
}

/// A mode switch of a toolbar: one selectable button per `(value, name, tooltip)`.
pub(super) fn choices<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    value: &mut T,
    options: &[(T, &str, &str)],
) {
    for &(option, name, hint) in options {
        ui.selectable_value(value, option, name).on_hover_text(hint);
    }
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

/// "Save changes?" while it is asked: Save and Discard answer it, Cancel (or Escape)
/// drops it.
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
            if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                choice = Some(None);
            }
        });
        ui.label("Escape cancels.");
    });
    match choice {
        Some(Some(save)) => return Some(Action::AnswerUnsaved { save }),
        Some(None) => *prompt = None,
        None => {}
    }
    None
}
