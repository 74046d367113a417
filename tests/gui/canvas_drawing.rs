//! The map canvas as it is drawn: coordinate labels come from the cached chunks (drawn by
//! `draw`), only where legible, and follow the label system when it changes; overlays are
//! drawn by `draw` over them.

use eframe::egui::epaint::ColorMode;
use eframe::egui::{Color32, Shape, Vec2};
use egui_kittest::Harness;
use hexmap::app::EditorApp;
use hexmap::app::canvas::camera::Camera;
use hexmap::app::canvas::overlays::{OverlayKind, OverlayState};
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::hex::{CoordSystem, Hex};

/// The editor on a blank 24 × 16 map of 32-unit hexes, looking at hex (0, 0).
fn harness() -> Harness<'static, EditorApp> {
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h
}

/// Look at hex (0, 0) with `zoom` screen points per world unit.
fn look(h: &mut Harness<'static, EditorApp>, zoom: f64) {
    let centre = h.state().view().doc().layout().hex_to_pixel(Hex::ORIGIN);
    h.state_mut().set_camera(Camera { centre, zoom });
}

fn labels(h: &mut Harness<'static, EditorApp>, system: CoordSystem) {
    h.state_mut().set_overlays(OverlayState {
        labels: true,
        label_system: system,
        ..OverlayState::default()
    });
}

/// Every shape drawn in the last frame, nested lists flattened.
fn shapes(h: &Harness<'static, EditorApp>) -> Vec<Shape> {
    fn collect(shape: &Shape, out: &mut Vec<Shape>) {
        match shape {
            Shape::Vec(v) => v.iter().for_each(|s| collect(s, out)),
            s => out.push(s.clone()),
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        collect(&clipped.shape, &mut out);
    }
    out
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

#[test]
fn labels_are_drawn_where_legible_and_follow_the_label_system() {
    let mut h = harness();
    // 32 px hexes: labels are legible.
    look(&mut h, 1.0);
    labels(&mut h, CoordSystem::Axial);
    h.run();
    let shown = texts(&h);
    assert!(shown.iter().any(|t| t == "0,0"), "{shown:?}");
    assert!(shown.iter().any(|t| t == "1,0"), "{shown:?}");
    assert!(h.state().view().paint_stats().texts > 10);

    // Another system: the cached chunks are redrawn with the new labels.
    labels(&mut h, CoordSystem::Cube);
    h.run();
    let shown = texts(&h);
    assert!(shown.iter().any(|t| t == "1,0,-1"), "{shown:?}");
    assert!(
        !shown.iter().any(|t| t == "1,0"),
        "no axial label is left: {shown:?}"
    );

    // 6 px hexes: a label would be under 7 px, so none is drawn.
    look(&mut h, 0.2);
    h.run();
    assert_eq!(h.state().view().paint_stats().texts, 0);
    assert!(!texts(&h).iter().any(|t| t == "1,0,-1"));
}

#[test]
fn overlay_hexes_are_hatched_and_outlined_with_the_anchor_and_target_outlined() {
    let mut h = harness();
    look(&mut h, 1.0);
    let (anchor, target) = (Hex::new(1, 0), Hex::new(3, 1));
    h.state_mut().set_overlays(OverlayState {
        range: true,
        anchor: Some(anchor),
        target: Some(target),
        ..OverlayState::default()
    });
    let over = Hex::new(2, 1);
    let at = h.state().view().hex_to_screen(over);
    h.hover_at(at);
    h.run();
    let set: Vec<Hex> = h
        .state()
        .view()
        .overlay_result()
        .set(OverlayKind::Range)
        .map(<[Hex]>::to_vec)
        .unwrap_or_default();
    assert!(
        set.len() >= 10,
        "range 2 around {over:?} on the map: {}",
        set.len()
    );
    let drawn = shapes(&h);
    // Two-point lines of a given width (hatching 1.6 px, the set's outline 2.5 px).
    let segments = |width: f32| -> Vec<[eframe::egui::Pos2; 2]> {
        drawn
            .iter()
            .filter_map(|s| match s {
                Shape::Path(p)
                    if !p.closed
                        && p.points.len() == 2
                        && (p.stroke.width - width).abs() < 1e-3 =>
                {
                    Some([p.points[0], p.points[1]])
                }
                _ => None,
            })
            .collect()
    };
    let centres: Vec<_> = set
        .iter()
        .map(|&x| h.state().view().hex_to_screen(x))
        .collect();
    let hatches = segments(1.6);
    assert!(
        hatches.len() >= 3 * set.len(),
        "several hatch lines per hex: {} for {} hexes",
        hatches.len(),
        set.len()
    );
    for [a, b] in &hatches {
        let mid = a.lerp(*b, 0.5);
        assert!(
            centres.iter().any(|c| c.distance(mid) <= 32.0 + 0.5),
            "hatch at {mid:?} outside the overlay"
        );
    }
    let boundary = set
        .iter()
        .flat_map(|x| x.neighbors())
        .filter(|n| !set.contains(n))
        .count();
    assert_eq!(
        segments(2.5).len(),
        boundary,
        "one outline side per boundary side"
    );
    // The terrain is not washed over: no mesh vertex in the overlay's hue (any opacity).
    let c = OverlayKind::Range.colour();
    let in_hue = |v: &Color32| {
        let [r, g, b, a] = v.to_srgba_unmultiplied();
        let near = |x: u8, y: u8| x.abs_diff(y) <= 3;
        a > 0 && near(r, c.r) && near(g, c.g) && near(b, c.b)
    };
    assert!(
        !drawn
            .iter()
            .any(|s| matches!(s, Shape::Mesh(m) if m.vertices.iter().any(|v| in_hue(&v.color))))
    );
    let outlined = |colour: Color32| {
        drawn
            .iter()
            .any(|s| matches!(s, Shape::Path(p) if p.closed && p.stroke.color == ColorMode::Solid(colour)))
    };
    assert!(outlined(Color32::from_rgb(255, 120, 255)), "the anchor");
    assert!(outlined(Color32::from_rgb(120, 255, 255)), "the target");
}
