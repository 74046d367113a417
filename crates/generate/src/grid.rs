//! The cells of a map as the stages see them (public so each stage can be run alone): dense indices, neighbour indices, a position
//! scaled to the map and the depth from the map's border (how the land is fitted to the
//! shape, whatever the shape).

use hexmap_hex::{Hex, Orientation};
use hexmap_map::HexMap;
use hexmap_map::steps::{Pacer, block_on};
use std::collections::VecDeque;

/// No neighbour (off the map).
pub const NONE: u32 = u32::MAX;

/// The map's cells for the generator.
pub struct Grid {
    /// Cells in index order.
    pub hexes: Vec<Hex>,
    /// Neighbour indices per direction, [`NONE`] off the map.
    pub nbr: Vec<[u32; 6]>,
    /// Position in hex widths from the map's centre (x right, y down).
    pub pos: Vec<(f64, f64)>,
    /// Steps to the nearest border cell (one with a neighbour off the map), scaled so the
    /// deepest cell is 1 and border cells 0.
    pub depth: Vec<f64>,
    /// Half the larger extent of the map, in hex widths.
    pub radius: f64,
}

impl Grid {
    /// The grid of `map`'s shape.
    pub fn of(map: &HexMap) -> Grid {
        block_on(Grid::of_in_steps(map, &mut super::pacer()))
    }

    /// [`Grid::of`], pausing on `pacer` as it goes (a cell is a unit).
    pub(crate) async fn of_in_steps(map: &HexMap, pacer: &mut Pacer) -> Grid {
        let shape = map.shape();
        let hexes: Vec<Hex> = shape.iter().collect();
        let mut nbr: Vec<[u32; 6]> = Vec::with_capacity(hexes.len());
        for h in &hexes {
            nbr.push(
                h.neighbors()
                    .map(|n| shape.index_of(n).map_or(NONE, |i| i as u32)),
            );
            pacer.tick(1).await;
        }
        let s3 = 3f64.sqrt();
        let raw: Vec<(f64, f64)> = hexes
            .iter()
            .map(|h| {
                let (q, r) = (f64::from(h.q), f64::from(h.r));
                // Centres with a distance of 1 between neighbours.
                match map.properties().orientation {
                    Orientation::Pointy => (q + r / 2.0, r * s3 / 2.0),
                    Orientation::Flat => (q * s3 / 2.0, r + q / 2.0),
                }
            })
            .collect();
        let (mut lo, mut hi) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
        for &(x, y) in &raw {
            lo = (lo.0.min(x), lo.1.min(y));
            hi = (hi.0.max(x), hi.1.max(y));
        }
        let centre = ((lo.0 + hi.0) / 2.0, (lo.1 + hi.1) / 2.0);
        let radius = ((hi.0 - lo.0).max(hi.1 - lo.1) / 2.0).max(1.0);
        let pos = raw
            .into_iter()
            .map(|(x, y)| (x - centre.0, y - centre.1))
            .collect();
        pacer.tick(hexes.len() as u64 / 8).await;
        let depth = border_depth(&nbr, pacer).await;
        Grid {
            hexes,
            nbr,
            pos,
            depth,
            radius,
        }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    /// True for a map without cells (never: shapes have at least one).
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }
}

/// Breadth-first steps from the border cells, scaled to [0, 1].
async fn border_depth(nbr: &[[u32; 6]], pacer: &mut Pacer) -> Vec<f64> {
    let mut steps = vec![u32::MAX; nbr.len()];
    let mut queue = VecDeque::new();
    for (i, n) in nbr.iter().enumerate() {
        if n.contains(&NONE) {
            steps[i] = 0;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        for &n in &nbr[i] {
            if n != NONE && steps[n as usize] == u32::MAX {
                steps[n as usize] = steps[i] + 1;
                queue.push_back(n as usize);
            }
        }
        pacer.tick(1).await;
    }
    let max = steps.iter().copied().max().unwrap_or(0).max(1);
    steps
        .into_iter()
        .map(|s| f64::from(s) / f64::from(max))
        .collect()
}

/// The landmass of each cell: cells that are not water, joined through neighbours, get one
/// number per landmass (0, 1, … in order of their first cell); water gets [`NONE`].
pub fn landmasses(grid: &Grid, water: &[bool]) -> Vec<u32> {
    block_on(landmasses_in_steps(grid, water, &mut super::pacer()))
}

/// [`landmasses`], pausing on `pacer` as it goes (a cell is a unit).
pub(crate) async fn landmasses_in_steps(
    grid: &Grid,
    water: &[bool],
    pacer: &mut Pacer,
) -> Vec<u32> {
    let mut id = vec![NONE; grid.len()];
    let mut next = 0u32;
    let mut stack = Vec::new();
    for start in 0..grid.len() {
        pacer.tick(1).await;
        if water[start] || id[start] != NONE {
            continue;
        }
        id[start] = next;
        stack.push(start);
        while let Some(i) = stack.pop() {
            for &n in &grid.nbr[i] {
                if n != NONE && !water[n as usize] && id[n as usize] == NONE {
                    id[n as usize] = next;
                    stack.push(n as usize);
                }
            }
            pacer.tick(1).await;
        }
        next += 1;
    }
    id
}
