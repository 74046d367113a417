//! The edits of fog and secrets ([`FogEdit`]: hide and reveal, GM-only flags, the party):
//! checked first, then applied with each touched cell's, flag's or
//! path's first old value recorded, so a drag of the fog brush is one undo step.

use crate::annotations::{IconId, Label, LabelId};
use crate::changes::CellChanges;
use crate::edit::EditError;
use crate::features::{MapPath, PathId, PathTypeId};
use crate::fog::Party;
use crate::hexmap::{HexMap, MapError};
use crate::regions::{RegionEdit, RegionId, RegionLook};
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
    /// Mark items GM-only (or not): notes, edge features, paths, icons, labels and named
    /// regions, the one way every front end sets and clears the flag. An item that does
    /// not exist is refused (a note or edge feature must be there to be marked), so a
    /// flag never waits on an empty hex or side for content to come.
    SetGmOnly {
        /// The items.
        items: Vec<GmItem>,
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

/// An item that may be for the GM only, named as the map keeps it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GmItem {
    /// The note on a cell.
    Note(Hex),
    /// The edge feature on a hexside.
    Edge(Edge),
    /// A path.
    Path(PathId),
    /// An icon.
    Icon(IconId),
    /// A label.
    Label(LabelId),
    /// A named region.
    Region(RegionId),
}

impl std::fmt::Display for GmItem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GmItem::Note(h) => write!(f, "note on {h}"),
            GmItem::Edge(e) => write!(f, "edge feature on {e}"),
            GmItem::Path(id) => write!(f, "path {id}"),
            GmItem::Icon(id) => write!(f, "icon {id}"),
            GmItem::Label(id) => write!(f, "label {id}"),
            GmItem::Region(id) => write!(f, "region {id}"),
        }
    }
}

impl GmItem {
    /// True when `map` has this item.
    pub fn exists(&self, map: &HexMap) -> bool {
        match self {
            GmItem::Note(h) => map.note(*h).is_some(),
            GmItem::Edge(e) => map.edge(*e).is_some(),
            GmItem::Path(id) => map.path(*id).is_some(),
            GmItem::Icon(id) => map.icon(*id).is_some(),
            GmItem::Label(id) => map.label(*id).is_some(),
            GmItem::Region(id) => map.regions().get(*id).is_some(),
        }
    }

    /// True when this item of `map` is for the GM only (false for an item it lacks).
    pub fn is_gm_only(&self, map: &HexMap) -> bool {
        match self {
            GmItem::Note(h) => map.note(*h).is_some() && map.note_is_gm_only(*h),
            GmItem::Edge(e) => map.edge(*e).is_some() && map.edge_is_gm_only(*e),
            GmItem::Path(id) => map.path(*id).is_some_and(|p| p.gm_only),
            GmItem::Icon(id) => map.icon(*id).is_some_and(|(_, i)| i.icon.gm_only),
            GmItem::Label(id) => map.label(*id).is_some_and(|l| l.gm_only),
            GmItem::Region(id) => map.regions().get(*id).is_some_and(|r| r.look.gm_only),
        }
    }
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
        FogEdit::SetGmOnly { items, gm_only } => {
            for item in items {
                set_gm_only(map, changes, item, *gm_only)?;
            }
        }
        FogEdit::SetParty(party) => {
            let old = map.set_party(*party).map_err(MapError::from)?;
            changes.fog.party(old, *party);
        }
        FogEdit::MoveParty { to, trail } => move_party(map, changes, *to, *trail)?,
    }
    Ok(())
}

/// Mark one item GM-only (or not), recording the change with the item's own undo record;
/// an item the map lacks is refused.
fn set_gm_only(
    map: &mut HexMap,
    changes: &mut CellChanges,
    item: &GmItem,
    gm_only: bool,
) -> Result<(), EditError> {
    if !item.exists(map) {
        return Err(MapError::NoSuchItem(item.clone()).into());
    }
    match item {
        GmItem::Note(h) => {
            let old = map.set_note_gm_only(*h, gm_only);
            changes.fog.note(*h, old, gm_only);
        }
        GmItem::Edge(e) => {
            let old = map.set_edge_gm_only(*e, gm_only);
            changes.fog.edge(*e, old, gm_only);
        }
        GmItem::Path(id) => {
            let old = map.path(*id).cloned().ok_or(MapError::UnknownPath(*id))?;
            let new = MapPath {
                gm_only,
                ..old.clone()
            };
            map.insert_path(new.clone())?;
            changes.path(*id, Some(old), Some(new));
        }
        GmItem::Icon(id) => {
            let Some((hex, index)) = map.icons().find(*id) else {
                return Err(MapError::NoSuchItem(item.clone()).into());
            };
            let old = map.icons_at(hex).to_vec();
            let mut new = old.clone();
            new[index].icon.gm_only = gm_only;
            map.set_placed_icons(hex, new.clone())?;
            changes.icons(hex, old, new);
        }
        GmItem::Label(id) => {
            let old = map.label(*id).cloned();
            let new = old.clone().map(|l| Label { gm_only, ..l });
            if let Some(l) = &new {
                map.labels_mut().insert(*id, l.clone());
            }
            changes.label(*id, old, new);
        }
        GmItem::Region(id) => {
            let Some(region) = map.regions().get(*id) else {
                return Err(MapError::NoSuchItem(item.clone()).into());
            };
            let look = RegionLook {
                gm_only,
                ..region.look.clone()
            };
            let edit = RegionEdit::SetLook { id: *id, look };
            crate::regions::apply_to(map, &edit, &mut changes.regions).map_err(MapError::from)?;
        }
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
    let old = map.fog_mut().hidden.set(i, hidden);
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
