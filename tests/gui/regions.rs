//! The region tool as a user drives it: choose the tool, make a new region in
//! the Regions panel, drag the brush across the map — the region's name and outline show
//! on the canvas and in the panel — then undo the stroke in one step; the bucket fills a
//! contiguous terrain into the region.

use crate::harness::{settle, shown_labels};
use eframe::egui::{Color32, Key, Modifiers, Pos2, Rect, Shape, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::app::tools::Tool;
use hexmap::draw::named_regions::outline_rings;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind, Point};
use hexmap::map::testing::TestMap;
use hexmap::map::{HexMap, TerrainId};

fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

/// A 10 × 8 odd-r map of grass with big hexes and a block of forest (columns 6–8, rows
/// 1–3) for the bucket.
fn map() -> HexMap {
    let mut m = TestMap::rectangle(OffsetKind::OddR, 10, 8)
        .named("regions")
        .hex_size(30.0)
        .build();
    for h in m.shape().iter().collect::<Vec<_>>() {
        let c = OffsetKind::OddR.from_hex(h);
        let forest = (6..=8).contains(&c.col) && (1..=3).contains(&c.row);
        m.set_terrain(h, TerrainId::new(if forest { 3 } else { 2 }))
            .unwrap();
    }
    m
}

fn harness() -> Harness<'static, EditorApp> {
    let doc = OpenMap::from_map(map());
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h
}

/// Every shape drawn in the last frame inside `rect`, nested lists flattened.
fn shapes_in(h: &Harness<'static, EditorApp>, rect: Rect) -> Vec<Shape> {
    fn collect(shape: &Shape, out: &mut Vec<Shape>) {
        match shape {
            Shape::Vec(v) => v.iter().for_each(|s| collect(s, out)),
            s => out.push(s.clone()),
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        if rect.contains_rect(clipped.clip_rect) {
            collect(&clipped.shape, &mut out);
        }
    }
    out
}

fn texts(shapes: &[Shape]) -> Vec<String> {
    (shapes.iter())
        .filter_map(|s| match s {
            Shape::Text(t) => Some(t.galley.text().to_owned()),
            _ => None,
        })
        .collect()
}

/// True when a mesh triangle of colour `colour` covers `p`.
fn coloured_at(shapes: &[Shape], p: Pos2, colour: Color32) -> bool {
    let inside = |a: Pos2, b: Pos2, c: Pos2| {
        let s = |p1: Pos2, p2: Pos2| (p.x - p2.x) * (p1.y - p2.y) - (p1.x - p2.x) * (p.y - p2.y);
        let (d1, d2, d3) = (s(a, b), s(b, c), s(c, a));
        !((d1 < 0.0 || d2 < 0.0 || d3 < 0.0) && (d1 > 0.0 || d2 > 0.0 || d3 > 0.0))
    };
    shapes.iter().any(|s| match s {
        Shape::Mesh(m) => m.indices.chunks(3).any(|t| {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| m.vertices[i as usize]);
            a.color == colour && inside(a.pos, b.pos, c.pos)
        }),
        _ => false,
    })
}

/// Choose the region tool with its key and make a new region in the panel.
fn new_region(h: &mut Harness<'static, EditorApp>) {
    h.key_press(Key::K);
    h.run();
    assert_eq!(h.state().view().tool(), Tool::Region);
    h.get_by_label("New region").click();
    settle(h);
    assert!(h.state().view().current_region().is_some());
}

#[test]
fn painting_a_region_shows_its_name_and_outline_and_undo_takes_the_stroke_back() {
    let mut h = harness();
    new_region(&mut h);
    let id = h.state().view().current_region().unwrap();
    let camera = *h.state().view().camera();
    let rect = h.state().view().canvas_rect();
    let layout = h.state().view().doc().layout();
    let screen = |hex: Hex| camera.world_to_screen(rect, layout.hex_to_pixel(hex));
    let (a, b, c) = (screen(at(2, 4)), screen(at(3, 4)), screen(at(4, 4)));
    h.hover_at(a);
    h.run();
    h.drag_at(a);
    h.run();
    h.hover_at(b);
    h.run();
    h.hover_at(c);
    h.run();
    h.drop_at(c);
    settle(&mut h);
    let region = h
        .state()
        .view()
        .doc()
        .map()
        .regions()
        .get(id)
        .unwrap()
        .clone();
    assert!(region.hexes.contains(&at(2, 4)) && region.hexes.contains(&at(4, 4)));
    let painted = region.hexes.len();
    assert!(painted >= 3, "{painted} hexes");
    // What a person sees: the panel lists it, the canvas writes its name and strokes its
    // outline in its colour along the outer hexsides.
    let listed = format!("Region 1 (Political, {painted} hexes)");
    assert!(shown_labels(&h).contains(&listed), "{:?}", shown_labels(&h));
    let shapes = shapes_in(&h, rect);
    assert!(
        texts(&shapes).iter().any(|t| t == "Region 1"),
        "{:?}",
        texts(&shapes)
    );
    let [r, g, bl] = region.look.color.0;
    let colour = Color32::from_rgb(r, g, bl);
    let rings = outline_rings(&region.hexes, &layout);
    let mut on_line = 0;
    let mut sides = 0;
    for ring in &rings {
        for (i, p) in ring.iter().enumerate() {
            let q = ring[(i + 1) % ring.len()];
            let mid = Point::new((p.x + q.x) / 2.0, (p.y + q.y) / 2.0);
            let s = camera.world_to_screen(rect, mid);
            if rect.shrink(4.0).contains(s) {
                sides += 1;
                on_line += usize::from(coloured_at(&shapes, s, colour));
            }
        }
    }
    assert!(
        sides > 6 && on_line == sides,
        "{on_line} of {sides} sides stroked"
    );
    // Not across the middle of a painted hex.
    assert!(!coloured_at(&shapes, screen(at(3, 4)), colour));
    // One undo step takes the whole stroke back; the region itself stays.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    let map = h.state().view().doc().map();
    assert!(map.regions().get(id).unwrap().hexes.is_empty());
    let shapes = shapes_in(&h, rect);
    assert!(!texts(&shapes).iter().any(|t| t == "Region 1"));
}

#[test]
fn the_bucket_puts_the_contiguous_forest_into_the_region() {
    let mut h = harness();
    new_region(&mut h);
    h.get_by_label("Bucket: same terrain").click();
    settle(&mut h);
    let camera = *h.state().view().camera();
    let rect = h.state().view().canvas_rect();
    let layout = h.state().view().doc().layout();
    let p = camera.world_to_screen(rect, layout.hex_to_pixel(at(7, 2)));
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    settle(&mut h);
    let id = h.state().view().current_region().unwrap();
    let hexes = &h
        .state()
        .view()
        .doc()
        .map()
        .regions()
        .get(id)
        .unwrap()
        .hexes;
    assert_eq!(hexes.len(), 9, "the 3 × 3 forest block");
    assert!(hexes.iter().all(|x| {
        let c = OffsetKind::OddR.from_hex(*x);
        (6..=8).contains(&c.col) && (1..=3).contains(&c.row)
    }));
}
