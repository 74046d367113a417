//! A map seen whole at a few pixels a hex (the Generate window's preview): its edge
//! features (rivers), paths (roads) and icons (settlements) drawn over the cells at widths
//! fixed in pixels. The full drawing leaves lines out below [`super::lod::FEATURES_FROM_PX`]
//! and icons below their legible size; a preview must show what its summary counts.

use super::annotations::{ICON_MIN_PX, icon_box};
use super::colour::{DARK_INK, LIGHT_INK};
use super::lod::FEATURES_FROM_PX;
use super::primitives::{Circle, Path, Segment, Stroke};
use super::sink::Sink;
use hexmap_hex::Layout;
use hexmap_map::HexMap;

/// Width of an edge feature or a path, in pixels.
pub const LINE_PX: f64 = 1.5;
/// Diameter of an icon's dot, in pixels.
pub const DOT_PX: f64 = 4.0;

/// Draw what the full drawing leaves out of `map` at `scale` pixels per world unit, over
/// it: its edge features (along their hexsides) and paths (through their hexes' centres)
/// when the hexes are too small for them, and a dark dot with a light rim on each hex
/// whose icons are too small to be drawn. Every one shows however small the hexes are.
pub fn draw_overview(map: &HexMap, layout: &Layout, scale: f64, sink: &mut dyn Sink) {
    let px = 1.0 / scale.max(1e-9);
    let radius = layout.inner_radius();
    if radius * scale < FEATURES_FROM_PX {
        draw_lines(map, layout, px, sink);
    }
    for (hex, icons) in map.icons().iter() {
        let Some(first) = icons.first() else {
            continue;
        };
        let (_, half) = icon_box(0, icons.len(), first.icon.scale, radius);
        if 2.0 * half * scale >= ICON_MIN_PX {
            continue;
        }
        sink.circle(&Circle {
            centre: layout.hex_to_pixel(hex),
            radius: DOT_PX / 2.0 * px,
            fill: Some(DARK_INK),
            stroke: Some(Stroke::solid(0.8 * px, LIGHT_INK)),
        });
    }
}

/// The edge features and paths as lines [`LINE_PX`] wide (`px`: world units per pixel).
fn draw_lines(map: &HexMap, layout: &Layout, px: f64, sink: &mut dyn Sink) {
    for (edge, kind) in map.edges() {
        let Some(t) = map.edge_palette().get(kind) else {
            continue;
        };
        let [a, b] = layout.edge_points(edge);
        let segments = [Segment::Line(b)];
        sink.path(&line(
            a,
            &segments,
            Stroke::solid(LINE_PX * px, t.color.into()),
        ));
    }
    for path in map.paths().iter() {
        let Some(t) = map.path_palette().get(path.kind) else {
            continue;
        };
        let Some((&first, rest)) = path.hexes.split_first() else {
            continue;
        };
        let segments: Vec<Segment> = rest
            .iter()
            .map(|&h| Segment::Line(layout.hex_to_pixel(h)))
            .collect();
        let stroke = Stroke::solid(LINE_PX * px, t.color.into());
        sink.path(&line(layout.hex_to_pixel(first), &segments, stroke));
    }
}

/// An open stroked line from `start` through `segments`.
fn line<'a>(start: hexmap_hex::Point, segments: &'a [Segment], stroke: Stroke) -> Path<'a> {
    Path {
        start,
        segments,
        closed: false,
        fill: None,
        stroke: Some(stroke),
    }
}
