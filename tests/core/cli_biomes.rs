//! `hexmap generate --biomes FILE` and `--print-biomes` run as a real binary: a
//! biome table the user edits as a file decides the terrain, read back from the map file
//! the command writes.

use assert_cmd::Command;
use hexmap::generate::BiomeTable;
use hexmap::io;
use hexmap::map::HexMap;
use predicates::prelude::*;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

const WORLD: [&str; 6] = ["--shape", "rect:60x40", "--seed", "3", "--preset", "island"];

/// Generate `out` with `WORLD` and these extra arguments.
fn generate(out: &Path, extra: &[&str]) {
    hexmap()
        .arg("generate")
        .arg(out)
        .args(WORLD)
        .args(extra)
        .assert()
        .success();
}

/// How many cells of each terrain name the map file holds.
fn census(map: &HexMap) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for h in map.shape().iter() {
        let name = map
            .terrain(h)
            .and_then(|t| map.palette().get(t))
            .map_or("(none)".to_owned(), |t| t.name.clone());
        *out.entry(name).or_default() += 1;
    }
    out
}

fn name_at(map: &HexMap, h: hexmap::hex::Hex) -> String {
    let t = map.terrain(h).and_then(|t| map.palette().get(t));
    t.map_or("(none)".to_owned(), |t| t.name.clone())
}

fn desert_table(dir: &Path) -> PathBuf {
    let path = dir.join("all-desert.ron");
    // Water as the standard table has it; every cell at or above sea level is Desert.
    fs::write(
        &path,
        "(\n    version: 1,\n    rows: [\n        (terrain: \"Ocean\", below_elevation: -1500),\n        \
         (terrain: \"Sea\", below_elevation: -200),\n        (terrain: \"Shallows\", below_elevation: 0),\n        \
         (terrain: \"Desert\"),\n    ],\n)\n",
    )
    .unwrap();
    path
}

#[test]
fn print_biomes_writes_the_standard_table_and_it_reads_back_equal() {
    let out = hexmap()
        .args(["generate", "--print-biomes"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        io::biomes::biomes_from_str(&text),
        Ok(BiomeTable::standard())
    );
    // Given back with --biomes, it makes the same file as the standard table does.
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("standard.ron");
    fs::write(&table, &text).unwrap();
    let (one, two) = (dir.path().join("a"), dir.path().join("b"));
    fs::create_dir_all(&one).unwrap();
    fs::create_dir_all(&two).unwrap();
    generate(&one.join("w.ron"), &[]);
    generate(&two.join("w.ron"), &["--biomes", table.to_str().unwrap()]);
    assert!(fs::read(one.join("w.ron")).unwrap() == fs::read(two.join("w.ron")).unwrap());
}

#[test]
fn the_same_seed_and_table_file_give_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let table = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("maps/biomes/desert-world.ron");
    let (one, two) = (dir.path().join("a"), dir.path().join("b"));
    fs::create_dir_all(&one).unwrap();
    fs::create_dir_all(&two).unwrap();
    let args = ["--biomes", table.to_str().unwrap()];
    generate(&one.join("w.ron"), &args);
    generate(&two.join("w.ron"), &args);
    let (a, b) = (
        fs::read(one.join("w.ron")).unwrap(),
        fs::read(two.join("w.ron")).unwrap(),
    );
    assert!(a == b, "same seed and table, same bytes");
    generate(&one.join("standard.ron"), &[]);
    assert!(a != fs::read(one.join("standard.ron")).unwrap());
}

#[test]
fn a_table_that_makes_all_land_desert_gives_desert_where_the_standard_gives_forest() {
    let dir = tempfile::tempdir().unwrap();
    let (standard, desert) = (dir.path().join("s.ron"), dir.path().join("d.ron"));
    generate(&standard, &[]);
    let table = desert_table(dir.path());
    generate(&desert, &["--biomes", table.to_str().unwrap()]);
    let (s, _) = io::load(&standard).unwrap();
    let (d, _) = io::load(&desert).unwrap();
    let (cs, cd) = (census(&s), census(&d));
    // The standard world has forest and grassland; the desert world has none of either.
    assert!(cs.get("Forest").copied().unwrap_or(0) > 20, "{cs:?}");
    assert!(cs.get("Grassland").copied().unwrap_or(0) > 20, "{cs:?}");
    for gone in [
        "Forest",
        "Grassland",
        "Hills",
        "Mountains",
        "Beach",
        "Snow",
        "Swamp",
    ] {
        assert_eq!(cd.get(gone), None, "{gone}: {cd:?}");
    }
    // Cell by cell: land is Desert (or the same lake a river filled), the sea as before.
    let mut desert_cells = 0;
    for h in s.shape().iter() {
        let e = s.elevation(h).unwrap();
        assert_eq!(d.elevation(h), Some(e), "the table does not change heights");
        let (was, now) = (name_at(&s, h), name_at(&d, h));
        if e < 0 || was == "Lake" {
            assert_eq!(now, was, "{h:?}");
        } else {
            assert_eq!(now, "Desert", "{h:?} was {was}");
            desert_cells += 1;
        }
    }
    assert!(desert_cells > 100, "{desert_cells}");
}

#[test]
fn the_bundled_desert_world_is_mostly_sand_with_oases_and_bare_heights() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("dw.ron");
    let table = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("maps/biomes/desert-world.ron");
    generate(&out, &["--biomes", table.to_str().unwrap()]);
    let (map, _) = io::load(&out).unwrap();
    let c = census(&map);
    let desert = c.get("Desert").copied().unwrap_or(0);
    let green = c.get("Grassland").copied().unwrap_or(0);
    assert!(desert > 3 * green && green > 0, "{c:?}");
    for gone in ["Forest", "Snow", "Swamp", "Beach"] {
        assert_eq!(c.get(gone), None, "{gone}: {c:?}");
    }
}

#[test]
fn bad_table_files_are_refused_naming_the_file_and_row() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("w.ron");
    let cases = [
        (
            "empty-range.ron",
            "(version: 1, rows: [\n  (terrain: \"Sea\", below_elevation: 0),\n  (terrain: \"Hills\", min_elevation: 800, below_elevation: 300),\n  (terrain: \"Desert\"),\n])",
            "row 2 (Hills): elevation: 800 to below 300 holds no value",
        ),
        (
            "misspelt.ron",
            "(version: 1, rows: [\n  (terrain: \"Sea\"),\n  (terrain: \"Hills\"),\n  (terrain: \"Desert\", below_moistur: 0.5),\n])",
            "row 3: ",
        ),
        (
            "gap.ron",
            "(version: 1, rows: [\n  (terrain: \"Sea\", below_elevation: 0),\n  (terrain: \"Desert\", min_elevation: 0, below_moisture: 0.5),\n])",
            "no row takes elevation 0 and over with moisture 0.5 to 1",
        ),
    ];
    for (name, text, says) in cases {
        let path = dir.path().join(name);
        fs::write(&path, text).unwrap();
        hexmap()
            .arg("generate")
            .arg(&out)
            .args(WORLD)
            .arg("--biomes")
            .arg(&path)
            .assert()
            .failure()
            .stderr(predicate::str::contains(path.display().to_string()))
            .stderr(predicate::str::contains(says));
        assert!(!out.exists(), "{name}: nothing written");
    }
    let misspelt = dir.path().join("misspelt.ron");
    hexmap()
        .arg("generate")
        .arg(&out)
        .args(WORLD)
        .arg("--biomes")
        .arg(&misspelt)
        .assert()
        .failure()
        .stderr(predicate::str::contains("line 4:"))
        .stderr(predicate::str::contains("below_moistur"));
    // A row the rows above it cover works, with a warning naming it.
    let shadowed = dir.path().join("shadowed.ron");
    fs::write(
        &shadowed,
        "(version: 1, rows: [(terrain: \"Sea\", below_elevation: 0), (terrain: \"Desert\"), (terrain: \"Forest\", min_elevation: 0)])",
    )
    .unwrap();
    hexmap()
        .arg("generate")
        .arg(&out)
        .args(WORLD)
        .arg("--biomes")
        .arg(&shadowed)
        .assert()
        .success()
        .stderr(predicate::str::contains("row 3 (Forest) is never used"));
    // --print-biomes takes no map arguments.
    hexmap()
        .args(["generate", "--print-biomes", "--seed", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}
