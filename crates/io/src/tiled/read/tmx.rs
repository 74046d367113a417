//! The XML syntax: TMX maps and TSX tilesets.

use super::element::{Element, Xml};
use super::tileset::{self, ImageRef, TileEntry, TilesetSource};
use super::{Ctx, TiledError, data, objects};
use crate::Resources;
use crate::tiled::model::{ObjectShape, TileLayer, TiledMap, Tileset};
use roxmltree::Node;

fn parse<'a>(ctx: &Ctx, text: &'a str) -> Result<roxmltree::Document<'a>, TiledError> {
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

/// The root element, which must be `<tag>`.
fn root<'a, 'i>(
    ctx: &Ctx,
    doc: &'a roxmltree::Document<'i>,
    tag: &str,
) -> Result<Node<'a, 'i>, TiledError> {
    let root = doc.root_element();
    if root.has_tag_name(tag) {
        Ok(root)
    } else {
        Err(ctx.bad(
            "document",
            "root element",
            root.tag_name().name(),
            &format!("expected <{tag}>"),
        ))
    }
}

/// Read a TMX map. `file` names it in messages; `res` supplies external tilesets and images.
pub fn read_tmx(text: &str, file: &str, res: &dyn Resources) -> Result<TiledMap, TiledError> {
    let ctx = Ctx::new(file, res);
    let doc = parse(&ctx, text)?;
    let root = root(&ctx, &doc, "map")?;
    let tilesets = root
        .children()
        .filter(|c| c.has_tag_name("tileset"))
        .map(Xml);
    super::read_map(
        &ctx,
        &Xml(root),
        tilesets,
        |ts, gid| read_tileset(&ctx, ts.0, gid),
        |expected, map| collect_layers(&ctx, root, expected, map),
    )
}

/// A TSX file.
pub(super) fn external_tileset(
    ctx: &Ctx,
    text: &str,
    first_gid: u32,
) -> Result<Tileset, TiledError> {
    let doc = parse(ctx, text)?;
    read_tileset(ctx, root(ctx, &doc, "tileset")?, first_gid)
}

fn read_tileset(ctx: &Ctx, node: Node, first_gid: u32) -> Result<Tileset, TiledError> {
    let image = match node.children().find(|c| c.has_tag_name("image")) {
        Some(img) => Some(ImageRef {
            source: img
                .attribute("source")
                .ok_or_else(|| ctx.missing("tileset image", "source"))?
                .to_string(),
            width: Xml(img).number(ctx, "width")?,
            height: Xml(img).number(ctx, "height")?,
        }),
        None => None,
    };
    let mut tiles = Vec::new();
    for tile in node.children().filter(|c| c.has_tag_name("tile")) {
        let image = match tile.children().find(|c| c.has_tag_name("image")) {
            Some(img) => Some(
                img.attribute("source")
                    .ok_or_else(|| ctx.missing("tile image", "source"))?
                    .to_string(),
            ),
            None => None,
        };
        tiles.push(TileEntry {
            id: Xml(tile).required(ctx, "id")?,
            properties: Xml(tile).properties(),
            image,
        });
    }
    let source = TilesetSource::read(ctx, &Xml(node), image, tiles)?;
    tileset::build(ctx, source, first_gid)
}

fn layer_data(ctx: &Ctx, layer: Node, name: &str, expected: usize) -> Result<Vec<u32>, TiledError> {
    let node = layer
        .children()
        .find(|c| c.has_tag_name("data"))
        .ok_or_else(|| ctx.missing(&format!("layer '{name}'"), "data"))?;
    let text = node.text().unwrap_or("");
    match node.attribute("encoding") {
        Some("csv") => data::csv(ctx, name, text, expected),
        Some("base64") => data::base64(ctx, name, text, node.attribute("compression"), expected),
        Some(other) => Err(ctx.bad(
            &format!("layer '{name}' data"),
            "encoding",
            other,
            "expected csv or base64",
        )),
        None => {
            if node.children().any(|c| c.has_tag_name("chunk")) {
                return Err(TiledError::Infinite {
                    file: ctx.file.clone(),
                });
            }
            // One <tile gid="…"/> per cell; Tiled writes a bare <tile/> for an empty one.
            let items: Vec<data::ListItem> = node
                .children()
                .filter(|c| c.has_tag_name("tile"))
                .map(|t| match t.attribute("gid") {
                    None => Ok(0),
                    Some(g) => g.trim().parse().map_err(|_| format!("'{g}'")),
                })
                .collect();
            data::list(ctx, name, items.into_iter(), expected)
        }
    }
}

fn collect_layers(
    ctx: &Ctx,
    parent: Node,
    expected: usize,
    map: &mut TiledMap,
) -> Result<(), TiledError> {
    for node in parent.children().filter(Node::is_element) {
        match node.tag_name().name() {
            "layer" => {
                let name = node.attribute("name").unwrap_or("").to_string();
                let gids = layer_data(ctx, node, &name, expected)?;
                map.layers.push(TileLayer {
                    name,
                    gids,
                    visible: node.attribute("visible") != Some("0"),
                });
            }
            "objectgroup" => {
                let name = node.attribute("name").unwrap_or("");
                let objects = node
                    .children()
                    .filter(|o| o.has_tag_name("object"))
                    .map(|o| objects::object(ctx, &Xml(o), object_shape(ctx, o)?))
                    .collect::<Result<Vec<_>, _>>()?;
                super::add_objects(map, name, objects);
            }
            "group" => collect_layers(ctx, node, expected, map)?,
            _ => {}
        }
    }
    Ok(())
}

/// What a TMX `<object>` is: a tile (`gid`), or by its child element.
fn object_shape(ctx: &Ctx, object: Node) -> Result<ObjectShape, TiledError> {
    if let Some(gid) = Xml(object).number(ctx, "gid")? {
        return Ok(ObjectShape::Tile(gid));
    }
    for child in object.children().filter(Node::is_element) {
        match child.tag_name().name() {
            "point" => return Ok(ObjectShape::Point),
            "polyline" => {
                let points = child.attribute("points").unwrap_or("");
                return Ok(ObjectShape::Polyline(objects::tmx_points(ctx, points)?));
            }
            "polygon" => {
                let points = child.attribute("points").unwrap_or("");
                return Ok(ObjectShape::Polygon(objects::tmx_points(ctx, points)?));
            }
            "text" => {
                let text = child.text().unwrap_or("").to_string();
                return Ok(ObjectShape::Text(objects::text_object(
                    ctx,
                    &Xml(child),
                    text,
                )?));
            }
            _ => {}
        }
    }
    Ok(ObjectShape::Other)
}
