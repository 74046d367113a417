//! What a pipeline relies on at the edges of the command line: every error a JSON line
//! under `--json` (clap's usage errors included), one line per JSON answer (indented only
//! with `--pretty`), the field of view bounded by the map and held to one sight limit in
//! `fov` and `batch`, numbers in exponent form, and messages that say what happened.

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

/// stderr as one parsed JSON object, failing when it is anything else (one line only).
fn json_error(stderr: &[u8], what: &str) -> serde_json::Value {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{what}: stderr is not one line:\n{text}");
    let v: serde_json::Value = serde_json::from_str(lines[0])
        .unwrap_or_else(|e| panic!("{what}: stderr is not JSON ({e}):\n{text}"));
    assert!(v["error"].is_string(), "{what}: {v}");
    v
}

#[test]
fn usage_errors_under_json_are_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let map = bundled("island.ron");
    let m = map.to_str().unwrap();
    let g = dir.path().join("g.ron");
    let g = g.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["fov", m, "10,10", "x", "--json"], "'x'"),
        (vec!["pick", "1", "2", "--json"], "--orientation"),
        (vec!["export", m, "--to", "xyz", "out.xyz", "--json"], "xyz"),
        (vec!["generate", g, "--seed", "abc", "--json"], "abc"),
        (vec!["generate", "--shape", "blob:3", "--json"], "blob"),
        (
            vec![
                "fog", m, "reveal", "--at", "30,20", "--sight", "4", "--radius", "2", "--json",
            ],
            "--radius",
        ),
        (
            vec![
                "generate", g, "--shape", "rect:4x4", "--seed", "-1", "--json",
            ],
            "-1",
        ),
        (vec!["batch"], "<MAP>"),
    ];
    for (args, names) in cases {
        let out = hexmap().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let e = json_error(&out.stderr, &format!("{args:?}"));
        let text = e["error"].as_str().unwrap();
        assert!(text.contains(names), "{args:?}: {text}");
        assert!(!text.starts_with("error:"), "{args:?}: {text}");
    }
    // Without --json clap's own text, and help stays help.
    let out = hexmap().args(["fov", m, "10,10", "x"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
    let out = hexmap().args(["fov", "--help", "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Usage: hexmap fov"));
}

#[test]
fn a_negative_seed_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = hexmap()
        .arg("generate")
        .arg(dir.path().join("g.ron"))
        .args(["--shape", "rect:4x4", "--seed", "-1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("a seed is a whole number from 0 to 18446744073709551615, got '-1'"),
        "{err}"
    );
}

#[test]
fn every_json_answer_is_one_line_and_pretty_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let map = bundled("island.ron");
    let fogged = dir.path().join("f.ron");
    std::fs::copy(&map, &fogged).unwrap();
    let out_ron = dir.path().join("c.ron");
    let out_json = dir.path().join("e.json");
    let new = dir.path().join("n.ron");
    let gen_out = dir.path().join("g.ron");
    let imported = dir.path().join("i.ron");
    let mines = bundled("minesweeper-13.ron");
    let p = |p: &Path| p.to_str().unwrap().to_owned();
    let commands: Vec<Vec<String>> = vec![
        vec!["info".into(), p(&map)],
        vec!["validate".into(), p(&map)],
        vec![
            "convert".into(),
            p(&map),
            p(&out_ron),
            "--form".into(),
            "cube".into(),
            "--force".into(),
        ],
        vec![
            "export".into(),
            p(&map),
            "--to".into(),
            "json".into(),
            p(&out_json),
            "--force".into(),
        ],
        vec![
            "import".into(),
            p(&out_json),
            p(&imported),
            "--force".into(),
        ],
        vec![
            "new".into(),
            "--shape".into(),
            "hexagon:2".into(),
            p(&new),
            "--force".into(),
        ],
        vec![
            "generate".into(),
            p(&gen_out),
            "--shape".into(),
            "rect:12x8".into(),
            "--seed".into(),
            "3".into(),
            "--force".into(),
        ],
        vec!["fog".into(), p(&fogged), "hide-all".into()],
        vec!["mines".into(), "check".into(), p(&mines)],
        vec!["route".into(), p(&map), "3,3".into(), "4,4".into()],
        vec!["coord".into(), "axial".into(), "1,2".into()],
    ];
    for args in commands {
        let out = hexmap().args(&args).arg("--json").output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.lines().count(), 1, "{args:?}: {text}");
        assert!(
            serde_json::from_str::<serde_json::Value>(text.trim()).is_ok_and(|v| v.is_object()),
            "{args:?}: {text}"
        );
        let pretty = hexmap()
            .args(&args)
            .args(["--json", "--pretty"])
            .output()
            .unwrap();
        let pretty_text = String::from_utf8_lossy(&pretty.stdout);
        assert!(
            pretty_text.lines().count() > 1,
            "{args:?} --pretty: {pretty_text}"
        );
        let a: serde_json::Value = serde_json::from_str(&text).unwrap();
        let b: serde_json::Value = serde_json::from_str(&pretty_text).unwrap();
        // The same answer; only the layout differs (generate and fog rewrite their file, so
        // compare the keys).
        let keys =
            |v: &serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
        assert_eq!(keys(&a), keys(&b), "{args:?}");
    }
}

#[test]
fn fov_is_bounded_by_the_map_and_held_to_the_sight_limit() {
    let map = bundled("wargame-river-crossing.ron");
    let answer = |radius: &str| {
        let out = hexmap()
            .arg("fov")
            .arg(&map)
            .args(["10,8", radius, "--json"])
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{radius}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    // The 24×18 board is nowhere 60 hexes across: every larger radius is the same answer,
    // and answered at once (the timeout above ends a stall).
    let whole = answer("60");
    for radius in ["400", "100000", "4294967295"] {
        assert_eq!(answer(radius), whole, "{radius}");
    }
    // A map wider than the limit refuses a radius over it, as reach refuses a budget.
    let dir = tempfile::tempdir().unwrap();
    let wide = dir.path().join("wide.ron");
    hexmap()
        .args(["new", "--shape", "rect:300x3"])
        .arg(&wide)
        .assert()
        .success();
    let out = hexmap()
        .arg("fov")
        .arg(&wide)
        .args(["0,1", "250", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let e = json_error(&out.stderr, "fov 250");
    let limit = hexmap::map::MAX_SIGHT;
    assert_eq!(
        e["error"],
        format!("sight radius 250 is over the limit of {limit}")
    );
    // `--help` names the same limit.
    let help = hexmap().args(["fov", "--help"]).output().unwrap();
    assert!(
        String::from_utf8_lossy(&help.stdout).contains(&format!("at most {limit}")),
        "fov --help names the limit"
    );
    // In batch: an error line for the over-limit query, and the stream goes on.
    let out = hexmap()
        .arg("batch")
        .arg(&wide)
        .write_stdin(
            "{\"query\":\"fov\",\"from\":[0,1],\"radius\":100000,\"id\":1}\n\
             {\"query\":\"fov\",\"from\":[0,1],\"radius\":2,\"id\":2}\n",
        )
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["id"], 1);
    assert_eq!(
        lines[0]["error"],
        format!("line 1: sight radius 299 is over the limit of {limit}")
    );
    assert_eq!(lines[1]["id"], 2);
    assert!(lines[1]["hexes"].as_array().is_some_and(|h| h.len() > 5));
}

#[test]
fn costs_in_exponent_form_are_read_in_reach_and_batch() {
    let map = bundled("wargame-river-crossing.ron");
    let plain = hexmap()
        .arg("reach")
        .arg(&map)
        .args(["10,8", "12", "--json"])
        .output()
        .unwrap();
    let exp = hexmap()
        .arg("reach")
        .arg(&map)
        .args(["10,8", "1.2e1", "--json"])
        .output()
        .unwrap();
    assert!(
        exp.status.success(),
        "{}",
        String::from_utf8_lossy(&exp.stderr)
    );
    assert_eq!(plain.stdout, exp.stdout);
    let out = hexmap()
        .arg("batch")
        .arg(&map)
        .write_stdin("{\"query\":\"reach\",\"from\":[10,3],\"budget\":1e3}\n")
        .output()
        .unwrap();
    let answer: serde_json::Value = serde_json::from_slice(out.stdout.trim_ascii_end()).unwrap();
    assert!(
        answer["hexes"].as_array().is_some_and(|h| !h.is_empty()),
        "{answer}"
    );
}

#[test]
fn import_reads_its_input_before_it_looks_at_out() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("back.ron");
    std::fs::write(&out, "already here").unwrap();
    let run = hexmap()
        .arg("import")
        .arg(dir.path().join("nosuch.tmx"))
        .arg(&out)
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let e = json_error(&run.stderr, "import");
    let text = e["error"].as_str().unwrap();
    assert!(text.contains("nosuch.tmx"), "{text}");
    assert!(!text.contains("already exists"), "{text}");
}

#[test]
fn coord_xxyy_without_a_map_names_neighbours_in_its_own_orientation() {
    let out = hexmap().args(["coord", "xxyy", "0305"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    // The default labels count odd-q, a flat kind: N and S neighbours, no E or W.
    let line = text.lines().find(|l| l.starts_with("neighbours")).unwrap();
    assert!(line.starts_with("neighbours (flat, axial): SE "), "{line}");
    assert!(line.contains(" N ") && line.contains(" S "), "{line}");
    // An orientation given still wins.
    let out = hexmap()
        .args(["coord", "xxyy", "0305", "--orientation", "pointy"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("neighbours (pointy, axial): E "));
}

#[test]
fn an_offset_form_error_names_the_hex_in_offset_form() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(bundled("hexcrawl.ron")).unwrap();
    let bad = text.replace("party: Some((at: (7, 3)", "party: Some((at: (99, 99)");
    assert_ne!(bad, text, "the sample has its party at (7, 3)");
    let file = dir.path().join("bad.ron");
    std::fs::write(&file, bad).unwrap();
    let out = hexmap().arg("info").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("col 99, row 99"), "{err}");
    assert!(
        err.contains("the party's hex is not a cell of the map"),
        "{err}"
    );
    assert!(
        !err.contains("(99, "),
        "no cube hex in an offset-form message: {err}"
    );
}

#[test]
fn new_fills_every_cell_with_a_terrain_named_or_numbered() {
    let dir = tempfile::tempdir().unwrap();
    for (fill, id) in [("forest", 3), ("3", 3), ("Deep Sea", 0)] {
        let out = dir.path().join(format!("{id}.ron"));
        let run = hexmap()
            .args(["new", "--shape", "rect:5x4", "--fill", fill])
            .arg(&out)
            .arg("--force")
            .output()
            .unwrap();
        if id == 0 {
            assert_eq!(run.status.code(), Some(1), "{fill}");
            let err = String::from_utf8_lossy(&run.stderr);
            assert!(
                err.contains("no terrain 'Deep Sea'") && err.contains("3 Forest"),
                "{err}"
            );
            continue;
        }
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        let map = hexmap::io::format::read_path(&out).unwrap().map;
        let terrains: Vec<_> = map
            .shape()
            .iter()
            .map(|h| map.terrain(h).map(|t| t.get()))
            .collect();
        assert_eq!(terrains.len(), 20);
        assert!(
            terrains.iter().all(|&t| t == Some(id)),
            "{fill}: {terrains:?}"
        );
    }
}

#[test]
fn fog_reveal_counts_only_the_cells_it_changes() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("f.ron");
    std::fs::copy(bundled("island.ron"), &map).unwrap();
    let fog = |args: &[&str]| {
        let out = hexmap().arg("fog").arg(&map).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    fog(&["hide-all"]);
    assert!(fog(&["reveal", "--at", "4,3"]).contains("revealed 1 cell(s) at odd-r 4,3;"));
    let again = fog(&["reveal", "--at", "4,3"]);
    assert!(
        again.contains("revealed 0 cell(s) at odd-r 4,3 (1 already revealed);"),
        "{again}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&fog(&["reveal", "--at", "4,3", "--json"])).unwrap();
    assert_eq!(json["cells_named"], 1);
    assert_eq!(json["changed"], 0);
}

#[test]
fn messages_say_what_happened_in_few_words() {
    let dir = tempfile::tempdir().unwrap();
    // A huge point: a short number in the message.
    let out = hexmap()
        .args(["pick", "1e308", "1e308", "--map"])
        .arg(bundled("island.ron"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("point (1e308, 1e308)"), "{err}");
    assert!(err.len() < 160, "{} bytes: {err}", err.len());
    // --strict with a wrong extension: nothing written, and it says so (not "written").
    let png = dir.path().join("x.svg");
    let out = hexmap()
        .arg("export")
        .arg(bundled("island.ron"))
        .args(["--to", "png", "--strict"])
        .arg(&png)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("nothing written") && !err.contains("written as"),
        "{err}"
    );
    assert!(!png.exists());
    // A Tiled map to standard output: the side file named by its pattern.
    let out = hexmap()
        .arg("export")
        .arg(bundled("island.ron"))
        .args(["--to", "tmj", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("tmj writes NAME-tiles.png beside NAME.tmj"),
        "{err}"
    );
    assert!(!err.contains("--tiles.png"), "{err}");
}
