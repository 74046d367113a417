//! `hexmap info --json` counts everything a file holds — regions, fog, the GM's secrets,
//! the party, the numeric layers, the scale, custom properties, the hex key, child maps —
//! each count checked against what the JSON export (read as a game reads it), `secret
//! list` and `family list` say of the same file.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

fn hexmap() -> Command {
    Command::cargo_bin("hexmap").unwrap()
}

fn json_of(cmd: &mut Command) -> Value {
    let out = cmd.assert().success().get_output().stdout.clone();
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn info_counts_what_the_hexcrawl_holds() {
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let info = json_of(hexmap().arg("info").arg(&map).arg("--json"));
    let export = json_of(hexmap().arg("export").arg(&map).args(["--to", "json", "-"]));
    let len = |v: &Value| v.as_array().map_or(0, Vec::len);
    assert_eq!(info["regions"], len(&export["regions"]));
    assert_eq!(info["region_kinds"], len(&export["region_kinds"]));
    let cells = export["cells"].as_array().unwrap();
    let hidden = cells.iter().filter(|c| c["revealed"] == false).count();
    assert!(hidden > 0, "the sample has fog");
    assert_eq!(info["fog"]["hidden"], hidden);
    assert_eq!(info["fog"]["revealed"], cells.len() - hidden);
    assert_eq!(info["party"]["hex"], export["party"]["hex"]);
    assert_eq!(info["party"]["sight"], export["party"]["sight"]);
    assert_eq!(info["scale"], export["scale"]);
    assert_eq!(info["key_entries"], len(&export["key"]));
    assert_eq!(info["properties"]["types"], len(&export["property_types"]));
    let props = export["properties"].as_array().unwrap();
    let values: usize = props
        .iter()
        .map(|p| p["values"].as_object().unwrap().len())
        .sum();
    assert!(values > 0);
    assert_eq!(info["properties"]["values"], values);
    assert_eq!(info["properties"]["objects"], props.len());
    let secrets = json_of(hexmap().arg("secret").arg(&map).args(["list", "--json"]));
    let listed: usize = secrets
        .as_object()
        .unwrap()
        .values()
        .filter_map(Value::as_array)
        .map(Vec::len)
        .sum();
    assert!(listed > 0);
    assert_eq!(info["gm_only"], listed, "{secrets}");
    let family = json_of(hexmap().arg("family").arg(&map).args(["list", "--json"]));
    assert_eq!(info["maps_below"], len(&family) - 1);
    assert_eq!(info["child_maps"], 2);
    assert_eq!(info["layers"], serde_json::json!({}), "no layers here");
}

#[test]
fn info_counts_a_generated_worlds_layers() {
    let dir = tempfile::tempdir().unwrap();
    let world = dir.path().join("world.ron");
    hexmap()
        .arg("generate")
        .arg(&world)
        .args(["--shape", "rect:24x16", "--seed", "5"])
        .assert()
        .success();
    let info = json_of(hexmap().arg("info").arg(&world).arg("--json"));
    let export = json_of(
        hexmap()
            .arg("export")
            .arg(&world)
            .args(["--to", "json", "-"]),
    );
    let cells = export["cells"].as_array().unwrap();
    let layers = info["layers"].as_object().unwrap();
    assert!(layers.contains_key("elevation"), "{layers:?}");
    for (name, counted) in layers {
        let values: Vec<i64> = cells.iter().filter_map(|c| c[name].as_i64()).collect();
        assert_eq!(values.len(), cells.len(), "{name} on every cell");
        assert_eq!(counted["cells"], values.len(), "{name}");
        assert_eq!(counted["min"], *values.iter().min().unwrap(), "{name}");
        assert_eq!(counted["max"], *values.iter().max().unwrap(), "{name}");
    }
    assert_eq!(info["fog"]["hidden"], 0);
    assert_eq!(info["party"], Value::Null);
}
