//! Analysis overlays drawn over the map and never saved into it: neighbours, range, ring,
//! line with distance, A* path with cost, movement range, field of view, coordinate labels.
//! `compute` turns the settings and the hovered hex into hex sets the canvas draws and
//! tests inspect.

use crate::open_map::OpenMap;
use hexmap_hex::{self as hex, CoordSystem, GridSearch, Hex, PathError, PathLimits, RouteSearch};

/// One kind of overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OverlayKind {
    /// The six neighbours of the hovered hex.
    Neighbours,
    /// Every hex within N of the hovered hex.
    Range,
    /// The hexes exactly N from the hovered hex.
    Ring,
    /// The straight line from the anchor to the hovered hex.
    Line,
    /// The cheapest path from the anchor to the target (or hovered hex).
    Path,
    /// Hexes reachable from the anchor within a movement budget.
    Movement,
    /// Hexes visible from the anchor (or hovered hex).
    FieldOfView,
}

impl OverlayKind {
    /// The overlay's hue. Lines drawn in it are darkened or lightened per cell as needed
    /// to read on the terrain under them (`draw::overlay`).
    pub fn colour(self) -> hexmap_draw::Colour {
        let (r, g, b) = match self {
            OverlayKind::Neighbours => (255, 160, 0),
            OverlayKind::Range => (0, 200, 255),
            OverlayKind::Ring => (255, 60, 200),
            OverlayKind::Line => (255, 255, 255),
            OverlayKind::Path => (255, 70, 70),
            OverlayKind::Movement => (90, 255, 90),
            OverlayKind::FieldOfView => (255, 240, 120),
        };
        hexmap_draw::Colour::rgb(r, g, b)
    }

    /// How its hexes are marked: each hatched overlay has its own line direction, so two
    /// overlays on the same hexes cross-hatch; the path's hexes only get an outline (the
    /// path line runs through them).
    pub fn pattern(self) -> hexmap_draw::overlay::Pattern {
        use hexmap_draw::overlay::Pattern;
        let angle_deg = match self {
            OverlayKind::Path => return Pattern::Outline,
            OverlayKind::Neighbours => 90.0,
            OverlayKind::Range => 45.0,
            OverlayKind::Ring => 135.0,
            OverlayKind::Line => 0.0,
            OverlayKind::Movement => 60.0,
            OverlayKind::FieldOfView => 120.0,
        };
        Pattern::Hatch { angle_deg }
    }
}

/// Overlay switches and parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct OverlayState {
    /// Show neighbours of the hovered hex.
    pub neighbours: bool,
    /// Show range N.
    pub range: bool,
    /// N of the range overlay.
    pub range_n: u32,
    /// Show ring N.
    pub ring: bool,
    /// N of the ring overlay.
    pub ring_n: u32,
    /// Show the line from the anchor to the pointer.
    pub line: bool,
    /// Show the A* path from the anchor to the target (or pointer).
    pub path: bool,
    /// Show the movement range from the anchor (or pointer).
    pub movement: bool,
    /// Movement budget.
    pub budget: u32,
    /// Show the field of view from the anchor (or pointer).
    pub fov: bool,
    /// Field-of-view radius.
    pub fov_radius: u32,
    /// Show coordinate labels.
    pub labels: bool,
    /// The system of the labels.
    pub label_system: CoordSystem,
    /// The anchor hex (Alt+click, or the A key).
    pub anchor: Option<Hex>,
    /// The path target (Alt+Shift+click, or the T key); `None` = the pointer.
    pub target: Option<Hex>,
}

impl Default for OverlayState {
    fn default() -> Self {
        OverlayState {
            neighbours: false,
            range: false,
            range_n: 2,
            ring: false,
            ring_n: 3,
            line: false,
            path: false,
            movement: false,
            budget: 6,
            fov: false,
            fov_radius: 8,
            labels: false,
            label_system: CoordSystem::Axial,
            anchor: None,
            target: None,
        }
    }
}

/// What the overlays mark this frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OverlayResult {
    /// Filled hex sets, in drawing order.
    pub sets: Vec<(OverlayKind, Vec<Hex>)>,
    /// The A* path (empty when none or off).
    pub path: Vec<Hex>,
    /// Path outcome: `Some(Ok(cost in hundredths of a point))`, `Some(Err(reason))`
    /// ("no path"), `None` when off.
    pub path_cost: Option<Result<u64, String>>,
    /// Distance of the line overlay, when on.
    pub line_distance: Option<i32>,
}

impl OverlayResult {
    /// The hexes of one overlay, if it is on.
    pub fn set(&self, kind: OverlayKind) -> Option<&[Hex]> {
        self.sets
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, v)| v.as_slice())
    }

    /// The one-line caption shown on the canvas (distance, path cost or "no path").
    pub fn caption(&self) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(d) = self.line_distance {
            parts.push(format!("line distance {d}"));
        }
        match &self.path_cost {
            Some(Ok(c)) => parts.push(format!(
                "path cost {} ({})",
                hexmap_map::cost::format_hundredths(*c),
                crate::panels::words::count(self.path.len().saturating_sub(1), "step", "steps")
            )),
            Some(Err(why)) => parts.push(format!("no path: {why}")),
            None => {}
        }
        (!parts.is_empty()).then(|| parts.join("   "))
    }
}

/// The path overlay's route search, kept from frame to frame while the anchor and the map
/// (its revision, hence every rule input) stay the same: when only the target moves, a
/// query continues the last search instead of starting over.
#[derive(Default)]
pub struct RouteCache {
    /// What `search` was made for: (document revision, anchor, min step cost, cells).
    key: Option<(u64, Hex, u32, usize)>,
    search: Option<RouteSearch>,
}

impl RouteCache {
    /// The search from `anchor` on `doc` as it is now, made anew when either changed.
    fn search_from(&mut self, doc: &OpenMap, anchor: Hex) -> &mut RouteSearch {
        let map = doc.map();
        let key = (doc.revision(), anchor, map.min_step(), map.cell_count());
        if self.key != Some(key) {
            self.key = Some(key);
            self.search = None;
        }
        self.search.get_or_insert_with(|| {
            GridSearch::new(anchor, key.3)
                .min_step_cost(key.2)
                .reusable()
        })
    }

    /// The cheapest route from `anchor` to `goal` on `doc`'s map, as `HexMap::route` finds
    /// it (every cell may be expanded), continuing the search kept for `anchor`.
    pub(crate) fn route(
        &mut self,
        doc: &OpenMap,
        anchor: Hex,
        goal: Hex,
    ) -> Result<hexmap_hex::Route, PathError> {
        let map = doc.map();
        if !(map.contains(anchor) && map.contains(goal)) {
            return Err(PathError::Unreachable);
        }
        let limits = PathLimits {
            max_expansions: map.cell_count(),
            max_cost: None,
        };
        self.search_from(doc, anchor).route_to(
            goal,
            &limits,
            |h| map.shape().index_of(h),
            |from, to| map.step_cost(from, to),
        )
    }
}

impl OverlayState {
    /// The overlay hex sets for the pointer at `hovered`, with a route search of its own.
    pub fn compute(&self, doc: &OpenMap, hovered: Option<Hex>) -> OverlayResult {
        self.compute_with(doc, hovered, &mut RouteCache::default())
    }

    /// [`Self::compute`] continuing the path search kept in `routes` (the canvas keeps one
    /// from frame to frame).
    pub fn compute_with(
        &self,
        doc: &OpenMap,
        hovered: Option<Hex>,
        routes: &mut RouteCache,
    ) -> OverlayResult {
        let mut out = OverlayResult::default();
        let on_map =
            |v: Vec<Hex>| -> Vec<Hex> { v.into_iter().filter(|&h| doc.contains(h)).collect() };
        if let Some(h) = hovered {
            if self.neighbours {
                out.sets
                    .push((OverlayKind::Neighbours, on_map(h.neighbors().to_vec())));
            }
            if self.range {
                out.sets.push((
                    OverlayKind::Range,
                    on_map(hex::range(h, self.range_n).collect()),
                ));
            }
            if self.ring {
                out.sets.push((
                    OverlayKind::Ring,
                    on_map(hex::ring(h, self.ring_n).collect()),
                ));
            }
            if self.line
                && let Some(a) = self.anchor
            {
                out.sets.push((OverlayKind::Line, hex::line(a, h)));
                out.line_distance = Some(a.distance(h));
            }
        }
        let origin = self.anchor.or(hovered);
        if self.path
            && let Some(a) = self.anchor
            && let Some(goal) = self.target.or(hovered)
        {
            let map = doc.map();
            let result = routes.search_from(doc, a).route_to(
                goal,
                &PathLimits::default(),
                |h| map.shape().index_of(h),
                |from, to| map.step_cost(from, to),
            );
            match result {
                Ok(p) => {
                    out.path_cost = Some(Ok(p.cost));
                    out.sets.push((OverlayKind::Path, p.hexes.clone()));
                    out.path = p.hexes;
                }
                Err(PathError::Unreachable) => {
                    out.path_cost = Some(Err("unreachable".into()));
                }
                Err(PathError::LimitReached) => {
                    out.path_cost = Some(Err("search limit reached".into()));
                }
            }
        }
        if self.movement
            && let Some(a) = origin
            && doc.contains(a)
        {
            // Costs are in hundredths of a point (roads cost ½). The map's own range, as
            // `hexmap reach` asks it, cut off at the search's largest distance on maps
            // too wide for a whole one.
            let budget = self.budget.saturating_mul(hexmap_map::Cost::SCALE);
            if let Ok(reach) = doc
                .map()
                .reach_within(a, budget, hex::MAX_MOVEMENT_DISTANCE)
            {
                out.sets.push((
                    OverlayKind::Movement,
                    reach.iter().map(|(h, _)| h).collect(),
                ));
            }
        }
        if self.fov
            && let Some(a) = origin
        {
            // The map's own sight rule, as `hexmap fov` asks it.
            out.sets.push((
                OverlayKind::FieldOfView,
                // The panel keeps the radius within the limit.
                doc.map()
                    .field_of_view(a, self.fov_radius)
                    .unwrap_or_default(),
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_map::{CellEdit, Edit};

    fn doc() -> OpenMap {
        OpenMap::new_map(&crate::open_map::NewMapSpec::default()).unwrap()
    }

    #[test]
    fn range_ring_neighbours_counts_inside_the_map() {
        let d = doc();
        let centre = hexmap_hex::OffsetKind::OddR.to_hex(hexmap_hex::OffsetCoord::new(10, 8));
        let st = OverlayState {
            neighbours: true,
            range: true,
            ring: true,
            ..Default::default()
        };
        let r = st.compute(&d, Some(centre));
        assert_eq!(r.set(OverlayKind::Neighbours).unwrap().len(), 6);
        assert_eq!(r.set(OverlayKind::Range).unwrap().len(), 19);
        assert_eq!(r.set(OverlayKind::Ring).unwrap().len(), 18);
        assert!(r.set(OverlayKind::Path).is_none());
    }

    #[test]
    fn path_cost_and_no_path() {
        let mut d = doc();
        let a = Hex::new(2, 2);
        let b = Hex::new(6, 2);
        let st = OverlayState {
            path: true,
            anchor: Some(a),
            target: Some(b),
            ..Default::default()
        };
        // Empty cells cost 1 each: 4 steps (the cost is in hundredths).
        let r = st.compute(&d, None);
        assert_eq!(r.path_cost, Some(Ok(400)));
        assert_eq!(r.path.len(), 5);
        // Surround the target with sea (impassable): no path.
        let sea = d.map().palette().terrains()[0].id;
        d.apply(&Edit::Cell(CellEdit::Paint {
            center: b,
            radius: 1,
            terrain: Some(sea),
        }))
        .unwrap();
        d.apply(&Edit::Cell(CellEdit::Paint {
            center: b,
            radius: 0,
            terrain: None,
        }))
        .unwrap();
        let r = st.compute(&d, None);
        assert!(matches!(r.path_cost, Some(Err(_))));
        assert!(r.caption().unwrap().contains("no path"));
    }

    /// The movement overlay is the map's own range (`HexMap::reach`): a road carries it
    /// farther, a wall across the road cuts it back.
    #[test]
    fn the_movement_overlay_follows_roads_and_walls() {
        use hexmap_hex::Edge;
        use hexmap_map::{EdgeTypeId, FeatureEdit, MapPath, PathTypeId};
        let mut d = doc();
        let a = Hex::new(4, 4);
        let st = OverlayState {
            movement: true,
            budget: 2,
            ..Default::default()
        };
        let shown = |d: &OpenMap| -> Vec<Hex> {
            let mut v = st
                .compute(d, Some(a))
                .set(OverlayKind::Movement)
                .unwrap()
                .to_vec();
            v.sort();
            v
        };
        let range = |d: &OpenMap| -> Vec<Hex> {
            let mut v: Vec<Hex> = d
                .map()
                .reach(a, 200)
                .unwrap()
                .iter()
                .map(|(h, _)| h)
                .collect();
            v.sort();
            v
        };
        // Empty cells cost one point: two points reach the 19 cells within two steps.
        assert_eq!(shown(&d).len(), 19);
        assert_eq!(shown(&d), range(&d));
        let east = Hex::new(8, 4);
        assert!(!shown(&d).contains(&east));
        // A road east from the start (½ a point a step): four steps along it cost two.
        let id = d.map().paths().next_id();
        d.apply(&Edit::Feature(FeatureEdit::AddPath(MapPath {
            id,
            kind: PathTypeId::new(1).unwrap(),
            hexes: (4..=10).map(|q| Hex::new(q, 4)).collect(),
            gm_only: false,
        })))
        .unwrap();
        assert!(shown(&d).contains(&east));
        assert!(!shown(&d).contains(&Hex::new(9, 4)));
        assert_eq!(shown(&d), range(&d));
        // A wall (impassable) across the road's first step: the far end is out of reach.
        let wall = EdgeTypeId::new(3).unwrap();
        d.apply(&Edit::Feature(FeatureEdit::SetEdges {
            edges: vec![Edge::between(a, Hex::new(5, 4)).unwrap()],
            kind: Some(wall),
        }))
        .unwrap();
        assert!(!shown(&d).contains(&east));
        assert!(shown(&d).contains(&Hex::new(5, 4)));
        assert_eq!(shown(&d), range(&d));
    }

    #[test]
    fn a_kept_route_search_follows_the_pointer_and_notices_edits() {
        let mut d = doc();
        let mut routes = RouteCache::default();
        let a = Hex::new(2, 2);
        let st = OverlayState {
            path: true,
            anchor: Some(a),
            ..Default::default()
        };
        // The pointer moves away hex by hex: each answer is what a fresh search gives.
        for q in 3..9 {
            let goal = Hex::new(q, 2);
            let kept = st.compute_with(&d, Some(goal), &mut routes);
            assert_eq!(kept.path_cost, st.compute(&d, Some(goal)).path_cost);
            assert_eq!(kept.path_cost, Some(Ok(u64::from(q as u32 - 2) * 100)));
        }
        // Sea (impassable) on the way: the kept search must not answer from the old map.
        let sea = d.map().palette().terrains()[0].id;
        d.apply(&Edit::Cell(CellEdit::Paint {
            center: Hex::new(5, 2),
            radius: 1,
            terrain: Some(sea),
        }))
        .unwrap();
        let goal = Hex::new(8, 2);
        let kept = st.compute_with(&d, Some(goal), &mut routes);
        assert_eq!(kept.path_cost, st.compute(&d, Some(goal)).path_cost);
        assert!(kept.path.iter().all(|&h| h.distance(Hex::new(5, 2)) > 1));
        // A new anchor: routes start from it.
        let moved = OverlayState {
            anchor: Some(Hex::new(8, 4)),
            ..st.clone()
        };
        let kept = moved.compute_with(&d, Some(goal), &mut routes);
        assert_eq!(kept.path.first(), Some(&Hex::new(8, 4)));
        assert_eq!(kept.path_cost, moved.compute(&d, Some(goal)).path_cost);
    }
}
