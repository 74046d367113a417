//! Custom properties of every kind on every kind of object survive RON in both forms.

use crate::{Form, from_str, to_string};
use hexmap_map::{
    CustomProps, FeatureType, HexMap, PropKind, PropOwner, PropType, PropValue, PropValues, Rgb,
};
use std::collections::BTreeMap;

/// The hexcrawl sample without its own custom properties (its resources).
fn sample() -> HexMap {
    let text = include_str!("../../../../maps/hexcrawl.ron");
    let mut map = from_str(text).expect("the sample loads").0;
    map.set_custom(hexmap_map::CustomProps::new())
        .expect("no properties fit every map");
    map
}

fn ty(name: &str, kind: PropKind, default: PropValue, gm_only: bool) -> PropType {
    PropType {
        name: name.into(),
        kind,
        default,
        gm_only,
    }
}

/// One type of each kind, and values of each kind on the map and on one object of every
/// kind the sample has.
pub(crate) fn with_every_kind(mut map: HexMap) -> HexMap {
    let cell = map.shape().iter().nth(7).expect("a cell");
    let far = map.shape().iter().nth(20).expect("another cell");
    let types = vec![
        ty(
            "title",
            PropKind::String,
            PropValue::String("none \"quoted\"".into()),
            false,
        ),
        ty("victory points", PropKind::Int, PropValue::Int(-3), false),
        ty("weight", PropKind::Number, PropValue::Number(0.25), false),
        ty("secret door", PropKind::Bool, PropValue::Bool(false), true),
        ty(
            "banner",
            PropKind::Colour,
            PropValue::Colour(Rgb([1, 2, 3])),
            false,
        ),
        ty("portal", PropKind::Hex, PropValue::Hex(cell), false),
        ty(
            "resource",
            PropKind::Enum(vec!["iron".into(), "timber".into(), "grain".into()]),
            PropValue::Enum("grain".into()),
            false,
        ),
    ];
    let every = |i: i64| -> PropValues {
        [
            (
                "title",
                PropValue::String(format!("thing {i}, with ünïcode")),
            ),
            ("victory points", PropValue::Int(i * 1_000_000_007)),
            ("weight", PropValue::Number(i as f64 / 3.0)),
            ("secret door", PropValue::Bool(i % 2 == 0)),
            ("banner", PropValue::Colour(Rgb([i as u8, 200, 7]))),
            ("portal", PropValue::Hex(far)),
            ("resource", PropValue::Enum("timber".into())),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect()
    };
    let mut owners = vec![
        PropOwner::Map,
        PropOwner::Cell(cell),
        PropOwner::Cell(far),
        PropOwner::Terrain(map.palette().terrains()[0].id),
        PropOwner::EdgeType(map.edge_palette().types()[0].id()),
        PropOwner::PathType(map.path_palette().types()[0].id()),
    ];
    owners.extend(
        map.icons()
            .iter()
            .next()
            .map(|(_, l)| PropOwner::Icon(l[0].id)),
    );
    owners.extend(
        map.labels()
            .iter()
            .next()
            .map(|(id, _)| PropOwner::Label(id)),
    );
    owners.extend(map.regions().iter().next().map(|r| PropOwner::Region(r.id)));
    assert_eq!(
        owners.len(),
        9,
        "the sample has an icon, a label and a region"
    );
    let values: BTreeMap<_, _> = owners
        .into_iter()
        .enumerate()
        .map(|(i, o)| (o, every(i as i64)))
        .collect();
    map.set_custom(CustomProps::build(types, values).unwrap())
        .unwrap();
    map
}

#[test]
fn every_kind_on_every_object_round_trips_in_both_forms() {
    let map = with_every_kind(sample());
    for form in [Form::Offset, Form::Cube] {
        let text = to_string(&map, form);
        let (back, read_form) = from_str(&text).unwrap_or_else(|e| panic!("{form:?}: {e}\n{text}"));
        assert_eq!(read_form, form);
        assert_eq!(back.custom(), map.custom(), "{form:?}");
        assert_eq!(
            to_string(&back, form),
            text,
            "{form:?} writes the same again"
        );
    }
}

#[test]
fn a_map_without_properties_writes_no_property_lists() {
    let text = to_string(&sample(), Form::Offset);
    assert!(!text.contains("property_types") && !text.contains("cell_properties"));
}

#[test]
fn bad_values_are_named_by_list_entry_and_property() {
    let text = to_string(&with_every_kind(sample()), Form::Offset);
    let cases = [
        (
            "\"resource\": \"timber\"",
            "\"resource\": \"gold\"",
            "\"gold\" is not one of iron, timber, grain",
        ),
        (
            "\"victory points\": 0,",
            "\"victory points\": 1.5,",
            "property \"victory points\"",
        ),
        (
            "\"banner\": \"#00c807\"",
            "\"banner\": \"blue\"",
            "property \"banner\"",
        ),
    ];
    for (from, to, says) in cases {
        assert!(text.contains(from), "{from}");
        let bad = text.replacen(from, to, 1);
        let err = from_str(&bad).unwrap_err().to_string();
        assert!(err.contains(says), "{err}");
        assert!(err.contains("properties"), "names the list: {err}");
    }
    let undeclared = text.replacen("\"weight\":", "\"weigth\":", 1);
    let err = from_str(&undeclared).unwrap_err().to_string();
    assert!(err.contains("property \"weigth\" is not declared"), "{err}");
    // The sample's hex key needs version 5 too: without it, what a version 4 file
    // cannot hold is refused (the icons' and regions' key entries first, then the properties).
    let key_start = text.find("\n        key: [").expect("the sample's hex key");
    let key_len = text[key_start..]
        .find("\n        ],")
        .expect("the key's end")
        + 11;
    let keyless = format!("{}{}", &text[..key_start], &text[key_start + key_len..]);
    let old = keyless.replacen("version: 5,", "version: 4,", 1);
    let err = from_str(&old).unwrap_err().to_string();
    assert!(err.contains("needs format version 5"), "{err}");
    let no_owned_keys: String = old
        .lines()
        .map(|l| match (l.find(", key: ("), l.find("), hexes: [")) {
            // A region's entry: its key between its look and its hexes.
            (Some(k), Some(h)) if h > k => format!("{}{}", &l[..k], &l[h + 1..]),
            // An icon's: its key last.
            (Some(k), _) if l.contains("icon: ") => format!("{}),", &l[..k]),
            _ => l.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let err = from_str(&no_owned_keys).unwrap_err().to_string();
    assert!(
        err.contains("custom properties need format version 5"),
        "{err}"
    );
}

#[test]
fn every_kind_on_every_object_round_trips_through_json_typed() {
    let map = with_every_kind(sample());
    let json = crate::format::to_json(&map);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let types = doc["property_types"].as_array().unwrap();
    assert_eq!(types.len(), 7);
    assert_eq!(
        types[6]["values"],
        serde_json::json!(["iron", "timber", "grain"])
    );
    let map_values = &doc["properties"][0];
    assert_eq!(map_values["owner"], "map");
    assert!(map_values["values"]["victory points"].is_i64());
    assert!(map_values["values"]["weight"].is_f64());
    assert!(map_values["values"]["secret door"].is_boolean());
    assert!(map_values["values"]["portal"].is_array());
    let json_format = crate::format::by_name("json").unwrap();
    let back = json_format
        .read(crate::format::ReadJob::new(
            json.as_bytes(),
            "m.json",
            &crate::NoResources,
        ))
        .unwrap()
        .map;
    assert_eq!(back.custom(), map.custom());
    assert_eq!(crate::format::to_json(&back), json);
}
