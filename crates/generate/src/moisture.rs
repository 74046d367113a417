//! Stage 2: moisture in [0, 1] per cell, from seeded noise, the distance to water (wet
//! coasts, dry interiors) and the rain shadow of a wind from the west: land lower than
//! the high ground upwind of it is drier.

use super::grid::{Grid, NONE};
use super::noise::ValueNoise;
use super::stage_seed;
use hexmap_hex::Orientation;
use hexmap_map::HexMap;
use hexmap_map::steps::{Pacer, block_on};
use std::collections::VecDeque;

/// How many steps upwind the rain shadow looks.
const SHADOW_STEPS: usize = 8;

/// Moisture per cell (index order), in [0, 1]; water cells are 1.
pub fn moisture(grid: &Grid, map: &HexMap, seed: u64) -> Vec<f32> {
    block_on(moisture_in_steps(grid, map, seed, &mut super::pacer()))
}

/// [`moisture`], pausing on `pacer` as it goes.
pub(crate) async fn moisture_in_steps(
    grid: &Grid,
    map: &HexMap,
    seed: u64,
    pacer: &mut Pacer,
) -> Vec<f32> {
    let water = super::water_cells(map);
    let elev: Vec<i16> = map
        .elevation_layer()
        .map_or_else(|| vec![0; grid.len()], |l| l.values().to_vec());
    let dist = water_distance(grid, &water, pacer).await;
    let noise = ValueNoise::new(stage_seed(seed, 3));
    let scale = 4.0 / grid.radius;
    // Upwind (west) directions: pointy hexes have one, flat hexes alternate NW and SW.
    let upwind: [usize; 2] = match map.properties().orientation {
        Orientation::Pointy => [3, 3],
        Orientation::Flat => [3, 4],
    };
    let mut out = Vec::with_capacity(grid.len());
    for i in 0..grid.len() {
        pacer.tick(2).await;
        if water[i] {
            out.push(1.0);
            continue;
        }
        let (x, y) = grid.pos[i];
        let n = noise.fbm(x * scale, y * scale, 4);
        let near = (-f64::from(dist[i]) / 5.0).exp();
        let mut shadow = 0.0f64;
        let mut at = i;
        for step in 0..SHADOW_STEPS {
            let next = grid.nbr[at][upwind[step % 2]];
            if next == NONE {
                break;
            }
            at = next as usize;
            shadow = shadow.max(f64::from(elev[at]) - f64::from(elev[i]));
        }
        let m = 0.45 + 0.3 * n + 0.35 * near - 0.4 * (shadow / 2000.0).min(1.0);
        out.push(m.clamp(0.0, 1.0) as f32);
    }
    out
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
    use hexmap_hex::{Hex, OffsetKind};
    use hexmap_map::{ElevationLayer, MapShape};

    #[test]
    fn a_ridge_casts_a_rain_shadow_to_its_east() {
        // A rectangle of flat land with a wall of mountains down column 5: cells just
        // east of it are drier than cells just west of it, row by row (noise aside).
        let shape = MapShape::rectangle(OffsetKind::OddR, 12, 6).unwrap();
        let mut map = hexmap_map::testing::map_on(Orientation::Pointy, shape);
        let cells: Vec<Hex> = map.shape().iter().collect();
        let kind = OffsetKind::OddR;
        let values = cells
            .iter()
            .map(|&h| if kind.from_hex(h).col == 5 { 3000 } else { 200 })
            .collect();
        map.set_elevation_layer(Some(ElevationLayer::from_values(values)))
            .unwrap();
        let grid = Grid::of(&map);
        let m = moisture(&grid, &map, 1);
        let at = |col, row| {
            let h = kind.to_hex(hexmap_hex::OffsetCoord::new(col, row));
            m[map.shape().index_of(h).unwrap()]
        };
        for row in 0..6 {
            assert!(at(7, row) + 0.2 < at(3, row), "row {row}");
        }
    }
}
