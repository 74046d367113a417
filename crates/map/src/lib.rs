//! The document of hexmap: one hex map and every way to change it. Knows nothing of files,
//! drawing or the GUI; the world generator (`hexmap-generate`) and minesweeper
//! (`hexmap-mines`) are crates of their own on top of it.
//!
//! - [`HexMap`]: properties ([`MapProperties`], with their limits), the [`MapShape`], the
//!   terrain [`Palette`], and the layers: terrain, mines, notes ([`layers`]), elevation,
//!   edge features and paths ([`features`]), icons and labels ([`annotations`]), named
//!   [`regions`], the map [`scale`], an [`underlay`] picture, tile art ([`tile_art`]) and
//!   fog of war with GM secrets and the party ([`fog`]), the hex [`key`], and the game's
//!   own typed properties on any of these ([`custom`]);
//! - the rules read from it: movement cost in [`Cost`] units (`HexMap::route`,
//!   `HexMap::reach`), sight (`HexMap::field_of_view`, within [`MAX_SIGHT`]);
//! - the one edit path: an [`Edit`] applied by a [`Document`], which records undo
//!   ([`history`]); [`Clipboard`], [`selection`], [`scatter`] and [`reshape`] build edits;
//! - long work that must not hold a browser frame, written once as an `async fn`
//!   ([`steps`]);
//! - errors about a hex keep it and leave its name to the front end ([`HexError`]).

pub mod annotations;
mod around;
pub mod cell_marks;
mod changes;
pub mod climate;
pub mod clipboard;
pub mod cost;
pub mod custom;
mod deltas;
pub mod document;
pub mod edit;
mod edit_cells;
mod edit_map;
mod elevation;
pub mod family;
pub mod features;
pub mod fog;
mod hex_error;
mod hexmap;
pub mod history;
pub mod key;
pub mod key_items;
pub mod key_text;
pub mod layers;
mod number_layer;
pub mod orientation;
pub mod palette;
pub mod properties;
pub mod regions;
pub mod reshape;
mod routes;
mod rules;
pub mod scale;
pub mod scatter;
pub mod selection;
pub mod shape;
pub mod shape_spec;
mod sight;
mod step_rule;
pub mod steps;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod tile_art;
pub mod underlay;
pub mod view;

pub use annotations::{
    BuiltinIcon, Icon, IconError, IconId, IconLayer, IconSource, Label, LabelError, LabelId,
    Labels, PlacedIcon,
};
pub use cell_marks::CellMarks;
pub use climate::{Climate, ClimateKind, ClimateLayer};
pub use clipboard::{ClipCell, ClipEdge, ClipPath, Clipboard};
pub use cost::{Cost, CostError};
pub use custom::{CustomError, CustomProps, PropKind, PropOwner, PropType, PropValue, PropValues};
pub use document::Document;
pub use edit::{
    AnnotationEdit, CellEdit, Changed, CustomEdit, Edit, EditError, ElevationEdit, FeatureEdit,
    FogEdit, HexBounds, MapEdit, PathEnd,
};
pub use edit_cells::fill_region;
pub use elevation::{ElevationLayer, MAX_ELEVATION, MIN_ELEVATION, is_below_sea};
pub use features::{
    EdgeLayer, EdgeMove, EdgePalette, EdgeType, EdgeTypeId, FeatureId, FeaturePalette,
    FeaturePaletteError, FeatureType, LineStyle, MapPath, PathId, PathPalette, PathShapeError,
    PathType, PathTypeId, Paths,
};
pub use fog::{FogState, GmItem, MAX_SIGHT, Party, PartyError};
pub use hex_error::HexError;
pub use hexmap::{CellMove, HexMap, MapError, ResizeError};
pub use history::History;
pub use key::{
    HexKey, KeyEntry, KeyEntryError, MAX_KEY_ENTRY_LEN, UNKNOWN_LINK, hide_links, links,
};
pub use key_items::{KeyItem, KeyTarget, key_heading, key_title_line};
pub use layers::{MineLayer, Notes, TerrainLayer};
pub use number_layer::NumberLayer;
pub use orientation::{OffsetMismatch, offset_kinds_for};
pub use palette::{MoveCost, Palette, PaletteError, Rgb, Terrain, TerrainId};
pub use properties::{
    HEX_SIZE_RANGE, MAX_HEX_SIZE, MAX_MAP_NAME_LEN, MapProperties, PropertyError, shorten_to_bytes,
    validate_hex_size,
};
pub use regions::{
    BorderStyle, Region, RegionEdit, RegionError, RegionId, RegionKind, RegionLook, Regions,
};
pub use reshape::{ReshapePlan, shape_centre};
pub use scale::{MapScale, ScaleError};
pub use shape::{CellSet, MapShape, OffsetBounds, ShapeError};
pub use shape_spec::{ShapeKind, ShapeSpec};
pub use sight::SightLimitError;
pub use tile_art::{TileArt, TileArtError};
pub use underlay::{Underlay, UnderlayError};
pub use view::{Corner, UnknownCorner, ViewSettings};
