//! The movement rule ([`HexMap::step_cost`]) flattened for one search: a table of entry
//! costs by raw terrain id, and — only when the map has edge features or paths — a mask of
//! the cell sides that carry one. A step across an unmarked side costs its cell's entry
//! from the table (two array reads); a marked side asks [`HexMap::step_cost`], the rule's
//! one home. The searches of [`HexMap::route`] and [`HexMap::reach`] price every step this
//! way, so they ask the edge layer's B-tree and the path index only where a feature is.

use super::cost::Cost;
use super::{HexMap, MapShape};
use hexmap_hex::{Direction, Edge, GridStep, Hex};

/// A table entry for impassable terrain.
const BLOCKED: u32 = u32::MAX;

/// The movement rule of one map as per-search arrays (module doc).
pub(crate) struct StepRule<'a> {
    map: &'a HexMap,
    /// Raw terrain id of every cell (0: empty).
    terrain: &'a [u16],
    /// Entry cost in hundredths by raw terrain id ([`BLOCKED`]: impassable).
    entry: Vec<u32>,
    /// Bit k of a cell: its side in direction k has an edge feature or a path step.
    /// Empty when the map has neither.
    sides: Vec<u8>,
}

impl<'a> StepRule<'a> {
    /// The rule of `map`; marks the sides of its features (one pass over the edge layer
    /// and the path index).
    pub(crate) fn new(map: &'a HexMap) -> Self {
        let palette = map.palette().terrains();
        let max = palette.iter().map(|t| t.id.get()).max().unwrap_or(0);
        // Empty cells and ids the palette lacks cost one point, as in `entry_cost`.
        let mut entry = vec![Cost::SCALE; usize::from(max) + 1];
        for t in palette {
            entry[usize::from(t.id.get())] = t.cost.hundredths().unwrap_or(BLOCKED);
        }
        let mut sides = Vec::new();
        if !(map.edges.is_empty() && map.paths.is_empty()) {
            sides = vec![0u8; map.cell_count()];
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
        }
        StepRule {
            map,
            terrain: map.terrain_layer().raw(),
            entry,
            sides,
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
        if self
            .sides
            .get(s.to_index)
            .is_some_and(|m| m & (1 << side) != 0)
        {
            return self.map.step_cost(s.from, s.to);
        }
        self.entry_at(s.to_index)
    }

    /// [`HexMap::step_cost`] from `from` to its neighbour `to`, with `index` the map's
    /// dense index (a fast form of [`MapShape::index_of`]).
    #[inline]
    pub(crate) fn step(&self, from: Hex, to: Hex, index: &impl Indexer) -> Option<u32> {
        let direction = direction_between(from, to)?;
        self.grid_step(GridStep {
            from,
            to,
            to_index: index.index(to)?,
            direction,
        })
    }
}

/// The direction from `a` to its neighbour `b`, `None` when they are not neighbours.
#[inline]
fn direction_between(a: Hex, b: Hex) -> Option<Direction> {
    let (dq, dr) = (
        i64::from(b.q) - i64::from(a.q),
        i64::from(b.r) - i64::from(a.r),
    );
    // Directions 0..5 by (dq + 1) * 3 + (dr + 1); 6: not a neighbour.
    const BY_DELTA: [u8; 9] = [6, 3, 4, 2, 6, 5, 1, 0, 6];
    if !((-1..=1).contains(&dq) && (-1..=1).contains(&dr)) {
        return None;
    }
    match BY_DELTA[((dq + 1) * 3 + dr + 1) as usize] {
        6 => None,
        d => Some(Direction::from_index(usize::from(d))),
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

    #[test]
    fn directions_between_neighbours() {
        let a = Hex::new(-3, 7);
        for d in Direction::ALL {
            assert_eq!(direction_between(a, a.neighbor(d)), Some(d));
            assert_eq!(direction_between(a, a.neighbor(d).neighbor(d)), None);
        }
        assert_eq!(direction_between(a, a), None);
        assert_eq!(direction_between(a, a + Hex::new(1, 1)), None);
    }
}
