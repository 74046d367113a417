//! Foundry VTT scenes checked by Foundry's own geometry: for every conformance map
//! (`maps/conformance/`, one per layout) and every bundled sample, the scene is read back
//! as JSON (Python's `json.tool` too), and a clean-room reader of Foundry's hexagonal grid
//! (below) places every hex: Foundry's cell at hexmap's centre of the hex on the
//! background (by the picture's own transform) must be the cell the scene's flags name,
//! one cell per hex, Foundry's centre of that cell must be hexmap's centre, and on the
//! conformance maps the background there must be that hex's terrain colour. The same holds after the GM changes the scene's padding in
//! Foundry. A scene shifted by one hex, or of the other parity, must fail.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::table_maps::{bundled_maps, conformance_maps, mark_centre};
use hexmap::hex::{OffsetCoord, OffsetKind};
use hexmap::io::format::read_path;
use hexmap::io::render::png_meta;
use hexmap::map::HexMap;
use serde_json::Value;

/// Foundry VTT's hexagonal grid as its source computes it: a clean-room reading of
/// Foundry VTT 13 (build 351) as shipped — `common/grid/hexagonal.mjs`,
/// `client/documents/scene.mjs`, `client/canvas/groups/primary.mjs` (read from the copy
/// in umplacable/foundryVTT at 052bb61d). Only what a scene hexmap writes uses is modelled.
#[derive(Clone, Debug)]
struct FoundryScene {
    /// `grid.type`.
    kind: u8,
    /// `grid.size`.
    size: f64,
    width: f64,
    height: f64,
    padding: f64,
    offset_x: f64,
    offset_y: f64,
}

impl FoundryScene {
    fn from_json(scene: &Value) -> FoundryScene {
        let n = |v: &Value| v.as_f64().unwrap_or_else(|| panic!("a number: {v}"));
        let bg = &scene["background"];
        assert_eq!((n(&bg["scaleX"]), n(&bg["scaleY"])), (1.0, 1.0));
        assert_eq!(n(&bg["rotation"]), 0.0);
        // dist/database/documents/scene.mjs (line 1, `migrateLegacyHexFlag`): a hex scene
        // without `_stats.coreVersion` is flagged `legacyHex`, and client scene.mjs
        // 241 then shrinks its grid by √3/2.
        assert!(scene["_stats"]["coreVersion"].is_string(), "coreVersion");
        assert!(scene["flags"]["core"]["legacyHex"].is_null());
        FoundryScene {
            kind: scene["grid"]["type"].as_u64().unwrap() as u8,
            size: n(&scene["grid"]["size"]),
            width: n(&scene["width"]),
            height: n(&scene["height"]),
            padding: n(&scene["padding"]),
            offset_x: n(&bg["offsetX"]),
            offset_y: n(&bg["offsetY"]),
        }
    }

    /// client scene.mjs 236-243 (`#getGrid`): types 4 and 5 are column grids (flat
    /// hexes), 3 and 5 even ones.
    fn columns(&self) -> bool {
        assert!(
            (2..=5).contains(&self.kind),
            "a hex grid type: {}",
            self.kind
        );
        self.kind == 4 || self.kind == 5
    }

    fn even(&self) -> bool {
        self.kind == 3 || self.kind == 5
    }

    /// hexagonal.mjs 834-890 (`calculateDimensions`): where the scene rectangle starts
    /// in the canvas, (x, y), for the scene's padding.
    fn padding_origin(&self) -> (f64, f64) {
        let (columns, size) = (self.columns(), self.size);
        let sqrt3 = 3f64.sqrt();
        let size_x = if columns { 2.0 * size / sqrt3 } else { size };
        let size_y = if columns { size } else { 2.0 * size / sqrt3 };
        let stride_x = if columns { 0.75 * size_x } else { size_x };
        let stride_y = if columns { size_y } else { 0.75 * size_y };
        if self.padding == 0.0 {
            return (0.0, 0.0);
        }
        let mut x = ((self.padding * self.width) * (1.0 / stride_x)).ceil() * stride_x;
        let mut y = ((self.padding * self.height) * (1.0 / stride_y)).ceil() * stride_y;
        let cross = if columns { x / stride_x } else { y / stride_y };
        if cross.round() as i64 % 2 != 0 {
            if columns {
                y += size_y / 2.0;
            } else {
                x += size_x / 2.0;
            }
        }
        (x, y)
    }

    /// client scene.mjs 272-274 (`getDimensions`: the scene rectangle starts at the
    /// padding origin less the background's offsets) and primary.mjs 303-305 (the
    /// background is drawn over that rectangle, at its size): the canvas point of the
    /// background's top-left pixel.
    fn background_origin(&self) -> (f64, f64) {
        let (x, y) = self.padding_origin();
        (x - self.offset_x, y - self.offset_y)
    }

    /// hexagonal.mjs 306-321 (`getCenterPoint` of offset coordinates): row `i`,
    /// column `j`. Column grids: x = (2/√3)(0.75 j + 0.5) size, and y = i × size, plus
    /// half a hex unless the grid's evenness equals that of column j + 1. Row grids the
    /// same with the axes swapped.
    fn centre(&self, i: i32, j: i32) -> (f64, f64) {
        let sqrt1_3 = (1.0f64 / 3.0).sqrt();
        let size = self.size;
        if self.columns() {
            let x = (2.0 * sqrt1_3) * ((0.75 * f64::from(j) + 0.5) * size);
            let even = (j + 1) % 2 == 0;
            let y = (f64::from(i) + if self.even() == even { 0.0 } else { 0.5 }) * size;
            (x, y)
        } else {
            let y = (2.0 * sqrt1_3) * ((0.75 * f64::from(i) + 0.5) * size);
            let even = (i + 1) % 2 == 0;
            let x = (f64::from(j) + if self.even() == even { 0.0 } else { 0.5 }) * size;
            (x, y)
        }
    }

    /// hexagonal.mjs 68-74 (`getOffset` of a point): 1339-1356 (`pointToCube`), then
    /// 1302-1322 (`cubeRound`), then 1434-1445 (`cubeToOffset`).
    fn offset_of(&self, (x, y): (f64, f64)) -> (i32, i32) {
        let sqrt1_3 = (1.0f64 / 3.0).sqrt();
        let (x, y) = (x / self.size, y / self.size);
        let e = if self.even() { 1.0 } else { 0.0 };
        let (q, r) = if self.columns() {
            let q = 2.0 * sqrt1_3 * x - 2.0 / 3.0;
            (q, -0.5 * (q + e) + y)
        } else {
            let r = 2.0 * sqrt1_3 * y - 2.0 / 3.0;
            (-0.5 * (r + e) + x, r)
        };
        let s = -q - r;
        // JavaScript's Math.round rounds halves up.
        let round = |v: f64| (v + 0.5).floor();
        let (mut iq, mut ir, is) = (round(q), round(r), round(s));
        let (dq, dr, ds) = ((iq - q).abs(), (ir - r).abs(), (is - s).abs());
        if dq > dr && dq > ds {
            iq = -ir - is;
        } else if dr > ds {
            ir = -iq - is;
        } // (else s is recomputed, which q and r do not need)
        let (q, r) = (iq as i32, ir as i32);
        let sign = if self.even() { 1 } else { -1 };
        if self.columns() {
            (r + ((q + sign * (q & 1)) >> 1), q)
        } else {
            (r, q + ((r + sign * (r & 1)) >> 1))
        }
    }
}

/// The map's hex of Foundry's cell (i, j), as the scene's `flags.hexmap` states it.
fn hex_of_cell(map: &HexMap, scene: &Value, i: i32, j: i32) -> hexmap::hex::Hex {
    let flags = &scene["flags"]["hexmap"];
    let kind = map.properties().offset_kind;
    assert_eq!(flags["offset"].as_str(), Some(kind.name()));
    let (c, r) = (
        flags["column"].as_i64().unwrap() as i32,
        flags["row"].as_i64().unwrap() as i32,
    );
    kind.to_hex(OffsetCoord::new(c + j, r + i))
}

/// The cell (i, j) the flags give `h`.
fn cell_of_hex(map: &HexMap, scene: &Value, h: hexmap::hex::Hex) -> (i32, i32) {
    let flags = &scene["flags"]["hexmap"];
    let o = map.properties().offset_kind.from_hex(h);
    let (c, r) = (
        flags["column"].as_i64().unwrap() as i32,
        flags["row"].as_i64().unwrap() as i32,
    );
    (o.row - r, o.col - c)
}

/// An exported scene: its JSON, its background, and the folder it was written to.
struct Exported {
    scene: Value,
    background: tiny_skia::Pixmap,
    /// The background's world → pixel transform (scale, offset x, offset y).
    transform: (f64, f64, f64),
    dir: PathBuf,
    stem: String,
}

impl Exported {
    /// A side file's JSON, if written.
    fn side_json(&self, suffix: &str) -> Option<Value> {
        let path = self.dir.join(format!("{}-{suffix}", self.stem));
        let bytes = std::fs::read(path).ok()?;
        Some(serde_json::from_slice(&bytes).unwrap())
    }
}

/// Export `map` as a Foundry scene with `hexmap export` into `dir`; the scene must pass
/// Python's `json.tool`.
fn export(map: &Path, dir: &Path, stem: &str, extra: &[&str]) -> Exported {
    let out = dir.join(format!("{stem}.json"));
    let status = Command::new(env!("CARGO_BIN_EXE_hexmap"))
        .arg("export")
        .arg(map)
        .args(["--to", "foundry"])
        .args(extra)
        .arg(&out)
        .arg("--force")
        .status()
        .unwrap();
    assert!(status.success(), "{}", map.display());
    let tool = Command::new("python3")
        .args(["-m", "json.tool"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(tool.status.success(), "json.tool: {:?}", tool);
    let scene: Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let src = scene["background"]["src"].as_str().unwrap();
    let png = std::fs::read(dir.join(src)).unwrap();
    let meta = png_meta::read_text(&png, png_meta::TRANSFORM_KEY).unwrap();
    let t: Value = serde_json::from_str(&meta).unwrap();
    let transform = (
        t["scale"].as_f64().unwrap(),
        t["offset"][0].as_f64().unwrap(),
        t["offset"][1].as_f64().unwrap(),
    );
    Exported {
        background: tiny_skia::Pixmap::decode_png(&png).unwrap(),
        scene,
        transform,
        dir: dir.to_path_buf(),
        stem: stem.to_string(),
    }
}

/// What Foundry shows of `map` under `grid` over the background: a list of faults,
/// empty when for every hex Foundry's centre of its cell is hexmap's centre of the hex on
/// the background, Foundry finds the cell again from that point, and (with `colours`) the
/// background there is the hex's terrain colour.
fn faults(map: &HexMap, e: &Exported, grid: &FoundryScene, colours: bool) -> Vec<String> {
    let layout = map.layout().unwrap();
    let (scale, ox, oy) = e.transform;
    let (bx, by) = grid.background_origin();
    let size = (e.background.width(), e.background.height());
    assert_eq!(
        (f64::from(size.0), f64::from(size.1)),
        (grid.width, grid.height)
    );
    let mut faults = Vec::new();
    let mut cells = BTreeSet::new();
    for h in map.shape().iter() {
        let label = map.hex_label(h);
        // hexmap's centre of the hex on the canvas, the cell Foundry puts there, and
        // Foundry's centre of that cell.
        let p = layout.hex_to_pixel(h);
        let (hx, hy) = (p.x * scale + ox + bx, p.y * scale + oy + by);
        let (i, j) = grid.offset_of((hx, hy));
        if !cells.insert((i, j)) {
            faults.push(format!("{label}: cell ({i}, {j}) twice"));
        }
        if grid.padding == 0.0 && cell_of_hex(map, &e.scene, h) != (i, j) {
            faults.push(format!(
                "{label}: in cell ({i}, {j}), not where the flags say"
            ));
        }
        let (fx, fy) = grid.centre(i, j);
        if (fx - hx).hypot(fy - hy) > 0.01 {
            faults.push(format!(
                "{label}: Foundry's centre ({fx:.2}, {fy:.2}), hexmap's ({hx:.2}, {hy:.2})"
            ));
            continue;
        }
        let (px, py) = (fx - bx, fy - by);
        // (tiny-skia's `pixel` wraps an x past the width onto the next row.)
        let inside = px >= 0.0 && py >= 0.0 && px < grid.width && py < grid.height;
        let Some(pixel) = e.background.pixel(px as u32, py as u32).filter(|_| inside) else {
            faults.push(format!("{label}: Foundry's centre is off the background"));
            continue;
        };
        if colours {
            let t = map.terrain(h).and_then(|t| map.palette().get(t)).unwrap();
            let seen = [pixel.red(), pixel.green(), pixel.blue()];
            let close = seen.iter().zip(t.color.0).all(|(a, b)| a.abs_diff(b) <= 8);
            if !close || pixel.alpha() < 255 {
                faults.push(format!(
                    "Foundry's centre of {label} ({fx:.1}, {fy:.1}) shows {seen:?}, not {} {:?}",
                    t.name, t.color.0
                ));
            }
        }
    }
    faults
}

/// The checks with the scene as written and with Foundry's default padding (a GM may
/// change it: Foundry keeps the grid on the scene).
fn check_both_paddings(map_path: &Path, e: &Exported, colours: bool) {
    let map = read_path(map_path).unwrap().map;
    let grid = FoundryScene::from_json(&e.scene);
    assert_eq!(grid.padding, 0.0, "written without padding");
    for padding in [0.0, 0.25] {
        let grid = FoundryScene {
            padding,
            ..grid.clone()
        };
        let found = faults(&map, e, &grid, colours);
        assert!(
            found.is_empty(),
            "{} (padding {padding}): {found:#?}",
            map_path.display()
        );
    }
}

#[test]
fn foundry_centres_fall_on_every_hex_of_every_layout() {
    let dir = tempfile::tempdir().unwrap();
    for map_path in conformance_maps() {
        let map = read_path(&map_path).unwrap().map;
        let stem = map_path.file_stem().unwrap().to_string_lossy().into_owned();
        for size in ["64", "100"] {
            let e = export(&map_path, dir.path(), &stem, &["--hex-size", size]);
            let grid = FoundryScene::from_json(&e.scene);
            assert_eq!(grid.size, size.parse::<f64>().unwrap(), "flat to flat");
            let kind = map.properties().offset_kind;
            let wanted = match kind {
                OffsetKind::OddR => 2,
                OffsetKind::EvenR => 3,
                OffsetKind::OddQ => 4,
                OffsetKind::EvenQ => 5,
            };
            assert_eq!(grid.kind, wanted, "{}", kind.name());
            check_both_paddings(&map_path, &e, true);
            if let Some(out) = std::env::var_os("HEXMAP_DOC_IMAGES") {
                overlay(&grid, e.background.clone())
                    .save_png(Path::new(&out).join(format!("foundry-{stem}-{size}.png")))
                    .unwrap();
            }
        }
    }
}

#[test]
fn foundry_centres_fall_on_every_hex_of_every_sample() {
    let dir = tempfile::tempdir().unwrap();
    for map_path in bundled_maps() {
        let stem = map_path.file_stem().unwrap().to_string_lossy().into_owned();
        for extra in [&[][..], &["--player-view"][..]] {
            let e = export(&map_path, dir.path(), &stem, extra);
            check_both_paddings(&map_path, &e, false);
        }
    }
}

#[test]
fn a_shifted_or_wrong_parity_scene_fails_the_check() {
    let dir = tempfile::tempdir().unwrap();
    for map_path in conformance_maps() {
        let map = read_path(&map_path).unwrap().map;
        let stem = map_path.file_stem().unwrap().to_string_lossy().into_owned();
        let e = export(&map_path, dir.path(), &stem, &[]);
        let grid = FoundryScene::from_json(&e.scene);
        assert!(faults(&map, &e, &grid, true).is_empty());
        // The background one hex off, as a hand-set offset often is.
        let shifted = FoundryScene {
            offset_x: grid.offset_x + grid.size,
            ..grid.clone()
        };
        // The other parity: odd for even and even for odd, same orientation.
        let parity = FoundryScene {
            kind: grid.kind ^ 1,
            ..grid.clone()
        };
        for (what, bad) in [("shifted", shifted), ("parity", parity)] {
            assert!(
                !faults(&map, &e, &bad, true).is_empty(),
                "{} {what}: the check must fail",
                map_path.display()
            );
        }
    }
}

#[test]
fn key_entries_become_journal_pages_with_pins_on_their_hexes() {
    let dir = tempfile::tempdir().unwrap();
    let map_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let map = read_path(&map_path).unwrap().map;
    let key = whole_key(&map);
    assert!(key.iter().any(|(_, _, e)| e.gm_only) && key.iter().any(|(_, _, e)| !e.gm_only));
    for player in [false, true] {
        let stem = if player { "players" } else { "gm" };
        let extra: &[&str] = if player { &["--player-view"] } else { &[] };
        let e = export(&map_path, dir.path(), stem, extra);
        let grid = FoundryScene::from_json(&e.scene);
        let public = e.side_json("journal.json").expect("the key's journal");
        let gm = e.side_json("gm-journal.json");
        assert_eq!(gm.is_some(), !player, "the GM-only journal only for the GM");
        let mut pages = std::collections::BTreeMap::new();
        for journal in std::iter::once(&public).chain(gm.as_ref()) {
            assert!(journal["_stats"]["coreVersion"].is_string());
            for page in journal["pages"].as_array().unwrap() {
                let id = page["_id"].as_str().unwrap().to_string();
                pages.insert(id, (journal["_id"].clone(), page.clone()));
            }
        }
        let players_see = player.then(|| {
            let players = hexmap::draw::player::player_export(
                &map,
                &hexmap::draw::player::PlayerView::default(),
            );
            whole_key(&players)
        });
        let expected = players_see.as_ref().unwrap_or(&key);
        let notes = e.scene["notes"].as_array().unwrap();
        assert_eq!(notes.len(), expected.len(), "a pin per entry shown");
        for ((label, hex, entry), note) in expected.iter().zip(notes) {
            // Foundry's cell under the pin is the entry's hex.
            let at = (note["x"].as_f64().unwrap(), note["y"].as_f64().unwrap());
            let (i, j) = grid.offset_of(at);
            assert_eq!(hex_of_cell(&map, &e.scene, i, j), *hex, "pin of {label}");
            let (entry_id, page) = &pages[note["pageId"].as_str().unwrap()];
            assert_eq!(&note["entryId"], entry_id, "{label}");
            // The heading and the title; a region's entry titled with its own name (the
            // barony's) says it once.
            let name = if label == &format!("Region {}", entry.title) {
                label.clone()
            } else {
                format!("{label} {}", entry.title)
            };
            assert_eq!(page["name"], name);
            let html = page["text"]["content"].as_str().unwrap();
            let secret = html.contains("class=\"secret\"");
            assert_eq!(
                secret,
                !player && !entry.gm_text.is_empty(),
                "{label}: {html}"
            );
            let in_gm_journal = gm.as_ref().is_some_and(|g| &g["_id"] == entry_id);
            assert_eq!(in_gm_journal, entry.gm_only, "{label}");
        }
        if player {
            // No GM text of any entry in any file the players get.
            let texts = [
                std::fs::read_to_string(dir.path().join("players.json")).unwrap(),
                std::fs::read_to_string(dir.path().join("players-journal.json")).unwrap(),
            ];
            for (_, _, entry) in &key {
                for t in &texts {
                    let gm_text = entry.gm_text.trim();
                    if gm_text.len() > 12 {
                        assert!(!t.contains(&gm_text[..12]), "{gm_text}");
                    }
                    if entry.gm_only {
                        assert!(!t.contains(&entry.title), "{}", entry.title);
                    }
                }
            }
        }
    }
}

impl FoundryScene {
    /// hexagonal.mjs 331-353 (`getShape`): a cell's corners around its centre, a
    /// quarter of the cell's width and height apart (width = size, height = 2 size / √3
    /// for row grids; the other way round for column grids).
    fn shape(&self) -> [(f64, f64); 6] {
        let long = 2.0 * self.size / 3f64.sqrt();
        if self.columns() {
            let (x, y) = (long / 4.0, self.size / 4.0);
            [
                (-2.0 * x, 0.0),
                (-x, -2.0 * y),
                (x, -2.0 * y),
                (2.0 * x, 0.0),
                (x, 2.0 * y),
                (-x, 2.0 * y),
            ]
        } else {
            let (x, y) = (self.size / 4.0, long / 4.0);
            [
                (0.0, -2.0 * y),
                (2.0 * x, -y),
                (2.0 * x, y),
                (0.0, 2.0 * y),
                (-2.0 * x, y),
                (-2.0 * x, -y),
            ]
        }
    }
}

/// `background` with Foundry's cells of this grid outlined and their centres marked (a
/// white ring with a black dot), for the README: drawn from the reader above, not from
/// hexmap.
fn overlay(grid: &FoundryScene, mut img: tiny_skia::Pixmap) -> tiny_skia::Pixmap {
    let (bx, by) = grid.background_origin();
    let span = (img.width().max(img.height()) as f64 / grid.size) as i32 + 2;
    let mut paint = tiny_skia::Paint::default();
    let stroke = tiny_skia::Stroke {
        width: 1.5,
        ..Default::default()
    };
    for i in -1..=span {
        for j in -1..=span {
            let (x, y) = grid.centre(i, j);
            let (x, y) = ((x - bx) as f32, (y - by) as f32);
            if x < 0.0 || y < 0.0 || x > img.width() as f32 || y > img.height() as f32 {
                continue;
            }
            let mut outline = tiny_skia::PathBuilder::new();
            for (n, (dx, dy)) in grid.shape().into_iter().enumerate() {
                let (px, py) = (x + dx as f32, y + dy as f32);
                if n == 0 {
                    outline.move_to(px, py);
                } else {
                    outline.line_to(px, py);
                }
            }
            outline.close();
            paint.set_color_rgba8(255, 140, 0, 255);
            img.stroke_path(
                &outline.finish().unwrap(),
                &paint,
                &stroke,
                tiny_skia::Transform::identity(),
                None,
            );
            mark_centre(&mut img, x, y);
        }
    }
    img
}

/// The whole key as the exports list it (hexes', icons' and regions' entries): label, the
/// hex its pin goes on, entry.
fn whole_key(map: &hexmap::map::HexMap) -> Vec<(String, hexmap::hex::Hex, hexmap::map::KeyEntry)> {
    hexmap::io::format::key::keyed(map)
        .into_iter()
        .map(|k| (k.heading(), k.hex, k.entry))
        .collect()
}
