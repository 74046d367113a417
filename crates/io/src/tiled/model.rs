//! A hexagonal Tiled map in Tiled's own terms: size, tile geometry, tilesets, tile layers of
//! global tile ids, point objects and properties. The TMX and TMJ writers write it and the
//! readers read it, so what is written and what is read cannot drift apart: reading a map
//! we wrote gives back the same value.

use super::geometry::TileGeometry;

/// How hexmap draws a tile into the tileset image it generates. Files do not record it:
/// tiles read from a file are `Terrain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileKind {
    /// A hexagon filled with the tile colour.
    Terrain,
    /// A mine marker (a disc) on a transparent background.
    Mine,
    /// Terrain tile art: the hexagon filled with the tile colour, then the image `image`
    /// of the set given to the tileset image clipped to it, multiplied by the tile colour
    /// when `tint` (drawn as the map draws a tile-art cell).
    Art {
        /// The image in the [`hexmap_draw::ImageSet`] the tileset image is drawn with.
        image: hexmap_draw::ImageId,
        /// Whether the image is multiplied by the tile colour.
        tint: bool,
    },
}

/// One tile of a tileset.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    /// Local id within its tileset (global id − the tileset's first gid).
    pub id: u32,
    /// The tile's `name` property, if any.
    pub name: Option<String>,
    /// The tile's colour: the fill of a generated tile; for a tile read from a file, the
    /// pixel at the centre of its image (`None` without an image).
    pub color: Option<[u8; 4]>,
    /// How a generated tileset image draws it.
    pub kind: TileKind,
    /// Every other property (name, value), e.g. `hexmap:symbol`.
    pub properties: Vec<(String, String)>,
}

impl Tile {
    /// A terrain tile with a name and a colour, for a generated tileset.
    pub fn terrain(id: u32, name: impl Into<String>, color: [u8; 4]) -> Tile {
        Tile {
            id,
            name: Some(name.into()),
            color: Some(color),
            kind: TileKind::Terrain,
            properties: Vec::new(),
        }
    }
}

/// Most tiles per row in the tileset images hexmap generates.
const GENERATED_COLUMNS: u32 = 8;

/// The tile count of a generated tileset of `n` tiles: every slot of its image, so a
/// last row that is not full is padded with empty tiles. Tiled counts a tileset's tiles
/// from its image (columns × rows) when it saves it; a smaller count written here would
/// move the first gid of every later tileset, and with it every icon object, on the
/// first save in Tiled.
pub fn generated_tile_count(n: u32) -> u32 {
    if n <= GENERATED_COLUMNS {
        n
    } else {
        n.div_ceil(GENERATED_COLUMNS) * GENERATED_COLUMNS
    }
}

/// A tileset: global ids `first_gid .. first_gid + tile_count`.
#[derive(Clone, Debug, PartialEq)]
pub struct Tileset {
    /// The global id of tile 0.
    pub first_gid: u32,
    /// Tileset name.
    pub name: String,
    /// The tileset image, as the path written in the map (relative to it); `None` for a
    /// tileset with one image per tile.
    pub image: Option<String>,
    /// Number of tiles.
    pub tile_count: u32,
    /// The tiles that carry something (a name, a colour, properties), by ascending id.
    pub tiles: Vec<Tile>,
    /// Tile width and height when they differ from the map's (the icon tileset).
    pub tile_size: Option<(u32, u32)>,
}

impl Tileset {
    /// The tileset of a generated image: first gid 1, one tile per entry of `tiles`, whose
    /// ids must be 0, 1, 2 …, and empty tiles to fill the image's last row
    /// ([`generated_tile_count`]).
    pub fn generated(name: impl Into<String>, image: impl Into<String>, tiles: Vec<Tile>) -> Self {
        debug_assert!(tiles.iter().enumerate().all(|(i, t)| t.id == i as u32));
        Tileset {
            first_gid: 1,
            name: name.into(),
            image: Some(image.into()),
            tile_count: generated_tile_count(tiles.len() as u32),
            tiles,
            tile_size: None,
        }
    }

    /// Tiles per image row in the layout hexmap writes (up to 8).
    pub fn columns(&self) -> u32 {
        self.tile_count.clamp(1, GENERATED_COLUMNS)
    }

    /// Image rows in the layout hexmap writes.
    pub fn rows(&self) -> u32 {
        self.tile_count.div_ceil(self.columns()).max(1)
    }

    /// Whether global id `gid` (flags removed) belongs to this tileset.
    pub fn has_gid(&self, gid: u32) -> bool {
        gid >= self.first_gid && gid - self.first_gid < self.tile_count
    }

    /// The tile with local id `id`, if it carries anything.
    pub fn tile(&self, id: u32) -> Option<&Tile> {
        self.tiles
            .binary_search_by_key(&id, |t| t.id)
            .ok()
            .map(|i| &self.tiles[i])
    }
}

/// One tile layer: global tile ids row by row (0 = empty), `width × height` of them.
#[derive(Clone, Debug, PartialEq)]
pub struct TileLayer {
    /// Layer name.
    pub name: String,
    /// Global tile ids, row-major, flip and rotation flags removed.
    pub gids: Vec<u32>,
    /// Whether Tiled shows it.
    pub visible: bool,
}

/// A point object with text (hexmap writes a note on a hex as one).
#[derive(Clone, Debug, PartialEq)]
pub struct PointObject {
    /// Object name (hexmap writes the hex label or coordinates).
    pub name: String,
    /// Pixel x (hexmap writes the hex centre).
    pub x: f64,
    /// Pixel y.
    pub y: f64,
    /// The `note` property, else the object's name.
    pub text: String,
}

/// What an object of an object layer is, beyond its position and size.
#[derive(Clone, Debug, PartialEq)]
pub enum ObjectShape {
    /// A point (`<point/>`, `"point": true`).
    Point,
    /// A polyline: points relative to the object's position.
    Polyline(Vec<(f64, f64)>),
    /// A closed polygon: points relative to the object's position (a named region's ring).
    Polygon(Vec<(f64, f64)>),
    /// A tile object showing global tile id `gid` (flags removed); Tiled anchors its
    /// image at the object's bottom-left corner on hexagonal maps.
    Tile(u32),
    /// A text object.
    Text(TextObject),
    /// Anything else (a rectangle, ellipse): hexmap reads only its position.
    Other,
}

/// The text of a text object and how Tiled draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct TextObject {
    /// The text.
    pub text: String,
    /// Font height in pixels (`pixelsize`, Tiled's default 16).
    pub pixel_size: f64,
    /// Colour (`#rrggbb`; Tiled's default black).
    pub color: [u8; 3],
    /// Bold.
    pub bold: bool,
    /// Italic.
    pub italic: bool,
    /// Centred in its box horizontally and vertically (else Tiled's top-left default).
    pub centred: bool,
}

/// One object of an object layer.
#[derive(Clone, Debug, PartialEq)]
pub struct MapObject {
    /// Its id, unique within the map (what messages name).
    pub id: u32,
    /// Object name.
    pub name: String,
    /// Pixel x of its position (top-left of a box, bottom-left of a tile object).
    pub x: f64,
    /// Pixel y.
    pub y: f64,
    /// Width in pixels (0 for points and polylines).
    pub width: f64,
    /// Height in pixels.
    pub height: f64,
    /// Clockwise rotation in degrees around its position.
    pub rotation: f64,
    /// What it is.
    pub shape: ObjectShape,
    /// Custom properties (name, value as text).
    pub properties: Vec<(String, String)>,
}

impl MapObject {
    /// A point object `id` named `name` at Tiled pixel (`x`, `y`) with `properties`.
    pub fn point(
        id: u32,
        name: String,
        (x, y): (f64, f64),
        properties: Vec<(String, String)>,
    ) -> Self {
        MapObject {
            id,
            name,
            x,
            y,
            width: 0.0,
            height: 0.0,
            rotation: 0.0,
            shape: ObjectShape::Point,
            properties,
        }
    }

    /// A property's value.
    pub fn property(&self, name: &str) -> Option<&str> {
        property(&self.properties, name)
    }
}

/// An object layer other than hexmap's notes: hexmap's edges, paths, icons and labels.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectGroup {
    /// Layer name.
    pub name: String,
    /// The colour Tiled draws its shapes in (`None`: Tiled's grey).
    pub color: Option<[u8; 3]>,
    /// Its objects, in file order.
    pub objects: Vec<MapObject>,
    /// Shown in Tiled (the GM-only layer is written hidden).
    pub visible: bool,
}

impl ObjectGroup {
    /// A hidden layer named `name` holding `objects`, or `None` when there are none: the
    /// layers hexmap keeps its own data in (key entries, property values) are written only
    /// when they hold something.
    pub fn hidden_unless_empty(name: &str, objects: Vec<MapObject>) -> Option<ObjectGroup> {
        (!objects.is_empty()).then(|| ObjectGroup {
            name: name.to_owned(),
            color: None,
            objects,
            visible: false,
        })
    }
}

/// A whole hexagonal Tiled map.
#[derive(Clone, Debug, PartialEq)]
pub struct TiledMap {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Pixel geometry and stagger.
    pub geometry: TileGeometry,
    /// Tilesets by ascending first gid.
    pub tilesets: Vec<Tileset>,
    /// Tile layers, bottom first.
    pub layers: Vec<TileLayer>,
    /// Point objects with text (written in one object layer named "notes", omitted when
    /// empty; read from every object layer).
    pub notes: Vec<PointObject>,
    /// Object layers of other objects (written after the notes; read from every object
    /// layer, every object but the notes).
    pub object_groups: Vec<ObjectGroup>,
    /// Map-level string properties.
    pub properties: Vec<(String, String)>,
    /// The Tiled type of each custom property, by name, for the writers (empty when read:
    /// a reader types values by the `hexmap:property_types` declarations).
    pub custom_kinds: super::property_types::CustomKinds,
}

impl TiledMap {
    /// The tileset and tile (if it carries anything) of a global id (flags removed).
    pub fn tile(&self, gid: u32) -> Option<(&Tileset, Option<&Tile>)> {
        let ts = self.tilesets.iter().rev().find(|t| t.has_gid(gid))?;
        Some((ts, ts.tile(gid - ts.first_gid)))
    }

    /// A map-level property's value.
    pub fn property(&self, name: &str) -> Option<&str> {
        property(&self.properties, name)
    }
}

/// A property's name as hexmap looks it up: hexmap's own (`hexmap:…`) are written with
/// underscores (`hexmap:blocks_sight`, like the JSON export's keys); files written before
/// that used hyphens in some (`hexmap:blocks-sight`, `hexmap:art-of` …), which read the
/// same. Other tools' properties are kept as they are.
pub fn canonical_property_name(name: &str) -> String {
    match name.strip_prefix("hexmap:") {
        Some(rest) => format!("hexmap:{}", rest.replace('-', "_")),
        None => name.to_owned(),
    }
}

/// The value of property `name` in a property list.
pub fn property<'a>(props: &'a [(String, String)], name: &str) -> Option<&'a str> {
    props
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gids_find_their_tileset_and_tile() {
        let mut a = Tileset::generated(
            "a",
            "a.png",
            vec![
                Tile::terrain(0, "x", [1, 2, 3, 255]),
                Tile::terrain(1, "y", [0; 4]),
            ],
        );
        a.tiles.remove(0);
        let b = Tileset {
            first_gid: 10,
            name: "b".into(),
            image: None,
            tile_count: 3,
            tiles: vec![],
            tile_size: None,
        };
        let map = TiledMap {
            width: 1,
            height: 1,
            geometry: TileGeometry::for_hex_size(hexmap_hex::OffsetKind::OddR, 8.0, 8.0),
            tilesets: vec![a, b],
            layers: vec![],
            notes: vec![],
            object_groups: vec![],
            properties: vec![("k".into(), "v".into())],
            custom_kinds: Default::default(),
        };
        assert_eq!(
            map.tile(1).map(|(t, tile)| (&*t.name, tile)),
            Some(("a", None))
        );
        assert_eq!(map.tile(2).unwrap().1.unwrap().name.as_deref(), Some("y"));
        assert_eq!(map.tile(12).unwrap().0.name, "b");
        assert!(map.tile(3).is_none() && map.tile(13).is_none() && map.tile(0).is_none());
        assert_eq!((map.property("k"), map.property("z")), (Some("v"), None));
    }

    #[test]
    fn generated_layout_has_at_most_eight_columns_and_counts_every_slot() {
        let tiles = (0..10).map(|i| Tile::terrain(i, "t", [0; 4])).collect();
        let ts = Tileset::generated("t", "t.png", tiles);
        assert_eq!((ts.columns(), ts.rows(), ts.tile_count), (8, 2, 16));
        let tiles = (0..5).map(|i| Tile::terrain(i, "t", [0; 4])).collect();
        let ts = Tileset::generated("t", "t.png", tiles);
        assert_eq!((ts.columns(), ts.rows(), ts.tile_count), (5, 1, 5));
    }
}
