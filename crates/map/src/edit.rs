//! The one edit path: every change to a map is an [`Edit`], applied by [`apply`], which
//! records the first old value (and the new value) of each touched cell for undo and
//! reports the changed region.

use super::annotations::{Icon, Label, LabelId};
pub(crate) use super::changes::CellChanges;
use super::clipboard::Clipboard;
use super::features::{EdgePalette, EdgeTypeId, MapPath, PathId, PathPalette, PathTypeId};
use super::hexmap::{HexMap, MapError};
use super::palette::{Palette, TerrainId};
use super::properties::MapProperties;
use super::shape::{MapShape, ShapeError};
use super::view::ViewSettings;
use hexmap_hex::{Edge, Hex, Point};

/// One change to a map, as the editor or CLI asks for it.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
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
    /// Erase everything (terrain, mine, note) within `radius` of `center`.
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
    /// Change the shape (resize or reshape); undo keeps the whole previous map.
    Reshape(MapShape),
    /// Replace the whole map (a generated world, or one of its stages run again): one
    /// undo step that gives the old map back.
    ReplaceMap(Box<HexMap>),
    /// Replace the palette; cells with removed terrains become empty. Undo keeps the whole
    /// previous map.
    SetPalette(Palette),
    /// Replace the map properties (name, orientation, offset kind, hex size, labels).
    SetProperties(MapProperties),
    /// Put the feature `kind` on every listed edge (`None` erases); edges not between two
    /// cells of the map are skipped. One drag of the edge tool is a stroke of these.
    SetEdges {
        /// The edges.
        edges: Vec<Edge>,
        /// The edge type, or `None` to erase.
        kind: Option<EdgeTypeId>,
    },
    /// Add a path; its id must be unused (take `map.paths().next_id()`).
    AddPath(MapPath),
    /// Delete a path.
    DeletePath(PathId),
    /// Lengthen a path at one end by `hexes`, listed in walking order away from that end.
    ExtendPath {
        /// The path.
        id: PathId,
        /// Which end.
        end: PathEnd,
        /// The new hexes, the first a neighbour of the current end hex.
        hexes: Vec<Hex>,
    },
    /// Cut a path in two at hex index `at` (shared by both parts): the first part
    /// `hexes[..=at]` keeps the id, the second `hexes[at..]` gets `paths().next_id()` as it
    /// was before the edit. Both parts must keep at least two hexes.
    SplitPath {
        /// The path.
        id: PathId,
        /// Index of the hex to cut at, in `1..len − 1`.
        at: usize,
    },
    /// Change a path's type.
    SetPathType {
        /// The path.
        id: PathId,
        /// Its new type.
        kind: PathTypeId,
    },
    /// Change how the map asks to be shown (legend, note captions); undoable like any
    /// change that is saved with the map.
    SetView(ViewSettings),
    /// Replace the edge palette (add, rename, recolour, delete types); features of removed
    /// types go. Undo keeps the whole previous map.
    SetEdgePalette(EdgePalette),
    /// Replace the path palette; paths of removed types go. Undo keeps the whole previous
    /// map.
    SetPathPalette(PathPalette),
    /// Put an icon on a hex, after the icons already there.
    AddIcon {
        /// Where.
        hex: Hex,
        /// The icon.
        icon: Icon,
    },
    /// Remove the icon at `index` in the hex's list.
    RemoveIcon {
        /// Where.
        hex: Hex,
        /// Its index in the hex's icons.
        index: usize,
    },
    /// Move the icon at `index` on `from` to the end of `to`'s list.
    MoveIcon {
        /// The hex it is on.
        from: Hex,
        /// Its index in that hex's icons.
        index: usize,
        /// The hex it goes to.
        to: Hex,
    },
    /// Replace the icon at `index` (kind, caption, scale, colour).
    ChangeIcon {
        /// Where.
        hex: Hex,
        /// Its index in the hex's icons.
        index: usize,
        /// The new icon.
        icon: Icon,
    },
    /// Add a label; its id must be unused (take `map.labels().next_id()`).
    AddLabel {
        /// The new label's id.
        id: LabelId,
        /// The label.
        label: Label,
    },
    /// Remove a label.
    RemoveLabel(LabelId),
    /// Move a label's centre to a world point.
    MoveLabel {
        /// The label.
        id: LabelId,
        /// Its new centre.
        to: Point,
    },
    /// Replace a label (text, position, size, rotation, style).
    EditLabel {
        /// The label.
        id: LabelId,
        /// Its new content.
        label: Label,
    },
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
    SetParty(Option<crate::Party>),
    /// Move the party to `to` and reveal what it sees there; with `trail`, extend its trail
    /// path by the hex line to `to` (a new path of that type when it has no trail).
    MoveParty {
        /// Where it goes.
        to: Hex,
        /// Record the move as a trail of this path type.
        trail: Option<PathTypeId>,
    },
    /// The raise/lower brush: change the height of the cells within `radius` of `center`
    /// by `by` (negative lowers), within [`crate::MIN_ELEVATION`]..=[`crate::MAX_ELEVATION`];
    /// a map without an elevation layer gets one (all at sea level).
    RaiseElevation {
        /// The brush's centre.
        center: Hex,
        /// The brush radius.
        radius: u32,
        /// The change of height.
        by: i16,
    },
    /// Change the named regions or their kinds ([`crate::RegionEdit`]).
    Region(crate::RegionEdit),
    /// Set or clear the map's scale (distance per hex and unit).
    SetScale(Option<super::scale::MapScale>),
    /// Set, move or clear the tracing underlay.
    SetUnderlay(Option<super::underlay::Underlay>),
}

/// Which end of a path an [`Edit::ExtendPath`] adds to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathEnd {
    /// Before the first hex.
    Start,
    /// After the last hex.
    End,
}

/// Why an edit was refused (the map is unchanged then).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EditError {
    /// A map-level check failed (outside hex, unknown terrain, long note …).
    #[error(transparent)]
    Map(#[from] MapError),
    /// A new shape is invalid.
    #[error("bad shape: {0}")]
    Shape(#[from] ShapeError),
    /// A refused map scale.
    #[error("map scale: {0}")]
    Scale(#[from] super::scale::ScaleError),
    /// A refused underlay.
    #[error(transparent)]
    Underlay(#[from] super::underlay::UnderlayError),
}

/// What undo needs for one applied edit.
#[derive(Clone, Debug)]
pub(crate) enum Record {
    /// Per-cell changes.
    Cells(Box<CellChanges>),
    /// The other map state (before for undo, after for redo): swapping restores it.
    /// Used for reshape and palette edits, which store the whole previous map.
    Swap(Box<HexMap>),
    /// The other properties: swapping restores them.
    Properties(Box<MapProperties>),
    /// The other view settings: swapping restores them.
    View(ViewSettings),
    /// The other scale: swapping restores it.
    Scale(Option<super::scale::MapScale>),
    /// The other underlay: swapping restores it.
    Underlay(Option<Box<super::underlay::Underlay>>),
}

/// Apply `edit` to `map`: check it, change the map, and return what changed plus the
/// undo record. On error the map is unchanged.
pub(crate) fn apply(map: &mut HexMap, edit: &Edit) -> Result<(Changed, Record), EditError> {
    match edit {
        Edit::Reshape(shape) => {
            shape.validate()?;
            return Ok(swap(map, |m| m.reshape(shape.clone())));
        }
        Edit::ReplaceMap(next) => {
            return Ok(swap(map, |m| *m = (**next).clone()));
        }
        Edit::SetPalette(palette) => {
            return Ok(swap(map, |m| {
                m.set_palette(palette.clone());
            }));
        }
        Edit::SetProperties(props) => {
            let old = map.set_properties(props.clone())?;
            return Ok((Changed::whole(), Record::Properties(Box::new(old))));
        }
        Edit::SetView(view) => {
            let old = map.set_view(*view);
            return Ok((Changed::whole(), Record::View(old)));
        }
        Edit::SetScale(scale) => {
            let old = map.set_scale(scale.clone())?;
            return Ok((Changed::whole(), Record::Scale(old)));
        }
        Edit::SetUnderlay(underlay) => {
            let old = map.set_underlay(underlay.clone())?;
            return Ok((Changed::whole(), Record::Underlay(old.map(Box::new))));
        }
        Edit::SetEdgePalette(palette) => return Ok(set_feature_palette(map, palette)),
        Edit::SetPathPalette(palette) => return Ok(set_feature_palette(map, palette)),
        Edit::SetEdges { .. }
        | Edit::AddPath(_)
        | Edit::DeletePath(_)
        | Edit::ExtendPath { .. }
        | Edit::SplitPath { .. }
        | Edit::SetPathType { .. } => {
            return cells_applied(map, edit, super::edit_features::apply);
        }
        Edit::AddIcon { .. }
        | Edit::RemoveIcon { .. }
        | Edit::MoveIcon { .. }
        | Edit::ChangeIcon { .. }
        | Edit::AddLabel { .. }
        | Edit::RemoveLabel(_)
        | Edit::MoveLabel { .. }
        | Edit::EditLabel { .. } => {
            return cells_applied(map, edit, super::edit_annotations::apply);
        }
        Edit::SetRevealed { .. }
        | Edit::RevealAll(_)
        | Edit::RevealSight { .. }
        | Edit::SetNoteGmOnly { .. }
        | Edit::SetEdgesGmOnly { .. }
        | Edit::SetPathGmOnly { .. }
        | Edit::SetParty(_)
        | Edit::MoveParty { .. } => {
            return cells_applied(map, edit, super::edit_fog::apply);
        }
        Edit::RaiseElevation { .. } => {
            return cells_applied(map, edit, super::edit_elevation::apply);
        }
        Edit::Region(e) => return super::regions::apply_edit(map, e),
        _ => {}
    }
    // Checks that can fail before anything changes.
    match edit {
        Edit::Paint { terrain, .. } | Edit::Line { terrain, .. } | Edit::Fill { terrain, .. } => {
            check_terrain(map, *terrain)?
        }
        Edit::ReplaceTerrain { to, .. } => check_terrain(map, *to)?,
        Edit::SetTerrain(cells) => {
            for (_, t) in cells {
                check_terrain(map, *t)?;
            }
        }
        Edit::SetMine { hex, .. } if !map.contains(*hex) => {
            return Err(MapError::OutsideShape(*hex).into());
        }
        Edit::SetMines(hexes) => {
            if let Some(h) = hexes.iter().find(|h| !map.contains(**h)) {
                return Err(MapError::OutsideShape(*h).into());
            }
        }
        Edit::SetNote { hex, text } => {
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
        Edit::Paste { clipboard, .. } => {
            super::edit_features::check_paste(map, clipboard)?;
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
        _ => {}
    }
    let mut rec = Recorder {
        map,
        changes: CellChanges::default(),
    };
    match edit {
        Edit::Paint {
            center,
            radius,
            terrain,
        } => {
            for h in hexmap_hex::range(*center, *radius) {
                rec.terrain(h, *terrain);
            }
        }
        Edit::Line { from, to, terrain } => {
            for h in hexmap_hex::line(*from, *to) {
                rec.terrain(h, *terrain);
            }
        }
        Edit::Fill { start, terrain } => fill(&mut rec, *start, *terrain),
        Edit::ReplaceTerrain { from, to } => {
            let from_raw = from.map_or(0, TerrainId::get);
            for i in 0..rec.map.cell_count() {
                if rec.map.terrain_layer().raw()[i] == from_raw {
                    rec.terrain_at_once(i, *to);
                }
            }
        }
        Edit::SetTerrain(cells) => {
            for &(h, t) in cells {
                rec.terrain(h, t);
            }
        }
        Edit::Erase { center, radius } => {
            for h in hexmap_hex::range(*center, *radius) {
                if rec.map.contains(h) {
                    rec.terrain(h, None);
                    rec.mine(h, false);
                    rec.note(h, None)?;
                }
            }
        }
        Edit::SetMine { hex, mine } => rec.mine(*hex, *mine),
        Edit::SetMines(hexes) => {
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
        Edit::SetNote { hex, text } => rec.note(*hex, text.clone())?,
        Edit::Paste { clipboard, anchor } => {
            for c in clipboard.cells() {
                let h = *anchor + c.offset;
                if rec.map.contains(h) {
                    rec.terrain(h, c.terrain);
                    rec.mine(h, c.mine);
                    rec.note(h, c.note.clone())?;
                }
            }
            super::edit_features::paste(rec.map, &mut rec.changes, clipboard, *anchor);
        }
        Edit::Reshape(_)
        | Edit::ReplaceMap(_)
        | Edit::SetPalette(_)
        | Edit::SetProperties(_)
        | Edit::SetView(_)
        | Edit::SetEdgePalette(_)
        | Edit::SetPathPalette(_)
        | Edit::SetEdges { .. }
        | Edit::AddPath(_)
        | Edit::DeletePath(_)
        | Edit::ExtendPath { .. }
        | Edit::SplitPath { .. }
        | Edit::SetPathType { .. }
        | Edit::AddIcon { .. }
        | Edit::RemoveIcon { .. }
        | Edit::MoveIcon { .. }
        | Edit::ChangeIcon { .. }
        | Edit::AddLabel { .. }
        | Edit::RemoveLabel(_)
        | Edit::MoveLabel { .. }
        | Edit::EditLabel { .. }
        | Edit::SetRevealed { .. }
        | Edit::RevealAll(_)
        | Edit::RevealSight { .. }
        | Edit::SetNoteGmOnly { .. }
        | Edit::SetEdgesGmOnly { .. }
        | Edit::SetPathGmOnly { .. }
        | Edit::SetParty(_)
        | Edit::MoveParty { .. }
        | Edit::RaiseElevation { .. }
        | Edit::Region(_)
        | Edit::SetScale(_)
        | Edit::SetUnderlay(_) => unreachable!("handled above"),
    }
    let Recorder { map, changes } = rec;
    Ok((changes.changed(map), Record::Cells(Box::new(changes))))
}

mod changed;
mod fill;
mod recorder;
pub use changed::{Changed, HexBounds};
use fill::fill;
use recorder::{Recorder, cells_applied, check_terrain, set_feature_palette, swap};

#[cfg(test)]
mod tests;
