//! The questions a game asks in one process (`hexmap batch`), field of view (`hexmap fov`),
//! and what `pick`/`coord --map` tell about a hex: run as the real binary, their answers
//! compared with the single commands and with the sight rule's facts.

use assert_cmd::Command;
use hexmap::hex::{Hex, OffsetKind, Orientation};
use hexmap::io::{self, Form};
use hexmap::map::{HexMap, TerrainId};
use predicates::prelude::*;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

const FOREST: u16 = 3; // the standard palette's Forest: cost 2, blocks sight

/// A pointy odd-r hexagon of radius 4, empty but for one Forest east of the centre.
fn forest_map(dir: &Path) -> (HexMap, PathBuf) {
    let mut map = hexmap::map::testing::hexagon_map(4, Orientation::Pointy);
    map.set_terrain(Hex::new(1, 0), TerrainId::new(FOREST))
        .unwrap();
    let path = dir.join("sight.ron");
    io::save(&path, &map, Form::Offset).unwrap();
    (map, path)
}

fn stdout_json(cmd: &mut Command) -> Value {
    let out = cmd.assert().success().get_output().stdout.clone();
    serde_json::from_slice(&out).unwrap()
}

/// `h` written as col,row in odd-r, as the CLI reads cells by default.
fn odd_r(h: Hex) -> String {
    let c = OffsetKind::OddR.from_hex(h);
    format!("{},{}", c.col, c.row)
}

#[test]
fn fov_sees_the_forest_but_not_behind_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_, path) = forest_map(dir.path());
    let v =
        stdout_json(
            hexmap()
                .args(["fov"])
                .arg(&path)
                .args([&odd_r(Hex::ORIGIN), "4", "--json"]),
        );
    let seen: Vec<[i32; 2]> = serde_json::from_value(v["hexes"].clone()).unwrap();
    assert!(seen.contains(&[1, 0]), "the blocking hex itself is seen");
    assert!(
        !seen.contains(&[2, 0]) && !seen.contains(&[3, 0]),
        "hidden behind it"
    );
    assert!(
        seen.contains(&[-4, 0]) && seen.contains(&[0, 4]),
        "open ground"
    );
    // Symmetric: the hex behind the forest does not see the centre either.
    let back = stdout_json(hexmap().args(["fov"]).arg(&path).args([
        &odd_r(Hex::new(2, 0)),
        "4",
        "--json",
    ]));
    assert!(!back["hexes"].as_array().unwrap().contains(&json!([0, 0])));
    // Text names the hex and the system once, as the editor does.
    hexmap()
        .args(["fov"])
        .arg(&path)
        .args(["0,0", "1"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "7 cells seen from odd-r 0,0 within 1 (odd-r):",
        ));
}

#[test]
fn batch_answers_each_line_as_the_single_command_does() {
    let dir = tempfile::tempdir().unwrap();
    let (_, path) = forest_map(dir.path());
    let (a, b) = (Hex::new(-3, 1), Hex::new(3, -1));
    let route =
        stdout_json(
            hexmap()
                .arg("route")
                .arg(&path)
                .args([&odd_r(a), &odd_r(b), "--json"]),
        );
    let reach = stdout_json(
        hexmap()
            .arg("reach")
            .arg(&path)
            .args([&odd_r(a), "2.5", "--json"]),
    );
    let fov =
        stdout_json(
            hexmap()
                .arg("fov")
                .arg(&path)
                .args([&odd_r(Hex::ORIGIN), "3", "--json"]),
        );
    let input = [
        json!({"query": "route", "from": [a.q, a.r], "to": [b.q, b.r], "id": 1}).to_string(),
        String::new(),
        json!({"query": "reach", "from": [a.q, a.r], "budget": 2.5}).to_string(),
        json!({"query": "fov", "from": [0, 0], "radius": 3}).to_string(),
        "route please".to_owned(),
        json!({"query": "coord", "hex": [1, 0]}).to_string(),
        json!({"query": "route", "from": [0, 0], "to": [9, 9]}).to_string(),
    ]
    .join("\n");
    let out = hexmap()
        .arg("batch")
        .arg(&path)
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let answers: Vec<Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        answers.len(),
        6,
        "one answer per non-blank line: {answers:?}"
    );
    let mut first = answers[0].clone();
    assert_eq!(first.as_object_mut().unwrap().remove("id"), Some(json!(1)));
    assert_eq!(first, route);
    assert_eq!(answers[1], reach);
    assert_eq!(answers[2], fov);
    let error = answers[3]["error"].as_str().unwrap();
    assert!(error.starts_with("line 5: not a JSON object"), "{error}");
    assert_eq!(answers[4]["odd-r"], json!([1, 0]));
    assert_eq!(answers[4]["on_map"], true);
    assert_eq!(answers[4]["terrain"], FOREST);
    assert_eq!(answers[4]["terrain_name"], "Forest");
    let error = answers[5]["error"].as_str().unwrap();
    assert!(error.starts_with("line 7: \"to\" [9, 9]"), "{error}");
}

#[test]
fn pick_and_coord_with_a_map_say_whether_the_hex_is_on_it_and_its_terrain() {
    let dir = tempfile::tempdir().unwrap();
    let (map, path) = forest_map(dir.path());
    let centre = map.layout().unwrap().hex_to_pixel(Hex::new(1, 0));
    let v = stdout_json(
        hexmap()
            .arg("pick")
            .args([&centre.x.to_string(), &centre.y.to_string()])
            .arg("--map")
            .arg(&path)
            .arg("--json"),
    );
    assert_eq!(v["axial"], json!([1, 0]));
    assert_eq!(v["odd-r"], json!([1, 0]));
    assert_eq!(v["terrain_name"], "Forest");
    hexmap()
        .arg("pick")
        .args([&centre.x.to_string(), &centre.y.to_string()])
        .arg("--map")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "odd-r 1,0  (on the map, terrain Forest)",
        ));
    let off = stdout_json(
        hexmap()
            .args(["coord", "axial", "9,0", "--map"])
            .arg(&path)
            .arg("--json"),
    );
    assert_eq!(off["on_map"], false);
    assert!(off.get("terrain").is_none());
}

#[test]
fn cells_given_in_xxyy_are_answered_in_xxyy() {
    let dir = tempfile::tempdir().unwrap();
    let (_, path) = forest_map(dir.path());
    // Default labels: base 1, two digits, odd-q stagger, column first. Axial (0,0) is
    // XXYY 0101 and (1,0) is 0201 in that count.
    let out = hexmap()
        .arg("route")
        .arg(&path)
        .args(["0101", "0201", "--coords", "xxyy"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.trim(), "cost 2 in 1 steps (XXYY): 0101 0201");
}

#[test]
fn a_mismatched_offset_pair_is_read_the_same_way_by_every_command() {
    // A pointy map whose file says odd-q (a flat kind): `info` and the editor read it as
    // odd-r, the kind of the same parity. `route`, `coord --map` and `export` must too.
    let dir = tempfile::tempdir().unwrap();
    let (_, path) = forest_map(dir.path());
    let cube = dir.path().join("cube.ron");
    hexmap()
        .args(["convert"])
        .arg(&path)
        .arg(&cube)
        .args(["--form", "cube"])
        .assert()
        .success();
    let text = std::fs::read_to_string(&cube).unwrap();
    assert!(text.contains("offset: \"odd-r\""), "{text}");
    let mismatched = dir.path().join("mismatched.ron");
    std::fs::write(
        &mismatched,
        text.replace("offset: \"odd-r\"", "offset: \"odd-q\""),
    )
    .unwrap();
    // odd-r (-2,1) is axial (-2,1): a cell of the radius-4 hexagon. In odd-q it would be
    // axial (-2,2).
    let v = stdout_json(
        hexmap()
            .arg("route")
            .arg(&mismatched)
            .args(["-2,1", "-2,2", "--json"]),
    );
    assert_eq!(v["hexes"][0], json!([-2, 1]));
    hexmap()
        .arg("route")
        .arg(&mismatched)
        .args(["-2,1", "-2,2"])
        .assert()
        .success()
        .stderr(predicate::str::contains("read as odd-r (cells kept)"));
    let c = stdout_json(
        hexmap()
            .args(["coord", "offset", "-2,1", "--map"])
            .arg(&mismatched)
            .arg("--json"),
    );
    assert_eq!(c["axial"], json!([-2, 1]));
}

#[test]
fn info_lists_edge_and_path_types_icons_and_place_names() {
    use hexmap::hex::{Edge, Point};
    use hexmap::map::{BuiltinIcon, EdgeTypeId, Icon, Label, LabelId, MapPath, PathTypeId};
    let dir = tempfile::tempdir().unwrap();
    let (mut map, _) = forest_map(dir.path());
    // Three river sides (standard edge type 1, +2 to cross), one wall (3), a road (path
    // type 1, ½ per step) through four hexes, two icons on one hex, one place name.
    for (a, b) in [((0, 0), (1, 0)), ((0, 0), (0, 1)), ((-1, 0), (-1, 1))] {
        let e = Edge::between(Hex::new(a.0, a.1), Hex::new(b.0, b.1)).unwrap();
        map.set_edge(e, EdgeTypeId::new(1)).unwrap();
    }
    let wall = Edge::between(Hex::new(2, 0), Hex::new(3, 0)).unwrap();
    map.set_edge(wall, EdgeTypeId::new(3)).unwrap();
    map.insert_path(MapPath {
        gm_only: false,
        id: map.paths().next_id(),
        kind: PathTypeId::new(1).unwrap(),
        hexes: (-2..2).map(|q| Hex::new(q, 1)).collect(),
    })
    .unwrap();
    let mut castle = Icon::builtin(BuiltinIcon::Castle);
    castle.caption = Some("Hold Varr".to_owned());
    map.set_icons(
        Hex::new(0, -2),
        vec![castle, Icon::builtin(BuiltinIcon::Town)],
    )
    .unwrap();
    map.add_label(LabelId(4), Label::new("The Wastes", Point::new(0.0, 0.0)))
        .unwrap();
    let path = dir.path().join("content.ron");
    io::save(&path, &map, Form::Offset).unwrap();

    let v = stdout_json(hexmap().arg("info").arg(&path).arg("--json"));
    let edge = |id: u64| {
        v["edge_types"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == id)
            .cloned()
            .unwrap()
    };
    assert_eq!(edge(1)["edges"], 3);
    assert_eq!(edge(1)["cost"], 2, "a whole number, not 2.0");
    assert_eq!(edge(3)["edges"], 1);
    assert_eq!(edge(3)["cost"], Value::Null, "impassable is null");
    assert_eq!(edge(3)["blocks_sight"], true);
    let road = &v["path_types"][0];
    assert_eq!(
        (road["paths"].clone(), road["steps"].clone()),
        (json!(1), json!(3))
    );
    assert_eq!(road["cost"], 0.5);
    assert_eq!(v["icons"].as_array().unwrap().len(), 2);
    assert_eq!(v["icons"][0]["hex"], json!([0, -2]));
    assert_eq!(v["icons"][0]["caption"], "Hold Varr");
    assert_eq!(
        (v["icons"][0]["id"].clone(), v["icons"][1]["id"].clone()),
        (json!(0), json!(1))
    );
    assert_eq!(v["labels"], json!([{"id": 4, "text": "The Wastes"}]));
    // Text: the tables, and the icon's hex named as the editor names it.
    let c = OffsetKind::OddR.from_hex(Hex::new(0, -2));
    hexmap()
        .arg("info")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("edge types:"))
        .stdout(predicate::str::contains(format!(
            "    0  odd-r {},{}  castle  \"Hold Varr\"",
            c.col, c.row
        )))
        .stdout(predicate::str::contains("labels:      1"));
}
