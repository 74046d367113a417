//! Unit tests of picking terrain from the underlay: colours under known world points of a
//! 2 × 2 image placed at a known spot (unturned and turned a quarter clockwise), Oklab
//! against published values, and the terrain each hex of a row gets.

use super::*;
use hexmap_hex::{OffsetCoord, OffsetKind, Orientation};
use hexmap_map::MapShape;

const RED: [u8; 4] = [255, 0, 0, 255];
const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLUE: [u8; 4] = [0, 0, 255, 255];
const WHITE: [u8; 4] = [255, 255, 255, 255];

/// Red, green over blue, white.
fn two_by_two() -> RgbaImage {
    RgbaImage::new(2, 2, [RED, GREEN, BLUE, WHITE].concat()).unwrap()
}

fn rgb(p: [u8; 4]) -> Option<Colour> {
    Some(Colour::rgb(p[0], p[1], p[2]))
}

/// Centred at (10, 20), 5 world units per pixel: the image covers x 5..15, y 15..25.
fn placed(rotation: f64) -> Underlay {
    Underlay {
        scale: 5.0,
        rotation,
        ..Underlay::new("a.png", Point::new(10.0, 20.0))
    }
}

#[test]
fn each_pixel_shows_at_its_quarter_of_the_placed_image() {
    let (u, img) = (placed(0.0), two_by_two());
    let at = |x, y| sample(&u, &img, Point::new(x, y));
    assert_eq!(at(7.5, 17.5), rgb(RED));
    assert_eq!(at(12.5, 17.5), rgb(GREEN));
    assert_eq!(at(7.5, 22.5), rgb(BLUE));
    assert_eq!(at(12.5, 22.5), rgb(WHITE));
    // Outside the image: no colour.
    assert_eq!(at(4.9, 20.0), None);
    assert_eq!(at(10.0, 25.1), None);
}

#[test]
fn a_quarter_turn_clockwise_moves_each_pixel_one_corner_on() {
    // Clockwise on screen (y down): top-left → top-right → bottom-right → bottom-left.
    let (u, img) = (placed(90.0), two_by_two());
    let at = |x, y| sample(&u, &img, Point::new(x, y));
    assert_eq!(at(12.5, 17.5), rgb(RED));
    assert_eq!(at(12.5, 22.5), rgb(GREEN));
    assert_eq!(at(7.5, 22.5), rgb(WHITE));
    assert_eq!(at(7.5, 17.5), rgb(BLUE));
}

#[test]
fn transparent_pixels_have_no_colour() {
    let img = RgbaImage::new(2, 2, [RED, [0, 255, 0, 0], BLUE, WHITE].concat()).unwrap();
    let u = placed(0.0);
    assert_eq!(sample(&u, &img, Point::new(12.5, 17.5)), None);
    assert_eq!(sample(&u, &img, Point::new(7.5, 17.5)), rgb(RED));
}

#[test]
fn oklab_matches_published_values() {
    // White is L = 1, a = b = 0; sRGB red is oklab(0.6280 0.2249 0.1258) (CSS Color 4).
    let close =
        |got: [f64; 3], want: [f64; 3]| got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-3);
    let white = oklab(Colour::rgb(255, 255, 255));
    assert!(close(white, [1.0, 0.0, 0.0]), "{white:?}");
    let red = oklab(Colour::rgb(255, 0, 0));
    assert!(close(red, [0.6280, 0.2249, 0.1258]), "{red:?}");
}

#[test]
fn a_scanned_shade_picks_the_nearest_palette_terrain() {
    let p = Palette::standard();
    let name = |c| p.get(nearest_terrain(&p, c).unwrap()).unwrap().name.clone();
    // A darker, slightly faded forest green and a washed-out sea blue.
    assert_eq!(name(Colour::rgb(0x35, 0x70, 0x3c)), "Forest");
    assert_eq!(name(Colour::rgb(0x3a, 0x78, 0xb8)), "Sea");
}

#[test]
fn each_hex_of_a_row_gets_the_terrain_under_it_and_uncovered_hexes_are_left() {
    let shape = MapShape::rectangle(OffsetKind::OddR, 4, 1).unwrap();
    let mut map = hexmap_map::testing::map_on(Orientation::Pointy, shape);
    let at = |c| OffsetKind::OddR.to_hex(OffsetCoord::new(c, 0));
    let grass = TerrainId::new(2);
    for c in 0..4 {
        map.set_terrain(at(c), grass).unwrap();
    }
    let layout = map.layout().unwrap();
    // Three pixels, one per hex of columns 0..3 (a pixel is one hex step wide and high):
    // sea, forest, transparent; column 3 lies outside the image.
    let step = layout.hex_to_pixel(at(1)).x - layout.hex_to_pixel(at(0)).x;
    let sea = [0x2a, 0x6f, 0xb0, 255];
    let forest = [0x30, 0x78, 0x3a, 255];
    let img = RgbaImage::new(3, 1, [sea, forest, [0, 0, 0, 0]].concat()).unwrap();
    let u = Underlay {
        scale: step,
        ..Underlay::new("scan.png", layout.hex_to_pixel(at(1)))
    };
    let picked = pick_terrain(&map, &u, &img, map.shape().iter());
    let name = |t: Option<TerrainId>| map.palette().get(t.unwrap()).unwrap().name.clone();
    let got: Vec<(Hex, String)> = picked.iter().map(|&(h, t)| (h, name(t))).collect();
    assert_eq!(
        got,
        [(at(0), "Sea".to_owned()), (at(1), "Forest".to_owned())]
    );
}

#[test]
fn a_hex_on_a_coastline_takes_the_terrain_most_of_its_samples_show() {
    // Two pixels, sea left and grass right, the border through the hex's centre: the
    // centre, the two points straight above and below it and the two right of it lie on
    // the grass side.
    let shape = MapShape::rectangle(OffsetKind::OddR, 1, 1).unwrap();
    let map = hexmap_map::testing::map_on(Orientation::Pointy, shape);
    let layout = map.layout().unwrap();
    let h = OffsetKind::OddR.to_hex(OffsetCoord::new(0, 0));
    let sea = [0x2a, 0x6f, 0xb0, 255];
    let grass = [0x8c, 0xc0, 0x5a, 255];
    let img = RgbaImage::new(2, 1, [sea, grass].concat()).unwrap();
    let u = Underlay {
        scale: 4.0,
        ..Underlay::new("coast.png", layout.hex_to_pixel(h))
    };
    let name = |t: Option<TerrainId>| map.palette().get(t.unwrap()).unwrap().name.clone();
    // Five of the seven samples are grass.
    assert_eq!(
        name(hex_terrain(&u, &img, &layout, map.palette(), h)),
        "Grass"
    );
}
