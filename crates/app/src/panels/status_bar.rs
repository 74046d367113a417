//! The status bar: two lines that never wrap (a bar that changed height with its text
//! would move the canvas, and the map with it, under a still pointer). The first line is
//! the hovered hex in every coordinate system; the second its terrain, height, features,
//! the tool's readout, the zoom, frame times and the messages. What does not fit the
//! window is cut with an ellipsis ("…"), never cut off at the window's edge unmarked.

use crate::Action;
use crate::canvas::Canvas;
use crate::open_map::OpenMap;
use crate::tools::feature_tools;
use crate::tools::play::PlaySession;
use eframe::egui::{self, Color32, RichText};
use hexmap_draw::annotation_hits;
use hexmap_hex::Hex;
use hexmap_map::ClimateKind;

/// The messages the status bar shows after the readouts.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Messages<'a> {
    /// The last information message.
    pub info: Option<&'a str>,
    /// A warning (shown as one, before the information).
    pub warning: Option<&'a str>,
    /// How many hexes are selected (said while any are).
    pub selected: usize,
    /// True while the map's images are read and decoded off the UI pass.
    pub loading_images: bool,
    /// Long work on the map while it runs (a fill, a file read): what it does and the
    /// share done.
    pub working: Option<(&'a str, Option<f32>)>,
}

/// One piece of the second line.
#[derive(Default)]
struct Piece {
    /// Its text.
    text: String,
    /// A separator line before it (between groups; the items of one group sit side by
    /// side without).
    group: bool,
    /// Drawn in this colour, bold (a warning).
    warn: Option<Color32>,
    /// A spinner before it (work in progress).
    spinner: bool,
    /// Its tooltip.
    hover: Option<String>,
}

impl Piece {
    fn new(text: impl Into<String>) -> Self {
        Piece {
            text: text.into(),
            ..Default::default()
        }
    }

    /// The same, with a separator before it.
    fn grouped(text: impl Into<String>) -> Self {
        Piece {
            group: true,
            ..Piece::new(text)
        }
    }
}

/// The status bar. While `play` runs the second line tells only what a player may know
/// of the cell (never its terrain, note or the map's mines), and no tool's readout; in the
/// players' view nothing about the hex under the pointer. `measure` is the Measure tool's
/// anchor and travel speed while it has one.
pub(crate) fn status_bar(
    ui: &mut egui::Ui,
    (canvas, players): (&Canvas, bool),
    doc: &OpenMap,
    messages: Messages<'_>,
    play: Option<&PlaySession>,
    measure: Option<(Hex, f64)>,
) -> Option<Action> {
    // In the players' view the readout names nothing the players may not know: no hex,
    // terrain, note or item under the pointer (the player window has no readout at all).
    if players {
        players_status_bar(ui, canvas, doc);
        return None;
    }
    let mut out = None;
    let hovered = canvas.hovered();
    egui::Panel::bottom("status").show(ui, |ui| {
        ui.horizontal(|ui| {
            let text = match hovered {
                Some(h) => coordinates_line(ui, doc, h),
                None => "—".to_owned(),
            };
            ui.add(egui::Label::new(RichText::new(text).monospace()).truncate());
        });
        let pieces = second_line(ui, canvas, doc, (messages, play, measure), hovered);
        ui.horizontal(|ui| {
            // Long work comes first, so its Cancel is never cut off.
            if let Some((what, done)) = messages.working {
                ui.spinner();
                ui.label(what);
                if let Some(done) = done {
                    let bar = egui::ProgressBar::new(done).desired_width(80.0);
                    ui.add(bar.show_percentage());
                }
                if ui.small_button("Cancel").clicked() {
                    out = Some(Action::CancelLongWork);
                }
                ui.separator();
            }
            show_cut(ui, pieces);
        });
    });
    out
}

/// The status bar of the players' view: what it is and how big a hex is, nothing of the
/// map under the pointer (two lines, as the editor's, so the canvas does not move).
fn players_status_bar(ui: &mut egui::Ui, canvas: &Canvas, doc: &OpenMap) {
    egui::Panel::bottom("status").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.add(egui::Label::new(RichText::new("player view").monospace()).truncate());
        });
        let size = Piece {
            group: false,
            ..hex_size(canvas, doc)
        };
        ui.horizontal(|ui| show_cut(ui, vec![size]));
    });
}

/// How big a hex is on screen. A zoom percentage means nothing on maps whose hexes are 1
/// world unit: this says the size instead (flat side to flat side, as printed sizes are).
fn hex_size(canvas: &Canvas, doc: &OpenMap) -> Piece {
    let px = hexmap_draw::print::flat_to_flat(&doc.layout()) * canvas.camera().zoom;
    let size = if px < 10.0 {
        format!("hex {px:.1} px")
    } else {
        format!("hex {px:.0} px")
    };
    Piece {
        hover: Some("How big a hex is on screen, flat side to flat side (+ and − zoom)".into()),
        ..Piece::grouped(size)
    }
}

/// What the second line says, in order.
fn second_line(
    ui: &egui::Ui,
    canvas: &Canvas,
    doc: &OpenMap,
    (messages, play, measure): (Messages<'_>, Option<&PlaySession>, Option<(Hex, f64)>),
    hovered: Option<Hex>,
) -> Vec<Piece> {
    let mut out = Vec::new();
    match hovered {
        Some(h) if play.is_some() => {
            out.push(Piece::new(
                play.map(|p| p.cell_status(h)).unwrap_or_default(),
            ));
        }
        Some(h) if doc.contains(h) => hex_pieces(canvas, doc, h, &mut out),
        Some(_) => out.push(Piece::new("off the map")),
        None => out.push(Piece::new("—")),
    }
    // A tool's readout is the editor's, never the game's: none while playing.
    if let (Some((anchor, speed)), Some(h), None) = (measure, hovered, play) {
        let route = canvas.measure_route(doc, anchor, h);
        let text = crate::tools::measure::readout_of(doc.map(), anchor, h, speed, route);
        out.push(Piece::grouped(text));
    }
    out.push(hex_size(canvas, doc));
    if let Some(readout) = canvas.frame_stats().readout() {
        let stats = canvas.chunks().stats;
        out.push(Piece {
            hover: Some(format!(
                "Median (and slowest) time of the editor's own work over the last \
                 frames; CPU = eframe's time for whole frames incl. drawing.\n\
                 Last frame: {} chunks drawn, {} rebuilt, {} vertices.",
                stats.drawn, stats.rebuilt, stats.vertices
            )),
            ..Piece::grouped(readout)
        });
    }
    if let Some(warning) = messages.warning {
        out.push(Piece {
            warn: Some(ui.visuals().warn_fg_color),
            ..Piece::grouped(format!("Warning: {warning}"))
        });
    }
    if messages.loading_images {
        out.push(Piece {
            spinner: true,
            ..Piece::grouped("Loading images…")
        });
    }
    if messages.selected > 0 {
        let n = crate::panels::words::count(messages.selected, "hex", "hexes");
        out.push(Piece::grouped(format!("{n} selected")));
    }
    if let Some(info) = messages.info {
        out.push(Piece::grouped(info));
    }
    // Last, as it can be long. Not while playing (a note may tell what is under a cell),
    // nor in the players' view.
    if play.is_none()
        && let Some(note) = hovered.and_then(|h| doc.note(h))
    {
        out.push(Piece::grouped(format!("note: {note}")));
    }
    out
}

/// What the second line says about the map's hex `h`: its key entry's title, terrain,
/// height, mine, the features and the icon or label under the pointer.
fn hex_pieces(canvas: &Canvas, doc: &OpenMap, h: Hex, out: &mut Vec<Piece>) {
    if let Some(entry) = doc.map().key_entries().get(&h) {
        let label = doc.map().hex_label(h);
        out.push(Piece::new(format!("key: {label} {}", entry.title)));
    }
    let terrain = doc
        .terrain(h)
        .and_then(|t| doc.map().palette().get(t))
        .map_or("empty", |t| t.name.as_str());
    out.push(Piece::new(format!("terrain: {terrain}")));
    // Where the map has heights (sea level 0, below it sea).
    if let Some(height) = doc.map().elevation(h) {
        out.push(Piece::new(format!("height: {height}")));
    }
    // Where the map has climate layers (generated worlds).
    for kind in ClimateKind::ALL {
        if let Some(v) = doc.map().climate_at(kind, h) {
            out.push(Piece::new(format!("{}: {v} {}", kind.name(), kind.unit())));
        }
    }
    if doc.map().is_mine(h) {
        out.push(Piece::new("mine"));
    }
    if let Some(w) = canvas.hovered_world() {
        let system = canvas.overlays().label_system;
        let layout = doc.layout();
        for text in feature_tools::features_at(doc.map(), &layout, w, system) {
            out.push(Piece::new(text));
        }
        let map = doc.map();
        if let Some(text) = annotation_hits::hit(map, &layout, w, canvas.camera().zoom)
            .and_then(|hit| annotation_hits::describe(map, hit))
        {
            out.push(Piece::new(text));
        }
    }
}

/// Show `pieces` left to right; the first that does not fit the room left is cut with
/// an ellipsis, and what follows it is left out.
fn show_cut(ui: &mut egui::Ui, pieces: Vec<Piece>) {
    let font = egui::TextStyle::Body.resolve(ui.style());
    for piece in pieces {
        if piece.group {
            ui.separator();
        }
        if piece.spinner {
            ui.spinner();
        }
        let mut text = RichText::new(piece.text.as_str());
        if let Some(colour) = piece.warn {
            text = text.color(colour).strong();
        }
        let width = ui.fonts_mut(|f| {
            f.layout_no_wrap(piece.text.clone(), font.clone(), Color32::WHITE)
                .size()
                .x
        });
        let fits = width <= ui.available_width();
        let label = if fits {
            egui::Label::new(text)
        } else {
            egui::Label::new(text).truncate()
        };
        let shown = ui.add(label);
        if let Some(hover) = piece.hover {
            shown.on_hover_text(hover);
        }
        if !fits {
            break;
        }
    }
}

/// The hovered hex in each of the map's systems, as one line that fits the status bar:
/// spaced out when there is room, tighter in a narrow window (cut only if even that is
/// too wide).
fn coordinates_line(ui: &egui::Ui, doc: &OpenMap, h: Hex) -> String {
    let cx = doc.coord_context();
    let full = cx.own_systems_line(h);
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let width = ui.fonts_mut(|f| {
        f.layout_no_wrap(full.clone(), font, egui::Color32::WHITE)
            .size()
            .x
    });
    if width <= ui.available_width() {
        return full;
    }
    cx.own_systems()
        .iter()
        .map(|s| format!("{} {}", s.name(), s.format(h, &cx)))
        .collect::<Vec<_>>()
        .join(" · ")
}
