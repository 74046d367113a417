//! Named regions in pictures (issue 29): the hexcrawl sample exported to PNG shows each
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
