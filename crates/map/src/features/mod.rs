//! Map content on hexsides and through hex centres: the edge and path palettes,
//! the edge layer and the paths, how the map reads and sets them (`access`) and their
//! edits and undo (`edit`). The movement and sight rules that use them live in
//! `map::rules`.

pub(crate) mod access;
pub mod edges;
pub(crate) mod edit;
pub mod palette;
pub mod paths;

pub use edges::EdgeLayer;
pub use palette::{
    EdgeMove, EdgePalette, EdgeType, EdgeTypeId, FeatureId, FeaturePalette, FeaturePaletteError,
    FeatureType, LineStyle, MAX_FEATURE_TYPES, PathPalette, PathType, PathTypeId,
};
pub use paths::{
    MAX_PATH_LEN, MAX_PATHS, MapPath, PathId, PathShapeError, Paths, check_path_hexes,
};
