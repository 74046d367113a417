//! A hexmap map as a Tiled map: the terrain, mines and holes layers, the terrain tileset
//! with one tile per palette entry, notes and the objects, and the `hexmap:*` properties.

use super::super::geometry::{DEFAULT_TILE_SIZE, TileGeometry};
use super::super::grid::TiledGrid;
use super::super::model::{PointObject, Tile, TileKind, TileLayer, TiledMap, Tileset};
use super::super::{objects, tile_art};
use super::*;
use hexmap_hex::OffsetCoord;
use hexmap_map::{HexMap, MoveCost, ShapeSpec, TerrainId};
use std::collections::BTreeMap;

/// The map as a Tiled map whose tileset image is called `image_name`, without tile art
/// tiles, with tiles of [`DEFAULT_TILE_SIZE`] (see [`to_tiled_with_images`]).
pub fn to_tiled(map: &HexMap, image_name: &str) -> TiledMap {
    to_tiled_with_images(map, image_name, None, (DEFAULT_TILE_SIZE, false))
}

/// The map as a Tiled map whose tileset image is called `image_name`. Layers: `terrain`,
/// `mines` when any cell has a mine, the hidden `holes` when the shape does not fill
/// Tiled's rectangle; notes become point objects at hex centres. The
/// cells are laid out in the map's offset kind turned to its orientation. Each
/// terrain tile-art image in `images` gets a tile of its own, and a cell of a terrain with
/// art shows the tile of the image [`hexmap_map::TileArt::pick`] chooses for it. Tiles
/// are `tile_size` pixels corner to corner whatever the map's world units
/// ([`TileGeometry::for_map`]; the map's exact hex size travels in `hexmap:hex_size`).
/// `players`: the map is a player map (`--player-view`), whose regions' outlines leave
/// out the sides along hidden cells.
pub fn to_tiled_with_images(
    map: &HexMap,
    image_name: &str,
    images: Option<&hexmap_draw::ImageSet>,
    (tile_size, players): (u32, bool),
) -> TiledMap {
    let props = map.properties();
    let kind = props.offset_kind.for_orientation(props.orientation);
    let bounds = tiled_bounds(kind, map.shape().offset_bounds(kind));
    let geometry = TileGeometry::for_map(kind, props.hex_size, tile_size);
    let palette = map.palette().terrains();
    let mut tiles: Vec<Tile> = palette
        .iter()
        .enumerate()
        .map(|(i, t)| Tile {
            properties: vec![
                (PROP_ID.into(), t.id.to_string()),
                (PROP_SYMBOL.into(), t.symbol.to_string()),
                // A number (float), or a bool saying it cannot be entered: never a word in
                // a number's place.
                match t.cost {
                    MoveCost::Cost(c) => (PROP_COST.into(), c.to_string()),
                    MoveCost::Impassable => (PROP_IMPASSABLE.into(), "true".into()),
                },
                (PROP_SIGHT.into(), t.blocks_sight.to_string()),
                // Exact, where the sampled tile image may blend it (tiny tiles).
                (PROP_COLOR.into(), t.color.to_string()),
            ],
            ..Tile::terrain(i as u32, t.name.clone(), rgba(t.color))
        })
        .map(|mut tile| {
            tile.properties
                .extend(tile_art::art_properties(&palette[tile.id as usize].art));
            tile
        })
        .collect();
    let mine_gid = tiles.len() as u32 + 1;
    let has_mines = map.mines().next().is_some();
    if has_mines {
        tiles.push(Tile {
            kind: TileKind::Mine,
            ..Tile::terrain(tiles.len() as u32, MINE_TILE_NAME, [20, 20, 20, 255])
        });
    }
    // Holes: the cells of Tiled's rectangle that are not cells of the map (a free-form
    // map's gaps, a hexagon's corners), each marked by the hole tile on the hidden layer
    // `holes`, so a hole differs from a cell without terrain (both gid 0 on `terrain`).
    let holes: Vec<bool> = (0..bounds.rows as i32)
        .flat_map(|row| (0..bounds.cols as i32).map(move |col| (col, row)))
        .map(|(col, row)| {
            let c = OffsetCoord::new(col + bounds.min_col, row + bounds.min_row);
            !map.contains(kind.to_hex(c))
        })
        .collect();
    let hole_gid = tiles.len() as u32 + 1;
    let has_holes = holes.contains(&true);
    if has_holes {
        tiles.push(Tile::terrain(
            tiles.len() as u32,
            HOLE_TILE_NAME,
            [60, 60, 60, 255],
        ));
    }
    // Fog: the cells the players have not seen, under a dark tile on the layer `fog`.
    let fog_gid = tiles.len() as u32 + 1;
    if map.has_fog() {
        tiles.push(Tile::terrain(
            tiles.len() as u32,
            FOG_TILE_NAME,
            [46, 50, 64, 255],
        ));
    }
    let (art_tiles, art_ids) = tile_art::art_tiles(palette, images, tiles.len() as u32);
    tiles.extend(art_tiles);
    // The terrain tileset's first gid is 1: a tile's gid is its local id + 1.
    let art_gid = |t: TerrainId, hex: hexmap_hex::Hex| {
        let path = map
            .palette()
            .get(t)?
            .art
            .pick(hexmap_hex::stable_hash(hex))?;
        art_ids.get(&(t, path.to_string())).map(|id| id + 1)
    };
    let gid_of: BTreeMap<TerrainId, u32> = palette
        .iter()
        .enumerate()
        .map(|(i, t)| (t.id, i as u32 + 1))
        .collect();
    let (w, h) = (bounds.cols, bounds.rows);
    let mut terrain = vec![0u32; w as usize * h as usize];
    let mut mines = vec![0u32; if has_mines { terrain.len() } else { 0 }];
    let mut fog = vec![0u32; if map.has_fog() { terrain.len() } else { 0 }];
    let mut notes = Vec::new();
    for hex in map.shape().iter() {
        let c = kind.from_hex(hex);
        let (col, row) = (
            (c.col - bounds.min_col) as usize,
            (c.row - bounds.min_row) as usize,
        );
        let i = row * w as usize + col;
        if let Some(t) = map.terrain(hex) {
            terrain[i] = art_gid(t, hex)
                .or_else(|| gid_of.get(&t).copied())
                .unwrap_or(0);
        }
        if has_mines && map.is_mine(hex) {
            mines[i] = mine_gid;
        }
        if !fog.is_empty() && !map.is_revealed(hex) {
            fog[i] = fog_gid;
        }
        if let Some(text) = map.note(hex) {
            let (x, y) = geometry.tile_centre(col as i64, row as i64);
            notes.push(PointObject {
                name: props.labels.format(hex).unwrap_or_else(|_| {
                    let own = props.offset_kind.from_hex(hex);
                    format!("{},{}", own.col, own.row)
                }),
                x,
                y,
                text: text.to_string(),
            });
        }
    }
    let mut layers = vec![TileLayer {
        name: "terrain".into(),
        gids: terrain,
        visible: true,
    }];
    if has_mines {
        layers.push(TileLayer {
            name: "mines".into(),
            gids: mines,
            visible: true,
        });
    }
    if !fog.is_empty() {
        // Hidden, as hexmap's own view of the map shows the terrain under the fog; a GM
        // shows the layer in Tiled to see what the players see.
        layers.push(TileLayer {
            name: FOG_LAYER.into(),
            gids: fog,
            visible: false,
        });
    }
    if has_holes {
        layers.push(TileLayer {
            name: HOLES_LAYER.into(),
            gids: holes
                .into_iter()
                .map(|hole| if hole { hole_gid } else { 0 })
                .collect(),
            visible: false,
        });
    }
    let mut properties = vec![
        (PROP_NAME.into(), props.name.clone()),
        (PROP_OFFSET.into(), props.offset_kind.to_string()),
        (
            PROP_ORIGIN.into(),
            format!("{},{}", bounds.min_col, bounds.min_row),
        ),
        (
            PROP_HEX_SIZE.into(),
            format!("{},{}", props.hex_size.x, props.hex_size.y),
        ),
    ];
    properties.push((PROP_LABELS.into(), props.labels.to_string()));
    // The view travels only when it is not the default, so plain maps export as before.
    let view = map.view();
    if let Some(corner) = view.legend {
        properties.push((PROP_LEGEND.into(), corner.to_string()));
    }
    if view.note_captions {
        properties.push((PROP_NOTE_CAPTIONS.into(), "true".into()));
    }
    if let Some(scale) = map.scale() {
        properties.push((PROP_SCALE_PER_HEX.into(), scale.per_hex.to_string()));
        properties.push((PROP_SCALE_UNIT.into(), scale.unit.clone()));
    }
    // A rectangle's spec names its own offset kind ("rect:odd-r:WxH").
    if let Some(shape) = ShapeSpec::of(map.shape()) {
        properties.push((PROP_SHAPE.into(), shape.to_string()));
    }
    let grid = TiledGrid {
        kind,
        origin: (bounds.min_col, bounds.min_row),
        geometry,
    };
    let terrain = Tileset::generated("hexmap terrain", image_name, tiles);
    let icon_first_gid = terrain.first_gid + terrain.tile_count;
    let objects = objects::export::export(
        map,
        (&grid, players),
        notes.len() as u32 + 1,
        icon_first_gid,
        &objects::icon_image_name(image_name),
    );
    properties.extend(objects.properties);
    let mut tilesets = vec![terrain];
    tilesets.extend(objects.icon_tileset);
    TiledMap {
        width: w,
        height: h,
        geometry,
        tilesets,
        layers,
        notes,
        object_groups: objects.groups,
        properties,
        custom_kinds: crate::tiled::objects::custom::tiled_kinds(map),
    }
}
