//! The grids a game reads: CSV of a custom property (`--property NAME`) and of a numeric
//! layer (`--layer elevation`), each read back by Python's own `csv` module and compared
//! with the map cell by cell; the flags refused where they mean nothing, with a message
//! that names the flag or what the map lacks.

use assert_cmd::Command;
use hexmap::hex::OffsetCoord;
use hexmap::map::{HexMap, PropOwner, PropValue};
use std::path::Path;

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

/// The CSV at `path` as Python's `csv` module reads it (the comment line skipped).
fn python_csv(path: &Path) -> Vec<Vec<String>> {
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg(
            "import csv, json, sys\n\
             f = open(sys.argv[1], newline='')\n\
             rows = [r for r in csv.reader(l for l in f if not l.startswith('#'))]\n\
             print(json.dumps(rows))\n",
        )
        .arg(path)
        .output()
        .expect("python3");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The field of each cell of `map` in `rows`, with the cell.
fn fields<'a>(
    map: &'a HexMap,
    rows: &'a [Vec<String>],
) -> impl Iterator<Item = (hexmap::hex::Hex, &'a str)> + 'a {
    let kind = map.properties().offset_kind;
    let b = map.shape().offset_bounds(kind);
    assert_eq!(rows.len(), b.rows as usize);
    (0..b.rows as i32).flat_map(move |r| {
        (0..b.cols as i32).filter_map(move |c| {
            let h = kind.to_hex(OffsetCoord::new(b.min_col + c, b.min_row + r));
            let field = rows[r as usize][c as usize].as_str();
            if map.contains(h) {
                Some((h, field))
            } else {
                assert_eq!(field, "", "a hole's field is empty");
                None
            }
        })
    })
}

fn fixture() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/every-secret.ron")
}

#[test]
fn a_property_grid_read_by_python_holds_every_cell_s_value() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("owner.csv");
    hexmap()
        .arg("export")
        .arg(fixture())
        .args(["--to", "csv", "--property", "owner"])
        .arg(&out)
        .assert()
        .success();
    let map = hexmap::io::format::read_path(&fixture()).unwrap().map;
    let rows = python_csv(&out);
    let mut set = 0;
    for (h, field) in fields(&map, &rows) {
        let Some(PropValue::String(v)) = map.custom().value(PropOwner::Cell(h), "owner") else {
            panic!("owner is a string property");
        };
        assert_eq!(field, v, "cell {h:?}");
        set += usize::from(!v.is_empty());
    }
    assert_eq!(set, 2, "the two cells that set an owner");
    let head = std::fs::read_to_string(&out).unwrap();
    assert!(
        head.starts_with("# hexmap-csv 1: odd-r, first column 0, first row 0, values: property owner (string, default \"\")"),
        "{head}"
    );
}

#[test]
fn an_elevation_grid_read_by_python_holds_every_cell_s_height() {
    let dir = tempfile::tempdir().unwrap();
    let world = dir.path().join("world.ron");
    hexmap()
        .args(["generate", "--shape", "hexagon:6", "--seed", "3"])
        .arg(&world)
        .assert()
        .success();
    let out = dir.path().join("height.csv");
    hexmap()
        .arg("export")
        .arg(&world)
        .args(["--to", "csv", "--layer", "elevation"])
        .arg(&out)
        .assert()
        .success();
    let map = hexmap::io::format::read_path(&world).unwrap().map;
    let rows = python_csv(&out);
    let mut cells = 0;
    for (h, field) in fields(&map, &rows) {
        assert_eq!(field, map.elevation(h).unwrap().to_string(), "cell {h:?}");
        cells += 1;
    }
    assert_eq!(cells, map.cell_count());
}

/// `hexmap export` with `args` fails with a message holding `wanted`, writing nothing.
fn refused(args: &[&str], map: &Path, wanted: &str) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let done = hexmap()
        .arg("export")
        .arg(map)
        .args(args)
        .arg(&out)
        .output()
        .unwrap();
    assert!(!done.status.success());
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(err.contains(wanted), "{args:?}: {err}");
    assert!(!out.exists(), "{args:?}: nothing written");
}

#[test]
fn grid_flags_are_refused_where_they_mean_nothing() {
    let map = fixture();
    refused(
        &["--to", "csv", "--compact"],
        &map,
        "--compact is for json, not csv",
    );
    refused(
        &["--to", "json", "--layer", "elevation"],
        &map,
        "--layer is for csv, not json",
    );
    refused(
        &["--to", "png", "--property", "owner"],
        &map,
        "--property is for csv, not png",
    );
    refused(
        &["--to", "csv", "--layer", "elevation"],
        &map,
        "--layer elevation: the map has no such layer (it has none)",
    );
    refused(
        &["--to", "csv", "--property", "side"],
        &map,
        "--property \"side\": the map declares no such property (it declares GMPROPTYPE treasure, owner)",
    );
}
