//! Every map in `maps/` (the bundled samples, and whatever the examples write there) exported
//! by the command line to every format of the registry, and to every player view a format
//! offers, each output read by its own consumer: Tiled's `--export-map` for TMX and TMJ,
//! librsvg for SVG, poppler for PDF, a PNG decoder, the JSON schema (Python's jsonschema),
//! Python's json.tool (Foundry scenes), unzip and xmllint (VASSAL modules), a CSV parse,
//! and `hexmap import` or the RON loader where hexmap reads the file back.
//! A map or a format added later is covered without a change here; a format with no
//! consumer check below fails the test until one is written.
//!
//! Each consumer is required under CI=true; elsewhere a missing one is said and skipped.

use hexmap::io::format::{Format, FormatOption, read_path, writers};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether `program` runs (`args` is a harmless call such as `--version`); under CI it must.
fn tool(program: &str, args: &[&str], package: &str) -> bool {
    let ok = Command::new(program)
        .args(args)
        .env("QT_QPA_PLATFORM", "offscreen")
        .output()
        .is_ok_and(|o| o.status.success() || !o.stdout.is_empty() || !o.stderr.is_empty());
    if !ok {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{program} ({package}) is required under CI"
        );
        eprintln!("SKIPPED a consumer: {program} ({package}) is not installed");
    }
    ok
}

/// The consumers found on this machine.
struct Consumers {
    tiled: bool,
    rsvg: bool,
    poppler: bool,
    jsonschema: bool,
}

impl Consumers {
    fn find() -> Consumers {
        Consumers {
            tiled: tool("tiled", &["--version"], "apt package tiled"),
            rsvg: tool("rsvg-convert", &["--version"], "apt package librsvg2-bin"),
            poppler: tool("pdfinfo", &["-v"], "apt package poppler-utils")
                && tool("pdftoppm", &["-v"], "apt package poppler-utils"),
            jsonschema: tool(
                "python3",
                &["-c", "import jsonschema"],
                "python3 -m pip install jsonschema",
            ),
        }
    }
}

/// Every `.ron` file in `maps/`, sorted.
fn bundled_maps() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut maps: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    maps.sort();
    assert!(maps.len() >= 6, "the bundled maps: {maps:?}");
    maps
}

/// Run a program, failing with its output when it fails.
fn run(cmd: &mut Command) -> std::process::Output {
    let out = cmd
        .env("QT_QPA_PLATFORM", "offscreen")
        .output()
        .unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// A decoded PNG that shows something: more than one colour.
fn assert_picture(png: &Path, what: &str) {
    let img = tiny_skia::Pixmap::load_png(png)
        .unwrap_or_else(|e| panic!("{what}: {} is not a PNG ({e})", png.display()));
    assert!(
        img.width() > 10 && img.height() > 10,
        "{what}: a tiny picture"
    );
    let first = img.pixels()[0];
    assert!(
        img.pixels().iter().any(|p| *p != first),
        "{what}: one colour only"
    );
}

/// The map's cell count after `hexmap import FILE back.ron`, read by the RON loader.
fn imported_cells(file: &Path, dir: &Path) -> usize {
    let back = dir.join(format!(
        "{}-back.ron",
        file.file_name().unwrap().to_string_lossy()
    ));
    run(Command::new(env!("CARGO_BIN_EXE_hexmap"))
        .arg("import")
        .arg(file)
        .arg(&back)
        .arg("--force"));
    read_path(&back).unwrap().map.cell_count()
}

/// Read `out`, written as `format` from a map of `cells` cells, with that format's
/// consumer. JSON files are collected in `json` for one schema run at the end.
fn consume(
    map: &Path,
    format: &dyn Format,
    player_view: bool,
    out: &Path,
    cells: usize,
    c: &Consumers,
    json: &mut Vec<PathBuf>,
) {
    let what = format!("{} ({})", out.display(), format.name());
    let dir = out.parent().unwrap();
    match format.name() {
        "ron" => assert_eq!(read_path(out).unwrap().map.cell_count(), cells, "{what}"),
        "tmx" | "tmj" => {
            if c.tiled {
                let tiled_json = out.with_extension(format!("{}.tiled.json", format.name()));
                run(Command::new("tiled")
                    .arg("--export-map")
                    .arg("json")
                    .arg(out)
                    .arg(&tiled_json));
                let doc: serde_json::Value =
                    serde_json::from_slice(&std::fs::read(&tiled_json).unwrap()).unwrap();
                let (w, h) = (
                    doc["width"].as_u64().unwrap(),
                    doc["height"].as_u64().unwrap(),
                );
                let layers = doc["layers"].as_array().unwrap();
                let tiles: Vec<&serde_json::Value> =
                    layers.iter().filter(|l| l["type"] == "tilelayer").collect();
                assert!(!tiles.is_empty(), "{what}: Tiled read no tile layer");
                for l in tiles {
                    assert_eq!(
                        l["data"].as_array().map(Vec::len),
                        Some((w * h) as usize),
                        "{what}: layer {} as Tiled reads it",
                        l["name"]
                    );
                }
            }
            assert_eq!(imported_cells(out, dir), cells, "{what}: imported back");
        }
        "csv" => {
            let text = std::fs::read_to_string(out).unwrap();
            let mut rows = text.lines().filter(|l| !l.starts_with('#'));
            let mut width = None;
            let mut on_map = 0;
            for row in rows.by_ref() {
                let values: Vec<i64> = row
                    .split(',')
                    .map(|v| v.trim().parse().unwrap_or_else(|_| panic!("{what}: {v:?}")))
                    .collect();
                assert_eq!(*width.get_or_insert(values.len()), values.len(), "{what}");
                on_map += values.iter().filter(|&&v| v >= 0).count();
            }
            assert_eq!(on_map, cells, "{what}: cells in the grid");
        }
        "json" => {
            let doc: serde_json::Value =
                serde_json::from_slice(&std::fs::read(out).unwrap()).unwrap();
            assert_eq!(doc["cells"].as_array().map(Vec::len), Some(cells), "{what}");
            json.push(out.to_path_buf());
            if !player_view {
                assert_eq!(imported_cells(out, dir), cells, "{what}: imported back");
            }
        }
        "png" => assert_picture(out, &what),
        "svg" => {
            if c.rsvg {
                let png = out.with_extension("svg.png");
                run(Command::new("rsvg-convert").arg(out).arg("-o").arg(&png));
                assert_picture(&png, &what);
            }
        }
        "pdf" => {
            if c.poppler {
                let info = run(Command::new("pdfinfo").arg(out));
                let info = String::from_utf8_lossy(&info.stdout);
                let pages: usize = info
                    .lines()
                    .find_map(|l| l.strip_prefix("Pages:"))
                    .and_then(|n| n.trim().parse().ok())
                    .unwrap_or_else(|| panic!("{what}: {info}"));
                assert!(pages >= 1, "{what}");
                let prefix = out.with_extension("page");
                run(Command::new("pdftoppm")
                    .args(["-r", "12", "-png"])
                    .arg(out)
                    .arg(&prefix));
                let stem = prefix.file_name().unwrap().to_string_lossy().into_owned();
                let mut drawn: Vec<PathBuf> = std::fs::read_dir(dir)
                    .unwrap()
                    .map(|e| e.unwrap().path())
                    .filter(|p| {
                        let n = p.file_name().unwrap().to_string_lossy();
                        n.starts_with(&format!("{stem}-")) && n.ends_with(".png")
                    })
                    .collect();
                drawn.sort();
                assert_eq!(drawn.len(), pages, "{what}: pages drawn by pdftoppm");
                for page in &drawn {
                    assert_picture(page, &what);
                }
            }
        }
        "vassal" => {
            // Debian's unzip tests the archive; xmllint parses both XML files in it.
            run(Command::new("unzip").arg("-tq").arg(out));
            for entry in ["buildFile.xml", "moduledata"] {
                let xml = dir.join(format!(
                    "{}.{entry}",
                    out.file_name().unwrap().to_string_lossy()
                ));
                let bytes = run(Command::new("unzip").arg("-p").arg(out).arg(entry)).stdout;
                std::fs::write(&xml, bytes).unwrap();
                run(Command::new("xmllint").arg("--noout").arg(&xml));
            }
            let png = out.with_extension("board.png");
            let bytes = run(Command::new("unzip")
                .arg("-p")
                .arg(out)
                .arg("images/board.png"))
            .stdout;
            std::fs::write(&png, bytes).unwrap();
            assert_picture(&png, &what);
        }
        // The key's exports: pandoc reads the vault, Python's HTML parser the page,
        // poppler the booklet; the entries the page heads (notes read as entries
        // included) are the ones the vault has files for and the booklet sets, in order.
        "key-md" => {
            let vault = out.parent().unwrap();
            let files = std::fs::read_dir(vault).unwrap().count();
            if let Some(heads) = key_headings(map, player_view, dir) {
                // The entries, the index, the tags and the picture.
                assert_eq!(files, heads.len() + 3, "{what}");
            }
            crate::export_key::check_vault(vault);
        }
        "key-html" => {
            crate::export_key::check_page(out);
        }
        "key-pdf" => {
            if let Some(heads) = key_headings(map, player_view, dir) {
                crate::export_key::check_booklet(out, &heads);
            }
        }
        "foundry" => {
            // Python's json.tool parses the scene and its journals; the background is
            // the file the scene names beside it.
            run(Command::new("python3").args(["-m", "json.tool"]).arg(out));
            let scene: serde_json::Value =
                serde_json::from_slice(&std::fs::read(out).unwrap()).unwrap();
            let stem = out.file_stem().unwrap().to_string_lossy().into_owned();
            for journal in ["journal", "gm-journal"] {
                let path = dir.join(format!("{stem}-{journal}.json"));
                if path.exists() {
                    run(Command::new("python3").args(["-m", "json.tool"]).arg(&path));
                }
            }
            let src = scene["background"]["src"].as_str().unwrap();
            assert_picture(&dir.join(src), &what);
        }
        "godot" => {
            // Godot 4 does not run here (Debian has Godot 3 only): the scene's cell list
            // is read as Godot's TileMapLayer reads it (a u16 format, 12 bytes a cell;
            // tests/core/export_godot.rs checks the geometry), no more cells than hexes,
            // hexagon tiles, and the atlas the TileSet names is a picture.
            let scene = std::fs::read_to_string(out).unwrap();
            let data = scene
                .lines()
                .find_map(|l| l.strip_prefix("tile_map_data = PackedByteArray("))
                .and_then(|l| l.strip_suffix(')'))
                .unwrap_or_else(|| panic!("{what}: no tile_map_data"));
            let bytes = data.split(',').count();
            assert_eq!((bytes - 2) % 12, 0, "{what}");
            assert!(bytes - 2 <= 12 * cells, "{what}: more cells than hexes");
            let stem = out.file_stem().unwrap().to_string_lossy().into_owned();
            let tres = std::fs::read_to_string(dir.join(format!("{stem}-tileset.tres")))
                .unwrap_or_else(|e| panic!("{what}: the TileSet: {e}"));
            assert!(tres.contains("tile_shape = 3"), "{what}: hexagon tiles");
            assert_picture(&dir.join(format!("{stem}-atlas.png")), &what);
        }
        other => panic!("no consumer check for the format {other}: add one to this test"),
    }
}

/// The headings of `map`'s key entries ("0305 Title", label order) as its web page
/// (`--to key-html`, read by Python's HTML parser) lists them; `None` without python3.
fn key_headings(map: &Path, player_view: bool, dir: &Path) -> Option<Vec<String>> {
    let html = dir.join(format!("headings-{player_view}.html"));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hexmap"));
    cmd.arg("export")
        .arg(map)
        .args(["--to", "key-html", "--force"])
        .arg(&html);
    if player_view {
        cmd.arg("--player-view");
    }
    run(&mut cmd);
    crate::export_key::check_page(&html)
}

/// Export one map to every format and player view, reading each file back.
fn export_everything(map: &Path, dir: &Path, c: &Consumers) -> Vec<PathBuf> {
    let cells = read_path(map).unwrap().map.cell_count();
    let stem = map.file_stem().unwrap().to_string_lossy().into_owned();
    let mut json = Vec::new();
    for format in writers() {
        let views: &[bool] = if format.options().contains(&FormatOption::PlayerView) {
            &[false, true]
        } else {
            &[false]
        };
        for &player_view in views {
            // The format's name in the file's: two formats may share an extension
            // (pdf and key-pdf, hexmap's JSON and a Foundry scene).
            let name = format!(
                "{stem}{}-{}.{}",
                if player_view { "-player" } else { "" },
                format.name(),
                format.extensions()[0]
            );
            let out = dir.join(name);
            let mut cmd = Command::new(env!("CARGO_BIN_EXE_hexmap"));
            cmd.arg("export").arg(map).arg("--to").arg(format.name());
            if player_view {
                cmd.arg("--player-view");
            }
            // A format that writes a folder (the vault) is given the folder.
            let out_arg = match format.folder_main() {
                Some(_) => dir.join(format!(
                    "{stem}{}-{}",
                    if player_view { "-player" } else { "" },
                    format.name()
                )),
                None => out.clone(),
            };
            cmd.arg(&out_arg);
            run(&mut cmd);
            let out = match format.folder_main() {
                Some(main) => out_arg.join(main),
                None => out,
            };
            consume(map, format, player_view, &out, cells, c, &mut json);
            if format.options().contains(&FormatOption::CsvValues) && !player_view {
                csv_grids(map, dir);
            }
            if format.options().contains(&FormatOption::Compact) {
                let compact = out.with_extension("compact.json");
                run(Command::new(env!("CARGO_BIN_EXE_hexmap"))
                    .arg("export")
                    .arg(map)
                    .args(["--to", "json", "--compact"])
                    .args(player_view.then_some("--player-view"))
                    .arg(&compact));
                consume_compact(&out, &compact, player_view, cells);
                json.push(compact);
            }
        }
    }
    json
}

/// Export `map` as CSV once per numeric layer it has (`--layer`) and per property it
/// declares (`--property`), each read by Python's `csv` module: a row per row of the
/// offset box, a field per column, a layer's value on every cell and none at holes.
fn csv_grids(map: &Path, dir: &Path) {
    let m = read_path(map).unwrap().map;
    let kind = m.properties().offset_kind;
    let b = m.shape().offset_bounds(kind);
    let layers =
        hexmap::io::format::layers::numeric_layers(&m).map(|l| ("--layer", l.name.to_owned()));
    let props = m
        .custom()
        .types()
        .iter()
        .map(|t| ("--property", t.name.clone()));
    for (i, (flag, name)) in layers.chain(props).enumerate() {
        let out = dir.join(format!("grid-{i}.csv"));
        run(Command::new(env!("CARGO_BIN_EXE_hexmap"))
            .arg("export")
            .arg(map)
            .args(["--to", "csv", flag, &name])
            .arg(&out));
        let read = run(Command::new("python3")
            .arg("-c")
            .arg(
                "import csv, json, sys\n\
             f = open(sys.argv[1], newline='')\n\
             print(json.dumps([r for r in csv.reader(l for l in f if not l.startswith('#'))]))\n",
            )
            .arg(&out));
        let rows: Vec<Vec<String>> = serde_json::from_slice(&read.stdout).unwrap();
        let what = format!("{} {flag} {name}", map.display());
        assert_eq!(rows.len(), b.rows as usize, "{what}");
        assert!(rows.iter().all(|r| r.len() == b.cols as usize), "{what}");
        if flag == "--layer" {
            let filled = rows.iter().flatten().filter(|f| !f.is_empty()).count();
            assert_eq!(filled, m.cell_count(), "{what}: a value on every cell");
        }
    }
}

/// Read `compact`, the compact JSON of the map whose full JSON is `full`: one line, a
/// grid value for every cell, and (not a player view) imported back to the very map the
/// full form imports to.
fn consume_compact(full: &Path, compact: &Path, player_view: bool, cells: usize) {
    let what = compact.display();
    let text = std::fs::read_to_string(compact).unwrap();
    assert_eq!(text.trim_end().lines().count(), 1, "{what}: one line");
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let terrain = doc["grid"]["terrain"].as_array().unwrap();
    let on_map = terrain.iter().filter(|t| t.as_i64() != Some(-1)).count();
    assert_eq!(on_map, cells, "{what}: cells in the grid");
    if !player_view {
        let dir = compact.parent().unwrap();
        assert_eq!(imported_cells(compact, dir), cells, "{what}: imported back");
        let back = |f: &Path| {
            std::fs::read_to_string(dir.join(format!(
                "{}-back.ron",
                f.file_name().unwrap().to_string_lossy()
            )))
            .unwrap()
        };
        assert_eq!(
            back(compact),
            back(full),
            "{what}: the compact form imports to the map the full form does"
        );
    }
}

#[test]
fn every_bundled_map_exports_to_every_format_and_each_file_reads_back() {
    let consumers = Consumers::find();
    let root = tempfile::tempdir().unwrap();
    let maps = bundled_maps();
    // One thread per map: the machine's cores share the exports and the consumers.
    let json: Vec<PathBuf> = std::thread::scope(|s| {
        let jobs: Vec<_> = maps
            .iter()
            .map(|map| {
                let dir = root
                    .path()
                    .join(map.file_stem().unwrap().to_string_lossy().as_ref());
                std::fs::create_dir_all(&dir).unwrap();
                let consumers = &consumers;
                s.spawn(move || export_everything(map, &dir, consumers))
            })
            .collect();
        jobs.into_iter().flat_map(|j| j.join().unwrap()).collect()
    });
    assert_eq!(
        json.len(),
        maps.len() * 4,
        "a full and a player JSON per map, each in both forms"
    );
    if consumers.jsonschema {
        let schema = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/hexmap-cells.schema.json");
        run(Command::new("python3")
            .arg("-c")
            .arg(
                "import json, sys, jsonschema\n\
                 v = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))\n\
                 bad = [(f, e.message) for f in sys.argv[2:] for e in v.iter_errors(json.load(open(f)))]\n\
                 sys.exit(str(bad[:5]) if bad else 0)\n",
            )
            .arg(schema)
            .args(&json));
    }
}
