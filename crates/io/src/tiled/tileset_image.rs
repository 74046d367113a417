//! Draws the generated tileset image through the raster back-end of `draw`: one terrain
//! swatch per terrain (a hex of its colour with a darker edge), the mine marker and one
//! tile per terrain tile-art image (drawn by `draw` as the map draws a tile-art cell), laid
//! out in a grid of tiles the size of the map's tiles.

use super::geometry::TileGeometry;
use super::model::{Tile, TileKind, Tileset};
use crate::render::{Fonts, RasterSink, ToPixels};
use hexmap_draw::image::draw_tile_art;
use hexmap_draw::{Colour, ImageSet, Polygon, Sink, markers};
use hexmap_hex::Point;
use tiny_skia::Pixmap;

/// Why the tileset image could not be made.
#[derive(Debug, thiserror::Error)]
pub enum TilesetImageError {
    /// The image would be empty or too large to allocate.
    #[error("tileset image of {0}×{1} pixels cannot be made (tiles too large or too many)")]
    Size(u32, u32),
    /// PNG encoding failed.
    #[error("encoding the tileset PNG failed: {0}")]
    Encode(String),
}

/// Largest tileset image side we generate.
const MAX_SIDE: u32 = 16_384;

/// The tileset as a PNG file's bytes (art tiles without `images` are drawn as their
/// colour; see [`tileset_png_with_images`]).
pub fn tileset_png(
    geometry: &TileGeometry,
    tileset: &Tileset,
) -> Result<Vec<u8>, TilesetImageError> {
    tileset_png_with_images(geometry, tileset, None)
}

/// The tileset as a PNG file's bytes, its art tiles drawn from `images` (an image not in
/// the set draws as the tile's colour).
pub fn tileset_png_with_images(
    geometry: &TileGeometry,
    tileset: &Tileset,
    images: Option<&ImageSet>,
) -> Result<Vec<u8>, TilesetImageError> {
    let tile = (geometry.tile_width, geometry.tile_height);
    draw_tiles(tileset, tile, |sink, t, at| {
        let colour = Colour::from_array(t.color.unwrap_or([0; 4]));
        draw_tile(sink, geometry, t.kind, colour, at, images);
    })
}

/// A tileset image as PNG bytes: `tileset`'s tiles, each `tile` (width, height) pixels, in
/// its grid on a transparent background, each drawn by `draw` given its top-left corner.
pub(crate) fn draw_tiles(
    tileset: &Tileset,
    tile: (u32, u32),
    mut draw: impl FnMut(&mut dyn Sink, &Tile, (f64, f64)),
) -> Result<Vec<u8>, TilesetImageError> {
    let columns = tileset.columns();
    let (w, h) = (
        tile.0.saturating_mul(columns),
        tile.1.saturating_mul(tileset.rows()),
    );
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(TilesetImageError::Size(w, h));
    }
    let mut pixmap = Pixmap::new(w, h).ok_or(TilesetImageError::Size(w, h))?;
    let fonts = Fonts::new();
    let pixels = ToPixels {
        scale: 1.0,
        offset: (0.0, 0.0),
    };
    let mut sink = RasterSink::new(&mut pixmap, pixels, &fonts);
    for (i, t) in tileset.tiles.iter().enumerate() {
        let i = i as u32;
        let at = (
            f64::from(i % columns * tile.0),
            f64::from(i / columns * tile.1),
        );
        draw(&mut sink, t, at);
    }
    pixmap
        .encode_png()
        .map_err(|e| TilesetImageError::Encode(e.to_string()))
}

/// A tile of terrain art: the hexagon `corners` filled with the terrain's `colour`, then
/// the `image` (its id and pixels) drawn over it as the map draws a tile-art cell (tinted
/// by the colour when `tint`). Tiled's tileset and Godot's atlas draw their art tiles so.
pub(crate) fn art_tile(
    sink: &mut dyn Sink,
    corners: &[Point],
    colour: Colour,
    image: (hexmap_draw::ImageId, &hexmap_draw::RgbaImage),
    tint: bool,
) {
    sink.polygon(&Polygon {
        points: corners,
        fill: Some(colour),
        stroke: None,
    });
    draw_tile_art(sink, corners, image.0, image.1, tint.then_some(colour));
}

/// One tile with its top-left corner at `at`.
fn draw_tile(
    sink: &mut dyn Sink,
    geometry: &TileGeometry,
    kind: TileKind,
    colour: Colour,
    at: (f64, f64),
    images: Option<&ImageSet>,
) {
    let outline = || {
        geometry
            .tile_hexagon()
            .map(|(x, y)| Point::new(x + at.0, y + at.1))
    };
    match kind {
        TileKind::Terrain => {
            markers::terrain_swatch(sink, &outline(), colour, 1.0);
        }
        TileKind::Art { image, tint } => {
            let corners = outline();
            match images.and_then(|set| set.image(image)) {
                Some(pixels) => art_tile(sink, &corners, colour, (image, pixels), tint),
                None => markers::terrain_swatch(sink, &corners, colour, 1.0),
            }
        }
        TileKind::Mine => {
            let (tw, th) = (
                f64::from(geometry.tile_width),
                f64::from(geometry.tile_height),
            );
            let centre = Point::new(at.0 + tw / 2.0, at.1 + th / 2.0);
            markers::mine(sink, centre, f64::from(geometry.side_length), colour, None);
        }
    }
}
