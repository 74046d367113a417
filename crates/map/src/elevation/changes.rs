//! The elevation part of one undo step ([`crate::changes::CellChanges::elevation`]): each
//! touched cell's first old and last new height, and whether the step created the map's
//! elevation layer (a map without one gets it, all at sea level, on its first raise or
//! lower; undoing that step takes it away again).

use crate::elevation::ElevationLayer;
use crate::hexmap::HexMap;
use hexmap_hex::hash::HexBuildHasher;
use std::collections::HashMap;

/// One height change: dense index, before, after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HeightDelta {
    pub index: u32,
    pub old: i16,
    pub new: i16,
}

/// The elevation changes of one undo step.
#[derive(Clone, Debug, Default)]
pub(crate) struct ElevationChanges {
    pub cells: Vec<HeightDelta>,
    /// The step gave the map its elevation layer.
    pub created: bool,
    pos: HashMap<u32, usize, HexBuildHasher>,
}

impl ElevationChanges {
    /// Record cell `index` going from `old` to `new`.
    pub(crate) fn height(&mut self, index: u32, old: i16, new: i16) {
        match self.pos.get(&index) {
            Some(&p) => self.cells[p].new = new,
            None => {
                self.pos.insert(index, self.cells.len());
                self.cells.push(HeightDelta { index, old, new });
            }
        }
    }

    /// Fold a later step's changes into this one.
    pub(crate) fn merge(&mut self, later: ElevationChanges) {
        self.created |= later.created;
        for d in later.cells {
            self.height(d.index, d.old, d.new);
        }
    }

    /// Drop what ended where it started, and the lookup table.
    pub(crate) fn finish(&mut self) {
        self.cells.retain(|d| d.old != d.new);
        self.cells.shrink_to_fit();
        self.pos = HashMap::default();
    }

    /// True when nothing changed.
    pub(crate) fn is_empty(&self) -> bool {
        self.cells.is_empty() && !self.created
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.cells.capacity() * std::mem::size_of::<HeightDelta>()
    }

    /// The dense indices of the cells changed.
    pub(crate) fn indices(&self) -> impl Iterator<Item = u32> + '_ {
        self.cells.iter().map(|d| d.index)
    }

    /// Write the old (`undo`) or new values back into the map.
    pub(crate) fn restore(&self, map: &mut HexMap, undo: bool) {
        if self.is_empty() {
            return;
        }
        let n = map.cell_count();
        let layer = map.elevation.get_or_insert_with(|| ElevationLayer::new(n));
        for d in &self.cells {
            layer.set(d.index as usize, if undo { d.old } else { d.new });
        }
        if undo && self.created {
            map.elevation = None;
        }
    }
}
