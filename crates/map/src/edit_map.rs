//! The edits of the map as a whole ([`MapEdit`]: reshape, replace, terrain palette,
//! properties, view, scale, underlay). Undo keeps what they replaced: the whole previous
//! map for a reshape, a replacement or a new palette; the old properties, view, scale or
//! underlay for the others.

use super::edit::recorder::swap;
use super::edit::{Changed, EditError, Record};
use super::hexmap::HexMap;
use super::palette::Palette;
use super::properties::MapProperties;
use super::scale::MapScale;
use super::shape::MapShape;
use super::underlay::Underlay;
use super::view::ViewSettings;

/// A change to the map as a whole (carried by [`crate::Edit::Map`]).
#[derive(Clone, Debug, PartialEq)]
pub enum MapEdit {
    /// Change the shape (resize or reshape); undo keeps the whole previous map.
    Reshape(MapShape),
    /// Change the shape and move every cell's content as `moves` says (fog, flags,
    /// icons, features, labels and regions with it: `HexMap::relocate`); undo keeps the
    /// whole previous map.
    Relocate {
        /// The new shape.
        shape: MapShape,
        /// Where each cell's content goes.
        moves: crate::CellMove,
    },
    /// Replace the whole map (a generated world, or one of its stages run again): one
    /// undo step that gives the old map back.
    ReplaceMap(Box<HexMap>),
    /// Replace the palette; cells with removed terrains become empty. Undo keeps the whole
    /// previous map.
    SetPalette(Palette),
    /// Replace the map properties (name, orientation, offset kind, hex size, labels). A
    /// new hex size moves the labels and the underlay with the hexes, a new orientation
    /// keeps each label over its hex; for either, undo keeps the whole previous map.
    SetProperties(MapProperties),
    /// Change how the map asks to be shown (legend, note captions); undoable like any
    /// change that is saved with the map.
    SetView(ViewSettings),
    /// Set or clear the map's scale (distance per hex and unit).
    SetScale(Option<MapScale>),
    /// Set, move or clear the tracing underlay.
    SetUnderlay(Option<Underlay>),
    /// Replace the child maps (add, derive, rename, unlink or delete a child; a child's
    /// own edits written back). Undo gives the old children back.
    SetChildren(Vec<crate::family::ChildMap>),
}

/// Apply one whole-map edit; on error the map is unchanged.
pub(super) fn apply(map: &mut HexMap, edit: &MapEdit) -> Result<(Changed, Record), EditError> {
    match edit {
        MapEdit::Reshape(shape) => {
            shape.validate()?;
            Ok(swap(map, |m| m.reshape(shape.clone())))
        }
        MapEdit::Relocate { shape, moves } => {
            shape.validate()?;
            Ok(swap(map, |m| m.relocate(shape.clone(), moves)))
        }
        MapEdit::ReplaceMap(next) => Ok(swap(map, |m| *m = (**next).clone())),
        MapEdit::SetPalette(palette) => Ok(swap(map, |m| {
            m.set_palette(palette.clone());
        })),
        MapEdit::SetProperties(props) => {
            let now = map.properties();
            if props.hex_size != now.hex_size || props.orientation != now.orientation {
                // Labels and the underlay stay on their hexes (`HexMap::relayout`; a
                // rectangle's cells then move, and the labels with them, in the relocation
                // that follows a turn); undo keeps the whole previous map.
                let mut next = map.clone();
                next.relayout(props.clone()).map_err(|e| match e {
                    crate::ResizeError::Map(e) => EditError::Map(e),
                    crate::ResizeError::Underlay(e) => EditError::Underlay(e),
                })?;
                return Ok(swap(map, |m| *m = next));
            }
            let old = map.set_properties(props.clone())?;
            Ok((Changed::whole(), Record::Properties(Box::new(old))))
        }
        MapEdit::SetView(view) => {
            let old = map.set_view(*view);
            Ok((Changed::whole(), Record::View(old)))
        }
        MapEdit::SetScale(scale) => {
            let old = map.set_scale(scale.clone())?;
            Ok((Changed::whole(), Record::Scale(old)))
        }
        MapEdit::SetUnderlay(underlay) => {
            let old = map.set_underlay(underlay.clone())?;
            Ok((Changed::whole(), Record::Underlay(old.map(Box::new))))
        }
        MapEdit::SetChildren(children) => {
            let old = map.set_children(children.clone());
            if let Err(e) = crate::family::validate(map) {
                map.set_children(old);
                return Err(EditError::Family(e));
            }
            Ok((Changed::whole(), Record::Children(old)))
        }
    }
}
