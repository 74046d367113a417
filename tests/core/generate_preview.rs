//! The Generate window's preview of a generated world (a picture of the whole world at a
//! few pixels a hex, `PictureOptions::overview`) shows what its summary counts: rivers
//! along their hexsides, roads through their hexes, a dot on every settlement; and the
//! world's names, drawn, overlap nowhere.

use hexmap::draw::colour::{Colour, DARK_INK};
use hexmap::generate::{Preset, Spec, generate};
use hexmap::hex::{OffsetKind, Orientation, Point};
use hexmap::io::render::{PictureOptions, png_meta, render_png};
use hexmap::map::{HexMap, MapShape};

/// The Generate window's first world on a 60 × 40 map: an island from seed 1.
fn world() -> HexMap {
    let shape = MapShape::rectangle(OffsetKind::OddR, 60, 40).unwrap();
    generate(&Spec::new(shape, Orientation::Pointy, Preset::Island, 1)).unwrap()
}

/// The picture's pixels and its world → pixel transform.
struct Picture {
    pixels: tiny_skia::Pixmap,
    scale: f64,
    offset: (f64, f64),
}

impl Picture {
    fn of(map: &HexMap, opts: &PictureOptions) -> Picture {
        let png = render_png(map, opts, &mut |_| {}).unwrap();
        let text = png_meta::read_text(&png, "hexmap-transform").unwrap();
        let t: serde_json::Value = serde_json::from_str(&text).unwrap();
        Picture {
            pixels: tiny_skia::Pixmap::decode_png(&png).unwrap(),
            scale: t["scale"].as_f64().unwrap(),
            offset: (
                t["offset"][0].as_f64().unwrap(),
                t["offset"][1].as_f64().unwrap(),
            ),
        }
    }

    /// Whether a pixel within one pixel of world point `p` is near `colour`.
    fn near(&self, p: Point, colour: Colour, tolerance: i32) -> bool {
        let (x, y) = (
            p.x * self.scale + self.offset.0,
            p.y * self.scale + self.offset.1,
        );
        (-1..=1).any(|dy| {
            (-1..=1).any(|dx| {
                let (px, py) = (x.round() as i64 + dx, y.round() as i64 + dy);
                let Some(c) = self
                    .pixels
                    .pixel(px as u32, py as u32)
                    .filter(|_| px >= 0 && py >= 0)
                else {
                    return false;
                };
                let c = c.demultiply();
                (i32::from(c.red()) - i32::from(colour.r)).abs()
                    + (i32::from(c.green()) - i32::from(colour.g)).abs()
                    + (i32::from(c.blue()) - i32::from(colour.b)).abs()
                    <= tolerance
            })
        })
    }
}

/// Of the world's rivers, roads and settlements, the share the preview shows: river
/// sides with the river's colour at their middle, road hexes with the road's colour at
/// their centre (settlements aside, where a dot lies), settlements with a dark dot.
fn shown(map: &HexMap, picture: &Picture) -> (f64, f64, f64) {
    let layout = map.layout().unwrap();
    let share = |hits: usize, all: usize| hits as f64 / all.max(1) as f64;
    let edges: Vec<_> = map.edges().collect();
    let river_hits = edges
        .iter()
        .filter(|(e, kind)| {
            let colour = map.edge_palette().get(*kind).unwrap().color.into();
            let [a, b] = layout.edge_points(*e);
            picture.near(Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0), colour, 60)
        })
        .count();
    let settled = |h| !map.icons().at(h).is_empty();
    let road_hexes: Vec<_> = map
        .paths()
        .iter()
        .flat_map(|p| {
            let colour: Colour = map.path_palette().get(p.kind).unwrap().color.into();
            p.hexes.iter().map(move |&h| (h, colour))
        })
        .filter(|&(h, _)| !settled(h))
        .collect();
    let road_hits = road_hexes
        .iter()
        .filter(|&&(h, colour)| picture.near(layout.hex_to_pixel(h), colour, 60))
        .count();
    let towns: Vec<_> = map.icons().iter().map(|(h, _)| h).collect();
    let town_hits = towns
        .iter()
        .filter(|&&h| picture.near(layout.hex_to_pixel(h), DARK_INK, 30))
        .count();
    (
        share(river_hits, edges.len()),
        share(road_hits, road_hexes.len()),
        share(town_hits, towns.len()),
    )
}

#[test]
fn the_preview_draws_the_rivers_roads_and_settlements_it_counts() {
    let map = world();
    assert!(map.edges().count() > 0 && !map.paths().is_empty() && !map.icons().is_empty());
    let preview = PictureOptions::overview(&map, 300.0);
    let hex_px = preview.scale * map.properties().hex_size.x;
    assert!(hex_px < 4.0, "hexes of a few pixels: {hex_px}");
    let (rivers, roads, towns) = shown(&map, &Picture::of(&map, &preview));
    assert!(rivers >= 0.9, "rivers shown: {:.0}%", rivers * 100.0);
    assert!(roads >= 0.8, "roads shown: {:.0}%", roads * 100.0);
    assert_eq!(towns, 1.0, "every settlement has its dot");
    // The same picture without the overview (as the preview was drawn before): at these
    // sizes none of them shows.
    let plain = PictureOptions {
        overview: false,
        ..preview
    };
    let (rivers, roads, towns) = shown(&map, &Picture::of(&map, &plain));
    assert!(
        rivers < 0.2 && roads < 0.2 && towns < 0.2,
        "{rivers} {roads} {towns}"
    );
}

#[test]
fn the_names_of_a_generated_world_overlap_nowhere_as_drawn() {
    let map = world();
    let layout = map.layout().unwrap();
    // Each text a name is drawn as (a curved name's glyphs one by one).
    let boxes: Vec<(String, Point, Point)> = map
        .labels()
        .iter()
        .flat_map(|(_, l)| {
            hexmap::draw::annotations::label_texts(l, &layout)
                .into_iter()
                .map(move |t| (l.text.clone(), t))
        })
        .map(|(name, t)| {
            let c = hexmap::draw::text_box::TextBox::of(&t).corners(&t);
            let lo = c.iter().fold(Point::new(f64::MAX, f64::MAX), |a, p| {
                Point::new(a.x.min(p.x), a.y.min(p.y))
            });
            let hi = c.iter().fold(Point::new(f64::MIN, f64::MIN), |a, p| {
                Point::new(a.x.max(p.x), a.y.max(p.y))
            });
            (name, lo, hi)
        })
        .collect();
    assert!(
        boxes.len() >= 2,
        "an island and a range at least: {boxes:?}"
    );
    for (i, (a, a0, a1)) in boxes.iter().enumerate() {
        for (b, b0, b1) in &boxes[i + 1..] {
            let apart = a1.x <= b0.x || a0.x >= b1.x || a1.y <= b0.y || a0.y >= b1.y;
            assert!(apart || a == b, "{a} and {b} overlap");
        }
    }
}
