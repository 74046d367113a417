//! `hexmap export --png-compression` (A PNG's compression is a choice with a sane
//! default): every level writes the same picture as the decoder sees it, a lighter level
//! writes a larger file, and the flag is refused where it means nothing.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

fn export(map: &Path, out: &Path, level: Option<&str>) -> Vec<u8> {
    let mut cmd = hexmap();
    cmd.args(["export", "--to", "png", "--force"])
        .arg(map)
        .arg(out);
    if let Some(level) = level {
        cmd.args(["--png-compression", level]);
    }
    cmd.assert().success();
    std::fs::read(out).unwrap()
}

#[test]
fn every_level_writes_the_same_pixels_and_lighter_levels_write_larger_files() {
    let dir = tempfile::tempdir().unwrap();
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/island.ron");
    let default = export(&map, &dir.path().join("default.png"), None);
    let mut sizes = Vec::new();
    for level in ["fastest", "fast", "small"] {
        let png = export(&map, &dir.path().join(format!("{level}.png")), Some(level));
        let a = tiny_skia::Pixmap::decode_png(&png).unwrap();
        let b = tiny_skia::Pixmap::decode_png(&default).unwrap();
        assert_eq!((a.width(), a.height()), (b.width(), b.height()), "{level}");
        assert!(
            a.data() == b.data(),
            "{level}: the pixels differ from the default's"
        );
        if level == "fast" {
            assert_eq!(png, default, "fast is the default");
        }
        sizes.push((level, png.len()));
    }
    // fdeflate's ultra-fast mode is far larger than zlib's levels; level 6 the smallest.
    let size = |name: &str| sizes.iter().find(|(l, _)| *l == name).unwrap().1;
    assert!(size("fastest") > size("fast"), "{sizes:?}");
    assert!(size("fast") > size("small"), "{sizes:?}");
}

#[test]
fn the_flag_is_refused_for_other_formats_and_unknown_levels() {
    let dir = tempfile::tempdir().unwrap();
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/island.ron");
    hexmap()
        .args(["export", "--to", "svg", "--png-compression", "small"])
        .arg(&map)
        .arg(dir.path().join("a.svg"))
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "--png-compression is for png, not svg",
        ));
    hexmap()
        .args(["export", "--to", "png", "--png-compression", "medium"])
        .arg(&map)
        .arg(dir.path().join("a.png"))
        .assert()
        .failure()
        .stderr(predicate::str::contains("fastest, fast, small"));
    assert!(!dir.path().join("a.svg").exists() && !dir.path().join("a.png").exists());
}
