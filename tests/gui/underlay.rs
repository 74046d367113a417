//! The tracing underlay in the editor: Map → Underlay… chooses the image (its
//! path kept relative to the map), the canvas draws it as a textured quad where its
//! numbers place it, the centre handle moves it in one undo step, and "Pick terrain from
//! underlay" paints the hexes it covers with the nearest palette colour (Ctrl+Z undoes).

use crate::harness::{run_until, settle, shown_labels, temp_dir};
use eframe::egui::{Key, Modifiers, Pos2, Rect, Role, Shape, TextureId, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::app::{Action, EditorApp};
use hexmap::draw::RgbaImage;
use hexmap::hex::{Hex, Point};
use hexmap::map::{Edit, MapEdit, TerrainId, Underlay};
use std::time::Duration;

/// The standard palette's Forest colour.
const FOREST_RGB: [u8; 3] = [0x2f, 0x7a, 0x3a];

/// The editor on a new map of grass saved in a scratch folder with `scans/scan.png` (a
/// 4 × 2 image of forest green) beside it; the file dialog answers with that image.
fn harness(name: &str) -> Harness<'static, EditorApp> {
    harness_choosing(name, "scans/scan.png", |_| {})
}

/// [`harness`], with `prepare` run on the scratch folder first and the file dialog
/// answering with `chosen` (a path in that folder).
fn harness_choosing(
    name: &str,
    chosen: &str,
    prepare: impl FnOnce(&std::path::Path),
) -> Harness<'static, EditorApp> {
    let dir = temp_dir(name);
    std::fs::create_dir_all(dir.join("scans")).unwrap();
    let [r, g, b] = FOREST_RGB;
    let scan = RgbaImage::new(4, 2, [r, g, b, 255].repeat(8)).unwrap();
    std::fs::write(
        dir.join("scans/scan.png"),
        hexmap::io::images::encode_png(&scan),
    )
    .unwrap();
    let spec = NewMapSpec {
        fill: TerrainId::new(2),
        ..NewMapSpec::default()
    };
    let mut doc = OpenMap::new_map(&spec).unwrap();
    doc.save(&dir.join("map.ron")).unwrap();
    prepare(&dir);
    let dialogs = FakeDialogs::with_answers([DialogReply::ChooseImage(dir.join(chosen))]);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    h
}

/// Open Map → Underlay… and choose the image through the window's button.
fn choose_image(h: &mut Harness<'static, EditorApp>) {
    h.get_by_label("Map").click();
    settle(h);
    h.get_by_label("Underlay…").click();
    settle(h);
    h.get_by_label("Choose image…").click();
    settle(h);
    settle(h);
}

fn underlay(h: &Harness<'static, EditorApp>) -> Option<Underlay> {
    h.state().view().doc().map().underlay().cloned()
}

/// The world point under screen point `p`.
fn world_at(h: &Harness<'static, EditorApp>, p: Pos2) -> Point {
    let v = h.state().view();
    v.camera().screen_to_world(v.canvas_rect(), p)
}

/// Place the underlay (the image chosen) centred under screen point `at`, `scale` world
/// units per pixel, as one edit.
fn place(h: &mut Harness<'static, EditorApp>, at: Pos2, scale: f64) {
    let u = Underlay {
        center: world_at(h, at),
        scale,
        opacity: 1.0,
        ..underlay(h).expect("an underlay")
    };
    h.state_mut()
        .push(Action::Edit(Edit::Map(MapEdit::SetUnderlay(Some(u)))));
    settle(h);
}

/// The number a spin field of the window shows.
fn shown_number(h: &Harness<'static, EditorApp>, name: &str) -> f64 {
    h.get_by_role_and_label(Role::SpinButton, name)
        .accesskit_node()
        .numeric_value()
        .expect("a number")
}

/// Every textured quad (a mesh of four vertices with a texture) of the last frame, by
/// its screen bounds.
fn textured_quads(h: &Harness<'static, EditorApp>) -> Vec<Rect> {
    fn collect(shape: &Shape, out: &mut Vec<Rect>) {
        match shape {
            Shape::Vec(v) => v.iter().for_each(|s| collect(s, out)),
            Shape::Mesh(m) if m.texture_id != TextureId::default() && m.vertices.len() == 4 => {
                out.push(m.calc_bounds());
            }
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
fn the_chosen_image_is_drawn_as_a_textured_quad_where_its_numbers_place_it() {
    let mut h = harness("underlay-drawn");
    choose_image(&mut h);
    let u = underlay(&h).expect("Choose image… sets the underlay");
    assert_eq!(u.path, "scans/scan.png", "relative to the map file");
    assert!(
        !shown_labels(&h).iter().any(|l| l.contains("not shown")),
        "the image loads: no warning"
    );
    let canvas = h.state().view().canvas_rect();
    place(&mut h, canvas.center() + Vec2::new(-200.0, 150.0), 1.0);
    // The window's scale field: 20 world units per pixel.
    h.get_by_role_and_label(Role::SpinButton, "Scale (units per pixel)")
        .set_value_accesskit(20.0);
    settle(&mut h);
    assert_eq!(underlay(&h).unwrap().scale, 20.0);
    // The image is 4 × 2 pixels of 20 world units: 80 × 40 world units about its centre.
    let u = underlay(&h).unwrap();
    let v = h.state().view();
    let top_left = v.world_to_screen(Point::new(u.center.x - 40.0, u.center.y - 20.0));
    let bottom_right = v.world_to_screen(Point::new(u.center.x + 40.0, u.center.y + 20.0));
    let want = Rect::from_two_pos(top_left, bottom_right);
    let quads = textured_quads(&h);
    assert!(
        quads
            .iter()
            .any(|r| { (r.min - want.min).length() < 1.0 && (r.max - want.max).length() < 1.0 }),
        "no textured quad at {want:?}: {quads:?}"
    );
    // Unticking Show removes it.
    h.get_by_label("Show").click();
    settle(&mut h);
    let quads = textured_quads(&h);
    assert!(
        !quads
            .iter()
            .any(|r| (r.min - want.min).length() < 1.0 && (r.max - want.max).length() < 1.0),
        "still drawn with Show off"
    );
}

#[test]
fn dragging_the_centre_handle_moves_the_underlay_in_one_undo_step() {
    let mut h = harness("underlay-handle");
    choose_image(&mut h);
    let canvas = h.state().view().canvas_rect();
    let at = canvas.center() + Vec2::new(-200.0, 150.0);
    place(&mut h, at, 20.0);
    let before = underlay(&h).unwrap();
    h.get_by_label("Edit handles").click();
    settle(&mut h);
    let steps = h.state().view().doc().document().history().undo_len();
    let to = at + Vec2::new(60.0, 30.0);
    h.hover_at(at);
    h.run();
    h.drag_at(at);
    h.run();
    h.hover_at(at + Vec2::new(30.0, 15.0));
    h.run();
    h.hover_at(to);
    h.run();
    h.drop_at(to);
    settle(&mut h);
    let after = underlay(&h).unwrap();
    let (want_x, want_y) = {
        let w = world_at(&h, to);
        let w0 = world_at(&h, at);
        (before.center.x + w.x - w0.x, before.center.y + w.y - w0.y)
    };
    assert!(
        (after.center.x - want_x).abs() < 0.5 && (after.center.y - want_y).abs() < 0.5,
        "centre {:?}, expected ({want_x}, {want_y})",
        after.center
    );
    assert_eq!(
        (after.scale, after.rotation),
        (before.scale, before.rotation)
    );
    assert_eq!(
        h.state().view().doc().document().history().undo_len(),
        steps + 1,
        "one drag, one undo step"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(underlay(&h).unwrap(), before, "undo restores the old place");
    assert!((shown_number(&h, "Centre x") - before.center.x).abs() < 0.01);
}

#[test]
fn pick_terrain_paints_the_covered_hex_and_ctrl_z_undoes_it() {
    let mut h = harness("underlay-pick");
    choose_image(&mut h);
    // One hex's centre, and the image shrunk to a 4 × 2 world-unit patch around it: only
    // that hex is covered.
    let map = h.state().view().doc().map().clone();
    let layout = map.layout().unwrap();
    let hex = map.shape().iter().nth(40).unwrap();
    let neighbour = hex + Hex::new(1, 0);
    let u = Underlay {
        center: layout.hex_to_pixel(hex),
        scale: 1.0,
        ..underlay(&h).unwrap()
    };
    h.state_mut()
        .push(Action::Edit(Edit::Map(MapEdit::SetUnderlay(Some(u)))));
    settle(&mut h);
    let terrain =
        |h: &Harness<'static, EditorApp>, at: Hex| h.state().view().doc().map().terrain(at);
    let grass = TerrainId::new(2);
    assert_eq!((terrain(&h, hex), terrain(&h, neighbour)), (grass, grass));
    h.get_by_label("Pick terrain from underlay").click();
    settle(&mut h);
    assert_eq!(terrain(&h, hex), TerrainId::new(3), "forest green → Forest");
    assert_eq!(
        terrain(&h, neighbour),
        grass,
        "a hex the image misses is left"
    );
    assert!(
        shown_labels(&h).iter().any(|l| l == "1 hex changed."),
        "{:?}",
        shown_labels(&h)
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(terrain(&h, hex), grass, "Ctrl+Z undoes the pick");
}

/// No stalls: a large underlay (2,000 × 2,000 pixels of noise) is read and
/// decoded off the UI pass. Frames go on while it loads, the status bar says "Loading
/// images…" meanwhile, and the image is drawn once it has loaded.
#[test]
fn a_large_underlay_loads_off_the_ui_pass_with_a_status_and_is_then_drawn() {
    let write_big = |dir: &std::path::Path| {
        let (w, ht) = (2000u32, 2000u32);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let pixels: Vec<u8> = (0..w * ht)
            .flat_map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let [r, g, b, ..] = seed.to_le_bytes();
                [r, g, b, 255]
            })
            .collect();
        let big = RgbaImage::new(w, ht, pixels).unwrap();
        std::fs::write(
            dir.join("scans/big.png"),
            hexmap::io::images::encode_png(&big),
        )
        .unwrap();
    };
    let mut h = harness_choosing("underlay-large", "scans/big.png", write_big);
    h.get_by_label("Map").click();
    settle(&mut h);
    h.get_by_label("Underlay…").click();
    settle(&mut h);
    h.get_by_label("Choose image…").click();
    // The choice is applied after the frame of the click; a frame after it starts the load.
    let started = run_until(&mut h, Duration::from_secs(5), |h| {
        h.state().view().images_loading()
    });
    assert!(started, "the load runs after the frame that asked");
    // The frames go on while it loads: the status bar, drawn by them, says so.
    let mut status_said_loading = false;
    let loaded = run_until(&mut h, Duration::from_secs(30), |h| {
        let loading = h.state().view().images_loading();
        status_said_loading |= loading && shown_labels(h).iter().any(|l| l == "Loading images…");
        !loading
    });
    assert!(loaded, "the underlay loaded");
    assert!(
        status_said_loading,
        "the status bar says the images are loading while they load"
    );
    settle(&mut h);
    assert!(!h.state().view().images_loading());
    assert!(!shown_labels(&h).iter().any(|l| l == "Loading images…"));
    assert!(
        !textured_quads(&h).is_empty(),
        "the underlay is drawn once loaded"
    );
}

/// The Underlay window's box on screen.
fn window_rect(h: &Harness<'static, EditorApp>) -> Rect {
    h.get_by_role_and_label(Role::Window, "Underlay").rect()
}

#[test]
fn a_new_underlay_is_fitted_to_the_map_and_its_window_never_covers_the_move_handle() {
    let mut h = harness("underlay-fit");
    choose_image(&mut h);
    let u = underlay(&h).expect("an underlay");
    // The 4 × 2 scan is as large as fits the map, centred on it: on screen its quad spans
    // the map's whole width or height.
    let (lo, hi) = h.state().view().doc().world_bounds();
    let v = h.state().view();
    let map_box = Rect::from_two_pos(v.world_to_screen(lo), v.world_to_screen(hi));
    let quads = textured_quads(&h);
    let quad = quads
        .iter()
        .find(|r| (r.center() - map_box.center()).length() < 1.0)
        .unwrap_or_else(|| panic!("no quad centred on the map {map_box:?}: {quads:?}"));
    let fits_width =
        (quad.width() - map_box.width()).abs() < 1.0 && quad.height() <= map_box.height() + 1.0;
    let fits_height =
        (quad.height() - map_box.height()).abs() < 1.0 && quad.width() <= map_box.width() + 1.0;
    assert!(
        fits_width || fits_height,
        "quad {quad:?} in map {map_box:?}"
    );
    assert!((shown_number(&h, "Scale (units per pixel)") - u.scale).abs() < 1e-3);
    assert!(u.scale > 10.0, "not one world unit per pixel: {}", u.scale);
    // With the handles on, the window covers neither the centre (move) handle…
    h.get_by_label("Edit handles").click();
    settle(&mut h);
    let centre = h.state().view().world_to_screen(u.center);
    assert!(
        !window_rect(&h).expand(5.0).contains(centre),
        "{:?} covers {centre:?}",
        window_rect(&h)
    );
    // …nor does it after the handle is dragged to where the window stood.
    let under_window = window_rect(&h).center();
    h.hover_at(centre);
    h.run();
    h.drag_at(centre);
    h.run();
    h.hover_at(centre + (under_window - centre) * 0.5);
    h.run();
    h.hover_at(under_window);
    h.run();
    h.drop_at(under_window);
    settle(&mut h);
    let moved = underlay(&h).unwrap();
    let centre = h.state().view().world_to_screen(moved.center);
    assert!(
        (centre - under_window).length() < 2.0,
        "the handle moved the underlay"
    );
    assert!(
        !window_rect(&h).expand(5.0).contains(centre),
        "{:?} covers {centre:?}",
        window_rect(&h)
    );
}
