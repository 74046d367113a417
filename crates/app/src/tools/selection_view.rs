//! How the selection shows: its outline on the canvas (one line along the outer
//! hexsides, dark under light so it reads on any terrain and at any zoom), and the Edit
//! menu's selection items, each naming what it would do ("Cut 37 hexes") and greyed when
//! there is nothing to do.

use crate::Action;
use crate::canvas::camera::Camera;
use crate::open_map::OpenMap;
use crate::panels::shortcuts;
use crate::tools::Tools;
use eframe::egui::{self, Painter, Rect, Stroke};
use hexmap_hex::{Edge, Hex, Layout};

/// The light line of the outline (as the selection colour of the other tools).
use crate::canvas::theme::SELECTION as LIGHT;
/// The dark line under it.
use crate::canvas::theme::SELECTION_SHADOW as DARK;

/// Draw the outline `edges`, moved by `shift` hexes (while the selection is dragged),
/// culled to the visible part of the map.
pub(crate) fn outline(
    painter: &Painter,
    (camera, rect): (&Camera, Rect),
    layout: &Layout,
    edges: &[Edge],
    shift: Hex,
) {
    if edges.is_empty() {
        return;
    }
    let (a, b) = camera.visible_world(rect);
    let (x0, x1, y0, y1) = (a.x.min(b.x), a.x.max(b.x), a.y.min(b.y), a.y.max(b.y));
    // A hexside reaches at most one hex size past its ends' box.
    let margin = (0..6)
        .map(|i| layout.corner_offset(i))
        .fold(0.0_f64, |m, o| m.max(o.x.abs()).max(o.y.abs()));
    let segments: Vec<[egui::Pos2; 2]> = edges
        .iter()
        .filter_map(|e| {
            let (h, d) = (e.hexes().0 + shift, e.hexes().1 + shift);
            let [p, q] = layout.edge_points(Edge::between(h, d)?);
            let inside = |x: f64, y: f64| {
                x >= x0 - margin && x <= x1 + margin && y >= y0 - margin && y <= y1 + margin
            };
            (inside(p.x, p.y) || inside(q.x, q.y)).then(|| {
                [
                    camera.world_to_screen(rect, p),
                    camera.world_to_screen(rect, q),
                ]
            })
        })
        .collect();
    for (width, colour) in [(4.0, DARK), (2.0, LIGHT)] {
        for s in &segments {
            painter.line_segment(*s, Stroke::new(width, colour));
        }
    }
}

/// The Edit menu's selection items (after Copy and Paste): Cut, Delete, Select all,
/// Deselect, Invert selection, Select same terrain, Fill and Erase terrain.
pub(crate) fn menu_items(ui: &mut egui::Ui, doc: &OpenMap, tools: &Tools, out: &mut Vec<Action>) {
    let n = tools.selection().len();
    let some = n > 0;
    let count = |verb: &str| match n {
        0 => verb.to_owned(),
        n => format!("{verb} {}", crate::panels::words::count(n, "hex", "hexes")),
    };
    let terrain = tools.terrain();
    let terrain_name = terrain
        .and_then(|t| doc.map().palette().get(t))
        .map_or("empty".to_owned(), |t| t.name.clone());
    let items = [
        (count("Cut"), some, Action::Cut),
        (count("Delete"), some, Action::DeleteSelection),
        ("Select all".to_owned(), true, Action::SelectAll),
        ("Deselect".to_owned(), some, Action::Deselect),
        ("Invert selection".to_owned(), true, Action::InvertSelection),
        (
            format!("Select same terrain: {terrain_name}"),
            true,
            Action::SelectSameTerrain,
        ),
        (
            format!("{} with {terrain_name}", count("Fill")),
            some,
            Action::FillSelection(terrain),
        ),
        (
            format!("{} (terrain only)", count("Erase")),
            some,
            Action::FillSelection(None),
        ),
    ];
    for (i, (label, enabled, action)) in items.into_iter().enumerate() {
        if i == 2 || i == 6 {
            ui.separator();
        }
        let keys = shortcuts::text_for(ui.ctx(), &action).unwrap_or_default();
        let keys = match action {
            Action::DeleteSelection => "Del".to_owned(),
            _ => keys,
        };
        let button = egui::Button::new(label).shortcut_text(keys);
        if ui.add_enabled(enabled, button).clicked() {
            out.push(action);
        }
    }
}

/// The Select tool's options in the toolbar: the mode of a plain click or drag, and how
/// the modifiers change it.
pub(crate) fn mode_bar(ui: &mut egui::Ui, tools: &mut Tools) {
    let hint = "Shift+click adds, Ctrl+click subtracts, Alt+click selects the same terrain; \
                drag the selection to move it";
    for mode in crate::tools::selection::SelectMode::ALL {
        ui.radio_value(tools.selection_mut().mode_mut(), mode, mode.label())
            .on_hover_text(hint);
    }
    ui.label("Shift +, Ctrl −").on_hover_text(hint);
}
