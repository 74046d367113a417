//! Unit tests of icon and label drawing.

use super::*;
use crate::sink::{Recorded, Recording};
use crate::style::{Layers, Style};
use crate::{MapScene, Scene, region};
use hexmap_hex::{Orientation, Point};
use hexmap_map::testing::TestMap;
use hexmap_map::{AnnotationEdit, BuiltinIcon, Edit, HexMap, Icon, Label, LabelId};

/// Every point a recorded path passes through or is pulled toward.
fn path_points(rec: &Recording) -> Vec<Point> {
    let mut v = Vec::new();
    for item in &rec.items {
        if let Recorded::Path {
            start, segments, ..
        } = item
        {
            v.push(*start);
            for s in segments {
                match *s {
                    Segment::Line(p) => v.push(p),
                    Segment::Cubic(a, b, c) => v.extend([a, b, c]),
                }
            }
        }
    }
    v
}

#[test]
fn icon_slots_of_one_hex_never_overlap_and_stay_inside_it() {
    let r = 10.0;
    for n in 1..=hexmap_map::annotations::MAX_ICONS_PER_HEX {
        let slots: Vec<(Point, f64)> = (0..n).map(|i| icon_slot(i, n, r)).collect();
        for (i, &(a, ha)) in slots.iter().enumerate() {
            // The box's corners lie within the hexagon's inscribed circle.
            let reach = (a.x.abs() + ha).hypot(a.y.abs() + ha);
            assert!(
                reach <= r * 3f64.sqrt() / 2.0 + 1e-9,
                "n={n}: slot {i} leaves the hex"
            );
            for &(b, hb) in &slots[i + 1..] {
                let apart = (a.x - b.x).abs() >= ha + hb || (a.y - b.y).abs() >= ha + hb;
                assert!(apart, "n={n}: two icon boxes overlap");
            }
        }
    }
}

#[test]
fn an_icon_is_drawn_inside_its_box_with_its_colour_and_hidden_when_tiny() {
    let centre = Point::new(50.0, -20.0);
    let mut icon = Icon::builtin(BuiltinIcon::Castle);
    icon.color = Some(hexmap_map::Rgb([200, 0, 0]));
    let mut rec = Recording::default();
    draw_hex_icons(&mut rec, &[icon.clone()], centre, 10.0, 2.0);
    let points = path_points(&rec);
    assert!(!points.is_empty());
    let half = icon_slot(0, 1, 10.0).1;
    for p in points {
        assert!((p.x - centre.x).abs() <= half + 1e-9 && (p.y - centre.y).abs() <= half + 1e-9);
    }
    let red = Colour::rgb(200, 0, 0);
    assert!(rec.items.iter().any(|i| matches!(
        i,
        Recorded::Path { fill: Some(c), .. } if *c == red
    )));
    // 10 world units of radius at 0.4 px per unit: the icon would be 4 px across.
    let mut tiny = Recording::default();
    draw_hex_icons(&mut tiny, &[icon], centre, 10.0, 0.4);
    assert!(tiny.items.is_empty());
}

#[test]
fn captions_sit_under_their_icon_and_every_icon_of_a_hex_is_drawn() {
    let mut town = Icon::builtin(BuiltinIcon::Town);
    town.caption = Some("Brinmoor".into());
    let icons = [town, Icon::builtin(BuiltinIcon::Port)];
    let mut rec = Recording::default();
    draw_hex_icons(&mut rec, &icons, Point::new(0.0, 0.0), 40.0, 1.0);
    assert_eq!(rec.texts(), ["Brinmoor"]);
    let (slot, _) = icon_slot(0, 2, 40.0);
    let Some(Recorded::Text { anchor, .. }) = rec
        .items
        .iter()
        .find(|i| matches!(i, Recorded::Text { .. }))
    else {
        unreachable!("one text was recorded")
    };
    assert!(anchor.y > slot.y, "the caption is under its icon");
    let art = |k| -> usize {
        icon_art::parts(k)
            .iter()
            .map(|p| p.outlines.len())
            .sum::<usize>()
    };
    // Each icon's outlines twice (halo pass and ink pass).
    let paths = rec
        .items
        .iter()
        .filter(|i| matches!(i, Recorded::Path { .. }))
        .count();
    assert_eq!(paths, 2 * (art(BuiltinIcon::Town) + art(BuiltinIcon::Port)));
}

/// Keeps texts with their rotation and font (the Recording drops them).
#[derive(Default)]
struct TextSink(Vec<(String, f64, f64, Font)>);

impl Sink for TextSink {
    fn polygon(&mut self, _: &Polygon<'_>) {}
    fn polyline(&mut self, _: &crate::Polyline<'_>) {}
    fn path(&mut self, _: &Path<'_>) {}
    fn text(&mut self, t: &Text<'_>) {
        self.0.push((t.text.to_owned(), t.size, t.rotation, t.font));
    }
    fn placed_image(&mut self, _: &crate::PlacedImage<'_>) {}
}

fn map_with(labels: &[Label]) -> HexMap {
    let mut m = TestMap::hexagon(12, Orientation::Flat)
        .named("l")
        .hex_size(10.0)
        .build();
    let mut d = hexmap_map::Document::new(m.clone());
    for (i, l) in labels.iter().enumerate() {
        d.apply(&Edit::Annotation(AnnotationEdit::AddLabel {
            id: LabelId(i as u32),
            label: l.clone(),
        }))
        .unwrap();
    }
    m = d.into_map();
    m
}

#[test]
fn labels_are_drawn_rotated_bold_and_sized_in_hex_units() {
    let mut l = Label::new("Mirewood", Point::new(5.0, 5.0));
    l.size = 1.5;
    l.rotation = 30.0;
    l.bold = true;
    let m = map_with(&[l]);
    let style = Style::picture(Layers::editor());
    let scene = MapScene::whole(&m, m.layout().unwrap(), &style);
    let mut sink = TextSink::default();
    scene.draw(&Region::Block(scene.bounds()), 1.0, &mut sink);
    let (text, size, rotation, font) = &sink.0[0];
    assert_eq!(text, "Mirewood");
    assert!((size - 15.0).abs() < 1e-9);
    assert!((rotation - 30f64.to_radians()).abs() < 1e-9);
    assert!(font.bold && !font.italic);
}

#[test]
fn each_label_is_drawn_by_exactly_one_block_of_a_banded_drawing() {
    let labels = [
        Label::new("North", Point::new(0.0, -150.0)),
        Label::new("Far off the map", Point::new(9000.0, 9000.0)),
        {
            let mut l = Label::new("The Long Coast", Point::new(-40.0, 60.0));
            l.rotation = -70.0;
            l.size = 4.0;
            l
        },
    ];
    let m = map_with(&labels);
    let style = Style::picture(Layers::editor());
    let scene = MapScene::whole(&m, m.layout().unwrap(), &style);
    let mut sink = TextSink::default();
    for band in region::split(&scene.bounds(), 128) {
        scene.draw(&Region::Block(band), 1.0, &mut sink);
    }
    let mut drawn: Vec<&str> = sink.0.iter().map(|t| t.0.as_str()).collect();
    drawn.sort_unstable();
    assert_eq!(drawn, ["Far off the map", "North", "The Long Coast"]);
}

#[test]
fn small_labels_hide_when_zoomed_out_while_big_region_names_stay() {
    let mut region_name = Label::new("KINGDOM OF ASH", Point::new(0.0, 0.0));
    region_name.size = 8.0;
    let village = Label::new("Hob's End", Point::new(30.0, 30.0));
    let m = map_with(&[region_name, village]);
    let style = Style::picture(Layers::editor());
    let scene = MapScene::whole(&m, m.layout().unwrap(), &style);
    let names = |scale: f64| {
        let mut sink = TextSink::default();
        scene.draw(&Region::Block(scene.bounds()), scale, &mut sink);
        sink.0.into_iter().map(|t| t.0).collect::<Vec<_>>()
    };
    assert_eq!(names(1.0), ["KINGDOM OF ASH", "Hob's End"]);
    // Hex radius 2 px (coarse blocks): a size-1 label is 2 px high, a size-8 one 16 px.
    assert_eq!(names(0.2), ["KINGDOM OF ASH"]);
}

#[test]
fn the_map_scene_draws_icons_after_cells_and_before_coordinate_labels() {
    let mut m = TestMap::hexagon(2, Orientation::Pointy)
        .named("i")
        .hex_size(20.0)
        .build();
    m.set_icons(
        hexmap_hex::Hex::new(1, 0),
        vec![Icon::builtin(BuiltinIcon::Tower)],
    )
    .unwrap();
    let mut layers = Layers::editor();
    layers.labels = Some(hexmap_hex::CoordSystem::Offset(
        hexmap_hex::OffsetKind::OddR,
    ));
    let style = Style::picture(layers);
    let scene = MapScene::whole(&m, m.layout().unwrap(), &style);
    let mut rec = Recording::default();
    scene.draw(&Region::Block(scene.bounds()), 2.0, &mut rec);
    let first_path = rec
        .items
        .iter()
        .position(|i| matches!(i, Recorded::Path { .. }))
        .expect("the tower is drawn");
    let last_hex = rec
        .items
        .iter()
        .rposition(|i| matches!(i, Recorded::Hex { .. }))
        .unwrap();
    let first_text = rec
        .items
        .iter()
        .position(|i| matches!(i, Recorded::Text { .. }))
        .expect("coordinate labels are drawn");
    assert!(last_hex < first_path && first_path < first_text);
}

#[test]
fn a_note_caption_is_its_first_line_shortened() {
    assert_eq!(
        note_caption("\n  Old mill  \nsecond line"),
        Some("Old mill".into())
    );
    assert_eq!(note_caption("  \n \n"), None);
    let long = note_caption("The abandoned watchtower of the northern pass").unwrap();
    assert_eq!(long.chars().count(), NOTE_CAPTION_CHARS);
    assert!(
        long.starts_with("The abandoned") && long.ends_with('…'),
        "{long}"
    );
}

#[test]
fn notes_are_drawn_as_captions_only_when_asked_and_legible() {
    let mut m = map_with(&[]);
    let hex = hexmap_hex::Hex::new(1, 0);
    m.set_note(hex, Some("Mill\nground rye".into())).unwrap();
    let layout = m.layout().unwrap();
    let style = Style::picture(Layers::editor());
    let texts = |m: &HexMap, scale: f64| {
        let mut sink = TextSink::default();
        MapScene::whole(m, layout, &style).draw(&region::Region::Cells(&[hex]), scale, &mut sink);
        sink.0.into_iter().map(|t| t.0).collect::<Vec<_>>()
    };
    assert!(
        !texts(&m, 4.0).contains(&"Mill".to_owned()),
        "off by default"
    );
    m.set_view(hexmap_map::ViewSettings {
        note_captions: true,
        ..Default::default()
    });
    assert!(
        texts(&m, 4.0).contains(&"Mill".to_owned()),
        "on: first line"
    );
    // A 3-unit caption at 1 px per unit is 3 px: hidden.
    assert!(
        !texts(&m, 1.0).contains(&"Mill".to_owned()),
        "illegible: hidden"
    );
}
