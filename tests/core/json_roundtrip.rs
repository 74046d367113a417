//! hexmap → JSON export → `import` gives back the same map: every
//! bundled sample, compared as whole maps (palette with ids, names, colours, symbols, costs,
//! sight and tile art; properties with label settings; shape; every cell's terrain, mine
//! and note; edge and path palettes, edges, paths with ids, icons, labels with ids; view),
//! and exporting the map read back gives byte-identical JSON. A version 1 file written by
//! hand imports, with its listed cells as the shape; broken files are refused with the
//! file and the JSON path of the fault.

use crate::support::export::export_as;
use hexmap::hex::Hex;
use hexmap::io::format::read_path;
use hexmap::map::{HexMap, MapShape};
use std::path::Path;

/// Every map in `maps/`, by file name.
fn samples() -> Vec<(String, HexMap)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut v: Vec<(String, HexMap)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .flat_map(|p| {
            let (map, _) = hexmap::io::load(&p).unwrap_or_else(|e| panic!("{e}"));
            // A JSON export is of one map: each map of a family file goes on its own.
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            hexmap::map::family::members(&map)
                .into_iter()
                .map(|m| {
                    let member = hexmap::map::family::extract(&map, &m.path).unwrap();
                    (format!("{name} {}", m.path), member)
                })
                .collect::<Vec<_>>()
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(v.len() >= 6, "the bundled samples: {v:?}");
    v
}

/// `back` is `map`, part by part (so a failure says which), then as a whole.
fn assert_same(back: &HexMap, map: &HexMap, label: &str) {
    assert_eq!(back.palette(), map.palette(), "{label}: palette");
    assert_eq!(back.properties(), map.properties(), "{label}: properties");
    assert_eq!(back.shape(), map.shape(), "{label}: shape");
    assert_eq!(back.view(), map.view(), "{label}: view");
    assert_eq!(back.edge_palette(), map.edge_palette(), "{label}");
    assert_eq!(back.path_palette(), map.path_palette(), "{label}");
    assert!(back.edges().eq(map.edges()), "{label}: edges");
    assert_eq!(back.paths(), map.paths(), "{label}: paths");
    assert_eq!(back.icons(), map.icons(), "{label}: icons");
    assert_eq!(back.labels(), map.labels(), "{label}: labels");
    assert_eq!(back.party(), map.party(), "{label}: the party");
    assert_eq!(back.regions(), map.regions(), "{label}: regions");
    assert_eq!(back.scale(), map.scale(), "{label}: scale");
    for h in map.shape().iter() {
        assert_eq!(
            (back.terrain(h), back.is_mine(h), back.note(h)),
            (map.terrain(h), map.is_mine(h), map.note(h)),
            "{label}: {h}"
        );
    }
    assert!(back == map, "{label}: the map came back different");
}

#[test]
fn every_sample_comes_back_whole_through_json() {
    let maps = samples();
    let kinds: std::collections::BTreeSet<&str> =
        maps.iter().map(|(_, m)| m.shape().kind_name()).collect();
    assert!(kinds.len() >= 3, "samples of several shapes: {kinds:?}");
    for (name, map) in &maps {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.json");
        export_as(map, "json", &path);
        let back = read_path(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(back.warnings.is_empty(), "{name}: {:?}", back.warnings);
        assert_same(&back.map, map, name);
        let again = dir.path().join("again.json");
        export_as(&back.map, "json", &again);
        assert_eq!(
            std::fs::read(&again).unwrap(),
            std::fs::read(&path).unwrap(),
            "{name}: exporting again gives the same bytes"
        );
    }
}

#[test]
fn the_game_in_progress_keeps_its_party_and_a_json_elsewhere_names_the_same_images() {
    // The hexcrawl has a party with a trail and tile art in maps/art/. Exported by the CLI
    // into another folder, its JSON names the art from there, and import reads the party.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let (map, _) = hexmap::io::load(&src).unwrap();
    let party = map.party().expect("the hexcrawl is a game in progress");
    assert!(party.trail.is_some());
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("deep").join("crawl.json");
    std::fs::create_dir_all(json.parent().unwrap()).unwrap();
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_hexmap"))
        .arg("export")
        .arg(&src)
        .args(["--to", "json"])
        .arg(&json)
        .status()
        .unwrap();
    assert!(status.success());
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let art: Vec<&str> = doc["palette"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["tile_art"].as_array().into_iter().flatten())
        .map(|p| p.as_str().unwrap())
        .collect();
    assert!(art.len() >= 5, "{art:?}");
    for p in art {
        let file = json.parent().unwrap().join(p);
        assert!(
            file.is_file(),
            "{p} does not name a file from {}",
            json.display()
        );
    }
    assert_eq!(
        doc["party"],
        serde_json::json!({
            "hex": [party.hex.q, party.hex.r],
            "sight": party.sight,
            "trail": party.trail.map(|t| t.0),
        })
    );
    let back = read_path(&json).unwrap();
    assert_eq!(back.map.party(), Some(party));
}

#[test]
fn free_form_holes_stay_holes() {
    let (name, map) = samples()
        .into_iter()
        .find(|(_, m)| matches!(m.shape(), MapShape::Cells(_)))
        .expect("a free-form sample");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.json");
    export_as(&map, "json", &path);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(v["shape"], serde_json::json!({"type": "cells"}), "{name}");
    let b = &v["bounds"];
    let box_cells = b["cols"].as_u64().unwrap() * b["rows"].as_u64().unwrap();
    let listed = v["cells"].as_array().unwrap().len() as u64;
    assert!(listed < box_cells, "{name}: the sample has holes");
    let back = read_path(&path).unwrap().map;
    assert_eq!(back.shape().len() as u64, listed, "{name}");
    assert_eq!(back.shape(), map.shape(), "{name}");
}

/// A version 1 export as docs/JSON.md described it before version 2, written by hand.
const VERSION_1: &str = r##"{
  "format": "hexmap-cells", "version": 1, "name": "by hand",
  "orientation": "pointy", "offset": "odd-r", "hex_size": [10.0, 10.0],
  "palette": [
    {"id": 4, "name": "Sea", "color": "#2a6fb0", "symbol": "~", "cost": null,
     "blocks_sight": false},
    {"id": 9, "name": "Moor", "color": "#8cc05a", "symbol": "m", "cost": 2,
     "blocks_sight": true, "tile_art": ["art/moor.png"], "tile_tint": true}
  ],
  "edge_types": [
    {"id": 1, "name": "River", "color": "#2a6fd0", "cost": 2.0, "blocks_sight": false}
  ],
  "path_types": [
    {"id": 1, "name": "Road", "color": "#8b5a2b", "cost": 0.5}
  ],
  "cells": [
    {"q": 0, "r": 0, "s": 0, "col": 0, "row": 0, "terrain": 9, "mine": false, "count": 1,
     "note": "camp"},
    {"q": 1, "r": 0, "s": -1, "col": 1, "row": 0, "terrain": null, "mine": true, "count": 0},
    {"q": 0, "r": 1, "s": -1, "col": 0, "row": 1, "terrain": 4, "mine": false, "count": 1},
    {"q": 3, "r": 0, "s": -3, "col": 3, "row": 0, "terrain": 9, "mine": false, "count": 0}
  ],
  "edges": [{"a": [0, 0], "b": [1, 0], "type": 1}],
  "paths": [{"id": 7, "type": 1, "hexes": [[0, 1], [0, 0], [1, 0]]}],
  "icons": [{"q": 0, "r": 0, "icon": "village", "caption": "Hob", "scale": 1.5,
             "color": null}],
  "labels": [{"id": 2, "text": "The Moor", "x": 5.0, "y": 2.5, "size": 1.0,
              "rotation": 0.0, "color": "#000000", "bold": true, "italic": false,
              "halo": true}]
}"##;

#[test]
fn a_version_1_file_imports_with_its_cells_as_the_shape() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v1.json");
    std::fs::write(&path, VERSION_1).unwrap();
    let map = read_path(&path).unwrap_or_else(|e| panic!("{e}")).map;
    assert_eq!(map.properties().name, "by hand");
    assert!(matches!(map.shape(), MapShape::Cells(_)));
    assert_eq!(map.shape().len(), 4, "the listed cells, (2, 0) a hole");
    assert!(!map.contains(Hex::new(2, 0)));
    let ids: Vec<u16> = map
        .palette()
        .terrains()
        .iter()
        .map(|t| t.id.get())
        .collect();
    assert_eq!(ids, [4, 9]);
    assert_eq!(map.palette().terrains()[1].art.images, ["art/moor.png"]);
    assert_eq!(map.terrain(Hex::new(0, 1)).map(|t| t.get()), Some(4));
    assert_eq!(map.terrain(Hex::new(1, 0)), None);
    assert!(map.is_mine(Hex::new(1, 0)));
    assert_eq!(map.note(Hex::ORIGIN), Some("camp"));
    assert_eq!(map.edges().count(), 1);
    assert_eq!(map.paths().iter().map(|p| p.id.0).collect::<Vec<_>>(), [7]);
    assert_eq!(map.icons().iter().count(), 1);
    assert_eq!(
        map.labels().iter().map(|(id, _)| id.0).collect::<Vec<_>>(),
        [2]
    );
    // Exported again it is a version 2 file that reads back to the same map.
    let v2 = dir.path().join("v2.json");
    export_as(&map, "json", &v2);
    assert_same(&read_path(&v2).unwrap().map, &map, "version 1 → 2");
}

#[test]
fn broken_files_are_refused_naming_the_file_and_the_place() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            VERSION_1.replacen("\"terrain\": 9", "\"terrain\": \"moor\"", 1),
            "cells[0].terrain: expected an integer from 0 to 65535, got \"moor\"",
        ),
        (
            VERSION_1.replacen("\"terrain\": 4", "\"terrain\": 5", 1),
            "cells[2].terrain: no terrain 5 in the palette",
        ),
        (
            VERSION_1.replacen("\"b\": [1, 0]", "\"b\": [3, 0]", 1),
            "edges[0]: [0, 0] and [3, 0] are not neighbours",
        ),
        (
            VERSION_1.replacen("\"hex_size\": [10.0, 10.0]", "\"hex_size\": [1e9, 10.0]", 1),
            "hex_size: hex size must be at most 1000000",
        ),
        (
            VERSION_1.replacen("\"version\": 1,", "\"version\": 2, \"shape\": {\"type\": \"rect\", \"kind\": \"odd-r\", \"width\": 99999, \"height\": 2},", 1),
            "shape: width 99999 is over the limit",
        ),
        (
            VERSION_1.replacen("\"cost\": 2,", "\"cost\": [2],", 1),
            "palette[1].cost: expected a number, got [2]",
        ),
        (
            VERSION_1.replacen("\"s\": -3", "\"s\": 3", 1),
            "cells[3].s: must be -q - r = -3, got 3",
        ),
        (
            VERSION_1.replacen("[[0, 1], [0, 0], [1, 0]]", "[[0, 1], [3, 0]]", 1),
            "paths[0]: ",
        ),
        (
            VERSION_1.replacen("\"id\": 7", "\"id\": -7", 1),
            "paths[0].id: expected an integer from 0 to 4294967295, got -7",
        ),
    ];
    for (text, want) in cases {
        assert_ne!(text, VERSION_1, "the case changes the file: {want}");
        let path = dir.path().join("bad.json");
        std::fs::write(&path, &text).unwrap();
        let e = read_path(&path).unwrap_err().to_string();
        let want = format!("{}: {want}", path.display());
        assert!(e.starts_with(&want), "{e}\n expected {want}");
    }
}
