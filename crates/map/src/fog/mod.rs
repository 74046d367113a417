//! Fog of war and the game master's secrets: which cells the players have not seen
//! (hidden), which notes and edge features only the GM may see, and the party marker
//! (its hex, its sight radius and the path it records as its trail).
//!
//! A map with no hidden cell has no fog: everything is revealed, as for a map that never
//! used it. Icons, labels and paths carry their own `gm_only` flag; notes and edge
//! features are keyed by hex and edge, so their flags live here. Changes go through
//! [`crate::Edit`] like any content (`fog/edit.rs`); the player view is cut from this by
//! `draw::player`.

pub(crate) mod changes;
pub(crate) mod edit;

pub use edit::GmItem;

use super::HexMap;
use super::features::PathId;
use super::layers::MineLayer;
use hexmap_hex::{Edge, Hex};
use std::collections::BTreeSet;

pub use crate::sight::MAX_SIGHT;

/// The party on the map: where it is, how far it sees, and the path its moves extend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Party {
    /// The hex it stands on (a cell of the map).
    pub hex: Hex,
    /// How far it sees, in hexes (at most [`MAX_SIGHT`]), under the map's sight rule.
    pub sight: u32,
    /// The path recording its trail, if any.
    pub trail: Option<PathId>,
}

/// The fog and secrets of a map: hidden cells (a bit per cell, by the shape's dense
/// index), GM-only notes and edge features, and the party.
#[derive(Clone, Debug, PartialEq)]
pub struct FogState {
    pub(crate) hidden: MineLayer,
    pub(crate) gm_notes: BTreeSet<Hex>,
    pub(crate) gm_edges: BTreeSet<Edge>,
    pub(crate) party: Option<Party>,
}

impl FogState {
    /// No fog, no secrets, no party, for a map of `len` cells.
    pub fn new(len: usize) -> Self {
        FogState {
            hidden: MineLayer::new(len),
            gm_notes: BTreeSet::new(),
            gm_edges: BTreeSet::new(),
            party: None,
        }
    }
}

/// Why a party was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PartyError {
    /// Its hex is not a cell of the map.
    #[error("the party's hex is not a cell of the map")]
    OutsideShape(Hex),
    /// Its sight radius is over the limit.
    #[error("the party's sight radius {0} is over the limit of {MAX_SIGHT}")]
    SightTooFar(u32),
    /// Its trail names no path of the map.
    #[error("the party's trail names path {0}, which the map does not have")]
    UnknownTrail(PathId),
}

impl HexMap {
    /// True when some cell is hidden from the players (the map has fog).
    pub fn has_fog(&self) -> bool {
        self.fog.hidden.count() > 0
    }

    /// Number of hidden cells.
    pub fn hidden_count(&self) -> usize {
        self.fog.hidden.count()
    }

    /// True when the players may see the cell `h` (every cell of a map without fog; hexes
    /// off the map count as revealed, there is nothing there to hide).
    pub fn is_revealed(&self, h: Hex) -> bool {
        !self
            .shape()
            .index_of(h)
            .is_some_and(|i| self.fog.hidden.get(i))
    }

    /// True when the cell with dense index `i` is hidden.
    pub fn is_hidden_index(&self, i: usize) -> bool {
        self.fog.hidden.get(i)
    }

    /// The hidden cells, in the shape's storage order.
    pub fn hidden_cells(&self) -> impl Iterator<Item = Hex> + '_ {
        self.fog
            .hidden
            .indices()
            .filter_map(|i| self.shape().hex_at(i))
    }

    /// True when the note on `h` is for the GM only.
    pub fn note_is_gm_only(&self, h: Hex) -> bool {
        self.fog.gm_notes.contains(&h)
    }

    /// The hexes whose notes are GM-only that hold a note, sorted.
    pub fn gm_notes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.fog
            .gm_notes
            .iter()
            .copied()
            .filter(|h| self.note(*h).is_some())
    }

    /// True when the edge feature on `e` is for the GM only.
    pub fn edge_is_gm_only(&self, e: Edge) -> bool {
        self.fog.gm_edges.contains(&e)
    }

    /// The GM-only edges that hold a feature, sorted.
    pub fn gm_edges(&self) -> impl Iterator<Item = Edge> + '_ {
        self.fog
            .gm_edges
            .iter()
            .copied()
            .filter(|e| self.edge(*e).is_some())
    }

    /// The party, if the map has one.
    pub fn party(&self) -> Option<Party> {
        self.fog.party
    }

    /// The cells the party sees now (its field of view), or nothing without a party.
    pub fn party_sight(&self) -> Vec<Hex> {
        self.fog
            .party
            .and_then(|p| self.field_of_view(p.hex, p.sight).ok())
            .unwrap_or_default()
    }

    // ----- low-level setters (no undo), for loaders -----

    /// Hide (or reveal) the cell `h`; returns the old value (`None`: not a cell).
    pub fn set_hidden(&mut self, h: Hex, hidden: bool) -> Option<bool> {
        let i = self.shape().index_of(h)?;
        Some(self.fog.hidden.set(i, hidden))
    }

    /// Mark the note on `h` GM-only or not; returns the old flag.
    pub fn set_note_gm_only(&mut self, h: Hex, gm_only: bool) -> bool {
        if gm_only {
            !self.fog.gm_notes.insert(h)
        } else {
            self.fog.gm_notes.remove(&h)
        }
    }

    /// Mark the edge feature on `e` GM-only or not; returns the old flag.
    pub fn set_edge_gm_only(&mut self, e: Edge, gm_only: bool) -> bool {
        if gm_only {
            !self.fog.gm_edges.insert(e)
        } else {
            self.fog.gm_edges.remove(&e)
        }
    }

    /// Check a party against this map: its hex a cell, its sight within the limit, its
    /// trail an existing path.
    pub fn check_party(&self, p: &Party) -> Result<(), PartyError> {
        if !self.contains(p.hex) {
            return Err(PartyError::OutsideShape(p.hex));
        }
        if p.sight > MAX_SIGHT {
            return Err(PartyError::SightTooFar(p.sight));
        }
        if let Some(t) = p.trail
            && self.path(t).is_none()
        {
            return Err(PartyError::UnknownTrail(t));
        }
        Ok(())
    }

    /// Put the party on the map (checked) or take it off; returns the old party.
    pub fn set_party(&mut self, party: Option<Party>) -> Result<Option<Party>, PartyError> {
        if let Some(p) = &party {
            self.check_party(p)?;
        }
        Ok(std::mem::replace(&mut self.fog.party, party))
    }
}

impl HexMap {
    /// Remove a label without undo (for copies cut down from a map, such as the player
    /// view); returns it.
    pub fn remove_label(&mut self, id: super::LabelId) -> Option<super::Label> {
        self.labels.remove(id)
    }
}

#[cfg(test)]
mod flag_tests;
