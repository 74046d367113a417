//! The parts of a JSON export (docs/JSON.md) as typed values, each read from its JSON with
//! errors naming the JSON path: palette entries, edge and path types, and the elements of
//! the long lists (cells, edges, paths, icons, labels). Checks that need the whole map
//! (a terrain id in the palette, a cell inside the shape) are `json_read`'s.

use super::json_value::{
    At, Element, array, boolean, int, member, nullable, number, object, pair, text,
};
use hexmap_hex::{Hex, Point};
use hexmap_map::annotations::{MAX_ICONS_PER_HEX, MAX_LABELS};
use hexmap_map::features::paths::{MAX_PATH_LEN, MAX_PATHS};
use hexmap_map::palette::MAX_TERRAINS;
use hexmap_map::shape::MAX_CELLS;
use hexmap_map::{
    ClimateKind, Cost, EdgeMove, EdgeType, EdgeTypeId, Icon, IconSource, Label, LineStyle,
    MoveCost, PathType, PathTypeId, Rgb, Terrain, TerrainId, TileArt,
};
use serde_json::Value;

/// `v` as a `#rrggbb` colour.
fn color(v: &Value, at: &At) -> Result<Rgb, String> {
    text(v, at)?.parse().map_err(|e: String| at.err(e))
}

/// `v` as an axial `[q, r]`.
fn axial(v: &Value, at: &At) -> Result<Hex, String> {
    let [q, r] = pair(v, at, int::<i32>)?;
    Ok(Hex::new(q, r))
}

/// `v` as a non-zero id (palette ids start at 1).
fn id(v: &Value, at: &At) -> Result<u16, String> {
    match int::<u16>(v, at)? {
        0 => Err(at.err("ids start at 1, got 0")),
        n => Ok(n),
    }
}

/// `v` as movement points with at most two decimals (edge and path costs).
fn points(v: &Value, at: &At) -> Result<Cost, String> {
    crate::read::points_to_cost(number(v, at)?).map_err(|e| at.err(e))
}

/// `v` as a stroke width (an `f32`, checked by the palette).
fn width(v: &Value, at: &At) -> Result<f32, String> {
    Ok(number(v, at)? as f32)
}

/// The width and style of a feature type: written since version 2; for version 1 those
/// of the standard type with the same id, else a thin solid line.
fn stroke(
    obj: &serde_json::Map<String, Value>,
    at: &At,
    standard: Option<(f32, LineStyle)>,
) -> Result<(f32, LineStyle), String> {
    let (w, s) = standard.unwrap_or((0.12, LineStyle::Solid));
    let w = match obj.get("width") {
        Some(v) => width(v, &at.key("width"))?,
        None => w,
    };
    let s = match obj.get("style") {
        Some(v) => {
            let at = at.key("style");
            let name = text(v, &at)?;
            LineStyle::from_name(name).ok_or_else(|| {
                at.err(format!(
                    "unknown style {name:?} (expected solid, dashed or double)"
                ))
            })?
        }
        None => s,
    };
    Ok((w, s))
}

/// The terrains of `palette` (at most [`MAX_TERRAINS`]), in order.
pub(super) fn terrains(v: &Value, at: &At) -> Result<Vec<Terrain>, String> {
    let list = array(v, at)?;
    if list.len() > MAX_TERRAINS {
        return Err(at.err(format!(
            "{} terrains, over the limit of {MAX_TERRAINS}",
            list.len()
        )));
    }
    list.iter()
        .enumerate()
        .map(|(i, v)| terrain(v, &at.index(i)))
        .collect()
}

fn terrain(v: &Value, at: &At) -> Result<Terrain, String> {
    let o = object(v, at)?;
    let (v, a) = member(o, "id", at)?;
    let id = TerrainId::new(id(v, &a)?).expect("not 0");
    let (v, a) = member(o, "name", at)?;
    let name = text(v, &a)?.to_owned();
    let (v, a) = member(o, "color", at)?;
    let color = color(v, &a)?;
    let (v, a) = member(o, "symbol", at)?;
    let mut chars = text(v, &a)?.chars();
    let symbol = match (chars.next(), chars.next()) {
        (Some(c), None) => c,
        _ => return Err(a.err("expected exactly one character")),
    };
    let (v, a) = member(o, "cost", at)?;
    let cost = nullable(v, &a, points)?.map_or(MoveCost::Impassable, MoveCost::Cost);
    let (v, a) = member(o, "blocks_sight", at)?;
    let blocks_sight = boolean(v, &a)?;
    let images = match o.get("tile_art") {
        Some(v) => {
            let a = at.key("tile_art");
            array(v, &a)?
                .iter()
                .enumerate()
                .map(|(i, v)| text(v, &a.index(i)).map(str::to_owned))
                .collect::<Result<_, _>>()?
        }
        None => Vec::new(),
    };
    let tint = match o.get("tile_tint") {
        Some(v) => boolean(v, &at.key("tile_tint"))?,
        None => false,
    };
    Ok(Terrain {
        id,
        name,
        color,
        symbol,
        cost,
        blocks_sight,
        art: TileArt { images, tint },
    })
}

/// What an edge type and a path type of the export share: id, name, colour, stroke and
/// cost (`None`: `null`, impassable for an edge, no effect for a path). A version 1 type
/// takes its width and style from `standard(id)`, the standard type with that id.
struct FeatureHead {
    id: u16,
    name: String,
    color: Rgb,
    width: f32,
    style: LineStyle,
    cost: Option<Cost>,
}

/// The shared keys of one feature type object at `at`.
fn feature_head<'v>(
    v: &'v Value,
    at: &At,
    standard: impl Fn(u16) -> Option<(f32, LineStyle)>,
) -> Result<(FeatureHead, &'v serde_json::Map<String, Value>), String> {
    let o = object(v, at)?;
    let (v, a) = member(o, "id", at)?;
    let id = id(v, &a)?;
    let (width, style) = stroke(o, at, standard(id))?;
    let (v, a) = member(o, "cost", at)?;
    let cost = nullable(v, &a, points)?;
    let (v, a) = member(o, "name", at)?;
    let name = text(v, &a)?.to_owned();
    let (v, a) = member(o, "color", at)?;
    let color = color(v, &a)?;
    let head = FeatureHead {
        id,
        name,
        color,
        width,
        style,
        cost,
    };
    Ok((head, o))
}

/// The edge types of `edge_types`; version 1 types take their width and style from
/// `standard`.
pub(super) fn edge_types(
    v: &Value,
    at: &At,
    standard: &[EdgeType],
) -> Result<Vec<EdgeType>, String> {
    let list = array(v, at)?;
    list.iter()
        .enumerate()
        .map(|(i, v)| {
            let at = at.index(i);
            let (h, o) = feature_head(v, &at, |id| {
                standard
                    .iter()
                    .find(|t| t.id.get() == id)
                    .map(|t| (t.width, t.style))
            })?;
            let (v, a) = member(o, "blocks_sight", &at)?;
            Ok(EdgeType {
                id: EdgeTypeId::new(h.id).expect("not 0"),
                name: h.name,
                color: h.color,
                width: h.width,
                style: h.style,
                movement: h.cost.map_or(EdgeMove::Impassable, EdgeMove::Extra),
                blocks_sight: boolean(v, &a)?,
            })
        })
        .collect()
}

/// The path types of `path_types`; version 1 types take their width and style from
/// `standard`.
pub(super) fn path_types(
    v: &Value,
    at: &At,
    standard: &[PathType],
) -> Result<Vec<PathType>, String> {
    let list = array(v, at)?;
    list.iter()
        .enumerate()
        .map(|(i, v)| {
            let at = at.index(i);
            let (h, _) = feature_head(v, &at, |id| {
                standard
                    .iter()
                    .find(|t| t.id.get() == id)
                    .map(|t| (t.width, t.style))
            })?;
            Ok(PathType {
                id: PathTypeId::new(h.id).expect("not 0"),
                name: h.name,
                color: h.color,
                width: h.width,
                style: h.style,
                cost: h.cost,
            })
        })
        .collect()
}

/// A cell as listed (the offset, and `s` of versions 1–2, are checked against the hex by
/// `json_read`; `count` is derived and not read).
pub(super) struct CellIn {
    /// Axial q, r.
    pub hex: Hex,
    /// `s` as written.
    pub s: i64,
    /// `col`, `row` as written.
    pub offset: (i32, i32),
    /// The terrain id, 0 never (ids start at 1).
    pub terrain: Option<u16>,
    /// A mine.
    pub mine: bool,
    /// The note.
    pub note: Option<String>,
    /// The note is GM-only (`note_gm_only`).
    pub note_gm_only: bool,
    /// `revealed` as written (left out on a map without fog).
    pub revealed: Option<bool>,
    /// The elevation (on every cell of a map with an elevation layer, on none otherwise).
    pub elevation: Option<i16>,
    /// `temperature` and `moisture` (on every cell of a map with that layer).
    pub climate: [Option<i16>; 2],
}

/// The boolean `key` of `o`, false when left out (the optional GM-only flags).
fn optional_flag(o: &serde_json::Map<String, Value>, key: &str, at: &At) -> Result<bool, String> {
    o.get(key).map_or(Ok(false), |v| boolean(v, &at.key(key)))
}

/// A label's optional `path`: `[dx, dy]` offsets (none when the key is absent).
fn label_path(o: &serde_json::Map<String, Value>, at: &At) -> Result<Vec<Point>, String> {
    let Some(v) = o.get("path") else {
        return Ok(Vec::new());
    };
    let at = at.key("path");
    array(v, &at)?
        .iter()
        .enumerate()
        .map(|(i, p)| pair(p, &at.index(i), number).map(|[x, y]| Point::new(x, y)))
        .collect()
}

impl Element for CellIn {
    const LIST: &'static str = "cells";
    const MAX: usize = MAX_CELLS as usize;
    fn read(v: &Value, at: &At) -> Result<Self, String> {
        let o = object(v, at)?;
        let get = |key| member(o, key, at);
        let (hex, s, offset) = if let Some(v) = o.get("hex") {
            // Version 3: `hex` [q, r] and `offset` [col, row].
            let hex = axial(v, &at.key("hex"))?;
            let (v, a) = get("offset")?;
            let [col, row] = pair(v, &a, int::<i32>)?;
            (hex, i64::from(hex.s()), (col, row))
        } else {
            // Versions 1 and 2: `q`, `r`, `s`, `col`, `row`.
            let (v, a) = get("q")?;
            let q = int::<i32>(v, &a)?;
            let (v, a) = get("r")?;
            let r = int::<i32>(v, &a)?;
            let (v, a) = get("s")?;
            let s = v
                .as_i64()
                .ok_or_else(|| a.err(format!("expected an integer, got {v}")))?;
            let (v, a) = get("col")?;
            let col = int::<i32>(v, &a)?;
            let (v, a) = get("row")?;
            let row = int::<i32>(v, &a)?;
            (Hex::new(q, r), s, (col, row))
        };
        let (v, a) = get("terrain")?;
        let terrain = nullable(v, &a, id)?;
        let (v, a) = get("mine")?;
        let mine = boolean(v, &a)?;
        let note = match o.get("note") {
            Some(v) => Some(text(v, &at.key("note"))?.to_owned()),
            None => None,
        };
        let revealed = match o.get("revealed") {
            Some(v) => Some(boolean(v, &at.key("revealed"))?),
            None => None,
        };
        let elevation = match o.get("elevation") {
            Some(v) => Some(int::<i16>(v, &at.key("elevation"))?),
            None => None,
        };
        let mut climate = [None; 2];
        for (value, kind) in climate.iter_mut().zip(ClimateKind::ALL) {
            if let Some(v) = o.get(kind.name()) {
                *value = Some(int::<i16>(v, &at.key(kind.name()))?);
            }
        }
        Ok(CellIn {
            hex,
            s,
            offset,
            terrain,
            mine,
            note,
            note_gm_only: optional_flag(o, "note_gm_only", at)?,
            revealed,
            elevation,
            climate,
        })
    }
}

/// An edge feature as listed.
pub(super) struct EdgeIn {
    /// The two hexes, `a` and `b`.
    pub hexes: (Hex, Hex),
    /// The edge type id.
    pub kind: EdgeTypeId,
    /// GM-only.
    pub gm_only: bool,
}

impl Element for EdgeIn {
    const LIST: &'static str = "edges";
    const MAX: usize = 3 * MAX_CELLS as usize;
    fn read(v: &Value, at: &At) -> Result<Self, String> {
        let o = object(v, at)?;
        let (va, aa) = member(o, "a", at)?;
        let (vb, ab) = member(o, "b", at)?;
        let (vt, at_) = member(o, "type", at)?;
        Ok(EdgeIn {
            hexes: (axial(va, &aa)?, axial(vb, &ab)?),
            kind: EdgeTypeId::new(id(vt, &at_)?).expect("not 0"),
            gm_only: optional_flag(o, "gm_only", at)?,
        })
    }
}

/// A path as listed.
pub(super) struct PathIn {
    /// Its id.
    pub id: u32,
    /// Its type id.
    pub kind: PathTypeId,
    /// Its hexes in order.
    pub hexes: Vec<Hex>,
    /// GM-only.
    pub gm_only: bool,
}

impl Element for PathIn {
    const LIST: &'static str = "paths";
    const MAX: usize = MAX_PATHS;
    // The longest path: an array of [q, r] arrays, three values a hex, and the keys.
    const MAX_VALUES: usize = 3 * MAX_PATH_LEN + 64;
    fn read(v: &Value, at: &At) -> Result<Self, String> {
        let o = object(v, at)?;
        let (v, a) = member(o, "id", at)?;
        let id = int::<u32>(v, &a)?;
        let (v, a) = member(o, "type", at)?;
        let kind = PathTypeId::new(self::id(v, &a)?).expect("not 0");
        let (v, a) = member(o, "hexes", at)?;
        let list = array(v, &a)?;
        if list.len() > MAX_PATH_LEN {
            return Err(a.err(format!(
                "{} hexes, over the limit of {MAX_PATH_LEN}",
                list.len()
            )));
        }
        let hexes = list
            .iter()
            .enumerate()
            .map(|(i, v)| axial(v, &a.index(i)))
            .collect::<Result<_, _>>()?;
        Ok(PathIn {
            id,
            kind,
            hexes,
            gm_only: optional_flag(o, "gm_only", at)?,
        })
    }
}

/// An icon as listed, with its hex and its id (`None` in versions 1–2, which had none).
pub(super) struct IconIn {
    /// Its id (version 3).
    pub id: Option<u32>,
    /// The hex it is on.
    pub hex: Hex,
    /// The icon.
    pub icon: Icon,
}

impl Element for IconIn {
    const LIST: &'static str = "icons";
    const MAX: usize = MAX_ICONS_PER_HEX * MAX_CELLS as usize;
    fn read(v: &Value, at: &At) -> Result<Self, String> {
        let o = object(v, at)?;
        let (id, hex) = match o.get("hex") {
            // Version 3: `id` and `hex` [q, r].
            Some(v) => {
                let hex = axial(v, &at.key("hex"))?;
                let (v, a) = member(o, "id", at)?;
                (Some(int::<u32>(v, &a)?), hex)
            }
            // Versions 1 and 2: `q`, `r`, no id.
            None => {
                let (v, a) = member(o, "q", at)?;
                let q = int::<i32>(v, &a)?;
                let (v, a) = member(o, "r", at)?;
                (None, Hex::new(q, int::<i32>(v, &a)?))
            }
        };
        let (v, a) = member(o, "icon", at)?;
        let source = IconSource::from_file_text(text(v, &a)?).map_err(|e| a.err(e))?;
        let (v, a) = member(o, "caption", at)?;
        let caption = nullable(v, &a, |v, a| text(v, a).map(str::to_owned))?;
        let (v, a) = member(o, "scale", at)?;
        let scale = number(v, &a)? as f32;
        let (v, a) = member(o, "color", at)?;
        let color = nullable(v, &a, color)?;
        Ok(IconIn {
            id,
            hex,
            icon: Icon {
                gm_only: optional_flag(o, "gm_only", at)?,
                source,
                caption,
                scale,
                color,
                key: super::json_key::read_owned_entry(o, at)?,
            },
        })
    }
}

/// A label as listed, with its id.
pub(super) struct LabelIn {
    /// Its id.
    pub id: u32,
    /// The label.
    pub label: Label,
}

impl Element for LabelIn {
    const LIST: &'static str = "labels";
    const MAX: usize = MAX_LABELS;
    fn read(v: &Value, at: &At) -> Result<Self, String> {
        let o = object(v, at)?;
        let get = |key| member(o, key, at);
        let (v, a) = get("id")?;
        let id = int::<u32>(v, &a)?;
        let (v, a) = get("text")?;
        let text = text(v, &a)?.to_owned();
        let (v, a) = get("x")?;
        let x = number(v, &a)?;
        let (v, a) = get("y")?;
        let y = number(v, &a)?;
        let f32_of = |key| -> Result<f32, String> {
            let (v, a) = get(key)?;
            Ok(number(v, &a)? as f32)
        };
        let (size, rotation) = (f32_of("size")?, f32_of("rotation")?);
        let (v, a) = get("color")?;
        let color = color(v, &a)?;
        let flag = |key| -> Result<bool, String> {
            let (v, a) = get(key)?;
            boolean(v, &a)
        };
        Ok(LabelIn {
            id,
            label: Label {
                gm_only: optional_flag(o, "gm_only", at)?,
                text,
                at: Point::new(x, y),
                size,
                rotation,
                color,
                bold: flag("bold")?,
                italic: flag("italic")?,
                halo: flag("halo")?,
                path: label_path(o, at)?,
            },
        })
    }
}
