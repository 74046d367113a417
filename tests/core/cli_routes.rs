//! `hexmap route` and `hexmap reach` run as a real binary on maps with roads, rivers and
//! walls: the costs follow the movement rule (roads ½, a river +2, walls impassable).

use assert_cmd::Command;
use hexmap::hex::{Edge, Hex, OffsetCoord, OffsetKind};
use hexmap::io::{self, Form};
use hexmap::map::{EdgeTypeId, HexMap, MapPath, MapShape, PathTypeId};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

const RIVER: u16 = 1;
const WALL: u16 = 3;
const ROAD: u16 = 1;

/// A 6×3 odd-r map of empty cells (cost 1) with a road along row 1 from col 0 to col 5.
fn road_map() -> HexMap {
    let mut map = hexmap::map::testing::map_on(
        hexmap::hex::Orientation::Pointy,
        MapShape::rectangle(OffsetKind::OddR, 6, 3).unwrap(),
    );
    map.insert_path(MapPath {
        gm_only: false,
        id: map.paths().next_id(),
        kind: PathTypeId::new(ROAD).unwrap(),
        hexes: (0..6).map(|c| at(c, 1)).collect(),
    })
    .unwrap();
    map
}

fn save(dir: &Path, map: &HexMap) -> PathBuf {
    let path = dir.join("map.ron");
    io::save(&path, map, Form::Offset).unwrap();
    path
}

fn json(cmd: &mut Command) -> serde_json::Value {
    let out = cmd
        .arg("--json")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn a_route_follows_the_road_at_half_cost() {
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), &road_map());
    let v = json(hexmap().arg("route").arg(&path).args(["0,1", "5,1"]));
    assert_eq!(v["cost"], 2.5);
    let want: Vec<[i32; 2]> = (0..6).map(|c| [at(c, 1).q, at(c, 1).r]).collect();
    assert_eq!(v["hexes"], serde_json::json!(want));
    hexmap()
        .arg("route")
        .arg(&path)
        .args(["0,1", "5,1"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "cost 2.5 in 5 steps (odd-r): 0,1 1,1 2,1",
        ));
    // The same cells named in cube coordinates.
    let (a, b) = (at(0, 1), at(5, 1));
    let cube = |h: Hex| format!("{},{},{}", h.q, h.r, h.s());
    let v2 = json(
        hexmap()
            .arg("route")
            .arg(&path)
            .args([cube(a), cube(b)])
            .args(["--coords", "cube"]),
    );
    assert_eq!(v2, v);
}

#[test]
fn rivers_cost_extra_and_walls_stop_the_route() {
    let dir = tempfile::tempdir().unwrap();
    let mut map = road_map();
    // Off the road: two plain steps along row 0 (a detour by the road costs 2.5).
    let v = json(
        hexmap()
            .arg("route")
            .arg(save(dir.path(), &map))
            .args(["0,0", "2,0"]),
    );
    assert_eq!(v["cost"], 2);
    // A wall all round (2,0) on the map: unreachable.
    let goal = at(2, 0);
    for n in goal.neighbors() {
        if let Some(e) = Edge::between(goal, n).filter(|_| map.contains(n)) {
            map.set_edge(e, EdgeTypeId::new(WALL)).unwrap();
        }
    }
    let v = json(
        hexmap()
            .arg("route")
            .arg(save(dir.path(), &map))
            .args(["0,0", "2,0"]),
    );
    assert_eq!(v, serde_json::json!({"cost": null, "hexes": []}));
    hexmap()
        .arg("route")
        .arg(save(dir.path(), &map))
        .args(["0,0", "2,0"])
        .assert()
        .success()
        .stdout(predicate::str::contains("unreachable"));
    // Rivers instead of walls: crossing one costs 1 + 2.
    for n in goal.neighbors() {
        if let Some(e) = Edge::between(goal, n).filter(|_| map.contains(n)) {
            map.set_edge(e, EdgeTypeId::new(RIVER)).unwrap();
        }
    }
    let v = json(
        hexmap()
            .arg("route")
            .arg(save(dir.path(), &map))
            .args(["1,0", "2,0"]),
    );
    assert_eq!(v["cost"], 3);
}

#[test]
fn reach_lists_cells_within_the_budget_with_their_costs() {
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), &road_map());
    let v = json(hexmap().arg("reach").arg(&path).args(["0,1", "1"]));
    let cells: Vec<(i32, i32, f64)> = v["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c[0].as_i64().unwrap() as i32,
                c[1].as_i64().unwrap() as i32,
                c[2].as_f64().unwrap(),
            )
        })
        .collect();
    let cost_of = |h: Hex| cells.iter().find(|c| (c.0, c.1) == (h.q, h.r)).map(|c| c.2);
    assert_eq!(cost_of(at(0, 1)), Some(0.0));
    assert_eq!(cost_of(at(1, 1)), Some(0.5), "one road step");
    assert_eq!(cost_of(at(2, 1)), Some(1.0), "two road steps");
    assert_eq!(cost_of(at(3, 1)), None, "three road steps cost 1.5");
    assert_eq!(cost_of(at(0, 0)), Some(1.0), "one step off the road");
    // Every listed cell is within budget and its cost is that of the cheapest route.
    for &(q, r, c) in &cells {
        assert!(c <= 1.0);
        let h = Hex::new(q, r);
        let c_route = road_map().route(at(0, 1), h).unwrap().cost as f64 / 100.0;
        assert_eq!(c, c_route, "{h}");
    }
    hexmap()
        .arg("reach")
        .arg(&path)
        .args(["0,1", "0.5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("1,1 0.5"));
}

#[test]
fn bad_cells_and_budgets_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), &road_map());
    hexmap()
        .arg("route")
        .arg(&path)
        .args(["0,1", "9,9"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "TO odd-r 9,9 is not a cell of the map",
        ));
    hexmap()
        .arg("reach")
        .arg(&path)
        .args(["0,1", "1.234"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("BUDGET: invalid cost '1.234'"));
    hexmap()
        .arg("reach")
        .arg(&path)
        .args(["x", "1"])
        .assert()
        .code(1);
}

/// Terrain costs may have two decimals: a file's `Cost(1.5)` and
/// `Cost(0.25)` load, `info` shows them, and `route` and `reach` count them exactly; one
/// limit (a million points) for terrain, edges and paths, refused at load naming the
/// file, the entry and what to write instead.
#[test]
fn fractional_terrain_costs_are_counted_exactly_and_huge_ones_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = |grass: &str, marsh: &str| {
        format!(
            r##"(
    format: "hexmap",
    version: 2,
    name: "fractions",
    orientation: "pointy",
    offset: "odd-r",
    hex_size: (1.0, 1.0),
    shape: Rect(kind: "odd-r", width: 5, height: 1),
    palette: [
        (id: 1, name: "Grass", color: "#00ff00", symbol: "g", cost: Cost({grass}), blocks_sight: false),
        (id: 2, name: "Marsh", color: "#557755", symbol: "m", cost: Cost({marsh}), blocks_sight: false),
    ],
    cells: Offset(origin: (0, 0), rows: ["gmgmg"]),
)"##
        )
    };
    let map = dir.path().join("fractions.ron");
    std::fs::write(&map, text("0.25", "1.5")).unwrap();
    hexmap()
        .arg("info")
        .arg(&map)
        .assert()
        .success()
        .stdout(predicate::str::contains("1.5").and(predicate::str::contains("0.25")));
    // 1.5 + 0.25 + 1.5 + 0.25 entering cols 1 to 4.
    hexmap()
        .arg("route")
        .arg(&map)
        .args(["0,0", "4,0", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains(r#""cost":3.5"#));
    hexmap()
        .arg("reach")
        .arg(&map)
        .args(["0,0", "1.75"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "3 cells within 1.75 of odd-r 0,0 (odd-r, cost):",
        ));
    // Over the limit: refused when loaded, not clamped in the search.
    std::fs::write(&map, text("1", "50000000")).unwrap();
    hexmap()
        .arg("route")
        .arg(&map)
        .args(["0,0", "4,0"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "{}: palette entry 1 (id 2): cost 50000000 is over the limit of 1000000 points",
            map.display()
        )))
        .stderr(predicate::str::contains("write Impassable"));
}

/// Negative coordinates are values, not options: half the cells of a hexagon
/// map have a negative column or row, and `route`, `reach` and `mines --start` take them
/// as `coord` does, also with options before or after them.
#[test]
fn negative_coordinates_are_values() {
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexagon-r8-cube.ron");
    for args in [
        vec!["route", "-2,3", "4,1"],
        vec!["route", "--json", "-2,3", "4,1"],
        vec!["route", "-2,3", "-4,1", "--coords", "axial"],
        vec!["reach", "-2,3", "2"],
    ] {
        let (cmd, rest) = args.split_first().unwrap();
        hexmap()
            .arg(cmd)
            .arg(&map)
            .args(rest)
            .assert()
            .success()
            .stdout(predicate::str::contains("-2,3").or(predicate::str::contains("[-3,3]")));
    }
    // A negative budget is the command's own error, not a usage error.
    hexmap()
        .arg("reach")
        .arg(&map)
        .args(["0,0", "-1"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("BUDGET: invalid cost '-1'"));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mined.ron");
    hexmap()
        .args(["mines", "generate"])
        .arg(&map)
        .args(["--count", "10", "--seed", "1", "--start", "-2,3"])
        .arg(&out)
        .assert()
        .success();
    hexmap()
        .args(["mines", "check"])
        .arg(&out)
        .args(["--start", "-2,3"])
        .assert()
        .success();
}

/// The editor guide's words on the rule hold on the wargame sample: a road step
/// costs the road's ½ whatever the terrain entered (mountains, cost 3) and whatever
/// passable feature is on the hexside (the ford, or a river put in its place).
#[test]
fn the_documented_road_rule_holds_on_the_wargame_sample() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/EDITOR.md"))
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
    assert!(
        readme.contains("so a road crosses a river at ½, and a ford changes nothing for a road")
    );
    assert!(!readme.contains("a road halves the step cost"));
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/wargame-river-crossing.ron");
    let step = |map: &Path, from: &str, to: &str| {
        hexmap()
            .arg("route")
            .arg(map)
            .args([from, to])
            .assert()
            .success()
            .stdout(predicate::str::starts_with("cost 0.5 in 1 steps"));
    };
    step(&map, "17,5", "18,6");
    step(&map, "5,9", "6,9");
    let text = std::fs::read_to_string(&map).unwrap();
    assert_eq!(text.matches("(6, 9, \"SW\", 5),").count(), 1, "the ford");
    let dir = tempfile::tempdir().unwrap();
    let no_ford = dir.path().join("no-ford.ron");
    std::fs::write(
        &no_ford,
        text.replace("(6, 9, \"SW\", 5),", "(6, 9, \"SW\", 1),"),
    )
    .unwrap();
    step(&no_ford, "5,9", "6,9");
}
