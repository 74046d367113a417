//! `hexmap coord` and `hexmap pick`, run as a user runs them.

use std::process::{Command, Output};

fn hexmap(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexmap"))
        .args(args)
        .output()
        .expect("run hexmap")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn coord_json_has_exactly_the_documented_keys() {
    let o = hexmap(&["coord", "xxyy", "0305", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let mut expected = vec![
        "axial",
        "cube",
        "odd-r",
        "even-r",
        "odd-q",
        "even-q",
        "doubled-width",
        "doubled-height",
        "xxyy",
        "three-axis",
        "two-axis",
    ];
    let mut sorted = keys.clone();
    sorted.sort();
    expected.sort();
    assert_eq!(sorted, expected);
    assert_eq!(v["axial"], serde_json::json!([2, 3]));
    assert_eq!(v["cube"], serde_json::json!([2, 3, -5]));
    assert_eq!(v["odd-q"], serde_json::json!([2, 4]));
    assert_eq!(v["xxyy"], serde_json::json!("0305"));
    assert_eq!(v["three-axis"], serde_json::json!([-3, 0, 2]));
    assert_eq!(v["two-axis"], serde_json::json!([-5, 2]));
}

#[test]
fn coord_reads_every_system() {
    // The same hex (1, 2, -3) written in each system (docs/DESIGN.md §4 for offset and doubled).
    let cases = [
        ("axial", "1,2"),
        ("cube", "1,2,-3"),
        ("even-q", "1,3"),
        ("odd-q", "1,2"),
        ("odd-r", "2,2"),
        ("even-r", "2,2"),
        ("doubled-width", "4,2"),
        ("doubled-height", "1,5"),
        ("xxyy", "0203"),
        ("three-axis", "[-2,0,1]"),
        ("two-axis", "[-3,1]"),
    ];
    for (system, value) in cases {
        let o = hexmap(&["coord", system, value, "--json"]);
        assert!(o.status.success(), "{system}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["cube"], serde_json::json!([1, 2, -3]), "{system} {value}");
    }
}

#[test]
fn coord_without_label_prints_null() {
    let o = hexmap(&["coord", "axial", "-4,-4", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(v["xxyy"].is_null());
}

#[test]
fn coord_text_names_directions_by_orientation() {
    let o = hexmap(&["coord", "axial", "0,0", "--orientation", "flat"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("three-axis      [0,0,0]"), "{text}");
    assert!(text.contains("N 0,-1"), "{text}");
}

#[test]
fn bad_values_exit_1_with_a_named_problem() {
    let cases = [
        (vec!["coord", "cube", "1,1,1"], "q + r + s must be 0"),
        (
            vec!["coord", "xxyy", "03x5"],
            "non-digit character 'x' at position 3",
        ),
        (
            vec!["coord", "three-axis", "[1,2]"],
            "is not a 3-axis coordinate",
        ),
        (vec!["coord", "doubled-width", "1,2"], "must be even"),
        (
            vec![
                "pick",
                "1",
                "1",
                "--orientation",
                "flat",
                "--size",
                "0",
                "1",
            ],
            "hex size must be finite and greater than 0",
        ),
    ];
    for (args, message) in cases {
        let o = hexmap(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec!["coord", "hexagonal", "1,2"],
        vec!["pick", "1"],
        vec!["nonsense"],
    ] {
        assert_eq!(hexmap(&args).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn pick_reference_layout() {
    // The centre of (3, 4, -7) in docs/DESIGN.md's flat layout, and a point just inside its edge.
    let o = hexmap(&[
        "pick",
        "80",
        "213.89",
        "--orientation",
        "flat",
        "--size",
        "10",
        "15",
        "--origin",
        "35",
        "71",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v, serde_json::json!({"axial": [3, 4], "cube": [3, 4, -7]}));
    // Corner 0 is at (90, 213.894); a hair left of it is still inside (3, 4).
    let o = hexmap(&[
        "pick",
        "89.999999",
        "213.8941916",
        "--orientation",
        "flat",
        "--size",
        "10",
        "15",
        "--origin",
        "35",
        "71",
    ]);
    assert_eq!(stdout(&o).trim(), "axial 3,4  cube 3,4,-7");
    let o = hexmap(&[
        "pick",
        "-1e6",
        "-3.5",
        "--orientation",
        "pointy",
        "--size",
        "1",
        "1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}

fn path_arg(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_str(&stdout(o)).unwrap()
}

#[test]
fn coord_with_a_map_counts_xxyy_as_the_editor_does() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("pointy.ron");
    let o = hexmap(&[
        "new",
        "--shape",
        "rect:30x30",
        "--orientation",
        "pointy",
        path_arg(&map),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The editor labels a hex in the map's own settings (odd-r on a new pointy map).
    let (loaded, _) = hexmap::io::load(&map).unwrap();
    let h = hexmap::hex::OffsetKind::OddR.to_hex(hexmap::hex::OffsetCoord::new(13, 20));
    let editor_label = loaded.properties().labels.format(h).unwrap();
    assert_eq!(editor_label, "1421");

    let v = json(&hexmap(&[
        "coord",
        "odd-r",
        "13,20",
        "--map",
        path_arg(&map),
        "--json",
    ]));
    assert_eq!(v["xxyy"], serde_json::json!(editor_label));
    // And the label reads back to the same hex.
    let v = json(&hexmap(&[
        "coord",
        "xxyy",
        "1421",
        "--map",
        path_arg(&map),
        "--json",
    ]));
    assert_eq!(v["odd-r"], serde_json::json!([13, 20]));
    // `offset` is the map's own kind; text output too.
    let o = hexmap(&["coord", "offset", "13,20", "--map", path_arg(&map)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("xxyy            1421"), "{text}");
    assert!(text.contains("odd-r           13,20"), "{text}");
    // The same settings given directly.
    let v = json(&hexmap(&[
        "coord",
        "odd-r",
        "13,20",
        "--labels",
        "1,2,odd-r,column-first",
        "--json",
    ]));
    assert_eq!(v["xxyy"], serde_json::json!("1421"));
    // Without either, the classic odd-q count as before.
    let v = json(&hexmap(&["coord", "odd-r", "13,20", "--json"]));
    assert_eq!(v["xxyy"], serde_json::json!("0422"));
}

#[test]
fn coord_refuses_bad_label_settings_and_a_map_with_an_orientation() {
    let o = hexmap(&[
        "coord",
        "axial",
        "0,0",
        "--labels",
        "5,2,odd-q,column-first",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("label base must be 0 or 1, got 5"),
        "{}",
        stderr(&o)
    );
    let o = hexmap(&["coord", "axial", "0,0", "--labels", "1,2,odd-q"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("BASE,DIGITS,STAGGER,ORDER"),
        "{}",
        stderr(&o)
    );
    let map = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/island.ron");
    let o = hexmap(&[
        "coord",
        "axial",
        "0,0",
        "--map",
        map,
        "--orientation",
        "flat",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = hexmap(&["coord", "axial", "0,0", "--map", "/no/such/map.ron"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn pick_with_a_map_uses_its_layout() {
    // maps/island.ron: pointy hexes of size 16. The centre of axial (3, 4) is at
    // (√3·(3 + 4/2)·16, 1.5·4·16) = (138.56…, 96).
    let map = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/island.ron");
    let (loaded, _) = hexmap::io::load(std::path::Path::new(map)).unwrap();
    assert_eq!(loaded.properties().hex_size.x, 16.0);
    let v = json(&hexmap(&["pick", "138.5", "96.2", "--map", map, "--json"]));
    assert_eq!(v["axial"], serde_json::json!([3, 4]));
    assert_eq!(v["cube"], serde_json::json!([3, 4, -7]));
    // island.ron is odd-r: axial (3, 4) is col 5, row 4; it is a cell of the map.
    assert_eq!(v["odd-r"], serde_json::json!([5, 4]));
    assert_eq!(v["on_map"], true);
    // The map's layout, not --orientation/--size: those conflict with --map.
    let o = hexmap(&["pick", "1", "1", "--map", map, "--size", "1", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let o = hexmap(&["pick", "1", "1"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "--orientation and --size, or --map"
    );
}

#[test]
fn every_system_name_reads_and_help_lists_them() {
    let o = hexmap(&["coord", "--help"]);
    let help = stdout(&o);
    for name in [
        "axial",
        "cube",
        "odd-r",
        "even-r",
        "odd-q",
        "even-q",
        "doubled-width",
        "doubled-height",
        "xxyy",
        "three-axis",
        "two-axis",
        "offset",
        "doubled",
    ] {
        assert!(help.contains(name), "help lists {name}: {help}");
    }
    // Older spellings and any case still read.
    for (system, value) in [
        ("double-width", "4,2"),
        ("XXYY", "0203"),
        ("Doubled", "4,2"),
    ] {
        let v = json(&hexmap(&["coord", system, value, "--json"]));
        assert_eq!(v["cube"], serde_json::json!([1, 2, -3]), "{system}");
    }
}

/// Coordinates beyond `hex::COORD_LIMIT` are refused with a message, not wrapped.
#[test]
fn the_cli_refuses_coordinates_beyond_the_limit() {
    let too_far = format!("{},0", hexmap::hex::COORD_LIMIT as i64 * 2 + 1);
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_hexmap"))
        .args(["coord", "axial", &too_far])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not supported"));
}
