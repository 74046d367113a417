//! The edge and path tools: what a press, drag and release turn into when
//! drawing rivers and walls along hexsides or roads through hex centres, and the names
//! the status bar gives the feature under the pointer.
//!
//! Edge tool: the pointer snaps to the nearest hexside; a drag sets every side it passes
//! to the chosen edge type (Shift: erases them), one undo step per drag.
//!
//! Path tool: a press on a path selects it; otherwise, with no path selected, a click
//! starts a path and the next click (or a drag) ends its first stretch, the hexes between
//! filled with a hex line; with a path selected, a click or drag extends it from its
//! nearer end. Escape deselects, Delete removes the selected path.

use crate::Action;
use crate::open_map::OpenMap;
use hexmap_draw::features::distance_to_path_near;
use hexmap_hex::{CoordContext, CoordSystem, Edge, Hex, Layout, Point};
use hexmap_map::{
    EdgeTypeId, Edit, FeatureEdit, FogEdit, GmItem, HexMap, MapPath, PathEnd, PathId, PathTypeId,
};

/// How near (screen pixels) a press of the path tool must be to a path's drawn line to
/// select it.
pub const PATH_PICK_PX: f64 = 6.0;

/// What the edge and path tools draw with, and the path they work on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FeatureTools {
    /// The edge type the edge tool sets.
    edge_kind: Option<EdgeTypeId>,
    /// The path type new paths get.
    path_kind: Option<PathTypeId>,
    /// The selected path (extended by the path tool, removed by Delete).
    selected_path: Option<PathId>,
    /// A path begun with one click, waiting for the next.
    path_start: Option<Hex>,
    /// New edge features and paths are for the GM only (the players' views leave them
    /// out); an edge stroke over a feature sets its flag too.
    gm_only: bool,
}

/// A feature drag in progress.
#[derive(Clone, Debug, PartialEq)]
pub enum FeatureGesture {
    /// Edge tool: the last side set and where the pointer was.
    Edges {
        /// The side last set (or erased).
        last: Edge,
        /// The pointer's last world position.
        last_world: Point,
        /// What the drag sets (`None` erases).
        kind: Option<EdgeTypeId>,
    },
    /// Path tool: the hexes of a new path so far.
    NewPath {
        /// The hexes, in order.
        hexes: Vec<Hex>,
    },
    /// Path tool: a selected path being extended.
    Extend {
        /// The path.
        id: PathId,
        /// The end it grows from.
        end: PathEnd,
        /// Its end hex now.
        last: Hex,
    },
}

impl FeatureTools {
    /// The first edge and path types of `map`'s palettes, nothing selected.
    pub fn new(map: &HexMap) -> Self {
        let mut t = FeatureTools::default();
        t.keep_valid(map);
        t
    }

    /// The edge type the edge tool sets.
    pub fn edge_type(&self) -> Option<EdgeTypeId> {
        self.edge_kind
    }

    /// The path type new paths get.
    pub fn path_type(&self) -> Option<PathTypeId> {
        self.path_kind
    }

    /// Draw edges of type `id` from now on (the edge types panel).
    pub fn choose_edge_type(&mut self, id: EdgeTypeId) {
        self.edge_kind = Some(id);
    }

    /// New paths get type `id` from now on (the path types panel).
    pub fn choose_path_type(&mut self, id: PathTypeId) {
        self.path_kind = Some(id);
    }

    /// Whether new edge features and paths are for the GM only, to switch (the palette
    /// panel's "GM only").
    pub fn gm_only_mut(&mut self) -> &mut bool {
        &mut self.gm_only
    }

    /// The selected path, if any.
    pub fn selected_path(&self) -> Option<PathId> {
        self.selected_path
    }

    /// The selected path, unselected (Delete removes it).
    pub fn take_selected_path(&mut self) -> Option<PathId> {
        self.selected_path.take()
    }

    /// The hex a path was begun on with one click, waiting for the next.
    pub fn path_start(&self) -> Option<Hex> {
        self.path_start
    }

    /// After the map or its palettes changed: types that exist, a selected path that does.
    pub fn keep_valid(&mut self, map: &HexMap) {
        let edges = map.edge_palette();
        if self.edge_kind.is_none_or(|k| edges.get(k).is_none()) {
            self.edge_kind = edges.types().first().map(|t| t.id);
        }
        let paths = map.path_palette();
        if self.path_kind.is_none_or(|k| paths.get(k).is_none()) {
            self.path_kind = paths.types().first().map(|t| t.id);
        }
        if self.selected_path.is_some_and(|id| map.path(id).is_none()) {
            self.selected_path = None;
        }
    }

    /// Forget the selected path and a begun one (Escape).
    pub fn deselect(&mut self) {
        self.selected_path = None;
        self.path_start = None;
    }

    /// A press of the edge tool at `world`; `erase` with Shift.
    pub fn press_edges(
        &self,
        doc: &OpenMap,
        layout: &Layout,
        world: Point,
        erase: bool,
        out: &mut Vec<Action>,
    ) -> Option<FeatureGesture> {
        let edge = layout.pixel_to_edge(world)?;
        let kind = if erase { None } else { Some(self.edge_kind?) };
        out.push(Action::BeginStroke);
        set_edges(doc, vec![edge], (kind, self.gm_only), out);
        Some(FeatureGesture::Edges {
            last: edge,
            last_world: world,
            kind,
        })
    }

    /// A press of the path tool on `h` at `world`; `pick` is how near (world units, a few
    /// screen pixels) a press must be to another path's drawn line to select that path.
    /// Anywhere else, even in a hex other paths pass through, the press starts a path or
    /// extends the selected one.
    pub fn press_path(
        &mut self,
        doc: &OpenMap,
        layout: &Layout,
        h: Hex,
        (world, pick): (Point, f64),
        out: &mut Vec<Action>,
    ) -> Option<FeatureGesture> {
        let map = doc.map();
        if !doc.contains(h) {
            return None;
        }
        // A press on another path's line selects it (the nearest line, if several).
        let hit = map
            .paths_through(h)
            .into_iter()
            .filter(|p| Some(p.id) != self.selected_path)
            .map(|p| (distance_to_path_near(layout, p, h, world), p.id))
            .filter(|(d, _)| *d <= pick)
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, id)) = hit {
            self.selected_path = Some(id);
            self.path_start = None;
            return None;
        }
        if let Some(id) = self.selected_path
            && let Some(path) = map.path(id)
        {
            let (first, last) = (path.hexes[0], *path.hexes.last().expect("two hexes"));
            let end = if h.distance(first) < h.distance(last) {
                PathEnd::Start
            } else {
                PathEnd::End
            };
            let from = if end == PathEnd::Start { first } else { last };
            if path.contains(h) && h != from {
                return None;
            }
            out.push(Action::BeginStroke);
            let mut g = FeatureGesture::Extend {
                id,
                end,
                last: from,
            };
            self.drag(doc, &mut g, h, out);
            return Some(g);
        }
        let hexes = match self.path_start.take() {
            Some(a) => hexmap_hex::line::line(a, h),
            None => vec![h],
        };
        Some(FeatureGesture::NewPath { hexes })
    }

    /// The pointer moved to `h` (world `world`) during a feature drag.
    pub fn drag_to(
        &mut self,
        doc: &OpenMap,
        layout: &Layout,
        gesture: &mut FeatureGesture,
        h: Hex,
        world: Point,
        out: &mut Vec<Action>,
    ) {
        if let FeatureGesture::Edges {
            last,
            last_world,
            kind,
        } = gesture
        {
            let edges: Vec<Edge> = edges_along(layout, *last_world, world)
                .into_iter()
                .filter(|e| e != last)
                .collect();
            *last_world = world;
            if let Some(&e) = edges.last() {
                *last = e;
                set_edges(doc, edges, (*kind, self.gm_only), out);
            }
        } else {
            self.drag(doc, gesture, h, out);
        }
    }

    /// Path gestures: walk to `h` by a hex line.
    fn drag(&mut self, doc: &OpenMap, gesture: &mut FeatureGesture, h: Hex, out: &mut Vec<Action>) {
        if !doc.contains(h) {
            return;
        }
        match gesture {
            FeatureGesture::NewPath { hexes } => {
                let from = *hexes.last().expect("starts with a hex");
                if from != h {
                    hexes.extend(hexmap_hex::line::line(from, h).into_iter().skip(1));
                }
            }
            FeatureGesture::Extend { id, end, last } => {
                if *last == h {
                    return;
                }
                let steps: Vec<Hex> = hexmap_hex::line::line(*last, h)
                    .into_iter()
                    .skip(1)
                    .collect();
                *last = h;
                out.push(Action::StrokeEdit(Edit::Feature(FeatureEdit::ExtendPath {
                    id: *id,
                    end: *end,
                    hexes: steps,
                })));
            }
            FeatureGesture::Edges { .. } => {}
        }
    }

    /// The drag ended.
    pub fn release(&mut self, doc: &OpenMap, gesture: FeatureGesture, out: &mut Vec<Action>) {
        match gesture {
            FeatureGesture::Edges { .. } | FeatureGesture::Extend { .. } => {
                out.push(Action::EndStroke);
            }
            FeatureGesture::NewPath { hexes } if hexes.len() >= 2 => {
                let Some(kind) = self.path_kind else {
                    return;
                };
                let id = doc.map().paths().next_id();
                out.push(Action::Edit(Edit::Feature(FeatureEdit::AddPath(MapPath {
                    id,
                    kind,
                    hexes,
                    gm_only: self.gm_only,
                }))));
                self.selected_path = Some(id);
            }
            FeatureGesture::NewPath { hexes } => self.path_start = hexes.first().copied(),
        }
    }
}

/// The stroke edits setting `edges` to `kind` (sides not between two cells are skipped)
/// and, when drawing, their GM-only flag to `gm_only` (a feature drawn over keeps its flag
/// unless the stroke's differs).
fn set_edges(
    doc: &OpenMap,
    edges: Vec<Edge>,
    (kind, gm_only): (Option<EdgeTypeId>, bool),
    out: &mut Vec<Action>,
) {
    let map = doc.map();
    let edges: Vec<Edge> = edges
        .into_iter()
        .filter(|e| {
            let (a, b) = e.hexes();
            doc.contains(a) && doc.contains(b)
        })
        .collect();
    let changed: Vec<Edge> = edges
        .iter()
        .copied()
        .filter(|e| map.edge(*e) != kind)
        .collect();
    if !changed.is_empty() {
        out.push(Action::StrokeEdit(Edit::Feature(FeatureEdit::SetEdges {
            edges: changed,
            kind,
        })));
    }
    if kind.is_none() {
        return;
    }
    // After the stroke: an old feature keeps its flag, a new one starts public.
    let flagged: Vec<GmItem> = edges
        .into_iter()
        .filter(|e| (map.edge(*e).is_some() && map.edge_is_gm_only(*e)) != gm_only)
        .map(GmItem::Edge)
        .collect();
    if !flagged.is_empty() {
        out.push(Action::StrokeEdit(Edit::Fog(FogEdit::SetGmOnly {
            items: flagged,
            gm_only,
        })));
    }
}

/// The hexsides nearest to the points of the segment `from`–`to`, sampled a quarter hex
/// apart (so a fast drag leaves no gaps), in order, without repeats, `from`'s side first.
pub fn edges_along(layout: &Layout, from: Point, to: Point) -> Vec<Edge> {
    let step = layout.inner_radius() / 4.0;
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let n = ((dx * dx + dy * dy).sqrt() / step)
        .ceil()
        .clamp(1.0, 10_000.0) as usize;
    let mut out: Vec<Edge> = Vec::new();
    for i in 0..=n {
        let t = i as f64 / n as f64;
        let p = Point::new(from.x + dx * t, from.y + dy * t);
        if let Some(e) = layout.pixel_to_edge(p)
            && out.last() != Some(&e)
        {
            out.push(e);
        }
    }
    out
}

/// `edge` written as its two hexes in `system`: "0304|0305".
pub fn edge_label(edge: Edge, system: CoordSystem, cx: &CoordContext) -> String {
    let (a, b) = edge.hexes();
    format!("{}|{}", system.format(a, cx), system.format(b, cx))
}

/// What the status bar says of the features at `world`: the edge feature on the nearest
/// side ("River on edge 0304|0305") and the paths through the hex ("Road (path 2)").
pub fn features_at(
    map: &HexMap,
    layout: &Layout,
    world: Point,
    system: CoordSystem,
) -> Vec<String> {
    let cx = map.properties().coord_context();
    let mut out = Vec::new();
    if let Some(edge) = layout.pixel_to_edge(world)
        && let Some(t) = map.edge(edge).and_then(|k| map.edge_palette().get(k))
    {
        out.push(format!(
            "{} on edge {}",
            t.name,
            edge_label(edge, system, &cx)
        ));
    }
    if let Some(h) = layout.pixel_to_hex(world) {
        for p in map.paths_through(h) {
            if let Some(t) = map.path_palette().get(p.kind) {
                out.push(format!("{} (path {})", t.name, p.id));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::open_map::NewMapSpec;

    /// The edits a press of the edge tool at the middle of `e` asks for.
    fn press(doc: &OpenMap, e: Edge, erase: bool) -> Vec<Edit> {
        let tools = FeatureTools::new(doc.map());
        let layout = doc.layout();
        let mut out = Vec::new();
        let g = tools.press_edges(doc, &layout, layout.edge_midpoint(e), erase, &mut out);
        assert!(g.is_some());
        assert!(matches!(out.first(), Some(Action::BeginStroke)));
        out.into_iter()
            .filter_map(|a| match a {
                Action::StrokeEdit(edit) => Some(edit),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_edge_tool_sets_the_picked_type_and_shift_erases_only_what_is_there() {
        let mut doc = OpenMap::new_map(&NewMapSpec::default()).unwrap();
        let e = Edge::around(Hex::new(4, 4))[1];
        let river = EdgeTypeId::new(1);
        let set = Edit::Feature(FeatureEdit::SetEdges {
            edges: vec![e],
            kind: river,
        });
        assert_eq!(press(&doc, e, false), vec![set.clone()]);
        // Nothing to erase: no edit (an empty undo step would be noise).
        assert!(press(&doc, e, true).is_empty());
        doc.apply(&set).unwrap();
        let erase = Edit::Feature(FeatureEdit::SetEdges {
            edges: vec![e],
            kind: None,
        });
        assert_eq!(press(&doc, e, true), vec![erase]);
        // Drawing what is already there asks for nothing either.
        assert!(press(&doc, e, false).is_empty());
    }

    #[test]
    fn a_fast_drag_names_every_side_it_passes() {
        let layout = Layout::new(
            hexmap_hex::Orientation::Flat,
            Point::new(10.0, 10.0),
            Point::new(0.0, 0.0),
        )
        .unwrap();
        // Along three sides of a column of flat hexes: from the corner region of one side
        // to that of the third, in one move.
        let h = Hex::new(0, 0);
        let sides = Edge::around(h);
        let mid = |e: Edge| layout.edge_midpoint(e);
        let got = edges_along(&layout, mid(sides[0]), mid(sides[2]));
        assert_eq!(got.first(), Some(&sides[0]));
        assert_eq!(got.last(), Some(&sides[2]));
        assert!(got.windows(2).all(|w| w[0] != w[1]));
        // No gaps: each side shares a corner with the next.
        for w in got.windows(2) {
            let [a, b] = layout.edge_points(w[0]);
            let [c, d] = layout.edge_points(w[1]);
            let near = |p: Point, q: Point| (p.x - q.x).hypot(p.y - q.y) < 1e-6;
            assert!(
                near(a, c) || near(a, d) || near(b, c) || near(b, d),
                "{} and {} do not meet",
                w[0],
                w[1]
            );
        }
    }
}
