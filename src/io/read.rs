//! Reading a map from RON text: parse, then validate every field before building the map.
//! Sizes are checked against the limits before any layer is allocated.

use super::error::{CellRef, FormatError};
use super::model::{FileCells, FileCost, FileLabels, FileMap, FileShape, FileTerrain, Header};
use super::{FORMAT_VERSION, Form, MAX_FILE_BYTES};
use crate::hex::xxyy::LabelSettings;
use crate::hex::{Hex, OffsetCoord, OffsetKind, Orientation, Point};
use crate::map::layers::MAX_NOTE_LEN;
use crate::map::shape::MAX_SIDE;
use crate::map::{
    HexMap, MapError, MapProperties, MapShape, MoveCost, Palette, PaletteError, PropertyError, Rgb,
    Terrain, TerrainId,
};
use std::collections::HashSet;

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
        message: e.code.to_string(),
    }
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
    // Fast path for big cube files; any doubt falls back to RON on the original text.
    let fast = allow_fast.then(|| super::fast_cube::split_cube_cells(text));
    let fast = fast.flatten().and_then(|(list, blanked)| {
        let mut file: FileMap = ron::from_str(&blanked).ok()?;
        match &mut file.cells {
            FileCells::Cube { cells, .. } if cells.is_empty() => *cells = list,
            _ => return None,
        }
        Some(file)
    });
    let parsed = match fast {
        Some(f) => Ok(f),
        None => ron::from_str(text),
    };
    let file: FileMap = match parsed {
        Ok(f) => f,
        Err(e) => {
            // A file of another format or version may fail on structure; name that first.
            if let Ok(h) = ron::from_str::<Header>(text) {
                check_header(&h.format, h.version)?;
            }
            return Err(syntax(e));
        }
    };
    check_header(&file.format, file.version)?;
    build(file)
}

fn check_header(format: &str, version: u64) -> Result<(), FormatError> {
    if format != "hexmap" {
        return Err(FormatError::NotAHexmap(format.to_owned()));
    }
    if version != u64::from(FORMAT_VERSION) {
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

fn build(file: FileMap) -> Result<(HexMap, Form), FormatError> {
    let orientation: Orientation = file
        .orientation
        .parse()
        .map_err(|e: String| field("orientation", e))?;
    let offset_kind = parse_offset_kind("offset", &file.offset)?;
    let labels = labels(file.labels)?;
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
    match file.cells {
        FileCells::Offset {
            origin,
            rows,
            mines,
            notes,
        } => {
            let shape = fixed_shape(&file.shape)?;
            let map = read_offset(props, shape, palette, origin, &rows, &mines, notes)?;
            Ok((map, Form::Offset))
        }
        FileCells::Cube {
            cells,
            mines,
            notes,
        } => {
            let shape = fixed_shape(&file.shape)?;
            let map = read_cube(props, shape, palette, &cells, &mines, notes)?;
            Ok((map, Form::Cube))
        }
    }
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

fn palette(entries: Vec<FileTerrain>) -> Result<Palette, FormatError> {
    let mut terrains = Vec::with_capacity(entries.len().min(crate::map::palette::MAX_TERRAINS));
    for (index, e) in entries.into_iter().enumerate() {
        let bad = |message: String| FormatError::Palette {
            index,
            id: e.id,
            message,
        };
        let id = TerrainId::new(e.id).ok_or_else(|| bad("id must be at least 1".into()))?;
        let color: Rgb = e.color.parse().map_err(bad)?;
        let mut chars = e.symbol.chars();
        let symbol = match (chars.next(), chars.next()) {
            (Some(c), None) => c,
            _ => {
                return Err(bad(format!(
                    "symbol {:?} must be exactly one character",
                    e.symbol
                )));
            }
        };
        terrains.push(Terrain {
            id,
            name: e.name,
            color,
            symbol,
            cost: match e.cost {
                FileCost::Cost(c) => MoveCost::Cost(c),
                FileCost::Impassable => MoveCost::Impassable,
            },
            blocks_sight: e.blocks_sight,
        });
    }
    Palette::new(terrains.clone()).map_err(|e| {
        let (index, id) = match &e {
            PaletteError::DuplicateId(id) => {
                let id = *id;
                (
                    terrains.iter().rposition(|t| t.id == id).unwrap_or(0),
                    id.get(),
                )
            }
            PaletteError::DuplicateSymbol(s) => {
                let i = terrains.iter().rposition(|t| t.symbol == *s).unwrap_or(0);
                (i, terrains[i].id.get())
            }
            PaletteError::BadSymbol { id, .. } | PaletteError::NameTooLong(id) => {
                let id = *id;
                (
                    terrains.iter().position(|t| t.id == id).unwrap_or(0),
                    id.get(),
                )
            }
            PaletteError::TooMany(_) => (crate::map::palette::MAX_TERRAINS, 0),
        };
        FormatError::Palette {
            index,
            id,
            message: e.to_string(),
        }
    })
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

fn symbol_lookup(palette: &Palette) -> impl Fn(char) -> Option<u16> + '_ {
    let mut ascii = [0u16; 128];
    for t in palette.terrains() {
        if t.symbol.is_ascii() {
            ascii[t.symbol as usize] = t.id.get();
        }
    }
    move |c: char| {
        if c.is_ascii() {
            let v = ascii[c as usize];
            (v != 0).then_some(v)
        } else {
            palette.by_symbol(c).map(|t| t.id.get())
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn read_offset(
    props: MapProperties,
    shape: Option<MapShape>,
    palette: Palette,
    origin: (i32, i32),
    rows: &[String],
    mine_rows: &[String],
    notes: Vec<(i32, i32, String)>,
) -> Result<HexMap, FormatError> {
    let kind = props.offset_kind;
    // Grid size: from the shape, or (free-form) from the rows themselves.
    let (min_col, min_row, cols, nrows) = match &shape {
        Some(s) => {
            let b = s.offset_bounds(kind);
            if (b.min_col, b.min_row) != origin {
                return Err(field(
                    "cells.origin",
                    format!(
                        "({}, {}) does not match the shape, whose first row and column are ({}, {})",
                        origin.0, origin.1, b.min_col, b.min_row
                    ),
                ));
            }
            (b.min_col, b.min_row, b.cols as usize, b.rows as usize)
        }
        None => {
            let lim = crate::map::shape::MAX_COORD;
            if !(-lim..=lim).contains(&origin.0) || !(-lim..=lim).contains(&origin.1) {
                return Err(field(
                    "cells.origin",
                    format!(
                        "({}, {}) is beyond the coordinate limit of ±{lim}",
                        origin.0, origin.1
                    ),
                ));
            }
            let cols = rows.first().map_or(0, |r| r.chars().count());
            if rows.len() > MAX_SIDE as usize || cols > MAX_SIDE as usize {
                return Err(FormatError::Shape(crate::map::ShapeError::SideTooLong {
                    what: if cols > MAX_SIDE as usize {
                        "row length"
                    } else {
                        "row count"
                    },
                    value: cols.max(rows.len()) as u64,
                    limit: MAX_SIDE.into(),
                }));
            }
            (origin.0, origin.1, cols, rows.len())
        }
    };
    if rows.len() != nrows {
        return Err(FormatError::RowCount {
            field: "cells.rows",
            found: rows.len(),
            expected: nrows,
        });
    }
    if !mine_rows.is_empty() && mine_rows.len() != nrows {
        return Err(FormatError::RowCount {
            field: "cells.mines",
            found: mine_rows.len(),
            expected: nrows,
        });
    }
    let at = |dc: usize, dr: usize| OffsetCoord::new(min_col + dc as i32, min_row + dr as i32);
    let cref = |c: OffsetCoord| CellRef::Offset {
        col: c.col,
        row: c.row,
    };
    // Free-form: the cells are the non-hole characters.
    let shape = match shape {
        Some(s) => s,
        None => {
            let mut cells = Vec::new();
            for (dr, row) in rows.iter().enumerate() {
                check_row_len("cells.rows", row, min_row + dr as i32, cols)?;
                for (dc, ch) in row.chars().enumerate() {
                    if ch != '.' {
                        cells.push(kind.to_hex(at(dc, dr)));
                    }
                }
                // Stop before collecting more cells than any map may have.
                if cells.len() as u64 > crate::map::shape::MAX_CELLS {
                    return Err(FormatError::Shape(crate::map::ShapeError::TooManyCells {
                        cells: cells.len() as u64,
                        limit: crate::map::shape::MAX_CELLS,
                    }));
                }
            }
            MapShape::cells(cells).map_err(FormatError::Shape)?
        }
    };
    let lookup_palette = palette.clone();
    let lookup = symbol_lookup(&lookup_palette);
    let mut map = new_map(props, shape, palette)?;
    for (dr, row) in rows.iter().enumerate() {
        check_row_len("cells.rows", row, min_row + dr as i32, cols)?;
        for (dc, ch) in row.chars().enumerate() {
            let c = at(dc, dr);
            let index = map.shape().index_of(kind.to_hex(c));
            match (ch, index) {
                ('.', None) => {}
                ('.', Some(_)) => {
                    return Err(FormatError::MissingCell {
                        field: "cells.rows",
                        cell: cref(c),
                        shape: map.shape().kind_name(),
                    });
                }
                (_, None) => {
                    return Err(FormatError::OutsideShape {
                        field: "cells.rows",
                        cell: cref(c),
                    });
                }
                ('_', Some(_)) => {}
                (_, Some(i)) => {
                    let id = lookup(ch).ok_or(FormatError::UnknownSymbol {
                        cell: cref(c),
                        symbol: ch,
                    })?;
                    map.set_terrain_index(i, TerrainId::new(id));
                }
            }
        }
    }
    for (dr, row) in mine_rows.iter().enumerate() {
        check_row_len("cells.mines", row, min_row + dr as i32, cols)?;
        for (dc, ch) in row.chars().enumerate() {
            let c = at(dc, dr);
            let h = kind.to_hex(c);
            match ch {
                '.' => {}
                '*' => {
                    map.set_mine(h, true)
                        .map_err(|_| FormatError::OutsideShape {
                            field: "cells.mines",
                            cell: cref(c),
                        })?;
                }
                other => {
                    return Err(FormatError::BadMineSymbol {
                        cell: cref(c),
                        symbol: other,
                    });
                }
            }
        }
    }
    let lim = crate::map::shape::MAX_COORD;
    for (col, row, text) in notes {
        let c = OffsetCoord::new(col, row);
        if !(-lim..=lim).contains(&col) || !(-lim..=lim).contains(&row) {
            return Err(FormatError::OutsideShape {
                field: "cells.notes",
                cell: cref(c),
            });
        }
        set_note(&mut map, kind.to_hex(c), cref(c), text)?;
    }
    Ok(map)
}

fn check_row_len(
    field: &'static str,
    row: &str,
    row_no: i32,
    cols: usize,
) -> Result<(), FormatError> {
    // Byte length equals char count for ASCII rows; only count chars when it differs.
    let n = if row.len() == cols {
        cols
    } else {
        row.chars().count()
    };
    if n != cols {
        return Err(FormatError::RowLength {
            field,
            row: row_no,
            found: n,
            expected: cols,
        });
    }
    Ok(())
}

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

fn cube(field: &'static str, index: usize, (q, r, s): (i32, i32, i32)) -> Result<Hex, FormatError> {
    let h = Hex::from_cube(q, r, s).ok_or(FormatError::BadCube {
        field,
        index,
        q,
        r,
        s,
    })?;
    let lim = crate::map::shape::MAX_COORD;
    if [q, r, s].iter().any(|c| !(-lim..=lim).contains(c)) {
        return Err(FormatError::Shape(crate::map::ShapeError::CoordOutOfRange(
            h,
        )));
    }
    Ok(h)
}

fn read_cube(
    props: MapProperties,
    shape: Option<MapShape>,
    palette: Palette,
    cells: &[(i32, i32, i32, u16)],
    mines: &[(i32, i32, i32)],
    notes: Vec<(i32, i32, i32, String)>,
) -> Result<HexMap, FormatError> {
    let shape = match shape {
        Some(s) => s,
        None => {
            if cells.len() as u64 > crate::map::shape::MAX_CELLS {
                return Err(FormatError::Shape(crate::map::ShapeError::TooManyCells {
                    cells: cells.len() as u64,
                    limit: crate::map::shape::MAX_CELLS,
                }));
            }
            let mut hexes = Vec::with_capacity(cells.len());
            for (i, &(q, r, s, _)) in cells.iter().enumerate() {
                hexes.push(cube("cells.cells", i, (q, r, s))?);
            }
            MapShape::cells(hexes).map_err(|e| match e {
                crate::map::ShapeError::DuplicateCell(h) => FormatError::DuplicateCell {
                    field: "cells.cells",
                    cell: CellRef::Cube(h),
                },
                other => FormatError::Shape(other),
            })?
        }
    };
    let mut map = new_map(props, shape, palette)?;
    let mut seen = vec![false; map.cell_count()];
    for (i, &(q, r, s, id)) in cells.iter().enumerate() {
        let h = cube("cells.cells", i, (q, r, s))?;
        let cell = CellRef::Cube(h);
        let Some(index) = map.shape().index_of(h) else {
            return Err(FormatError::OutsideShape {
                field: "cells.cells",
                cell,
            });
        };
        if std::mem::replace(&mut seen[index], true) {
            return Err(FormatError::DuplicateCell {
                field: "cells.cells",
                cell,
            });
        }
        if id != 0 {
            let t = TerrainId::new(id).filter(|t| map.palette().get(*t).is_some());
            let t = t.ok_or(FormatError::UnknownTerrainId {
                field: "cells.cells",
                cell,
                id,
            })?;
            map.set_terrain_index(index, Some(t));
        }
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        let h = map.shape().hex_at(missing).unwrap_or_default();
        return Err(FormatError::MissingCell {
            field: "cells.cells",
            cell: CellRef::Cube(h),
            shape: map.shape().kind_name(),
        });
    }
    let mut seen_mines = HashSet::new();
    for (i, &c) in mines.iter().enumerate() {
        let h = cube("cells.mines", i, c)?;
        let cell = CellRef::Cube(h);
        if !seen_mines.insert(h) {
            return Err(FormatError::DuplicateCell {
                field: "cells.mines",
                cell,
            });
        }
        map.set_mine(h, true)
            .map_err(|_| FormatError::OutsideShape {
                field: "cells.mines",
                cell,
            })?;
    }
    for (i, (q, r, s, text)) in notes.into_iter().enumerate() {
        let h = cube("cells.notes", i, (q, r, s))?;
        set_note(&mut map, h, CellRef::Cube(h), text)?;
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cube fast path gives the same map, or the same error, as RON alone.
    #[test]
    fn fast_and_slow_paths_agree() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut texts = Vec::new();
        for sub in ["maps", "tests/malformed"] {
            for e in std::fs::read_dir(dir.join(sub)).unwrap() {
                texts.push(std::fs::read_to_string(e.unwrap().path()).unwrap());
            }
        }
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
            let (a, b) = (parse(t, true), parse(t, false));
            assert_eq!(a.is_ok(), b.is_ok(), "{t}");
            match (a, b) {
                (Ok(x), Ok(y)) => assert_eq!(x, y),
                (Err(x), Err(y)) => assert_eq!(x, y, "{t}"),
                _ => unreachable!(),
            }
        }
        assert!(fast_used >= 8, "fast path used only {fast_used} times");
    }
}
