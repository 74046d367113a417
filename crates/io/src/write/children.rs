//! Writing a family's child maps (version 5): after the cell data, each child's link,
//! derivation and whole map, indented, in the file's form; nothing when the map has no
//! children (so a map of one is written as before families).

use super::super::Form;
use hexmap_map::HexMap;
use hexmap_map::family::Link;
use std::fmt::Write;

/// The `children` list of `map`, if it has any.
pub(super) fn write(map: &HexMap, form: Form, o: &mut String) {
    if map.children().is_empty() {
        return;
    }
    o.push_str("    children: [\n");
    for child in map.children() {
        let link = match (child.link, form) {
            (Link::Hex(h), Form::Offset) => {
                let c = map.properties().offset_kind.from_hex(h);
                format!("Hex({}, {})", c.col, c.row)
            }
            (Link::Hex(h), Form::Cube) => format!("Cube({}, {}, {})", h.q, h.r, h.s()),
            (Link::Icon(id), _) => format!("Icon({})", id.0),
            (Link::Region(id), _) => format!("Region({})", id.0),
        };
        o.push_str("        (\n");
        let _ = writeln!(o, "            link: {link},");
        if let Some(d) = child.derived {
            let _ = writeln!(
                o,
                "            derived: (radius: {}, seed: {}),",
                d.radius, d.seed
            );
        }
        // The child as its own file would hold it, less the comment line. RON strings
        // are written with their line breaks escaped, so indenting changes no value.
        let text = super::to_string(&child.map, form);
        let body = text
            .split_once('\n')
            .map_or(text.as_str(), |(_, rest)| rest);
        let mut lines = body.trim_end().lines();
        if let Some(first) = lines.next() {
            let _ = writeln!(o, "            map: {first}");
        }
        for line in lines {
            let _ = writeln!(o, "            {line}");
        }
        // The map's closing bracket was the last line: a comma after it.
        if o.ends_with(")\n") {
            o.truncate(o.len() - 1);
            o.push_str(",\n");
        }
        o.push_str("        ),\n");
    }
    o.push_str("    ],\n");
}
