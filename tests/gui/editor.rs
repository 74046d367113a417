//! The editor driven through egui_kittest: real `EditorApp::ui` frames, real pointer and
//! key events, fake file dialogs (no window ever opens).

use eframe::egui::{self, Event, Key, Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::canvas::overlays::OverlayKind;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::hex::{Hex, OffsetCoord, OffsetKind, Point};
use hexmap::map::TerrainId;
use std::collections::BTreeSet;

pub(crate) fn blank_doc() -> OpenMap {
    OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid")
}

pub(crate) fn harness(doc: OpenMap, dialogs: FakeDialogs) -> Harness<'static, EditorApp> {
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    h
}

pub(crate) fn terrains(app: &EditorApp) -> Vec<(Hex, Option<TerrainId>)> {
    let map = app.view().doc().map();
    map.shape().iter().map(|h| (h, map.terrain(h))).collect()
}

fn changed(a: &[(Hex, Option<TerrainId>)], b: &[(Hex, Option<TerrainId>)]) -> BTreeSet<Hex> {
    a.iter()
        .zip(b)
        .filter(|(x, y)| x != y)
        .map(|(x, _)| x.0)
        .collect()
}

/// Drag the primary button through the centres of `path`.
pub(crate) fn drag_through(h: &mut Harness<'static, EditorApp>, path: &[Hex]) {
    let at = |h: &Harness<'static, EditorApp>, x: Hex| h.state().view().hex_to_screen(x);
    let p0 = at(h, path[0]);
    h.drag_at(p0);
    h.run();
    for &x in &path[1..] {
        let p = at(h, x);
        h.hover_at(p);
        h.run();
    }
    let last = at(h, *path.last().unwrap());
    h.drop_at(last);
    h.run();
}

#[test]
fn brush_drag_paints_exactly_the_row_and_undo_redo_are_one_step() {
    let mut h = harness(blank_doc(), FakeDialogs::default());
    h.get_by_label("Brush").click();
    h.run();
    let before = terrains(h.state());
    let row: Vec<Hex> = (3..=9)
        .map(|c| OffsetKind::OddR.to_hex(OffsetCoord::new(c, 5)))
        .collect();
    drag_through(&mut h, &row);
    let after = terrains(h.state());
    assert_eq!(changed(&before, &after), row.iter().copied().collect());
    let first = h.state().view().doc().map().palette().terrains()[0].id;
    assert!(
        row.iter()
            .all(|&x| h.state().view().doc().terrain(x) == Some(first))
    );
    assert_eq!(h.state().view().doc().document().history().undo_len(), 1);
    assert!(h.state().view().doc().is_modified());
    assert!(
        h.state().view().title().contains('*'),
        "{}",
        h.state().view().title()
    );

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(terrains(h.state()), before, "Ctrl+Z undoes the whole drag");
    assert!(!h.state().view().doc().is_modified());

    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(terrains(h.state()), after, "Ctrl+Y redoes it");

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(terrains(h.state()), after, "Ctrl+Shift+Z redoes too");
}

#[test]
fn fast_drag_leaves_no_gaps_and_radius_brush_covers_discs() {
    let mut h = harness(blank_doc(), FakeDialogs::default());
    let before = terrains(h.state());
    // Jump straight from one end to the other: the stroke fills the hexes between.
    let a = OffsetKind::OddR.to_hex(OffsetCoord::new(2, 3));
    let b = OffsetKind::OddR.to_hex(OffsetCoord::new(12, 3));
    drag_through(&mut h, &[a, b]);
    let painted = changed(&before, &terrains(h.state()));
    let expected: BTreeSet<Hex> = (2..=12)
        .map(|c| OffsetKind::OddR.to_hex(OffsetCoord::new(c, 3)))
        .collect();
    assert_eq!(painted, expected);
}

#[test]
fn pan_zoom_and_exact_hover_near_edges() {
    let mut h = harness(blank_doc(), FakeDialogs::default());
    let canvas = h.get_by_label("map canvas").rect();
    let zoom0 = h.state().view().camera().zoom;
    // Wheel-zoom in around a point: the world point under it stays put.
    let anchor = canvas.center() + Vec2::new(120.0, -60.0);
    h.hover_at(anchor);
    h.run();
    let view = h.state().view().canvas_rect();
    let world_before = h.state().view().camera().screen_to_world(view, anchor);
    h.event(Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: Vec2::new(0.0, 4.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: Modifiers::NONE,
    });
    h.run();
    let zoom1 = h.state().view().camera().zoom;
    assert!(zoom1 > zoom0 * 1.2, "wheel zoomed in: {zoom0} → {zoom1}");
    let world_after = h.state().view().camera().screen_to_world(view, anchor);
    assert!((world_before.x - world_after.x).abs() < 1e-6);
    assert!((world_before.y - world_after.y).abs() < 1e-6);

    // Pan with a middle-button drag.
    let centre_before = h.state().view().camera().centre;
    let from = canvas.center();
    let to = from + Vec2::new(-150.0, 90.0);
    h.event(Event::PointerMoved(from));
    h.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Middle,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    h.run();
    for i in 1..=5 {
        h.event(Event::PointerMoved(from + (to - from) * (i as f32 / 5.0)));
        h.run();
    }
    h.event(Event::PointerButton {
        pos: to,
        button: PointerButton::Middle,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    h.run();
    let centre_after = h.state().view().camera().centre;
    assert!(centre_after != centre_before, "middle drag panned");
    assert_eq!(
        h.state().view().doc().document().history().undo_len(),
        0,
        "panning never edits"
    );

    // Arrow keys pan, +/- zoom.
    let c0 = h.state().view().camera().centre;
    h.key_press(Key::ArrowRight);
    h.run();
    assert!(
        h.state().view().camera().centre.x > c0.x,
        "the view moves right"
    );
    let z0 = h.state().view().camera().zoom;
    h.key_press(Key::Minus);
    h.run();
    assert!(h.state().view().camera().zoom < z0);

    // Hover a hair inside each edge of a few hexes: the picked hex is always the right one.
    // Targets: the hex at the centre of the (panned, zoomed) view and two neighbours.
    let layout = h.state().view().doc().layout();
    let view = h.state().view().canvas_rect();
    let mid_world = h
        .state()
        .view()
        .camera()
        .screen_to_world(view, view.center());
    let mid = layout.pixel_to_hex(mid_world).unwrap();
    for target in [mid, mid + Hex::new(1, 0), mid + Hex::new(-1, 1)] {
        let c = layout.hex_to_pixel(target);
        let corners = layout.corners(target);
        for i in 0..6 {
            let a = corners[i];
            let b = corners[(i + 1) % 6];
            let mid = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
            // 3% of the way from the edge midpoint toward the centre, and 3% beyond it.
            let inside = Point::new(mid.x + (c.x - mid.x) * 0.03, mid.y + (c.y - mid.y) * 0.03);
            let outside = Point::new(mid.x - (c.x - mid.x) * 0.03, mid.y - (c.y - mid.y) * 0.03);
            let p_in: Pos2 = h.state().view().world_to_screen(inside);
            let p_out: Pos2 = h.state().view().world_to_screen(outside);
            h.hover_at(p_in);
            h.run();
            assert_eq!(
                h.state().view().hovered(),
                Some(target),
                "inside edge {i} of {target}"
            );
            h.hover_at(p_out);
            h.run();
            let other = h.state().view().hovered().unwrap();
            assert_ne!(other, target, "outside edge {i} of {target}");
            assert_eq!(other.distance(target), 1, "the neighbour across edge {i}");
        }
    }
}

#[test]
fn range_overlay_marks_nineteen_hexes() {
    let mut h = harness(blank_doc(), FakeDialogs::default());
    h.get_by_role_and_label(egui::Role::CheckBox, "Range")
        .click();
    h.run();
    assert!(h.state().view().overlays().range);
    let centre = OffsetKind::OddR.to_hex(OffsetCoord::new(10, 8));
    let p = h.state().view().hex_to_screen(centre);
    h.hover_at(p);
    h.run();
    let result = h.state().view().overlay_result();
    let set: BTreeSet<Hex> = result
        .set(OverlayKind::Range)
        .unwrap()
        .iter()
        .copied()
        .collect();
    let expected: BTreeSet<Hex> = hexmap::hex::range(centre, 2).collect();
    assert_eq!(set.len(), 19);
    assert_eq!(set, expected);
    // Overlays never touch the map.
    assert!(!h.state().view().doc().is_modified());
    h.get_by_role_and_label(egui::Role::CheckBox, "Range")
        .click();
    h.run();
    assert!(
        h.state()
            .view()
            .overlay_result()
            .set(OverlayKind::Range)
            .is_none()
    );
}

#[test]
fn fill_picker_and_status_bar() {
    let mut h = harness(blank_doc(), FakeDialogs::default());
    let forest = h.state().view().doc().map().palette().terrains()[2].clone();
    // Pick Forest in the palette, then bucket-fill the (all empty) map with one click.
    h.get_by_label(&format!("{} {}", forest.symbol, forest.name))
        .click();
    h.run();
    h.get_by_label("Fill").click();
    h.run();
    let x = OffsetKind::OddR.to_hex(OffsetCoord::new(7, 7));
    drag_through(&mut h, &[x]);
    let map = h.state().view().doc().map();
    assert!(
        map.shape()
            .iter()
            .all(|c| map.terrain(c) == Some(forest.id))
    );
    assert_eq!(h.state().view().doc().document().history().undo_len(), 1);

    // The status bar names the hovered hex in every system, and its terrain.
    let y = OffsetKind::OddR.to_hex(OffsetCoord::new(3, 4));
    let p = h.state().view().hex_to_screen(y);
    h.hover_at(p);
    h.run();
    let axial = format!("axial {},{}", y.q, y.r);
    let cube = format!("cube {},{},{}", y.q, y.r, y.s());
    for part in [
        axial.as_str(),
        cube.as_str(),
        "odd-r 3,4",
        "XXYY",
        "three-axis",
    ] {
        assert!(
            h.query_by_label_contains(part).is_some(),
            "status shows {part}"
        );
    }
    assert!(h.query_by_label("terrain: Forest").is_some());

    // Picker takes Sea from a painted cell.
    let sea = h.state().view().doc().map().palette().terrains()[0].clone();
    h.get_by_label(&format!("{} {}", sea.symbol, sea.name))
        .click();
    h.run();
    h.get_by_label("Brush").click();
    h.run();
    drag_through(&mut h, &[y]);
    h.get_by_label(&format!("{} {}", forest.symbol, forest.name))
        .click();
    h.run();
    h.get_by_label("Picker").click();
    h.run();
    drag_through(&mut h, &[y]);
    h.get_by_label("Brush").click();
    h.run();
    drag_through(&mut h, &[x]);
    assert_eq!(
        h.state().view().doc().terrain(x),
        Some(sea.id),
        "picked terrain paints"
    );
}

#[test]
fn select_copy_rotate_paste() {
    let mut h = harness(blank_doc(), FakeDialogs::default());
    // Paint two cells: a and its east neighbour.
    let a = OffsetKind::OddR.to_hex(OffsetCoord::new(6, 6));
    let b = a + Hex::new(1, 0);
    drag_through(&mut h, &[a, b]);
    let t = h.state().view().doc().terrain(a).unwrap();
    // Select a small rectangle around both centres.
    h.get_by_label("Select").click();
    h.run();
    let pa = h.state().view().hex_to_screen(a);
    let pb = h.state().view().hex_to_screen(b);
    h.drag_at(pa - Vec2::new(3.0, 3.0));
    h.run();
    h.hover_at(pb + Vec2::new(3.0, 3.0));
    h.run();
    h.drop_at(pb + Vec2::new(3.0, 3.0));
    h.run();
    let sel: BTreeSet<Hex> = h.state().view().selection().iter().copied().collect();
    assert_eq!(sel, [a, b].into_iter().collect());
    h.key_press_modifiers(Modifiers::COMMAND, Key::C);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::V);
    h.run();
    // Rotate 60° clockwise once: the east neighbour becomes the south-east one.
    h.key_press(Key::R);
    h.run();
    let at = OffsetKind::OddR.to_hex(OffsetCoord::new(12, 10));
    drag_through(&mut h, &[at]);
    assert_eq!(h.state().view().doc().terrain(at), Some(t));
    assert_eq!(
        h.state()
            .view()
            .doc()
            .terrain(at + Hex::new(1, 0).rotate_right()),
        Some(t)
    );
    assert_eq!(h.state().view().doc().terrain(at + Hex::new(1, 0)), None);
}

/// Point at `a` and press A, point at `b` and press T (overlay anchor and path target).
/// Move and press land in the same frame: the key uses that frame's hovered hex.
fn anchor_and_target(h: &mut Harness<'static, EditorApp>, a: Hex, b: Hex) {
    for (hex, key) in [(a, Key::A), (b, Key::T)] {
        let p = h.state().view().hex_to_screen(hex);
        h.hover_at(p);
        h.key_press(key);
        h.run();
    }
}

#[test]
fn anchor_and_target_keys_drive_the_path_overlay() {
    let mut h = harness(blank_doc(), FakeDialogs::default());
    let a = OffsetKind::OddR.to_hex(OffsetCoord::new(3, 3));
    let b = OffsetKind::OddR.to_hex(OffsetCoord::new(15, 9));
    anchor_and_target(&mut h, a, b);
    assert_eq!(h.state().view().overlays().anchor, Some(a));
    assert_eq!(h.state().view().overlays().target, Some(b));
    h.get_by_role_and_label(egui::Role::CheckBox, "Path (A*)")
        .click();
    h.run();
    let r = h.state().view().overlay_result();
    // Every empty cell costs 1: the cheapest path costs the hex distance (the overlay's
    // cost is in hundredths of a point since movement costs may be fractional).
    assert_eq!(
        r.path_cost,
        Some(Ok(u64::from(a.distance(b).unsigned_abs()) * 100))
    );
    assert_eq!(r.path.first(), Some(&a));
    assert_eq!(r.path.last(), Some(&b));
    assert!(h.query_by_label_contains("path cost").is_some());
}

#[test]
fn the_path_overlay_follows_edits_and_undo() {
    let mut h = harness(blank_doc(), FakeDialogs::default());
    let kind = OffsetKind::OddR;
    let a = kind.to_hex(OffsetCoord::new(3, 8));
    let b = kind.to_hex(OffsetCoord::new(13, 8));
    let mid = kind.to_hex(OffsetCoord::new(8, 8));
    anchor_and_target(&mut h, a, b);
    h.get_by_role_and_label(egui::Role::CheckBox, "Path (A*)")
        .click();
    h.run();
    // In hundredths of a point: each empty cell costs 1.
    let straight = u64::from(a.distance(b).unsigned_abs()) * 100;
    assert_eq!(
        h.state().view().overlay_result().path_cost,
        Some(Ok(straight))
    );

    // Brush radius 2 with `]` twice, then a dab of impassable sea across the path.
    h.key_press(Key::CloseBracket);
    h.key_press(Key::CloseBracket);
    h.run();
    assert_eq!(h.state().view().prefs().tools.brush_radius, 2);
    let sea = h.state().view().doc().map().palette().terrains()[0].clone();
    assert_eq!(sea.cost, hexmap::map::MoveCost::Impassable);
    let pm = h.state().view().hex_to_screen(mid);
    h.drag_at(pm);
    h.run();
    h.drop_at(pm);
    h.run();
    assert_eq!(h.state().view().doc().terrain(mid), Some(sea.id));
    let detour = match h.state().view().overlay_result().path_cost {
        Some(Ok(c)) => c,
        other => panic!("expected a detour, got {other:?}"),
    };
    assert!(detour > straight, "the path goes round the sea: {detour}");
    assert!(
        h.state()
            .view()
            .overlay_result()
            .path
            .iter()
            .all(|&x| x.distance(mid) > 2),
        "no step on the sea"
    );

    // Undo brings the straight path back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        h.state().view().overlay_result().path_cost,
        Some(Ok(straight))
    );
}

#[test]
fn the_status_bar_shows_frame_times() {
    let mut h = harness(blank_doc(), FakeDialogs::default());
    for _ in 0..3 {
        h.step();
    }
    let stats = h.state().view().frame_stats();
    let median = stats.editor_median_ms().expect("frames were timed");
    assert!(median > 0.0 && median < 10_000.0, "median {median} ms");
    let readout = stats.readout().expect("a readout");
    assert!(readout.starts_with("frame "), "{readout}");
    assert!(h.query_by_label_contains("frame ").is_some());
}

#[test]
fn the_canvas_keeps_its_place_whatever_the_status_bar_says() {
    // A long note makes the status text far wider than the window: the status bar must
    // not grow a line (which would move the canvas, and the map, under the pointer).
    let kind = OffsetKind::OddR;
    let noted = kind.to_hex(OffsetCoord::new(4, 4));
    let plain = kind.to_hex(OffsetCoord::new(12, 9));
    let mut map = blank_doc().map().clone();
    map.set_note(noted, Some("a long note about this hex ".repeat(8)))
        .unwrap();
    let mut h = harness(OpenMap::from_map(map), FakeDialogs::default());
    let p_plain = h.state().view().hex_to_screen(plain);
    h.hover_at(p_plain);
    h.run();
    assert_eq!(h.state().view().hovered(), Some(plain));
    let canvas = h.state().view().canvas_rect();
    let p_noted = h.state().view().hex_to_screen(noted);
    h.hover_at(p_noted);
    h.run();
    assert_eq!(h.state().view().hovered(), Some(noted));
    assert!(h.query_by_label_contains("a long note").is_some());
    assert_eq!(h.state().view().canvas_rect(), canvas);
    h.hover_at(Pos2::new(canvas.right() - 2.0, canvas.bottom() - 2.0));
    h.run();
    assert_eq!(h.state().view().canvas_rect(), canvas);
}
