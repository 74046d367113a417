//! The map subcommands run as a real binary on temp folders: exit codes (0 ok, 1 bad
//! input, 2 usage), messages naming the problem, and no partial files.

use assert_cmd::Command;
use predicates::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

fn bundled(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name)
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn new_writes_a_valid_map_of_each_shape() {
    let dir = tempfile::tempdir().unwrap();
    for (shape, cells, extra) in [
        ("rect:7x5", 35, vec!["--orientation", "flat"]),
        ("hexagon:3", 37, vec!["--offset", "even-r"]),
        ("parallelogram:4x3", 12, vec!["--form", "cube"]),
        ("triangle:4", 10, vec![]),
    ] {
        let out = dir.path().join(format!("{}.ron", shape.replace(':', "-")));
        hexmap()
            .args(["new", "--shape", shape])
            .args(&extra)
            .arg(&out)
            .assert()
            .success();
        hexmap()
            .arg("validate")
            .arg(&out)
            .assert()
            .success()
            .stdout(predicate::str::contains(format!("{cells} cells")));
    }
    let flat = fs::read_to_string(dir.path().join("rect-7x5.ron")).unwrap();
    assert!(flat.contains("orientation: \"flat\"") && flat.contains("offset: \"odd-q\""));
}

#[test]
fn new_refuses_to_overwrite_and_bad_usage_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m.ron");
    fs::write(&out, "keep me").unwrap();
    hexmap()
        .args(["new", "--shape", "hexagon:2"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("already exists"));
    assert_eq!(fs::read_to_string(&out).unwrap(), "keep me");
    hexmap()
        .args(["new", "--shape", "circle:2"])
        .arg(dir.path().join("x.ron"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad shape 'circle:2'"));
    hexmap()
        .args(["new", "--shape", "rect:20000x1"])
        .arg(dir.path().join("x.ron"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("width 20000 is over the limit"));
    hexmap().args(["convert", "a.ron"]).assert().code(2);
    hexmap().args(["info"]).assert().code(2);
    assert_eq!(names(dir.path()), ["m.ron"]);
}

/// A whole world of ten million hexes is made, and one beyond the cell limit is refused with
/// the count and the limit, before anything is allocated.
#[test]
fn new_makes_a_ten_million_hex_world_and_refuses_one_over_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("world.ron");
    hexmap()
        .args(["new", "--shape", "hexagon:1826"])
        .arg(&out)
        .assert()
        .success();
    hexmap()
        .arg("info")
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("cells:       10008307"));
    let big = dir.path().join("big.ron");
    hexmap()
        .args(["new", "--shape", "hexagon:2000"])
        .arg(&big)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "12006001 cells is over the limit of 12000000",
        ));
    hexmap()
        .args(["new", "--shape", "rect:3465x3465"])
        .arg(&big)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "12006225 cells is over the limit of 12000000",
        ));
    assert!(!big.exists());
}

#[test]
fn info_reports_shape_counts_palette_and_form() {
    hexmap()
        .arg("info")
        .arg(bundled("island.ron"))
        .assert()
        .success()
        .stdout(predicate::str::contains("shape:       rect:odd-r:40x30"))
        .stdout(predicate::str::contains("cells:       1200"))
        .stdout(predicate::str::contains("form:        offset"))
        .stdout(predicate::str::contains("Forest"));
    let out = hexmap()
        .args(["info", "--json"])
        .arg(bundled("minesweeper-13.ron"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["cells"], 127);
    assert_eq!(v["mines"], 22);
    assert_eq!(v["form"], "offset");
    assert_eq!(v["palette"][0]["name"], "Covered");
    assert_eq!(v["palette"][0]["cells"], 127);
    hexmap()
        .args(["info", "--json"])
        .arg(bundled("hexagon-r8-cube.ron"))
        .assert()
        .success()
        .stdout(predicate::str::contains("\"form\":\"cube\""));
}

#[test]
fn validate_names_the_first_problem_per_file() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    let text = fs::read_to_string(bundled("island.ron"))
        .unwrap()
        .replacen("\"~~~~", "\"~~X~", 1);
    fs::write(&bad, text).unwrap();
    let syntax = dir.path().join("syntax.ron");
    fs::write(&syntax, "(\n  format: \"hexmap\"\n  version: 1,\n)").unwrap();
    hexmap()
        .arg("validate")
        .args(bundled_all())
        .assert()
        .success();
    hexmap()
        .arg("validate")
        .arg(bundled("island.ron"))
        .arg(&bad)
        .arg(&syntax)
        .arg(dir.path().join("missing.ron"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("island.ron: ok"))
        .stderr(predicate::str::contains(
            "bad.ron: field cells.rows, cell (col 2, row 0): unknown terrain symbol 'X'",
        ))
        .stderr(predicate::str::contains(
            "syntax.ron: line 3:3: Expected comma",
        ))
        .stderr(predicate::str::contains("missing.ron: No such file"));
}

fn bundled_all() -> Vec<PathBuf> {
    [
        "minesweeper-13.ron",
        "subsector-traveller.ron",
        "island.ron",
        "hexagon-r8-cube.ron",
    ]
    .map(bundled)
    .to_vec()
}

#[test]
fn convert_both_ways_and_in_place_is_lossless() {
    let dir = tempfile::tempdir().unwrap();
    for src in bundled_all() {
        let original = hexmap::io::load(&src).unwrap().0;
        let work = dir.path().join("work.ron");
        fs::copy(&src, &work).unwrap();
        for form in ["cube", "offset", "cube", "offset"] {
            hexmap()
                .arg("convert")
                .arg(&work)
                .arg(&work)
                .args(["--form", form])
                .assert()
                .success();
            let (m, f) = hexmap::io::load(&work).unwrap();
            assert_eq!(f.name(), form);
            assert_eq!(m, original, "{} via {form}", src.display());
        }
        assert_eq!(names(dir.path()), ["work.ron"], "no temp files left");
        fs::remove_file(&work).unwrap();
    }
}

#[test]
fn convert_to_another_offset_kind_keeps_the_cells() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("even.ron");
    hexmap()
        .arg("convert")
        .arg(bundled("subsector-traveller.ron"))
        .arg(&out)
        .args(["--form", "offset", "--offset", "even-q"])
        .assert()
        .success();
    let a = hexmap::io::load(&bundled("subsector-traveller.ron"))
        .unwrap()
        .0;
    let b = hexmap::io::load(&out).unwrap().0;
    assert_eq!(b.properties().offset_kind.name(), "even-q");
    assert_eq!(a.shape(), b.shape());
    for h in a.shape().iter() {
        assert_eq!(a.terrain(h), b.terrain(h));
    }
    // The odd-q rectangle written in even-q rows gets holes at the column ends.
    assert!(fs::read_to_string(&out).unwrap().contains('.'));
}

#[test]
fn convert_failures_leave_no_partial_files() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    fs::write(&bad, "(format: \"hexmap\", version: 9)").unwrap();
    let out = dir.path().join("out.ron");
    hexmap()
        .arg("convert")
        .arg(&bad)
        .arg(&out)
        .args(["--form", "cube"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "format version 9 is not supported",
        ));
    // Output into a folder that does not exist: the save fails, nothing is created.
    hexmap()
        .arg("convert")
        .arg(bundled("island.ron"))
        .arg(dir.path().join("nope/out.ron"))
        .args(["--form", "cube"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot save"));
    // The target is a folder: the rename fails, the folder is untouched, no temp left.
    let target = dir.path().join("target.ron");
    fs::create_dir(&target).unwrap();
    fs::write(target.join("inside"), "x").unwrap();
    hexmap()
        .arg("convert")
        .arg(bundled("island.ron"))
        .arg(&target)
        .args(["--form", "cube"])
        .assert()
        .code(1);
    assert!(target.join("inside").exists());
    assert_eq!(names(dir.path()), ["bad.ron", "target.ron"]);
    hexmap()
        .arg("convert")
        .arg(bundled("island.ron"))
        .arg(&out)
        .args(["--form", "square"])
        .assert()
        .code(2);
}

#[test]
fn no_subcommand_chooses_the_editor_and_a_missing_file_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-map.ron");
    let expected = if cfg!(feature = "gui") {
        "is neither a subcommand nor an existing map file"
    } else {
        "the editor is not built in this binary"
    };
    hexmap()
        .arg(&missing)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(expected));
    if !cfg!(feature = "gui") {
        // Without the editor, even a bare `hexmap` says so instead of opening a window.
        hexmap()
            .assert()
            .code(2)
            .stderr(predicate::str::contains(expected));
    }
    assert!(names(dir.path()).is_empty(), "nothing written");
}

#[test]
fn new_refuses_an_offset_kind_of_the_other_orientation_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bad.ron");
    hexmap()
        .args(["new", "--shape", "rect:4x3", "--orientation", "flat"])
        .args(["--offset", "odd-r"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "offset kind odd-r does not go with flat hexes (use odd-q",
        ));
    assert!(!out.exists(), "nothing written");
    hexmap()
        .args(["new", "--shape", "rect:4x3", "--orientation", "flat"])
        .args(["--offset", "even-q"])
        .arg(&out)
        .assert()
        .success();
}

#[test]
fn info_and_validate_open_a_mismatched_file_with_a_warning() {
    use hexmap::hex::{OffsetKind, Orientation};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("skew.ron");
    let map = hexmap::map::testing::TestMap::hexagon(2, Orientation::Flat)
        .named("skew")
        .offset_kind(OffsetKind::OddR)
        .build();
    hexmap::io::save(&path, &map, hexmap::io::Form::Offset).unwrap();
    hexmap()
        .arg("validate")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("hexmap: warning: "))
        .stdout(predicate::str::contains(
            "skew.ron: offset kind odd-r does not go with flat hexes",
        ))
        .stdout(predicate::str::contains("ok (offset form, 19 cells)"));
    hexmap()
        .arg("info")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("read as odd-q (cells kept)"))
        .stdout(predicate::str::contains("layout:      flat, odd-q"));
}

/// `hexmap info map | head -1`: the reader closes the pipe before hexmap writes. hexmap
/// must end as Unix tools do (quietly, by SIGPIPE), not panic with a backtrace.
#[cfg(unix)]
#[test]
fn a_reader_that_closes_the_pipe_early_ends_hexmap_quietly() {
    use std::os::unix::process::ExitStatusExt;
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("hexmap"))
        .arg("info")
        .arg(bundled("island.ron"))
        .stdout(writer)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGPIPE),
        "status: {:?}",
        out.status
    );
}
