//! Holes through Tiled: a free-form map's gaps are marked on the hidden
//! `holes` layer, so a game reading Tiled's own JSON tells a hole from a cell without
//! terrain (both gid 0 on `terrain`), and hexmap reads the same shape back from it.

use crate::support::tiled_tools as tools;

use hexmap::hex::OffsetCoord;
use hexmap::io::format::{WriteOptions, by_name, read_path, write_path};
use hexmap::io::tiled::offset_kind_of;
use std::path::Path;

#[test]
fn a_free_form_map_keeps_its_holes_through_tiled() {
    if !tools::available() {
        return;
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/minesweeper-13.ron");
    let (map, _) = hexmap::io::load(&path).unwrap();
    assert_eq!(map.shape().kind_name(), "cells", "the sample is free-form");
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("m.tmx");
    write_path(
        &map,
        None,
        by_name("tmx").unwrap(),
        &WriteOptions::default(),
        &tmx,
        &mut |_| {},
    )
    .unwrap();
    let by_tiled = dir.path().join("tiled.tmj");
    tools::export_map("json", &tmx, &by_tiled);
    // Read Tiled's JSON as a game would: the holes layer against the map's cells.
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&by_tiled).unwrap()).unwrap();
    let width = v["width"].as_u64().unwrap() as usize;
    let layer = |name: &str| -> Vec<u64> {
        let l = v["layers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["name"] == name)
            .unwrap_or_else(|| panic!("no layer {name} in Tiled's JSON"));
        l["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g.as_u64().unwrap())
            .collect()
    };
    let (holes, terrain) = (layer("holes"), layer("terrain"));
    let props = v["properties"].as_array().unwrap();
    let origin = props
        .iter()
        .find(|p| p["name"] == "hexmap:origin")
        .and_then(|p| p["value"].as_str())
        .and_then(|o| o.split_once(','))
        .map(|(c, r)| (c.parse::<i32>().unwrap(), r.parse::<i32>().unwrap()))
        .unwrap();
    let axis = if v["staggeraxis"] == "y" {
        hexmap::io::tiled::StaggerAxis::Y
    } else {
        hexmap::io::tiled::StaggerAxis::X
    };
    let index = if v["staggerindex"] == "odd" {
        hexmap::io::tiled::StaggerIndex::Odd
    } else {
        hexmap::io::tiled::StaggerIndex::Even
    };
    let kind = offset_kind_of(axis, index);
    let mut cells = 0;
    for (i, (&hole, &t)) in holes.iter().zip(&terrain).enumerate() {
        let c = OffsetCoord::new((i % width) as i32 + origin.0, (i / width) as i32 + origin.1);
        let hex = kind.to_hex(c);
        assert_eq!(hole != 0, !map.contains(hex), "cell {i}: {hex}");
        if hole != 0 {
            assert_eq!(t, 0, "a hole has no terrain");
        } else {
            cells += 1;
        }
    }
    assert_eq!(cells, map.cell_count());
    // hexmap reads Tiled's JSON back with the same cells.
    let back = read_path(&by_tiled).unwrap();
    assert_eq!(back.map.cell_count(), 127);
    assert_eq!(back.map.shape(), map.shape());
}
