use super::*;
use crate::testing::TestMap;
use crate::{CustomEdit, Document, Edit, HexMap};
use hexmap_hex::OffsetKind;

fn map() -> HexMap {
    TestMap::rectangle(OffsetKind::OddR, 3, 3)
        .named("t")
        .hex_size(10.0)
        .properties(|p| p.labels = Default::default())
        .build()
}

fn side() -> PropType {
    PropType {
        name: "side".into(),
        kind: PropKind::Enum(vec!["Blue".into(), "Red".into()]),
        default: PropValue::Enum("Blue".into()),
        gm_only: false,
    }
}

#[test]
fn values_are_checked_against_their_type_and_name_object_and_property() {
    let mut doc = Document::new(map());
    doc.apply(&Edit::Custom(CustomEdit::SetTypes(vec![side()])))
        .unwrap();
    let h = Hex::new(1, 0);
    let err = doc
        .apply(&Edit::Custom(CustomEdit::Set {
            owners: vec![PropOwner::Cell(h)],
            name: "side".into(),
            value: Some(PropValue::Enum("Green".into())),
        }))
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "cell (q 1, r 0), property \"side\": \"Green\" is not one of Blue, Red"
    );
    let err = doc
        .apply(&Edit::Custom(CustomEdit::Set {
            owners: vec![PropOwner::Map],
            name: "victory points".into(),
            value: Some(PropValue::Int(3)),
        }))
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "the map: property \"victory points\" is not declared (declare its type first)"
    );
    let off = Hex::new(40, 40);
    let err = doc
        .apply(&Edit::Custom(CustomEdit::Set {
            owners: vec![PropOwner::Cell(off)],
            name: "side".into(),
            value: Some(PropValue::Enum("Red".into())),
        }))
        .unwrap_err()
        .to_string();
    assert_eq!(err, "cell (q 40, r 40): the map has no such object");
}

#[test]
fn many_cells_set_in_one_undo_step() {
    let mut doc = Document::new(map());
    doc.apply(&Edit::Custom(CustomEdit::SetTypes(vec![side()])))
        .unwrap();
    let cells: Vec<_> = doc
        .map()
        .shape()
        .iter()
        .take(4)
        .map(PropOwner::Cell)
        .collect();
    doc.apply(&Edit::Custom(CustomEdit::Set {
        owners: cells.clone(),
        name: "side".into(),
        value: Some(PropValue::Enum("Red".into())),
    }))
    .unwrap();
    for c in &cells {
        assert_eq!(
            doc.map().custom().value(*c, "side"),
            Some(&PropValue::Enum("Red".into()))
        );
    }
    doc.undo();
    for c in &cells {
        assert_eq!(
            doc.map().custom().value(*c, "side"),
            Some(&PropValue::Enum("Blue".into())),
            "one undo takes every cell back to the default"
        );
    }
    doc.redo();
    assert_eq!(doc.map().custom().owner_count(), 4);
}

#[test]
fn retyping_refuses_values_that_no_longer_fit() {
    let mut doc = Document::new(map());
    doc.apply(&Edit::Custom(CustomEdit::SetTypes(vec![side()])))
        .unwrap();
    doc.apply(&Edit::Custom(CustomEdit::Set {
        owners: vec![PropOwner::Map],
        name: "side".into(),
        value: Some(PropValue::Enum("Red".into())),
    }))
    .unwrap();
    let mut t = side();
    t.kind = PropKind::Enum(vec!["Blue".into(), "Green".into()]);
    let err = doc
        .apply(&Edit::Custom(CustomEdit::SetTypes(vec![t])))
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "the map, property \"side\": \"Red\" is not one of Blue, Green"
    );
    // Dropping the type drops its values.
    doc.apply(&Edit::Custom(CustomEdit::SetTypes(vec![])))
        .unwrap();
    assert!(doc.map().custom().is_empty());
}

#[test]
fn types_are_checked() {
    let mut t = side();
    t.default = PropValue::Int(1);
    assert_eq!(
        validate_type(&t).unwrap_err().to_string(),
        "property \"side\": its default int 1 is not a value of kind enum"
    );
    let mut t = side();
    t.kind = PropKind::Enum(vec![]);
    assert!(validate_type(&t).is_err());
    let dup = CustomProps::build(vec![side(), side()], BTreeMap::new()).unwrap_err();
    assert_eq!(dup.to_string(), "property \"side\" is declared twice");
}

#[test]
fn a_stroke_of_property_edits_is_one_undo_step_and_redoes_whole() {
    let mut doc = Document::new(map());
    doc.apply(&Edit::Custom(CustomEdit::SetTypes(vec![side()])))
        .unwrap();
    let cells: Vec<_> = doc.map().shape().iter().take(3).collect();
    let red = PropValue::Enum("Red".into());
    let blue = PropValue::Enum("Blue".into());
    doc.begin_stroke();
    for c in &cells {
        doc.apply(&Edit::Custom(CustomEdit::Set {
            owners: vec![PropOwner::Cell(*c)],
            name: "side".into(),
            value: Some(red.clone()),
        }))
        .unwrap();
    }
    doc.end_stroke();
    let side = |doc: &Document, c: Hex| {
        doc.map()
            .custom()
            .value(PropOwner::Cell(c), "side")
            .cloned()
    };
    doc.undo();
    for c in &cells {
        assert_eq!(
            side(&doc, *c),
            Some(blue.clone()),
            "one undo takes the stroke back"
        );
    }
    assert_eq!(
        doc.map().custom().types().len(),
        1,
        "the type declared before the stroke stays"
    );
    doc.redo();
    for c in &cells {
        assert_eq!(
            side(&doc, *c),
            Some(red.clone()),
            "one redo puts all of it back"
        );
    }
}

/// A property every kind of object may carry.
fn loot() -> PropType {
    PropType {
        name: "loot".into(),
        kind: PropKind::Int,
        default: PropValue::Int(0),
        gm_only: false,
    }
}

/// Set `loot = n` on `owner` through the edit path.
fn set_loot(doc: &mut Document, owner: PropOwner, n: i64) {
    doc.apply(&Edit::Custom(CustomEdit::Set {
        owners: vec![owner],
        name: "loot".into(),
        value: Some(PropValue::Int(n)),
    }))
    .unwrap();
}

fn loot_of(doc: &Document, owner: PropOwner) -> Option<PropValue> {
    doc.map().custom().value(owner, "loot").cloned()
}

#[test]
fn a_deleted_icon_or_label_takes_its_values_and_a_reused_id_starts_afresh() {
    use crate::{AnnotationEdit, BuiltinIcon, Icon, Label};
    let mut doc = Document::new(map());
    doc.apply(&Edit::Custom(CustomEdit::SetTypes(vec![loot()])))
        .unwrap();
    let h = Hex::new(1, 1);
    let icon = Icon::builtin(BuiltinIcon::Castle);
    doc.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
        hex: h,
        icon: icon.clone(),
    }))
    .unwrap();
    let id = doc.map().icons().at(h)[0].id;
    set_loot(&mut doc, PropOwner::Icon(id), 7);
    let label = doc.map().labels().next_id();
    doc.apply(&Edit::Annotation(AnnotationEdit::AddLabel {
        id: label,
        label: Label::new("Hoard", hexmap_hex::Point::new(1.0, 1.0)),
    }))
    .unwrap();
    set_loot(&mut doc, PropOwner::Label(label), 9);

    doc.apply(&Edit::Annotation(AnnotationEdit::RemoveIcon {
        hex: h,
        index: 0,
    }))
    .unwrap();
    doc.apply(&Edit::Annotation(AnnotationEdit::RemoveLabel(label)))
        .unwrap();
    assert_eq!(doc.map().custom().values_of(PropOwner::Icon(id)), None);
    assert_eq!(doc.map().custom().values_of(PropOwner::Label(label)), None);
    // New objects get the same ids and only their defaults.
    doc.apply(&Edit::Annotation(AnnotationEdit::AddIcon { hex: h, icon }))
        .unwrap();
    assert_eq!(doc.map().icons().at(h)[0].id, id, "the id is reused");
    assert_eq!(loot_of(&doc, PropOwner::Icon(id)), Some(PropValue::Int(0)));
    doc.apply(&Edit::Annotation(AnnotationEdit::AddLabel {
        id: label,
        label: Label::new("Empty", hexmap_hex::Point::new(2.0, 1.0)),
    }))
    .unwrap();
    assert_eq!(
        loot_of(&doc, PropOwner::Label(label)),
        Some(PropValue::Int(0))
    );
    // Undo the two additions, then the two removals: the old objects with their values.
    for _ in 0..4 {
        doc.undo();
    }
    assert_eq!(loot_of(&doc, PropOwner::Icon(id)), Some(PropValue::Int(7)));
    assert_eq!(
        loot_of(&doc, PropOwner::Label(label)),
        Some(PropValue::Int(9))
    );
    assert_eq!(doc.map().label(label).unwrap().text, "Hoard");
    // Redo the removal of the icon: its values go again.
    doc.redo();
    assert!(doc.map().icons().at(h).is_empty());
    assert_eq!(doc.map().custom().values_of(PropOwner::Icon(id)), None);
    assert_eq!(
        loot_of(&doc, PropOwner::Label(label)),
        Some(PropValue::Int(9))
    );
}

#[test]
fn a_deleted_region_or_palette_entry_takes_its_values_and_undo_brings_them_back() {
    use crate::{Region, RegionEdit, RegionKind, RegionLook, Rgb};
    let mut doc = Document::new(map());
    doc.apply(&Edit::Custom(CustomEdit::SetTypes(vec![loot()])))
        .unwrap();
    doc.apply(&Edit::Region(RegionEdit::AddKind(RegionKind {
        name: "realm".into(),
        exclusive: false,
    })))
    .unwrap();
    let id = doc.map().regions().next_id();
    doc.apply(&Edit::Region(RegionEdit::Add(Region {
        id,
        look: RegionLook::new("Vault", "realm", Rgb([1, 2, 3])),
        hexes: [Hex::new(0, 0)].into_iter().collect(),
    })))
    .unwrap();
    set_loot(&mut doc, PropOwner::Region(id), 5);
    // The last terrain of the palette and the last edge type, unused by any cell.
    let terrains = doc.map().palette().terrains().to_vec();
    let last = terrains.last().unwrap().id;
    set_loot(&mut doc, PropOwner::Terrain(last), 3);
    let edges = doc.map().edge_palette().types().to_vec();
    let last_edge = edges.last().unwrap().id;
    set_loot(&mut doc, PropOwner::EdgeType(last_edge), 4);
    // A cell's value stays through all of it.
    set_loot(&mut doc, PropOwner::Cell(Hex::new(0, 0)), 1);

    doc.apply(&Edit::Region(RegionEdit::Delete(id))).unwrap();
    let fewer = crate::Palette::new(terrains[..terrains.len() - 1].to_vec()).unwrap();
    doc.apply(&Edit::Map(crate::MapEdit::SetPalette(fewer)))
        .unwrap();
    let fewer_edges = crate::EdgePalette::new(edges[..edges.len() - 1].to_vec()).unwrap();
    doc.apply(&Edit::Feature(crate::FeatureEdit::SetEdgePalette(
        fewer_edges,
    )))
    .unwrap();
    let custom = doc.map().custom();
    assert_eq!(custom.values_of(PropOwner::Region(id)), None);
    assert_eq!(custom.values_of(PropOwner::Terrain(last)), None);
    assert_eq!(custom.values_of(PropOwner::EdgeType(last_edge)), None);
    assert_eq!(custom.owner_count(), 1, "only the cell's value is left");
    // The same ids again: defaults only.
    doc.apply(&Edit::Map(crate::MapEdit::SetPalette(
        crate::Palette::new(terrains.clone()).unwrap(),
    )))
    .unwrap();
    assert_eq!(
        loot_of(&doc, PropOwner::Terrain(last)),
        Some(PropValue::Int(0))
    );
    doc.undo();
    for (undo, owner, value) in [
        (1, PropOwner::EdgeType(last_edge), 4),
        (1, PropOwner::Terrain(last), 3),
        (1, PropOwner::Region(id), 5),
    ] {
        for _ in 0..undo {
            doc.undo();
        }
        assert_eq!(loot_of(&doc, owner), Some(PropValue::Int(value)), "{owner}");
    }
    assert_eq!(doc.map().regions().get(id).unwrap().look.name, "Vault");
    assert_eq!(
        loot_of(&doc, PropOwner::Cell(Hex::new(0, 0))),
        Some(PropValue::Int(1))
    );
}
