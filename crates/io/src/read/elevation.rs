//! Reading the elevation layer of a version-3 file: in the offset form one string
//! per row of the map's offset box with a whole number per column (`.` for a hole), in the
//! cube form `(q, r, s, elevation)` for every cell not at sea level. A file that gives the
//! list (even empty) has the layer; one that leaves it out has none.

use super::super::error::{CellRef, FormatError};
use super::Counted;
use super::cube::cube;
use hexmap_hex::{OffsetCoord, OffsetKind};
use hexmap_map::{ElevationLayer, HexMap};

fn bad(message: String) -> FormatError {
    FormatError::Field {
        field: "cells.elevation".into(),
        message,
    }
}

/// The offset form's rows: row `dr` is offset row `origin.1 + dr`, its `dc`-th value the
/// column `origin.0 + dc` (the grid of `cells.rows`). Every cell needs a number and every
/// hole a `.`.
pub(super) fn read_offset_rows(
    map: &mut HexMap,
    kind: OffsetKind,
    origin: (i32, i32),
    rows: Counted<'_>,
) -> Result<(), FormatError> {
    if !rows.list.is_present() {
        return Ok(());
    }
    let mut layer = ElevationLayer::new(map.cell_count());
    let mut filled = 0usize;
    let shape = map.shape();
    rows.list.for_each(|dr, row: String| {
        let row_no = origin.1 + dr as i32;
        for (dc, token) in row.split_whitespace().enumerate() {
            let c = OffsetCoord::new(origin.0 + dc as i32, row_no);
            let index = shape.index_of(kind.to_hex(c));
            let at = CellRef::Offset {
                col: c.col,
                row: c.row,
            };
            match (token, index) {
                (".", None) => {}
                (".", Some(_)) => {
                    return Err(bad(format!(
                        "{at} is a cell of the map but its elevation is `.`; give a whole number"
                    )));
                }
                (_, None) => {
                    return Err(bad(format!(
                        "{at} is not a cell of the map, so its elevation must be `.`, not {token}"
                    )));
                }
                (_, Some(i)) => {
                    let e: i16 = token.parse().map_err(|_| {
                        bad(format!(
                            "{at}: {token:?} is not a whole number from -32768 to 32767"
                        ))
                    })?;
                    layer.set(i, e);
                    filled += 1;
                }
            }
        }
        Ok(())
    })?;
    if filled != map.cell_count() {
        return Err(bad(format!(
            "{filled} of the map's {} cells have an elevation; give one row per row of \
             `cells.rows` and a number for every cell",
            map.cell_count()
        )));
    }
    map.set_elevation_layer(Some(layer))
        .map_err(|e| bad(e.to_string()))?;
    Ok(())
}

/// The cube form's list: `(q, r, s, elevation)` per cell not at 0, each cell once.
pub(super) fn read_cube_cells(map: &mut HexMap, cells: Counted<'_>) -> Result<(), FormatError> {
    if !cells.list.is_present() {
        return Ok(());
    }
    let mut layer = ElevationLayer::new(map.cell_count());
    let mut seen = vec![false; map.cell_count()];
    cells
        .list
        .for_each(|index, (q, r, s, e): (i32, i32, i32, i16)| {
            let h = cube("cells.elevation", index, (q, r, s))?;
            let cell = CellRef::Cube(h);
            let i = map.shape().index_of(h).ok_or(FormatError::OutsideShape {
                field: "cells.elevation",
                cell,
            })?;
            if std::mem::replace(&mut seen[i], true) {
                return Err(FormatError::DuplicateCell {
                    field: "cells.elevation",
                    cell,
                });
            }
            layer.set(i, e);
            Ok(())
        })?;
    map.set_elevation_layer(Some(layer))
        .map_err(|e| bad(e.to_string()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::{Form, from_str, to_string};
    use hexmap_hex::{Hex, OffsetKind, Orientation};
    use hexmap_map::{HexMap, MapShape};

    fn map(shape: MapShape) -> HexMap {
        hexmap_map::testing::map_on(Orientation::Pointy, shape)
    }

    fn with_elevation(shape: MapShape) -> HexMap {
        let mut m = map(shape);
        let cells: Vec<Hex> = m.shape().iter().collect();
        for (n, h) in cells.into_iter().enumerate() {
            m.set_elevation(h, (n as i16 * 37) % 200 - 60).unwrap();
        }
        m
    }

    #[test]
    fn elevation_round_trips_in_both_forms() {
        for shape in [
            MapShape::hexagon(3).unwrap(),
            MapShape::rectangle(OffsetKind::OddR, 5, 4).unwrap(),
            MapShape::cells([Hex::new(0, 0), Hex::new(3, 1), Hex::new(-2, 4)]).unwrap(),
        ] {
            let m = with_elevation(shape);
            for form in [Form::Offset, Form::Cube] {
                let text = to_string(&m, form);
                assert!(
                    text.contains(&format!("version: {},", crate::FORMAT_VERSION)),
                    "{text}"
                );
                let (back, _) = from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(back, m, "{form:?}\n{text}");
                assert_eq!(to_string(&back, form), text);
            }
        }
    }

    #[test]
    fn a_layer_all_at_sea_level_is_kept_and_no_layer_writes_no_elevation() {
        let mut m = map(MapShape::hexagon(1).unwrap());
        let plain = to_string(&m, Form::Cube);
        assert!(!plain.contains("elevation"), "{plain}");
        m.set_elevation(Hex::ORIGIN, 0).unwrap();
        for form in [Form::Offset, Form::Cube] {
            let (back, _) = from_str(&to_string(&m, form)).unwrap();
            assert_eq!(back.elevation(Hex::ORIGIN), Some(0));
        }
    }

    #[test]
    fn bad_elevation_is_refused_naming_the_field_and_cell() {
        let m = with_elevation(MapShape::rectangle(OffsetKind::OddR, 3, 2).unwrap());
        let text = to_string(&m, Form::Offset);
        let older = text.replace(
            &format!("version: {},", crate::FORMAT_VERSION),
            "version: 2,",
        );
        let e = from_str(&older).unwrap_err().to_string();
        assert!(
            e.contains("cells.elevation") && e.contains("version 3"),
            "{e}"
        );
        let first_row = text
            .lines()
            .skip_while(|l| !l.contains("elevation: ["))
            .nth(1)
            .unwrap()
            .to_owned();
        let cases = [
            ("\"x", "not a whole number"),
            (".", "its elevation is `.`"),
            ("\"", "cells have an elevation"),
        ];
        for (bad, says) in cases {
            let broken_row = match bad {
                "\"x" => first_row.replacen('"', "\"x", 1),
                "." => {
                    // The first cell's number becomes a hole's `.`.
                    let (head, tail) = first_row.split_once('"').unwrap();
                    let rest = tail.split_once(' ').unwrap().1;
                    format!("{head}\". {rest}")
                }
                _ => "            \"\",".to_owned(),
            };
            let broken = text.replacen(&first_row, &broken_row, 1);
            let e = from_str(&broken).unwrap_err().to_string();
            assert!(e.contains("cells.elevation") && e.contains(says), "{e}");
        }
        let cube = to_string(&m, Form::Cube);
        let outside = cube.replacen("elevation: [\n", "elevation: [\n(9, 0, -9, 5),\n", 1);
        let e = from_str(&outside).unwrap_err().to_string();
        assert!(
            e.contains("cells.elevation") && e.contains("outside"),
            "{e}"
        );
    }
}
