//! Custom properties through Tiled: every kind (string, int, number, bool, colour, hex,
//! enum) on every kind of object (the map, cells, a terrain, an edge and a path type, an
//! icon, a label, a region) of the hexcrawl sample, exported as TMX and TMJ, saved again
//! by Tiled itself (`tiled --export-map json`) and read as a game reads Tiled's JSON —
//! each value under Tiled's own type (`int`, `float`, `bool`, `color`, `string`, an enum
//! value naming its enum as `propertytype`) — then imported back to the same values and
//! types (an int beyond Tiled's 32 bits, or a number needing more than its 15 digits,
//! travels as text, which Tiled keeps). A value that does not fit its declaration is
//! refused, naming the object.

use crate::support::tiled_tools;
use hexmap::io::format::{WriteOptions, by_name, read_path, write_path};
use hexmap::map::{CustomProps, HexMap, PropKind, PropOwner, PropType, PropValue, PropValues, Rgb};
use std::path::Path;

fn declared(name: &str, kind: PropKind, default: PropValue) -> PropType {
    PropType {
        name: name.into(),
        kind,
        default,
        gm_only: false,
    }
}

/// The hexcrawl with a value of every kind on an object of every kind.
fn every_kind_everywhere() -> HexMap {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let mut map = read_path(&path).unwrap().map;
    let cells: Vec<_> = map.shape().iter().collect();
    let types = vec![
        declared("name", PropKind::String, PropValue::String(String::new())),
        declared("garrison", PropKind::Int, PropValue::Int(0)),
        declared("tax", PropKind::Number, PropValue::Number(0.5)),
        declared("haunted", PropKind::Bool, PropValue::Bool(false)),
        declared(
            "banner",
            PropKind::Colour,
            PropValue::Colour(Rgb([0, 0, 0])),
        ),
        declared("gate", PropKind::Hex, PropValue::Hex(cells[0])),
        declared(
            "owner",
            PropKind::Enum(vec!["Crown".into(), "Guild".into()]),
            PropValue::Enum("Crown".into()),
        ),
    ];
    let mut owners = vec![
        PropOwner::Map,
        PropOwner::Cell(cells[5]),
        PropOwner::Cell(cells[40]),
        PropOwner::Terrain(map.palette().terrains()[1].id),
        PropOwner::EdgeType(map.edge_palette().types()[0].id),
        PropOwner::PathType(map.path_palette().types()[0].id),
    ];
    let (_, icons) = map.icons().iter().next().expect("the sample has icons");
    owners.push(PropOwner::Icon(icons[0].id));
    let (label, _) = map.labels().iter().next().expect("the sample has labels");
    owners.push(PropOwner::Label(label));
    let region = map.regions().iter().next().expect("the sample has regions");
    owners.push(PropOwner::Region(region.id));
    let mut values = std::collections::BTreeMap::new();
    for (i, owner) in owners.into_iter().enumerate() {
        let n = i as i64;
        let v: PropValues = [
            (
                "name",
                PropValue::String(format!("Thing {i}, \"quoted\" & ünïcode")),
            ),
            ("garrison", PropValue::Int(n * 1_000_000_007 - 3)),
            ("tax", PropValue::Number(n as f64 / 3.0 + 0.125)),
            ("haunted", PropValue::Bool(i % 2 == 1)),
            ("banner", PropValue::Colour(Rgb([n as u8 * 20, 7, 200]))),
            ("gate", PropValue::Hex(cells[10 + i])),
            ("owner", PropValue::Enum("Guild".into())),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
        values.insert(owner, v);
    }
    map.set_custom(CustomProps::build(types, values).unwrap())
        .unwrap();
    map
}

/// The Tiled type a value must come back under: its kind's, but text for an int beyond
/// Tiled's 32 bits or a number needing more than Tiled's 15 digits (Tiled would change it).
fn tiled_type(name: &str, value: &serde_json::Value) -> &'static str {
    let text = value.as_str();
    match name {
        "garrison" if text.is_none() => "int",
        "tax" if text.is_none() => "float",
        "garrison" => {
            let n: i64 = text.unwrap().parse().unwrap();
            assert!(i32::try_from(n).is_err(), "{n} fits Tiled's int");
            "string"
        }
        "tax" => {
            let x: f64 = text.unwrap().parse().unwrap();
            assert_ne!(
                format!("{x:.14e}").parse::<f64>().unwrap(),
                x,
                "{x} fits 15 digits"
            );
            "string"
        }
        "haunted" => "bool",
        "banner" => "color",
        _ => "string",
    }
}

/// `map` written as `format` in `dir` by hexmap's own writer: the file and its text.
fn written(map: &HexMap, format: &str, dir: &Path) -> (std::path::PathBuf, String) {
    let path = dir.join(format!("crawl.{format}"));
    let opts = WriteOptions::default();
    write_path(
        map,
        None,
        by_name(format).unwrap(),
        &opts,
        &path,
        &mut |_| {},
    )
    .unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

#[test]
fn every_kind_of_value_keeps_its_value_and_tiled_type_through_tiled_s_own_export() {
    if !tiled_tools::available() {
        return;
    }
    let map = every_kind_everywhere();
    let dir = tempfile::tempdir().unwrap();
    for format in ["tmx", "tmj"] {
        let (ours, _) = written(&map, format, dir.path());
        let tiled = dir.path().join(format!("crawl-{format}.tiled.json"));
        tiled_tools::export_map("json", &ours, &tiled);
        // As a game reads Tiled's JSON: the values layer's objects and their properties.
        let doc: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&tiled).unwrap()).unwrap();
        let layer = doc["layers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["name"] == "hexmap properties")
            .unwrap_or_else(|| panic!("{format}: no values layer in Tiled's JSON"));
        let objects = layer["objects"].as_array().unwrap();
        assert_eq!(objects.len(), map.custom().owner_count(), "{format}");
        let mut seen = 0;
        let mut typed_numbers = 0;
        for o in objects {
            for p in o["properties"].as_array().unwrap() {
                let name = p["name"].as_str().unwrap();
                if name.starts_with("hexmap:") {
                    continue;
                }
                let wanted = tiled_type(name, &p["value"]);
                assert_eq!(p["type"], wanted, "{format}: {name} of {}", o["name"]);
                if wanted == "int" {
                    assert!(p["value"].is_i64(), "{format}: an integer, not text: {p}");
                    typed_numbers += 1;
                }
                if wanted == "float" {
                    typed_numbers += 1;
                }
                if name == "haunted" {
                    assert!(p["value"].is_boolean(), "{format}: {p}");
                }
                seen += 1;
            }
        }
        assert_eq!(seen, 7 * objects.len(), "{format}: every value");
        assert!(
            typed_numbers >= 5,
            "{format}: ints and floats as Tiled's own types"
        );
        // Back through hexmap's import of Tiled's own file: the same types and values.
        let back = read_path(&tiled).unwrap();
        assert_eq!(back.map.custom(), map.custom(), "{format}");
    }
}

#[test]
fn our_enum_values_name_their_enum_as_tileds_property_type() {
    let dir = tempfile::tempdir().unwrap();
    let (_, text) = written(&every_kind_everywhere(), "tmx", dir.path());
    assert!(
        text.contains(r#"<property name="owner" propertytype="owner" value="Guild"/>"#),
        "an enum value with its propertytype"
    );
    assert!(text.contains(r#"name="garrison" type="int""#));
}

#[test]
fn a_value_that_does_not_fit_its_declaration_is_refused_naming_the_object() {
    let dir = tempfile::tempdir().unwrap();
    let (tmx, text) = written(&every_kind_everywhere(), "tmx", dir.path());
    let bad = text.replacen(r#"value="Guild""#, r#"value="Pirates""#, 1);
    std::fs::write(&tmx, bad).unwrap();
    let err = read_path(&tmx).unwrap_err().to_string();
    assert!(
        err.contains("layer 'hexmap properties' object")
            && err.contains("the map, property 'owner': \"Pirates\" is not one of Crown, Guild"),
        "{err}"
    );
}
