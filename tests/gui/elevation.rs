//! The raise/lower brush and the elevation bands: Brush → Raise and a stroke
//! raise the heights under the brush by the step (shift lowers), one undo step; a map
//! without heights gets its layer on the first stroke; Layers → Elevation bands tints each
//! cell by its height band on the canvas.

use crate::harness::{click_hex, colour_at, settle, shapes_in};
use eframe::egui::{Color32, Event, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::draw::elevation_bands;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::map::testing::TestMap;
use hexmap::map::{HexMap, TerrainId};

fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

/// 10 × 8 grass without heights, big hexes.
fn plain() -> HexMap {
    let mut m = TestMap::rectangle(OffsetKind::OddR, 10, 8)
        .named("plain")
        .hex_size(30.0)
        .build();
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_terrain(h, TerrainId::new(2)).unwrap();
    }
    m
}

fn harness() -> Harness<'static, EditorApp> {
    let doc = OpenMap::from_map(plain());
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h
}

fn stroke_on(h: &mut Harness<'static, EditorApp>, hex: Hex) {
    click_hex(h, hex);
}

/// The Brush in Raise mode with a radius of one hex.
fn raise_with_radius_one(h: &mut Harness<'static, EditorApp>) {
    h.key_press(Key::B);
    settle(h);
    h.get_by_label("Raise").click();
    settle(h);
    h.get_by_role_and_label(eframe::egui::Role::SpinButton, "Radius")
        .set_value_accesskit(1.0);
    settle(h);
}

fn height(h: &Harness<'static, EditorApp>, hex: Hex) -> Option<i16> {
    h.state().view().doc().map().elevation(hex)
}

#[test]
fn the_raise_brush_raises_under_the_brush_shift_lowers_and_each_stroke_undoes_in_one_step() {
    let mut h = harness();
    raise_with_radius_one(&mut h);
    assert_eq!(height(&h, at(4, 4)), None, "no heights yet");
    stroke_on(&mut h, at(4, 4));
    assert_eq!(height(&h, at(4, 4)), Some(100));
    assert_eq!(
        height(&h, at(5, 4)),
        Some(100),
        "a neighbour, under the brush"
    );
    assert_eq!(
        height(&h, at(7, 4)),
        Some(0),
        "outside the brush: sea level"
    );
    stroke_on(&mut h, at(4, 4));
    assert_eq!(height(&h, at(4, 4)), Some(200));
    // Shift swaps raise for lower.
    h.event(Event::ModifiersChanged(Modifiers::SHIFT));
    stroke_on(&mut h, at(5, 4));
    h.event(Event::ModifiersChanged(Modifiers::NONE));
    settle(&mut h);
    assert_eq!(height(&h, at(5, 4)), Some(100));
    assert_eq!(height(&h, at(6, 4)), Some(-100));
    // The terrain was not painted by any of it.
    assert_eq!(
        h.state().view().doc().map().terrain(at(4, 4)),
        TerrainId::new(2)
    );
    for want in [Some(200), Some(100), None] {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        settle(&mut h);
        assert_eq!(height(&h, at(4, 4)), want);
    }
}

#[test]
fn elevation_bands_tint_each_cell_by_its_height_band() {
    let mut h = harness();
    let rect = h.state().view().canvas_rect();
    let camera = *h.state().view().camera();
    let layout = h.state().view().doc().layout();
    let centre = |hex: Hex| camera.world_to_screen(rect, layout.hex_to_pixel(hex));
    // Heights 0 (band 0), 300 (band 1) and -600 (band -3) by the brush.
    h.key_press(Key::B);
    settle(&mut h);
    h.get_by_label("Raise").click();
    settle(&mut h);
    h.get_by_role_and_label(eframe::egui::Role::SpinButton, "Height step")
        .set_value_accesskit(300.0);
    settle(&mut h);
    stroke_on(&mut h, at(2, 2));
    h.event(Event::ModifiersChanged(Modifiers::SHIFT));
    stroke_on(&mut h, at(6, 5));
    stroke_on(&mut h, at(6, 5));
    h.event(Event::ModifiersChanged(Modifiers::NONE));
    settle(&mut h);
    assert_eq!(height(&h, at(6, 5)), Some(-600));
    let grass = colour_at(&shapes_in(&h, rect), centre(at(8, 1))).expect("a cell");
    // Off: the heights do not show.
    assert_eq!(
        colour_at(&shapes_in(&h, rect), centre(at(2, 2))),
        Some(grass)
    );
    h.get_by_label("Elevation bands").click();
    settle(&mut h);
    let shapes = shapes_in(&h, rect);
    let shown = |hex: Hex| colour_at(&shapes, centre(hex)).expect("a cell");
    let want = |e: i16| {
        let g = hexmap::draw::colour::Colour::rgb(grass.r(), grass.g(), grass.b());
        let c = elevation_bands::tint(g, e);
        Color32::from_rgb(c.r, c.g, c.b)
    };
    assert_eq!(shown(at(8, 1)), want(0));
    assert_eq!(shown(at(2, 2)), want(300));
    assert_eq!(shown(at(6, 5)), want(-600));
    assert_ne!(shown(at(2, 2)), shown(at(8, 1)));
    assert_ne!(shown(at(6, 5)), shown(at(8, 1)));
}

/// What the status bar says about the height under the pointer at `hex`, if anything.
fn shown_height(h: &mut Harness<'static, EditorApp>, hex: Hex) -> Option<String> {
    let camera = *h.state().view().camera();
    let rect = h.state().view().canvas_rect();
    let p = camera.world_to_screen(rect, h.state().view().doc().layout().hex_to_pixel(hex));
    h.hover_at(p);
    settle(h);
    crate::harness::shown_labels(h)
        .into_iter()
        .find_map(|l| l.strip_prefix("height: ").map(str::to_owned))
}

#[test]
fn one_raise_stroke_raises_each_hex_once_and_the_status_bar_reads_the_height() {
    let mut h = harness();
    // No heights yet: the status bar says nothing about height.
    assert_eq!(shown_height(&mut h, at(4, 4)), None);
    raise_with_radius_one(&mut h);
    // One drag along row 4 from column 2 to column 7, through every hex between: the
    // radius-1 stamps overlap three deep in the middle.
    let camera = *h.state().view().camera();
    let rect = h.state().view().canvas_rect();
    let layout = h.state().view().doc().layout();
    let screen = |hex: Hex| camera.world_to_screen(rect, layout.hex_to_pixel(hex));
    h.hover_at(screen(at(2, 4)));
    h.run();
    h.drag_at(screen(at(2, 4)));
    h.run();
    for col in 3..=7 {
        h.hover_at(screen(at(col, 4)));
        h.run();
    }
    h.drop_at(screen(at(7, 4)));
    settle(&mut h);
    for col in 2..=7 {
        assert_eq!(
            shown_height(&mut h, at(col, 4)).as_deref(),
            Some("100"),
            "column {col} of the stroke"
        );
    }
    // Beside the row, under the brush's edge: raised once too. Beyond it: sea level.
    assert_eq!(shown_height(&mut h, at(5, 3)).as_deref(), Some("100"));
    assert_eq!(shown_height(&mut h, at(5, 6)).as_deref(), Some("0"));
    // A second stroke over the same row is another step of 100.
    stroke_on(&mut h, at(5, 4));
    assert_eq!(shown_height(&mut h, at(5, 4)).as_deref(), Some("200"));
    assert_eq!(shown_height(&mut h, at(2, 4)).as_deref(), Some("100"));
    // Each stroke is one undo step.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(shown_height(&mut h, at(5, 4)).as_deref(), Some("100"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(
        shown_height(&mut h, at(5, 4)),
        None,
        "the layer went with it"
    );
}
