//! Stage 2b: moisture in [0, 1] per cell, carried by the prevailing wind ([`Wind`]). Air
//! enters the map's upwind edge humid, takes up water over the sea and lakes, and loses
//! it over land: a little on every step, much more where it climbs (rain on the windward
//! slopes), so the land behind a range lies in its rain shadow. A cell's moisture is the
//! humidity of the air reaching it and the rain it gets, a little more near water, with
//! seeded noise. Distances are measured against the map's size, so a big map and a small
//! one of the same seed get the same shares of dry and wet land.

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
const RAIN_PER_KM: f64 = 0.35;
/// Share of the missing water the air takes up per map radius crossed over water.
const WETTING_PER_RADIUS: f64 = 30.0;
/// How fast the air sinks back after crossing high ground, per map radius (it rains
/// again only where the land rises above the height the air has already been lifted to).
const SINKING_PER_RADIUS: f64 = 3.0;

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
    let dist = water_distance(grid, &water, pacer).await;
    let (air, rain) = carry_air(grid, &water, &elev, wind, pacer).await;
    let noise = ValueNoise::new(stage_seed(seed, 3));
    let scale = 4.0 / grid.radius;
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
        let n = noise.fbm(x * scale, y * scale, 4);
        let near = (-f64::from(dist[i]) / reach).exp();
        let m = 0.08 + 0.8 * air[i] + 1.2 * rain[i] + 0.1 * near + 0.2 * n;
        out.push(m.clamp(0.0, 1.0) as f32);
    }
    out
}

/// The air's humidity reaching each cell (0 to 1) and the share of it that fell there as
/// rain on climbing, swept downwind from the map's upwind edge. A cell takes its air from
/// its upwind neighbours, weighted by how squarely they lie upwind.
async fn carry_air(
    grid: &Grid,
    water: &[bool],
    elev: &[i16],
    wind: Wind,
    pacer: &mut Pacer,
) -> (Vec<f64>, Vec<f64>) {
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
            (sum / weight, lift / weight * sink)
        } else {
            (0.9, height(i))
        };
        // Only land rising above the height the air was lifted to makes it rain.
        let climb = (height(i) - was).max(0.0);
        if water[i] {
            h += (1.0 - h) * wet;
        } else {
            let fall = 1.0 - (-RAIN_PER_KM * climb / 1000.0).exp();
            rain[i] = h * fall;
            h *= (1.0 - fall) * (1.0 - dry);
        }
        air[i] = h;
        lifted[i] = was.max(height(i));
        pacer.tick(2).await;
    }
    (air, rain)
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
    use hexmap_hex::{Hex, OffsetCoord, OffsetKind, Orientation};
    use hexmap_map::{ElevationLayer, MapShape};

    /// A 60×8 rectangle of land at 200 m with a wall of 3000 m down column 30 and the
    /// sea (−500 m, painted nothing: below sea level is water) in columns 0–1 and 58–59.
    fn ridge_map(orientation: Orientation) -> (HexMap, OffsetKind) {
        let kind = match orientation {
            Orientation::Pointy => OffsetKind::OddR,
            Orientation::Flat => OffsetKind::OddQ,
        };
        let shape = MapShape::rectangle(kind, 60, 8).unwrap();
        let mut map = hexmap_map::testing::map_on(orientation, shape);
        let cells: Vec<Hex> = map.shape().iter().collect();
        let values = cells
            .iter()
            .map(|&h| match kind.from_hex(h).col {
                0 | 1 | 58 | 59 => -500,
                30 => 3000,
                _ => 200,
            })
            .collect();
        map.set_elevation_layer(Some(ElevationLayer::from_values(values)))
            .unwrap();
        (map, kind)
    }

    /// Mean moisture of columns `cols` over every row.
    fn mean(map: &HexMap, kind: OffsetKind, m: &[f32], cols: std::ops::Range<i32>) -> f64 {
        let mut sum = 0.0;
        let mut n = 0;
        for col in cols {
            for row in 0..8 {
                let h = kind.to_hex(OffsetCoord::new(col, row));
                sum += f64::from(m[map.shape().index_of(h).unwrap()]);
                n += 1;
            }
        }
        sum / f64::from(n)
    }

    #[test]
    fn a_ridge_casts_a_rain_shadow_on_its_lee() {
        // Under a west wind the six columns east of the ridge are at least 25 % drier
        // than the six west of it, and row by row every lee cell is drier than the cell
        // mirrored across the ridge; an east wind turns the shadow round.
        let (map, kind) = ridge_map(Orientation::Pointy);
        let grid = Grid::of(&map);
        let west = moisture_under(&grid, &map, Wind::West, 1);
        let (windward, lee) = (
            mean(&map, kind, &west, 24..30),
            mean(&map, kind, &west, 31..37),
        );
        assert!(
            lee <= 0.75 * windward,
            "west wind: windward {windward}, lee {lee}"
        );
        for row in 0..8 {
            let at = |col| {
                west[map
                    .shape()
                    .index_of(kind.to_hex(OffsetCoord::new(col, row)))
                    .unwrap()]
            };
            assert!(at(31) < at(29), "row {row}: {} !< {}", at(31), at(29));
        }
        let east = moisture_under(&grid, &map, Wind::East, 1);
        let (windward, lee) = (
            mean(&map, kind, &east, 31..37),
            mean(&map, kind, &east, 24..30),
        );
        assert!(
            lee <= 0.75 * windward,
            "east wind: windward {windward}, lee {lee}"
        );
    }

    #[test]
    fn flat_hexes_get_the_same_shadow() {
        let (map, kind) = ridge_map(Orientation::Flat);
        let grid = Grid::of(&map);
        let m = moisture(&grid, &map, 9);
        let (windward, lee) = (mean(&map, kind, &m, 24..30), mean(&map, kind, &m, 31..37));
        assert!(lee <= 0.75 * windward, "windward {windward}, lee {lee}");
    }

    #[test]
    fn water_is_wettest_and_every_value_is_in_range() {
        let (map, _) = ridge_map(Orientation::Pointy);
        let grid = Grid::of(&map);
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
