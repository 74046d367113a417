//! Writes a [`TiledMap`] as TMX (XML) or TMJ (JSON): embedded tilesets, CSV tile data, and
//! notes as point objects in one object layer.

use super::geometry::TileGeometry;
use super::model::{Tile, TileLayer, TiledMap, Tileset};
use super::property_types::CustomKinds;
use super::write_objects;
use super::xml::XmlWriter;
use serde_json::{Value, json};

/// The Tiled version whose format we write (the oldest we test against is 1.8).
pub const TILED_FORMAT_VERSION: &str = "1.8";

fn layer_csv(layer: &TileLayer, width: u32) -> String {
    let mut out = String::with_capacity(layer.gids.len() * 3);
    out.push('\n');
    for (row_index, row) in layer.gids.chunks(width.max(1) as usize).enumerate() {
        if row_index > 0 {
            out.push_str(",\n");
        }
        let cells: Vec<String> = row.iter().map(u32::to_string).collect();
        out.push_str(&cells.join(","));
    }
    out.push('\n');
    out
}

/// The pixel size of a tileset image in the layout hexmap writes.
fn image_size(g: &TileGeometry, tileset: &Tileset) -> (u32, u32) {
    let (tw, th) = tile_size(g, tileset);
    (
        tw.saturating_mul(tileset.columns()),
        th.saturating_mul(tileset.rows()),
    )
}

/// A tile's properties as written: `name` first, then the others.
fn tile_properties(tile: &Tile) -> Vec<(String, String)> {
    let mut props: Vec<(String, String)> = tile
        .name
        .iter()
        .map(|n| ("name".to_string(), n.clone()))
        .collect();
    props.extend(tile.properties.iter().cloned());
    props
}

/// The map as a TMX document.
pub fn to_tmx(map: &TiledMap) -> String {
    let g = &map.geometry;
    let n_layers = map.layers.len() as u32 + u32::from(!map.notes.is_empty());
    let all_layers = n_layers + map.object_groups.len() as u32;
    let mut x = XmlWriter::new();
    x.open(
        "map",
        &[
            ("version", TILED_FORMAT_VERSION.into()),
            ("orientation", "hexagonal".into()),
            ("renderorder", "right-down".into()),
            ("width", map.width.to_string()),
            ("height", map.height.to_string()),
            ("tilewidth", g.tile_width.to_string()),
            ("tileheight", g.tile_height.to_string()),
            ("infinite", "0".into()),
            ("hexsidelength", g.side_length.to_string()),
            ("staggeraxis", g.axis.name().into()),
            ("staggerindex", g.index.name().into()),
            ("nextlayerid", (all_layers + 1).to_string()),
            ("nextobjectid", next_object_id(map).to_string()),
        ],
    );
    write_properties(&mut x, &map.properties, &map.custom_kinds);
    for tileset in &map.tilesets {
        write_tmx_tileset(&mut x, g, tileset);
    }
    for (i, layer) in map.layers.iter().enumerate() {
        let mut attrs = vec![
            ("id", (i + 1).to_string()),
            ("name", layer.name.clone()),
            ("width", map.width.to_string()),
            ("height", map.height.to_string()),
        ];
        if !layer.visible {
            attrs.push(("visible", "0".into()));
        }
        x.open("layer", &attrs);
        x.text_element(
            "data",
            &[("encoding", "csv".into())],
            &layer_csv(layer, map.width),
        );
        x.close("layer");
    }
    if !map.notes.is_empty() {
        x.open(
            "objectgroup",
            &[("id", n_layers.to_string()), ("name", "notes".into())],
        );
        for (i, note) in map.notes.iter().enumerate() {
            x.open(
                "object",
                &[
                    ("id", (i + 1).to_string()),
                    ("name", note.name.clone()),
                    ("x", fmt_num(note.x)),
                    ("y", fmt_num(note.y)),
                ],
            );
            write_properties(&mut x, &[("note".into(), note.text.clone())], NO_KINDS);
            x.empty("point", &[]);
            x.close("object");
        }
        x.close("objectgroup");
    }
    for (i, group) in map.object_groups.iter().enumerate() {
        let id = n_layers + 1 + i as u32;
        let properties =
            |x: &mut XmlWriter, p: &[(String, String)]| write_properties(x, p, &map.custom_kinds);
        write_objects::tmx_group(&mut x, id, group, fmt_num, &properties);
    }
    x.close("map");
    x.finish()
}

/// One more than the largest object id (notes are numbered from 1, then the others).
fn next_object_id(map: &TiledMap) -> u32 {
    let others = map.object_groups.iter().flat_map(|g| &g.objects);
    others
        .map(|o| o.id)
        .chain(std::iter::once(map.notes.len() as u32))
        .max()
        .unwrap_or(0)
        + 1
}

/// A tileset's tile size: its own, else the map's.
fn tile_size(g: &TileGeometry, tileset: &Tileset) -> (u32, u32) {
    tileset.tile_size.unwrap_or((g.tile_width, g.tile_height))
}

fn write_tmx_tileset(x: &mut XmlWriter, g: &TileGeometry, tileset: &Tileset) {
    let (tw, th) = tile_size(g, tileset);
    x.open(
        "tileset",
        &[
            ("firstgid", tileset.first_gid.to_string()),
            ("name", tileset.name.clone()),
            ("tilewidth", tw.to_string()),
            ("tileheight", th.to_string()),
            ("tilecount", tileset.tile_count.to_string()),
            ("columns", tileset.columns().to_string()),
        ],
    );
    if let Some(image) = &tileset.image {
        let (iw, ih) = image_size(g, tileset);
        x.empty(
            "image",
            &[
                ("source", image.clone()),
                ("width", iw.to_string()),
                ("height", ih.to_string()),
            ],
        );
    }
    for tile in &tileset.tiles {
        x.open("tile", &[("id", tile.id.to_string())]);
        write_properties(x, &tile_properties(tile), NO_KINDS);
        x.close("tile");
    }
    x.close("tileset");
}

/// No custom property kinds: the notes' and tiles' properties are hexmap's own.
const NO_KINDS: &CustomKinds = &CustomKinds::new();

fn write_properties(x: &mut XmlWriter, props: &[(String, String)], kinds: &CustomKinds) {
    if props.is_empty() {
        return;
    }
    x.open("properties", &[]);
    for (name, value) in props {
        let mut attrs = vec![("name", name.clone())];
        let (kind, _, enum_name) = super::property_types::typed_with(name, value, kinds);
        if kind != "string" {
            attrs.push(("type", kind.to_string()));
        }
        if let Some(e) = enum_name {
            attrs.push(("propertytype", e.to_owned()));
        }
        attrs.push(("value", value.clone()));
        x.empty("property", &attrs);
    }
    x.close("properties");
}

/// A number as Tiled writes it: integers without a fraction, others with up to 4 decimals.
fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        let s = format!("{v:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

fn json_properties(props: &[(String, String)], kinds: &CustomKinds) -> Value {
    Value::Array(
        props
            .iter()
            .map(|(n, v)| {
                let (kind, value, enum_name) = super::property_types::typed_with(n, v, kinds);
                let mut p = json!({"name": n, "type": kind, "value": value});
                if let Some(e) = enum_name {
                    p["propertytype"] = e.into();
                }
                p
            })
            .collect(),
    )
}

/// The map as a TMJ (JSON) document.
pub fn to_tmj(map: &TiledMap) -> String {
    let g = &map.geometry;
    let mut layers: Vec<Value> = map
        .layers
        .iter()
        .enumerate()
        .map(|(i, l)| {
            json!({
                "type": "tilelayer", "id": i + 1, "name": l.name,
                "width": map.width, "height": map.height, "x": 0, "y": 0,
                "visible": l.visible, "opacity": 1, "data": l.gids,
            })
        })
        .collect();
    if !map.notes.is_empty() {
        let objects: Vec<Value> = map
            .notes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                json!({
                    "id": i + 1, "name": n.name, "type": "", "x": n.x, "y": n.y,
                    "width": 0, "height": 0, "rotation": 0, "visible": true, "point": true,
                    "properties": json_properties(&[("note".into(), n.text.clone())], NO_KINDS),
                })
            })
            .collect();
        layers.push(json!({
            "type": "objectgroup", "id": map.layers.len() + 1, "name": "notes",
            "x": 0, "y": 0, "visible": true, "opacity": 1, "draworder": "topdown",
            "objects": objects,
        }));
    }
    for group in &map.object_groups {
        let id = layers.len() + 1;
        let properties = |p: &[(String, String)]| json_properties(p, &map.custom_kinds);
        layers.push(write_objects::tmj_group(id, group, &properties));
    }
    let n_layers = layers.len();
    let mut doc = json!({
        "type": "map", "version": TILED_FORMAT_VERSION, "orientation": "hexagonal",
        "renderorder": "right-down", "infinite": false,
        "width": map.width, "height": map.height,
        "tilewidth": g.tile_width, "tileheight": g.tile_height,
        "hexsidelength": g.side_length, "staggeraxis": g.axis.name(), "staggerindex": g.index.name(),
        "compressionlevel": -1,
        "nextlayerid": n_layers + 1, "nextobjectid": next_object_id(map),
        "layers": layers,
        "tilesets": map.tilesets.iter().map(|t| tmj_tileset(g, t)).collect::<Vec<_>>(),
    });
    if !map.properties.is_empty() {
        doc["properties"] = json_properties(&map.properties, &map.custom_kinds);
    }
    serde_json::to_string_pretty(&doc).expect("JSON values always serialise")
}

fn tmj_tileset(g: &TileGeometry, tileset: &Tileset) -> Value {
    let tiles: Vec<Value> = tileset
        .tiles
        .iter()
        .map(|t| json!({"id": t.id, "properties": json_properties(&tile_properties(t), NO_KINDS)}))
        .collect();
    let (tw, th) = tile_size(g, tileset);
    let mut v = json!({
        "firstgid": tileset.first_gid, "name": tileset.name,
        "tilewidth": tw, "tileheight": th,
        "tilecount": tileset.tile_count, "columns": tileset.columns(),
        "margin": 0, "spacing": 0, "tiles": tiles,
    });
    if let Some(image) = &tileset.image {
        let (iw, ih) = image_size(g, tileset);
        v["image"] = json!(image);
        v["imagewidth"] = json!(iw);
        v["imageheight"] = json!(ih);
    }
    v
}
