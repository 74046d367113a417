//! Stage 2b: moisture in [0, 1] per cell, carried by the prevailing wind ([`Wind`]). Air
//! enters the map's upwind edge humid, takes up water over the sea and lakes, and loses
//! it over land: a little on every step, much more where it climbs above the height it
//! was already lifted to (rain on the windward slopes, in proportion to the climb). Past
//! a crest the air follows the ground down; air forced up gives the land more of the
//! water it carries, air sunk below the height it was lifted to holds it back, so the
//! land behind every range, narrow or broad, lies in its rain shadow. A cell's moisture
//! is that share of the air's humidity plus the rain it gets, a little more near water,
//! scaled by seeded noise. Distances are measured against the map's size, so a big map
//! and a small one of the same seed get the same shares of dry and wet land; on a map
//! bigger than the reference the wind meets the ground smoothed over a few hexes (it
//! climbs the ranges, not the hillocks a big map has many more of per share of its width)
//! and the noise gains the finer octaves the elevation gains.

use super::grid::{Grid, NONE};
use super::noise::ValueNoise;
use super::stage_seed;
use super::temperature::Wind;
use hexmap_map::HexMap;
use hexmap_map::steps::{Pacer, block_on, sort_by_in_steps};
use std::collections::VecDeque;

/// Share of its water the air loses per map radius crossed over flat land.
const DRYING_PER_RADIUS: f64 = 0.7;
/// Share of its water the air loses per kilometre it climbs.
const RAIN_PER_KM: f64 = 0.5;
/// Share of the missing water the air takes up per map radius crossed over water.
const WETTING_PER_RADIUS: f64 = 30.0;
/// Metres the air is forced up (or has sunk) for the land under it to get e times (or
/// 1/e of) the water it would get from the same air on the flat.
const LIFT_PER_E: f64 = 300.0;
/// Most the climbing air's water is multiplied by on a windward slope.
const MAX_LIFT_GAIN: f64 = 1.6;
/// How fast air that has sunk below the height it was lifted to settles back onto the
/// ground, per map radius (it rains again only where the land rises above the height the
/// air still has).
const SINKING_PER_RADIUS: f64 = 20.0;

/// Moisture per cell (index order), in [0, 1], under a west wind; water cells are 1.
pub fn moisture(grid: &Grid, map: &HexMap, seed: u64) -> Vec<f32> {
    moisture_under(grid, map, Wind::West, seed)
}

/// Moisture per cell (index order), in [0, 1], under `wind`; water cells are 1.
pub fn moisture_under(grid: &Grid, map: &HexMap, wind: Wind, seed: u64) -> Vec<f32> {
    block_on(moisture_in_steps(
        grid,
        map,
        wind,
        seed,
        &mut super::pacer(),
    ))
}

/// [`moisture_under`], pausing on `pacer` as it goes.
pub(crate) async fn moisture_in_steps(
    grid: &Grid,
    map: &HexMap,
    wind: Wind,
    seed: u64,
    pacer: &mut Pacer,
) -> Vec<f32> {
    let water = super::water_cells(map);
    let elev: Vec<i16> = map
        .elevation_layer()
        .map_or_else(|| vec![0; grid.len()], |l| l.values().to_vec());
    let felt = ground_the_air_feels(grid, &elev, pacer).await;
    let dist = water_distance(grid, &water, pacer).await;
    let Carried {
        air,
        rain,
        vertical,
    } = carry_air(grid, &water, &felt, wind, pacer).await;
    let noise = ValueNoise::new(stage_seed(seed, 3));
    let scale = 4.0 / grid.radius;
    // A big map's noise reaches down to a few hexes as a small map's does (one octave more
    // per doubling beyond the reference size), so wet and dry land mix hex by hex there too.
    let octaves = super::noise::octaves_for(4, grid.radius, super::elevation::REFERENCE_RADIUS);
    // Coasts are wet for a few hexes on a small map, further on a big one.
    let reach = 2.0 + grid.radius * 0.02;
    let mut out = Vec::with_capacity(grid.len());
    for i in 0..grid.len() {
        pacer.tick(1).await;
        if water[i] {
            out.push(1.0);
            continue;
        }
        let (x, y) = grid.pos[i];
        let n = noise.fbm_spread(x * scale, y * scale, 4, octaves);
        let near = (-f64::from(dist[i]) / reach).exp();
        // Air forced up cools and gives the land more of the water it carries; air that
        // has sunk since it crossed higher ground is warmer and holds its water.
        // A hillock the wind passes over (a big map's ground above what the air feels)
        // takes a little more of its water, a hollow a little less; the air itself is not
        // wrung out by it.
        let hillock = f64::from(elev[i].max(0)) - f64::from(felt[i].max(0));
        let lift = ((vertical[i] + hillock) / LIFT_PER_E)
            .exp()
            .min(MAX_LIFT_GAIN);
        let m = (lift * (0.1 + 0.8 * air[i]) + 1.2 * rain[i] + 0.1 * near) * (1.0 + 0.35 * n);
        out.push(m.clamp(0.0, 1.0) as f32);
    }
    out
}

/// What the wind brings each cell (index order).
struct Carried {
    /// The air's humidity reaching the cell, 0 to 1.
    air: Vec<f64>,
    /// The share of that humidity that fell there as rain as the air climbed.
    rain: Vec<f64>,
    /// How far the air is forced up there (positive: above the height it was already
    /// lifted to) or has sunk below that height (negative), in metres; 0 on water.
    vertical: Vec<f64>,
}

/// The air's humidity, rain and sinking at each cell, swept downwind from the map's
/// upwind edge. A cell takes its air from its upwind neighbours, weighted by how squarely
/// they lie upwind.
async fn carry_air(
    grid: &Grid,
    water: &[bool],
    elev: &[i16],
    wind: Wind,
    pacer: &mut Pacer,
) -> Carried {
    let (wx, wy) = wind.blows_toward();
    let along = |i: usize| grid.pos[i].0 * wx + grid.pos[i].1 * wy;
    let mut order: Vec<u32> = (0..grid.len() as u32).collect();
    let by_along = |&a: &u32, &b: &u32| {
        along(a as usize)
            .total_cmp(&along(b as usize))
            .then(a.cmp(&b))
    };
    sort_by_in_steps(&mut order, by_along, pacer).await;
    let step = 1.0 / grid.radius;
    let dry = 1.0 - (-DRYING_PER_RADIUS * step).exp();
    let wet = 1.0 - (-WETTING_PER_RADIUS * step).exp();
    let height = |i: usize| f64::from(elev[i].max(0));
    let sink = (-SINKING_PER_RADIUS * step).exp();
    let mut air = vec![0.0f64; grid.len()];
    let mut lifted = vec![0.0f64; grid.len()];
    let mut rain = vec![0.0f64; grid.len()];
    let mut vertical = vec![0.0f64; grid.len()];
    for &i in &order {
        let i = i as usize;
        let (mut sum, mut lift, mut weight) = (0.0, 0.0, 0.0);
        for &n in &grid.nbr[i] {
            if n == NONE {
                continue;
            }
            let n = n as usize;
            let w = along(i) - along(n);
            if w > 0.1 {
                sum += w * air[n];
                lift += w * lifted[n];
                weight += w;
            }
        }
        // Air from beyond the upwind edge arrives humid, at the height of its cell.
        let (mut h, was) = if weight > 0.0 {
            (sum / weight, lift / weight)
        } else {
            (0.9, height(i))
        };
        // Only land rising above the height the air was lifted to makes it rain; past
        // the top the air follows the ground down, settling back onto it as it goes.
        let climb = (height(i) - was).max(0.0);
        let below = (was - height(i)).max(0.0) * sink;
        if water[i] {
            h += (1.0 - h) * wet;
        } else {
            let fall = 1.0 - (-RAIN_PER_KM * climb / 1000.0).exp();
            rain[i] = h * fall;
            h *= (1.0 - fall) * (1.0 - dry);
            vertical[i] = climb - below;
        }
        air[i] = h;
        lifted[i] = height(i) + below;
        pacer.tick(2).await;
    }
    Carried {
        air,
        rain,
        vertical,
    }
}

/// The ground as the wind meets it: on a map up to the reference size
/// (`elevation::REFERENCE_RADIUS`) the heights themselves; on a bigger one the heights
/// smoothed over about as many hexes as the map is times the reference's radius. A big
/// world has relief a few hexes wide, as a small one does, but the air crosses several
/// times more of those ridges per share of the map: meeting each of them, it would rain
/// out over the first stretch of land and leave the interior a desert that the same
/// world drawn smaller does not have. The air climbs the ranges, not every hillock.
async fn ground_the_air_feels(grid: &Grid, elev: &[i16], pacer: &mut Pacer) -> Vec<i16> {
    let k = grid.radius / super::elevation::REFERENCE_RADIUS;
    // Averaging with the neighbours n times spreads a bump over about √n hexes.
    let passes = (k * k - 1.0).round().clamp(0.0, 64.0) as usize;
    if passes == 0 {
        return elev.to_vec();
    }
    let mut h: Vec<f32> = elev.iter().map(|&e| f32::from(e.max(0))).collect();
    let mut next = h.clone();
    for _ in 0..passes {
        for i in 0..grid.len() {
            let (mut sum, mut count) = (h[i], 1.0);
            for &n in &grid.nbr[i] {
                if n != NONE {
                    sum += h[n as usize];
                    count += 1.0;
                }
            }
            next[i] = sum / count;
            pacer.tick(1).await;
        }
        std::mem::swap(&mut h, &mut next);
    }
    h.iter()
        .zip(elev)
        // Sea stays sea: only the land's heights are smoothed.
        .map(|(&v, &e)| if e < 0 { e } else { v.round() as i16 })
        .collect()
}

/// Steps from each cell to the nearest water cell (`u32::MAX / 2` with no water).
async fn water_distance(grid: &Grid, water: &[bool], pacer: &mut Pacer) -> Vec<u32> {
    let far = u32::MAX / 2;
    let mut dist = vec![far; grid.len()];
    let mut queue = VecDeque::new();
    for (i, &w) in water.iter().enumerate() {
        if w {
            dist[i] = 0;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        for &n in &grid.nbr[i] {
            if n != NONE && dist[n as usize] == far {
                dist[n as usize] = dist[i] + 1;
                queue.push_back(n as usize);
            }
        }
        pacer.tick(1).await;
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shadow::{Shadow, shadow_of};
    use hexmap_hex::{Hex, OffsetCoord, OffsetKind, Orientation};
    use hexmap_map::{ElevationLayer, MapShape};

    /// A 60×60 plain at 200 m ringed by two hexes of sea (−500 m: below sea level is
    /// water), with `height(along, across)` metres across the middle: `along` counts hexes
    /// from the map's middle line across the wind (column 30 for a west or east wind, row
    /// 30 for a north or south one).
    fn plain_with(
        orientation: Orientation,
        wind: Wind,
        height: impl Fn(i32) -> i16,
    ) -> (HexMap, Grid, Vec<i16>) {
        let kind = OffsetKind::default_for(orientation);
        let shape = MapShape::rectangle(kind, 60, 60).unwrap();
        let mut map = hexmap_map::testing::map_on(orientation, shape);
        let cells: Vec<Hex> = map.shape().iter().collect();
        let values: Vec<i16> = cells
            .iter()
            .map(|&h| {
                let c = kind.from_hex(h);
                let off = match wind {
                    Wind::West | Wind::East => c.col - 30,
                    Wind::North | Wind::South => c.row - 30,
                };
                if c.col < 2 || c.row < 2 || c.col > 57 || c.row > 57 {
                    -500
                } else {
                    height(off).max(200)
                }
            })
            .collect();
        map.set_elevation_layer(Some(ElevationLayer::from_values(values.clone())))
            .unwrap();
        let grid = Grid::of(&map);
        (map, grid, values)
    }

    /// The rain shadow on `map` under `wind`, measured as world_stats measures it.
    fn shadow(map: &HexMap, grid: &Grid, elev: &[i16], wind: Wind, seed: u64) -> Shadow {
        let m: Vec<f64> = moisture_under(grid, map, wind, seed)
            .into_iter()
            .map(f64::from)
            .collect();
        shadow_of(grid, elev, &crate::water_cells(map), &m, wind).expect("a range")
    }

    #[test]
    fn a_ridge_casts_a_rain_shadow_on_its_lee_under_every_wind() {
        // A wall of 3000 m one hex wide across the plain, at right angles to the wind.
        for orientation in [Orientation::Pointy, Orientation::Flat] {
            for wind in Wind::ALL {
                let (map, grid, elev) =
                    plain_with(orientation, wind, |off| if off == 0 { 3000 } else { 200 });
                let s = shadow(&map, &grid, &elev, wind, 1);
                assert!(s.ratio() <= 0.75, "{orientation:?}, {wind:?} wind: {s:?}");
            }
        }
    }

    #[test]
    fn a_broad_gentle_range_casts_a_rain_shadow_under_every_wind() {
        // A range rising 100 m a hex to 3000 m and falling as gently: the air has rained
        // out most of its water on the long climb before it reaches the crest, so the lee
        // is drier only because the air sinks there.
        for wind in Wind::ALL {
            let (map, grid, elev) = plain_with(Orientation::Pointy, wind, |off| {
                (3000 - 100 * off.abs()) as i16
            });
            let s = shadow(&map, &grid, &elev, wind, 2);
            assert!(s.ratio() <= 0.75, "{wind:?} wind: {s:?}");
        }
    }

    #[test]
    fn every_lee_cell_next_to_the_ridge_is_drier_than_its_mirror() {
        let (map, _, _) = plain_with(Orientation::Pointy, Wind::West, |off| {
            if off == 0 { 3000 } else { 200 }
        });
        let grid = Grid::of(&map);
        let m = moisture(&grid, &map, 1);
        let kind = OffsetKind::OddR;
        for row in 2..58 {
            let at = |col| {
                m[map
                    .shape()
                    .index_of(kind.to_hex(OffsetCoord::new(col, row)))
                    .unwrap()]
            };
            assert!(at(31) < at(29), "row {row}: {} !< {}", at(31), at(29));
        }
    }

    #[test]
    fn water_is_wettest_and_every_value_is_in_range() {
        let (map, grid, _) = plain_with(Orientation::Pointy, Wind::West, |off| {
            (3000 - 100 * off.abs()) as i16
        });
        let m = moisture(&grid, &map, 3);
        let water = crate::water_cells(&map);
        for (i, &v) in m.iter().enumerate() {
            assert!((0.0..=1.0).contains(&v), "{v}");
            if water[i] {
                assert_eq!(v, 1.0);
            }
        }
    }
}
