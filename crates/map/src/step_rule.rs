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
use std::cell::OnceCell;
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
    /// Bit j % 64 of word j / 64: `sides[j]` is not 0. A step asks this small set first
    /// and reads `sides` (ten times larger, and mostly zero) only for a marked cell.
    any: Vec<u64>,
    /// For a movement range ([`StepRule::near`]): the rule of every marked side, by
    /// [`side_key`]; `None`: a marked side asks [`HexMap::step_cost`].
    rules: Option<HashMap<u64, SideRule, HexBuildHasher>>,
    /// For a route ([`StepRule::new`]): the marks, built block by block (`sides` and
    /// `any` are then empty).
    lazy: Option<LazySides<'a>>,
}

/// The key of the side in direction `side` of the cell with dense index `i`.
#[inline]
fn side_key(i: usize, side: usize) -> u64 {
    (i as u64) << 3 | side as u64
}

impl<'a> StepRule<'a> {
    /// The rule of `map` for a search that may go anywhere (a route): the sides of its
    /// features are marked block by block of cells, when the search first steps into a
    /// block ([`LazySides`]), so a route along a road marks only the rows it passes.
    pub(crate) fn new(map: &'a HexMap, ix: &'a dyn Indexer) -> Self {
        let mut rule = StepRule::bare(map);
        if !(map.edge_layer().is_empty() && map.paths().is_empty()) {
            rule.lazy = Some(LazySides::new(map, ix));
        }
        rule
    }

    /// The rule of `map` for steps into cells within `distance` steps of `centre` (a
    /// movement range): only their sides are marked, in a mask spanning only the dense
    /// indices of marked cells, each with its [`SideRule`] (`ix`: the map's dense index).
    /// The features and path steps near the centre are found row by row in the edge
    /// layer's and the paths' sorted indices, so the rest of the map is never walked.
    /// Steps into other cells cost their entry.
    pub(crate) fn near(map: &'a HexMap, ix: &impl Indexer, centre: Hex, distance: u32) -> Self {
        let mut rule = StepRule::bare(map);
        if map.edge_layer().is_empty() && map.paths().is_empty() {
            return rule;
        }
        // An edge's canonical hex is a side's own cell or a neighbour of it: every cell
        // within `distance + 1` steps, one row's stretch at a time. Gathered first, so
        // the table of rules is sized once.
        let mut features = Vec::new();
        let mut steps = Vec::new();
        for (first, last) in rows_around(centre, distance.saturating_add(1)) {
            features.extend(map.edge_layer().between(first, last));
            steps.extend(map.paths().steps_between(first, last));
        }
        let mut rules: HashMap<u64, SideRule, HexBuildHasher> = HashMap::with_capacity_and_hasher(
            2 * (features.len() + steps.len()),
            Default::default(),
        );
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
        for (e, kind) in features {
            let edge = map.edge_palette().get(kind).map(|t| t.movement);
            for key in near_sides(e) {
                rules.entry(key).or_default().edge = edge;
            }
        }
        for (e, kind) in steps {
            // Paths whose type has no cost leave a step's cost alone.
            let Some(cost) = map.path_palette().get(kind).and_then(|t| t.cost) else {
                continue;
            };
            for key in near_sides(e) {
                let side = rules.entry(key).or_default();
                side.path = Some(side.path.map_or(cost, |c| c.min(cost)));
            }
        }
        let first = rules.keys().map(|&k| k >> 3).min().unwrap_or(0) as usize;
        let end = rules.keys().map(|&k| (k >> 3) + 1).max().unwrap_or(0) as usize;
        rule.mark(
            first,
            end,
            rules.keys().map(|&k| ((k >> 3) as usize, k as usize & 7)),
        );
        rule.rules = Some(rules);
        rule
    }

    /// Marks side `side` of each cell `i` given, for cells with dense indices in
    /// `first..end`.
    fn mark(&mut self, first: usize, end: usize, marks: impl Iterator<Item = (usize, usize)>) {
        let span = end.saturating_sub(first);
        self.sides = vec![0u8; span];
        self.any = vec![0u64; span.div_ceil(64)];
        self.first = first;
        for (i, side) in marks {
            let j = i - first;
            self.sides[j] |= 1 << side;
            self.any[j / 64] |= 1 << (j % 64);
        }
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
            any: Vec::new(),
            rules: None,
            lazy: None,
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

    /// [`StepRule::grid_step`] as a search's loop asks it: on a map with no edge feature
    /// and no path (nothing to mark) a step costs its cell's entry, in a body small enough
    /// to inline into the loop (`perf` showed a call per neighbour as 8 % of a route and
    /// 17 % of a range); other steps go through an out-of-line [`StepRule::grid_step`].
    #[inline(always)]
    pub(crate) fn search_step(&self, s: GridStep) -> Option<u32> {
        if self.lazy.is_none() && self.sides.is_empty() {
            return self.entry_at(s.to_index);
        }
        self.grid_step_out_of_line(s)
    }

    /// [`StepRule::grid_step`], kept out of line (see [`StepRule::search_step`]).
    #[inline(never)]
    fn grid_step_out_of_line(&self, s: GridStep) -> Option<u32> {
        self.grid_step(s)
    }

    /// [`HexMap::step_cost`] of a search's step.
    #[inline]
    pub(crate) fn grid_step(&self, s: GridStep) -> Option<u32> {
        // The side of `to` the step crosses faces back along the step.
        let side = (s.direction.index() + 3) % 6;
        let marked = match &self.lazy {
            Some(lazy) => lazy.marked(s.to_index, side),
            None => {
                let j = s.to_index.wrapping_sub(self.first);
                self.any
                    .get(j / 64)
                    .is_some_and(|w| w & (1 << (j % 64)) != 0)
                    && self.sides[j] & (1 << side) != 0
            }
        };
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

/// The hexes within `radius` steps of `centre` as one stretch per row, first and last hex
/// in hex order (by r, then q); rows beyond the `i32` plane are left out.
fn rows_around(centre: Hex, radius: u32) -> impl Iterator<Item = (Hex, Hex)> {
    let (q, r, n) = (i64::from(centre.q), i64::from(centre.r), i64::from(radius));
    let fits = |v: i64| i32::try_from(v).ok();
    (-n..=n).filter_map(move |dr| {
        let lo = fits((q + (-n).max(-n - dr)).max(i64::from(i32::MIN)))?;
        let hi = fits((q + n.min(n - dr)).min(i64::from(i32::MAX)))?;
        let row = fits(r + dr)?;
        Some((Hex::new(lo, row), Hex::new(hi, row)))
    })
}

/// log2 of the cells in one block of [`LazySides`] on a rectangle.
const BLOCK_SHIFT: u32 = 12;

/// The marked sides of a route's map (see [`StepRule::new`]), built one block of dense
/// indices at a time: a block's marks come from the features whose canonical hex lies in
/// the hex rows of its cells (or the row before), found in the edge layer's and the
/// paths' sorted indices. A shape with no cheap rows is one block.
pub(crate) struct LazySides<'a> {
    map: &'a HexMap,
    ix: &'a dyn Indexer,
    cells: usize,
    /// log2 of the cells per block.
    shift: u32,
    blocks: Vec<OnceCell<Marks>>,
}

/// The marks of one block: bit k of `sides[j]` for side k of its j-th cell, and bit j of
/// `any` when `sides[j]` is not 0 (asked first: it is small).
struct Marks {
    any: Vec<u64>,
    sides: Vec<u8>,
}

impl<'a> LazySides<'a> {
    fn new(map: &'a HexMap, ix: &'a dyn Indexer) -> Self {
        let cells = map.cell_count();
        let shift = if ix.hex_rows(0, 1).is_some() {
            BLOCK_SHIFT
        } else {
            usize::BITS - cells.leading_zeros()
        };
        let blocks = (0..(cells >> shift) + 1).map(|_| OnceCell::new()).collect();
        LazySides {
            map,
            ix,
            cells,
            shift,
            blocks,
        }
    }

    /// True when side `side` of the cell with dense index `i` carries a feature.
    #[inline]
    fn marked(&self, i: usize, side: usize) -> bool {
        let Some(block) = self.blocks.get(i >> self.shift) else {
            return false;
        };
        let marks = block.get_or_init(|| self.build(i >> self.shift));
        let j = i & ((1 << self.shift) - 1);
        marks
            .any
            .get(j / 64)
            .is_some_and(|w| w & (1 << (j % 64)) != 0)
            && marks.sides[j] & (1 << side) != 0
    }

    /// The marks of block `b`.
    #[cold]
    #[inline(never)]
    fn build(&self, b: usize) -> Marks {
        let lo = b << self.shift;
        let hi = ((b + 1) << self.shift).min(self.cells);
        let len = hi.saturating_sub(lo);
        let mut marks = Marks {
            any: vec![0; len.div_ceil(64)],
            sides: vec![0; len],
        };
        if len == 0 {
            return marks;
        }
        // A side's canonical hex is its own cell or a neighbour in the row before.
        let (r0, r1) = self.ix.hex_rows(lo, hi).unwrap_or((i32::MIN, i32::MAX));
        let first = Hex::new(i32::MIN, r0.saturating_sub(1));
        let last = Hex::new(i32::MAX, r1);
        let map = self.map;
        let edges = map.edge_layer().between(first, last).map(|(e, _)| e);
        let steps = map.paths().steps_between(first, last).map(|(e, _)| e);
        for e in edges.chain(steps) {
            let (a, c) = e.hexes();
            for h in [a, c] {
                if let (Some(i), Some(d)) = (self.ix.index(h), e.direction_from(h))
                    && (lo..hi).contains(&i)
                {
                    let j = i - lo;
                    marks.sides[j] |= 1 << d.index();
                    marks.any[j / 64] |= 1 << (j % 64);
                }
            }
        }
        marks
    }
}

/// A dense index over a map's cells, inlined into a search's loop.
pub(crate) trait Indexer {
    /// The dense index of `h`, `None` off the map.
    fn index(&self, h: Hex) -> Option<usize>;

    /// The least and greatest hex r of the cells with dense indices `lo..hi` (`lo < hi`),
    /// or `None` when the shape cannot say cheaply.
    fn hex_rows(&self, lo: usize, hi: usize) -> Option<(i32, i32)> {
        let _ = (lo, hi);
        None
    }
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
    /// True when rows are shoved (pointy), false for shoved columns (flat).
    pub(crate) rows: bool,
    /// e: 1 for the even kinds, 0 for the odd ones.
    pub(crate) even: i64,
    /// Columns.
    pub(crate) width: i64,
    /// Rows.
    pub(crate) height: i64,
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

    fn hex_rows(&self, lo: usize, hi: usize) -> Option<(i32, i32)> {
        let first = i64::try_from(lo).ok()? / self.width;
        let last = i64::try_from(hi.checked_sub(1)?).ok()? / self.width;
        // Shoved columns: r = row − ⌊(col + e) / 2⌋, for any col of the rectangle.
        let below = if self.rows {
            0
        } else {
            (self.width - 1 + self.even) >> 1
        };
        Some((
            i32::try_from(first - below).ok()?,
            i32::try_from(last).ok()?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{OffsetKind, range};

    /// A route's lazily marked sides price every step of a map as `step_cost` does, on
    /// rectangles of every kind spanning several blocks, a hexagon (one block), and with
    /// features on sides that straddle two blocks.
    #[test]
    fn a_routes_steps_cost_what_the_rule_says_block_by_block() {
        use crate::{EdgeTypeId, MapPath, PathTypeId};
        use hexmap_hex::{Direction, Orientation};
        let mut shapes = vec![MapShape::hexagon(40).unwrap()];
        for kind in OffsetKind::ALL {
            shapes.push(MapShape::rectangle(kind, 97, 90).unwrap());
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for shape in shapes {
            let mut map = crate::testing::map_on(Orientation::Pointy, shape.clone());
            let cells: Vec<Hex> = shape.iter().collect();
            for _ in 0..1500 {
                let h = cells[next() as usize % cells.len()];
                let e = Edge::new(h, Direction::from_index(next() as usize % 6));
                let kind = EdgeTypeId::new((next() % 5 + 1) as u16);
                let _ = map.set_edge(e, kind);
            }
            for k in 0..30 {
                let mut hexes = vec![cells[next() as usize % cells.len()]];
                for _ in 0..60 {
                    let d = Direction::from_index(next() as usize % 6);
                    let n = hexes[hexes.len() - 1].neighbor(d);
                    if map.contains(n) {
                        hexes.push(n);
                    }
                }
                if hexes.len() >= 2 {
                    let path = MapPath {
                        id: crate::PathId(k + 1),
                        kind: PathTypeId::new((k % 2 + 1) as u16).unwrap(),
                        hexes,
                        gm_only: false,
                    };
                    map.insert_path(path).unwrap();
                }
            }
            let rect = RectIndex::of(&shape);
            let plain = ShapeIndex(&shape);
            let ix: &dyn Indexer = match &rect {
                Some(r) => r,
                None => &plain,
            };
            let rule = StepRule::new(&map, ix);
            for &to in &cells {
                for direction in Direction::ALL {
                    let from = to - direction.offset();
                    let step = GridStep {
                        from,
                        to,
                        to_index: shape.index_of(to).unwrap(),
                        direction,
                    };
                    assert_eq!(
                        rule.grid_step(step),
                        map.step_cost(from, to),
                        "{shape:?} {from} → {to}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_rows_around_a_hex_hold_exactly_its_range() {
        for (centre, radius) in [(Hex::ORIGIN, 0), (Hex::new(3, -2), 1), (Hex::new(-4, 7), 5)] {
            let mut from_rows: Vec<Hex> = rows_around(centre, radius)
                .flat_map(|(a, b)| (a.q..=b.q).map(move |q| Hex::new(q, a.r)))
                .collect();
            let mut want: Vec<Hex> = range(centre, radius).collect();
            from_rows.sort();
            want.sort();
            assert_eq!(from_rows, want, "{centre} {radius}");
        }
        // At the rim of the plane the rows are cut, never wrapped.
        let rim = Hex::new(i32::MAX - 1, i32::MIN + 1);
        assert!(rows_around(rim, 3).all(|(a, b)| a.q <= b.q && a.r == b.r));
    }

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
