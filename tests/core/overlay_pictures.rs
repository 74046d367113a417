//! Overlays as a person sees them: the editor's overlays drawn over real terrain through the
//! raster back-end, and the pixels measured. A translucent yellow field
//! of view vanished on beach, the white line on snow, and the green movement tint made
//! hills look like grassland.

use hexmap::draw::overlay::{HexSet, OverlayStyle, Overlays, Pattern, draw_overlays};
use hexmap::draw::{Colour, Layers, MapScene, Region, Scene, Style, colour::contrast};
use hexmap::hex::{Hex, Layout, Orientation, range};
use hexmap::io::render::{Fonts, RasterSink, ToPixels};
use hexmap::map::testing::TestMap;
use hexmap::map::{HexMap, MapShape, TerrainId};
use tiny_skia::Pixmap;

/// Pixels per world unit; the hex radius is 20 units, so 40 px on screen (about the
/// editor's default zoom on the island).
const SCALE: f64 = 2.0;
const SIDE: u32 = 400;

/// The island's palette on a radius-3 hexagon, every cell `terrain`.
fn map_of(terrain: &str) -> (HexMap, TerrainId) {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/maps/island.ron")).unwrap();
    let (island, _) = hexmap::io::from_str(&text).unwrap();
    let mut map = TestMap::on(
        island.properties().orientation,
        MapShape::hexagon(3).unwrap(),
    )
    .properties(|props| *props = island.properties().clone())
    .named("overlays")
    .palette(island.palette().clone())
    .build();
    let id = map
        .palette()
        .terrains()
        .iter()
        .find(|t| t.name == terrain)
        .unwrap()
        .id;
    for h in range(Hex::ORIGIN, 3) {
        map.set_terrain(h, Some(id)).unwrap();
    }
    (map, id)
}

/// The map drawn as in the editor, with `set` marked by `kind`'s overlay style when given.
fn render(map: &HexMap, set: Option<(Colour, Pattern)>) -> Pixmap {
    let layout = Layout::regular(Orientation::Pointy, 20.0).unwrap();
    let style = Style::editor(Layers::editor());
    let scene = MapScene::whole(map, layout, &style);
    let mut pixmap = Pixmap::new(SIDE, SIDE).unwrap();
    pixmap.fill(tiny_skia::Color::from_rgba8(32, 34, 38, 255));
    let fonts = Fonts::new();
    let half = f64::from(SIDE) / 2.0;
    let to_px = ToPixels {
        scale: SCALE,
        offset: (half, half),
    };
    let mut sink = RasterSink::new(&mut pixmap, to_px, &fonts);
    scene.draw(&Region::Block(scene.bounds()), SCALE, &mut sink);
    if let Some((colour, pattern)) = set {
        let hexes: Vec<Hex> = range(Hex::ORIGIN, 1).collect();
        let sets = [HexSet {
            hexes: &hexes,
            colour,
            pattern,
        }];
        let overlays = Overlays {
            sets: &sets,
            path: &[],
            path_colour: Colour::BLACK,
            anchor: None,
            target: None,
        };
        draw_overlays(
            &layout,
            &overlays,
            None,
            SCALE,
            &OverlayStyle::default(),
            &|h| scene.fill_at(h),
            &mut sink,
        );
    }
    pixmap
}

/// The pixels inside the centre hex (within 80 % of its inradius).
fn centre_pixels(p: &Pixmap) -> Vec<Colour> {
    let half = f64::from(SIDE) / 2.0;
    let inner = 20.0 * SCALE * 3f64.sqrt() / 2.0 * 0.8;
    let mut out = Vec::new();
    for y in 0..SIDE {
        for x in 0..SIDE {
            let (dx, dy) = (f64::from(x) + 0.5 - half, f64::from(y) + 0.5 - half);
            if dx.hypot(dy) < inner {
                let c = p.pixel(x, y).unwrap().demultiply();
                out.push(Colour::rgba(c.red(), c.green(), c.blue(), c.alpha()));
            }
        }
    }
    out
}

/// The editor's overlays and their marks (hue and pattern as `app::overlays` gives them).
fn overlays() -> [(&'static str, Colour, Pattern); 3] {
    [
        (
            "field of view",
            Colour::rgb(255, 240, 120),
            Pattern::Hatch { angle_deg: 120.0 },
        ),
        (
            "movement",
            Colour::rgb(90, 255, 90),
            Pattern::Hatch { angle_deg: 60.0 },
        ),
        ("line", Colour::WHITE, Pattern::Hatch { angle_deg: 0.0 }),
    ]
}

#[test]
fn every_overlay_is_seen_on_every_terrain() {
    for terrain in [
        "Beach",
        "Hills",
        "Snow peaks",
        "Grassland",
        "Deep sea",
        "Forest",
    ] {
        let (map, _) = map_of(terrain);
        let bare = centre_pixels(&render(&map, None));
        for (name, colour, pattern) in overlays() {
            let marked = centre_pixels(&render(&map, Some((colour, pattern))));
            // A person sees the overlay where pixels changed with a contrast of at least
            // 2 : 1; a tenth of the hex must show it.
            let changed = bare
                .iter()
                .zip(&marked)
                .filter(|(a, b)| contrast(**a, **b) >= 2.0)
                .count();
            let share = changed as f64 / bare.len() as f64;
            assert!(
                share >= 0.10,
                "{name} on {terrain}: only {:.1} % of the hex visibly marked",
                share * 100.0
            );
        }
    }
}

#[test]
fn an_overlay_never_makes_one_terrain_look_like_another() {
    let (island, _) = map_of("Beach");
    let palette: Vec<(String, Colour)> = island
        .palette()
        .terrains()
        .iter()
        .map(|t| (t.name.clone(), Colour::from(t.color)))
        .collect();
    let distance = |a: Colour, b: Colour| {
        let d = |x: u8, y: u8| (f64::from(x) - f64::from(y)).powi(2);
        (d(a.r, b.r) + d(a.g, b.g) + d(a.b, b.b)).sqrt()
    };
    for (terrain, _) in &palette {
        let (map, _) = map_of(terrain);
        for (name, colour, pattern) in overlays() {
            let marked = centre_pixels(&render(&map, Some((colour, pattern))));
            // Most of the hex still shows its own terrain: the commonest colour in it is
            // nearest to its own palette colour of all the palette's colours.
            let mut counts = std::collections::HashMap::new();
            for c in &marked {
                *counts.entry(c.to_array()).or_insert(0usize) += 1;
            }
            let (&common, &n) = counts.iter().max_by_key(|(_, n)| **n).unwrap();
            let common = Colour::from_array(common);
            let nearest = palette
                .iter()
                .min_by(|a, b| distance(a.1, common).total_cmp(&distance(b.1, common)))
                .unwrap();
            assert_eq!(
                &nearest.0, terrain,
                "{name} over {terrain} looks like {} ({common:?})",
                nearest.0
            );
            assert!(
                n * 2 > marked.len(),
                "{name} over {terrain}: its colour shows in only {n} of {} pixels",
                marked.len()
            );
        }
    }
}
