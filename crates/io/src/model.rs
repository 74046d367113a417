//! The serde structures of the RON file (format versions 1 to 3; version 2 adds the edge
//! and path palettes and the `edges`, `paths`, `icons` and `labels` lists, version 3 the
//! `elevation` list), exactly as written on disk.
//! Enumerations with dashes (`odd-r`) are plain strings, checked when converting.
//!
//! The long lists (cells, rows, mines, notes) are never collected while parsing, so loading
//! a file costs about the file plus the map, whatever the file holds: [`FileMap`] keeps
//! each list as the text it spans ([`Raw`]) and the reader walks it element by element;
//! the palette keeps at most one entry over its limit ([`PaletteEntries`]). [`FileCheck`]
//! is the same structure with every list only type-checked ([`Checked`]): for a file that
//! does not parse, it finds the same first error, at the same line and column, as parsing
//! everything into memory would.

use super::read::{FeatureEntries, PaletteEntries};
use serde::Deserialize;
use serde::de::{Deserializer, SeqAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

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

/// A list of `T` kept as its RON text (`None` when the field is left out): RON checks its
/// syntax while parsing the file, the reader parses the elements one at a time.
pub(crate) struct Raw<'a, T> {
    /// The list's text, brackets included, borrowed from the parsed text.
    pub text: Option<&'a str>,
    of: PhantomData<fn() -> T>,
}

impl<T> Default for Raw<'_, T> {
    fn default() -> Self {
        Raw {
            text: None,
            of: PhantomData,
        }
    }
}

impl<'de: 'a, 'a, T> Deserialize<'de> for Raw<'a, T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = <&'a ron::value::RawValue>::deserialize(d)?;
        Ok(Raw {
            text: Some(raw.get_ron()),
            of: PhantomData,
        })
    }
}

/// A list of `T` whose elements are parsed (with the same calls as for a `Vec<T>`, so with
/// the same errors) and dropped.
pub(crate) struct Checked<'a, T>(PhantomData<&'a T>);

impl<T> Default for Checked<'_, T> {
    fn default() -> Self {
        Checked(PhantomData)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Checked<'_, T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Each<T>(PhantomData<fn() -> T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Each<T> {
            type Value = ();
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
                while seq.next_element::<T>()?.is_some() {}
                Ok(())
            }
        }
        d.deserialize_seq(Each::<T>(PhantomData))?;
        Ok(Checked(PhantomData))
    }
}

/// The whole-file structure, once with lists of type `$list` (either [`Raw`] or
/// [`Checked`]); both share every field, attribute and element type.
macro_rules! file_structure {
    ($doc:literal, $(#[$attr:meta])* $map:ident, $cells:ident, $list:ident) => {
        #[doc = $doc]
        $(#[$attr])*
        #[derive(Deserialize)]
        // One name in messages ("expected struct `FileMap`") whichever structure reads.
        #[serde(deny_unknown_fields, rename = "FileMap")]
        pub(crate) struct $map<'a> {
            pub format: String,
            pub version: u64,
            pub name: String,
            pub orientation: String,
            pub offset: String,
            pub hex_size: (f64, f64),
            pub shape: FileShape,
            #[serde(default)]
            pub labels: FileLabels,
            pub palette: PaletteEntries,
            #[serde(default)]
            pub edge_types: FeatureEntries<FileEdgeType>,
            #[serde(default)]
            pub path_types: FeatureEntries<FilePathType>,
            #[serde(default)]
            pub view: FileView,
            /// Region kinds (version 4).
            #[serde(default)]
            pub region_kinds: Vec<FileRegionKind>,
            /// The map scale (version 4, optional).
            #[serde(default, deserialize_with = "given")]
            pub scale: Option<FileScale>,
            /// The tracing underlay (version 4, optional).
            #[serde(default, deserialize_with = "given")]
            pub underlay: Option<FileUnderlay>,
            /// Custom property types (version 5).
            #[serde(default)]
            pub property_types: Vec<FilePropType>,
            /// Custom property values of the map and its numbered objects (version 5).
            #[serde(default)]
            pub properties: Vec<(FileOwner, PropValuesText)>,
            #[serde(borrow)]
            pub cells: $cells<'a>,
            /// Child maps (version 5): a map family.
            #[serde(default, borrow)]
            pub children: Vec<FileChild<'a>>,
        }

        /// The cell data, in one of the two forms.
        $(#[$attr])*
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields, rename = "FileCells")]
        pub(crate) enum $cells<'a> {
            /// Rows of terrain symbols in the map's offset kind.
            Offset {
                origin: (i32, i32),
                #[serde(borrow)]
                rows: $list<'a, String>,
                #[serde(default, borrow)]
                mines: $list<'a, String>,
                #[serde(default, borrow)]
                notes: $list<'a, (i32, i32, String)>,
                #[serde(default, borrow)]
                edges: $list<'a, (i32, i32, String, u16)>,
                #[serde(default, borrow)]
                paths: $list<'a, FilePath<(i32, i32)>>,
                #[serde(default, borrow)]
                icons: $list<'a, FileIcon<(i32, i32)>>,
                #[serde(default, borrow)]
                labels: $list<'a, FileLabel>,
                /// Hidden cells (version 3): rows like `mines`, `#` hidden.
                #[serde(default)]
                hidden: Vec<String>,
                /// Cells whose note is GM-only (version 3).
                #[serde(default)]
                gm_notes: Vec<(i32, i32)>,
                /// GM-only edge features (version 3): hex and side.
                #[serde(default)]
                gm_edges: Vec<(i32, i32, String)>,
                /// The party (version 3).
                #[serde(default)]
                party: Option<FileParty<(i32, i32)>>,
                /// Version 3: one string per row, a whole number per column (`.` for a hole).
                #[serde(default, borrow)]
                elevation: $list<'a, String>,
                /// Named regions (version 4).
                #[serde(default)]
                regions: Vec<FileRegion<(i32, i32)>>,
                /// The hex key (version 5).
                #[serde(default)]
                key: Vec<FileKeyEntry<(i32, i32)>>,
                /// Custom property values of cells (version 5).
                #[serde(default)]
                cell_properties: Vec<(i32, i32, PropValuesText)>,
                /// Mean yearly temperature, °C (version 5): rows like `elevation`.
                #[serde(default, deserialize_with = "given")]
                temperature: Option<Vec<String>>,
                /// Moisture, percent (version 5): rows like `elevation`.
                #[serde(default, deserialize_with = "given")]
                moisture: Option<Vec<String>>,
            },
            /// Explicit (q, r, s, terrain id) cells.
            Cube {
                #[serde(borrow)]
                cells: $list<'a, (i32, i32, i32, u16)>,
                #[serde(default, borrow)]
                mines: $list<'a, (i32, i32, i32)>,
                #[serde(default, borrow)]
                notes: $list<'a, (i32, i32, i32, String)>,
                #[serde(default, borrow)]
                edges: $list<'a, (i32, i32, i32, String, u16)>,
                #[serde(default, borrow)]
                paths: $list<'a, FilePath<(i32, i32, i32)>>,
                #[serde(default, borrow)]
                icons: $list<'a, FileIcon<(i32, i32, i32)>>,
                #[serde(default, borrow)]
                labels: $list<'a, FileLabel>,
                /// Hidden cells (version 3).
                #[serde(default)]
                hidden: Vec<(i32, i32, i32)>,
                /// Cells whose note is GM-only (version 3).
                #[serde(default)]
                gm_notes: Vec<(i32, i32, i32)>,
                /// GM-only edge features (version 3): hex and side.
                #[serde(default)]
                gm_edges: Vec<(i32, i32, i32, String)>,
                /// The party (version 3).
                #[serde(default)]
                party: Option<FileParty<(i32, i32, i32)>>,
                /// Version 3: (q, r, s, elevation) for every cell not at 0.
                #[serde(default, borrow)]
                elevation: $list<'a, (i32, i32, i32, i16)>,
                /// Named regions (version 4).
                #[serde(default)]
                regions: Vec<FileRegion<(i32, i32, i32)>>,
                /// The hex key (version 5).
                #[serde(default)]
                key: Vec<FileKeyEntry<(i32, i32, i32)>>,
                /// Custom property values of cells (version 5).
                #[serde(default)]
                cell_properties: Vec<(i32, i32, i32, PropValuesText)>,
                /// Version 5: (q, r, s, °C) for every cell not at 0.
                #[serde(default, deserialize_with = "given")]
                temperature: Option<Vec<(i32, i32, i32, i16)>>,
                /// Version 5: (q, r, s, percent) for every cell not at 0.
                #[serde(default, deserialize_with = "given")]
                moisture: Option<Vec<(i32, i32, i32, i16)>>,
            },
        }
    };
}

file_structure!(
    "A whole map file, its lists kept as text.",
    FileMap,
    FileCells,
    Raw
);

file_structure!(
    "A whole map file with every list only checked: finds a bad file's first error.",
    #[allow(dead_code, reason = "parsed only to find the first error; never read")]
    FileCheck,
    CheckCells,
    Checked
);

/// One child map of a family (version 5): its link in the parent, how it was derived, and
/// the child map itself, a whole map written as a file is (read on its own afterwards).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileChild<'a> {
    pub link: FileLink,
    #[serde(default, deserialize_with = "given")]
    pub derived: Option<FileDerived>,
    #[serde(borrow)]
    pub map: &'a ron::value::RawValue,
}

/// What a child is linked to: a hex in the parent's offset (col, row) or cube (q, r, s)
/// coordinates, an icon id or a region id.
#[derive(Deserialize)]
pub(crate) enum FileLink {
    Hex(i32, i32),
    Cube(i32, i32, i32),
    Icon(u32),
    Region(u32),
}

/// How a child was derived: the radius of the hexagon that is the parent hex, and the seed.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileDerived {
    pub radius: u32,
    pub seed: u64,
}

/// How the map asks to be shown (version 2, optional; written only when not the
/// default).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileView {
    /// The legend's corner ("top-left" …); `None` for no legend.
    #[serde(default)]
    pub legend: Option<String>,
    /// Notes drawn as captions under their hexes.
    #[serde(default)]
    pub note_captions: bool,
}

/// An optional header field written without `Some(…)`: present means `Some`.
fn given<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// The map scale (version 4): distance per hex and its unit.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileScale {
    pub per_hex: f64,
    pub unit: String,
}

/// The tracing underlay (version 4): image path relative to the map file, centre in
/// world units, world units per pixel, rotation in degrees, opacity 0 to 1.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileUnderlay {
    pub path: String,
    pub center: (f64, f64),
    #[serde(default = "one_f64")]
    pub scale: f64,
    #[serde(default)]
    pub rotation: f64,
    #[serde(default = "half")]
    pub opacity: f32,
}

fn one_f64() -> f64 {
    1.0
}

fn half() -> f32 {
    0.5
}

/// The shape header of a RON map file, as serde reads it. The file's own spelling of a
/// shape: the offset kind is text (checked when read), and `Cells` says the shape is the
/// cell data's. It becomes a checked `hexmap_map::MapShape` (the runtime shape) when the
/// file is read; `hexmap_map::ShapeSpec` is the different, typed-by-people text form
/// (`rect:24x16`). Kept apart from both so the file format does not change when they do.
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
    /// Tile art image paths relative to the map file (version 2).
    #[serde(default)]
    pub tile_art: Vec<String>,
    /// Tint the tile art by the colour (version 2).
    #[serde(default)]
    pub tile_tint: bool,
}

/// Movement cost: points with up to two decimals (checked when read), or impassable.
#[derive(Deserialize)]
pub(crate) enum FileCost {
    Cost(f64),
    Impassable,
}

/// An edge palette entry (version 2).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileEdgeType {
    pub id: u16,
    pub name: String,
    pub color: String,
    pub width: f32,
    pub style: String,
    pub cost: FileEdgeCost,
    #[serde(default)]
    pub blocks_sight: bool,
}

/// What crossing an edge costs: extra points (up to two decimals) or impassable.
#[derive(Deserialize)]
pub(crate) enum FileEdgeCost {
    Extra(f64),
    Impassable,
}

/// A path palette entry (version 2); `cost` is the cost of a step along it, or `None`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FilePathType {
    pub id: u16,
    pub name: String,
    pub color: String,
    pub width: f32,
    pub style: String,
    pub cost: Option<f64>,
}

/// A path (version 2): id, type and hexes in the form's coordinates.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FilePath<H> {
    pub id: u32,
    #[serde(rename = "type")]
    pub kind: u16,
    pub hexes: Vec<H>,
    /// GM-only (version 3).
    #[serde(default)]
    pub gm_only: bool,
}

/// The party (version 3): its hex in the form's coordinates, its sight radius, the id of
/// its trail path.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileParty<H> {
    pub at: H,
    pub sight: u32,
    #[serde(default)]
    pub trail: Option<u32>,
}

/// The fog and secrets of either form, taken out of the cell data (version 3).
pub(crate) struct FileFog<R, H, E> {
    /// Offset rows (`#` hidden) or cube hexes.
    pub hidden: Vec<R>,
    pub gm_notes: Vec<H>,
    pub gm_edges: Vec<E>,
    pub party: Option<FileParty<H>>,
}

/// An icon on a hex (version 2; `id` since version 3): its id, the hex in the form's
/// coordinates, the icon's name (a built-in name or `image:` and a path relative to the map
/// file), caption, scale, colour.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileIcon<H> {
    #[serde(default, deserialize_with = "present")]
    pub id: Option<u32>,
    pub at: H,
    pub icon: String,
    #[serde(default)]
    pub caption: Option<String>,
    #[serde(default = "one")]
    pub scale: f32,
    #[serde(default)]
    pub color: Option<String>,
    /// GM-only (version 3).
    #[serde(default)]
    pub gm_only: bool,
    /// The icon's key entry (version 5): `key: (title: "…", …)`.
    #[serde(default, deserialize_with = "present")]
    pub key: Option<FileEntry>,
}

/// A plain value that may be left out (`id: 3`, not `id: Some(3)`): `Some` when present.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

fn one() -> f32 {
    1.0
}

fn yes() -> bool {
    true
}

/// A place-name label (version 2): id, text, world position, size in hex sizes, rotation
/// in degrees, colour and style.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileLabel {
    pub id: u32,
    pub text: String,
    pub x: f64,
    pub y: f64,
    #[serde(default = "one")]
    pub size: f32,
    #[serde(default)]
    pub rotation: f32,
    pub color: String,
    #[serde(default)]
    pub bold: bool,
    #[serde(default)]
    pub italic: bool,
    #[serde(default = "yes")]
    pub halo: bool,
    /// GM-only (version 3).
    #[serde(default)]
    pub gm_only: bool,
    /// The curve the text follows, as (dx, dy) offsets from (x, y) (version 5; none for
    /// a straight label).
    #[serde(default)]
    pub path: Vec<(f64, f64)>,
}

impl Default for FileLabels {
    fn default() -> Self {
        let d = hexmap_hex::xxyy::LabelSettings::default();
        FileLabels {
            base: d.base,
            digits: d.digits,
            stagger: d.stagger.name().to_owned(),
            order: "column-first".to_owned(),
        }
    }
}

/// A region kind (version 4): its name and whether a hex is in at most one of its regions.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileRegionKind {
    pub name: String,
    #[serde(default)]
    pub exclusive: bool,
}

/// A named region (version 4): id, name, kind name, colour, border style, tint opacity,
/// label switch, the GM-only flag and its hexes in the form's coordinates.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileRegion<H> {
    pub id: u32,
    pub name: String,
    pub kind: String,
    pub color: String,
    #[serde(default = "solid")]
    pub border: String,
    #[serde(default)]
    pub tint: Option<f32>,
    #[serde(default = "yes")]
    pub label: bool,
    #[serde(default)]
    pub gm_only: bool,
    /// The region's key entry (version 5): `key: (title: "…", …)`.
    #[serde(default, deserialize_with = "present")]
    pub key: Option<FileEntry>,
    pub hexes: Vec<H>,
}

/// A key entry (version 5): its hex in the form's coordinates (a hex's entry; an icon's
/// or a region's, [`FileEntry`], has none: it goes with its owner), title, player text, GM
/// text, tags and the GM-only flag.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "H: Deserialize<'de>"))]
pub(crate) struct FileKeyEntry<H> {
    #[serde(default, deserialize_with = "present")]
    pub at: Option<H>,
    pub title: String,
    #[serde(default)]
    pub player: String,
    #[serde(default)]
    pub gm: String,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub gm_only: bool,
}

/// An icon's or region's key entry (version 5): a hex entry without its hex (an `at` in
/// it is refused: [`NoHex`] reads nothing).
pub(crate) type FileEntry = FileKeyEntry<NoHex>;

/// The hex of an entry that can have none: no value reads as one.
#[derive(Deserialize)]
pub(crate) enum NoHex {}

impl<H> From<FileKeyEntry<H>> for hexmap_map::KeyEntry {
    fn from(e: FileKeyEntry<H>) -> Self {
        hexmap_map::KeyEntry {
            title: e.title,
            player_text: e.player,
            gm_text: e.gm,
            tags: e.tags,
            gm_only: e.gm_only,
        }
    }
}

fn solid() -> String {
    "solid".to_owned()
}

/// One object's custom property values as written: name → value, each value read by its
/// declared type (version 5).
pub(crate) type PropValuesText = std::collections::BTreeMap<String, ron::Value>;

/// A custom property type (version 5): `(name: "side", kind: Enum(["Blue", "Red"]),
/// default: "Blue")`, `gm_only: true` for a secret.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FilePropType {
    pub name: String,
    pub kind: FilePropKind,
    pub default: ron::Value,
    #[serde(default)]
    pub gm_only: bool,
}

/// A custom property kind as written.
#[derive(Deserialize)]
pub(crate) enum FilePropKind {
    String,
    Int,
    Number,
    Bool,
    Colour,
    Hex,
    Enum(Vec<String>),
}

/// What carries a `properties` entry: the map or a numbered object (cells carry theirs in
/// `cell_properties`).
#[derive(Deserialize, Clone, Copy)]
pub(crate) enum FileOwner {
    Map,
    Terrain(u16),
    EdgeType(u16),
    PathType(u16),
    Icon(u32),
    Label(u32),
    Region(u32),
}
