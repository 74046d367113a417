//! Writing the hex key (format version 5): `key` at the end of the cell data, one entry per
//! line in hex order, only when the map has entries of its own, so maps without a key are
//! written as before. Notes stay notes: they are read as entries, not written as them.

use super::lit;
use hexmap_hex::Hex;
use hexmap_map::HexMap;
use std::fmt::Write;

/// The `key` list; `at(h)` is how the form writes a hex and the key it sorts by.
pub(super) fn write_key(map: &HexMap, o: &mut String, at: impl Fn(Hex) -> (String, (i32, i32))) {
    let key = map.key_entries();
    if key.is_empty() {
        return;
    }
    let mut entries: Vec<_> = key.iter().map(|(&h, e)| (at(h), e)).collect();
    entries.sort_by_key(|((_, sort), _)| *sort);
    o.push_str("        key: [\n");
    for ((hex, _), e) in entries {
        let _ = write!(o, "            (at: ({hex}), title: {}", lit(&e.title));
        if !e.player_text.is_empty() {
            let _ = write!(o, ", player: {}", lit(&e.player_text));
        }
        if !e.gm_text.is_empty() {
            let _ = write!(o, ", gm: {}", lit(&e.gm_text));
        }
        if !e.tags.is_empty() {
            let tags: Vec<String> = e.tags.iter().map(|t| lit(t)).collect();
            let _ = write!(o, ", tags: [{}]", tags.join(", "));
        }
        if e.gm_only {
            o.push_str(", gm_only: true");
        }
        o.push_str("),\n");
    }
    o.push_str("        ],\n");
}
