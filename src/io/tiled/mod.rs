//! Tiled (mapeditor.org) hexagonal maps: export as TMX/TMJ with a generated tileset image,
//! and import of TMX/TMJ hexagonal maps. Tiled's (col, row) is our offset (col, row) in the
//! offset kind given by `staggeraxis`/`staggerindex` (DESIGN.md §3).

pub mod model;
pub mod tileset_image;
pub mod write;
mod xml;
pub use xml::escape as xml_escape;

pub use model::{
    PointObject, StaggerAxis, StaggerIndex, TileGeometry, TileKind, TileLayer, TileSpec, TiledMap,
    TilesetSpec, offset_kind_of, stagger_of,
};
pub use tileset_image::{TilesetImageError, tileset_png};
pub use write::{to_tmj, to_tmx};
pub mod read;
pub use read::{
    FolderResources, Resources, TiledDocument, TiledError, read_tiled, read_tmj, read_tmx,
};
