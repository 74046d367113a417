//! `hexmap family` and `--map` run as the real binary on a copy of the bundled kingdom:
//! derive saves the family in place, list and check read it, extract writes one member,
//! every command reads the member `--map` names, commands that save in place keep the
//! other members, and no player export carries a child map or its secrets.

use assert_cmd::Command;
use hexmap::io::{load, save};
use hexmap::map::family;
use std::path::{Path, PathBuf};

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

/// The bundled kingdom, copied into `dir` with its art, as a map of one (any children the
/// sample has are taken off, so each test makes its own).
fn kingdom(dir: &Path) -> PathBuf {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let (mut map, form) = load(&maps.join("hexcrawl.ron")).unwrap();
    map.set_children(Vec::new());
    let path = dir.join("kingdom.ron");
    save(&path, &map, form).unwrap();
    path
}

fn run(args: &[&str]) -> (bool, String, String) {
    let out = hexmap().args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn derive_list_check_extract_and_map_on_a_kingdom() {
    let dir = tempfile::tempdir().unwrap();
    let file = kingdom(dir.path());
    let f = file.to_str().unwrap();
    // Saltmere's hex (odd-q 4,6; label 0507) at ratio 3: named after the town's icon.
    let (ok, out, err) = run(&["family", f, "derive", "4,6", "--ratio", "3"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("derived the-marches-of-ylth/0507/saltmere (61 cells)"),
        "{out}"
    );
    let (ok, _, err) = run(&[
        "family",
        f,
        "derive",
        "9,4",
        "--ratio",
        "2",
        "--generate",
        "--seed",
        "4",
    ]);
    assert!(ok, "{err}");
    let (ok, out, _) = run(&["family", f, "list", "--json"]);
    assert!(ok);
    let list: serde_json::Value = serde_json::from_str(&out).unwrap();
    let paths: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "the-marches-of-ylth",
            "the-marches-of-ylth/0507/saltmere",
            "the-marches-of-ylth/1005/hex-1005"
        ]
    );
    assert_eq!(list[1]["name"], "Saltmere");
    assert_eq!(list[1]["scale"], "0.99 mi");
    let (ok, out, err) = run(&["family", f, "check"]);
    assert!(ok, "{out}{err}");
    // --map: the child through info and the JSON export, as a game reads it.
    let (ok, out, err) = run(&["info", f, "--map", "0507/saltmere", "--json"]);
    assert!(ok, "{err}");
    assert!(out.contains("\"Saltmere\"") && out.contains("61"), "{out}");
    let json = dir.path().join("salt.json");
    let (ok, _, err) = run(&[
        "export",
        f,
        "--map",
        "0507/saltmere",
        "--to",
        "json",
        json.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["name"], "Saltmere");
    assert_eq!(v["cells"].as_array().unwrap().len(), 61);
    let (ok, _, err) = run(&["info", f, "--map", "nowhere"]);
    assert!(
        !ok && err.contains("no map 'nowhere'")
            && err.contains("the-marches-of-ylth/0507/saltmere"),
        "{err}"
    );
    // fog on the child, in place: the child changes, the root and the other child do not.
    let (before, _) = load(&file).unwrap();
    let (ok, _, err) = run(&["fog", f, "--map", "0507/saltmere", "hide-all"]);
    assert!(ok, "{err}");
    let (after, _) = load(&file).unwrap();
    assert_eq!(after.children().len(), 2);
    assert_eq!(after.children()[1], before.children()[1]);
    assert_eq!(after.hidden_count(), before.hidden_count());
    let salt = &after.children()[0].map;
    assert_eq!(salt.hidden_count(), salt.cell_count());
    // extract: the member as a file of its own, read back equal.
    let out_path = dir.path().join("saltmere.ron");
    let (ok, _, err) = run(&[
        "family",
        f,
        "extract",
        "0507/saltmere",
        out_path.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert_eq!(&load(&out_path).unwrap().0, salt);
}

#[test]
fn check_names_a_road_that_no_longer_meets_and_exits_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = kingdom(dir.path());
    let f = file.to_str().unwrap();
    assert!(run(&["family", f, "derive", "4,6", "--ratio", "3"]).0);
    // The child's roads are taken away: the parent's road still crosses a side.
    let (mut root, form) = load(&file).unwrap();
    let mut children = root.children().to_vec();
    let ids: Vec<_> = children[0].map.paths().iter().map(|p| p.id).collect();
    for id in ids {
        children[0].map.remove_path(id);
    }
    root.set_children(children);
    save(&file, &root, form).unwrap();
    let (ok, out, err) = run(&["family", f, "check"]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("the-marches-of-ylth/0507/saltmere: the parent's Road crosses its"),
        "{out}"
    );
    assert!(
        err.contains("place(s) where a child no longer meets its parent"),
        "{err}"
    );
    assert_eq!(load(&file).unwrap().0, root, "check changes nothing");
}

#[test]
fn no_player_export_carries_a_child_map_or_its_secrets() {
    let dir = tempfile::tempdir().unwrap();
    let file = kingdom(dir.path());
    let f = file.to_str().unwrap();
    let secret = "Sunken Crypt of Vael";
    assert!(
        run(&[
            "family", f, "derive", "4,6", "--ratio", "2", "--name", secret
        ])
        .0
    );
    let (root, _) = load(&file).unwrap();
    let member = family::members(&root)[1].path.clone();
    // A GM-only note in the child too, for the child's own player view.
    let (ok, _, err) = run(&["fog", f, "--map", &member, "hide", "--at", "3,3"]);
    assert!(ok, "{err}");
    let gm = dir.path().join("gm.ron");
    assert!(run(&["export", f, "--to", "ron", gm.to_str().unwrap()]).0);
    assert!(
        std::fs::read_to_string(&gm).unwrap().contains(secret),
        "the GM's RON keeps the family"
    );
    for (to, name) in [
        ("json", "p.json"),
        ("svg", "p.svg"),
        ("tmj", "p.tmj"),
        ("pdf", "p.pdf"),
        ("png", "p.png"),
        ("vassal", "p.vmod"),
    ] {
        let players = dir.path().join(name);
        let (ok, _, err) = run(&[
            "export",
            f,
            "--to",
            to,
            "--player-view",
            players.to_str().unwrap(),
        ]);
        assert!(ok, "{to}: {err}");
        let bytes = String::from_utf8_lossy(&std::fs::read(&players).unwrap()).into_owned();
        assert!(
            !bytes.contains(secret) && !bytes.contains("children"),
            "{to} player export"
        );
    }
    // The child's own player view uses the child's fog: its hidden cell has no terrain.
    let players = dir.path().join("child.json");
    let (ok, _, err) = run(&[
        "export",
        f,
        "--map",
        &member,
        "--to",
        "json",
        "--player-view",
        players.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&players).unwrap()).unwrap();
    let fogged = v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["terrain"].is_null())
        .count();
    assert!(fogged >= 1, "the child's hidden cell is fogged for players");
}

#[test]
fn every_bundled_map_is_a_family_that_lists_checks_and_reads_back_the_same() {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&maps)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    let mut families = 0;
    for file in files {
        let f = file.to_str().unwrap();
        let (ok, out, err) = run(&["family", f, "list", "--json"]);
        assert!(ok, "{f}: {err}");
        let list: serde_json::Value = serde_json::from_str(&out).unwrap();
        let members = list.as_array().unwrap();
        let (root, form) = load(&file).unwrap();
        assert_eq!(members.len(), family::members(&root).len(), "{f}");
        let (ok, out, err) = run(&["family", f, "check"]);
        assert!(ok, "{f}: {out}{err}");
        // Each member through --map: info names it.
        for m in members {
            let path = m["path"].as_str().unwrap();
            let (ok, out, err) = run(&["info", f, "--map", path, "--json"]);
            assert!(ok, "{f} {path}: {err}");
            let info: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(info["name"], m["name"], "{f} {path}");
        }
        // A family file (written today) is the file as written: deterministic.
        if members.len() > 1 {
            let text = std::fs::read_to_string(&file).unwrap();
            assert_eq!(hexmap::io::to_string(&root, form), text, "{f}");
        }
        families += usize::from(members.len() > 1);
    }
    assert!(families >= 1, "the hexcrawl sample is a family");
}
