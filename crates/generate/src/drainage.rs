//! Drainage over hex corners, the way the generator's rivers run: every corner drains to
//! its lowest neighbouring corner that is strictly lower (a corner's height is the mean of
//! its cells, [`corner_height`]), and stops at a corner that touches water or lies on the
//! map's border. Every land cell sheds its rain at its own lowest corner, so the **flow
//! accumulation** of a corner is the number of land cells whose water passes through it:
//! the area, in hexes, of the basin above it.

use super::corners::Corner;
use super::rivers::corner_height;
use hexmap_map::HexMap;
use hexmap_map::steps::{Pacer, block_on, sort_by_in_steps};

/// The map's corners (every corner of a cell), where each drains and how much flows
/// through it.
pub struct Drainage {
    /// Every corner of a map cell, sorted (so a corner is found by binary search).
    pub corners: Vec<Corner>,
    /// Each corner's height: six times the mean of its cells ([`corner_height`]).
    pub height: Vec<i64>,
    /// The index of the corner each drains to; `None` at a sink (water, border, pit).
    pub receiver: Vec<Option<u32>>,
    /// Land cells whose rain passes through each corner (its own included).
    pub area: Vec<u32>,
    /// Which cells (index order) were taken as water.
    pub water: Vec<bool>,
}

impl Drainage {
    /// The drainage of `map` as it is now (water by [`super::water_cells`]).
    pub fn of(map: &HexMap) -> Drainage {
        Drainage::with_water(map, super::water_cells(map))
    }

    /// The drainage of `map` with `water` (per cell, index order) as its water.
    pub fn with_water(map: &HexMap, water: Vec<bool>) -> Drainage {
        block_on(Drainage::of_in_steps(map, &water, &mut super::pacer()))
    }

    /// The drainage of `map` with `water` (per cell, index order) as its water, pausing
    /// on `pacer` as it goes.
    pub(crate) async fn of_in_steps(map: &HexMap, water: &[bool], pacer: &mut Pacer) -> Drainage {
        let cells: Vec<_> = map.shape().iter().collect();
        let mut corners: Vec<Corner> = cells
            .iter()
            .flat_map(|&h| (0..6).map(move |i| Corner::of(h, i)))
            .collect();
        corners.sort_unstable();
        corners.dedup();
        let is_water = |h| map.shape().index_of(h).is_some_and(|i| water[i]);
        let mut measured: Vec<(i64, usize)> = Vec::with_capacity(corners.len());
        for &c in &corners {
            measured.push(corner_height(map, c));
            pacer.tick(1).await;
        }
        let height: Vec<i64> = measured.iter().map(|m| m.0).collect();
        let find = |c: Corner| corners.binary_search(&c).ok().map(|i| i as u32);
        let mut receiver: Vec<Option<u32>> = Vec::with_capacity(corners.len());
        for (&c, &(h, n)) in corners.iter().zip(&measured) {
            pacer.tick(1).await;
            if n < 3 || c.hexes().into_iter().any(is_water) {
                receiver.push(None);
                continue;
            }
            receiver.push(
                c.neighbours()
                    .into_iter()
                    .filter_map(|(d, _)| Some((height[find(d)? as usize], d)))
                    .filter(|&(dh, _)| dh < h)
                    .min()
                    .and_then(|(_, d)| find(d)),
            );
        }
        let mut area = vec![0u32; corners.len()];
        for (i, &h) in cells.iter().enumerate() {
            if !water[i] {
                area[lowest_corner(&corners, &height, h)] += 1;
            }
        }
        // Highest first: a corner has all its inflow before it passes it on.
        let mut order: Vec<usize> = (0..corners.len()).collect();
        let highest_first =
            |&a: &usize, &b: &usize| (height[b], corners[b]).cmp(&(height[a], corners[a]));
        sort_by_in_steps(&mut order, highest_first, pacer).await;
        for i in order {
            pacer.tick(1).await;
            if let Some(r) = receiver[i] {
                area[r as usize] += area[i];
            }
        }
        Drainage {
            corners,
            height,
            receiver,
            area,
            water: water.to_vec(),
        }
    }

    /// The index of corner `c`, if it is a corner of a map cell.
    pub fn index_of(&self, c: Corner) -> Option<usize> {
        self.corners.binary_search(&c).ok()
    }
}

/// The index of `h`'s lowest corner (ties: the smallest corner), where its rain goes.
pub(crate) fn lowest_corner(corners: &[Corner], height: &[i64], h: hexmap_hex::Hex) -> usize {
    (0..6)
        .filter_map(|k| corners.binary_search(&Corner::of(h, k)).ok())
        .min_by_key(|&i| (height[i], corners[i]))
        .expect("a cell's corners are listed")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::noise::ValueNoise;
    use hexmap_hex::{Hex, Orientation};
    use hexmap_map::ElevationLayer;

    /// The flow through each corner counted the slow way: follow every land cell's rain
    /// from its lowest corner down to its sink, adding one at each corner passed.
    fn brute_force(map: &HexMap, d: &Drainage) -> Vec<u32> {
        let water = crate::water_cells(map);
        let mut area = vec![0u32; d.corners.len()];
        for (i, h) in map.shape().iter().enumerate() {
            if water[i] {
                continue;
            }
            let mut at = Some(lowest_corner(&d.corners, &d.height, h));
            while let Some(c) = at {
                area[c] += 1;
                at = d.receiver[c].map(|r| r as usize);
            }
        }
        area
    }

    /// A hexagon of `radius` with noise for elevation, a tenth of it sea.
    fn noisy_map(radius: u32, orientation: Orientation, seed: u64) -> HexMap {
        let mut map = hexmap_map::testing::hexagon_map(radius, orientation);
        let grid = Grid::of(&map);
        let noise = ValueNoise::new(seed);
        let values = grid
            .pos
            .iter()
            .map(|&(x, y)| (noise.fbm(x * 0.3, y * 0.3, 3) * 2000.0 - 200.0) as i16)
            .collect();
        map.set_elevation_layer(Some(ElevationLayer::from_values(values)))
            .unwrap();
        map
    }

    #[test]
    fn flow_accumulation_matches_a_brute_force_walk_of_every_cell() {
        for (seed, orientation) in [(1, Orientation::Pointy), (9, Orientation::Flat)] {
            let map = noisy_map(9, orientation, seed);
            let d = Drainage::of(&map);
            assert_eq!(d.area, brute_force(&map, &d), "seed {seed}");
            // Every land cell's rain ends at exactly one sink.
            let sinks: u32 = (0..d.corners.len())
                .filter(|&i| d.receiver[i].is_none())
                .map(|i| d.area[i])
                .sum();
            let land = crate::water_cells(&map).iter().filter(|w| !**w).count();
            assert_eq!(sinks as usize, land);
        }
    }

    #[test]
    fn water_runs_down_a_tilted_plane_to_the_low_border() {
        // Elevation rising with q: every interior corner drains toward smaller q, and the
        // most flow gathers at the low (west) border.
        let mut map = hexmap_map::testing::hexagon_map(4, Orientation::Pointy);
        let values = map
            .shape()
            .iter()
            .map(|h: Hex| 1000 + 100 * h.q as i16)
            .collect();
        map.set_elevation_layer(Some(ElevationLayer::from_values(values)))
            .unwrap();
        let d = Drainage::of(&map);
        for (i, r) in d.receiver.iter().enumerate() {
            if let Some(r) = r {
                assert!(d.height[*r as usize] < d.height[i]);
            }
        }
        let most = (0..d.corners.len()).max_by_key(|&i| d.area[i]).unwrap();
        assert!(d.receiver[most].is_none(), "the biggest flow is at a sink");
        assert!(d.corners[most].hexes().iter().any(|h| h.q <= -4));
    }
}
