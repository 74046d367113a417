//! Terrain tile art in the Tiled terrain tileset. Each terrain tile carries its whole
//! [`TileArt`] in properties (`hexmap:art_tint`, `hexmap:art_image_0`, `_1`, …), so an import
//! restores it exactly; each (terrain, loaded image) pair gets one more tile, drawn as the
//! map draws a tile-art cell and naming its terrain (`hexmap:art_of`, the terrain id) and
//! image (`hexmap:art_image`), so a cell shows in Tiled the image hexmap picks for it and
//! comes back as its terrain.

use super::model::{Tile, TileKind, TiledMap, property};
use hexmap_draw::ImageSet;
use hexmap_map::{Terrain, TerrainId, TileArt};
use std::collections::BTreeMap;

/// Terrain tile property: whether its art is tinted.
const PROP_TINT: &str = "hexmap:art_tint";
/// Terrain tile property prefix: image `i` of its art is `hexmap:art_image_{i}`.
const PROP_IMAGE_PREFIX: &str = "hexmap:art_image_";
/// Art tile property: the id of the terrain it shows.
const PROP_ART_OF: &str = "hexmap:art_of";
/// Art tile property: the image path it shows.
const PROP_ART_IMAGE: &str = "hexmap:art_image";
/// The terrain id property of a terrain tile (as `convert` writes it).
const PROP_ID: &str = "hexmap:id";

/// The properties that record `art` on its terrain's tile (none without images).
pub fn art_properties(art: &TileArt) -> Vec<(String, String)> {
    if art.is_empty() {
        return Vec::new();
    }
    let mut props = vec![(PROP_TINT.to_string(), art.tint.to_string())];
    props.extend(
        art.images
            .iter()
            .enumerate()
            .map(|(i, path)| (format!("{PROP_IMAGE_PREFIX}{i}"), path.clone())),
    );
    props
}

/// The tile art recorded in a terrain tile's properties (empty when there is none), checked
/// as every loader checks it; the error says what is wrong.
pub fn art_from_properties(props: &[(String, String)]) -> Result<TileArt, String> {
    let mut images = Vec::new();
    while let Some(path) = property(props, &format!("{PROP_IMAGE_PREFIX}{}", images.len())) {
        images.push(path.to_string());
        if images.len() > hexmap_map::tile_art::MAX_TILE_IMAGES {
            break;
        }
    }
    let tint = match property(props, PROP_TINT) {
        None => false,
        Some(text) => text
            .parse()
            .map_err(|_| format!("{PROP_TINT} is '{text}', not true or false"))?,
    };
    let art = TileArt { images, tint };
    art.validate().map_err(|e| e.to_string())?;
    Ok(art)
}

/// Tile art tiles for `terrains`: one per (terrain, image of its art that `images` holds),
/// with local ids from `first_id` on. Also returns, per terrain id and image path, the
/// local id of its tile.
pub fn art_tiles(
    terrains: &[Terrain],
    images: Option<&ImageSet>,
    first_id: u32,
) -> (Vec<Tile>, BTreeMap<(TerrainId, String), u32>) {
    let mut tiles = Vec::new();
    let mut ids = BTreeMap::new();
    let Some(images) = images else {
        return (tiles, ids);
    };
    for t in terrains {
        for path in &t.art.images {
            let Some((image, _)) = images.get(path) else {
                continue;
            };
            if ids.contains_key(&(t.id, path.clone())) {
                continue;
            }
            let id = first_id + tiles.len() as u32;
            let [r, g, b] = t.color.0;
            tiles.push(Tile {
                id,
                name: Some(t.name.clone()),
                color: Some([r, g, b, 255]),
                kind: TileKind::Art {
                    image,
                    tint: t.art.tint,
                },
                properties: vec![
                    (PROP_ART_OF.to_string(), t.id.to_string()),
                    (PROP_ART_IMAGE.to_string(), path.clone()),
                ],
            });
            ids.insert((t.id, path.clone()), id);
        }
    }
    (tiles, ids)
}

/// For each art tile of `doc`'s tilesets whose terrain tile is in the same tileset: its
/// global id → the terrain tile's global id. A cell showing art is a cell of that terrain.
pub fn art_owners(doc: &TiledMap) -> BTreeMap<u32, u32> {
    let mut owners = BTreeMap::new();
    for set in &doc.tilesets {
        let terrain_gid: BTreeMap<&str, u32> = set
            .tiles
            .iter()
            .filter_map(|t| {
                let gid = set.first_gid.checked_add(t.id)?;
                Some((property(&t.properties, PROP_ID)?, gid))
            })
            .collect();
        for t in &set.tiles {
            if let Some(owner) =
                property(&t.properties, PROP_ART_OF).and_then(|id| terrain_gid.get(id))
                && let Some(gid) = set.first_gid.checked_add(t.id)
            {
                owners.insert(gid, *owner);
            }
        }
    }
    owners
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_draw::RgbaImage;
    use hexmap_map::{MoveCost, Rgb};

    fn terrain(id: u16, images: &[&str], tint: bool) -> Terrain {
        Terrain {
            id: TerrainId::new(id).unwrap(),
            name: format!("t{id}"),
            color: Rgb([10, 20, 30]),
            symbol: 'x',
            cost: MoveCost::whole(1),
            blocks_sight: false,
            art: TileArt {
                images: images.iter().map(|p| p.to_string()).collect(),
                tint,
            },
        }
    }

    #[test]
    fn art_properties_come_back_exactly() {
        for art in [
            TileArt::default(),
            terrain(1, &["a.png", "dir/b,c|d.svg"], true).art,
            terrain(1, &["only.png"], false).art,
        ] {
            assert_eq!(art_from_properties(&art_properties(&art)), Ok(art));
        }
    }

    #[test]
    fn bad_art_properties_are_named() {
        let props = vec![
            (PROP_TINT.to_string(), "maybe".to_string()),
            (format!("{PROP_IMAGE_PREFIX}0"), "a.png".to_string()),
        ];
        let e = art_from_properties(&props).unwrap_err();
        assert!(e.contains("hexmap:art_tint") && e.contains("maybe"), "{e}");
        let props = vec![(format!("{PROP_IMAGE_PREFIX}0"), String::new())];
        assert!(art_from_properties(&props).unwrap_err().contains("empty"));
        let many: Vec<(String, String)> = (0..=hexmap_map::tile_art::MAX_TILE_IMAGES)
            .map(|i| (format!("{PROP_IMAGE_PREFIX}{i}"), "a.png".to_string()))
            .collect();
        assert!(art_from_properties(&many).is_err());
    }

    #[test]
    fn one_art_tile_per_loaded_image_of_each_terrain() {
        let mut images = ImageSet::new();
        let pixel = RgbaImage::new(1, 1, vec![1, 2, 3, 255]).unwrap();
        images.insert("a.png", pixel.clone());
        images.insert("b.png", pixel);
        let terrains = [
            terrain(1, &["a.png", "missing.png", "b.png"], true),
            terrain(2, &[], false),
            terrain(3, &["a.png"], false),
        ];
        let (tiles, ids) = art_tiles(&terrains, Some(&images), 4);
        assert_eq!(tiles.len(), 3, "the missing image gets no tile");
        assert_eq!(tiles.iter().map(|t| t.id).collect::<Vec<_>>(), [4, 5, 6]);
        let t1 = TerrainId::new(1).unwrap();
        assert_eq!(ids[&(t1, "b.png".to_string())], 5);
        assert!(!ids.contains_key(&(t1, "missing.png".to_string())));
        assert_eq!(property(&tiles[2].properties, PROP_ART_OF), Some("3"));
        assert_eq!(
            property(&tiles[1].properties, PROP_ART_IMAGE),
            Some("b.png")
        );
        assert!(matches!(tiles[0].kind, TileKind::Art { tint: true, .. }));
        assert!(art_tiles(&terrains, None, 4).0.is_empty());
    }
}
