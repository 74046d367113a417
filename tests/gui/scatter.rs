//! The scatter brush: a 70/30 mix painted with a big brush comes out near its
//! weights, and the same stroke with the same seed paints exactly the same cells again
//! after an undo; a re-roll paints another pattern.

use crate::harness::{settle, shown_labels};
use eframe::egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::app::tools::Tool;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::map::TerrainId;
use hexmap::map::shape_spec::ShapeSpec;

fn harness() -> Harness<'static, EditorApp> {
    let spec = NewMapSpec {
        shape: ShapeSpec::rect(40, 30),
        hex_size: (10.0, 10.0),
        ..NewMapSpec::default()
    };
    let doc = OpenMap::new_map(&spec).expect("valid spec");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h
}

/// The terrain of every cell within `radius` of `centre`, as the map now holds it.
fn cells(h: &Harness<'static, EditorApp>, centre: Hex, radius: u32) -> Vec<Option<TerrainId>> {
    let doc = h.state().view().doc();
    hexmap::hex::range::range(centre, radius)
        .map(|x| doc.terrain(x))
        .collect()
}

fn stroke(h: &mut Harness<'static, EditorApp>, at: Hex) {
    let p = h.state().view().hex_to_screen(at);
    h.hover_at(p);
    settle(h);
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    settle(h);
}

#[test]
fn a_70_30_scatter_comes_out_near_its_weights_and_repaints_the_same_after_undo() {
    let mut h = harness();
    h.get_by_label(Tool::Brush.label()).click();
    settle(&mut h);
    for _ in 0..8 {
        h.key_press(Key::CloseBracket);
        settle(&mut h);
    }
    h.get_by_label("Scatter").click();
    settle(&mut h);
    // The window starts from the current terrain (70) and the next one (30).
    let labels = shown_labels(&h);
    assert!(labels.iter().any(|l| l == "Scatter brush"), "{labels:?}");
    assert!(labels.iter().any(|l| l == "70 %") && labels.iter().any(|l| l == "30 %"));
    let palette = h.state().view().doc().map().palette().terrains().to_vec();
    let (a, b) = (Some(palette[0].id), Some(palette[1].id));
    let centre = OffsetKind::OddR.to_hex(OffsetCoord::new(20, 15));
    stroke(&mut h, centre);
    let first = cells(&h, centre, 8);
    assert_eq!(first.len(), 217);
    let share = |t| first.iter().filter(|&&x| x == t).count() as f64 / 217.0;
    assert!((share(a) - 0.7).abs() < 0.1, "first terrain {}", share(a));
    assert!((share(b) - 0.3).abs() < 0.1, "second terrain {}", share(b));
    assert_eq!(share(a) + share(b), 1.0, "nothing else is painted");
    // One undo takes the whole stroke away; the same stroke paints the same cells.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert!(cells(&h, centre, 8).iter().all(Option::is_none));
    stroke(&mut h, centre);
    assert_eq!(
        cells(&h, centre, 8),
        first,
        "same seed, same stroke, same cells"
    );
    // Another seed: the same mix in another pattern.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    h.get_by_label("Re-roll").click();
    settle(&mut h);
    stroke(&mut h, centre);
    let rerolled = cells(&h, centre, 8);
    assert_ne!(rerolled, first);
    assert!(rerolled.iter().all(|&t| t == a || t == b));
}
