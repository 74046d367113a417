//! Lakes: a river that reaches a pit fills the closed basin around it, as water fills a
//! bowl. Cells are visited lowest first from the pit (a priority flood), the water level
//! rising to the highest cell visited, until the water would spill: the next cell on the
//! shore is lower than the level (the basin overflows toward it), water, or on the map's
//! border (the lake drains there). The lake is every visited cell strictly below that
//! spill level — exactly the cells of the basin that lie below its lowest way out.

use super::grid::{Grid, NONE};
use hexmap_map::HexMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Most cells visited for one lake: a basin larger than this (a whole plateau with one
/// outlet far away) floods only the part below the highest cell visited so far.
pub const MAX_LAKE: usize = 400;

/// The cells (grid indices) of the lake that fills the basin around cell `pit`, given
/// which cells are `water` already: never empty when `pit` has an elevation (a pit on a
/// flat, whose basin has nothing below its rim, floods at least itself), so a river that
/// ends in a pit always ends in a lake.
pub fn fill_basin(map: &HexMap, grid: &Grid, water: &[bool], pit: usize) -> Vec<usize> {
    let height = |i: usize| map.elevation(grid.hexes[i]);
    let Some(start) = height(pit) else {
        return Vec::new();
    };
    let mut queued = vec![false; grid.len()];
    let mut shore = BinaryHeap::from([(Reverse(start), Reverse(pit))]);
    queued[pit] = true;
    let mut level = start;
    let mut visited: Vec<(i16, usize)> = Vec::new();
    while let Some((Reverse(h), Reverse(i))) = shore.pop() {
        let border = grid.nbr[i].contains(&NONE);
        if h < level || water[i] || border || visited.len() == MAX_LAKE {
            break;
        }
        level = h;
        visited.push((h, i));
        for &n in &grid.nbr[i] {
            if n != NONE && !queued[n as usize] {
                let n = n as usize;
                if let Some(e) = height(n) {
                    queued[n] = true;
                    shore.push((Reverse(e), Reverse(n)));
                }
            }
        }
    }
    let lake: Vec<usize> = visited
        .iter()
        .filter(|&&(h, _)| h < level)
        .map(|&(_, i)| i)
        .collect();
    if lake.is_empty() { vec![pit] } else { lake }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{Hex, OffsetCoord, OffsetKind, Orientation};
    use hexmap_map::MapShape;

    /// A 12 × 10 map whose height is `f(col, row)`.
    fn relief(f: impl Fn(i32, i32) -> i16) -> (HexMap, Grid) {
        let shape = MapShape::rectangle(OffsetKind::OddR, 12, 10).unwrap();
        let mut map = hexmap_map::testing::map_on(Orientation::Pointy, shape);
        for h in map.shape().iter().collect::<Vec<Hex>>() {
            let c = OffsetKind::OddR.from_hex(h);
            map.set_elevation(h, f(c.col, c.row)).unwrap();
        }
        let grid = Grid::of(&map);
        (map, grid)
    }

    fn index(map: &HexMap, col: i32, row: i32) -> usize {
        let h = OffsetKind::OddR.to_hex(OffsetCoord::new(col, row));
        map.shape().index_of(h).unwrap()
    }

    /// The grid indices of the cells within `d` steps of (5, 5), sorted.
    fn within(map: &HexMap, d: i32) -> Vec<usize> {
        let c = OffsetKind::OddR.to_hex(OffsetCoord::new(5, 5));
        let mut out: Vec<usize> = map
            .shape()
            .iter()
            .filter(|h| h.distance(c) <= d)
            .map(|h| map.shape().index_of(h).unwrap())
            .collect();
        out.sort_unstable();
        out
    }

    /// A bowl round (5, 5): 100 at the centre, 200 on the ring around it, a rim of 300
    /// on the next ring, 500 beyond, with `outside(col, row)` overriding the 500s.
    fn bowl(outside: impl Fn(i32, i32) -> Option<i16>) -> (HexMap, Grid) {
        relief(|c, r| {
            let h = OffsetKind::OddR.to_hex(OffsetCoord::new(c, r));
            match h.distance(OffsetKind::OddR.to_hex(OffsetCoord::new(5, 5))) {
                0 => 100,
                1 => 200,
                2 => 300,
                _ => outside(c, r).unwrap_or(500),
            }
        })
    }

    #[test]
    fn a_closed_bowl_fills_to_the_height_where_it_drains() {
        // Beyond the rim a 500 plateau runs to the border: the water rises over the rim
        // and would drain only at the border, so the whole bowl, rim included, floods and
        // the plateau (at the spill level) does not.
        let (map, grid) = bowl(|_, _| None);
        let water = vec![false; grid.len()];
        let mut lake = fill_basin(&map, &grid, &water, index(&map, 5, 5));
        lake.sort_unstable();
        assert_eq!(lake, within(&map, 2));
    }

    #[test]
    fn a_bowl_with_a_notch_spills_there_and_floods_only_what_lies_below_the_rim() {
        // A notch at 250 beyond the rim at (8, 5), with low land (150) east of it: water
        // over the 300 rim runs out through the notch, so only the centre and its ring
        // (below 300) are lake.
        let (map, grid) = bowl(|c, r| match (c, r) {
            (8, 5) => Some(250),
            (9.., _) => Some(150),
            _ => None,
        });
        let water = vec![false; grid.len()];
        let mut lake = fill_basin(&map, &grid, &water, index(&map, 5, 5));
        lake.sort_unstable();
        assert_eq!(lake, within(&map, 1));
    }

    #[test]
    fn a_pit_on_a_flat_floods_at_least_itself() {
        let (map, grid) = relief(|_, _| 400);
        let water = vec![false; grid.len()];
        let pit = index(&map, 5, 5);
        assert_eq!(fill_basin(&map, &grid, &water, pit), vec![pit]);
    }

    #[test]
    fn a_basin_that_touches_water_or_the_border_stops_there() {
        let (map, grid) = relief(|c, _| 100 + 10 * c as i16);
        // A slope falling west to the border: flooding from the west column stops at once
        // (it floods only its own cell).
        let water = vec![false; grid.len()];
        let west = index(&map, 0, 5);
        assert_eq!(fill_basin(&map, &grid, &water, west), vec![west]);
        // From an inner low cell whose west neighbour is water: the lake ends at the water.
        let mut water = vec![false; grid.len()];
        water[index(&map, 2, 5)] = true;
        let from = index(&map, 3, 5);
        assert_eq!(fill_basin(&map, &grid, &water, from), vec![from]);
    }
}
