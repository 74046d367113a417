//! Reads hexagonal Tiled maps (TMX or TMJ) into a [`TiledDocument`]: sizes, stagger, tile
//! layers as global ids (flip/rotation bits removed), tilesets (embedded or external, image
//! or image collection) with a colour sampled from each tile's image centre, and point
//! objects. Every failure names the file part it is about.

use super::model::{StaggerAxis, StaggerIndex, TileGeometry};
use base64::Engine;
use std::collections::BTreeMap;
use std::io::Read;

/// Most cells we import (width × height), checked before allocating.
pub const MAX_IMPORT_CELLS: u64 = 4_000_000;
/// Largest decompressed layer data we accept, in bytes (4 bytes per cell).
const MAX_LAYER_BYTES: u64 = MAX_IMPORT_CELLS * 4;
/// The flip and rotation flags Tiled keeps in a gid's top bits.
const GID_FLAGS: u32 = 0xF000_0000;

/// Why a Tiled file could not be imported.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TiledError {
    /// Not well-formed XML.
    #[error("{file}: XML error at line {line}, column {column}: {message}")]
    Xml {
        /// File name.
        file: String,
        /// 1-based line.
        line: u32,
        /// 1-based column.
        column: u32,
        /// What the parser said.
        message: String,
    },
    /// Not valid JSON.
    #[error("{file}: JSON error at line {line}, column {column}: {message}")]
    Json {
        /// File name.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser said.
        message: String,
    },
    /// Not a hexagonal map.
    #[error("{file}: the map is {orientation}; hexmap imports only hexagonal maps")]
    NotHexagonal {
        /// File name.
        file: String,
        /// The orientation found.
        orientation: String,
    },
    /// An infinite (chunked) map.
    #[error(
        "{file}: infinite maps are not supported; resize the map to a fixed size in Tiled first"
    )]
    Infinite {
        /// File name.
        file: String,
    },
    /// A required attribute or field is missing.
    #[error("{file}: {element} has no '{field}'")]
    Missing {
        /// File name.
        file: String,
        /// Where.
        element: String,
        /// The missing attribute or key.
        field: String,
    },
    /// An attribute or field has a bad value.
    #[error("{file}: {element} '{field}' = '{value}' is not valid: {why}")]
    BadValue {
        /// File name.
        file: String,
        /// Where.
        element: String,
        /// The attribute or key.
        field: String,
        /// The value found.
        value: String,
        /// What is wrong.
        why: String,
    },
    /// Too many cells.
    #[error(
        "{file}: map of {width}×{height} cells is larger than the import limit of {limit} cells"
    )]
    TooLarge {
        /// File name.
        file: String,
        /// Columns.
        width: u64,
        /// Rows.
        height: u64,
        /// The limit.
        limit: u64,
    },
    /// Tile data has the wrong number of cells.
    #[error("{file}: layer '{layer}' has {found} tiles; expected {expected} (width × height)")]
    DataLength {
        /// File name.
        file: String,
        /// Layer name.
        layer: String,
        /// Tiles found.
        found: usize,
        /// Tiles expected.
        expected: usize,
    },
    /// Tile data could not be decoded.
    #[error("{file}: layer '{layer}' data cannot be decoded: {why}")]
    Data {
        /// File name.
        file: String,
        /// Layer name.
        layer: String,
        /// What went wrong.
        why: String,
    },
    /// A tile uses a gid that no tileset has.
    #[error("{file}: layer '{layer}' cell {index} uses tile {gid}, which no tileset has")]
    UnknownGid {
        /// File name.
        file: String,
        /// Layer name.
        layer: String,
        /// Row-major cell index.
        index: usize,
        /// The gid (flags removed).
        gid: u32,
    },
    /// An external tileset or image could not be read.
    #[error("{file}: cannot read {what} '{path}': {why}")]
    Resource {
        /// File name.
        file: String,
        /// "tileset" or "image".
        what: &'static str,
        /// The path as written in the file.
        path: String,
        /// Why.
        why: String,
    },
}

/// A tile of an imported tileset.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedTile {
    /// The tile's `name` property, if any.
    pub name: Option<String>,
    /// RGBA at the centre of the tile's image, if there is an image.
    pub color: Option<[u8; 4]>,
    /// All the tile's properties (name, value).
    pub properties: Vec<(String, String)>,
}

/// An imported tileset.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedTileset {
    /// First global id.
    pub first_gid: u32,
    /// Tileset name.
    pub name: String,
    /// Number of tiles (gids first_gid .. first_gid + tile_count).
    pub tile_count: u32,
    /// Tiles by local id (only those with a name or a colour).
    pub tiles: BTreeMap<u32, ImportedTile>,
}

/// An imported tile layer.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedLayer {
    /// Layer name.
    pub name: String,
    /// Global ids row-major, flags removed; 0 = empty.
    pub gids: Vec<u32>,
}

/// A point object found in an object layer.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedPoint {
    /// Pixel x.
    pub x: f64,
    /// Pixel y.
    pub y: f64,
    /// The `note` property, else the object's name.
    pub text: String,
}

/// A hexagonal Tiled map as read.
#[derive(Clone, Debug, PartialEq)]
pub struct TiledDocument {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Geometry and stagger.
    pub geometry: TileGeometry,
    /// Tilesets in gid order.
    pub tilesets: Vec<ImportedTileset>,
    /// Tile layers, bottom first.
    pub layers: Vec<ImportedLayer>,
    /// Point objects with text.
    pub points: Vec<ImportedPoint>,
    /// Map-level string properties.
    pub properties: Vec<(String, String)>,
}

impl TiledDocument {
    /// The tileset and tile for a gid (flags removed), if any tileset covers it.
    pub fn tile(&self, gid: u32) -> Option<(&ImportedTileset, Option<&ImportedTile>)> {
        let ts = self
            .tilesets
            .iter()
            .rev()
            .find(|t| gid >= t.first_gid && gid - t.first_gid < t.tile_count)?;
        Some((ts, ts.tiles.get(&(gid - ts.first_gid))))
    }
}

/// Reads files a map refers to (external tilesets, images), by the path written in the map,
/// relative to the map. Kept abstract so tests and the browser can supply bytes.
pub trait Resources {
    /// The bytes of `path` (as written in the file, relative to the file that names it).
    fn read(&self, path: &str) -> Result<Vec<u8>, String>;
}

/// Resources from a folder on disk.
pub struct FolderResources(pub std::path::PathBuf);

impl Resources for FolderResources {
    fn read(&self, path: &str) -> Result<Vec<u8>, String> {
        std::fs::read(self.0.join(path)).map_err(|e| e.to_string())
    }
}

/// Shared reading context: the file name for messages and where resources come from.
struct Ctx<'a> {
    file: String,
    res: &'a dyn Resources,
    /// Folder prefix of the file being read, relative to the map (for nested tilesets).
    prefix: String,
}

impl Ctx<'_> {
    fn missing(&self, element: &str, field: &str) -> TiledError {
        TiledError::Missing {
            file: self.file.clone(),
            element: element.into(),
            field: field.into(),
        }
    }

    fn bad(&self, element: &str, field: &str, value: &str, why: &str) -> TiledError {
        TiledError::BadValue {
            file: self.file.clone(),
            element: element.into(),
            field: field.into(),
            value: value.into(),
            why: why.into(),
        }
    }

    fn resolve(&self, path: &str) -> String {
        format!("{}{path}", self.prefix)
    }

    fn load(&self, what: &'static str, path: &str) -> Result<Vec<u8>, TiledError> {
        self.res
            .read(&self.resolve(path))
            .map_err(|why| TiledError::Resource {
                file: self.file.clone(),
                what,
                path: path.into(),
                why,
            })
    }
}

fn folder_of(path: &str) -> String {
    match path.rfind('/') {
        Some(i) => path[..=i].to_string(),
        None => String::new(),
    }
}

/// Tile sampling info of a single-image tileset.
struct Grid {
    tile_width: u32,
    tile_height: u32,
    margin: u32,
    spacing: u32,
    columns: u32,
}

/// Largest image we decode (pixels); a header claiming more is not decoded at all.
const MAX_IMAGE_PIXELS: u64 = 64 << 20;

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

fn decode_images(ctx: &Ctx, image: &str) -> Result<Vec<u8>, TiledError> {
    ctx.load("image", image)
}

// ---------------------------------------------------------------- shared decoding

fn check_size(ctx: &Ctx, width: u64, height: u64) -> Result<(), TiledError> {
    if width == 0 || height == 0 {
        return Err(ctx.bad(
            "map",
            "width/height",
            &format!("{width}×{height}"),
            "must be at least 1",
        ));
    }
    if width.saturating_mul(height) > MAX_IMPORT_CELLS {
        return Err(TiledError::TooLarge {
            file: ctx.file.clone(),
            width,
            height,
            limit: MAX_IMPORT_CELLS,
        });
    }
    Ok(())
}

fn geometry(
    ctx: &Ctx,
    tw: u32,
    th: u32,
    side: u32,
    axis: Option<&str>,
    index: Option<&str>,
) -> Result<TileGeometry, TiledError> {
    // Tiled itself falls back to y / odd when these are missing; read them the way Tiled
    // draws them.
    let axis = match axis.unwrap_or("y") {
        "x" => StaggerAxis::X,
        "y" => StaggerAxis::Y,
        other => return Err(ctx.bad("map", "staggeraxis", other, "expected x or y")),
    };
    let index = match index.unwrap_or("odd") {
        "odd" => StaggerIndex::Odd,
        "even" => StaggerIndex::Even,
        other => return Err(ctx.bad("map", "staggerindex", other, "expected odd or even")),
    };
    if tw == 0 || th == 0 {
        return Err(ctx.bad(
            "map",
            "tilewidth/tileheight",
            &format!("{tw}×{th}"),
            "must be at least 1",
        ));
    }
    Ok(TileGeometry {
        axis,
        index,
        tile_width: tw,
        tile_height: th,
        side_length: side,
    })
}

fn decode_base64_layer(
    ctx: &Ctx,
    layer: &str,
    text: &str,
    compression: Option<&str>,
    expected: usize,
) -> Result<Vec<u32>, TiledError> {
    let data_err = |why: String| TiledError::Data {
        file: ctx.file.clone(),
        layer: layer.into(),
        why,
    };
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let raw = base64::engine::general_purpose::STANDARD
        .decode(cleaned.as_bytes())
        .map_err(|e| data_err(format!("bad base64: {e}")))?;
    let bytes = match compression.unwrap_or("") {
        "" => raw,
        "zlib" => inflate(flate2::read::ZlibDecoder::new(&raw[..]), expected).map_err(data_err)?,
        "gzip" => inflate(flate2::read::GzDecoder::new(&raw[..]), expected).map_err(data_err)?,
        other => {
            return Err(data_err(format!(
                "compression '{other}' is not supported (use CSV, zlib or gzip)"
            )));
        }
    };
    if bytes.len() % 4 != 0 || bytes.len() / 4 != expected {
        return Err(TiledError::DataLength {
            file: ctx.file.clone(),
            layer: layer.into(),
            found: bytes.len() / 4,
            expected,
        });
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) & !GID_FLAGS)
        .collect())
}

/// Inflate at most one tile more than the layer holds, so a compression bomb costs no
/// more memory than an honest layer.
fn inflate(mut reader: impl Read, tiles: usize) -> Result<Vec<u8>, String> {
    let limit = (tiles as u64).min(MAX_LAYER_BYTES / 4) * 4;
    let mut out = Vec::new();
    reader
        .by_ref()
        .take(limit + 4)
        .read_to_end(&mut out)
        .map_err(|e| format!("decompression failed: {e}"))?;
    if out.len() as u64 > limit {
        return Err(format!(
            "decompressed data is longer than the layer's {tiles} tiles"
        ));
    }
    Ok(out)
}

fn decode_csv_layer(
    ctx: &Ctx,
    layer: &str,
    text: &str,
    expected: usize,
) -> Result<Vec<u32>, TiledError> {
    let mut out = Vec::with_capacity(expected.min(MAX_IMPORT_CELLS as usize));
    for (i, item) in text.split(',').enumerate() {
        let item = item.trim();
        if item.is_empty() && i > 0 && out.len() == expected {
            continue; // a trailing comma
        }
        let gid: u32 = item.parse().map_err(|_| TiledError::Data {
            file: ctx.file.clone(),
            layer: layer.into(),
            why: format!("CSV item {} is '{item}', not a tile id", i + 1),
        })?;
        if out.len() >= expected {
            return Err(TiledError::DataLength {
                file: ctx.file.clone(),
                layer: layer.into(),
                found: text.split(',').filter(|s| !s.trim().is_empty()).count(),
                expected,
            });
        }
        out.push(gid & !GID_FLAGS);
    }
    if out.len() != expected {
        return Err(TiledError::DataLength {
            file: ctx.file.clone(),
            layer: layer.into(),
            found: out.len(),
            expected,
        });
    }
    Ok(out)
}

fn check_gids(ctx: &Ctx, doc: &TiledDocument) -> Result<(), TiledError> {
    for layer in &doc.layers {
        if let Some((index, &gid)) = layer
            .gids
            .iter()
            .enumerate()
            .find(|&(_, &g)| g != 0 && doc.tile(g).is_none())
        {
            return Err(TiledError::UnknownGid {
                file: ctx.file.clone(),
                layer: layer.name.clone(),
                index,
                gid,
            });
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- TMX / TSX

fn xml_doc<'a>(ctx: &Ctx, text: &'a str) -> Result<roxmltree::Document<'a>, TiledError> {
    roxmltree::Document::parse(text).map_err(|e| {
        let pos = e.pos();
        TiledError::Xml {
            file: ctx.file.clone(),
            line: pos.row,
            column: pos.col,
            message: e.to_string(),
        }
    })
}

fn attr_u32(ctx: &Ctx, node: roxmltree::Node, name: &str) -> Result<Option<u32>, TiledError> {
    match node.attribute(name) {
        None => Ok(None),
        Some(v) => v
            .trim()
            .parse::<u32>()
            .map(Some)
            .map_err(|_| ctx.bad(node.tag_name().name(), name, v, "expected a whole number")),
    }
}

fn req_u32(ctx: &Ctx, node: roxmltree::Node, name: &str) -> Result<u32, TiledError> {
    attr_u32(ctx, node, name)?.ok_or_else(|| ctx.missing(node.tag_name().name(), name))
}

fn xml_properties(node: roxmltree::Node) -> Vec<(String, String)> {
    node.children()
        .filter(|c| c.has_tag_name("properties"))
        .flat_map(|p| p.children().filter(|c| c.has_tag_name("property")))
        .filter_map(|p| {
            let name = p.attribute("name")?.to_string();
            let value = p
                .attribute("value")
                .map(str::to_string)
                .or_else(|| p.text().map(str::to_string))
                .unwrap_or_default();
            Some((name, value))
        })
        .collect()
}

/// One tile entry of a tileset as read from TMX/TSX or TMJ/TSJ.
struct TileEntry {
    id: u32,
    properties: Vec<(String, String)>,
    /// The tile's own image (image-collection tilesets).
    image: Option<String>,
}

/// The tiles of a tileset: each listed entry with its `name` property and a colour sampled
/// from its own image or from its cell of the tileset image, then every other tile of the
/// tileset image (up to 4096). Returns the tiles and the tile count (at least one past the
/// largest id listed).
fn build_tiles(
    ctx: &Ctx,
    entries: Vec<TileEntry>,
    grid_img: Option<&tiny_skia::Pixmap>,
    grid: &Grid,
    count: u32,
) -> Result<(BTreeMap<u32, ImportedTile>, u32), TiledError> {
    let mut tiles = BTreeMap::new();
    let mut max_id = count;
    for TileEntry {
        id,
        properties,
        image,
    } in entries
    {
        max_id = max_id.max(id.saturating_add(1));
        let name = properties
            .iter()
            .find(|(k, _)| k == "name")
            .map(|(_, v)| v.clone());
        let color = match (image, grid_img) {
            (Some(source), _) => decode_png_limited(&decode_images(ctx, &source)?)
                .and_then(|img| sample_centre(&img, None, id)),
            (None, Some(img)) => sample_centre(img, Some(grid), id),
            (None, None) => None,
        };
        tiles.insert(
            id,
            ImportedTile {
                name,
                color,
                properties,
            },
        );
    }
    if let Some(img) = grid_img {
        for id in 0..count.min(4096) {
            tiles.entry(id).or_insert_with(|| ImportedTile {
                name: None,
                color: sample_centre(img, Some(grid), id),
                properties: Vec::new(),
            });
        }
    }
    Ok((tiles, max_id))
}

fn xml_tileset(
    ctx: &Ctx,
    node: roxmltree::Node,
    first_gid: u32,
) -> Result<ImportedTileset, TiledError> {
    let name = node.attribute("name").unwrap_or("").to_string();
    let tw = attr_u32(ctx, node, "tilewidth")?.unwrap_or(0);
    let th = attr_u32(ctx, node, "tileheight")?.unwrap_or(0);
    let margin = attr_u32(ctx, node, "margin")?.unwrap_or(0);
    let spacing = attr_u32(ctx, node, "spacing")?.unwrap_or(0);
    let image = node.children().find(|c| c.has_tag_name("image"));
    let (mut tile_count, mut grid_png) = (attr_u32(ctx, node, "tilecount")?, None);
    let mut columns = attr_u32(ctx, node, "columns")?;
    if let Some(img) = image {
        let source = img
            .attribute("source")
            .ok_or_else(|| ctx.missing("tileset image", "source"))?;
        let decoded = decode_png_limited(&decode_images(ctx, source)?);
        let (iw, ih) = match (attr_u32(ctx, img, "width")?, attr_u32(ctx, img, "height")?) {
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
        let (fit_cols, rows) = grid_size(iw, ih, tw, th, margin, spacing);
        let cols = columns.unwrap_or(fit_cols);
        columns = Some(cols);
        tile_count = Some(tile_count.unwrap_or(cols.saturating_mul(rows)));
        grid_png = decoded;
    }
    let grid = Grid {
        tile_width: tw,
        tile_height: th,
        margin,
        spacing,
        columns: columns.unwrap_or(1),
    };
    let mut entries = Vec::new();
    for tile in node.children().filter(|c| c.has_tag_name("tile")) {
        let image = match tile.children().find(|c| c.has_tag_name("image")) {
            Some(img) => Some(
                img.attribute("source")
                    .ok_or_else(|| ctx.missing("tile image", "source"))?
                    .to_string(),
            ),
            None => None,
        };
        entries.push(TileEntry {
            id: req_u32(ctx, tile, "id")?,
            properties: xml_properties(tile),
            image,
        });
    }
    let (tiles, max_id) = build_tiles(
        ctx,
        entries,
        grid_png.as_ref(),
        &grid,
        tile_count.unwrap_or(0),
    )?;
    Ok(ImportedTileset {
        first_gid,
        name,
        tile_count: max_id,
        tiles,
    })
}

fn xml_layer_data(
    ctx: &Ctx,
    layer: roxmltree::Node,
    name: &str,
    expected: usize,
) -> Result<Vec<u32>, TiledError> {
    let data = layer
        .children()
        .find(|c| c.has_tag_name("data"))
        .ok_or_else(|| ctx.missing(&format!("layer '{name}'"), "data"))?;
    let text = data.text().unwrap_or("");
    match data.attribute("encoding") {
        Some("csv") => decode_csv_layer(ctx, name, text, expected),
        Some("base64") => {
            decode_base64_layer(ctx, name, text, data.attribute("compression"), expected)
        }
        Some(other) => Err(ctx.bad(
            &format!("layer '{name}' data"),
            "encoding",
            other,
            "expected csv or base64",
        )),
        None => {
            if data.children().any(|c| c.has_tag_name("chunk")) {
                return Err(TiledError::Infinite {
                    file: ctx.file.clone(),
                });
            }
            let gids: Vec<u32> = data
                .children()
                .filter(|c| c.has_tag_name("tile"))
                .map(|t| {
                    t.attribute("gid")
                        .and_then(|g| g.parse::<u32>().ok())
                        .unwrap_or(0)
                        & !GID_FLAGS
                })
                .collect();
            if gids.len() != expected {
                return Err(TiledError::DataLength {
                    file: ctx.file.clone(),
                    layer: name.into(),
                    found: gids.len(),
                    expected,
                });
            }
            Ok(gids)
        }
    }
}

fn collect_xml_layers(
    ctx: &Ctx,
    parent: roxmltree::Node,
    expected: usize,
    doc: &mut TiledDocument,
) -> Result<(), TiledError> {
    for node in parent.children().filter(roxmltree::Node::is_element) {
        match node.tag_name().name() {
            "layer" => {
                let name = node.attribute("name").unwrap_or("").to_string();
                let gids = xml_layer_data(ctx, node, &name, expected)?;
                doc.layers.push(ImportedLayer { name, gids });
            }
            "objectgroup" => {
                for obj in node.children().filter(|c| c.has_tag_name("object")) {
                    let num = |k: &str| {
                        obj.attribute(k)
                            .and_then(|v| v.parse::<f64>().ok())
                            .unwrap_or(0.0)
                    };
                    let note = xml_properties(obj)
                        .into_iter()
                        .find(|(k, _)| k == "note")
                        .map(|(_, v)| v);
                    let text = note
                        .or_else(|| obj.attribute("name").map(str::to_string))
                        .unwrap_or_default();
                    if obj.children().any(|c| c.has_tag_name("point")) && !text.is_empty() {
                        doc.points.push(ImportedPoint {
                            x: num("x"),
                            y: num("y"),
                            text,
                        });
                    }
                }
            }
            "group" => collect_xml_layers(ctx, node, expected, doc)?,
            _ => {}
        }
    }
    Ok(())
}

/// Read a TMX map. `file` names it in messages; `res` supplies external tilesets and images.
pub fn read_tmx(text: &str, file: &str, res: &dyn Resources) -> Result<TiledDocument, TiledError> {
    let ctx = Ctx {
        file: file.into(),
        res,
        prefix: String::new(),
    };
    let xml = xml_doc(&ctx, text)?;
    let map = xml.root_element();
    if !map.has_tag_name("map") {
        return Err(ctx.bad(
            "document",
            "root element",
            map.tag_name().name(),
            "expected <map>",
        ));
    }
    let orientation = map
        .attribute("orientation")
        .ok_or_else(|| ctx.missing("map", "orientation"))?;
    if orientation != "hexagonal" {
        return Err(TiledError::NotHexagonal {
            file: ctx.file.clone(),
            orientation: orientation.into(),
        });
    }
    if map.attribute("infinite") == Some("1") {
        return Err(TiledError::Infinite {
            file: ctx.file.clone(),
        });
    }
    let (width, height) = (req_u32(&ctx, map, "width")?, req_u32(&ctx, map, "height")?);
    check_size(&ctx, width.into(), height.into())?;
    let geometry = geometry(
        &ctx,
        req_u32(&ctx, map, "tilewidth")?,
        req_u32(&ctx, map, "tileheight")?,
        attr_u32(&ctx, map, "hexsidelength")?.unwrap_or(0),
        map.attribute("staggeraxis"),
        map.attribute("staggerindex"),
    )?;
    let mut doc = TiledDocument {
        width,
        height,
        geometry,
        tilesets: Vec::new(),
        layers: Vec::new(),
        points: Vec::new(),
        properties: xml_properties(map),
    };
    for ts in map.children().filter(|c| c.has_tag_name("tileset")) {
        let first_gid = req_u32(&ctx, ts, "firstgid")?;
        let tileset = match ts.attribute("source") {
            Some(source) => read_external_tileset(&ctx, source, first_gid)?,
            None => xml_tileset(&ctx, ts, first_gid)?,
        };
        doc.tilesets.push(tileset);
    }
    doc.tilesets.sort_by_key(|t| t.first_gid);
    collect_xml_layers(&ctx, map, width as usize * height as usize, &mut doc)?;
    check_gids(&ctx, &doc)?;
    Ok(doc)
}

fn read_external_tileset(
    ctx: &Ctx,
    source: &str,
    first_gid: u32,
) -> Result<ImportedTileset, TiledError> {
    let bytes = ctx.load("tileset", source)?;
    let text = String::from_utf8(bytes).map_err(|_| TiledError::Resource {
        file: ctx.file.clone(),
        what: "tileset",
        path: source.into(),
        why: "not UTF-8 text".into(),
    })?;
    let inner = Ctx {
        file: source.into(),
        res: ctx.res,
        prefix: ctx.resolve(&folder_of(source)),
    };
    if text.trim_start().starts_with('{') {
        let v = json_doc(&inner, &text)?;
        json_tileset(&inner, &v, first_gid)
    } else {
        let xml = xml_doc(&inner, &text)?;
        let root = xml.root_element();
        if !root.has_tag_name("tileset") {
            return Err(inner.bad(
                "document",
                "root element",
                root.tag_name().name(),
                "expected <tileset>",
            ));
        }
        xml_tileset(&inner, root, first_gid)
    }
}

// ---------------------------------------------------------------- TMJ / TSJ

fn json_doc(ctx: &Ctx, text: &str) -> Result<serde_json::Value, TiledError> {
    serde_json::from_str(text).map_err(|e| TiledError::Json {
        file: ctx.file.clone(),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })
}

fn json_u32(
    ctx: &Ctx,
    v: &serde_json::Value,
    element: &str,
    key: &str,
) -> Result<Option<u32>, TiledError> {
    match v.get(key) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(x) => x
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| ctx.bad(element, key, &x.to_string(), "expected a whole number")),
    }
}

fn json_req_u32(
    ctx: &Ctx,
    v: &serde_json::Value,
    element: &str,
    key: &str,
) -> Result<u32, TiledError> {
    json_u32(ctx, v, element, key)?.ok_or_else(|| ctx.missing(element, key))
}

fn json_properties(v: &serde_json::Value) -> Vec<(String, String)> {
    v.get("properties")
        .and_then(|p| p.as_array())
        .map(|items| {
            items
                .iter()
                .filter_map(|p| {
                    let name = p.get("name")?.as_str()?.to_string();
                    let value = match p.get("value")? {
                        serde_json::Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    Some((name, value))
                })
                .collect()
        })
        .unwrap_or_default()
}

fn json_tileset(
    ctx: &Ctx,
    v: &serde_json::Value,
    first_gid: u32,
) -> Result<ImportedTileset, TiledError> {
    let el = "tileset";
    let tw = json_u32(ctx, v, el, "tilewidth")?.unwrap_or(0);
    let th = json_u32(ctx, v, el, "tileheight")?.unwrap_or(0);
    let grid = Grid {
        tile_width: tw,
        tile_height: th,
        margin: json_u32(ctx, v, el, "margin")?.unwrap_or(0),
        spacing: json_u32(ctx, v, el, "spacing")?.unwrap_or(0),
        columns: json_u32(ctx, v, el, "columns")?.unwrap_or(1),
    };
    let count = json_u32(ctx, v, el, "tilecount")?.unwrap_or(0);
    let grid_png = match v.get("image").and_then(|i| i.as_str()) {
        Some(image) => decode_png_limited(&decode_images(ctx, image)?),
        None => None,
    };
    let mut entries = Vec::new();
    for t in v
        .get("tiles")
        .and_then(|t| t.as_array())
        .into_iter()
        .flatten()
    {
        entries.push(TileEntry {
            id: json_req_u32(ctx, t, "tileset tile", "id")?,
            properties: json_properties(t),
            image: t.get("image").and_then(|i| i.as_str()).map(str::to_string),
        });
    }
    let (tiles, max_id) = build_tiles(ctx, entries, grid_png.as_ref(), &grid, count)?;
    Ok(ImportedTileset {
        first_gid,
        name: v
            .get("name")
            .and_then(|n| n.as_str())
            .unwrap_or("")
            .to_string(),
        tile_count: max_id,
        tiles,
    })
}

fn collect_json_layers(
    ctx: &Ctx,
    layers: &serde_json::Value,
    expected: usize,
    doc: &mut TiledDocument,
) -> Result<(), TiledError> {
    for layer in layers.as_array().into_iter().flatten() {
        let name = layer
            .get("name")
            .and_then(|n| n.as_str())
            .unwrap_or("")
            .to_string();
        match layer.get("type").and_then(|t| t.as_str()).unwrap_or("") {
            "tilelayer" => {
                if layer.get("chunks").is_some() {
                    return Err(TiledError::Infinite {
                        file: ctx.file.clone(),
                    });
                }
                let data = layer
                    .get("data")
                    .ok_or_else(|| ctx.missing(&format!("layer '{name}'"), "data"))?;
                let gids = match data {
                    serde_json::Value::Array(items) => {
                        if items.len() != expected {
                            return Err(TiledError::DataLength {
                                file: ctx.file.clone(),
                                layer: name,
                                found: items.len(),
                                expected,
                            });
                        }
                        items
                            .iter()
                            .enumerate()
                            .map(|(i, g)| {
                                g.as_u64()
                                    .and_then(|n| u32::try_from(n).ok())
                                    .map(|n| n & !GID_FLAGS)
                                    .ok_or_else(|| TiledError::Data {
                                        file: ctx.file.clone(),
                                        layer: name.clone(),
                                        why: format!("item {} is {g}, not a tile id", i + 1),
                                    })
                            })
                            .collect::<Result<Vec<u32>, _>>()?
                    }
                    serde_json::Value::String(s) => {
                        let compression = layer
                            .get("compression")
                            .and_then(|c| c.as_str())
                            .filter(|c| !c.is_empty());
                        decode_base64_layer(ctx, &name, s, compression, expected)?
                    }
                    other => {
                        return Err(ctx.bad(
                            &format!("layer '{name}'"),
                            "data",
                            &other.to_string(),
                            "expected an array or a base64 string",
                        ));
                    }
                };
                doc.layers.push(ImportedLayer { name, gids });
            }
            "objectgroup" => {
                for obj in layer
                    .get("objects")
                    .and_then(|o| o.as_array())
                    .into_iter()
                    .flatten()
                {
                    if obj.get("point").and_then(|p| p.as_bool()) != Some(true) {
                        continue;
                    }
                    let note = json_properties(obj)
                        .into_iter()
                        .find(|(k, _)| k == "note")
                        .map(|(_, v)| v);
                    let text = note
                        .or_else(|| obj.get("name").and_then(|n| n.as_str()).map(str::to_string))
                        .unwrap_or_default();
                    let num = |k: &str| obj.get(k).and_then(|v| v.as_f64()).unwrap_or(0.0);
                    if !text.is_empty() {
                        doc.points.push(ImportedPoint {
                            x: num("x"),
                            y: num("y"),
                            text,
                        });
                    }
                }
            }
            "group" => {
                if let Some(inner) = layer.get("layers") {
                    collect_json_layers(ctx, inner, expected, doc)?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Read a TMJ (JSON) map. `file` names it in messages; `res` supplies tilesets and images.
pub fn read_tmj(text: &str, file: &str, res: &dyn Resources) -> Result<TiledDocument, TiledError> {
    let ctx = Ctx {
        file: file.into(),
        res,
        prefix: String::new(),
    };
    let v = json_doc(&ctx, text)?;
    let orientation = v
        .get("orientation")
        .and_then(|o| o.as_str())
        .ok_or_else(|| ctx.missing("map", "orientation"))?;
    if orientation != "hexagonal" {
        return Err(TiledError::NotHexagonal {
            file: ctx.file.clone(),
            orientation: orientation.into(),
        });
    }
    if v.get("infinite").and_then(|i| i.as_bool()) == Some(true) {
        return Err(TiledError::Infinite {
            file: ctx.file.clone(),
        });
    }
    let (width, height) = (
        json_req_u32(&ctx, &v, "map", "width")?,
        json_req_u32(&ctx, &v, "map", "height")?,
    );
    check_size(&ctx, width.into(), height.into())?;
    let geometry = geometry(
        &ctx,
        json_req_u32(&ctx, &v, "map", "tilewidth")?,
        json_req_u32(&ctx, &v, "map", "tileheight")?,
        json_u32(&ctx, &v, "map", "hexsidelength")?.unwrap_or(0),
        v.get("staggeraxis").and_then(|s| s.as_str()),
        v.get("staggerindex").and_then(|s| s.as_str()),
    )?;
    let mut doc = TiledDocument {
        width,
        height,
        geometry,
        tilesets: Vec::new(),
        layers: Vec::new(),
        points: Vec::new(),
        properties: json_properties(&v),
    };
    for ts in v
        .get("tilesets")
        .and_then(|t| t.as_array())
        .into_iter()
        .flatten()
    {
        let first_gid = json_req_u32(&ctx, ts, "tileset", "firstgid")?;
        let tileset = match ts.get("source").and_then(|s| s.as_str()) {
            Some(source) => read_external_tileset(&ctx, source, first_gid)?,
            None => json_tileset(&ctx, ts, first_gid)?,
        };
        doc.tilesets.push(tileset);
    }
    doc.tilesets.sort_by_key(|t| t.first_gid);
    if let Some(layers) = v.get("layers") {
        collect_json_layers(&ctx, layers, width as usize * height as usize, &mut doc)?;
    }
    check_gids(&ctx, &doc)?;
    Ok(doc)
}

/// Read a Tiled map by its text: JSON when it starts with `{`, XML otherwise.
pub fn read_tiled(
    text: &str,
    file: &str,
    res: &dyn Resources,
) -> Result<TiledDocument, TiledError> {
    if text.trim_start().starts_with('{') {
        read_tmj(text, file, res)
    } else {
        read_tmx(text, file, res)
    }
}
