//! `export --strict` and the one warning line: an export that leaves out something the map
//! holds is refused under `--strict`, naming what, and warned about (one line) without it.
//! What each format leaves out (`io::format::left_out`) is checked against the files
//! themselves: every format that reads back gives back exactly what it does not declare
//! left out, on every bundled map and on a generated world with heights.

use assert_cmd::Command;
use hexmap::io::format::{Content, WriteOptions, held, left_out, read_path, write_path, writers};
use std::path::{Path, PathBuf};

fn maps(dir: &Path) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut maps: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    maps.sort();
    // A generated world: heights, rivers, roads, settlements.
    let world = dir.join("world.ron");
    Command::cargo_bin("hexmap")
        .unwrap()
        .arg("generate")
        .arg(&world)
        .args(["--shape", "rect:24x16", "--seed", "7"])
        .assert()
        .success();
    maps.push(world);
    maps
}

#[test]
fn what_a_format_declares_left_out_is_what_its_file_loses() {
    let dir = tempfile::tempdir().unwrap();
    let mut seen_drops = 0;
    for map_path in maps(dir.path()) {
        let map = read_path(&map_path).unwrap().map;
        let before = held(&map);
        for format in writers() {
            let opts = WriteOptions::default();
            let declared = left_out(&map, format, &opts);
            assert!(
                declared.iter().all(|c| before.contains(c)),
                "only what it holds"
            );
            if !format.can_read() {
                if format.name() == "csv" {
                    assert_eq!(
                        declared,
                        before,
                        "{}: a CSV keeps only terrain ids",
                        map_path.display()
                    );
                }
                continue;
            }
            let stem = map_path.file_stem().unwrap().to_string_lossy();
            let out = dir
                .path()
                .join(format!("check-{stem}.{}", format.extensions()[0]));
            let written = write_path(&map, None, format, &opts, &out, &mut |_| {}).unwrap();
            let back = read_path(&out).unwrap().map;
            let after = held(&back);
            let lost: Vec<Content> = before
                .iter()
                .copied()
                .filter(|c| !after.contains(c))
                .collect();
            assert_eq!(
                lost,
                declared,
                "{} as {}: lost vs declared left out",
                map_path.display(),
                format.name()
            );
            seen_drops += declared.len();
            for w in written {
                let _ = std::fs::remove_file(w);
            }
        }
    }
    assert!(seen_drops > 0, "some export leaves something out");
}

#[test]
fn strict_refuses_naming_what_would_be_left_out_and_a_plain_export_warns_once() {
    let dir = tempfile::tempdir().unwrap();
    let hexcrawl = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let world = maps(dir.path()).pop().unwrap();
    let cases: [(&Path, &str, &[&str]); 4] = [
        (&hexcrawl, "tmx", &["the party", "GM-only flags of notes"]),
        (&world, "tmj", &["heights"]),
        (
            &hexcrawl,
            "csv",
            &[
                "notes",
                "edge features",
                "regions",
                "the party",
                "fog (hidden cells)",
            ],
        ),
        (&world, "csv", &["heights", "paths", "labels"]),
    ];
    for (map, to, names) in cases {
        let out = dir.path().join(format!("out.{to}"));
        let run = Command::cargo_bin("hexmap")
            .unwrap()
            .arg("export")
            .arg(map)
            .args(["--to", to, "--strict"])
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(1), "{to}");
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(
            err.contains("--strict") && err.contains("nothing written"),
            "{err}"
        );
        for n in names {
            assert!(err.contains(n), "{to}: {err} does not name {n}");
        }
        assert!(!out.exists(), "{to}: nothing written");
        let run = Command::cargo_bin("hexmap")
            .unwrap()
            .arg("export")
            .arg(map)
            .args(["--to", to])
            .arg(&out)
            .output()
            .unwrap();
        assert!(run.status.success());
        let err = String::from_utf8_lossy(&run.stderr);
        let warnings: Vec<&str> = err.lines().filter(|l| l.contains("leaves out")).collect();
        assert_eq!(warnings.len(), 1, "{to}: one warning line: {err}");
        assert!(warnings[0].starts_with("hexmap: warning: "), "{err}");
        assert!(out.exists());
        let _ = std::fs::remove_file(&out);
    }
    // RON and JSON keep the whole family: --strict writes both (JSON with every child
    // map under `children`), and `--map` a member alone.
    let keep = |to: &str, member: Option<&str>| {
        let mut cmd = Command::cargo_bin("hexmap").unwrap();
        cmd.arg("export").arg(&hexcrawl);
        if let Some(m) = member {
            cmd.args(["--map", m]);
        }
        cmd.args(["--to", to, "--strict"])
            .arg(dir.path().join(format!("keep.{to}")))
            .output()
            .unwrap()
    };
    assert!(keep("ron", None).status.success());
    let family = keep("json", None);
    assert!(
        family.status.success(),
        "{}",
        String::from_utf8_lossy(&family.stderr)
    );
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("keep.json")).unwrap())
            .unwrap();
    let names: Vec<&str> = written["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["map"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Saltmere", "Hold Varr"]);
    std::fs::remove_file(dir.path().join("keep.json")).unwrap();
    let member = keep("json", Some("0507/saltmere"));
    assert!(
        member.status.success(),
        "{}",
        String::from_utf8_lossy(&member.stderr)
    );
}
