//! Edge features (rivers, walls … along hexsides) and paths (roads, trails … through hex
//! centres), drawn once here for every back-end (issue 14).
//!
//! Passable edge features (rivers, streams, fords) are smooth: each edge is two cubic
//! pieces from one corner through the edge's middle to the other, and where it meets
//! exactly one other smooth edge at a corner both share the tangent there, so a river
//! reads as one line. Impassable ones (walls, cliffs) are straight. Paths are Catmull-Rom
//! curves through the centres of their hexes.
//!
//! Every piece (one edge, one step of a path) is drawn on its own, from the map alone, so
//! two regions that both draw it draw the same thing: a region draws every piece that
//! touches its cells or their neighbours, so a later region's fills never cover a stroke
//! an earlier region drew (the editor's chunks are not clipped).

use super::colour::Colour;
use super::primitives::{LineStyle, Path, Polyline, Segment, Stroke};
use super::sink::Sink;
use crate::hex::{Edge, Hex, Layout, Point};
use crate::map::{EdgeMove, HexMap, LineStyle as FeatureStyle, MapPath};
use std::collections::HashSet;

/// Thinnest a feature line is drawn, in pixels (so a road stays visible zoomed out).
pub const MIN_LINE_PX: f64 = 1.5;
/// Shortest dash, in pixels.
const MIN_DASH_PX: f64 = 4.0;
/// Dash and gap lengths as shares of the hex radius.
const DASH_SHARE: f64 = 0.3;
const GAP_SHARE: f64 = 0.2;

/// Which kinds of features to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureLayers {
    /// Edge features.
    pub edges: bool,
    /// Paths.
    pub paths: bool,
}

/// The stroke of a feature of `width` hex units in `style` and `colour`, for a hex radius
/// `radius` (world units) drawn at `scale` pixels per world unit: at least
/// [`MIN_LINE_PX`] wide (each line of a double stroke), dashes no shorter than a few pixels.
pub fn feature_stroke(
    width: f32,
    style: FeatureStyle,
    colour: Colour,
    radius: f64,
    scale: f64,
) -> Stroke {
    let scale = scale.max(1e-9);
    let at_least = |world: f64, px: f64| world.max(px / scale);
    let total = f64::from(width) * radius;
    match style {
        FeatureStyle::Solid => Stroke::solid(at_least(total, MIN_LINE_PX), colour),
        FeatureStyle::Dashed => {
            let width = at_least(total, MIN_LINE_PX);
            let dash = at_least(radius * DASH_SHARE, MIN_DASH_PX).max(width * 2.0);
            Stroke {
                width,
                colour,
                style: LineStyle::Dashed {
                    dash,
                    gap: at_least(radius * GAP_SHARE, MIN_DASH_PX * 0.6),
                },
            }
        }
        FeatureStyle::Double => {
            // Two lines and the gap between them share the feature's width.
            let line = at_least(total / 3.0, MIN_LINE_PX);
            Stroke {
                width: line,
                colour,
                style: LineStyle::Double {
                    gap: at_least(total / 3.0, MIN_LINE_PX),
                },
            }
        }
    }
}

/// `cells` and their neighbours: every hex a piece drawn for `cells` may paint over.
fn with_neighbours(cells: &[Hex]) -> HashSet<Hex> {
    let mut set = HashSet::with_capacity(cells.len() * 2);
    for &h in cells {
        set.insert(h);
        set.extend(h.neighbors());
    }
    set
}

/// Draw the edge features and paths that touch `cells` or their neighbours (see the
/// module notes), edges first, for a map in `layout` at `scale` pixels per world unit.
pub fn draw_features(
    map: &HexMap,
    layout: &Layout,
    cells: &[Hex],
    scale: f64,
    layers: FeatureLayers,
    sink: &mut dyn Sink,
) {
    let draw_edges = layers.edges && !map.edge_layer().is_empty();
    let draw_paths = layers.paths && !map.paths().is_empty();
    if !draw_edges && !draw_paths {
        return;
    }
    let near = with_neighbours(cells);
    let size = layout.size();
    let radius = size.x.min(size.y);
    if draw_edges {
        let mut edges: Vec<(Edge, _)> = near.iter().flat_map(|&h| map.edges_owned_by(h)).collect();
        edges.sort_unstable();
        for (edge, kind) in edges {
            let Some(t) = map.edge_palette().get(kind) else {
                continue;
            };
            let stroke = feature_stroke(t.width, t.style, t.color.into(), radius, scale);
            draw_edge(map, layout, edge, stroke, sink);
        }
    }
    if draw_paths {
        let mut steps: Vec<(u32, usize)> = Vec::new();
        for &h in &near {
            for path in map.paths_through(h) {
                for (i, w) in path.hexes.windows(2).enumerate() {
                    if w[0] == h || w[1] == h {
                        steps.push((path.id.0, i));
                    }
                }
            }
        }
        steps.sort_unstable();
        steps.dedup();
        for (id, i) in steps {
            let Some(path) = map.path(crate::map::PathId(id)) else {
                continue;
            };
            let Some(t) = map.path_palette().get(path.kind) else {
                continue;
            };
            let stroke = feature_stroke(t.width, t.style, t.color.into(), radius, scale);
            let (start, segment) = path_step(layout, path, i);
            sink.path(&Path {
                start,
                segments: &[segment],
                closed: false,
                fill: None,
                stroke: Some(stroke),
            });
        }
    }
}

/// True when features of this edge type are drawn as smooth curves (what water does).
fn is_smooth(map: &HexMap, edge: Edge) -> bool {
    map.edge(edge)
        .and_then(|k| map.edge_palette().get(k))
        .is_some_and(|t| !matches!(t.movement, EdgeMove::Impassable))
}

/// Draw one edge feature: a smooth curve or a straight line between its corners.
fn draw_edge(map: &HexMap, layout: &Layout, edge: Edge, stroke: Stroke, sink: &mut dyn Sink) {
    if is_smooth(map, edge) {
        let (start, segments) = edge_curve(map, layout, edge);
        sink.path(&Path {
            start,
            segments: &segments,
            closed: false,
            fill: None,
            stroke: Some(stroke),
        });
    } else {
        sink.polyline(&Polyline {
            points: &layout.edge_points(edge),
            stroke,
        });
    }
}

fn sub(a: Point, b: Point) -> (f64, f64) {
    (a.x - b.x, a.y - b.y)
}

fn unit(v: (f64, f64)) -> (f64, f64) {
    let len = (v.0 * v.0 + v.1 * v.1).sqrt();
    if len < 1e-12 {
        (0.0, 0.0)
    } else {
        (v.0 / len, v.1 / len)
    }
}

fn along(p: Point, dir: (f64, f64), distance: f64) -> Point {
    Point::new(p.x + dir.0 * distance, p.y + dir.1 * distance)
}

/// The far corner of the one other smooth edge feature meeting `edge` at `corner`, if
/// exactly one does (a river bend); `None` at a river's end or a junction.
fn smooth_neighbour_at(map: &HexMap, layout: &Layout, edge: Edge, corner: Point) -> Option<Point> {
    let (a, b) = edge.hexes();
    let d = edge.direction_from(a)?;
    // The hex on the far side of this corner: the common neighbour of `a` and `b` whose
    // centre is nearer to the corner.
    let third = [a.neighbor(d.clockwise()), a.neighbor(d.counter_clockwise())]
        .into_iter()
        .min_by(|x, y| {
            let dist = |h: Hex| {
                let (dx, dy) = sub(layout.hex_to_pixel(h), corner);
                dx * dx + dy * dy
            };
            dist(*x).total_cmp(&dist(*y))
        })?;
    let others: Vec<Edge> = [Edge::between(a, third), Edge::between(b, third)]
        .into_iter()
        .flatten()
        .filter(|e| is_smooth(map, *e))
        .collect();
    let [other] = others[..] else {
        return None;
    };
    let [p, q] = layout.edge_points(other);
    let far = |p: Point| {
        let (dx, dy) = sub(p, corner);
        dx * dx + dy * dy
    };
    Some(if far(p) > far(q) { p } else { q })
}

/// The smooth curve of an edge feature: its first corner, then two cubic pieces through
/// the middle of the edge to the other corner. At a corner shared with exactly one other
/// smooth edge the tangent is the bisector of the two edges, the same from both sides, so
/// the two curves join without a kink.
pub fn edge_curve(map: &HexMap, layout: &Layout, edge: Edge) -> (Point, [Segment; 2]) {
    let [a, b] = layout.edge_points(edge);
    let mid = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    let e = unit(sub(b, a));
    let half = {
        let (dx, dy) = sub(mid, a);
        (dx * dx + dy * dy).sqrt()
    };
    // Tangents in the direction of travel a → b.
    let at_a = match smooth_neighbour_at(map, layout, edge, a) {
        Some(far) => unit({
            let inn = unit(sub(a, far));
            (inn.0 + e.0, inn.1 + e.1)
        }),
        None => e,
    };
    let at_b = match smooth_neighbour_at(map, layout, edge, b) {
        Some(far) => unit({
            let out = unit(sub(far, b));
            (out.0 + e.0, out.1 + e.1)
        }),
        None => e,
    };
    let k = half / 3.0;
    (
        a,
        [
            Segment::Cubic(along(a, at_a, k), along(mid, e, -k), mid),
            Segment::Cubic(along(mid, e, k), along(b, at_b, -k), b),
        ],
    )
}

/// Step `i` of a path (from `hexes[i]` to `hexes[i + 1]`) as a Catmull-Rom piece through
/// the hex centres: its start and one cubic segment. Neighbouring steps share the tangent
/// at their common centre, so the path is one smooth curve.
pub fn path_step(layout: &Layout, path: &MapPath, i: usize) -> (Point, Segment) {
    let n = path.hexes.len();
    let centre = |j: usize| layout.hex_to_pixel(path.hexes[j.min(n - 1)]);
    let p0 = centre(i.saturating_sub(1));
    let (p1, p2) = (centre(i), centre(i + 1));
    let p3 = centre(i + 2);
    let c1 = Point::new(p1.x + (p2.x - p0.x) / 6.0, p1.y + (p2.y - p0.y) / 6.0);
    let c2 = Point::new(p2.x - (p3.x - p1.x) / 6.0, p2.y - (p3.y - p1.y) / 6.0);
    (p1, Segment::Cubic(c1, c2, p2))
}

#[cfg(test)]
mod tests;
