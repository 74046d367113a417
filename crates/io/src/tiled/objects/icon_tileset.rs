//! The icon tileset's image: each tile one built-in icon in its ink, drawn by `draw` (the
//! same art as the canvas and every picture) through the raster back-end, on a
//! transparent background so Tiled shows the terrain under it.

use super::export::{ICON_TILE_MARGIN, ICON_TILE_PX};
use super::{ICON_TILESET, P_ICON};
use crate::picture::{Fonts, RasterSink, ToPixels};
use crate::tiled::geometry::TileGeometry;
use crate::tiled::model::{Tileset, property};
use crate::tiled::tileset_image::{TilesetImageError, tileset_png_with_images};
use hexmap_draw::Colour;
use hexmap_draw::annotations::draw_icon;
use hexmap_hex::Point;
use hexmap_map::{BuiltinIcon, IconSource};
use tiny_skia::Pixmap;

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
    let (w, h) = (
        side.saturating_mul(tileset.columns()),
        side.saturating_mul(tileset.rows()),
    );
    let mut pixmap = Pixmap::new(w, h).ok_or(TilesetImageError::Size(w, h))?;
    let fonts = Fonts::new();
    let pixels = ToPixels {
        scale: 1.0,
        offset: (0.0, 0.0),
    };
    let mut sink = RasterSink::new(&mut pixmap, pixels, &fonts);
    for (i, tile) in tileset.tiles.iter().enumerate() {
        let icon = property(&tile.properties, P_ICON).and_then(BuiltinIcon::from_name);
        let Some(icon) = icon else { continue };
        let i = i as u32;
        let half = f64::from(side) / 2.0;
        let centre = Point::new(
            f64::from(i % tileset.columns() * side) + half,
            f64::from(i / tileset.columns() * side) + half,
        );
        let ink = Colour::from_array(tile.color.unwrap_or([0, 0, 0, 255]));
        draw_icon(
            &mut sink,
            &IconSource::Builtin(icon),
            centre,
            half / ICON_TILE_MARGIN,
            ink,
        );
    }
    pixmap
        .encode_png()
        .map_err(|e| TilesetImageError::Encode(e.to_string()))
}
