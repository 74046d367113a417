//! What the edge and path tools show on the canvas while they are in use: the hexside the
//! edge tool would draw on, the selected path and a path's first click.

use crate::canvas::CanvasParts;
use crate::open_map::OpenMap;
use crate::tools::Tool;
use eframe::egui::{self, Pos2, Rect, Shape, Stroke};
use hexmap_hex::{Layout, Point};

/// What the edge and path tools show: the hexside the edge tool would draw on, the
/// selected path and a path's first click.
pub(crate) fn paint_feature_tools(
    app: &CanvasParts<'_>,
    painter: &egui::Painter,
    rect: Rect,
    layout: &Layout,
) {
    let to_screen = |p: Point| app.canvas.camera().world_to_screen(rect, p);
    let highlight = crate::canvas::theme::HOVER;
    match app.tools.tool() {
        Tool::Edge => {
            if let Some(edge) = app
                .canvas
                .hovered_world()
                .and_then(|w| layout.pixel_to_edge(w))
                && edge_on_map(app.doc, edge)
            {
                let [a, b] = layout.edge_points(edge);
                painter.line_segment([to_screen(a), to_screen(b)], Stroke::new(4.0, highlight));
            }
        }
        Tool::Path => {
            let f = app.tools.features();
            if let Some(path) = f.selected_path().and_then(|id| app.doc.map().path(id)) {
                let points: Vec<Pos2> = path
                    .hexes
                    .iter()
                    .map(|h| to_screen(layout.hex_to_pixel(*h)))
                    .collect();
                let select = crate::canvas::theme::SELECTION;
                painter.add(Shape::line(points.clone(), Stroke::new(3.0, select)));
                for p in [points[0], points[points.len() - 1]] {
                    painter.circle_stroke(p, 5.0, Stroke::new(2.0, select));
                }
            }
            if let Some(h) = f.path_start() {
                painter.circle_filled(to_screen(layout.hex_to_pixel(h)), 5.0, highlight);
            }
        }
        _ => {}
    }
}

/// True when both hexes of `edge` are cells (only such sides carry features).
fn edge_on_map(doc: &OpenMap, edge: hexmap_hex::Edge) -> bool {
    let (a, b) = edge.hexes();
    doc.contains(a) && doc.contains(b)
}
