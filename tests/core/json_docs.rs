//! The docs kept true to the program: JSON.md's "nulls and left-out keys" table against the
//! schema's optional keys, the version the docs name against the one written, tables not
//! split by a blank line (pandoc reads every table with its header), the order `reach`
//! answers in, and what the docs say of notes in the player view against the export.

use hexmap::io::format::JSON_VERSION;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

fn doc(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(name)).unwrap()
}

/// The schema's optional keys, each as JSON.md's table names it: `cells[].note`, `scale`.
fn schema_optional_keys() -> BTreeSet<String> {
    let schema: serde_json::Value =
        serde_json::from_str(&doc("docs/hexmap-cells.schema.json")).unwrap();
    // Where each definition sits in the file.
    let place = |def: &str| match def {
        "terrain" => "palette[]",
        "cell" => "cells[]",
        "edge" => "edges[]",
        "path" => "paths[]",
        "icon" => "icons[]",
        "label" => "labels[]",
        "region" => "regions[]",
        "key_entry" => "key[]",
        "owned_key_entry" => "icons[].key",
        "region_kind" => "region_kinds[]",
        "edge_type" => "edge_types[]",
        "path_type" => "path_types[]",
        "grid" => "grid",
        "note" => "notes[]",
        "child" => "children[]",
        other => panic!("the schema's definition {other} has optional keys: name its place"),
    };
    let optional = |node: &serde_json::Value| -> Vec<String> {
        let required: BTreeSet<&str> = node["required"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str())
            .collect();
        node["properties"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, _)| k.clone())
            .filter(|k| !required.contains(k.as_str()))
            .collect()
    };
    let mut keys: BTreeSet<String> = optional(&schema).into_iter().collect();
    for (def, node) in schema["$defs"].as_object().unwrap() {
        for k in optional(node) {
            keys.insert(format!("{}.{k}", place(def)));
        }
    }
    keys
}

#[test]
fn the_left_out_keys_table_is_the_schema_s_optional_keys() {
    let json_md = doc("docs/JSON.md");
    let section = json_md
        .split("### Nulls and left-out keys, in one place")
        .nth(1)
        .unwrap();
    let table = section.split("\n\n").nth(1).unwrap();
    let mut documented = BTreeSet::new();
    for row in table.lines().skip(2) {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let [key, _null, left_out] = cells[..] else {
            panic!("row {row:?}");
        };
        if !left_out.starts_with('—') {
            documented.insert(key.trim_matches('`').to_owned());
        }
    }
    assert_eq!(
        documented,
        schema_optional_keys(),
        "JSON.md's left-out keys (left) against the schema's optional keys (right)"
    );
}

#[test]
fn the_docs_name_the_json_version_written() {
    let json_md = doc("docs/JSON.md");
    let row = json_md
        .lines()
        .find(|l| l.starts_with("| `version` |"))
        .unwrap();
    assert!(row.contains(&format!("`{JSON_VERSION}`")), "{row}");
    assert!(json_md.starts_with(&format!(
        "# The JSON export (`hexmap-cells`, version {JSON_VERSION})"
    )));
    let export_md = doc("docs/EXPORT.md");
    let json_row = export_md
        .lines()
        .find(|l| l.starts_with("| `json` |"))
        .unwrap();
    assert!(
        json_row.contains(&format!("Version {JSON_VERSION}")),
        "{json_row}"
    );
    assert!(
        !json_row.contains("`q`, `r`, `s`, `col`, `row`"),
        "{json_row}"
    );
    for (file, text) in [
        ("docs/EXPORT.md", export_md.as_str()),
        (
            "examples/python/README.md",
            doc("examples/python/README.md").as_str(),
        ),
        (
            "examples/python/hexmap_loader.py",
            doc("examples/python/hexmap_loader.py").as_str(),
        ),
    ] {
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            !flat.contains("versions 1 and 2"),
            "{file} speaks of versions 1 and 2 only"
        );
        assert!(!flat.contains("version 1 or 2 export"), "{file}");
    }
}

#[test]
fn every_table_in_the_docs_has_its_header() {
    for name in [
        "docs/JSON.md",
        "docs/EXPORT.md",
        "docs/FORMAT.md",
        "docs/PRINT.md",
        "docs/EDITOR.md",
        "docs/CLI.md",
        "README.md",
    ] {
        let text = doc(name);
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            if lines[i].starts_with('|') {
                let next = lines.get(i + 1).copied().unwrap_or_default();
                assert!(
                    next.starts_with("|---") || next.starts_with("| ---") || next.starts_with("|:"),
                    "{name}:{}: a table without a header row (split by a blank line?): {}",
                    i + 1,
                    lines[i]
                );
                while i < lines.len() && lines[i].starts_with('|') {
                    i += 1;
                }
            }
            i += 1;
        }
    }
    // pandoc, the Markdown reader, sees the edge type table as one table of six rows.
    let Ok(out) = Command::new("pandoc")
        .args(["-f", "markdown", "-t", "plain", "--columns=400"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/JSON.md"))
        .output()
    else {
        eprintln!("SKIPPED: pandoc is not installed");
        return;
    };
    let plain = String::from_utf8_lossy(&out.stdout);
    let edge_table = plain
        .split("Edge type (edge_types[])")
        .nth(1)
        .and_then(|s| s.split("Path type").next())
        .unwrap();
    for key in ["blocks_sight", "width", "style"] {
        assert!(
            edge_table.contains(key),
            "{key} in the edge type table:\n{edge_table}"
        );
    }
}

#[test]
fn reach_answers_are_sorted_as_the_docs_say() {
    let json_md = doc("docs/JSON.md");
    let row = json_md
        .lines()
        .find(|l| l.starts_with("| `reach MAP FROM BUDGET --json` |"))
        .unwrap();
    assert!(row.contains("sorted by `r` then `q`"), "{row}");
    let out = assert_cmd::Command::cargo_bin("hexmap")
        .unwrap()
        .arg("reach")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/wargame-river-crossing.ron"))
        .args(["10,8", "6", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rq: Vec<(i64, i64)> = v["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h[1].as_i64().unwrap(), h[0].as_i64().unwrap()))
        .collect();
    assert!(rq.len() > 10);
    assert!(rq.windows(2).all(|w| w[0] < w[1]), "sorted by r, then q");
}

#[test]
fn the_docs_say_what_the_player_view_does_with_notes() {
    let hexcrawl = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p.json");
    assert_cmd::Command::cargo_bin("hexmap")
        .unwrap()
        .arg("export")
        .arg(&hexcrawl)
        .args(["--to", "json", "--player-view"])
        .arg(&out)
        .assert()
        .success();
    let full = hexmap::io::format::read_path(&hexcrawl).unwrap().map;
    let public_revealed = full
        .notes()
        .keys()
        .filter(|h| !full.note_is_gm_only(**h) && full.is_revealed(**h))
        .count();
    assert!(
        public_revealed > 0,
        "the sample has a public note on a revealed hex"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let kept = v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c.get("note").is_some())
        .count();
    let format_md = doc("docs/FORMAT.md")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if kept == 0 {
        assert!(
            format_md.contains("every note (GM-only or not: notes are the GM's)"),
            "FORMAT.md must say every note is left out of the player view"
        );
    } else {
        assert_eq!(kept, public_revealed, "public notes on revealed hexes kept");
        assert!(
            format_md.contains("public notes on revealed hexes are kept"),
            "FORMAT.md must say public notes on revealed hexes are kept"
        );
    }
}

#[test]
fn design_section_ten_is_not_called_a_plan() {
    let design = doc("docs/DESIGN.md");
    let heading = design.lines().find(|l| l.starts_with("## §10")).unwrap();
    assert!(!heading.contains("planned"), "{heading}");
    assert!(!design.contains("§10 and §12 are plans"));
}
