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
