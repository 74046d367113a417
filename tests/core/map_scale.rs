//! The map scale and the tracing underlay in every file that carries them: RON
//! in both forms (format version 4), the JSON export's `scale` (read back by hexmap and
//! shaped as the schema says), and Tiled map properties read by Tiled itself. Bad values
//! are refused naming the field.

use crate::support::export::export_as;
use crate::support::tiled_tools;
use hexmap::hex::{OffsetKind, Orientation, Point};
use hexmap::io::format::read_path;
use hexmap::io::{Form, from_str, to_string};
use hexmap::map::{HexMap, MapScale, MapShape, Underlay};

fn small_map() -> HexMap {
    let shape = MapShape::rectangle(OffsetKind::OddR, 4, 3).unwrap();
    hexmap::map::testing::map_on(Orientation::Pointy, shape)
}

fn scaled_map() -> HexMap {
    let mut map = small_map();
    map.set_scale(Some(MapScale::new(6.0, "mi").unwrap()))
        .unwrap();
    let underlay = Underlay {
        scale: 0.25,
        rotation: -12.5,
        opacity: 0.4,
        ..Underlay::new("scans/old map.png", Point::new(3.5, -2.0))
    };
    map.set_underlay(Some(underlay)).unwrap();
    map
}

#[test]
fn scale_and_underlay_round_trip_in_both_ron_forms() {
    let map = scaled_map();
    for form in [Form::Offset, Form::Cube] {
        let text = to_string(&map, form);
        assert!(text.contains("version: 5,"), "{text}");
        assert!(
            text.contains("    scale: (per_hex: 6.0, unit: \"mi\"),"),
            "{text}"
        );
        assert!(
            text.contains("underlay: (path: \"scans/old map.png\""),
            "{text}"
        );
        let (back, _) = from_str(&text).unwrap();
        assert_eq!(back.scale(), map.scale(), "{form:?}");
        assert_eq!(back.underlay(), map.underlay(), "{form:?}");
        assert!(back == map, "{form:?}: the map came back different");
        assert_eq!(
            to_string(&back, form),
            text,
            "{form:?}: saves the same bytes"
        );
    }
}

#[test]
fn a_map_without_them_saves_as_version_3_did_apart_from_the_version() {
    let map = small_map();
    for form in [Form::Offset, Form::Cube] {
        let text = to_string(&map, form);
        assert!(
            !text.contains("scale:") && !text.contains("underlay:"),
            "{text}"
        );
        // The same text saying version 3 still loads, to the same map.
        let v3 = text
            .replace("version: 5,", "version: 3,")
            .replace("format version 5", "format version 3");
        let (back, _) = from_str(&v3).unwrap();
        assert!(back == map);
    }
}

#[test]
fn bad_scales_are_refused_naming_the_field() {
    let text = to_string(&scaled_map(), Form::Offset);
    for (bad, field) in [
        ("per_hex: 0.0", "scale.per_hex"),
        ("per_hex: -6.0", "scale.per_hex"),
        ("per_hex: NaN", "scale.per_hex"),
    ] {
        let t = text.replace("per_hex: 6.0", bad);
        let e = from_str(&t).unwrap_err().to_string();
        assert!(
            e.contains(field) && e.contains("greater than 0"),
            "{bad}: {e}"
        );
    }
    let t = text.replace("unit: \"mi\"", "unit: \"\"");
    let e = from_str(&t).unwrap_err().to_string();
    assert!(e.contains("scale.unit") && e.contains("empty"), "{e}");
    let t = text.replace("opacity: 0.4", "opacity: 3.0");
    let e = from_str(&t).unwrap_err().to_string();
    assert!(e.contains("underlay.opacity"), "{e}");
    let t = text.replace("version: 5,", "version: 3,");
    let e = from_str(&t).unwrap_err().to_string();
    assert!(e.contains("needs format version 4"), "{e}");
}

#[test]
fn the_json_export_carries_the_scale_and_reads_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scaled.json");
    let mut map = small_map();
    map.set_scale(Some(MapScale::new(2.5, "league").unwrap()))
        .unwrap();
    export_as(&map, "json", &path);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        doc["scale"],
        serde_json::json!({"per_hex": 2.5, "unit": "league"})
    );
    let back = read_path(&path).unwrap().map;
    assert_eq!(back.scale(), map.scale());
    // Without a scale the key is left out.
    export_as(&small_map(), "json", &path);
    let plain = std::fs::read_to_string(&path).unwrap();
    assert!(!plain.contains("\"scale\""), "{plain}");
    // A bad one is refused with its JSON path.
    let bad = std::fs::read_to_string(dir.path().join("scaled.json")).unwrap();
    let bad = bad.replace(
        "\"labels\": []",
        "\"labels\": [],\n  \"scale\": {\"per_hex\": 0, \"unit\": \"mi\"}",
    );
    std::fs::write(&path, bad).unwrap();
    let e = read_path(&path).unwrap_err().to_string();
    assert!(e.contains("scale.per_hex") || e.contains("scale"), "{e}");
    assert!(e.contains("greater than 0"), "{e}");
}

#[test]
fn tiled_keeps_the_scale_as_map_properties() {
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("scaled.tmx");
    let map = scaled_map();
    export_as(&map, "tmx", &tmx);
    let back = read_path(&tmx).unwrap().map;
    assert_eq!(back.scale(), map.scale());
    if !tiled_tools::available() {
        return;
    }
    // Tiled itself reads and re-writes them: its own JSON has both map properties.
    let tmj = dir.path().join("by-tiled.tmj");
    tiled_tools::export_map("json", &tmx, &tmj);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&tmj).unwrap()).unwrap();
    let props = doc["properties"].as_array().unwrap();
    let value = |name: &str| {
        props
            .iter()
            .find(|p| p["name"] == name)
            .map(|p| p["value"].clone())
    };
    assert_eq!(
        value("hexmap:scale_per_hex"),
        Some(6.into()),
        "a Tiled float"
    );
    assert_eq!(value("hexmap:scale_unit"), Some("mi".into()));
    // And the map Tiled wrote comes back with its scale.
    let again = read_path(&tmj).unwrap().map;
    assert_eq!(again.scale(), map.scale());
}
