//! What an edit changed ([`Changed`]), for redrawing only that.

use hexmap_hex::Hex;

/// What an edit or undo/redo changed, for redrawing only that.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changed {
    /// Cells whose terrain, mine, note, fog, edges, paths or icons changed, no duplicates, in the
    /// shape's storage order (the order of `MapShape::iter`).
    pub hexes: Vec<Hex>,
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
            hexes: Vec::new(),
            whole_map: true,
            labels: false,
            annotated: Vec::new(),
        }
    }

    /// True when nothing changed.
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty() && !self.whole_map && !self.labels
    }

    /// The axial bounding box of the changed cells (`None` when no cell changed).
    pub fn bounds(&self) -> Option<HexBounds> {
        let first = *self.hexes.first()?;
        let mut b = HexBounds {
            min: first,
            max: first,
        };
        for h in &self.hexes {
            b.min = Hex::new(b.min.q.min(h.q), b.min.r.min(h.r));
            b.max = Hex::new(b.max.q.max(h.q), b.max.r.max(h.r));
        }
        Some(b)
    }
}
