//! Export and Tiled import through the File menu, driven by egui_kittest with fake file
//! dialogs: the export runs on a worker thread and the files land where the dialog said.

use crate::harness::{export_via_menu, settle, temp_dir, wait_until};
use eframe::egui::{Event, Key, Modifiers, PointerButton, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::OpenMap;
use hexmap::hex::Hex;
use hexmap::io::format::by_name;
use std::path::Path;
use std::time::Duration;

/// Terrain name per cell: palettes may number terrains differently after an import.
fn terrain_names(app: &EditorApp) -> Vec<(Hex, Option<String>)> {
    let map = app.view().doc().map();
    map.shape()
        .iter()
        .map(|h| {
            let name = map
                .terrain(h)
                .and_then(|t| map.palette().get(t))
                .map(|t| t.name.clone());
            (h, name)
        })
        .collect()
}

fn wait_for_file(path: &Path) -> bool {
    path.is_file() && std::fs::metadata(path).is_ok_and(|m| m.len() > 0)
}

#[test]
fn export_png_and_tmx_then_import_the_tmx_back() {
    let dir = temp_dir("exchange");
    let png = dir.join("exported.png");
    let tmx = dir.join("exported.tmx");
    let dialogs = FakeDialogs::with_answers([
        DialogReply::Export(png.clone()),
        DialogReply::Export(tmx.clone()),
        DialogReply::ImportTiled(tmx.clone()),
    ]);
    let doc = OpenMap::sample();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    let original = terrain_names(h.state());
    assert!(
        original.iter().filter(|(_, t)| t.is_some()).count() > 10,
        "the sample has terrain to compare"
    );

    export_via_menu(&mut h, by_name("png").unwrap());
    assert!(wait_for_file(&png));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG", "a PNG file");
    assert!(
        h.state()
            .view()
            .info()
            .unwrap_or_default()
            .contains("exported.png")
    );

    export_via_menu(&mut h, by_name("tmx").unwrap());
    assert!(wait_for_file(&tmx));
    let text = std::fs::read_to_string(&tmx).unwrap();
    assert!(
        text.contains("exported-tiles.png"),
        "the TMX names its tileset"
    );
    assert!(wait_for_file(&dir.join("exported-tiles.png")));

    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Import map (Tiled, JSON)…").click();
    settle(&mut h);
    let app = h.state();
    assert!(app.view().error().is_none(), "{:?}", app.view().error());
    assert_eq!(
        app.view().doc().path(),
        None,
        "an import is a new unsaved document"
    );
    assert_eq!(terrain_names(app), original, "same terrain in every cell");
}

/// The editor on the sample map, after File → Import map (Tiled, JSON)… chose `path`; and the
/// sample's terrain before the import.
fn import_into_sample(path: &Path) -> (Harness<'static, EditorApp>, Vec<(Hex, Option<String>)>) {
    let dialogs = FakeDialogs::with_answers([DialogReply::ImportTiled(path.to_path_buf())]);
    let doc = OpenMap::sample();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    let before = terrain_names(h.state());
    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Import map (Tiled, JSON)…").click();
    settle(&mut h);
    (h, before)
}

#[test]
fn importing_a_broken_file_shows_an_error_and_keeps_the_map() {
    let dir = temp_dir("exchange-broken");
    let bad = dir.join("broken.tmx");
    std::fs::write(&bad, "<map orientation=\"hexagonal\"").unwrap();
    let (h, before) = import_into_sample(&bad);
    let message = h
        .state()
        .view()
        .error()
        .expect("an error is shown")
        .to_string();
    assert!(message.contains("broken.tmx"), "{message}");
    assert!(h.query_by_label_contains("broken.tmx").is_some());
    assert_eq!(terrain_names(h.state()), before);
}

#[test]
fn importing_an_oversize_file_is_refused_with_a_message() {
    let dir = temp_dir("exchange-oversize");
    let big = dir.join("huge.tmx");
    // Sparse: one byte over the limit without using the disk space.
    std::fs::File::create(&big)
        .unwrap()
        .set_len(hexmap::io::MAX_FILE_BYTES + 1)
        .unwrap();
    let (h, before) = import_into_sample(&big);
    let message = h
        .state()
        .view()
        .error()
        .expect("an error is shown")
        .to_string();
    assert!(
        message.contains("huge.tmx") && message.contains("byte limit"),
        "{message}"
    );
    assert_eq!(terrain_names(h.state()), before, "the open map is kept");
    std::fs::remove_file(&big).unwrap();
}

#[test]
fn a_cancelled_dialog_does_not_drop_an_export_waiting_for_its_file() {
    // Two file dialogs asked for in one frame (Ctrl+O while "Choose file and export…" is
    // clicked): the Open dialog is cancelled, then the export dialog names a file. The
    // cancel belongs to the Open dialog only; the export must still run. (The fake answers
    // in request order: the export gets the file only if Ctrl+O asked first.)
    let dir = temp_dir("exchange-cancel");
    let png = dir.join("after-cancel.png");
    let dialogs =
        FakeDialogs::with_answers([DialogReply::Cancelled, DialogReply::Export(png.clone())]);
    let doc = OpenMap::sample();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Export…").click();
    settle(&mut h);
    h.get_by_label(by_name("png").unwrap().description())
        .click();
    settle(&mut h);

    // Press the export button, then release it in the frame that also carries Ctrl+O.
    let button = h.get_by_label("Choose file and export…").rect().center();
    h.hover_at(button);
    settle(&mut h);
    let press = |pressed| Event::PointerButton {
        pos: button,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    h.event(press(true));
    h.step();
    h.input_mut().events.push(Event::Key {
        key: Key::O,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::COMMAND,
    });
    h.event(press(false));
    settle(&mut h);

    wait_until(&mut h, Duration::from_secs(5), "the export to end", |h| {
        wait_for_file(&png) && h.state().view().export_job().is_none()
    });
    assert!(
        h.state().view().error().is_none(),
        "{:?}",
        h.state().view().error()
    );
    assert!(
        wait_for_file(&png),
        "the export ran after the other dialog was cancelled"
    );
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    assert!(
        h.query_by_label_contains("after-cancel.png").is_some(),
        "the status bar says where it exported"
    );
    assert!(
        h.query_by_label("Choose file and export…").is_none(),
        "the export window closed"
    );
    assert!(
        h.state().view().pending_dialog().is_none(),
        "no dialog left waiting"
    );
}

/// With the map's legend on, File → Export… of a PNG puts the
/// legend beside the map by default (the picture is wider than the map's own picture and
/// no hex centre changes), and choosing "below" in the window puts it under the map.
#[test]
fn the_export_window_puts_the_legend_beside_the_map_or_below_it() {
    use hexmap::map::{Corner, Edit, MapEdit, ViewSettings};
    let dir = temp_dir("legend-place");
    let (right, below) = (dir.join("right.png"), dir.join("below.png"));
    let dialogs = FakeDialogs::with_answers([
        DialogReply::Export(right.clone()),
        DialogReply::Export(below.clone()),
    ]);
    let mut doc = OpenMap::sample();
    doc.apply(&Edit::Map(MapEdit::SetView(ViewSettings {
        legend: Some(Corner::BottomRight),
        ..ViewSettings::default()
    })))
    .unwrap();
    let map = doc.map().clone();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    export_via_menu(&mut h, by_name("png").unwrap());
    assert!(wait_for_file(&right));

    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Export…").click();
    settle(&mut h);
    h.get_by_label(by_name("png").unwrap().description())
        .click();
    settle(&mut h);
    h.get_by_label("below").click();
    settle(&mut h);
    h.get_by_label("Choose file and export…").click();
    settle(&mut h);
    wait_until(&mut h, Duration::from_secs(5), "the export to end", |h| {
        h.state().view().export_job().is_none() && wait_for_file(&below)
    });
    assert!(wait_for_file(&below));

    // The map's own picture, without a legend, drawn the same way.
    let opts = hexmap::io::format::WriteOptions::default();
    let plain = by_name("png")
        .unwrap()
        .write(hexmap::io::format::WriteJob::new(
            &map,
            &opts,
            "p.png",
            &mut |_| {},
        ))
        .unwrap()
        .main;
    let plain = tiny_skia::Pixmap::decode_png(&plain).unwrap();
    let right = tiny_skia::Pixmap::load_png(&right).unwrap();
    let below = tiny_skia::Pixmap::load_png(&below).unwrap();
    assert!(right.width() > plain.width() + 80 && right.height() == plain.height());
    assert!(below.height() > plain.height() + 60 && below.width() >= plain.width());
    // Every pixel of the map's own picture is unchanged in both: nothing is covered.
    for p in [&right, &below] {
        for y in 0..plain.height() {
            for x in 0..plain.width() {
                assert_eq!(p.pixel(x, y), plain.pixel(x, y), "({x}, {y})");
            }
        }
    }
}

#[test]
fn importing_hexmaps_own_json_export_gives_back_the_map() {
    // The hexcrawl, exported to JSON by the CLI's writer, then File → Import map… in the
    // editor: the same terrain in every cell, as a new unsaved document.
    let dir = temp_dir("exchange-json");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let (map, _) = hexmap::io::load(&source).unwrap();
    let json = dir.join("hexcrawl.json");
    std::fs::write(&json, hexmap::io::format::to_json(&map)).unwrap();
    let (h, _) = import_into_sample(&json);
    let app = h.state();
    assert!(app.view().error().is_none(), "{:?}", app.view().error());
    assert_eq!(app.view().doc().path(), None);
    let got = app.view().doc().map();
    assert_eq!(got.properties(), map.properties());
    assert_eq!(got.shape(), map.shape());
    for h in map.shape().iter() {
        assert_eq!(got.terrain(h), map.terrain(h), "{h:?}");
    }
    assert_eq!(got.paths().len(), map.paths().len());
    assert_eq!(got.labels().len(), map.labels().len());
}

#[test]
fn opening_a_json_export_imports_it_as_a_new_map() {
    // File → Open (Ctrl+O) on hexmap's JSON export: the map comes back, untitled, so a
    // Save never writes RON into the .json file.
    let dir = temp_dir("exchange-open-json");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/wargame-river-crossing.ron");
    let (map, _) = hexmap::io::load(&source).unwrap();
    let json = dir.join("board.json");
    std::fs::write(&json, hexmap::io::format::to_json(&map)).unwrap();
    let dialogs = FakeDialogs::with_answers([DialogReply::Open(json.clone())]);
    let doc = OpenMap::sample();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    let app = h.state();
    assert!(app.view().error().is_none(), "{:?}", app.view().error());
    assert_eq!(
        app.view().doc().path(),
        None,
        "imported, not opened in place"
    );
    let got = app.view().doc().map();
    assert_eq!(got.properties(), map.properties());
    for hex in map.shape().iter() {
        assert_eq!(got.terrain(hex), map.terrain(hex), "{hex:?}");
    }
    assert!(h.query_by_label_contains("Imported").is_some());
}

#[test]
fn enter_exports_from_the_export_window() {
    let dir = temp_dir("export-keys");
    let csv = dir.join("keys.csv");
    let dialogs = FakeDialogs::with_answers([DialogReply::Export(csv.clone())]);
    let doc = OpenMap::sample();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    let open_window = |h: &mut Harness<'static, EditorApp>| {
        h.get_by_label("File").click();
        settle(h);
        h.get_by_label("Export…").click();
        settle(h);
        assert!(h.query_by_label("Choose file and export…").is_some());
    };
    open_window(&mut h);
    h.get_by_label(by_name("csv").unwrap().description())
        .click();
    settle(&mut h);
    h.key_press(Key::Enter);
    settle(&mut h);
    wait_until(&mut h, Duration::from_secs(5), "the export to end", |h| {
        wait_for_file(&csv) && h.state().view().export_job().is_none()
    });
    let text = std::fs::read_to_string(&csv).expect("Enter exported the CSV");
    assert!(text.lines().count() > 10, "{text}");
    assert!(h.query_by_label("Choose file and export…").is_none());
}

#[test]
fn cancel_stops_a_running_export_before_it_writes_anything() {
    let dir = temp_dir("export-cancel");
    let png = dir.join("big.png");
    let dialogs = FakeDialogs::with_answers([DialogReply::Export(png.clone())]);
    // 250 × 250 hexes at the window's 24-pixel default: about a hundred million pixels,
    // hundreds of pieces to draw, so the export is still running when Cancel is clicked.
    let mut map = hexmap::map::testing::TestMap::rectangle(hexmap::hex::OffsetKind::OddR, 250, 250)
        .named("big")
        .build();
    let grass = map.palette().terrains()[0].id;
    for h in map.shape().iter().collect::<Vec<_>>() {
        map.set_terrain(h, Some(grass)).unwrap();
    }
    let doc = OpenMap::from_map(map);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Export…").click();
    settle(&mut h);
    h.get_by_label(by_name("png").unwrap().description())
        .click();
    settle(&mut h);
    h.get_by_label("Choose file and export…").click();
    settle(&mut h);
    assert!(h.state().view().export_job().is_some(), "the export runs");
    assert!(h.query_by_label("Exporting").is_some());
    h.get_by_label("Cancel").click();
    settle(&mut h);
    wait_until(&mut h, Duration::from_secs(5), "the export to end", |h| {
        h.state().view().export_job().is_none()
    });
    assert!(
        h.state().view().export_job().is_none(),
        "the export stopped"
    );
    let info = h.state().view().info().unwrap_or_default().to_owned();
    assert!(
        info.starts_with("Export cancelled: nothing was written to"),
        "{info}"
    );
    assert!(h.query_by_label_contains("Export cancelled").is_some());
    assert!(!png.exists(), "no picture was written");
    // A file that could have been half-written (the atomic save's temporary) is not left.
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

/// The Export window's PNG compression choice reaches the file. "fastest" and
/// "small" write the same pixels, fastest's file the larger; the window starts at "fast",
/// whose file is the library's default PNG byte for byte.
#[test]
fn the_export_windows_png_compression_choice_reaches_the_file() {
    let dir = temp_dir("png-compression");
    let paths = ["default", "fastest", "small"].map(|n| dir.join(format!("{n}.png")));
    let dialogs = FakeDialogs::with_answers(paths.clone().map(DialogReply::Export));
    let doc = OpenMap::sample();
    let map = doc.map().clone();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    for (path, level) in paths.iter().zip([None, Some("fastest"), Some("small")]) {
        h.get_by_label("File").click();
        settle(&mut h);
        h.get_by_label("Export…").click();
        settle(&mut h);
        h.get_by_label(by_name("png").unwrap().description())
            .click();
        settle(&mut h);
        if let Some(level) = level {
            h.get_by_label(level).click();
            settle(&mut h);
        }
        h.get_by_label("Choose file and export…").click();
        settle(&mut h);
        wait_until(&mut h, Duration::from_secs(5), "the export to end", |h| {
            h.state().view().export_job().is_none() && wait_for_file(path)
        });
        assert!(wait_for_file(path), "{level:?}");
    }
    let [default, fastest, small] = paths.map(|p| std::fs::read(p).unwrap());
    let library_default = by_name("png")
        .unwrap()
        .write(hexmap::io::format::WriteJob::new(
            &map,
            &hexmap::io::format::WriteOptions::default(),
            "p.png",
            &mut |_| {},
        ))
        .unwrap()
        .main;
    assert!(
        default == library_default,
        "the window starts at the default"
    );
    assert!(
        fastest.len() > small.len(),
        "{} vs {}",
        fastest.len(),
        small.len()
    );
    assert!(small != default, "small is not the default level");
    let pixels = |png: &[u8]| tiny_skia::Pixmap::decode_png(png).unwrap().data().to_vec();
    assert!(pixels(&fastest) == pixels(&small) && pixels(&small) == pixels(&default));
}

/// The editor on the sample with File → Export… open and `format` chosen; its file dialog
/// answers `out`.
fn export_window_for(format: &str, out: &Path) -> Harness<'static, EditorApp> {
    let dialogs = FakeDialogs::with_answers([DialogReply::Export(out.to_path_buf())]);
    let doc = OpenMap::sample();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    h.run();
    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Export…").click();
    settle(&mut h);
    h.get_by_label(by_name(format).unwrap().description())
        .click();
    settle(&mut h);
    h
}

/// File → Export… as a person does it: `format` picked from the list, the board hex size
/// typed into its field (click, select all, type, Enter), the file chosen as `out`.
fn export_board(format: &str, out: &Path, board_hex: &str) {
    let mut h = export_window_for(format, out);
    h.get_by_label("Board hex, flat to flat (pixels)").click();
    settle(&mut h);
    h.event(Event::Key {
        key: Key::A,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::COMMAND,
    });
    for c in board_hex.chars() {
        h.event(Event::Text(c.to_string()));
    }
    settle(&mut h);
    // Enter ends the typing and, the field left, exports (as the window promises).
    h.event(Event::Key {
        key: Key::Enter,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::NONE,
    });
    settle(&mut h);
    if h.query_by_label("Choose file and export…").is_some() {
        h.get_by_label("Choose file and export…").click();
        settle(&mut h);
    }
    crate::harness::wait_for_export(&mut h);
}

#[test]
fn file_export_lists_vassal_with_its_board_hex_size_and_writes_the_module() {
    let dir = temp_dir("exchange-vassal");
    let vmod = dir.join("board.vmod");
    export_board("vassal", &vmod, "72");
    let entries = hexmap::io::zip_store::read_stored_zip(&std::fs::read(&vmod).unwrap())
        .expect("the module is a zip");
    let names: Vec<&str> = entries.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["moduledata", "buildFile.xml", "images/board.png"]);
    let build = String::from_utf8(entries[1].1.clone()).unwrap();
    assert!(
        build.contains(" dy=\"72\""),
        "the typed board hex size: {build}"
    );
}

#[test]
fn file_export_lists_foundry_with_its_grid_size_and_writes_scene_and_background() {
    let dir = temp_dir("exchange-foundry");
    let scene = dir.join("scene.json");
    export_board("foundry", &scene, "80");
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&scene).unwrap()).unwrap();
    assert_eq!(v["grid"]["size"], 80, "the typed grid size");
    let background = dir.join(v["background"]["src"].as_str().unwrap());
    let png = tiny_skia::Pixmap::load_png(&background).expect("the background beside it");
    assert_eq!(
        (png.width(), png.height()),
        (
            v["width"].as_u64().unwrap() as u32,
            v["height"].as_u64().unwrap() as u32
        )
    );
}

#[test]
fn file_export_lists_godot_and_writes_scene_tileset_and_atlas() {
    let dir = temp_dir("exchange-godot");
    let scene = dir.join("level.tscn");
    export_board("godot", &scene, "90");
    let tscn = std::fs::read_to_string(&scene).unwrap();
    assert!(tscn.contains("type=\"TileMapLayer\""), "{tscn}");
    let tres = std::fs::read_to_string(dir.join("level-tileset.tres")).unwrap();
    // 90 pixels flat to flat keeps a regular hexagon's proportions: 104 corner to corner.
    assert!(
        tres.contains("tile_size = Vector2i(90, 104)")
            || tres.contains("tile_size = Vector2i(104, 90)"),
        "the typed tile size: {tres}"
    );
    assert!(tiny_skia::Pixmap::load_png(dir.join("level-atlas.png")).is_ok());
}

#[test]
fn file_export_writes_compact_json_when_its_box_is_ticked() {
    let json = temp_dir("exchange-compact").join("board.json");
    let mut h = export_window_for("json", &json);
    h.get_by_label("Compact (cells as arrays)").click();
    settle(&mut h);
    h.get_by_label("Choose file and export…").click();
    settle(&mut h);
    crate::harness::wait_for_export(&mut h);
    let text = std::fs::read_to_string(&json).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(doc.get("cells").is_none(), "no object per cell");
    assert!(doc["grid"]["terrain"].is_array(), "the cells as arrays");
    assert_eq!(text.lines().count(), 1, "one line");
}
