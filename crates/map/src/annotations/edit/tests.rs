//! Unit tests of the icon and label edits: results, errors, and exact undo through
//! [`crate::Document`].

use crate::annotations::{IconError, LabelError};
use crate::{
    AnnotationEdit, BuiltinIcon, Document, Edit, EditError, Icon, IconId, Label, LabelId, MapEdit,
    MapError, MapShape, PlacedIcon,
};
use hexmap_hex::{Hex, Orientation, Point};

fn doc() -> Document {
    Document::new(crate::testing::hexagon_map(3, Orientation::Flat))
}

fn icon(kind: BuiltinIcon) -> Icon {
    Icon::builtin(kind)
}

/// Apply `edits`, then undo them all and check the map is back where it began, then
/// redo them all and check it matches the state after the edits.
fn undo_redo_exactly(d: &mut Document, edits: &[Edit]) {
    let before = d.map().clone();
    for e in edits {
        d.apply(e).unwrap();
    }
    let after = d.map().clone();
    for _ in edits {
        d.undo().unwrap();
    }
    assert_eq!(d.map(), &before);
    for _ in edits {
        d.redo().unwrap();
    }
    assert_eq!(d.map(), &after);
}

#[test]
fn icons_are_added_in_order_changed_moved_and_removed() {
    let mut d = doc();
    let h = Hex::new(1, -1);
    let other = Hex::new(-2, 1);
    let c = d
        .apply(&Edit::Annotation(AnnotationEdit::AddIcon {
            hex: h,
            icon: icon(BuiltinIcon::Town),
        }))
        .unwrap();
    assert_eq!(c.hexes, [h]);
    assert!(!c.whole_map);
    d.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
        hex: h,
        icon: icon(BuiltinIcon::Port),
    }))
    .unwrap();
    let kinds = |d: &Document, at: Hex| -> Vec<Icon> {
        d.map()
            .icons_at(at)
            .iter()
            .map(|p| p.icon.clone())
            .collect()
    };
    assert_eq!(
        kinds(&d, h),
        [icon(BuiltinIcon::Town), icon(BuiltinIcon::Port)]
    );
    let mut captioned = icon(BuiltinIcon::City);
    captioned.caption = Some("Highmoor".into());
    d.apply(&Edit::Annotation(AnnotationEdit::ChangeIcon {
        hex: h,
        index: 0,
        icon: captioned.clone(),
    }))
    .unwrap();
    let c = d
        .apply(&Edit::Annotation(AnnotationEdit::MoveIcon {
            from: h,
            index: 1,
            to: other,
        }))
        .unwrap();
    assert_eq!(c.hexes.len(), 2);
    assert_eq!(kinds(&d, h), [captioned]);
    assert_eq!(kinds(&d, other), [icon(BuiltinIcon::Port)]);
    d.apply(&Edit::Annotation(AnnotationEdit::RemoveIcon {
        hex: h,
        index: 0,
    }))
    .unwrap();
    assert!(d.map().icons_at(h).is_empty());
    assert_eq!(d.map().icons().hex_count(), 1);
}

#[test]
fn icon_edits_undo_and_redo_exactly() {
    let mut d = doc();
    let h = Hex::new(0, 0);
    undo_redo_exactly(
        &mut d,
        &[
            Edit::Annotation(AnnotationEdit::AddIcon {
                hex: h,
                icon: icon(BuiltinIcon::Castle),
            }),
            Edit::Annotation(AnnotationEdit::AddIcon {
                hex: h,
                icon: icon(BuiltinIcon::Star),
            }),
            Edit::Annotation(AnnotationEdit::MoveIcon {
                from: h,
                index: 0,
                to: Hex::new(1, 0),
            }),
            Edit::Annotation(AnnotationEdit::ChangeIcon {
                hex: h,
                index: 0,
                icon: icon(BuiltinIcon::Ruin),
            }),
            Edit::Annotation(AnnotationEdit::RemoveIcon {
                hex: Hex::new(1, 0),
                index: 0,
            }),
        ],
    );
}

#[test]
fn one_stroke_of_icon_edits_keeps_the_first_old_list() {
    let mut d = doc();
    let h = Hex::new(0, 1);
    d.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
        hex: h,
        icon: icon(BuiltinIcon::Cave),
    }))
    .unwrap();
    let before = d.map().clone();
    d.begin_stroke();
    for kind in [BuiltinIcon::Mine, BuiltinIcon::Tower] {
        d.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
            hex: h,
            icon: icon(kind),
        }))
        .unwrap();
    }
    d.end_stroke();
    assert_eq!(d.map().icons_at(h).len(), 3);
    d.undo().unwrap();
    assert_eq!(d.map(), &before);
}

#[test]
fn bad_icon_edits_are_refused_and_change_nothing() {
    let mut d = doc();
    let before = d.map().clone();
    let outside = Hex::new(9, 0);
    assert_eq!(
        d.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
            hex: outside,
            icon: icon(BuiltinIcon::Town),
        })),
        Err(EditError::Map(MapError::OutsideShape(outside)))
    );
    let mut huge = icon(BuiltinIcon::Town);
    huge.scale = f32::NAN;
    assert!(matches!(
        d.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
            hex: Hex::ORIGIN,
            icon: huge,
        })),
        Err(EditError::Map(MapError::BadIcon {
            error: IconError::BadScale(_),
            ..
        }))
    ));
    assert_eq!(
        d.apply(&Edit::Annotation(AnnotationEdit::RemoveIcon {
            hex: Hex::ORIGIN,
            index: 0
        })),
        Err(EditError::Map(MapError::NoSuchIcon {
            hex: Hex::ORIGIN,
            index: 0,
            len: 0
        }))
    );
    for _ in 0..crate::annotations::MAX_ICONS_PER_HEX {
        d.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
            hex: Hex::new(1, 0),
            icon: icon(BuiltinIcon::Star),
        }))
        .unwrap();
    }
    let full = d.map().clone();
    assert!(matches!(
        d.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
            hex: Hex::new(1, 0),
            icon: icon(BuiltinIcon::Star),
        })),
        Err(EditError::Map(MapError::BadIcon {
            error: IconError::TooMany(_),
            ..
        }))
    ));
    assert_eq!(d.map(), &full);
    for _ in 0..crate::annotations::MAX_ICONS_PER_HEX {
        d.undo().unwrap();
    }
    assert_eq!(d.map(), &before);
}

#[test]
fn labels_are_added_moved_edited_and_removed_with_exact_undo() {
    let mut d = doc();
    let id = d.map().labels().next_id();
    let name = Label::new("The Fens", Point::new(12.0, -30.0));
    let c = d
        .apply(&Edit::Annotation(AnnotationEdit::AddLabel {
            id,
            label: name.clone(),
        }))
        .unwrap();
    assert!(
        c.labels && !c.whole_map && c.hexes.is_empty(),
        "labels are drawn apart from the cells: a label edit redraws no cell"
    );
    let mut bigger = name.clone();
    bigger.size = 3.0;
    bigger.rotation = -20.0;
    bigger.italic = true;
    undo_redo_exactly(
        &mut d,
        &[
            Edit::Annotation(AnnotationEdit::MoveLabel {
                id,
                to: Point::new(-5.0, 5.0),
            }),
            Edit::Annotation(AnnotationEdit::EditLabel {
                id,
                label: bigger.clone(),
            }),
            Edit::Annotation(AnnotationEdit::AddLabel {
                id: LabelId(7),
                label: Label::new("Sea of Reeds", Point::new(0.0, 0.0)),
            }),
            Edit::Annotation(AnnotationEdit::RemoveLabel(id)),
        ],
    );
    assert!(d.map().label(id).is_none());
    assert_eq!(d.map().labels().next_id(), LabelId(8));
    d.undo().unwrap();
    assert_eq!(d.map().label(id), Some(&bigger));
}

#[test]
fn bad_label_edits_are_refused_and_change_nothing() {
    let mut d = doc();
    let id = LabelId(0);
    d.apply(&Edit::Annotation(AnnotationEdit::AddLabel {
        id,
        label: Label::new("A", Point::new(0.0, 0.0)),
    }))
    .unwrap();
    let before = d.map().clone();
    let refused = |e: Result<_, EditError>| match e {
        Err(EditError::Map(MapError::BadLabel { error, .. })) => error,
        other => panic!("expected a label error, got {other:?}"),
    };
    assert_eq!(
        refused(d.apply(&Edit::Annotation(AnnotationEdit::AddLabel {
            id,
            label: Label::new("B", Point::new(0.0, 0.0)),
        }))),
        LabelError::IdInUse(id)
    );
    assert!(matches!(
        refused(d.apply(&Edit::Annotation(AnnotationEdit::MoveLabel {
            id,
            to: Point::new(f64::NAN, 0.0),
        }))),
        LabelError::BadPosition(..)
    ));
    assert_eq!(
        refused(d.apply(&Edit::Annotation(AnnotationEdit::RemoveLabel(LabelId(3))))),
        LabelError::Unknown(LabelId(3))
    );
    assert_eq!(
        refused(d.apply(&Edit::Annotation(AnnotationEdit::EditLabel {
            id,
            label: Label::new("x".repeat(201), Point::new(0.0, 0.0)),
        }))),
        LabelError::TextTooLong(201)
    );
    assert_eq!(d.map(), &before);
}

#[test]
fn reshape_keeps_icons_on_kept_cells_and_every_label() {
    let mut d = doc();
    d.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
        hex: Hex::ORIGIN,
        icon: icon(BuiltinIcon::Temple),
    }))
    .unwrap();
    d.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
        hex: Hex::new(3, 0),
        icon: icon(BuiltinIcon::Lighthouse),
    }))
    .unwrap();
    d.apply(&Edit::Annotation(AnnotationEdit::AddLabel {
        id: LabelId(0),
        label: Label::new("Far away", Point::new(900.0, 900.0)),
    }))
    .unwrap();
    let before = d.map().clone();
    d.apply(&Edit::Map(MapEdit::Reshape(MapShape::hexagon(1).unwrap())))
        .unwrap();
    assert_eq!(d.map().icons().hex_count(), 1);
    assert_eq!(
        d.map().icons_at(Hex::ORIGIN)[0].icon,
        icon(BuiltinIcon::Temple)
    );
    assert_eq!(d.map().icons_at(Hex::ORIGIN).len(), 1);
    assert_eq!(d.map().labels().len(), 1);
    d.undo().unwrap();
    assert_eq!(d.map(), &before);
}

#[test]
fn icons_keep_their_ids_through_change_move_undo_and_redo() {
    let mut d = doc();
    let (a, b) = (Hex::ORIGIN, Hex::new(2, -1));
    let ids = |d: &Document, at: Hex| -> Vec<IconId> {
        d.map().icons_at(at).iter().map(|p| p.id).collect()
    };
    for (hex, kind) in [
        (a, BuiltinIcon::Town),
        (a, BuiltinIcon::Port),
        (b, BuiltinIcon::Cave),
    ] {
        d.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
            hex,
            icon: icon(kind),
        }))
        .unwrap();
    }
    assert_eq!(ids(&d, a), [IconId(0), IconId(1)]);
    assert_eq!(ids(&d, b), [IconId(2)]);
    d.apply(&Edit::Annotation(AnnotationEdit::ChangeIcon {
        hex: a,
        index: 1,
        icon: icon(BuiltinIcon::Lighthouse),
    }))
    .unwrap();
    assert_eq!(ids(&d, a), [IconId(0), IconId(1)]);
    d.apply(&Edit::Annotation(AnnotationEdit::MoveIcon {
        from: a,
        index: 0,
        to: b,
    }))
    .unwrap();
    assert_eq!(ids(&d, a), [IconId(1)]);
    assert_eq!(ids(&d, b), [IconId(2), IconId(0)]);
    let (hex, town) = d.map().icon(IconId(0)).unwrap();
    assert_eq!(
        (hex, town.icon.source.clone()),
        (b, icon(BuiltinIcon::Town).source)
    );
    d.undo().unwrap();
    assert_eq!(ids(&d, a), [IconId(0), IconId(1)]);
    assert_eq!(d.map().icon(IconId(0)).map(|(h, _)| h), Some(a));
    d.redo().unwrap();
    assert_eq!(d.map().icon(IconId(0)).map(|(h, _)| h), Some(b));
    d.apply(&Edit::Annotation(AnnotationEdit::RemoveIcon {
        hex: a,
        index: 0,
    }))
    .unwrap();
    d.apply(&Edit::Annotation(AnnotationEdit::AddIcon {
        hex: a,
        icon: icon(BuiltinIcon::Star),
    }))
    .unwrap();
    assert_eq!(
        ids(&d, a),
        [IconId(3)],
        "a new icon takes the next number after the highest"
    );
}

#[test]
fn an_icon_id_used_on_another_hex_is_refused() {
    let mut map = doc().map().clone();
    let placed = |id| PlacedIcon {
        id: IconId(id),
        icon: icon(BuiltinIcon::Ruin),
    };
    map.set_placed_icons(Hex::ORIGIN, vec![placed(4)]).unwrap();
    let other = Hex::new(1, 0);
    let err = map.set_placed_icons(other, vec![placed(4)]).unwrap_err();
    assert_eq!(err.to_string(), "icon: icon id 4 is already in use");
    assert_eq!(crate::HexError::hex(&err), Some(other));
    let err = map
        .set_placed_icons(other, vec![placed(7), placed(7)])
        .unwrap_err();
    assert!(
        err.to_string().ends_with("icon id 7 is already in use"),
        "{err}"
    );
    assert!(map.icons_at(other).is_empty());
}
