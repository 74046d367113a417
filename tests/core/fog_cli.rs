//! `hexmap fog` run as a real binary: reveal by sight reveals exactly what `hexmap fov`
//! prints, the map is saved in place in its own form, and bad cells are named.

use assert_cmd::Command;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::io::{self, Form};
use hexmap::map::HexMap;
use std::collections::BTreeSet;

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

/// A 9 × 7 odd-r map with a sight-blocking column of mountains-like terrain at col 5.
fn map() -> HexMap {
    let mut m = hexmap::map::testing::rectangle_map(OffsetKind::OddR, 9, 7);
    let wall = m
        .palette()
        .terrains()
        .iter()
        .find(|t| t.blocks_sight)
        .unwrap()
        .id;
    for row in 0..6 {
        let h = OffsetKind::OddR.to_hex(OffsetCoord::new(5, row));
        m.set_terrain(h, Some(wall)).unwrap();
    }
    m
}

fn revealed(m: &HexMap) -> BTreeSet<Hex> {
    m.shape().iter().filter(|h| m.is_revealed(*h)).collect()
}

#[test]
fn reveal_by_sight_reveals_what_fov_sees_and_saves_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.ron");
    io::save(&path, &map(), Form::Cube).unwrap();
    hexmap()
        .arg("fog")
        .arg(&path)
        .arg("hide-all")
        .assert()
        .success();
    let out = hexmap()
        .arg("fog")
        .arg(&path)
        .args(["reveal", "--at", "3,3", "--sight", "4"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fov = hexmap()
        .arg("fov")
        .arg(&path)
        .args(["3,3", "4", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&fov.stdout).unwrap();
    let seen: BTreeSet<Hex> = (v["hexes"].as_array().unwrap().iter())
        .map(|h| Hex::new(h[0].as_i64().unwrap() as i32, h[1].as_i64().unwrap() as i32))
        .collect();
    let (m, form) = io::load(&path).unwrap();
    assert_eq!(form, Form::Cube, "saved in the form it was read in");
    assert_eq!(revealed(&m), seen);
    // The mountains hide some cells within reach.
    let from = OffsetKind::OddR.to_hex(OffsetCoord::new(3, 3));
    let within = hexmap::hex::range(from, 4)
        .filter(|h| m.contains(*h))
        .count();
    assert!(
        seen.len() > 5 && seen.len() < within,
        "{} of {within}",
        seen.len()
    );
    // A radius hides the cells around one, sight or not.
    hexmap()
        .arg("fog")
        .arg(&path)
        .args(["hide", "--at", "3,3", "--radius", "1"])
        .assert()
        .success();
    let (m, _) = io::load(&path).unwrap();
    assert_eq!(revealed(&m).len(), seen.len() - 7);
    hexmap()
        .arg("fog")
        .arg(&path)
        .arg("reveal-all")
        .assert()
        .success();
    assert!(!std::fs::read_to_string(&path).unwrap().contains("hidden"));
}

#[test]
fn a_cell_off_the_map_is_named_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.ron");
    io::save(&path, &map(), Form::Offset).unwrap();
    let before = std::fs::read(&path).unwrap();
    let out = hexmap()
        .arg("fog")
        .arg(&path)
        .args(["hide", "--at", "20,1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("m.ron: --at odd-r 20,1 is not a cell of the map"),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
}
