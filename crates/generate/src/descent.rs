//! Rivers that never rise. A river side runs between two cells `u` and `v` from the
//! corner where they meet a third cell `p` to the corner where they meet a fourth `q`; a
//! corner's height is the mean of its cells, so the side runs strictly downhill exactly
//! when `p` lies higher than `q` (or, at the map's border where `q` is missing, than the
//! mean of `u` and `v`). Where the drainage runs a river over a pass out of a hollow, this
//! is not yet so: the cell behind the upstream corner is raised, downstream sides first,
//! until every side descends.

use super::grid::NONE;
use super::hexsides::SideTree;
use hexmap_map::HexMap;
use hexmap_map::steps::Pacer;

/// How many times the sides are gone over before those still not descending are given up.
const PASSES: usize = 8;

/// The cells of each corner of `tree` (index order, [`NONE`] off the map).
fn corner_cells(map: &HexMap, tree: &SideTree) -> Vec<[u32; 3]> {
    tree.corners
        .iter()
        .map(|c| {
            c.hexes()
                .map(|h| map.shape().index_of(h).map_or(NONE, |i| i as u32))
        })
        .collect()
}

/// A corner's height from `height` as [`corner_height`](super::rivers::corner_height)
/// gives it: six times the mean of its cells.
fn corner_height(cells: &[u32; 3], height: &[i16]) -> i64 {
    let on: Vec<i64> = cells
        .iter()
        .filter(|&&i| i != NONE)
        .map(|&i| i64::from(height[i as usize]))
        .collect();
    if on.is_empty() {
        0
    } else {
        on.iter().sum::<i64>() * 6 / on.len() as i64
    }
}

/// Raise cells of `height` until the side down from every corner of `tree` runs
/// strictly downhill; a cell of the sea (`water`, per cell: a lake's cells may be raised
/// to its outlet) is never raised, so the sea stays below sea level. Returns, per corner, whether its side still does not (after
/// [`PASSES`] rounds: a river above such a side must not be laid).
pub async fn make_rivers_descend(
    map: &HexMap,
    tree: &SideTree,
    (height, water): (&mut [i16], &[bool]),
    pacer: &mut Pacer,
) -> Vec<bool> {
    let cells = corner_cells(map, tree);
    let receiver = |c: usize| Some(tree.receiver[c] as usize).filter(|&r| r != NONE as usize);
    let fails = |c: usize, r: usize, height: &[i16]| {
        corner_height(&cells[c], height) <= corner_height(&cells[r], height)
    };
    for _ in 0..PASSES {
        let mut raised = false;
        for &c in &tree.downstream_first {
            pacer.tick(1).await;
            let c = c as usize;
            let Some(r) = receiver(c) else {
                continue;
            };
            if !fails(c, r, height) {
                continue;
            }
            // The cell behind the upstream corner: the one the corner below lacks.
            let Some(&p) = cells[c]
                .iter()
                .find(|&&i| i != NONE && !cells[r].contains(&i))
            else {
                continue;
            };
            if water[p as usize] {
                continue;
            }
            let others: i64 = cells[c]
                .iter()
                .filter(|&&i| i != NONE && i != p)
                .map(|&i| i64::from(height[i as usize]))
                .sum();
            // Six times the mean of three cells is twice their sum.
            let need = corner_height(&cells[r], height).div_euclid(2) + 1 - others;
            let need = need.clamp(i64::from(i16::MIN), i64::from(i16::MAX)) as i16;
            if need > height[p as usize] {
                height[p as usize] = need;
                raised = true;
            }
        }
        if !raised {
            break;
        }
    }
    (0..tree.corners.len())
        .map(|c| receiver(c).is_some_and(|r| fails(c, r, height)))
        .collect()
}
