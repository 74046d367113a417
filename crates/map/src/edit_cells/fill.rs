//! Bucket fill ([`super::CellEdit::Fill`]): the contiguous region of one terrain.
//!
//! The region is found first, as a bitset over the dense cell indices (a walk from the
//! start cell; rectangles index by offset arithmetic, [`RectIndex`]), then recoloured in
//! index order. So the terrain layer is written front to back and the undo record comes
//! out sorted by cell index, which is the order the changed cells are reported in: a
//! five-million-cell fill needs no sort and no lookup table.

use super::{Recorder, TerrainId};
use crate::step_rule::{Indexer, RectIndex, ShapeIndex};
use hexmap_hex::Hex;

/// Flood fill the region of cells connected to `start` with the same terrain.
pub(super) fn fill(rec: &mut Recorder<'_>, start: Hex, terrain: Option<TerrainId>) {
    let shape = rec.map.shape();
    let Some(si) = shape.index_of(start) else {
        return;
    };
    let cells = rec.map.terrain_layer().raw();
    let target = cells[si];
    if target == terrain.map_or(0, TerrainId::get) {
        return;
    }
    let marks = match RectIndex::of(shape) {
        Some(index) => region(cells, (start, si), &index),
        None => region(cells, (start, si), &ShapeIndex(shape)),
    };
    rec.terrain_marked(&marks, terrain);
}

/// The cells connected to `start` (its hex and dense index) whose terrain is the start's,
/// as a bitset: bit `i % 64` of word `i / 64` for cell `i`.
fn region(cells: &[u16], (start, si): (Hex, usize), index: &impl Indexer) -> Vec<u64> {
    let target = cells[si];
    let mut marks = vec![0u64; cells.len().div_ceil(64)];
    marks[si / 64] |= 1 << (si % 64);
    let mut stack = vec![start];
    while let Some(h) = stack.pop() {
        for n in h.neighbors() {
            if let Some(i) = index.index(n) {
                let (word, bit) = (i / 64, 1u64 << (i % 64));
                if marks[word] & bit == 0 && cells[i] == target {
                    marks[word] |= bit;
                    stack.push(n);
                }
            }
        }
    }
    marks
}

#[cfg(test)]
mod tests {
    use crate::{CellEdit, Document, Edit, HexMap, MapProperties, MapShape, Palette, TerrainId};
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

    proptest! {
        #[test]
        fn the_fill_recolours_what_the_old_walk_did_and_undoes_to_the_same_map(
            which in 0usize..13,
            terrain in proptest::collection::vec(0u16..3, 91),
            start in 0usize..91,
            new in 0u16..4,
        ) {
            let all = shapes();
            let (orientation, shape) = all[which % all.len()].clone();
            let mut map = HexMap::new(
                MapProperties::new("f", orientation),
                shape,
                Palette::standard(),
            )
            .unwrap();
            let n = map.cell_count();
            for i in 0..n {
                map.set_terrain_index(i, TerrainId::new(terrain[i % terrain.len()]));
            }
            let start = map.shape().hex_at(start % n).unwrap();
            let (want, filled) = reference_fill(&map, start, new);
            let before = map.clone();
            let mut doc = Document::new(map);
            let changed = doc
                .apply(&Edit::Cell(CellEdit::Fill { start, terrain: TerrainId::new(new) }))
                .unwrap();
            prop_assert_eq!(doc.map().terrain_layer().raw(), &want[..]);
            let hexes: Vec<Hex> =
                filled.iter().map(|&i| doc.map().shape().hex_at(i).unwrap()).collect();
            prop_assert_eq!(&changed.hexes, &hexes);
            let raw = new;
            if let Some(id) = TerrainId::new(raw) {
                let census = want.iter().filter(|&&t| t == raw).count() as u32;
                prop_assert_eq!(doc.map().terrain_layer().count(id), census);
            }
            prop_assert_eq!(doc.can_undo(), !filled.is_empty());
            if !filled.is_empty() {
                let undone = doc.undo().unwrap();
                prop_assert_eq!(doc.map(), &before);
                prop_assert_eq!(&undone.hexes, &hexes);
                doc.redo().unwrap();
                prop_assert_eq!(doc.map().terrain_layer().raw(), &want[..]);
            }
        }
    }
}
