//! Stage 4: rivers along hexsides. Each starts at a high, wet corner and runs from corner
//! to corner, always to the lowest neighbouring corner that is strictly lower (a corner's
//! elevation is the mean of the map cells that meet there), until it reaches a corner
//! that touches water, a corner on the map's border, or a river already laid (it merges).
//! A river that reaches a pit (no lower corner) fills the basin around it with a lake up
//! to where it would spill (`lakes`), and the river ends in it. Because a river stops at the first corner that
//! touches water, no side it runs along lies between two water cells.

use super::biome::{LAKE, terrain_named};
use super::corners::Corner;
use super::grid::Grid;
use super::{GenError, stage_seed};
use hexmap_hex::{Edge, Hex};
use hexmap_map::steps::{Pacer, block_on, sort_by_in_steps};
use hexmap_map::{EdgeTypeId, HexMap};
use rand::{RngExt, SeedableRng};
use std::collections::BTreeSet;

/// How a river's course ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// At a corner touching water.
    Water,
    /// At a corner on the map's border.
    Border,
    /// At a corner of a river laid before it.
    Merge,
    /// At a pit (only while lakes are being made).
    Pit,
}

/// One river: its corners from source to mouth, and how it ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Course {
    /// The corners, upstream first.
    pub corners: Vec<Corner>,
    /// How it ends.
    pub end: End,
}

impl Course {
    /// The sides it runs along, in order.
    pub fn sides(&self) -> Vec<Edge> {
        self.corners
            .windows(2)
            .map(|w| {
                w[0].neighbours()
                    .into_iter()
                    .find(|(c, _)| *c == w[1])
                    .map(|(_, e)| e)
                    .expect("consecutive corners are neighbours")
            })
            .collect()
    }
}

/// A corner's elevation as six times the mean of its map cells (exact in integers), and
/// how many of its hexes are cells; `None` elevation when the map has no layer.
pub fn corner_height(map: &HexMap, c: Corner) -> (i64, usize) {
    let mut sum = 0i64;
    let mut n = 0usize;
    for h in c.hexes() {
        if let Some(e) = map.elevation(h) {
            sum += i64::from(e);
            n += 1;
        }
    }
    (if n == 0 { 0 } else { sum * 6 / n as i64 }, n)
}

/// Follow the steepest descent from `start` until water, the border, a corner in
/// `laid` (merge) or a pit.
fn trace(
    map: &HexMap,
    water: &dyn Fn(Hex) -> bool,
    start: Corner,
    laid: &BTreeSet<Corner>,
) -> Course {
    let mut corners = vec![start];
    let mut at = start;
    loop {
        let (height, cells) = corner_height(map, at);
        let end = if at.hexes().iter().any(|&h| map.contains(h) && water(h)) {
            Some(End::Water)
        } else if cells < 3 {
            Some(End::Border)
        } else if corners.len() > 1 && laid.contains(&at) {
            Some(End::Merge)
        } else {
            None
        };
        if let Some(end) = end {
            return Course { corners, end };
        }
        let next = at
            .neighbours()
            .into_iter()
            .map(|(c, _)| (corner_height(map, c).0, c))
            .filter(|&(h, _)| h < height)
            .min();
        match next {
            Some((_, c)) => {
                corners.push(c);
                at = c;
            }
            None => {
                return Course {
                    corners,
                    end: End::Pit,
                };
            }
        }
    }
}

/// The river sources: interior corners of high, wet land, best first, spaced apart.
async fn sources(
    map: &HexMap,
    grid: &Grid,
    (moisture, water): (&[f32], &[bool]),
    seed: u64,
    pacer: &mut Pacer,
) -> Vec<Corner> {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(stage_seed(seed, 4));
    let land = water.iter().filter(|w| !**w).count();
    let want = land / 150 + 1;
    let mut candidates: Vec<(f64, usize)> = Vec::new();
    for i in 0..grid.len() {
        pacer.tick(1).await;
        let Some(e) = map.elevation(grid.hexes[i]) else {
            continue;
        };
        let ok = !water[i] && e > 300 && moisture[i] > 0.4;
        let jitter: f64 = rng.random::<f64>() * 0.3;
        if ok {
            candidates.push((f64::from(e) / 3000.0 * f64::from(moisture[i]) + jitter, i));
        }
    }
    let best_first = |a: &(f64, usize), b: &(f64, usize)| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1));
    sort_by_in_steps(&mut candidates, best_first, pacer).await;
    let spacing = ((land as f64 / want as f64).sqrt() * 0.6).max(3.0) as i32;
    let mut picked: Vec<Hex> = Vec::new();
    for (_, i) in candidates {
        if picked.len() >= want {
            break;
        }
        let h = grid.hexes[i];
        if picked.iter().all(|p| p.distance(h) >= spacing) {
            picked.push(h);
        }
        pacer.tick(1 + picked.len() as u64 / 16).await;
    }
    picked.into_iter().map(|h| Corner::of(h, 0)).collect()
}

/// What the river stage reads besides the map: its grid, each cell's moisture (where
/// rivers rise) and the world's seed.
#[derive(Clone, Copy)]
pub(crate) struct RiverInputs<'a> {
    /// The map's cells and neighbours.
    pub grid: &'a Grid,
    /// Moisture per cell, 0 to 1.
    pub moisture: &'a [f32],
    /// The world's seed.
    pub seed: u64,
}

/// The courses of the map's rivers, making lakes in the pits they reach first.
pub fn courses(map: &mut HexMap, moisture: &[f32], seed: u64) -> Result<Vec<Course>, GenError> {
    let grid = Grid::of(map);
    let inputs = RiverInputs {
        grid: &grid,
        moisture,
        seed,
    };
    block_on(courses_in_steps(map, inputs, &mut super::pacer()))
}

/// [`courses`] with its inputs, pausing on `pacer` as it goes.
async fn courses_in_steps(
    map: &mut HexMap,
    RiverInputs {
        grid,
        moisture,
        seed,
    }: RiverInputs<'_>,
    pacer: &mut Pacer,
) -> Result<Vec<Course>, GenError> {
    let water = super::water_cells(map);
    let starts = sources(map, grid, (moisture, &water), seed, pacer).await;
    let lake = terrain_named(map.palette(), LAKE);
    let mut water = water;
    // Lakes first: each pit a river reaches fills its basin from its lowest cell.
    for &s in &starts {
        loop {
            let is_water = |h: Hex| map.shape().index_of(h).is_some_and(|i| water[i]);
            let course = trace(map, &is_water, s, &BTreeSet::new());
            pacer.tick(course.corners.len() as u64).await;
            if course.end != End::Pit {
                break;
            }
            let pit = *course.corners.last().expect("a course has a corner");
            let lowest = pit
                .hexes()
                .into_iter()
                .filter_map(|h| Some((map.elevation(h)?, h)))
                .min()
                .map(|(_, h)| h)
                .expect("a pit is inside the map");
            let pit = map.shape().index_of(lowest).expect("a cell");
            let mut flooded = false;
            // Filling a basin marks the map's cells as it goes: a cell in 64 of them.
            pacer.tick(grid.len() as u64 / 64).await;
            for i in super::lakes::fill_basin(map, grid, &water, pit) {
                flooded |= !water[i];
                water[i] = true;
                if let Some(t) = lake {
                    map.set_terrain_index(i, Some(t));
                }
            }
            // A pit whose lake would add no water (never seen: a pit touching water ends
            // the river first) must not loop forever.
            if !flooded {
                break;
            }
        }
    }
    let is_water = |h: Hex| map.shape().index_of(h).is_some_and(|i| water[i]);
    let mut laid = BTreeSet::new();
    let mut out = Vec::new();
    for s in starts {
        let course = trace(map, &is_water, s, &laid);
        pacer.tick(course.corners.len() as u64).await;
        if course.corners.len() < 2 {
            continue;
        }
        laid.extend(course.corners.iter().copied());
        out.push(course);
    }
    Ok(out)
}

/// The river edge type: the edge palette's type named "River".
pub fn river_type(map: &HexMap) -> Result<EdgeTypeId, GenError> {
    super::required_type(
        map.edge_palette().named("river").map(|t| t.id),
        "edge",
        "River",
    )
}

/// Lay the rivers: remove the map's River edges, then add the sides of every course.
pub fn rivers(map: &mut HexMap, moisture: &[f32], seed: u64) -> Result<Vec<Course>, GenError> {
    let grid = Grid::of(map);
    let inputs = RiverInputs {
        grid: &grid,
        moisture,
        seed,
    };
    block_on(rivers_in_steps(map, inputs, &mut super::pacer()))
}

/// [`rivers`] with its inputs, pausing on `pacer` as it goes.
pub(crate) async fn rivers_in_steps(
    map: &mut HexMap,
    inputs: RiverInputs<'_>,
    pacer: &mut Pacer,
) -> Result<Vec<Course>, GenError> {
    let kind = river_type(map)?;
    let old: Vec<Edge> = map
        .edges()
        .filter(|&(_, k)| k == kind)
        .map(|(e, _)| e)
        .collect();
    for e in old {
        map.set_edge(e, None)?;
    }
    let courses = courses_in_steps(map, inputs, pacer).await?;
    for c in &courses {
        for side in c.sides() {
            map.set_edge(side, Some(kind))?;
        }
        pacer.tick(c.corners.len() as u64).await;
    }
    Ok(courses)
}
