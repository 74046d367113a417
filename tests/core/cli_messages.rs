//! What a person reads when a command gets the wrong kind of file: the
//! binary's stderr names the file with its folder, says what the file is and what to do,
//! and never names an internal type.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

fn bundled(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name)
}

/// Run `args` expecting exit code 1; its stderr.
fn fails(args: &[&std::ffi::OsStr]) -> String {
    let out = hexmap().args(args).assert().code(1);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        !err.contains("`File") && !err.contains("struct"),
        "names an internal type: {err}"
    );
    err
}

/// `hexmap export MAP --to FORMAT OUT`.
fn export(map: &Path, format: &str, out: &Path) {
    hexmap()
        .arg("export")
        .arg(map)
        .args(["--to", format])
        .arg(out)
        .assert()
        .success();
}

#[test]
fn hexmaps_own_json_export_imports_and_map_commands_say_to_import_it() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("bad").join("i.json");
    std::fs::create_dir(json.parent().unwrap()).unwrap();
    export(&bundled("island.ron"), "json", &json);
    let out = dir.path().join("x.ron");
    hexmap()
        .arg("import")
        .arg(&json)
        .arg(&out)
        .assert()
        .success();
    assert!(out.exists(), "import reads the JSON export");
    let shown = json.display().to_string();
    // The commands that read maps say what it is and how to convert it.
    let err = fails(&["info".as_ref(), json.as_os_str()]);
    let want = format!("`hexmap import {shown} MAP.ron`");
    assert!(
        err.contains(&shown) && err.contains("hexmap's JSON export") && err.contains(&want),
        "{err}"
    );
    // A broken export is refused naming the file, with its folder, and the JSON path.
    let text = std::fs::read_to_string(&json).unwrap();
    std::fs::write(
        &json,
        text.replacen("\"terrain\": ", "\"terrain\": \"x\", \"t\": ", 1),
    )
    .unwrap();
    let out2 = dir.path().join("y.ron");
    let err = fails(&["import".as_ref(), json.as_os_str(), out2.as_os_str()]);
    assert!(
        err.contains(&format!("{shown}: cells[0].terrain: expected an integer")),
        "{err}"
    );
    assert!(!out2.exists());
}

#[test]
fn map_commands_on_a_tiled_map_say_to_import_it() {
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("wargame.tmx");
    export(&bundled("wargame-river-crossing.ron"), "tmx", &tmx);
    let tmj = dir.path().join("wargame.tmj");
    export(&bundled("wargame-river-crossing.ron"), "tmj", &tmj);
    for file in [&tmx, &tmj] {
        let f = file.as_os_str();
        for args in [
            vec!["info".as_ref(), f],
            vec!["validate".as_ref(), f],
            vec!["route".as_ref(), f, "0,0".as_ref(), "1,1".as_ref()],
            vec!["reach".as_ref(), f, "0,0".as_ref(), "3".as_ref()],
            vec![
                "export".as_ref(),
                f,
                "--to".as_ref(),
                "csv".as_ref(),
                "-".as_ref(),
            ],
        ] {
            let err = fails(&args);
            let want = format!("`hexmap import {} MAP.ron`", file.display());
            assert!(err.contains("a Tiled map") && err.contains(&want), "{err}");
        }
    }
    // A picture is named as one.
    let png = dir.path().join("w.png");
    export(&bundled("wargame-river-crossing.ron"), "png", &png);
    let err = fails(&["info".as_ref(), png.as_os_str()]);
    assert!(err.contains("a PNG picture, not a map"), "{err}");
    let out = dir.path().join("x.ron");
    let err = fails(&["import".as_ref(), png.as_os_str(), out.as_os_str()]);
    assert!(err.contains("a PNG picture, not a map"), "{err}");
}

#[test]
fn ron_errors_use_the_files_words() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(bundled("island.ron")).unwrap();
    let bad = dir.path().join("no-colour.ron");
    std::fs::write(&bad, text.replacen("color: \"#1d4e89\", ", "", 1)).unwrap();
    let err = fails(&["validate".as_ref(), bad.as_os_str()]);
    assert!(
        err.contains(&bad.display().to_string())
            && err.contains("missing field named `color` in a palette entry"),
        "{err}"
    );
    // A cell that is not on the map: the file, the argument, what to do.
    let map = bundled("island.ron");
    let err = fails(&[
        "route".as_ref(),
        map.as_os_str(),
        "99,99".as_ref(),
        "0,0".as_ref(),
    ]);
    assert!(
        err.contains(&format!(
            "{}: FROM odd-r 99,99 is not a cell of the map",
            map.display()
        )) && err.contains("hexmap info"),
        "{err}"
    );
}

#[test]
fn json_that_is_no_map_says_which_two_json_maps_hexmap_reads() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("scores.json");
    std::fs::write(&other, "{\"player\": \"ann\", \"score\": 3}").unwrap();
    let out = dir.path().join("out.ron");
    let err = fails(&["import".as_ref(), other.as_os_str(), out.as_os_str()]);
    assert!(
        err.contains(&format!(
            "{}: a JSON file that is neither hexmap's JSON export",
            other.display()
        )),
        "{err}"
    );
    assert!(err.contains("nor a Tiled map"), "{err}");
    assert!(!out.exists());
    // A map command names both JSON maps hexmap imports.
    let err = fails(&["info".as_ref(), other.as_os_str()]);
    assert!(err.contains("its own JSON export (.json)"), "{err}");
}
