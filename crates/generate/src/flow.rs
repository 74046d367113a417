//! Water over the cells, hex centre to hex centre (D6): a **priority flood** from the
//! sinks — the sea and the map's border — takes cells lowest first, each reached from a
//! neighbour it then drains to. On a slope that is its lowest neighbour; in a hollow it is
//! the way out over the hollow's lowest pass, and a lake is flooded through, so what
//! flows into it leaves by its pass. The rain of each land cell is then gathered
//! downstream: the flow through each cell.

use super::grid::{Grid, NONE};
use hexmap_map::steps::Pacer;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Where each cell drains, and in what order.
pub struct CellFlow {
    /// The cell each drains to, [`NONE`] at a sink (the sea, a border cell).
    pub receiver: Vec<u32>,
    /// Cells downstream first: each after the cell it drains to.
    pub downstream_first: Vec<u32>,
}

impl CellFlow {
    /// The drainage of cells of `height`, the `sea` cells and the border cells being sinks.
    pub async fn of(grid: &Grid, height: &[i16], sea: &[bool], pacer: &mut Pacer) -> CellFlow {
        let mut receiver = vec![NONE; grid.len()];
        let mut reached = vec![false; grid.len()];
        let mut open = BinaryHeap::new();
        for i in 0..grid.len() {
            pacer.tick(1).await;
            if sea[i] || grid.nbr[i].contains(&NONE) {
                reached[i] = true;
                open.push(Reverse((i32::from(height[i]), i as u32)));
            }
        }
        let mut downstream_first = Vec::with_capacity(grid.len());
        while let Some(Reverse((level, i))) = open.pop() {
            pacer.tick(1).await;
            downstream_first.push(i);
            for &n in &grid.nbr[i as usize] {
                if n != NONE && !reached[n as usize] {
                    reached[n as usize] = true;
                    receiver[n as usize] = i;
                    open.push(Reverse((level.max(i32::from(height[n as usize])), n)));
                }
            }
        }
        CellFlow {
            receiver,
            downstream_first,
        }
    }

    /// What passes through each cell when each sheds `per_cell` of it, pausing on
    /// `pacer` as it goes (a cell a unit).
    pub async fn accumulate(&self, per_cell: &[f32], pacer: &mut Pacer) -> Vec<f32> {
        let mut flow = per_cell.to_vec();
        for &i in self.downstream_first.iter().rev() {
            pacer.tick(1).await;
            let r = self.receiver[i as usize];
            if r != NONE {
                let passed = flow[i as usize];
                flow[r as usize] += passed;
            }
        }
        flow
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::Orientation;
    use hexmap_map::steps::block_on;

    #[test]
    fn flow_through_each_cell_matches_walking_every_cells_rain_down() {
        let map = hexmap_map::testing::hexagon_map(8, Orientation::Pointy);
        let grid = Grid::of(&map);
        let noise = crate::noise::ValueNoise::new(5);
        let height: Vec<i16> = grid
            .pos
            .iter()
            .map(|&(x, y)| (noise.fbm(x * 0.3, y * 0.3, 3) * 900.0) as i16)
            .collect();
        let sea: Vec<bool> = height.iter().map(|&h| h < -300).collect();
        let pacer = &mut crate::pacer();
        let f = block_on(CellFlow::of(&grid, &height, &sea, pacer));
        let rain: Vec<f32> = (0..grid.len()).map(|i| 1.0 + (i % 3) as f32).collect();
        let mut slow = vec![0.0f32; grid.len()];
        for (i, &r) in rain.iter().enumerate() {
            let mut at = i as u32;
            loop {
                slow[at as usize] += r;
                if f.receiver[at as usize] == NONE {
                    break;
                }
                at = f.receiver[at as usize];
            }
        }
        assert_eq!(block_on(f.accumulate(&rain, pacer)), slow);
        // Sinks are the sea and the border; every other cell drains to a neighbour.
        for (i, (&wet, nbr)) in sea.iter().zip(&grid.nbr).enumerate() {
            let sink = wet || nbr.contains(&NONE);
            assert_eq!(f.receiver[i] == NONE, sink, "cell {i}");
            if !sink {
                assert!(nbr.contains(&f.receiver[i]));
            }
        }
    }
}
