//! Export to other tools' formats (off the UI thread, with a progress bar) and import of
//! Tiled maps as a new unsaved document. The UI here only edits forms and returns
//! [`Action`]s; the work runs after the UI pass and on a worker thread.

use crate::Action;
use crate::files::background::{Job, JobEnd};
use crate::open_map::OpenMap;
use crate::windows::{EditorWindow, Shown};
use eframe::egui;
use hexmap_hex::CoordSystem;
use hexmap_io::format::{self, Format, FormatOption, WriteOptions};
use hexmap_map::HexMap;
use std::path::{Path, PathBuf};

/// The name of the switch that exports only what the players see.
pub const PLAYER_VIEW: &str = "Player view (only what the players see)";

/// What the player view leaves out, for its switch's hover text.
pub const PLAYER_VIEW_HINT: &str = "A handout for the players: hidden hexes are fog, and no \
     GM-only item, note, hidden name or underlay is written (the player filter every \
     player output goes through)";

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
    pub(crate) fn start(map: HexMap, spec: ExportSpec, path: PathBuf, ctx: &egui::Context) -> Self {
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

    /// Once it has ended: what to tell the user (`Ok` a message, `Err` an error); `None`
    /// while it runs.
    pub(crate) fn poll(&mut self) -> Option<Result<String, String>> {
        Some(match self.job.poll()? {
            JobEnd::Done(Ok(())) => Ok(format!("Exported {}", self.path.display())),
            JobEnd::Done(Err(message)) => Err(message),
            JobEnd::Cancelled => Ok(format!(
                "Export cancelled: nothing was written to {}",
                self.path.display()
            )),
        })
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
    // The one writer every export goes through, the player view's cut included.
    let out = format::write_map_in_steps(map, spec.format, &spec.options, name, progress).await?;
    let storage = crate::files::storage::current();
    let folder = path.parent().unwrap_or(Path::new(""));
    // A browser downloads each file on its own: a table export made of several files
    // (a Foundry scene, a Godot level) or a folder of files (the key's Markdown vault)
    // goes as one zip instead.
    let tables = spec.format.options().contains(&FormatOption::BoardHex);
    let folder_main = spec.format.folder_main();
    if !storage.has_files() && (tables || folder_main.is_some()) && !out.side.is_empty() {
        let (zip_name, zip) = match folder_main {
            // The vault's folder is named as the file the user chose, less its extension.
            Some(main) => {
                out.as_folder_archive(name.rsplit_once('.').map_or(name, |(s, _)| s), main)
            }
            None => out.as_one_archive(name),
        };
        let zip_path = folder.join(zip_name);
        storage
            .write(&zip_path, &zip)
            .map_err(|source| format::WriteError::Write {
                path: zip_path,
                source,
            })?;
        progress(1.0);
        return Ok(());
    }
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

/// Read a map in any format the registry reads (a Tiled TMX or TMJ map) as a new unsaved
/// document, keeping its warnings.
pub fn import_tiled(path: &Path) -> Result<(OpenMap, Vec<String>), String> {
    let storage = crate::files::storage::current();
    let bytes = storage
        .read(path)
        .map_err(|e| format::ReadError::reading(path, e).to_string())?;
    let folder = path.parent().unwrap_or(Path::new(""));
    let imported = format::read_bytes(path, &bytes, storage.resources(folder).as_ref())
        .map_err(|e| e.to_string())?;
    Ok((OpenMap::imported(imported.map, path), imported.warnings))
}

/// The warnings of the last import, in their window while there are any.
#[derive(Debug, Default)]
pub(crate) struct ImportWarnings(pub(crate) Vec<String>);

impl EditorWindow for Option<ExportSpec> {
    /// The Export window while it is open, and the progress of the export running.
    fn show(&mut self, ctx: &egui::Context, shown: &mut Shown<'_>, out: &mut Vec<Action>) {
        let systems = shown.doc.coord_context().own_systems();
        export_window(ctx, self, (systems, shown.doc.map()), out);
        if let Some(job) = shown.export {
            crate::windows::placed(ctx, egui::Window::new("Exporting"))
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
    }
}

impl EditorWindow for ImportWarnings {
    fn show(&mut self, ctx: &egui::Context, _: &mut Shown<'_>, _: &mut Vec<Action>) {
        if self.0.is_empty() {
            return;
        }
        let mut ok = false;
        crate::windows::placed(ctx, egui::Window::new("Import warnings"))
            .collapsible(false)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(300.0)
                    .show(ui, |ui| {
                        for w in self.0.iter() {
                            ui.label(w);
                        }
                    });
                ok = ui.button("OK").clicked();
            });
        if ok {
            self.0.clear();
        }
    }
}

fn export_window(
    ctx: &egui::Context,
    open: &mut Option<ExportSpec>,
    (systems, map): ([CoordSystem; 6], &HexMap),
    out: &mut Vec<Action>,
) {
    let Some(form) = open.as_mut() else {
        return;
    };
    let has_scale = map.scale().is_some();
    let mut go = false;
    let mut cancel = false;
    crate::windows::placed(ctx, egui::Window::new("Export"))
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label("Format");
            // Two columns, row by row: the list of formats stays short enough for the
            // window to fit below the bars on a small screen.
            egui::Grid::new("export-formats")
                .num_columns(2)
                .show(ui, |ui| {
                    for (i, f) in format::writers().enumerate() {
                        ui.radio_value(&mut form.format, f, f.description());
                        if i % 2 == 1 {
                            ui.end_row();
                        }
                    }
                });
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
                    .on_disabled_hover_text(crate::windows::scale_form::NO_SCALE);
            });
            let players = takes(FormatOption::PlayerView);
            if !players {
                form.options.player_view = false;
            }
            ui.add_enabled_ui(
                takes(FormatOption::Legend) && !form.options.player_view,
                |ui| {
                    ui.checkbox(&mut form.options.underlay, "Draw underlay")
                        .on_hover_text("The map's tracing image under it (if it has one)");
                },
            );
            ui.add_enabled_ui(players, |ui| {
                ui.checkbox(&mut form.options.player_view, PLAYER_VIEW)
                    .on_hover_text(PLAYER_VIEW_HINT);
            });
            let print_size = form.options.dpi.is_some();
            ui.add_enabled_ui(pixels && !print_size, |ui| {
                ui.horizontal(|ui| {
                    let l = ui.label("Hex pixels");
                    ui.add(egui::DragValue::new(&mut form.options.hex_pixels).range(2.0..=256.0))
                        .labelled_by(l.id);
                });
            });
            if takes(FormatOption::BoardHex) {
                ui.horizontal(|ui| {
                    let l = ui.label("Board hex, flat to flat (pixels)");
                    let (lo, hi) = hexmap_io::format::tables::board::BOARD_HEX_RANGE;
                    ui.add(
                        egui::DragValue::new(&mut form.options.board_hex)
                            .range(lo..=hi)
                            .speed(2.0),
                    )
                    .labelled_by(l.id);
                    // The consumers' half hexes stay whole: an even size.
                    form.options.board_hex += form.options.board_hex % 2;
                });
            }
            if takes(FormatOption::Compact) {
                ui.checkbox(&mut form.options.compact, "Compact (cells as arrays)")
                    .on_hover_text(
                        "One line, the cells as arrays in offset order instead of an \
                         object per cell: a fifth of the size or less, for games",
                    );
            } else {
                form.options.compact = false;
            }
            if pixels && !map.custom().types().is_empty() {
                tint_field(ui, map, &mut form.options.tint);
            } else {
                form.options.tint = None;
            }
            if takes(FormatOption::CsvValues) {
                csv_values_field(ui, map, &mut form.options.csv);
            }
            if takes(FormatOption::Dpi) {
                print_size_fields(ui, &mut form.options);
            }
            if takes(FormatOption::PngCompression) {
                ui.horizontal(|ui| {
                    ui.label("Compression").on_hover_text(
                        "fast: the default; small: about a sixth smaller, a third more time; \
                         fastest: one core, about twice the size. The pixels are the same.",
                    );
                    for c in hexmap_io::render::PngCompression::ALL {
                        ui.radio_value(&mut form.options.png_compression, c, c.name());
                    }
                });
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
        *open = None;
        out.push(Action::Export(spec));
    } else if cancel {
        *open = None;
    }
}

/// What a CSV grid holds: terrain ids, one of the map's numeric layers (elevation,
/// temperature, moisture) or one of its custom properties; a choice the map no longer
/// has (another map opened) goes back to terrain ids.
fn csv_values_field(ui: &mut egui::Ui, map: &HexMap, csv: &mut format::CsvValues) {
    use format::CsvValues;
    let mut choices = vec![CsvValues::Terrain];
    choices
        .extend(format::layers::numeric_layers(map).map(|l| CsvValues::Layer(l.name.to_owned())));
    choices.extend(
        map.custom()
            .types()
            .iter()
            .map(|t| CsvValues::Property(t.name.clone())),
    );
    if !choices.contains(csv) {
        *csv = CsvValues::Terrain;
    }
    let name = |c: &CsvValues| match c {
        CsvValues::Terrain => "terrain ids".to_owned(),
        CsvValues::Layer(n) => format!("layer {n}"),
        CsvValues::Property(n) => format!("property {n}"),
    };
    egui::ComboBox::new("csv values", "CSV grid of")
        .selected_text(name(csv))
        .show_ui(ui, |ui| {
            for c in &choices {
                let text = name(c);
                ui.selectable_value(csv, c.clone(), text);
            }
        })
        .response
        .on_hover_text("What each value of the grid is (the CLI's --layer and --property)");
}

/// A picture's tint by a custom property's value, as the canvas's Layers → Tint by.
fn tint_field(ui: &mut egui::Ui, map: &HexMap, tint: &mut Option<String>) {
    let types = map.custom().types();
    if tint
        .as_ref()
        .is_some_and(|n| map.custom().get_type(n).is_none())
    {
        *tint = None;
    }
    egui::ComboBox::new("export tint", "Tint hexes by")
        .selected_text(tint.as_deref().unwrap_or("none"))
        .show_ui(ui, |ui| {
            ui.selectable_value(tint, None, "none");
            for t in types {
                ui.selectable_value(tint, Some(t.name.clone()), t.name.as_str());
            }
        })
        .response
        .on_hover_text(
            "Tint each hex by its value of a property (GM-only ones not in a player view)",
        );
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
            ui.add(
                egui::DragValue::new(dpi).range(hexmap_io::DPI_RANGE.0..=hexmap_io::DPI_RANGE.1),
            )
            .labelled_by(l.id);
            let mut mm = options.print.hex_size.to_mm();
            let l = ui.label("Hex size, flat to flat (mm)");
            let (min_mm, max_mm) = hexmap_draw::print::HEX_SIZE_RANGE_MM;
            ui.add(
                egui::DragValue::new(&mut mm)
                    .range(min_mm..=max_mm)
                    .speed(0.1),
            )
            .labelled_by(l.id);
            options.print.hex_size = hexmap_draw::print::Length::mm(mm);
            ui.label(format!("= {:.3} in", mm / hexmap_draw::print::MM_PER_INCH));
        });
    }
}
