//! Tiled properties in Tiled's own types, as a game reads Tiled's JSON of our
//! export: terrain ids are ints, costs numbers (never the word "impassable": an
//! impassable terrain has the bool `hexmap:impassable` and no cost), sight a bool, colours
//! Tiled colours, and
//! the edge and path palettes carry costs as numbers. Files written the old way (every
//! property a string, `hexmap:cost` "impassable", palette costs "2") still read the same.

use crate::support::export::export_as;
use crate::support::tiled_tools as tools;

use hexmap::io::format::{WriteOptions, by_name, read_path, write_path};
use hexmap::map::MoveCost;
use std::path::Path;

fn prop<'a>(props: &'a serde_json::Value, name: &str) -> Option<&'a serde_json::Value> {
    props.as_array()?.iter().find(|p| p["name"] == name)
}

#[test]
fn tiled_reads_numbers_and_bools_and_old_files_still_import() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/wargame-river-crossing.ron");
    let (map, _) = hexmap::io::load(&path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("wg.tmx");
    write_path(
        &map,
        None,
        by_name("tmx").unwrap(),
        &WriteOptions::default(),
        &tmx,
        &mut |_| {},
    )
    .unwrap();
    if tools::available() {
        let json = dir.path().join("tiled.tmj");
        tools::export_map("json", &tmx, &json);
        let text = std::fs::read_to_string(&json).unwrap();
        assert!(
            !text.contains("\"impassable\""),
            "no word in a number's place"
        );
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let tiles = v["tilesets"][0]["tiles"].as_array().unwrap();
        for (t, terrain) in tiles.iter().zip(map.palette().terrains()) {
            let props = &t["properties"];
            let id = prop(props, "hexmap:id").unwrap();
            assert_eq!(id["type"], "int");
            assert_eq!(id["value"], u64::from(terrain.id.get()));
            // Tiled keeps a colour property as `#aarrggbb`; hexmap reads it back below.
            let colour = prop(props, "hexmap:color").unwrap();
            assert_eq!(colour["type"], "color");
            assert_eq!(
                colour["value"],
                format!("#ff{}", &terrain.color.to_string()[1..])
            );
            let sight = prop(props, "hexmap:blocks_sight").unwrap();
            assert_eq!(
                (&sight["type"], &sight["value"]),
                (&"bool".into(), &terrain.blocks_sight.into())
            );
            match terrain.cost {
                MoveCost::Cost(c) => {
                    let cost = prop(props, "hexmap:cost").unwrap();
                    assert_eq!(cost["type"], "float");
                    assert_eq!(cost["value"].as_f64(), Some(c.points()));
                    assert!(prop(props, "hexmap:impassable").is_none());
                }
                MoveCost::Impassable => {
                    assert!(prop(props, "hexmap:cost").is_none());
                    let i = prop(props, "hexmap:impassable").unwrap();
                    assert_eq!((&i["type"], &i["value"]), (&"bool".into(), &true.into()));
                }
            }
        }
        let edge_types: serde_json::Value = serde_json::from_str(
            prop(&v["properties"], "hexmap:edge_types").unwrap()["value"]
                .as_str()
                .unwrap(),
        )
        .unwrap();
        let river = edge_types
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == "River")
            .unwrap();
        assert_eq!(river["cost"], 2, "a number, not \"2\"");
        let back = read_path(&json).unwrap();
        assert_eq!(back.map.palette(), map.palette());
    }
    // The same file written the old way: every property a string, the word for
    // impassable, palette costs as text.
    let text = std::fs::read_to_string(&tmx).unwrap();
    let old = text
        .replace(
            "name=\"hexmap:impassable\" type=\"bool\" value=\"true\"",
            "name=\"hexmap:cost\" value=\"impassable\"",
        )
        .replace(" type=\"int\"", "")
        .replace(" type=\"float\"", "")
        .replace(" type=\"bool\"", "")
        .replace(" type=\"color\"", "")
        .replace("&quot;cost&quot;:2,", "&quot;cost&quot;:&quot;2&quot;,");
    assert!(old.contains("value=\"impassable\"") && old.contains("&quot;cost&quot;:&quot;2&quot;"));
    let old_path = dir.path().join("old.tmx");
    std::fs::write(&old_path, old).unwrap();
    let back = read_path(&old_path).unwrap();
    assert!(back.warnings.is_empty(), "{:?}", back.warnings);
    assert!(back.map == map, "an old-style file reads to the same map");
}

#[test]
fn property_names_are_snake_case_and_old_hyphenated_names_still_read() {
    // The hexcrawl has a hex size and sight blockers: every hexmap property its TMX carries
    // is snake_case, like the JSON export's keys (tests/core/tiled_art.rs checks the
    // tile-art names).
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let (map, _) = hexmap::io::load(&path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("crawl.tmx");
    write_path(
        &map,
        None,
        by_name("tmx").unwrap(),
        &WriteOptions::default(),
        &tmx,
        &mut |_| {},
    )
    .unwrap();
    let text = std::fs::read_to_string(&tmx).unwrap();
    let names: Vec<&str> = text
        .split("name=\"hexmap:")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .collect();
    assert!(
        names.contains(&"blocks_sight") && names.contains(&"hex_size"),
        "{names:?}"
    );
    let hyphenated: Vec<&&str> = names.iter().filter(|n| n.contains('-')).collect();
    assert!(hyphenated.is_empty(), "hyphenated names: {hyphenated:?}");
    // A file written before: the same properties with hyphens reads to the same map.
    let mut old = text.clone();
    for name in [
        "blocks_sight",
        "hex_size",
        "art_of",
        "art_tint",
        "art_image",
    ] {
        old = old.replace(
            &format!("name=\"hexmap:{name}"),
            &format!("name=\"hexmap:{}", name.replace('_', "-")),
        );
    }
    assert!(old.contains("hexmap:blocks-sight") && old.contains("hexmap:hex-size"));
    let old_path = dir.path().join("old.tmx");
    std::fs::write(&old_path, old).unwrap();
    let new = read_path(&tmx).unwrap();
    let back = read_path(&old_path).unwrap();
    assert!(back.map == new.map, "hyphenated names read the same");
}

#[test]
fn no_number_or_switch_of_the_hexcrawl_is_left_as_text() {
    // The hexcrawl has every kind of object: icons with a scale, labels with a size and a
    // turn, regions with ids and tints, GM-only items and the map scale. Read as Tiled
    // writes it back as JSON, no property whose value is a number or true/false may be a
    // string, except text that happens to look like one (names, captions, symbols).
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let (map, _) = hexmap::io::load(&path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("crawl.tmx");
    export_as(&map, "tmx", &tmx);
    let json = dir.path().join("crawl.tmj");
    if tools::available() {
        tools::export_map("json", &tmx, &json);
    } else {
        export_as(&map, "tmj", &json);
    }
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let mut found = std::collections::BTreeMap::<String, String>::new();
    let mut as_text = Vec::new();
    let mut stack = vec![&v];
    while let Some(node) = stack.pop() {
        match node {
            serde_json::Value::Array(items) => stack.extend(items),
            serde_json::Value::Object(fields) => {
                if let (Some(name), Some(value)) = (fields.get("name"), fields.get("value"))
                    && let Some(name) = name.as_str()
                    && name.starts_with("hexmap:")
                {
                    let kind = fields
                        .get("type")
                        .and_then(|t| t.as_str())
                        .unwrap_or("string");
                    found.insert(name.to_owned(), kind.to_owned());
                    let text_like = ["hexmap:name", "hexmap:caption", "hexmap:symbol"];
                    if kind == "string"
                        && !text_like.contains(&name)
                        && let Some(s) = value.as_str()
                        && (s.parse::<f64>().is_ok() || s == "true" || s == "false")
                    {
                        as_text.push(format!("{name} = {s:?}"));
                    }
                }
                stack.extend(fields.values());
            }
            _ => {}
        }
    }
    for (name, kind) in [
        ("hexmap:scale", "float"),
        ("hexmap:size", "float"),
        ("hexmap:rotation", "float"),
        ("hexmap:region_id", "int"),
        ("hexmap:gm_only", "bool"),
        ("hexmap:label", "bool"),
        ("hexmap:scale_per_hex", "float"),
    ] {
        assert_eq!(found.get(name).map(String::as_str), Some(kind), "{name}");
    }
    assert!(
        as_text.is_empty(),
        "numbers or switches as text: {as_text:?}"
    );
    // And they read back: the map through Tiled's JSON is the map.
    let back = read_path(&json).unwrap();
    assert_eq!(back.map.regions(), map.regions());
}
