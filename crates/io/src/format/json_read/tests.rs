//! Unit tests of the JSON export's reader (`json_read`): an export reads back to the same
//! map, version 1 reads with its cells as the shape, and bad files are refused by JSON path.

use super::*;
use crate::format::to_json;
use hexmap_hex::Direction;
use hexmap_map::{Icon, Label, LabelId, LineStyle, PathTypeId, Rgb};

/// A small map with something of every kind: terrain with art, an empty cell, a mine,
/// a note, an edge, a path, icons, a label, odd label settings, a changed edge type and
/// a legend.
fn full_map() -> HexMap {
    let mut m = hexmap_map::testing::TestMap::hexagon(2, Orientation::Flat)
        .named("full")
        .hex_size_xy(20.0, 17.5)
        .properties(|props| {
            props.labels.base = 0;
            props.labels.digits = 3;
        })
        .tile_art(2, &["art/f.png"], true)
        .build();
    let forest = m.palette().terrains()[2].id;
    m.set_terrain(Hex::new(1, -1), Some(forest)).unwrap();
    m.set_mine(Hex::new(0, 1), true).unwrap();
    m.set_note(Hex::ORIGIN, Some("inn\nand well".into()))
        .unwrap();
    let mut edges = EdgePalette::standard().types().to_vec();
    edges[0].width = 0.3;
    edges[0].style = LineStyle::Double;
    m.set_edge_palette(EdgePalette::new(edges).unwrap());
    let e = Edge::new(Hex::new(1, 0), Direction::FLAT_NW);
    m.set_edge(e, hexmap_map::EdgeTypeId::new(1)).unwrap();
    m.insert_path(MapPath {
        gm_only: false,
        id: PathId(4),
        kind: PathTypeId::new(2).unwrap(),
        hexes: vec![Hex::new(-1, 0), Hex::ORIGIN, Hex::new(1, 0)],
    })
    .unwrap();
    let mut icon = Icon::builtin(hexmap_map::BuiltinIcon::Castle);
    icon.caption = Some("Keep".into());
    icon.color = Some(Rgb([9, 8, 7]));
    m.set_icons(
        Hex::new(0, -1),
        vec![icon, Icon::builtin(hexmap_map::BuiltinIcon::Star)],
    )
    .unwrap();
    let mut label = Label::new("Vale", Point::new(3.25, -7.5));
    label.rotation = -12.5;
    m.add_label(LabelId(9), label).unwrap();
    m.set_view(ViewSettings {
        legend: Some(Corner::TopLeft),
        note_captions: true,
    });
    m
}

fn read(text: &str) -> Result<HexMap, String> {
    read_json(text.as_bytes(), "m.json")
        .map(|i| i.map)
        .map_err(|e| e.to_string())
}

/// The export of `map` with `edit` applied to its JSON value.
fn edited(map: &HexMap, edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(&to_json(map)).unwrap();
    edit(&mut v);
    v.to_string()
}

#[test]
fn an_export_reads_back_to_the_same_map() {
    let map = full_map();
    let back = read(&to_json(&map)).unwrap();
    assert_eq!(back.properties(), map.properties());
    assert_eq!(back.shape(), map.shape());
    assert_eq!(back.view(), map.view());
    assert!(back == map, "the whole map");
    assert_eq!(to_json(&back), to_json(&map));
}

/// Rewrite a version 3 export's cells and icons in the keys of versions 1–2: `q`, `r`, `s`,
/// `col`, `row` for cells, `q`, `r` and no id for icons.
fn as_version_2(v: &mut Value) {
    v["version"] = 2.into();
    for cell in v["cells"].as_array_mut().unwrap() {
        let o = cell.as_object_mut().unwrap();
        let hex = o.remove("hex").unwrap();
        let offset = o.remove("offset").unwrap();
        let (q, r) = (hex[0].as_i64().unwrap(), hex[1].as_i64().unwrap());
        o.insert("q".into(), q.into());
        o.insert("r".into(), r.into());
        o.insert("s".into(), (-q - r).into());
        o.insert("col".into(), offset[0].clone());
        o.insert("row".into(), offset[1].clone());
    }
    for icon in v["icons"].as_array_mut().unwrap() {
        let o = icon.as_object_mut().unwrap();
        let hex = o.remove("hex").unwrap();
        o.remove("id").unwrap();
        o.insert("q".into(), hex[0].clone());
        o.insert("r".into(), hex[1].clone());
    }
}

#[test]
fn version_2_reads_with_icons_numbered_in_listed_order() {
    let map = full_map();
    let back = read(&edited(&map, as_version_2)).unwrap();
    assert!(
        back == map,
        "the whole map, icon ids 0 and 1 in listed order"
    );
    // An icon id listed twice is refused, naming the icon.
    let twice = edited(&map, |v| v["icons"][1]["id"] = 0.into());
    let e = read(&twice).unwrap_err();
    assert!(e.contains("icon id 0 is already in use"), "{e}");
}

#[test]
fn version_1_reads_with_the_listed_cells_as_its_shape() {
    let map = full_map();
    let v1 = edited(&map, |v| {
        as_version_2(v);
        let o = v.as_object_mut().unwrap();
        o.insert("version".into(), 1.into());
        for key in ["shape", "bounds", "label_settings", "layout", "view"] {
            o.remove(key);
        }
        for list in ["edge_types", "path_types"] {
            for t in o[list].as_array_mut().unwrap() {
                t.as_object_mut().unwrap().remove("width");
                t.as_object_mut().unwrap().remove("style");
            }
        }
    });
    let back = read(&v1).unwrap();
    assert!(matches!(back.shape(), MapShape::Cells(_)));
    assert!(back.shape().iter().eq(map.shape().iter()), "the same cells");
    assert_eq!(back.view(), ViewSettings::default());
    assert_eq!(
        back.edge_palette(),
        &EdgePalette::standard(),
        "strokes of the standard"
    );
    assert_eq!(back.labels(), map.labels());
    assert_eq!(back.paths(), map.paths());
    for h in map.shape().iter() {
        assert_eq!(back.terrain(h), map.terrain(h));
        assert_eq!(back.note(h), map.note(h));
        assert_eq!(back.is_mine(h), map.is_mine(h));
    }
}

/// A change to an export's JSON value.
type Edit = Box<dyn FnOnce(&mut Value)>;

#[test]
fn bad_files_are_refused_naming_the_json_path() {
    let map = full_map();
    let cases: Vec<(Edit, &str)> = vec![
        (
            Box::new(|v| v["cells"][3]["terrain"] = "x".into()),
            "m.json: cells[3].terrain: expected an integer from 0 to 65535, got \"x\"",
        ),
        (
            Box::new(|v| v["cells"][3]["terrain"] = 99.into()),
            "m.json: cells[3].terrain: no terrain 99 in the palette",
        ),
        (
            Box::new(|v| v["edges"][0]["b"] = serde_json::json!([2, 0])),
            "m.json: edges[0]: [0, 0] and [2, 0] are not neighbours",
        ),
        (
            Box::new(|v| v["shape"]["radius"] = 100_000.into()),
            "m.json: shape: radius 100000 is over the limit",
        ),
        (
            Box::new(|v| v["cells"].as_array_mut().unwrap().truncate(3)),
            "m.json: cells: (",
        ),
        (
            Box::new(|v| v["cells"][1]["hex"][0] = 40.into()),
            "m.json: cells[1]: (40, -2) is not a cell of the map's shape",
        ),
        (
            Box::new(|v| v["palette"][0]["symbol"] = "ab".into()),
            "m.json: palette[0].symbol: expected exactly one character",
        ),
        (
            Box::new(|v| {
                v["version"] = 5.into();
                v["cells"][0] = "a cell of version 5".into();
            }),
            "m.json: version: version 5 is not one this hexmap reads (1 to 4)",
        ),
        (
            Box::new(|v| v["cells"][0]["extra"] = vec![0; 5000].into()),
            "m.json: cells[0]: too large (over 4096 JSON values), refused unread",
        ),
        (
            Box::new(|v| v["name"] = vec![0; 100].into()),
            "m.json: name: too large (over 64 JSON values), refused unread",
        ),
        (
            Box::new(|v| v["format"] = "hexmap".into()),
            "m.json: format: expected \"hexmap-cells\", got \"hexmap\"",
        ),
        (
            Box::new(|v| v["label_settings"]["digits"] = 9.into()),
            "m.json: label_settings.digits: must be 1 to 4, got 9",
        ),
        (
            Box::new(|v| {
                v.as_object_mut().unwrap().remove("palette");
            }),
            "m.json: palette: missing",
        ),
        (
            Box::new(|v| v["paths"] = 5.into()),
            "m.json: invalid type: integer `5`, expected paths: an array",
        ),
    ];
    for (edit, start) in cases {
        let e = read(&edited(&map, edit)).unwrap_err();
        assert!(e.starts_with(start), "{e}\n expected {start}");
    }
    let e = read("{\"format\": \"hexmap-cells\", ").unwrap_err();
    assert!(e.starts_with("m.json: not valid JSON: "), "{e}");
    // Nesting deeper than the parser allows is an error, not a stack overflow.
    let deep = format!(
        "{{\"format\": \"hexmap-cells\", \"version\": 2, \"cells\": [{}{}]}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let e = read(&deep).unwrap_err();
    assert!(
        e.starts_with("m.json: not valid JSON: recursion limit"),
        "{e}"
    );
    let e = read("[1, 2]").unwrap_err();
    assert!(
        e.contains("expected a JSON object (hexmap's JSON export)"),
        "{e}"
    );
}

#[test]
fn elevation_is_on_every_cell_when_the_map_has_it_and_reads_back() {
    let mut map = full_map();
    assert!(!to_json(&map).contains("\"elevation\""));
    map.set_elevation(Hex::new(1, -1), 840).unwrap();
    map.set_elevation(Hex::new(0, 1), -25).unwrap();
    let v: Value = serde_json::from_str(&to_json(&map)).unwrap();
    let cells = v["cells"].as_array().unwrap();
    assert!(cells.iter().all(|c| c["elevation"].is_i64()));
    let at = |q: i64, r: i64| {
        cells
            .iter()
            .find(|c| c["hex"] == serde_json::json!([q, r]))
            .map(|c| c["elevation"].as_i64().unwrap())
    };
    assert_eq!(
        (at(1, -1), at(0, 1), at(0, 0)),
        (Some(840), Some(-25), Some(0))
    );
    let back = read(&to_json(&map)).unwrap();
    assert!(back == map);
    let partial = edited(&map, |v| {
        v["cells"][3].as_object_mut().unwrap().remove("elevation");
    });
    let e = read(&partial).unwrap_err();
    assert!(e.contains("cells[3]") && e.contains("elevation"), "{e}");
    let high = edited(&map, |v| v["cells"][0]["elevation"] = 40000.into());
    let e = read(&high).unwrap_err();
    assert!(e.contains("elevation") && e.contains("32767"), "{e}");
}

#[test]
fn climate_is_on_every_cell_when_the_map_has_it_and_reads_back() {
    let mut map = full_map();
    let json = to_json(&map);
    assert!(!json.contains("\"temperature\"") && !json.contains("\"moisture\""));
    let n = map.cell_count() as i16;
    map.set_climate(hexmap_map::Climate {
        temperature: Some(hexmap_map::ClimateLayer::from_values(
            (0..n).map(|i| 12 - i).collect(),
        )),
        moisture: Some(hexmap_map::ClimateLayer::from_values(
            (0..n).map(|i| i * 9 % 101).collect(),
        )),
    })
    .unwrap();
    let v: Value = serde_json::from_str(&to_json(&map)).unwrap();
    let cells = v["cells"].as_array().unwrap();
    for (i, c) in cells.iter().enumerate() {
        let h = Hex::new(
            c["hex"][0].as_i64().unwrap() as i32,
            c["hex"][1].as_i64().unwrap() as i32,
        );
        let index = map.shape().index_of(h).unwrap() as i64;
        assert_eq!(c["temperature"].as_i64(), Some(12 - index), "cell {i}");
        assert_eq!(c["moisture"].as_i64(), Some(index * 9 % 101), "cell {i}");
    }
    let back = read(&to_json(&map)).unwrap();
    assert_eq!(back.climate(), map.climate());
    let partial = edited(&map, |v| {
        v["cells"][2].as_object_mut().unwrap().remove("moisture");
    });
    let e = read(&partial).unwrap_err();
    assert!(e.contains("cells[2]") && e.contains("moisture"), "{e}");
    let wet = edited(&map, |v| v["cells"][0]["moisture"] = 300.into());
    let e = read(&wet).unwrap_err();
    assert!(e.contains("moisture 300 is outside 0 to 100 %"), "{e}");
}
