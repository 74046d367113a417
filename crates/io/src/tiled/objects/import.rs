//! Tiled objects back into a map's edges, paths, icons and labels. `hexmap:*` properties
//! give exact values; where one is missing the object's geometry stands in (the edge
//! nearest a polyline's middle, the hexes under a polyline's points or an icon, a text
//! object's box); a value that is there but malformed is an error naming the object.

use super::palettes::{edge_palette_from_text, path_palette_from_text};
use super::*;
use crate::tiled::convert::FromTiledError;
use crate::tiled::grid::TiledGrid;
use crate::tiled::model::{MapObject, ObjectShape, TextObject, TiledMap, property};
use hexmap_hex::{Edge, Hex, Layout, Point};
use hexmap_map::annotations::{PlacedIcon, complete_ids};
use hexmap_map::{HexMap, Icon, IconSource, Label, LabelId, MapPath, PathId, Rgb};
use std::collections::{BTreeMap, BTreeSet};

/// One object being read, for its messages.
struct Obj<'a> {
    layer: &'a str,
    o: &'a MapObject,
}

impl Obj<'_> {
    /// True when the object is marked GM-only (`hexmap:gm_only`).
    fn gm_only(&self) -> bool {
        self.o
            .property(P_GM_ONLY)
            .is_some_and(|v| v.trim() == "true")
    }

    fn error(&self, message: impl Into<String>) -> FromTiledError {
        FromTiledError::Object {
            layer: self.layer.to_string(),
            id: self.o.id,
            message: message.into(),
        }
    }

    fn warning(&self, message: &str) -> String {
        format!(
            "layer '{}' object {}: {message}; not imported",
            self.layer, self.o.id
        )
    }

    /// A property parsed by `parse`: `None` when absent, an error naming it when bad.
    fn parsed<T>(
        &self,
        name: &str,
        what: &str,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> Result<Option<T>, FromTiledError> {
        match self.o.property(name) {
            None => Ok(None),
            Some(v) => parse(v)
                .map(Some)
                .ok_or_else(|| self.error(format!("{name} = '{v}' is not {what}"))),
        }
    }

    /// The polyline's points in map pixels.
    fn points(&self) -> Vec<Point> {
        match &self.o.shape {
            ObjectShape::Polyline(p) => p
                .iter()
                .map(|(x, y)| Point::new(self.o.x + x, self.o.y + y))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// A hex written `q,r`.
fn parse_hex(text: &str) -> Option<Hex> {
    let (q, r) = text.split_once(',')?;
    Some(Hex::new(q.trim().parse().ok()?, r.trim().parse().ok()?))
}

/// A point written `x,y` (finite numbers).
fn parse_point(text: &str) -> Option<Point> {
    let (x, y) = text.split_once(',')?;
    let p = Point::new(x.trim().parse().ok()?, y.trim().parse().ok()?);
    (p.x.is_finite() && p.y.is_finite()).then_some(p)
}

/// Points written `x,y x,y …` (a curved label's path).
fn parse_points(text: &str) -> Option<Vec<Point>> {
    text.split_whitespace().map(parse_point).collect()
}

/// Restore the palettes from the map properties, then every object of every object
/// layer that is an edge, path, icon or label.
pub fn import(
    doc: &TiledMap,
    grid: &TiledGrid,
    map: &mut HexMap,
    warnings: &mut Vec<String>,
) -> Result<(), FromTiledError> {
    let bad_property = |name: &str, message: String| FromTiledError::Property {
        name: name.to_string(),
        message,
    };
    if let Some(text) = doc.property(P_EDGE_TYPES) {
        let palette = edge_palette_from_text(text).map_err(|m| bad_property(P_EDGE_TYPES, m))?;
        map.set_edge_palette(palette);
    }
    if let Some(text) = doc.property(P_PATH_TYPES) {
        let palette = path_palette_from_text(text).map_err(|m| bad_property(P_PATH_TYPES, m))?;
        map.set_path_palette(palette);
    }
    let world = map.layout().ok();
    let mut icons: Vec<(Hex, Option<u32>, Icon)> = Vec::new();
    let mut regions = super::regions::Found::default();
    let mut custom = super::custom::Found::default();
    let mut owned = super::key::Owned::default();
    for group in &doc.object_groups {
        for o in &group.objects {
            if super::regions::is_region(o) {
                regions.add(&group.name, o)?;
                continue;
            }
            if super::custom::is_values_object(o) {
                custom.add(&group.name, o);
                continue;
            }
            if super::key::is_key_entry(o) {
                super::key::import(&group.name, o, map, &mut owned)?;
                continue;
            }
            let obj = Obj {
                layer: &group.name,
                o,
            };
            let is = |p: &str, layer: &str, shape: bool| {
                o.property(p).is_some() || (layer_type(&group.name, layer).is_some() && shape)
            };
            let polyline = matches!(o.shape, ObjectShape::Polyline(_));
            if is(P_EDGE_TYPE, EDGES_LAYER, polyline) {
                edge(&obj, grid, map, warnings)?;
            } else if is(P_PATH_TYPE, PATHS_LAYER, polyline) {
                path(&obj, grid, map, warnings)?;
            } else if is(P_ICON, ICONS_LAYER, matches!(o.shape, ObjectShape::Tile(_))) {
                if let Some(found) = icon(&obj, doc, grid, warnings)? {
                    icons.push(found);
                }
            } else if let ObjectShape::Text(text) = &o.shape {
                match &world {
                    Some(world) => label(&obj, text, grid, world, map, warnings)?,
                    None => warnings.push(obj.warning("the map has no layout for labels")),
                }
            }
        }
    }
    for (hex, list) in placed_icons(icons) {
        if let Err(e) = map.set_placed_icons(hex, list) {
            warnings.push(format!("icons on {hex} not imported: {e}"));
        }
    }
    regions.finish(doc, map)?;
    owned.finish(map)?;
    custom.finish(doc, map)
}

/// The icons grouped by hex in the order found, each with its `hexmap:icon_id` when that
/// id is free, else (an icon drawn in Tiled, a copy pasted there) the next after the
/// highest id found.
fn placed_icons(icons: Vec<(Hex, Option<u32>, Icon)>) -> BTreeMap<Hex, Vec<PlacedIcon>> {
    // A repeated id counts as missing after its first use.
    let mut used = BTreeSet::new();
    let listed: Vec<Option<u32>> =
        (icons.iter().map(|i| i.1.filter(|&id| used.insert(id)))).collect();
    let mut by_hex: BTreeMap<Hex, Vec<PlacedIcon>> = BTreeMap::new();
    for ((hex, _, icon), id) in icons.into_iter().zip(complete_ids(&listed)) {
        by_hex.entry(hex).or_default().push(PlacedIcon { id, icon });
    }
    by_hex
}

fn edge(
    obj: &Obj,
    grid: &TiledGrid,
    map: &mut HexMap,
    warnings: &mut Vec<String>,
) -> Result<(), FromTiledError> {
    // The type: its property, else the name of its per-type layer (a line drawn in Tiled).
    let from_layer = layer_type(obj.layer, EDGES_LAYER).flatten();
    let Some(name) = obj.o.property(P_EDGE_TYPE).or(from_layer) else {
        warnings.push(obj.warning(&format!("edge without {P_EDGE_TYPE}")));
        return Ok(());
    };
    let kind = map
        .edge_palette()
        .types()
        .iter()
        .find(|t| t.name == name)
        .map(|t| t.id)
        .ok_or_else(|| obj.error(format!("unknown edge type '{name}'")))?;
    let a = obj.parsed(P_A, "a hex (q,r)", parse_hex)?;
    let b = obj.parsed(P_B, "a hex (q,r)", parse_hex)?;
    let edge = match (a, b) {
        (Some(a), Some(b)) => Some(
            Edge::between(a, b)
                .ok_or_else(|| obj.error(format!("{a} and {b} are not neighbours")))?,
        ),
        // No hexes: the edge nearest the middle of the line's first piece.
        _ => match obj.points().as_slice() {
            [p, q, ..] => grid.edge_at(Point::new((p.x + q.x) / 2.0, (p.y + q.y) / 2.0)),
            _ => None,
        },
    };
    let Some(edge) = edge else {
        warnings.push(obj.warning("edge with no hexes and no line"));
        return Ok(());
    };
    if let Err(e) = map.set_edge(edge, Some(kind)) {
        warnings.push(obj.warning(&e.to_string()));
    } else if obj.gm_only() {
        map.set_edge_gm_only(edge, true);
    }
    Ok(())
}

fn path(
    obj: &Obj,
    grid: &TiledGrid,
    map: &mut HexMap,
    warnings: &mut Vec<String>,
) -> Result<(), FromTiledError> {
    let from_layer = layer_type(obj.layer, PATHS_LAYER).flatten();
    let Some(name) = obj.o.property(P_PATH_TYPE).or(from_layer) else {
        warnings.push(obj.warning(&format!("path without {P_PATH_TYPE}")));
        return Ok(());
    };
    let kind = map
        .path_palette()
        .types()
        .iter()
        .find(|t| t.name == name)
        .map(|t| t.id)
        .ok_or_else(|| obj.error(format!("unknown path type '{name}'")))?;
    let listed = obj.parsed(P_HEXES, "a list of hexes (q,r q,r …)", |text| {
        text.split_whitespace().map(parse_hex).collect()
    })?;
    let hexes: Vec<Hex> = match listed {
        Some(h) => h,
        // No list: the hexes under the line's points, each once in a row.
        None => {
            let mut hexes: Vec<Hex> = obj
                .points()
                .into_iter()
                .filter_map(|p| grid.hex_at(p))
                .collect();
            hexes.dedup();
            hexes
        }
    };
    let id = obj.parsed(P_PATH_ID, "a path id", |t| t.trim().parse::<u32>().ok())?;
    let id = match id.map(PathId) {
        Some(id) if map.path(id).is_none() => id,
        _ => map.paths().next_id(),
    };
    if let Err(e) = map.insert_path(MapPath {
        id,
        kind,
        hexes,
        gm_only: obj.gm_only(),
    }) {
        warnings.push(obj.warning(&e.to_string()));
    }
    Ok(())
}

fn icon(
    obj: &Obj,
    doc: &TiledMap,
    grid: &TiledGrid,
    warnings: &mut Vec<String>,
) -> Result<Option<(Hex, Option<u32>, Icon)>, FromTiledError> {
    let o = obj.o;
    // The icon's name: the object's property, else its tile's.
    let tile_props = match o.shape {
        ObjectShape::Tile(gid) => doc.tile(gid).and_then(|(_, t)| t).map(|t| &t.properties),
        _ => None,
    };
    let tile_prop = |name: &str| tile_props.and_then(|p| property(p, name));
    let Some(name) = o.property(P_ICON).or_else(|| tile_prop(P_ICON)) else {
        warnings.push(obj.warning(&format!("icon without {P_ICON}")));
        return Ok(None);
    };
    let source = IconSource::from_file_text(name).map_err(|e| obj.error(e.to_string()))?;
    let hex = match obj.parsed(P_HEX, "a hex (q,r)", parse_hex)? {
        Some(h) => Some(h),
        None => {
            let centre = match o.shape {
                // Tiled anchors tile objects at their bottom-left corner.
                ObjectShape::Tile(_) => Point::new(o.x + o.width / 2.0, o.y - o.height / 2.0),
                _ => Point::new(o.x, o.y),
            };
            grid.hex_at(centre)
        }
    };
    let Some(hex) = hex else {
        warnings.push(obj.warning("icon far off the map"));
        return Ok(None);
    };
    let scale = obj.parsed(P_SCALE, "a scale", |t| t.trim().parse::<f32>().ok())?;
    let color = match o.property(P_COLOR) {
        Some(_) => obj.parsed(P_COLOR, "a colour (#rrggbb)", |t| t.parse::<Rgb>().ok())?,
        None => tile_prop(P_COLOR).and_then(|t| t.parse::<Rgb>().ok()),
    };
    let caption = match o.property(P_CAPTION) {
        Some(c) => Some(c.to_string()),
        None => (!o.name.is_empty()).then(|| o.name.clone()),
    };
    let icon = Icon {
        gm_only: obj.gm_only(),
        source,
        caption,
        scale: scale.unwrap_or(1.0),
        color,
        key: None,
    };
    icon.validate().map_err(|e| obj.error(e.to_string()))?;
    let id = obj.parsed(P_ICON_ID, "an icon id", |t| t.trim().parse::<u32>().ok())?;
    Ok(Some((hex, id, icon)))
}

fn label(
    obj: &Obj,
    text: &TextObject,
    grid: &TiledGrid,
    world: &Layout,
    map: &mut HexMap,
    warnings: &mut Vec<String>,
) -> Result<(), FromTiledError> {
    let o = obj.o;
    let (sin, cos) = o.rotation.to_radians().sin_cos();
    // The middle of the box Tiled turns about its top-left corner.
    let middle = Point::new(
        o.x + o.width / 2.0 * cos - o.height / 2.0 * sin,
        o.y + o.width / 2.0 * sin + o.height / 2.0 * cos,
    );
    let written = obj.parsed(P_AT, "a point (x,y)", parse_point)?;
    // The exact point when the object still sits where hexmap put it (not moved in Tiled).
    let at = match written {
        Some(p) => {
            let t = grid.to_tiled(world, p);
            let kept = (t.x - middle.x).abs() < 1.0 && (t.y - middle.y).abs() < 1.0;
            if kept || !text.centred {
                p
            } else {
                grid.to_world(world, middle)
            }
        }
        None if text.centred => grid.to_world(world, middle),
        None => grid.to_world(world, Point::new(o.x, o.y)),
    };
    let (_, sy) = grid.scale(world);
    let size = obj.parsed(P_SIZE, "a size", |t| t.trim().parse::<f32>().ok())?;
    let size = size.unwrap_or((text.pixel_size / sy / world.size().y) as f32);
    let rotation = obj.parsed(P_ROTATION, "an angle", |t| t.trim().parse::<f32>().ok())?;
    let rotation = match rotation {
        Some(r) if (f64::from(r) - o.rotation).abs() < 0.01 => r,
        _ => o.rotation as f32,
    };
    let halo = obj.parsed(P_HALO, "true or false", |t| t.trim().parse::<bool>().ok())?;
    let label = Label {
        gm_only: obj.gm_only(),
        text: text.text.clone(),
        at,
        size,
        rotation,
        color: Rgb(text.color),
        bold: text.bold,
        italic: text.italic,
        halo: halo.unwrap_or(true),
        path: obj
            .parsed(P_LABEL_PATH, "points (dx,dy dx,dy …)", parse_points)?
            .unwrap_or_default(),
    };
    // Any text object becomes a label; one hexmap cannot hold is left out, not an error.
    if let Err(e) = label.validate() {
        warnings.push(obj.warning(&e.to_string()));
        return Ok(());
    }
    let id = obj.parsed(P_ID, "a label id", |t| t.trim().parse::<u32>().ok())?;
    let id = match id.map(LabelId) {
        Some(id) if map.label(id).is_none() => id,
        _ => map.labels().next_id(),
    };
    if let Err(e) = map.add_label(id, label) {
        warnings.push(obj.warning(&e.to_string()));
    }
    Ok(())
}
