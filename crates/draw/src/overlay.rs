//! Analysis overlays over a map, from plain inputs: marked hex sets (range, ring, movement,
//! field of view …), the A* path as a line through hex centres, and outlines of the anchor
//! and target hexes.
//!
//! Overlays must read on every terrain without making one terrain look like another, so a
//! set is not a translucent wash (pale yellow vanished on beach, green made hills look like
//! grass): it is hatching in the set's own direction plus an outline around the set, each
//! line in the set's hue moved toward dark or light ink just enough to contrast with the
//! cell under it ([`legible_on`]). Hatching is phased in world space, so the stripes of
//! neighbouring hexes join into one pattern. Where hexes are too small to hatch, sets fall
//! back to a tint.

use super::colour::{Colour, ink_on, legible_on};
use super::primitives::{HexCell, Hexagon, Polyline, Stroke};
use super::sink::Sink;
use hexmap_hex::{Direction, Hex, Layout, Point};
use std::collections::HashSet;

/// How the hexes of a set are marked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pattern {
    /// Parallel lines at this angle (degrees, counter-clockwise from the x axis on screen),
    /// plus an outline around the set. Give each overlay its own angle, so two overlapping
    /// sets cross-hatch instead of hiding each other.
    Hatch {
        /// Direction of the lines in degrees.
        angle_deg: f64,
    },
    /// Only the outline around the set (for sets that another mark already fills in, such
    /// as the hexes under the path line).
    Outline,
}

/// Hexes to mark with one colour and pattern.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexSet<'a> {
    /// The hexes.
    pub hexes: &'a [Hex],
    /// The set's hue (opaque); lines are adjusted per cell for contrast.
    pub colour: Colour,
    /// Hatching or outline only.
    pub pattern: Pattern,
}

/// What the overlays show this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Overlays<'a> {
    /// Marked hex sets, in drawing order.
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
    /// What shows where a hex has no fill (off the map, transparent cells): the contrast of
    /// lines there is measured against it.
    pub backdrop: Colour,
    /// Below this hex radius in pixels sets are tinted instead of hatched.
    pub hatch_min_radius_px: f64,
    /// Hatch line width in pixels.
    pub hatch_px: f64,
    /// Distance between hatch lines as a share of the hex radius …
    pub hatch_spacing: f64,
    /// … but never closer than this many pixels …
    pub hatch_spacing_min_px: f64,
    /// … nor farther apart than this many.
    pub hatch_spacing_max_px: f64,
    /// Outline width around a set, in pixels.
    pub outline_px: f64,
    /// The contrast ratio every hatch and outline line reaches against its cell.
    pub min_contrast: f64,
    /// Opacity of the tint used where hexes are too small to hatch.
    pub tint_alpha: u8,
    /// Tinted hexes at this share of the hexagon.
    pub tint_scale: f64,
    /// Path line width in pixels.
    pub path_px: f64,
    /// Width of the dark or light casing on each side of the path line and the markers.
    pub casing_px: f64,
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
            backdrop: Colour::rgb(32, 34, 38),
            hatch_min_radius_px: 9.0,
            hatch_px: 1.6,
            hatch_spacing: 0.3,
            hatch_spacing_min_px: 5.0,
            hatch_spacing_max_px: 12.0,
            outline_px: 2.5,
            min_contrast: 3.0,
            tint_alpha: 110,
            tint_scale: 0.92,
            path_px: 3.0,
            casing_px: 1.5,
            anchor: Colour::rgb(255, 120, 255),
            target: Colour::rgb(120, 255, 255),
            marker_scale: 0.8,
            marker_px: 2.5,
        }
    }
}

/// Draw `overlays` at `scale` (pixels per world unit), leaving out hexes that do not meet
/// the world rectangle `view` (min, max) when one is given. `cell_fill` says what colour
/// shows in a hex (its terrain, the empty-cell colour, or `None` for nothing), so each
/// line can be made to contrast with what is under it.
pub fn draw_overlays(
    layout: &Layout,
    overlays: &Overlays<'_>,
    view: Option<(Point, Point)>,
    scale: f64,
    style: &OverlayStyle,
    cell_fill: &dyn Fn(Hex) -> Option<Colour>,
    sink: &mut dyn Sink,
) {
    let geometry = HexGeometry::of(layout);
    let size = layout.size();
    let reach = size.x.max(size.y);
    let visible = |c: Point| {
        view.is_none_or(|(a, b)| {
            c.x >= a.x - reach && c.x <= b.x + reach && c.y >= a.y - reach && c.y <= b.y + reach
        })
    };
    let fill_at = |h: Hex| cell_fill(h).unwrap_or(style.backdrop);
    let radius_px = layout.inner_radius() * scale;
    for set in overlays.sets {
        let shown = set
            .hexes
            .iter()
            .map(|&h| (h, layout.hex_to_pixel(h)))
            .filter(|&(_, c)| visible(c));
        if radius_px < style.hatch_min_radius_px {
            for (_, centre) in shown {
                sink.hex(&HexCell {
                    hexagon: &geometry.hexagon,
                    centre,
                    scale: style.tint_scale,
                    fill: Some(set.colour.with_alpha(style.tint_alpha)),
                    stroke: None,
                });
            }
            continue;
        }
        let shown: Vec<(Hex, Point)> = shown.collect();
        // Each hex's line colour, worked out once for its hatching and its outline sides.
        let inks: Vec<Colour> = shown
            .iter()
            .map(|&(h, _)| legible_on(set.colour, fill_at(h), style.min_contrast))
            .collect();
        if let Pattern::Hatch { angle_deg } = set.pattern {
            let spacing_px = (radius_px * style.hatch_spacing)
                .clamp(style.hatch_spacing_min_px, style.hatch_spacing_max_px);
            let hatch = Hatch::new(angle_deg, spacing_px / scale);
            for (&(_, centre), &ink) in shown.iter().zip(&inks) {
                let stroke = Stroke::solid(style.hatch_px / scale, ink);
                for [a, b] in hatch.segments(&geometry.hexagon, centre) {
                    sink.polyline(&Polyline {
                        points: &[a, b],
                        stroke,
                    });
                }
            }
        }
        // Only the sides of hexes on view: a large set (a long movement range) costs the
        // frame what is seen, not the whole set.
        let members: HashSet<Hex> = set.hexes.iter().copied().collect();
        for (i, side) in geometry.outer_sides(&members, &shown) {
            sink.polyline(&Polyline {
                points: &side,
                stroke: Stroke::solid(style.outline_px / scale, inks[i]),
            });
        }
    }
    if overlays.path.len() > 1 {
        let points: Vec<Point> = overlays
            .path
            .iter()
            .map(|&h| layout.hex_to_pixel(h))
            .collect();
        let casing = ink_on(overlays.path_colour).with_alpha(220);
        for stroke in [
            Stroke::solid((style.path_px + 2.0 * style.casing_px) / scale, casing),
            Stroke::solid(style.path_px / scale, overlays.path_colour),
        ] {
            sink.polyline(&Polyline {
                points: &points,
                stroke,
            });
        }
    }
    for (hex, colour) in [
        (overlays.anchor, style.anchor),
        (overlays.target, style.target),
    ] {
        if let Some(h) = hex {
            let casing = ink_on(colour).with_alpha(220);
            for stroke in [
                Stroke::solid((style.marker_px + 2.0 * style.casing_px) / scale, casing),
                Stroke::solid(style.marker_px / scale, colour),
            ] {
                sink.hex(&HexCell {
                    hexagon: &geometry.hexagon,
                    centre: layout.hex_to_pixel(h),
                    scale: style.marker_scale,
                    fill: None,
                    stroke: Some(stroke),
                });
            }
        }
    }
}

/// The hexagon of a layout and, for each neighbour direction, the two corners of the edge
/// shared with that neighbour (the layout's own rule, [`Layout::side_corners`]).
struct HexGeometry {
    hexagon: Hexagon,
    edge_corners: [[usize; 2]; 6],
}

impl HexGeometry {
    fn of(layout: &Layout) -> HexGeometry {
        HexGeometry {
            hexagon: Hexagon::of(layout),
            edge_corners: Direction::ALL.map(|d| layout.side_corners(d)),
        }
    }

    /// The sides of the hexes `at` (each with its centre) that face a hex not in `members`,
    /// each with the index in `at` of the hex it belongs to.
    fn outer_sides(&self, members: &HashSet<Hex>, at: &[(Hex, Point)]) -> Vec<(usize, [Point; 2])> {
        let mut out = Vec::new();
        for (i, &(h, centre)) in at.iter().enumerate() {
            for (d, n) in h.neighbors().into_iter().enumerate() {
                if !members.contains(&n) {
                    out.push((i, self.edge(centre, d)));
                }
            }
        }
        out
    }

    /// The edge of the hex at `centre` toward neighbour direction `d`.
    fn edge(&self, centre: Point, d: usize) -> [Point; 2] {
        self.edge_corners[d % 6].map(|i| self.hexagon.corner(centre, 1.0, i))
    }
}

/// The sides of the hexes of `hexes` that face a hex outside the set, each with the member
/// hex it belongs to: the outline of a region (an overlay, a reshape preview, stuck cells).
pub fn outline(layout: &Layout, hexes: &[Hex]) -> Vec<(Hex, [Point; 2])> {
    let members: HashSet<Hex> = hexes.iter().copied().collect();
    let at: Vec<(Hex, Point)> = hexes.iter().map(|&h| (h, layout.hex_to_pixel(h))).collect();
    HexGeometry::of(layout)
        .outer_sides(&members, &at)
        .into_iter()
        .map(|(i, side)| (at[i].0, side))
        .collect()
}

/// A family of parallel lines `normal · p = k × spacing` (all integers k), fixed in world
/// space so that neighbouring hexes continue each other's lines.
struct Hatch {
    normal: Point,
    along: Point,
    spacing: f64,
}

impl Hatch {
    fn new(angle_deg: f64, spacing: f64) -> Hatch {
        // Screen y points down, so a line at +angle rises to the right: direction
        // (cos, −sin); its normal is (sin, cos).
        let (sin, cos) = angle_deg.to_radians().sin_cos();
        Hatch {
            normal: Point::new(sin, cos),
            along: Point::new(cos, -sin),
            spacing,
        }
    }

    /// The pieces of the family's lines inside the hexagon at `centre`.
    fn segments(&self, hexagon: &Hexagon, centre: Point) -> Vec<[Point; 2]> {
        let corners: [Point; 6] = std::array::from_fn(|i| hexagon.corner(centre, 1.0, i));
        let dot = |v: Point, p: Point| v.x * p.x + v.y * p.y;
        let levels = corners.map(|c| dot(self.normal, c));
        let (lo, hi) = levels
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &l| {
                (lo.min(l), hi.max(l))
            });
        if !(self.spacing > 0.0 && lo.is_finite() && hi.is_finite()) {
            return Vec::new();
        }
        let (first, last) = ((lo / self.spacing).ceil(), (hi / self.spacing).floor());
        if last - first > 1000.0 {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut k = first;
        while k <= last {
            let level = k * self.spacing;
            // Where the line crosses the hexagon's sides; keep the two extreme crossings.
            let mut ends: Option<(f64, Point, f64, Point)> = None;
            for i in 0..6 {
                let (a, b) = (corners[i], corners[(i + 1) % 6]);
                let (la, lb) = (levels[i] - level, levels[(i + 1) % 6] - level);
                if la == lb || la * lb > 0.0 {
                    continue;
                }
                let t = la / (la - lb);
                let p = Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
                let s = dot(self.along, p);
                ends = Some(match ends {
                    None => (s, p, s, p),
                    Some((s0, p0, s1, p1)) => {
                        let (s0, p0) = if s < s0 { (s, p) } else { (s0, p0) };
                        let (s1, p1) = if s > s1 { (s, p) } else { (s1, p1) };
                        (s0, p0, s1, p1)
                    }
                });
            }
            if let Some((s0, p0, s1, p1)) = ends
                && s1 - s0 > 1e-9 * self.spacing
            {
                out.push([p0, p1]);
            }
            k += 1.0;
        }
        out
    }
}

#[cfg(test)]
mod tests;
