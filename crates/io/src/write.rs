//! Writing a map as RON text, deterministically: fixed field order, cells in shape order,
//! notes sorted, floats in Rust's shortest round-trip form.

use super::{FORMAT_VERSION, Form};
use hexmap_hex::{Direction, Hex, Orientation};
use hexmap_map::{
    ClimateKind, Cost, EdgeMove, FeaturePalette, FeatureType, HexMap, MapShape, MoveCost,
    ViewSettings,
};
use std::fmt::Write;

mod children;
mod custom;
mod extras;
mod fog;
mod key;
mod regions;

/// A RON string literal (quoted and escaped).
fn lit(s: &str) -> String {
    ron::to_string(s).expect("strings always serialize")
}

/// A float that reads back to the same value.
fn float(x: f64) -> String {
    let s = format!("{x:?}");
    if s.contains('.') || s.contains('e') || s.contains("inf") || s.contains("NaN") {
        s
    } else {
        format!("{s}.0")
    }
}

/// The map as RON text in `form`.
pub fn to_string(map: &HexMap, form: Form) -> String {
    let p = map.properties();
    let mut o = String::with_capacity(map.cell_count() * 2 + 4096);
    let _ = writeln!(
        o,
        "// hexmap map file, format version {FORMAT_VERSION} (see docs/FORMAT.md)"
    );
    o.push_str("(\n");
    let _ = writeln!(o, "    format: \"hexmap\",");
    let _ = writeln!(o, "    version: {FORMAT_VERSION},");
    let _ = writeln!(o, "    name: {},", lit(&p.name));
    let _ = writeln!(o, "    orientation: \"{}\",", p.orientation.name());
    let _ = writeln!(o, "    offset: \"{}\",", p.offset_kind.name());
    let _ = writeln!(
        o,
        "    hex_size: ({}, {}),",
        float(p.hex_size.x),
        float(p.hex_size.y)
    );
    let shape = match map.shape() {
        MapShape::Rectangle {
            kind,
            width,
            height,
        } => format!(
            "Rect(kind: \"{}\", width: {width}, height: {height})",
            kind.name()
        ),
        MapShape::Hexagon { radius } => format!("Hexagon(radius: {radius})"),
        MapShape::Parallelogram { width, height } => {
            format!("Parallelogram(width: {width}, height: {height})")
        }
        MapShape::Triangle { size } => format!("Triangle(size: {size})"),
        MapShape::Cells(_) => "Cells".to_owned(),
    };
    let _ = writeln!(o, "    shape: {shape},");
    let l = p.labels;
    let _ = writeln!(
        o,
        "    labels: (base: {}, digits: {}, stagger: \"{}\", order: \"{}\"),",
        l.base,
        l.digits,
        l.stagger.name(),
        l.order.name()
    );
    let view = map.view();
    if view != ViewSettings::default() {
        let legend = view
            .legend
            .map_or_else(|| "None".to_owned(), |c| format!("Some(\"{}\")", c.name()));
        let _ = writeln!(
            o,
            "    view: (legend: {legend}, note_captions: {}),",
            view.note_captions
        );
    }
    extras::write_extras(map, &mut o);
    o.push_str("    palette: [\n");
    for t in map.palette().terrains() {
        let cost = match t.cost {
            // Points with up to two decimals, as read: `Cost(2)`, `Cost(1.5)`.
            MoveCost::Cost(c) => format!("Cost({c})"),
            MoveCost::Impassable => "Impassable".to_owned(),
        };
        let _ = write!(
            o,
            "        (id: {}, name: {}, color: \"{}\", symbol: {}, cost: {cost}, blocks_sight: {}",
            t.id,
            lit(&t.name),
            t.color,
            lit(&t.symbol.to_string()),
            t.blocks_sight
        );
        write_tile_art(&t.art, &mut o);
        o.push_str("),\n");
    }
    o.push_str("    ],\n");
    write_feature_palettes(map, &mut o);
    regions::write_kinds(map, &mut o);
    let kind = p.offset_kind;
    let hex_text = move |h: Hex| match form {
        Form::Offset => {
            let c = kind.from_hex(h);
            format!("{}, {}", c.col, c.row)
        }
        Form::Cube => format!("{}, {}, {}", h.q, h.r, h.s()),
    };
    custom::write_header(map, &mut o, &hex_text);
    match form {
        Form::Offset => write_offset(map, &mut o),
        Form::Cube => write_cube(map, &mut o),
    }
    children::write(map, form, &mut o);
    o.push_str(")\n");
    o
}

/// One quoted RON string per row of `rows`: `mark` where the cell's dense index (from
/// `row_indices`) is `marked`, `.` elsewhere and outside the map (mines, fog).
fn mark_rows(
    o: &mut String,
    rows: std::ops::Range<i32>,
    row_indices: &dyn Fn(i32) -> Vec<Option<usize>>,
    mark: char,
    marked: impl Fn(usize) -> bool,
) {
    for row in rows {
        o.push_str("            \"");
        for i in row_indices(row) {
            o.push(if i.is_some_and(&marked) { mark } else { '.' });
        }
        o.push_str("\",\n");
    }
}

/// A per-cell number layer (elevation, temperature, moisture) in the offset form: one
/// quoted string per row of the offset box, the numbers apart by spaces, `.` for a hole.
fn number_rows(
    o: &mut String,
    name: &str,
    values: &[i16],
    rows: std::ops::Range<i32>,
    row_indices: &dyn Fn(i32) -> Vec<Option<usize>>,
) {
    let _ = writeln!(o, "        {name}: [");
    for row in rows {
        o.push_str("            \"");
        for (n, i) in row_indices(row).into_iter().enumerate() {
            if n > 0 {
                o.push(' ');
            }
            match i {
                Some(i) => {
                    let _ = write!(o, "{}", values[i]);
                }
                None => o.push('.'),
            }
        }
        o.push_str("\",\n");
    }
    o.push_str("        ],\n");
}

fn write_offset(map: &HexMap, o: &mut String) {
    let kind = map.properties().offset_kind;
    let shape = map.shape();
    let b = shape.offset_bounds(kind);
    let symbols = map.palette().symbol_table();
    let raw = map.terrain_layer().raw();
    let mines = map.mine_layer();
    let _ = writeln!(o, "    cells: Offset(");
    let _ = writeln!(o, "        origin: ({}, {}),", b.min_col, b.min_row);
    // Dense index per box cell, computed once per row.
    let row_indices = |row: i32| -> Vec<Option<usize>> {
        (0..b.cols as i32)
            .map(|dc| {
                let h = kind.to_hex(hexmap_hex::OffsetCoord::new(b.min_col + dc, row));
                shape.index_of(h)
            })
            .collect()
    };
    o.push_str("        rows: [\n");
    for dr in 0..b.rows as i32 {
        o.push_str("            \"");
        for i in row_indices(b.min_row + dr) {
            o.push(match i {
                None => '.',
                Some(i) => match raw[i] {
                    0 => '_',
                    t => symbols
                        .get(usize::from(t))
                        .copied()
                        .flatten()
                        .unwrap_or('_'),
                },
            });
        }
        o.push_str("\",\n");
    }
    o.push_str("        ],\n");
    if mines.count() > 0 {
        o.push_str("        mines: [\n");
        mark_rows(
            o,
            b.min_row..b.min_row + b.rows as i32,
            &row_indices,
            '*',
            |i| mines.get(i),
        );
        o.push_str("        ],\n");
    }
    if !map.notes().is_empty() {
        o.push_str("        notes: [\n");
        let mut notes: Vec<_> = map
            .notes()
            .iter()
            .map(|(h, t)| (kind.from_hex(*h), t))
            .collect();
        notes.sort_by_key(|(c, _)| (c.row, c.col));
        for (c, t) in notes {
            let _ = writeln!(o, "            ({}, {}, {}),", c.col, c.row, lit(t));
        }
        o.push_str("        ],\n");
    }
    let at = |h: Hex| {
        let c = kind.from_hex(h);
        (format!("{}, {}", c.col, c.row), (c.row, c.col))
    };
    write_features(map, o, at);
    write_annotations(map, o, at);
    let hidden = map.has_fog().then(|| {
        let mut rows = String::new();
        mark_rows(
            &mut rows,
            b.min_row..b.min_row + b.rows as i32,
            &row_indices,
            '#',
            |i| map.is_hidden_index(i),
        );
        rows
    });
    fog::write_fog(map, o, at, hidden);
    let rows = b.min_row..b.min_row + b.rows as i32;
    if let Some(layer) = map.elevation_layer() {
        number_rows(o, "elevation", layer.values(), rows.clone(), &row_indices);
    }
    for kind in ClimateKind::ALL {
        if let Some(layer) = map.climate_layer(kind) {
            number_rows(o, kind.name(), layer.values(), rows.clone(), &row_indices);
        }
    }
    write_hex_lists(map, o, at);
}

fn write_cube(map: &HexMap, o: &mut String) {
    o.push_str("    cells: Cube(\n");
    o.push_str("        cells: [\n");
    write_cube_cells(map, o);
    o.push_str("        ],\n");
    if map.mine_layer().count() > 0 {
        o.push_str("        mines: [\n");
        for h in map.mines() {
            let _ = writeln!(o, "            ({}, {}, {}),", h.q, h.r, h.s());
        }
        o.push_str("        ],\n");
    }
    if !map.notes().is_empty() {
        o.push_str("        notes: [\n");
        for (h, t) in map.notes() {
            let _ = writeln!(o, "            ({}, {}, {}, {}),", h.q, h.r, h.s(), lit(t));
        }
        o.push_str("        ],\n");
    }
    let at = |h: Hex| (format!("{}, {}, {}", h.q, h.r, h.s()), (h.r, h.q));
    write_features(map, o, at);
    write_annotations(map, o, at);
    fog::write_fog(map, o, at, None);
    // Cells at 0 (sea level) are left out; the list's presence keeps the layer.
    if let Some(layer) = map.elevation_layer() {
        cube_numbers(map, o, "elevation", layer.values());
    }
    for kind in ClimateKind::ALL {
        if let Some(layer) = map.climate_layer(kind) {
            cube_numbers(map, o, kind.name(), layer.values());
        }
    }
    write_hex_lists(map, o, at);
}

/// A per-cell number layer in the cube form: `(q, r, s, value)` for every cell not at 0.
fn cube_numbers(map: &HexMap, o: &mut String, name: &str, values: &[i16]) {
    let _ = writeln!(o, "        {name}: [");
    for (h, &v) in map.shape().iter().zip(values) {
        if v != 0 {
            let _ = writeln!(o, "            ({}, {}, {}, {v}),", h.q, h.r, h.s());
        }
    }
    o.push_str("        ],\n");
}

/// The cube form's cell list, `(q, r, s, terrain),` with the cells of one row (same r) on
/// one line: compact for big maps, still diffable by row. Integers go through `itoa`, not
/// `core::fmt`: this list is nearly all of a big cube file.
fn write_cube_cells(map: &HexMap, o: &mut String) {
    const INDENT: &str = "            ";
    let raw = map.terrain_layer().raw();
    // "(-1234, 567, 667, 12)," is 22 bytes; reserving avoids copying a big file's text.
    o.reserve(raw.len() * 24);
    let mut digits = itoa::Buffer::new();
    let mut last_r = None;
    for (h, &id) in map.shape().iter().zip(raw) {
        if last_r != Some(h.r) {
            if last_r.is_some() {
                o.push('\n');
            }
            o.push_str(INDENT);
            last_r = Some(h.r);
        } else {
            o.push(' ');
        }
        o.push('(');
        o.push_str(digits.format(h.q));
        o.push_str(", ");
        o.push_str(digits.format(h.r));
        o.push_str(", ");
        o.push_str(digits.format(h.s()));
        o.push_str(", ");
        o.push_str(digits.format(id));
        o.push_str("),");
    }
    if last_r.is_some() {
        o.push('\n');
    }
}

/// `, gm_only: true` for a GM-only item (format version 3), nothing otherwise, so files
/// without secrets are written as before.
/// A curved label's path as a RON field (`, path: [(dx, dy), …]`); nothing for a straight
/// label.
fn label_path(path: &[hexmap_hex::Point]) -> String {
    if path.is_empty() {
        return String::new();
    }
    let points: Vec<String> = path
        .iter()
        .map(|p| format!("({}, {})", float(p.x), float(p.y)))
        .collect();
    format!(", path: [{}]", points.join(", "))
}

fn gm(gm_only: bool) -> &'static str {
    if gm_only { ", gm_only: true" } else { "" }
}

/// A cost in points as a RON float (`2.0`, `0.5`), exact to the hundredth.
fn points(c: Cost) -> String {
    let s = c.to_string();
    if s.contains('.') { s } else { format!("{s}.0") }
}

/// A terrain's tile art fields (format version 2), only when it has images, so files
/// without art are written as before.
fn write_tile_art(art: &hexmap_map::TileArt, o: &mut String) {
    if art.is_empty() {
        return;
    }
    let paths: Vec<String> = art.images.iter().map(|p| lit(p)).collect();
    let _ = write!(o, ", tile_art: [{}]", paths.join(", "));
    if art.tint {
        o.push_str(", tile_tint: true");
    }
}

/// The edge and path palettes (format version 2).
fn write_feature_palettes(map: &HexMap, o: &mut String) {
    write_feature_palette(o, "edge_types", map.edge_palette(), |t| {
        let cost = match t.movement {
            EdgeMove::Extra(c) => format!("Extra({})", points(c)),
            EdgeMove::Impassable => "Impassable".to_owned(),
        };
        format!("cost: {cost}, blocks_sight: {}", t.blocks_sight)
    });
    write_feature_palette(o, "path_types", map.path_palette(), |t| {
        let cost = t
            .cost
            .map_or("None".to_owned(), |c| format!("Some({})", points(c)));
        format!("cost: {cost}")
    });
}

/// One feature palette as the list `field`: the fields every type has, then `rest` (the
/// kind's own fields).
fn write_feature_palette<T: FeatureType>(
    o: &mut String,
    field: &str,
    palette: &FeaturePalette<T>,
    rest: impl Fn(&T) -> String,
) {
    let _ = writeln!(o, "    {field}: [");
    for t in palette.types() {
        let _ = writeln!(
            o,
            "        (id: {}, name: {}, color: \"{}\", width: {:?}, style: \"{}\", {}),",
            t.id(),
            lit(t.name()),
            t.color(),
            t.width(),
            t.style().name(),
            rest(t)
        );
    }
    o.push_str("    ],\n");
}

/// The `edges` and `paths` lists of either form; `at(h)` is how the form writes a hex and
/// the key its entries sort by (row, then column).
/// The lists both cell forms end with — regions, the key and the cells' custom values —
/// and the close of the `cells` block; `at` names a hex in the form's coordinates.
fn write_hex_lists(map: &HexMap, o: &mut String, at: impl Fn(Hex) -> (String, (i32, i32)) + Copy) {
    regions::write_regions(map, o, at);
    key::write_key(map, o, at);
    custom::write_cells(map, o, at);
    o.push_str("    ),\n");
}

fn write_features(map: &HexMap, o: &mut String, at: impl Fn(Hex) -> (String, (i32, i32))) {
    let orientation = map.properties().orientation;
    let name = |d: Direction| match orientation {
        Orientation::Pointy => d.pointy_name(),
        Orientation::Flat => d.flat_name(),
    };
    if !map.edge_layer().is_empty() {
        let mut edges: Vec<((i32, i32), usize, String)> = map
            .edges()
            .map(|(e, k)| {
                let (text, key) = at(e.hex());
                let d = e.direction();
                (key, d.index(), format!("({text}, \"{}\", {k})", name(d)))
            })
            .collect();
        edges.sort_unstable();
        o.push_str("        edges: [\n");
        for (_, _, line) in edges {
            let _ = writeln!(o, "            {line},");
        }
        o.push_str("        ],\n");
    }
    if !map.paths().is_empty() {
        o.push_str("        paths: [\n");
        for p in map.paths().iter() {
            let hexes: Vec<String> = p.hexes.iter().map(|&h| format!("({})", at(h).0)).collect();
            let _ = writeln!(
                o,
                "            (id: {}, type: {}, hexes: [{}]{}),",
                p.id,
                p.kind,
                hexes.join(", "),
                gm(p.gm_only)
            );
        }
        o.push_str("        ],\n");
    }
}

/// The `icons` (hexes in the form's coordinates, in reading order, each hex's icons in
/// their order) and `labels` (in id order) lists, when there are any.
fn write_annotations(map: &HexMap, o: &mut String, at: impl Fn(Hex) -> (String, (i32, i32))) {
    if !map.icons().is_empty() {
        let mut icons: Vec<((i32, i32), String)> = Vec::new();
        for (h, list) in map.icons().iter() {
            let (text, key) = at(h);
            for icon in list {
                let caption = icon
                    .caption
                    .as_ref()
                    .map_or("None".to_owned(), |c| format!("Some({})", lit(c)));
                let color = icon
                    .color
                    .map_or("None".to_owned(), |c| format!("Some(\"{c}\")"));
                icons.push((
                    key,
                    format!(
                        "            (id: {}, at: ({text}), icon: {}, caption: {caption}, scale: {:?}, color: {color}{}{}),\n",
                        icon.id,
                        lit(&icon.source.to_file_text()),
                        icon.scale,
                        gm(icon.gm_only),
                        key::owned_entry(icon.key.as_ref()),
                    ),
                ));
            }
        }
        // A stable sort keeps each hex's icons in their order.
        icons.sort_by_key(|(key, _)| *key);
        o.push_str("        icons: [\n");
        icons.iter().for_each(|(_, line)| o.push_str(line));
        o.push_str("        ],\n");
    }
    if !map.labels().is_empty() {
        o.push_str("        labels: [\n");
        for (id, l) in map.labels().iter() {
            let _ = writeln!(
                o,
                "            (id: {id}, text: {}, x: {}, y: {}, size: {:?}, rotation: {:?}, color: \"{}\", bold: {}, italic: {}, halo: {}{}{}),",
                lit(&l.text),
                float(l.at.x),
                float(l.at.y),
                l.size,
                l.rotation,
                l.color,
                l.bold,
                l.italic,
                l.halo,
                gm(l.gm_only),
                label_path(&l.path)
            );
        }
        o.push_str("        ],\n");
    }
}
