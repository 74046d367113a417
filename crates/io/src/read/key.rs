//! Reading the hex key of a version-5 file: `key` in the cell data, each entry's hex in
//! the form's coordinates, checked by the map's own rule ([`hexmap_map::KeyEntry::check`]),
//! each error naming the entry, its hex and what is wrong.

use super::super::Form;
use super::super::error::FormatError;
use super::super::model::{FileCells, FileKeyEntry, FileMap};
use super::features::{Coords, FormHex};
use hexmap_map::{HexMap, KeyEntry};

/// The key list of either form, taken out of the file.
pub(super) struct KeyData {
    version: u64,
    list: KeyList,
}

enum KeyList {
    Offset(Vec<FileKeyEntry<(i32, i32)>>),
    Cube(Vec<FileKeyEntry<(i32, i32, i32)>>),
}

/// Take the key out of the file (parsed whole: a key has at most some thousand entries).
pub(super) fn take(file: &mut FileMap<'_>) -> KeyData {
    let list = match &mut file.cells {
        FileCells::Offset { key, .. } => KeyList::Offset(std::mem::take(key)),
        FileCells::Cube { key, .. } => KeyList::Cube(std::mem::take(key)),
    };
    KeyData {
        version: file.version,
        list,
    }
}

fn bad(message: impl std::fmt::Display) -> FormatError {
    FormatError::Field {
        field: "cells.key".to_owned(),
        message: message.to_string(),
    }
}

/// Put the key entries on the map just read.
pub(super) fn apply(
    (mut map, form): (HexMap, Form),
    data: KeyData,
) -> Result<(HexMap, Form), FormatError> {
    let coords = match form {
        Form::Offset => Coords::Offset(map.properties().offset_kind),
        Form::Cube => Coords::Cube,
    };
    match data.list {
        KeyList::Offset(l) => put(&mut map, data.version, coords, l)?,
        KeyList::Cube(l) => put(&mut map, data.version, coords, l)?,
    }
    Ok((map, form))
}

fn put<H: FormHex>(
    map: &mut HexMap,
    version: u64,
    coords: Coords,
    list: Vec<FileKeyEntry<H>>,
) -> Result<(), FormatError> {
    if !list.is_empty() && version < 5 {
        return Err(bad(format!(
            "the hex key needs format version 5 (this file says version {version})"
        )));
    }
    for (i, mut e) in list.into_iter().enumerate() {
        let at =
            e.at.take()
                .ok_or_else(|| bad(format!("entry {i} ({:?}): needs its hex, `at`", e.title)))?;
        let (h, cell) = at
            .hex(coords)
            .map_err(|(cell, m)| bad(format!("entry {i}, {cell}: {m}")))?;
        if !map.contains(h) {
            return Err(bad(format!(
                "entry {i} ({:?}), {cell}: not a cell of the map",
                e.title
            )));
        }
        if map.key_entries().contains_key(&h) {
            return Err(bad(format!(
                "entry {i} ({:?}), {cell}: that hex already has an entry (one entry per hex)",
                e.title
            )));
        }
        map.set_key_entry(h, Some(KeyEntry::from(e)))
            .map_err(|err| bad(format!("entry {i}, {cell}: {err}")))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::{Form, from_str, to_string};
    use hexmap_hex::{Hex, Orientation};
    use hexmap_map::KeyEntry;
    use hexmap_map::testing::hexagon_map;

    fn keyed() -> hexmap_map::HexMap {
        let mut m = hexagon_map(3, Orientation::Pointy);
        let mut e = KeyEntry::new(
            "Isle of Grath",
            "Four huge *ogres* keep a hall.\n- a boat\n- a bell",
        );
        e.gm_text = "The ogres serve [[0305]].".into();
        e.tags = vec!["lair".into(), "island".into()];
        m.set_key_entry(Hex::new(1, 0), Some(e)).unwrap();
        let mut s = KeyEntry::new("Hidden shrine", "");
        s.gm_only = true;
        s.gm_text = "Quote \"this\" and a \\ backslash".into();
        m.set_key_entry(Hex::new(0, 1), Some(s)).unwrap();
        m
    }

    #[test]
    fn every_entry_comes_back_on_its_hex_in_both_forms() {
        let m = keyed();
        for form in [Form::Offset, Form::Cube] {
            let text = to_string(&m, form);
            assert!(text.contains("key: ["), "{text}");
            let (back, _) = from_str(&text).unwrap();
            assert_eq!(back.key_entries(), m.key_entries(), "{form:?}");
        }
        let offset = from_str(&to_string(&m, Form::Offset)).unwrap().0;
        let cube = to_string(&offset, Form::Cube);
        assert_eq!(from_str(&cube).unwrap().0.key_entries(), m.key_entries());
    }

    #[test]
    fn a_key_in_an_older_file_or_off_the_map_is_named() {
        let text = to_string(&keyed(), Form::Cube);
        let old = text.replacen("version: 5", "version: 4", 1);
        let err = from_str(&old).unwrap_err().to_string();
        assert!(
            err.contains("cells.key") && err.contains("version 5"),
            "{err}"
        );
        let far = to_string(&keyed(), Form::Cube).replace("at: (1, 0, -1)", "at: (40, 0, -40)");
        let err = from_str(&far).unwrap_err().to_string();
        assert!(
            err.contains("Isle of Grath") && err.contains("not a cell"),
            "{err}"
        );
    }
}
