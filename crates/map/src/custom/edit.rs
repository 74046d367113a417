//! The edits of custom properties ([`CustomEdit`]): declare the types, and set or clear one
//! property on many objects at once (one undo step: the Properties panel on a selection,
//! the "paint property" brush and bucket). Undo keeps the previous types and values.

use super::{CustomError, CustomProps, PropOwner, PropType, PropValue, misfit};
use crate::edit::{Changed, EditError, Record};
use crate::hexmap::{HexMap, MapError};

/// A change to the map's custom properties (carried by [`crate::Edit::Custom`]).
#[derive(Clone, Debug, PartialEq)]
pub enum CustomEdit {
    /// Replace the declared types. Values of a type no longer declared go with it; a type
    /// kept under its name whose values no longer fit is refused, naming the first
    /// object whose value does not fit.
    SetTypes(Vec<PropType>),
    /// Set (`Some`) or clear (`None`, back to the default) property `name` on every
    /// object of `owners`.
    Set {
        /// The objects.
        owners: Vec<PropOwner>,
        /// The property.
        name: String,
        /// The new value, or `None` to clear it.
        value: Option<PropValue>,
    },
}

/// Apply one custom-property edit; on error the map is unchanged.
pub(crate) fn apply(map: &mut HexMap, edit: &CustomEdit) -> Result<(Changed, Record), EditError> {
    let mut next = map.custom().clone();
    match edit {
        CustomEdit::SetTypes(types) => {
            next.put_types(types.clone());
            next.validate().map_err(MapError::from)?;
        }
        CustomEdit::Set {
            owners,
            name,
            value,
        } => {
            let first = owners.first().copied().unwrap_or(PropOwner::Map);
            let Some(t) = next.get_type(name) else {
                return Err(MapError::from(CustomError::Undeclared {
                    owner: first,
                    name: name.clone(),
                })
                .into());
            };
            if let Some(problem) = value.as_ref().and_then(|v| misfit(&t.kind, v)) {
                return Err(MapError::from(CustomError::BadValue {
                    owner: first,
                    name: name.clone(),
                    problem,
                })
                .into());
            }
            if let Some(o) = owners.iter().find(|o| !o.exists_in(map)) {
                return Err(MapError::from(CustomError::NoSuchOwner(*o)).into());
            }
            for o in owners {
                next.put(*o, name, value.clone());
            }
        }
    }
    let old = map.swap_custom(next);
    Ok((Changed::whole(), Record::Custom(Box::new(old))))
}

/// Swap `other` with the map's custom properties (undo and redo).
pub(crate) fn revert(map: &mut HexMap, other: &mut CustomProps) -> Changed {
    let mine = map.swap_custom(std::mem::take(other));
    *other = mine;
    Changed::whole()
}
