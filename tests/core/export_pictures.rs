//! PNG and SVG exports as a viewer sees them: empty cells are transparent (not white like
//! light terrain) and still outlined by the grid; the SVG is checked
//! as librsvg draws it.

use crate::support::tiled_tools as tools;

use hexmap::hex::{Hex, Orientation, Point};
use hexmap::io::format::{self, Format};
use hexmap::map::testing::TestMap;
use hexmap::map::{HexMap, Palette, Rgb, Terrain, TerrainId};
use std::path::Path;
use std::process::Command;

const SNOW: [u8; 3] = [0xf2, 0xf4, 0xf7];

/// A radius-1 hexagon of snow (a near-white terrain) with its middle left empty.
fn map() -> HexMap {
    let snow = Terrain {
        id: TerrainId::new(1).unwrap(),
        name: "Snow".into(),
        color: Rgb(SNOW),
        symbol: '^',
        cost: hexmap::map::MoveCost::whole(1),
        blocks_sight: false,
        art: Default::default(),
    };
    let mut m = TestMap::hexagon(1, Orientation::Pointy)
        .named("snowfield")
        .hex_size(10.0)
        .palette(Palette::new(vec![snow]).unwrap())
        .build();
    for h in m.shape().iter().collect::<Vec<_>>() {
        if h != Hex::ORIGIN {
            m.set_terrain(h, TerrainId::new(1)).unwrap();
        }
    }
    m
}

/// Pixel position of a world point in an exported picture of `map` (24 px hexes, 8 px
/// margin, origin at the top-left of the cells' boxes).
fn to_px(map: &HexMap, world: Point) -> (f64, f64) {
    let layout = map.layout().unwrap();
    let k = 24.0 / 10.0;
    let (mut x0, mut y0) = (f64::MAX, f64::MAX);
    for h in map.shape().iter() {
        let p = layout.hex_to_pixel(h);
        x0 = x0.min(p.x - 10.0);
        y0 = y0.min(p.y - 10.0);
    }
    ((world.x - x0) * k + 8.0, (world.y - y0) * k + 8.0)
}

/// The empty middle is transparent, the snow around it opaque near-white, and the grid
/// still runs along the empty cell's edge (sampled on its north-east side).
fn check(map: &HexMap, img: &tiny_skia::Pixmap, what: &str) {
    let layout = map.layout().unwrap();
    let (x, y) = to_px(map, layout.hex_to_pixel(Hex::ORIGIN));
    let empty = tools::pixel(img, x, y).unwrap();
    assert_eq!(
        empty[3], 0,
        "{what}: the empty cell shows through: {empty:?}"
    );
    let snow_hex = Hex::new(1, 0);
    let (x, y) = to_px(map, layout.hex_to_pixel(snow_hex));
    let snow = tools::pixel(img, x, y).unwrap();
    assert!(
        tools::close(snow, [SNOW[0], SNOW[1], SNOW[2], 255], 2),
        "{what}: snow {snow:?}"
    );
    // Midpoint of the edge between the empty middle and its east neighbour.
    let (c0, c1) = (
        layout.hex_to_pixel(Hex::ORIGIN),
        layout.hex_to_pixel(snow_hex),
    );
    let (ex, ey) = to_px(map, Point::new((c0.x + c1.x) / 2.0, (c0.y + c1.y) / 2.0));
    let edge = tools::pixel(img, ex, ey).unwrap();
    assert!(
        edge[3] > 100 && edge[0] < 200,
        "{what}: a grid line on the edge: {edge:?}"
    );
}

fn export(map: &HexMap, format: &dyn Format, path: &Path) {
    crate::support::export::export_as(map, format.name(), path);
}

#[test]
fn png_export_leaves_empty_cells_transparent_with_their_grid() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("snow.png");
    let m = map();
    export(&m, format::by_name("png").unwrap(), &path);
    check(&m, &tiny_skia::Pixmap::load_png(&path).unwrap(), "PNG");
}

#[test]
fn svg_export_drawn_by_librsvg_leaves_empty_cells_transparent_with_their_grid() {
    if Command::new("rsvg-convert")
        .arg("--version")
        .output()
        .is_err()
    {
        assert!(
            std::env::var_os("CI").is_none(),
            "rsvg-convert (apt package librsvg2-bin) is required under CI"
        );
        eprintln!("SKIPPED: rsvg-convert is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (svg, png) = (dir.path().join("snow.svg"), dir.path().join("snow.png"));
    let m = map();
    export(&m, format::by_name("svg").unwrap(), &svg);
    let o = Command::new("rsvg-convert")
        .arg("-o")
        .arg(&png)
        .arg(&svg)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    check(&m, &tiny_skia::Pixmap::load_png(&png).unwrap(), "SVG");
}
