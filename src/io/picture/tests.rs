use super::*;
use crate::hex::{Hex, Orientation, shapes};
use crate::map::{MapProperties, MapShape, Palette, Rgb, Terrain, TerrainId};

const RED: [u8; 3] = [200, 40, 40];
const BLUE: [u8; 3] = [40, 40, 200];

/// A hexagon of radius 2 (hex size 1, so scale = pixels of hex radius): red where q > 0,
/// blue elsewhere, a mine in the middle.
fn map() -> HexMap {
    let t = |id, color| Terrain {
        id: TerrainId::new(id).unwrap(),
        name: format!("t{id}"),
        color: Rgb(color),
        symbol: char::from(b'a' + id as u8),
        cost: crate::map::MoveCost::Cost(1),
        blocks_sight: false,
        art: Default::default(),
    };
    let palette = Palette::new(vec![t(1, RED), t(2, BLUE)]).unwrap();
    let props = MapProperties::new("picture", Orientation::Pointy);
    let mut m = HexMap::new(props, MapShape::hexagon(2).unwrap(), palette).unwrap();
    for h in shapes::hexagon(2) {
        m.set_terrain(h, TerrainId::new(if h.q > 0 { 1 } else { 2 }))
            .unwrap();
    }
    m.set_mine(Hex::ORIGIN, true).unwrap();
    m
}

fn opts(scale: f64) -> PictureOptions {
    PictureOptions {
        scale,
        background: Some(Colour::WHITE),
        ..PictureOptions::for_hex_pixels(&map(), scale)
    }
}

fn centre_px(m: &HexMap, o: &PictureOptions, h: Hex) -> (u32, u32) {
    let f = frame(m, o).unwrap();
    let p = m.layout().unwrap().hex_to_pixel(h);
    let (x, y) = f.to_px.point(p);
    (x as u32, y as u32)
}

#[test]
fn png_has_each_fill_at_each_centre() {
    let m = map();
    let o = opts(20.0);
    let png = render_png(&m, &o, &mut |_| {}).unwrap();
    let img = Pixmap::decode_png(&png).unwrap();
    for h in shapes::hexagon(2).filter(|&h| h != Hex::ORIGIN) {
        let (x, y) = centre_px(&m, &o, h);
        let px = img.pixel(x, y).unwrap().demultiply();
        let want = if h.q > 0 { RED } else { BLUE };
        assert_eq!([px.red(), px.green(), px.blue()], want, "{h}");
    }
    let (x, y) = centre_px(&m, &o, Hex::ORIGIN);
    assert!(img.pixel(x, y).unwrap().red() < 30, "mine marker drawn");
}

#[test]
fn labels_change_pixels_only_when_legible() {
    let m = map();
    let with_labels = |o: &PictureOptions| PictureOptions {
        labels: Some(CoordSystem::Axial),
        ..o.clone()
    };
    let base = opts(24.0);
    let with = render_png(&m, &with_labels(&base), &mut |_| {}).unwrap();
    let without = render_png(&m, &base, &mut |_| {}).unwrap();
    assert_ne!(with, without, "labels drawn at 24 px hexes");
    let tiny = opts(4.0);
    assert_eq!(
        render_png(&m, &with_labels(&tiny), &mut |_| {}).unwrap(),
        render_png(&m, &tiny, &mut |_| {}).unwrap(),
        "no labels at 4 px hexes"
    );
}

#[test]
fn svg_has_one_use_per_cell_labels_and_mines() {
    let m = map();
    let o = PictureOptions {
        labels: Some(CoordSystem::Axial),
        ..opts(30.0)
    };
    let svg = render_svg(&m, &o, &mut |_| {}).unwrap();
    assert_eq!(svg.matches("<use ").count(), 19);
    assert_eq!(svg.matches("<text").count(), 19);
    assert!(svg.contains(">-2,2</text>"));
    assert_eq!(svg.matches("<circle").count(), 1);
    assert!(roxmltree::Document::parse(&svg).is_ok());
}

#[test]
fn huge_maps_are_fitted_or_refused() {
    let props = MapProperties::new("long", Orientation::Pointy);
    let mut m = HexMap::new(
        props,
        MapShape::parallelogram(2000, 10).unwrap(),
        Palette::standard(),
    )
    .unwrap();
    for h in m.shape().iter().collect::<Vec<_>>() {
        m.set_terrain(h, TerrainId::new(1)).unwrap();
    }
    let o = PictureOptions::for_hex_pixels(&m, 16.0);
    assert!(matches!(
        render_png(&m, &o, &mut |_| {}),
        Err(PictureError::TooLarge(..))
    ));
    let fitted = fit_png(&m, &o).unwrap();
    assert!(fitted.scale < o.scale);
    let mut calls = 0;
    let png = render_png(&m, &fitted, &mut |_| calls += 1).unwrap();
    assert!(calls >= 100, "progress reported");
    let img = Pixmap::decode_png(&png).unwrap();
    assert!(img.width() <= MAX_PNG_SIDE && img.height() <= MAX_PNG_SIDE);
    for bad in [0.0, f64::NAN, f64::INFINITY] {
        let o = PictureOptions {
            scale: bad,
            ..o.clone()
        };
        assert!(matches!(
            render_png(&m, &o, &mut |_| {}),
            Err(PictureError::BadSize(..))
        ));
    }
}

#[test]
fn empty_cells_and_background_are_transparent_but_keep_their_outline() {
    let mut m = map();
    let empty = Hex::new(-2, 0); // on the west rim: its west edge borders nothing
    m.set_terrain(empty, None).unwrap();
    let o = PictureOptions::for_hex_pixels(&m, 24.0);
    let img = Pixmap::decode_png(&render_png(&m, &o, &mut |_| {}).unwrap()).unwrap();
    let (x, y) = centre_px(&m, &o, empty);
    assert_eq!(img.pixel(x, y).unwrap().alpha(), 0, "empty cell");
    assert_eq!(img.pixel(1, 1).unwrap().alpha(), 0, "margin");
    // The grid still outlines the empty cell: its west edge, √3/2 radii from the centre.
    let f = frame(&m, &o).unwrap();
    let west = m.layout().unwrap().hex_to_pixel(empty);
    let (ex, _) = f
        .to_px
        .point(crate::hex::Point::new(west.x - 3f64.sqrt() / 2.0, west.y));
    let edge = img.pixel(ex as u32, y).unwrap();
    assert!(
        edge.alpha() > 100,
        "outline on the empty cell's edge: {edge:?}"
    );
    let no_grid = PictureOptions { grid: false, ..o };
    let img = Pixmap::decode_png(&render_png(&m, &no_grid, &mut |_| {}).unwrap()).unwrap();
    assert_eq!(
        img.pixel(ex as u32, y).unwrap().alpha(),
        0,
        "nothing there without grid"
    );
}
