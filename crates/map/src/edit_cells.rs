//! The edits of cells' terrain, mines and notes ([`CellEdit`]: paint, line, fill, replace,
//! set, erase, mines, notes, paste): checked first, then applied with each touched cell's
//! first old value recorded.

use super::CellMarks;
use super::changes::CellChanges;
use super::clipboard::Clipboard;
use super::edit::EditError;
use super::edit::recorder::{Recorder, check_terrain};
use super::hexmap::{HexMap, MapError};
use super::palette::TerrainId;
use hexmap_hex::Hex;

/// A change to cells' terrain, mines or notes (carried by [`crate::Edit::Cell`]).
#[derive(Clone, Debug, PartialEq)]
pub enum CellEdit {
    /// Paint `terrain` (or clear with `None`) on every cell within `radius` of `center`.
    Paint {
        /// Brush centre.
        center: Hex,
        /// Brush radius (0 = one hex).
        radius: u32,
        /// Terrain to paint; `None` erases terrain.
        terrain: Option<TerrainId>,
    },
    /// Paint a straight hex line from `from` to `to` (both included).
    Line {
        /// Start.
        from: Hex,
        /// End.
        to: Hex,
        /// Terrain to paint; `None` erases terrain.
        terrain: Option<TerrainId>,
    },
    /// Bucket fill: the contiguous region of cells with the same terrain as `start`.
    Fill {
        /// Seed cell.
        start: Hex,
        /// New terrain.
        terrain: Option<TerrainId>,
    },
    /// Replace one terrain by another everywhere.
    ReplaceTerrain {
        /// Terrain to replace (`None` = empty cells).
        from: Option<TerrainId>,
        /// Its replacement.
        to: Option<TerrainId>,
    },
    /// Set the terrain of listed cells (cells outside the map are skipped).
    SetTerrain(Vec<(Hex, Option<TerrainId>)>),
    /// Give every marked cell `terrain`: a region worked out apart from the edit (a bucket
    /// fill's region found off the editor's frame, [`fill_region`]). Refused when the
    /// marks are for a map of another size.
    Recolour {
        /// The cells, by dense index.
        cells: CellMarks,
        /// Their new terrain; `None` erases terrain.
        terrain: Option<TerrainId>,
    },
    /// Set (or with `None` remove) the key entry of a hex.
    SetKeyEntry {
        /// The hex.
        hex: Hex,
        /// Its new entry.
        entry: Option<crate::KeyEntry>,
    },
    /// Erase everything (terrain, mine, note, key entry) within `radius` of `center`.
    Erase {
        /// Brush centre.
        center: Hex,
        /// Brush radius.
        radius: u32,
    },
    /// Place or remove one mine.
    SetMine {
        /// Where.
        hex: Hex,
        /// Mine or not.
        mine: bool,
    },
    /// Make the mine layer exactly these hexes (e.g. a generator's output).
    SetMines(Vec<Hex>),
    /// Set (or with `None`/empty text remove) the note of a cell.
    SetNote {
        /// Where.
        hex: Hex,
        /// The text.
        text: Option<String>,
    },
    /// Paste a clipboard with its anchor at `anchor` (cells outside the map are dropped).
    Paste {
        /// What to paste (already rotated/reflected as wanted).
        clipboard: Clipboard,
        /// Where the clipboard's origin goes.
        anchor: Hex,
    },
}

/// Check a cell edit before anything changes.
fn check(map: &HexMap, edit: &CellEdit) -> Result<(), EditError> {
    match edit {
        CellEdit::Paint { terrain, .. }
        | CellEdit::Line { terrain, .. }
        | CellEdit::Fill { terrain, .. } => check_terrain(map, *terrain)?,
        CellEdit::ReplaceTerrain { to, .. } => check_terrain(map, *to)?,
        CellEdit::Recolour { cells, terrain } => {
            check_terrain(map, *terrain)?;
            if cells.cell_count() != map.cell_count() {
                return Err(EditError::MarksSize {
                    marked: cells.cell_count(),
                    cells: map.cell_count(),
                });
            }
        }
        CellEdit::SetTerrain(cells) => {
            for (_, t) in cells {
                check_terrain(map, *t)?;
            }
        }
        CellEdit::Erase { .. } => {}
        CellEdit::SetMine { hex, .. } => {
            if !map.contains(*hex) {
                return Err(MapError::OutsideShape(*hex).into());
            }
        }
        CellEdit::SetMines(hexes) => {
            if let Some(h) = hexes.iter().find(|h| !map.contains(**h)) {
                return Err(MapError::OutsideShape(*h).into());
            }
        }
        CellEdit::SetNote { hex, text } => {
            if !map.contains(*hex) {
                return Err(MapError::OutsideShape(*hex).into());
            }
            if let Some(t) = text
                && t.len() > super::layers::MAX_NOTE_LEN
            {
                return Err(MapError::NoteTooLong {
                    hex: *hex,
                    len: t.len(),
                }
                .into());
            }
        }
        CellEdit::SetKeyEntry { hex, entry } => {
            if !map.contains(*hex) {
                return Err(MapError::OutsideShape(*hex).into());
            }
            if let Some(e) = entry {
                e.check()
                    .map_err(|error| MapError::BadKeyEntry { hex: *hex, error })?;
            }
        }
        CellEdit::Paste { clipboard, .. } => {
            super::features::edit::check_paste(map, clipboard)?;
            for c in clipboard.cells() {
                check_terrain(map, c.terrain)?;
                if let Some(t) = &c.note
                    && t.len() > super::layers::MAX_NOTE_LEN
                {
                    return Err(MapError::NoteTooLong {
                        hex: c.offset,
                        len: t.len(),
                    }
                    .into());
                }
            }
        }
    }
    Ok(())
}

/// Apply one cell edit; on error the map is unchanged.
pub(super) fn apply(
    map: &mut HexMap,
    edit: &CellEdit,
    changes: &mut CellChanges,
) -> Result<(), EditError> {
    check(map, edit)?;
    let mut rec = Recorder { map, changes };
    match edit {
        CellEdit::Paint {
            center,
            radius,
            terrain,
        } => {
            for h in hexmap_hex::range(*center, *radius) {
                rec.terrain(h, *terrain);
            }
        }
        CellEdit::Line { from, to, terrain } => {
            for h in hexmap_hex::line(*from, *to) {
                rec.terrain(h, *terrain);
            }
        }
        CellEdit::Fill { start, terrain } => fill(&mut rec, *start, *terrain),
        CellEdit::ReplaceTerrain { from, to } => {
            let marks = rec
                .map
                .terrain_layer()
                .marks_of(from.map_or(0, TerrainId::get));
            rec.terrain_marked(&marks, *to);
        }
        CellEdit::Recolour { cells, terrain } => rec.terrain_marked(cells, *terrain),
        CellEdit::SetTerrain(cells) => {
            for &(h, t) in cells {
                rec.terrain(h, t);
            }
        }
        CellEdit::Erase { center, radius } => {
            for h in hexmap_hex::range(*center, *radius) {
                if rec.map.contains(h) {
                    rec.terrain(h, None);
                    rec.mine(h, false);
                    rec.note(h, None)?;
                    rec.key_entry(h, None)?;
                }
            }
        }
        CellEdit::SetMine { hex, mine } => rec.mine(*hex, *mine),
        CellEdit::SetMines(hexes) => {
            let wanted: std::collections::HashSet<Hex> = hexes.iter().copied().collect();
            let current: Vec<Hex> = rec.map.mines().collect();
            for h in current {
                if !wanted.contains(&h) {
                    rec.mine(h, false);
                }
            }
            for &h in hexes {
                rec.mine(h, true);
            }
        }
        CellEdit::SetNote { hex, text } => rec.note(*hex, text.clone())?,
        CellEdit::SetKeyEntry { hex, entry } => rec.key_entry(*hex, entry.clone())?,
        CellEdit::Paste { clipboard, anchor } => {
            for c in clipboard.cells() {
                let h = *anchor + c.offset;
                if rec.map.contains(h) {
                    rec.terrain(h, c.terrain);
                    rec.mine(h, c.mine);
                    rec.note(h, c.note.clone())?;
                    rec.note_gm_only(h, c.note.is_some() && c.note_gm_only);
                    rec.key_entry(h, c.key.clone())?;
                }
            }
            super::features::edit::paste(rec.map, rec.changes, clipboard, *anchor);
        }
    }
    Ok(())
}

mod fill;
use fill::fill;
pub use fill::fill_region;
