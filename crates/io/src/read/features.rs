//! Reading the version-2 content: the edge and path palettes, and the `edges` and `paths`
//! lists of either form, each entry checked with an error naming its position.

use super::super::error::{CellRef, FormatError};
use super::super::fast_cube::EdgeList;
use super::super::model::{FileEdgeCost, FileEdgeType, FilePath, FilePathType};
use super::Counted;
use hexmap_hex::{Direction, Edge, Hex, OffsetCoord, OffsetKind, Orientation};
use hexmap_map::features::{MAX_FEATURE_TYPES, MAX_PATH_LEN, MAX_PATHS};
use hexmap_map::shape::MAX_COORD;
use hexmap_map::{
    Cost, EdgeMove, EdgePalette, EdgeType, EdgeTypeId, FeatureId, FeaturePalette,
    FeaturePaletteError, FeatureType, HexMap, LineStyle, MapPath, PathId, PathPalette, PathType,
    PathTypeId, Rgb,
};
use serde::Deserialize;
use serde::de::{Deserializer, SeqAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// A palette list of the file with at most one entry over the limit kept, and the count,
/// so a file with millions of entries costs no more memory than a full palette. The
/// default stands for a list left out of the file (version 1).
pub(crate) struct FeatureEntries<T> {
    kept: Vec<T>,
    count: usize,
    present: bool,
}

impl<T> Default for FeatureEntries<T> {
    fn default() -> Self {
        FeatureEntries {
            kept: Vec::new(),
            count: 0,
            present: false,
        }
    }
}

impl<T> FeatureEntries<T> {
    /// True when the file has this list.
    pub(super) fn is_present(&self) -> bool {
        self.present
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for FeatureEntries<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries<T>(PhantomData<fn() -> T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Entries<T> {
            type Value = FeatureEntries<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut out = FeatureEntries {
                    kept: Vec::new(),
                    count: 0,
                    present: true,
                };
                while let Some(entry) = seq.next_element::<T>()? {
                    if out.kept.len() <= MAX_FEATURE_TYPES {
                        out.kept.push(entry);
                    }
                    out.count += 1;
                }
                Ok(out)
            }
        }
        d.deserialize_seq(Entries(PhantomData))
    }
}

/// A cost in points as written (up to two decimals) as a [`Cost`]: the one check of
/// terrain, edge and path costs in files (RON and the JSON export).
pub(crate) fn cost(points: f64) -> Result<Cost, String> {
    if !(points.is_finite() && points >= 0.0) {
        return Err(format!("cost {points} must be a number ≥ 0"));
    }
    let hundredths = (points * 100.0).round();
    if (points * 100.0 - hundredths).abs() > 1e-6 {
        return Err(format!("cost {points} has more than two decimals"));
    }
    if hundredths > f64::from(Cost::MAX.hundredths()) {
        return Err(format!(
            "cost {points} is over the limit of {} points (the most a terrain, edge or path \
             may cost; write Impassable for what cannot be entered or crossed)",
            Cost::MAX
        ));
    }
    Ok(Cost::from_hundredths(hundredths as u32).expect("checked against the limit"))
}

fn style(name: &str) -> Result<LineStyle, String> {
    LineStyle::from_name(name)
        .ok_or_else(|| format!("unknown style {name:?} (expected solid, dashed or double)"))
}

/// The error for the palette's own checks, naming the offending entry.
fn palette_error(field: &'static str, ids: &[u16], e: FeaturePaletteError) -> FormatError {
    let (index, id) = match &e {
        FeaturePaletteError::DuplicateId { id, .. } => {
            let second = ids.iter().enumerate().filter(|(_, i)| *i == id).nth(1);
            (second.map_or(0, |(n, _)| n), *id)
        }
        FeaturePaletteError::NameTooLong { id, .. } | FeaturePaletteError::BadWidth { id, .. } => {
            (ids.iter().position(|i| i == id).unwrap_or(0), *id)
        }
        FeaturePaletteError::TooMany { .. } => {
            (MAX_FEATURE_TYPES, ids.last().copied().unwrap_or(0))
        }
    };
    FormatError::FeatureType {
        field,
        index,
        id,
        message: e.to_string(),
    }
}

/// The fields of a palette entry that every kind has, checked.
struct Common<I> {
    id: I,
    color: Rgb,
    style: LineStyle,
}

/// A palette entry of the file, of either kind: the fields every kind has as written, and
/// how the kind's own fields complete its type.
trait FileFeature: Sized {
    /// The palette type it becomes.
    type Type: FeatureType;
    /// The id, colour and style as written.
    fn written(&self) -> (u16, &str, &str);
    /// The type from the checked common fields and the entry's own; `Err` with a message.
    fn into_type(
        self,
        common: Common<<Self::Type as FeatureType>::Id>,
    ) -> Result<Self::Type, String>;
}

impl FileFeature for FileEdgeType {
    type Type = EdgeType;
    fn written(&self) -> (u16, &str, &str) {
        (self.id, &self.color, &self.style)
    }
    fn into_type(self, c: Common<EdgeTypeId>) -> Result<EdgeType, String> {
        Ok(EdgeType {
            id: c.id,
            color: c.color,
            style: c.style,
            movement: match self.cost {
                FileEdgeCost::Extra(points) => EdgeMove::Extra(cost(points)?),
                FileEdgeCost::Impassable => EdgeMove::Impassable,
            },
            name: self.name,
            width: self.width,
            blocks_sight: self.blocks_sight,
        })
    }
}

impl FileFeature for FilePathType {
    type Type = PathType;
    fn written(&self) -> (u16, &str, &str) {
        (self.id, &self.color, &self.style)
    }
    fn into_type(self, c: Common<PathTypeId>) -> Result<PathType, String> {
        Ok(PathType {
            id: c.id,
            color: c.color,
            style: c.style,
            cost: self.cost.map(cost).transpose()?,
            name: self.name,
            width: self.width,
        })
    }
}

/// The edge palette of a file; the standard one when the file has none (version 1).
pub(super) fn edge_palette(
    entries: FeatureEntries<FileEdgeType>,
) -> Result<EdgePalette, FormatError> {
    feature_palette(entries, "edge_types", EdgePalette::standard)
}

/// The path palette of a file; the standard one when the file has none (version 1).
pub(super) fn path_palette(
    entries: FeatureEntries<FilePathType>,
) -> Result<PathPalette, FormatError> {
    feature_palette(entries, "path_types", PathPalette::standard)
}

/// The feature palette in the file's list `field`, each entry checked with an error naming
/// its position; `standard()` when the file has no such list (version 1).
fn feature_palette<F: FileFeature>(
    entries: FeatureEntries<F>,
    field: &'static str,
    standard: fn() -> FeaturePalette<F::Type>,
) -> Result<FeaturePalette<F::Type>, FormatError> {
    if !entries.present {
        return Ok(standard());
    }
    let mut types = Vec::new();
    for (index, e) in entries.kept.into_iter().enumerate() {
        let (id, color, style_name) = e.written();
        let bad = |message: String| FormatError::FeatureType {
            field,
            index,
            id,
            message,
        };
        let common = Common {
            id: FeatureId::new(id).ok_or_else(|| bad("id must be at least 1".into()))?,
            color: color.parse::<Rgb>().map_err(bad)?,
            style: style(style_name).map_err(bad)?,
        };
        types.push(e.into_type(common).map_err(bad)?);
    }
    let ids: Vec<u16> = types.iter().map(|t| t.id().get()).collect();
    if entries.count > MAX_FEATURE_TYPES {
        let e = FeaturePaletteError::TooMany {
            kind: <F::Type as FeatureType>::KIND,
            count: entries.count,
        };
        return Err(palette_error(field, &ids, e));
    }
    FeaturePalette::new(types).map_err(|e| palette_error(field, &ids, e))
}

/// How the form names hexes: offset (col, row) in the map's offset kind, or cube.
#[derive(Clone, Copy)]
pub(super) enum Coords {
    /// Offset form.
    Offset(OffsetKind),
    /// Cube form.
    Cube,
}

impl Coords {
    /// How a file of this form names `h`.
    fn cell(self, h: Hex) -> CellRef {
        match self {
            Coords::Offset(kind) => {
                let c = kind.from_hex(h);
                CellRef::Offset {
                    col: c.col,
                    row: c.row,
                }
            }
            Coords::Cube => CellRef::Cube(h),
        }
    }
}

/// A hex as one of the form's coordinate tuples.
pub(super) trait FormHex: serde::de::DeserializeOwned {
    /// An `edges` entry of the form: the hex's coordinates, a direction name, a type id.
    type EdgeEntry: serde::de::DeserializeOwned;
    /// The hex, direction name and type id of an `edges` entry.
    fn split_edge(entry: Self::EdgeEntry) -> (Self, String, u16);
    /// The tuple of coordinates the fast scanner read (as many as the form writes).
    fn scanned(coords: [i32; 3]) -> Self;
    /// The hex and how the file names it; `Err` with the message for a bad coordinate.
    fn hex(self, coords: Coords) -> Result<(Hex, CellRef), (CellRef, String)>;
}

fn in_range(v: i32) -> bool {
    (-MAX_COORD..=MAX_COORD).contains(&v)
}

impl FormHex for (i32, i32) {
    type EdgeEntry = (i32, i32, String, u16);
    fn split_edge((col, row, name, kind): Self::EdgeEntry) -> (Self, String, u16) {
        ((col, row), name, kind)
    }
    fn scanned([col, row, _]: [i32; 3]) -> Self {
        (col, row)
    }
    fn hex(self, coords: Coords) -> Result<(Hex, CellRef), (CellRef, String)> {
        let (col, row) = self;
        let cell = CellRef::Offset { col, row };
        let Coords::Offset(kind) = coords else {
            unreachable!("offset tuples come from offset files")
        };
        if !(in_range(col) && in_range(row)) {
            return Err((cell, format!("beyond the coordinate limit of ±{MAX_COORD}")));
        }
        Ok((kind.to_hex(OffsetCoord::new(col, row)), cell))
    }
}

impl FormHex for (i32, i32, i32) {
    type EdgeEntry = (i32, i32, i32, String, u16);
    fn split_edge((q, r, s, name, kind): Self::EdgeEntry) -> (Self, String, u16) {
        ((q, r, s), name, kind)
    }
    fn scanned([q, r, s]: [i32; 3]) -> Self {
        (q, r, s)
    }
    fn hex(self, _: Coords) -> Result<(Hex, CellRef), (CellRef, String)> {
        let (q, r, s) = self;
        let Some(h) = Hex::from_cube(q, r, s) else {
            let cell = CellRef::Cube(Hex::new(q, r));
            return Err((cell, format!("q + r + s must be 0, got ({q}, {r}, {s})")));
        };
        if ![q, r, s].into_iter().all(in_range) {
            return Err((
                CellRef::Cube(h),
                format!("beyond the coordinate limit of ±{MAX_COORD}"),
            ));
        }
        Ok((h, CellRef::Cube(h)))
    }
}

/// The direction a file names on hexes of `orientation` (E, NE … on pointy; N, NE … on flat).
pub(super) fn direction(orientation: Orientation, name: &str) -> Result<Direction, String> {
    let named = |d: Direction| match orientation {
        Orientation::Pointy => d.pointy_name(),
        Orientation::Flat => d.flat_name(),
    };
    Direction::ALL
        .into_iter()
        .find(|d| named(*d) == name)
        .ok_or_else(|| {
            let all: Vec<&str> = Direction::ALL.into_iter().map(named).collect();
            format!(
                "{name:?} is not a side of a {orientation} hex (expected one of {})",
                all.join(", ")
            )
        })
}

/// Where the `edges` entries come from: the fast scanner's list, or RON.
#[derive(Clone, Copy)]
pub(super) enum EdgeSource<'a> {
    /// Checked by the scanner, read in place.
    Fast(EdgeList<'a>),
    /// Checked by RON, read with RON.
    Ron(Counted<'a>),
}

impl EdgeSource<'_> {
    /// Number of entries.
    pub(super) fn len(&self) -> usize {
        match self {
            EdgeSource::Fast(l) => l.len(),
            EdgeSource::Ron(c) => c.len,
        }
    }
}

/// Read `edges`: each entry a hex (the form's tuple), a direction name and an edge type id.
pub(super) fn read_edges<H: FormHex>(
    map: &mut HexMap,
    coords: Coords,
    edges: EdgeSource<'_>,
) -> Result<(), FormatError> {
    match edges {
        EdgeSource::Ron(list) => list.list.for_each(|index, entry: H::EdgeEntry| {
            let (at, name, kind) = H::split_edge(entry);
            add_edge(map, coords, index, at, &name, kind)
        })?,
        EdgeSource::Fast(list) => {
            list.for_each(|index, e| {
                add_edge(map, coords, index, H::scanned(e.coords), e.name, e.kind)
            })?;
            list.len()
        }
    };
    Ok(())
}

/// Entry `index` of `edges`: the side `name` of hex `at`, of edge type `kind`, checked and
/// set on `map`.
fn add_edge<H: FormHex>(
    map: &mut HexMap,
    coords: Coords,
    index: usize,
    at: H,
    name: &str,
    kind: u16,
) -> Result<(), FormatError> {
    let orientation = map.properties().orientation;
    {
        let (h, cell) = at
            .hex(coords)
            .map_err(|(cell, message)| FormatError::Edge {
                index,
                cell,
                message,
            })?;
        let bad = |message: String| FormatError::Edge {
            index,
            cell,
            message,
        };
        let d = direction(orientation, name).map_err(bad)?;
        if !map.contains(h) {
            return Err(bad("outside the map's shape".into()));
        }
        let across = h.neighbor(d);
        if !map.contains(across) {
            return Err(bad(format!(
                "side {name} leads off the map (to {}); edges lie between two cells",
                coords.cell(across)
            )));
        }
        let id = EdgeTypeId::new(kind)
            .filter(|id| map.edge_palette().get(*id).is_some())
            .ok_or_else(|| bad(format!("unknown edge type id {kind}")))?;
        let e = Edge::new(h, d);
        if map.edge(e).is_some() {
            return Err(bad(format!(
                "duplicate edge: side {name} (between {} and {}) is listed earlier",
                coords.cell(e.hexes().0),
                coords.cell(e.hexes().1)
            )));
        }
        map.set_edge(e, Some(id)).map_err(|e| bad(e.to_string()))?;
        Ok(())
    }
}

/// Read `paths`: each entry an id, a path type id and its hexes (the form's tuples).
pub(super) fn read_paths<H: FormHex>(
    map: &mut HexMap,
    coords: Coords,
    paths: Counted<'_>,
) -> Result<(), FormatError> {
    if paths.len > MAX_PATHS {
        return Err(FormatError::Field {
            field: "cells.paths".into(),
            message: format!("{} paths, over the limit of {MAX_PATHS}", paths.len),
        });
    }
    paths.list.for_each(|index, p: FilePath<H>| {
        let bad = |message: String| FormatError::Path {
            index,
            id: p.id,
            message,
        };
        let id = PathId(p.id);
        if map.path(id).is_some() {
            return Err(bad(format!("duplicate path id {}", p.id)));
        }
        let kind = PathTypeId::new(p.kind)
            .filter(|k| map.path_palette().get(*k).is_some())
            .ok_or_else(|| bad(format!("unknown path type id {}", p.kind)))?;
        if p.hexes.len() < 2 || p.hexes.len() > MAX_PATH_LEN {
            return Err(bad(format!(
                "{} hexes (a path has 2 to {MAX_PATH_LEN})",
                p.hexes.len()
            )));
        }
        let mut hexes: Vec<Hex> = Vec::with_capacity(p.hexes.len());
        let mut previous: Option<CellRef> = None;
        for (i, at) in p.hexes.into_iter().enumerate() {
            let (h, cell) = at
                .hex(coords)
                .map_err(|(cell, message)| bad(format!("hex {i}, {cell}: {message}")))?;
            if !map.contains(h) {
                return Err(bad(format!("hex {i}, {cell}: outside the map's shape")));
            }
            if let (Some(&last), Some(prev)) = (hexes.last(), previous)
                && Edge::between(last, h).is_none()
            {
                return Err(bad(format!(
                    "hex {i}, {cell}: not a neighbour of hex {}, {prev} (a gap in the path)",
                    i - 1
                )));
            }
            hexes.push(h);
            previous = Some(cell);
        }
        let gm_only = p.gm_only;
        map.insert_path(MapPath {
            id,
            kind,
            hexes,
            gm_only,
        })
        .map_err(|e| bad(e.to_string()))?;
        Ok(())
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_in_points_convert_exactly() {
        assert_eq!(cost(0.5), Ok(Cost::from_hundredths(50).unwrap()));
        assert_eq!(cost(2.0), Cost::whole(2).ok_or(String::new()));
        assert_eq!(cost(0.07), Ok(Cost::from_hundredths(7).unwrap()));
        assert!(cost(0.125).unwrap_err().contains("two decimals"));
        assert!(cost(-1.0).unwrap_err().contains("≥ 0"));
        assert!(cost(f64::NAN).is_err());
        assert!(cost(2e6).unwrap_err().contains("limit"));
    }

    #[test]
    fn directions_are_named_for_the_orientation() {
        assert_eq!(direction(Orientation::Pointy, "E"), Ok(Direction::POINTY_E));
        assert_eq!(direction(Orientation::Flat, "N"), Ok(Direction::FLAT_N));
        assert_eq!(direction(Orientation::Flat, "SE"), Ok(Direction::FLAT_SE));
        assert!(
            direction(Orientation::Flat, "E")
                .unwrap_err()
                .contains("N, NW")
        );
        assert!(direction(Orientation::Pointy, "N").is_err());
    }
}
