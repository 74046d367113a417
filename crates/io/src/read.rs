//! Reading a map from RON text: parse, then validate every field before building the map.
//! Sizes are checked against the limits before any layer is allocated, and no list of the
//! file is ever collected whole: cells, rows, mines and notes are read one element at a
//! time from the text (see [`super::model`]), so loading takes about the file plus the map.

mod annotations;
mod children;
mod climate;
mod cube;
mod custom;
mod elevation;
mod extras;
mod features;
mod fog;
mod key;
mod lists;
mod offset;
mod palette;
mod regions;

pub(crate) use features::FeatureEntries;
pub(crate) use features::cost as points_to_cost;
pub(crate) use palette::PaletteEntries;

use super::error::{CellRef, FormatError};
use super::fast_cube::{CubeList, EdgeList, split_cube_cells, split_edges};
use super::model::{FileCells, FileCheck, FileLabels, FileMap, FileShape, FileView, Header, Raw};
use super::{FORMAT_VERSION, Form, MAX_FILE_BYTES};
use cube::CellSource;
use features::Coords;
use features::EdgeSource;
use hexmap_hex::xxyy::LabelSettings;
use hexmap_hex::{Hex, OffsetKind, Orientation, Point};
use hexmap_map::layers::MAX_NOTE_LEN;
use hexmap_map::{
    Corner, HexMap, MapError, MapProperties, MapShape, Palette, PropertyError, ViewSettings,
};
use lists::RawList;
use palette::palette;
use serde::Deserialize;

fn field(field: &str, message: impl Into<String>) -> FormatError {
    FormatError::Field {
        field: field.to_owned(),
        message: message.into(),
    }
}

fn syntax(e: ron::error::SpannedError) -> FormatError {
    FormatError::Syntax {
        line: e.span.start.line,
        column: e.span.start.col,
        message: plain_words(&e.code.to_string()),
    }
}

/// The parts of a file named by the types that read them (what the RON parser says, e.g.
/// "Expected opening `(` for struct `FileMap`"), in the words of docs/FORMAT.md.
const PART_NAMES: [(&str, &str); 20] = [
    ("FileMap", "the map"),
    ("FileCells", "cells"),
    ("FileView", "view"),
    ("FileScale", "scale"),
    ("FileUnderlay", "underlay"),
    ("FileShape", "shape"),
    ("FileLabels", "labels (the label settings)"),
    ("FileTerrain", "a palette entry"),
    ("FileCost", "a terrain cost (Cost(n) or Impassable)"),
    ("FileEdgeType", "an edge type"),
    ("FileEdgeCost", "an edge type's cost"),
    ("FilePathType", "a path type"),
    ("FilePath", "a path"),
    ("FileIcon", "an icon"),
    ("FileLabel", "a label"),
    ("FileRegion", "a region"),
    ("FileRegionKind", "a region kind"),
    ("FileChild", "a child map"),
    ("FileLink", "a child's link (Hex, Cube, Icon or Region)"),
    ("FileDerived", "a child's derivation"),
];

/// A parser message with the reading types' names replaced by the file's own words, so a
/// message never names an internal type.
fn plain_words(message: &str) -> String {
    let mut out = message.to_string();
    for (ty, words) in PART_NAMES {
        for pattern in [
            format!("struct `{ty}`"),
            format!("enum `{ty}`"),
            format!("`{ty}`"),
        ] {
            out = out.replace(&pattern, words);
        }
    }
    out
}

/// Parse and validate map text; returns the map and the form it was written in.
pub fn from_str(text: &str) -> Result<(HexMap, Form), FormatError> {
    parse(text, true)
}

/// [`from_str`] with the cube fast path on or off (off only in tests, to check both agree).
pub(crate) fn parse(text: &str, allow_fast: bool) -> Result<(HexMap, Form), FormatError> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(FormatError::FileTooLarge {
            bytes: text.len() as u64,
            limit: MAX_FILE_BYTES,
        });
    }
    // Fast paths for big lists (a cube file's cells, a generated world's edges), each read
    // in place and emptied from the text RON parses; any doubt falls back to RON on the
    // original text.
    // A family's children are whole maps inside the text: the scanners would take a
    // child's list for the root's, so such a file is read by RON throughout (each child
    // then on its own, with the fast paths).
    let allow_fast = allow_fast && !text.contains("children:");
    let (cube, after_cube) = match allow_fast.then(|| split_cube_cells(text)).flatten() {
        Some((list, emptied)) => (Some(list), Some(emptied)),
        None => (None, None),
    };
    let rest = after_cube.as_deref().unwrap_or(text);
    let (edges, after_edges) = match allow_fast.then(|| split_edges(rest)).flatten() {
        Some((list, emptied)) => (Some(list), Some(emptied)),
        None => (None, None),
    };
    let parsed = after_edges.as_deref().unwrap_or(rest);
    if (cube.is_some() || edges.is_some())
        && let Ok((file, extensions)) = parse_file(parsed)
        && (cube.is_none() || matches!(file.cells, FileCells::Cube { .. }))
    {
        let fast = Fast { cube, edges };
        return finish(text, parsed, file, extensions, fast);
    }
    match parse_file(text) {
        Ok((file, extensions)) => finish(text, text, file, extensions, Fast::default()),
        Err(e) => Err(first_error(text, syntax(e))),
    }
}

/// Parse the file's structure, keeping its lists as text, and the RON extensions it enables.
fn parse_file(
    text: &str,
) -> Result<(FileMap<'_>, ron::extensions::Extensions), ron::error::SpannedError> {
    let mut de = ron::Deserializer::from_str(text)?;
    let extensions = de.extensions();
    let file = FileMap::deserialize(&mut de).map_err(|e| de.span_error(e))?;
    de.end().map_err(|e| de.span_error(e))?;
    Ok((file, extensions))
}

/// The first error of `text`, which does not parse, as reading it whole reports it: a
/// wrong format or version first, else the first syntax error in the file. `fallback` is
/// the error found so far, used if the check finds none.
fn first_error(text: &str, fallback: FormatError) -> FormatError {
    match ron::from_str::<FileCheck<'_>>(text) {
        Ok(_) => fallback,
        Err(e) => {
            // A file of another format or version may fail on structure; name that first.
            if let Ok(h) = ron::from_str::<Header>(text)
                && let Err(header) = check_header(&h.format, h.version)
            {
                return header;
            }
            syntax(e)
        }
    }
}

/// A list of the file and its number of elements (checked: every element has its type).
#[derive(Clone, Copy)]
pub(super) struct Counted<'a> {
    list: RawList<'a>,
    len: usize,
}

/// Checks the elements of one list, giving their number.
type Check = fn(&RawList<'_>) -> Result<usize, FormatError>;

/// The list `raw` of the file `parsed`, with the check of its element type `T`.
fn checked<'a, T: serde::de::DeserializeOwned>(
    raw: &Raw<'a, T>,
    parsed: &'a str,
    extensions: ron::extensions::Extensions,
) -> (RawList<'a>, Check) {
    let each: Check = |l| l.for_each::<T>(|_, _| Ok(()));
    (RawList::new(raw.text, parsed, extensions), each)
}

/// The cell data of a parsed file, every list checked.
enum Body<'a> {
    Offset {
        origin: (i32, i32),
        rows: Counted<'a>,
        mines: Counted<'a>,
        notes: Counted<'a>,
    },
    Cube {
        cells: CellSource<'a>,
        mines: Counted<'a>,
        notes: Counted<'a>,
    },
}

/// The lists read by the fast scanners ([`super::fast_cube`]) instead of RON.
#[derive(Clone, Copy, Default)]
struct Fast<'a> {
    /// The cube form's cells.
    cube: Option<CubeList<'a>>,
    /// The `edges` list of either form.
    edges: Option<EdgeList<'a>>,
}

/// The version-2 lists of either form: edge features and paths.
struct FeatureLists<'a> {
    edges: EdgeSource<'a>,
    paths: Counted<'a>,
    icons: Counted<'a>,
    labels: Counted<'a>,
    /// Version 3.
    elevation: Counted<'a>,
}

/// Check every list's elements in file order (so the first error is the one a whole parse
/// reports), then the header, then build the map. `parsed` is the text `file` borrows
/// from (the original, or the copy with the cube list emptied and read by `fast`); errors
/// in lists are reported as found in `original`.
fn finish<'a>(
    original: &str,
    parsed: &'a str,
    mut file: FileMap<'a>,
    extensions: ron::extensions::Extensions,
    fast: Fast<'a>,
) -> Result<(HexMap, Form), FormatError> {
    // The list named `$field` of either form, with the check of its element type there.
    macro_rules! both_forms {
        ($field:ident) => {
            match &file.cells {
                FileCells::Offset { $field, .. } => checked($field, parsed, extensions),
                FileCells::Cube { $field, .. } => checked($field, parsed, extensions),
            }
        };
    }
    let (origin, cells) = match &file.cells {
        FileCells::Offset { origin, rows, .. } => {
            (Some(*origin), checked(rows, parsed, extensions))
        }
        FileCells::Cube { cells, .. } => (None, checked(cells, parsed, extensions)),
    };
    // The fast path has checked the cube cells already (RON saw an empty list).
    // So have the edges (RON saw an empty list).
    let scanned = |list: (RawList<'a>, Check), fast: bool| match fast {
        true => (RawList::new(None, parsed, extensions), list.1),
        false => list,
    };
    let lists: [(RawList<'a>, Check); 8] = [
        scanned(cells, fast.cube.is_some()),
        both_forms!(mines),
        both_forms!(notes),
        scanned(both_forms!(edges), fast.edges.is_some()),
        both_forms!(paths),
        both_forms!(icons),
        both_forms!(labels),
        both_forms!(elevation),
    ];
    let mut order = [0, 1, 2, 3, 4, 5, 6, 7];
    order.sort_by_key(|&i| lists[i].0.offset());
    let mut lens = [0usize; 8];
    for i in order {
        lens[i] = (lists[i].1)(&lists[i].0).map_err(|e| first_error(original, e))?;
    }
    check_header(&file.format, file.version)?;
    let counted = |i: usize| Counted {
        list: lists[i].0,
        len: lens[i],
    };
    let features = FeatureLists {
        edges: fast
            .edges
            .map_or_else(|| EdgeSource::Ron(counted(3)), EdgeSource::Fast),
        paths: counted(4),
        icons: counted(5),
        labels: counted(6),
        elevation: counted(7),
    };
    let body = match (origin, fast.cube) {
        (Some(origin), _) => Body::Offset {
            origin,
            rows: counted(0),
            mines: counted(1),
            notes: counted(2),
        },
        (None, fast) => Body::Cube {
            cells: fast.map_or_else(|| CellSource::Ron(counted(0)), CellSource::Fast),
            mines: counted(1),
            notes: counted(2),
        },
    };
    let fog = fog::take(&mut file.cells);
    let regions = regions::take(&mut file);
    let key = key::take(&mut file);
    let custom = custom::take(&mut file);
    let climate = climate::take(&mut file);
    let children = children::take(&mut file);
    let map = build(file, body, features, fog)?;
    let map = key::apply(regions::apply(map, regions)?, key)?;
    let (map, form) = climate::apply(custom::apply(map, custom)?, climate)?;
    Ok((children::apply(map, form, children, original)?, form))
}

fn check_header(format: &str, version: u64) -> Result<(), FormatError> {
    if format != "hexmap" {
        return Err(FormatError::NotAHexmap(format.to_owned()));
    }
    if !(1..=u64::from(FORMAT_VERSION)).contains(&version) {
        return Err(FormatError::Version {
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    Ok(())
}

/// A property limit broken, named by its field (the check is the map's own,
/// [`MapProperties::validate`]).
fn property_error(e: PropertyError) -> FormatError {
    field(e.field(), e.problem())
}

/// The empty map, through the map's checked constructor.
fn new_map(props: MapProperties, shape: MapShape, palette: Palette) -> Result<HexMap, FormatError> {
    HexMap::new(props, shape, palette).map_err(|e| match e {
        MapError::Property(p) => property_error(p),
        other => field("map", other.to_string()),
    })
}

fn parse_offset_kind(name: &str, value: &str) -> Result<OffsetKind, FormatError> {
    value.parse().map_err(|e: String| field(name, e))
}

fn build(
    file: FileMap<'_>,
    body: Body<'_>,
    features: FeatureLists<'_>,
    fog: fog::FogData,
) -> Result<(HexMap, Form), FormatError> {
    if file.version < 2 {
        const FEATURES: &str = "edge features and paths";
        const ANNOTATIONS: &str = "icons and labels";
        let v2 = [
            ("edge_types", file.edge_types.is_present(), FEATURES),
            ("path_types", file.path_types.is_present(), FEATURES),
            ("cells.edges", features.edges.len() > 0, FEATURES),
            ("cells.paths", features.paths.len > 0, FEATURES),
            ("cells.icons", features.icons.len > 0, ANNOTATIONS),
            ("cells.labels", features.labels.len > 0, ANNOTATIONS),
        ];
        if let Some((name, _, what)) = v2.iter().find(|(_, present, _)| *present) {
            return Err(field(
                name,
                format!("{what} need format version 2 (this file says version 1)"),
            ));
        }
    }
    if file.version < 3 && features.elevation.list.is_present() {
        return Err(field(
            "cells.elevation",
            format!(
                "elevation needs format version 3 (this file says version {})",
                file.version
            ),
        ));
    }
    let orientation: Orientation = file
        .orientation
        .parse()
        .map_err(|e: String| field("orientation", e))?;
    let offset_kind = parse_offset_kind("offset", &file.offset)?;
    let labels = labels(file.labels)?;
    let view = view(file.view)?;
    let scale = extras::scale(file.version, file.scale)?;
    let underlay = extras::underlay(file.version, file.underlay)?;
    let props = MapProperties {
        name: file.name,
        orientation,
        offset_kind,
        hex_size: Point::new(file.hex_size.0, file.hex_size.1),
        labels,
    };
    // Before the palette and cells: a bad header is named first.
    props.validate().map_err(property_error)?;
    let palette = palette(file.palette)?;
    if file.version < 2
        && let Some(t) = palette.terrains().iter().find(|t| !t.art.is_empty())
    {
        return Err(field(
            "palette",
            format!(
                "terrain {}: tile art needs format version 2 (this file says version 1)",
                t.id
            ),
        ));
    }
    let edge_palette = features::edge_palette(file.edge_types)?;
    let path_palette = features::path_palette(file.path_types)?;
    let origin = match &body {
        Body::Offset { origin, .. } => *origin,
        Body::Cube { .. } => (0, 0),
    };
    let (mut map, form, coords) = match body {
        Body::Offset {
            origin,
            rows,
            mines,
            notes,
        } => {
            let shape = fixed_shape(&file.shape)?;
            let kind = props.offset_kind;
            let map = offset::read_offset(props, shape, palette, origin, rows, mines, notes)?;
            (map, Form::Offset, Coords::Offset(kind))
        }
        Body::Cube {
            cells,
            mines,
            notes,
        } => {
            let shape = fixed_shape(&file.shape)?;
            let map = cube::read_cube(props, shape, palette, &cells, mines, notes)?;
            (map, Form::Cube, Coords::Cube)
        }
    };
    map.set_edge_palette(edge_palette);
    map.set_path_palette(path_palette);
    match coords {
        Coords::Offset(_) => {
            features::read_edges::<(i32, i32)>(&mut map, coords, features.edges)?;
            features::read_paths::<(i32, i32)>(&mut map, coords, features.paths)?;
            annotations::read_icons::<(i32, i32)>(&mut map, file.version, coords, features.icons)?;
        }
        Coords::Cube => {
            features::read_edges::<(i32, i32, i32)>(&mut map, coords, features.edges)?;
            features::read_paths::<(i32, i32, i32)>(&mut map, coords, features.paths)?;
            annotations::read_icons::<(i32, i32, i32)>(
                &mut map,
                file.version,
                coords,
                features.icons,
            )?;
        }
    }
    annotations::read_labels(&mut map, file.version, features.labels)?;
    fog::apply(&mut map, file.version, coords, fog)?;
    match coords {
        Coords::Offset(kind) => {
            elevation::read_offset_rows(&mut map, kind, origin, features.elevation)?
        }
        Coords::Cube => elevation::read_cube_cells(&mut map, features.elevation)?,
    }
    map.set_view(view);
    extras::set(&mut map, scale, underlay);
    Ok((map, form))
}

/// The view settings as written: a legend corner must be one of the four names.
fn view(v: FileView) -> Result<ViewSettings, FormatError> {
    let legend = v
        .legend
        .map(|name| name.parse::<Corner>())
        .transpose()
        .map_err(|e| field("view.legend", e.to_string()))?;
    Ok(ViewSettings {
        legend,
        note_captions: v.note_captions,
    })
}

/// The label settings as written; their limits (base, digits) are checked with the other
/// properties.
fn labels(l: FileLabels) -> Result<LabelSettings, FormatError> {
    let settings = LabelSettings {
        base: l.base,
        digits: l.digits,
        stagger: parse_offset_kind("labels.stagger", &l.stagger)?,
        order: l
            .order
            .parse()
            .map_err(|e: String| field("labels.order", e))?,
    };
    settings
        .validate()
        .map_err(|e| property_error(PropertyError::Labels(e)))?;
    Ok(settings)
}

/// The shape from the header; `None` for `Cells` (the cell data defines it).
fn fixed_shape(s: &FileShape) -> Result<Option<MapShape>, FormatError> {
    let shape = match s {
        FileShape::Rect {
            kind,
            width,
            height,
        } => MapShape::rectangle(parse_offset_kind("shape.kind", kind)?, *width, *height),
        FileShape::Hexagon { radius } => MapShape::hexagon(*radius),
        FileShape::Parallelogram { width, height } => MapShape::parallelogram(*width, *height),
        FileShape::Triangle { size } => MapShape::triangle(*size),
        FileShape::Cells => return Ok(None),
    };
    shape.map(Some).map_err(FormatError::Shape)
}

/// Put note `text` on `h` (named `cell` in errors): inside the map, one per cell, not empty,
/// within the length limit.
fn set_note(map: &mut HexMap, h: Hex, cell: CellRef, text: String) -> Result<(), FormatError> {
    if !map.contains(h) {
        return Err(FormatError::OutsideShape {
            field: "cells.notes",
            cell,
        });
    }
    if map.note(h).is_some() {
        return Err(FormatError::DuplicateCell {
            field: "cells.notes",
            cell,
        });
    }
    if text.is_empty() {
        return Err(FormatError::Note {
            cell,
            message: "empty note (leave the cell out instead)".into(),
        });
    }
    if text.len() > MAX_NOTE_LEN {
        return Err(FormatError::Note {
            cell,
            message: format!("{} bytes, over the limit of {MAX_NOTE_LEN}", text.len()),
        });
    }
    map.set_note(h, Some(text)).map_err(|e| FormatError::Note {
        cell,
        message: e.to_string(),
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The workspace root (two folders above this crate) and the text of every map file
    /// of the samples and the malformed files.
    fn sample_texts() -> (std::path::PathBuf, Vec<String>) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut texts = Vec::new();
        for sub in ["maps", "tests/malformed"] {
            for e in std::fs::read_dir(dir.join(sub)).unwrap() {
                // Map files only (maps/art/ holds the samples' tile images).
                let path = e.unwrap().path();
                if path.extension().is_some_and(|x| x == "ron") {
                    texts.push(std::fs::read_to_string(path).unwrap());
                }
            }
        }
        (dir, texts)
    }

    /// The cube fast path gives the same map, or the same error, as RON alone.
    #[test]
    fn fast_and_slow_paths_agree() {
        let (dir, mut texts) = sample_texts();
        let cube = std::fs::read_to_string(dir.join("maps/hexagon-r8-cube.ron")).unwrap();
        texts.push(cube.replacen("(0, -8, 8, 2)", "(0, -8, 8, 2, 5)", 1));
        texts.push(cube.replacen("(0, -8, 8, 2)", "(0, -8, 8, 70000)", 1));
        texts.push(cube.replacen("(0, -8, 8, 2),", "(0, -8, 8, 2) /* note */,", 1));
        texts.push(cube.replacen("        ],\n", "        ],\n        cells: [],\n", 1));
        let mut fast_used = 0;
        for t in &texts {
            if super::super::fast_cube::split_cube_cells(t).is_some() {
                fast_used += 1;
            }
            // The same map, or the same error.
            assert_eq!(parse(t, true), parse(t, false), "{t}");
        }
        assert!(fast_used >= 8, "fast path used only {fast_used} times");
    }

    /// The `edges` fast path gives the same map, or the same error, as RON alone: on the
    /// samples and malformed files with edges, in both forms, and on entries it leaves to
    /// RON (an escape in the name, a type id over `u16`) or reads (a trailing comma).
    #[test]
    fn the_edges_fast_path_and_ron_agree() {
        let (dir, mut texts) = sample_texts();
        texts.retain(|t| t.contains("edges: ["));
        let river = std::fs::read_to_string(dir.join("maps/wargame-river-crossing.ron")).unwrap();
        let (map, _) = from_str(&river).unwrap();
        assert!(
            map.edge_layer().iter().count() > 10,
            "the sample has rivers"
        );
        texts.push(crate::to_string(&map, Form::Cube));
        for (from, to) in [
            ("(7, 0, \"SE\", 1)", "(7, 0, \"S\\u{45}\", 1)"),
            ("(7, 0, \"SE\", 1)", "(7, 0, \"SE\", 70000)"),
            ("(7, 0, \"SE\", 1)", "(7, 0, \"SE\", 1,)"),
            ("(7, 0, \"SE\", 1)", "(7, 0, \"XX\", 1)"),
            ("(7, 0, \"SE\", 1)", "(7, 0, \"SE\", 9)"),
            ("(7, 0, \"SE\", 1)", "(7, 0, \"\", 1)"),
            ("(7, 0, \"SE\", 1)", "(7, 0 /* c */, \"SE\", 1) // ]"),
        ] {
            assert!(river.contains(from));
            texts.push(river.replacen(from, to, 1));
        }
        let mut fast_used = 0;
        for t in &texts {
            if super::super::fast_cube::split_edges(t).is_some() {
                fast_used += 1;
            }
            assert_eq!(parse(t, true), parse(t, false), "{t}");
        }
        assert!(
            fast_used >= 12,
            "edges fast path used only {fast_used} times"
        );
        let escaped = river.replacen("(7, 0, \"SE\", 1)", "(7, 0, \"S\\u{45}\", 1)", 1);
        assert!(super::super::fast_cube::split_edges(&escaped).is_none());
        assert_eq!(
            parse(&escaped, true).unwrap().0,
            map,
            "the escape names the same side"
        );
    }

    /// A file with a syntax error in one list and a content error elsewhere reports the
    /// syntax error, the first in the file, as a parse of the whole file into memory did.
    #[test]
    fn the_first_syntax_error_in_the_file_wins_whatever_list_it_is_in() {
        let head = "(format: \"hexmap\", version: 1, name: \"x\", orientation: \"pointy\",\n\
                    offset: \"odd-r\", hex_size: (1.0, 1.0), shape: Hexagon(radius: 0),\n\
                    palette: [(id: 1, name: \"Sea\", color: \"#2a6fb0\", symbol: \"~\", cost: Impassable)],\n";
        let cases = [
            // A bad cube sum (content) in the cells, a note of three values (syntax) after.
            (
                "cells: Cube(cells: [(0, 0, 1, 1)],\n notes: [(0, 0, \"n\")]))",
                5,
            ),
            // Notes before cells; both lists have a syntax error: the notes' comes first.
            (
                "cells: Cube(notes: [(0, 0, 0, 5)],\n cells: [(0, 0, 0, 70000)]))",
                4,
            ),
            // Mines after a bad row (content): the mine row of a number is the error.
            (
                "cells: Offset(origin: (0, 0), rows: [\"?\"],\n mines: [5]))",
                5,
            ),
        ];
        for (cells, line) in cases {
            let text = format!("{head}{cells}");
            for fast in [true, false] {
                match parse(&text, fast) {
                    Err(FormatError::Syntax { line: l, .. }) => assert_eq!(l, line, "{text}"),
                    other => panic!("{text}: {other:?}"),
                }
            }
        }
    }
}
