//! Channels that run side by side are joined. Water routed cell to cell down a smooth
//! slope runs in parallel lines, and two channels a few hexes apart can run beside each
//! other for dozens of hexes; real water that close finds its way into the larger
//! channel. So a channel cell (flow at least the threshold) with a larger channel at most
//! [`REACH`] cells away, which its own water would not meet within [`MEET_WITHIN`] cells
//! anyway, is made to drain into it by the shortest way over land (each cell on the way
//! draining to the next), over the low ridge between them if need be: the river stage
//! then raises what lies upstream of such a pass so every river still runs downhill
//! ([`descent`](super::descent)). Never into its own water's way, nor where the larger
//! channel's water passes the cells turned, so the drainage stays a tree; its order is
//! taken again from the sinks and the flow gathered again after each pass.

use super::flow::CellFlow;
use super::grid::{Grid, NONE};
use hexmap_map::steps::Pacer;

/// How many cells down two channels' water must meet for them not to count as running
/// side by side.
const MEET_WITHIN: usize = 4;

/// How many cells away a larger channel is looked for.
const REACH: usize = 2;

/// How many times the channels are gone over (each pass joins what the last one made
/// neighbours).
const PASSES: usize = 3;

/// The cells `steps` cells down from `i` (itself first).
fn down_from(cells: &CellFlow, i: u32, steps: usize) -> Vec<u32> {
    let mut out = vec![i];
    let mut at = i;
    for _ in 0..steps {
        at = cells.receiver[at as usize];
        if at == NONE {
            break;
        }
        out.push(at);
    }
    out
}

/// What a cell is to the search for a larger channel.
enum Step {
    /// Not to be crossed.
    Closed,
    /// Crossed on the way.
    Open,
    /// The channel looked for.
    Found,
}

/// The shortest way from `a` to a cell `look` finds, at most `reach`
/// cells long, through cells it leaves open: `a` first, the found cell last.
fn way_to_larger(
    grid: &Grid,
    a: u32,
    reach: usize,
    mut look: impl FnMut(u32) -> Step,
) -> Option<Vec<u32>> {
    let mut came_from: Vec<(u32, u32)> = vec![(a, NONE)];
    let mut ring = vec![a];
    for _ in 0..reach {
        let mut next = Vec::new();
        for &from in &ring {
            for &x in &grid.nbr[from as usize] {
                if x == NONE || came_from.iter().any(|&(c, _)| c == x) {
                    continue;
                }
                match look(x) {
                    Step::Closed => {}
                    Step::Open => {
                        came_from.push((x, from));
                        next.push(x);
                    }
                    Step::Found => {
                        let mut path = vec![x, from];
                        let mut at = from;
                        while let Some(&(_, prev)) = came_from.iter().find(|&&(c, _)| c == at) {
                            if prev == NONE {
                                break;
                            }
                            path.push(prev);
                            at = prev;
                        }
                        path.reverse();
                        return Some(path);
                    }
                }
            }
        }
        ring = next;
    }
    None
}

/// True when `target`'s water, followed down to its sink, never passes `cell`: draining
/// `cell` into `target` keeps the drainage a tree.
fn drains_past(cells: &CellFlow, target: u32, cell: u32) -> bool {
    let mut at = target;
    while at != NONE {
        if at == cell {
            return false;
        }
        at = cells.receiver[at as usize];
    }
    true
}

/// Cells downstream first (each after the cell it drains to), from the sinks up, pausing
/// on `pacer` (a cell a unit).
async fn order(cells: &mut CellFlow, pacer: &mut Pacer) {
    let n = cells.receiver.len();
    let mut up: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, &r) in cells.receiver.iter().enumerate() {
        pacer.tick(1).await;
        if r != NONE {
            up[r as usize].push(i as u32);
        }
    }
    let mut out: Vec<u32> = (0..n as u32)
        .filter(|&i| cells.receiver[i as usize] == NONE)
        .collect();
    let mut k = 0;
    while let Some(&i) = out.get(k) {
        pacer.tick(1).await;
        k += 1;
        out.extend(up[i as usize].iter().copied());
    }
    debug_assert_eq!(out.len(), n, "the drainage stays a tree");
    cells.downstream_first = out;
}

/// Join side-by-side channels of `cells` (see the module's notes): `land` cells with
/// `rain`, a channel where the flow passes `threshold`. Returns the flow gathered again.
pub(crate) async fn join_side_by_side(
    cells: &mut CellFlow,
    grid: &Grid,
    (land, rain): (&[bool], &[f32]),
    threshold: f32,
    pacer: &mut Pacer,
) -> Vec<f32> {
    let mut flow = cells.accumulate(rain, pacer).await;
    for _ in 0..PASSES {
        let mut changed = false;
        for k in (0..cells.downstream_first.len()).rev() {
            pacer.tick(1).await;
            let a = cells.downstream_first[k];
            let ai = a as usize;
            if !land[ai] || flow[ai] < threshold || cells.receiver[ai] == NONE {
                continue;
            }
            let channel = |x: u32| x != NONE && land[x as usize] && flow[x as usize] > flow[ai];
            let mine = down_from(cells, a, MEET_WITHIN);
            let apart = |b: u32| {
                let theirs = down_from(cells, b, MEET_WITHIN);
                !theirs.iter().any(|x| mine.contains(x))
            };
            // The nearest larger channel within `REACH` cells, over land.
            let Some(path) = way_to_larger(grid, a, REACH, |x| {
                let xi = x as usize;
                if !land[xi] || mine.contains(&x) {
                    return Step::Closed;
                }
                if channel(x) && apart(x) {
                    Step::Found
                } else {
                    Step::Open
                }
            }) else {
                continue;
            };
            let b = *path.last().expect("a way ends at its channel");
            if path[..path.len() - 1]
                .iter()
                .all(|&c| drains_past(cells, b, c))
            {
                for w in path.windows(2) {
                    cells.receiver[w[0] as usize] = w[1];
                }
                changed = true;
            }
        }
        if !changed {
            break;
        }
        order(cells, pacer).await;
        flow = cells.accumulate(rain, pacer).await;
    }
    flow
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::stats::WorldStats;
    use hexmap_hex::{OffsetKind, Orientation};
    use hexmap_map::{ElevationLayer, HexMap, MapProperties, MapShape};

    /// A `cols` × `rows` plain rising `per_col` metres a column from a sea in the first
    /// two columns: water runs down it west in parallel lines unless they are joined.
    pub(crate) fn plain_falling_west(cols: u32, rows: u32, per_col: i16) -> HexMap {
        let kind = OffsetKind::OddR;
        let shape = MapShape::rectangle(kind, cols, rows).unwrap();
        let props = MapProperties::new("plain".to_owned(), Orientation::Pointy);
        let mut map = HexMap::new(props, shape, crate::biome::generated_palette()).unwrap();
        let values = map
            .shape()
            .iter()
            .map(|h| match kind.from_hex(h).col {
                col if col < 2 => -500,
                col => 50 + per_col * col as i16,
            })
            .collect();
        map.set_elevation_layer(Some(ElevationLayer::from_values(values)))
            .unwrap();
        map
    }

    #[test]
    fn rivers_down_a_plain_do_not_run_side_by_side_for_more_than_three_hexes() {
        for (seed, cols, rows, per_col) in [(1, 60, 40, 30), (2, 60, 40, 30), (3, 60, 40, 30)]
            .into_iter()
            // A wider, gentler plain: two streams left beside each other once laid.
            .chain((1..=4).map(|seed| (seed, 80, 60, 20)))
        {
            let mut map = plain_falling_west(cols, rows, per_col);
            let moisture = vec![0.8; map.cell_count()];
            let courses = crate::rivers::rivers(&mut map, &moisture, seed).unwrap();
            assert!(courses.len() > 5, "seed {seed}: {} rivers", courses.len());
            let runs = WorldStats::of(&map).rivers.side_by_side;
            assert!(
                runs.longest <= crate::side_by_side::MAX_SIDE_BY_SIDE,
                "seed {seed}, {cols} x {rows}: {runs:?}"
            );
        }
    }
}
