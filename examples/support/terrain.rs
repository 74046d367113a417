//! Shared by examples and benches: deterministic value noise and a generator of large maps
//! with varied, coherent terrain (sea, coast, plains, forest, hills, mountains).

#![allow(dead_code)]

use hexmap::hex::{OffsetCoord, OffsetKind, Orientation, Point};
use hexmap::map::{HexMap, MapProperties, MapShape, MoveCost, Palette, Rgb, Terrain, TerrainId};

/// A 64-bit mix (splitmix64 finaliser).
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn lattice(seed: u64, x: i64, y: i64) -> f64 {
    let h = mix(seed ^ mix((x as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (y as u64)));
    (h >> 11) as f64 / (1u64 << 53) as f64
}

fn smooth(t: f64) -> f64 {
    t * t * (3.0 - 2.0 * t)
}

/// Smooth value noise in 0..1 at (x, y), lattice spacing 1.
pub fn value_noise(seed: u64, x: f64, y: f64) -> f64 {
    let (x0, y0) = (x.floor(), y.floor());
    let (tx, ty) = (smooth(x - x0), smooth(y - y0));
    let (ix, iy) = (x0 as i64, y0 as i64);
    let a = lattice(seed, ix, iy);
    let b = lattice(seed, ix + 1, iy);
    let c = lattice(seed, ix, iy + 1);
    let d = lattice(seed, ix + 1, iy + 1);
    let top = a + (b - a) * tx;
    let bottom = c + (d - c) * tx;
    top + (bottom - top) * ty
}

/// Fractal noise (4 octaves) in about 0..1, features about `scale` units wide.
pub fn fractal(seed: u64, x: f64, y: f64, scale: f64) -> f64 {
    let (mut sum, mut amp, mut norm, mut f) = (0.0, 1.0, 0.0, 1.0 / scale);
    for o in 0..4 {
        sum += amp * value_noise(seed.wrapping_add(o), x * f, y * f);
        norm += amp;
        amp *= 0.5;
        f *= 2.0;
    }
    sum / norm
}

/// A terrain entry.
pub fn terrain(
    id: u16,
    name: &str,
    color: [u8; 3],
    symbol: char,
    cost: Option<u32>,
    blocks: bool,
) -> Terrain {
    Terrain {
        id: TerrainId::new(id).expect("id ≥ 1"),
        name: name.to_owned(),
        color: Rgb(color),
        symbol,
        cost: cost.map_or(MoveCost::Impassable, MoveCost::whole),
        blocks_sight: blocks,
        art: Default::default(),
    }
}

/// The landscape palette used by the island and the large test map.
pub fn landscape_palette() -> Palette {
    Palette::new(vec![
        terrain(1, "Deep sea", [0x1d, 0x4e, 0x89], '~', None, false),
        terrain(2, "Shallows", [0x3f, 0x86, 0xc4], '-', Some(3), false),
        terrain(3, "Beach", [0xe8, 0xd8, 0x9a], ',', Some(1), false),
        terrain(4, "Grassland", [0x8c, 0xc0, 0x5a], 'g', Some(1), false),
        terrain(5, "Forest", [0x2f, 0x7a, 0x3a], 'f', Some(2), true),
        terrain(6, "Hills", [0xb0, 0x9a, 0x5e], 'h', Some(2), false),
        terrain(7, "Mountains", [0x85, 0x7f, 0x7a], 'm', Some(4), true),
        terrain(8, "Snow peaks", [0xf2, 0xf4, 0xf7], '^', None, true),
        terrain(9, "Town", [0xc0, 0x3a, 0x2b], 'T', Some(1), true),
    ])
    .expect("valid palette")
}

/// Which landscape terrain an elevation (0..1, 0.5 ≈ coast) and moisture give.
pub fn landscape(elevation: f64, moisture: f64) -> u16 {
    match elevation {
        e if e < 0.38 => 1,
        e if e < 0.46 => 2,
        e if e < 0.49 => 3,
        e if e < 0.63 => {
            if moisture > 0.52 {
                5
            } else {
                4
            }
        }
        e if e < 0.72 => 6,
        e if e < 0.82 => 7,
        _ => 8,
    }
}

/// A `width` × `height` odd-r pointy map with varied terrain over the whole area
/// (continents and seas from fractal noise), for tests and benchmarks.
pub fn varied_map(width: u32, height: u32, seed: u64) -> HexMap {
    let kind = OffsetKind::OddR;
    let mut props = MapProperties::new(format!("Varied {width}x{height}"), Orientation::Pointy);
    props.hex_size = Point::new(10.0, 10.0);
    let shape = MapShape::rectangle(kind, width, height).expect("size within limits");
    let mut map = HexMap::new(props, shape, landscape_palette()).expect("valid properties");
    let mut cells = Vec::with_capacity((width * height) as usize);
    for row in 0..height as i32 {
        for col in 0..width as i32 {
            let (x, y) = (f64::from(col), f64::from(row));
            let e = fractal(seed, x, y, 60.0);
            let m = fractal(seed ^ 0xabcdef, x, y, 25.0);
            cells.push((kind.to_hex(OffsetCoord::new(col, row)), landscape(e, m)));
        }
    }
    for (h, t) in cells {
        map.set_terrain(h, TerrainId::new(t))
            .expect("inside, known");
    }
    map
}

/// The same kind of landscape on any shape and orientation: the noise is sampled at each
/// hex's centre in units of one hex step, so a 1000 × 1000 flat map and a radius-1000
/// hexagon have continents of the same size as [`varied_map`].
pub fn varied_shape(name: &str, orientation: Orientation, shape: MapShape, seed: u64) -> HexMap {
    let mut props = MapProperties::new(name, orientation);
    props.hex_size = Point::new(10.0, 10.0);
    let unit = hexmap::hex::Layout::regular(orientation, 1.0).expect("unit layout");
    let (step_x, step_y) = match orientation {
        Orientation::Pointy => (3f64.sqrt(), 1.5),
        Orientation::Flat => (1.5, 3f64.sqrt()),
    };
    let cells: Vec<_> = shape.iter().collect();
    let mut map = HexMap::new(props, shape, landscape_palette()).expect("valid properties");
    for h in cells {
        let p = unit.hex_to_pixel(h);
        let (x, y) = (p.x / step_x + 2000.0, p.y / step_y + 2000.0);
        let e = fractal(seed, x, y, 60.0);
        let m = fractal(seed ^ 0xabcdef, x, y, 25.0);
        map.set_terrain(h, TerrainId::new(landscape(e, m)))
            .expect("inside, known");
    }
    map
}
