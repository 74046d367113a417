//! The fog and secrets part of one undo step ([`crate::changes::CellChanges::fog`]):
//! hidden cells, GM-only flags of notes and edges, and the party, each with its first old
//! and last new value.

use crate::deltas::Deltas;
use crate::fog::Party;
use crate::hexmap::HexMap;
use hexmap_hex::{Edge, Hex};

/// The fog changes of one undo step.
#[derive(Clone, Debug, Default)]
pub(crate) struct FogChanges {
    pub hidden: Deltas<u32, bool>,
    pub notes: Deltas<Hex, bool>,
    pub edges: Deltas<Edge, bool>,
    /// The party before and after (set when it changed).
    pub party: Option<(Option<Party>, Option<Party>)>,
}

impl FogChanges {
    pub(crate) fn hidden(&mut self, index: u32, old: bool, new: bool) {
        self.hidden.record(index, old, new);
    }

    pub(crate) fn note(&mut self, hex: Hex, old: bool, new: bool) {
        self.notes.record(hex, old, new);
    }

    pub(crate) fn edge(&mut self, edge: Edge, old: bool, new: bool) {
        self.edges.record(edge, old, new);
    }

    pub(crate) fn party(&mut self, old: Option<Party>, new: Option<Party>) {
        let first = self.party.map_or(old, |(o, _)| o);
        self.party = Some((first, new));
    }

    /// Fold a later step's changes into this one.
    pub(crate) fn merge(&mut self, later: FogChanges) {
        self.hidden.merge(later.hidden);
        self.notes.merge(later.notes);
        self.edges.merge(later.edges);
        if let Some((old, new)) = later.party {
            self.party(old, new);
        }
    }

    /// Drop what ended where it started, and the lookup tables.
    pub(crate) fn finish(&mut self) {
        self.hidden.finish();
        self.notes.finish();
        self.edges.finish();
        if self.party.is_some_and(|(o, n)| o == n) {
            self.party = None;
        }
    }

    /// True when nothing changed.
    pub(crate) fn is_empty(&self) -> bool {
        self.hidden.is_empty()
            && self.notes.is_empty()
            && self.edges.is_empty()
            && self.party.is_none()
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.hidden.list_bytes() + self.notes.list_bytes() + self.edges.list_bytes()
    }

    /// The dense indices of the hidden cells changed.
    pub(crate) fn indices(&self) -> impl Iterator<Item = u32> + '_ {
        self.hidden.iter().map(|d| d.key)
    }

    /// The hexes whose flags changed, both hexes of each changed edge, and where the
    /// party stood and stands.
    pub(crate) fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        let edges = self.edges.iter().flat_map(|d| {
            let (a, b) = d.key.hexes();
            [a, b]
        });
        let party = self
            .party
            .into_iter()
            .flat_map(|(o, n)| o.into_iter().chain(n).map(|p| p.hex));
        self.notes.iter().map(|d| d.key).chain(edges).chain(party)
    }

    /// Write the old (`undo`) or new values back into the map.
    pub(crate) fn restore(&self, map: &mut HexMap, undo: bool) {
        let pick = |old: bool, new: bool| if undo { old } else { new };
        for d in &self.hidden {
            map.fog_mut().hidden.set(d.key as usize, pick(d.old, d.new));
        }
        for d in &self.notes {
            map.set_note_gm_only(d.key, pick(d.old, d.new));
        }
        for d in &self.edges {
            map.set_edge_gm_only(d.key, pick(d.old, d.new));
        }
        if let Some((old, new)) = self.party {
            map.fog_mut().party = if undo { old } else { new };
        }
    }
}
