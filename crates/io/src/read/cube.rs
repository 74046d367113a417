//! Reading the cube form: explicit (q, r, s, terrain) cells, then mines and notes, each
//! read one element at a time from the file's text.

use super::super::error::{CellRef, FormatError};
use super::super::fast_cube::{CubeCell, CubeList};
use super::{Counted, new_map, set_note};
use hexmap_hex::Hex;
use hexmap_map::shape::{MAX_CELLS, MAX_COORD};
use hexmap_map::{HexMap, MapProperties, MapShape, Palette, ShapeError, TerrainId};

/// Where the cube cells come from: the fast scanner's list, or RON.
#[derive(Clone, Copy)]
pub(super) enum CellSource<'a> {
    /// Checked by the fast scanner, read in place.
    Fast(CubeList<'a>),
    /// Checked by RON, read with RON.
    Ron(Counted<'a>),
}

impl CellSource<'_> {
    fn len(&self) -> usize {
        match self {
            CellSource::Fast(l) => l.len(),
            CellSource::Ron(c) => c.len,
        }
    }

    /// Call `f` with each cell in order, stopping at its first error.
    fn for_each(
        &self,
        f: impl FnMut(usize, CubeCell) -> Result<(), FormatError>,
    ) -> Result<(), FormatError> {
        match self {
            CellSource::Fast(l) => l.for_each(f),
            CellSource::Ron(c) => c.list.for_each(f).map(|_| ()),
        }
    }
}

/// The hex (q, r, s) of entry `index` of list `field`, checked: q + r + s = 0 and within
/// the coordinate limit.
pub(super) fn cube(
    field: &'static str,
    index: usize,
    (q, r, s): (i32, i32, i32),
) -> Result<Hex, FormatError> {
    let h = Hex::from_cube(q, r, s).ok_or(FormatError::BadCube {
        field,
        index,
        q,
        r,
        s,
    })?;
    if [q, r, s]
        .iter()
        .any(|c| !(-MAX_COORD..=MAX_COORD).contains(c))
    {
        return Err(FormatError::Shape(ShapeError::CoordOutOfRange(h)));
    }
    Ok(h)
}

/// The map of a cube-form file. `shape` is `None` for a free-form map (its cells are the
/// listed ones): the list is then read twice, once for the shape and once for the terrain.
pub(super) fn read_cube(
    props: MapProperties,
    shape: Option<MapShape>,
    palette: Palette,
    cells: &CellSource<'_>,
    mines: Counted<'_>,
    notes: Counted<'_>,
) -> Result<HexMap, FormatError> {
    let shape = match shape {
        Some(s) => s,
        None => {
            if cells.len() as u64 > MAX_CELLS {
                return Err(FormatError::Shape(ShapeError::TooManyCells {
                    cells: cells.len() as u64,
                    limit: MAX_CELLS,
                }));
            }
            let mut hexes = Vec::with_capacity(cells.len());
            cells.for_each(|i, (q, r, s, _)| {
                hexes.push(cube("cells.cells", i, (q, r, s))?);
                Ok(())
            })?;
            MapShape::cells(hexes).map_err(|e| match e {
                ShapeError::DuplicateCell(h) => FormatError::DuplicateCell {
                    field: "cells.cells",
                    cell: CellRef::Cube(h),
                },
                other => FormatError::Shape(other),
            })?
        }
    };
    let mut map = new_map(props, shape, palette)?;
    let mut seen = vec![false; map.cell_count()];
    cells.for_each(|i, (q, r, s, id)| {
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
        Ok(())
    })?;
    if let Some(missing) = seen.iter().position(|s| !s) {
        let h = map.shape().hex_at(missing).unwrap_or_default();
        return Err(FormatError::MissingCell {
            field: "cells.cells",
            cell: CellRef::Cube(h),
            shape: map.shape().kind_name(),
        });
    }
    drop(seen);
    mines.list.for_each(|i, c: (i32, i32, i32)| {
        let h = cube("cells.mines", i, c)?;
        let cell = CellRef::Cube(h);
        match map.set_mine(h, true) {
            // The map's own mine layer tells a repeated mine.
            Ok(true) => Err(FormatError::DuplicateCell {
                field: "cells.mines",
                cell,
            }),
            Ok(false) => Ok(()),
            Err(_) => Err(FormatError::OutsideShape {
                field: "cells.mines",
                cell,
            }),
        }
    })?;
    notes
        .list
        .for_each(|i, (q, r, s, text): (i32, i32, i32, String)| {
            let h = cube("cells.notes", i, (q, r, s))?;
            set_note(&mut map, h, CellRef::Cube(h), text)
        })?;
    Ok(map)
}
