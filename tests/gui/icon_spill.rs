//! Icons drawn past their hex on the canvas: a castle grown to scale 4 on the last column
//! of one chunk of the cache is drawn over the next chunk's grass, and removing it gives
//! the grass back (the next chunk is redrawn both times).

use eframe::egui::{Color32, Pos2, Shape, TextureId, Vec2};
use egui_kittest::Harness;
use hexmap::app::canvas::camera::Camera;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::app::{Action, EditorApp};
use hexmap::hex::{OffsetCoord, OffsetKind};
use hexmap::map::testing::TestMap;
use hexmap::map::{AnnotationEdit, BuiltinIcon, Edit, Icon, Rgb};

/// The colour painted last at `p` by the untextured meshes of the last frame (what a
/// person sees there, overlays aside).
fn colour_at(h: &Harness<'static, EditorApp>, p: Pos2) -> Option<Color32> {
    fn inside(p: Pos2, a: Pos2, b: Pos2, c: Pos2) -> bool {
        let side = |u: Pos2, v: Pos2| (v.x - u.x) * (p.y - u.y) - (v.y - u.y) * (p.x - u.x);
        let (d1, d2, d3) = (side(a, b), side(b, c), side(c, a));
        (d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0) || (d1 <= 0.0 && d2 <= 0.0 && d3 <= 0.0)
    }
    fn visit(shape: &Shape, p: Pos2, top: &mut Option<Color32>) {
        match shape {
            Shape::Mesh(m) if m.texture_id == TextureId::default() => {
                for t in m.indices.chunks_exact(3) {
                    let v = |i: u32| &m.vertices[i as usize];
                    let (a, b, c) = (v(t[0]), v(t[1]), v(t[2]));
                    if a.color.a() == 255 && inside(p, a.pos, b.pos, c.pos) {
                        *top = Some(a.color);
                    }
                }
            }
            Shape::Vec(v) => v.iter().for_each(|s| visit(s, p, top)),
            _ => {}
        }
    }
    let mut top = None;
    for clipped in &h.output().shapes {
        visit(&clipped.shape, p, &mut top);
    }
    top
}

const GRASS: [u8; 3] = [0x70, 0xb0, 0x50];

#[test]
fn a_big_icon_is_drawn_over_the_next_chunk_and_removing_it_clears_it() {
    let mut map = TestMap::rectangle(OffsetKind::OddR, 48, 20)
        .named("spill")
        .hex_size(10.0)
        .terrains(|palette| palette[1].color = Rgb(GRASS))
        .build();
    let grass_id = map.palette().terrains()[1].id;
    for hex in map.shape().iter().collect::<Vec<_>>() {
        map.set_terrain(hex, Some(grass_id)).unwrap();
    }
    // Column 31 is the last of the first chunk (chunks are 32 cells wide).
    let home = OffsetKind::OddR.to_hex(OffsetCoord::new(31, 10));
    map.set_icons(home, vec![Icon::builtin(BuiltinIcon::Castle)])
        .unwrap();
    let doc = OpenMap::from_map(map);
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    let centre = h.state().view().doc().layout().hex_to_pixel(home);
    h.state_mut().set_camera(Camera { centre, zoom: 2.0 });
    h.run();
    let at = h.state().view().canvas_rect().center();
    // Points in hex (32, 10), the first of the next chunk (its centre 17.3 units = 34.6
    // points right), inside the box of the castle at scale 4 (±40 points) but outside it
    // at scale 1 (±10).
    let probes = [(28.0, -10.0), (28.0, 10.0), (34.0, 0.0), (38.0, 0.0)]
        .map(|(dx, dy)| at + Vec2::new(dx, dy));
    let grass = Color32::from_rgb(GRASS[0], GRASS[1], GRASS[2]);
    let seen = |h: &Harness<'static, EditorApp>| probes.map(|p| colour_at(h, p));
    assert!(
        seen(&h).iter().all(|c| *c == Some(grass)),
        "grass beside the small castle: {:?}",
        seen(&h)
    );
    let big = Icon {
        gm_only: false,
        scale: 4.0,
        ..Icon::builtin(BuiltinIcon::Castle)
    };
    h.state_mut()
        .push(Action::Edit(Edit::Annotation(AnnotationEdit::ChangeIcon {
            hex: home,
            index: 0,
            icon: big,
        })));
    h.run();
    let covered = seen(&h).iter().filter(|c| **c != Some(grass)).count();
    assert!(
        covered >= 3,
        "the big castle covers the next chunk's grass: {:?}",
        seen(&h)
    );
    h.state_mut()
        .push(Action::Edit(Edit::Annotation(AnnotationEdit::RemoveIcon {
            hex: home,
            index: 0,
        })));
    h.run();
    assert!(
        seen(&h).iter().all(|c| *c == Some(grass)),
        "grass again once it is gone: {:?}",
        seen(&h)
    );
}
