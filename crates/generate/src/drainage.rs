//! Drainage over hex corners, the way the generator's rivers run. A **priority flood**
//! over the corners from the sinks — corners on the map's border or touching the sea —
//! takes corners lowest first (a corner's height is the mean of its cells,
//! [`corner_height`]); each corner drains to the neighbour it was first reached from. On
//! a slope that is its lowest neighbour; in a closed hollow it is the way out over the
//! hollow's lowest pass, so water from every corner reaches a sink. A **lake** (water not
//! touching the map's border) is flooded through like land: what flows into it leaves by
//! its lowest pass. Every land cell sheds its rain at its own lowest corner, so the
//! **flow accumulation** of a corner is the number of land cells whose water passes
//! through it: the area, in hexes, of the basin above it.

use super::corners::Corner;
use super::rivers::corner_height;
use hexmap_hex::Hex;
use hexmap_map::HexMap;
use hexmap_map::steps::{Pacer, block_on, sort_by_in_steps};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The map's corners (every corner of a cell), where each drains and how much flows
/// through it.
pub struct Drainage {
    /// Every corner of a map cell, sorted (so a corner is found by binary search).
    pub corners: Vec<Corner>,
    /// Each corner's height: six times the mean of its cells ([`corner_height`]).
    pub height: Vec<i64>,
    /// The index of the corner each drains to; `None` at a sink (the sea, the border).
    pub receiver: Vec<Option<u32>>,
    /// Land cells whose rain passes through each corner (its own included).
    pub area: Vec<u32>,
    /// Which cells (index order) were taken as water.
    pub water: Vec<bool>,
    /// Which cells (index order) are lakes: water not touching the map's border.
    pub lake: Vec<bool>,
    /// The corner each land cell sheds its rain at: its lowest (`u32::MAX` for water).
    shed: Vec<u32>,
    /// Corners upstream first: each before the one it drains to.
    order: Vec<u32>,
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
        let mut corners: Vec<Corner> = Vec::with_capacity(cells.len() * 2 + 16);
        for &h in &cells {
            corners.extend((0..6).map(|i| Corner::of(h, i)));
            pacer.tick(1).await;
        }
        sort_by_in_steps(&mut corners, Corner::cmp, pacer).await;
        corners.dedup();
        let lake = lake_cells_in_steps(map, water, pacer).await;
        let sea = |h| {
            map.shape()
                .index_of(h)
                .is_some_and(|i| water[i] && !lake[i])
        };
        let find = |c: Corner| corners.binary_search(&c).ok().map(|i| i as u32);
        let mut height = Vec::with_capacity(corners.len());
        let mut sinks = BinaryHeap::new();
        for (i, &c) in corners.iter().enumerate() {
            let (h, n) = corner_height(map, c);
            height.push(h);
            if n < 3 || c.hexes().into_iter().any(sea) {
                sinks.push(Reverse((h, i as u32)));
            }
            pacer.tick(1).await;
        }
        let mut receiver: Vec<Option<u32>> = vec![None; corners.len()];
        let mut reached = vec![false; corners.len()];
        for Reverse((_, i)) in sinks.iter() {
            reached[*i as usize] = true;
        }
        // Upstream last: the flood takes each corner after the one it drains to.
        let mut order = Vec::with_capacity(corners.len());
        while let Some(Reverse((level, i))) = sinks.pop() {
            pacer.tick(1).await;
            order.push(i);
            for (d, _) in corners[i as usize].neighbours() {
                let Some(d) = find(d) else { continue };
                if !reached[d as usize] {
                    reached[d as usize] = true;
                    receiver[d as usize] = Some(i);
                    sinks.push(Reverse((level.max(height[d as usize]), d)));
                }
            }
        }
        order.reverse();
        let mut shed = vec![u32::MAX; cells.len()];
        for (i, &h) in cells.iter().enumerate() {
            if !water[i] {
                shed[i] = lowest_corner(&corners, &height, h) as u32;
            }
        }
        let mut drainage = Drainage {
            corners,
            height,
            receiver,
            area: Vec::new(),
            water: water.to_vec(),
            lake,
            shed,
            order,
        };
        drainage.area = drainage.accumulate(&vec![1u32; cells.len()]);
        drainage
    }

    /// The index of corner `c`, if it is a corner of a map cell.
    pub fn index_of(&self, c: Corner) -> Option<usize> {
        self.corners.binary_search(&c).ok()
    }

    /// Where corner `c`'s water goes next, `None` at a sink.
    pub fn next(&self, c: usize) -> Option<usize> {
        self.receiver[c].map(|n| n as usize)
    }

    /// What passes through each corner when every land cell sheds `per_cell` of it (index
    /// order) at its lowest corner: with ones, the area above each corner.
    pub fn accumulate<T>(&self, per_cell: &[T]) -> Vec<T>
    where
        T: Copy + Default + std::ops::AddAssign,
    {
        let mut flow = vec![T::default(); self.corners.len()];
        for (i, &c) in self.shed.iter().enumerate() {
            if c != u32::MAX {
                flow[c as usize] += per_cell[i];
            }
        }
        for &c in &self.order {
            if let Some(n) = self.next(c as usize) {
                let passed = flow[c as usize];
                flow[n] += passed;
            }
        }
        flow
    }

    /// Corners upstream first: each before the corner it drains to.
    pub fn upstream_first(&self) -> &[u32] {
        &self.order
    }
}

#[cfg(test)]
impl Drainage {
    /// A drainage made by hand: every corner of `map`'s cells, each of `links` draining
    /// from its first corner to its second (every other corner a sink), `area` the flow
    /// through the corners named (0 elsewhere), `water` per cell.
    pub(crate) fn by_hand(
        map: &HexMap,
        water: Vec<bool>,
        links: &[(Corner, Corner)],
        area: &[(Corner, u32)],
    ) -> Drainage {
        let mut corners: Vec<Corner> = map
            .shape()
            .iter()
            .flat_map(|h| (0..6).map(move |k| Corner::of(h, k)))
            .collect();
        corners.sort_unstable();
        corners.dedup();
        let find = |c: &Corner| corners.binary_search(c).expect("a corner of a cell");
        let mut receiver = vec![None; corners.len()];
        for (from, to) in links {
            receiver[find(from)] = Some(find(to) as u32);
        }
        let mut flow = vec![0; corners.len()];
        for (c, a) in area {
            flow[find(c)] = *a;
        }
        // Upstream first: by how many links lie between each corner and its sink.
        let depth = |mut c: usize| {
            let mut d = 0;
            while let Some(n) = receiver[c] {
                c = n as usize;
                d += 1;
            }
            d
        };
        let mut order: Vec<u32> = (0..corners.len() as u32).collect();
        order.sort_by_key(|&c| Reverse(depth(c as usize)));
        Drainage {
            height: vec![0; corners.len()],
            receiver,
            area: flow,
            lake: lake_cells(map, &water),
            shed: vec![u32::MAX; water.len()],
            water,
            order,
            corners,
        }
    }
}

/// Per cell (index order): true for `water` of a body that does not touch the map's
/// border — a lake.
pub fn lake_cells(map: &HexMap, water: &[bool]) -> Vec<bool> {
    lake_ids(map, water)
        .into_iter()
        .map(|id| id != NO_LAKE)
        .collect()
}

/// Not a lake, in [`lake_ids`].
pub const NO_LAKE: u32 = u32::MAX;

/// Per cell (index order): the number of the lake it belongs to (0, 1, … in order of
/// their first cell), or [`NO_LAKE`]. A lake is a body of `water` that does not touch
/// the map's border.
pub fn lake_ids(map: &HexMap, water: &[bool]) -> Vec<u32> {
    block_on(lake_ids_in_steps(map, water, &mut super::pacer()))
}

/// [`lake_cells`], pausing on `pacer` as it goes (a cell a unit).
pub(crate) async fn lake_cells_in_steps(
    map: &HexMap,
    water: &[bool],
    pacer: &mut Pacer,
) -> Vec<bool> {
    let ids = lake_ids_in_steps(map, water, pacer).await;
    ids.into_iter().map(|id| id != NO_LAKE).collect()
}

/// [`lake_ids`], pausing on `pacer` as it goes (a cell a unit).
pub(crate) async fn lake_ids_in_steps(map: &HexMap, water: &[bool], pacer: &mut Pacer) -> Vec<u32> {
    let shape = map.shape();
    let mut lake = vec![NO_LAKE; water.len()];
    let mut seen = vec![false; water.len()];
    let mut next = 0;
    for (start, h) in shape.iter().enumerate() {
        pacer.tick(1).await;
        if !water[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut body: Vec<(usize, Hex)> = vec![(start, h)];
        let mut open = false;
        let mut k = 0;
        while let Some(&(_, at)) = body.get(k) {
            pacer.tick(1).await;
            k += 1;
            for n in at.neighbors() {
                match shape.index_of(n) {
                    None => open = true,
                    Some(j) if water[j] && !seen[j] => {
                        seen[j] = true;
                        body.push((j, n));
                    }
                    Some(_) => {}
                }
            }
        }
        if !open {
            for (i, _) in body {
                lake[i] = next;
            }
            next += 1;
        }
    }
    lake
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
                at = d.next(c);
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
                .filter(|&i| d.next(i).is_none())
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
