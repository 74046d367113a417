//! Reading custom properties (format version 5): `property_types` and `properties` in the
//! header, `cell_properties` in the cell data. Each value is read by its declared type
//! (a hex reference in the form's coordinates), then the whole set is checked by the
//! map's own rule ([`hexmap_map::HexMap::set_custom`]); every error names the list, the
//! entry, the object and the property.

use super::super::error::FormatError;
use super::super::model::{FileCells, FileMap, FileOwner, FilePropKind, FilePropType};
use super::features::{Coords, FormHex};
use hexmap_map::{
    CustomProps, EdgeTypeId, HexMap, IconId, LabelId, PathTypeId, PropKind, PropOwner, PropType,
    PropValue, PropValues, RegionId, Rgb, TerrainId,
};
use std::collections::BTreeMap;

type ValuesText = crate::model::PropValuesText;

/// The custom property lists of either form, taken out of the file.
pub(super) struct CustomData {
    version: u64,
    types: Vec<FilePropType>,
    objects: Vec<(FileOwner, ValuesText)>,
    cells: CellValues,
}

enum CellValues {
    Offset(Vec<(i32, i32, ValuesText)>),
    Cube(Vec<(i32, i32, i32, ValuesText)>),
}

/// Take the custom property lists out of the file.
pub(super) fn take(file: &mut FileMap<'_>) -> CustomData {
    let cells = match &mut file.cells {
        FileCells::Offset {
            cell_properties, ..
        } => CellValues::Offset(std::mem::take(cell_properties)),
        FileCells::Cube {
            cell_properties, ..
        } => CellValues::Cube(std::mem::take(cell_properties)),
    };
    CustomData {
        version: file.version,
        types: std::mem::take(&mut file.property_types),
        objects: std::mem::take(&mut file.properties),
        cells,
    }
}

fn bad(field: &str, message: impl std::fmt::Display) -> FormatError {
    FormatError::Field {
        field: field.to_owned(),
        message: message.to_string(),
    }
}

/// Read `value` as a value of `kind`; a hex in the form's coordinates.
pub(super) fn value_of(
    kind: &PropKind,
    value: ron::Value,
    coords: Coords,
) -> Result<PropValue, String> {
    Ok(match kind {
        PropKind::String => PropValue::String(value.into_rust().map_err(|e| e.to_string())?),
        PropKind::Int => PropValue::Int(value.into_rust().map_err(|e| e.to_string())?),
        PropKind::Number => PropValue::Number(value.into_rust().map_err(|e| e.to_string())?),
        PropKind::Bool => PropValue::Bool(value.into_rust().map_err(|e| e.to_string())?),
        PropKind::Enum(_) => PropValue::Enum(value.into_rust().map_err(|e| e.to_string())?),
        PropKind::Colour => {
            let text: String = value.into_rust().map_err(|e| e.to_string())?;
            PropValue::Colour(text.parse::<Rgb>().map_err(|e| e.to_string())?)
        }
        PropKind::Hex => {
            let h = match coords {
                Coords::Offset(_) => {
                    let t: (i32, i32) = value
                        .into_rust()
                        .map_err(|e| format!("a hex is written (col, row): {e}"))?;
                    t.hex(coords)
                }
                Coords::Cube => {
                    let t: (i32, i32, i32) = value
                        .into_rust()
                        .map_err(|e| format!("a hex is written (q, r, s): {e}"))?;
                    t.hex(coords)
                }
            };
            PropValue::Hex(h.map_err(|(cell, m)| format!("{cell}: {m}"))?.0)
        }
    })
}

/// Put the custom properties on the map just read.
pub(super) fn apply(
    (mut map, form): (HexMap, super::super::Form),
    data: CustomData,
) -> Result<(HexMap, super::super::Form), FormatError> {
    let cells_empty = match &data.cells {
        CellValues::Offset(l) => l.is_empty(),
        CellValues::Cube(l) => l.is_empty(),
    };
    if data.types.is_empty() && data.objects.is_empty() && cells_empty {
        return Ok((map, form));
    }
    if data.version < 5 {
        return Err(bad(
            "property_types",
            format!(
                "custom properties need format version 5 (this file says version {})",
                data.version
            ),
        ));
    }
    let coords = match form {
        super::super::Form::Offset => Coords::Offset(map.properties().offset_kind),
        super::super::Form::Cube => Coords::Cube,
    };
    let mut types = Vec::with_capacity(data.types.len());
    for (i, t) in data.types.into_iter().enumerate() {
        let kind = match t.kind {
            FilePropKind::String => PropKind::String,
            FilePropKind::Int => PropKind::Int,
            FilePropKind::Number => PropKind::Number,
            FilePropKind::Bool => PropKind::Bool,
            FilePropKind::Colour => PropKind::Colour,
            FilePropKind::Hex => PropKind::Hex,
            FilePropKind::Enum(v) => PropKind::Enum(v),
        };
        let default = value_of(&kind, t.default, coords).map_err(|e| {
            bad(
                "property_types",
                format!("entry {i} (\"{}\"), its default: {e}", t.name),
            )
        })?;
        types.push(PropType {
            name: t.name,
            kind,
            default,
            gm_only: t.gm_only,
        });
    }
    let read_values =
        |field: &str, at: &str, text: ValuesText| -> Result<PropValues, FormatError> {
            let mut out = PropValues::new();
            for (name, v) in text {
                let Some(t) = types.iter().find(|t| t.name == name) else {
                    return Err(bad(
                        field,
                        format!("{at}: property \"{name}\" is not declared in property_types"),
                    ));
                };
                let v = value_of(&t.kind, v, coords)
                    .and_then(|v| match hexmap_map::custom::misfit(&t.kind, &v) {
                        Some(problem) => Err(problem),
                        None => Ok(v),
                    })
                    .map_err(|e| bad(field, format!("{at}, property \"{name}\": {e}")))?;
                out.insert(name, v);
            }
            Ok(out)
        };
    let mut values: BTreeMap<PropOwner, PropValues> = BTreeMap::new();
    for (i, (owner, text)) in data.objects.into_iter().enumerate() {
        let at = format!("entry {i}");
        let owner = owner_of(owner)
            .ok_or_else(|| bad("properties", format!("{at}: id 0 names nothing")))?;
        let v = read_values("properties", &format!("{at} ({owner})"), text)?;
        values.insert(owner, v);
    }
    let mut cell =
        |i: usize,
         h: Result<(hexmap_hex::Hex, crate::error::CellRef), (crate::error::CellRef, String)>,
         text: ValuesText|
         -> Result<(), FormatError> {
            let field = "cells.cell_properties";
            let (h, cell) = h.map_err(|(cell, m)| bad(field, format!("entry {i}, {cell}: {m}")))?;
            if !map.contains(h) {
                return Err(bad(
                    field,
                    format!("entry {i}, {cell}: not a cell of the map"),
                ));
            }
            let v = read_values(field, &format!("entry {i}, {cell}"), text)?;
            values.insert(PropOwner::Cell(h), v);
            Ok(())
        };
    match data.cells {
        CellValues::Offset(l) => {
            for (i, (col, row, text)) in l.into_iter().enumerate() {
                cell(i, (col, row).hex(coords), text)?;
            }
        }
        CellValues::Cube(l) => {
            for (i, (q, r, s, text)) in l.into_iter().enumerate() {
                cell(i, (q, r, s).hex(coords), text)?;
            }
        }
    }
    let custom = CustomProps::build(types, values).map_err(|e| bad("property_types", e))?;
    map.set_custom(custom).map_err(|e| bad("properties", e))?;
    Ok((map, form))
}

/// The map's owner a `properties` entry names; `None` for a zero palette id.
fn owner_of(o: FileOwner) -> Option<PropOwner> {
    Some(match o {
        FileOwner::Map => PropOwner::Map,
        FileOwner::Terrain(n) => PropOwner::Terrain(TerrainId::new(n)?),
        FileOwner::EdgeType(n) => PropOwner::EdgeType(EdgeTypeId::new(n)?),
        FileOwner::PathType(n) => PropOwner::PathType(PathTypeId::new(n)?),
        FileOwner::Icon(n) => PropOwner::Icon(IconId(n)),
        FileOwner::Label(n) => PropOwner::Label(LabelId(n)),
        FileOwner::Region(n) => PropOwner::Region(RegionId(n)),
    })
}
