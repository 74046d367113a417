//! hexmap's edges, paths, icons and labels as Tiled objects, in
//! Tiled's pixel space ([`TiledGrid`](super::TiledGrid)) so Tiled draws them where hexmap
//! does, with `hexmap:*` properties that bring them back exactly:
//!
//! - a layer `hexmap edges: TYPE` per edge type used (in the type's colour, so Tiled
//!   draws each type in its own colour; [`EDGES_LAYER`]): a two-point polyline per edge
//!   feature along the hex side, `hexmap:edge_type` (type name), `hexmap:a` / `hexmap:b`
//!   (the two hexes, axial `q,r`);
//! - a layer `hexmap paths: TYPE` per path type used ([`PATHS_LAYER`]): a polyline per
//!   path through the hex centres, `hexmap:path_type`, `hexmap:path_id`, `hexmap:hexes`
//!   (axial `q,r q,r …`);
//! - layer [`ICONS_LAYER`]: a tile object per built-in icon (icon tileset drawn by
//!   `draw`), a point object per image icon; `hexmap:icon`, `hexmap:hex`, caption, scale,
//!   colour;
//! - layer [`LABELS_LAYER`]: a text object per label; `hexmap:id`, `hexmap:at` (exact
//!   world point), `hexmap:size` (hex units), `hexmap:rotation`, `hexmap:halo`,
//!   `hexmap:label_path` (a curved label's path: `dx,dy dx,dy …` from `hexmap:at`);
//! - a layer `hexmap regions: KIND` per region kind: a closed polyline per ring of each named
//!   region's outline (`regions.rs`);
//! - a hidden layer `hexmap key`: a point per keyed hex with the entry as properties
//!   (`key.rs`);
//! - a hidden layer `hexmap properties`: a point per object with custom property values,
//!   the values as Tiled's typed properties, and the map property
//!   `hexmap:property_types` with the declarations (`custom.rs`);
//! - map properties `hexmap:edge_types` / `hexmap:path_types`: the palettes as JSON.

pub mod custom;
pub mod export;
pub mod icon_tileset;
pub mod import;
pub mod key;
pub mod palettes;
pub mod regions;

/// The object layers of edge features: `hexmap edges: TYPE`, one per type
/// ([`type_layer`]); a layer named just `hexmap edges` is read too.
pub const EDGES_LAYER: &str = "hexmap edges";
/// The object layers of paths: `hexmap paths: TYPE`, one per type.
pub const PATHS_LAYER: &str = "hexmap paths";
/// The object layer of icons.
pub const ICONS_LAYER: &str = "hexmap icons";
/// The object layer of labels.
pub const LABELS_LAYER: &str = "hexmap labels";
/// The hidden object layer of GM-only edge features, paths, icons and labels (each
/// object keeps its own type properties and carries `hexmap:gm_only`).
pub const GM_LAYER: &str = "hexmap GM only";
/// The property marking a GM-only object.
const P_GM_ONLY: &str = "hexmap:gm_only";
/// The name of the generated icon tileset.
pub const ICON_TILESET: &str = "hexmap icons";

const P_EDGE_TYPES: &str = "hexmap:edge_types";
const P_PATH_TYPES: &str = "hexmap:path_types";
const P_EDGE_TYPE: &str = "hexmap:edge_type";
const P_A: &str = "hexmap:a";
const P_B: &str = "hexmap:b";
const P_PATH_TYPE: &str = "hexmap:path_type";
const P_PATH_ID: &str = "hexmap:path_id";
const P_HEXES: &str = "hexmap:hexes";
const P_ICON: &str = "hexmap:icon";
const P_ICON_ID: &str = "hexmap:icon_id";
const P_HEX: &str = "hexmap:hex";
const P_CAPTION: &str = "hexmap:caption";
const P_SCALE: &str = "hexmap:scale";
const P_COLOR: &str = "hexmap:color";
const P_ID: &str = "hexmap:id";
const P_AT: &str = "hexmap:at";
const P_SIZE: &str = "hexmap:size";
const P_ROTATION: &str = "hexmap:rotation";
const P_HALO: &str = "hexmap:halo";
const P_LABEL_PATH: &str = "hexmap:label_path";

/// The name of the object layer of one type of `layer` (edges or paths): `LAYER: TYPE`.
pub fn type_layer(layer: &str, type_name: &str) -> String {
    format!("{layer}: {type_name}")
}

/// Whether a layer called `name` is `layer` or one of its per-type layers, and the type
/// its name gives (`None` for the plain layer).
pub fn layer_type<'a>(name: &'a str, layer: &str) -> Option<Option<&'a str>> {
    if name == layer {
        return Some(None);
    }
    name.strip_prefix(layer)?.strip_prefix(": ").map(Some)
}

/// A hex as its properties write it: axial `q,r`.
fn hex_text(h: hexmap_hex::Hex) -> String {
    format!("{},{}", h.q, h.r)
}

/// The icon tileset image's file name beside the terrain tileset's (`x-tiles.png` →
/// `x-icons.png`).
pub fn icon_image_name(terrain_image: &str) -> String {
    match terrain_image.strip_suffix("-tiles.png") {
        Some(stem) => format!("{stem}-icons.png"),
        None => format!(
            "{}-icons.png",
            terrain_image
                .rsplit_once('.')
                .map_or(terrain_image, |(s, _)| s)
        ),
    }
}
