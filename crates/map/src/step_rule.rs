//! The movement rule ([`HexMap::step_cost`]) flattened for one search: a table of entry
//! costs by raw terrain id, and — only when the map has edge features or paths — a mask of
//! the cell sides that carry one. A step across an unmarked side costs its cell's entry
//! from the table (two array reads). A marked side asks [`HexMap::step_cost`], the rule's
//! one home, in a route search; a movement range, which stays near its start, marks only
//! the sides there and keeps each one's [`SideRule`] (read straight off the edge layer and
//! the paths, once), so none of its steps asks the edge layer's B-tree or the path index.

use super::cost::Cost;
use super::rules::SideRule;
use super::{HexMap, MapShape};
use hexmap_hex::{Edge, GridStep, Hex, HexBuildHasher};
use std::collections::HashMap;

/// A table entry for impassable terrain.
const BLOCKED: u32 = u32::MAX;

/// The movement rule of one map as per-search arrays (module doc).
pub(crate) struct StepRule<'a> {
    map: &'a HexMap,
    /// Raw terrain id of every cell (0: empty).
    terrain: &'a [u16],
    /// Entry cost in hundredths by raw terrain id ([`BLOCKED`]: impassable).
    entry: Vec<u32>,
    /// Bit k of the cell with dense index `first + j` at `j`: its side in direction k has
    /// an edge feature or a path step. Cells outside have no marked side; empty when the
    /// map has neither.
    sides: Vec<u8>,
    /// The dense index of the cell `sides[0]` is for.
    first: usize,
    /// For a movement range ([`StepRule::near`]): the rule of every marked side, by
    /// [`side_key`]; `None`: a marked side asks [`HexMap::step_cost`].
    rules: Option<HashMap<u64, SideRule, HexBuildHasher>>,
}

/// The key of the side in direction `side` of the cell with dense index `i`.
#[inline]
fn side_key(i: usize, side: usize) -> u64 {
    (i as u64) << 3 | side as u64
}

impl<'a> StepRule<'a> {
    /// The rule of `map` for a search that may go anywhere (a route); marks the sides of
    /// its features (one pass over the edge layer and the path index).
    pub(crate) fn new(map: &'a HexMap) -> Self {
        let mut rule = StepRule::bare(map);
        if !(map.edges.is_empty() && map.paths.is_empty()) {
            let mut sides = vec![0u8; map.cell_count()];
            let shape = map.shape();
            let mut mark = |e: Edge| {
                let (a, b) = e.hexes();
                for h in [a, b] {
                    if let (Some(i), Some(d)) = (shape.index_of(h), e.direction_from(h)) {
                        sides[i] |= 1 << d.index();
                    }
                }
            };
            map.edges.iter().for_each(|(e, _)| mark(e));
            map.paths.stepped_edges().for_each(&mut mark);
            rule.sides = sides;
        }
        rule
    }

    /// The rule of `map` for steps into cells within `distance` steps of `centre` (a
    /// movement range): only their sides are marked, in a mask spanning only the dense
    /// indices of marked cells, each with its [`SideRule`] gathered from the edge layer
    /// and the paths in one pass over each (`ix`: the map's dense index). Steps into
    /// other cells cost their entry.
    pub(crate) fn near(map: &'a HexMap, ix: &impl Indexer, centre: Hex, distance: u32) -> Self {
        let mut rule = StepRule::bare(map);
        if map.edges.is_empty() && map.paths.is_empty() {
            return rule;
        }
        let mut rules: HashMap<u64, SideRule, HexBuildHasher> = HashMap::default();
        // Each side near the centre of an edge, with its key.
        let near_sides = |e: Edge| {
            let (a, b) = e.hexes();
            [a, b].into_iter().filter_map(move |h| {
                if h.distance(centre).unsigned_abs() > distance {
                    return None;
                }
                Some(side_key(ix.index(h)?, e.direction_from(h)?.index()))
            })
        };
        for (e, kind) in map.edges.iter() {
            let edge = map.edge_palette().get(kind).map(|t| t.movement);
            for key in near_sides(e) {
                rules.entry(key).or_default().edge = edge;
            }
        }
        for path in map.paths.iter() {
            // Paths whose type has no cost leave a step's cost alone.
            let Some(cost) = map.path_palette().get(path.kind).and_then(|t| t.cost) else {
                continue;
            };
            for key in path.steps().flat_map(near_sides) {
                let side = rules.entry(key).or_default();
                side.path = Some(side.path.map_or(cost, |c| c.min(cost)));
            }
        }
        let first = rules.keys().map(|&k| k >> 3).min().unwrap_or(0) as usize;
        let end = rules.keys().map(|&k| (k >> 3) + 1).max().unwrap_or(0) as usize;
        let mut sides = vec![0u8; end.saturating_sub(first)];
        for &k in rules.keys() {
            sides[(k >> 3) as usize - first] |= 1 << (k & 7);
        }
        rule.sides = sides;
        rule.first = first;
        rule.rules = Some(rules);
        rule
    }

    /// The rule of `map` with no side marked: every step costs its cell's entry.
    fn bare(map: &'a HexMap) -> Self {
        let palette = map.palette().terrains();
        let max = palette.iter().map(|t| t.id.get()).max().unwrap_or(0);
        // Empty cells and ids the palette lacks cost one point, as in `entry_cost`.
        let mut entry = vec![Cost::SCALE; usize::from(max) + 1];
        for t in palette {
            entry[usize::from(t.id.get())] = t.cost.hundredths().unwrap_or(BLOCKED);
        }
        StepRule {
            map,
            terrain: map.terrain_layer().raw(),
            entry,
            sides: Vec::new(),
            first: 0,
            rules: None,
        }
    }

    /// The cost of entering the cell with dense index `i` by an unmarked side.
    #[inline]
    fn entry_at(&self, i: usize) -> Option<u32> {
        let id = usize::from(*self.terrain.get(i)?);
        match self.entry.get(id).copied().unwrap_or(Cost::SCALE) {
            BLOCKED => None,
            c => Some(c),
        }
    }

    /// [`HexMap::step_cost`] of a search's step.
    #[inline]
    pub(crate) fn grid_step(&self, s: GridStep) -> Option<u32> {
        // The side of `to` the step crosses faces back along the step.
        let side = (s.direction.index() + 3) % 6;
        let marked = self
            .sides
            .get(s.to_index.wrapping_sub(self.first))
            .is_some_and(|m| m & (1 << side) != 0);
        if marked {
            return self.marked_step(s, side);
        }
        self.entry_at(s.to_index)
    }

    /// [`StepRule::grid_step`] across a marked side (`side` of `s.to`): kept out of line
    /// so the common step stays small enough to inline into the search's loop.
    #[inline(never)]
    fn marked_step(&self, s: GridStep, side: usize) -> Option<u32> {
        match &self.rules {
            Some(rules) => rules
                .get(&side_key(s.to_index, side))
                .copied()
                .unwrap_or_default()
                .cost(|| self.entry_at(s.to_index)),
            None => self.map.step_cost(s.from, s.to),
        }
    }
}

/// A dense index over a map's cells, inlined into a search's loop.
pub(crate) trait Indexer {
    /// The dense index of `h`, `None` off the map.
    fn index(&self, h: Hex) -> Option<usize>;
}

/// [`MapShape::index_of`] of any shape.
pub(crate) struct ShapeIndex<'a>(pub(crate) &'a MapShape);

impl Indexer for ShapeIndex<'_> {
    fn index(&self, h: Hex) -> Option<usize> {
        self.0.index_of(h)
    }
}

/// [`MapShape::index_of`] of a rectangle (docs/DESIGN.md §3, offset coordinates): with e = 1
/// for the even kinds and 0 for the odd ones, col = q + ⌊(r + e) / 2⌋ for shoved rows,
/// row = r + ⌊(q + e) / 2⌋ for shoved columns.
pub(crate) struct RectIndex {
    rows: bool,
    even: i64,
    width: i64,
    height: i64,
}

impl RectIndex {
    /// The index of `shape` when it is a rectangle.
    pub(crate) fn of(shape: &MapShape) -> Option<RectIndex> {
        match *shape {
            MapShape::Rectangle {
                kind,
                width,
                height,
            } => Some(RectIndex {
                rows: kind.shoves_rows(),
                even: i64::from(kind.is_even()),
                width: i64::from(width),
                height: i64::from(height),
            }),
            _ => None,
        }
    }
}

impl Indexer for RectIndex {
    #[inline]
    fn index(&self, h: Hex) -> Option<usize> {
        let (q, r) = (i64::from(h.q), i64::from(h.r));
        let (col, row) = if self.rows {
            (q + ((r + self.even) >> 1), r)
        } else {
            (q, r + ((q + self.even) >> 1))
        };
        ((0..self.width).contains(&col) && (0..self.height).contains(&row))
            .then(|| (row * self.width + col) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{OffsetKind, range};

    #[test]
    fn the_fast_index_is_the_shapes_own() {
        let mut shapes = vec![MapShape::hexagon(4).unwrap()];
        for kind in OffsetKind::ALL {
            for (w, h) in [(1, 1), (5, 3), (4, 7)] {
                shapes.push(MapShape::rectangle(kind, w, h).unwrap());
            }
        }
        for shape in &shapes {
            let rect = RectIndex::of(shape);
            assert_eq!(rect.is_some(), matches!(shape, MapShape::Rectangle { .. }));
            for h in range(Hex::new(2, 1), 12) {
                assert_eq!(ShapeIndex(shape).index(h), shape.index_of(h));
                if let Some(ix) = &rect {
                    assert_eq!(ix.index(h), shape.index_of(h), "{shape:?} at {h}");
                }
            }
            let far = Hex::new(i32::MAX, i32::MIN);
            assert_eq!(rect.and_then(|ix| ix.index(far)), None);
        }
    }
}
