//! Draws the generated tileset image: one hex per terrain filled with its colour, and mine
//! markers, laid out in a grid of tiles the size of the map's tiles.

use super::geometry::TileGeometry;
use super::model::{TileKind, Tileset};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

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

/// The tileset as a PNG file's bytes.
pub fn tileset_png(
    geometry: &TileGeometry,
    tileset: &Tileset,
) -> Result<Vec<u8>, TilesetImageError> {
    let (w, h) = (
        geometry.tile_width.saturating_mul(tileset.columns()),
        geometry.tile_height.saturating_mul(tileset.rows()),
    );
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(TilesetImageError::Size(w, h));
    }
    let mut pixmap = Pixmap::new(w, h).ok_or(TilesetImageError::Size(w, h))?;
    let hexagon = geometry.tile_hexagon();
    for (i, tile) in tileset.tiles.iter().enumerate() {
        let i = i as u32;
        let dx = (i % tileset.columns() * geometry.tile_width) as f32;
        let dy = (i / tileset.columns() * geometry.tile_height) as f32;
        let at = Transform::from_translate(dx, dy);
        let [r, g, b, a] = tile.color.unwrap_or([0; 4]);
        match tile.kind {
            TileKind::Terrain => {
                let mut pb = PathBuilder::new();
                for (k, (x, y)) in hexagon.iter().enumerate() {
                    if k == 0 {
                        pb.move_to(*x as f32, *y as f32);
                    } else {
                        pb.line_to(*x as f32, *y as f32);
                    }
                }
                pb.close();
                let path = pb.finish().expect("six points make a path");
                let mut fill = Paint::default();
                fill.set_color(Color::from_rgba8(r, g, b, a));
                fill.anti_alias = true;
                pixmap.fill_path(&path, &fill, FillRule::Winding, at, None);
                let mut edge = Paint::default();
                edge.set_color(Color::from_rgba8(r / 2, g / 2, b / 2, 160));
                edge.anti_alias = true;
                let stroke = Stroke {
                    width: 1.0,
                    ..Stroke::default()
                };
                pixmap.stroke_path(&path, &edge, &stroke, at, None);
            }
            TileKind::Mine => {
                let (cx, cy) = (
                    geometry.tile_width as f32 / 2.0,
                    geometry.tile_height as f32 / 2.0,
                );
                let radius = cx.min(cy) * 0.45;
                let disc = PathBuilder::from_circle(cx, cy, radius).expect("positive radius");
                let mut fill = Paint::default();
                fill.set_color(Color::from_rgba8(r, g, b, a));
                fill.anti_alias = true;
                pixmap.fill_path(&disc, &fill, FillRule::Winding, at, None);
            }
        }
    }
    pixmap
        .encode_png()
        .map_err(|e| TilesetImageError::Encode(e.to_string()))
}
