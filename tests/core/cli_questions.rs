//! The plain questions a game asks of a map, run as the real binary: line of sight with
//! what blocks it (`los`), the cost of a given path (`path-cost`), `distance`, `line`,
//! `neighbours`, `ring` and `range`; each command's `--json` against `batch`, the answers
//! against reference vectors and the map's own routes and field of view, `batch`'s
//! `reload` after the file changed, and errors that name the bad coordinate.

use assert_cmd::Command;
use hexmap::hex::{Edge, Hex, OffsetKind, Orientation};
use hexmap::io::{self, Form};
use hexmap::map::{EdgeTypeId, HexMap, TerrainId};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

const FOREST: u16 = 3; // the standard palette's Forest: cost 2, blocks sight
const WALL: u16 = 3; // the standard edge palette's Wall: impassable, blocks sight
const SAMPLE: &str = "maps/wargame-river-crossing.ron";

/// A pointy odd-r hexagon of radius 4: a Forest east of the centre, a Wall on the side
/// between (−1, 0) and (−2, 0).
fn sight_map(dir: &Path) -> (HexMap, PathBuf) {
    let mut map = hexmap::map::testing::hexagon_map(4, Orientation::Pointy);
    map.set_terrain(Hex::new(1, 0), TerrainId::new(FOREST))
        .unwrap();
    let side = Edge::between(Hex::new(-1, 0), Hex::new(-2, 0)).unwrap();
    map.set_edge(side, EdgeTypeId::new(WALL)).unwrap();
    let path = dir.join("sight.ron");
    io::save(&path, &map, Form::Offset).unwrap();
    (map, path)
}

/// `h` as col,row in odd-r, as the CLI reads cells of an odd-r map by default.
fn odd_r(h: Hex) -> String {
    let c = OffsetKind::OddR.from_hex(h);
    format!("{},{}", c.col, c.row)
}

/// The single command's standard output (one line under `--json`).
fn stdout(cmd: &mut Command) -> String {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

/// The answers `batch` gives to `lines` on `map`, one string each.
fn batch(map: &Path, lines: &[Value]) -> Vec<String> {
    let input: Vec<String> = lines.iter().map(Value::to_string).collect();
    stdout(hexmap().arg("batch").arg(map).write_stdin(input.join("\n")))
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The error text of a failing command (its stderr, without a trailing newline).
fn failure(cmd: &mut Command) -> String {
    let out = cmd.assert().code(1).get_output().stderr.clone();
    String::from_utf8(out).unwrap().trim_end().to_owned()
}

#[test]
fn los_names_the_forest_or_the_wall_that_blocks_the_view() {
    let dir = tempfile::tempdir().unwrap();
    let (_, path) = sight_map(dir.path());
    let los = |from: Hex, to: Hex| -> Value {
        let text =
            stdout(
                hexmap()
                    .arg("los")
                    .arg(&path)
                    .args([&odd_r(from), &odd_r(to), "--json"]),
            );
        serde_json::from_str(&text).unwrap()
    };
    assert_eq!(
        los(Hex::ORIGIN, Hex::new(3, 0)),
        json!({"visible": false, "distance": 3, "blocked_by": {"hex": [1, 0]}})
    );
    assert_eq!(
        los(Hex::new(3, 0), Hex::ORIGIN)["blocked_by"],
        json!({"hex": [1, 0]})
    );
    // The forest itself is seen.
    assert_eq!(
        los(Hex::ORIGIN, Hex::new(1, 0)),
        json!({"visible": true, "distance": 1, "blocked_by": null})
    );
    // The wall on a side: named by its two hexes, the one nearer the eye first.
    assert_eq!(
        los(Hex::ORIGIN, Hex::new(-3, 0))["blocked_by"],
        json!({"side": [[-1, 0], [-2, 0]]})
    );
    assert_eq!(
        los(Hex::new(-4, 0), Hex::ORIGIN)["blocked_by"],
        json!({"side": [[-2, 0], [-1, 0]]})
    );
    let text = stdout(
        hexmap()
            .arg("los")
            .arg(&path)
            .args([&odd_r(Hex::ORIGIN), &odd_r(Hex::new(3, 0))]),
    );
    assert_eq!(
        text.trim_end(),
        "odd-r 0,0 does not see odd-r 3,0: odd-r 1,0 blocks the view"
    );
    let text = stdout(
        hexmap()
            .arg("los")
            .arg(&path)
            .args([&odd_r(Hex::ORIGIN), &odd_r(Hex::new(-3, 0))]),
    );
    assert!(
        text.contains("the side between odd-r -1,0 and odd-r -2,0 blocks the view"),
        "{text}"
    );
}

#[test]
fn los_agrees_with_the_field_of_view_on_every_cell() {
    let dir = tempfile::tempdir().unwrap();
    let (map, path) = sight_map(dir.path());
    let eye = Hex::new(2, -1);
    let seen: Vec<Hex> = map.field_of_view(eye, 8).unwrap();
    let cells: Vec<Hex> = map.shape().iter().collect();
    let questions: Vec<Value> = cells
        .iter()
        .map(|h| json!({"query": "los", "from": [eye.q, eye.r], "to": [h.q, h.r]}))
        .collect();
    let answers = batch(&path, &questions);
    assert_eq!(answers.len(), cells.len());
    let mut hidden = 0;
    for (h, answer) in cells.iter().zip(&answers) {
        let answer: Value = serde_json::from_str(answer).unwrap();
        let visible = answer["visible"].as_bool().unwrap();
        assert_eq!(visible, seen.contains(h), "{h}: {answer}");
        assert_eq!(visible, answer["blocked_by"].is_null(), "{answer}");
        hidden += usize::from(!visible);
    }
    assert!(hidden > 3, "the forest and the wall hide some cells");
}

#[test]
fn each_new_query_in_batch_answers_byte_for_byte_as_its_command() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = root.join(SAMPLE);
    // The sample is flat odd-q; cells given in axial on both sides.
    let (a, b) = (Hex::new(2, 3), Hex::new(14, -3));
    let ax = |h: Hex| format!("{},{}", h.q, h.r);
    let single = |args: &[&str]| {
        let mut cmd = hexmap();
        cmd.arg(args[0]).arg(&map).args(&args[1..]);
        cmd.args(["--coords", "axial", "--json"]);
        stdout(&mut cmd).trim_end().to_owned()
    };
    let walk = [a, Hex::new(3, 3), Hex::new(4, 2), Hex::new(5, 2)];
    let walk_text: Vec<String> = walk.iter().map(|&h| ax(h)).collect();
    let mut path_cost_args = vec!["path-cost"];
    path_cost_args.extend(walk_text.iter().map(String::as_str));
    let cases = [
        (
            single(&["los", &ax(a), &ax(b)]),
            json!({"query": "los", "from": [a.q, a.r], "to": [b.q, b.r]}),
        ),
        (
            single(&["distance", &ax(a), &ax(b)]),
            json!({"query": "distance", "from": [a.q, a.r], "to": [b.q, b.r]}),
        ),
        (
            single(&["line", &ax(a), &ax(b)]),
            json!({"query": "line", "from": [a.q, a.r], "to": [b.q, b.r]}),
        ),
        (
            single(&["neighbours", &ax(a)]),
            json!({"query": "neighbours", "hex": [a.q, a.r]}),
        ),
        (
            single(&["ring", &ax(b), "3"]),
            json!({"query": "ring", "from": [b.q, b.r], "radius": 3}),
        ),
        (
            single(&["range", &ax(b), "2"]),
            json!({"query": "range", "from": [b.q, b.r], "radius": 2}),
        ),
        (
            single(&path_cost_args),
            json!({"query": "path-cost", "hexes": walk.map(|h| [h.q, h.r])}),
        ),
    ];
    let questions: Vec<Value> = cases.iter().map(|c| c.1.clone()).collect();
    let answers = batch(&map, &questions);
    assert_eq!(answers.len(), cases.len());
    for ((want, question), got) in cases.iter().zip(&answers) {
        assert_eq!(got, want, "{question}");
        assert!(!got.contains("error"), "{got}");
    }
    // The answers hold what they say: the line from a to b has distance + 1 hexes, the
    // path's last running cost is its cost.
    let distance: Value = serde_json::from_str(&answers[1]).unwrap();
    let line: Value = serde_json::from_str(&answers[2]).unwrap();
    assert_eq!(distance["distance"], 12);
    assert_eq!(line["hexes"].as_array().unwrap().len(), 13);
    let walked: Value = serde_json::from_str(&answers[6]).unwrap();
    assert_eq!(walked["hexes"][3][2], walked["cost"], "{walked}");
    assert_eq!(walked["blocked"], Value::Null);
}

#[test]
fn distance_line_ring_and_range_match_the_reference_vectors() {
    let dir = tempfile::tempdir().unwrap();
    let map = hexmap::map::testing::hexagon_map(8, Orientation::Pointy);
    let path = dir.path().join("open.ron");
    io::save(&path, &map, Form::Offset).unwrap();
    // Red Blob's line (0,0,0) → (1,−5,4) (DESIGN.md §4).
    let answers = batch(
        &path,
        &[
            json!({"query": "line", "from": [0, 0], "to": [1, -5]}),
            json!({"query": "distance", "from": [0, 0], "to": [1, -5]}),
            json!({"query": "ring", "from": [0, 0], "radius": 3}),
            json!({"query": "range", "from": [0, 0], "radius": 2}),
            json!({"query": "ring", "from": [8, 0], "radius": 1}),
            json!({"query": "neighbours", "hex": [8, 0]}),
        ],
    );
    let v: Vec<Value> = answers
        .iter()
        .map(|a| serde_json::from_str(a).unwrap())
        .collect();
    assert_eq!(
        v[0]["hexes"],
        json!([[0, 0], [0, -1], [0, -2], [1, -3], [1, -4], [1, -5]])
    );
    assert_eq!(v[1]["distance"], 5);
    // A ring of radius 3: 18 cells, from 3 steps south-west, each next to the one before.
    let ring: Vec<[i32; 2]> = serde_json::from_value(v[2]["hexes"].clone()).unwrap();
    assert_eq!(ring.len(), 18);
    assert_eq!(ring[0], [-3, 3]);
    let hex = |p: [i32; 2]| Hex::new(p[0], p[1]);
    for (x, y) in ring.iter().zip(ring.iter().cycle().skip(1)) {
        assert_eq!(hex(*x).distance(hex(*y)), 1);
        assert_eq!(hex(*x).distance(Hex::ORIGIN), 3);
    }
    // 3·2·3 + 1 = 19 cells within 2, sorted by r then q.
    let range: Vec<[i32; 2]> = serde_json::from_value(v[3]["hexes"].clone()).unwrap();
    assert_eq!(range.len(), 19);
    assert!(
        range
            .windows(2)
            .all(|w| (w[0][1], w[0][0]) < (w[1][1], w[1][0]))
    );
    // At the rim: only the map's cells (3 of the ring of 6), named by their sides.
    assert_eq!(v[4]["hexes"].as_array().unwrap().len(), 3);
    assert_eq!(
        v[5]["hexes"],
        json!([[8, -1, "NW"], [7, 0, "W"], [7, 1, "SW"]])
    );
}

#[test]
fn a_route_costs_what_path_cost_says_its_hexes_cost() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = root.join(SAMPLE);
    let pairs = [([0, 0], [20, -10]), ([3, 2], [15, 0]), ([10, -5], [1, 8])];
    let routes: Vec<Value> = pairs
        .iter()
        .map(|(a, b)| json!({"query": "route", "from": a, "to": b}))
        .collect();
    let routes = batch(&map, &routes);
    let mut walks = Vec::new();
    let mut costs = Vec::new();
    for r in &routes {
        let r: Value = serde_json::from_str(r).unwrap();
        assert!(r["cost"].is_number(), "{r}");
        walks.push(json!({"query": "path-cost", "hexes": r["hexes"]}));
        costs.push(r["cost"].clone());
    }
    let walked = batch(&map, &walks);
    for (w, cost) in walked.iter().zip(costs) {
        let w: Value = serde_json::from_str(w).unwrap();
        assert_eq!(w["cost"], cost, "{w}");
    }
}

#[test]
fn a_path_through_a_wall_stops_at_the_step_not_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let (_, path) = sight_map(dir.path());
    let answers = batch(
        &path,
        &[json!({"query": "path-cost", "hexes": [[0, 0], [-1, 0], [-2, 0], [-3, 0]]})],
    );
    let v: Value = serde_json::from_str(&answers[0]).unwrap();
    assert_eq!(
        v,
        json!({"cost": null, "hexes": [[0, 0, 0], [-1, 0, 1]], "blocked": [[-1, 0], [-2, 0]]})
    );
    let text = stdout(
        hexmap()
            .arg("path-cost")
            .arg(&path)
            .args(["--", "0,0", "-1,0", "-2,0"]),
    );
    assert_eq!(
        text.trim_end(),
        "not passable: the step from odd-r -1,0 to odd-r -2,0 is not allowed (after 1 of 2 steps)"
    );
}

#[test]
fn errors_name_the_bad_coordinate() {
    let dir = tempfile::tempdir().unwrap();
    let (_, path) = sight_map(dir.path());
    let file = path.display().to_string();
    let text = failure(hexmap().arg("los").arg(&path).args(["2,0", "9,9"]));
    assert_eq!(
        text,
        format!(
            "hexmap: error: {file}: TO odd-r 9,9 is not a cell of the map (`hexmap info {file}` shows its shape)"
        )
    );
    let text = failure(hexmap().arg("ring").arg(&path).args(["2,x", "1"]));
    assert!(text.contains("FROM: odd-r value '2,x'"), "{text}");
    let text = failure(
        hexmap()
            .arg("path-cost")
            .arg(&path)
            .args(["1,0", "2,0", "4,0"]),
    );
    assert_eq!(
        text,
        format!(
            "hexmap: error: {file}: HEX 2 (odd-r 2,0) and HEX 3 (odd-r 4,0) are not neighbours"
        )
    );
    let text = failure(
        hexmap()
            .arg("path-cost")
            .arg(&path)
            .args(["2,0", "3,0", "30,0", "--json"]),
    );
    assert!(text.starts_with("{\"error\":"), "{text}");
    assert!(text.contains("HEX 3 odd-r 30,0 is not a cell"), "{text}");
    let answers = batch(
        &path,
        &[
            json!({"query": "path-cost", "hexes": [[0, 0], [1, 0], [7, 0]]}),
            json!({"query": "los", "from": [0, 0], "to": "east"}),
            json!({"query": "ring", "from": [0, 0]}),
            json!({"query": "neighbours", "hex": [5, 5]}),
        ],
    );
    let errors: Vec<String> = answers
        .iter()
        .map(|a| {
            let v: Value = serde_json::from_str(a).unwrap();
            v["error"].as_str().unwrap().to_owned()
        })
        .collect();
    assert!(
        errors[0].starts_with("line 1: \"hexes\"[2] [7, 0] (odd-r 7,0) is not a cell of the map"),
        "{}",
        errors[0]
    );
    assert!(
        errors[1].starts_with("line 2: \"to\" must be an axial hex [q, r]"),
        "{}",
        errors[1]
    );
    assert_eq!(
        errors[2],
        "line 3: \"radius\" must be a whole number of steps"
    );
    assert!(
        errors[3].starts_with("line 4: \"hex\" [5, 5]"),
        "{}",
        errors[3]
    );
}

/// A `batch` process held open, asked one line at a time as a game asks.
struct Session {
    child: std::process::Child,
    answers: BufReader<std::process::ChildStdout>,
}

impl Session {
    fn open(map: &Path) -> Session {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hexmap"))
            .arg("batch")
            .arg(map)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let answers = BufReader::new(child.stdout.take().unwrap());
        Session { child, answers }
    }

    fn ask(&mut self, question: Value) -> Value {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{question}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        self.answers.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap()
    }

    fn close(mut self) {
        drop(self.child.stdin.take());
        assert!(self.child.wait().unwrap().success());
    }
}

#[test]
fn batch_reload_reads_the_file_after_it_changed() {
    let dir = tempfile::tempdir().unwrap();
    let (mut map, path) = sight_map(dir.path());
    let mut game = Session::open(&path);
    let look = json!({"query": "los", "from": [0, 0], "to": [0, 3]});
    assert_eq!(game.ask(look.clone())["visible"], true);
    // The file changes (a forest grows in between) and the game reloads at once.
    map.set_terrain(Hex::new(0, 1), TerrainId::new(FOREST))
        .unwrap();
    io::save(&path, &map, Form::Offset).unwrap();
    assert_eq!(game.ask(look.clone())["visible"], true, "not read yet");
    let reloaded = game.ask(json!({"query": "reload", "id": "r1"}));
    assert_eq!(
        reloaded,
        json!({"reloaded": path.display().to_string(), "cells": 61, "id": "r1"})
    );
    assert_eq!(
        game.ask(look.clone()),
        json!({"visible": false, "distance": 3, "blocked_by": {"hex": [0, 1]}})
    );
    // A file that cannot be read: the error says so, and the map read before is kept.
    std::fs::write(&path, "(not a map").unwrap();
    let broken = game.ask(json!({"query": "reload"}));
    let text = broken["error"].as_str().unwrap();
    assert!(text.starts_with("line 5: reload: "), "{text}");
    assert!(text.ends_with("(the map read before is kept)"), "{text}");
    assert_eq!(game.ask(look)["visible"], false);
    game.close();
}
