//! The fog and secrets part of one undo step ([`crate::changes::CellChanges::fog`]):
//! hidden cells, GM-only flags of notes and edges, and the party, each with its first old
//! and last new value.

use crate::changes::MineDelta;
use crate::fog::Party;
use crate::hexmap::HexMap;
use hexmap_hex::hash::{HexBuildHasher, HexHashMap};
use hexmap_hex::{Edge, Hex};
use std::collections::HashMap;

/// One flag change on a hex or an edge: before, after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FlagDelta<K> {
    pub key: K,
    pub old: bool,
    pub new: bool,
}

/// The fog changes of one undo step.
#[derive(Clone, Debug, Default)]
pub(crate) struct FogChanges {
    pub hidden: Vec<MineDelta>,
    pub notes: Vec<FlagDelta<Hex>>,
    pub edges: Vec<FlagDelta<Edge>>,
    /// The party before and after (set when it changed).
    pub party: Option<(Option<Party>, Option<Party>)>,
    hidden_pos: HashMap<u32, usize, HexBuildHasher>,
    note_pos: HexHashMap<usize>,
    edge_pos: HashMap<Edge, usize, HexBuildHasher>,
}

/// Record `key`'s change in `list` (first old, last new) through its lookup `pos`.
fn flag<K: Copy + Eq + std::hash::Hash, S: std::hash::BuildHasher>(
    list: &mut Vec<FlagDelta<K>>,
    pos: &mut HashMap<K, usize, S>,
    key: K,
    old: bool,
    new: bool,
) {
    match pos.get(&key) {
        Some(&p) => list[p].new = new,
        None => {
            pos.insert(key, list.len());
            list.push(FlagDelta { key, old, new });
        }
    }
}

impl FogChanges {
    pub(crate) fn hidden(&mut self, index: u32, old: bool, new: bool) {
        match self.hidden_pos.get(&index) {
            Some(&p) => self.hidden[p].new = new,
            None => {
                self.hidden_pos.insert(index, self.hidden.len());
                self.hidden.push(MineDelta { index, old, new });
            }
        }
    }

    pub(crate) fn note(&mut self, hex: Hex, old: bool, new: bool) {
        flag(&mut self.notes, &mut self.note_pos, hex, old, new);
    }

    pub(crate) fn edge(&mut self, edge: Edge, old: bool, new: bool) {
        flag(&mut self.edges, &mut self.edge_pos, edge, old, new);
    }

    pub(crate) fn party(&mut self, old: Option<Party>, new: Option<Party>) {
        let first = self.party.map_or(old, |(o, _)| o);
        self.party = Some((first, new));
    }

    /// Fold a later step's changes into this one.
    pub(crate) fn merge(&mut self, later: FogChanges) {
        for d in later.hidden {
            self.hidden(d.index, d.old, d.new);
        }
        for d in later.notes {
            self.note(d.key, d.old, d.new);
        }
        for d in later.edges {
            self.edge(d.key, d.old, d.new);
        }
        if let Some((old, new)) = later.party {
            self.party(old, new);
        }
    }

    /// Drop what ended where it started, and the lookup tables.
    pub(crate) fn finish(&mut self) {
        self.hidden.retain(|d| d.old != d.new);
        self.notes.retain(|d| d.old != d.new);
        self.edges.retain(|d| d.old != d.new);
        if self.party.is_some_and(|(o, n)| o == n) {
            self.party = None;
        }
        self.hidden.shrink_to_fit();
        self.hidden_pos = HashMap::default();
        self.note_pos = HexHashMap::default();
        self.edge_pos = HashMap::default();
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
        self.hidden.capacity() * std::mem::size_of::<MineDelta>()
            + self.notes.capacity() * std::mem::size_of::<FlagDelta<Hex>>()
            + self.edges.capacity() * std::mem::size_of::<FlagDelta<Edge>>()
    }

    /// The dense indices of the hidden cells changed.
    pub(crate) fn indices(&self) -> impl Iterator<Item = u32> + '_ {
        self.hidden.iter().map(|d| d.index)
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
            map.fog.hidden.set(d.index as usize, pick(d.old, d.new));
        }
        for d in &self.notes {
            map.set_note_gm_only(d.key, pick(d.old, d.new));
        }
        for d in &self.edges {
            map.set_edge_gm_only(d.key, pick(d.old, d.new));
        }
        if let Some((old, new)) = self.party {
            map.fog.party = if undo { old } else { new };
        }
    }
}
