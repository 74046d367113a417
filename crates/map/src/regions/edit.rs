//! The region edits ([`RegionEdit`], carried by [`crate::Edit::Region`]) and their undo
//! record: each edit is checked on a copy of the regions, and the step keeps the regions
//! as they were before its first edit and after its last (a brush stroke of many edits is
//! one undo step).

use super::{Region, RegionError, RegionId, RegionKind, RegionLook, Regions};
use crate::HexMap;
use hexmap_hex::Hex;
use std::collections::BTreeSet;

/// One change to a map's regions or region kinds.
#[derive(Clone, Debug, PartialEq)]
pub enum RegionEdit {
    /// Add a kind (its name must be new).
    AddKind(RegionKind),
    /// Make a kind exclusive or overlapping; making it exclusive is refused while two of
    /// its regions share a hex.
    SetKindExclusive {
        /// The kind's name.
        kind: String,
        /// Exclusive or not.
        exclusive: bool,
    },
    /// Remove a kind no region uses.
    RemoveKind(String),
    /// Add a region (its id must be unused: take [`Regions::next_id`]). Hexes off the map
    /// are refused; in an exclusive kind its hexes leave the other regions of the kind.
    Add(Region),
    /// Rename, recolour, restyle or move a region to another kind (its hexes leave the
    /// other regions of the new kind when that kind is exclusive).
    SetLook {
        /// The region.
        id: RegionId,
        /// Its new look.
        look: RegionLook,
    },
    /// Delete a region.
    Delete(RegionId),
    /// Put hexes into a region (hexes off the map are skipped); in an exclusive kind they
    /// leave the other regions of the kind in the same step.
    AddHexes {
        /// The region.
        id: RegionId,
        /// The hexes.
        hexes: Vec<Hex>,
    },
    /// Take hexes out of a region.
    RemoveHexes {
        /// The region.
        id: RegionId,
        /// The hexes.
        hexes: Vec<Hex>,
    },
}

/// The regions part of one undo step: the regions before its first region edit and
/// after its last (small next to the map: kinds, names and hex sets).
#[derive(Clone, Debug, Default)]
pub(crate) struct RegionChanges {
    change: Option<Box<(Regions, Regions)>>,
}

impl RegionChanges {
    /// Record one edit's before and after.
    fn record(&mut self, before: Regions, after: Regions) {
        match &mut self.change {
            Some(c) => c.1 = after,
            None => self.change = Some(Box::new((before, after))),
        }
    }

    /// Fold a later step's change into this one.
    pub(crate) fn merge(&mut self, later: RegionChanges) {
        if let Some(c) = later.change {
            let (before, after) = *c;
            self.record(before, after);
        }
    }

    /// Drop a change that ended where it started.
    pub(crate) fn finish(&mut self) {
        if self.change.as_ref().is_some_and(|c| c.0 == c.1) {
            self.change = None;
        }
    }

    /// True when nothing changed.
    pub(crate) fn is_empty(&self) -> bool {
        self.change.is_none()
    }

    /// Heap bytes held (about: a hex set's entries).
    pub(crate) fn heap_bytes(&self) -> usize {
        let size = |r: &Regions| {
            r.iter()
                .map(|r| r.hexes.len() * 2 * std::mem::size_of::<Hex>() + 128)
                .sum::<usize>()
        };
        self.change.as_ref().map_or(0, |c| size(&c.0) + size(&c.1))
    }

    /// Put the old (`undo`) or new regions back.
    pub(crate) fn restore(&self, map: &mut HexMap, undo: bool) {
        if let Some(c) = &self.change {
            *map.regions_mut() = if undo { c.0.clone() } else { c.1.clone() };
        }
    }
}

fn region_mut(r: &mut Regions, id: RegionId) -> Result<&mut Region, RegionError> {
    r.regions.get_mut(&id).ok_or(RegionError::NoSuchRegion(id))
}

/// Take `hexes` out of every region of `kind` but `keep`, when the kind is exclusive.
fn claim(r: &mut Regions, kind: &str, keep: RegionId, hexes: &BTreeSet<Hex>) {
    if !r.kind(kind).is_some_and(|k| k.exclusive) {
        return;
    }
    for other in r.regions.values_mut() {
        if other.id != keep && other.look.kind == kind {
            other.hexes.retain(|h| !hexes.contains(h));
        }
    }
}

/// Apply one region edit through the one edit path: what changed and the undo record.
pub(crate) fn apply_edit(
    map: &mut HexMap,
    edit: &RegionEdit,
) -> Result<(crate::Changed, crate::edit::Record), crate::EditError> {
    let mut changes = crate::edit::CellChanges::default();
    apply(map, edit, &mut changes.regions).map_err(crate::MapError::from)?;
    Ok((
        changes.changed(map),
        crate::edit::Record::Cells(Box::new(changes)),
    ))
}

/// Apply one region edit within another edit's step (a region's GM-only flag, set by
/// [`crate::FogEdit::SetGmOnly`]); on error the map is unchanged.
pub(crate) fn apply_to(
    map: &mut HexMap,
    edit: &RegionEdit,
    changes: &mut RegionChanges,
) -> Result<(), RegionError> {
    apply(map, edit, changes)
}

/// Apply one region edit; on error the map is unchanged.
fn apply(
    map: &mut HexMap,
    edit: &RegionEdit,
    changes: &mut RegionChanges,
) -> Result<(), RegionError> {
    let mut next = map.regions().clone();
    match edit {
        RegionEdit::AddKind(kind) => {
            super::check_region_name(&kind.name)?;
            if next.kind(&kind.name).is_some() {
                return Err(RegionError::DuplicateKind(kind.name.clone()));
            }
            next.kinds.push(kind.clone());
        }
        RegionEdit::SetKindExclusive { kind, exclusive } => {
            let k = next
                .kinds
                .iter_mut()
                .find(|k| &k.name == kind)
                .ok_or_else(|| RegionError::NoSuchKind(kind.clone()))?;
            k.exclusive = *exclusive;
        }
        RegionEdit::RemoveKind(kind) => {
            if let Some(r) = next.iter().find(|r| &r.look.kind == kind) {
                return Err(RegionError::KindInUse {
                    kind: kind.clone(),
                    id: r.id,
                });
            }
            let before = next.kinds.len();
            next.kinds.retain(|k| &k.name != kind);
            if next.kinds.len() == before {
                return Err(RegionError::NoSuchKind(kind.clone()));
            }
        }
        RegionEdit::Add(region) => {
            if next.regions.contains_key(&region.id) {
                return Err(RegionError::DuplicateId(region.id));
            }
            next.check_look(region.id, &region.look)?;
            if let Some(&hex) = region.hexes.iter().find(|h| !map.contains(**h)) {
                return Err(RegionError::OutsideMap { id: region.id, hex });
            }
            claim(&mut next, &region.look.kind, region.id, &region.hexes);
            next.regions.insert(region.id, region.clone());
        }
        RegionEdit::SetLook { id, look } => {
            next.check_look(*id, look)?;
            let r = region_mut(&mut next, *id)?;
            r.look = look.clone();
            let hexes = r.hexes.clone();
            claim(&mut next, &look.kind, *id, &hexes);
        }
        RegionEdit::Delete(id) => {
            next.regions
                .remove(id)
                .ok_or(RegionError::NoSuchRegion(*id))?;
        }
        RegionEdit::AddHexes { id, hexes } => {
            let hexes: BTreeSet<Hex> = hexes.iter().copied().filter(|h| map.contains(*h)).collect();
            let r = region_mut(&mut next, *id)?;
            r.hexes.extend(hexes.iter().copied());
            let kind = r.look.kind.clone();
            claim(&mut next, &kind, *id, &hexes);
        }
        RegionEdit::RemoveHexes { id, hexes } => {
            let r = region_mut(&mut next, *id)?;
            for h in hexes {
                r.hexes.remove(h);
            }
        }
    }
    next.validate(map)?;
    if next != *map.regions() {
        let before = std::mem::replace(map.regions_mut(), next.clone());
        changes.record(before, next);
    }
    Ok(())
}
