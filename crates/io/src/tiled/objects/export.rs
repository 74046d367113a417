//! A map's edges, paths, icons and labels as Tiled object layers, placed with the map's
//! [`TiledGrid`] where Tiled draws each hex, and the palettes as map properties.

use super::palettes::{edge_palette_text, path_palette_text};
use super::*;
use crate::tiled::grid::TiledGrid;
use crate::tiled::model::{
    MapObject, ObjectGroup, ObjectShape, TextObject, Tile, TileKind, Tileset,
};
use hexmap_draw::annotations::{icon_box, label_height};
use hexmap_hex::{Layout, Point};
use hexmap_map::{EdgePalette, HexMap, IconSource, PathPalette, Rgb};

/// Side of one icon tile in the generated icon tileset, in pixels.
pub const ICON_TILE_PX: u32 = 64;
/// An icon tile's side over the side of the icon's box: room for the paper halo that
/// `draw` puts around an icon's strokes.
pub const ICON_TILE_MARGIN: f64 = 1.25;
/// The ink of icons without a colour of their own (what `draw` uses).
const DEFAULT_INK: [u8; 3] = {
    let c = hexmap_draw::annotations::DEFAULT_INK.to_array();
    [c[0], c[1], c[2]]
};

/// What the objects add to a Tiled map.
pub struct ObjectExport {
    /// Object layers, in drawing order: edges, paths, icons, labels (empty ones left out).
    pub groups: Vec<ObjectGroup>,
    /// Map properties: the palettes.
    pub properties: Vec<(String, String)>,
    /// The icon tileset, when a built-in icon is on the map.
    pub icon_tileset: Option<Tileset>,
}

/// Numbers objects from a first id.
struct Ids(u32);

impl Ids {
    fn next(&mut self) -> u32 {
        self.0 += 1;
        self.0 - 1
    }
}

fn polyline(id: u32, name: &str, points: &[Point], properties: Vec<(String, String)>) -> MapObject {
    let start = points[0];
    MapObject {
        id,
        name: name.to_string(),
        x: start.x,
        y: start.y,
        width: 0.0,
        height: 0.0,
        rotation: 0.0,
        shape: ObjectShape::Polyline(
            points
                .iter()
                .map(|p| (p.x - start.x, p.y - start.y))
                .collect(),
        ),
        properties,
    }
}

/// The map's objects: ids from `first_id`, icon tiles from global id `icon_first_gid`,
/// the icon tileset's image named `icon_image`; `players` for a player map (regions'
/// outlines open along hidden cells).
pub fn export(
    map: &HexMap,
    (grid, players): (&TiledGrid, bool),
    first_id: u32,
    icon_first_gid: u32,
    icon_image: &str,
) -> ObjectExport {
    let mut ids = Ids(first_id);
    let mut groups = Vec::new();
    groups.extend(edges(map, grid, &mut ids));
    groups.extend(paths(map, grid, &mut ids));
    groups.extend(super::regions::export(map, (grid, players), &mut || {
        ids.next()
    }));
    groups.extend(super::key::export(map, grid, &mut || ids.next()));
    groups.extend(super::custom::export(map, grid, &mut || ids.next()));
    let world = map.layout().ok();
    let mut icon_tileset = None;
    if let Some(world) = &world {
        let (group, tileset) = icons(map, grid, world, &mut ids, icon_first_gid, icon_image);
        groups.extend(group);
        icon_tileset = tileset;
        groups.extend(labels(map, grid, world, &mut ids));
    }
    gm_layer(&mut groups);
    let mut properties = Vec::new();
    let used = !map.edge_layer().is_empty() || !map.paths().is_empty();
    if used || *map.edge_palette() != EdgePalette::standard() {
        properties.push((P_EDGE_TYPES.into(), edge_palette_text(map.edge_palette())));
    }
    if used || *map.path_palette() != PathPalette::standard() {
        properties.push((P_PATH_TYPES.into(), path_palette_text(map.path_palette())));
    }
    properties.extend(super::regions::kinds_property(map));
    properties.extend(super::custom::types_property(map));
    ObjectExport {
        groups,
        properties,
        icon_tileset,
    }
}

/// Mark a GM-only object.
fn gm_flag(props: &mut Vec<(String, String)>, gm_only: bool) {
    if gm_only {
        props.push((P_GM_ONLY.into(), "true".into()));
    }
}

/// Move the GM-only objects to the hidden layer [`GM_LAYER`] (last), so the GM's Tiled
/// map shows them only on demand; layers left empty go.
fn gm_layer(groups: &mut Vec<ObjectGroup>) {
    let mut secret = Vec::new();
    for g in groups.iter_mut() {
        let (gm, public): (Vec<MapObject>, Vec<MapObject>) = std::mem::take(&mut g.objects)
            .into_iter()
            .partition(|o| o.properties.iter().any(|(k, _)| k == P_GM_ONLY));
        g.objects = public;
        secret.extend(gm);
    }
    groups.retain(|g| !g.objects.is_empty());
    if !secret.is_empty() {
        groups.push(ObjectGroup {
            name: GM_LAYER.into(),
            color: None,
            objects: secret,
            visible: false,
        });
    }
}

/// One object layer per edge type the map uses (palette order), named
/// `hexmap edges: TYPE` and drawn by Tiled in the type's colour, so a river and a wall
/// look different in Tiled.
fn edges(map: &HexMap, grid: &TiledGrid, ids: &mut Ids) -> Vec<ObjectGroup> {
    let palette = map.edge_palette();
    palette
        .types()
        .iter()
        .filter_map(|t| {
            let objects: Vec<MapObject> = map
                .edges()
                .filter(|&(_, kind)| kind == t.id)
                .map(|(edge, _)| {
                    let (a, b) = edge.hexes();
                    let mut props = vec![
                        (P_EDGE_TYPE.into(), t.name.clone()),
                        (P_A.into(), hex_text(a)),
                        (P_B.into(), hex_text(b)),
                    ];
                    gm_flag(&mut props, map.edge_is_gm_only(edge));
                    polyline(ids.next(), &t.name, &grid.edge_ends(edge), props)
                })
                .collect();
            (!objects.is_empty()).then(|| ObjectGroup {
                name: type_layer(EDGES_LAYER, &t.name),
                color: Some(t.color.0),
                objects,
                visible: true,
            })
        })
        .collect()
}

/// One object layer per path type the map uses (palette order), named
/// `hexmap paths: TYPE`, in the type's colour.
fn paths(map: &HexMap, grid: &TiledGrid, ids: &mut Ids) -> Vec<ObjectGroup> {
    let palette = map.path_palette();
    palette
        .types()
        .iter()
        .filter_map(|t| {
            let objects: Vec<MapObject> = map
                .paths()
                .iter()
                .filter(|p| p.kind == t.id)
                .map(|p| {
                    let hexes: Vec<String> = p.hexes.iter().map(|h| hex_text(*h)).collect();
                    let mut props = vec![
                        (P_PATH_TYPE.into(), t.name.clone()),
                        (P_PATH_ID.into(), p.id.to_string()),
                        (P_HEXES.into(), hexes.join(" ")),
                    ];
                    gm_flag(&mut props, p.gm_only);
                    let centres: Vec<Point> = p.hexes.iter().map(|h| grid.centre(*h)).collect();
                    polyline(ids.next(), &t.name, &centres, props)
                })
                .collect();
            (!objects.is_empty()).then(|| ObjectGroup {
                name: type_layer(PATHS_LAYER, &t.name),
                color: Some(t.color.0),
                objects,
                visible: true,
            })
        })
        .collect()
}

fn icons(
    map: &HexMap,
    grid: &TiledGrid,
    world: &Layout,
    ids: &mut Ids,
    first_gid: u32,
    image: &str,
) -> (Option<ObjectGroup>, Option<Tileset>) {
    if map.icons().is_empty() {
        return (None, None);
    }
    // The smaller radius of a hex, as `draw::map_scene` sizes icons by it.
    let radius = world.inner_radius();
    let (sx, sy) = grid.scale(world);
    let mut tiles: Vec<Tile> = Vec::new();
    let mut objects = Vec::new();
    for (hex, list) in map.icons().iter() {
        let centre = world.hex_to_pixel(hex);
        let n = list.len();
        for (i, icon) in list.iter().enumerate() {
            // The box `draw` gives the icon (and hit-testing uses).
            let (offset, half) = icon_box(i, n, icon.scale, radius);
            let at = grid.to_tiled(world, Point::new(centre.x + offset.x, centre.y + offset.y));
            let mut props = vec![
                (P_ICON_ID.into(), icon.id.to_string()),
                (P_ICON.into(), icon.source.to_file_text()),
                (P_HEX.into(), hex_text(hex)),
                (P_SCALE.into(), icon.scale.to_string()),
            ];
            if let Some(c) = &icon.caption {
                props.push((P_CAPTION.into(), c.clone()));
            }
            if let Some(c) = icon.color {
                props.push((P_COLOR.into(), c.to_string()));
            }
            gm_flag(&mut props, icon.gm_only);
            let name = icon.caption.clone().unwrap_or_default();
            let (w, h) = (
                2.0 * half * ICON_TILE_MARGIN * sx,
                2.0 * half * ICON_TILE_MARGIN * sy,
            );
            let object = match &icon.source {
                IconSource::Builtin(b) => {
                    let tile = icon_tile(&mut tiles, *b, icon.color);
                    // Tiled anchors a tile object at its bottom-left corner.
                    MapObject {
                        id: ids.next(),
                        name,
                        x: at.x - w / 2.0,
                        y: at.y + h / 2.0,
                        width: w,
                        height: h,
                        rotation: 0.0,
                        shape: ObjectShape::Tile(first_gid + tile),
                        properties: props,
                    }
                }
                IconSource::Image(_) => MapObject::point(ids.next(), name, (at.x, at.y), props),
            };
            objects.push(object);
        }
    }
    let tileset = (!tiles.is_empty()).then(|| Tileset {
        first_gid,
        name: ICON_TILESET.into(),
        image: Some(image.to_string()),
        // Every slot of the image, as Tiled counts it when it saves the map.
        tile_count: crate::tiled::model::generated_tile_count(tiles.len() as u32),
        tiles,
        tile_size: Some((ICON_TILE_PX, ICON_TILE_PX)),
    });
    let group = ObjectGroup {
        name: ICONS_LAYER.into(),
        visible: true,
        color: None,
        objects,
    };
    (Some(group), tileset)
}

/// The local id of the tile showing icon `b` in `color` (`None`: the default ink),
/// added when new. A tile names its colour only when the icon has one.
fn icon_tile(tiles: &mut Vec<Tile>, b: hexmap_map::BuiltinIcon, color: Option<Rgb>) -> u32 {
    let colour = color.map(|c| c.to_string());
    let found = tiles.iter().position(|t| {
        t.name.as_deref() == Some(b.name())
            && crate::tiled::model::property(&t.properties, P_COLOR) == colour.as_deref()
    });
    if let Some(i) = found {
        return i as u32;
    }
    let id = tiles.len() as u32;
    let ink = color.map_or(DEFAULT_INK, |c| c.0);
    let mut properties = vec![(P_ICON.into(), b.name().to_string())];
    properties.extend(colour.map(|c| (P_COLOR.to_string(), c)));
    tiles.push(Tile {
        id,
        name: Some(b.name().to_string()),
        color: Some([ink[0], ink[1], ink[2], 255]),
        kind: TileKind::Terrain,
        properties,
    });
    id
}

fn labels(map: &HexMap, grid: &TiledGrid, world: &Layout, ids: &mut Ids) -> Option<ObjectGroup> {
    if map.labels().is_empty() {
        return None;
    }
    let (_, sy) = grid.scale(world);
    let objects = map
        .labels()
        .iter()
        .map(|(id, label)| {
            let centre = grid.to_tiled(world, label.at);
            let px = (label_height(label, world) * sy).round().max(1.0);
            // A box wide enough for the text; Tiled centres the text in it.
            let (w, h) = (
                px * (0.7 * label.text.chars().count() as f64 + 1.0),
                px * 1.4,
            );
            let (sin, cos) = f64::from(label.rotation).to_radians().sin_cos();
            // Tiled turns the box about its top-left corner: put its middle on the centre.
            let (mx, my) = (w / 2.0 * cos - h / 2.0 * sin, w / 2.0 * sin + h / 2.0 * cos);
            MapObject {
                id: ids.next(),
                name: String::new(),
                x: centre.x - mx,
                y: centre.y - my,
                width: w,
                height: h,
                rotation: f64::from(label.rotation),
                shape: ObjectShape::Text(TextObject {
                    text: label.text.clone(),
                    pixel_size: px,
                    color: label.color.0,
                    bold: label.bold,
                    italic: label.italic,
                    centred: true,
                }),
                properties: vec![
                    (P_ID.into(), id.to_string()),
                    (P_AT.into(), format!("{},{}", label.at.x, label.at.y)),
                    (P_SIZE.into(), label.size.to_string()),
                    (P_ROTATION.into(), label.rotation.to_string()),
                    (P_HALO.into(), label.halo.to_string()),
                ]
                .into_iter()
                .chain(label.gm_only.then(|| (P_GM_ONLY.into(), "true".into())))
                .chain((!label.path.is_empty()).then(|| {
                    let points: Vec<String> = label
                        .path
                        .iter()
                        .map(|p| format!("{},{}", p.x, p.y))
                        .collect();
                    (P_LABEL_PATH.into(), points.join(" "))
                }))
                .collect(),
            }
        })
        .collect();
    Some(ObjectGroup {
        name: LABELS_LAYER.into(),
        visible: true,
        color: None,
        objects,
    })
}
