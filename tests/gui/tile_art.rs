//! The tile-art picker of the terrain editor: add an image through the file dialog (its
//! path written relative to the map), tint, remove, each one undo step; and the status
//! bar's warning naming an image that cannot be loaded.

use crate::harness::{settle, shown_labels, temp_dir};
use eframe::egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::draw::RgbaImage;
use hexmap::map::{AnnotationEdit, Edit, MapEdit, Palette, TerrainId, TileArt};

const FOREST: u16 = 3;

/// The editor on a map saved in a scratch folder with `art/tree.png` beside it, the
/// dialog answering with that image.
fn harness(name: &str) -> (Harness<'static, EditorApp>, std::path::PathBuf) {
    let dir = temp_dir(name);
    std::fs::create_dir_all(dir.join("art")).unwrap();
    let tree = RgbaImage::new(2, 2, [20, 120, 40, 255].repeat(4)).unwrap();
    std::fs::write(
        dir.join("art/tree.png"),
        hexmap::io::images::encode_png(&tree),
    )
    .unwrap();
    let mut doc = OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid");
    doc.save(&dir.join("map.ron")).unwrap();
    let dialogs = FakeDialogs::with_answers([DialogReply::ChooseImage(dir.join("art/tree.png"))]);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    (h, dir)
}

fn forest_art(h: &Harness<'static, EditorApp>) -> TileArt {
    let forest = TerrainId::new(FOREST).unwrap();
    h.state()
        .view()
        .doc()
        .map()
        .palette()
        .get(forest)
        .unwrap()
        .art
        .clone()
}

#[test]
fn add_tint_and_remove_tile_art_each_in_one_undo_step() {
    let (mut h, _dir) = harness("tile-art-picker");
    let forest = h
        .state()
        .view()
        .doc()
        .map()
        .palette()
        .get(TerrainId::new(FOREST).unwrap())
        .unwrap()
        .clone();
    h.get_by_label(&format!("{} {}", forest.symbol, forest.name))
        .click();
    settle(&mut h);
    h.get_by_label("Edit…").click();
    settle(&mut h);
    let steps = h.state().view().doc().document().history().undo_len();
    h.get_by_label("Add image…").click();
    settle(&mut h);
    settle(&mut h);
    assert_eq!(
        forest_art(&h).images,
        ["art/tree.png"],
        "relative to the map"
    );
    assert!(
        h.query_by_label("art/tree.png").is_some(),
        "listed in the picker"
    );
    assert!(
        !shown_labels(&h).iter().any(|l| l.contains("not shown")),
        "the image loads: no warning"
    );
    h.get_by_label("Tint by colour").click();
    settle(&mut h);
    assert!(forest_art(&h).tint);
    h.get_by_label("Remove").click();
    settle(&mut h);
    assert!(forest_art(&h).images.is_empty());
    assert_eq!(
        h.state().view().doc().document().history().undo_len(),
        steps + 3
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(
        forest_art(&h).images,
        ["art/tree.png"],
        "undo brings it back"
    );
    // "Apply" keeps what the picker did (the working copy follows it).
    h.get_by_label("Apply").click();
    settle(&mut h);
    let art = forest_art(&h);
    assert!(art.tint && art.images == ["art/tree.png"], "{art:?}");
}

#[test]
fn a_missing_image_is_named_in_the_status_bar() {
    let (mut h, _dir) = harness("tile-art-missing");
    let mut terrains = h.state().view().doc().map().palette().terrains().to_vec();
    terrains[2].art.images = vec!["art/gone.png".into()];
    let palette = Palette::new(terrains).unwrap();
    h.state_mut()
        .push(hexmap::app::Action::Edit(Edit::Map(MapEdit::SetPalette(
            palette,
        ))));
    settle(&mut h);
    settle(&mut h);
    let labels = shown_labels(&h);
    assert!(
        labels
            .iter()
            .any(|l| l.contains("image 'art/gone.png' not shown")),
        "{labels:?}"
    );
}

/// The textured meshes painted left of the canvas (in the side panel), each with its
/// texture and bounds.
fn panel_pictures(h: &Harness<'static, EditorApp>) -> Vec<eframe::egui::Rect> {
    use eframe::egui::{Shape, TextureId};
    fn collect(shape: &Shape, out: &mut Vec<eframe::egui::Rect>) {
        match shape {
            Shape::Mesh(m) if m.texture_id != TextureId::default() => {
                out.push(m.calc_bounds());
            }
            Shape::Vec(v) => v.iter().for_each(|s| collect(s, out)),
            _ => {}
        }
    }
    let left = h.state().view().canvas_rect().left();
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        collect(&clipped.shape, &mut out);
    }
    out.retain(|r| r.right() <= left);
    out
}

/// A user-image icon shows its own picture in the Icons tool's palette (it showed the
/// generic picture sign before, drawn without any texture).
#[test]
fn the_icon_palette_shows_a_user_image_as_its_picture() {
    use hexmap::hex::Hex;
    use hexmap::map::{Icon, IconSource};
    let dir = temp_dir("icon-palette-picture");
    std::fs::create_dir_all(dir.join("art")).unwrap();
    // Twice as wide as high: the picture keeps its proportions in the cell.
    let tree = RgbaImage::new(4, 2, [20, 120, 40, 255].repeat(8)).unwrap();
    std::fs::write(
        dir.join("art/tree.png"),
        hexmap::io::images::encode_png(&tree),
    )
    .unwrap();
    let mut doc = OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid");
    let icon = Icon {
        gm_only: false,
        source: IconSource::Image("art/tree.png".into()),
        caption: None,
        scale: 1.0,
        color: None,
        key: None,
    };
    doc.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
        hex: Hex::new(0, 0),
        icon,
    }))
    .unwrap();
    doc.save(&dir.join("map.ron")).unwrap();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    // The icon's image loads off the UI pass (a spinner until it is in): wait for it.
    settle(&mut h);
    assert!(
        panel_pictures(&h).is_empty(),
        "the brush's palette has no picture"
    );
    h.key_press(Key::O);
    settle(&mut h);
    let pictures = panel_pictures(&h);
    assert_eq!(
        pictures.len(),
        1,
        "the tree image in the palette: {pictures:?}"
    );
    let r = pictures[0];
    assert!(
        (r.width() / r.height() - 2.0).abs() < 0.05 && r.width() > 20.0,
        "{r:?}"
    );
}

/// Every textured mesh and every text of the last frame, with their screen bounds.
fn pictures_and_texts(
    h: &Harness<'static, EditorApp>,
) -> (Vec<eframe::egui::Rect>, Vec<(String, eframe::egui::Rect)>) {
    use eframe::egui::{Rect, Shape, TextureId};
    fn collect(shape: &Shape, pics: &mut Vec<Rect>, texts: &mut Vec<(String, Rect)>) {
        match shape {
            Shape::Mesh(m) if m.texture_id != TextureId::default() => pics.push(m.calc_bounds()),
            Shape::Text(t) => texts.push((t.galley.text().to_owned(), t.visual_bounding_rect())),
            Shape::Vec(v) => v.iter().for_each(|s| collect(s, pics, texts)),
            _ => {}
        }
    }
    let (mut pics, mut texts) = (Vec::new(), Vec::new());
    for clipped in &h.output().shapes {
        collect(&clipped.shape, &mut pics, &mut texts);
    }
    (pics, texts)
}

/// The legend on the canvas shows a user-image icon as its picture, beside its name (it
/// showed the generic picture sign before: the legend was drawn without the images).
#[test]
fn the_canvas_legend_shows_a_user_image_icon_as_its_picture() {
    use hexmap::hex::Hex;
    use hexmap::map::{Corner, Icon, IconSource, ViewSettings};
    let dir = temp_dir("legend-picture");
    std::fs::create_dir_all(dir.join("art")).unwrap();
    let tree = RgbaImage::new(4, 2, [20, 120, 40, 255].repeat(8)).unwrap();
    std::fs::write(
        dir.join("art/tree.png"),
        hexmap::io::images::encode_png(&tree),
    )
    .unwrap();
    let mut doc = OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid");
    let icon = Icon {
        gm_only: false,
        source: IconSource::Image("art/tree.png".into()),
        caption: None,
        scale: 1.0,
        color: None,
        key: None,
    };
    doc.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
        hex: Hex::new(0, 0),
        icon,
    }))
    .unwrap();
    doc.apply(&Edit::Map(MapEdit::SetView(ViewSettings {
        legend: Some(Corner::BottomRight),
        note_captions: false,
    })))
    .unwrap();
    doc.save(&dir.join("map.ron")).unwrap();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    // The icon's image loads off the UI pass (a spinner until it is in): wait for it.
    settle(&mut h);
    let canvas = h.state().view().canvas_rect();
    let (pictures, texts) = pictures_and_texts(&h);
    // The legend's row for the icon: its name, in the canvas's bottom-right quarter.
    let name = texts
        .iter()
        .find(|(t, r)| t == "Tree" && r.left() > canvas.center().x && r.top() > canvas.center().y)
        .map(|(_, r)| *r)
        .unwrap_or_else(|| panic!("the legend names the icon 'Tree': {texts:?}"));
    // Its swatch: a textured picture just left of the name, on the same line, in the
    // image's proportions (twice as wide as high).
    let swatch = pictures.iter().find(|p| {
        (p.center().y - name.center().y).abs() < 4.0
            && p.right() <= name.left()
            && name.left() - p.right() < 20.0
    });
    let swatch = swatch.unwrap_or_else(|| {
        panic!("no picture beside the legend's 'Tree' at {name:?}: pictures {pictures:?}")
    });
    assert!(
        (swatch.width() / swatch.height() - 2.0).abs() < 0.05 && swatch.width() > 10.0,
        "{swatch:?}"
    );
}
