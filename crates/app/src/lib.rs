//! The egui editor (feature `gui`): an eframe app on top of the document (`map`) and files
//! (`io`).
//!
//! [`EditorApp`] is a few parts, each owning its state (its fields private to its file;
//! other files call its methods):
//!
//! | part | type | holds |
//! |---|---|---|
//! | `prefs` | [`Prefs`] | what is kept between runs (recent files, panels, brush) |
//! | `doc` | [`open_map::OpenMap`] | the open map, its undo history, its file and form |
//! | `canvas` | [`canvas::Canvas`] | camera, view, chunk cache, hover, layers, frame times; the overlays ([`canvas::overlays`]), legend, spill, image textures, underlay handles |
//! | `tools` | [`tools::Tools`] | current tool and terrain, drag gesture, selection, clipboard, paste; edge and path types and the selected path ([`tools::feature_tools`]); the icon, label and region tools |
//! | `windows` | [`windows::Windows`] | each open window's form, messages, the questions (unsaved changes, changed on disk, recovered changes, a browser's images), the player window and players' view |
//! | `file_work` | [`files::FileWork`] | file dialogs (native or the built-in one) and the one pending, the export job, autosave |
//! | `play` | [`PlaySession`] | the minesweeper game while in play mode |
//! | `no_map` | `windows::no_map::NoMap` | why no map is open (the file given at startup failed) |
//!
//! The source is in folders by job: `tools/` (the tools and what they draw), `panels/` (menus,
//! toolbar, side panels, status bar), `windows/` (each window and its form), `canvas/` (camera,
//! overlays, chunked drawing and everything shown over the map), `files/` (file dialogs,
//! autosave, storage, preferences, work off the frame), `actions/` (what changes more than one
//! part).
//!
//! A frame (`EditorApp::show`) polls the file work, then runs the UI: menus, toolbar, side panels
//! and status bar (`panels`), the canvas, the windows. Each borrows only the parts it needs
//! and returns [`Action`]s; `run_actions` (in `actions`) applies them after the UI pass.
//! Whatever changes more than one part is a method of `EditorApp` in `actions/`.
//! Map content is drawn by `draw` through [`canvas::painter`]. Tests read the editor through
//! [`EditorApp::view`].

mod actions;
pub mod canvas;
mod editor_view;
mod entry;
pub mod files;
mod fonts;
pub mod open_map;
mod panels;
pub mod tools;
pub mod windows;

pub use actions::{Action, UnsavedPrompt};
pub use canvas::chunks::PaintStats;
pub use canvas::frame_stats::FrameStats;
pub use canvas::overlays::OverlayResult;
pub use editor_view::EditorView;
#[cfg(not(target_arch = "wasm32"))]
pub use entry::run;
#[cfg(target_arch = "wasm32")]
pub use entry::start_web;
pub use files::PendingDialog;
pub use files::autosave::Autosave;
pub use files::prefs::Prefs;
pub use tools::play::PlaySession;
pub use windows::export_import::ExportJob;

use canvas::Canvas;
use canvas::camera::Camera;
use canvas::overlays::OverlayState;
use eframe::egui;
use files::FileWork;
use files::dialogs::FileDialogs;
use open_map::OpenMap;
use std::path::PathBuf;
use tools::Tools;
use windows::Windows;

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

/// The editor: its parts (see the module documentation) and the actions of this frame.
pub struct EditorApp {
    /// Persisted preferences.
    prefs: Prefs,
    /// Whether `prefs` are loaded from and saved to eframe's storage.
    persist: bool,
    /// The open document.
    doc: OpenMap,
    /// The map canvas: view, caches, hover, overlays.
    canvas: Canvas,
    /// Tools and what they hold (gesture, selection, clipboard).
    tools: Tools,
    /// Open windows and messages.
    windows: Windows,
    /// File dialogs, the export thread, autosave.
    file_work: FileWork,
    /// Work on the map too long for a frame (a huge fill, a large file being read).
    long_work: files::long_work::LongWork,
    /// The minesweeper game while in play mode.
    play: Option<tools::play::PlaySession>,
    /// Set while no map is open: the file given at startup could not be opened.
    no_map: Option<windows::no_map::NoMap>,
    /// Actions collected during the current frame.
    actions: Vec<Action>,
    /// The window title last asked for.
    title: String,
    /// Set once the user agreed to close with unsaved changes (or there were none).
    close_allowed: bool,
    /// The question for a map's images in a browser.
    /// Input that arrived with an earlier frame's, given to egui a frame later.
    input_steps: canvas::input_steps::InputSteps,
    /// The players' window of a browser (another browser window), while it is fed.
    player_link: Option<windows::player_page::PlayerLink>,
}

impl EditorApp {
    /// The editor as eframe creates it: restores preferences, opens `options.path` (or the
    /// bundled sample), and uses real file dialogs unless others are given.
    pub fn new(cc: &eframe::CreationContext<'_>, options: StartOptions) -> Self {
        fonts::install(&cc.egui_ctx);
        let prefs = if options.persist {
            cc.storage
                .and_then(|s| eframe::get_value::<Prefs>(s, files::prefs::STORAGE_KEY))
                .unwrap_or_default()
        } else {
            Prefs::default()
        };
        let dialogs = options
            .dialogs
            .unwrap_or_else(|| files::storage::platform_dialogs(&cc.egui_ctx));
        let start = match &options.path {
            // Never shown: a placeholder until the file opens (or another map does).
            Some(_) => {
                OpenMap::new_map(&open_map::NewMapSpec::default()).expect("default spec is valid")
            }
            None => OpenMap::sample(),
        };
        let mut app = Self::with_doc(start, dialogs);
        app.prefs = prefs;
        app.prefs.resolve_recent();
        app.persist = options.persist;
        let data_dir = options.data_dir.or_else(files::storage::data_dir);
        app.file_work.autosave_mut().set_data_dir(data_dir);
        let store = files::storage::current().autosaves();
        app.file_work.autosave_mut().set_store(store);
        match options.path {
            Some(path) => app.open_at_start(&cc.egui_ctx, path),
            None => app.check_recovery(),
        }
        app
    }

    /// Open the map given on the command line; if it cannot be opened, no map is open:
    /// the error shows on an empty screen with Open, New and Retry. A large file is read
    /// off the frame, that screen saying so meanwhile.
    fn open_at_start(&mut self, ctx: &egui::Context, path: PathBuf) {
        self.no_map = Some(windows::no_map::NoMap {
            path: path.clone(),
            message: String::new(),
        });
        self.open_path(ctx, &path);
    }

    /// The editor on a given document with given dialogs, no persistence (for tests).
    pub fn with_doc(doc: OpenMap, dialogs: Box<dyn FileDialogs>) -> Self {
        let mut app = EditorApp {
            prefs: Prefs::default(),
            persist: false,
            canvas: Canvas::new(),
            tools: Tools::new(&doc),
            doc,
            windows: Windows::default(),
            file_work: FileWork::new(dialogs),
            long_work: Default::default(),
            play: None,
            no_map: None,
            actions: Vec::new(),
            title: String::new(),
            close_allowed: false,
            input_steps: Default::default(),
            player_link: files::storage::players_relink()
                .map(windows::player_page::PlayerLink::new),
        };
        app.reset_view();
        app
    }

    /// Use `dir` for recovery files of untitled maps, and offer a newer one there now (as
    /// at startup).
    pub fn with_data_dir(mut self, dir: PathBuf) -> Self {
        self.file_work.autosave_mut().set_data_dir(Some(dir));
        self.check_recovery();
        self
    }

    /// Keep unsaved work in `store`'s slots, as a browser page does, and offer what pages
    /// that are gone left there (as at a page's start).
    pub fn with_autosave_store(
        mut self,
        store: std::sync::Arc<dyn files::browser_autosave::AutosaveStore>,
    ) -> Self {
        self.file_work.autosave_mut().set_store(Some(store));
        self.check_recovery();
        self
    }

    /// Set the seconds between autosaves (0 turns autosave off).
    pub fn set_autosave_secs(&mut self, secs: u32) {
        self.prefs.autosave_secs = secs;
    }

    /// Put the camera somewhere (tests, benchmarks); cancels a pending "fit map".
    pub fn set_camera(&mut self, camera: Camera) {
        self.canvas.set_camera(camera);
    }

    /// Replace the overlay switches and parameters (tests, benchmarks).
    pub fn set_overlays(&mut self, overlays: OverlayState) {
        *self.canvas.overlays_mut() = overlays;
    }

    /// Ask for an action; it runs after the current UI pass.
    pub fn push(&mut self, action: Action) {
        self.actions.push(action);
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        if let Some(cpu) = frame.info().cpu_usage {
            self.canvas.frame_stats_mut().record_whole(cpu);
        }
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.persist {
            eframe::set_value(storage, files::prefs::STORAGE_KEY, &self.prefs);
        }
    }

    fn persist_egui_memory(&self) -> bool {
        false
    }

    /// Feed egui a click, or typed text before a Tab, one frame at a time
    /// ([`canvas::input_steps`]): quick input that arrives several to a slow frame is not lost.
    fn raw_input_hook(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        self.input_steps.split(ctx, raw_input);
    }

    // The web page reaches the editor when it is hidden or closed (`entry::start_web`).
    #[cfg(target_arch = "wasm32")]
    fn as_any_mut(&mut self) -> Option<&mut dyn std::any::Any> {
        Some(&mut *self)
    }
}

impl EditorApp {
    /// One frame of the whole editor in `ui` (what eframe's `App::ui` runs; benchmarks and
    /// tests call it on a bare `egui::Context`). Its own time goes to the frame readout.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let started = web_time::Instant::now();
        let ctx = ui.ctx().clone();
        files::background::run_steps(&ctx);
        self.file_work
            .set_always_builtin(self.prefs.builtin_file_dialog);
        self.poll_dialogs(&ctx);
        self.poll_export();
        self.handle_close_request(&ctx);
        self.handle_dropped_files(&ctx);
        if ctx.input(|i| i.events.contains(&egui::Event::WindowFocused(true))) {
            self.check_disk();
        }
        // Keys belong to a question while one is up (the built-in file dialog, the
        // changed-on-disk and restore questions, the unsaved-changes prompt: any modal
        // shown last frame), never to the tools behind it.
        let asking = self.file_work.builtin().is_some()
            || self.windows.disk_conflict().is_some()
            || ctx.memory(|m| m.top_modal_layer().is_some());
        // An open menu or combo box owns Escape (it closes it) and the click that closes
        // it: neither reaches the tools or the canvas behind it.
        let popup_open = egui::Popup::is_any_open(&ctx);
        // Escape closes the Note window as its Cancel does, before it can reach the tools
        // (where it would deselect); the text typed is dropped, as the user asked.
        if self.windows.note_open()
            && !asking
            && !popup_open
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
        {
            self.windows.close_note();
        }
        let tool_before = self.tools.tool();
        // The players' view takes no tool keys: no tool acts, none reads a hex.
        let players = self.windows.player().on_main();
        if self.play.is_none() && !asking && !players {
            let at = (self.doc.form(), self.doc.map(), self.doc.member_index());
            let keys =
                panels::shortcuts::handle(&ctx, &mut self.tools, &mut self.prefs, at, popup_open);
            self.actions.extend(keys);
            if self.tools.tool() == tools::Tool::Fog
                && self.prefs.tools.fog_click == files::prefs::FogClick::Party
                && !popup_open
            {
                let steps = panels::party_controls::keys(&ctx, &self.doc, &self.prefs.tools);
                self.actions.extend(steps);
            }
        }
        if let Some(no_map) = &self.no_map {
            let mut asked = panels::file_menu::start_menu_bar(ui, &mut self.prefs);
            let working = self.long_work.status();
            let working = working.as_ref().map(|(what, done)| (what.as_str(), *done));
            asked.extend(windows::no_map::screen(
                ui,
                no_map,
                self.windows.info(),
                working,
            ));
            asked.extend(self.dialog_windows(ctx.clone()));
            self.actions.extend(asked);
        } else {
            self.ui_pass(ui, &ctx, popup_open);
        }
        if self.tools.tool() != tool_before {
            self.keep_note_draft();
        }
        // After the UI pass, which showed the work as running: what it finished goes in,
        // and the actions that waited run first.
        self.poll_long_work(&ctx);
        self.run_actions(&ctx);
        self.after_actions(&ctx);
        self.canvas
            .frame_stats_mut()
            .record_editor(started.elapsed());
    }

    /// Every panel, the canvas and the windows, each on the parts it needs; what they ask
    /// for is collected in `self.actions`.
    fn ui_pass(&mut self, ui: &mut egui::Ui, ctx: &egui::Context, popup_open: bool) {
        let playing = self.play.is_some();
        // In the players' view the window shows what the player window shows: the
        // players' map, no tool, panel or readout of the GM's (`panels::Mode`).
        let mode = if playing {
            panels::Mode::Playing
        } else if self.windows.player().on_main() {
            panels::Mode::Players
        } else {
            panels::Mode::Editing
        };
        let mut asked = panels::menu_bar(ui, &mut self.prefs, (&self.doc, &self.tools), mode);
        asked.extend(panels::toolbar::toolbar(
            ui,
            &mut self.tools,
            &mut self.prefs,
            (&self.doc, mode),
        ));
        if mode == panels::Mode::Editing {
            asked.extend(panels::maps_panel::breadcrumb(ui, &self.doc));
        }
        let working = self.long_work.status();
        let messages = panels::status_bar::Messages {
            info: self.windows.info(),
            warning: self.windows.warning().or(self.canvas.images().warning()),
            selected: self.tools.selection().len(),
            loading_images: self.canvas.images().loading(),
            working: working.as_ref().map(|(what, done)| (what.as_str(), *done)),
        };
        let measure = (self.tools.tool() == tools::Tool::Measure && mode == panels::Mode::Editing)
            .then_some(self.tools.measure_anchor())
            .flatten()
            .map(|a| (a, self.prefs.tools.measure_speed));
        let players = self.windows.player().on_main();
        asked.extend(panels::status_bar::status_bar(
            ui,
            (&self.canvas, players),
            &self.doc,
            messages,
            self.play.as_ref(),
            measure,
        ));
        if let Some(session) = &mut self.play {
            asked.extend(tools::play::bar(ui, session));
            let mut parts = tools::play::PlayParts {
                canvas: &mut self.canvas,
                doc: &self.doc,
                play: &mut self.play,
                popup_open,
            };
            egui::CentralPanel::default()
                .frame(egui::Frame::NONE)
                .show(ui, |ui| tools::play::canvas(&mut parts, ui));
        } else {
            let panels = self.prefs.panels;
            let editing = mode == panels::Mode::Editing;
            // A narrow window (a phone) keeps its width for the map: the side panels are
            // drawers there, opened from a strip at each side.
            let narrow = panels::narrow(ctx);
            if editing
                && (panels.palette || panels.layers)
                && (!narrow || panels::drawer(ui, "terrain", true))
            {
                asked.extend(panels::left_panel(
                    ui,
                    &panels,
                    &self.doc,
                    &mut self.tools,
                    self.windows.terrain_editor(),
                    &mut self.canvas,
                ));
            }
            // The hex key's panel, outside the overlays' (which map properties replace).
            if editing && panels.key && (!narrow || panels::drawer(ui, "key", false)) {
                asked.extend(panels::key_panel::panel(ui, &self.doc));
            }
            if editing && panels.maps && (!narrow || panels::drawer(ui, "maps", false)) {
                let selected = self.tools.selection().hexes();
                asked.extend(panels::maps_panel::panel(ui, &self.doc, selected));
            }
            if editing && panels.properties && (!narrow || panels::drawer(ui, "properties", false))
            {
                asked.extend(panels::properties_panel::panel(
                    ui,
                    &self.doc,
                    &mut self.tools,
                ));
            }
            // Map properties take the overlays panel's place while open: beside the
            // canvas, never over the map or the reshape outline it previews.
            let anchor = self.canvas.overlays().anchor;
            if editing {
                asked.extend(self.windows.properties_panel(ui, &self.doc, anchor));
                if !self.windows.properties_open()
                    && panels.overlays
                    && (!narrow || panels::drawer(ui, "overlays", false))
                {
                    panels::right_panel(ui, &mut self.canvas, &self.doc);
                }
            }
            let (preview, player) = self.windows.canvas_parts();
            let mut parts = canvas::CanvasParts {
                canvas: &mut self.canvas,
                tools: &mut self.tools,
                doc: &self.doc,
                prefs: &self.prefs,
                preview,
                popup_open,
                player,
            };
            let drawn = egui::CentralPanel::default()
                .frame(egui::Frame::NONE)
                .show(ui, |ui| canvas::canvas(&mut parts, ui));
            asked.extend(drawn.inner);
        }
        asked.extend(self.dialog_windows(ctx.clone()));
        self.actions.extend(asked);
    }

    /// The windows and prompts over everything, the built-in file dialog on top.
    fn dialog_windows(&mut self, ctx: egui::Context) -> Vec<Action> {
        let ctx = &ctx;
        let anchor = self.canvas.overlays().anchor;
        let gm_camera = *self.canvas.camera();
        let (images, underlay) = self.canvas.window_parts();
        let shown = windows::Shown {
            doc: &self.doc,
            map_open: self.no_map.is_none(),
            playing: self.play.is_some(),
            anchor,
            export: self.file_work.export(),
            autosave: self.file_work.autosave(),
            images,
            underlay,
            gm_camera,
        };
        let mut asked = windows::show_all(ctx, &mut self.windows, shown);
        if let Some(dialog) = self.file_work.builtin_mut()
            && let Some(reply) = files::file_dialog::show(ctx, dialog, &self.prefs.recent)
        {
            asked.push(Action::DialogAnswer(reply));
        }
        asked
    }

    /// What follows the actions: autosave, redraw of what changed, the window title.
    fn after_actions(&mut self, ctx: &egui::Context) {
        let changed = self.doc.take_changed();
        if changed != open_map::Changed::Nothing {
            let now = ctx.input(|i| i.time);
            self.file_work.autosave_mut().note_change(now);
            // This frame's canvas was painted before the actions ran: show the change now,
            // not at the next input event.
            ctx.request_repaint();
        }
        self.autosave_tick(ctx);
        // A change of a parent hex (or a neighbour) of a child still as derived: offer to
        // derive it again (the offer goes when the change is undone).
        let near = match &changed {
            open_map::Changed::Cells {
                marked: Some(_), ..
            } => Some(None),
            open_map::Changed::Cells { hexes, .. } => Some(Some(hexes.as_slice())),
            _ => None,
        };
        if let Some(updates) = near.and_then(|near| self.doc.children_to_update(near)) {
            self.windows.offer_child_updates(updates);
        }
        // The player map is cut again for cells changed in bulk (it takes changes as a
        // list of cells).
        let follow = match changed.has_bulk() {
            true => &open_map::Changed::All,
            false => &changed,
        };
        self.windows.player_mut().follow(follow, &self.doc);
        if let Some(link) = &mut self.player_link {
            let camera = *self.canvas.camera();
            let now = ctx.input(|i| i.time);
            let revision = self.doc.revision();
            let cut = self.windows.player_mut().map(&self.doc);
            link.wake_on_hello(ctx);
            if link.sync(cut, revision, camera, now) {
                ctx.request_repaint_after(std::time::Duration::from_millis(250));
            }
        }
        self.canvas.redraw(&changed, &self.doc);
        // The palette may have changed (an undone "Add terrain"): the brush keeps a
        // terrain that exists.
        if changed == open_map::Changed::All {
            self.tools.keep_terrain_valid(&self.doc);
        }
        self.update_title(ctx);
    }
}
