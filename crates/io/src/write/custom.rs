//! Writing custom properties (format version 5): `property_types` and `properties` in the
//! header, `cell_properties` at the end of the cell data, each only when the map has
//! them, so a map without custom properties is written as before (apart from the
//! version number). Values are written by kind: text and enum values quoted, numbers,
//! `true`/`false`, colours as `"#rrggbb"`, hexes in the form's coordinates.

use super::{float, lit};
use hexmap_hex::Hex;
use hexmap_map::{HexMap, PropKind, PropOwner, PropValue, PropValues};
use std::fmt::Write;

/// One value as RON; `at(h)` writes a hex in the form's coordinates.
fn value(v: &PropValue, at: &dyn Fn(Hex) -> String) -> String {
    match v {
        PropValue::String(s) | PropValue::Enum(s) => lit(s),
        PropValue::Int(n) => n.to_string(),
        PropValue::Number(x) => float(*x),
        PropValue::Bool(b) => b.to_string(),
        PropValue::Colour(c) => format!("\"{c}\""),
        PropValue::Hex(h) => format!("({})", at(*h)),
    }
}

/// `{"name": value, …}`.
fn values(v: &PropValues, at: &dyn Fn(Hex) -> String) -> String {
    let inner: Vec<String> = v
        .iter()
        .map(|(k, x)| format!("{}: {}", lit(k), value(x, at)))
        .collect();
    format!("{{{}}}", inner.join(", "))
}

/// The `property_types` and `properties` header lists, when the map has them.
pub(super) fn write_header(map: &HexMap, o: &mut String, at: &dyn Fn(Hex) -> String) {
    let custom = map.custom();
    if !custom.types().is_empty() {
        o.push_str("    property_types: [\n");
        for t in custom.types() {
            let kind = match &t.kind {
                PropKind::String => "String".to_owned(),
                PropKind::Int => "Int".to_owned(),
                PropKind::Number => "Number".to_owned(),
                PropKind::Bool => "Bool".to_owned(),
                PropKind::Colour => "Colour".to_owned(),
                PropKind::Hex => "Hex".to_owned(),
                PropKind::Enum(v) => {
                    let names: Vec<String> = v.iter().map(|s| lit(s)).collect();
                    format!("Enum([{}])", names.join(", "))
                }
            };
            let gm = if t.gm_only { ", gm_only: true" } else { "" };
            let _ = writeln!(
                o,
                "        (name: {}, kind: {kind}, default: {}{gm}),",
                lit(&t.name),
                value(&t.default, at)
            );
        }
        o.push_str("    ],\n");
    }
    let objects: Vec<_> = custom
        .iter_on(map)
        .filter(|(o, _)| !matches!(o, PropOwner::Cell(_)))
        .collect();
    if objects.is_empty() {
        return;
    }
    o.push_str("    properties: [\n");
    for (owner, v) in objects {
        let name = match owner {
            PropOwner::Map => "Map".to_owned(),
            PropOwner::Terrain(t) => format!("Terrain({})", t.get()),
            PropOwner::EdgeType(t) => format!("EdgeType({})", t.get()),
            PropOwner::PathType(t) => format!("PathType({})", t.get()),
            PropOwner::Icon(i) => format!("Icon({})", i.0),
            PropOwner::Label(l) => format!("Label({})", l.0),
            PropOwner::Region(r) => format!("Region({})", r.0),
            PropOwner::Cell(_) => unreachable!("cells are written in the cell data"),
        };
        let _ = writeln!(o, "        ({name}, {}),", values(v, at));
    }
    o.push_str("    ],\n");
}

/// The `cell_properties` list of the cell data, sorted by `at`'s key.
pub(super) fn write_cells(map: &HexMap, o: &mut String, at: impl Fn(Hex) -> (String, (i32, i32))) {
    let mut cells: Vec<_> = map
        .custom()
        .iter_on(map)
        .filter_map(|(o, v)| match o {
            PropOwner::Cell(h) => Some((at(h), v)),
            _ => None,
        })
        .collect();
    if cells.is_empty() {
        return;
    }
    cells.sort_by_key(|((_, key), _)| *key);
    let text = |h: Hex| at(h).0;
    o.push_str("        cell_properties: [\n");
    for ((coords, _), v) in cells {
        let _ = writeln!(o, "            ({coords}, {}),", values(v, &text));
    }
    o.push_str("        ],\n");
}

#[cfg(test)]
#[path = "custom_tests.rs"]
mod tests;
