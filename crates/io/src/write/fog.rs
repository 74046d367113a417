//! Writing the fog and secrets of a map (format version 3) at the end of its cell data:
//! `hidden` (offset rows with `#` for a hidden cell, or cube hexes), `gm_notes`,
//! `gm_edges` and `party`, each only when the map has it, so maps without fog are written
//! as before.

use hexmap_hex::{Direction, Hex, Orientation};
use hexmap_map::HexMap;
use std::fmt::Write;

/// The fog lists; `at(h)` is how the form writes a hex and the key its entries sort by.
/// `rows` is the offset form's `hidden` rows, already written (`None` for the cube form,
/// which lists the hidden hexes).
pub(super) fn write_fog(
    map: &HexMap,
    o: &mut String,
    at: impl Fn(Hex) -> (String, (i32, i32)),
    rows: Option<String>,
) {
    if map.has_fog() {
        o.push_str("        hidden: [\n");
        match rows {
            Some(rows) => o.push_str(&rows),
            None => {
                for h in map.hidden_cells() {
                    let _ = writeln!(o, "            ({}),", at(h).0);
                }
            }
        }
        o.push_str("        ],\n");
    }
    let mut notes: Vec<_> = map.gm_notes().map(&at).collect();
    if !notes.is_empty() {
        notes.sort_by_key(|(_, key)| *key);
        o.push_str("        gm_notes: [\n");
        for (text, _) in notes {
            let _ = writeln!(o, "            ({text}),");
        }
        o.push_str("        ],\n");
    }
    let orientation = map.properties().orientation;
    let name = |d: Direction| match orientation {
        Orientation::Pointy => d.pointy_name(),
        Orientation::Flat => d.flat_name(),
    };
    let mut edges: Vec<_> = map
        .gm_edges()
        .map(|e| {
            let (text, key) = at(e.hex());
            let d = e.direction();
            (key, d.index(), format!("({text}, \"{}\")", name(d)))
        })
        .collect();
    if !edges.is_empty() {
        edges.sort_unstable();
        o.push_str("        gm_edges: [\n");
        for (_, _, line) in edges {
            let _ = writeln!(o, "            {line},");
        }
        o.push_str("        ],\n");
    }
    if let Some(p) = map.party() {
        let trail = p
            .trail
            .filter(|t| map.path(*t).is_some())
            .map_or("None".to_owned(), |t| format!("Some({t})"));
        let _ = writeln!(
            o,
            "        party: Some((at: ({}), sight: {}, trail: {trail})),",
            at(p.hex).0,
            p.sight
        );
    }
}
