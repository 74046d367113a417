use super::draw::OUTLINE_PX;
use super::*;
use crate::region::{Region as Part, split};
use crate::sink::{Recorded, Recording};
use crate::{Colour, Layers, MapScene, Scene, Stroke, StrokePattern, Style};
use hexmap_hex::Edge;
use hexmap_map::{
    BorderStyle, Document, Edit, HexMap, Region, RegionEdit, RegionId, RegionKind, RegionLook, Rgb,
};

fn layout(o: Orientation) -> Layout {
    Layout::new(o, Point::new(10.0, 12.0), Point::new(3.0, -4.0)).unwrap()
}

fn set(hexes: impl IntoIterator<Item = Hex>) -> BTreeSet<Hex> {
    hexes.into_iter().collect()
}

fn near(a: Point, b: Point) -> bool {
    (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9
}

/// The outer sides of `hexes` counted directly: sides whose other hex is not in the set.
fn outer_sides(hexes: &BTreeSet<Hex>) -> usize {
    hexes
        .iter()
        .map(|h| {
            Direction::ALL
                .into_iter()
                .filter(|d| !hexes.contains(&h.neighbor(*d)))
                .count()
        })
        .sum()
}

#[test]
fn a_corner_key_names_the_corner_the_three_hexes_share() {
    for o in [Orientation::Pointy, Orientation::Flat] {
        let l = layout(o);
        let h = Hex::new(2, -3);
        for c in 0..6 {
            let [a, b] = corner_directions(o, c);
            let centres = [h, h.neighbor(a), h.neighbor(b)].map(|x| l.hex_to_pixel(x));
            let mean = Point::new(
                centres.iter().map(|p| p.x).sum::<f64>() / 3.0,
                centres.iter().map(|p| p.y).sum::<f64>() / 3.0,
            );
            assert!(near(mean, l.corners(h)[c]), "{o:?} corner {c}");
        }
    }
}

#[test]
fn one_hex_is_one_ring_of_its_six_corners() {
    for o in [Orientation::Pointy, Orientation::Flat] {
        let l = layout(o);
        let h = Hex::new(-1, 4);
        let rings = outline_rings(&set([h]), &l);
        assert_eq!(rings.len(), 1);
        assert_eq!(rings[0].len(), 6);
        for c in l.corners(h) {
            assert!(rings[0].iter().any(|p| near(*p, c)));
        }
    }
}

#[test]
fn a_ring_with_a_hole_gives_an_outer_ring_and_a_hole_ring_on_every_outer_side() {
    for o in [Orientation::Pointy, Orientation::Flat] {
        let l = layout(o);
        let mut hexes = set(hexmap_hex::range(Hex::ORIGIN, 2));
        hexes.remove(&Hex::ORIGIN);
        let rings = outline_rings(&hexes, &l);
        let mut lens: Vec<usize> = rings.iter().map(Vec::len).collect();
        lens.sort();
        assert_eq!(lens, [6, 30], "{o:?}");
        assert_eq!(lens.iter().sum::<usize>(), outer_sides(&hexes));
        // Each segment of each ring is a side between a hex of the set and one outside.
        for ring in &rings {
            for (i, a) in ring.iter().enumerate() {
                let b = ring[(i + 1) % ring.len()];
                let mid = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
                let edge = l.pixel_to_edge(mid).unwrap();
                let (p, q) = edge.hexes();
                assert!(
                    hexes.contains(&p) != hexes.contains(&q),
                    "{o:?}: {edge:?} is not an outer side"
                );
            }
        }
    }
}

#[test]
fn two_pieces_touching_at_a_corner_still_give_closed_rings_over_every_side() {
    let l = layout(Orientation::Pointy);
    // Two hexes that share only a corner, and a blob with a notch.
    let hexes = set([
        Hex::new(0, 0),
        Hex::new(1, -2),
        Hex::new(5, 5),
        Hex::new(6, 5),
    ]);
    let rings = outline_rings(&hexes, &l);
    assert_eq!(
        rings.iter().map(Vec::len).sum::<usize>(),
        outer_sides(&hexes)
    );
}

#[test]
fn the_name_goes_on_the_hex_nearest_the_centroid_even_in_a_crescent() {
    let l = layout(Orientation::Flat);
    let crescent = set(hexmap_hex::ring(Hex::ORIGIN, 3).take(10));
    let h = label_hex(&crescent, &l).unwrap();
    assert!(crescent.contains(&h));
    assert_eq!(label_hex(&BTreeSet::new(), &l), None);
}

fn map_with_region(border: BorderStyle, tint: Option<f32>) -> HexMap {
    let map = hexmap_map::testing::hexagon_map(6, Orientation::Pointy);
    let mut d = Document::new(map);
    d.apply(&Edit::Region(RegionEdit::AddKind(RegionKind {
        name: "Political".into(),
        exclusive: true,
    })))
    .unwrap();
    d.apply(&Edit::Region(RegionEdit::Add(Region {
        id: RegionId(0),
        look: RegionLook {
            name: "Ardmoor".into(),
            kind: "Political".into(),
            color: Rgb([200, 20, 40]),
            border,
            tint,
            label: true,
            gm_only: false,
            key: None,
        },
        hexes: set(hexmap_hex::range(Hex::new(1, 1), 1)),
    })))
    .unwrap();
    d.into_map()
}

fn outlines(rec: &Recording) -> Vec<(&Vec<Point>, Stroke)> {
    rec.items
        .iter()
        .filter_map(|i| match i {
            Recorded::Polyline { points, stroke } if stroke.colour == Colour::rgb(200, 20, 40) => {
                Some((points, *stroke))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn the_scene_draws_the_outline_in_screen_pixels_and_the_name_at_every_zoom() {
    let map = map_with_region(BorderStyle::Dashed, None);
    let style = Style::picture(Layers::editor());
    let scene = MapScene::whole(&map, map.layout().unwrap(), &style);
    for scale in [0.5, 4.0, 40.0] {
        let mut rec = Recording::default();
        scene.draw_free_text(
            Point::new(-50.0, -50.0),
            Point::new(50.0, 50.0),
            scale,
            &mut rec,
        );
        let lines = outlines(&rec);
        assert_eq!(lines.len(), 1, "one ring at scale {scale}");
        let (points, stroke) = lines[0];
        assert_eq!(
            points.len(),
            18 + 1,
            "closed ring of the 7-hex flower's 18 sides"
        );
        assert!(near(points[0], *points.last().unwrap()));
        assert!((stroke.width * scale - OUTLINE_PX).abs() < 1e-9);
        assert!(matches!(stroke.style, StrokePattern::Dashed { .. }));
        assert_eq!(rec.texts(), ["Ardmoor"]);
    }
}

#[test]
fn pictures_in_pieces_draw_each_region_once_and_its_tint_on_each_hex() {
    let map = map_with_region(BorderStyle::Solid, Some(0.5));
    let style = Style::picture(Layers::editor());
    let scene = MapScene::whole(&map, map.layout().unwrap(), &style);
    let mut rec = Recording::default();
    for piece in split(&scene.bounds(), 5) {
        scene.draw(&Part::Block(piece), 3.0, &mut rec);
    }
    assert_eq!(outlines(&rec).len(), 1);
    let tinted = rec
        .items
        .iter()
        .filter(|i| matches!(i, Recorded::Hex { fill: Some(c), .. } if *c == Colour::rgba(200, 20, 40, 128)))
        .count();
    assert_eq!(tinted, 7);
    assert_eq!(rec.texts().iter().filter(|t| **t == "Ardmoor").count(), 1);
}

#[test]
fn the_legend_lists_regions_under_their_kind_with_their_colour() {
    let mut map = map_with_region(BorderStyle::Dotted, Some(0.25));
    let mut d = Document::new(map.clone());
    d.apply(&Edit::Region(RegionEdit::AddKind(RegionKind {
        name: "Climate".into(),
        exclusive: false,
    })))
    .unwrap();
    let frost = Region {
        id: RegionId(1),
        look: RegionLook {
            name: "Frostlands".into(),
            kind: "Climate".into(),
            color: Rgb([40, 90, 220]),
            border: BorderStyle::Solid,
            tint: None,
            label: false,
            gm_only: false,
            key: None,
        },
        hexes: set([Hex::new(1, 1)]),
    };
    d.apply(&Edit::Region(RegionEdit::Add(frost))).unwrap();
    map = d.into_map();
    let entries = crate::legend::legend_entries(&map);
    let tail: Vec<(&str, &crate::legend::Swatch)> = entries
        .iter()
        .map(|e| (e.name.as_str(), &e.swatch))
        .filter(|(_, s)| {
            matches!(
                s,
                crate::legend::Swatch::RegionKind | crate::legend::Swatch::Region { .. }
            )
        })
        .collect();
    use crate::legend::Swatch;
    assert_eq!(
        tail,
        [
            ("Political", &Swatch::RegionKind),
            (
                "Ardmoor",
                &Swatch::Region {
                    colour: Colour::rgb(200, 20, 40),
                    border: BorderStyle::Dotted,
                    tint: Some(0.25)
                }
            ),
            ("Climate", &Swatch::RegionKind),
            (
                "Frostlands",
                &Swatch::Region {
                    colour: Colour::rgb(40, 90, 220),
                    border: BorderStyle::Solid,
                    tint: None
                }
            ),
        ]
    );
    let mut rec = Recording::default();
    let area = (Point::new(0.0, 0.0), Point::new(400.0, 400.0));
    crate::legend::draw_legend(
        &mut rec,
        &entries,
        area,
        1.0,
        hexmap_map::Corner::TopLeft,
        None,
    );
    let texts = rec.texts();
    assert!(
        texts.contains(&"Ardmoor") && texts.contains(&"Climate"),
        "{texts:?}"
    );
    assert!(
        outlines(&rec).len() == 1,
        "the Ardmoor swatch is outlined in its colour"
    );
}

#[test]
fn drawn_for_the_players_the_outline_leaves_out_the_sides_along_the_fog() {
    // The 7-hex flower around (1, 1) with its eastern neighbours hidden.
    let mut map = map_with_region(BorderStyle::Solid, None);
    let flower = set(hexmap_hex::range(Hex::new(1, 1), 1));
    let east: Vec<Hex> = (flower.iter())
        .flat_map(|h| h.neighbors())
        .filter(|n| !flower.contains(n) && n.q >= 2)
        .collect();
    for &h in &east {
        map.set_hidden(h, true).unwrap();
    }
    let layout = map.layout().unwrap();
    let is_fog_side = |a: Point, b: Point| {
        let mid = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
        // The side's middle is halfway to the hidden neighbour's centre.
        east.iter().any(|&h| {
            flower.iter().any(|&f| {
                Edge::between(f, h).is_some() && {
                    let (c, d) = (layout.hex_to_pixel(f), layout.hex_to_pixel(h));
                    near(mid, Point::new((c.x + d.x) / 2.0, (c.y + d.y) / 2.0))
                }
            })
        })
    };
    let sides = |style: &Style| {
        let scene = MapScene::whole(&map, layout, style);
        let mut rec = Recording::default();
        let (a, b) = (Point::new(-500.0, -500.0), Point::new(500.0, 500.0));
        scene.draw_free_text(a, b, 4.0, &mut rec);
        let mut out = Vec::new();
        for (points, _) in outlines(&rec) {
            out.extend(points.windows(2).map(|w| (w[0], w[1])));
        }
        out
    };
    let gm = sides(&Style::picture(Layers::editor()));
    assert_eq!(gm.len(), 18, "the GM's outline is whole");
    let players = sides(&Style::picture(Layers::editor()).for_players());
    let along_fog = gm.iter().filter(|(a, b)| is_fog_side(*a, *b)).count();
    assert!(along_fog >= 3, "{along_fog} sides face the fog");
    assert_eq!(
        players.len(),
        18 - along_fog,
        "the players see every other side"
    );
    assert!(!players.iter().any(|(a, b)| is_fog_side(*a, *b)));
}

#[test]
fn a_region_name_keeps_clear_of_a_place_name_on_its_middle_hex() {
    let mut map = map_with_region(BorderStyle::Solid, None);
    let layout = map.layout().unwrap();
    // A place name right on the flower's middle hex, where the name would go.
    let middle = layout.hex_to_pixel(Hex::new(1, 1));
    map.add_label(
        hexmap_map::LabelId(0),
        hexmap_map::Label::new("Old Mill", middle),
    )
    .unwrap();
    let style = Style::picture(Layers::editor());
    let scene = MapScene::whole(&map, layout, &style);
    let mut rec = Recording::default();
    scene.draw_free_text(
        Point::new(-99.0, -99.0),
        Point::new(99.0, 99.0),
        40.0,
        &mut rec,
    );
    let anchor = |name: &str| {
        rec.items.iter().find_map(|i| match i {
            Recorded::Text { text, anchor, .. } if text == name => Some(*anchor),
            _ => None,
        })
    };
    let at = anchor("Ardmoor").expect("the region's name is written");
    assert!(!near(at, middle), "the name sits on the label");
    let home = layout.pixel_to_hex(at).unwrap();
    assert!(
        hexmap_hex::range(Hex::new(1, 1), 1).any(|h| h == home),
        "inside: {home}"
    );
    assert_eq!(
        anchor("Old Mill"),
        Some(middle),
        "the label stays where it is"
    );
}
