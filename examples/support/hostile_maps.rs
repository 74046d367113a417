//! Shared by `examples/load_memory.rs` and `tests/hostile_inputs.rs`: the map files that
//! cost the most memory to load per byte of file, each built for a number of cells (or list
//! entries) `n`.

#![allow(dead_code)]

use hexmap::hex::{OffsetKind, Orientation, Point};
use hexmap::io::Form;
use hexmap::map::{HexMap, MapProperties, MapShape, Palette};
use std::fmt::Write;

/// The header of a hand-written map file up to (not including) `cells:`.
fn header(name: &str, shape: &str, palette: &str) -> String {
    format!(
        "(\n    format: \"hexmap\",\n    version: 1,\n    name: {name},\n    \
         orientation: \"pointy\",\n    offset: \"odd-r\",\n    hex_size: (1.0, 1.0),\n    \
         shape: {shape},\n    palette: [\n{palette}    ],\n"
    )
}

const SEA: &str =
    "        (id: 1, name: \"Sea\", color: \"#2a6fb0\", symbol: \"~\", cost: Impassable),\n";

/// A square odd-r map of about `n` cells in cube form, as hexmap writes it, with a name
/// that is a RON raw string when `raw_name` (RON reads raw strings; the cube fast path
/// does not, so the whole file goes through RON's parser).
pub fn written_cube(n: usize, raw_name: bool) -> String {
    let side = (n as f64).sqrt().ceil() as u32;
    let mut props = MapProperties::new("written", Orientation::Pointy);
    props.hex_size = Point::new(10.0, 10.0);
    let palette = Palette::standard();
    let ids: Vec<_> = palette.terrains().iter().map(|t| t.id).collect();
    let mut map = HexMap::new(
        props,
        MapShape::rectangle(OffsetKind::OddR, side, side).expect("within limits"),
        palette,
    )
    .expect("valid properties");
    let cells: Vec<_> = map.shape().iter().collect();
    for (i, h) in cells.into_iter().enumerate() {
        map.set_terrain(h, Some(ids[(i * 7 + i / 13) % ids.len()]))
            .expect("inside");
    }
    let text = hexmap::io::to_string(&map, Form::Cube);
    if raw_name {
        text.replacen("name: \"written\"", "name: r#\"written\"#", 1)
    } else {
        text
    }
}

/// `n` distinct cells of a free-form (`Cells`) map, written as tightly as RON allows.
pub fn tight_cube_cells(n: usize) -> String {
    let side = (n as f64).sqrt().ceil() as i32;
    let mut t = header("\"tight\"", "Cells", SEA);
    t.push_str("    cells: Cube(cells: [");
    for i in 0..n as i32 {
        let (q, r) = (i % side, i / side);
        let _ = write!(t, "({q},{r},{},1),", -q - r);
    }
    t.push_str("]),\n)\n");
    t
}

/// `n` times the same cube cell: refused as a duplicate.
pub fn duplicate_cube_cells(n: usize) -> String {
    let mut t = header("\"dup\"", "Cells", SEA);
    t.push_str("    cells: Cube(cells: [");
    t.push_str(&"(0,0,0,1),".repeat(n));
    t.push_str("]),\n)\n");
    t
}

/// A one-cell map whose mine list names the same hex `n` times: refused as a duplicate.
pub fn duplicate_cube_mines(n: usize) -> String {
    let mut t = header("\"mines\"", "Hexagon(radius: 0)", SEA);
    t.push_str("    cells: Cube(cells: [(0,0,0,1)], mines: [");
    t.push_str(&"(0,0,0),".repeat(n));
    t.push_str("]),\n)\n");
    t
}

/// A free-form offset map of `n` one-character rows: refused (over the side limit).
pub fn many_short_rows(n: usize) -> String {
    let mut t = header("\"rows\"", "Cells", SEA);
    t.push_str("    cells: Offset(origin: (0, 0), rows: [");
    t.push_str(&"\"~\",".repeat(n));
    t.push_str("]),\n)\n");
    t
}

/// A rectangle in offset form with rows as long as the limits allow, about `n` cells.
pub fn long_rows(n: usize) -> String {
    let width = 10_000.min(n).max(1);
    let height = n.div_ceil(width);
    let mut t = header(
        "\"long rows\"",
        &format!("Rect(kind: \"odd-r\", width: {width}, height: {height})"),
        SEA,
    );
    t.push_str("    cells: Offset(origin: (0, 0), rows: [\n");
    let row = "~".repeat(width);
    for _ in 0..height {
        let _ = writeln!(t, "        \"{row}\",");
    }
    t.push_str("    ]),\n)\n");
    t
}

/// A one-cell map with the same note `n` times: refused as a duplicate.
pub fn duplicate_notes(n: usize) -> String {
    let mut t = header("\"notes\"", "Hexagon(radius: 0)", SEA);
    t.push_str("    cells: Offset(origin: (0, 0), rows: [\"~\"], notes: [");
    t.push_str(&"(0,0,\"x\"),".repeat(n));
    t.push_str("]),\n)\n");
    t
}

/// A map with `n` short notes on distinct cells (accepted: the notes are the map).
pub fn many_notes(n: usize) -> String {
    let side = (n as f64).sqrt().ceil() as usize;
    let mut t = header(
        "\"notes\"",
        &format!("Rect(kind: \"odd-r\", width: {side}, height: {side})"),
        SEA,
    );
    t.push_str("    cells: Offset(origin: (0, 0), rows: [\n");
    let row = "~".repeat(side);
    for _ in 0..side {
        let _ = writeln!(t, "        \"{row}\",");
    }
    t.push_str("    ], notes: [");
    for i in 0..n {
        let _ = write!(t, "({},{},\"n\"),", i % side, i / side);
    }
    t.push_str("]),\n)\n");
    t
}

/// A palette of `n` terrains: refused (over the palette limit).
pub fn many_terrains(n: usize) -> String {
    let mut palette = String::new();
    for i in 0..n {
        let _ = writeln!(
            palette,
            "(id:{},name:\"\",color:\"#000000\",symbol:\"a\",cost:Impassable),",
            i % 60_000 + 1
        );
    }
    let mut t = header("\"terrains\"", "Hexagon(radius: 0)", &palette);
    t.push_str("    cells: Cube(cells: [(0,0,0,1)]),\n)\n");
    t
}

/// Every input above at `n` cells or entries, by name, and whether it should load.
pub fn worst_inputs(n: usize) -> Vec<(&'static str, String, bool)> {
    vec![
        ("cube form as written", written_cube(n, false), true),
        (
            "cube form, RON path (raw-string name)",
            written_cube(n, true),
            true,
        ),
        (
            "cube form, tight free-form cells",
            tight_cube_cells(n),
            true,
        ),
        (
            "cube form, one cell repeated",
            duplicate_cube_cells(n),
            false,
        ),
        (
            "cube form, one mine repeated",
            duplicate_cube_mines(n),
            false,
        ),
        ("offset form, longest rows", long_rows(n), true),
        ("offset form, one-character rows", many_short_rows(n), false),
        ("notes, one repeated", duplicate_notes(n), false),
        ("notes, one per cell", many_notes(n), true),
        ("palette, many terrains", many_terrains(n / 8), false),
    ]
}
