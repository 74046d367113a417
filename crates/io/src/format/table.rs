//! The JSON export for game code: every cell, or the cells as layers (`--compact`).

use super::json_meta::{
    JSON_VERSION, JsonBounds, JsonLabelSettings, JsonLayout, JsonShape, JsonView, meta,
};
use super::json_read::read_json;
use super::{
    Content, Format, FormatInfo, FormatOption, Imported, ReadError, ReadJob, WriteError, WriteJob,
    Written,
};
use hexmap_map::{ClimateKind, Cost, EdgeMove, HexMap, MoveCost};
use serde::{Serialize, Serializer};

/// A cost as a JSON number of points: a whole number as an integer (`2`), else a decimal
/// (`0.5`, `1.25`). Every cost in hexmap's JSON (terrain, edge and path types, `info
/// --json`) is written this way, `null` standing for impassable or no effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Points(pub Cost);

impl Serialize for Points {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let h = self.0.hundredths();
        if h.is_multiple_of(Cost::SCALE) {
            s.serialize_u32(h / Cost::SCALE)
        } else {
            s.serialize_f64(self.0.points())
        }
    }
}

#[derive(Serialize)]
struct JsonTerrain<'a> {
    id: u16,
    name: &'a str,
    color: String,
    symbol: String,
    /// Movement cost in points; null when impassable.
    cost: Option<Points>,
    blocks_sight: bool,
    /// Tile art image paths (relative to the map file); left out when none.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    tile_art: &'a [String],
    /// Tile art tinted by the colour; left out when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    tile_tint: bool,
}

#[derive(Serialize)]
struct JsonCell<'a> {
    /// Axial `[q, r]`: the cell's identity.
    hex: [i32; 2],
    /// `[col, row]` in the map's offset kind (top-level `offset`), for array-based loaders.
    offset: [i32; 2],
    terrain: Option<u16>,
    mine: bool,
    /// Mines among the six neighbours (0–6).
    count: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
    /// The note is for the GM only; left out when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    note_gm_only: bool,
    /// Seen by the players (false: under fog); left out on a map without fog.
    #[serde(skip_serializing_if = "Option::is_none")]
    revealed: Option<bool>,
    /// On every cell when the map has an elevation layer, on none otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    elevation: Option<i16>,
    /// Mean yearly temperature, °C: on every cell when the map has the layer.
    #[serde(skip_serializing_if = "Option::is_none")]
    temperature: Option<i16>,
    /// Moisture, percent: on every cell when the map has the layer.
    #[serde(skip_serializing_if = "Option::is_none")]
    moisture: Option<i16>,
}

#[derive(Serialize)]
struct JsonEdgeType<'a> {
    id: u16,
    name: &'a str,
    color: String,
    /// Extra cost of crossing, in points; null when impassable.
    cost: Option<Points>,
    blocks_sight: bool,
    /// Stroke width in hex sizes (version 2).
    width: f32,
    /// `solid`, `dashed` or `double` (version 2).
    style: &'static str,
}

#[derive(Serialize)]
struct JsonEdge {
    /// The two hexes (axial q, r), the one that sorts first (by r, then q) first.
    a: [i32; 2],
    b: [i32; 2],
    #[serde(rename = "type")]
    kind: u16,
    /// For the GM only; left out when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    gm_only: bool,
}

#[derive(Serialize)]
struct JsonPathType<'a> {
    id: u16,
    name: &'a str,
    color: String,
    /// Cost of a step along the path, in points; null when it does not change movement.
    cost: Option<Points>,
    /// Stroke width in hex sizes (version 2).
    width: f32,
    /// `solid`, `dashed` or `double` (version 2).
    style: &'static str,
}

#[derive(Serialize)]
struct JsonPath {
    /// The path's id in the map file, stable across exports and Tiled (`hexmap:path_id`).
    id: u32,
    #[serde(rename = "type")]
    kind: u16,
    /// Axial (q, r) of each hex, in order.
    hexes: Vec<[i32; 2]>,
    /// For the GM only; left out when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    gm_only: bool,
}

#[derive(Serialize)]
struct JsonIcon<'a> {
    /// The icon's id in the map.
    id: u32,
    /// Axial `[q, r]` of its hex.
    hex: [i32; 2],
    /// A built-in icon's name, or `image:` and a path relative to the map file.
    icon: String,
    caption: Option<&'a str>,
    scale: f32,
    /// `#rrggbb`, or null for the default ink.
    color: Option<String>,
    /// For the GM only; left out when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    gm_only: bool,
    /// The icon's key entry; left out when it has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    key: Option<super::json_key::JsonEntry<'a>>,
}

#[derive(Serialize)]
struct JsonLabel<'a> {
    /// The label's id in the map file, stable across exports and Tiled (`hexmap:id`).
    id: u32,
    text: &'a str,
    /// World position (the layout's pixel space, y down).
    x: f64,
    y: f64,
    /// Text height in hex sizes.
    size: f32,
    /// Degrees, clockwise on screen.
    rotation: f32,
    color: String,
    bold: bool,
    italic: bool,
    halo: bool,
    /// For the GM only; left out when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    gm_only: bool,
    /// A curved label's path: `[dx, dy]` offsets from (x, y); left out for a straight one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    path: Vec<[f64; 2]>,
}

#[derive(Serialize)]
struct JsonMap<'a> {
    format: &'static str,
    version: u32,
    name: &'a str,
    orientation: &'static str,
    offset: &'static str,
    hex_size: [f64; 2],
    palette: Vec<JsonTerrain<'a>>,
    edge_types: Vec<JsonEdgeType<'a>>,
    path_types: Vec<JsonPathType<'a>>,
    /// Every cell (the full form; left out in the compact form).
    #[serde(skip_serializing_if = "Option::is_none")]
    cells: Option<Vec<JsonCell<'a>>>,
    /// The cells as layers over the offset box (the compact form only).
    #[serde(skip_serializing_if = "Option::is_none")]
    grid: Option<super::json_grid::JsonGrid>,
    /// The cells' notes (the compact form only; left out when none).
    #[serde(skip_serializing_if = "Option::is_none")]
    notes: Option<Vec<super::json_grid::JsonNote>>,
    edges: Vec<JsonEdge>,
    paths: Vec<JsonPath>,
    icons: Vec<JsonIcon<'a>>,
    labels: Vec<JsonLabel<'a>>,
    shape: JsonShape,
    bounds: JsonBounds,
    label_settings: JsonLabelSettings,
    layout: JsonLayout,
    view: JsonView,
    /// Named regions' kinds (left out when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    region_kinds: Vec<super::json_regions::JsonRegionKind<'a>>,
    /// Named regions (left out when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    regions: Vec<super::json_regions::JsonRegion<'a>>,
    /// The hex key (left out when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    key: Vec<super::json_key::JsonKeyEntry<'a>>,
    /// The map scale; left out when the map has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    scale: Option<super::json_meta::JsonScale<'a>>,
    /// The party (fog of war); left out when the map has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    party: Option<super::json_meta::JsonParty>,
    /// Custom property types (version 4; left out when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    property_types: Vec<super::json_custom::JsonPropType<'a>>,
    /// Each object's own custom values (version 4; left out when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    properties: Vec<super::json_custom::JsonProps>,
    /// The child maps, each written as this document is (version 4; left out when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    children: Vec<super::json_family::JsonChild<Box<JsonMap<'a>>>>,
}

/// The map as JSON: name, orientation, offset kind, hex size, palette, and every cell with
/// its axial hex and offset coordinates, terrain id (null when empty), mine, the number of mines
/// among its neighbours, and its note. Cells come in the shape's stable order. Then the
/// edge and path palettes (costs in points, null for impassable / no effect), the edge
/// features (the two axial hexes and the type, in edge order) and the paths (type and axial
/// hexes, in id order). Then the icons (id and axial hex, in reading order, each hex's icons in
/// order) and the place-name labels (in id order). Last (version 2) the map-level data:
/// shape, offset bounding box, label settings, hex→pixel layout and view settings. The
/// `json` format reads it back to the same map (`json_read`).
pub fn to_json(map: &HexMap) -> String {
    let doc = json_doc(map, false);
    serde_json::to_string_pretty(&doc).expect("plain data always serialises")
}

/// The map as compact JSON on one line: [`to_json`]'s document with the cells as layers
/// over the offset box (`grid`) and their notes in a short list (`notes`) instead of an
/// object per cell (`json_grid`); the `json` format reads it back to the same map.
pub fn to_compact_json(map: &HexMap) -> String {
    let doc = json_doc(map, true);
    serde_json::to_string(&doc).expect("plain data always serialises")
}

/// The JSON document of `map`, its cells an object each or, `compact`, a grid of layers.
fn json_doc(map: &HexMap, compact: bool) -> JsonMap<'_> {
    let props = map.properties();
    let kind = props.offset_kind;
    let palette = map
        .palette()
        .terrains()
        .iter()
        .map(|t| JsonTerrain {
            id: t.id.get(),
            name: &t.name,
            color: t.color.to_string(),
            symbol: t.symbol.to_string(),
            cost: match t.cost {
                MoveCost::Cost(c) => Some(Points(c)),
                MoveCost::Impassable => None,
            },
            blocks_sight: t.blocks_sight,
            tile_art: &t.art.images,
            tile_tint: t.art.tint,
        })
        .collect();
    let fog = map.has_fog();
    let (grid, notes) = if compact {
        let (grid, notes) = super::json_grid::grid_json(map);
        (Some(grid), (!notes.is_empty()).then_some(notes))
    } else {
        (None, None)
    };
    let cells = (!compact).then(|| {
        map.shape()
            .iter()
            .map(|h| {
                let c = kind.from_hex(h);
                JsonCell {
                    hex: [h.q, h.r],
                    offset: [c.col, c.row],
                    terrain: map.terrain(h).map(|t| t.get()),
                    mine: map.is_mine(h),
                    count: h.neighbors().iter().filter(|&&n| map.is_mine(n)).count() as u8,
                    note: map.note(h),
                    note_gm_only: map.note(h).is_some() && map.note_is_gm_only(h),
                    revealed: fog.then(|| map.is_revealed(h)),
                    elevation: map.elevation(h),
                    temperature: map.climate_at(ClimateKind::Temperature, h),
                    moisture: map.climate_at(ClimateKind::Moisture, h),
                }
            })
            .collect()
    });
    let edge_types = map
        .edge_palette()
        .types()
        .iter()
        .map(|t| JsonEdgeType {
            id: t.id.get(),
            name: &t.name,
            color: t.color.to_string(),
            cost: match t.movement {
                EdgeMove::Extra(c) => Some(Points(c)),
                EdgeMove::Impassable => None,
            },
            blocks_sight: t.blocks_sight,
            width: t.width,
            style: t.style.name(),
        })
        .collect();
    let path_types = map
        .path_palette()
        .types()
        .iter()
        .map(|t| JsonPathType {
            id: t.id.get(),
            name: &t.name,
            color: t.color.to_string(),
            cost: t.cost.map(Points),
            width: t.width,
            style: t.style.name(),
        })
        .collect();
    let axial = |h: hexmap_hex::Hex| [h.q, h.r];
    let edges = map
        .edges()
        .map(|(e, k)| {
            let (a, b) = e.hexes();
            JsonEdge {
                a: axial(a),
                b: axial(b),
                kind: k.get(),
                gm_only: map.edge_is_gm_only(e),
            }
        })
        .collect();
    let paths = map
        .paths()
        .iter()
        .map(|p| JsonPath {
            id: p.id.0,
            kind: p.kind.get(),
            hexes: p.hexes.iter().map(|&h| axial(h)).collect(),
            gm_only: p.gm_only,
        })
        .collect();
    let icons = map
        .icons()
        .iter()
        .flat_map(|(h, list)| {
            list.iter().map(move |i| JsonIcon {
                id: i.id.0,
                hex: [h.q, h.r],
                icon: i.source.to_file_text(),
                caption: i.caption.as_deref(),
                scale: i.scale,
                color: i.color.map(|c| c.to_string()),
                gm_only: i.gm_only,
                key: i.key.as_ref().map(Into::into),
            })
        })
        .collect();
    let labels = map
        .labels()
        .iter()
        .map(|(id, l)| JsonLabel {
            id: id.0,
            text: &l.text,
            x: l.at.x,
            y: l.at.y,
            size: l.size,
            rotation: l.rotation,
            color: l.color.to_string(),
            bold: l.bold,
            italic: l.italic,
            halo: l.halo,
            gm_only: l.gm_only,
            path: l.path.iter().map(|p| [p.x, p.y]).collect(),
        })
        .collect();
    let meta = meta(map);
    let (region_kinds, regions) = super::json_regions::regions_json(map);
    let (property_types, properties) = super::json_custom::custom_json(map, !compact);
    JsonMap {
        format: "hexmap-cells",
        version: JSON_VERSION,
        name: &props.name,
        orientation: props.orientation.name(),
        offset: kind.name(),
        hex_size: [props.hex_size.x, props.hex_size.y],
        palette,
        edge_types,
        path_types,
        cells,
        grid,
        notes,
        edges,
        paths,
        icons,
        labels,
        shape: meta.shape,
        bounds: meta.bounds,
        label_settings: meta.label_settings,
        layout: meta.layout,
        view: meta.view,
        region_kinds,
        regions,
        key: super::json_key::key_json(map),
        scale: map.scale().map(super::json_meta::JsonScale::of),
        party: map.party().as_ref().map(super::json_meta::JsonParty::of),
        property_types,
        properties,
        children: map
            .children()
            .iter()
            .map(|c| {
                let doc = Box::new(json_doc(&c.map, compact));
                super::json_family::JsonChild::new(c.link, c.derived, doc)
            })
            .collect(),
    }
}

/// Reads a file's bytes (named by the file name in messages) back to a map.
type ReadFn = fn(&[u8], &str) -> Result<Imported, ReadError>;

/// A format written as one text made from the map and read back: [`JSON`] (`json_read`).
pub struct Table {
    info: FormatInfo,
    text: fn(&HexMap, &super::WriteOptions) -> String,
    /// The reader, for a format that reads back.
    read: Option<ReadFn>,
}

/// Every cell with its coordinates, terrain, mine, count and note, the features,
/// annotations and map-level data ([`to_json`]); reads back to the same map.
pub static JSON: Table = Table {
    info: FormatInfo {
        name: "json",
        description: "hexmap JSON: cells with coordinates, terrain, mines and notes, edges, paths, icons, labels and map data",
        extensions: &["json"],
        options: &[FormatOption::PlayerView, FormatOption::Compact],
        reads: true,
        writes: true,
        drops: &[Content::Underlay],
    },
    text: |map, opts| match opts.compact {
        true => to_compact_json(map),
        false => to_json(map),
    },
    read: Some(read_json),
};

impl Format for Table {
    fn info(&self) -> &FormatInfo {
        &self.info
    }

    fn recognizes(&self, head: &[u8]) -> bool {
        self.read.is_some() && super::sniff(head) == super::FileKind::HexmapJson
    }

    fn read(&self, job: ReadJob<'_>) -> Result<Imported, ReadError> {
        match self.read {
            Some(read) => read(job.bytes, job.file_name),
            None => Err(ReadError::NotReadable {
                format: self.name(),
            }),
        }
    }

    fn write(&self, job: WriteJob<'_>) -> Result<Written, WriteError> {
        Ok(Written::main((self.text)(job.map, job.opts)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{Direction, Edge, Hex, Orientation};
    use hexmap_map::{EdgeTypeId, MapPath, PathId, PathTypeId};

    #[test]
    fn json_lists_edges_paths_and_their_palettes() {
        let mut m = hexmap_map::testing::hexagon_map(2, Orientation::Pointy);
        m.set_edge(
            Edge::new(Hex::new(1, 0), Direction::POINTY_W),
            EdgeTypeId::new(3),
        )
        .unwrap();
        m.insert_path(MapPath {
            gm_only: false,
            id: PathId(1),
            kind: PathTypeId::new(1).unwrap(),
            hexes: vec![Hex::new(0, 1), Hex::ORIGIN, Hex::new(1, -1)],
        })
        .unwrap();
        let v: serde_json::Value = serde_json::from_str(&to_json(&m)).unwrap();
        assert_eq!(
            v["edges"],
            serde_json::json!([{"a": [0, 0], "b": [1, 0], "type": 3}])
        );
        assert_eq!(
            v["paths"],
            serde_json::json!([{"id": 1, "type": 1, "hexes": [[0, 1], [0, 0], [1, -1]]}])
        );
        let river = &v["edge_types"][0];
        assert_eq!(river["name"], "River");
        assert_eq!(river["cost"], 2.0);
        assert_eq!(river["blocks_sight"], false);
        assert_eq!(
            v["edge_types"][2]["cost"],
            serde_json::Value::Null,
            "wall: impassable"
        );
        assert_eq!(v["edge_types"][2]["blocks_sight"], true);
        assert_eq!(v["path_types"][0]["cost"], 0.5, "road");
        assert_eq!(
            v["path_types"][2]["cost"],
            serde_json::Value::Null,
            "railway"
        );
        assert_eq!(
            v["palette"][0]["cost"],
            serde_json::Value::Null,
            "sea stays null"
        );
        assert_eq!(
            v["palette"][1]["cost"], 1,
            "terrain cost stays a whole number"
        );
    }

    #[test]
    fn json_lists_icons_in_reading_order_and_labels_in_id_order() {
        use hexmap_hex::Point;
        use hexmap_map::{BuiltinIcon, Icon, IconSource, Label, LabelId, Rgb};
        let mut m = hexmap_map::testing::hexagon_map(2, Orientation::Flat);
        let mut inn = Icon::builtin(BuiltinIcon::Village);
        inn.caption = Some("Inn".into());
        inn.color = Some(Rgb([1, 2, 3]));
        let image = Icon {
            gm_only: false,
            source: IconSource::Image("art/inn.png".into()),
            caption: None,
            scale: 0.5,
            color: None,
            key: None,
        };
        m.set_icons(Hex::new(1, 0), vec![inn, image]).unwrap();
        m.set_icons(Hex::new(0, -1), vec![Icon::builtin(BuiltinIcon::Star)])
            .unwrap();
        let mut sea = Label::new("Grey Sea", Point::new(1.5, -2.0));
        sea.rotation = 15.0;
        sea.italic = true;
        m.add_label(LabelId(3), sea).unwrap();
        m.add_label(LabelId(1), Label::new("Hills", Point::new(0.0, 0.0)))
            .unwrap();
        let v: serde_json::Value = serde_json::from_str(&to_json(&m)).unwrap();
        assert_eq!(
            v["icons"],
            serde_json::json!([
                {"id": 2, "hex": [0, -1], "icon": "star", "caption": null, "scale": 1.0,
                 "color": null},
                {"id": 0, "hex": [1, 0], "icon": "village", "caption": "Inn", "scale": 1.0,
                 "color": "#010203"},
                {"id": 1, "hex": [1, 0], "icon": "image:art/inn.png", "caption": null,
                 "scale": 0.5, "color": null},
            ])
        );
        assert_eq!(v["labels"][0]["text"], "Hills");
        assert_eq!(
            v["labels"][1],
            serde_json::json!({"id": 3, "text": "Grey Sea", "x": 1.5, "y": -2.0, "size": 1.0,
                "rotation": 15.0, "color": "#000000", "bold": false, "italic": true,
                "halo": true})
        );
    }

    #[test]
    fn json_terrains_carry_their_tile_art_only_when_they_have_some() {
        let m = hexmap_map::testing::TestMap::hexagon(1, Orientation::Flat)
            .named("j")
            .tile_art(2, &["art/f.png"], true)
            .build();
        let v: serde_json::Value = serde_json::from_str(&to_json(&m)).unwrap();
        let forest = &v["palette"][2];
        assert_eq!(forest["tile_art"], serde_json::json!(["art/f.png"]));
        assert_eq!(forest["tile_tint"], true);
        let grass = v["palette"][1].as_object().unwrap();
        assert!(!grass.contains_key("tile_art") && !grass.contains_key("tile_tint"));
    }
}
