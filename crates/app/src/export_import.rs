//! Export to other tools' formats (off the UI thread, with a progress bar) and import of
//! Tiled maps as a new unsaved document. The UI here only edits forms and returns
//! [`Action`]s; the work runs after the UI pass and on a worker thread.

use super::background::{Job, JobEnd};
use super::dialogs::DialogRequest;
use super::jobs::PendingDialog;
use super::open_map::OpenMap;
use super::windows::Windows;
use super::{Action, EditorApp};
use eframe::egui;
use hexmap_hex::CoordSystem;
use hexmap_io::format::{self, Format, FormatOption, WriteJob, WriteOptions};
use hexmap_map::HexMap;
use std::path::{Path, PathBuf};

/// What the export window asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportSpec {
    /// The file format.
    pub format: &'static dyn Format,
    /// Form, labels, mines, grid and hex pixels (each format takes some).
    pub options: WriteOptions,
}

impl Default for ExportSpec {
    fn default() -> Self {
        ExportSpec {
            format: format::by_name("png").unwrap_or(format::FORMATS[0]),
            options: WriteOptions::default(),
        }
    }
}

/// An export running off the UI pass, and the file it writes.
pub struct ExportJob {
    job: Job<Result<(), String>>,
    path: PathBuf,
}

impl ExportJob {
    /// Start exporting a copy of `map` to `path` off the UI pass (a thread on the desktop,
    /// steps between frames in a browser); Cancel stops it before it writes anything.
    fn start(map: HexMap, spec: ExportSpec, path: PathBuf, ctx: &egui::Context) -> Self {
        let target = path.clone();
        let job = Job::start(ctx, move |mut progress| async move {
            write_export(&map, &spec, &target, &mut progress)
                .await
                .map_err(|e| format!("export to {} failed: {e}", target.display()))
        });
        ExportJob { job, path }
    }

    /// Stop the export at its next pause, before it writes anything.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Whether Cancel was pressed.
    pub fn is_cancelled(&self) -> bool {
        self.job.is_cancelled()
    }

    /// The share done, 0 to 1.
    pub fn progress(&self) -> f32 {
        self.job.progress()
    }

    /// The file being written.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Write `map` as `spec` asks to `path`, with its side files beside it, through the
/// platform's storage (files, or downloads in a browser), pausing where the format pauses.
async fn write_export(
    map: &HexMap,
    spec: &ExportSpec,
    path: &Path,
    progress: &mut dyn FnMut(f32),
) -> Result<(), format::WriteError> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format::WriteError::NoFileName(path.to_owned()))?;
    let out = spec
        .format
        .write_in_steps(WriteJob::new(map, &spec.options, name, progress))
        .await?;
    let storage = super::storage::current();
    let folder = path.parent().unwrap_or(Path::new(""));
    for (side_name, bytes) in &out.side {
        let side = folder.join(side_name);
        storage
            .write(&side, bytes)
            .map_err(|source| format::WriteError::Write { path: side, source })?;
    }
    storage
        .write(path, &out.main)
        .map_err(|source| format::WriteError::Write {
            path: path.to_owned(),
            source,
        })?;
    progress(1.0);
    Ok(())
}

/// Open the export window.
pub(super) fn open_export_window(app: &mut EditorApp) {
    let mut form = app.windows.export_form.take().unwrap_or_default();
    // The legend starts as the map's view settings have it: beside a picture, on its own
    // page of a print.
    let print = form.format.name() == "pdf";
    form.options.legend =
        (app.doc.map().view().legend).map(|_| hexmap_draw::legend::LegendPlace::default_for(print));
    app.windows.export_form = Some(form);
}

/// Ask where to export (after the window's "Export" button).
pub(super) fn request_export_path(app: &mut EditorApp, spec: ExportSpec) {
    let stem = app
        .doc
        .suggested_file_name()
        .rsplit_once('.')
        .map_or_else(|| "map".to_string(), |(s, _)| s.to_string());
    let request = DialogRequest::Export {
        suggested: format!("{stem}.{}", spec.format.extensions()[0]),
        format: spec.format,
    };
    app.ask_file(request, PendingDialog::Export { spec });
}

/// The export path was chosen: start the job (pictures and Tiled's tileset drawn with the
/// images the editor loaded for the map).
pub(super) fn start_export(
    app: &mut EditorApp,
    mut spec: ExportSpec,
    path: PathBuf,
    ctx: &egui::Context,
) {
    spec.options.images = Some(app.canvas.images.shared());
    // A RON or JSON copy in another folder names the same image files from there.
    let rebased = match app.doc.path() {
        Some(from) if hexmap_io::image_paths::format_names_images(spec.format.name()) => {
            hexmap_io::image_paths::copy_for(app.doc.map(), from, &path).unwrap_or(None)
        }
        _ => None,
    };
    let map = rebased.unwrap_or_else(|| app.doc.map().clone());
    app.jobs.export = Some(ExportJob::start(map, spec, path, ctx));
}

/// Ask for a Tiled map to import.
pub(super) fn request_import_path(app: &mut EditorApp) {
    app.ask_file(DialogRequest::ImportTiled, PendingDialog::ImportTiled);
}

/// Read a map in any format the registry reads (a Tiled TMX or TMJ map) as a new unsaved
/// document, keeping its warnings.
pub fn import_tiled(path: &Path) -> Result<(OpenMap, Vec<String>), String> {
    let storage = super::storage::current();
    let bytes = storage
        .read(path)
        .map_err(|e| format::ReadError::reading(path, e).to_string())?;
    let folder = path.parent().unwrap_or(Path::new(""));
    let imported = format::read_bytes(path, &bytes, storage.resources(folder).as_ref())
        .map_err(|e| e.to_string())?;
    Ok((OpenMap::from_map(imported.map), imported.warnings))
}

/// Import `path` and open it (the unsaved-changes check already happened).
pub(super) fn open_import(app: &mut EditorApp, path: &Path) {
    match import_tiled(path) {
        Ok((doc, warnings)) => adopt_import(app, path, doc, warnings),
        Err(message) => app.windows.error = Some(message),
    }
}

/// Make `doc`, imported from `path`, the editor's map: a new unsaved map (Save writes it
/// as .ron), with what the import could not keep listed.
pub(super) fn adopt_import(app: &mut EditorApp, path: &Path, doc: OpenMap, warnings: Vec<String>) {
    app.replace_doc(doc);
    app.windows.error = None;
    app.windows.info = Some(format!(
        "Imported {} (a new map: Save writes it as .ron)",
        path.display()
    ));
    app.windows.import_warnings = warnings;
}

/// Collect progress and the result of a running export.
pub(super) fn poll_job(app: &mut EditorApp) {
    let Some(job) = app.jobs.export.as_mut() else {
        return;
    };
    let Some(end) = job.job.poll() else {
        return;
    };
    match end {
        JobEnd::Done(Ok(())) => app.windows.info = Some(format!("Exported {}", job.path.display())),
        JobEnd::Done(Err(message)) => app.windows.error = Some(message),
        JobEnd::Cancelled => {
            app.windows.info = Some(format!(
                "Export cancelled: nothing was written to {}",
                job.path.display()
            ))
        }
    }
    app.jobs.export = None;
}

/// The export form, the progress window of `job` and the import warnings.
pub(super) fn windows(
    ctx: &egui::Context,
    windows: &mut Windows,
    doc: &OpenMap,
    job: Option<&ExportJob>,
) -> Vec<Action> {
    let mut out = Vec::new();
    let systems = doc.coord_context().own_systems();
    export_window(ctx, windows, systems, doc.map().scale().is_some(), &mut out);
    if let Some(job) = job {
        super::windows::placed(ctx, egui::Window::new("Exporting"))
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label(job.path.display().to_string());
                ui.add(egui::ProgressBar::new(job.progress()).show_percentage());
                if job.is_cancelled() {
                    ui.label("Cancelling…");
                } else if ui.button("Cancel").clicked() {
                    job.cancel();
                }
            });
    }
    if !windows.import_warnings.is_empty() {
        let mut ok = false;
        super::windows::placed(ctx, egui::Window::new("Import warnings"))
            .collapsible(false)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(300.0)
                    .show(ui, |ui| {
                        for w in &windows.import_warnings {
                            ui.label(w);
                        }
                    });
                ok = ui.button("OK").clicked();
            });
        if ok {
            windows.import_warnings.clear();
        }
    }
    out
}

fn export_window(
    ctx: &egui::Context,
    windows: &mut Windows,
    systems: [CoordSystem; 6],
    has_scale: bool,
    out: &mut Vec<Action>,
) {
    let Some(form) = windows.export_form.as_mut() else {
        return;
    };
    let mut go = false;
    let mut cancel = false;
    super::windows::placed(ctx, egui::Window::new("Export"))
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label("Format");
            for f in format::writers() {
                ui.radio_value(&mut form.format, f, f.description());
            }
            let takes = |o: FormatOption| form.format.options().contains(&o);
            let (form_opt, labels, mines, grid, pixels) = (
                takes(FormatOption::Form),
                takes(FormatOption::Labels),
                takes(FormatOption::Mines),
                takes(FormatOption::Grid),
                takes(FormatOption::HexPixels),
            );
            ui.separator();
            ui.add_enabled_ui(form_opt, |ui| {
                ui.horizontal(|ui| {
                    ui.label("Form");
                    for f in [hexmap_io::Form::Offset, hexmap_io::Form::Cube] {
                        ui.radio_value(&mut form.options.form, f, f.name());
                    }
                });
            });
            ui.add_enabled_ui(labels, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Labels");
                    ui.radio_value(&mut form.options.labels, None, "none");
                    for s in systems {
                        ui.radio_value(&mut form.options.labels, Some(s), s.name());
                    }
                });
            });
            ui.add_enabled_ui(mines, |ui| {
                ui.checkbox(&mut form.options.mines, "Draw mines");
            });
            ui.add_enabled_ui(grid, |ui| {
                ui.checkbox(&mut form.options.grid, "Draw grid");
            });
            ui.add_enabled_ui(takes(FormatOption::Legend), |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Legend");
                    ui.radio_value(&mut form.options.legend, None, "none");
                    for p in hexmap_draw::legend::LegendPlace::ALL {
                        ui.radio_value(&mut form.options.legend, Some(p), p.name());
                    }
                });
            });
            ui.add_enabled_ui(takes(FormatOption::ScaleBar) && has_scale, |ui| {
                ui.checkbox(&mut form.options.scale_bar, "Scale bar")
                    .on_disabled_hover_text(super::scale_form::NO_SCALE);
            });
            ui.add_enabled_ui(takes(FormatOption::Legend), |ui| {
                ui.checkbox(&mut form.options.underlay, "Draw underlay")
                    .on_hover_text("The map's tracing image under it (if it has one)");
            });
            let print_size = form.options.dpi.is_some();
            ui.add_enabled_ui(pixels && !print_size, |ui| {
                ui.horizontal(|ui| {
                    let l = ui.label("Hex pixels");
                    ui.add(egui::DragValue::new(&mut form.options.hex_pixels).range(2.0..=256.0))
                        .labelled_by(l.id);
                });
            });
            if takes(FormatOption::Dpi) {
                print_size_fields(ui, &mut form.options);
            }
            if takes(FormatOption::Pages) {
                ui.label(format!(
                    "Hex size {}, paper {}: set them in File → Print / Export PDF…",
                    form.options.print.hex_size, form.options.print.paper
                ));
            }
            ui.separator();
            ui.horizontal(|ui| {
                go = ui.button("Choose file and export…").clicked();
                cancel = ui.button("Cancel").clicked();
            });
            // Enter exports, unless a number or text is being typed.
            if !ui.ctx().egui_wants_keyboard_input() {
                go |= ui.input(|i| i.key_pressed(egui::Key::Enter));
            }
        });
    if go {
        let spec = form.clone();
        windows.export_form = None;
        out.push(Action::Export(spec));
    } else if cancel {
        windows.export_form = None;
    }
}

/// A picture for print: the resolution and the hex size on paper (the hex size in pixels
/// then follows from them).
fn print_size_fields(ui: &mut egui::Ui, options: &mut WriteOptions) {
    let mut on = options.dpi.is_some();
    ui.checkbox(&mut on, "Print size (dpi and hex size on paper)");
    options.dpi = match (on, options.dpi) {
        (false, _) => None,
        (true, dpi) => Some(dpi.unwrap_or(300.0)),
    };
    if let Some(dpi) = options.dpi.as_mut() {
        ui.horizontal(|ui| {
            let l = ui.label("DPI");
            ui.add(egui::DragValue::new(dpi).range(10.0..=2400.0))
                .labelled_by(l.id);
            let mut mm = options.print.hex_size.to_mm();
            let l = ui.label("Hex size, flat to flat (mm)");
            ui.add(egui::DragValue::new(&mut mm).range(2.0..=500.0).speed(0.1))
                .labelled_by(l.id);
            options.print.hex_size = hexmap_draw::print::Length::mm(mm);
            ui.label(format!("= {:.3} in", mm / hexmap_draw::print::MM_PER_INCH));
        });
    }
}
