//! Unit tests of hit-testing icons and labels.

use super::*;
use hexmap_hex::Orientation;
use hexmap_map::BuiltinIcon;
use hexmap_map::testing::TestMap;

/// Pixels per world unit at which everything is drawn.
const NEAR: f64 = 4.0;

fn map() -> HexMap {
    TestMap::hexagon(6, Orientation::Flat)
        .named("hits")
        .hex_size(10.0)
        .build()
}

fn add_label(m: &mut HexMap, id: u32, label: Label) {
    let mut d = hexmap_map::Document::new(m.clone());
    d.apply(&hexmap_map::Edit::Annotation(
        hexmap_map::AnnotationEdit::AddLabel {
            id: LabelId(id),
            label,
        },
    ))
    .unwrap();
    *m = d.into_map();
}

#[test]
fn a_point_inside_a_rotated_label_hits_and_just_outside_misses() {
    let mut m = map();
    let layout = m.layout().unwrap();
    let mut label = Label::new("The Grey Marches", Point::new(0.0, 0.0));
    label.rotation = 30.0;
    label.halo = false;
    add_label(&mut m, 0, label.clone());
    let text = annotations::label_text(&label, &layout);
    let b = TextBox::of(&text);
    // Along the text's own axis, just inside and just outside its right end.
    let along = |x: f64, y: f64| super::super::text_box::to_world(&text, Point::new(x, y));
    let inside = along(b.max.x - 0.3, 0.0);
    let outside = along(b.max.x + 0.3, 0.0);
    assert_eq!(
        hit(&m, &layout, inside, NEAR),
        Some(AnnotationHit::Label(LabelId(0)))
    );
    assert_eq!(hit(&m, &layout, outside, NEAR), None);
    // The unrotated box would hold this point; the rotated one does not: the end of
    // the text has turned down, away from the horizontal.
    let unrotated_end = Point::new(b.max.x - 0.3, 0.0);
    assert_eq!(hit(&m, &layout, unrotated_end, NEAR), None);
    // Just above and below the text's middle, across its axis.
    assert!(hit(&m, &layout, along(0.0, b.min.y + 0.2), NEAR).is_some());
    assert_eq!(hit(&m, &layout, along(0.0, b.min.y - 0.2), NEAR), None);
}

#[test]
fn a_press_just_beside_a_turned_label_takes_it_and_one_farther_away_does_not() {
    let mut m = map();
    let layout = m.layout().unwrap();
    let mut label = Label::new("Morvaine's Demesne", Point::new(0.0, 0.0));
    label.rotation = -35.0;
    add_label(&mut m, 0, label.clone());
    let text = annotations::label_text(&label, &layout);
    let b = TextBox::of(&text);
    let along = |x: f64, y: f64| super::super::text_box::to_world(&text, Point::new(x, y));
    // 5 screen pixels above the middle of the top edge, across the turned text.
    let beside = along(0.0, b.min.y - 5.0 / NEAR);
    assert_eq!(
        hit(&m, &layout, beside, NEAR),
        None,
        "not on the text itself"
    );
    assert_eq!(
        hit_label_near(&m, &layout, beside, NEAR, 8.0),
        Some(LabelId(0))
    );
    // Past the end of the text, 6 pixels out along its axis: still the label.
    let past_end = along(b.max.x + 6.0 / NEAR, 0.0);
    assert_eq!(
        hit_label_near(&m, &layout, past_end, NEAR, 8.0),
        Some(LabelId(0))
    );
    // 20 pixels away: the empty map.
    let far = along(0.0, b.min.y - 20.0 / NEAR);
    assert_eq!(hit_label_near(&m, &layout, far, NEAR, 8.0), None);
    // On the text, the exact hit.
    assert_eq!(
        hit_label_near(&m, &layout, along(0.0, 0.0), NEAR, 8.0),
        Some(LabelId(0))
    );
}

#[test]
fn two_icons_on_one_hex_are_told_apart_and_a_caption_hits_its_icon() {
    let mut m = map();
    let layout = m.layout().unwrap();
    let h = Hex::new(1, 1);
    let mut port = Icon::builtin(BuiltinIcon::Port);
    port.caption = Some("Saltmouth".into());
    m.set_icons(h, vec![Icon::builtin(BuiltinIcon::Town), port])
        .unwrap();
    let a = icon_box(&m, &layout, h, 0).unwrap();
    let b = icon_box(&m, &layout, h, 1).unwrap();
    assert_ne!(a.centre, b.centre);
    assert_eq!(
        hit(&m, &layout, a.centre, NEAR),
        Some(AnnotationHit::Icon { hex: h, index: 0 })
    );
    assert_eq!(
        hit(&m, &layout, b.centre, NEAR),
        Some(AnnotationHit::Icon { hex: h, index: 1 })
    );
    // Just past the right side of the first box (and clear of the second) is nothing.
    let beside = Point::new(a.centre.x + a.half + 0.2, a.centre.y);
    assert!(!b.contains(beside));
    assert_eq!(hit(&m, &layout, beside, NEAR), None);
    // The caption under the second icon selects it.
    let under = Point::new(b.centre.x, b.centre.y + b.half * 0.95 + 1.0);
    assert!(!b.contains(under));
    assert_eq!(
        hit(&m, &layout, under, NEAR),
        Some(AnnotationHit::Icon { hex: h, index: 1 })
    );
    // Zoomed out until icons are hidden, nothing is hit.
    assert_eq!(hit(&m, &layout, a.centre, 0.1), None);
}

#[test]
fn the_topmost_is_chosen_labels_over_icons_later_labels_over_earlier() {
    let mut m = map();
    let layout = m.layout().unwrap();
    let h = Hex::new(0, 0);
    m.set_icons(h, vec![Icon::builtin(BuiltinIcon::Castle)])
        .unwrap();
    let centre = layout.hex_to_pixel(h);
    assert_eq!(
        hit(&m, &layout, centre, NEAR),
        Some(AnnotationHit::Icon { hex: h, index: 0 })
    );
    add_label(&mut m, 3, Label::new("Old Keep", centre));
    assert_eq!(
        hit(&m, &layout, centre, NEAR),
        Some(AnnotationHit::Label(LabelId(3)))
    );
    add_label(&mut m, 7, Label::new("Newer", centre));
    assert_eq!(
        hit(&m, &layout, centre, NEAR),
        Some(AnnotationHit::Label(LabelId(7)))
    );
    // An enlarged lone icon on a neighbour reaches over this hex's icon: drawn later
    // (in reading order), it is on top.
    let mut m = map();
    m.set_icons(h, vec![Icon::builtin(BuiltinIcon::Castle)])
        .unwrap();
    let below = h.neighbors().into_iter().max_by(|a, b| {
        let (pa, pb) = (layout.hex_to_pixel(*a), layout.hex_to_pixel(*b));
        pa.y.total_cmp(&pb.y)
            .then(pb.x.abs().total_cmp(&pa.x.abs()))
    });
    let below = below.unwrap();
    let mut big = Icon::builtin(BuiltinIcon::Tower);
    big.scale = 4.0;
    m.set_icons(below, vec![big]).unwrap();
    let small = icon_box(&m, &layout, h, 0).unwrap();
    let large = icon_box(&m, &layout, below, 0).unwrap();
    assert!(large.contains(small.centre));
    assert_eq!(
        hit(&m, &layout, small.centre, NEAR),
        Some(AnnotationHit::Icon {
            hex: below,
            index: 0
        })
    );
    assert_eq!(
        describe(&m, AnnotationHit::Icon { hex: h, index: 0 }).as_deref(),
        Some("icon castle")
    );
}
