//! Analysis overlays over a map, from plain inputs: translucent hex sets (range, ring,
//! movement, field of view …), the A* path as a line through hex centres, and outlines of
//! the anchor and target hexes.

use super::colour::Colour;
use super::primitives::{HexCell, Hexagon, Polyline, Stroke};
use super::sink::Sink;
use crate::hex::{Hex, Layout, Point};

/// Hexes to tint with one colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexSet<'a> {
    /// The hexes.
    pub hexes: &'a [Hex],
    /// Their (usually translucent) fill.
    pub fill: Colour,
}

/// What the overlays show this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Overlays<'a> {
    /// Tinted hex sets, in drawing order.
    pub sets: &'a [HexSet<'a>],
    /// The path, hex by hex (fewer than two hexes: no line).
    pub path: &'a [Hex],
    /// The path line's colour.
    pub path_colour: Colour,
    /// The anchor hex, outlined.
    pub anchor: Option<Hex>,
    /// The target hex, outlined.
    pub target: Option<Hex>,
}

/// Sizes and colours of overlays.
#[derive(Clone, Debug, PartialEq)]
pub struct OverlayStyle {
    /// Tinted hexes at this share of the hexagon (the grid stays visible between them).
    pub set_scale: f64,
    /// Path line width in pixels.
    pub path_px: f64,
    /// Anchor outline colour.
    pub anchor: Colour,
    /// Target outline colour.
    pub target: Colour,
    /// Anchor and target outlines at this share of the hexagon.
    pub marker_scale: f64,
    /// Anchor and target outline width in pixels.
    pub marker_px: f64,
}

impl Default for OverlayStyle {
    fn default() -> Self {
        OverlayStyle {
            set_scale: 0.92,
            path_px: 3.0,
            anchor: Colour::rgb(255, 120, 255),
            target: Colour::rgb(120, 255, 255),
            marker_scale: 0.8,
            marker_px: 2.5,
        }
    }
}

/// Draw `overlays` at `scale` (pixels per world unit), leaving out tinted hexes that do not
/// meet the world rectangle `view` (min, max) when one is given.
pub fn draw_overlays(
    layout: &Layout,
    overlays: &Overlays<'_>,
    view: Option<(Point, Point)>,
    scale: f64,
    style: &OverlayStyle,
    sink: &mut dyn Sink,
) {
    let hexagon = Hexagon::of(layout);
    let size = layout.size();
    let reach = size.x.max(size.y);
    let visible = |c: Point| {
        view.is_none_or(|(a, b)| {
            c.x >= a.x - reach && c.x <= b.x + reach && c.y >= a.y - reach && c.y <= b.y + reach
        })
    };
    for set in overlays.sets {
        for &h in set.hexes {
            let centre = layout.hex_to_pixel(h);
            if visible(centre) {
                sink.hex(&HexCell {
                    hexagon: &hexagon,
                    centre,
                    scale: style.set_scale,
                    fill: Some(set.fill),
                    stroke: None,
                });
            }
        }
    }
    if overlays.path.len() > 1 {
        let points: Vec<Point> = overlays
            .path
            .iter()
            .map(|&h| layout.hex_to_pixel(h))
            .collect();
        sink.polyline(&Polyline {
            points: &points,
            stroke: Stroke::solid(style.path_px / scale, overlays.path_colour),
        });
    }
    for (hex, colour) in [
        (overlays.anchor, style.anchor),
        (overlays.target, style.target),
    ] {
        if let Some(h) = hex {
            sink.hex(&HexCell {
                hexagon: &hexagon,
                centre: layout.hex_to_pixel(h),
                scale: style.marker_scale,
                fill: None,
                stroke: Some(Stroke::solid(style.marker_px / scale, colour)),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::sink::{Recorded, Recording};
    use crate::hex::Orientation;

    #[test]
    fn sets_path_and_markers_in_order_with_off_view_hexes_left_out() {
        let layout = Layout::regular(Orientation::Pointy, 10.0).unwrap();
        let near = [Hex::new(0, 0), Hex::new(1, 0)];
        let far = [Hex::new(500, 0)];
        let sets = [
            HexSet {
                hexes: &near,
                fill: Colour::rgba(0, 200, 255, 90),
            },
            HexSet {
                hexes: &far,
                fill: Colour::rgba(255, 0, 0, 90),
            },
        ];
        let path = [Hex::new(0, 0), Hex::new(1, 0), Hex::new(2, 0)];
        let o = Overlays {
            sets: &sets,
            path: &path,
            path_colour: Colour::rgb(255, 70, 70),
            anchor: Some(Hex::new(0, 0)),
            target: None,
        };
        let mut rec = Recording::default();
        let view = (Point::new(-50.0, -50.0), Point::new(100.0, 100.0));
        let style = OverlayStyle::default();
        draw_overlays(&layout, &o, Some(view), 2.0, &style, &mut rec);
        assert_eq!(rec.items.len(), 4, "{:?}", rec.items);
        assert!(matches!(rec.items[0], Recorded::Hex { scale, .. } if scale == 0.92));
        let Recorded::Polyline { points, stroke } = &rec.items[2] else {
            panic!("{:?}", rec.items[2])
        };
        assert_eq!(points.len(), 3);
        assert!((stroke.width - 1.5).abs() < 1e-9, "3 px at 2 px per unit");
        assert!(matches!(
            rec.items[3],
            Recorded::Hex { fill: None, stroke: Some(s), .. } if s.colour == style.anchor
        ));
        let mut all = Recording::default();
        draw_overlays(&layout, &o, None, 2.0, &style, &mut all);
        assert_eq!(all.hex_count(), 4, "no view: every hex");
    }
}
