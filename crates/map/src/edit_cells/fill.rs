//! Bucket fill ([`super::CellEdit::Fill`]): the contiguous region of one terrain.
//!
//! The region is found first, as a bitset over the dense cell indices ([`fill_region`]: a
//! walk from the start cell; rectangles index by offset arithmetic, [`RectIndex`]), then
//! recoloured in index order. All its cells held one terrain, so the undo record is the
//! bitset itself and both the fill and its undo write whole words of cells. The walk pauses
//! now and then ([`crate::steps`]), so an editor can run it on a thread or across a
//! browser's frames for a map of millions of cells, and apply the region it found as
//! [`super::CellEdit::Recolour`].

use super::{Recorder, TerrainId};
use crate::step_rule::{Indexer, RectIndex, ShapeIndex};
use crate::{CellMarks, MapShape};
use hexmap_hex::Hex;

/// Cells the region walk takes between two pauses.
const STEP_CELLS: usize = 1 << 16;

/// Flood fill the region of cells connected to `start` with the same terrain.
pub(super) fn fill(rec: &mut Recorder<'_>, start: Hex, terrain: Option<TerrainId>) {
    let shape = rec.map.shape();
    let Some(si) = shape.index_of(start) else {
        return;
    };
    let cells = rec.map.terrain_layer().raw();
    if cells[si] == terrain.map_or(0, TerrainId::get) {
        return;
    }
    let marks = crate::steps::block_on(fill_region(shape, cells, start, &mut |_| {}));
    rec.terrain_marked(&marks, terrain);
}

/// The cells a bucket fill from `start` recolours on a map of `shape` whose terrain is
/// `terrain` (raw ids by dense index, [`crate::TerrainLayer::raw`]): the cells connected
/// to `start` through neighbours of the start's terrain. None when `start` is off the map.
///
/// Pauses after every 65,536 cells it takes ([`crate::steps::pause`]), each time telling
/// `progress` the share of the map's cells taken so far (the region may end sooner).
pub async fn fill_region(
    shape: &MapShape,
    terrain: &[u16],
    start: Hex,
    progress: &mut dyn FnMut(f32),
) -> CellMarks {
    let Some(si) = shape.index_of(start) else {
        return CellMarks::from_words(Vec::new(), terrain.len());
    };
    let words = match RectIndex::of(shape) {
        Some(rect) => rect_region(terrain, si, &rect, progress).await,
        None => region(terrain, (start, si), &ShapeIndex(shape), progress).await,
    };
    CellMarks::from_words(words, terrain.len())
}

/// [`region`] of a rectangle, found a run of cells along a row at a time (a scanline
/// fill): a run is taken whole, then the rows above and below are looked at only where
/// they touch it, for runs to take next. Rows are stored one after another, so this
/// reads and marks the cells front to back in long runs.
///
/// Where a run `a..=b` of row `r` touches its neighbour rows (docs/DESIGN.md §3, offset
/// coordinates, e = 1 for the even kinds): with shoved rows, columns `a − d ..= b − d + 1`
/// of both rows, d = 1 when r + e is even, else 0; with shoved columns, columns `a ..= b`
/// of both rows and one more at an end whose column's half-cell shove leans that way
/// (toward the row above when c + e is even, below when odd).
async fn rect_region(
    cells: &[u16],
    si: usize,
    rect: &RectIndex,
    progress: &mut dyn FnMut(f32),
) -> Vec<u64> {
    let target = cells[si];
    let (w, h) = (rect.width, rect.height);
    let mut marks = vec![0u64; cells.len().div_ceil(64)];
    let marked = |marks: &[u64], i: usize| marks[i / 64] & (1 << (i % 64)) != 0;
    let open = |marks: &[u64], i: usize| cells[i] == target && !marked(marks, i);
    let mut seeds = vec![(si as i64 % w, si as i64 / w)];
    let mut walked = Walked::new(cells.len(), progress);
    while let Some((col, row)) = seeds.pop() {
        let at = |c: i64| (row * w + c) as usize;
        if !open(&marks, at(col)) {
            continue;
        }
        let (mut a, mut b) = (col, col);
        while a > 0 && open(&marks, at(a - 1)) {
            a -= 1;
        }
        while b + 1 < w && open(&marks, at(b + 1)) {
            b += 1;
        }
        for c in a..=b {
            let i = at(c);
            marks[i / 64] |= 1 << (i % 64);
        }
        for (next, up) in [(row - 1, true), (row + 1, false)] {
            if !(0..h).contains(&next) {
                continue;
            }
            let (lo, hi) = if rect.rows {
                let d = i64::from((row + rect.even) % 2 == 0);
                (a - d, b - d + 1)
            } else {
                let leans_up = |c: i64| (c + rect.even) % 2 == 0;
                (
                    a - i64::from(leans_up(a) == up),
                    b + i64::from(leans_up(b) == up),
                )
            };
            let (lo, hi) = (lo.max(0), hi.min(w - 1));
            let mut c = lo;
            while c <= hi {
                let i = (next * w + c) as usize;
                if open(&marks, i) {
                    seeds.push((c, next));
                    // One seed per run: the run is taken whole from it.
                    while c <= hi && open(&marks, (next * w + c) as usize) {
                        c += 1;
                    }
                } else {
                    c += 1;
                }
            }
        }
        walked.took((b - a + 1) as usize).await;
    }
    marks
}

/// The cells connected to `start` (its hex and dense index) whose terrain is the start's,
/// as a bitset: bit `i % 64` of word `i / 64` for cell `i`.
async fn region(
    cells: &[u16],
    (start, si): (Hex, usize),
    index: &impl Indexer,
    progress: &mut dyn FnMut(f32),
) -> Vec<u64> {
    let target = cells[si];
    let mut marks = vec![0u64; cells.len().div_ceil(64)];
    marks[si / 64] |= 1 << (si % 64);
    let mut stack = vec![start];
    let mut walked = Walked::new(cells.len(), progress);
    while let Some(h) = stack.pop() {
        let mut taken = 0;
        for n in h.neighbors() {
            if let Some(i) = index.index(n) {
                let (word, bit) = (i / 64, 1u64 << (i % 64));
                if marks[word] & bit == 0 && cells[i] == target {
                    marks[word] |= bit;
                    stack.push(n);
                    taken += 1;
                }
            }
        }
        walked.took(taken).await;
    }
    marks
}

/// The cells a region walk has taken: it tells `progress` their share of the map's and
/// pauses after every [`STEP_CELLS`] of them.
struct Walked<'p> {
    taken: usize,
    next_pause: usize,
    total: usize,
    progress: &'p mut dyn FnMut(f32),
}

impl<'p> Walked<'p> {
    fn new(total: usize, progress: &'p mut dyn FnMut(f32)) -> Self {
        Walked {
            taken: 0,
            next_pause: STEP_CELLS,
            total,
            progress,
        }
    }

    /// `n` more cells taken.
    async fn took(&mut self, n: usize) {
        self.taken += n;
        if self.taken >= self.next_pause {
            self.next_pause = self.taken + STEP_CELLS;
            (self.progress)(self.taken as f32 / self.total as f32);
            crate::steps::pause().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{CellEdit, CellMarks, Document, Edit, HexMap, MapShape, TerrainId};
    use hexmap_hex::{Hex, OffsetKind, Orientation};
    use proptest::prelude::*;
    use std::collections::VecDeque;

    /// The fill as it was before the bitset: a breadth-first walk asking the shape for
    /// each neighbour's index, recolouring as it goes. Returns the filled indices.
    fn reference_fill(map: &HexMap, start: Hex, new: u16) -> (Vec<u16>, Vec<usize>) {
        let shape = map.shape();
        let mut cells = map.terrain_layer().raw().to_vec();
        let mut filled = Vec::new();
        let Some(si) = shape.index_of(start) else {
            return (cells, filled);
        };
        let target = cells[si];
        if target == new {
            return (cells, filled);
        }
        cells[si] = new;
        filled.push(si);
        let mut queue = VecDeque::from([start]);
        while let Some(h) = queue.pop_front() {
            for n in h.neighbors() {
                if let Some(i) = shape.index_of(n)
                    && cells[i] == target
                {
                    cells[i] = new;
                    filled.push(i);
                    queue.push_back(n);
                }
            }
        }
        filled.sort_unstable();
        (cells, filled)
    }

    /// Small maps of every kind of shape, a cell set with holes among them.
    fn shapes() -> Vec<(Orientation, MapShape)> {
        let mut out = Vec::new();
        for kind in OffsetKind::ALL {
            out.push((kind.orientation(), MapShape::rectangle(kind, 9, 7).unwrap()));
            out.push((kind.orientation(), MapShape::rectangle(kind, 1, 5).unwrap()));
        }
        out.push((Orientation::Pointy, MapShape::hexagon(4).unwrap()));
        out.push((Orientation::Flat, MapShape::parallelogram(6, 5).unwrap()));
        out.push((Orientation::Pointy, MapShape::triangle(7).unwrap()));
        let holed =
            hexmap_hex::range(Hex::new(0, 0), 5).filter(|h| (h.q * 7 + h.r * 3).rem_euclid(5) != 0);
        out.push((Orientation::Pointy, MapShape::cells(holed).unwrap()));
        out
    }

    /// Test shape number `which` (of [`shapes`]) painted with `terrain` cell by cell (the
    /// list repeated), and its cell number `start`.
    fn painted(which: usize, terrain: &[u16], start: usize) -> (HexMap, Hex) {
        let all = shapes();
        let (orientation, shape) = all[which % all.len()].clone();
        let mut map = crate::testing::map_on(orientation, shape);
        let n = map.cell_count();
        for i in 0..n {
            map.set_terrain_index(i, TerrainId::new(terrain[i % terrain.len()]));
        }
        let start = map.shape().hex_at(start % n).unwrap();
        (map, start)
    }

    /// A painted test map, its start hex and the new terrain's raw id (0 to 3; 3 is past
    /// the three painted).
    fn fill_case() -> impl Strategy<Value = (HexMap, Hex, u16)> {
        (
            0usize..13,
            proptest::collection::vec(0u16..3, 91),
            0usize..91,
            0u16..4,
        )
            .prop_map(|(which, terrain, start, new)| {
                let (map, start) = painted(which, &terrain, start);
                (map, start, new)
            })
    }

    proptest! {
        #[test]
        fn the_fill_recolours_what_the_old_walk_did_and_undoes_to_the_same_map(
            (map, start, new) in fill_case(),
        ) {
            let (want, filled) = reference_fill(&map, start, new);
            let before = map.clone();
            let mut doc = Document::new(map);
            let changed = doc
                .apply(&Edit::Cell(CellEdit::Fill { start, terrain: TerrainId::new(new) }))
                .unwrap();
            prop_assert_eq!(doc.map().terrain_layer().raw(), &want[..]);
            let hexes: Vec<Hex> =
                filled.iter().map(|&i| doc.map().shape().hex_at(i).unwrap()).collect();
            prop_assert_eq!(&changed.all_hexes(doc.map().shape()), &hexes);
            let raw = new;
            if let Some(id) = TerrainId::new(raw) {
                let census = want.iter().filter(|&&t| t == raw).count() as u32;
                prop_assert_eq!(doc.map().terrain_layer().count(id), census);
            }
            prop_assert_eq!(doc.can_undo(), !filled.is_empty());
            if !filled.is_empty() {
                let undone = doc.undo().unwrap();
                prop_assert_eq!(doc.map(), &before);
                prop_assert_eq!(&undone.all_hexes(doc.map().shape()), &hexes);
                prop_assert!(census_holds(doc.map()));
                doc.redo().unwrap();
                prop_assert_eq!(doc.map().terrain_layer().raw(), &want[..]);
                prop_assert!(census_holds(doc.map()));
            }
        }

        #[test]
        fn the_region_found_in_steps_and_recoloured_is_the_fill(
            (map, start, new) in fill_case(),
        ) {
            let terrain = TerrainId::new(new);
            let mut filled = Document::new(map.clone());
            filled.apply(&Edit::Cell(CellEdit::Fill { start, terrain })).unwrap();
            // Stepped as a browser's frames step it, then applied as its own edit.
            let raw = map.terrain_layer().raw().to_vec();
            let mut ignore = |_| {};
            let cells = {
                let mut work: crate::steps::Steps<'_, CellMarks> =
                    Box::pin(super::fill_region(map.shape(), &raw, start, &mut ignore));
                loop {
                    if let Some(cells) = crate::steps::step(&mut work) {
                        break cells;
                    }
                }
            };
            let mut doc = Document::new(map.clone());
            doc.apply(&Edit::Cell(CellEdit::Recolour { cells, terrain })).unwrap();
            prop_assert_eq!(doc.map(), filled.map());
            prop_assert!(census_holds(doc.map()));
            if doc.can_undo() {
                doc.undo().unwrap();
                prop_assert_eq!(doc.map(), &map);
            }
        }
    }

    /// Every terrain's kept count equals a count of the cells.
    fn census_holds(map: &HexMap) -> bool {
        let raw = map.terrain_layer().raw();
        map.palette().terrains().iter().all(|t| {
            map.terrain_layer().count(t.id) as usize
                == raw.iter().filter(|&&c| c == t.id.get()).count()
        }) && map.terrain_layer().empty_count() as usize == raw.iter().filter(|&&c| c == 0).count()
    }

    fn blank(width: u32, height: u32) -> HexMap {
        crate::testing::map_on(
            Orientation::Pointy,
            MapShape::rectangle(OffsetKind::OddR, width, height).unwrap(),
        )
    }

    #[test]
    fn a_fills_undo_keeps_its_cells_as_bits_not_a_delta_each() {
        // 40,000 cells: one delta each would be 320,000 bytes; their bits are 5,000.
        let mut doc = Document::new(blank(200, 200));
        let changed = doc
            .apply(&Edit::Cell(CellEdit::Fill {
                start: Hex::new(3, 4),
                terrain: TerrainId::new(2),
            }))
            .unwrap();
        assert_eq!(changed.cell_count(), 40_000);
        assert!(changed.hexes.is_empty(), "reported as bits");
        assert!(
            doc.history().heap_bytes() <= 40_000 / 8 + 64,
            "the undo step holds {} bytes",
            doc.history().heap_bytes()
        );
        // Replacing every cell of one terrain is recorded the same way.
        doc.apply(&Edit::Cell(CellEdit::ReplaceTerrain {
            from: TerrainId::new(2),
            to: TerrainId::new(3),
        }))
        .unwrap();
        assert!(doc.history().heap_bytes() <= 2 * (40_000 / 8 + 64));
        assert_eq!(
            doc.map().terrain_layer().count(TerrainId::new(3).unwrap()),
            40_000
        );
        doc.undo().unwrap();
        doc.undo().unwrap();
        assert_eq!(doc.map(), &blank(200, 200));
        assert!(census_holds(doc.map()));
    }

    #[test]
    fn a_large_region_is_found_across_pauses_with_growing_progress() {
        // 160,000 empty cells: the walk pauses twice or more on its way.
        let map = blank(400, 400);
        let raw = map.terrain_layer().raw().to_vec();
        let (mut seen, mut polls) = (Vec::new(), 0);
        let mut record = |share| seen.push(share);
        let cells = {
            let start = Hex::new(5, 5);
            let mut work: crate::steps::Steps<'_, CellMarks> =
                Box::pin(super::fill_region(map.shape(), &raw, start, &mut record));
            loop {
                polls += 1;
                if let Some(cells) = crate::steps::step(&mut work) {
                    break cells;
                }
            }
        };
        assert_eq!(cells.count(), 160_000);
        assert!(polls >= 3, "{polls} polls");
        assert_eq!(seen.len(), polls - 1);
        assert!(seen.windows(2).all(|w| w[0] < w[1]) && seen[seen.len() - 1] <= 1.0);
    }

    #[test]
    fn recolouring_cells_of_several_terrains_undoes_each_to_its_own() {
        let mut map = blank(9, 7);
        for i in 0..map.cell_count() {
            map.set_terrain_index(i, TerrainId::new((i % 3) as u16));
        }
        let cells = CellMarks::from_fn(map.cell_count(), |i| i % 2 == 0);
        let mut doc = Document::new(map.clone());
        let changed = doc
            .apply(&Edit::Cell(CellEdit::Recolour {
                cells,
                terrain: TerrainId::new(4),
            }))
            .unwrap();
        let even: Vec<Hex> = (0..map.cell_count())
            .filter(|&i| i % 2 == 0)
            .filter_map(|i| map.shape().hex_at(i))
            .collect();
        assert_eq!(changed.all_hexes(map.shape()), even);
        assert!(census_holds(doc.map()));
        doc.undo().unwrap();
        assert_eq!(doc.map(), &map);
        assert!(census_holds(doc.map()));
        // Marks for another map's size are refused, the map untouched.
        let wrong = CellMarks::from_fn(10, |_| true);
        let refused = doc.apply(&Edit::Cell(CellEdit::Recolour {
            cells: wrong,
            terrain: None,
        }));
        assert!(refused.unwrap_err().to_string().contains("10 cells"));
        assert_eq!(doc.map(), &map);
    }
}
