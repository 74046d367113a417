//! Map → Underlay…: the tracing underlay's window. "Choose image…" (the file dialog; the
//! path is kept relative to the map file, as tile art), "Remove", Show, the map's opacity
//! over it, its numbers (centre x and y, scale in world units per image pixel, rotation in
//! degrees clockwise, opacity), "Edit handles" (the canvas's outline and handles,
//! `underlay_view`) and "Pick terrain from underlay" (the selection, or every cell, gets
//! the palette terrain its samples of the image vote for: `draw::underlay_pick`, one
//! `CellEdit::SetTerrain`). Every placement change goes through `MapEdit::SetUnderlay`; a number
//! dragged is one undo step.

use crate::Action;
use crate::canvas::images::EditorImages;
use crate::canvas::underlay_view::UnderlayView;
use crate::open_map::OpenMap;
use crate::windows::{EditorWindow, Shown};
use eframe::egui;
use hexmap_hex::{Hex, Point};
use hexmap_map::{CellEdit, Edit, MapEdit, Underlay};
use std::path::Path;

/// The window's form: open while `Some` (its switches live on the canvas,
/// [`UnderlayView`], so the canvas keeps them when the window closes).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UnderlayForm {
    /// What the last "Pick terrain" did, shown under its button.
    pub picked: Option<String>,
    /// The canvas corner the window sits in (`None` until first shown) and its size at
    /// the last frame.
    docked: Option<(egui::Align2, egui::Vec2)>,
}

/// The canvas corners the window may sit in, in the order tried.
const CORNERS: [egui::Align2; 4] = [
    egui::Align2::RIGHT_TOP,
    egui::Align2::LEFT_TOP,
    egui::Align2::RIGHT_BOTTOM,
    egui::Align2::LEFT_BOTTOM,
];

/// Room between the window and the canvas's edge, in points.
const DOCK_MARGIN: f32 = 8.0;

/// The window's box in `corner` of `canvas` at `size`.
fn docked_rect(canvas: egui::Rect, corner: egui::Align2, size: egui::Vec2) -> egui::Rect {
    corner.align_size_within_rect(size, canvas.shrink(DOCK_MARGIN))
}

/// The corner the window sits in: the one it is in while that covers none of the handles
/// (`points`, the centre first: never moving it while it is clear), else the first corner
/// that covers none, else the one covering the fewest (clear of the centre if it can be).
fn dock_corner(
    now: Option<egui::Align2>,
    canvas: egui::Rect,
    size: egui::Vec2,
    points: &[egui::Pos2],
) -> egui::Align2 {
    // How much a corner covers: the centre handle counts more than all corners together.
    let covered = |corner| {
        let r = docked_rect(canvas, corner, size).expand(12.0);
        points
            .iter()
            .enumerate()
            .filter(|(_, p)| r.contains(**p))
            .map(|(i, _)| if i == 0 { 10 } else { 1 })
            .sum::<u32>()
    };
    if let Some(c) = now.filter(|&c| covered(c) == 0) {
        return c;
    }
    CORNERS
        .into_iter()
        .min_by_key(|&c| covered(c))
        .unwrap_or(egui::Align2::RIGHT_TOP)
}

/// Show the window; what it asks for goes to `out`.
impl EditorWindow for Option<UnderlayForm> {
    fn show(&mut self, ctx: &egui::Context, shown: &mut Shown<'_>, out: &mut Vec<Action>) {
        let form = self;
        let (doc, images, view) = (shown.doc, &*shown.images, &mut *shown.underlay);
        let Some(f) = form.as_mut() else {
            return;
        };
        let mut open = true;
        // Docked in a corner of the canvas that covers none of the underlay's handles (the
        // centre handle of a new underlay is the middle of the map, where a centred window
        // would sit), moving to another corner when a handle is dragged under it.
        let (points, canvas) = view.handles_on_screen();
        let canvas = if canvas.is_positive() {
            canvas
        } else {
            ctx.content_rect()
        };
        let (now, size) = f.docked.unzip();
        let size = size.unwrap_or(egui::vec2(320.0, 420.0));
        let corner = dock_corner(now, canvas, size, points);
        let at = docked_rect(canvas, corner, size).min;
        let shown = egui::Window::new("Underlay")
            .open(&mut open)
            .resizable(false)
            .collapsible(false)
            .fixed_pos(at)
            .show(ctx, |ui| body(ui, f, (doc, images, view), out));
        if let Some(shown) = shown {
            f.docked = Some((corner, shown.response.rect.size()));
        }
        if !open {
            *form = None;
            view.hide_handles();
        }
    }
}

fn body(
    ui: &mut egui::Ui,
    form: &mut UnderlayForm,
    (doc, images, view): (&OpenMap, &EditorImages, &mut UnderlayView),
    out: &mut Vec<Action>,
) {
    let current = doc.map().underlay().cloned();
    ui.horizontal(|ui| {
        if ui.button("Choose image…").clicked() {
            out.push(Action::ChooseUnderlay);
        }
        if ui
            .add_enabled(current.is_some(), egui::Button::new("Remove"))
            .clicked()
        {
            out.push(Action::Edit(Edit::Map(MapEdit::SetUnderlay(None))));
        }
    });
    let Some(u) = current else {
        ui.label("No underlay: choose a scanned or drawn map (PNG, JPEG or SVG) to trace.");
        return;
    };
    ui.add(egui::Label::new(format!("Image: {}", u.path)).truncate())
        .on_hover_text(u.path.as_str());
    match images.set().get(&u.path) {
        Some((_, img)) => ui.label(format!("{} × {} pixels", img.width(), img.height())),
        None => ui.colored_label(
            ui.visuals().error_fg_color,
            "not loaded (see the status bar)",
        ),
    };
    view.show_controls(ui);
    ui.separator();
    numbers(ui, &u, out);
    ui.separator();
    view.handles_control(ui);
    if ui
        .button("Pick terrain from underlay")
        .on_hover_text(
            "Give the selected hexes (or every hex) the palette terrain nearest to the \
             underlay's colour under them",
        )
        .clicked()
    {
        out.push(Action::PickTerrainFromUnderlay);
    }
    if let Some(text) = &form.picked {
        ui.label(text.as_str());
    }
}

/// The five numbers, each a `DragValue`: a drag is one undo step, a typed value one edit.
fn numbers(ui: &mut egui::Ui, u: &Underlay, out: &mut Vec<Action>) {
    let mut next = u.clone();
    let mut responses = Vec::new();
    egui::Grid::new("underlay numbers").show(ui, |ui| {
        let mut row = |ui: &mut egui::Ui, name: &str, widget: egui::DragValue<'_>| {
            let l = ui.label(name);
            responses.push(ui.add(widget).labelled_by(l.id));
            ui.end_row();
        };
        let n = hexmap_map::underlay::MAX_UNDERLAY_NUMBER;
        row(
            ui,
            "Centre x",
            egui::DragValue::new(&mut next.center.x)
                .speed(1.0)
                .range(-n..=n),
        );
        row(
            ui,
            "Centre y",
            egui::DragValue::new(&mut next.center.y)
                .speed(1.0)
                .range(-n..=n),
        );
        let scale = egui::DragValue::new(&mut next.scale)
            .speed(0.01)
            .range(1e-6..=n)
            .max_decimals(6);
        row(ui, "Scale (units per pixel)", scale);
        let turn = egui::DragValue::new(&mut next.rotation)
            .speed(0.5)
            .range(-360.0..=360.0)
            .suffix("°");
        row(ui, "Rotation (clockwise)", turn);
        let opacity = egui::DragValue::new(&mut next.opacity)
            .speed(0.01)
            .range(0.0..=1.0);
        row(ui, "Opacity", opacity);
    });
    let started = responses.iter().any(egui::Response::drag_started);
    let stopped = responses.iter().any(egui::Response::drag_stopped);
    let dragging = responses.iter().any(egui::Response::dragged);
    if started {
        out.push(Action::BeginStroke);
    }
    if next != *u && next.validate().is_ok() {
        let edit = Edit::Map(MapEdit::SetUnderlay(Some(next)));
        out.push(if dragging || started || stopped {
            Action::StrokeEdit(edit)
        } else {
            Action::Edit(edit)
        });
    }
    if stopped {
        out.push(Action::EndStroke);
    }
}

/// The edit that sets the underlay to the image `file` (path relative to `map_file`'s
/// folder): a new underlay is fitted to the map (centred on it, as large as fits: its
/// size read from the image's header); an existing one keeps its place and only changes
/// image. An image whose size cannot be read starts at one world unit per pixel (its
/// load then says what is wrong with it).
pub fn set_image(doc: &OpenMap, file: &Path) -> Action {
    let path = crate::panels::tile_art_picker::chosen_image_path(doc.images_from(), file);
    let underlay = match doc.map().underlay() {
        Some(u) => Underlay { path, ..u.clone() },
        None => {
            let (lo, hi) = doc.world_bounds();
            let size = crate::files::storage::current()
                .read(file)
                .ok()
                .and_then(|bytes| hexmap_io::images::image_size(&path, &bytes).ok());
            match size {
                Some(size) => Underlay::fitted(path, size, lo, hi),
                None => Underlay::new(path, Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0)),
            }
        }
    };
    Action::Edit(Edit::Map(MapEdit::SetUnderlay(Some(underlay))))
}

/// "Pick terrain from underlay" on `selection` (every cell when empty): one
/// `CellEdit::SetTerrain` of the hexes whose terrain changes, and the line saying what it did.
pub fn pick(doc: &OpenMap, images: &EditorImages, selection: &[Hex]) -> (Option<Action>, String) {
    let map = doc.map();
    let Some((u, image, _)) = hexmap_draw::underlay::underlay_image(map, images.set()) else {
        return (None, "No underlay image is loaded.".to_owned());
    };
    let changes = if selection.is_empty() {
        hexmap_draw::underlay_pick::pick_terrain(map, u, image, map.shape().iter())
    } else {
        hexmap_draw::underlay_pick::pick_terrain(map, u, image, selection.iter().copied())
    };
    let n = changes.len();
    let text = format!(
        "{} changed.",
        crate::panels::words::count(n, "hex", "hexes")
    );
    (
        (n > 0).then_some(Action::Edit(Edit::Cell(CellEdit::SetTerrain(changes)))),
        text,
    )
}
