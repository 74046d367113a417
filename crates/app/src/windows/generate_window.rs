//! The "Generate world" window (Map → Generate…): the generator's parameters, a
//! live preview of the whole map as it would be (drawn through `draw` by the PNG back-end
//! into a small texture), "Apply" as a new map (unsaved, named by the generator; the open
//! map's unsaved changes are asked about first), and buttons that run one stage again on
//! the open map as one undo step (new rivers, settlements or roads). It calls the
//! same library as `hexmap generate` (`hexmap_generate`). A map larger than the live
//! preview's limit is generated off the UI pass, with a spinner and Cancel, and applied
//! when ready if "Apply" was pressed. The "Biomes" section edits the biome table
//! (`generate_biomes`); the preview follows its edits as it follows the other fields.

use crate::Action;
use crate::open_map::OpenMap;
use crate::windows::generate_preview::{PREVIEW_PX, preview_in_steps};
use crate::windows::{EditorWindow, Shown};
use crate::windows::{placed, shape_fields};
use eframe::egui;
use hexmap_generate::latitude_span::{self, LatitudeSpan};
use hexmap_generate::{
    self as generate, BiomeTable, Climate, GenError, Preset, Spec, Wind, grid::Grid,
};
use hexmap_hex::{Orientation, Point};
use hexmap_map::{Edit, HexMap, MapEdit, ShapeSpec};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// Maps up to this many cells follow every change of the form; larger ones are drawn when
/// "Update preview" is pressed (a big map takes seconds to generate).
const LIVE_PREVIEW_CELLS: u64 = 40_000;

/// The widths of the window's two columns (the form and preview; the biome table), in
/// points: together they fit a 1280-point-wide window.
const LEFT_COLUMN: f32 = 430.0;
const RIGHT_COLUMN: f32 = 760.0;

/// The form: the parameters and the preview of the map they give.
pub struct GenerateForm {
    /// The map's shape.
    pub shape: ShapeSpec,
    /// Pointy or flat.
    pub orientation: Orientation,
    /// How the land is shaped.
    pub preset: Preset,
    /// Percent of cells below sea level.
    pub sea: u8,
    /// Choose the number of settlements (else one per 150 land cells, at least 3, at most 6,000).
    pub fixed_settlements: bool,
    /// The number of settlements when fixed.
    pub settlements: u32,
    /// Lay rivers.
    pub rivers: bool,
    /// Lay roads.
    pub roads: bool,
    /// Name landmasses, seas, lakes, rivers, ranges, forests and deserts.
    pub names: bool,
    /// Paint with the open map's terrains (matched by name).
    pub keep_palette: bool,
    /// The seed.
    pub seed: u64,
    /// Latitudes of the top and bottom edges, lapse rate and prevailing wind.
    pub climate: Climate,
    /// The biome table (kept in the preferences when it changes).
    pub biomes: BiomeTable,
    /// What the last action said.
    pub message: Option<String>,
    /// The map the form gives, drawn small.
    preview: Option<Preview>,
    /// A large map being generated off the UI pass.
    running: Option<Running>,
}

/// A generation running off the UI pass (`background::spawn_steps`: a thread on the
/// desktop, stage by stage between frames in a browser), so the window and the canvas keep answering while a
/// large world is made.
struct Running {
    spec: Spec,
    rx: Receiver<(Built, Option<egui::ColorImage>)>,
    /// Apply the map as soon as it is ready ("Apply" was pressed before it was).
    apply: bool,
}

/// A generated map, its picture and summary, and the spec it came from.
struct Preview {
    spec: Spec,
    /// `None` when the picture could not be drawn (the map can still be applied).
    texture: Option<egui::TextureHandle>,
    summary: String,
    map: HexMap,
}

impl std::fmt::Debug for GenerateForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GenerateForm")
            .field("shape", &self.shape)
            .field("preset", &self.preset)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

impl GenerateForm {
    /// A form for the open map: its shape and orientation, the island preset, seed 1, and
    /// the biome table kept in the preferences (`biomes`, a biome file's text; `None` for
    /// the standard table).
    pub fn for_map(map: &HexMap, biomes: Option<&str>) -> Self {
        let preset = Preset::Island;
        let (biomes, message) = crate::windows::generate_biomes::from_prefs(biomes);
        GenerateForm {
            shape: ShapeSpec::of(map.shape()).unwrap_or(ShapeSpec::Hexagon { radius: 20 }),
            orientation: map.properties().orientation,
            preset,
            sea: preset.default_sea(),
            fixed_settlements: false,
            settlements: 8,
            rivers: true,
            roads: true,
            names: true,
            keep_palette: false,
            seed: 1,
            climate: Climate::default(),
            biomes,
            message,
            preview: None,
            running: None,
        }
    }

    /// The generator's spec for the form, sized as the open map.
    fn spec(&self, map: &HexMap) -> Result<Spec, String> {
        let kind = hexmap_hex::OffsetKind::default_for(self.orientation);
        let shape = self
            .shape
            .to_shape(kind)
            .map_err(|e| format!("Bad shape: {e}"))?;
        // Named by the generator ("Generated continent 7"): Apply makes a new map.
        let mut spec = Spec::new(shape, self.orientation, self.preset, self.seed);
        spec.sea_percent = self.sea.min(100);
        spec.settlements = self.fixed_settlements.then_some(self.settlements);
        spec.rivers = self.rivers;
        spec.roads = self.roads;
        spec.names = self.names;
        spec.palette = self.keep_palette.then(|| map.palette().clone());
        spec.biomes = self.biomes.clone();
        self.climate
            .validate()
            .map_err(|e| format!("Bad climate: {e}"))?;
        spec.climate = self.climate;
        Ok(spec)
    }
}

/// Generate `spec` with hexes of `hex_size` (the open map's), pausing after each stage of
/// the generator (`generate::generate_in_steps`).
async fn build_in_steps(
    spec: &Spec,
    hex_size: Point,
) -> Result<(HexMap, generate::Report), GenError> {
    let (mut map, report) = generate::generate_in_steps(spec).await?;
    // The names move with the hexes (labels sit in world units).
    if map.resize_hexes(hex_size).is_err() {
        // The open map's hex size does not suit the new map: keep the default.
    }
    Ok((map, report))
}

/// Show a generation's result: its preview (the picture's `pixels` become a texture), or
/// why it failed.
fn show(
    ctx: &egui::Context,
    form: &mut GenerateForm,
    spec: &Spec,
    result: Built,
    pixels: Option<egui::ColorImage>,
) {
    match result {
        Ok((map, report)) => {
            let summary = summary(&map, &report);
            if form
                .message
                .as_deref()
                .is_some_and(|m| m.starts_with("Cannot generate"))
            {
                // The form gives a map again (a biome table put right).
                form.message = None;
            }
            form.preview = Some(Preview {
                spec: spec.clone(),
                texture: pixels
                    .map(|p| ctx.load_texture("generate preview", p, egui::TextureOptions::LINEAR)),
                summary,
                map,
            });
        }
        Err(e) => {
            // The old picture is not what the form gives any more.
            form.preview = None;
            form.message = Some(format!("Cannot generate: {e}"));
        }
    }
}

/// The climate's fields: a named latitude span or the two edges' latitudes, the lapse rate
/// and where the wind blows from.
fn climate_fields(ui: &mut egui::Ui, climate: &mut Climate) {
    ui.horizontal(|ui| {
        let span = LatitudeSpan::of(climate);
        egui::ComboBox::from_label("Latitudes")
            .selected_text(span.map_or("custom", |s| s.name))
            .show_ui(ui, |ui| {
                for s in latitude_span::SPANS {
                    let label = format!("{} ({})", s.name, s.describe());
                    if ui.selectable_label(span == Some(s), label).clicked() {
                        s.apply(climate);
                    }
                }
            });
    });
    ui.horizontal(|ui| {
        for (name, degrees) in [
            ("North edge", &mut climate.north),
            ("South edge", &mut climate.south),
        ] {
            let l = ui.label(name);
            ui.add(
                egui::DragValue::new(degrees)
                    .range(-90.0..=90.0)
                    .speed(0.5)
                    .custom_formatter(|v, _| latitude_span::format_latitude(v as f32))
                    .custom_parser(|t| latitude_span::parse_latitude(t).ok().map(f64::from)),
            )
            .labelled_by(l.id);
        }
    });
    ui.horizontal(|ui| {
        let l = ui.label("Lapse rate");
        ui.add(
            egui::DragValue::new(&mut climate.lapse_rate)
                .range(0.0..=20.0)
                .speed(0.1)
                .suffix(" °C/km"),
        )
        .labelled_by(l.id);
        egui::ComboBox::from_label("Wind from")
            .selected_text(climate.wind.name())
            .show_ui(ui, |ui| {
                for w in Wind::ALL {
                    ui.selectable_value(&mut climate.wind, w, w.name());
                }
            });
    });
}

/// One line about a generated map.
fn summary(map: &HexMap, report: &generate::Report) -> String {
    report.summary(map).to_string()
}

/// What a generation gives: the map and its report, or why not.
type Built = Result<(HexMap, generate::Report), GenError>;

/// Generate `spec` and draw its preview picture (both slow on a large map, so a job does
/// both off the UI pass).
fn build_with_picture(spec: &Spec, hex_size: Point) -> (Built, Option<egui::ColorImage>) {
    hexmap_map::steps::block_on(build_with_picture_in_steps(spec, hex_size))
}

/// [`build_with_picture`] pausing after each stage of the generator.
async fn build_with_picture_in_steps(
    spec: &Spec,
    hex_size: Point,
) -> (Built, Option<egui::ColorImage>) {
    let built = build_in_steps(spec, hex_size).await;
    let pixels = match &built {
        Ok((map, _)) => preview_in_steps(map).await,
        Err(_) => None,
    };
    (built, pixels)
}

/// The open map with one stage run again.
fn rerun(doc: &OpenMap, stage: &str, form: &GenerateForm) -> Result<HexMap, GenError> {
    let mut map = doc.map().clone();
    match stage {
        "rivers" => {
            let grid = Grid::of(&map);
            let moisture = generate::moisture_of(&map)
                .unwrap_or_else(|| generate::moisture::moisture(&grid, &map, form.seed));
            generate::rivers::rivers(&mut map, &moisture, form.seed)?;
        }
        "settlements" => {
            let count = if form.fixed_settlements {
                form.settlements
            } else {
                generate::settlements::default_count(&map)
            };
            generate::settlements::settlements(&mut map, count, form.seed)?;
        }
        _ => {
            generate::roads::roads(&mut map)?;
        }
    }
    Ok(map)
}

/// The window, while its form is open; what it asks for goes to `out`.
impl EditorWindow for Option<GenerateForm> {
    fn show(&mut self, ctx: &egui::Context, shown: &mut Shown<'_>, out: &mut Vec<Action>) {
        let open = self;
        let doc = shown.doc;
        let edit = form_window(ctx, open, doc, out);
        out.extend(edit);
    }
}

/// [`window`]'s body: the edit or nothing it returns; the Biomes section's actions go to
/// `out`.
fn form_window(
    ctx: &egui::Context,
    open: &mut Option<GenerateForm>,
    doc: &OpenMap,
    out: &mut Vec<Action>,
) -> Option<Action> {
    let form = open.as_mut()?;
    let mut apply = false;
    let mut refresh = false;
    let mut stage = None;
    let mut close = false;
    // A preview of other settings that is not made again at once (a big map waits for
    // "Update preview") no longer describes what Apply would give.
    let waiting_spec = form
        .spec(doc.map())
        .ok()
        .filter(|s| s.shape.len() as u64 > LIVE_PREVIEW_CELLS);
    let outdated = |p: &Preview| waiting_spec.as_ref().is_some_and(|s| *s != p.spec);
    placed(ctx, egui::Window::new("Generate world"))
        .collapsible(false)
        .show(ctx, |ui| {
            // The form, its preview and buttons on the left; the biome table beside
            // them, so the window stays within the screen when the table is open.
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_max_width(LEFT_COLUMN);
                    shape_fields(ui, &mut form.shape);
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut form.orientation, Orientation::Pointy, "Pointy");
                        ui.radio_value(&mut form.orientation, Orientation::Flat, "Flat");
                    });
                    egui::ComboBox::from_label("Preset")
                        .selected_text(form.preset.name())
                        .show_ui(ui, |ui| {
                            for p in Preset::ALL {
                                if ui.selectable_value(&mut form.preset, p, p.name()).changed() {
                                    form.sea = p.default_sea();
                                }
                            }
                        });
                    let l = ui.label("Sea %");
                    ui.add(egui::Slider::new(&mut form.sea, 0..=100))
                        .labelled_by(l.id);
                    ui.horizontal(|ui| {
                        ui.checkbox(&mut form.fixed_settlements, "Choose how many settlements");
                        let l = ui.label("Settlements");
                        ui.add_enabled(
                            form.fixed_settlements,
                            egui::DragValue::new(&mut form.settlements).range(0..=200),
                        )
                        .labelled_by(l.id);
                    });
                    ui.horizontal(|ui| {
                        ui.checkbox(&mut form.rivers, "Rivers");
                        ui.checkbox(&mut form.roads, "Roads");
                        ui.checkbox(&mut form.names, "Names");
                        ui.checkbox(&mut form.keep_palette, "Keep this map's terrains");
                    });
                    climate_fields(ui, &mut form.climate);
                    ui.horizontal(|ui| {
                        let l = ui.label("Seed");
                        ui.add(egui::DragValue::new(&mut form.seed))
                            .labelled_by(l.id);
                        if ui.button("New seed").clicked() {
                            form.seed = generate::noise::mix_seed(form.seed);
                        }
                    });
                    ui.separator();
                    match &form.preview {
                        Some(p) if outdated(p) => {
                            ui.label(
                                "Preview: the settings changed; Update preview shows what they \
                                 give",
                            );
                        }
                        Some(p) => {
                            if let Some(texture) = &p.texture {
                                let size = texture.size_vec2();
                                let k = (PREVIEW_PX as f32 / size.x.max(size.y)).min(1.0);
                                ui.add(egui::Image::new(texture).fit_to_exact_size(size * k));
                            }
                            ui.label(format!("Preview: {}", p.summary));
                        }
                        None => {
                            ui.label("Preview: none yet");
                        }
                    }
                    ui.horizontal(|ui| {
                        refresh = ui.button("Update preview").clicked();
                        apply = ui.button("Apply").clicked();
                        close = ui.button("Close").clicked();
                    });
                    if form.running.is_some() {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label("Generating… (the editor keeps working meanwhile)");
                            if ui.button("Cancel").clicked() {
                                // The worker finishes unseen: its result has no one to go to.
                                form.running = None;
                                form.message = Some("Generation cancelled.".into());
                            }
                        });
                    }
                    ui.separator();
                    let has_elevation = doc.map().elevation_layer().is_some();
                    ui.horizontal(|ui| {
                        ui.label("On this map:");
                        if ui
                            .add_enabled(has_elevation, egui::Button::new("New rivers"))
                            .clicked()
                        {
                            stage = Some("rivers");
                        }
                        if ui.button("New settlements").clicked() {
                            stage = Some("settlements");
                        }
                        if ui.button("New roads").clicked() {
                            stage = Some("roads");
                        }
                    });
                    if let Some(m) = &form.message {
                        ui.label(m);
                    }
                });
                ui.separator();
                ui.vertical(|ui| {
                    ui.set_max_width(RIGHT_COLUMN);
                    egui::CollapsingHeader::new("Biomes").show(ui, |ui| {
                        let choices = crate::windows::generate_biomes::terrain_choices(doc.map());
                        crate::windows::generate_biomes::section(
                            ui,
                            &mut form.biomes,
                            &choices,
                            out,
                        );
                    });
                });
            });
        });
    if close {
        *open = None;
        return None;
    }
    let spec = match form.spec(doc.map()) {
        Ok(s) => s,
        Err(e) => {
            form.message = Some(e);
            return None;
        }
    };
    let hex_size = doc.map().properties().hex_size;
    let mut apply_ready = false;
    if let Some(run) = &form.running {
        match run.rx.try_recv() {
            Ok((built, pixels)) => {
                let run = form.running.take().expect("polled");
                apply_ready = run.apply && run.spec == spec;
                show(ctx, form, &run.spec, built, pixels);
            }
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => {
                form.running = None;
                form.message = Some("Cannot generate: the generator stopped".into());
            }
        }
    }
    let stale = form.preview.as_ref().is_none_or(|p| p.spec != spec);
    let live = spec.shape.len() as u64 <= LIVE_PREVIEW_CELLS;
    if stale && live {
        let (built, pixels) = build_with_picture(&spec, hex_size);
        show(ctx, form, &spec, built, pixels);
    } else if stale && (refresh || apply) {
        match &mut form.running {
            Some(run) if run.spec == spec => run.apply |= apply,
            _ => {
                let (tx, rx) = channel();
                let (job, wake) = (spec.clone(), ctx.clone());
                crate::files::background::spawn_steps(ctx, move || async move {
                    // A closed channel: the window was closed or the run cancelled.
                    let _ = tx.send(build_with_picture_in_steps(&job, hex_size).await);
                    wake.request_repaint();
                });
                form.running = Some(Running {
                    spec: spec.clone(),
                    rx,
                    apply,
                });
            }
        }
    }
    let apply = apply || apply_ready;
    if apply && let Some(p) = form.preview.as_ref().filter(|p| p.spec == spec) {
        form.message = Some(format!("Applied: {}", p.summary));
        // A new map, unsaved and named by the generator (the open map is asked about
        // first if it has unsaved changes).
        return Some(Action::NewGeneratedMap(Box::new(p.map.clone())));
    }
    if let Some(stage) = stage {
        return match rerun(doc, stage, form) {
            Ok(map) => {
                form.message = Some(format!("New {stage} laid on this map."));
                Some(Action::Edit(Edit::Map(MapEdit::ReplaceMap(Box::new(map)))))
            }
            Err(e) => {
                form.message = Some(format!("Cannot lay new {stage}: {e}"));
                None
            }
        };
    }
    None
}
