//! What the one edit path uses while an edit runs: the per-cell recorder that keeps each
//! touched cell's first old value for undo, and the whole-map swap for edits (reshape,
//! palettes) whose undo keeps the previous map.

use super::{CellChanges, Changed, Record};
use crate::features::FeaturePalette;
use crate::features::access::PaletteOnMap;
use crate::hexmap::{HexMap, MapError};
use crate::palette::TerrainId;
use crate::{CellMarks, EditError};
use hexmap_hex::Hex;

pub(crate) fn check_terrain(map: &HexMap, t: Option<TerrainId>) -> Result<(), EditError> {
    if let Some(id) = t
        && map.palette().get(id).is_none()
    {
        return Err(MapError::UnknownTerrain(id).into());
    }
    Ok(())
}

/// Records per-cell changes while an edit runs.
pub(crate) struct Recorder<'a> {
    pub(crate) map: &'a mut HexMap,
    pub(crate) changes: &'a mut CellChanges,
}

impl Recorder<'_> {
    pub(crate) fn terrain_at(&mut self, i: usize, t: Option<TerrainId>) {
        self.set_terrain_with(i, t, CellChanges::terrain);
    }

    /// Set every cell of `marks` to `t`. When they all held one other terrain (a bucket
    /// fill's region, a replace-all) and nothing else is recorded yet, the record is the
    /// marks themselves ([`CellChanges::terrain_bulk`]); otherwise each change is recorded
    /// once, in index order (so the record needs no sorting later).
    pub(crate) fn terrain_marked(&mut self, marks: &CellMarks, t: Option<TerrainId>) {
        let new = t.map_or(0, TerrainId::get);
        let fresh = self.changes.terrain.is_empty() && self.changes.terrain_bulk.is_none();
        if fresh && let Some(old) = self.map.terrain_layer().uniform_marked(marks.words()) {
            if old != new {
                let layer = self.map.terrain_layer_mut();
                layer.move_marked(marks.words(), marks.count(), old, new);
                self.changes.terrain_bulk(marks.clone(), old, new);
            }
            return;
        }
        let (marks, marked) = (marks.words(), marks.count());
        let changes = &mut *self.changes;
        changes.terrain.reserve_exact(marked);
        self.map
            .terrain_layer_mut()
            .set_marked(marks, t, |i, old| changes.terrain_once(i as u32, old, new));
    }

    /// Set cell `i`'s terrain and, if it changed, `record` the delta.
    pub(crate) fn set_terrain_with(
        &mut self,
        i: usize,
        t: Option<TerrainId>,
        record: fn(&mut CellChanges, u32, u16, u16),
    ) {
        let old = self.map.terrain_layer().raw()[i];
        let new = t.map_or(0, TerrainId::get);
        if old != new {
            self.map.set_terrain_index(i, t);
            record(self.changes, i as u32, old, new);
        }
    }

    pub(crate) fn terrain(&mut self, h: Hex, t: Option<TerrainId>) {
        if let Some(i) = self.map.shape().index_of(h) {
            self.terrain_at(i, t);
        }
    }

    pub(crate) fn mine(&mut self, h: Hex, mine: bool) {
        if let Some(i) = self.map.shape().index_of(h) {
            let old = self.map.set_mine(h, mine).unwrap_or(mine);
            if old != mine {
                self.changes.mine(i as u32, old, mine);
            }
        }
    }

    /// Set the note on `h`; a removed note takes its GM-only flag along (recorded), so a
    /// later note there starts public.
    /// Set (or remove) the key entry of `h`, recording the change.
    pub(crate) fn key_entry(
        &mut self,
        h: Hex,
        entry: Option<crate::KeyEntry>,
    ) -> Result<(), MapError> {
        if self.map.key_entries().get(&h) == entry.as_ref() {
            return Ok(());
        }
        let old = self.map.set_key_entry(h, entry.clone())?;
        self.changes.key_entry(h, old, entry);
        Ok(())
    }

    pub(crate) fn note(&mut self, h: Hex, text: Option<String>) -> Result<(), MapError> {
        let new = text.filter(|t| !t.is_empty());
        if self.map.note(h) == new.as_deref() {
            return Ok(());
        }
        let removed = new.is_none();
        let old = self.map.set_note(h, new.clone())?;
        self.changes.note(h, old, new);
        if removed {
            self.note_gm_only(h, false);
        }
        Ok(())
    }

    /// Mark the note on `h` GM-only or not, recording the change.
    pub(crate) fn note_gm_only(&mut self, h: Hex, gm_only: bool) {
        let old = self.map.set_note_gm_only(h, gm_only);
        if old != gm_only {
            self.changes.fog.note(h, old, gm_only);
        }
    }
}

/// Run one of the per-cell appliers (cells, edge features and paths, icons and labels,
/// fog, heights) with a fresh record of what it changes, which becomes the undo record. A
/// refused edit leaves the map as it was: what the applier did before refusing is undone.
pub(crate) fn cells_applied(
    map: &mut HexMap,
    applier: impl FnOnce(&mut HexMap, &mut CellChanges) -> Result<(), EditError>,
) -> Result<(Changed, Record), EditError> {
    let mut changes = CellChanges::default();
    if let Err(e) = applier(map, &mut changes) {
        changes.restore(map, true);
        return Err(e);
    }
    Ok((changes.changed(map), Record::Cells(Box::new(changes))))
}

/// Change the whole map with `change`, keeping the map as it was for undo.
pub(crate) fn swap(map: &mut HexMap, change: impl FnOnce(&mut HexMap)) -> (Changed, Record) {
    let before = map.clone();
    change(map);
    (Changed::whole(), Record::Swap(Box::new(before)))
}

/// Replace the map's edge or path palette. Setting the palette it already has changes
/// nothing and leaves no undo step.
pub(crate) fn set_feature_palette<T: PaletteOnMap>(
    map: &mut HexMap,
    palette: &FeaturePalette<T>,
) -> (Changed, Record) {
    if T::palette_of(map) == palette {
        return (Changed::default(), Record::Cells(Box::default()));
    }
    swap(map, |m| {
        T::set_palette_of(m, palette.clone());
    })
}
