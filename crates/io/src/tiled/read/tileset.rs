//! Tilesets and the images they name: what the TMX and TMJ parsers found in a tileset,
//! turned into a [`Tileset`] with each tile's colour sampled from the centre of its image
//! (its cell of the tileset image, or its own image). Images come through the map's
//! [`Resources`](crate::Resources); hostile sizes are neither decoded nor allocated.

use super::element::Element;
use super::{Ctx, TiledError};
use crate::tiled::model::{Tile, TileKind, Tileset};
use std::collections::BTreeMap;

/// Largest image we decode (pixels); a header claiming more is not decoded at all.
const MAX_IMAGE_PIXELS: u64 = 64 << 20;
/// Most tiles of a tileset image given a colour without being listed.
const MAX_UNLISTED_TILES: u32 = 4096;

/// An image element: its path as written and the size the file claims.
pub(super) struct ImageRef {
    /// Path relative to the file that names it.
    pub source: String,
    /// Claimed width.
    pub width: Option<u32>,
    /// Claimed height.
    pub height: Option<u32>,
}

/// One tile entry as read from TMX/TSX or TMJ/TSJ.
pub(super) struct TileEntry {
    /// Local id.
    pub id: u32,
    /// All its properties, `name` included.
    pub properties: Vec<(String, String)>,
    /// The tile's own image (image-collection tilesets).
    pub image: Option<String>,
}

/// What a parser found in a tileset, before images are read.
pub(super) struct TilesetSource {
    /// Tileset name.
    pub name: String,
    /// Tile width (0 when absent).
    pub tile_width: u32,
    /// Tile height (0 when absent).
    pub tile_height: u32,
    /// Border around the tileset image.
    pub margin: u32,
    /// Gap between tiles in the image.
    pub spacing: u32,
    /// Tiles per image row, if given.
    pub columns: Option<u32>,
    /// Tile count, if given.
    pub tile_count: Option<u32>,
    /// The tileset image, if it is made of one.
    pub image: Option<ImageRef>,
    /// Listed tiles.
    pub tiles: Vec<TileEntry>,
}

impl TilesetSource {
    /// The tileset element's own fields, with its image and tiles as the parser found them.
    pub fn read(
        ctx: &Ctx,
        el: &dyn Element,
        image: Option<ImageRef>,
        tiles: Vec<TileEntry>,
    ) -> Result<Self, TiledError> {
        Ok(TilesetSource {
            name: el.text("name").unwrap_or("").to_string(),
            tile_width: el.number(ctx, "tilewidth")?.unwrap_or(0),
            tile_height: el.number(ctx, "tileheight")?.unwrap_or(0),
            margin: el.number(ctx, "margin")?.unwrap_or(0),
            spacing: el.number(ctx, "spacing")?.unwrap_or(0),
            columns: el.number(ctx, "columns")?,
            tile_count: el.number(ctx, "tilecount")?,
            image,
            tiles,
        })
    }
}

/// Where tiles sit in a single-image tileset.
struct Grid {
    tile_width: u32,
    tile_height: u32,
    margin: u32,
    spacing: u32,
    columns: u32,
}

/// Read a tileset's images and sample its tiles' colours.
pub(super) fn build(ctx: &Ctx, src: TilesetSource, first_gid: u32) -> Result<Tileset, TiledError> {
    let (tw, th) = (src.tile_width, src.tile_height);
    let mut columns = src.columns;
    let mut tile_count = src.tile_count;
    let mut grid_png = None;
    if let Some(image) = &src.image {
        let decoded = decode_png_limited(&ctx.load("image", &image.source)?);
        let (iw, ih) = match (image.width, image.height) {
            (Some(w), Some(h)) => (w, h),
            _ => decoded.as_ref().map_or((0, 0), |p| (p.width(), p.height())),
        };
        if tw == 0 || th == 0 {
            return Err(ctx.bad(
                "tileset",
                "tilewidth/tileheight",
                &format!("{tw}×{th}"),
                "must be at least 1",
            ));
        }
        let (fit_cols, rows) = grid_size(iw, ih, tw, th, src.margin, src.spacing);
        let cols = columns.unwrap_or(fit_cols);
        columns = Some(cols);
        tile_count = Some(tile_count.unwrap_or(cols.saturating_mul(rows)));
        grid_png = decoded;
    }
    let grid = Grid {
        tile_width: tw,
        tile_height: th,
        margin: src.margin,
        spacing: src.spacing,
        columns: columns.unwrap_or(1),
    };
    let count = tile_count.unwrap_or(0);
    let mut tiles = BTreeMap::new();
    let mut max_id = count;
    for entry in src.tiles {
        max_id = max_id.max(entry.id.saturating_add(1));
        let color = match (&entry.image, &grid_png) {
            (Some(source), _) => decode_png_limited(&ctx.load("image", source)?)
                .and_then(|img| sample_centre(&img, None, entry.id)),
            (None, Some(img)) => sample_centre(img, Some(&grid), entry.id),
            (None, None) => None,
        };
        let (names, properties): (Vec<_>, Vec<_>) =
            entry.properties.into_iter().partition(|(k, _)| k == "name");
        tiles.insert(
            entry.id,
            Tile {
                id: entry.id,
                name: names.into_iter().next().map(|(_, v)| v),
                color,
                kind: TileKind::Terrain,
                properties,
            },
        );
    }
    if let Some(img) = &grid_png {
        for id in 0..count.min(MAX_UNLISTED_TILES) {
            tiles.entry(id).or_insert_with(|| Tile {
                id,
                name: None,
                color: sample_centre(img, Some(&grid), id),
                kind: TileKind::Terrain,
                properties: Vec::new(),
            });
        }
    }
    Ok(Tileset {
        first_gid,
        name: src.name,
        image: src.image.map(|i| i.source),
        tile_count: max_id,
        tiles: tiles.into_values().collect(),
        tile_size: None,
    })
}

/// Decode a PNG whose header claims at most [`MAX_IMAGE_PIXELS`]; `None` for anything
/// else (not a PNG, too large, corrupt), so colours are simply not sampled.
fn decode_png_limited(bytes: &[u8]) -> Option<tiny_skia::Pixmap> {
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    if bytes.len() < 24 || bytes[..8] != SIGNATURE || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let dim = |i: usize| {
        u64::from(u32::from_be_bytes([
            bytes[i],
            bytes[i + 1],
            bytes[i + 2],
            bytes[i + 3],
        ]))
    };
    if dim(16) * dim(20) > MAX_IMAGE_PIXELS {
        return None;
    }
    tiny_skia::Pixmap::decode_png(bytes).ok()
}

/// RGBA at the centre of tile `id` of a tileset image, or of the whole image when `grid` is
/// None. Arithmetic in 64 bits: hostile margins and spacings cannot overflow.
fn sample_centre(img: &tiny_skia::Pixmap, grid: Option<&Grid>, id: u32) -> Option<[u8; 4]> {
    let (x, y) = match grid {
        Some(g) => {
            let cols = u64::from(g.columns.max(1));
            let (c, r) = (u64::from(id) % cols, u64::from(id) / cols);
            let (tw, th) = (u64::from(g.tile_width), u64::from(g.tile_height));
            let (m, sp) = (u64::from(g.margin), u64::from(g.spacing));
            (m + c * (tw + sp) + tw / 2, m + r * (th + sp) + th / 2)
        }
        None => (u64::from(img.width() / 2), u64::from(img.height() / 2)),
    };
    let p = img
        .pixel(u32::try_from(x).ok()?, u32::try_from(y).ok()?)?
        .demultiply();
    Some([p.red(), p.green(), p.blue(), p.alpha()])
}

/// Tiles per row and rows of a tileset image (Tiled's formula), saturating on hostile sizes.
fn grid_size(iw: u32, ih: u32, tw: u32, th: u32, margin: u32, spacing: u32) -> (u32, u32) {
    let fit = |image: u32, tile: u32| {
        let usable = u64::from(image).saturating_sub(2 * u64::from(margin)) + u64::from(spacing);
        let step = (u64::from(tile) + u64::from(spacing)).max(1);
        u32::try_from(usable / step).unwrap_or(u32::MAX)
    };
    (fit(iw, tw), fit(ih, th))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_follows_tileds_formula_and_saturates() {
        assert_eq!(grid_size(100, 50, 20, 10, 0, 0), (5, 5));
        assert_eq!(grid_size(104, 54, 20, 10, 2, 1), (4, 4));
        assert_eq!(
            grid_size(u32::MAX, u32::MAX, 0, 0, 0, 0),
            (u32::MAX, u32::MAX)
        );
    }

    #[test]
    fn oversized_or_broken_images_are_not_decoded() {
        assert!(decode_png_limited(b"not a png").is_none());
        let mut header = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
        header.extend([0, 0, 0, 13]);
        header.extend(b"IHDR");
        header.extend(100_000u32.to_be_bytes());
        header.extend(100_000u32.to_be_bytes());
        assert!(decode_png_limited(&header).is_none());
    }
}
