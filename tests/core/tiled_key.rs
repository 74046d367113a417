//! The hex key in Tiled: the entries of hexes, icons and named regions go to the hidden
//! object layer `hexmap key` and come back on their hexes, icons and regions from TMX, from
//! TMJ and through Tiled's own conversion of the TMX to JSON.

use crate::support::tiled_tools as tools;
use crate::tiled_objects::export;
use hexmap::hex::OffsetKind;
use hexmap::io::FolderResources;
use hexmap::io::format::read_path;
use hexmap::io::tiled::{from_tiled, read_tiled};
use hexmap::map::{
    BuiltinIcon, Document, Edit, HexMap, Icon, KeyEntry, Region, RegionEdit, RegionId, RegionKind,
    RegionLook, Rgb,
};

/// A 6 × 5 map with an entry on a hex, on one of two icons of a hex, and on a region.
fn keyed() -> HexMap {
    let mut m = hexmap::map::testing::rectangle_map(OffsetKind::OddQ, 6, 5);
    let at = |m: &HexMap, l: &str| m.hex_of_label(l).unwrap();
    let ford = KeyEntry {
        gm_text: "A troll under it.".into(),
        tags: vec!["water".into()],
        ..KeyEntry::new("Ford", "Cross at [[0304]].")
    };
    m.set_key_entry(at(&m, "0102"), Some(ford)).unwrap();
    let tower = at(&m, "0304");
    m.add_icon(tower, Icon::builtin(BuiltinIcon::Ruin)).unwrap();
    let bell = Icon {
        key: Some(KeyEntry {
            gm_only: true,
            ..KeyEntry::new("Bell tower", "A bell.")
        }),
        ..Icon::builtin(BuiltinIcon::Tower)
    };
    m.add_icon(tower, bell).unwrap();
    let mut d = Document::new(m);
    d.apply(&Edit::Region(RegionEdit::AddKind(RegionKind {
        name: "Wild".into(),
        exclusive: false,
    })))
    .unwrap();
    let mut look = RegionLook::new("Mirewood", "Wild", Rgb([9, 99, 9]));
    look.key = Some(KeyEntry {
        tags: vec!["marsh".into(), "fey".into()],
        ..KeyEntry::new("The Mire", "Reeds and fog.")
    });
    let hexes = ["0401", "0402", "0501"]
        .iter()
        .map(|l| at(d.map(), l))
        .collect();
    d.apply(&Edit::Region(RegionEdit::Add(Region {
        id: RegionId(3),
        look,
        hexes,
    })))
    .unwrap();
    d.into_map()
}

#[test]
fn hex_icon_and_region_entries_come_back_from_tmx_tmj_and_tiled_s_json() {
    let dir = tempfile::tempdir().unwrap();
    let m = keyed();
    assert_eq!(m.key_items().len(), 3);
    for ext in ["tmx", "tmj"] {
        let file = dir.path().join(format!("keyed.{ext}"));
        export(&m, ext, &file);
        let back = read_path(&file).unwrap();
        assert!(back.warnings.is_empty(), "{:?}", back.warnings);
        assert_eq!(back.map.key_items(), m.key_items(), "{ext}");
        if ext == "tmx" {
            let text = std::fs::read_to_string(&file).unwrap();
            let layer = &text[text.find("name=\"hexmap key\"").unwrap()..];
            let layer = &layer[..layer.find("</objectgroup>").unwrap()];
            assert!(layer.contains("visible=\"0\""), "the key layer is hidden");
            assert!(layer.contains("hexmap:key_region"), "{layer}");
            // The GM-only entry goes with the other secrets, to the hidden GM layer.
            let gm = &text[text.find("name=\"hexmap GM only\"").unwrap()..];
            assert!(gm.contains("hexmap:key_icon"), "{gm}");
        }
    }
    if !tools::available() {
        return;
    }
    let out = dir.path().join("keyed-by-tiled.tmj");
    tools::export_map("json", &dir.path().join("keyed.tmx"), &out);
    let res = FolderResources(dir.path().to_path_buf());
    let tiled = read_tiled(&std::fs::read_to_string(&out).unwrap(), "by-tiled", &res).unwrap();
    let (back, warnings) = from_tiled(&tiled).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(back.key_items(), m.key_items(), "through Tiled's JSON");
    // The entries are on their owners, not only listed.
    let tower = back.hex_of_label("0304").unwrap();
    let icons = back.icons_at(tower);
    assert_eq!(
        (
            icons[0].key.as_ref(),
            icons[1].key.as_ref().map(|e| e.gm_only)
        ),
        (None, Some(true))
    );
}

#[test]
fn an_entry_naming_no_icon_is_refused_with_its_object() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("keyed.tmx");
    export(&keyed(), "tmx", &file);
    let text = std::fs::read_to_string(&file).unwrap();
    let bad = text.replace(
        "name=\"hexmap:key_icon\" type=\"int\" value=\"1\"",
        "name=\"hexmap:key_icon\" type=\"int\" value=\"99\"",
    );
    assert_ne!(bad, text);
    std::fs::write(&file, bad).unwrap();
    let err = read_path(&file).unwrap_err().to_string();
    assert!(
        err.contains("Bell tower") && err.contains("no icon 99"),
        "{err}"
    );
}
