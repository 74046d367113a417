//! Bucket fill ([`super::CellEdit::Fill`]): the contiguous region of one terrain.

use super::{Recorder, TerrainId};
use hexmap_hex::Hex;
use std::collections::VecDeque;

/// Flood fill the region of cells connected to `start` with the same terrain.
pub(super) fn fill(rec: &mut Recorder<'_>, start: Hex, terrain: Option<TerrainId>) {
    let Some(si) = rec.map.shape().index_of(start) else {
        return;
    };
    let target = rec.map.terrain_layer().raw()[si];
    if target == terrain.map_or(0, TerrainId::get) {
        return;
    }
    // Each cell is recoloured once: afterwards it no longer matches `target`.
    let mut queue = VecDeque::from([start]);
    rec.terrain_at_once(si, terrain);
    while let Some(h) = queue.pop_front() {
        for n in h.neighbors() {
            if let Some(i) = rec.map.shape().index_of(n)
                && rec.map.terrain_layer().raw()[i] == target
            {
                rec.terrain_at_once(i, terrain);
                queue.push_back(n);
            }
        }
    }
}
