//! What a pipeline needs of the command line: an error in JSON when the
//! answer was asked in JSON, `--strict` turning warnings into errors with nothing written,
//! and a warning when OUT's extension does not fit the format.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

fn bundled(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name)
}

#[test]
fn errors_of_json_commands_are_json_objects_on_stderr() {
    let map = bundled("island.ron");
    for args in [
        vec!["route", "99,99", "0,0", "--json"],
        vec!["reach", "99,99", "3", "--json"],
        vec!["fov", "99,99", "3", "--json"],
    ] {
        let out = hexmap()
            .arg(args[0])
            .arg(&map)
            .args(&args[1..])
            .assert()
            .code(1)
            .get_output()
            .clone();
        assert!(out.stdout.is_empty());
        let err: serde_json::Value = serde_json::from_slice(&out.stderr)
            .unwrap_or_else(|e| panic!("{args:?}: stderr is not JSON ({e})"));
        let message = err["error"].as_str().unwrap();
        assert!(
            message.contains("odd-r 99,99 is not a cell of the map"),
            "{message}"
        );
    }
    // Without --json the error stays a line of text.
    hexmap()
        .arg("route")
        .arg(&map)
        .args(["99,99", "0,0"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with("hexmap: error: "));
}

#[test]
fn strict_refuses_an_export_with_missing_art_and_writes_nothing() {
    // The hexcrawl without its art/ folder beside it: its tile art and image icon are gone.
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("hexcrawl.ron");
    std::fs::copy(bundled("hexcrawl.ron"), &map).unwrap();
    let out = dir.path().join("crawl.png");
    hexmap()
        .arg("export")
        .arg(&map)
        .args(["--to", "png"])
        .arg(&out)
        .arg("--strict")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--strict"))
        .stderr(predicate::str::contains("nothing written"));
    assert!(!out.exists(), "nothing written under --strict");
    // Without --strict: a warning, and the picture (missing art drawn as terrain colour).
    hexmap()
        .arg("export")
        .arg(&map)
        .args(["--to", "png"])
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains("warning"));
    assert!(out.exists());
}

#[test]
fn a_mismatched_extension_warns_and_strict_refuses_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("island.png");
    hexmap()
        .arg("export")
        .arg(bundled("island.ron"))
        .args(["--to", "svg"])
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            ".png is not a svg file's extension",
        ));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("<svg"), "written as SVG all the same");
    let other = dir.path().join("other.png");
    hexmap()
        .arg("export")
        .arg(bundled("island.ron"))
        .args(["--to", "svg", "--strict"])
        .arg(&other)
        .assert()
        .code(1);
    assert!(!other.exists());
    // The right extension, or none at all, says nothing.
    hexmap()
        .arg("export")
        .arg(bundled("island.ron"))
        .args(["--to", "svg"])
        .arg(dir.path().join("island.svg"))
        .assert()
        .success()
        .stderr(predicate::str::is_empty());
}

#[test]
fn new_convert_export_import_and_mines_share_one_overwrite_rule() {
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("keep.ron");
    std::fs::copy(bundled("minesweeper-13.ron"), &keep).unwrap();
    let before = std::fs::read(&keep).unwrap();
    let island = bundled("island.ron");
    let tmx = dir.path().join("island.tmx");
    hexmap()
        .arg("export")
        .arg(&island)
        .args(["--to", "tmx"])
        .arg(&tmx)
        .assert()
        .success();
    // Each command refuses to replace an existing file it did not read...
    let refusals: Vec<Vec<std::ffi::OsString>> = vec![
        vec![
            "new".into(),
            "--shape".into(),
            "hexagon:2".into(),
            keep.clone().into(),
        ],
        vec![
            "convert".into(),
            island.clone().into(),
            keep.clone().into(),
            "--form".into(),
            "cube".into(),
        ],
        vec![
            "export".into(),
            island.clone().into(),
            "--to".into(),
            "ron".into(),
            keep.clone().into(),
        ],
        vec!["import".into(), tmx.clone().into(), keep.clone().into()],
        vec![
            "mines".into(),
            "generate".into(),
            island.clone().into(),
            "--count".into(),
            "3".into(),
            "--seed".into(),
            "1".into(),
            keep.clone().into(),
        ],
    ];
    for args in &refusals {
        hexmap()
            .args(args)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(
                "already exists (use --force to replace it)",
            ));
        assert_eq!(
            std::fs::read(&keep).unwrap(),
            before,
            "{args:?} left the file alone"
        );
    }
    // ... and replaces it with --force.
    for args in &refusals {
        hexmap().args(args).arg("--force").assert().success();
    }
    // Writing back to the file read is the documented in-place rewrite: no --force needed.
    hexmap()
        .arg("convert")
        .arg(&keep)
        .arg(&keep)
        .args(["--form", "offset"])
        .assert()
        .success();
}
