//! Exports that Tiled itself reads and draws right, for pointy and flat maps in all four
//! offset kinds, rectangular and hexagon-shaped; round trips through Tiled's formats; Tiled's
//! own example maps import; broken Tiled files are refused with a named error.

use crate::support;
use support::tiled_tools as tools;

use hexmap::hex::{Hex, OffsetKind, Orientation, Point};
use hexmap::io::FolderResources;
use hexmap::io::format::{Format, WriteOptions, by_name, write_path};
use hexmap::io::tiled::{from_tiled, read_tiled, to_tiled};
use hexmap::map::testing::TestMap;
use hexmap::map::{HexMap, MapShape};
use std::path::Path;
use std::process::Command;

fn sample_map(kind: OffsetKind, shape: MapShape) -> HexMap {
    let orientation = if kind.shoves_rows() {
        Orientation::Pointy
    } else {
        Orientation::Flat
    };
    let mut map = TestMap::on(orientation, shape)
        .named(format!("{kind} sample"))
        .offset_kind(kind)
        .hex_size_xy(18.0, 15.0)
        .build();
    let ids: Vec<_> = map.palette().terrains().iter().map(|t| t.id).collect();
    let cells: Vec<Hex> = map.shape().iter().collect();
    for (i, h) in cells.into_iter().enumerate() {
        let pick = (h.q * 7 + h.r * 13).rem_euclid(ids.len() as i32 + 1) as usize;
        map.set_terrain(h, ids.get(pick).copied()).unwrap();
        if i % 9 == 4 {
            map.set_mine(h, true).unwrap();
        }
        if i % 17 == 3 {
            map.set_note(h, Some(format!("note {i} <&>"))).unwrap();
        }
    }
    map
}

fn maps() -> Vec<(String, HexMap)> {
    let mut v = Vec::new();
    for kind in OffsetKind::ALL {
        v.push((
            format!("{kind}-rect"),
            sample_map(kind, MapShape::rectangle(kind, 9, 7).unwrap()),
        ));
        v.push((
            format!("{kind}-hexagon"),
            sample_map(kind, MapShape::hexagon(4).unwrap()),
        ));
    }
    v
}

fn format(name: &str) -> &'static dyn Format {
    by_name(name).unwrap()
}

fn export(map: &HexMap, format: &dyn Format, path: &Path) {
    crate::support::export::export_as(map, format.name(), path);
}

/// Tiled drew every cell of the map: the pixel at each of our hex centres (Tiled's tile
/// centre for the cell's offset position) has the terrain's colour; holes are transparent.
pub(crate) fn check_render(map: &HexMap, img: &tiny_skia::Pixmap, label: &str) {
    let tiled = to_tiled(map, "unused.png");
    let kind = map.properties().offset_kind;
    // Tiled's (0, 0) is this offset (col, row) of the map (`hexmap:origin`).
    let (min_col, min_row) = tiled
        .property("hexmap:origin")
        .and_then(|o| o.split_once(','))
        .map(|(c, r)| (c.parse::<i32>().unwrap(), r.parse::<i32>().unwrap()))
        .unwrap();
    let mut checked = 0;
    for row in 0..tiled.height as i64 {
        for col in 0..tiled.width as i64 {
            let hex = kind.to_hex(hexmap::hex::OffsetCoord::new(
                min_col + col as i32,
                min_row + row as i32,
            ));
            let (x, y) = tiled.geometry.tile_centre(col, row);
            let got = tools::pixel(img, x, y)
                .unwrap_or_else(|| panic!("{label}: ({col},{row}) outside the render"));
            match map.terrain(hex) {
                Some(t) => {
                    let c = map.palette().get(t).unwrap().color.0;
                    assert!(
                        tools::close(got, [c[0], c[1], c[2], 255], 2),
                        "{label}: {hex} drawn {got:?}, terrain {c:?}"
                    );
                }
                None => assert!(
                    got[3] < 8,
                    "{label}: {hex} has no terrain but is drawn {got:?}"
                ),
            }
            checked += 1;
        }
    }
    assert_eq!(checked, tiled.width * tiled.height);
}

#[test]
fn tiled_reads_converts_and_draws_our_exports() {
    if !tools::available() {
        return;
    }
    for (name, map) in maps() {
        let dir = tempfile::tempdir().unwrap();
        let (tmx, tmj) = (
            dir.path().join(format!("{name}.tmx")),
            dir.path().join(format!("{name}.tmj")),
        );
        export(&map, format("tmx"), &tmx);
        export(&map, format("tmj"), &tmj);
        assert!(dir.path().join(format!("{name}-tiles.png")).exists());
        let kind = map.properties().offset_kind;
        let (axis, index) = hexmap::io::tiled::stagger_of(kind);
        // Each converted to the other format by Tiled: exit 0, stagger fields kept.
        let as_json = dir.path().join("by-tiled.tmj");
        tools::export_map("json", &tmx, &as_json);
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&as_json).unwrap()).unwrap();
        assert_eq!(
            (
                v["orientation"].as_str(),
                v["staggeraxis"].as_str(),
                v["staggerindex"].as_str()
            ),
            (Some("hexagonal"), Some(axis.name()), Some(index.name())),
            "{name}"
        );
        let as_tmx = dir.path().join("by-tiled.tmx");
        tools::export_map("tmx", &tmj, &as_tmx);
        let xml = std::fs::read_to_string(&as_tmx).unwrap();
        assert!(
            xml.contains(&format!(
                "staggeraxis=\"{}\" staggerindex=\"{}\"",
                axis.name(),
                index.name()
            )),
            "{name}: {xml}"
        );
        // Both of Tiled's conversions read back to the same map, cell for cell.
        let res = FolderResources(dir.path().to_path_buf());
        for file in [&as_json, &as_tmx] {
            let doc = read_tiled(&std::fs::read_to_string(file).unwrap(), "x", &res).unwrap();
            let (back, warnings) = from_tiled(&doc).unwrap();
            assert!(warnings.is_empty(), "{name}: {warnings:?}");
            assert_eq!(back.shape(), map.shape(), "{name}");
            for h in map.shape().iter() {
                assert_eq!(
                    (back.terrain(h), back.is_mine(h), back.note(h)),
                    (map.terrain(h), map.is_mine(h), map.note(h)),
                    "{name} {h}"
                );
            }
        }
        // Drawn by Tiled (mines layer hidden so terrain shows at every centre).
        for input in [&tmx, &tmj] {
            let img = tools::rasterize(
                input,
                &dir.path().join("render.png"),
                &["--hide-layer", "mines", "--hide-layer", "notes"],
            );
            check_render(&map, &img, &format!("{name} {}", input.display()));
        }
    }
}

#[test]
fn hexmap_to_tmx_to_hexmap_keeps_every_cell() {
    for (name, map) in maps() {
        let dir = tempfile::tempdir().unwrap();
        for format in [format("tmx"), format("tmj")] {
            let path = dir.path().join(format!("m.{format}"));
            export(&map, format, &path);
            let doc = read_tiled(
                &std::fs::read_to_string(&path).unwrap(),
                "m",
                &FolderResources(dir.path().into()),
            )
            .unwrap();
            let (back, warnings) = from_tiled(&doc).unwrap();
            assert!(warnings.is_empty(), "{name}: {warnings:?}");
            assert_eq!(back.properties(), map.properties(), "{name}");
            assert_eq!(back.shape(), map.shape(), "{name}");
            assert_eq!(
                back.palette(),
                map.palette(),
                "{name}: palette restored from hexmap:* tile properties"
            );
            for h in map.shape().iter() {
                assert_eq!(back.terrain(h), map.terrain(h), "{name} {h}");
                assert_eq!(back.is_mine(h), map.is_mine(h), "{name} {h}");
                assert_eq!(back.note(h), map.note(h), "{name} {h}");
            }
        }
    }
}

fn hexmap_cmd(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_hexmap"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn tiled_example_maps_import_with_the_cli() {
    let examples = Path::new("/usr/share/doc/tiled/examples");
    if !examples.exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "Tiled's examples are required under CI"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (file, cells, orientation) in [
        ("hexagonal-mini.tmx", 400, "pointy"),
        ("test_hexagonal_tile_60x60x30.tmx", 400, "flat"),
    ] {
        let out = dir.path().join(format!("{file}.ron"));
        let o = hexmap_cmd(&[
            "import",
            examples.join(file).to_str().unwrap(),
            out.to_str().unwrap(),
        ]);
        assert!(
            o.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let o = hexmap_cmd(&["info", out.to_str().unwrap(), "--json"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            text.contains(&format!("\"cells\":{cells}"))
                || text.contains(&format!("\"cells\": {cells}")),
            "{file}: {text}"
        );
        assert!(text.contains(orientation), "{file}: {text}");
    }
}

/// The TMX with the first tile id of the first CSV layer removed.
fn drop_first_tile(tmx: &str) -> String {
    let start = tmx.find("<data encoding=\"csv\">").unwrap() + "<data encoding=\"csv\">".len();
    let comma = start + tmx[start..].find(',').unwrap();
    format!("{}{}", &tmx[..start], &tmx[comma + 1..])
}

#[test]
fn broken_tiled_files_exit_1_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let map = &maps()[0].1;
    let good = dir.path().join("good.tmx");
    export(map, format("tmx"), &good);
    let text = std::fs::read_to_string(&good).unwrap();
    let cases = [
        (
            "bad-xml.tmx",
            text.replacen("<layer", "<layer <", 1),
            "XML error at line",
        ),
        (
            "short.tmx",
            drop_first_tile(&text),
            "tiles; expected 63 (width × height)",
        ),
        (
            "no-tileset.tmx",
            text.replacen(
                "<tileset firstgid=\"1\"",
                "<tileset firstgid=\"1\" source=\"missing.tsx\"",
                1,
            ),
            "cannot read tileset 'missing.tsx'",
        ),
        (
            "ortho.tmx",
            text.replace("orientation=\"hexagonal\"", "orientation=\"orthogonal\""),
            "hexmap imports only hexagonal Tiled maps",
        ),
    ];
    for (file, content, message) in cases {
        let path = dir.path().join(file);
        std::fs::write(&path, content).unwrap();
        let out = dir.path().join("out.ron");
        let o = hexmap_cmd(&["import", path.to_str().unwrap(), out.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{file}: {err}");
        assert!(err.contains(file) && err.contains(message), "{file}: {err}");
        assert!(!out.exists(), "{file}: no output written");
    }
}

#[test]
fn csv_and_json_describe_every_cell() {
    let map = sample_map(OffsetKind::EvenQ, MapShape::hexagon(3).unwrap());
    let dir = tempfile::tempdir().unwrap();
    let (csv, json) = (dir.path().join("m.csv"), dir.path().join("m.json"));
    let o = hexmap_cmd(&[
        "new",
        "--shape",
        "hexagon:3",
        "--orientation",
        "flat",
        "--offset",
        "even-q",
        dir.path().join("n.ron").to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    export(&map, format("csv"), &csv);
    export(&map, format("json"), &json);
    let text = std::fs::read_to_string(&csv).unwrap();
    let (header, rows) = text.split_once('\n').unwrap();
    let grid: Vec<Vec<i32>> = rows
        .lines()
        .map(|l| l.split(',').map(|x| x.parse().unwrap()).collect())
        .collect();
    let b = map.shape().offset_bounds(OffsetKind::EvenQ);
    // The header says where the grid starts (a hexagon of radius 3 spans columns −3…3);
    // the cell-by-cell check below proves the numbers right.
    assert_eq!(
        header,
        format!(
            "# hexmap-csv 1: even-q, first column {}, first row {}",
            b.min_col, b.min_row
        )
    );
    assert_eq!(b.min_col, -3);
    assert_eq!(grid.len(), b.rows as usize);
    assert_eq!(
        grid.iter().filter(|r| r.len() == b.cols as usize).count(),
        grid.len()
    );
    for (r, line) in grid.iter().enumerate() {
        for (c, &v) in line.iter().enumerate() {
            let h = OffsetKind::EvenQ.to_hex(hexmap::hex::OffsetCoord::new(
                b.min_col + c as i32,
                b.min_row + r as i32,
            ));
            let want = if !map.contains(h) {
                -1
            } else {
                map.terrain(h).map_or(0, |t| i32::from(t.get()))
            };
            assert_eq!(v, want, "{h}");
        }
    }
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 37);
    for c in cells {
        let h = Hex::new(
            c["hex"][0].as_i64().unwrap() as i32,
            c["hex"][1].as_i64().unwrap() as i32,
        );
        let o = map.properties().offset_kind.from_hex(h);
        assert_eq!(c["offset"], serde_json::json!([o.col, o.row]), "{h}");
        assert_eq!(
            c["terrain"].as_u64(),
            map.terrain(h).map(|t| u64::from(t.get()))
        );
        assert_eq!(c["mine"].as_bool().unwrap(), map.is_mine(h));
        let count = h.neighbors().iter().filter(|&&n| map.is_mine(n)).count() as u64;
        assert_eq!(c["count"].as_u64().unwrap(), count);
        assert_eq!(c["note"].as_str(), map.note(h));
    }
}

/// The picture's pixel at every hex centre has the terrain colour; empty cells are
/// transparent (They were white, like light terrain).
fn check_picture_centres(map: &HexMap, img: &tiny_skia::Pixmap, label: &str) {
    // Rebuild the picture's layout: same orientation and hex size, origin from the bounds.
    let size = map.properties().hex_size;
    let scale = 24.0 / size.x.max(size.y);
    let (sx, sy) = (size.x * scale, size.y * scale);
    let unit = hexmap::hex::Layout::new(
        map.properties().orientation,
        Point::new(sx, sy),
        Point::default(),
    )
    .unwrap();
    let (mut x0, mut y0) = (f64::MAX, f64::MAX);
    for h in map.shape().iter() {
        let p = unit.hex_to_pixel(h);
        x0 = x0.min(p.x - sx);
        y0 = y0.min(p.y - sy);
    }
    for h in map.shape().iter() {
        let p = unit.hex_to_pixel(h);
        let got = tools::pixel(img, p.x - x0 + 8.0, p.y - y0 + 8.0).unwrap();
        let want = map
            .terrain(h)
            .and_then(|t| map.palette().get(t))
            .map_or([0, 0, 0, 0], |t| {
                let [r, g, b] = t.color.0;
                [r, g, b, 255]
            });
        assert!(
            tools::close(got, want, 2),
            "{label} {h}: {got:?} vs {want:?}"
        );
    }
}

#[test]
fn png_export_has_terrain_colours_at_hex_centres() {
    let dir = tempfile::tempdir().unwrap();
    let opts = WriteOptions {
        mines: false,
        ..WriteOptions::default()
    };
    for (name, map) in maps() {
        let path = dir.path().join(format!("{name}.png"));
        write_path(&map, None, format("png"), &opts, &path, &mut |_| {}).unwrap();
        check_picture_centres(&map, &tiny_skia::Pixmap::load_png(&path).unwrap(), &name);
    }
}

#[test]
fn svg_export_drawn_by_librsvg_has_terrain_colours_at_hex_centres() {
    if Command::new("rsvg-convert")
        .arg("--version")
        .output()
        .is_err()
    {
        assert!(
            std::env::var_os("CI").is_none(),
            "rsvg-convert (apt package librsvg2-bin) is required under CI"
        );
        eprintln!("SKIPPED: rsvg-convert is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let opts = WriteOptions {
        mines: false,
        ..WriteOptions::default()
    };
    for (name, map) in maps() {
        let (svg, png) = (
            dir.path().join(format!("{name}.svg")),
            dir.path().join(format!("{name}.png")),
        );
        write_path(&map, None, format("svg"), &opts, &svg, &mut |_| {}).unwrap();
        let o = Command::new("rsvg-convert")
            .arg("-o")
            .arg(&png)
            .arg(&svg)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        check_picture_centres(&map, &tiny_skia::Pixmap::load_png(&png).unwrap(), &name);
    }
}

/// `tmx` with the value of the property `name` replaced by `value`.
fn set_property(tmx: &str, name: &str, value: &str) -> String {
    let key = format!("<property name=\"{name}\" value=\"");
    let start = tmx.find(&key).expect("the property is there") + key.len();
    let end = start + tmx[start..].find('"').unwrap();
    format!("{}{value}{}", &tmx[..start], &tmx[end..])
}

#[test]
fn import_shortens_long_non_ascii_names_to_a_file_validate_accepts() {
    // 150 two-byte characters: 300 bytes, over the 200-byte limit of map and terrain
    // names, though only 150 characters.
    let long_map_name = "ж".repeat(150);
    let long_terrain_name = "é".repeat(150);
    let dir = tempfile::tempdir().unwrap();
    let (tmx, out) = (dir.path().join("long.tmx"), dir.path().join("long.ron"));
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/minesweeper-13.ron");
    let o = hexmap_cmd(&[
        "export",
        bundled.to_str().unwrap(),
        "--to",
        "tmx",
        tmx.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&tmx).unwrap();
    let text = set_property(&text, "hexmap:name", &long_map_name);
    let text = set_property(&text, "name", &long_terrain_name);
    std::fs::write(&tmx, text).unwrap();

    let o = hexmap_cmd(&["import", tmx.to_str().unwrap(), out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = hexmap_cmd(&["validate", out.to_str().unwrap()]);
    assert!(
        o.status.success(),
        "the imported file validates: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = hexmap_cmd(&["info", out.to_str().unwrap(), "--json"]);
    let info: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let name = info["name"].as_str().unwrap();
    assert_eq!(
        name,
        "ж".repeat(100),
        "shortened to 200 bytes, whole characters"
    );
    let terrain = info["palette"][0]["name"].as_str().unwrap();
    assert_eq!(terrain, "é".repeat(100));
}
