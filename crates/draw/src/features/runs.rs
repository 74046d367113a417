//! Runs: edge features of one type joined end to end, and the steps of a path, drawn as
//! one line each, so a dash pattern flows on across corners and centres and the two lines
//! of a double wall meet in mitred corners instead of stopping square at every edge.
//!
//! A run is found from the map alone (the same from whichever of its pieces it is looked
//! up), in a fixed direction from a fixed first piece, and cut into blocks of at most
//! [`MAX_RUN`] pieces counted from that start: every region that draws a piece draws the
//! same whole block, exactly as the whole map does.

use hexmap_hex::{Edge, Hex, Layout, Point};
use hexmap_map::{EdgeTypeId, HexMap};

/// Most pieces (edges, or steps of a path) drawn as one line; longer runs are drawn in
/// blocks of this many, so a region never draws a whole map-long river.
pub const MAX_RUN: usize = 64;

/// A block of a run of edge features of one type: the edges in order along the run and
/// its corners (one more than the edges; the first equals the last for a closed ring).
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeRun {
    /// The edges, in order.
    pub edges: Vec<Edge>,
    /// Corner `i` and `i + 1` are the ends of edge `i`.
    pub corners: Vec<Point>,
}

fn squared_distance(a: Point, b: Point) -> f64 {
    (a.x - b.x).powi(2) + (a.y - b.y).powi(2)
}

/// The hex that meets both of `edge`'s hexes at `corner` (the third hex at that corner).
pub(super) fn third_hex_at(layout: &Layout, edge: Edge, corner: Point) -> Option<Hex> {
    let (a, _) = edge.hexes();
    let d = edge.direction_from(a)?;
    [a.neighbor(d.clockwise()), a.neighbor(d.counter_clockwise())]
        .into_iter()
        .min_by(|x, y| {
            let dist = |h: Hex| squared_distance(layout.hex_to_pixel(h), corner);
            dist(*x).total_cmp(&dist(*y))
        })
}

/// The two other edges meeting `edge` at `corner`.
pub(super) fn other_edges_at(layout: &Layout, edge: Edge, corner: Point) -> Vec<Edge> {
    let (a, b) = edge.hexes();
    let Some(third) = third_hex_at(layout, edge, corner) else {
        return Vec::new();
    };
    [Edge::between(a, third), Edge::between(b, third)]
        .into_iter()
        .flatten()
        .collect()
}

/// The corner of `edge` farther from `corner`.
pub(super) fn far_corner(layout: &Layout, edge: Edge, corner: Point) -> Point {
    let [p, q] = layout.edge_points(edge);
    if squared_distance(p, corner) > squared_distance(q, corner) {
        p
    } else {
        q
    }
}

/// The edge of type `kind` that continues a run through `corner`: the one other edge of
/// that type there (none at an end, none at a junction of three).
fn continuation(
    map: &HexMap,
    layout: &Layout,
    edge: Edge,
    kind: EdgeTypeId,
    corner: Point,
) -> Option<Edge> {
    let same: Vec<Edge> = other_edges_at(layout, edge, corner)
        .into_iter()
        .filter(|e| map.edge(*e) == Some(kind))
        .collect();
    match same[..] {
        [only] => Some(only),
        _ => None,
    }
}

/// Walks from `edge` out through `corner` while the run continues: the edges passed and
/// the far corner of each; `true` when the walk came back to `edge` (a closed ring).
fn walk(
    map: &HexMap,
    layout: &Layout,
    edge: Edge,
    kind: EdgeTypeId,
    mut corner: Point,
) -> (Vec<(Edge, Point)>, bool) {
    let mut out = Vec::new();
    let mut at = edge;
    // A run cannot have more edges than the map; the bound only guards the loop.
    let limit = map.edge_layer().len();
    while let Some(next) = continuation(map, layout, at, kind, corner) {
        if next == edge {
            return (out, true);
        }
        if out.len() >= limit {
            break;
        }
        corner = far_corner(layout, next, corner);
        out.push((next, corner));
        at = next;
    }
    (out, false)
}

/// The whole run of edge features of `edge`'s type that `edge` belongs to, in its fixed
/// order: an open run starts at whichever end edge is smaller, a ring at its smallest edge
/// and goes on towards the smaller of that edge's two neighbours in the ring.
pub fn edge_run(map: &HexMap, layout: &Layout, edge: Edge) -> EdgeRun {
    let Some(kind) = map.edge(edge) else {
        return EdgeRun {
            edges: vec![edge],
            corners: layout.edge_points(edge).to_vec(),
        };
    };
    let [p, q] = layout.edge_points(edge);
    let (back, closed) = walk(map, layout, edge, kind, p);
    let mut edges: Vec<Edge> = back.iter().rev().map(|(e, _)| *e).collect();
    edges.push(edge);
    if closed {
        let edges = ring_from_smallest(edges);
        let corners = corners_of(layout, &edges, true);
        return EdgeRun { edges, corners };
    }
    edges.extend(
        walk(map, layout, edge, kind, q)
            .0
            .into_iter()
            .map(|(e, _)| e),
    );
    if edges[0] > edges[edges.len() - 1] {
        edges.reverse();
    }
    let corners = corners_of(layout, &edges, false);
    EdgeRun { edges, corners }
}

/// A ring's edges (in order round it) rotated to start at the smallest, going towards the
/// smaller of its two neighbours.
fn ring_from_smallest(edges: Vec<Edge>) -> Vec<Edge> {
    let n = edges.len();
    let start = (0..n).min_by_key(|&i| edges[i]).unwrap_or(0);
    let mut ring: Vec<Edge> = (0..n).map(|k| edges[(start + k) % n]).collect();
    if n > 2 && ring[n - 1] < ring[1] {
        ring[1..].reverse();
    }
    ring
}

/// The corner shared by the neighbouring edges `a` and `b`, taken from the smaller edge's
/// own corners, so it is the same point whichever way a run was found.
fn shared_corner(layout: &Layout, a: Edge, b: Edge) -> Point {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let [p, q] = layout.edge_points(lo);
    let [r, s] = layout.edge_points(hi);
    let gap = |x: Point| squared_distance(x, r).min(squared_distance(x, s));
    if gap(p) <= gap(q) { p } else { q }
}

/// The corners along `edges` (one more than the edges; a ring's last is its first).
fn corners_of(layout: &Layout, edges: &[Edge], closed: bool) -> Vec<Point> {
    let n = edges.len();
    if n < 2 {
        return edges
            .first()
            .map_or(Vec::new(), |e| layout.edge_points(*e).to_vec());
    }
    let inner: Vec<Point> = (1..n)
        .map(|k| shared_corner(layout, edges[k - 1], edges[k]))
        .collect();
    let (first, last) = if closed {
        let c = shared_corner(layout, edges[n - 1], edges[0]);
        (c, c)
    } else {
        (
            far_corner(layout, edges[0], inner[0]),
            far_corner(layout, edges[n - 1], inner[n - 2]),
        )
    };
    let mut corners = Vec::with_capacity(n + 1);
    corners.push(first);
    corners.extend(inner);
    corners.push(last);
    corners
}

/// The block of at most [`MAX_RUN`] edges of `run` (counted from its start) that holds
/// edge `i`.
pub fn block_of(run: &EdgeRun, i: usize) -> EdgeRun {
    let from = i / MAX_RUN * MAX_RUN;
    let to = (from + MAX_RUN).min(run.edges.len());
    EdgeRun {
        edges: run.edges[from..to].to_vec(),
        corners: run.corners[from..=to].to_vec(),
    }
}
