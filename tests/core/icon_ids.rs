//! Icons keep their ids in every file a map travels through: the RON file
//! in both forms, the JSON export read back, Tiled's TMX and TMJ, and a TMX that Tiled itself
//! converted to TMJ. Ids with gaps (icons deleted in between) stay as they were; a version-2
//! RON file, written before icons had ids, numbers them in file order.

use crate::support;
use crate::support::export::export_as;
use support::tiled_tools as tools;

use hexmap::hex::{Hex, OffsetKind};
use hexmap::io::Form;
use hexmap::io::format::read_path;
use hexmap::map::{BuiltinIcon, HexMap, Icon, IconId, PlacedIcon};
use std::path::Path;

/// The bundled hexcrawl with its icons renumbered 3, 13, 23 … in reading order: the ids a
/// map has after some icons were deleted.
fn gappy_hexcrawl() -> HexMap {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let (mut map, _) = hexmap::io::load(&path).unwrap();
    let lists: Vec<(Hex, Vec<PlacedIcon>)> = map
        .icons()
        .iter()
        .map(|(h, list)| (h, list.to_vec()))
        .collect();
    assert!(lists.len() >= 4, "the sample has icons on several hexes");
    for (h, _) in &lists {
        map.set_placed_icons(*h, Vec::new()).unwrap();
    }
    let mut id = 3;
    for (h, mut list) in lists {
        for p in &mut list {
            p.id = IconId(id);
            id += 10;
        }
        map.set_placed_icons(h, list).unwrap();
    }
    map
}

/// Every icon's (hex, id, caption) in reading order.
fn ids(map: &HexMap) -> Vec<(Hex, u32, Option<String>)> {
    map.icons()
        .iter()
        .flat_map(|(h, list)| list.iter().map(move |p| (h, p.id.0, p.caption.clone())))
        .collect()
}

#[test]
fn icon_ids_with_gaps_survive_ron_json_and_tiled() {
    let map = gappy_hexcrawl();
    let want = ids(&map);
    assert_eq!(want[0].1, 3);
    for form in [Form::Offset, Form::Cube] {
        let text = hexmap::io::to_string(&map, form);
        let (back, _) = hexmap::io::from_str(&text).unwrap();
        assert_eq!(ids(&back), want, "RON {form:?}");
        assert!(back == map, "RON {form:?}: the whole map");
    }
    let dir = tempfile::tempdir().unwrap();
    for format in ["json", "tmx", "tmj"] {
        let path = dir.path().join(format!("m.{format}"));
        export_as(&map, format, &path);
        let back = read_path(&path).unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(ids(&back.map), want, "{format}");
    }
}

#[test]
fn icon_ids_survive_a_tmx_that_tiled_converted_to_tmj() {
    if !tools::available() {
        return;
    }
    let map = gappy_hexcrawl();
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("m.tmx");
    export_as(&map, "tmx", &tmx);
    let tmj = dir.path().join("by-tiled.tmj");
    tools::export_map("json", &tmx, &tmj);
    let back = read_path(&tmj).unwrap();
    assert_eq!(ids(&back.map), ids(&map));
}

#[test]
fn a_version_2_file_numbers_its_icons_in_file_order_and_saves_them() {
    // A map with nothing else of version 3 (the hexcrawl has fog, which version 2 lacks).
    let mut map = hexmap::map::testing::rectangle_map(OffsetKind::OddR, 6, 4);
    for (n, q) in [0, 2, 4].into_iter().enumerate() {
        let icon = Icon::builtin(BuiltinIcon::ALL[n]);
        let placed = PlacedIcon {
            id: IconId(3 + 10 * n as u32),
            icon,
        };
        map.set_placed_icons(Hex::new(q, 1), vec![placed]).unwrap();
    }
    let text = hexmap::io::to_string(&map, Form::Offset);
    assert!(
        text.contains("(id: 3, at: "),
        "version 3 writes each icon's id"
    );
    // The same file as version 2 wrote it: no icon ids.
    let old = text
        .replace("version: 5,", "version: 2,")
        .lines()
        .map(|l| match l.find("(id: ") {
            Some(i) if l.contains(", at: ") => {
                let rest = &l[i..];
                let cut = rest.find(", at: ").unwrap() + 2;
                format!("{}({}", &l[..i], &rest[cut..])
            }
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!old.contains("(id: 3, at: "));
    let (back, _) = hexmap::io::from_str(&old).unwrap();
    let mut numbered: Vec<u32> = ids(&back).iter().map(|i| i.1).collect();
    numbered.sort_unstable();
    assert_eq!(numbered, (0..numbered.len() as u32).collect::<Vec<_>>());
    let again = hexmap::io::to_string(&back, Form::Offset);
    assert!(again.contains("(id: 0, at: "), "saved with its new ids");
}
