//! Writing the hex key (format version 5): `key` at the end of the cell data, one entry per
//! line in hex order, only when the map has entries of its own, so maps without a key are
//! written as before. Notes stay notes: they are read as entries, not written as them.
//! An icon's or a region's entry is written in its owner's line ([`owned_entry`]).

use super::lit;
use hexmap_hex::Hex;
use hexmap_map::{HexMap, KeyEntry};
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
        let _ = write!(o, "            (at: ({hex}), {}", entry_fields(e));
        o.push_str("),\n");
    }
    o.push_str("        ],\n");
}

/// An entry's fields as the file writes them: `title: "…"`, then `player`, `gm`, `tags` and
/// `gm_only` where they say something. Hex entries add their `at`; an icon's or region's
/// entry is written as `key: (…)` in the icon's or region's own line.
pub(super) fn entry_fields(e: &KeyEntry) -> String {
    let mut o = format!("title: {}", lit(&e.title));
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
    o
}

/// `, key: (…)` for an icon or region with an entry (format version 5), nothing
/// otherwise, so files without such entries are written as before.
pub(super) fn owned_entry(e: Option<&KeyEntry>) -> String {
    e.map_or(String::new(), |e| format!(", key: ({})", entry_fields(e)))
}
