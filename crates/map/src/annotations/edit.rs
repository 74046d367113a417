//! The edits of icons and labels ([`AnnotationEdit`]: add, remove, move, change): checked
//! first, then applied with each touched hex's icon list and each touched label's first
//! old value recorded. A new icon gets the map's next icon id; a changed or moved icon
//! keeps its id.

use crate::annotations::{Icon, Label, LabelError, LabelId, PlacedIcon, validate_icons};
use crate::changes::CellChanges;
use crate::edit::EditError;
use crate::hexmap::{HexMap, MapError};
use hexmap_hex::{Hex, Point};

/// A change to icons or labels (carried by [`crate::Edit::Annotation`]).
#[derive(Clone, Debug, PartialEq)]
pub enum AnnotationEdit {
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
}

/// Apply one icon or label edit; on error the map is unchanged.
pub(crate) fn apply(
    map: &mut HexMap,
    edit: &AnnotationEdit,
    changes: &mut CellChanges,
) -> Result<(), EditError> {
    match edit {
        AnnotationEdit::AddIcon { hex, icon } => {
            let mut list = map.icons_at(*hex).to_vec();
            let id = map.icons().next_id();
            list.push(PlacedIcon {
                id,
                icon: icon.clone(),
            });
            put_icons(map, changes, *hex, list)?;
        }
        AnnotationEdit::RemoveIcon { hex, index } => {
            let mut list = map.icons_at(*hex).to_vec();
            check_index(*hex, *index, list.len())?;
            list.remove(*index);
            put_icons(map, changes, *hex, list)?;
        }
        AnnotationEdit::ChangeIcon { hex, index, icon } => {
            let mut list = map.icons_at(*hex).to_vec();
            check_index(*hex, *index, list.len())?;
            list[*index].icon = icon.clone();
            put_icons(map, changes, *hex, list)?;
        }
        AnnotationEdit::MoveIcon { from, index, to } => {
            let mut source = map.icons_at(*from).to_vec();
            check_index(*from, *index, source.len())?;
            if from == to {
                return Ok(());
            }
            let icon = source.remove(*index);
            let mut target = map.icons_at(*to).to_vec();
            target.push(icon);
            // Checked before anything changes; the id is checked again once it left `from`.
            if !map.contains(*to) {
                return Err(MapError::OutsideShape(*to).into());
            }
            validate_icons(&target).map_err(|error| MapError::BadIcon { hex: *to, error })?;
            put_icons(map, changes, *from, source)?;
            put_icons(map, changes, *to, target)?;
        }
        AnnotationEdit::AddLabel { id, label } => {
            map.check_new_label(*id, label)?;
            put_label(map, changes, *id, Some(label.clone()));
        }
        AnnotationEdit::RemoveLabel(id) => {
            existing(map, *id)?;
            put_label(map, changes, *id, None);
        }
        AnnotationEdit::MoveLabel { id, to } => {
            let mut label = existing(map, *id)?;
            label.at = *to;
            map.check_label(*id, &label)?;
            put_label(map, changes, *id, Some(label));
        }
        AnnotationEdit::EditLabel { id, label } => {
            existing(map, *id)?;
            map.check_label(*id, label)?;
            put_label(map, changes, *id, Some(label.clone()));
        }
    }
    Ok(())
}

fn bad_label(id: LabelId, error: LabelError) -> EditError {
    MapError::BadLabel { id, error }.into()
}

/// The icon index must name an icon on the hex.
fn check_index(hex: Hex, index: usize, len: usize) -> Result<(), MapError> {
    if index < len {
        Ok(())
    } else {
        Err(MapError::NoSuchIcon { hex, index, len })
    }
}

/// A copy of the label with this id, or the error naming it.
fn existing(map: &HexMap, id: LabelId) -> Result<Label, EditError> {
    map.label(id)
        .cloned()
        .ok_or_else(|| bad_label(id, LabelError::Unknown(id)))
}

/// Check and set the icons on `hex`, recording the change.
fn put_icons(
    map: &mut HexMap,
    changes: &mut CellChanges,
    hex: Hex,
    icons: Vec<PlacedIcon>,
) -> Result<(), MapError> {
    let old = map.set_placed_icons(hex, icons.clone())?;
    if old != icons {
        changes.icons(hex, old, icons);
    }
    Ok(())
}

/// Set the label `id` to `new` (checked by the caller) and record the change.
fn put_label(map: &mut HexMap, changes: &mut CellChanges, id: LabelId, new: Option<Label>) {
    let old = match &new {
        Some(l) => map.labels_mut().insert(id, l.clone()),
        None => map.labels_mut().remove(id),
    };
    if old != new {
        changes.label(id, old, new);
    }
}

#[cfg(test)]
mod tests;
