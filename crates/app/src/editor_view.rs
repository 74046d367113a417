//! A read-only view of the editor for tests, benchmarks and examples: what they check
//! (the document, the camera, what is selected, open or on show) without reaching into
//! the editor's parts.

use crate::canvas::camera::Camera;
use crate::canvas::overlays::{self, OverlayState};
use crate::canvas::{chunks, frame_stats};
use crate::files::autosave;
use crate::files::prefs::Prefs;
use crate::open_map::OpenMap;
use crate::tools::Tool;
use crate::tools::play;
use crate::windows::export_import;
use crate::{EditorApp, PendingDialog};
use eframe::egui;
use hexmap_hex::Hex;

/// What the editor holds and shows, read-only ([`EditorApp::view`]).
#[derive(Clone, Copy)]
pub struct EditorView<'a> {
    app: &'a EditorApp,
}

impl EditorApp {
    /// A read-only view of the editor (tests, benchmarks, examples).
    pub fn view(&self) -> EditorView<'_> {
        EditorView { app: self }
    }
}

impl<'a> EditorView<'a> {
    /// Autosave state: the recovery file on offer and the last one written.
    pub fn autosave(&self) -> &'a autosave::Autosave {
        self.app.file_work.autosave()
    }

    /// The long work on the map while it runs (a fill's region being found, a large file
    /// being read): what the status bar says and the share done, where known.
    pub fn long_work(&self) -> Option<(String, Option<f32>)> {
        self.app.long_work.status()
    }

    /// The open document.
    pub fn doc(&self) -> &'a OpenMap {
        &self.app.doc
    }

    /// The camera.
    pub fn camera(&self) -> &'a Camera {
        self.app.canvas.camera()
    }

    /// The player window's camera while it pans and zooms on its own.
    pub fn player_camera(&self) -> Option<Camera> {
        self.app.windows.player().own_camera()
    }

    /// The hex under the pointer (on the map or not), if the pointer is over the canvas.
    pub fn hovered(&self) -> Option<Hex> {
        self.app.canvas.hovered()
    }

    /// Heap bytes of the cached chunk meshes and textures (memory reports).
    pub fn cached_chunk_bytes(&self) -> usize {
        self.app.canvas.chunks().cached_bytes()
    }

    /// Recent frame times (the status-bar readout).
    pub fn frame_stats(&self) -> &'a frame_stats::FrameStats {
        self.app.canvas.frame_stats()
    }

    /// The canvas rectangle of the last frame.
    pub fn canvas_rect(&self) -> egui::Rect {
        self.app.canvas.view()
    }

    /// The error message on show, if any.
    pub fn error(&self) -> Option<&'a str> {
        self.app.windows.error()
    }

    /// True while the "save changes?" prompt is open.
    pub fn prompt_open(&self) -> bool {
        self.app.windows.unsaved_open()
    }

    /// The window title the editor asked for.
    pub fn title(&self) -> &'a str {
        &self.app.title
    }

    /// The current tool.
    pub fn tool(&self) -> Tool {
        self.app.tools.tool()
    }

    /// Overlay settings.
    pub fn overlays(&self) -> &'a OverlayState {
        self.app.canvas.overlays()
    }

    /// The hexes each enabled overlay marks for the current hover (what is drawn).
    pub fn overlay_result(&self) -> overlays::OverlayResult {
        self.app.canvas.last_overlay().clone()
    }

    /// The selected hexes.
    pub fn selection(&self) -> &'a [Hex] {
        self.app.tools.selection().hexes()
    }

    /// The icon the icon tool selected (its hex and place in the hex's list), if any.
    pub fn selected_icon(&self) -> Option<(Hex, usize)> {
        self.app.tools.icons().selected()
    }

    /// The label the label tool selected, if any.
    pub fn selected_label(&self) -> Option<hexmap_map::LabelId> {
        self.app.tools.labels().selected()
    }

    /// The named region the region tool paints into, if any.
    pub fn current_region(&self) -> Option<hexmap_map::RegionId> {
        self.app.tools.regions().current()
    }

    /// True while the label tool's text field is open on the canvas.
    pub fn label_field_open(&self) -> bool {
        self.app.tools.labels().draft_target().is_some()
    }

    /// The path the path tool selected, if any.
    pub fn selected_path(&self) -> Option<hexmap_map::PathId> {
        self.app.tools.features().selected_path()
    }

    /// The minesweeper session while in play mode.
    pub fn play(&self) -> Option<&'a play::PlaySession> {
        self.app.play.as_ref()
    }

    /// True while input that arrived in one frame waits to be given to egui in the next
    /// (`EditorApp::raw_input_hook`).
    pub fn input_waiting(&self) -> bool {
        self.app.input_steps.waiting()
    }

    /// True while the map's images are read and decoded off the UI pass.
    pub fn images_loading(&self) -> bool {
        self.app.canvas.images().loading()
    }

    /// The export running on a worker thread, if any.
    pub fn export_job(&self) -> Option<&'a export_import::ExportJob> {
        self.app.file_work.export()
    }

    /// The file dialog on screen and what continues with its answer, if any.
    pub fn pending_dialog(&self) -> Option<&'a PendingDialog> {
        self.app.file_work.pending()
    }

    /// Warnings of the last Tiled import still on show.
    pub fn import_warnings(&self) -> &'a [String] {
        self.app.windows.import_warnings()
    }

    /// The last information message (saved, exported, imported).
    pub fn info(&self) -> Option<&'a str> {
        self.app.windows.info()
    }

    /// Persisted preferences.
    pub fn prefs(&self) -> &'a Prefs {
        &self.app.prefs
    }

    /// Statistics of the last chunk paint.
    pub fn paint_stats(&self) -> chunks::PaintStats {
        self.app.canvas.chunks().stats
    }

    /// World point → screen point for the current camera and canvas (for tests).
    pub fn world_to_screen(&self, p: hexmap_hex::Point) -> egui::Pos2 {
        let canvas = &self.app.canvas;
        canvas.camera().world_to_screen(canvas.view(), p)
    }

    /// Screen centre of a hex (for tests).
    pub fn hex_to_screen(&self, h: Hex) -> egui::Pos2 {
        self.world_to_screen(self.app.doc.layout().hex_to_pixel(h))
    }
}
