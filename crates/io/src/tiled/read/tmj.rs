//! The JSON syntax: TMJ maps and TSJ tilesets.

use super::element::{Element, Json};
use super::tileset::{self, ImageRef, TileEntry, TilesetSource};
use super::{Ctx, TiledError, data, objects};
use crate::Resources;
use crate::tiled::model::{ObjectShape, TileLayer, TiledMap, Tileset};
use serde_json::Value;

fn parse(ctx: &Ctx, text: &str) -> Result<Value, TiledError> {
    serde_json::from_str(text).map_err(|e| TiledError::Json {
        file: ctx.file.clone(),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })
}

fn array<'a>(v: &'a Value, key: &str) -> impl Iterator<Item = &'a Value> {
    v.get(key).and_then(Value::as_array).into_iter().flatten()
}

/// Read a TMJ (JSON) map. `file` names it in messages; `res` supplies tilesets and images.
pub fn read_tmj(text: &str, file: &str, res: &dyn Resources) -> Result<TiledMap, TiledError> {
    let ctx = Ctx::new(file, res);
    let v = parse(&ctx, text)?;
    let root = Json {
        value: &v,
        label: "map",
    };
    let tilesets = array(&v, "tilesets").map(|ts| Json {
        value: ts,
        label: "tileset",
    });
    super::read_map(
        &ctx,
        &root,
        tilesets,
        |ts, gid| read_tileset(&ctx, ts.value, gid),
        |expected, map| match v.get("layers") {
            Some(layers) => collect_layers(&ctx, layers, expected, map),
            None => Ok(()),
        },
    )
}

/// A TSJ file.
pub(super) fn external_tileset(
    ctx: &Ctx,
    text: &str,
    first_gid: u32,
) -> Result<Tileset, TiledError> {
    read_tileset(ctx, &parse(ctx, text)?, first_gid)
}

fn read_tileset(ctx: &Ctx, v: &Value, first_gid: u32) -> Result<Tileset, TiledError> {
    let el = Json {
        value: v,
        label: "tileset",
    };
    let image = match el.text("image") {
        Some(source) => Some(ImageRef {
            source: source.to_string(),
            width: el.number(ctx, "imagewidth")?,
            height: el.number(ctx, "imageheight")?,
        }),
        None => None,
    };
    let mut tiles = Vec::new();
    for t in array(v, "tiles") {
        let tile = Json {
            value: t,
            label: "tileset tile",
        };
        tiles.push(TileEntry {
            id: tile.required(ctx, "id")?,
            properties: tile.properties(),
            image: tile.text("image").map(str::to_string),
        });
    }
    let source = TilesetSource::read(ctx, &el, image, tiles)?;
    tileset::build(ctx, source, first_gid)
}

fn layer_data(
    ctx: &Ctx,
    layer: &Value,
    name: &str,
    expected: usize,
) -> Result<Vec<u32>, TiledError> {
    let data = layer
        .get("data")
        .ok_or_else(|| ctx.missing(&format!("layer '{name}'"), "data"))?;
    match data {
        Value::Array(items) => {
            let items = items.iter().map(|g| {
                g.as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| g.to_string())
            });
            data::list(ctx, name, items, expected)
        }
        Value::String(s) => {
            let compression = layer
                .get("compression")
                .and_then(Value::as_str)
                .filter(|c| !c.is_empty());
            data::base64(ctx, name, s, compression, expected)
        }
        other => Err(ctx.bad(
            &format!("layer '{name}'"),
            "data",
            &other.to_string(),
            "expected an array or a base64 string",
        )),
    }
}

fn collect_layers(
    ctx: &Ctx,
    layers: &Value,
    expected: usize,
    map: &mut TiledMap,
) -> Result<(), TiledError> {
    for layer in layers.as_array().into_iter().flatten() {
        let name = layer
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        match layer.get("type").and_then(Value::as_str).unwrap_or("") {
            "tilelayer" => {
                if layer.get("chunks").is_some() {
                    return Err(TiledError::Infinite {
                        file: ctx.file.clone(),
                    });
                }
                let gids = layer_data(ctx, layer, &name, expected)?;
                let visible = layer.get("visible").and_then(Value::as_bool) != Some(false);
                map.layers.push(TileLayer {
                    name,
                    gids,
                    visible,
                });
            }
            "objectgroup" => {
                let objects = array(layer, "objects")
                    .map(|o| {
                        let el = Json {
                            value: o,
                            label: "object",
                        };
                        objects::object(ctx, &el, object_shape(ctx, o)?)
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                super::add_objects(map, &name, objects);
            }
            "group" => {
                if let Some(inner) = layer.get("layers") {
                    collect_layers(ctx, inner, expected, map)?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// What a TMJ object is: a tile (`gid`), a point, a polyline or a text.
fn object_shape(ctx: &Ctx, object: &Value) -> Result<ObjectShape, TiledError> {
    let el = Json {
        value: object,
        label: "object",
    };
    if let Some(gid) = el.number(ctx, "gid")? {
        return Ok(ObjectShape::Tile(gid));
    }
    if el.flag("point") {
        return Ok(ObjectShape::Point);
    }
    for key in ["polyline", "polygon"] {
        let Some(points) = object.get(key) else {
            continue;
        };
        let bad = || ctx.bad("object", key, &points.to_string(), "expected [{x, y}, …]");
        let points = points
            .as_array()
            .ok_or_else(bad)?
            .iter()
            .map(|p| {
                let x = p.get("x").and_then(Value::as_f64);
                let y = p.get("y").and_then(Value::as_f64);
                x.zip(y).ok_or_else(bad)
            })
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(match key {
            "polygon" => ObjectShape::Polygon(points),
            _ => ObjectShape::Polyline(points),
        });
    }
    if let Some(text) = object.get("text") {
        let el = Json {
            value: text,
            label: "text",
        };
        let content = el.text("text").unwrap_or("").to_string();
        return Ok(ObjectShape::Text(objects::text_object(ctx, &el, content)?));
    }
    Ok(ObjectShape::Other)
}
