//! Export to other tools' formats (off the UI thread, with a progress bar) and import of
//! Tiled maps as a new unsaved document. The UI here only edits forms and pushes
//! [`Action`]s; the work runs in [`EditorApp::run`] and on a worker thread.

use super::dialogs::DialogRequest;
use super::doc::Doc;
use super::{Action, EditorApp};
use crate::io::export::{ExportFormat, ExportOptions, export_to_path, from_tiled};
use crate::io::tiled::{FolderResources, read_tiled};
use crate::map::HexMap;
use eframe::egui;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};

/// What the export window asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportSpec {
    /// The file format.
    pub format: ExportFormat,
    /// Labels, mines, grid and hex pixels (pictures only).
    pub options: ExportOptions,
}

impl Default for ExportSpec {
    fn default() -> Self {
        ExportSpec {
            format: ExportFormat::Png,
            options: ExportOptions::default(),
        }
    }
}

/// A message from the export thread.
enum JobMessage {
    Progress(f32),
    Done(Result<(), String>),
}

/// An export running on a worker thread.
pub struct ExportJob {
    rx: Receiver<JobMessage>,
    path: PathBuf,
    progress: f32,
}

impl ExportJob {
    /// Start exporting a copy of `map` to `path` on a thread that wakes `ctx` as it goes.
    fn start(map: HexMap, spec: ExportSpec, path: PathBuf, ctx: &egui::Context) -> Self {
        let (tx, rx) = channel();
        let target = path.clone();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let progress_tx = tx.clone();
            let progress_ctx = ctx.clone();
            let mut progress = move |share: f32| {
                // A closed channel means the app is gone; the export just finishes unseen.
                let _ = progress_tx.send(JobMessage::Progress(share));
                progress_ctx.request_repaint();
            };
            let result = export_to_path(&map, spec.format, &spec.options, &target, &mut progress)
                .map_err(|e| format!("export to {} failed: {e}", target.display()));
            let _ = tx.send(JobMessage::Done(result));
            ctx.request_repaint();
        });
        ExportJob {
            rx,
            path,
            progress: 0.0,
        }
    }

    /// The share done, 0 to 1.
    pub fn progress(&self) -> f32 {
        self.progress
    }

    /// The file being written.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Open the export window.
pub(super) fn open_export_window(app: &mut EditorApp) {
    app.export_form = Some(app.export_form.take().unwrap_or_default());
}

/// Ask where to export (after the window's "Export" button).
pub(super) fn request_export_path(app: &mut EditorApp, spec: ExportSpec) {
    let stem = app
        .doc
        .suggested_file_name()
        .rsplit_once('.')
        .map_or_else(|| "map".to_string(), |(s, _)| s.to_string());
    app.dialogs.request(DialogRequest::Export {
        suggested: format!("{stem}.{}", spec.format.name()),
        format: spec.format,
    });
    app.pending_export = Some(spec);
    app.awaiting_dialog.get_or_insert(None);
}

/// The export path was chosen: start the job.
pub(super) fn start_export(app: &mut EditorApp, path: PathBuf, ctx: &egui::Context) {
    let Some(spec) = app.pending_export.take() else {
        return;
    };
    app.export_job = Some(ExportJob::start(app.doc.map().clone(), spec, path, ctx));
}

/// Ask for a Tiled map to import.
pub(super) fn request_import_path(app: &mut EditorApp) {
    app.dialogs.request(DialogRequest::ImportTiled);
    app.awaiting_dialog.get_or_insert(None);
}

/// Read a Tiled map (TMX or TMJ) as a new unsaved document, keeping its warnings.
pub fn import_tiled(path: &Path) -> Result<(Doc, Vec<String>), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let folder = path.parent().unwrap_or(Path::new("")).to_path_buf();
    let file = path.display().to_string();
    let tiled = read_tiled(&text, &file, &FolderResources(folder)).map_err(|e| e.to_string())?;
    let (map, warnings) = from_tiled(&tiled).map_err(|e| format!("cannot import {file}: {e}"))?;
    Ok((Doc::from_map(map), warnings))
}

/// Import `path` and open it (the unsaved-changes check already happened).
pub(super) fn open_import(app: &mut EditorApp, path: &Path) {
    match import_tiled(path) {
        Ok((doc, warnings)) => {
            app.replace_doc(doc);
            app.error = None;
            app.info = Some(format!("Imported {}", path.display()));
            app.import_warnings = warnings;
        }
        Err(message) => app.error = Some(message),
    }
}

/// Collect progress and the result of a running export.
fn poll_job(app: &mut EditorApp) {
    let Some(job) = app.export_job.as_mut() else {
        return;
    };
    let mut done = None;
    while let Ok(message) = job.rx.try_recv() {
        match message {
            JobMessage::Progress(p) => job.progress = p.clamp(0.0, 1.0),
            JobMessage::Done(result) => done = Some(result),
        }
    }
    if let Some(result) = done {
        match result {
            Ok(()) => app.info = Some(format!("Exported {}", job.path.display())),
            Err(message) => app.error = Some(message),
        }
        app.export_job = None;
    }
}

/// The export form, the progress window and the import warnings.
pub(super) fn windows(app: &mut EditorApp, ctx: &egui::Context) {
    poll_job(app);
    export_window(app, ctx);
    if let Some(job) = &app.export_job {
        egui::Window::new("Exporting")
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label(job.path.display().to_string());
                ui.add(egui::ProgressBar::new(job.progress).show_percentage());
            });
    }
    if !app.import_warnings.is_empty() {
        let mut ok = false;
        egui::Window::new("Import warnings")
            .collapsible(false)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(300.0)
                    .show(ui, |ui| {
                        for w in &app.import_warnings {
                            ui.label(w);
                        }
                    });
                ok = ui.button("OK").clicked();
            });
        if ok {
            app.import_warnings.clear();
        }
    }
}

fn export_window(app: &mut EditorApp, ctx: &egui::Context) {
    let systems = app.doc.coord_context().own_systems();
    let Some(form) = app.export_form.as_mut() else {
        return;
    };
    let mut go = false;
    let mut cancel = false;
    egui::Window::new("Export")
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label("Format");
            for f in ExportFormat::ALL {
                ui.radio_value(&mut form.format, f, f.description());
            }
            let picture = matches!(form.format, ExportFormat::Png | ExportFormat::Svg);
            ui.add_enabled_ui(picture, |ui| {
                ui.separator();
                ui.horizontal_wrapped(|ui| {
                    ui.label("Labels");
                    ui.radio_value(&mut form.options.labels, None, "none");
                    for s in systems {
                        ui.radio_value(&mut form.options.labels, Some(s), s.name());
                    }
                });
                ui.checkbox(&mut form.options.mines, "Draw mines");
                ui.checkbox(&mut form.options.grid, "Draw grid");
                ui.horizontal(|ui| {
                    let l = ui.label("Hex pixels");
                    ui.add(egui::DragValue::new(&mut form.options.hex_pixels).range(2.0..=256.0))
                        .labelled_by(l.id);
                });
            });
            ui.separator();
            ui.horizontal(|ui| {
                go = ui.button("Choose file and export…").clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
    if go {
        let spec = form.clone();
        app.export_form = None;
        app.push(Action::Export(spec));
    } else if cancel {
        app.export_form = None;
    }
}
