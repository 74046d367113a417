//! A set of a map's cells by dense index, as a bitset: the region a bucket fill found, the
//! cells a bulk change touched. Ten million cells take 1.25 MB (a list of their hexes
//! would take 80 MB), and the bits are shared (`Arc`), so an undo record and the change it
//! reports hold one copy.

use std::sync::Arc;

/// Cells of a map by dense index (the order of `MapShape::iter`): bit `i % 64` of word
/// `i / 64` is cell `i`. Cheap to clone.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CellMarks {
    words: Arc<[u64]>,
    /// Cells of the map the marks belong to.
    cells: usize,
    /// Marked cells.
    count: usize,
}

impl CellMarks {
    /// The marks in `words` for a map of `cells` cells; bits past the last cell are
    /// dropped, missing words count as unmarked.
    pub fn from_words(mut words: Vec<u64>, cells: usize) -> Self {
        words.resize(cells.div_ceil(64), 0);
        if let Some(last) = words.last_mut()
            && !cells.is_multiple_of(64)
        {
            *last &= (1u64 << (cells % 64)) - 1;
        }
        let count = words.iter().map(|w| w.count_ones() as usize).sum();
        CellMarks {
            words: words.into(),
            cells,
            count,
        }
    }

    /// The cells whose index `marked` says, for a map of `cells` cells.
    pub fn from_fn(cells: usize, mut marked: impl FnMut(usize) -> bool) -> Self {
        let mut words = vec![0u64; cells.div_ceil(64)];
        for i in 0..cells {
            if marked(i) {
                words[i / 64] |= 1 << (i % 64);
            }
        }
        CellMarks::from_words(words, cells)
    }

    /// The words of the bitset (the last one's bits past the map's cells are clear).
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Cells of the map these marks are for.
    pub fn cell_count(&self) -> usize {
        self.cells
    }

    /// How many cells are marked.
    pub fn count(&self) -> usize {
        self.count
    }

    /// True when no cell is marked.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// True when cell `i` is marked.
    pub fn contains(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// The marked cells' indices, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    i
                })
            })
        })
    }

    /// The cells marked in either.
    pub fn union(&self, other: &CellMarks) -> CellMarks {
        let words = self
            .words
            .iter()
            .zip(other.words.iter())
            .map(|(a, b)| a | b)
            .collect();
        CellMarks::from_words(words, self.cells.max(other.cells))
    }

    /// Heap bytes of the bits.
    pub fn heap_bytes(&self) -> usize {
        self.words.len() * std::mem::size_of::<u64>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_count_list_and_combine_the_cells_they_hold() {
        let marks = CellMarks::from_fn(130, |i| i % 3 == 0);
        assert_eq!(marks.count(), 44);
        assert!(marks.contains(129) && !marks.contains(128) && !marks.contains(500));
        assert_eq!(
            marks.iter().collect::<Vec<_>>(),
            (0..130).filter(|i| i % 3 == 0).collect::<Vec<_>>()
        );
        let other = CellMarks::from_fn(130, |i| i == 1);
        assert_eq!(marks.union(&other).count(), 45);
        // Bits past the last cell are not cells.
        let clipped = CellMarks::from_words(vec![u64::MAX; 3], 70);
        assert_eq!(clipped.count(), 70);
        assert_eq!(clipped.words().len(), 2);
        assert_eq!(clipped.iter().last(), Some(69));
    }
}
