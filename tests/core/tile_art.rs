//! Tile art through the command line: an export names each image it cannot use once and
//! still writes the picture (the terrain colour there), and a copy written to another
//! folder keeps its image paths valid.

use assert_cmd::Command;
use hexmap::draw::RgbaImage;
use hexmap::hex::Orientation;
use hexmap::io::{self, Form};
use hexmap::map::TerrainId;
use hexmap::map::testing::TestMap;

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

/// A grass hexagon whose art is `art/grass.png` (present) and `art/gone.png` (missing),
/// saved in a fresh folder; returns the folder.
fn saved_map() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("art")).unwrap();
    let green = RgbaImage::new(2, 2, [0, 200, 0, 255].repeat(4)).unwrap();
    std::fs::write(
        dir.path().join("art/grass.png"),
        io::images::encode_png(&green),
    )
    .unwrap();
    let mut map = TestMap::hexagon(3, Orientation::Flat)
        .named("art")
        .tile_art(1, &["art/grass.png", "art/gone.png"], false)
        .build();
    for h in map.shape().iter().collect::<Vec<_>>() {
        map.set_terrain(h, TerrainId::new(2)).unwrap();
    }
    io::save(&dir.path().join("map.ron"), &map, Form::Offset).unwrap();
    dir
}

#[test]
fn export_warns_once_per_missing_image_and_still_writes_the_picture() {
    let dir = saved_map();
    let out = hexmap()
        .arg("export")
        .arg(dir.path().join("map.ron"))
        .args(["--to", "png"])
        .arg(dir.path().join("map.png"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("art/gone.png").count(), 1, "{stderr}");
    assert!(
        stderr.contains("warning: image 'art/gone.png' not shown"),
        "{stderr}"
    );
    assert!(!stderr.contains("grass.png"), "{stderr}");
    assert!(dir.path().join("map.png").exists());
}

#[test]
fn a_copy_in_another_folder_names_the_same_images() {
    let dir = saved_map();
    let sub = dir.path().join("copies/deep");
    std::fs::create_dir_all(&sub).unwrap();
    hexmap()
        .arg("export")
        .arg(dir.path().join("map.ron"))
        .args(["--to", "ron"])
        .arg(sub.join("copy.ron"))
        .assert()
        .success();
    let (copy, _) = io::load(&sub.join("copy.ron")).unwrap();
    let art = &copy.palette().terrains()[1].art;
    assert_eq!(art.images, ["../../art/grass.png", "../../art/gone.png"]);
    let (images, warnings) = io::images::load_images_beside(&copy, &sub.join("copy.ron"));
    assert_eq!(images.len(), 1, "grass.png found from the new folder");
    assert_eq!(warnings.len(), 1);
}
