//! `hexmap mines generate` and `hexmap mines check` run as a real binary on temp folders.

use assert_cmd::Command;
use hexmap::hex::{OffsetCoord, OffsetKind};
use hexmap::io;
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

/// A new 6×5 odd-r rectangle map with mines on the given (col, row) cells.
fn rect_map(dir: &Path, mines: &[(i32, i32)]) -> PathBuf {
    let path = dir.join("rect.ron");
    hexmap()
        .args(["new", "--shape", "rect:6x5"])
        .arg(&path)
        .assert()
        .success();
    let (mut map, form) = io::load(&path).unwrap();
    for &(col, row) in mines {
        map.set_mine(OffsetKind::OddR.to_hex(OffsetCoord::new(col, row)), true)
            .unwrap();
    }
    io::save(&path, &map, form).unwrap();
    path
}

#[test]
fn generated_no_guess_layout_checks_as_solved() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.ron");
    hexmap()
        .args(["mines", "generate"])
        .arg(bundled("minesweeper-13.ron"))
        .args([
            "--count",
            "20",
            "--seed",
            "7",
            "--start",
            "6,6",
            "--no-guess",
        ])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("20 mines on 127 cells"));
    let (map, _) = io::load(&out).unwrap();
    assert_eq!(map.mines().count(), 20);
    hexmap()
        .args(["mines", "check"])
        .arg(&out)
        .args(["--start", "6,6"])
        .assert()
        .success()
        .stdout(predicate::str::contains("solved from odd-r 6,6"));
    let json = hexmap()
        .args(["mines", "check", "--json", "--start", "6,6"])
        .arg(&out)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(v["verdict"], "solved");
    assert_eq!(v["mines"], 20);
    assert_eq!(v["cells"], 127);
    assert_eq!(v["revealed"], 107);
    assert_eq!(v["forced_guess_cells"].as_array().unwrap().len(), 0);
}

#[test]
fn same_seed_same_file_other_seed_other_file() {
    let dir = tempfile::tempdir().unwrap();
    let run = |seed: &str, name: &str| {
        let out = dir.path().join(name);
        hexmap()
            .args(["mines", "generate"])
            .arg(bundled("minesweeper-13.ron"))
            .args(["--density", "12%", "--seed", seed])
            .arg(&out)
            .assert()
            .success();
        fs::read_to_string(out).unwrap()
    };
    let a = run("1", "a.ron");
    assert_eq!(a, run("1", "b.ron"));
    assert_ne!(a, run("2", "c.ron"));
}

#[test]
fn check_names_the_forced_guess_cells() {
    // The corner pair (0,0)/(1,0) is seen together only by (0,1); (2,0) and (1,1), which
    // would tell them apart, are mines: a forced 50/50.
    let dir = tempfile::tempdir().unwrap();
    let map = rect_map(dir.path(), &[(0, 0), (2, 0), (1, 1)]);
    hexmap()
        .args(["mines", "check"])
        .arg(&map)
        .args(["--start", "5,4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("stuck from odd-r 5,4"))
        .stdout(predicate::str::contains(
            "forced at 2 cell(s) (odd-r): 0,0 1,0",
        ));
    let json = hexmap()
        .args(["mines", "check", "--json", "--start", "5,4"])
        .arg(&map)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(v["verdict"], "stuck");
    // Axial [q, r], as every JSON answer: odd-r (0,0) and (1,0) are axial (0,0) and (1,0).
    let want: Vec<[i32; 2]> = [(0, 0), (1, 0)]
        .iter()
        .map(|&(c, r)| {
            let h = OffsetKind::OddR.to_hex(OffsetCoord::new(c, r));
            [h.q, h.r]
        })
        .collect();
    assert_eq!(v["forced_guess_cells"], serde_json::json!(want));
}

#[test]
fn bad_input_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let map = rect_map(dir.path(), &[(0, 0)]);
    let out = dir.path().join("out.ron");
    // A start outside the map.
    hexmap()
        .args(["mines", "generate"])
        .arg(&map)
        .args(["--count", "3", "--seed", "1", "--start", "9,9"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not a playable cell"));
    // Too many mines.
    hexmap()
        .args(["mines", "generate"])
        .arg(&map)
        .args(["--count", "40", "--seed", "1"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("40 mines requested"));
    assert!(!out.exists(), "no file is written on failure");
    // Usage errors: a density over 100 %, no amount at all.
    hexmap()
        .args(["mines", "generate"])
        .arg(&map)
        .args(["--density", "150%", "--seed", "1"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("outside 0 to 1"));
    hexmap()
        .args(["mines", "generate"])
        .arg(&map)
        .args(["--seed", "1"])
        .arg(&out)
        .assert()
        .code(2);
    // Checking from a mine.
    hexmap()
        .args(["mines", "check"])
        .arg(&map)
        .args(["--start", "0,0"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("holds a mine"));
    // A missing file.
    hexmap()
        .args(["mines", "check"])
        .arg(dir.path().join("missing.ron"))
        .assert()
        .code(1);
}

#[test]
fn no_guess_without_start_reports_the_start_it_picked() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("island.ron");
    let output = hexmap()
        .args(["mines", "generate"])
        .arg(bundled("island.ron"))
        .args(["--density", "0.12", "--seed", "3", "--no-guess"])
        .arg(&out)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    // "…, start odd-r COL,ROW); no guess needed (…)": the hex named with its system.
    let start = text
        .split(", start odd-r ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or_else(|| panic!("no start in {text:?}"))
        .to_string();
    hexmap()
        .args(["mines", "check", "--start", &start])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "solved from odd-r {start} without guessing"
        )));
}

#[test]
fn xxyy_start_cells_count_in_the_maps_label_settings() {
    // A new pointy map labels in odd-r, as the editor shows it: "0305" is col 2, row 4
    // (0-based). Classic odd-q counting would read it as col 3, row 3.
    let dir = tempfile::tempdir().unwrap();
    let map = rect_map(dir.path(), &[(5, 0)]);
    let (loaded, _) = io::load(&map).unwrap();
    let editor_label = loaded
        .properties()
        .labels
        .format(OffsetKind::OddR.to_hex(OffsetCoord::new(2, 4)))
        .unwrap();
    assert_eq!(editor_label, "0305");
    let json = hexmap()
        .args([
            "mines", "check", "--json", "--coords", "xxyy", "--start", "0305",
        ])
        .arg(&map)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
    let start = OffsetKind::OddR.to_hex(OffsetCoord::new(2, 4));
    assert_eq!(v["start"], serde_json::json!([start.q, start.r]));
}
