//! Image paths from the editor: File → Export… (RON, JSON, TMX, TMJ) and Save As into a
//! folder beside the map's or nested below it name tile art, image icons and the underlay
//! from the written file's folder; a Tiled map imported from another folder shows its tile
//! art (no "not shown" warning) and, saved anywhere, names its images from there.

#[path = "../core/support/image_fixture.rs"]
mod image_fixture;

use crate::harness::{export_via_menu, settle, shown_labels, temp_dir};
use eframe::egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::OpenMap;
use hexmap::io::format::by_name;
use image_fixture::{destinations, hexcrawl_in, run, unresolved, unresolved_in};

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

/// Ctrl+Shift+S (Save As; the fake dialog answers where), then no error and no missing
/// image on screen.
fn save_as(h: &mut Harness<'static, EditorApp>) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    settle(h);
    assert!(
        h.state().view().error().is_none(),
        "{:?}",
        h.state().view().error()
    );
    assert!(
        !warns_of_missing_images(h),
        "after Save As: {:?}",
        shown_labels(h)
    );
}

#[test]
fn exports_and_save_as_name_images_from_the_written_file_s_folder() {
    let root = temp_dir("image-paths-export");
    let map = hexcrawl_in(&root);
    let dests = destinations(&root);
    let formats = [
        ("ron", "ron"),
        ("json", "json"),
        ("tmx", "tmx"),
        ("tmj", "tmj"),
    ];
    let mut files = Vec::new();
    for d in &dests {
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
        save_as(&mut h);
    }
    let missing: Vec<String> = files
        .iter()
        .chain(&saved)
        .flat_map(|f| unresolved(f))
        .collect();
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
    run(&[
        &"export",
        &map,
        &"--to",
        &"ron",
        &tw.join("hexcrawl.ron"),
        &"--force",
    ]);
    let tmx = tw.join("hexcrawl.tmx");
    run(&[
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
    save_as(&mut h);
    let (back, _) = hexmap::io::load(&saved).unwrap();
    assert_eq!(
        back.palette().terrains()[0].art.images,
        ["../../art/waves.png"]
    );
    let missing = unresolved_in(&back, &saved);
    assert!(missing.is_empty(), "{missing:?}");
}
