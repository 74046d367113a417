//! The icon tileset's image: each tile one built-in icon in its ink, drawn by `draw` (the
//! same art as the canvas and every picture) through the raster back-end, on a
//! transparent background so Tiled shows the terrain under it.

use super::export::{ICON_TILE_MARGIN, ICON_TILE_PX};
use super::{ICON_TILESET, P_ICON};
use crate::tiled::geometry::TileGeometry;
use crate::tiled::model::{Tileset, property};
use crate::tiled::tileset_image::{TilesetImageError, draw_tiles, tileset_png_with_images};
use hexmap_draw::Colour;
use hexmap_draw::annotations::draw_icon;
use hexmap_hex::Point;
use hexmap_map::{BuiltinIcon, IconSource};

/// A generated tileset's image: the icon tileset's from its icons, any other's from
/// [`tileset_png_with_images`] (tile art drawn from `images`).
pub fn tileset_image(
    geometry: &TileGeometry,
    tileset: &Tileset,
    images: Option<&hexmap_draw::ImageSet>,
) -> Result<Vec<u8>, TilesetImageError> {
    if tileset.name == ICON_TILESET {
        icon_tileset_png(tileset)
    } else {
        tileset_png_with_images(geometry, tileset, images)
    }
}

/// The icon tileset as a PNG file's bytes: tile `i` at column `i % columns`.
pub fn icon_tileset_png(tileset: &Tileset) -> Result<Vec<u8>, TilesetImageError> {
    let side = ICON_TILE_PX;
    let half = f64::from(side) / 2.0;
    draw_tiles(tileset, (side, side), |sink, tile, at| {
        let icon = property(&tile.properties, P_ICON).and_then(BuiltinIcon::from_name);
        let Some(icon) = icon else { return };
        let centre = Point::new(at.0 + half, at.1 + half);
        let ink = Colour::from_array(tile.color.unwrap_or([0, 0, 0, 255]));
        draw_icon(
            sink,
            &IconSource::Builtin(icon),
            centre,
            half / ICON_TILE_MARGIN,
            ink,
        );
    })
}
