//! Terrain tile art in the Tiled terrain tileset: TMX and TMJ exports carry one
//! tile per (terrain, image), a cell shows the tile of the image `TileArt::pick` chooses for
//! it, import restores each terrain's `TileArt` exactly, the command line loads the images
//! for a Tiled export and names a missing one, and Tiled's own render (`tmxrasterizer`)
//! shows at each hex centre the image hexmap picked for that hex.

use crate::support;
use support::tiled_tools as tools;

use hexmap::draw::RgbaImage;
use hexmap::hex::{Hex, Layout, OffsetKind, Orientation, Point, stable_hash};
use hexmap::io::format::{WriteOptions, by_name, read_path, write_path};
use hexmap::io::{self, Form};
use hexmap::map::HexMap;
use hexmap::map::testing::TestMap;
use std::path::Path;
use std::sync::Arc;

const RED: [u8; 4] = [220, 40, 40, 255];
const BLUE: [u8; 4] = [40, 60, 220, 255];

/// Writes a solid 8×8 image of `colour` as a PNG at `path`.
fn write_image(path: &Path, colour: [u8; 4]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let image = RgbaImage::new(8, 8, colour.repeat(64)).unwrap();
    std::fs::write(path, io::images::encode_png(&image)).unwrap();
}

/// A pointy odd-r 7×5 map in `dir`: grass with art `art/red.png` and `art/blue.png` (both
/// present, untinted), forest with art `art/moss.png` (present, tinted) and
/// `art/gone.png` (missing), and hills without art, in bands.
fn art_map(dir: &Path) -> HexMap {
    write_image(&dir.join("art/red.png"), RED);
    write_image(&dir.join("art/blue.png"), BLUE);
    write_image(&dir.join("art/moss.png"), [200, 200, 200, 255]);
    let mut map = TestMap::rectangle(OffsetKind::OddR, 7, 5)
        .named("art")
        .offset_kind(OffsetKind::OddR)
        .labels_in(OffsetKind::OddR)
        .hex_size(20.0)
        .tile_art(1, &["art/red.png", "art/blue.png"], false)
        .tile_art(2, &["art/moss.png", "art/gone.png"], true)
        .build();
    let terrains = map.palette().terrains();
    let (grass, forest, hills) = (terrains[1].id, terrains[2].id, terrains[3].id);
    for (i, h) in map
        .shape()
        .iter()
        .collect::<Vec<_>>()
        .into_iter()
        .enumerate()
    {
        let t = match i % 7 {
            0..=4 => grass,
            5 => forest,
            _ => hills,
        };
        map.set_terrain(h, Some(t)).unwrap();
    }
    map
}

/// Exports `map` (whose images lie beside `file`) with its images loaded, as the CLI does.
fn export(map: &HexMap, ext: &str, file: &Path) {
    let (images, _) = io::images::load_images_beside(map, file);
    let opts = WriteOptions {
        images: Some(Arc::new(images)),
        ..WriteOptions::default()
    };
    write_path(map, None, by_name(ext).unwrap(), &opts, file, &mut |_| {}).unwrap();
}

fn terrain_named<'a>(map: &'a HexMap, name: &str) -> &'a hexmap::map::Terrain {
    map.palette()
        .terrains()
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no terrain '{name}'"))
}

/// The terrain name of every cell, in shape order.
fn cell_names(map: &HexMap) -> Vec<String> {
    map.shape()
        .iter()
        .map(|h| {
            let t = map.terrain(h).unwrap();
            map.palette().get(t).unwrap().name.clone()
        })
        .collect()
}

#[test]
fn tmx_and_tmj_keep_tile_art_and_every_cell_s_terrain() {
    let dir = tempfile::tempdir().unwrap();
    let map = art_map(dir.path());
    for ext in ["tmx", "tmj"] {
        let file = dir.path().join(format!("art.{ext}"));
        export(&map, ext, &file);
        let back = read_path(&file).unwrap();
        assert!(back.warnings.is_empty(), "{ext}: {:?}", back.warnings);
        assert_eq!(cell_names(&back.map), cell_names(&map), "{ext}: cells");
        for t in &map.palette().terrains()[1..=3] {
            let restored = terrain_named(&back.map, &t.name);
            assert_eq!(restored.art, t.art, "{ext}: art of {}", t.name);
            assert_eq!(restored.color, t.color, "{ext}: colour of {}", t.name);
        }
        // Art tiles add no terrains; the unused ones (Sea, Mountains) are kept.
        assert_eq!(
            back.map.palette().terrains().len(),
            map.palette().terrains().len(),
            "{ext}: no extra terrains, none dropped"
        );
        assert_eq!(
            back.map.palette(),
            map.palette(),
            "{ext}: the whole palette"
        );
        // The art tiles are in the file: grass cells use two tiles, neither the plain one.
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(text.matches("hexmap:art_of").count(), 3, "{ext}: art tiles");
    }
}

/// Global tile ids of the terrain layer, from Tiled's own JSON conversion.
fn tiled_gids(json: &serde_json::Value) -> Vec<u64> {
    json["layers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == "terrain")
        .unwrap()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_u64().unwrap())
        .collect()
}

#[test]
fn the_cli_loads_tile_art_for_tiled_and_names_the_missing_image() {
    let dir = tempfile::tempdir().unwrap();
    let map = art_map(dir.path());
    io::save(&dir.path().join("map.ron"), &map, Form::Offset).unwrap();
    let out = assert_cmd::Command::cargo_bin("hexmap")
        .unwrap()
        .arg("export")
        .arg(dir.path().join("map.ron"))
        .args(["--to", "tmx"])
        .arg(dir.path().join("map.tmx"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("art/gone.png").count(), 1, "{stderr}");
    let text = std::fs::read_to_string(dir.path().join("map.tmx")).unwrap();
    for path in ["art/red.png", "art/blue.png", "art/moss.png"] {
        assert!(
            text.contains(&format!(r#"name="hexmap:art_image" value="{path}""#)),
            "no art tile for {path}"
        );
    }
    assert!(!text.contains(r#"name="hexmap:art_image" value="art/gone.png""#));
}

/// The colour of the image hexmap picks for `hex` of `map`, `None` for a cell without art
/// or whose picked image is missing.
fn picked_colour(map: &HexMap, hex: Hex) -> Option<[u8; 4]> {
    let t = map.palette().get(map.terrain(hex)?)?;
    match t.art.pick(stable_hash(hex))? {
        "art/red.png" => Some(RED),
        "art/blue.png" => Some(BLUE),
        _ => None,
    }
}

#[test]
fn tiled_draws_at_each_hex_centre_the_image_hexmap_picks() {
    if !tools::available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let map = art_map(dir.path());
    let file = dir.path().join("art.tmx");
    export(&map, "tmx", &file);
    let header = dir.path().join("art-by-tiled.tmj");
    tools::export_map("json", &file, &header);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&header).unwrap()).unwrap();
    assert_eq!(tiled_gids(&json).len(), 35, "Tiled read the whole layer");
    let img = tools::rasterize(&file, &dir.path().join("art.png"), &[]);
    if let Some(keep) = std::env::var_os("HEXMAP_KEEP_RENDER") {
        std::fs::copy(dir.path().join("art.png"), keep).unwrap();
    }

    // hexmap's layout with Tiled's spacing (tile width, and rows 3/4 of a hex apart).
    let num = |k: &str| json[k].as_f64().unwrap();
    let (tw, th, side) = (num("tilewidth"), num("tileheight"), num("hexsidelength"));
    let size = Point::new(tw / 3f64.sqrt(), (th + side) / 2.0 / 1.5);
    let layout = Layout::new(Orientation::Pointy, size, Point::default()).unwrap();
    let cells: Vec<(Point, [u8; 4])> = map
        .shape()
        .iter()
        .filter_map(|h| Some((layout.hex_to_pixel(h), picked_colour(&map, h)?)))
        .collect();
    let reds = cells.iter().filter(|(_, c)| *c == RED).count();
    assert!(reds > 2 && cells.len() - reds > 2, "both images are picked");

    // The translation from hexmap's layout to the render: try every pixel of the first
    // cell's colour as its centre and keep the one that puts the most centres on theirs.
    let shows = |p: Point, c: [u8; 4]| tools::pixel(&img, p.x, p.y) == Some(c);
    let (first, colour) = cells[0];
    let mut best = (0usize, Point::default());
    for py in 0..img.height() {
        for px in 0..img.width() {
            let p = Point::new(f64::from(px) + 0.5, f64::from(py) + 0.5);
            if !shows(p, colour) {
                continue;
            }
            let d = Point::new(p.x - first.x, p.y - first.y);
            let n = cells
                .iter()
                .filter(|(c, want)| shows(Point::new(c.x + d.x, c.y + d.y), *want))
                .count();
            if n > best.0 {
                best = (n, d);
            }
        }
    }
    let d = best.1;
    for (c, want) in &cells {
        let got = tools::pixel(&img, c.x + d.x, c.y + d.y);
        let other = if *want == RED { BLUE } else { RED };
        assert_eq!(got, Some(*want), "centre {c:?} (+{d:?})");
        assert_ne!(got, Some(other));
    }
}
