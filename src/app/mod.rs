//! The egui editor (feature `gui`): an eframe app on top of the document (`map`) and files
//! (`io`). The UI pass only collects [`Action`]s; they run after it, in [`EditorApp::ui`].
//!
//! Modules: `camera` (pan/zoom in f64), `chunks` (cached meshes per chunk), `canvas` (the
//! map widget: input and drawing), `tools`, `overlays`, `panels` (menus, toolbar, side
//! panels, status bar), `windows` (dialogs drawn by egui), `dialogs` (file dialogs behind a
//! trait), `doc` (the open document and its file), `prefs` (persisted UI state).

pub mod autosave;
pub mod camera;
mod canvas;
pub mod chunks;
pub mod dialogs;
pub mod doc;
pub mod exchange;
pub mod frame_stats;
pub mod overlays;
mod panels;
pub mod play;
pub mod prefs;
mod sample;
pub mod tools;
mod windows;

use crate::map::{Clipboard, Edit};
use camera::Camera;
use chunks::ChunkCache;
use dialogs::{DialogReply, DialogRequest, FileDialogs, RfdDialogs};
use doc::{Doc, FileForm, NewMapSpec};
use eframe::egui;
use overlays::OverlayState;
use prefs::Prefs;
use std::path::{Path, PathBuf};
use tools::{Gesture, Tool};

/// Something the user asked for during a frame; run after the UI pass.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Show the "new map" dialog (after the unsaved-changes check).
    NewDialog,
    /// Replace the document by a new map.
    NewMap(NewMapSpec),
    /// Ask for a file to open (after the unsaved-changes check).
    OpenDialog,
    /// Open this file (after the unsaved-changes check).
    Open(PathBuf),
    /// Save to the current file (Save As when there is none).
    Save,
    /// Ask where to save, in the given form.
    SaveAs(FileForm),
    /// Switch the form (offset / cube) used when saving.
    SetForm(FileForm),
    /// Undo one step.
    Undo,
    /// Redo one step.
    Redo,
    /// Fit the whole map in the view.
    FitMap,
    /// Zoom by a factor around the view centre.
    ZoomBy(f64),
    /// Copy the selection.
    Copy,
    /// Start pasting the clipboard.
    Paste,
    /// Close the window (after the unsaved-changes check).
    Quit,
    /// Enter or leave minesweeper play mode.
    TogglePlay,
    /// Show the export window.
    ExportDialog,
    /// Ask where to export with these choices, then export off the UI thread.
    Export(exchange::ExportSpec),
    /// Ask for a Tiled map to import (after the unsaved-changes check).
    ImportTiledDialog,
    /// Import this Tiled map as a new unsaved document (after the unsaved-changes check).
    ImportTiled(PathBuf),
}

/// An action waiting for the answer to "save changes?".
#[derive(Clone, Debug, PartialEq)]
pub struct UnsavedPrompt {
    /// What to do once the changes are saved or discarded.
    pub then: Action,
}

/// How the editor starts.
pub struct StartOptions {
    /// A map file to open; `None` opens the bundled sample.
    pub path: Option<PathBuf>,
    /// File dialogs; `None` uses the real (rfd) ones.
    pub dialogs: Option<Box<dyn FileDialogs>>,
    /// Load and save UI preferences with eframe persistence.
    pub persist: bool,
    /// Folder for recovery files of untitled maps; `None` uses eframe's data folder.
    pub data_dir: Option<PathBuf>,
}

impl Default for StartOptions {
    fn default() -> Self {
        StartOptions {
            path: None,
            dialogs: None,
            persist: true,
            data_dir: None,
        }
    }
}

/// The editor.
pub struct EditorApp {
    doc: Doc,
    camera: Camera,
    fit_pending: bool,
    chunks: ChunkCache,
    /// Persisted preferences.
    prefs: Prefs,
    persist: bool,
    dialogs: Box<dyn FileDialogs>,
    /// Actions collected during the current frame.
    actions: Vec<Action>,
    /// Waiting for a file dialog; with the action to continue with after a Save As.
    awaiting_dialog: Option<Option<Action>>,
    prompt: Option<UnsavedPrompt>,
    /// Set once the user agreed to close with unsaved changes (or there were none).
    close_allowed: bool,
    error: Option<String>,
    info: Option<String>,
    // Canvas state.
    hovered: Option<Hex>,
    view: egui::Rect,
    tool: Tool,
    current_terrain: Option<TerrainId>,
    mine_place: bool,
    gesture: Gesture,
    selection: Vec<Hex>,
    clipboard: Clipboard,
    pasting: bool,
    overlays: OverlayState,
    layers: Layers,
    palette_edit: Option<crate::map::Terrain>,
    last_overlay: overlays::OverlayResult,
    /// What `last_overlay` was computed from: (document revision, hovered hex, settings).
    overlay_key: Option<(u64, Option<Hex>, OverlayState)>,
    /// Recent frame times for the status-bar readout.
    frame_stats: frame_stats::FrameStats,
    // Windows.
    new_map: Option<windows::NewMapForm>,
    properties: Option<windows::PropertiesForm>,
    note_edit: Option<(Hex, String)>,
    random_mines: Option<windows::RandomMinesForm>,
    title: String,
    /// The minesweeper game while in play mode.
    play: Option<play::PlaySession>,
    // Export and import.
    export_form: Option<exchange::ExportSpec>,
    pending_export: Option<exchange::ExportSpec>,
    export_job: Option<exchange::ExportJob>,
    import_warnings: Vec<String>,
    autosave: autosave::Autosave,
}

use crate::hex::Hex;
use crate::map::palette::TerrainId;

/// Which layers are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Layers {
    /// Terrain colours.
    pub terrain: bool,
    /// Mine markers.
    pub mines: bool,
    /// Note markers.
    pub notes: bool,
    /// Hex outlines.
    pub grid: bool,
}

impl Default for Layers {
    fn default() -> Self {
        Layers {
            terrain: true,
            mines: true,
            notes: true,
            grid: true,
        }
    }
}

impl EditorApp {
    /// The editor as eframe creates it: restores preferences, opens `options.path` (or the
    /// bundled sample), and uses real file dialogs unless others are given.
    pub fn new(cc: &eframe::CreationContext<'_>, options: StartOptions) -> Self {
        let prefs = if options.persist {
            cc.storage
                .and_then(|s| eframe::get_value::<Prefs>(s, prefs::STORAGE_KEY))
                .unwrap_or_default()
        } else {
            Prefs::default()
        };
        let dialogs = options
            .dialogs
            .unwrap_or_else(|| Box::new(RfdDialogs::new(Some(cc.egui_ctx.clone()))));
        let mut app = Self::with_doc(Doc::sample(), dialogs);
        app.prefs = prefs;
        app.persist = options.persist;
        app.autosave.data_dir = options.data_dir.or_else(|| eframe::storage_dir("hexmap"));
        match options.path {
            Some(path) => app.open_path(&path),
            None => autosave::check_on_open(&mut app),
        }
        app
    }

    /// The editor on a given document with given dialogs, no persistence (for tests).
    pub fn with_doc(doc: Doc, dialogs: Box<dyn FileDialogs>) -> Self {
        let mut app = EditorApp {
            current_terrain: doc.map().palette().terrains().first().map(|t| t.id),
            doc,
            camera: Camera::default(),
            fit_pending: true,
            chunks: ChunkCache::new(),
            prefs: Prefs::default(),
            persist: false,
            dialogs,
            actions: Vec::new(),
            awaiting_dialog: None,
            prompt: None,
            close_allowed: false,
            error: None,
            info: None,
            hovered: None,
            view: egui::Rect::NOTHING,
            tool: Tool::Brush,
            mine_place: true,
            gesture: Gesture::Idle,
            selection: Vec::new(),
            clipboard: Clipboard::default(),
            pasting: false,
            overlays: OverlayState::default(),
            layers: Layers::default(),
            palette_edit: None,
            last_overlay: overlays::OverlayResult::default(),
            overlay_key: None,
            frame_stats: frame_stats::FrameStats::default(),
            new_map: None,
            properties: None,
            note_edit: None,
            random_mines: None,
            title: String::new(),
            play: None,
            export_form: None,
            pending_export: None,
            export_job: None,
            import_warnings: Vec::new(),
            autosave: autosave::Autosave::default(),
        };
        app.reset_view();
        app
    }

    /// Use `dir` for recovery files of untitled maps, and offer a newer one there now (as
    /// at startup).
    pub fn with_data_dir(mut self, dir: PathBuf) -> Self {
        self.autosave.data_dir = Some(dir);
        autosave::check_on_open(&mut self);
        self
    }

    /// Set the seconds between autosaves (0 turns autosave off).
    pub fn set_autosave_secs(&mut self, secs: u32) {
        self.prefs.autosave_secs = secs;
    }

    /// Autosave state: the recovery file on offer and the last one written.
    pub fn autosave(&self) -> &autosave::Autosave {
        &self.autosave
    }

    // ----- read access for tests and panels -----

    /// The open document.
    pub fn doc(&self) -> &Doc {
        &self.doc
    }

    /// The camera.
    pub fn camera(&self) -> &Camera {
        &self.camera
    }

    /// The hex under the pointer, if it is on the map.
    pub fn hovered(&self) -> Option<Hex> {
        self.hovered
    }

    /// Put the camera somewhere (tests, benchmarks); cancels a pending "fit map".
    pub fn set_camera(&mut self, camera: Camera) {
        self.camera = camera;
        self.fit_pending = false;
    }

    /// Replace the overlay switches and parameters (tests, benchmarks).
    pub fn set_overlays(&mut self, overlays: OverlayState) {
        self.overlays = overlays;
    }

    /// Heap bytes of the cached chunk meshes and textures (memory reports).
    pub fn cached_chunk_bytes(&self) -> usize {
        self.chunks.cached_bytes()
    }

    /// Recent frame times (the status-bar readout).
    pub fn frame_stats(&self) -> &frame_stats::FrameStats {
        &self.frame_stats
    }

    /// The canvas rectangle of the last frame.
    pub fn canvas_rect(&self) -> egui::Rect {
        self.view
    }

    /// The error message on show, if any.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// True while the "save changes?" prompt is open.
    pub fn prompt_open(&self) -> bool {
        self.prompt.is_some()
    }

    /// The window title the editor asked for.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The current tool.
    pub fn tool(&self) -> Tool {
        self.tool
    }

    /// Overlay settings.
    pub fn overlays(&self) -> &OverlayState {
        &self.overlays
    }

    /// The hexes each enabled overlay marks for the current hover (what is drawn).
    pub fn overlay_result(&self) -> overlays::OverlayResult {
        self.last_overlay.clone()
    }

    /// The selected hexes.
    pub fn selection(&self) -> &[Hex] {
        &self.selection
    }

    /// The minesweeper session while in play mode.
    pub fn play(&self) -> Option<&play::PlaySession> {
        self.play.as_ref()
    }

    /// The export running on a worker thread, if any.
    pub fn export_job(&self) -> Option<&exchange::ExportJob> {
        self.export_job.as_ref()
    }

    /// Warnings of the last Tiled import still on show.
    pub fn import_warnings(&self) -> &[String] {
        &self.import_warnings
    }

    /// The last information message (saved, exported, imported).
    pub fn info(&self) -> Option<&str> {
        self.info.as_deref()
    }

    /// Persisted preferences.
    pub fn prefs(&self) -> &Prefs {
        &self.prefs
    }

    /// Statistics of the last chunk paint.
    pub fn paint_stats(&self) -> chunks::PaintStats {
        self.chunks.stats
    }

    /// World point → screen point for the current camera and canvas (for tests).
    pub fn world_to_screen(&self, p: crate::hex::Point) -> egui::Pos2 {
        self.camera.world_to_screen(self.view, p)
    }

    /// Screen centre of a hex (for tests).
    pub fn hex_to_screen(&self, h: Hex) -> egui::Pos2 {
        self.world_to_screen(self.doc.layout().hex_to_pixel(h))
    }

    // ----- actions -----

    /// Ask for an action; it runs after the current UI pass.
    pub fn push(&mut self, action: Action) {
        self.actions.push(action);
    }

    fn reset_view(&mut self) {
        self.chunks.reset_to_bounds(self.doc.offset_bounds());
        self.fit_pending = true;
        self.hovered = None;
        self.selection.clear();
        self.gesture = Gesture::Idle;
        self.play = None;
        if self
            .current_terrain
            .is_none_or(|t| self.doc.map().palette().get(t).is_none())
        {
            self.current_terrain = self.doc.map().palette().terrains().first().map(|t| t.id);
        }
    }

    /// Replace the document (after any unsaved-changes check).
    fn replace_doc(&mut self, doc: Doc) {
        self.doc = doc;
        self.reset_view();
    }

    fn open_path(&mut self, path: &Path) {
        match Doc::load(path) {
            Ok(doc) => {
                self.prefs.add_recent(path);
                self.replace_doc(doc);
                self.error = None;
                autosave::check_on_open(self);
            }
            Err(message) => {
                self.error = Some(message);
            }
        }
    }

    fn save_to(&mut self, path: &Path) -> bool {
        let old = self.doc.path().map(Path::to_path_buf);
        match self.doc.save(path) {
            Ok(()) => {
                autosave::saved(self, old, path);
                self.prefs.add_recent(path);
                self.info = Some(format!("Saved {}", path.display()));
                true
            }
            Err(message) => {
                self.error = Some(message);
                false
            }
        }
    }

    /// Actions that would drop the document wait for the prompt when it is modified.
    fn guarded(action: &Action) -> bool {
        matches!(
            action,
            Action::NewDialog
                | Action::OpenDialog
                | Action::Open(_)
                | Action::Quit
                | Action::ImportTiledDialog
                | Action::ImportTiled(_)
        )
    }

    fn run_actions(&mut self, ctx: &egui::Context) {
        let actions = std::mem::take(&mut self.actions);
        for action in actions {
            if Self::guarded(&action) && self.doc.is_modified() {
                self.prompt = Some(UnsavedPrompt { then: action });
                continue;
            }
            self.run(ctx, action);
        }
    }

    /// Run one action with no unsaved-changes check.
    fn run(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::NewDialog => self.new_map = Some(windows::NewMapForm::default()),
            Action::NewMap(spec) => match Doc::new_map(&spec) {
                Ok(doc) => self.replace_doc(doc),
                Err(message) => self.error = Some(message),
            },
            Action::OpenDialog => {
                self.dialogs.request(DialogRequest::Open);
                self.awaiting_dialog = Some(None);
            }
            Action::Open(path) => self.open_path(&path),
            Action::Save => match self.doc.path().map(Path::to_path_buf) {
                Some(path) => {
                    self.save_to(&path);
                }
                None => self.run(ctx, Action::SaveAs(self.doc.form())),
            },
            Action::SaveAs(form) => {
                self.doc.set_form(form);
                self.dialogs.request(DialogRequest::SaveAs {
                    suggested: self.doc.suggested_file_name(),
                });
                self.awaiting_dialog.get_or_insert(None);
            }
            Action::SetForm(form) => self.doc.set_form(form),
            // Playing never touches the map: edits wait until play mode is left.
            Action::Undo | Action::Redo | Action::Paste if self.play.is_some() => {}
            Action::TogglePlay => play::toggle(self),
            Action::ExportDialog => exchange::open_export_window(self),
            Action::Export(spec) => exchange::request_export_path(self, spec),
            Action::ImportTiledDialog => exchange::request_import_path(self),
            Action::ImportTiled(path) => exchange::open_import(self, &path),
            Action::Undo => {
                self.gesture = Gesture::Idle;
                self.doc.undo();
            }
            Action::Redo => {
                self.gesture = Gesture::Idle;
                self.doc.redo();
            }
            Action::FitMap => self.fit_pending = true,
            Action::ZoomBy(f) => {
                let (lo, hi) = self.zoom_limits();
                let c = self.view.center();
                self.camera.zoom_around(self.view, c, f, lo, hi);
            }
            Action::Copy => self.copy_selection(),
            Action::Paste => self.pasting = !self.clipboard.is_empty(),
            Action::Quit => {
                self.close_allowed = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }

    /// Continue after the prompt: save first (`save`), or discard.
    fn resolve_prompt(&mut self, ctx: &egui::Context, save: bool) {
        let Some(prompt) = self.prompt.take() else {
            return;
        };
        if !save {
            self.run(ctx, prompt.then);
            return;
        }
        match self.doc.path().map(Path::to_path_buf) {
            Some(path) => {
                if self.save_to(&path) {
                    self.run(ctx, prompt.then);
                }
            }
            None => {
                self.dialogs.request(DialogRequest::SaveAs {
                    suggested: self.doc.suggested_file_name(),
                });
                self.awaiting_dialog = Some(Some(prompt.then));
            }
        }
    }

    fn poll_dialogs(&mut self, ctx: &egui::Context) {
        while let Some(reply) = self.dialogs.poll() {
            let then = self.awaiting_dialog.take().flatten();
            match reply {
                DialogReply::Open(path) => self.open_path(&path),
                DialogReply::SaveAs(path) => {
                    if self.save_to(&path)
                        && let Some(action) = then
                    {
                        self.run(ctx, action);
                    }
                }
                DialogReply::Export(path) => exchange::start_export(self, path, ctx),
                DialogReply::ImportTiled(path) => exchange::open_import(self, &path),
                DialogReply::Cancelled => self.pending_export = None,
            }
        }
    }

    fn copy_selection(&mut self) {
        let Some(&anchor) = self.selection.first() else {
            return;
        };
        self.clipboard = Clipboard::copy(self.doc.map(), self.selection.iter().copied(), anchor);
        self.info = Some(format!("Copied {} cells", self.clipboard.cells().len()));
    }

    /// Apply one edit as its own undo step; a refused edit shows its message.
    fn apply_step(&mut self, edit: &Edit) {
        self.doc.begin_step();
        if let Err(message) = self.doc.apply(edit) {
            self.error = Some(message);
        }
        self.doc.end_step();
    }

    /// Zoom limits: from the whole map (with room to spare) to one hex filling the view.
    fn zoom_limits(&self) -> (f64, f64) {
        let (min, max) = self.doc.world_bounds();
        let (w, h) = (
            f64::from(self.view.width().max(1.0)),
            f64::from(self.view.height().max(1.0)),
        );
        let fit = (w / (max.x - min.x).max(1e-9)).min(h / (max.y - min.y).max(1e-9));
        let size = self.doc.layout().size();
        let one_hex = w.min(h) / (2.0 * size.x.max(size.y));
        let mut lo = (fit * 0.5).min(one_hex);
        if self.play.is_some() {
            // Play draws each visible cell on its own: keep cells big enough to click and
            // few enough to draw (a million-cell board is played a part at a time).
            lo = lo.max(play::MIN_CELL_RADIUS_PX / size.x.min(size.y));
        }
        (lo, one_hex.max(lo))
    }

    /// Take this frame's canvas rectangle; fit the map into it if a fit is pending.
    fn set_view(&mut self, rect: egui::Rect) {
        self.view = rect;
        if self.fit_pending && rect.width() > 1.0 && rect.height() > 1.0 {
            let (min, max) = self.doc.world_bounds();
            self.camera.fit(rect, min, max);
            self.fit_pending = false;
        }
    }

    /// The zoom clamped to the current limits (after a fit, which ignores them).
    fn clamp_zoom(&mut self) {
        let (lo, hi) = self.zoom_limits();
        let centre = self.view.center();
        self.camera.zoom_around(self.view, centre, 1.0, lo, hi);
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let file = self
            .doc
            .path()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| "unsaved".to_string());
        let mark = if self.doc.is_modified() { " *" } else { "" };
        let title = format!("{}{mark} — {file} — hexmap", self.doc.map().name());
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    fn handle_close_request(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested())
            && !self.close_allowed
            && self.doc.is_modified()
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.prompt = Some(UnsavedPrompt { then: Action::Quit });
        }
    }

    fn handle_dropped_files(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if let Some(path) = dropped.into_iter().next() {
            self.push(Action::Open(path));
        }
    }

    fn handle_shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let shortcut = |m, k| KeyboardShortcut::new(m, k);
        let redo_shift = shortcut(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        let pairs = [
            (redo_shift, Action::Redo),
            (shortcut(Modifiers::COMMAND, Key::Z), Action::Undo),
            (shortcut(Modifiers::COMMAND, Key::Y), Action::Redo),
            (
                shortcut(Modifiers::COMMAND | Modifiers::SHIFT, Key::S),
                Action::SaveAs(self.doc.form()),
            ),
            (shortcut(Modifiers::COMMAND, Key::S), Action::Save),
            (shortcut(Modifiers::COMMAND, Key::O), Action::OpenDialog),
            (shortcut(Modifiers::COMMAND, Key::N), Action::NewDialog),
            (shortcut(Modifiers::COMMAND, Key::C), Action::Copy),
            (shortcut(Modifiers::COMMAND, Key::V), Action::Paste),
        ];
        for (s, action) in pairs {
            if ctx.input_mut(|i| i.consume_shortcut(&s)) {
                self.push(action);
            }
        }
        // Copy/paste also arrive as events on some platforms.
        let (copy, paste) = ctx.input(|i| {
            (
                i.events.iter().any(|e| matches!(e, egui::Event::Copy)),
                i.events.iter().any(|e| matches!(e, egui::Event::Paste(_))),
            )
        });
        if copy {
            self.push(Action::Copy);
        }
        if paste {
            self.push(Action::Paste);
        }
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        for tool in Tool::ALL {
            if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, tool.key())) {
                self.tool = tool;
            }
        }
        // [ and ] shrink and grow the brush, as in most paint programs.
        let radius = &mut self.prefs.tools.brush_radius;
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::OpenBracket)) {
            *radius = radius.saturating_sub(1);
        }
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::CloseBracket)) {
            *radius = (*radius + 1).min(tools::MAX_BRUSH_RADIUS);
        }
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::F)) {
            if self.pasting {
                self.clipboard = self.clipboard.reflected();
            } else {
                self.push(Action::FitMap);
            }
        }
        if self.pasting && ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::R)) {
            self.clipboard = self.clipboard.rotated(1);
        }
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape)) {
            self.pasting = false;
            self.selection.clear();
        }
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        if let Some(cpu) = frame.info().cpu_usage {
            self.frame_stats.record_whole(cpu);
        }
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.persist {
            eframe::set_value(storage, prefs::STORAGE_KEY, &self.prefs);
        }
    }

    fn persist_egui_memory(&self) -> bool {
        false
    }
}

impl EditorApp {
    /// One frame of the whole editor in `ui` (what eframe's `App::ui` runs; benchmarks and
    /// tests call it on a bare `egui::Context`). Its own time goes to the frame readout.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let started = std::time::Instant::now();
        let ctx = ui.ctx().clone();
        self.poll_dialogs(&ctx);
        self.handle_close_request(&ctx);
        self.handle_dropped_files(&ctx);
        if self.play.is_none() {
            self.handle_shortcuts(&ctx);
        }

        panels::menu_bar(self, ui);
        panels::toolbar(self, ui);
        panels::status_bar(self, ui);
        if self.play.is_some() {
            play::bar(self, ui);
            egui::CentralPanel::default()
                .frame(egui::Frame::NONE)
                .show(ui, |ui| play::canvas(self, ui));
        } else {
            if self.prefs.panels.palette || self.prefs.panels.layers {
                panels::left_panel(self, ui);
            }
            if self.prefs.panels.overlays {
                panels::right_panel(self, ui);
            }
            egui::CentralPanel::default()
                .frame(egui::Frame::NONE)
                .show(ui, |ui| canvas::canvas(self, ui));
        }
        windows::show_all(self, &ctx);
        exchange::windows(self, &ctx);
        autosave::prompt(self, &ctx);

        self.run_actions(&ctx);
        let changed = self.doc.take_changed();
        if changed != doc::Changed::Nothing {
            autosave::note_change(self, &ctx);
        }
        autosave::tick(self, &ctx);
        match changed {
            doc::Changed::Nothing => {}
            doc::Changed::All => self.reset_view_keep_camera(),
            doc::Changed::Cells(cells) => self
                .chunks
                .mark_dirty(self.doc.layout().orientation(), cells),
        }
        self.update_title(&ctx);
        self.frame_stats.record_editor(started.elapsed());
    }

    fn reset_view_keep_camera(&mut self) {
        self.chunks.reset_to_bounds(self.doc.offset_bounds());
    }
}

/// Run the editor in a native window (blocking until it closes).
pub fn run(path: Option<PathBuf>) -> Result<(), String> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1280.0, 800.0])
            .with_title("hexmap")
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "hexmap",
        options,
        Box::new(move |cc| {
            Ok(Box::new(EditorApp::new(
                cc,
                StartOptions {
                    path,
                    ..Default::default()
                },
            )))
        }),
    )
    .map_err(|e| e.to_string())
}
