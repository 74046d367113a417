//! Reads hexagonal Tiled maps (TMX or TMJ) into the Tiled model ([`TiledMap`], the same one
//! the writers write): sizes, stagger, tile layers as global ids (flip/rotation bits
//! removed), tilesets (embedded or external, one image or one image per tile) with a colour
//! sampled from each tile's image centre, and point objects. Every failure names the file
//! and the part of it.
//!
//! The two syntaxes are parsed in [`tmx`] and [`tmj`]; what they share — the map header,
//! layer data ([`data`]), tilesets and images ([`tileset`]), objects — is read once here,
//! through the [`Element`](element::Element) view of an XML element or JSON object.

mod data;
mod element;
mod error;
mod objects;
mod tileset;
mod tmj;
mod tmx;

pub use error::TiledError;
pub use tmj::read_tmj;
pub use tmx::read_tmx;

use super::geometry::{StaggerAxis, StaggerIndex, TileGeometry};
use super::model::{MapObject, ObjectGroup, TiledMap, Tileset};
use crate::Resources;
use element::Element;

/// Most cells we import (width × height), checked before allocating: the map's own cell
/// limit, [`hexmap_map::shape::MAX_CELLS`], so whatever hexmap can hold it can import.
pub const MAX_IMPORT_CELLS: u64 = hexmap_map::shape::MAX_CELLS;

/// Read a Tiled map by its text: JSON when it starts with `{`, XML otherwise. `file` names
/// it in messages; `res` supplies external tilesets and images.
pub fn read_tiled(text: &str, file: &str, res: &dyn Resources) -> Result<TiledMap, TiledError> {
    if looks_like_json(text) {
        read_tmj(text, file, res)
    } else {
        read_tmx(text, file, res)
    }
}

fn looks_like_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// Shared reading context: the file name for messages and where resources come from.
pub(super) struct Ctx<'a> {
    file: String,
    res: &'a dyn Resources,
    /// Folder prefix of the file being read, relative to the map (for nested tilesets).
    prefix: String,
}

impl<'a> Ctx<'a> {
    fn new(file: &str, res: &'a dyn Resources) -> Self {
        Ctx {
            file: file.into(),
            res,
            prefix: String::new(),
        }
    }

    /// The context of a file this one names (an external tileset), for its own messages
    /// and its own relative paths.
    fn nested(&self, path: &str) -> Ctx<'a> {
        let folder = path.rfind('/').map_or("", |i| &path[..=i]);
        Ctx {
            file: path.into(),
            res: self.res,
            prefix: self.resolve(folder),
        }
    }

    fn missing(&self, element: &str, field: &str) -> TiledError {
        TiledError::Missing {
            file: self.file.clone(),
            element: element.into(),
            field: field.into(),
        }
    }

    fn bad(&self, element: &str, field: &str, value: &str, why: &str) -> TiledError {
        TiledError::BadValue {
            file: self.file.clone(),
            element: element.into(),
            field: field.into(),
            value: value.into(),
            why: why.into(),
        }
    }

    fn resolve(&self, path: &str) -> String {
        format!("{}{path}", self.prefix)
    }

    /// The bytes of a file this one names.
    fn load(&self, what: &'static str, path: &str) -> Result<Vec<u8>, TiledError> {
        self.res
            .read(&self.resolve(path))
            .map_err(|why| TiledError::Resource {
                file: self.file.clone(),
                what,
                path: path.into(),
                why,
            })
    }
}

/// The map header (orientation, size, geometry, properties) as an empty map, refusing
/// anything but a finite hexagonal map within the size limit.
fn map_header(ctx: &Ctx, map: &dyn Element) -> Result<TiledMap, TiledError> {
    let orientation = map
        .text("orientation")
        .ok_or_else(|| ctx.missing("map", "orientation"))?;
    if orientation != "hexagonal" {
        return Err(TiledError::NotHexagonal {
            file: ctx.file.clone(),
            orientation: orientation.into(),
        });
    }
    if map.flag("infinite") {
        return Err(TiledError::Infinite {
            file: ctx.file.clone(),
        });
    }
    let (width, height) = (map.required(ctx, "width")?, map.required(ctx, "height")?);
    check_size(ctx, width.into(), height.into())?;
    let geometry = geometry(
        ctx,
        map.required(ctx, "tilewidth")?,
        map.required(ctx, "tileheight")?,
        map.number(ctx, "hexsidelength")?.unwrap_or(0),
        map.text("staggeraxis"),
        map.text("staggerindex"),
    )?;
    Ok(TiledMap {
        width,
        height,
        geometry,
        tilesets: Vec::new(),
        layers: Vec::new(),
        notes: Vec::new(),
        object_groups: Vec::new(),
        properties: map.properties(),
        custom_kinds: Default::default(),
    })
}

fn check_size(ctx: &Ctx, width: u64, height: u64) -> Result<(), TiledError> {
    if width == 0 || height == 0 {
        return Err(ctx.bad(
            "map",
            "width/height",
            &format!("{width}×{height}"),
            "must be at least 1",
        ));
    }
    if width.saturating_mul(height) > MAX_IMPORT_CELLS {
        return Err(TiledError::TooLarge {
            file: ctx.file.clone(),
            width,
            height,
            limit: MAX_IMPORT_CELLS,
        });
    }
    Ok(())
}

fn geometry(
    ctx: &Ctx,
    tw: u32,
    th: u32,
    side: u32,
    axis: Option<&str>,
    index: Option<&str>,
) -> Result<TileGeometry, TiledError> {
    // Tiled itself falls back to y / odd when these are missing; read them the way Tiled
    // draws them.
    let axis = match axis.unwrap_or("y") {
        "x" => StaggerAxis::X,
        "y" => StaggerAxis::Y,
        other => return Err(ctx.bad("map", "staggeraxis", other, "expected x or y")),
    };
    let index = match index.unwrap_or("odd") {
        "odd" => StaggerIndex::Odd,
        "even" => StaggerIndex::Even,
        other => return Err(ctx.bad("map", "staggerindex", other, "expected odd or even")),
    };
    if tw == 0 || th == 0 {
        return Err(ctx.bad(
            "map",
            "tilewidth/tileheight",
            &format!("{tw}×{th}"),
            "must be at least 1",
        ));
    }
    Ok(TileGeometry {
        axis,
        index,
        tile_width: tw,
        tile_height: th,
        side_length: side,
    })
}

/// A whole map, read the same way from either syntax: the header from `root`, then each
/// of `tilesets` (embedded ones read by `embedded`, given the first gid), then the layers
/// by `layers` (given how many cells each must have), then the checks of [`finish`].
fn read_map<E: Element>(
    ctx: &Ctx,
    root: &dyn Element,
    tilesets: impl IntoIterator<Item = E>,
    embedded: impl Fn(&E, u32) -> Result<Tileset, TiledError>,
    layers: impl FnOnce(usize, &mut TiledMap) -> Result<(), TiledError>,
) -> Result<TiledMap, TiledError> {
    let mut map = map_header(ctx, root)?;
    for ts in tilesets {
        let tileset = map_tileset(ctx, &ts, |gid| embedded(&ts, gid))?;
        map.tilesets.push(tileset);
    }
    let expected = map.width as usize * map.height as usize;
    layers(expected, &mut map)?;
    finish(ctx, map)
}

/// A `<tileset>` element or tileset object of a map: the one in a file of its own that it
/// names (`source`), else the embedded one that `embedded` reads.
fn map_tileset(
    ctx: &Ctx,
    el: &dyn Element,
    embedded: impl FnOnce(u32) -> Result<Tileset, TiledError>,
) -> Result<Tileset, TiledError> {
    let first_gid = el.required(ctx, "firstgid")?;
    match el.text("source") {
        Some(source) => external_tileset(ctx, source, first_gid),
        None => embedded(first_gid),
    }
}

/// A tileset in a file of its own (`.tsx` or `.tsj`), named relative to the map.
fn external_tileset(ctx: &Ctx, source: &str, first_gid: u32) -> Result<Tileset, TiledError> {
    let bytes = ctx.load("tileset", source)?;
    let text = String::from_utf8(bytes).map_err(|_| TiledError::Resource {
        file: ctx.file.clone(),
        what: "tileset",
        path: source.into(),
        why: "not UTF-8 text".into(),
    })?;
    let inner = ctx.nested(source);
    if looks_like_json(&text) {
        tmj::external_tileset(&inner, &text, first_gid)
    } else {
        tmx::external_tileset(&inner, &text, first_gid)
    }
}

/// Sort the objects of one object layer: notes (text points) into the notes, the rest
/// into an object group of the layer's name.
fn add_objects(map: &mut TiledMap, layer: &str, objects: Vec<MapObject>) {
    let mut rest = Vec::new();
    for object in objects {
        match objects::as_note(&object) {
            Some(note) => map.notes.push(note),
            None => rest.push(object),
        }
    }
    if !rest.is_empty() {
        map.object_groups.push(ObjectGroup {
            name: layer.to_string(),
            color: None,
            objects: rest,
            visible: true,
        });
    }
}

/// Tilesets in gid order, and every tile id of every layer known to one of them.
fn finish(ctx: &Ctx, mut map: TiledMap) -> Result<TiledMap, TiledError> {
    map.tilesets.sort_by_key(|t| t.first_gid);
    for layer in &map.layers {
        if let Some((index, &gid)) = layer
            .gids
            .iter()
            .enumerate()
            .find(|&(_, &g)| g != 0 && map.tile(g).is_none())
        {
            return Err(TiledError::UnknownGid {
                file: ctx.file.clone(),
                layer: layer.name.clone(),
                index,
                gid,
            });
        }
    }
    Ok(map)
}
