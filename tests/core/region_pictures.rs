//! Named regions in pictures: the hexcrawl sample exported to PNG shows each
//! region's outline in its colour along its outer hexsides (hexmap's own geometry,
//! `outline_rings`), and the SVG names each region.

use hexmap::draw::named_regions::outline_rings;
use hexmap::io::render::{PictureOptions, picture_transform, render_png, render_svg};
use hexmap::map::HexMap;
use std::path::Path;

fn sample() -> HexMap {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    hexmap::io::from_str(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .0
}

#[test]
fn the_png_strokes_each_region_on_its_outer_sides_and_the_svg_names_it() {
    let map = sample();
    assert!(map.regions().len() >= 3, "the sample has named regions");
    let opts = PictureOptions::for_hex_pixels(&map, 40.0);
    let png = render_png(&map, &opts, &mut |_| {}).unwrap();
    let img = tiny_skia::Pixmap::decode_png(&png).unwrap();
    let to_px = picture_transform(&map, &opts).unwrap();
    let layout = map.layout().unwrap();
    let pixel = |p: hexmap::hex::Point| {
        let q = to_px.point(p);
        let c = img.pixel(q.0 as u32, q.1 as u32).unwrap().demultiply();
        [c.red(), c.green(), c.blue()]
    };
    let close = |a: [u8; 3], b: [u8; 3]| a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 24);
    for r in map.regions().iter() {
        let colour = r.look.color.0;
        let (mut sides, mut stroked) = (0, 0);
        for ring in outline_rings(&r.hexes, &layout) {
            for (i, a) in ring.iter().enumerate() {
                let b = ring[(i + 1) % ring.len()];
                let mid = hexmap::hex::Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
                sides += 1;
                // A solid border is its colour at the middle of most sides (a label or
                // another region's dots may cover a few); dashes and dots leave gaps.
                stroked += usize::from(close(pixel(mid), colour));
            }
        }
        let solid = r.look.border == hexmap::map::BorderStyle::Solid;
        let need = if solid { sides * 3 / 4 } else { sides / 4 };
        assert!(
            sides > 6 && stroked >= need,
            "{}: {stroked} of {sides} sides in its colour",
            r.look.name
        );
    }
    let svg = render_svg(&map, &opts, &mut |_| {}).unwrap();
    for r in map.regions().iter() {
        assert!(svg.contains(&r.look.name), "the SVG lacks {}", r.look.name);
    }
}

/// The share of `map`'s region sides whose middle shows the region's colour in a PNG.
fn stroked_share(map: &HexMap, hex_pixels: f64) -> (usize, usize) {
    let opts = PictureOptions::for_hex_pixels(map, hex_pixels);
    let png = render_png(map, &opts, &mut |_| {}).unwrap();
    let img = tiny_skia::Pixmap::decode_png(&png).unwrap();
    let to_px = picture_transform(map, &opts).unwrap();
    let layout = map.layout().unwrap();
    let (mut sides, mut stroked) = (0, 0);
    for r in map.regions().iter() {
        let colour = r.look.color.0;
        for ring in outline_rings(&r.hexes, &layout) {
            for (i, a) in ring.iter().enumerate() {
                let b = ring[(i + 1) % ring.len()];
                let q = to_px.point(hexmap::hex::Point::new(
                    (a.x + b.x) / 2.0,
                    (a.y + b.y) / 2.0,
                ));
                let c = img.pixel(q.0 as u32, q.1 as u32).unwrap().demultiply();
                sides += 1;
                let close = [c.red(), c.green(), c.blue()]
                    .iter()
                    .zip(colour)
                    .all(|(x, y)| x.abs_diff(y) <= 24);
                stroked += usize::from(close);
            }
        }
    }
    (stroked, sides)
}

#[test]
fn a_region_across_the_pieces_of_a_big_picture_is_stroked_on_every_side() {
    // 300 × 300 cells: a picture of 21 pieces (one per 4,096 cells), 16 row bands cut in
    // two columns at column 150; a tall thin region across that cut crosses every band
    // border. Each piece's fills must not cover the strokes of the pieces before it.
    use hexmap::map::{
        BorderStyle, MapShape, Region, RegionId, RegionKind, RegionLook, Regions, Rgb,
    };
    let kind = hexmap::hex::OffsetKind::OddR;
    let mut map = hexmap::map::testing::map_on(
        hexmap::hex::Orientation::Pointy,
        MapShape::rectangle(kind, 300, 300).unwrap(),
    );
    let grass = map.palette().terrains()[0].id;
    for h in map.shape().iter().collect::<Vec<_>>() {
        map.set_terrain(h, Some(grass)).unwrap();
    }
    let hexes = (10..290)
        .flat_map(|row| {
            (147..153).map(move |col| kind.to_hex(hexmap::hex::OffsetCoord::new(col, row)))
        })
        .collect();
    let region = Region {
        id: RegionId(1),
        look: RegionLook {
            name: "Strip".into(),
            kind: "province".into(),
            color: Rgb([200, 20, 160]),
            border: BorderStyle::Solid,
            tint: None,
            label: false,
            gm_only: false,
            key: None,
        },
        hexes,
    };
    let kinds = vec![RegionKind {
        name: "province".into(),
        exclusive: true,
    }];
    let regions = Regions::build(&map, kinds, vec![region]).unwrap();
    map.set_regions(regions).unwrap();
    let (stroked, sides) = stroked_share(&map, 6.0);
    assert!(
        sides > 200 && stroked == sides,
        "{stroked} of {sides} sides in the region's colour"
    );
}
