use super::*;
use hexmap_hex::{Hex, Orientation};
use hexmap_map::Icon;
use hexmap_map::testing::TestMap;
use std::collections::HashMap;

/// Files in memory, by path.
struct Files(HashMap<String, Vec<u8>>);

impl Resources for Files {
    fn read(&self, path: &str) -> Result<Vec<u8>, String> {
        self.0
            .get(path)
            .cloned()
            .ok_or_else(|| "no such file".to_owned())
    }
}

fn checker(w: u32, h: u32) -> RgbaImage {
    let mut px = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let on = (x + y) % 2 == 0;
            px.extend_from_slice(if on {
                &[255, 0, 0, 255]
            } else {
                &[0, 0, 255, 128]
            });
        }
    }
    RgbaImage::new(w, h, px).unwrap()
}

const SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">
<rect x="0" y="0" width="10" height="10" fill="#00ff00"/></svg>"##;

#[test]
fn png_decodes_to_the_same_pixels() {
    let image = checker(5, 3);
    let back = decode_image("a.png", &encode_png(&image)).unwrap();
    assert_eq!(back, image);
}

#[test]
fn svg_is_rasterised_at_its_proportions() {
    let image = decode_image("tree.svg", SVG.as_bytes()).unwrap();
    assert_eq!(
        (image.width(), image.height()),
        (SVG_RASTER_SIDE, SVG_RASTER_SIDE / 2)
    );
    // Left half green and opaque, right half empty.
    assert_eq!(image.pixel(10, 10), [0, 255, 0, 255]);
    assert_eq!(image.pixel(SVG_RASTER_SIDE - 10, 10)[3], 0);
}

#[test]
fn bad_images_get_clear_errors() {
    let too_wide = encode_png(
        &RgbaImage::new(MAX_IMAGE_SIDE, 1, vec![0; MAX_IMAGE_SIDE as usize * 4]).unwrap(),
    );
    // Patch the header's width to one over the limit (the CRC no longer matches, but the
    // size is read and refused first).
    let mut wide = too_wide.clone();
    wide[16..20].copy_from_slice(&(MAX_IMAGE_SIDE + 1).to_be_bytes());
    let e = decode_image("w.png", &wide).unwrap_err();
    assert!(e.contains("PNG") || e.contains("pixels"), "{e}");
    let mut cut = encode_png(&checker(8, 8));
    cut.truncate(cut.len() - 20);
    assert!(
        decode_image("c.png", &cut)
            .unwrap_err()
            .contains("broken PNG")
    );
    let e = decode_image("x.jpg", b"\xff\xd8\xff\xe0 jpeg").unwrap_err();
    assert!(
        e.starts_with("broken JPEG: ") && !e.ends_with('\n'),
        "{e:?}"
    );
    assert_eq!(
        decode_image("x.gif", b"GIF89a").unwrap_err(),
        "not a PNG, JPEG or SVG image"
    );
    assert!(
        decode_image("x.svg", b"<svg")
            .unwrap_err()
            .contains("broken SVG")
    );
    let huge = vec![0u8; MAX_IMAGE_FILE_BYTES + 1];
    assert!(
        decode_image("h.png", &huge)
            .unwrap_err()
            .contains("over the image limit")
    );
}

#[test]
fn a_map_loads_its_images_and_names_each_missing_one_once() {
    let mut map = TestMap::hexagon(2, Orientation::Flat)
        .named("art")
        .tile_art(1, &["art/grass.png", "art/gone.png"], false)
        .tile_art(2, &["art/gone.png", "art/tree.svg"], true)
        .build();
    let icon = Icon {
        gm_only: false,
        source: IconSource::Image("icons/keep.png".into()),
        ..Icon::builtin(hexmap_map::BuiltinIcon::Star)
    };
    map.set_icons(Hex::ORIGIN, vec![icon]).unwrap();
    let files = Files(HashMap::from([
        ("art/grass.png".to_owned(), encode_png(&checker(4, 4))),
        ("art/tree.svg".to_owned(), SVG.as_bytes().to_vec()),
        ("icons/keep.png".to_owned(), b"not a png".to_vec()),
    ]));
    let (set, warnings) = load_images(&map, &files);
    assert_eq!(set.len(), 2);
    assert!(set.get("art/grass.png").is_some() && set.get("art/tree.svg").is_some());
    let named: Vec<&str> = warnings.iter().map(|w| w.path.as_str()).collect();
    assert_eq!(named, ["art/gone.png", "icons/keep.png"]);
    assert_eq!(
        warnings[0].to_string(),
        "image 'art/gone.png' not shown (no such file); drawing the colour instead"
    );
}

#[test]
fn a_jpeg_made_by_imagemagick_decodes_to_its_colour() {
    // `convert -size 8x8 xc:'#c81e1e' -quality 95 red-8x8.jpg`.
    let bytes = include_bytes!("testdata/red-8x8.jpg");
    let img = decode_image("red-8x8.jpg", bytes).unwrap();
    assert_eq!((img.width(), img.height()), (8, 8));
    for px in img.pixels().chunks_exact(4) {
        let near = |a: u8, b: u8| a.abs_diff(b) <= 4;
        assert!(
            near(px[0], 0xc8) && near(px[1], 0x1e) && near(px[2], 0x1e) && px[3] == 255,
            "{px:?}"
        );
    }
    // A cut-off JPEG is an error naming what is wrong, not a panic.
    let err = decode_image("cut.jpg", &bytes[..bytes.len() / 2]).unwrap_err();
    assert!(err.starts_with("broken JPEG"), "{err}");
}

#[test]
fn the_underlay_image_loads_into_the_set_and_a_missing_one_is_named() {
    let mut map = TestMap::hexagon(1, Orientation::Pointy)
        .named("trace")
        .build();
    let mut set = ImageSet::new();
    assert_eq!(load_underlay(&map, &Files(HashMap::new()), &mut set), None);
    map.set_underlay(Some(hexmap_map::Underlay::new(
        "scans/map.jpg",
        hexmap_hex::Point::new(0.0, 0.0),
    )))
    .unwrap();
    let files = Files(HashMap::from([(
        "scans/map.jpg".to_owned(),
        include_bytes!("testdata/red-8x8.jpg").to_vec(),
    )]));
    assert_eq!(load_underlay(&map, &files, &mut set), None);
    assert_eq!(set.get("scans/map.jpg").map(|(_, i)| i.width()), Some(8));
    let w = load_underlay(&map, &Files(HashMap::new()), &mut ImageSet::new()).unwrap();
    assert_eq!(
        w.to_string(),
        "image 'scans/map.jpg' not shown (no such file); the map is drawn without it"
    );
}

#[test]
fn image_size_reads_the_size_decoding_gives_from_the_header() {
    let png = encode_png(&checker(7, 3));
    assert_eq!(image_size("a.png", &png), Ok((7, 3)));
    let jpeg = include_bytes!("testdata/red-8x8.jpg");
    let decoded = decode_image("red.jpg", jpeg).unwrap();
    assert_eq!(
        image_size("red.jpg", jpeg),
        Ok((decoded.width(), decoded.height()))
    );
    assert_eq!(
        image_size("tree.svg", SVG.as_bytes()),
        Ok((SVG_RASTER_SIDE, SVG_RASTER_SIDE / 2))
    );
    assert!(image_size("x.bin", b"hello").is_err());
}
