//! Godot 4 levels (`--to godot`): a scene (`.tscn`) holding one `TileMapLayer` whose cells
//! are the map's hexes, the `TileSet` it uses (`NAME-tileset.tres`: hexagon tiles, the
//! layout and offset axis of the map's offset kind, custom data layers with each
//! terrain's name, movement cost and sight blocking) and the atlas picture
//! (`NAME-atlas.png`, one hexagon tile per terrain in its colour).
//!
//! Godot's hex geometry (read from `scene/resources/2d/tile_set.cpp` of godotengine/godot,
//! `TileSet::map_to_local`; docs/EXPORT.md, "Godot 4"): with the horizontal offset axis
//! (pointy hexes) the `STACKED` layout shoves odd rows half a tile right and
//! `STACKED_OFFSET` even rows, rows 3/4 of the tile's height apart; the vertical axis
//! (flat hexes) does the same for columns. So a cell's coordinates are the hex's offset
//! column and row in the map's own offset kind. The tile size is whole pixels: its sides
//! are chosen within 0.1 % of a regular hexagon's proportions (√3 : 2), so the level keeps
//! the map's layout across it.
//!
//! `tile_map_data` is Godot 4's binary cell list (`scene/2d/tile_map_layer.cpp`,
//! `TileMapLayer::set_tile_map_data_from_array`): a little-endian u16 format (0), then
//! per cell x and y as i16, the source id, the atlas x and y and the alternative as u16.

use super::board::BOARD_HEX_RANGE;
use crate::format::{ExportOnly, FormatInfo, FormatOption, WriteError, WriteJob, Written};
use crate::render::{Fonts, RasterSink, ToPixels};
use crate::tiled::tileset_image::art_tile;
use crate::tiled::xml::escape;
use hexmap_draw::{Colour, ImageSet, Polygon, Sink};
use hexmap_hex::{OffsetKind, Orientation, Point};
use hexmap_map::{HexMap, MoveCost};

/// The most a tile's proportions may differ from a regular hexagon's (0.1 %).
pub const GODOT_RATIO_TOLERANCE: f64 = 0.001;

/// A Godot tile size for hexes about `flat` pixels flat to flat: (flat to flat, corner to
/// corner), the nearest whole sizes whose ratio is within [`GODOT_RATIO_TOLERANCE`] of
/// a regular hexagon's (the larger one on a tie).
pub fn godot_tile(flat: u32) -> (u32, u32) {
    let ratio = 2.0 / 3f64.sqrt();
    let fits = |f: u32| {
        let long = (f64::from(f) * ratio).round();
        ((long / (f64::from(f) * ratio)) - 1.0).abs() <= GODOT_RATIO_TOLERANCE
    };
    let (lo, hi) = BOARD_HEX_RANGE;
    let f = (0..=hi)
        .flat_map(|d| [flat.saturating_add(d), flat.saturating_sub(d)])
        .filter(|f| (lo..=hi).contains(f))
        .find(|&f| fits(f))
        .unwrap_or(flat);
    (f, (f64::from(f) * ratio).round() as u32)
}

/// Godot's `tile_layout` and `tile_offset_axis` for an offset kind: STACKED (0) shoves the
/// odd lines, STACKED_OFFSET (1) the even ones; axis 0 (horizontal) shoves rows, 1
/// (vertical) columns.
pub fn layout_and_axis(kind: OffsetKind) -> (u8, u8) {
    match kind {
        OffsetKind::OddR => (0, 0),
        OffsetKind::EvenR => (1, 0),
        OffsetKind::OddQ => (0, 1),
        OffsetKind::EvenQ => (1, 1),
    }
}

/// The tile's size in pixels (x, y) for `map`: flat to flat across pointy hexes, corner to
/// corner across flat ones.
pub fn tile_size(map: &HexMap, flat: u32) -> (u32, u32) {
    let (f, long) = godot_tile(flat);
    match map.properties().orientation {
        Orientation::Pointy => (f, long),
        Orientation::Flat => (long, f),
    }
}

/// The cells of the level: (x, y, atlas column) per hex with a terrain, the atlas column
/// being the terrain's place in the palette.
fn cells(map: &HexMap) -> Result<Vec<(i16, i16, u16)>, WriteError> {
    let kind = map.properties().offset_kind;
    let terrains = map.palette().terrains();
    let mut out = Vec::new();
    for h in map.shape().iter() {
        let Some(t) = map.terrain(h) else { continue };
        let Some(column) = terrains.iter().position(|p| p.id == t) else {
            continue;
        };
        let o = kind.from_hex(h);
        let (Ok(x), Ok(y)) = (i16::try_from(o.col), i16::try_from(o.row)) else {
            return Err(WriteError::Option(format!(
                "Godot's tile map holds cells from -32768 to 32767, and hex {} is at \
                 column {}, row {}",
                map.hex_label(h),
                o.col,
                o.row
            )));
        };
        out.push((x, y, column as u16));
    }
    Ok(out)
}

/// `tile_map_data`'s bytes for `cells` (source 0, atlas row 0, alternative 0).
pub fn tile_map_data(cells: &[(i16, i16, u16)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 + 12 * cells.len());
    out.extend_from_slice(&0u16.to_le_bytes());
    for &(x, y, column) in cells {
        out.extend_from_slice(&x.to_le_bytes());
        out.extend_from_slice(&y.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(&column.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
    }
    out
}

/// A Godot string literal.
fn godot_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The `.tres` TileSet: hexagon tiles of `size`, the map's layout, the atlas and the
/// custom data layers.
pub fn tileset(map: &HexMap, size: (u32, u32), atlas: &str) -> String {
    let (layout, axis) = layout_and_axis(map.properties().offset_kind);
    let (w, h) = size;
    let mut tiles = String::new();
    for (column, t) in map.palette().terrains().iter().enumerate() {
        let cost = match t.cost {
            MoveCost::Cost(c) => format!("{}", c.points()),
            MoveCost::Impassable => "-1.0".to_string(),
        };
        let cost = if cost.contains('.') {
            cost
        } else {
            format!("{cost}.0")
        };
        tiles.push_str(&format!(
            "{column}:0/0 = 0\n{column}:0/0/custom_data_0 = {}\n\
             {column}:0/0/custom_data_1 = {cost}\n{column}:0/0/custom_data_2 = {}\n",
            godot_string(&t.name),
            t.blocks_sight
        ));
    }
    format!(
        "[gd_resource type=\"TileSet\" load_steps=3 format=3]\n\n\
         [ext_resource type=\"Texture2D\" path=\"res://{atlas}\" id=\"1_atlas\"]\n\n\
         [sub_resource type=\"TileSetAtlasSource\" id=\"TileSetAtlasSource_terrains\"]\n\
         texture = ExtResource(\"1_atlas\")\n\
         texture_region_size = Vector2i({w}, {h})\n\
         {tiles}\n\
         [resource]\n\
         tile_shape = 3\n\
         tile_layout = {layout}\n\
         tile_offset_axis = {axis}\n\
         tile_size = Vector2i({w}, {h})\n\
         custom_data_layer_0/name = \"terrain\"\n\
         custom_data_layer_0/type = 4\n\
         custom_data_layer_1/name = \"cost\"\n\
         custom_data_layer_1/type = 3\n\
         custom_data_layer_2/name = \"blocks_sight\"\n\
         custom_data_layer_2/type = 1\n\
         sources/0 = SubResource(\"TileSetAtlasSource_terrains\")\n"
    )
}

/// The `.tscn` scene: one `TileMapLayer` named after the map, on the TileSet.
pub fn scene(map: &HexMap, data: &[u8], tileset: &str) -> String {
    let bytes: Vec<String> = data.iter().map(u8::to_string).collect();
    let name = if map.name().is_empty() {
        "Map".to_string()
    } else {
        map.name().replace(['.', ':', '@', '/', '"', '%'], "_")
    };
    format!(
        "[gd_scene load_steps=2 format=3]\n\n\
         [ext_resource type=\"TileSet\" path=\"res://{tileset}\" id=\"1_tileset\"]\n\n\
         [node name={} type=\"TileMapLayer\"]\n\
         tile_map_data = PackedByteArray({})\n\
         tile_set = ExtResource(\"1_tileset\")\n",
        godot_string(&name),
        bytes.join(", ")
    )
}

/// The atlas: one tile of `size` per terrain, left to right in palette order, each a
/// hexagon of Godot's tile shape in the terrain's colour, with the terrain's first tile-art
/// image over it where `images` holds it (drawn by `draw` as the map draws a tile-art
/// cell).
pub fn atlas(
    map: &HexMap,
    size: (u32, u32),
    images: Option<&ImageSet>,
) -> Result<Vec<u8>, WriteError> {
    let terrains = map.palette().terrains();
    let (w, h) = size;
    let count = terrains.len().max(1) as u32;
    let mut img = tiny_skia::Pixmap::new(w * count, h)
        .ok_or_else(|| WriteError::Option("the atlas is too large".to_string()))?;
    // Godot's hexagon (tile_set.cpp, `get_tile_shape_polygon`): corners at the middle of
    // the top and bottom and a quarter in from them on the sides (pointy); turned for
    // flat hexes.
    let pointy = map.properties().orientation == Orientation::Pointy;
    let corners: [(f64, f64); 6] = [
        (0.0, -0.5),
        (-0.5, -0.25),
        (-0.5, 0.25),
        (0.0, 0.5),
        (0.5, 0.25),
        (0.5, -0.25),
    ];
    let fonts = Fonts::new();
    let pixels = ToPixels {
        scale: 1.0,
        offset: (0.0, 0.0),
    };
    let mut sink = RasterSink::new(&mut img, pixels, &fonts);
    for (n, t) in terrains.iter().enumerate() {
        let outline: Vec<Point> = (corners.iter())
            .map(|&(a, b)| {
                let (a, b) = if pointy { (a, b) } else { (b, a) };
                Point::new(
                    (n as f64 + 0.5 + a) * f64::from(w),
                    (0.5 + b) * f64::from(h),
                )
            })
            .collect();
        let [r, g, b] = t.color.0;
        let colour = Colour::rgb(r, g, b);
        let art = (t.art.images.first()).and_then(|path| images?.get(path));
        match art {
            Some(image) => art_tile(&mut sink, &outline, colour, image, t.art.tint),
            None => sink.polygon(&Polygon {
                points: &outline,
                fill: Some(colour),
                stroke: None,
            }),
        }
    }
    drop(sink);
    img.encode_png()
        .map_err(|e| WriteError::Option(format!("the atlas: {e}")))
}

/// The side files' names from the scene's: the TileSet and the atlas.
pub fn side_names(main: &str) -> (String, String) {
    let stem = main.rsplit_once('.').map_or(main, |(s, _)| s);
    (format!("{stem}-tileset.tres"), format!("{stem}-atlas.png"))
}

/// The Godot format.
pub static GODOT: ExportOnly = ExportOnly {
    info: FormatInfo {
        name: "godot",
        description: "Godot 4 scene (.tscn, TileSet and atlas beside it)",
        extensions: &["tscn"],
        options: &[FormatOption::BoardHex, FormatOption::PlayerView],
        reads: false,
        writes: true,
        drops: GODOT_DROPS,
    },
    write: write_godot,
    folder_main: None,
};

/// A Godot level holds terrain per hex (with the palette's names, costs and sight as
/// custom data) and nothing else of the map: every kind of content but the palette, which
/// [`Content::ALL`](crate::format::Content::ALL) lists first.
const GODOT_DROPS: &[crate::format::Content] = match crate::format::Content::ALL.split_first() {
    Some((_, rest)) => rest,
    None => &[],
};
const _: () = assert!(matches!(
    crate::format::Content::ALL[0],
    crate::format::Content::Palette
));

/// Writes a Godot 4 scene with a hex TileMapLayer, its TileSet and atlas.
fn write_godot(job: WriteJob<'_>) -> Result<Written, WriteError> {
    let WriteJob {
        map,
        opts,
        file_name,
        progress,
    } = job;
    let (lo, hi) = BOARD_HEX_RANGE;
    if !(lo..=hi).contains(&opts.board_hex) {
        return Err(WriteError::Option(format!(
            "a tile size must be from {lo} to {hi} pixels flat to flat, got {}",
            opts.board_hex
        )));
    }
    super::board::require_regular_hexes(map, "Godot's hexagon tile grid")?;
    let size = tile_size(map, opts.board_hex);
    let (tileset_name, atlas_name) = side_names(file_name);
    let data = tile_map_data(&cells(map)?);
    let atlas = atlas(map, size, opts.images.as_deref())?;
    progress(0.9);
    let tres = tileset(map, size, &escape(&atlas_name));
    let tscn = scene(map, &data, &escape(&tileset_name));
    Ok(Written {
        main: tscn.into_bytes(),
        side: vec![(tileset_name, tres.into_bytes()), (atlas_name, atlas)],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_sizes_keep_a_regular_hexagons_proportions() {
        for flat in [20, 48, 64, 72, 100, 200] {
            let (f, long) = godot_tile(flat);
            let ratio = f64::from(long) / f64::from(f);
            assert!(
                (ratio / (2.0 / 3f64.sqrt()) - 1.0).abs() <= GODOT_RATIO_TOLERANCE,
                "{flat}: {f} × {long}"
            );
            // Whole sizes that fit are sparse for small hexes, dense for larger ones.
            assert!(f.abs_diff(flat) <= 10, "{flat}: {f}");
        }
        assert_eq!(godot_tile(64), (65, 75));
    }

    #[test]
    fn cells_are_twelve_little_endian_bytes_after_the_format() {
        let data = tile_map_data(&[(-1, 2, 3)]);
        assert_eq!(data, [0, 0, 255, 255, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0]);
    }
}
