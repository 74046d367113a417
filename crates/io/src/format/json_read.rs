//! Reading hexmap's JSON export (`hexmap-cells`, versions 1 and 2; docs/JSON.md) back to a
//! map: `hexmap import map.json out.ron` and the editor's Import. Version 2 carries
//! everything the map is (shape, label settings, view, the feature types' strokes), so
//! it reads back to the very map exported; version 1 lacks those, so its shape becomes the
//! free-form set of the listed cells, with default label settings and view.
//!
//! Every error names the file and the JSON path of the fault (`cells[12].terrain: …`);
//! nothing in a file can panic the reader. Sizes are bounded by the map's own limits while
//! reading (the file itself by [`crate::MAX_FILE_BYTES`] in `read_path`), and the long
//! lists are read one element at a time (`json_value::Elements`).

use super::json_items::{
    CellIn, EdgeIn, IconIn, LabelIn, PathIn, edge_types, path_types, terrains,
};
use super::json_value::{At, Elements, Key, Small, boolean, int, keys, member, object, pair, text};
use super::{Imported, ReadError};
use hexmap_hex::xxyy::LabelSettings;
use hexmap_hex::{Edge, Hex, OffsetKind, Orientation, Point};
use hexmap_map::annotations::{PlacedIcon, complete_ids};
use hexmap_map::{
    Climate, ClimateKind, ClimateLayer, Corner, EdgePalette, ElevationLayer, HexMap, MapError,
    MapPath, MapProperties, MapScale, MapShape, Palette, Party, PathId, PathPalette, TerrainId,
    ViewSettings,
};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// The versions of the export this reader takes.
const VERSIONS: std::ops::RangeInclusive<u32> = 1..=super::json_meta::JSON_VERSION;

/// The top level as read: small parts as JSON values, the long lists typed element by
/// element. Keys a loader does not need (`bounds`, `layout`, `count`) are derived from the
/// rest and not read; unknown keys are ignored, as docs/JSON.md asks of every loader.
#[derive(Deserialize, Default)]
#[serde(default, expecting = "a JSON object (hexmap's JSON export)")]
struct Doc {
    name: Small<NameKey>,
    orientation: Small<OrientationKey>,
    offset: Small<OffsetKey>,
    hex_size: Small<HexSizeKey>,
    palette: Small<PaletteKey>,
    edge_types: Small<EdgeTypesKey>,
    path_types: Small<PathTypesKey>,
    cells: Elements<CellIn>,
    /// The compact form's cells as layers (instead of `cells`).
    grid: Option<super::json_grid::GridIn>,
    /// The compact form's notes.
    notes: Option<Vec<super::json_grid::JsonNote>>,
    edges: Elements<EdgeIn>,
    paths: Elements<PathIn>,
    icons: Elements<IconIn>,
    labels: Elements<LabelIn>,
    shape: Small<ShapeKey>,
    label_settings: Small<LabelSettingsKey>,
    view: Small<ViewKey>,
    region_kinds: Elements<super::json_regions::RegionKindIn>,
    regions: Elements<super::json_regions::RegionIn>,
    key: Elements<super::json_key::KeyEntryIn>,
    scale: Small<ScaleKey>,
    party: Small<PartyKey>,
    property_types: Elements<super::json_custom::PropTypeIn>,
    properties: Elements<super::json_custom::PropsIn>,
    /// The child maps (a family), each a document of its own.
    children: Option<Vec<super::json_family::ChildIn<Doc>>>,
}

keys! {
    FormatKey = "format", 16;
    VersionKey = "version", 16;
    NameKey = "name", 64;
    OrientationKey = "orientation", 16;
    OffsetKey = "offset", 16;
    HexSizeKey = "hex_size", 16;
    // 1,024 terrains of a dozen keys and up to 16 images of 500 bytes each.
    PaletteKey = "palette", 200 * 1024;
    EdgeTypesKey = "edge_types", 32 * 256;
    PathTypesKey = "path_types", 32 * 256;
    ShapeKey = "shape", 64;
    LabelSettingsKey = "label_settings", 64;
    ViewKey = "view", 64;
    ScaleKey = "scale", 256;
    PartyKey = "party", 256;
}

/// The two keys that say what the file is; every other key is skipped unread.
#[derive(Deserialize, Default)]
#[serde(default, expecting = "a JSON object (hexmap's JSON export)")]
struct Header {
    format: Small<FormatKey>,
    version: Small<VersionKey>,
}

/// The version of a `hexmap-cells` file this reader takes, else what is wrong.
fn check_header(head: &Header) -> Result<u32, String> {
    let (v, at) = required(&head.format)?;
    if v.as_str() != Some("hexmap-cells") {
        return Err(at.err(format!("expected \"hexmap-cells\", got {v}")));
    }
    let (v, at) = required(&head.version)?;
    let version = int::<u32>(v, &at)?;
    if !VERSIONS.contains(&version) {
        return Err(at.err(format!(
            "version {version} is not one this hexmap reads ({} to {}): use a newer hexmap",
            VERSIONS.start(),
            VERSIONS.end()
        )));
    }
    Ok(version)
}

/// A required top-level value and its place.
fn required<K: Key>(v: &Small<K>) -> Result<(&Value, At), String> {
    let at = At::root(K::KEY);
    v.0.as_ref()
        .map(|v| (v, at.clone()))
        .ok_or_else(|| at.err("missing"))
}

/// A required top-level list.
fn list<T>(l: Elements<T>, key: &str) -> Result<Vec<T>, String> {
    l.0.ok_or_else(|| At::root(key).err("missing"))
}

/// Read a JSON export from `bytes`; errors start with `file_name`.
pub(super) fn read_json(bytes: &[u8], file_name: &str) -> Result<Imported, ReadError> {
    let fail = |message: String| ReadError::Json {
        file: file_name.to_owned(),
        message,
    };
    let text = std::str::from_utf8(bytes).map_err(|_| ReadError::NotText {
        file: file_name.to_owned(),
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // serde would take an array as the fields in order; the export is an object.
    if !text.trim_start().starts_with('{') {
        return Err(fail(
            "expected a JSON object (hexmap's JSON export) at its start".into(),
        ));
    }
    let json_error = |e: serde_json::Error| {
        fail(match e.classify() {
            serde_json::error::Category::Data => e.to_string(),
            _ => format!("not valid JSON: {e}"),
        })
    };
    // The header first (every other key skipped unread): a file of another format or a
    // newer version is named as such, not by the first part this reader does not know.
    let head: Header = serde_json::from_str(text).map_err(json_error)?;
    let version = check_header(&head).map_err(fail)?;
    let doc: Doc = serde_json::from_str(text).map_err(json_error)?;
    let map = build(doc, version).map_err(fail)?;
    Ok(Imported {
        map,
        form: None,
        warnings: Vec::new(),
    })
}

/// The map of a parsed export, every part checked with an error naming its place.
fn build(mut doc: Doc, version: u32) -> Result<HexMap, String> {
    let props = properties(&doc)?;
    let (v, at) = required(&doc.palette)?;
    let palette = Palette::new(terrains(v, &at)?).map_err(|e| at.err(e))?;
    let (v, at) = required(&doc.edge_types)?;
    let edge_palette = EdgePalette::new(edge_types(v, &at, EdgePalette::standard().types())?)
        .map_err(|e| at.err(e))?;
    let (v, at) = required(&doc.path_types)?;
    let path_palette = PathPalette::new(path_types(v, &at, PathPalette::standard().types())?)
        .map_err(|e| at.err(e))?;
    let view = match &doc.view.0 {
        Some(v) => view(v, &At::root("view"))?,
        None => ViewSettings::default(),
    };
    let (cells, grid_props) = match (doc.grid.take(), doc.cells.0.take()) {
        (Some(_), Some(_)) => {
            return Err(At::root("grid").err(
                "given with \"cells\" (a file has one of the two: cells, or the compact grid)",
            ));
        }
        (Some(grid), None) => {
            grid.cells(props.offset_kind, doc.notes.take().unwrap_or_default())?
        }
        (None, cells) => (list(Elements(cells), "cells")?, Vec::new()),
    };
    let shape = match (version, &doc.shape.0) {
        (1, _) => None,
        (_, None) => return Err(At::root("shape").err("missing (version 2 always has it)")),
        (_, Some(v)) => shape(v, &At::root("shape"))?,
    };
    let shape = match shape {
        Some(s) => s,
        None => MapShape::cells(cells.iter().map(|c| c.hex)).map_err(|e| {
            At::root("cells").err(format!("{e} (the listed cells are the map's shape)"))
        })?,
    };
    let mut map = HexMap::new(props, shape, palette).map_err(|e| At::root("map").err(e))?;
    put_cells(&mut map, cells)?;
    map.set_edge_palette(edge_palette);
    map.set_path_palette(path_palette);
    put_features(
        &mut map,
        list(doc.edges, "edges")?,
        list(doc.paths, "paths")?,
    )?;
    put_annotations(
        &mut map,
        list(doc.icons, "icons")?,
        list(doc.labels, "labels")?,
    )?;
    super::json_regions::put_regions(&mut map, doc.region_kinds.0, doc.regions.0)?;
    super::json_key::put_key(&mut map, doc.key.0)?;
    map.set_view(view);
    if let Some(v) = &doc.scale.0 {
        let s = scale(v, &At::root("scale"))?;
        map.set_scale(Some(s))
            .map_err(|e| At::root("scale").err(e))?;
    }
    if let Some(v) = &doc.party.0 {
        let p = party(v, &At::root("party"))?;
        map.set_party(Some(p))
            .map_err(|e| At::root("party").err(e))?;
    }
    let mut listed = doc.properties.0;
    if !grid_props.is_empty() {
        listed.get_or_insert_with(Vec::new).extend(grid_props);
    }
    super::json_custom::put_custom(&mut map, doc.property_types.0, listed)?;
    if let Some(children) = doc.children {
        let mut list = Vec::with_capacity(children.len());
        for (i, child) in children.into_iter().enumerate() {
            let at = At(format!("children[{i}]"));
            let (link, derived) =
                super::json_family::child_parts(&child.link, child.derived.as_ref(), &at)?;
            let map = build(child.map, version).map_err(|e| format!("{}.map.{e}", at.0))?;
            list.push(hexmap_map::family::ChildMap { link, derived, map });
        }
        map.set_children(list);
        hexmap_map::family::validate(&map).map_err(|e| At::root("children").err(e))?;
    }
    Ok(map)
}

/// The party: `{hex: [q, r], sight, trail: path id | null}`, checked as the map checks it
/// (its hex a cell, its sight within the limit, its trail a path of the file).
fn party(v: &Value, at: &At) -> Result<Party, String> {
    let o = object(v, at)?;
    let (h, ah) = member(o, "hex", at)?;
    let (s, as_) = member(o, "sight", at)?;
    let (t, at_) = member(o, "trail", at)?;
    let [q, r] = pair(h, &ah, int::<i32>)?;
    Ok(Party {
        hex: Hex::new(q, r),
        sight: int::<u32>(s, &as_)?,
        trail: match t {
            Value::Null => None,
            t => Some(PathId(int::<u32>(t, &at_)?)),
        },
    })
}

/// Name, orientation, offset kind, hex size and label settings, checked as the map checks
/// them.
fn properties(doc: &Doc) -> Result<MapProperties, String> {
    let (v, at) = required(&doc.name)?;
    let name = text(v, &at)?.to_owned();
    let (v, at) = required(&doc.orientation)?;
    let orientation: Orientation = text(v, &at)?.parse().map_err(|e: String| at.err(e))?;
    let (v, at) = required(&doc.offset)?;
    let offset_kind: OffsetKind = text(v, &at)?.parse().map_err(|e: String| at.err(e))?;
    let (v, at) = required(&doc.hex_size)?;
    let [sx, sy] = pair(v, &at, super::json_value::number)?;
    let mut props = MapProperties::new(name, orientation);
    props.offset_kind = offset_kind;
    props.hex_size = Point::new(sx, sy);
    if let Some(v) = &doc.label_settings.0 {
        props.labels = label_settings(v, &At::root("label_settings"))?;
    }
    props.validate().map_err(|e| {
        let field = e.field().replacen("labels", "label_settings", 1);
        At(field).err(e.problem())
    })?;
    Ok(props)
}

fn label_settings(v: &Value, at: &At) -> Result<LabelSettings, String> {
    let o = object(v, at)?;
    let (b, ab) = member(o, "base", at)?;
    let (d, ad) = member(o, "digits", at)?;
    let (s, as_) = member(o, "stagger", at)?;
    let (r, ar) = member(o, "order", at)?;
    Ok(LabelSettings {
        base: int::<u8>(b, &ab)?,
        digits: int::<u8>(d, &ad)?,
        stagger: text(s, &as_)?.parse().map_err(|e: String| as_.err(e))?,
        order: text(r, &ar)?.parse().map_err(|e: String| ar.err(e))?,
    })
}

fn view(v: &Value, at: &At) -> Result<ViewSettings, String> {
    let o = object(v, at)?;
    let (l, al) = member(o, "legend", at)?;
    let legend = match l {
        Value::Null => None,
        l => Some(
            text(l, &al)?
                .parse::<Corner>()
                .map_err(|e| al.err(e.to_string()))?,
        ),
    };
    let (n, an) = member(o, "note_captions", at)?;
    Ok(ViewSettings {
        legend,
        note_captions: boolean(n, &an)?,
    })
}

/// The map scale: `{per_hex, unit}`, checked as the map checks it.
fn scale(v: &Value, at: &At) -> Result<MapScale, String> {
    let o = object(v, at)?;
    let (d, ad) = member(o, "per_hex", at)?;
    let (u, au) = member(o, "unit", at)?;
    let per_hex = super::json_value::number(d, &ad)?;
    let unit = text(u, &au)?;
    MapScale::new(per_hex, unit).map_err(|e| match e.field() {
        "scale.per_hex" => ad.err(e),
        _ => au.err(e),
    })
}

/// The shape of version 2; `None` for `cells` (the listed cells are the shape).
fn shape(v: &Value, at: &At) -> Result<Option<MapShape>, String> {
    let o = object(v, at)?;
    let (t, a) = member(o, "type", at)?;
    let size = |key| -> Result<u32, String> {
        let (v, a) = member(o, key, at)?;
        int::<u32>(v, &a)
    };
    let shape = match text(t, &a)? {
        "rect" => {
            let (k, ak) = member(o, "kind", at)?;
            let kind: OffsetKind = text(k, &ak)?.parse().map_err(|e: String| ak.err(e))?;
            MapShape::rectangle(kind, size("width")?, size("height")?)
        }
        "hexagon" => MapShape::hexagon(size("radius")?),
        "parallelogram" => MapShape::parallelogram(size("width")?, size("height")?),
        "triangle" => MapShape::triangle(size("size")?),
        "cells" => return Ok(None),
        other => {
            return Err(a.err(format!(
                "unknown shape {other:?} (expected rect, hexagon, parallelogram, triangle or cells)"
            )));
        }
    };
    shape.map(Some).map_err(|e| at.err(e))
}

/// Terrain, mines and notes of the listed cells, which must be exactly the shape's cells,
/// each once, with `s`, `col` and `row` agreeing with `q`, `r`.
fn put_cells(map: &mut HexMap, cells: Vec<CellIn>) -> Result<(), String> {
    let kind = map.properties().offset_kind;
    let mut seen = vec![false; map.shape().len()];
    let list = At::root("cells");
    // The first cell says whether the map has elevation; every other cell must agree.
    let with_elevation = cells.first().is_some_and(|c| c.elevation.is_some());
    let mut elevation = with_elevation.then(|| ElevationLayer::new(map.shape().len()));
    // Climate likewise, layer by layer.
    let first = cells.first().map(|c| c.climate).unwrap_or_default();
    let mut climate: [Option<Vec<i16>>; 2] = first.map(|v| v.map(|_| vec![0; map.shape().len()]));
    for (i, c) in cells.into_iter().enumerate() {
        let at = list.index(i);
        let h = c.hex;
        let i = map.shape().index_of(h).ok_or_else(|| {
            at.err(format!(
                "({}, {}) is not a cell of the map's shape",
                h.q, h.r
            ))
        })?;
        if std::mem::replace(&mut seen[i], true) {
            return Err(at.err(format!("({}, {}) is listed twice", h.q, h.r)));
        }
        let s = -i64::from(h.q) - i64::from(h.r);
        if c.s != s {
            return Err(at
                .key("s")
                .err(format!("must be -q - r = {s}, got {}", c.s)));
        }
        let o = kind.from_hex(h);
        if c.offset != (o.col, o.row) {
            return Err(at.err(format!(
                "the offset ({}, {}) does not match the hex: axial ({}, {}) is ({}, {}) in {kind}",
                c.offset.0, c.offset.1, h.q, h.r, o.col, o.row
            )));
        }
        if let Some(t) = c.terrain {
            let id = TerrainId::new(t).expect("ids are read non-zero");
            map.set_terrain(h, Some(id)).map_err(|_| {
                at.key("terrain")
                    .err(format!("no terrain {t} in the palette"))
            })?;
        }
        if c.mine {
            map.set_mine(h, true).map_err(|e| at.key("mine").err(e))?;
        }
        match (&mut elevation, c.elevation) {
            (Some(layer), Some(e)) => {
                layer.set(i, e);
            }
            (None, None) => {}
            (Some(_), None) => {
                return Err(at.err(
                    "has no \"elevation\" but the first cell has one (give it on every cell or on none)",
                ));
            }
            (None, Some(_)) => {
                return Err(at
                    .key("elevation")
                    .err("given, but the first cell has none (give it on every cell or on none)"));
            }
        }
        for ((layer, value), kind) in climate.iter_mut().zip(c.climate).zip(ClimateKind::ALL) {
            match (layer, value) {
                (Some(layer), Some(v)) => layer[i] = v,
                (None, None) => {}
                (Some(_), None) => {
                    return Err(at.err(format!(
                        "has no \"{}\" but the first cell has one (give it on every cell or on none)",
                        kind.name()
                    )));
                }
                (None, Some(_)) => {
                    return Err(at.key(kind.name()).err(
                        "given, but the first cell has none (give it on every cell or on none)",
                    ));
                }
            }
        }
        if let Some(note) = c.note {
            if note.is_empty() {
                return Err(at.key("note").err("empty (leave the key out instead)"));
            }
            map.set_note(h, Some(note))
                .map_err(|e| at.key("note").err(e))?;
            map.set_note_gm_only(h, c.note_gm_only);
        }
        if c.revealed == Some(false) {
            map.set_hidden(h, true);
        }
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        let h = map.shape().hex_at(missing).unwrap_or(Hex::ORIGIN);
        return Err(list.err(format!(
            "({}, {}) of the {} shape is not listed (every cell must be)",
            h.q,
            h.r,
            map.shape().kind_name()
        )));
    }
    map.set_elevation_layer(elevation)
        .map_err(|e| list.err(e))?;
    let [temperature, moisture] = climate.map(|l| l.map(ClimateLayer::from_values));
    map.set_climate(Climate {
        temperature,
        moisture,
    })
    .map_err(|e| list.err(e))?;
    Ok(())
}

/// Edge features (between neighbouring cells, one per side) and paths (unique ids).
fn put_features(map: &mut HexMap, edges: Vec<EdgeIn>, paths: Vec<PathIn>) -> Result<(), String> {
    for (i, e) in edges.into_iter().enumerate() {
        let at = At::root("edges").index(i);
        let (a, b) = e.hexes;
        let edge = Edge::between(a, b).ok_or_else(|| {
            at.err(format!(
                "[{}, {}] and [{}, {}] are not neighbours",
                a.q, a.r, b.q, b.r
            ))
        })?;
        let old = map.set_edge(edge, Some(e.kind)).map_err(|e| at.err(e))?;
        if old.is_some() {
            return Err(at.err("the side between a and b is listed twice"));
        }
        map.set_edge_gm_only(edge, e.gm_only);
    }
    for (i, p) in paths.into_iter().enumerate() {
        let at = At::root("paths").index(i);
        let id = p.id;
        let path = MapPath {
            gm_only: p.gm_only,
            id: PathId(id),
            kind: p.kind,
            hexes: p.hexes,
        };
        if map.insert_path(path).map_err(|e| at.err(e))?.is_some() {
            return Err(at.key("id").err(format!("path id {id} is listed twice")));
        }
    }
    Ok(())
}

/// Icons (grouped by hex in the order listed) and labels.
fn put_annotations(
    map: &mut HexMap,
    icons: Vec<IconIn>,
    labels: Vec<LabelIn>,
) -> Result<(), String> {
    // Icons without an id (versions 1–2) take the numbers after the highest listed id.
    let listed: Vec<Option<u32>> = icons.iter().map(|i| i.id).collect();
    let mut by_hex: BTreeMap<Hex, (usize, Vec<PlacedIcon>)> = BTreeMap::new();
    for (i, (icon, id)) in icons.into_iter().zip(complete_ids(&listed)).enumerate() {
        by_hex
            .entry(icon.hex)
            .or_insert_with(|| (i, Vec::new()))
            .1
            .push(PlacedIcon {
                id,
                icon: icon.icon,
            });
    }
    for (h, (first, list)) in by_hex {
        map.set_placed_icons(h, list)
            .map_err(|e| At::root("icons").index(first).err(e))?;
    }
    for (i, l) in labels.into_iter().enumerate() {
        let at = At::root("labels").index(i);
        map.add_label(hexmap_map::LabelId(l.id), l.label)
            .map_err(|e| match e {
                MapError::BadLabel {
                    error: hexmap_map::LabelError::IdInUse(_),
                    ..
                } => at.key("id").err(e),
                e => at.err(e),
            })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
