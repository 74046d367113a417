//! Reading the offset form: rows of terrain symbols in the map's offset kind (holes
//! allowed), optional mine rows and notes, each row read one at a time from the file.

use super::super::error::{CellRef, FormatError};
use super::{Counted, field, new_map, set_note};
use hexmap_hex::OffsetCoord;
use hexmap_map::shape::{MAX_CELLS, MAX_COORD, MAX_SIDE};
use hexmap_map::{HexMap, MapProperties, MapShape, Palette, ShapeError, TerrainId};

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

/// The map of an offset-form file. `shape` is `None` for a free-form map (its cells are
/// the rows' non-hole characters): the rows are then read twice, once for the shape and
/// once for the terrain.
pub(super) fn read_offset(
    props: MapProperties,
    shape: Option<MapShape>,
    palette: Palette,
    origin: (i32, i32),
    rows: Counted<'_>,
    mine_rows: Counted<'_>,
    notes: Counted<'_>,
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
            let lim = MAX_COORD;
            if !(-lim..=lim).contains(&origin.0) || !(-lim..=lim).contains(&origin.1) {
                return Err(field(
                    "cells.origin",
                    format!(
                        "({}, {}) is beyond the coordinate limit of ±{lim}",
                        origin.0, origin.1
                    ),
                ));
            }
            let cols = rows
                .list
                .first::<String>()?
                .map_or(0, |r| r.chars().count());
            if rows.len > MAX_SIDE as usize || cols > MAX_SIDE as usize {
                return Err(FormatError::Shape(ShapeError::SideTooLong {
                    what: if cols > MAX_SIDE as usize {
                        "row length"
                    } else {
                        "row count"
                    },
                    value: cols.max(rows.len) as u64,
                    limit: MAX_SIDE.into(),
                }));
            }
            (origin.0, origin.1, cols, rows.len)
        }
    };
    if rows.len != nrows {
        return Err(FormatError::RowCount {
            field: "cells.rows",
            found: rows.len,
            expected: nrows,
        });
    }
    if mine_rows.len != 0 && mine_rows.len != nrows {
        return Err(FormatError::RowCount {
            field: "cells.mines",
            found: mine_rows.len,
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
            rows.list.for_each(|dr, row: String| {
                check_row_len("cells.rows", &row, min_row + dr as i32, cols)?;
                for (dc, ch) in row.chars().enumerate() {
                    if ch != '.' {
                        cells.push(kind.to_hex(at(dc, dr)));
                    }
                }
                // Stop before collecting more cells than any map may have.
                if cells.len() as u64 > MAX_CELLS {
                    return Err(FormatError::Shape(ShapeError::TooManyCells {
                        cells: cells.len() as u64,
                        limit: MAX_CELLS,
                    }));
                }
                Ok(())
            })?;
            MapShape::cells(cells).map_err(FormatError::Shape)?
        }
    };
    let lookup_palette = palette.clone();
    let lookup = symbol_lookup(&lookup_palette);
    let mut map = new_map(props, shape, palette)?;
    rows.list.for_each(|dr, row: String| {
        check_row_len("cells.rows", &row, min_row + dr as i32, cols)?;
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
        Ok(())
    })?;
    mine_rows.list.for_each(|dr, row: String| {
        check_row_len("cells.mines", &row, min_row + dr as i32, cols)?;
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
        Ok(())
    })?;
    let lim = MAX_COORD;
    notes
        .list
        .for_each(|_, (col, row, text): (i32, i32, String)| {
            let c = OffsetCoord::new(col, row);
            if !(-lim..=lim).contains(&col) || !(-lim..=lim).contains(&row) {
                return Err(FormatError::OutsideShape {
                    field: "cells.notes",
                    cell: cref(c),
                });
            }
            set_note(&mut map, kind.to_hex(c), cref(c), text)
        })?;
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
