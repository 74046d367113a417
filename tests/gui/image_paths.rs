//! Image paths from the editor: File → Export… (RON, JSON, TMX, TMJ) and Save As into a
//! folder beside the map's or nested below it name tile art, image icons and the underlay
//! from the written file's folder; a Tiled map imported from another folder shows its tile
//! art (no "not shown" warning) and, saved anywhere, names its images from there.

use crate::harness::{export_via_menu, settle, shown_labels, temp_dir};
use eframe::egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::OpenMap;
use hexmap::io::format::{by_name, read_path};
use hexmap::io::images::{image_paths, load_images_beside, load_underlay_beside};
use hexmap::map::HexMap;
use std::path::{Path, PathBuf};

/// `hexmap ARGS…` (the command-line program of this build), which must succeed.
fn hexmap(args: &[&dyn AsRef<std::ffi::OsStr>]) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hexmap"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The bundled hexcrawl (tile art, an image icon) copied with its `art/` folder into
/// `ROOT/maps/`, with an underlay `art/hills.png`; its file.
fn hexcrawl_in(root: &Path) -> PathBuf {
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let maps = root.join("maps");
    std::fs::create_dir_all(maps.join("art")).unwrap();
    for entry in std::fs::read_dir(bundled.join("art")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), maps.join("art").join(entry.file_name())).unwrap();
    }
    let text = std::fs::read_to_string(bundled.join("hexcrawl.ron")).unwrap();
    let (map, _) = hexmap::io::from_str(&text).unwrap();
    let mut doc = hexmap::map::Document::new(map);
    doc.apply(&hexmap::map::Edit::Map(hexmap::map::MapEdit::SetUnderlay(
        Some(hexmap::map::Underlay::new(
            "art/hills.png",
            hexmap::hex::Point::new(3.0, 3.0),
        )),
    )))
    .unwrap();
    let file = maps.join("hexcrawl.ron");
    hexmap::io::save(&file, doc.map(), hexmap::io::Form::Offset).unwrap();
    file
}

/// The images of `map` (read from `file`) that cannot be found from `file`'s folder.
fn unresolved_in(map: &HexMap, file: &Path) -> Vec<String> {
    assert!(
        image_paths(map).len() >= 8,
        "{}: art and icon kept",
        file.display()
    );
    let (mut images, mut warnings) = load_images_beside(map, file);
    warnings.extend(load_underlay_beside(map, file, &mut images));
    warnings
        .iter()
        .map(|w| format!("{}: {w}", file.display()))
        .collect()
}

/// The editor on `doc`, answering file dialogs with `answers` in turn.
fn editor(doc: OpenMap, answers: Vec<DialogReply>) -> Harness<'static, EditorApp> {
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| {
            EditorApp::with_doc(doc, Box::new(FakeDialogs::with_answers(answers)))
        });
    settle(&mut h);
    h
}

/// True when a "not shown" image warning is on screen.
fn warns_of_missing_images(h: &Harness<'static, EditorApp>) -> bool {
    shown_labels(h).iter().any(|l| l.contains("not shown"))
}

#[test]
fn exports_and_save_as_name_images_from_the_written_file_s_folder() {
    let root = temp_dir("image-paths-export");
    let map = hexcrawl_in(&root);
    let dests = [root.join("out"), root.join("maps/deep/er")];
    let formats = [
        ("ron", "ron"),
        ("json", "json"),
        ("tmx", "tmx"),
        ("tmj", "tmj"),
    ];
    let mut files = Vec::new();
    for d in &dests {
        std::fs::create_dir_all(d).unwrap();
        for (_, ext) in formats {
            files.push(d.join(format!("exported.{ext}")));
        }
    }
    let saved = dests
        .iter()
        .map(|d| d.join("saved.ron"))
        .collect::<Vec<_>>();
    let mut answers: Vec<DialogReply> = files.iter().cloned().map(DialogReply::Export).collect();
    answers.extend(saved.iter().cloned().map(DialogReply::SaveAs));
    let mut h = editor(OpenMap::load(&map).unwrap(), answers);
    assert!(!warns_of_missing_images(&h), "{:?}", shown_labels(&h));
    for _ in &dests {
        for (format, _) in formats {
            export_via_menu(&mut h, by_name(format).unwrap());
        }
    }
    for _ in &saved {
        h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
        settle(&mut h);
        assert!(
            h.state().view().error().is_none(),
            "{:?}",
            h.state().view().error()
        );
        assert!(
            !warns_of_missing_images(&h),
            "after Save As: {:?}",
            shown_labels(&h)
        );
    }
    let mut missing = Vec::new();
    for file in files.iter().chain(&saved) {
        let back = read_path(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        missing.extend(unresolved_in(&back.map, file));
    }
    assert!(
        missing.is_empty(),
        "images not found:\n{}",
        missing.join("\n")
    );
}

#[test]
fn a_tiled_map_imported_from_another_folder_shows_its_art_and_saves_it_anywhere() {
    let root = temp_dir("image-paths-import");
    let map = hexcrawl_in(&root);
    // A Tiled map in a folder of its own, naming the art from there.
    let tw = root.join("tw");
    std::fs::create_dir_all(&tw).unwrap();
    hexmap(&[
        &"export",
        &map,
        &"--to",
        &"ron",
        &tw.join("hexcrawl.ron"),
        &"--force",
    ]);
    let tmx = tw.join("hexcrawl.tmx");
    hexmap(&[
        &"export",
        &tw.join("hexcrawl.ron"),
        &"--to",
        &"tmx",
        &tmx,
        &"--force",
    ]);
    let nested = root.join("maps/deep/er");
    std::fs::create_dir_all(&nested).unwrap();
    let saved = nested.join("imported.ron");
    let mut h = editor(
        OpenMap::sample(),
        vec![
            DialogReply::ImportTiled(tmx.clone()),
            DialogReply::SaveAs(saved.clone()),
        ],
    );
    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Import map (Tiled, JSON)…").click();
    settle(&mut h);
    assert!(h.query_by_label_contains("Imported").is_some());
    let art = h.state().view().doc().map().palette().terrains()[0]
        .art
        .images
        .clone();
    assert_eq!(art, ["../maps/art/waves.png"], "as the TMX names it");
    assert!(
        !warns_of_missing_images(&h),
        "the imported map's art is found from the TMX's folder: {:?}",
        shown_labels(&h)
    );
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    settle(&mut h);
    assert!(
        h.state().view().error().is_none(),
        "{:?}",
        h.state().view().error()
    );
    assert!(!warns_of_missing_images(&h), "{:?}", shown_labels(&h));
    let (back, _) = hexmap::io::load(&saved).unwrap();
    assert_eq!(
        back.palette().terrains()[0].art.images,
        ["../../art/waves.png"]
    );
    let missing = unresolved_in(&back, &saved);
    assert!(missing.is_empty(), "{missing:?}");
}
