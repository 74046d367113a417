//! The map-level data of the JSON export (version 2 on; docs/JSON.md): the shape as the RON
//! file names it, the offset bounding box, the hex label settings, the hex→pixel transform
//! and the view settings. Kept apart from the per-cell lists of `table.rs` so that a game
//! (and hexmap's own reader, `json_read`) finds everything a map is besides its cells.

use hexmap_map::{HexMap, MapShape};
use serde::Serialize;

/// The export's format version: 2 adds `shape`, `bounds`, `label_settings`, `layout` and
/// `view` and the edge and path types' `width` and `style`; 3 writes every hex as axial
/// `[q, r]` (a cell's `hex` and `offset` replace `q`, `r`, `s`, `col`, `row`; an icon's
/// `hex` replaces `q`, `r`) and gives icons their `id`; 4 adds the hex `key` and custom
/// property types and values.
pub const JSON_VERSION: u32 = 4;

/// The shape, spelled as in the RON file's `shape` (docs/FORMAT.md), tagged by `type`.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub(super) enum JsonShape {
    /// `width` × `height` offset cells of `kind`, col 0..width, row 0..height.
    Rect {
        kind: &'static str,
        width: u32,
        height: u32,
    },
    /// Every hex within `radius` steps of (0, 0).
    Hexagon { radius: u32 },
    /// Axial q in 0..width, r in 0..height.
    Parallelogram { width: u32, height: u32 },
    /// q ≥ 0, r ≥ 0, q + r < size.
    Triangle { size: u32 },
    /// Free-form: the `cells` list is the shape; a hex of `bounds` not listed is a hole.
    Cells,
}

/// The shape's offset bounding box in the map's offset kind.
#[derive(Serialize)]
pub(super) struct JsonBounds {
    first_col: i32,
    first_row: i32,
    cols: u32,
    rows: u32,
}

/// How hex labels (XXYY) are numbered: the map's label settings.
#[derive(Serialize)]
pub(super) struct JsonLabelSettings {
    base: u8,
    digits: u8,
    stagger: &'static str,
    order: &'static str,
}

/// The hex→pixel transform of `hexmap_hex::Layout`: forward and inverse matrices, start
/// angle of corner 0 (in 60° steps), hex size and origin.
#[derive(Serialize)]
pub(super) struct JsonLayout {
    forward: [f64; 4],
    inverse: [f64; 4],
    start_angle: f64,
    size: [f64; 2],
    origin: [f64; 2],
}

/// How the map asks to be shown: the legend's corner (null: none) and note captions.
#[derive(Serialize)]
pub(super) struct JsonView {
    legend: Option<&'static str>,
    note_captions: bool,
}

/// The map scale: the distance one hex stands for and its unit (written only when the map
/// has a scale).
#[derive(Serialize)]
pub(super) struct JsonScale<'a> {
    per_hex: f64,
    unit: &'a str,
}

impl<'a> JsonScale<'a> {
    /// The scale of a map.
    pub(super) fn of(s: &'a hexmap_map::MapScale) -> Self {
        JsonScale {
            per_hex: s.per_hex,
            unit: &s.unit,
        }
    }
}

/// The party of a game in progress (fog of war): where it stands, how far it sees and the
/// path its moves extend (written only when the map has a party).
#[derive(Serialize)]
pub(super) struct JsonParty {
    /// Axial `[q, r]`.
    hex: [i32; 2],
    sight: u32,
    /// The id of the path in `paths` that records its trail, or null.
    trail: Option<u32>,
}

impl JsonParty {
    /// The party of a map.
    pub(super) fn of(p: &hexmap_map::Party) -> Self {
        JsonParty {
            hex: [p.hex.q, p.hex.r],
            sight: p.sight,
            trail: p.trail.map(|t| t.0),
        }
    }
}

/// Everything version 2 adds at the top level, in the order written.
pub(super) struct JsonMeta {
    /// `shape`.
    pub shape: JsonShape,
    /// `bounds`.
    pub bounds: JsonBounds,
    /// `label_settings`.
    pub label_settings: JsonLabelSettings,
    /// `layout`.
    pub layout: JsonLayout,
    /// `view`.
    pub view: JsonView,
}

/// The map-level data of `map`.
pub(super) fn meta(map: &HexMap) -> JsonMeta {
    let props = map.properties();
    let shape = match map.shape() {
        MapShape::Rectangle {
            kind,
            width,
            height,
        } => JsonShape::Rect {
            kind: kind.name(),
            width: *width,
            height: *height,
        },
        MapShape::Hexagon { radius } => JsonShape::Hexagon { radius: *radius },
        MapShape::Parallelogram { width, height } => JsonShape::Parallelogram {
            width: *width,
            height: *height,
        },
        MapShape::Triangle { size } => JsonShape::Triangle { size: *size },
        MapShape::Cells(_) => JsonShape::Cells,
    };
    let b = map.shape().offset_bounds(props.offset_kind);
    let m = props.orientation.matrix();
    let labels = props.labels;
    JsonMeta {
        shape,
        bounds: JsonBounds {
            first_col: b.min_col,
            first_row: b.min_row,
            cols: b.cols,
            rows: b.rows,
        },
        label_settings: JsonLabelSettings {
            base: labels.base,
            digits: labels.digits,
            stagger: labels.stagger.name(),
            order: labels.order.name(),
        },
        layout: JsonLayout {
            forward: m.forward,
            inverse: m.inverse,
            start_angle: m.start_angle,
            size: [props.hex_size.x, props.hex_size.y],
            origin: [0.0, 0.0],
        },
        view: JsonView {
            legend: map.view().legend.map(|c| c.name()),
            note_captions: map.view().note_captions,
        },
    }
}
