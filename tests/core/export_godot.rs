//! Godot 4 levels checked by Godot's own geometry: for every conformance map
//! (`maps/conformance/`, one per layout) and every bundled sample, the scene, its TileSet
//! and atlas are read back as Godot reads them (a clean-room reader, below), and for every
//! cell of the `TileMapLayer` Godot's centre of the cell is carried onto the map: the hex
//! there must be the cell's, with the terrain the tile's custom data names, every hex with
//! a terrain found once, and Godot's centres must keep the map's layout (within 5 % of a
//! hex across the map). A level with the other layout (parity) or shifted cells must fail.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::table_maps::{bundled_maps, conformance_maps, mark_centre};
use hexmap::hex::{OffsetCoord, Orientation, Point};
use hexmap::io::format::read_path;
use hexmap::map::HexMap;

/// Godot's TileSet and TileMapLayer as its source reads them: a clean-room reading of
/// godotengine/godot at 0009990d — `scene/resources/2d/tile_set.cpp` (`TileSet::
/// map_to_local`, the half-offset shapes with the hexagon's 0.75 overlap) and
/// `scene/2d/tile_map_layer.cpp` (`TileMapLayer::set_tile_map_data_from_array`). Only
/// what hexmap writes is modelled: hexagon tiles, STACKED and STACKED_OFFSET layouts.
#[derive(Clone, Debug)]
struct GodotLevel {
    /// `tile_layout`: 0 STACKED, 1 STACKED_OFFSET.
    layout: u8,
    /// `tile_offset_axis`: 0 horizontal (rows shoved), 1 vertical (columns shoved).
    axis: u8,
    tile: (f64, f64),
    /// (x, y, atlas x, atlas y) per cell.
    cells: Vec<(i32, i32, u16, u16)>,
    /// The `terrain` custom data of each atlas tile.
    names: BTreeMap<(u16, u16), String>,
}

/// `key = value` lines of a Godot text resource.
fn properties(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter_map(|l| l.split_once(" = "))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

fn vector2i(v: &str) -> (f64, f64) {
    let inner = v
        .strip_prefix("Vector2i(")
        .and_then(|v| v.strip_suffix(')'))
        .unwrap_or_else(|| panic!("a Vector2i: {v}"));
    let (x, y) = inner.split_once(',').unwrap();
    (x.trim().parse().unwrap(), y.trim().parse().unwrap())
}

impl GodotLevel {
    /// Read the scene `tscn` and the TileSet it names beside it.
    fn read(tscn: &Path) -> (GodotLevel, tiny_skia::Pixmap) {
        let dir = tscn.parent().unwrap();
        let scene = std::fs::read_to_string(tscn).unwrap();
        let res = |text: &str| -> String {
            let at = text.find("path=\"res://").unwrap() + "path=\"res://".len();
            text[at..].split('"').next().unwrap().to_string()
        };
        assert!(scene.contains("type=\"TileMapLayer\""));
        let tres = std::fs::read_to_string(dir.join(res(&scene))).unwrap();
        assert!(tres.starts_with("[gd_resource type=\"TileSet\""));
        let atlas = tiny_skia::Pixmap::load_png(dir.join(res(&tres))).unwrap();
        let p = properties(&tres);
        assert_eq!(p["tile_shape"], "3", "TILE_SHAPE_HEXAGON");
        let layer = |name: &str| {
            (0..8)
                .find(|i| {
                    p.get(&format!("custom_data_layer_{i}/name")) == Some(&format!("\"{name}\""))
                })
                .unwrap_or_else(|| panic!("custom data layer {name}"))
        };
        let terrain = layer("terrain");
        layer("cost");
        layer("blocks_sight");
        let mut names = BTreeMap::new();
        for (k, v) in &p {
            if let Some(coords) = k.strip_suffix(&format!("/0/custom_data_{terrain}")) {
                let (x, y) = coords.split_once(':').unwrap();
                names.insert(
                    (x.parse().unwrap(), y.parse().unwrap()),
                    v.trim_matches('"').to_string(),
                );
            }
        }
        let data: Vec<u8> = properties(&scene)["tile_map_data"]
            .strip_prefix("PackedByteArray(")
            .and_then(|v| v.strip_suffix(')'))
            .unwrap()
            .split(',')
            .map(|b| b.trim().parse().unwrap())
            .collect();
        // tile_map_layer.cpp, `set_tile_map_data_from_array`: a u16 format, then 12
        // bytes per cell (x, y as i16; source, atlas x, atlas y, alternative as u16),
        // little-endian (`decode_uint16`).
        let u16_at = |i: usize| u16::from_le_bytes([data[i], data[i + 1]]);
        assert_eq!(u16_at(0), 0, "TILE_MAP_LAYER_DATA_FORMAT_0");
        assert_eq!((data.len() - 2) % 12, 0);
        let cells = data[2..]
            .chunks(12)
            .enumerate()
            .map(|(n, _)| {
                let at = 2 + 12 * n;
                assert_eq!(u16_at(at + 4), 0, "source 0");
                (
                    i32::from(u16_at(at) as i16),
                    i32::from(u16_at(at + 2) as i16),
                    u16_at(at + 6),
                    u16_at(at + 8),
                )
            })
            .collect();
        let level = GodotLevel {
            layout: p["tile_layout"].parse().unwrap(),
            axis: p["tile_offset_axis"].parse().unwrap(),
            tile: vector2i(&p["tile_size"]),
            cells,
            names,
        };
        (level, atlas)
    }

    /// tile_set.cpp, `TileSet::map_to_local` for a hexagon tile: with the horizontal
    /// axis, STACKED adds half a tile to x on odd rows (Godot's `posmod`), STACKED_OFFSET
    /// on even rows, and y is scaled by the overlap ratio 0.75; the vertical axis the same
    /// with x and y swapped. The result is (cell + 0.5) × tile size.
    fn centre(&self, x: i32, y: i32) -> (f64, f64) {
        let (mut fx, mut fy) = (f64::from(x), f64::from(y));
        let shoved = |line: i32| (line.rem_euclid(2) == 1) == (self.layout == 0);
        if self.axis == 0 {
            if shoved(y) {
                fx += 0.5;
            }
            fy *= 0.75;
        } else {
            if shoved(x) {
                fy += 0.5;
            }
            fx *= 0.75;
        }
        ((fx + 0.5) * self.tile.0, (fy + 0.5) * self.tile.1)
    }
}

/// What Godot shows of `map` in `level`: a list of faults, empty when every cell's centre,
/// carried onto the map (Godot's cell (0, 0) on the hex at offset (0, 0), one tile a hex),
/// lies on the hex of the cell's terrain within 5 % of a hex, and every hex with a
/// terrain is a cell once.
fn faults(map: &HexMap, level: &GodotLevel) -> Vec<String> {
    let layout = map.layout().unwrap();
    let kind = map.properties().offset_kind;
    let origin = layout.hex_to_pixel(kind.to_hex(OffsetCoord::new(0, 0)));
    let s = layout.size();
    // The hex's box in world units: flat to flat and corner to corner.
    let (w, h) = match map.properties().orientation {
        Orientation::Pointy => (3f64.sqrt() * s.x, 2.0 * s.y),
        Orientation::Flat => (2.0 * s.x, 3f64.sqrt() * s.y),
    };
    let (gx0, gy0) = level.centre(0, 0);
    let mut faults = Vec::new();
    let mut seen = BTreeSet::new();
    for &(x, y, ax, ay) in &level.cells {
        let (gx, gy) = level.centre(x, y);
        let world = Point::new(
            origin.x + (gx - gx0) / level.tile.0 * w,
            origin.y + (gy - gy0) / level.tile.1 * h,
        );
        let hex = layout.pixel_to_hex_rounded(world);
        let label = map.hex_label(hex);
        let centre = layout.hex_to_pixel(hex);
        let off = (centre.x - world.x).hypot(centre.y - world.y) / w;
        if off > 0.05 {
            faults.push(format!(
                "cell ({x}, {y}) is {off:.3} hexes off {label}'s centre"
            ));
        }
        let name = level.names.get(&(ax, ay)).cloned().unwrap_or_default();
        let wanted = map
            .terrain(hex)
            .and_then(|t| map.palette().get(t))
            .map(|t| t.name.clone());
        if wanted.as_deref() != Some(name.as_str()) {
            faults.push(format!(
                "Godot's cell ({x}, {y}) shows {name}, on {label}, which is {wanted:?}"
            ));
        }
        if !seen.insert(hex) {
            faults.push(format!("{label} twice"));
        }
    }
    let missing = map
        .shape()
        .iter()
        .filter(|h| map.terrain(*h).is_some() && !seen.contains(h))
        .count();
    if missing > 0 {
        faults.push(format!("{missing} hexes Godot does not have"));
    }
    faults
}

/// The level as Godot lays it out, for the docs' pictures: every cell's atlas tile (the
/// TileSet's region for its atlas coordinates) centred on Godot's centre of the cell
/// (`map_to_local`), and that centre marked: drawn from the reader above, not from hexmap.
fn level_picture(level: &GodotLevel, atlas: &tiny_skia::Pixmap) -> tiny_skia::Pixmap {
    let (tw, th) = level.tile;
    let centres: Vec<(f64, f64)> = (level.cells.iter())
        .map(|&(x, y, _, _)| level.centre(x, y))
        .collect();
    let low = |f: fn(&(f64, f64)) -> f64| centres.iter().map(f).fold(f64::MAX, f64::min);
    let high = |f: fn(&(f64, f64)) -> f64| centres.iter().map(f).fold(f64::MIN, f64::max);
    let origin = (low(|c| c.0) - tw / 2.0, low(|c| c.1) - th / 2.0);
    let size = (
        high(|c| c.0) + tw / 2.0 - origin.0,
        high(|c| c.1) + th / 2.0 - origin.1,
    );
    let mut img = tiny_skia::Pixmap::new(size.0.ceil() as u32, size.1.ceil() as u32).unwrap();
    img.fill(tiny_skia::Color::from_rgba8(40, 40, 48, 255));
    for (&(_, _, ax, ay), &(cx, cy)) in level.cells.iter().zip(&centres) {
        let region = tiny_skia::IntRect::from_xywh(
            (f64::from(ax) * tw) as i32,
            (f64::from(ay) * th) as i32,
            tw as u32,
            th as u32,
        )
        .unwrap();
        let tile = atlas.clone_rect(region).unwrap();
        img.draw_pixmap(
            (cx - tw / 2.0 - origin.0).round() as i32,
            (cy - th / 2.0 - origin.1).round() as i32,
            tile.as_ref(),
            &tiny_skia::PixmapPaint::default(),
            tiny_skia::Transform::identity(),
            None,
        );
    }
    for &(cx, cy) in &centres {
        mark_centre(&mut img, (cx - origin.0) as f32, (cy - origin.1) as f32);
    }
    img
}

/// Export `map` as a Godot scene with `hexmap export` into `dir`; the scene's path.
fn export(map: &Path, dir: &Path, extra: &[&str]) -> PathBuf {
    let out = dir.join(format!(
        "{}.tscn",
        map.file_stem().unwrap().to_string_lossy()
    ));
    let status = Command::new(env!("CARGO_BIN_EXE_hexmap"))
        .arg("export")
        .arg(map)
        .args(["--to", "godot"])
        .args(extra)
        .arg(&out)
        .arg("--force")
        .status()
        .unwrap();
    assert!(status.success(), "{}", map.display());
    out
}

#[test]
fn godot_cells_fall_on_every_hex_of_every_layout_and_sample() {
    let dir = tempfile::tempdir().unwrap();
    for map_path in conformance_maps().iter().chain(&bundled_maps()) {
        let map = read_path(map_path).unwrap().map;
        for size in ["64", "90"] {
            let (level, atlas) =
                GodotLevel::read(&export(map_path, dir.path(), &["--hex-size", size]));
            // A regular hexagon's proportions within 0.1 %, whole pixels.
            let (tw, th) = level.tile;
            let ratio = if level.axis == 0 { th / tw } else { tw / th };
            assert!(
                (ratio / (2.0 / 3f64.sqrt()) - 1.0).abs() <= 0.001,
                "{tw} × {th}"
            );
            assert_eq!(
                (f64::from(atlas.width()), f64::from(atlas.height())),
                (tw * map.palette().terrains().len() as f64, th),
                "one atlas tile per terrain"
            );
            let found = faults(&map, &level);
            if let Some(dir) = std::env::var_os("HEXMAP_DOC_IMAGES") {
                let stem = map_path.file_stem().unwrap().to_string_lossy().into_owned();
                level_picture(&level, &atlas)
                    .save_png(Path::new(&dir).join(format!("godot-{stem}-{size}.png")))
                    .unwrap();
            }
            assert!(
                found.is_empty(),
                "{} at {size}: {found:#?}",
                map_path.display()
            );
        }
    }
}

#[test]
fn a_wrong_parity_or_shifted_godot_level_fails_the_check() {
    let dir = tempfile::tempdir().unwrap();
    for map_path in conformance_maps() {
        let map = read_path(&map_path).unwrap().map;
        let (level, _) = GodotLevel::read(&export(&map_path, dir.path(), &[]));
        assert!(faults(&map, &level).is_empty());
        let parity = GodotLevel {
            layout: level.layout ^ 1,
            ..level.clone()
        };
        let shifted = GodotLevel {
            cells: level
                .cells
                .iter()
                .map(|&(x, y, a, b)| (x + 1, y, a, b))
                .collect(),
            ..level.clone()
        };
        let turned = GodotLevel {
            axis: level.axis ^ 1,
            ..level.clone()
        };
        for (what, bad) in [("parity", parity), ("shifted", shifted), ("axis", turned)] {
            assert!(
                !faults(&map, &bad).is_empty(),
                "{} {what}: the check must fail",
                map_path.display()
            );
        }
    }
}

#[test]
fn the_tileset_carries_each_terrains_name_cost_and_sight() {
    let dir = tempfile::tempdir().unwrap();
    let map_path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/conformance/odd-r-row-first.ron");
    let map = read_path(&map_path).unwrap().map;
    let tscn = export(&map_path, dir.path(), &[]);
    let tres = std::fs::read_to_string(dir.path().join("odd-r-row-first-tileset.tres")).unwrap();
    let p = properties(&tres);
    for (n, t) in map.palette().terrains().iter().enumerate() {
        assert_eq!(
            p[&format!("{n}:0/0/custom_data_0")],
            format!("\"{}\"", t.name)
        );
        let cost = match t.cost {
            hexmap::map::MoveCost::Cost(c) => c.points(),
            hexmap::map::MoveCost::Impassable => -1.0,
        };
        assert_eq!(
            p[&format!("{n}:0/0/custom_data_1")].parse::<f64>().unwrap(),
            cost
        );
        assert_eq!(
            p[&format!("{n}:0/0/custom_data_2")],
            t.blocks_sight.to_string()
        );
    }
    assert!(tscn.is_file());
}

/// The distinct colours within 8 pixels of the centre of atlas tile (`ax`, `ay`), the
/// region Godot cuts for it (`texture_region_size` from the tile's atlas coordinates).
fn tile_colours(
    atlas: &tiny_skia::Pixmap,
    level: &GodotLevel,
    (ax, ay): (u16, u16),
) -> BTreeSet<[u8; 3]> {
    let (tw, th) = level.tile;
    let (cx, cy) = ((f64::from(ax) + 0.5) * tw, (f64::from(ay) + 0.5) * th);
    let mut colours = BTreeSet::new();
    for dx in -8..=8 {
        for dy in -8..=8 {
            let p = atlas
                .pixel((cx as i32 + dx) as u32, (cy as i32 + dy) as u32)
                .unwrap()
                .demultiply();
            colours.insert([p.red(), p.green(), p.blue()]);
        }
    }
    colours
}

#[test]
fn the_atlas_uses_a_terrains_tile_art() {
    // The hexcrawl sample paints Grass with tile art (maps/art/grass-*.png): Godot's tile
    // for Grass shows the art's texture, not a flat fill.
    let dir = tempfile::tempdir().unwrap();
    let map_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let (level, atlas) = GodotLevel::read(&export(&map_path, dir.path(), &[]));
    let tile_of = |name: &str| {
        *(level.names.iter())
            .find(|(_, n)| *n == name)
            .unwrap_or_else(|| panic!("a tile for {name}"))
            .0
    };
    let grass = tile_of("Grass");
    let colours = tile_colours(&atlas, &level, grass);
    assert!(
        colours.len() > 4,
        "Godot's Grass tile is a flat fill ({} colours): the tile art is missing",
        colours.len()
    );
    // A conformance map's terrains have no art: every tile is one flat colour.
    let plain = &conformance_maps()[0];
    let (level, atlas) = GodotLevel::read(&export(plain, dir.path(), &[]));
    for &tile in level.names.keys() {
        let flat = tile_colours(&atlas, &level, tile);
        assert_eq!(
            flat.len(),
            1,
            "tile {tile:?} of {}: {flat:?}",
            plain.display()
        );
    }
}

#[test]
fn the_player_level_has_no_cell_on_a_hidden_hex() {
    // The fixture with a secret of every kind: the players' level holds a cell on every
    // revealed hex with its terrain and none on a hidden hex (the GM's has them, so the
    // check can fail); no secret name is in the scene, the TileSet or its custom data.
    let dir = tempfile::tempdir().unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/every-secret.ron");
    let map = read_path(&fixture).unwrap().map;
    let hidden: Vec<_> = map.hidden_cells().collect();
    assert!(!hidden.is_empty());
    let mut revealed = map.clone();
    for &h in &hidden {
        revealed.set_terrain(h, None).unwrap();
    }
    let gm_dir = dir.path().join("gm");
    std::fs::create_dir(&gm_dir).unwrap();
    let (gm, _) = GodotLevel::read(&export(&fixture, &gm_dir, &[]));
    assert!(faults(&map, &gm).is_empty());
    assert!(
        !faults(&revealed, &gm).is_empty(),
        "the GM's level has cells on hidden hexes"
    );
    let scene = export(&fixture, dir.path(), &["--player-view"]);
    let (players, _) = GodotLevel::read(&scene);
    let found = faults(&revealed, &players);
    assert!(found.is_empty(), "{found:#?}");
    let secrets = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/every-secret-names.txt"),
    )
    .unwrap();
    for file in std::fs::read_dir(dir.path()).unwrap() {
        let file = file.unwrap().path();
        if file.is_dir() {
            continue;
        }
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        for secret in secrets
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            assert!(!text.contains(secret), "{} holds {secret}", file.display());
        }
    }
}
