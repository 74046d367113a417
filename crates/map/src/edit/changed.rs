//! What an edit changed ([`Changed`]), for redrawing only that.

use crate::{CellMarks, MapShape};
use hexmap_hex::Hex;

/// What an edit or undo/redo changed, for redrawing only that.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changed {
    /// Cells whose terrain, mine, note, fog, edges, paths or icons changed, no duplicates, in the
    /// shape's storage order (the order of `MapShape::iter`).
    pub hexes: Vec<Hex>,
    /// Cells changed in bulk (a bucket fill, a replace-all, their undo and redo), as
    /// their bits by dense index instead of in `hexes`: ten million of them are 1.25 MB,
    /// not 80. [`Changed::all_hexes`] lists both.
    pub marked: Option<CellMarks>,
    /// True when the whole map must be redrawn (shape, palette or properties changed).
    pub whole_map: bool,
    /// True when a place-name label changed. Labels are drawn over the map apart from its
    /// cells (`draw::Scene::draw_free_text`), so no cell needs redrawing for them.
    pub labels: bool,
    /// The hexes (also in `hexes`) whose icons or note changed: a large icon or a long
    /// caption is drawn past its own hex, so a drawing may redraw farther around these.
    pub annotated: Vec<Hex>,
}

/// An axial bounding box: q in `min.q..=max.q`, r in `min.r..=max.r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexBounds {
    /// Smallest q and r.
    pub min: Hex,
    /// Largest q and r.
    pub max: Hex,
}

impl Changed {
    /// A change of the whole map (shape, properties, palettes, a swap): redraw everything.
    pub(crate) fn whole() -> Changed {
        Changed {
            whole_map: true,
            ..Changed::default()
        }
    }

    /// True when nothing changed.
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
            && self.marked.as_ref().is_none_or(CellMarks::is_empty)
            && !self.whole_map
            && !self.labels
    }

    /// How many cells changed (listed and marked).
    pub fn cell_count(&self) -> usize {
        self.hexes.len() + self.marked.as_ref().map_or(0, CellMarks::count)
    }

    /// Every changed cell of a map of `shape`, listed and marked, in the shape's storage
    /// order (a bulk change of millions of cells makes a long list: for tests and small
    /// maps).
    pub fn all_hexes(&self, shape: &MapShape) -> Vec<Hex> {
        let Some(marked) = &self.marked else {
            return self.hexes.clone();
        };
        let listed = self.hexes.iter().filter_map(|&h| shape.index_of(h));
        let mut indices: Vec<usize> = marked.iter().chain(listed).collect();
        indices.sort_unstable();
        indices.dedup();
        indices
            .into_iter()
            .filter_map(|i| shape.hex_at(i))
            .collect()
    }

    /// The axial bounding box of the changed cells of a map of `shape`, listed and marked
    /// (`None` when no cell changed).
    pub fn bounds(&self, shape: &MapShape) -> Option<HexBounds> {
        let marked = self.marked.iter().flat_map(|m| m.iter());
        let mut cells = (self.hexes.iter().copied()).chain(marked.filter_map(|i| shape.hex_at(i)));
        let first = cells.next()?;
        let mut b = HexBounds {
            min: first,
            max: first,
        };
        for h in cells {
            b.min = Hex::new(b.min.q.min(h.q), b.min.r.min(h.r));
            b.max = Hex::new(b.max.q.max(h.q), b.max.r.max(h.r));
        }
        Some(b)
    }
}
