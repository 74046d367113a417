//! An 800 × 500 window: the status bar's second line, when it holds more than fits, is
//! cut with an ellipsis inside the window; Map → Properties keeps each side's name beside
//! its number, two sides to a row ("Bottom" never alone on a line).

use crate::harness::{editor_on, painted_texts, settle};
use eframe::egui::{self, Key, Modifiers, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::open_map::OpenMap;

fn harness(size: Vec2) -> Harness<'static, EditorApp> {
    let mut h = editor_on(OpenMap::sample(), size);
    settle(&mut h);
    h
}

/// Every text painted below `top` in the last frame, as shown, with its box.
fn texts_below(h: &Harness<'static, EditorApp>, top: f32) -> Vec<(String, Rect)> {
    let mut out = painted_texts(h);
    out.retain(|(_, r)| r.top() >= top);
    out
}

#[test]
fn at_800_by_500_a_long_status_line_is_cut_with_an_ellipsis_inside_the_window() {
    let mut h = harness(Vec2::new(800.0, 500.0));
    // Everything selected and copied ("1200 hexes selected", "Copied 1200 cells"), the
    // Measure tool's readout over a long route, the terrain under the pointer, the hex
    // size, the frame times and a long note: far more than 800 points.
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::C);
    settle(&mut h);
    h.key_press(Key::U);
    settle(&mut h);
    let map = h.state().view().doc().map().clone();
    // From a cell far from the hex with the longest note, with a route between them (its
    // cost and travel time are said too); the note comes last on the line.
    let noted = map
        .shape()
        .iter()
        .filter_map(|x| map.note(x).map(|n| (n.len(), x)))
        .max()
        .map(|(_, x)| x)
        .expect("the sample has notes");
    let to = noted;
    let from = map
        .shape()
        .iter()
        .filter(|&a| a.distance(to) > 15)
        .find(|&a| map.route(a, to).is_ok())
        .expect("a long route on the sample");
    let (a, b) = (
        h.state().view().hex_to_screen(from),
        h.state().view().hex_to_screen(to),
    );
    h.hover_at(a);
    settle(&mut h);
    h.drag_at(a);
    settle(&mut h);
    h.drop_at(a);
    settle(&mut h);
    h.hover_at(b);
    settle(&mut h);
    let canvas = h.state().view().canvas_rect();
    let line = texts_below(&h, canvas.bottom() + 20.0);
    assert!(!line.is_empty(), "a second line");
    let last = line
        .iter()
        .max_by(|a, b| a.1.right().total_cmp(&b.1.right()))
        .unwrap();
    assert!(last.1.right() <= 800.0, "{last:?} runs past the window");
    assert!(last.0.ends_with('…'), "cut with an ellipsis: {line:?}");
}

#[test]
fn properties_keep_each_sides_name_beside_its_number_two_to_a_row() {
    for size in [Vec2::new(800.0, 500.0), Vec2::new(1280.0, 800.0)] {
        let mut h = harness(size);
        h.get_by_label("Map").click();
        settle(&mut h);
        h.get_by_label("Properties…").click();
        settle(&mut h);
        let row = |h: &Harness<'static, EditorApp>, name: &str| {
            let label = h.get_by_role_and_label(egui::Role::Label, name).rect();
            let field = h.get_by_role_and_label(egui::Role::SpinButton, name).rect();
            assert!(
                (label.center().y - field.center().y).abs() < 2.0 && field.left() >= label.right(),
                "{name}'s number beside it at {size:?}: {label:?} {field:?}"
            );
            label.center().y
        };
        let (left, right) = (row(&h, "Left"), row(&h, "Right"));
        let (top, bottom) = (row(&h, "Top"), row(&h, "Bottom"));
        assert!(
            (left - right).abs() < 2.0,
            "Left and Right on one row at {size:?}"
        );
        assert!(
            (top - bottom).abs() < 2.0,
            "Top and Bottom on one row at {size:?}"
        );
        assert!(top > left, "top and bottom under left and right");
    }
}
