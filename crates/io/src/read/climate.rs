//! Reading the climate layers of a version-5 file: `temperature` and `moisture` in the
//! cell data, written as `elevation` is (the offset form one string per row of the
//! offset box with a whole number per column and `.` for a hole; the cube form
//! `(q, r, s, value)` for every cell not at 0). A file that gives a list (even empty) has
//! that layer; one that leaves it out has none. Values are checked by the map's own rule
//! ([`HexMap::set_climate`]).

use super::super::Form;
use super::super::error::{CellRef, FormatError};
use super::super::model::{FileCells, FileMap};
use super::cube::cube;
use hexmap_hex::{Hex, OffsetCoord};
use hexmap_map::{Climate, ClimateKind, ClimateLayer, HexMap};

/// The two lists of either form, taken out of the file.
pub(super) struct ClimateData {
    version: u64,
    lists: Lists,
}

enum Lists {
    Offset {
        origin: (i32, i32),
        temperature: Option<Vec<String>>,
        moisture: Option<Vec<String>>,
    },
    Cube {
        temperature: Option<Vec<(i32, i32, i32, i16)>>,
        moisture: Option<Vec<(i32, i32, i32, i16)>>,
    },
}

/// Take the climate lists out of the file.
pub(super) fn take(file: &mut FileMap<'_>) -> ClimateData {
    let lists = match &mut file.cells {
        FileCells::Offset {
            origin,
            temperature,
            moisture,
            ..
        } => Lists::Offset {
            origin: *origin,
            temperature: temperature.take(),
            moisture: moisture.take(),
        },
        FileCells::Cube {
            temperature,
            moisture,
            ..
        } => Lists::Cube {
            temperature: temperature.take(),
            moisture: moisture.take(),
        },
    };
    ClimateData {
        version: file.version,
        lists,
    }
}

fn bad(kind: ClimateKind, message: impl std::fmt::Display) -> FormatError {
    FormatError::Field {
        field: format!("cells.{}", kind.name()),
        message: message.to_string(),
    }
}

/// Put the climate layers on the map just read.
pub(super) fn apply(
    (mut map, form): (HexMap, Form),
    data: ClimateData,
) -> Result<(HexMap, Form), FormatError> {
    let given = match &data.lists {
        Lists::Offset {
            temperature,
            moisture,
            ..
        } => [temperature.is_some(), moisture.is_some()],
        Lists::Cube {
            temperature,
            moisture,
        } => [temperature.is_some(), moisture.is_some()],
    };
    for (kind, given) in ClimateKind::ALL.into_iter().zip(given) {
        if given && data.version < 5 {
            return Err(bad(
                kind,
                format!(
                    "climate layers need format version 5 (this file says version {})",
                    data.version
                ),
            ));
        }
    }
    let climate = match data.lists {
        Lists::Offset {
            origin,
            temperature,
            moisture,
        } => Climate {
            temperature: temperature
                .map(|rows| offset_rows(&map, ClimateKind::Temperature, origin, &rows))
                .transpose()?,
            moisture: moisture
                .map(|rows| offset_rows(&map, ClimateKind::Moisture, origin, &rows))
                .transpose()?,
        },
        Lists::Cube {
            temperature,
            moisture,
        } => Climate {
            temperature: temperature
                .map(|list| cube_cells(&map, ClimateKind::Temperature, &list))
                .transpose()?,
            moisture: moisture
                .map(|list| cube_cells(&map, ClimateKind::Moisture, &list))
                .transpose()?,
        },
    };
    if !climate.is_empty() {
        map.set_climate(climate).map_err(|e| FormatError::Field {
            field: "cells".into(),
            message: e.to_string(),
        })?;
    }
    Ok((map, form))
}

/// The offset form's rows: row `dr` is offset row `origin.1 + dr`; every cell needs a
/// number and every hole a `.`.
fn offset_rows(
    map: &HexMap,
    kind: ClimateKind,
    origin: (i32, i32),
    rows: &[String],
) -> Result<ClimateLayer, FormatError> {
    let offset = map.properties().offset_kind;
    let mut values = vec![0i16; map.cell_count()];
    let mut filled = 0usize;
    for (dr, row) in rows.iter().enumerate() {
        for (dc, token) in row.split_whitespace().enumerate() {
            let c = OffsetCoord::new(origin.0 + dc as i32, origin.1 + dr as i32);
            let at = CellRef::Offset {
                col: c.col,
                row: c.row,
            };
            match (token, map.shape().index_of(offset.to_hex(c))) {
                (".", None) => {}
                (".", Some(_)) => {
                    return Err(bad(kind, format!("{at} is a cell of the map but is `.`")));
                }
                (_, None) => {
                    return Err(bad(
                        kind,
                        format!("{at} is not a cell of the map, so it must be `.`, not {token}"),
                    ));
                }
                (_, Some(i)) => {
                    values[i] = token
                        .parse()
                        .map_err(|_| bad(kind, format!("{at}: {token:?} is not a whole number")))?;
                    filled += 1;
                }
            }
        }
    }
    if filled != map.cell_count() {
        return Err(bad(
            kind,
            format!(
                "{filled} of the map's {} cells have a value; give one row per row of \
                 `cells.rows` and a number for every cell",
                map.cell_count()
            ),
        ));
    }
    Ok(ClimateLayer::from_values(values))
}

/// The cube form's list: `(q, r, s, value)` per cell not at 0, each cell once.
fn cube_cells(
    map: &HexMap,
    kind: ClimateKind,
    list: &[(i32, i32, i32, i16)],
) -> Result<ClimateLayer, FormatError> {
    let field = match kind {
        ClimateKind::Temperature => "cells.temperature",
        ClimateKind::Moisture => "cells.moisture",
    };
    let mut values = vec![0i16; map.cell_count()];
    let mut seen = vec![false; map.cell_count()];
    for (index, &(q, r, s, v)) in list.iter().enumerate() {
        let h: Hex = cube(field, index, (q, r, s))?;
        let cell = CellRef::Cube(h);
        let i = map
            .shape()
            .index_of(h)
            .ok_or(FormatError::OutsideShape { field, cell })?;
        if std::mem::replace(&mut seen[i], true) {
            return Err(FormatError::DuplicateCell { field, cell });
        }
        values[i] = v;
    }
    Ok(ClimateLayer::from_values(values))
}

#[cfg(test)]
mod tests {
    use crate::{Form, from_str, to_string};
    use hexmap_hex::{OffsetKind, Orientation};
    use hexmap_map::{Climate, ClimateKind, ClimateLayer, HexMap, MapShape};

    fn with_climate(shape: MapShape) -> HexMap {
        let mut map = hexmap_map::testing::map_on(Orientation::Pointy, shape);
        let n = map.cell_count() as i16;
        map.set_climate(Climate {
            temperature: Some(ClimateLayer::from_values((0..n).map(|i| i - 3).collect())),
            moisture: Some(ClimateLayer::from_values(
                (0..n).map(|i| i * 7 % 101).collect(),
            )),
        })
        .unwrap();
        map
    }

    #[test]
    fn both_forms_read_back_the_layers_they_write() {
        let shapes = [
            MapShape::rectangle(OffsetKind::OddR, 5, 4).unwrap(),
            MapShape::hexagon(2).unwrap(),
        ];
        for shape in shapes {
            let map = with_climate(shape);
            for form in [Form::Offset, Form::Cube] {
                let text = to_string(&map, form);
                assert!(text.contains("temperature: [") && text.contains("moisture: ["));
                let (back, _) = from_str(&text).unwrap();
                assert_eq!(back.climate(), map.climate(), "{form:?}\n{text}");
            }
        }
        // A map without climate writes neither list.
        let plain = hexmap_map::testing::hexagon_map(2, Orientation::Pointy);
        let text = to_string(&plain, Form::Offset);
        assert!(!text.contains("temperature") && !text.contains("moisture"));
    }

    #[test]
    fn bad_values_are_named_by_layer_and_cell() {
        let map = with_climate(MapShape::rectangle(OffsetKind::OddR, 3, 2).unwrap());
        let text = to_string(&map, Form::Offset);
        let wet = text.replacen(
            "moisture: [\n            \"0 ",
            "moisture: [\n            \"140 ",
            1,
        );
        let e = from_str(&wet).unwrap_err().to_string();
        assert!(
            e.contains("moisture 140 is outside 0 to 100 %"),
            "{e}\n{wet}"
        );
        let short = text.replacen(
            "temperature: [\n            \"-3 ",
            "temperature: [\n            \"",
            1,
        );
        let e = from_str(&short).unwrap_err().to_string();
        assert!(
            e.contains("cells.temperature") && e.contains("5 of the map's 6 cells"),
            "{e}"
        );
        let old = text.replace("version: 5", "version: 4");
        let e = from_str(&old).unwrap_err().to_string();
        assert!(e.contains("climate layers need format version 5"), "{e}");
        let _ = ClimateKind::ALL;
    }
}
