//! The map scale set in the Map properties panel as a user does: tick "Map
//! scale", type the unit, Apply — one undo step; a distance of 0 is refused with a message
//! on screen and the map keeps its scale.

use crate::harness::{settle, shown_labels};
use eframe::egui::{Event, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::hex::OffsetKind;
use hexmap::map::MapScale;
use hexmap::map::testing::TestMap;

fn open_properties() -> Harness<'static, EditorApp> {
    let map = TestMap::rectangle(OffsetKind::OddR, 6, 4)
        .named("scaled")
        .build();
    let doc = OpenMap::from_map(map);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h.get_by_label("Map").click();
    settle(&mut h);
    h.get_by_label("Properties…").click();
    settle(&mut h);
    h
}

/// Replace the text of the focused field with `text`.
fn retype(h: &mut Harness<'static, EditorApp>, text: &str) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.event(Event::Text(text.into()));
    h.run();
}

#[test]
fn the_scale_is_set_in_map_properties_in_one_undo_step_and_zero_is_refused() {
    let mut h = open_properties();
    assert!(
        h.query_by_label("Map scale").is_some(),
        "{:?}",
        shown_labels(&h)
    );
    assert_eq!(h.state().view().doc().map().scale(), None);
    h.get_by_label("Map scale").click();
    settle(&mut h);
    h.get_by_label("Unit").focus();
    h.run();
    retype(&mut h, "league");
    h.get_by_label("Apply").click();
    settle(&mut h);
    let want = MapScale::new(6.0, "league").unwrap();
    assert_eq!(h.state().view().doc().map().scale(), Some(&want));
    assert_eq!(h.state().view().doc().document().history().undo_len(), 1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(h.state().view().doc().map().scale(), None, "undo");

    // A distance of 0: refused, said on screen, the map gets no scale.
    h.get_by_label("Map scale").click();
    settle(&mut h);
    h.get_by_label("Distance per hex").focus();
    h.run();
    retype(&mut h, "0");
    h.key_press(Key::Enter);
    settle(&mut h);
    h.get_by_label("Apply").click();
    settle(&mut h);
    let shown = shown_labels(&h);
    assert!(
        shown
            .iter()
            .any(|l| l.contains("map scale: distance per hex must be a number greater than 0")),
        "{shown:?}"
    );
    assert_eq!(h.state().view().doc().map().scale(), None);
}

/// The Measure tool: press on one hex, drag to another; while the tool is on, the status
/// bar says the hexes, the map distance at the map's scale, the route cost under the
/// movement rule and the days at the speed per day.
#[test]
fn measuring_a_drag_reads_hexes_miles_cost_and_days_in_the_status_bar() {
    let mut map = TestMap::rectangle(OffsetKind::OddR, 8, 4)
        .named("measured")
        .build();
    map.set_scale(Some(MapScale::new(6.0, "mi").unwrap()))
        .unwrap();
    let doc = OpenMap::from_map(map);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h.get_by_label("Measure").click();
    settle(&mut h);
    let a = hexmap::hex::Hex::new(1, 1);
    let b = hexmap::hex::Hex::new(5, 1);
    let pa = h.state().view().hex_to_screen(a);
    let pb = h.state().view().hex_to_screen(b);
    h.hover_at(pa);
    h.run();
    h.drag_at(pa);
    h.run();
    let mid = pa + (pb - pa) * 0.5;
    h.hover_at(mid);
    h.run();
    h.hover_at(pb);
    h.run();
    h.drop_at(pb);
    h.run();
    // The pointer rests where the drag ended.
    h.hover_at(pb);
    settle(&mut h);
    let want = "measure: 4 hexes · 24 mi · route cost 4 (24 mi) · 1 day at 24 mi/day";
    let shown = shown_labels(&h);
    assert!(shown.iter().any(|l| l == want), "{shown:?}");
    // Nothing was drawn on the map.
    assert_eq!(h.state().view().doc().document().history().undo_len(), 0);
}
