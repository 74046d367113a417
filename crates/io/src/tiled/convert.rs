//! A map as a Tiled hexagonal map and back.
//!
//! Tiled's (col, row) is our offset (col, row) in the grid kind that Tiled can draw for the
//! map's orientation: Tiled draws pointy hexes only with shoved rows (`staggeraxis="y"`) and
//! flat hexes only with shoved columns (`"x"`), so a map's own kind is swapped for the kind
//! of the same parity that goes with its orientation
//! ([`OffsetKind::for_orientation`](hexmap_hex::OffsetKind::for_orientation)), shifted so
//! the shape's bounding box starts at (0, 0). What Tiled has no place for travels in
//! `hexmap:*` properties (the map's own offset kind, shape, origin shift, exact hex size,
//! view; each terrain's id, symbol, cost, sight and tile art on its tile, one tile per
//! palette entry whether cells use it or not), so a map exported and imported again comes
//! back with the same palette, the same ids and every cell (docs/EXPORT.md lists the gaps).

use super::geometry::{TileGeometry, offset_kind_of};
use super::grid::TiledGrid;
use super::model::{PointObject, Tile, TileKind, TileLayer, TiledMap, Tileset, property};
use super::objects;
use super::tile_art;
use hexmap_hex::xxyy::LabelSettings;
use hexmap_hex::{OffsetCoord, OffsetKind, Point};
use hexmap_map::{
    Corner, HexMap, MAX_MAP_NAME_LEN, MapProperties, MapShape, MoveCost, OffsetBounds, Palette,
    Rgb, ShapeSpec, Terrain, TerrainId, ViewSettings, shorten_to_bytes, validate_hex_size,
};
use std::collections::BTreeMap;

const PROP_NAME: &str = "hexmap:name";
const PROP_OFFSET: &str = "hexmap:offset";
const PROP_SHAPE: &str = "hexmap:shape";
const PROP_ORIGIN: &str = "hexmap:origin";
const PROP_HEX_SIZE: &str = "hexmap:hex-size";
const PROP_LABELS: &str = "hexmap:labels";
const PROP_SYMBOL: &str = "hexmap:symbol";
const PROP_COST: &str = "hexmap:cost";
const PROP_SIGHT: &str = "hexmap:blocks-sight";
const PROP_ID: &str = "hexmap:id";
const PROP_COLOR: &str = "hexmap:color";
const PROP_LEGEND: &str = "hexmap:legend";
const PROP_NOTE_CAPTIONS: &str = "hexmap:note-captions";
const MINE_TILE_NAME: &str = "mine";

/// The shape's bounding box in `kind`, grown by one row (column) at the start when it begins
/// on an odd row (column) of a kind that shoves rows (columns). Tiled shoves the rows its
/// `staggerindex` names counting from its own row 0, so Tiled's (col, row) may differ from
/// ours only by an even shift along the stagger axis, or every row would be shoved the
/// wrong way.
fn tiled_bounds(kind: OffsetKind, mut b: OffsetBounds) -> OffsetBounds {
    let (start, len) = if kind.shoves_rows() {
        (&mut b.min_row, &mut b.rows)
    } else {
        (&mut b.min_col, &mut b.cols)
    };
    if *start & 1 != 0 {
        *start -= 1;
        *len += 1;
    }
    b
}

fn rgba(c: Rgb) -> [u8; 4] {
    [c.0[0], c.0[1], c.0[2], 255]
}

/// The map as a Tiled map whose tileset image is called `image_name`, without tile art
/// tiles (see [`to_tiled_with_images`]).
pub fn to_tiled(map: &HexMap, image_name: &str) -> TiledMap {
    to_tiled_with_images(map, image_name, None)
}

/// The map as a Tiled map whose tileset image is called `image_name`. Layers: `terrain`,
/// and `mines` when any cell has a mine; notes become point objects at hex centres. The
/// cells are laid out in the map's offset kind turned to its orientation. Each
/// terrain tile-art image in `images` gets a tile of its own, and a cell of a terrain with
/// art shows the tile of the image [`hexmap_map::TileArt::pick`] chooses for it.
pub fn to_tiled_with_images(
    map: &HexMap,
    image_name: &str,
    images: Option<&hexmap_draw::ImageSet>,
) -> TiledMap {
    let props = map.properties();
    let kind = props.offset_kind.for_orientation(props.orientation);
    let bounds = tiled_bounds(kind, map.shape().offset_bounds(kind));
    let geometry = TileGeometry::for_hex_size(kind, props.hex_size.x, props.hex_size.y);
    let palette = map.palette().terrains();
    let mut tiles: Vec<Tile> = palette
        .iter()
        .enumerate()
        .map(|(i, t)| Tile {
            properties: vec![
                (PROP_ID.into(), t.id.to_string()),
                (PROP_SYMBOL.into(), t.symbol.to_string()),
                (
                    PROP_COST.into(),
                    match t.cost {
                        MoveCost::Cost(c) => c.to_string(),
                        MoveCost::Impassable => "impassable".into(),
                    },
                ),
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
        &grid,
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
    }
}

/// Why a Tiled map could not become a hexmap map.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FromTiledError {
    /// No tile layer at all.
    #[error("the Tiled map has no tile layer")]
    NoTileLayer,
    /// More distinct tiles than a palette holds.
    #[error("the map needs {0} terrains (tiles the terrain layer uses or that record a hexmap:id); a palette holds at most {max}", max = hexmap_map::palette::MAX_TERRAINS)]
    TooManyTiles(usize),
    /// A layer's tile count is not width × height.
    #[error("layer '{layer}' has {found} tiles; expected {expected} (width × height)")]
    LayerSize {
        /// Layer name.
        layer: String,
        /// Tiles found.
        found: usize,
        /// Tiles expected.
        expected: usize,
    },
    /// A layer uses a tile id that no tileset has.
    #[error("tile {0} belongs to no tileset")]
    UnknownTile(u32),
    /// The resulting map is invalid.
    #[error("the imported map is invalid: {0}")]
    Invalid(String),
    /// An object (edge, path, icon, label) has a malformed value.
    #[error("layer '{layer}' object {id}: {message}")]
    Object {
        /// Its layer's name.
        layer: String,
        /// Its id.
        id: u32,
        /// What is wrong.
        message: String,
    },
    /// A map property has a malformed value.
    #[error("map property '{name}': {message}")]
    Property {
        /// The property.
        name: String,
        /// What is wrong.
        message: String,
    },
}

/// Symbols for imported terrains without one: letters, then digits, then other marks.
fn free_symbols(taken: &[char]) -> impl Iterator<Item = char> + '_ {
    ('a'..='z')
        .chain('A'..='Z')
        .chain('0'..='9')
        .chain("#%&*+-=!?@$^~<>/|:;()[]{}".chars())
        .chain((0x00C0u32..0x0250).filter_map(char::from_u32))
        .chain((0x0370u32..0x0500).filter_map(char::from_u32))
        .chain((0x4E00u32..0x5200).filter_map(char::from_u32))
        .filter(|c| hexmap_map::palette::symbol_allowed(*c) && !taken.contains(c))
}

/// A hexmap map from a Tiled hexagonal map, with warnings about what could not be kept.
///
/// The terrain layer is the tile layer named `terrain`, else the first tile layer. Every
/// tile that records a terrain id (`hexmap:id`) becomes that terrain, used or not, and each
/// other distinct tile the layer uses becomes a terrain with a free id (name from the
/// tile's `name` property, colour from `hexmap:color`, else sampled from the tile image's
/// centre). A layer named
/// `mines` marks mines; point objects become notes on the hex under them. Maps we exported
/// keep their whole palette with its ids and every cell (docs/EXPORT.md lists the gaps).
pub fn from_tiled(doc: &TiledMap) -> Result<(HexMap, Vec<String>), FromTiledError> {
    let mut warnings = Vec::new();
    let terrain_layer = doc
        .layers
        .iter()
        .find(|l| l.name.eq_ignore_ascii_case("terrain"))
        .or_else(|| {
            doc.layers
                .iter()
                .find(|l| !l.name.eq_ignore_ascii_case("mines"))
        })
        .ok_or(FromTiledError::NoTileLayer)?;
    let mines_layer = doc
        .layers
        .iter()
        .find(|l| l.name.eq_ignore_ascii_case("mines"));
    let expected = doc.width as usize * doc.height as usize;
    if let Some(l) = doc.layers.iter().find(|l| l.gids.len() != expected) {
        return Err(FromTiledError::LayerSize {
            layer: l.name.clone(),
            found: l.gids.len(),
            expected,
        });
    }
    for l in &doc.layers {
        if !std::ptr::eq(l, terrain_layer) && !mines_layer.is_some_and(|m| std::ptr::eq(l, m)) {
            warnings.push(format!(
                "tile layer '{}' was not imported (only one terrain layer and 'mines')",
                l.name
            ));
        }
    }
    // Cells are placed in Tiled's grid kind; the map keeps its own kind when we wrote it.
    let kind = offset_kind_of(doc.geometry.axis, doc.geometry.index);
    let orientation = doc.geometry.axis.orientation();
    let map_kind = doc
        .property(PROP_OFFSET)
        .and_then(|k| k.parse::<OffsetKind>().ok())
        .unwrap_or(kind);

    // Palette: a terrain per tile that records its terrain id (`hexmap:id`: we write a
    // tile for every palette entry, used or not), keeping that id, and one per other tile
    // the terrain layer uses (a tile-art tile counts as its terrain's tile), given the
    // lowest free id; in gid order, which is the exported palette's order.
    let art_owners = tile_art::art_owners(doc);
    let owner = |gid: u32| art_owners.get(&gid).copied().unwrap_or(gid);
    let recorded = recorded_ids(doc, &mut warnings);
    let used: std::collections::BTreeSet<u32> = terrain_layer
        .gids
        .iter()
        .map(|&g| owner(g))
        .filter(|&g| g != 0)
        .collect();
    let gids: std::collections::BTreeSet<u32> = recorded
        .keys()
        .copied()
        .chain(used.iter().copied())
        .collect();
    if gids.len() > hexmap_map::palette::MAX_TERRAINS {
        return Err(FromTiledError::TooManyTiles(gids.len()));
    }
    let taken_ids: std::collections::BTreeSet<TerrainId> = recorded.values().copied().collect();
    let mut free_ids = (1..=u16::MAX)
        .filter_map(TerrainId::new)
        .filter(|id| !taken_ids.contains(id));
    let mut terrains: Vec<Terrain> = Vec::new();
    let mut gid_terrain: BTreeMap<u32, TerrainId> = BTreeMap::new();
    let mut restored_symbols: Vec<Option<char>> = Vec::new();
    for &gid in &gids {
        let (tileset, tile) = doc.tile(gid).ok_or(FromTiledError::UnknownTile(gid))?;
        let tile_props = tile.map_or(&[][..], |t| t.properties.as_slice());
        let name = tile.and_then(|t| t.name.clone()).unwrap_or_else(|| {
            let set = if tileset.name.is_empty() {
                "tile"
            } else {
                &tileset.name
            };
            format!("{set} {}", gid - tileset.first_gid)
        });
        let color = match property(tile_props, PROP_COLOR).and_then(|c| c.parse::<Rgb>().ok()) {
            Some(Rgb(c)) => c,
            None => tile
                .and_then(|t| t.color)
                .map_or([128, 128, 128], |c| [c[0], c[1], c[2]]),
        };
        let id = match recorded.get(&gid) {
            Some(&id) => id,
            None => free_ids
                .next()
                .expect("at most MAX_TERRAINS terrains, far fewer than the ids"),
        };
        gid_terrain.insert(gid, id);
        let cost = match property(tile_props, PROP_COST) {
            Some("impassable") => MoveCost::Impassable,
            Some(c) => MoveCost::Cost(c.parse().unwrap_or(1)),
            None => MoveCost::Cost(1),
        };
        restored_symbols.push(property(tile_props, PROP_SYMBOL).and_then(|s| s.chars().next()));
        terrains.push(Terrain {
            id,
            name: shorten_to_bytes(&name, hexmap_map::palette::MAX_NAME_LEN).to_string(),
            color: Rgb(color),
            symbol: '?',
            cost,
            blocks_sight: property(tile_props, PROP_SIGHT)
                .and_then(|b| b.parse().ok())
                .unwrap_or(false),
            art: tile_art::art_from_properties(tile_props).unwrap_or_else(|e| {
                warnings.push(format!("terrain '{name}': tile art dropped: {e}"));
                Default::default()
            }),
        });
    }
    // Symbols: keep each one restored from `hexmap:symbol` that is allowed and unique, then
    // give every other terrain a fresh one.
    let mut taken: Vec<char> = Vec::new();
    for (t, restored) in terrains.iter_mut().zip(&restored_symbols) {
        if let Some(c) =
            restored.filter(|c| hexmap_map::palette::symbol_allowed(*c) && !taken.contains(c))
        {
            t.symbol = c;
            taken.push(c);
        }
    }
    for (t, restored) in terrains.iter_mut().zip(&restored_symbols) {
        if restored.is_none_or(|c| c != t.symbol) {
            let fresh = free_symbols(&taken)
                .next()
                .ok_or(FromTiledError::TooManyTiles(gids.len()))?;
            t.symbol = fresh;
            taken.push(fresh);
        }
    }
    let palette = Palette::new(terrains).map_err(|e| FromTiledError::Invalid(e.to_string()))?;

    // Shape and placement.
    let origin = property(&doc.properties, PROP_ORIGIN)
        .and_then(|s| s.split_once(','))
        .and_then(|(c, r)| Some((c.trim().parse::<i32>().ok()?, r.trim().parse::<i32>().ok()?)))
        .unwrap_or((0, 0));
    let shape = property(&doc.properties, PROP_SHAPE)
        .and_then(|text| text.parse::<ShapeSpec>().ok())
        .and_then(|spec| spec.to_shape(map_kind).ok())
        .filter(|s| {
            let b = tiled_bounds(kind, s.offset_bounds(kind));
            (b.min_col, b.min_row, b.cols, b.rows) == (origin.0, origin.1, doc.width, doc.height)
        });
    let shape = match shape {
        Some(s) => s,
        None => MapShape::rectangle(kind, doc.width, doc.height)
            .map_err(|e| FromTiledError::Invalid(e.to_string()))?,
    };
    let origin = if matches!(shape, MapShape::Rectangle { .. })
        && property(&doc.properties, PROP_SHAPE).is_none()
    {
        (0, 0)
    } else {
        origin
    };
    let hex_size = property(&doc.properties, PROP_HEX_SIZE)
        .and_then(|s| s.split_once(','))
        .and_then(|(x, y)| Some(Point::new(x.trim().parse().ok()?, y.trim().parse().ok()?)))
        .filter(|&p| validate_hex_size(orientation, p).is_ok())
        .unwrap_or_else(|| {
            let (tw, th) = (
                f64::from(doc.geometry.tile_width),
                f64::from(doc.geometry.tile_height),
            );
            match orientation {
                hexmap_hex::Orientation::Pointy => Point::new(tw / 3f64.sqrt(), th / 2.0),
                hexmap_hex::Orientation::Flat => Point::new(tw / 2.0, th / 3f64.sqrt()),
            }
        });
    let props = MapProperties {
        // Shortened by bytes, on a character boundary: the limit is in bytes.
        name: shorten_to_bytes(
            property(&doc.properties, PROP_NAME).unwrap_or("imported from Tiled"),
            MAX_MAP_NAME_LEN,
        )
        .to_string(),
        orientation,
        offset_kind: map_kind,
        hex_size,
        labels: property(&doc.properties, PROP_LABELS)
            .and_then(|text| text.parse().ok())
            .unwrap_or(LabelSettings {
                stagger: map_kind,
                ..LabelSettings::default()
            }),
    };
    let mut map =
        HexMap::new(props, shape, palette).map_err(|e| FromTiledError::Invalid(e.to_string()))?;
    map.set_view(view_settings(doc, &mut warnings));
    let width = doc.width as usize;
    let mut dropped = 0usize;
    for (i, &gid) in terrain_layer.gids.iter().enumerate() {
        let mine = mines_layer.is_some_and(|m| m.gids.get(i).is_some_and(|&g| g != 0));
        if gid == 0 && !mine {
            continue;
        }
        let (col, row) = ((i % width) as i32 + origin.0, (i / width) as i32 + origin.1);
        let hex = kind.to_hex(OffsetCoord::new(col, row));
        if !map.contains(hex) {
            dropped += 1;
            continue;
        }
        if gid != 0 {
            let _ = map.set_terrain(hex, gid_terrain.get(&owner(gid)).copied());
        }
        if mine {
            let _ = map.set_mine(hex, true);
        }
    }
    if dropped > 0 {
        warnings.push(format!(
            "{dropped} tiles lay outside the map's shape and were dropped"
        ));
    }
    let grid = TiledGrid {
        kind,
        origin,
        geometry: doc.geometry,
    };
    import_notes(doc, &grid, &mut map, &mut warnings);
    objects::import::import(doc, &grid, &mut map, &mut warnings)?;
    Ok((map, warnings))
}

/// The view settings recorded in `doc`'s properties (the default where none are); a value
/// that does not parse is left at its default with a warning.
fn view_settings(doc: &TiledMap, warnings: &mut Vec<String>) -> ViewSettings {
    let mut view = ViewSettings::default();
    if let Some(text) = property(&doc.properties, PROP_LEGEND) {
        match text.parse::<Corner>() {
            Ok(corner) => view.legend = Some(corner),
            Err(e) => warnings.push(format!("map property '{PROP_LEGEND}': {e}; no legend")),
        }
    }
    if let Some(text) = property(&doc.properties, PROP_NOTE_CAPTIONS) {
        match text.parse::<bool>() {
            Ok(on) => view.note_captions = on,
            Err(_) => warnings.push(format!(
                "map property '{PROP_NOTE_CAPTIONS}' is '{text}', not true or false; ignored"
            )),
        }
    }
    view
}

/// The tiles of `doc` that record the id of the terrain they stand for (`hexmap:id`, on
/// every terrain tile we write): global id → terrain id. A value that is not an id, or an
/// id an earlier tile records, is left out with a warning (that tile is then a terrain only
/// if the terrain layer uses it, with a new id).
fn recorded_ids(doc: &TiledMap, warnings: &mut Vec<String>) -> BTreeMap<u32, TerrainId> {
    let mut ids = BTreeMap::new();
    let mut seen = std::collections::BTreeSet::new();
    for set in &doc.tilesets {
        for tile in &set.tiles {
            let Some(text) = property(&tile.properties, PROP_ID) else {
                continue;
            };
            // A tile another tileset's gids hide is not on the map.
            let Some(gid) = set.first_gid.checked_add(tile.id).filter(|&gid| {
                doc.tile(gid)
                    .is_some_and(|(owner, _)| std::ptr::eq(owner, set))
            }) else {
                continue;
            };
            match text.parse().ok().and_then(TerrainId::new) {
                Some(id) if seen.insert(id) => {
                    ids.insert(gid, id);
                }
                _ => warnings.push(format!(
                    "tileset '{}' tile {}: {PROP_ID} '{text}' is not a terrain id of its own; ignored",
                    set.name, tile.id
                )),
            }
        }
    }
    ids
}

/// Notes from `doc`'s point objects, each on the hex whose tile is under it in Tiled's
/// pixel geometry (`grid`). A note off the map, or on a hex an earlier note took, is
/// dropped with a warning that quotes it.
fn import_notes(doc: &TiledMap, grid: &TiledGrid, map: &mut HexMap, warnings: &mut Vec<String>) {
    for p in &doc.notes {
        let text: String = p
            .text
            .chars()
            .take(hexmap_map::layers::MAX_NOTE_LEN / 4)
            .collect();
        let hex = grid
            .hex_at(Point::new(p.x, p.y))
            .filter(|&h| map.contains(h));
        match hex {
            Some(h) if map.note(h).is_some() => warnings.push(format!(
                "note '{}' lies on the same hex as note '{}' and was dropped",
                p.text,
                map.note(h).unwrap_or_default()
            )),
            Some(h) if map.set_note(h, Some(text)).is_ok() => {}
            _ => warnings.push(format!(
                "note '{}' lies outside the map and was dropped",
                p.text
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `tiled_roundtrip` fuzzer: a note at y = 5.6e72 overflowed the search
    /// for its nearest tile (panic "attempt to add with overflow"). A note that far away,
    /// in any direction, is dropped with a warning.
    #[test]
    fn a_note_far_off_the_map_is_dropped_not_a_panic() {
        for (x, y) in [
            (
                "8",
                "5555555555555555555555555555555555555555555555555555555555555555555555520.0",
            ),
            ("1e300", "8"),
            ("-1e300", "-1e300"),
        ] {
            let tmx = format!(
                r#"<map orientation="hexagonal" width="2" height="2" tilewidth="60" tileheight="52" hexsidelength="30" staggeraxis="y" staggerindex="odd"><layer name="terrain" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer><objectgroup name="notes"><object id="1" x="{x}" y="{y}"><properties><property name="note" value="far"/></properties><point/></object></objectgroup></map>"#
            );
            let doc = super::super::read_tiled(&tmx, "far.tmx", &crate::NoResources)
                .unwrap_or_else(|e| panic!("{x}, {y}: {e}"));
            let (map, warnings) = from_tiled(&doc).unwrap();
            assert!(map.notes().is_empty(), "{x}, {y}");
            assert!(
                warnings
                    .iter()
                    .any(|w| w.contains("note 'far' lies outside")),
                "{x}, {y}: {warnings:?}"
            );
        }
    }

    #[test]
    fn tiled_bounds_start_on_an_even_row_or_column_of_the_stagger_axis() {
        let hexagon = MapShape::hexagon(3).unwrap();
        for kind in OffsetKind::ALL {
            let b = hexagon.offset_bounds(kind);
            let t = tiled_bounds(kind, b);
            let (start, grown) = if kind.shoves_rows() {
                (
                    t.min_row,
                    (t.rows - b.rows, t.cols - b.cols, t.min_col - b.min_col),
                )
            } else {
                (
                    t.min_col,
                    (t.cols - b.cols, t.rows - b.rows, t.min_row - b.min_row),
                )
            };
            assert_eq!(start & 1, 0, "{kind}");
            assert_eq!(
                grown,
                (1, 0, 0),
                "{kind}: one row/column more, on one axis only"
            );
        }
        let rect = MapShape::rectangle(OffsetKind::OddR, 4, 3).unwrap();
        let b = rect.offset_bounds(OffsetKind::OddR);
        assert_eq!(
            tiled_bounds(OffsetKind::OddR, b),
            b,
            "an even start is kept"
        );
    }
}
