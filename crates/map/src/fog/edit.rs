//! The edits of fog and secrets ([`FogEdit`]: hide and reveal, GM-only flags, the party):
//! checked first, then applied with each touched cell's, flag's or
//! path's first old value recorded, so a drag of the fog brush is one undo step.

use crate::changes::CellChanges;
use crate::edit::EditError;
use crate::features::{MapPath, PathId, PathTypeId};
use crate::fog::Party;
use crate::hexmap::{HexMap, MapError};
use hexmap_hex::{Edge, Hex};

/// A change to the fog of war, the GM-only flags or the party (carried by
/// [`crate::Edit::Fog`]). The party's edits live here because moving it reveals what it
/// sees, and its undo is part of the same fog record.
#[derive(Clone, Debug, PartialEq)]
pub enum FogEdit {
    /// Hide the listed cells from the players, or reveal them (hexes off the map are
    /// skipped). The fog brush is a stroke of these.
    SetRevealed {
        /// The cells.
        hexes: Vec<Hex>,
        /// Reveal (`true`) or hide.
        revealed: bool,
    },
    /// Reveal (`true`) or hide every cell: "reveal all", "hide all".
    RevealAll(bool),
    /// Reveal what can be seen from `from` within `radius` hexes under the map's sight
    /// rule ([`HexMap::field_of_view`]).
    RevealSight {
        /// Where the eye is.
        from: Hex,
        /// How far it sees.
        radius: u32,
    },
    /// Mark the note of a cell GM-only (or not).
    SetNoteGmOnly {
        /// Where.
        hex: Hex,
        /// GM-only or not.
        gm_only: bool,
    },
    /// Mark the features on the listed edges GM-only (or not); edges not between two
    /// cells are skipped.
    SetEdgesGmOnly {
        /// The edges.
        edges: Vec<Edge>,
        /// GM-only or not.
        gm_only: bool,
    },
    /// Mark a path GM-only (or not).
    SetPathGmOnly {
        /// The path.
        id: PathId,
        /// GM-only or not.
        gm_only: bool,
    },
    /// Put the party on the map (checked: a cell, sight within the limit, an existing
    /// trail) or take it off with `None`.
    SetParty(Option<Party>),
    /// Move the party to `to` and reveal what it sees there; with `trail`, extend its trail
    /// path by the hex line to `to` (a new path of that type when it has no trail).
    MoveParty {
        /// Where it goes.
        to: Hex,
        /// Record the move as a trail of this path type.
        trail: Option<PathTypeId>,
    },
}

/// Apply one fog edit; on error the map is unchanged.
pub(crate) fn apply(
    map: &mut HexMap,
    edit: &FogEdit,
    changes: &mut CellChanges,
) -> Result<(), EditError> {
    match edit {
        FogEdit::SetRevealed { hexes, revealed } => {
            for &h in hexes {
                hide(map, changes, h, !revealed);
            }
        }
        FogEdit::RevealAll(revealed) => {
            for i in 0..map.cell_count() {
                hide_index(map, changes, i, !revealed);
            }
        }
        FogEdit::RevealSight { from, radius } => {
            if !map.contains(*from) {
                return Err(MapError::OutsideShape(*from).into());
            }
            for h in map.field_of_view(*from, *radius)? {
                hide(map, changes, h, false);
            }
        }
        FogEdit::SetNoteGmOnly { hex, gm_only } => {
            if !map.contains(*hex) {
                return Err(MapError::OutsideShape(*hex).into());
            }
            let old = map.set_note_gm_only(*hex, *gm_only);
            changes.fog.note(*hex, old, *gm_only);
        }
        FogEdit::SetEdgesGmOnly { edges, gm_only } => {
            for &e in edges {
                let (a, b) = e.hexes();
                if map.contains(a) && map.contains(b) {
                    let old = map.set_edge_gm_only(e, *gm_only);
                    changes.fog.edge(e, old, *gm_only);
                }
            }
        }
        FogEdit::SetPathGmOnly { id, gm_only } => {
            let old = map.path(*id).cloned().ok_or(MapError::UnknownPath(*id))?;
            let new = MapPath {
                gm_only: *gm_only,
                ..old.clone()
            };
            map.insert_path(new.clone())?;
            changes.path(*id, Some(old), Some(new));
        }
        FogEdit::SetParty(party) => {
            let old = map.set_party(*party).map_err(MapError::from)?;
            changes.fog.party(old, *party);
        }
        FogEdit::MoveParty { to, trail } => move_party(map, changes, *to, *trail)?,
    }
    Ok(())
}

/// Hide (or reveal) the cell `h`, recording the change; hexes off the map are skipped.
fn hide(map: &mut HexMap, changes: &mut CellChanges, h: Hex, hidden: bool) {
    if let Some(i) = map.shape().index_of(h) {
        hide_index(map, changes, i, hidden);
    }
}

fn hide_index(map: &mut HexMap, changes: &mut CellChanges, i: usize, hidden: bool) {
    let old = map.fog.hidden.set(i, hidden);
    if old != hidden {
        changes.fog.hidden(i as u32, old, hidden);
    }
}

/// Move the party to `to`, reveal what it sees there, and with `trail` extend its trail
/// (a new path of that type when it has none) by the hex line to `to`.
fn move_party(
    map: &mut HexMap,
    changes: &mut CellChanges,
    to: Hex,
    trail: Option<PathTypeId>,
) -> Result<(), EditError> {
    let old = map.party().ok_or(MapError::NoParty)?;
    let mut new = Party { hex: to, ..old };
    map.check_party(&new).map_err(MapError::from)?;
    if let Some(kind) = trail
        && old.hex != to
    {
        let step: Vec<Hex> = hexmap_hex::line(old.hex, to);
        match new.trail.and_then(|id| map.path(id).cloned()) {
            Some(path) if path.hexes.last() == Some(&old.hex) => {
                let mut longer = path.clone();
                longer.hexes.extend_from_slice(&step[1..]);
                map.check_path(&longer)?;
                map.insert_path(longer.clone())?;
                changes.path(path.id, Some(path), Some(longer));
            }
            _ => {
                let path = MapPath {
                    id: map.paths().next_id(),
                    kind,
                    hexes: step,
                    gm_only: false,
                };
                map.check_path(&path)?;
                map.insert_path(path.clone())?;
                changes.path(path.id, None, Some(path.clone()));
                new.trail = Some(path.id);
            }
        }
    }
    map.set_party(Some(new)).map_err(MapError::from)?;
    changes.fog.party(Some(old), Some(new));
    // The party's sight is checked against the limit by `set_party`.
    for h in map.field_of_view(to, new.sight).unwrap_or_default() {
        hide(map, changes, h, false);
    }
    Ok(())
}
