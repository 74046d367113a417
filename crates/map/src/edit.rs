//! The one edit path: every change to a map is an [`Edit`], applied by [`apply`], which
//! records the first old value (and the new value) of each touched cell for undo and
//! reports the changed region.
//!
//! [`Edit`] is nested by content: each kind of map content has its own sub-enum, defined
//! and applied beside that content's edit code ([`CellEdit`] in `edit_cells.rs`,
//! [`FeatureEdit`] in `features/edit.rs`, [`AnnotationEdit`] in `annotations/edit.rs`,
//! [`FogEdit`] in `fog/edit.rs`, [`ElevationEdit`] in `elevation/edit.rs`, [`RegionEdit`] in
//! `regions/edit.rs`, [`MapEdit`] in `edit_map.rs`). `apply` matches [`Edit`] once and
//! hands the sub-enum to its applier, which matches it exhaustively.

pub use super::annotations::edit::AnnotationEdit;
pub(crate) use super::changes::CellChanges;
pub use super::custom::edit::CustomEdit;
pub use super::edit_cells::CellEdit;
pub use super::edit_map::MapEdit;
pub use super::elevation::edit::ElevationEdit;
pub use super::features::edit::{FeatureEdit, PathEnd};
pub use super::fog::edit::FogEdit;
use super::hexmap::{HexMap, MapError};
use super::properties::MapProperties;
pub use super::regions::RegionEdit;
use super::shape::ShapeError;
use super::view::ViewSettings;

/// One change to a map, as the editor or CLI asks for it: a change to one kind of
/// content, written `Edit::Cell(CellEdit::Paint { .. })`.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Terrain, mines and notes of cells (paint, line, fill, replace, erase, paste …).
    Cell(CellEdit),
    /// Edge features, paths and their two palettes.
    Feature(FeatureEdit),
    /// Icons and labels.
    Annotation(AnnotationEdit),
    /// Fog of war, GM-only flags and the party.
    Fog(FogEdit),
    /// Heights (the raise/lower brush).
    Elevation(ElevationEdit),
    /// Named regions and region kinds.
    Region(RegionEdit),
    /// Custom property types and values.
    Custom(CustomEdit),
    /// The map as a whole: shape, replacement, terrain palette, properties, view, scale,
    /// underlay.
    Map(MapEdit),
}

/// `impl From<SubEdit> for Edit` for each content kind, so generic code can take
/// `impl Into<Edit>`.
macro_rules! edit_from {
    ($($sub:ty => $variant:ident),* $(,)?) => {$(
        impl From<$sub> for Edit {
            fn from(e: $sub) -> Self {
                Edit::$variant(e)
            }
        }
    )*};
}

edit_from! {
    CellEdit => Cell,
    FeatureEdit => Feature,
    AnnotationEdit => Annotation,
    FogEdit => Fog,
    ElevationEdit => Elevation,
    RegionEdit => Region,
    MapEdit => Map,
    CustomEdit => Custom,
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
    /// Cells marked for a map of another size (the map changed since they were worked
    /// out).
    #[error("the cells are marked for a map of {marked} cells, but this map has {cells}")]
    MarksSize {
        /// Cells of the map the marks are for.
        marked: usize,
        /// Cells of this map.
        cells: usize,
    },
    /// A field of view over the sight limit.
    #[error(transparent)]
    Sight(#[from] super::sight::SightLimitError),
    /// A family change refused (a link to nothing, two maps with one path …).
    #[error(transparent)]
    Family(super::family::FamilyError),
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
    /// The other custom properties: swapping restores them.
    Custom(Box<super::custom::CustomProps>),
    /// The other child maps: swapping restores them.
    Children(Vec<super::family::ChildMap>),
    /// An edit that removed objects carrying custom property values: its own record, and
    /// the custom properties from before their values were dropped (swapping restores
    /// them; undo swaps them first, redo last).
    WithCustom(Box<Record>, Box<super::custom::CustomProps>),
}

/// Apply `edit` to `map`: check it, change the map, and return what changed plus the
/// undo record. On error the map is unchanged.
pub(crate) fn apply(map: &mut HexMap, edit: &Edit) -> Result<(Changed, Record), EditError> {
    let (changed, record) = apply_content(map, edit)?;
    Ok((changed, forget_removed_owners(map, edit, record)))
}

/// The custom property values of the objects `edit` removed (an icon, a label, a region, a
/// palette entry; cells on a reshape) go with them, in the edit's own undo step: a new
/// object given the same id later starts from its type's defaults, and undo brings the
/// object back with its values.
fn forget_removed_owners(map: &mut HexMap, edit: &Edit, record: Record) -> Record {
    if map.custom().owner_count() == 0 {
        return record;
    }
    let stale = map.custom().stale_owners(map, matches!(edit, Edit::Map(_)));
    if stale.is_empty() {
        return record;
    }
    let mut kept = map.custom().clone();
    kept.forget(&stale);
    let before = map.swap_custom(kept);
    Record::WithCustom(Box::new(record), Box::new(before))
}

/// [`apply`] without the clean-up of removed objects' values.
fn apply_content(map: &mut HexMap, edit: &Edit) -> Result<(Changed, Record), EditError> {
    match edit {
        Edit::Cell(e) => cells_applied(map, |m, c| super::edit_cells::apply(m, e, c)),
        Edit::Feature(e) => super::features::edit::apply(map, e),
        Edit::Annotation(e) => cells_applied(map, |m, c| super::annotations::edit::apply(m, e, c)),
        Edit::Fog(e) => cells_applied(map, |m, c| super::fog::edit::apply(m, e, c)),
        Edit::Elevation(e) => cells_applied(map, |m, c| super::elevation::edit::apply(m, e, c)),
        Edit::Region(e) => super::regions::apply_edit(map, e),
        Edit::Map(e) => super::edit_map::apply(map, e),
        Edit::Custom(e) => super::custom::edit::apply(map, e),
    }
}

mod changed;
pub(crate) mod recorder;
pub use changed::{Changed, HexBounds};
pub(crate) use recorder::cells_applied;

#[cfg(test)]
mod tests;
