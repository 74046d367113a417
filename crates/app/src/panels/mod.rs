//! Menus and side panels (palette, layers, overlays); the toolbar is `toolbar`, the status
//! bar `status_bar`. Each borrows only the parts it shows; they change UI state
//! (preferences, tools, canvas settings) and return [`Action`]s for everything else, edits
//! included.

pub(crate) mod feature_palette;
pub(crate) mod file_menu;
pub(crate) mod fog_panel;
pub(crate) mod icon_palette;
pub(crate) mod key_panel;
pub(crate) mod maps_panel;
pub(crate) mod palette_panel;
pub(crate) mod party_controls;
pub(crate) mod prop_field;
pub(crate) mod properties_panel;
pub(crate) mod region_panel;
pub(crate) mod scatter_panel;
pub(crate) mod shortcuts;
pub(crate) mod status_bar;
pub(crate) mod tile_art_picker;
pub(crate) mod toolbar;
pub(crate) mod words;

use crate::Action;
use crate::canvas::Canvas;
use crate::canvas::images::EditorImages;
use crate::files::prefs::{Panels, Prefs};
use crate::open_map::OpenMap;
use crate::panels::palette_panel::TerrainEditor;
use crate::tools::Tools;
use eframe::egui::{self, RichText};
use hexmap_map::{CellEdit, ClimateKind, Corner, Edit, MapEdit};

/// What the main window is doing: editing the map, playing minesweeper on it, or showing
/// the players' view (which shows what the player window shows and nothing more: no
/// tool, panel or readout that could read a hidden hex or a GM-only item).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// The GM edits the map.
    Editing,
    /// Minesweeper play: nothing edits the map.
    Playing,
    /// The players' view on the main canvas.
    Players,
}

/// File, Edit, View and Map menus (`mode`: playing and the players' view never edit;
/// `tools`: whether there is a selection to copy and a clipboard to paste).
pub(super) fn menu_bar(
    ui: &mut egui::Ui,
    prefs: &mut Prefs,
    (doc, tools): (&OpenMap, &Tools),
    mode: Mode,
) -> Vec<Action> {
    let playing = mode == Mode::Playing;
    let players = mode == Mode::Players;
    let mut out = Vec::new();
    egui::Panel::top("menu").show(ui, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                crate::panels::file_menu::items(ui, prefs, Some(doc), &mut out);
            });
            ui.menu_button("Edit", |ui| {
                // Playing and the players' view never touch the map.
                if mode != Mode::Editing {
                    ui.disable();
                }
                let can_undo = doc.document().can_undo();
                let can_redo = doc.document().can_redo();
                // Each item shows its shortcut and is disabled when it has nothing to do.
                let n = tools.selection().len();
                let copy_label = match n {
                    0 => "Copy selection".to_owned(),
                    n => format!(
                        "Copy selection ({})",
                        crate::panels::words::count(n, "hex", "hexes")
                    ),
                };
                let items = [
                    ("Undo", can_undo, Action::Undo),
                    ("Redo", can_redo, Action::Redo),
                    (
                        copy_label.as_str(),
                        !tools.selection().is_empty(),
                        Action::Copy,
                    ),
                    ("Paste", !tools.clipboard().is_empty(), Action::Paste),
                ];
                for (i, (label, enabled, action)) in items.into_iter().enumerate() {
                    if i == 2 {
                        ui.separator();
                    }
                    let keys = shortcuts::text_for(ui.ctx(), &action).unwrap_or_default();
                    let button = egui::Button::new(label).shortcut_text(keys);
                    if ui.add_enabled(enabled, button).clicked() {
                        out.push(action);
                    }
                }
                crate::tools::selection_view::menu_items(ui, doc, tools, &mut out);
                ui.separator();
                if ui.button("Random mines…").clicked() {
                    out.push(Action::RandomMinesDialog);
                }
                if ui.button("Clear mines").clicked() {
                    out.push(Action::Edit(Edit::Cell(CellEdit::SetMines(Vec::new()))));
                }
            });
            ui.menu_button("View", |ui| {
                if ui
                    .add(egui::Button::new("Fit map").shortcut_text("F"))
                    .clicked()
                {
                    out.push(Action::FitMap);
                }
                // The canvas's own keys (canvas::Canvas::navigate), as symbols: "+" and "−".
                for (label, key, factor) in [
                    ("Zoom in", egui::Key::Plus, crate::canvas::ZOOM_STEP),
                    ("Zoom out", egui::Key::Minus, 1.0 / crate::canvas::ZOOM_STEP),
                ] {
                    if ui
                        .add(egui::Button::new(label).shortcut_text(key.symbol_or_name()))
                        .clicked()
                    {
                        out.push(Action::ZoomBy(factor));
                    }
                }
                ui.separator();
                if ui.button("Player window").clicked() {
                    out.push(Action::TogglePlayerWindow);
                }
                if ui
                    .selectable_label(players, "Player view (this window)")
                    .clicked()
                {
                    out.push(Action::TogglePlayerView);
                }
                ui.separator();
                view_settings_menu(ui, doc, &mut out);
                ui.add_enabled_ui(doc.map().scale().is_some(), |ui| {
                    ui.checkbox(&mut prefs.scale_bar, "Scale bar")
                        .on_disabled_hover_text(crate::windows::scale_form::NO_SCALE);
                });
                ui.separator();
                ui.checkbox(&mut prefs.panels.palette, "Palette panel");
                ui.checkbox(&mut prefs.panels.layers, "Layers panel");
                ui.checkbox(&mut prefs.panels.overlays, "Overlays panel");
                ui.checkbox(&mut prefs.panels.key, "Key panel");
                ui.checkbox(&mut prefs.panels.maps, "Maps panel");
                ui.checkbox(&mut prefs.panels.properties, "Properties panel");
            });
            ui.menu_button("Map", |ui| {
                if players {
                    ui.disable();
                }
                if ui.selectable_label(playing, "Play minesweeper").clicked() {
                    out.push(Action::TogglePlay);
                }
                if ui
                    .add_enabled(!playing, egui::Button::new("Properties…"))
                    .clicked()
                {
                    out.push(Action::PropertiesDialog);
                }
                if ui
                    .add_enabled(!playing, egui::Button::new("Generate…"))
                    .clicked()
                {
                    out.push(Action::GenerateDialog);
                }
                if ui
                    .add_enabled(!playing, egui::Button::new("Underlay…"))
                    .clicked()
                {
                    out.push(Action::UnderlayDialog);
                }
                // A browser reads no files beside the map: its images are given here (or
                // dropped on the page) whenever the user has them at hand.
                if crate::files::storage::current().takes_images()
                    && ui
                        .button("Map images…")
                        .on_hover_text(
                            "Give the page the image files this map names (tile art, image \
                             icons, the underlay); you can also drop them on the page",
                        )
                        .clicked()
                {
                    out.push(Action::GiveImages);
                }
            });
        });
    });
    out
}

/// The map's view settings (saved with it, undoable): the legend and its corner, notes
/// drawn as captions.
fn view_settings_menu(ui: &mut egui::Ui, doc: &OpenMap, out: &mut Vec<Action>) {
    let view = doc.map().view();
    let mut next = view;
    let mut legend = view.legend.is_some();
    if ui.checkbox(&mut legend, "Legend").changed() {
        next.legend = legend.then(Corner::default);
    }
    ui.add_enabled_ui(view.legend.is_some(), |ui| {
        ui.menu_button("Legend corner", |ui| {
            for corner in Corner::ALL {
                if ui
                    .radio(view.legend == Some(corner), corner.name())
                    .clicked()
                {
                    next.legend = Some(corner);
                }
            }
        });
    });
    ui.checkbox(&mut next.note_captions, "Notes as captions");
    if next != view {
        out.push(Action::Edit(Edit::Map(MapEdit::SetView(next))));
    }
}

/// A side panel's width: `wanted`, or a fifth of the window where that is less (at least
/// 170 points, what their rows need once wrapped), so a small window keeps most of its
/// width for the map. It depends on the window's width alone: what the panel shows (the
/// terrain editor, tile art, another tool's palette) never widens it, and a width a small
/// window forced goes when the window grows again. Either would move the canvas. In a
/// narrow window (a phone) a panel is a drawer opened on demand, which may take most of
/// the width while it is open.
pub(super) fn side_panel_width(ui: &egui::Ui, wanted: f32) -> f32 {
    let width = ui.ctx().content_rect().width();
    if narrow(ui.ctx()) {
        wanted.min(width * 0.8)
    } else {
        wanted.min((width * 0.2).max(170.0))
    }
}

/// Below this width (points) the side panels are drawers: at 170 points each, two
/// panels would leave a phone's map a sliver.
pub const NARROW_WIDTH: f32 = 640.0;

/// True in a window too narrow for the side panels beside the map.
pub(super) fn narrow(ctx: &egui::Context) -> bool {
    ctx.content_rect().width() < NARROW_WIDTH
}

/// In a narrow window, the side panel `name` as a drawer: a thin strip at the window's
/// side with a button that opens and closes it. True while it is open (the panel is then
/// shown beside the strip).
pub(super) fn drawer(ui: &mut egui::Ui, name: &str, left: bool) -> bool {
    let id = egui::Id::unique(("drawer", name));
    let mut open = ui.data(|d| d.get_temp::<bool>(id)).unwrap_or(false);
    let (shut, opened) = if left { ("▶", "◀") } else { ("◀", "▶") };
    let strip = if left {
        egui::Panel::left(id.with("strip"))
    } else {
        egui::Panel::right(id.with("strip"))
    };
    strip
        .exact_size(DRAWER_STRIP)
        .resizable(false)
        .show(ui, |ui| {
            let hint = if open {
                format!("Close the {name} panel")
            } else {
                format!("Open the {name} panel")
            };
            if ui
                .add(egui::Button::new(if open { opened } else { shut }).frame(false))
                .on_hover_text(&hint)
                .clicked()
            {
                open = !open;
            }
        });
    ui.data_mut(|d| d.insert_temp(id, open));
    open
}

/// What a tool's side panel reads and where it puts its actions: one value, so the left
/// panel offers it to each tool's panel in turn.
pub(crate) struct ToolPanelCtx<'a> {
    /// The open map.
    pub doc: &'a OpenMap,
    /// The tools and their settings (a panel changes its tool's).
    pub tools: &'a mut Tools,
    /// The editor's loaded pictures (user icons, tile art).
    pub images: &'a EditorImages,
    /// The edits and messages the panel asks for.
    pub out: &'a mut Vec<Action>,
}

/// Width of a closed drawer's strip, in points.
const DRAWER_STRIP: f32 = 22.0;

/// Terrain palette (pick, add, edit in `terrain_editor`) and layer switches, as `panels`
/// says.
pub(super) fn left_panel(
    ui: &mut egui::Ui,
    panels: &Panels,
    doc: &OpenMap,
    tools: &mut Tools,
    terrain_editor: &mut Option<TerrainEditor>,
    canvas: &mut Canvas,
) -> Vec<Action> {
    let mut out = Vec::new();
    egui::Panel::left("left")
        .exact_size(side_panel_width(ui, 230.0))
        .resizable(false)
        .show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                if panels.palette {
                    let mut cx = ToolPanelCtx {
                        doc,
                        tools,
                        images: canvas.images(),
                        out: &mut out,
                    };
                    // The edge, path, icon, label and region tools show their own panel;
                    // the others pick terrain.
                    if !feature_palette::show(ui, &mut cx)
                        && !icon_palette::show(ui, &mut cx)
                        && !region_panel::show(ui, &mut cx)
                    {
                        palette_panel::show(ui, &mut cx, terrain_editor);
                    }
                    ui.separator();
                }
                if panels.layers {
                    layers_panel(ui, canvas);
                    tint_choice(ui, canvas, doc);
                }
            });
        });
    out
}

/// The layer switches (the canvas redraws its chunks when what it shows changes).
fn layers_panel(ui: &mut egui::Ui, canvas: &mut Canvas) {
    ui.heading("Layers");
    let layers = canvas.layers_mut();
    ui.checkbox(&mut layers.terrain, "Terrain");
    ui.checkbox(&mut layers.mines, "Mines");
    ui.checkbox(&mut layers.notes, "Notes");
    ui.checkbox(&mut layers.grid, "Grid");
    ui.checkbox(&mut layers.edges, "Edges");
    ui.checkbox(&mut layers.paths, "Paths");
    ui.checkbox(&mut layers.elevation, "Elevation bands")
        .on_hover_text("Tint each cell by its height band (bands of 250; blue below sea level)");
    // One climate layer at a time: two tints over each other would read as neither.
    for (kind, text, hover) in [
        (
            ClimateKind::Temperature,
            "Temperature bands",
            "Tint each cell by its mean yearly temperature (bands of 5 °C; blue cold, red hot)",
        ),
        (
            ClimateKind::Moisture,
            "Moisture bands",
            "Tint each cell by its moisture (bands of 10 %; sand dry, blue wet)",
        ),
    ] {
        let mut on = layers.climate == Some(kind);
        if ui.checkbox(&mut on, text).on_hover_text(hover).changed() {
            layers.climate = on.then_some(kind);
        }
    }
}

/// The tint by a property's value: "none" or one of the map's properties.
fn tint_choice(ui: &mut egui::Ui, canvas: &mut Canvas, doc: &OpenMap) {
    let types = doc.map().custom().types();
    if types.is_empty() {
        return;
    }
    let tint = canvas.tint_mut();
    let mut chosen = tint.chosen().map(str::to_owned);
    egui::ComboBox::new("tint by", "Tint by")
        .selected_text(chosen.as_deref().unwrap_or("none"))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut chosen, None, "none");
            for t in types {
                ui.selectable_value(&mut chosen, Some(t.name.clone()), t.name.as_str());
            }
        })
        .response
        .on_hover_text("Tint each hex by its value of a property, with a legend");
    tint.choose(chosen);
}

/// Overlay switches and parameters.
pub(super) fn right_panel(ui: &mut egui::Ui, canvas: &mut Canvas, doc: &OpenMap) {
    egui::Panel::right("overlays")
        .exact_size(side_panel_width(ui, 220.0))
        .resizable(false)
        .show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| overlays_panel(ui, canvas, doc));
        });
}

/// True when coordinate labels in `system` are legible at `zoom` (pixels per world unit)
/// on the map's first cell or its far corner, by the same rule that draws them
/// (`draw::lod::label_size`).
fn labels_legible(doc: &OpenMap, system: hexmap_hex::CoordSystem, zoom: f64) -> bool {
    let map = doc.map();
    let layout = doc.layout();
    let radius = layout.inner_radius();
    let cap = hexmap_draw::Style::editor(hexmap_draw::Layers::editor()).label_cap;
    let cx = map.properties().coord_context();
    let b = doc.offset_bounds();
    let kind = map.properties().offset_kind;
    let corner = kind.to_hex(hexmap_hex::OffsetCoord::new(
        b.min_col + b.cols as i32 - 1,
        b.min_row + b.rows as i32 - 1,
    ));
    map.shape().iter().take(1).chain([corner]).any(|h| {
        let chars = system.format(h, &cx).chars().count();
        hexmap_draw::lod::label_size(radius, chars, cap, zoom).is_some()
    })
}

/// The overlay switches (inside the right panel's scroll area).
fn overlays_panel(ui: &mut egui::Ui, canvas: &mut Canvas, doc: &OpenMap) {
    ui.heading("Overlays");
    let systems = doc.coord_context().own_systems();
    let zoom = canvas.camera().zoom;
    let o = canvas.overlays_mut();
    ui.checkbox(&mut o.neighbours, "Neighbours");
    ui.horizontal(|ui| {
        let c = ui.checkbox(&mut o.range, "Range");
        ui.add(egui::DragValue::new(&mut o.range_n).range(0..=50))
            .labelled_by(c.id);
    });
    ui.horizontal(|ui| {
        let c = ui.checkbox(&mut o.ring, "Ring");
        ui.add(egui::DragValue::new(&mut o.ring_n).range(0..=50))
            .labelled_by(c.id);
    });
    ui.checkbox(&mut o.line, "Line from anchor");
    ui.checkbox(&mut o.path, "Path (A*)");
    ui.horizontal(|ui| {
        let c = ui.checkbox(&mut o.movement, "Movement");
        ui.add(egui::DragValue::new(&mut o.budget).range(0..=200))
            .labelled_by(c.id);
    });
    ui.horizontal(|ui| {
        let c = ui.checkbox(&mut o.fov, "Field of view");
        ui.add(egui::DragValue::new(&mut o.fov_radius).range(0..=hexmap_map::MAX_SIGHT))
            .labelled_by(c.id);
    });
    let legible = !o.labels || labels_legible(doc, o.label_system, zoom);
    // Wraps in a narrow panel (a small window) rather than running off its edge.
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut o.labels, "Labels");
        egui::ComboBox::from_label("system")
            .width(90.0)
            .selected_text(o.label_system.name())
            .show_ui(ui, |ui| {
                for s in systems {
                    ui.selectable_value(&mut o.label_system, s, s.name());
                }
            });
    });
    // Labels are drawn only where they are legible (draw::lod): say so rather than
    // showing nothing.
    if o.labels && !legible {
        let hint = RichText::new("zoom in to see labels").color(ui.visuals().warn_fg_color);
        ui.label(hint)
            .on_hover_text("Coordinate labels are drawn once they fit their hexes legibly");
    }
    ui.separator();
    let show = |h: Option<hexmap_hex::Hex>| h.map_or("—".to_string(), |h| doc.hex_name(h));
    ui.label(format!("Anchor: {}   (A key / Alt+click)", show(o.anchor)));
    ui.label(format!(
        "Target: {}   (T key / Alt+Shift+click)",
        show(o.target)
    ));
    if ui
        .add(egui::Button::new("Clear anchor and target").wrap())
        .clicked()
    {
        o.anchor = None;
        o.target = None;
    }
    if let Some(text) = canvas.last_overlay().caption() {
        ui.separator();
        ui.label(text);
    }
}
