//! Tile art and image icons in the picture back-ends: clipped to the hex in PNG, defined
//! once in SVG, embedded once in PDF.

use super::*;
use hexmap_draw::RgbaImage;
use hexmap_hex::{Hex, Orientation, shapes};
use hexmap_map::testing::TestMap;
use hexmap_map::{Icon, IconSource, TerrainId};

const GREEN: [u8; 4] = [0, 255, 0, 255];

/// A radius-2 hexagon of grass whose tile art is `art/green.png` (a solid green image),
/// the image set holding it, hexes 20 px across.
fn painted() -> (HexMap, PictureOptions) {
    let mut m = TestMap::hexagon(2, Orientation::Pointy)
        .named("art")
        .tile_art(1, &["art/green.png"], false)
        .build();
    for h in shapes::hexagon(2) {
        m.set_terrain(h, TerrainId::new(2)).unwrap();
    }
    let mut set = ImageSet::new();
    set.insert(
        "art/green.png",
        RgbaImage::new(4, 4, GREEN.repeat(16)).unwrap(),
    );
    let opts = PictureOptions {
        images: Some(Arc::new(set)),
        grid: false,
        mines: false,
        ..PictureOptions::for_hex_pixels(&m, 20.0)
    };
    (m, opts)
}

#[test]
fn png_tile_art_fills_the_hex_and_nothing_outside_it() {
    let (m, opts) = painted();
    let png = render_png(&m, &opts, &mut |_| {}).unwrap();
    let img = Pixmap::decode_png(&png).unwrap();
    let f = frame(&m, &opts).unwrap();
    let layout = m.layout().unwrap();
    // Inside every hex: the image's green, not the grass colour.
    for h in shapes::hexagon(2) {
        let (x, y) = f.to_px.point(layout.hex_to_pixel(h));
        let p = img.pixel(x as u32, y as u32).unwrap().demultiply();
        assert_eq!([p.red(), p.green(), p.blue(), p.alpha()], GREEN, "{h}");
    }
    // Outside the map (beyond a rim hex's top corner, inside its square box): untouched.
    let rim = Hex::new(0, -2);
    let c = layout.hex_to_pixel(rim);
    let (x, y) = f.to_px.point(hexmap_hex::Point::new(c.x + 0.8, c.y - 0.8));
    assert_eq!(img.pixel(x as u32, y as u32).unwrap().alpha(), 0);
}

#[test]
fn a_missing_image_leaves_the_terrain_colour() {
    let (m, mut opts) = painted();
    opts.images = Some(Arc::new(ImageSet::new()));
    let img = Pixmap::decode_png(&render_png(&m, &opts, &mut |_| {}).unwrap()).unwrap();
    let f = frame(&m, &opts).unwrap();
    let (x, y) = f.to_px.point(m.layout().unwrap().hex_to_pixel(Hex::ORIGIN));
    let p = img.pixel(x as u32, y as u32).unwrap().demultiply();
    assert_eq!([p.red(), p.green(), p.blue()], [0x8c, 0xc0, 0x5a]);
}

#[test]
fn svg_defines_each_image_once_and_clips_every_use() {
    let (m, opts) = painted();
    let svg = render_svg(&m, &opts, &mut |_| {}).unwrap();
    assert_eq!(svg.matches("<image ").count(), 1, "{svg}");
    assert!(svg.contains("href=\"data:image/png;base64,"));
    assert_eq!(svg.matches("<use href=\"#img0\"").count(), 19);
    assert_eq!(svg.matches("<clipPath").count(), 19);
    assert!(roxmltree::Document::parse(&svg).is_ok());
    let linked = PictureOptions {
        link_images: true,
        ..opts
    };
    let svg = render_svg(&m, &linked, &mut |_| {}).unwrap();
    assert!(svg.contains("href=\"art/green.png\""), "{svg}");
    assert!(!svg.contains("base64"));
}

#[test]
fn pdf_embeds_each_image_once() {
    let (mut m, opts) = painted();
    // An image icon using a second image: two image objects in all.
    let icon = Icon {
        gm_only: false,
        source: IconSource::Image("icons/keep.png".into()),
        ..Icon::builtin(hexmap_map::BuiltinIcon::Star)
    };
    m.set_icons(Hex::ORIGIN, vec![icon]).unwrap();
    let mut set = (**opts.images.as_ref().unwrap()).clone();
    let half = [255, 0, 0, 128].repeat(4);
    set.insert("icons/keep.png", RgbaImage::new(2, 2, half).unwrap());
    let print = PrintOptions {
        images: Some(Arc::new(set)),
        grid: false,
        ..PrintOptions::default()
    };
    let pdf = render_pdf(&m, &print, &mut |_| {}).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    // The green tile and the icon, plus the icon's soft mask (it is translucent).
    assert_eq!(text.matches("/Subtype /Image").count(), 3, "image objects");
    assert_eq!(text.matches("/SMask").count(), 1);
}
