//! The hex key in the JSON export (docs/JSON.md, "Key"): `key`, one object per keyed hex
//! in label order — its axial `hex`, its `label` in the map's numbering, `title`,
//! `player_text`, `gm_text`, `tags` and `gm_only` — written only when the map has a key,
//! and read back by `json_read` with errors naming the JSON path. Notes read as entries
//! stay notes in the cells; only entries of their own are listed. An icon's or a region's
//! entry is the `key` object of the icon or region ([`JsonEntry`], [`read_owned_entry`]).

use super::json_value::{At, Element, array, boolean, member, object, pair, text};
use hexmap_hex::Hex;
use hexmap_map::{HexMap, KeyEntry};
use serde::Serialize;
use serde_json::Value;

/// A key entry as written.
#[derive(Serialize)]
pub(super) struct JsonKeyEntry<'a> {
    hex: [i32; 2],
    label: String,
    #[serde(flatten)]
    entry: JsonEntry<'a>,
}

/// An entry's texts as written, for a hex (inside [`JsonKeyEntry`]) or as the `key` of
/// an icon or a region.
#[derive(Serialize)]
pub(super) struct JsonEntry<'a> {
    title: &'a str,
    player_text: &'a str,
    /// The GM's text; left out when empty (and always in a player export).
    #[serde(skip_serializing_if = "str::is_empty")]
    gm_text: &'a str,
    tags: &'a [String],
    /// For the GM only; left out when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    gm_only: bool,
}

impl<'a> From<&'a KeyEntry> for JsonEntry<'a> {
    fn from(e: &'a KeyEntry) -> Self {
        JsonEntry {
            title: &e.title,
            player_text: &e.player_text,
            gm_text: &e.gm_text,
            tags: &e.tags,
            gm_only: e.gm_only,
        }
    }
}

/// The map's own key entries as written, in label order (empty: left out).
pub(super) fn key_json(map: &HexMap) -> Vec<JsonKeyEntry<'_>> {
    let mut out: Vec<JsonKeyEntry<'_>> = map
        .key_entries()
        .iter()
        .map(|(h, e)| JsonKeyEntry {
            hex: [h.q, h.r],
            label: map.hex_label(*h),
            entry: e.into(),
        })
        .collect();
    out.sort_by(|a, b| (a.label.len(), &a.label).cmp(&(b.label.len(), &b.label)));
    out
}

/// Read an entry's texts from the object `o` at `at`, checked by the map's own rule.
fn read_entry(o: &serde_json::Map<String, Value>, at: &At) -> Result<KeyEntry, String> {
    let string = |key: &str| -> Result<String, String> {
        match o.get(key) {
            Some(v) => Ok(text(v, &at.key(key))?.to_owned()),
            None => Ok(String::new()),
        }
    };
    let (v, a) = member(o, "title", at)?;
    let title = text(v, &a)?.to_owned();
    let tags = match o.get("tags") {
        Some(v) => {
            let a = at.key("tags");
            array(v, &a)?
                .iter()
                .enumerate()
                .map(|(i, t)| text(t, &a.index(i)).map(str::to_owned))
                .collect::<Result<_, String>>()?
        }
        None => Vec::new(),
    };
    let gm_only = match o.get("gm_only") {
        Some(v) => boolean(v, &at.key("gm_only"))?,
        None => false,
    };
    let entry = KeyEntry {
        title,
        player_text: string("player_text")?,
        gm_text: string("gm_text")?,
        tags,
        gm_only,
    };
    entry.check().map_err(|e| at.err(e))?;
    Ok(entry)
}

/// The `key` of an icon's or region's object `o` at `at`: `None` when it has none.
pub(super) fn read_owned_entry(
    o: &serde_json::Map<String, Value>,
    at: &At,
) -> Result<Option<KeyEntry>, String> {
    match o.get("key") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => {
            let a = at.key("key");
            read_entry(object(v, &a)?, &a).map(Some)
        }
    }
}

/// A key entry as read: its hex and the entry.
pub(super) struct KeyEntryIn(Hex, KeyEntry);

impl Element for KeyEntryIn {
    const LIST: &'static str = "key";
    const MAX: usize = hexmap_map::shape::MAX_CELLS as usize;
    fn read(v: &Value, at: &At) -> Result<Self, String> {
        let o = object(v, at)?;
        let (v, a) = member(o, "hex", at)?;
        let [q, r] = pair(v, &a, super::json_value::int::<i32>)?;
        Ok(KeyEntryIn(Hex::new(q, r), read_entry(o, at)?))
    }
}

/// Put the key entries read on `map`; a fault is named by the list and the entry's hex.
pub(super) fn put_key(map: &mut HexMap, key: Option<Vec<KeyEntryIn>>) -> Result<(), String> {
    for (i, KeyEntryIn(h, e)) in key.unwrap_or_default().into_iter().enumerate() {
        let at = At::root("key").index(i);
        if map.key_entries().contains_key(&h) {
            return Err(at.err("a second entry for the same hex (one entry per hex)"));
        }
        map.set_key_entry(h, Some(e)).map_err(|e| at.err(e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::json_read::read_json;
    use super::super::table::to_json;
    use hexmap_hex::{Hex, Orientation};
    use hexmap_map::KeyEntry;

    #[test]
    fn entries_are_exported_by_label_and_read_back_on_their_hexes() {
        let mut m = hexmap_map::testing::hexagon_map(3, Orientation::Pointy);
        let mut e = KeyEntry::new("Ford", "Cross at [[0102]].");
        e.gm_text = "a troll".into();
        e.tags = vec!["water".into()];
        m.set_key_entry(Hex::new(1, 0), Some(e)).unwrap();
        let mut s = KeyEntry::new("Lair", "");
        s.gm_only = true;
        m.set_key_entry(Hex::new(0, 1), Some(s)).unwrap();
        let text = to_json(&m);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let ford = v["key"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["title"] == "Ford")
            .unwrap();
        assert_eq!(ford["hex"], serde_json::json!([1, 0]));
        assert_eq!(ford["label"], m.hex_label(Hex::new(1, 0)));
        assert_eq!(ford["gm_text"], "a troll");
        let back = read_json(text.as_bytes(), "m.json").unwrap().map;
        assert_eq!(back.key_entries(), m.key_entries());
        assert_eq!(to_json(&back), text);
        let bad = text.replace("\"title\": \"Ford\"", "\"title\": \"\"");
        let err = read_json(bad.as_bytes(), "m.json").unwrap_err().to_string();
        assert!(err.contains("key[") && err.contains("title"), "{err}");
    }
}

#[cfg(test)]
mod owned_tests {
    //! Icon and region entries through RON (both forms) and JSON, and their errors.

    use super::super::json_read::read_json;
    use super::super::table::to_json;
    use crate::{Form, from_str, to_string};
    use hexmap_hex::{Hex, Orientation};
    use hexmap_map::testing::hexagon_map;
    use hexmap_map::{
        BuiltinIcon, Document, Edit, HexMap, Icon, KeyEntry, Region, RegionEdit, RegionId,
        RegionKind, RegionLook, Rgb,
    };

    /// An icon and a region, each with an entry that uses every field.
    fn owners() -> HexMap {
        let mut m = hexagon_map(3, Orientation::Pointy);
        let full = KeyEntry {
            gm_text: "Quote \"this\" and a \\ backslash".into(),
            tags: vec!["ruin".into(), "bell".into()],
            gm_only: true,
            ..KeyEntry::new("Bell tower", "A bell.\n- rope\n- [[0101]]")
        };
        let icon = Icon {
            key: Some(full.clone()),
            ..Icon::builtin(BuiltinIcon::Tower)
        };
        m.add_icon(Hex::new(1, 0), icon).unwrap();
        m.add_icon(Hex::new(1, 0), Icon::builtin(BuiltinIcon::Ruin))
            .unwrap();
        let mut d = Document::new(m);
        d.apply(&Edit::Region(RegionEdit::AddKind(RegionKind {
            name: "Wild".into(),
            exclusive: true,
        })))
        .unwrap();
        let mut look = RegionLook::new("Mirewood", "Wild", Rgb([9, 99, 9]));
        look.key = Some(KeyEntry::new("The Mire", "Reeds."));
        d.apply(&Edit::Region(RegionEdit::Add(Region {
            id: RegionId(5),
            look,
            hexes: [Hex::new(0, 0), Hex::new(0, 1)].into_iter().collect(),
        })))
        .unwrap();
        d.into_map()
    }

    #[test]
    fn icon_and_region_entries_come_back_from_ron_in_both_forms_and_from_json() {
        let m = owners();
        for form in [Form::Offset, Form::Cube] {
            let text = to_string(&m, form);
            assert!(text.contains(", key: (title: \"Bell tower\""), "{text}");
            let (back, _) = from_str(&text).unwrap();
            assert_eq!(back.key_items(), m.key_items(), "{form:?}");
            assert_eq!(back, m, "{form:?}");
        }
        let json = to_json(&m);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["icons"][0]["key"]["gm_only"], true);
        assert_eq!(v["icons"][1].get("key"), None, "an icon without an entry");
        assert_eq!(v["regions"][0]["key"]["title"], "The Mire");
        let back = read_json(json.as_bytes(), "m.json").unwrap().map;
        assert_eq!(back.key_items(), m.key_items());
        assert_eq!(to_json(&back), json);
    }

    #[test]
    fn a_bad_icon_or_region_entry_is_named_where_it_is() {
        let text = to_string(&owners(), Form::Offset);
        let bad = text.replace("title: \"Bell tower\"", "title: \"\"");
        let err = from_str(&bad).unwrap_err().to_string();
        assert!(
            err.contains("cells.icons") && err.contains("needs a title"),
            "{err}"
        );
        let bad = text.replace("tags: [\"ruin\"", "tags: [\"two words\"");
        let err = from_str(&bad).unwrap_err().to_string();
        assert!(err.contains("two words"), "{err}");
        let bad = text.replace("(title: \"The Mire\"", "(at: (0, 0), title: \"The Mire\"");
        assert!(
            from_str(&bad).is_err(),
            "a region's entry has no hex of its own"
        );
        let bad = text.replace("(title: \"The Mire\"", "(title: \"The Mire\", colour: 3");
        let err = from_str(&bad).unwrap_err().to_string();
        assert!(err.contains("colour"), "{err}");
        let json = to_json(&owners()).replace("\"title\": \"The Mire\"", "\"title\": 7");
        let err = read_json(json.as_bytes(), "m.json")
            .unwrap_err()
            .to_string();
        assert!(err.contains("regions[0].key.title"), "{err}");
    }
}
