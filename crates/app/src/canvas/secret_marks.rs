//! What the GM sees of the secrets: every GM-only item in view is marked over
//! the map in one colour — icons and labels outlined with a dashed box, edge features and
//! paths traced with a dashed line, GM-only notes tagged at their hex's top — so the GM
//! knows at a glance what the players will not see. Drawn on the GM's canvas only, never
//! in the player view or the player window (they draw the player filter's map).

use crate::canvas::camera::Camera;
use crate::open_map::OpenMap;
use eframe::egui::{self, Pos2, Rect, Shape, Stroke};
use hexmap_draw::annotation_hits;
use hexmap_hex::{Layout, Point};

/// What the GM sees marked as secret (the theme's colour, named here for tests).
pub use crate::canvas::theme::SECRET;

/// Dash and gap lengths of the marks, in screen points.
const DASH: f32 = 5.0;
const GAP: f32 = 3.0;

/// Paint the marks of the GM-only items of `doc` that lie in `rect` (the canvas, drawn
/// by `camera`).
pub(crate) fn paint(
    painter: &egui::Painter,
    doc: &OpenMap,
    layout: &Layout,
    (camera, rect): (&Camera, Rect),
) {
    let map = doc.map();
    let to_screen = |p: Point| camera.world_to_screen(rect, p);
    let near = rect.expand(64.0);
    let stroke = Stroke::new(2.0, SECRET);
    let dashed = |painter: &egui::Painter, points: &[Pos2], closed: bool| {
        let mut line = points.to_vec();
        if closed && let Some(&first) = points.first() {
            line.push(first);
        }
        painter.extend(Shape::dashed_line(&line, stroke, DASH, GAP));
    };
    for (hex, icons) in map.icons().iter() {
        for (i, icon) in icons.iter().enumerate() {
            if !icon.gm_only || !near.contains(to_screen(layout.hex_to_pixel(hex))) {
                continue;
            }
            if let Some(b) = annotation_hits::icon_box(map, layout, hex, i) {
                let a = to_screen(Point::new(b.centre.x - b.half, b.centre.y - b.half));
                let c = to_screen(Point::new(b.centre.x + b.half, b.centre.y + b.half));
                let r = Rect::from_two_pos(a, c).expand(3.0);
                dashed(
                    painter,
                    &[
                        r.left_top(),
                        r.right_top(),
                        r.right_bottom(),
                        r.left_bottom(),
                    ],
                    true,
                );
            }
        }
    }
    for (_, label) in map.labels().iter() {
        if !label.gm_only {
            continue;
        }
        let corners: Vec<Pos2> = annotation_hits::label_corners(label, layout)
            .into_iter()
            .map(to_screen)
            .collect();
        if corners.iter().any(|p| near.contains(*p)) {
            dashed(painter, &corners, true);
        }
    }
    for edge in map.gm_edges() {
        let [a, b] = layout.edge_points(edge).map(to_screen);
        if near.contains(a) || near.contains(b) {
            dashed(painter, &[a, b], false);
        }
    }
    for path in map.paths().iter().filter(|p| p.gm_only) {
        let points: Vec<Pos2> = path
            .hexes
            .iter()
            .map(|&h| to_screen(layout.hex_to_pixel(h)))
            .collect();
        if points.iter().any(|p| near.contains(*p)) {
            dashed(painter, &points, false);
        }
    }
    let tag_size = (layout.size().y * camera.zoom * 0.3).clamp(7.0, 14.0) as f32;
    for hex in map.gm_notes() {
        let corners = layout.corners(hex).map(to_screen);
        // Above the centre, at the hex's top.
        let y = corners.iter().map(|c| c.y).fold(f32::INFINITY, f32::min);
        let top = Pos2::new(to_screen(layout.hex_to_pixel(hex)).x, y);
        if !near.contains(top) {
            continue;
        }
        painter.text(
            top + egui::vec2(0.0, 1.0),
            egui::Align2::CENTER_TOP,
            "GM",
            egui::FontId::proportional(tag_size),
            SECRET,
        );
    }
}
