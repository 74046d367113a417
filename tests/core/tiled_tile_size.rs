//! Tiled's tile size does not follow the map's world units: a map that
//! `hexmap new` makes (hex size 1) exports to Tiled with 48-pixel tiles by default, or the
//! size `--tile-size` asks for, and Tiled's own render (`tmxrasterizer`) shows each cell's
//! terrain colour at the centre hexmap's geometry gives it (its cube coordinates through
//! hexmap's `Layout` with Tiled's tile spacing, up to one translation).

use crate::support::tiled_tools as tools;
use crate::tiled_orientation::{cells_drawn_wrong, layout_with_tiled_spacing};

use assert_cmd::Command;
use hexmap::hex::{Hex, Orientation, Point};
use hexmap::io::Form;
use std::path::Path;

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

/// A map made by `hexmap new` in `dir` (hex size 1), its cells painted with every terrain.
fn new_map(dir: &Path, orientation: &str) -> (std::path::PathBuf, hexmap::map::HexMap) {
    let path = dir.join(format!("{orientation}.ron"));
    hexmap()
        .args(["new", "--shape", "rect:9x7", "--orientation", orientation])
        .arg(&path)
        .assert()
        .success();
    let (mut map, _) = hexmap::io::load(&path).unwrap();
    assert_eq!(
        map.properties().hex_size,
        Point::new(1.0, 1.0),
        "new's default"
    );
    let ids: Vec<_> = map.palette().terrains().iter().map(|t| t.id).collect();
    let cells: Vec<Hex> = map.shape().iter().collect();
    for h in cells {
        let pick = (h.q * 5 + h.r * 11).rem_euclid(ids.len() as i32 + 1) as usize;
        map.set_terrain(h, ids.get(pick).copied()).unwrap();
    }
    hexmap::io::save(&path, &map, Form::Offset).unwrap();
    (path, map)
}

#[test]
fn a_map_with_hex_size_1_gets_sane_tiles_that_tiled_draws_in_place() {
    if !tools::available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for orientation in ["pointy", "flat"] {
        let (path, map) = new_map(dir.path(), orientation);
        for (size, extra) in [(48, vec![]), (64, vec!["--tile-size", "64"])] {
            let tmx = dir.path().join(format!("{orientation}-{size}.tmx"));
            hexmap()
                .arg("export")
                .arg(&path)
                .args(["--to", "tmx"])
                .arg(&tmx)
                .args(&extra)
                .assert()
                .success();
            let label = format!("{orientation} --tile-size {size}");
            // Tiled's reading of the file: tile sizes.
            let json = dir.path().join(format!("{orientation}-{size}.tmj"));
            tools::export_map("json", &tmx, &json);
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
            let (tw, th) = (
                v["tilewidth"].as_u64().unwrap(),
                v["tileheight"].as_u64().unwrap(),
            );
            let (long, short) = match map.properties().orientation {
                Orientation::Pointy => (th, tw),
                Orientation::Flat => (tw, th),
            };
            assert_eq!(long, size, "{label}: corner to corner");
            // A regular hex is √3/2 as wide as it is long (rounded to an even number).
            let want = (size as f64 * 3f64.sqrt() / 2.0 / 2.0).round() as u64 * 2;
            assert_eq!(short, want, "{label}: flat to flat");
            // Tiled's render against hexmap's geometry.
            let png = dir.path().join(format!("{orientation}-{size}.png"));
            let img = tools::rasterize(&tmx, &png, &[]);
            let layout = layout_with_tiled_spacing(map.properties().orientation, &v);
            assert_eq!(cells_drawn_wrong(&map, &layout, &img), 0, "{label}");
        }
    }
}

#[test]
fn tile_size_is_for_tiled_and_within_its_range() {
    let dir = tempfile::tempdir().unwrap();
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/island.ron");
    hexmap()
        .arg("export")
        .arg(&map)
        .args(["--to", "png", "--tile-size", "64"])
        .arg(dir.path().join("x.png"))
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "--tile-size is for Tiled maps (tmx, tmj), not png",
        ));
    for bad in ["4", "5000"] {
        hexmap()
            .arg("export")
            .arg(&map)
            .args(["--to", "tmx", "--tile-size", bad])
            .arg(dir.path().join("x.tmx"))
            .assert()
            .code(1)
            .stderr(predicates::str::contains(
                "tile size must be from 8 to 1024 pixels",
            ));
        assert!(!dir.path().join("x.tmx").exists());
    }
}
