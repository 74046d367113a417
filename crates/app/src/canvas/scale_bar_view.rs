//! The scale bar on the canvas (View → Scale bar): fixed to the canvas's
//! bottom-left corner in screen space, a nice round distance about a fifth of the view's
//! width long at the current zoom, drawn by [`hexmap_draw::scale_bar`] like in pictures
//! and placed by the same rule (clear of the legend when that sits in the same corner).

use crate::canvas::painter::ScreenSink;
use crate::open_map::OpenMap;
use eframe::egui::{Painter, Pos2, Rect};
use hexmap_draw::scale_bar::draw_in_corner;
use hexmap_hex::Point;

/// Draw the map's scale bar over the canvas rectangle `rect` (screen points) at `zoom`
/// screen points per world unit, clear of the legend's box `legend` (screen points).
/// Nothing when the map has no scale.
pub(crate) fn paint(
    painter: &Painter,
    rect: Rect,
    doc: &OpenMap,
    zoom: f64,
    legend: Option<(Point, Point)>,
) {
    let Some(scale) = doc.map().scale() else {
        return;
    };
    let Ok(layout) = doc.map().layout() else {
        return;
    };
    // World units are screen points here: one unit per pixel, origin at the screen's.
    let mut sink = ScreenSink::new(painter, Point::new(0.0, 0.0), Pos2::ZERO, 1.0);
    let area = (
        Point::new(f64::from(rect.min.x), f64::from(rect.min.y)),
        Point::new(f64::from(rect.max.x), f64::from(rect.max.y)),
    );
    let hex = hexmap_draw::print::flat_to_flat(&layout) * zoom;
    let max = f64::from(rect.width()) / 5.0;
    draw_in_corner(&mut sink, scale, hex, max, area, 1.0, legend);
}
