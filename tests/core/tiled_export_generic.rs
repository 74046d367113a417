//! Tiled's own tools read and draw our hexagonal TMX/TMJ exactly as we meant, for every
//! stagger setting: fields survive `tiled --export-map` both ways, and `tmxrasterizer` puts
//! each cell's colour at that hex's centre.

use crate::support;
use support::tiled_tools as tools;

use hexmap::hex::OffsetKind;
use hexmap::io::tiled::*;
use std::path::Path;

const COLOURS: [[u8; 4]; 4] = [
    [40, 120, 200, 255],
    [90, 170, 60, 255],
    [200, 180, 90, 255],
    [120, 110, 100, 255],
];

fn sample_map(kind: OffsetKind, sx: f64, sy: f64) -> TiledMap {
    let (width, height) = (7u32, 5u32);
    let geometry = TileGeometry::for_hex_size(kind, sx, sy);
    let gids = (0..width * height)
        .map(|i| {
            let (c, r) = (i % width, i / width);
            // A pattern where neighbours in every direction differ somewhere.
            if (c * 3 + r * 5) % 11 == 0 {
                0
            } else {
                1 + (c + 2 * r) % 4
            }
        })
        .collect();
    TiledMap {
        width,
        height,
        geometry,
        tilesets: vec![Tileset::generated(
            "terrain",
            "sample-tiles.png",
            COLOURS
                .iter()
                .enumerate()
                .map(|(i, &color)| Tile::terrain(i as u32, format!("t{i}"), color))
                .collect(),
        )],
        layers: vec![TileLayer {
            name: "terrain".into(),
            gids,
            visible: true,
        }],
        notes: vec![PointObject {
            name: "0101".into(),
            x: 10.0,
            y: 12.5,
            text: "a <note> & \"quotes\"".into(),
        }],
        object_groups: vec![],
        properties: vec![("hexmap:name".into(), "sample".into())],
        custom_kinds: Default::default(),
    }
}

fn write_files(map: &TiledMap, dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let tileset = &map.tilesets[0];
    std::fs::write(
        dir.join(tileset.image.as_ref().unwrap()),
        tileset_png(&map.geometry, tileset).unwrap(),
    )
    .unwrap();
    let tmx = dir.join("map.tmx");
    let tmj = dir.join("map.tmj");
    std::fs::write(&tmx, to_tmx(map)).unwrap();
    std::fs::write(&tmj, to_tmj(map)).unwrap();
    (tmx, tmj)
}

fn check_json_fields(map: &TiledMap, json_path: &Path) {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json_path).unwrap()).unwrap();
    let g = &map.geometry;
    assert_eq!(v["orientation"], "hexagonal");
    assert_eq!(v["staggeraxis"], g.axis.name());
    assert_eq!(v["staggerindex"], g.index.name());
    assert_eq!(v["hexsidelength"], g.side_length);
    assert_eq!(v["tilewidth"], g.tile_width);
    assert_eq!(v["tileheight"], g.tile_height);
    assert_eq!(v["width"], map.width);
    assert_eq!(v["height"], map.height);
    let layer = &v["layers"][0];
    assert_eq!(layer["name"], "terrain");
    let data: Vec<u32> = serde_json::from_value(layer["data"].clone()).unwrap();
    assert_eq!(data, map.layers[0].gids);
    let notes = &v["layers"][1]["objects"][0];
    assert_eq!(notes["properties"][0]["value"], "a <note> & \"quotes\"");
}

fn check_render(map: &TiledMap, img: &tiny_skia::Pixmap, label: &str) {
    let mut checked = 0;
    for row in 0..map.height {
        for col in 0..map.width {
            let gid = map.layers[0].gids[(row * map.width + col) as usize];
            let (x, y) = map.geometry.tile_centre(col.into(), row.into());
            let got = tools::pixel(img, x, y)
                .unwrap_or_else(|| panic!("{label}: centre ({x},{y}) outside the image"));
            let want = if gid == 0 {
                [0, 0, 0, 0]
            } else {
                COLOURS[gid as usize - 1]
            };
            if want[3] == 0 {
                assert!(
                    got[3] < 8,
                    "{label}: empty cell ({col},{row}) drawn as {got:?}"
                );
            } else {
                assert!(
                    tools::close(got, want, 2),
                    "{label}: cell ({col},{row}) centre {got:?}, want {want:?}"
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, map.width * map.height);
}

#[test]
fn tiled_reads_and_draws_every_stagger_setting() {
    if !tools::available() {
        return;
    }
    for kind in OffsetKind::ALL {
        for (sx, sy) in [(16.0, 16.0), (20.0, 12.0)] {
            let label = format!("{kind} {sx}x{sy}");
            let dir = tempfile::tempdir().unwrap();
            let map = sample_map(kind, sx, sy);
            let (tmx, tmj) = write_files(&map, dir.path());
            // TMX → JSON by Tiled, fields compared.
            let tiled_json = dir.path().join("from-tmx.tmj");
            tools::export_map("json", &tmx, &tiled_json);
            check_json_fields(&map, &tiled_json);
            // TMJ → TMX by Tiled, then read back to JSON by Tiled again.
            let tiled_tmx = dir.path().join("from-tmj.tmx");
            tools::export_map("tmx", &tmj, &tiled_tmx);
            let again = dir.path().join("again.tmj");
            tools::export_map("json", &tiled_tmx, &again);
            check_json_fields(&map, &again);
            // Rendered by Tiled: every hex centre has its cell's colour.
            for (input, name) in [(&tmx, "tmx"), (&tmj, "tmj")] {
                let img = tools::rasterize(input, &dir.path().join(format!("{name}.png")), &[]);
                check_render(&map, &img, &format!("{label} {name}"));
            }
        }
    }
}
