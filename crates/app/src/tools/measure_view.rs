//! What the Measure tool draws on the canvas while it measures: the hexes of the
//! hex line from the anchor to the hovered hex (`hexmap_hex::line`, what "N hexes" counts)
//! tinted, the route under the map's movement rule (`HexMap::route`, what "route cost"
//! costs) as a path through its cells' centres when there is one, and the straight line
//! from the anchor's centre to the hovered hex's centre on top.

use crate::canvas::camera::Camera;
use eframe::egui::{Color32, Painter, Pos2, Rect, Shape, Stroke};
use hexmap_hex::{Hex, Layout, Route};

/// Tint of the hexes on the hex line.
pub use crate::canvas::theme::MEASURE_LINE_FILL as LINE_HEX_FILL;
/// Outline of the hexes on the hex line.
use crate::canvas::theme::MEASURE_LINE_STROKE as LINE_HEX_STROKE;
/// The route's path.
pub use crate::canvas::theme::MEASURE_ROUTE as ROUTE;
/// The straight line, centre to centre.
pub use crate::canvas::theme::MEASURE_RULER as RULER;

/// Draw the measurement from `anchor` to `to` (and its `route`, if there is one) over the
/// canvas rectangle `view` seen by `camera`.
pub(crate) fn paint(
    painter: &Painter,
    view: Rect,
    camera: &Camera,
    layout: &Layout,
    (anchor, to): (Hex, Hex),
    route: Option<Route>,
) {
    let screen = |p| camera.world_to_screen(view, p);
    let centre = |h: Hex| screen(layout.hex_to_pixel(h));
    for h in hexmap_hex::line(anchor, to) {
        let corners: Vec<Pos2> = layout.corners(h).into_iter().map(screen).collect();
        painter.add(Shape::convex_polygon(
            corners,
            LINE_HEX_FILL,
            Stroke::new(1.5, LINE_HEX_STROKE),
        ));
    }
    if let Some(route) = route
        && route.hexes.len() > 1
    {
        let points: Vec<Pos2> = route.hexes.iter().map(|&h| centre(h)).collect();
        painter.add(Shape::line(points, Stroke::new(3.0, ROUTE)));
    }
    let (a, b) = (centre(anchor), centre(to));
    painter.line_segment([a, b], Stroke::new(4.0, Color32::from_black_alpha(160)));
    painter.line_segment([a, b], Stroke::new(2.0, RULER));
    painter.circle_filled(a, 4.0, RULER);
}
