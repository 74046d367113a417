//! Depressions of the height field, before rivers are laid: a **priority flood** from the
//! water and the map's border (cells taken lowest first, each new cell reached from the
//! lowest shore) finds, for every land cell, the level water would stand at there — its
//! own height, or the height of the lowest pass out of the closed basin it lies in. Basins
//! of at least [`LAKE_MIN_CELLS`] cells become lakes (every cell below the pass), smaller
//! ones are filled up to the pass with a slope of one metre a cell toward it, so every
//! land cell that is not a lake has a neighbour strictly lower on its way to water or the
//! border, and water from anywhere reaches the sea, a lake or the border.

use super::grid::{Grid, NONE};
use hexmap_map::steps::Pacer;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The fewest cells a closed basin needs to become a lake on a map up to the reference
/// size (`elevation::REFERENCE_RADIUS`); smaller basins are filled.
pub const LAKE_MIN_CELLS: usize = 40;

/// The most cells one lake may hold on a map up to the reference size; a larger basin is
/// filled instead (a plateau with one outlet far away is land, not an inland sea).
pub const LAKE_MAX_CELLS: usize = 4000;

/// The sizes of basin that become lakes on `grid`: [`LAKE_MIN_CELLS`] to
/// [`LAKE_MAX_CELLS`] up to the reference size, both growing with the map's area beyond
/// it. A big map's relief is as rough a few hexes wide as a small map's, so it has far
/// more small closed basins per area; counted in hexes, they would cover several times
/// the land a small map's lakes do. Counted as a share of the map, lakes cover the same.
pub fn lake_sizes(grid: &Grid) -> std::ops::RangeInclusive<usize> {
    let k = (grid.radius / super::elevation::REFERENCE_RADIUS)
        .max(1.0)
        .powi(2);
    let scaled = |n: usize| (n as f64 * k).round() as usize;
    scaled(LAKE_MIN_CELLS)..=scaled(LAKE_MAX_CELLS)
}

/// The cells of the seeds of a flood: water cells and border cells, lowest first.
fn seeds(grid: &Grid, height: &[i16], water: &[bool]) -> BinaryHeap<Reverse<(i32, u32)>> {
    (0..grid.len())
        .filter(|&i| water[i] || grid.nbr[i].contains(&NONE))
        .map(|i| Reverse((i32::from(height[i]), i as u32)))
        .collect()
}

/// The level water stands at in each cell: at least its own height, and the lowest
/// height of any way out to water or the border (a priority flood). Water cells and
/// border cells keep their heights.
pub async fn levels(grid: &Grid, height: &[i16], water: &[bool], pacer: &mut Pacer) -> Vec<i32> {
    let mut level = vec![i32::MIN; grid.len()];
    let mut shore = seeds(grid, height, water);
    for &Reverse((h, i)) in shore.iter() {
        level[i as usize] = h;
    }
    while let Some(Reverse((at, i))) = shore.pop() {
        pacer.tick(1).await;
        for &n in &grid.nbr[i as usize] {
            if n != NONE && level[n as usize] == i32::MIN {
                let l = at.max(i32::from(height[n as usize]));
                level[n as usize] = l;
                shore.push(Reverse((l, n)));
            }
        }
    }
    level
}

/// The closed basins that become lakes: each a list of cells (below their pass), found
/// from the flood's `level`s, in order of their first cell.
pub async fn lakes(
    grid: &Grid,
    height: &[i16],
    level: &[i32],
    pacer: &mut Pacer,
) -> Vec<Vec<usize>> {
    let flooded = |i: usize| level[i] > i32::from(height[i]);
    let sizes = lake_sizes(grid);
    let mut seen = vec![false; grid.len()];
    let mut out = Vec::new();
    for start in 0..grid.len() {
        pacer.tick(1).await;
        if seen[start] || !flooded(start) {
            continue;
        }
        seen[start] = true;
        let mut basin = vec![start];
        let mut k = 0;
        while let Some(&i) = basin.get(k) {
            k += 1;
            for &n in &grid.nbr[i] {
                let n = n as usize;
                if n != NONE as usize && !seen[n] && flooded(n) && level[n] == level[i] {
                    seen[n] = true;
                    basin.push(n);
                }
            }
        }
        if sizes.contains(&basin.len()) {
            out.push(basin);
        }
    }
    out
}

/// Fill every closed basin of `height` that is not `water` up to its pass, rising one
/// metre a cell away from the pass: afterwards every land cell off the border has a
/// neighbour strictly lower (toward water or the border). Returns how many cells rose.
pub async fn fill(grid: &Grid, height: &mut [i16], water: &[bool], pacer: &mut Pacer) -> usize {
    let mut done = vec![false; grid.len()];
    let mut shore = seeds(grid, height, water);
    for &Reverse((_, i)) in shore.iter() {
        done[i as usize] = true;
    }
    let mut raised = 0;
    while let Some(Reverse((at, i))) = shore.pop() {
        pacer.tick(1).await;
        for &n in &grid.nbr[i as usize] {
            let n = n as usize;
            if n == NONE as usize || done[n] {
                continue;
            }
            done[n] = true;
            if i32::from(height[n]) <= at {
                height[n] = (at + 1).min(i32::from(i16::MAX)) as i16;
                raised += 1;
            }
            shore.push(Reverse((i32::from(height[n]), n as u32)));
        }
    }
    raised
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{OffsetCoord, OffsetKind, Orientation};
    use hexmap_map::MapShape;
    use hexmap_map::steps::block_on;

    /// A 30 × 20 grid and heights `f(col, row)`.
    fn relief(f: impl Fn(i32, i32) -> i16) -> (Grid, Vec<i16>) {
        let shape = MapShape::rectangle(OffsetKind::OddR, 30, 20).unwrap();
        let map = hexmap_map::testing::map_on(Orientation::Pointy, shape);
        let grid = Grid::of(&map);
        let heights = grid
            .hexes
            .iter()
            .map(|&h| {
                let c = OffsetKind::OddR.from_hex(h);
                f(c.col, c.row)
            })
            .collect();
        (grid, heights)
    }

    fn distance_from(grid: &Grid, i: usize, col: i32, row: i32) -> i32 {
        grid.hexes[i].distance(OffsetKind::OddR.to_hex(OffsetCoord::new(col, row)))
    }

    #[test]
    fn a_bowl_becomes_a_lake_below_its_rim_and_a_pit_is_filled() {
        // A slope falling west, with a bowl of radius 4 round (18, 10) dug 400 m below
        // the slope (61 cells: a lake), and a one-cell pit at (4, 6) (filled).
        const { assert!(LAKE_MIN_CELLS <= 61) };
        let slope = |c: i32| 100 + 40 * c as i16;
        let (grid, heights) = relief(|c, r| {
            let bowl = OffsetKind::OddR
                .to_hex(OffsetCoord::new(c, r))
                .distance(OffsetKind::OddR.to_hex(OffsetCoord::new(18, 10)));
            if bowl <= 4 {
                slope(c) - 400
            } else if (c, r) == (4, 6) {
                slope(c) - 100
            } else {
                slope(c)
            }
        });
        let water = vec![false; grid.len()];
        let pacer = &mut crate::pacer();
        let level = block_on(levels(&grid, &heights, &water, pacer));
        let lakes = block_on(lakes(&grid, &heights, &level, pacer));
        assert_eq!(lakes.len(), 1, "the pit is too small for a lake");
        let mut lake = lakes[0].clone();
        lake.sort_unstable();
        let bowl: Vec<usize> = (0..grid.len())
            .filter(|&i| distance_from(&grid, i, 18, 10) <= 4)
            .collect();
        assert_eq!(lake, bowl);
        // The lake's level is its lowest pass: the lowest rim cell, on the west.
        let rim = (0..grid.len())
            .filter(|&i| distance_from(&grid, i, 18, 10) == 5)
            .map(|i| i32::from(heights[i]))
            .min()
            .unwrap();
        assert!(lake.iter().all(|&i| level[i] == rim));
        // With the lake as water, filling leaves every other land cell a lower neighbour.
        let mut water = water;
        for &i in &lake {
            water[i] = true;
        }
        let mut filled = heights.clone();
        let raised = block_on(fill(&grid, &mut filled, &water, pacer));
        assert_eq!(raised, 1, "only the pit rose");
        for i in 0..grid.len() {
            if water[i] || grid.nbr[i].contains(&NONE) {
                continue;
            }
            let lower = grid.nbr[i]
                .iter()
                .any(|&n| n != NONE && (water[n as usize] || filled[n as usize] < filled[i]));
            assert!(lower, "cell {i} has a way down");
        }
    }
}
