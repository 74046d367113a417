//! The per-cell layers of a map, stored densely by the shape's cell index:
//! terrain (2 bytes per cell), mines (1 bit per cell) and notes (sparse, by hex).

use super::palette::TerrainId;
use hexmap_hex::Hex;
use std::collections::BTreeMap;

/// Longest note, in bytes.
pub const MAX_NOTE_LEN: usize = 1000;

/// One terrain (or none) per cell: raw ids, 0 = empty. Two bytes per cell, and a count
/// of cells per terrain kept by every [`TerrainLayer::set`] (so the legend knows which
/// terrains a million-cell map uses without looking at its cells).
#[derive(Clone, Debug)]
pub struct TerrainLayer {
    cells: Vec<u16>,
    /// Cells per raw id (index 0: empty cells), as long as the highest id ever set plus
    /// one (so two equal layers may differ here: equality and hashing look at the cells).
    counts: Vec<u32>,
}

impl PartialEq for TerrainLayer {
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells
    }
}

impl Eq for TerrainLayer {}

impl std::hash::Hash for TerrainLayer {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
    }
}

impl TerrainLayer {
    /// `len` empty cells.
    pub fn new(len: usize) -> Self {
        TerrainLayer {
            cells: vec![0; len],
            counts: vec![len as u32],
        }
    }

    /// How many cells hold terrain `t`.
    pub fn count(&self, t: TerrainId) -> u32 {
        self.counts.get(usize::from(t.get())).copied().unwrap_or(0)
    }

    /// How many cells hold no terrain.
    pub fn empty_count(&self) -> u32 {
        self.counts[0]
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when there are no cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The terrain at dense index `i` (`None` = empty or out of range).
    pub fn get(&self, i: usize) -> Option<TerrainId> {
        self.cells.get(i).copied().and_then(TerrainId::new)
    }

    /// Set the terrain at `i`; returns the old value. Panics if `i` is out of range
    /// (callers index through the shape).
    pub fn set(&mut self, i: usize, t: Option<TerrainId>) -> Option<TerrainId> {
        let old = self.cells[i];
        let new = t.map_or(0, TerrainId::get);
        self.cells[i] = new;
        self.counts[usize::from(old)] -= 1;
        let slot = usize::from(new);
        if slot >= self.counts.len() {
            self.counts.resize(slot + 1, 0);
        }
        self.counts[slot] += 1;
        TerrainId::new(old)
    }

    /// Set every cell whose bit is set in `marks` (bit `i % 64` of word `i / 64` for cell
    /// `i`) to `t`, in index order, calling `changed(i, old)` for each cell that held
    /// another terrain. One pass front to back over the cells: what a bucket fill of
    /// millions of cells needs. Panics if `marks` is longer than the layer.
    pub fn set_marked(
        &mut self,
        marks: &[u64],
        t: Option<TerrainId>,
        mut changed: impl FnMut(usize, u16),
    ) {
        let new = t.map_or(0, TerrainId::get);
        let slot = usize::from(new);
        if slot >= self.counts.len() {
            self.counts.resize(slot + 1, 0);
        }
        for (w, &word) in marks.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let old = self.cells[i];
                if old != new {
                    self.cells[i] = new;
                    self.counts[usize::from(old)] -= 1;
                    self.counts[slot] += 1;
                    changed(i, old);
                }
            }
        }
    }

    /// The cells that hold raw id `raw` (0 = empty), as marks.
    pub fn marks_of(&self, raw: u16) -> crate::CellMarks {
        let words = self
            .cells
            .chunks(64)
            .map(|cells| {
                cells
                    .iter()
                    .enumerate()
                    .fold(0u64, |w, (b, &c)| w | (u64::from(c == raw) << b))
            })
            .collect();
        crate::CellMarks::from_words(words, self.cells.len())
    }

    /// The one raw id (0 = empty) every cell marked in `marks` holds, or `None` when they
    /// hold different ones or none is marked. Panics if `marks` is longer than the layer.
    pub fn uniform_marked(&self, marks: &[u64]) -> Option<u16> {
        let mut seen = None;
        for (w, &word) in marks.iter().enumerate() {
            let cells = &self.cells[w * 64..(w * 64 + 64).min(self.cells.len())];
            if word == u64::MAX {
                let first = *seen.get_or_insert(cells[0]);
                if cells.iter().any(|&c| c != first) {
                    return None;
                }
                continue;
            }
            let mut bits = word;
            while bits != 0 {
                let c = cells[bits.trailing_zeros() as usize];
                bits &= bits - 1;
                if *seen.get_or_insert(c) != c {
                    return None;
                }
            }
        }
        seen
    }

    /// Set every cell marked in `marks` (`count` of them, all holding raw id `from`) to
    /// raw id `to`: a bulk change and its undo, written a word of 64 cells at a time where
    /// all are marked, with the counts moved in one step. Panics if `marks` is longer than
    /// the layer.
    pub(crate) fn move_marked(&mut self, marks: &[u64], count: usize, from: u16, to: u16) {
        let slot = usize::from(to);
        if slot >= self.counts.len() {
            self.counts.resize(slot + 1, 0);
        }
        for (w, &word) in marks.iter().enumerate() {
            if word == u64::MAX {
                let cells = &mut self.cells[w * 64..w * 64 + 64];
                debug_assert!(cells.iter().all(|&c| c == from));
                cells.fill(to);
                continue;
            }
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                debug_assert_eq!(self.cells[i], from);
                self.cells[i] = to;
            }
        }
        self.counts[usize::from(from)] -= count as u32;
        self.counts[slot] += count as u32;
    }

    /// The raw ids (0 = empty), in index order: for renderers and writers.
    pub fn raw(&self) -> &[u16] {
        &self.cells
    }

    /// Heap bytes used.
    pub fn heap_bytes(&self) -> usize {
        self.cells.capacity() * std::mem::size_of::<u16>()
    }
}

/// Mine or not per cell, as a bitset (one bit per cell).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MineLayer {
    words: Vec<u64>,
    len: usize,
    count: usize,
}

impl MineLayer {
    /// `len` cells without mines.
    pub fn new(len: usize) -> Self {
        MineLayer {
            words: vec![0; len.div_ceil(64)],
            len,
            count: 0,
        }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are no cells.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True when cell `i` holds a mine (false out of range).
    pub fn get(&self, i: usize) -> bool {
        i < self.len && self.words[i / 64] & (1 << (i % 64)) != 0
    }

    /// Set or clear the mine at `i`; returns the old value. Panics out of range.
    pub fn set(&mut self, i: usize, mine: bool) -> bool {
        assert!(i < self.len, "mine index {i} out of range {}", self.len);
        let (w, bit) = (i / 64, 1u64 << (i % 64));
        let old = self.words[w] & bit != 0;
        if mine {
            self.words[w] |= bit;
        } else {
            self.words[w] &= !bit;
        }
        self.count = self.count + usize::from(mine) - usize::from(old);
        old
    }

    /// Number of mines.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Indices of all mines, ascending.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + b
                })
            })
        })
    }

    /// Heap bytes used.
    pub fn heap_bytes(&self) -> usize {
        self.words.capacity() * 8
    }
}

/// Short texts attached to cells, sorted by hex (so saves are deterministic).
pub type Notes = BTreeMap<Hex, String>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terrain_layer_set_get() {
        let mut t = TerrainLayer::new(10);
        assert_eq!(t.get(3), None);
        assert_eq!(t.set(3, TerrainId::new(7)), None);
        assert_eq!(t.get(3), TerrainId::new(7));
        assert_eq!(t.set(3, None), TerrainId::new(7));
        assert_eq!(t.get(99), None);
    }

    proptest::proptest! {
        #[test]
        fn the_counts_always_equal_a_census_of_the_cells(
            sets in proptest::collection::vec((0usize..50, 0u16..40), 0..300)
        ) {
            let mut t = TerrainLayer::new(50);
            for (i, raw) in sets {
                t.set(i, TerrainId::new(raw));
            }
            let mut census = std::collections::BTreeMap::<u16, u32>::new();
            for &raw in t.raw() {
                *census.entry(raw).or_default() += 1;
            }
            proptest::prop_assert_eq!(t.empty_count(), census.get(&0).copied().unwrap_or(0));
            for raw in 1..45u16 {
                let id = TerrainId::new(raw).unwrap();
                proptest::prop_assert_eq!(t.count(id), census.get(&raw).copied().unwrap_or(0));
            }
        }
    }

    #[test]
    fn layers_with_the_same_cells_are_equal_whatever_was_set_before() {
        let fresh = TerrainLayer::new(4);
        let mut used = TerrainLayer::new(4);
        used.set(2, TerrainId::new(9));
        used.set(2, None);
        assert_eq!(used, fresh);
    }

    #[test]
    fn mine_bitset() {
        let mut m = MineLayer::new(130);
        assert!(!m.set(0, true));
        assert!(!m.set(64, true));
        assert!(!m.set(129, true));
        assert!(m.set(129, true));
        assert_eq!(m.count(), 3);
        assert_eq!(m.indices().collect::<Vec<_>>(), [0, 64, 129]);
        assert!(m.set(64, false));
        assert_eq!(m.count(), 2);
        assert!(!m.get(64) && m.get(129) && !m.get(500));
    }
}
