//! The icons and note captions of the open map drawn past their hex ([`Spill`]), worked
//! out again only after an edit touched icons or notes (or everything), for the chunks
//! that must draw them again.

use crate::open_map::OpenMap;
use hexmap_draw::spill::Spill;

/// The map's spill, kept until icons, notes or the whole map change.
pub struct SpillView {
    /// True when `spill` must be made again.
    stale: bool,
    spill: Spill,
}

impl Default for SpillView {
    fn default() -> Self {
        SpillView {
            stale: true,
            spill: Spill::default(),
        }
    }
}

impl SpillView {
    /// The spill of `doc`'s map in its layout, made again if marked stale.
    pub fn get(&mut self, doc: &OpenMap) -> &Spill {
        if self.stale {
            self.spill = Spill::of(doc.map(), &doc.layout());
            self.stale = false;
        }
        &self.spill
    }

    /// Make it again before the next drawing: icons or notes changed, or the whole map
    /// (a new map, its layout, its view settings).
    pub fn mark_stale(&mut self) {
        self.stale = true;
    }
}
