//! The elevation part of one undo step ([`crate::changes::CellChanges::elevation`]): each
//! touched cell's first old and last new height, and whether the step created the map's
//! elevation layer (a map without one gets it, all at sea level, on its first raise or
//! lower; undoing that step takes it away again).

use crate::deltas::Deltas;
use crate::elevation::ElevationLayer;
use crate::hexmap::HexMap;

/// The elevation changes of one undo step.
#[derive(Clone, Debug, Default)]
pub(crate) struct ElevationChanges {
    pub cells: Deltas<u32, i16>,
    /// The step gave the map its elevation layer.
    pub created: bool,
}

impl ElevationChanges {
    /// Record cell `index` going from `old` to `new`.
    pub(crate) fn height(&mut self, index: u32, old: i16, new: i16) {
        self.cells.record(index, old, new);
    }

    /// Fold a later step's changes into this one.
    pub(crate) fn merge(&mut self, later: ElevationChanges) {
        self.created |= later.created;
        self.cells.merge(later.cells);
    }

    /// Drop what ended where it started, and the lookup table.
    pub(crate) fn finish(&mut self) {
        self.cells.finish();
    }

    /// True when nothing changed.
    pub(crate) fn is_empty(&self) -> bool {
        self.cells.is_empty() && !self.created
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.cells.list_bytes()
    }

    /// The dense indices of the cells changed.
    pub(crate) fn indices(&self) -> impl Iterator<Item = u32> + '_ {
        self.cells.iter().map(|d| d.key)
    }

    /// Write the old (`undo`) or new values back into the map.
    pub(crate) fn restore(&self, map: &mut HexMap, undo: bool) {
        if self.is_empty() {
            return;
        }
        let n = map.cell_count();
        let layer = map
            .elevation_slot_mut()
            .get_or_insert_with(|| ElevationLayer::new(n));
        for d in &self.cells {
            layer.set(d.key as usize, if undo { d.old } else { d.new });
        }
        if undo && self.created {
            *map.elevation_slot_mut() = None;
        }
    }
}
