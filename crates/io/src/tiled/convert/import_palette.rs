//! The palette of an imported Tiled map: a terrain per tile that records its terrain id
//! (`hexmap:id`), keeping that id, and one per other tile the terrain layer uses.

use super::super::model::{TileLayer, TiledMap, property};
use super::super::tile_art;
use super::import::FromTiledError;
use super::*;
use hexmap_map::{MoveCost, Palette, Terrain, TerrainId, shorten_to_bytes};
use std::collections::BTreeMap;

/// The palette of `doc` and the terrain each gid of `terrain_layer` stands for (a tile-art
/// tile stands for its terrain). Tiles that record a terrain id (`hexmap:id`: we write a
/// tile for every palette entry, used or not) keep it; every other tile the terrain layer
/// uses gets the lowest free id; in gid order, which is the exported palette's order.
pub(super) fn import_palette(
    doc: &TiledMap,
    terrain_layer: &TileLayer,
    warnings: &mut Vec<String>,
) -> Result<(Palette, BTreeMap<u32, TerrainId>), FromTiledError> {
    // Palette: a terrain per tile that records its terrain id (`hexmap:id`: we write a
    // tile for every palette entry, used or not), keeping that id, and one per other tile
    // the terrain layer uses (a tile-art tile counts as its terrain's tile), given the
    // lowest free id; in gid order, which is the exported palette's order.
    let art_owners = tile_art::art_owners(doc);
    let owner = |gid: u32| art_owners.get(&gid).copied().unwrap_or(gid);
    let recorded = recorded_ids(doc, warnings);
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
            Some(c) => match c.parse::<hexmap_map::Cost>() {
                Ok(c) => MoveCost::Cost(c),
                Err(e) => {
                    warnings.push(format!("terrain '{name}': {PROP_COST}: {e}; cost 1 used"));
                    MoveCost::whole(1)
                }
            },
            None => MoveCost::whole(1),
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
    // A tile-art tile's gid stands for its owner's terrain.
    for (&art, &own) in &art_owners {
        if let Some(&id) = gid_terrain.get(&own) {
            gid_terrain.insert(art, id);
        }
    }
    Ok((palette, gid_terrain))
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
