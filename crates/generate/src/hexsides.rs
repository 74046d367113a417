//! Rivers from the cells' drainage ([`CellFlow`]) laid on hexsides. Where water runs from
//! a cell `a` into its neighbour `b`, the river enters `b`'s outline at the end of their
//! common side nearer to where `b`'s own river leaves it, and runs round `b`'s outline
//! the short way to that point: so a river follows the chain of cells its water runs
//! through, and two rivers whose water meets in a cell meet on that cell's outline.
//! Rivers are laid from the mouths upstream; a river that reaches a side already laid
//! joins it there, and one that reaches the map's border going round a cell ends there.

use super::corners::Corner;
use super::flow::CellFlow;
use super::grid::{Grid, NONE};
use hexmap_map::HexMap;
use hexmap_map::steps::Pacer;
use std::collections::{BTreeMap, VecDeque};

/// River corners and where each runs to.
pub struct SideTree {
    /// The corners rivers pass through.
    pub corners: Vec<Corner>,
    /// The corner each runs to along one side, [`NONE`] where a river ends (at water or
    /// the border).
    pub receiver: Vec<u32>,
    /// The flow along the side down from each corner.
    pub flow: Vec<f32>,
    /// Corners downstream first: each after the corner it runs to.
    pub downstream_first: Vec<u32>,
}

/// Corner `k` (mod 6) of cell `h`.
fn corner(h: hexmap_hex::Hex, k: usize) -> Corner {
    Corner::of(h, k % 6)
}

/// Which of `h`'s corners `c` is.
fn corner_number(h: hexmap_hex::Hex, c: Corner) -> Option<usize> {
    (0..6).find(|&k| Corner::of(h, k) == c)
}

/// The corners round `h` from its corner `from` to its corner `to`, the short way (both
/// ends included).
fn arc(h: hexmap_hex::Hex, from: usize, to: usize) -> Vec<Corner> {
    let forward = (to + 6 - from) % 6;
    if forward <= 3 {
        (0..=forward).map(|j| corner(h, from + j)).collect()
    } else {
        (0..=6 - forward).map(|j| corner(h, from + 6 - j)).collect()
    }
}

impl SideTree {
    /// The rivers of `cells` where their `flow` passes `threshold`, on `map` whose water
    /// is `water` (per cell), pausing on `pacer` as it goes (a cell, or a corner, a unit).
    pub async fn of(
        map: &HexMap,
        grid: &Grid,
        (cells, flow): (&CellFlow, &[f32]),
        (water, threshold): (&[bool], f32),
        pacer: &mut Pacer,
    ) -> SideTree {
        let mut tree = SideTree::empty();
        let mut index: BTreeMap<Corner, u32> = BTreeMap::new();
        let mut exit: Vec<Option<usize>> = vec![None; grid.len()];
        let height = |c: Corner| super::rivers::corner_height(map, c);
        for &a in &cells.downstream_first {
            pacer.tick(1).await;
            let a = a as usize;
            let b = cells.receiver[a];
            if flow[a] < threshold {
                continue;
            }
            let ha = grid.hexes[a];
            if b == NONE || water[b as usize] {
                if water[a] {
                    continue;
                }
                // A mouth: the lowest corner of a's side on the water, or of its border.
                let ends: Vec<Corner> = (0..6)
                    .map(|k| Corner::of(ha, k))
                    .filter(|&c| match b {
                        NONE => height(c).1 < 3,
                        b => c.hexes().contains(&grid.hexes[b as usize]),
                    })
                    .collect();
                if let Some(&end) = ends.iter().min_by_key(|&&c| (height(c).0, c)) {
                    exit[a] = corner_number(ha, end);
                    tree.node(&mut index, end);
                }
                continue;
            }
            let b = b as usize;
            let hb = grid.hexes[b];
            let Some(out) = exit[b] else { continue };
            // The two corners of b on its side with a; the one nearer b's exit.
            let d = (0..6)
                .find(|&k| hb.neighbor(hexmap_hex::Direction::ALL[k]) == ha)
                .expect("a cell drains to a neighbour");
            let near = [(d + 5) % 6, d]
                .into_iter()
                .min_by_key(|&k| {
                    let f = (out + 6 - k) % 6;
                    f.min(6 - f)
                })
                .expect("two corners");
            exit[a] = corner_number(ha, corner(hb, near));
            // Round a cell on the border, the river ends where it first meets the border.
            let mut path = arc(hb, near, out);
            if let Some(k) = path.iter().position(|&c| height(c).1 < 3) {
                path.truncate(k + 1);
            }
            tree.lay(&mut index, &path, flow[a]);
        }
        tree.order(pacer).await;
        tree
    }

    /// A tree of no rivers.
    pub(crate) fn empty() -> SideTree {
        SideTree {
            corners: Vec::new(),
            receiver: Vec::new(),
            flow: Vec::new(),
            downstream_first: Vec::new(),
        }
    }

    /// The index of corner `c`, added (ending nowhere) if new; true when new.
    pub(crate) fn node(&mut self, index: &mut BTreeMap<Corner, u32>, c: Corner) -> (u32, bool) {
        if let Some(&i) = index.get(&c) {
            return (i, false);
        }
        let i = self.corners.len() as u32;
        self.corners.push(c);
        self.receiver.push(NONE);
        self.flow.push(0.0);
        index.insert(c, i);
        (i, true)
    }

    /// Lay a river of `flow` along `path` (corners, upstream first): new corners run to
    /// the next; from the first corner already laid on, its flow is added to the river
    /// it joins as far as the path's end.
    fn lay(&mut self, index: &mut BTreeMap<Corner, u32>, path: &[Corner], flow: f32) {
        let Some((last, rest)) = path.split_last() else {
            return;
        };
        let (end, _) = self.node(index, *last);
        let mut joined = None;
        let mut prev: Option<u32> = None;
        for &c in rest {
            let (i, new) = self.node(index, c);
            if let Some(p) = prev {
                self.receiver[p as usize] = i;
            }
            if !new {
                joined = Some(i);
                prev = None;
                break;
            }
            self.flow[i as usize] = flow;
            prev = Some(i);
        }
        if let Some(p) = prev {
            self.receiver[p as usize] = end;
        }
        if let Some(mut at) = joined {
            while at != end && self.receiver[at as usize] != NONE {
                self.flow[at as usize] += flow;
                at = self.receiver[at as usize];
            }
        }
    }

    /// Fill [`SideTree::downstream_first`] afresh: breadth first from the ends upstream.
    pub(crate) async fn order(&mut self, pacer: &mut Pacer) {
        self.downstream_first.clear();
        let mut up: Vec<Vec<u32>> = vec![Vec::new(); self.corners.len()];
        for (i, &r) in self.receiver.iter().enumerate() {
            if r != NONE {
                up[r as usize].push(i as u32);
            }
        }
        let mut queue: VecDeque<u32> = (0..self.corners.len() as u32)
            .filter(|&i| self.receiver[i as usize] == NONE)
            .collect();
        while let Some(i) = queue.pop_front() {
            pacer.tick(1).await;
            self.downstream_first.push(i);
            queue.extend(up[i as usize].iter().copied());
        }
    }
}
