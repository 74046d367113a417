//! Place-name labels on the canvas at every zoom: a big region name stays on screen when
//! the map is zoomed all the way out (cells drawn one texel each), and a long label is
//! drawn whenever its text is on view, whichever chunk its box starts or ends in.

use eframe::egui::{Shape, Vec2};
use egui_kittest::Harness;
use hexmap::app::EditorApp;
use hexmap::app::canvas::camera::Camera;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::hex::{OffsetKind, Point};
use hexmap::map::testing::TestMap;
use hexmap::map::{HexMap, Label, LabelId, TerrainId};

/// The editor on a 200 × 200 odd-r map of grass with 10-unit hexes and `labels`.
fn editor_with(labels: Vec<Label>) -> Harness<'static, EditorApp> {
    editor(grass_with(labels))
}

/// A 200 × 200 odd-r map of grass with 10-unit hexes and `labels`.
fn grass_with(labels: Vec<Label>) -> HexMap {
    let mut map = TestMap::rectangle(OffsetKind::OddR, 200, 200)
        .named("labels")
        .hex_size(10.0)
        .build();
    for hex in map.shape().iter().collect::<Vec<_>>() {
        map.set_terrain(hex, TerrainId::new(2)).unwrap();
    }
    for (i, label) in labels.into_iter().enumerate() {
        map.add_label(LabelId(i as u32), label).unwrap();
    }
    map
}

/// The editor on `map`.
fn editor(map: HexMap) -> Harness<'static, EditorApp> {
    let doc = OpenMap::from_map(map);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h
}

/// Every text drawn in the last frame.
fn texts(h: &Harness<'static, EditorApp>) -> Vec<String> {
    fn collect(shape: &Shape, out: &mut Vec<String>) {
        match shape {
            Shape::Text(t) => out.push(t.galley.text().to_owned()),
            Shape::Vec(v) => v.iter().for_each(|s| collect(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        collect(&clipped.shape, &mut out);
    }
    out
}

fn look(h: &mut Harness<'static, EditorApp>, centre: Point, zoom: f64) {
    h.state_mut().set_camera(Camera { centre, zoom });
    h.run();
}

#[test]
fn a_big_region_name_stays_on_screen_at_the_coarsest_zoom() {
    // 20 hexes high: 200 world units, 20 px at 0.1 px per unit, where each hex is a
    // single texel (1 px radius).
    let mut region = Label::new("Northern Reaches", Point::new(1700.0, 1500.0));
    region.size = 20.0;
    let mut small = Label::new("Hamlet", Point::new(1700.0, 1800.0));
    small.size = 1.0;
    let mut h = editor_with(vec![region, small]);
    look(&mut h, Point::new(1700.0, 1500.0), 0.1);
    let shown = texts(&h);
    assert!(
        shown.iter().any(|t| t == "Northern Reaches"),
        "the region name is legible and shown: {shown:?}"
    );
    assert!(
        !shown.iter().any(|t| t == "Hamlet"),
        "a 1 px label is hidden: {shown:?}"
    );
    // Closer in (cells drawn in full), the small name shows as well.
    look(&mut h, Point::new(1700.0, 1700.0), 1.0);
    let shown = texts(&h);
    assert!(shown.iter().any(|t| t == "Hamlet"), "{shown:?}");
    assert!(shown.iter().any(|t| t == "Northern Reaches"), "{shown:?}");
}

#[test]
fn a_long_label_is_shown_while_its_text_is_on_view_whatever_chunk_it_ends_in() {
    // 60 characters, 20 world units high: about 740 units long, from x ≈ 400 to ≈ 1140
    // (columns 23 to 66: chunks 0 to 2). The view shows x 0 … 640, chunks 0 and 1.
    let text = "The Long and Winding Marshes of the Whispering Reed Folk Land";
    let mut long = Label::new(text, Point::new(772.0, 150.0));
    long.size = 2.0;
    let mut h = editor_with(vec![long]);
    look(&mut h, Point::new(320.0, 200.0), 2.0);
    let shown = texts(&h);
    assert!(
        shown.iter().any(|t| t == text),
        "its left part is on screen: {shown:?}"
    );
    // Panned so that the whole label is off to the right: not drawn.
    look(&mut h, Point::new(-1000.0, 200.0), 2.0);
    assert!(!texts(&h).iter().any(|t| t == text));
}

#[test]
fn the_view_menu_turns_the_legend_and_note_captions_on_and_they_show_on_the_canvas() {
    use egui_kittest::kittest::Queryable;
    use hexmap::hex::Hex;
    let mut map = grass_with(Vec::new());
    map.set_note(Hex::ORIGIN, Some("Old mill\nground rye here".into()))
        .unwrap();
    let mut h = editor(map);
    let layout = h.state().view().doc().layout();
    look(&mut h, layout.hex_to_pixel(Hex::ORIGIN), 3.0);
    let grass = {
        let m = h.state().view().doc().map();
        m.palette()
            .get(TerrainId::new(2).unwrap())
            .unwrap()
            .name
            .clone()
    };
    // The palette panel shows "g Grass": only the legend writes the bare name.
    assert!(!texts(&h).contains(&grass));
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Legend").click();
    h.run();
    let shown = texts(&h);
    assert!(
        shown.contains(&grass),
        "the used terrain is named: {shown:?}"
    );
    assert!(
        !shown.iter().any(|t| t == "Sea"),
        "an unused terrain is not"
    );
    assert_eq!(
        h.state().view().doc().map().view().legend,
        Some(hexmap::map::Corner::BottomRight)
    );

    // Notes as captions: the note's first line under its hex.
    assert!(!texts(&h).iter().any(|t| t == "Old mill"));
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Notes as captions").click();
    h.run();
    assert!(h.state().view().doc().map().view().note_captions);
    let shown = texts(&h);
    assert!(shown.iter().any(|t| t == "Old mill"), "{shown:?}");
    assert!(!shown.iter().any(|t| t.contains("ground rye")));
}
