//! Every command answers a pipeline in JSON: `--json` on each command
//! that writes a file gives one JSON object on stdout that says what was written, checked
//! here against what the written file holds (read back by `hexmap info --json`); warnings
//! and errors are JSON lines on stderr; `--json` with OUT `-` is refused.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

fn bundled(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name)
}

/// Run hexmap; on success return its stdout parsed as one JSON value and its stderr lines,
/// each parsed as JSON (a line that is not JSON fails the test).
fn json_run(args: &[&std::ffi::OsStr]) -> (Value, Vec<Value>) {
    let out = hexmap().args(args).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    let lines = stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("stderr {l:?}: {e}")))
        .collect();
    let answer = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: stdout is not one JSON value: {e}"));
    (answer, lines)
}

/// `info --json` of a file, the independent reading of what a command wrote.
fn info(path: &Path) -> Value {
    let out = hexmap()
        .arg("info")
        .arg(path)
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

fn os(s: &str) -> &std::ffi::OsStr {
    s.as_ref()
}

#[test]
fn every_subcommand_offers_json() {
    let help = hexmap().arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 15, "{commands:?}");
    let mut leaves: Vec<Vec<&str>> = Vec::new();
    for c in &commands {
        match *c {
            "mines" => leaves.extend([vec!["mines", "generate"], vec!["mines", "check"]]),
            // batch answers every query line in JSON whatever its flags.
            "batch" => {}
            other => leaves.push(vec![other]),
        }
    }
    for leaf in leaves {
        let out = hexmap().args(&leaf).arg("--help").output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("--json"),
            "`hexmap {}` has no --json",
            leaf.join(" ")
        );
    }
}

#[test]
fn new_convert_and_import_answer_what_they_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.ron");
    let (answer, warnings) = json_run(&[
        os("new"),
        os("--shape"),
        os("hexagon:3"),
        os("--orientation"),
        os("flat"),
        a.as_os_str(),
        os("--json"),
    ]);
    assert!(warnings.is_empty());
    let written = info(&a);
    assert_eq!(answer["cells"], written["cells"]);
    assert_eq!(answer["cells"], 37);
    assert_eq!(answer["shape"], written["shape"]);
    assert_eq!(answer["offset"], written["offset"]);
    assert_eq!(answer["form"], "offset");

    let b = dir.path().join("b.ron");
    let (answer, _) = json_run(&[
        os("convert"),
        a.as_os_str(),
        b.as_os_str(),
        os("--form"),
        os("cube"),
        os("--json"),
    ]);
    assert_eq!(answer["form"], "cube");
    assert_eq!(info(&b)["form"], "cube");
    assert_eq!(answer["file"], b.display().to_string());

    let tmx = dir.path().join("a.tmx");
    let (answer, _) = json_run(&[
        os("export"),
        a.as_os_str(),
        os("--to"),
        os("tmx"),
        tmx.as_os_str(),
        os("--json"),
    ]);
    let files: Vec<String> = answer["written"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(files.len(), 2, "the TMX and its tileset: {files:?}");
    for f in &files {
        assert!(Path::new(f).is_file(), "{f} named as written but not there");
    }

    let c = dir.path().join("c.ron");
    let (answer, _) = json_run(&[os("import"), tmx.as_os_str(), c.as_os_str(), os("--json")]);
    assert_eq!(answer["cells"], info(&c)["cells"]);
}

#[test]
fn generate_fog_and_mines_answer_what_they_did() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("g.ron");
    let (answer, _) = json_run(&[
        os("generate"),
        g.as_os_str(),
        os("--shape"),
        os("rect:24x16"),
        os("--seed"),
        os("5"),
        os("--json"),
    ]);
    let written = info(&g);
    assert_eq!(answer["cells"], written["cells"]);
    assert_eq!(answer["seed"], 5);
    let sea_cells = answer["sea_cells"].as_u64().unwrap();
    assert!(sea_cells > 0 && sea_cells < 384, "{answer}");

    let (answer, _) = json_run(&[os("fog"), g.as_os_str(), os("hide-all"), os("--json")]);
    assert_eq!(answer["hidden"], 384);
    let (answer, _) = json_run(&[
        os("fog"),
        g.as_os_str(),
        os("reveal"),
        os("--at"),
        os("5,5"),
        os("--radius"),
        os("1"),
        os("--json"),
    ]);
    assert_eq!(answer["cells_named"], 7);
    assert_eq!(answer["hidden"], 384 - 7);

    let m = dir.path().join("m.ron");
    let (answer, _) = json_run(&[
        os("mines"),
        os("generate"),
        bundled("minesweeper-13.ron").as_os_str(),
        os("--count"),
        os("10"),
        os("--seed"),
        os("1"),
        m.as_os_str(),
        os("--json"),
    ]);
    assert_eq!(answer["mines"], 10);
    assert_eq!(info(&m)["mines"], 10);
}

#[test]
fn validate_gives_a_verdict_per_file_and_the_failure_as_a_json_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "(not a map").unwrap();
    let good = bundled("island.ron");
    let out = hexmap()
        .arg("validate")
        .arg(&good)
        .arg(&bad)
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    let files = answer["files"].as_array().unwrap();
    assert_eq!(files[0]["ok"], true);
    assert_eq!(files[0]["cells"], info(&good)["cells"]);
    assert_eq!(files[1]["ok"], false);
    assert!(files[1]["problem"].as_str().unwrap().contains("bad.ron"));
    let error: Value = serde_json::from_slice(&out.stderr).unwrap();
    assert_eq!(error["error"], "1 of 2 files are invalid");
}

#[test]
fn warnings_are_json_lines_and_stdout_is_refused_with_json() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("island.png");
    let (_, warnings) = json_run(&[
        os("export"),
        bundled("island.ron").as_os_str(),
        os("--to"),
        os("json"),
        png.as_os_str(),
        os("--json"),
    ]);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0]["warning"]
            .as_str()
            .unwrap()
            .contains("is not a json file's extension")
    );
    for args in [
        vec!["export", "ISLAND", "--to", "json", "-", "--json"],
        vec!["convert", "ISLAND", "-", "--form", "cube", "--json"],
    ] {
        let island = bundled("island.ron");
        let args: Vec<&std::ffi::OsStr> = args
            .iter()
            .map(|a| {
                if *a == "ISLAND" {
                    island.as_os_str()
                } else {
                    os(a)
                }
            })
            .collect();
        let out = hexmap().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
        let error: Value = serde_json::from_slice(&out.stderr).unwrap();
        assert!(
            error["error"].as_str().unwrap().contains("--json"),
            "{error}"
        );
    }
}
