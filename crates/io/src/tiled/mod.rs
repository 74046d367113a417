//! Tiled (mapeditor.org) hexagonal maps. One model ([`TiledMap`]) in Tiled's own terms is
//! written as TMX/TMJ ([`write`]) and read from TMX/TMJ ([`read`]); [`convert`] turns a
//! hexmap map into it and back. Tiled's (col, row) is an offset (col, row) in the kind given
//! by `staggeraxis`/`staggerindex` (docs/DESIGN.md §3); the axis follows the map's orientation
//! ([`hexmap_hex::OffsetKind::for_orientation`]).

pub mod convert;
pub mod geometry;
pub mod grid;
pub mod model;
pub mod objects;
mod property_types;
pub mod read;
pub mod tile_art;
pub mod tileset_image;
pub mod write;
mod write_objects;
pub(crate) mod xml;

pub use convert::{FromTiledError, from_tiled, to_tiled, to_tiled_with_images};
pub use geometry::{
    DEFAULT_TILE_SIZE, StaggerAxis, StaggerIndex, TILE_SIZES, TileGeometry, offset_kind_of,
    stagger_of,
};
pub use grid::TiledGrid;
pub use model::{
    MapObject, ObjectGroup, ObjectShape, PointObject, TextObject, Tile, TileKind, TileLayer,
    TiledMap, Tileset,
};
pub use objects::icon_tileset::tileset_image;
pub use read::{MAX_IMPORT_CELLS, TiledError, read_tiled, read_tmj, read_tmx};
pub use tileset_image::{TilesetImageError, tileset_png, tileset_png_with_images};
pub use write::{to_tmj, to_tmx};
pub use xml::escape as xml_escape;
