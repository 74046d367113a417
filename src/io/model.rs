//! The serde structures of the RON file (format version 1), exactly as written on disk.
//! Enumerations with dashes (`odd-r`) are plain strings, checked when converting.

use serde::Deserialize;

/// Just the header fields, read when a full parse fails, to report a version problem
/// before a structural one.
#[derive(Deserialize)]
pub(crate) struct Header {
    #[serde(default = "hexmap_format")]
    pub format: String,
    #[serde(default = "current_version")]
    pub version: u64,
}

fn hexmap_format() -> String {
    "hexmap".to_owned()
}

fn current_version() -> u64 {
    super::FORMAT_VERSION.into()
}

/// A whole map file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileMap {
    pub format: String,
    pub version: u64,
    pub name: String,
    pub orientation: String,
    pub offset: String,
    pub hex_size: (f64, f64),
    pub shape: FileShape,
    #[serde(default)]
    pub labels: FileLabels,
    pub palette: Vec<FileTerrain>,
    pub cells: FileCells,
}

/// The shape header.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) enum FileShape {
    Rect {
        kind: String,
        width: u32,
        height: u32,
    },
    Hexagon {
        radius: u32,
    },
    Parallelogram {
        width: u32,
        height: u32,
    },
    Triangle {
        size: u32,
    },
    Cells,
}

/// Label settings (each field optional, defaulting to the classic XXYY numbering).
#[derive(Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct FileLabels {
    pub base: u8,
    pub digits: u8,
    pub stagger: String,
    pub order: String,
}

/// A palette entry.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileTerrain {
    pub id: u16,
    pub name: String,
    pub color: String,
    pub symbol: String,
    pub cost: FileCost,
    #[serde(default)]
    pub blocks_sight: bool,
}

/// Movement cost.
#[derive(Deserialize)]
pub(crate) enum FileCost {
    Cost(u32),
    Impassable,
}

/// The cell data, in one of the two forms.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) enum FileCells {
    /// Rows of terrain symbols in the map's offset kind.
    Offset {
        origin: (i32, i32),
        rows: Vec<String>,
        #[serde(default)]
        mines: Vec<String>,
        #[serde(default)]
        notes: Vec<(i32, i32, String)>,
    },
    /// Explicit (q, r, s, terrain id) cells.
    Cube {
        cells: Vec<(i32, i32, i32, u16)>,
        #[serde(default)]
        mines: Vec<(i32, i32, i32)>,
        #[serde(default)]
        notes: Vec<(i32, i32, i32, String)>,
    },
}

impl Default for FileLabels {
    fn default() -> Self {
        let d = crate::hex::xxyy::LabelSettings::default();
        FileLabels {
            base: d.base,
            digits: d.digits,
            stagger: d.stagger.name().to_owned(),
            order: "column-first".to_owned(),
        }
    }
}
