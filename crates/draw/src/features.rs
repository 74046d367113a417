//! Edge features (rivers, walls … along hexsides) and paths (roads, trails … through hex
//! centres), drawn once here for every back-end.
//!
//! Passable edge features (rivers, streams, fords) are smooth: each edge is two cubic
//! pieces from one corner through the edge's middle to the other, and where it meets
//! exactly one other smooth edge at a corner both share the tangent there, so a river
//! reads as one line. Impassable ones (walls, cliffs) are straight. Paths are Catmull-Rom
//! curves from the first centre through the middle of every step to the last centre.
//!
//! Pieces (edges of one type joined end to end, the pieces of a path) are drawn in runs,
//! one line each, so dashes flow and double lines mitre at corners ([`runs`]). Every run
//! is found from the map alone, so two regions that both draw it draw the same thing: a
//! region draws every run block with a piece touching its cells or their neighbours, so a
//! later region's fills never cover a stroke an earlier region drew (the editor's chunks
//! are not clipped).

use super::colour::Colour;
use super::primitives::{Path, Polyline, Segment, Stroke, StrokePattern};
use super::sink::Sink;
use hexmap_hex::{Edge, Hex, Layout, Point};
use hexmap_map::{EdgeMove, HexMap, LineStyle as FeatureStyle, MapPath};
use std::collections::HashSet;

pub mod runs;

/// Thinnest a feature line is drawn, in pixels (so a road stays visible zoomed out).
pub const MIN_LINE_PX: f64 = 1.5;
/// Shortest dash, in pixels.
const MIN_DASH_PX: f64 = 4.0;
/// Dash and gap lengths as shares of the hex radius.
const DASH_SHARE: f64 = 0.3;
const GAP_SHARE: f64 = 0.2;

/// Which kinds of features to draw, and how over the GM's fog shading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureLayers {
    /// Edge features.
    pub edges: bool,
    /// Paths.
    pub paths: bool,
    /// The GM's view shades hidden cells dark: a feature touching a hidden cell is drawn
    /// over a band of this colour (a casing), so a dark wall or road stays visible there.
    /// `None` for no casing (pictures, the players' view).
    pub fog_casing: Option<Colour>,
}

/// The casing of features over the GM's fog shading: a translucent light band.
pub const FOG_CASING: Colour = Colour::rgba(235, 235, 225, 140);

/// How much wider than its line a casing is, in pixels.
const CASING_PX: f64 = 3.0;

/// The solid band a casing of `colour` draws under `stroke`: its whole width (both lines
/// and the gap of a double stroke) and [`CASING_PX`] more.
fn casing(stroke: &Stroke, colour: Colour, scale: f64) -> Stroke {
    let width = match stroke.style {
        StrokePattern::Double { gap } => 2.0 * stroke.width + gap,
        _ => stroke.width,
    };
    Stroke::solid(width + CASING_PX / scale.max(1e-9), colour)
}

/// The casing colour for a feature crossing `hexes`, when one is wanted and one of them is
/// hidden.
fn casing_over_fog(
    map: &HexMap,
    layers: &FeatureLayers,
    mut hexes: impl Iterator<Item = Hex>,
) -> Option<Colour> {
    let colour = layers.fog_casing?;
    (map.has_fog() && hexes.any(|h| !map.is_revealed(h))).then_some(colour)
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
                style: StrokePattern::Dashed {
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
                style: StrokePattern::Double {
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
    let radius = layout.inner_radius();
    if draw_edges {
        let mut edges: Vec<(Edge, _)> = near.iter().flat_map(|&h| map.edges_owned_by(h)).collect();
        edges.sort_unstable();
        // Edges already drawn as part of a block of their run.
        let mut covered: HashSet<Edge> = HashSet::new();
        for (edge, kind) in edges {
            if covered.contains(&edge) {
                continue;
            }
            let Some(t) = map.edge_palette().get(kind) else {
                continue;
            };
            let run = runs::edge_run(map, layout, edge);
            let Some(i) = run.edges.iter().position(|e| *e == edge) else {
                continue;
            };
            let block = runs::block_of(&run, i);
            covered.extend(block.edges.iter().copied());
            let stroke = feature_stroke(t.width, t.style, t.color.into(), radius, scale);
            let sides = block.edges.iter().flat_map(|e| {
                let (a, b) = e.hexes();
                [a, b]
            });
            if let Some(colour) = casing_over_fog(map, &layers, sides) {
                draw_edge_run(map, layout, &block, casing(&stroke, colour, scale), sink);
            }
            draw_edge_run(map, layout, &block, stroke, sink);
        }
    }
    if draw_paths {
        // Blocks of pieces (path id, block number) with a piece in `near`: piece k of a
        // path lies in its hex k.
        let mut blocks: Vec<(u32, usize)> = Vec::new();
        for &h in &near {
            for path in map.paths_through(h) {
                for (k, _) in path.hexes.iter().enumerate().filter(|(_, x)| **x == h) {
                    blocks.push((path.id.0, k / runs::MAX_RUN));
                }
            }
        }
        blocks.sort_unstable();
        blocks.dedup();
        for (id, b) in blocks {
            let Some(path) = map.path(hexmap_map::PathId(id)) else {
                continue;
            };
            let Some(t) = map.path_palette().get(path.kind) else {
                continue;
            };
            let stroke = feature_stroke(t.width, t.style, t.color.into(), radius, scale);
            let from = b * runs::MAX_RUN;
            let to = (from + runs::MAX_RUN).min(path.hexes.len());
            let segments: Vec<Segment> =
                (from..to).map(|k| path_piece(layout, path, k).1).collect();
            let start = path_knot(layout, path, from);
            let end = (to + 1).min(path.hexes.len());
            let crossed = path.hexes[from.saturating_sub(1)..end].iter().copied();
            if let Some(colour) = casing_over_fog(map, &layers, crossed) {
                sink.path(&Path {
                    start,
                    segments: &segments,
                    closed: false,
                    fill: None,
                    stroke: Some(casing(&stroke, colour, scale)),
                });
            }
            sink.path(&Path {
                start,
                segments: &segments,
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

/// Draw a block of a run of edge features as one line: smooth curves or straight lines
/// through its corners (a double line then mitres its corners, a dash flows on).
fn draw_edge_run(
    map: &HexMap,
    layout: &Layout,
    run: &runs::EdgeRun,
    stroke: Stroke,
    sink: &mut dyn Sink,
) {
    let Some(&first) = run.edges.first() else {
        return;
    };
    if is_smooth(map, first) {
        let mut segments = Vec::with_capacity(run.edges.len() * 2);
        for (k, &edge) in run.edges.iter().enumerate() {
            let (start, [s1, s2]) = edge_curve(map, layout, edge);
            if close_points(start, run.corners[k]) {
                segments.extend([s1, s2]);
            } else {
                segments.extend(reversed(start, [s1, s2]));
            }
        }
        sink.path(&Path {
            start: run.corners[0],
            segments: &segments,
            closed: false,
            fill: None,
            stroke: Some(stroke),
        });
    } else {
        sink.polyline(&Polyline {
            points: &run.corners,
            stroke,
        });
    }
}

/// True when two corners computed from different hexes are the same point.
fn close_points(a: Point, b: Point) -> bool {
    let (dx, dy) = sub(a, b);
    dx * dx + dy * dy < 1e-12 * (1.0 + a.x * a.x + a.y * a.y)
}

/// The two pieces of an edge curve from `start`, travelled the other way (from their end
/// back to `start`).
fn reversed(start: Point, pieces: [Segment; 2]) -> [Segment; 2] {
    let back = |s: Segment, to: Point| match s {
        Segment::Cubic(c1, c2, _) => Segment::Cubic(c2, c1, to),
        Segment::Line(_) => Segment::Line(to),
    };
    let mid = match pieces[0] {
        Segment::Cubic(_, _, p) | Segment::Line(p) => p,
    };
    [back(pieces[1], mid), back(pieces[0], start)]
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
    let others: Vec<Edge> = runs::other_edges_at(layout, edge, corner)
        .into_iter()
        .filter(|e| is_smooth(map, *e))
        .collect();
    let [other] = others[..] else {
        return None;
    };
    Some(runs::far_corner(layout, other, corner))
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

/// How far `p` is (world units) from the line drawn for `path` near hex `h` (its pieces in
/// `h` and its neighbours): the one geometry the editor picks paths by.
pub fn distance_to_path_near(layout: &Layout, path: &MapPath, h: Hex, p: Point) -> f64 {
    let tolerance = layout.inner_radius() * 0.01;
    let mut best = f64::INFINITY;
    for (k, _) in path
        .hexes
        .iter()
        .enumerate()
        .filter(|(_, x)| x.distance(h) <= 1)
    {
        let (start, segment) = path_piece(layout, path, k);
        let mut points = vec![start];
        match segment {
            Segment::Cubic(c1, c2, end) => {
                super::lines::flatten_cubic(start, c1, c2, end, tolerance, &mut points)
            }
            Segment::Line(end) => points.push(end),
        }
        for w in points.windows(2) {
            best = best.min(distance_to_segment(p, w[0], w[1]));
        }
    }
    best
}

/// Distance from `p` to the segment `a`–`b`.
fn distance_to_segment(p: Point, a: Point, b: Point) -> f64 {
    let (ab, ap) = (sub(b, a), sub(p, a));
    let len2 = ab.0 * ab.0 + ab.1 * ab.1;
    let t = if len2 == 0.0 {
        0.0
    } else {
        ((ap.0 * ab.0 + ap.1 * ab.1) / len2).clamp(0.0, 1.0)
    };
    let (dx, dy) = (ap.0 - ab.0 * t, ap.1 - ab.1 * t);
    (dx * dx + dy * dy).sqrt()
}

/// Knot `k` of a path's curve: the centre of its first hex (k = 0), the middle of step
/// k − 1 (between hexes k − 1 and k), or the centre of its last hex (k = len).
fn path_knot(layout: &Layout, path: &MapPath, k: usize) -> Point {
    let n = path.hexes.len();
    let centre = |j: usize| layout.hex_to_pixel(path.hexes[j.min(n - 1)]);
    match k {
        0 => centre(0),
        k if k >= n => centre(n - 1),
        k => {
            let (a, b) = (centre(k - 1), centre(k));
            Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
        }
    }
}

/// Piece `k` of a path's curve, the part inside hex `hexes[k]`: its start and one cubic
/// segment. The curve is a Catmull-Rom spline through the knots (the end centres and the
/// middle of every step), so it is straight where they are in line — along a straight
/// line of hexes, and along a zigzag row of a staggered layout, whose step middles are in
/// line though its centres are not — and bends smoothly elsewhere; neighbouring pieces
/// share the tangent at their common knot.
pub fn path_piece(layout: &Layout, path: &MapPath, k: usize) -> (Point, Segment) {
    let knot = |j: usize| path_knot(layout, path, j);
    let p0 = knot(k.saturating_sub(1));
    let (p1, p2) = (knot(k), knot(k + 1));
    let p3 = knot(k + 2);
    let c1 = Point::new(p1.x + (p2.x - p0.x) / 6.0, p1.y + (p2.y - p0.y) / 6.0);
    let c2 = Point::new(p2.x - (p3.x - p1.x) / 6.0, p2.y - (p3.y - p1.y) / 6.0);
    (p1, Segment::Cubic(c1, c2, p2))
}

#[cfg(test)]
mod tests;
