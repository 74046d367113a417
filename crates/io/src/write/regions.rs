//! Writing named regions (format version 4): `region_kinds` in the header and `regions`
//! at the end of the cell data, each only when the map has them, so maps without regions
//! are written as before (apart from the version number).

use super::lit;
use hexmap_hex::Hex;
use hexmap_map::HexMap;
use std::fmt::Write;

/// Hexes per line of a region's `hexes` list.
const HEXES_PER_LINE: usize = 8;

/// The `region_kinds` list, in the order the kinds were added.
pub(super) fn write_kinds(map: &HexMap, o: &mut String) {
    let kinds = map.regions().kinds();
    if kinds.is_empty() {
        return;
    }
    o.push_str("    region_kinds: [\n");
    for k in kinds {
        let _ = writeln!(
            o,
            "        (name: {}, exclusive: {}),",
            lit(&k.name),
            k.exclusive
        );
    }
    o.push_str("    ],\n");
}

/// The `regions` list, by id; `at(h)` is how the form writes a hex and the key its hexes
/// sort by.
pub(super) fn write_regions(
    map: &HexMap,
    o: &mut String,
    at: impl Fn(Hex) -> (String, (i32, i32)),
) {
    let regions = map.regions();
    if regions.iter().next().is_none() {
        return;
    }
    o.push_str("        regions: [\n");
    for r in regions.iter() {
        let l = &r.look;
        let tint = l.tint.map_or("None".to_owned(), |t| format!("Some({t:?})"));
        let gm = if l.gm_only { "gm_only: true, " } else { "" };
        let key = match &l.key {
            Some(e) => format!("key: ({}), ", super::key::entry_fields(e)),
            None => String::new(),
        };
        let _ = writeln!(
            o,
            "            (id: {}, name: {}, kind: {}, color: \"{}\", border: \"{}\", tint: {tint}, label: {}, {gm}{key}hexes: [",
            r.id,
            lit(&l.name),
            lit(&l.kind),
            l.color,
            l.border.name(),
            l.label
        );
        let mut hexes: Vec<_> = r.hexes.iter().map(|&h| at(h)).collect();
        hexes.sort_by_key(|(_, key)| *key);
        for line in hexes.chunks(HEXES_PER_LINE) {
            o.push_str("               ");
            for (text, _) in line {
                let _ = write!(o, " ({text}),");
            }
            o.push('\n');
        }
        o.push_str("            ]),\n");
    }
    o.push_str("        ],\n");
}
