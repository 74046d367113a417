//! `hexmap stats` run as a real binary: its numbers agree with the map file read back on
//! its own (cells, land, river sides), it measures every bundled map, and a missing file
//! is a clear error.

use assert_cmd::Command;
use hexmap::generate::is_water;
use hexmap::io;
use serde_json::Value;
use std::path::Path;

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

fn stats_json(map: &Path) -> Value {
    let out = hexmap()
        .args(["stats", "--json"])
        .arg(map)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).expect("one JSON answer")
}

fn sum(list: &Value, key: &str) -> u64 {
    list.as_array()
        .unwrap()
        .iter()
        .map(|v| v[key].as_u64().unwrap())
        .sum()
}

#[test]
fn stats_of_a_generated_world_agree_with_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.ron");
    hexmap()
        .arg("generate")
        .arg(&path)
        .args([
            "--shape",
            "rect:80x60",
            "--seed",
            "5",
            "--preset",
            "continent",
        ])
        .assert()
        .success();
    let s = stats_json(&path);
    let (map, _) = io::load(&path).unwrap();
    let cells = map.cell_count() as u64;
    let land = map.shape().iter().filter(|&h| !is_water(&map, h)).count() as u64;
    assert_eq!(s["cells"], cells);
    assert_eq!(s["land_cells"], land);
    assert_eq!(sum(&s["elevation_histogram"], "cells"), cells);
    assert_eq!(sum(&s["terrains"], "cells"), cells);
    let river_sides = map
        .edges()
        .filter(|&(_, k)| {
            let name = &map.edge_palette().get(k).unwrap().name;
            name == "River" || name == "Stream"
        })
        .count() as u64;
    let r = &s["rivers"];
    assert!(river_sides > 0, "the world has rivers");
    assert_eq!(r["sides"], river_sides);
    assert_eq!(sum(&r["streams"], "sides"), river_sides);
    assert_eq!(sum(&r["network_list"], "sides"), river_sides);
    let orders = r["orders"].as_array().unwrap();
    assert_eq!(r["max_order"], orders.len() as u64);
    assert_eq!(
        sum(&r["orders"], "streams"),
        r["streams"].as_array().unwrap().len() as u64
    );
    // Text for a person names the same numbers.
    let text = hexmap().arg("stats").arg(&path).assert().success();
    let text = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    assert!(text.contains(&format!("{cells} cells")), "{text}");
    assert!(
        text.contains(&format!("{} networks, {river_sides} sides", r["networks"])),
        "{text}"
    );
    // The climate by fifth of the rows: the cold biomes' share of each band's land, as
    // the file's own cells say.
    let bands = s["climate_bands"].as_array().expect("climate bands");
    assert_eq!(bands.len(), 5);
    let kind = map.properties().offset_kind;
    for band in bands {
        let rows = band["rows_from"].as_i64().unwrap()..band["rows_below"].as_i64().unwrap();
        let (mut land, mut cold, mut coldness) = (0u64, 0u64, 0u64);
        for h in map.shape().iter() {
            if is_water(&map, h) || !rows.contains(&i64::from(kind.from_hex(h).row)) {
                continue;
            }
            land += 1;
            let name = map
                .terrain(h)
                .and_then(|t| map.palette().get(t))
                .map_or("", |t| t.name.as_str());
            cold += u64::from(matches!(name, "Snow" | "Tundra" | "Taiga" | "Steppe"));
            coldness += match name {
                "Snow" => 0,
                "Tundra" => 1,
                "Taiga" | "Steppe" => 2,
                _ => 3,
            };
        }
        assert_eq!(band["land_cells"], land);
        let share = band["cold_biome_share"].as_f64().unwrap();
        assert!((share - cold as f64 / land as f64).abs() < 1e-12, "{band}");
        let mean = band["biome_coldness"].as_f64().unwrap();
        assert!(
            (mean - coldness as f64 / land as f64).abs() < 1e-12,
            "{band}"
        );
    }
    let top = bands[0]["cold_biome_share"].as_f64().unwrap();
    let top_coldness = bands[0]["biome_coldness"].as_f64().unwrap();
    assert!(
        top > 0.0,
        "a world from 60° N has cold land in its top band"
    );
    assert!(
        text.contains(&format!(
            "{:.1} % snow, tundra, taiga or steppe, biome coldness {:.2}",
            top * 100.0,
            top_coldness
        )),
        "{text}"
    );
    // Hack's exponent both ways: L to the divide and L along the laid channels alone.
    let h = |key: &str| r[key].as_f64().unwrap_or_else(|| panic!("{key}: {r}"));
    let (divide, channel) = (h("hack_exponent"), h("hack_exponent_channel"));
    assert!(
        text.contains(&format!(
            "Hack's exponent {divide:.2} (channels alone: {channel:.2};"
        )),
        "{text}"
    );
}

#[test]
fn stats_measure_every_bundled_map() {
    let mut seen = 0;
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("maps")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "ron") && io::load(&path).is_ok() {
                let (map, _) = io::load(&path).unwrap();
                let s = stats_json(&path);
                assert_eq!(s["cells"], map.cell_count() as u64, "{}", path.display());
                seen += 1;
            }
        }
    }
    assert!(seen >= 5, "bundled maps measured: {seen}");
}

#[test]
fn a_missing_map_is_a_clear_error() {
    hexmap()
        .args(["stats", "no-such-map.ron"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("no-such-map.ron"));
}

#[test]
fn a_hand_drawn_deep_sea_is_water() {
    // maps/island.ron paints its sea "Deep sea" and "Shallows": both are water, the
    // rest land.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/island.ron");
    let (map, _) = io::load(&path).unwrap();
    let sea = map
        .shape()
        .iter()
        .filter(|&h| {
            map.terrain(h)
                .and_then(|t| map.palette().get(t))
                .is_some_and(|t| t.name == "Deep sea" || t.name == "Shallows")
        })
        .count();
    assert!(sea > 0);
    let s = stats_json(&path);
    assert_eq!(s["land_cells"], (map.cell_count() - sea) as u64);
}
