//! A map with images in a scratch folder, and what a written copy of it cannot find: the
//! fixture of the image-path tests of the command line (`tests/core/image_paths.rs`) and
//! of the editor (`tests/gui/image_paths.rs`, which includes this file).

#![allow(dead_code)]

use hexmap::hex::Point;
use hexmap::io::format::read_path;
use hexmap::io::images::{encode_png, image_paths, load_images_beside, load_underlay_beside};
use hexmap::map::{Document, Edit, HexMap, MapEdit, Underlay};
use std::path::{Path, PathBuf};

/// Run this build's `hexmap ARGS…`, which must succeed; its stderr.
pub fn run(args: &[&dyn AsRef<std::ffi::OsStr>]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hexmap"))
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "hexmap {:?}: {stderr}",
        args.iter().map(|a| a.as_ref()).collect::<Vec<_>>()
    );
    stderr
}

/// A copy of the bundled hexcrawl (tile art on seven terrains, an image icon) with an
/// underlay `scan.png`, as `ROOT/maps/hexcrawl.ron` beside its `art/` folder; its file.
pub fn hexcrawl_in(root: &Path) -> PathBuf {
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let maps = root.join("maps");
    std::fs::create_dir_all(maps.join("art")).unwrap();
    for entry in std::fs::read_dir(bundled.join("art")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), maps.join("art").join(entry.file_name())).unwrap();
    }
    let scan = hexmap::draw::RgbaImage::new(4, 4, [90, 80, 70, 255].repeat(16)).unwrap();
    std::fs::write(maps.join("scan.png"), encode_png(&scan)).unwrap();
    let (map, _) = hexmap::io::load(&bundled.join("hexcrawl.ron")).unwrap();
    let mut doc = Document::new(map);
    doc.apply(&Edit::Map(MapEdit::SetUnderlay(Some(Underlay::new(
        "scan.png",
        Point::new(4.0, 4.0),
    )))))
    .unwrap();
    let file = maps.join("hexcrawl.ron");
    hexmap::io::save(&file, doc.map(), hexmap::io::Form::Offset).unwrap();
    file
}

/// The two places a copy goes: a folder beside the map's (`ROOT/out`) and one nested below
/// it (`ROOT/maps/deep/er`), made.
pub fn destinations(root: &Path) -> [PathBuf; 2] {
    let sibling = root.join("out");
    let nested = root.join("maps/deep/er");
    for d in [&sibling, &nested] {
        std::fs::create_dir_all(d).unwrap();
    }
    [sibling, nested]
}

/// Read `file` as its reader does and load every image it names from its folder: the
/// images that cannot be found (none when the writer named them from there).
pub fn unresolved(file: &Path) -> Vec<String> {
    let map = read_path(file)
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()))
        .map;
    unresolved_in(&map, file)
}

/// The images of `map`, read from `file`, that cannot be found from `file`'s folder (its
/// tile art, image icon and underlay, which must still be named).
pub fn unresolved_in(map: &HexMap, file: &Path) -> Vec<String> {
    let wanted = image_paths(map);
    assert!(
        wanted.len() >= 8,
        "{}: the art and the icon are kept: {wanted:?}",
        file.display()
    );
    let (mut images, mut warnings) = load_images_beside(map, file);
    warnings.extend(load_underlay_beside(map, file, &mut images));
    warnings
        .iter()
        .map(|w| format!("{}: {w}", file.display()))
        .collect()
}
