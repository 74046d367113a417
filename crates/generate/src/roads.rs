//! Stage 6: roads. The settlements (city, town and village icons) of each landmass are
//! joined by a minimum spanning tree (by hex distance); each of its links is laid, shortest
//! first, by the map's own A* ([`HexMap::route`]) under its movement rule, on a copy of the
//! map whose water terrains are impassable, so no road enters water. Roads already laid
//! are cheaper to follow (the Road type's cost along a path), so later roads join them;
//! the steps a new road shares with an old one are left out, so roads merge.

use super::GenError;
use super::grid::{Grid, NONE, landmasses_in_steps};
use super::settlements::SETTLEMENT_ICONS;
use hexmap_hex::Hex;
use hexmap_map::steps::{Pacer, block_on};
use hexmap_map::{HexMap, Icon, MapPath, MoveCost, Palette, PathId, PathTypeId};
use std::collections::BTreeSet;

/// The road path type: the path palette's type named "Road".
pub fn road_type(map: &HexMap) -> Result<PathTypeId, GenError> {
    super::required_type(
        map.path_palette().named("road").map(|t| t.id),
        "path",
        "Road",
    )
}

/// The hexes with a settlement icon, in reading order.
pub fn settlement_hexes(map: &HexMap) -> Vec<Hex> {
    map.icons()
        .iter()
        .filter(|(_, icons)| {
            icons.iter().any(|i| {
                SETTLEMENT_ICONS
                    .iter()
                    .any(|&b| i.source == Icon::builtin(b).source)
            })
        })
        .map(|(h, _)| h)
        .collect()
}

/// The links to lay: per landmass, Prim's tree over its settlements by hex distance,
/// sorted shortest first (ties in settlement order).
async fn links(map: &HexMap, grid: &Grid, towns: &[Hex], pacer: &mut Pacer) -> Vec<(Hex, Hex)> {
    let water = super::water_cells(map);
    let land = landmasses_in_steps(grid, &water, pacer).await;
    let mass = |h: Hex| map.shape().index_of(h).map_or(NONE, |i| land[i]);
    let mut groups: Vec<(u32, Vec<Hex>)> = Vec::new();
    for &t in towns {
        let m = mass(t);
        if m == NONE {
            continue;
        }
        match groups.iter_mut().find(|(k, _)| *k == m) {
            Some((_, list)) => list.push(t),
            None => groups.push((m, vec![t])),
        }
    }
    let mut out = Vec::new();
    for (_, members) in groups {
        out.extend(spanning_tree(&members, pacer).await);
    }
    out.sort_by_key(|&(a, b)| (a.distance(b), a, b));
    out
}

/// Prim's tree over `members` by hex distance, from the first: each link joins the
/// nearest settlement outside the tree to the tree (ties: the lower index inside, then
/// the lower outside). Each settlement outside keeps its nearest one inside, so a tree of
/// n settlements costs n² distances, not n³.
async fn spanning_tree(members: &[Hex], pacer: &mut Pacer) -> Vec<(Hex, Hex)> {
    let n = members.len();
    // Per settlement outside the tree: its distance to the nearest inside, and that one.
    let mut nearest: Vec<Option<(i32, usize)>> = vec![None; n];
    let mut inside = vec![false; n];
    let mut links = Vec::with_capacity(n.saturating_sub(1));
    let mut joined = 0;
    for _ in 0..n {
        inside[joined] = true;
        for b in (0..n).filter(|&b| !inside[b]) {
            let d = (members[joined].distance(members[b]), joined);
            if nearest[b].is_none_or(|best| d < best) {
                nearest[b] = Some(d);
            }
        }
        pacer.tick(1 + n as u64 / 64).await;
        let next = (0..n)
            .filter(|&b| !inside[b])
            .filter_map(|b| nearest[b].map(|(d, a)| (d, a, b)))
            .min();
        let Some((_, a, b)) = next else {
            break;
        };
        links.push((members[a], members[b]));
        joined = b;
    }
    links
}

/// Lay the roads: the map's Road paths are removed, then every link is routed. Returns
/// the links no route was found for (blocked by impassable terrain or sides).
pub fn roads(map: &mut HexMap) -> Result<Vec<(Hex, Hex)>, GenError> {
    let grid = Grid::of(map);
    block_on(roads_in_steps(map, &grid, &mut super::pacer()))
}

/// [`roads`] on the map's `grid`, pausing on `pacer` as it goes (each road's search is
/// one piece).
pub(crate) async fn roads_in_steps(
    map: &mut HexMap,
    grid: &Grid,
    pacer: &mut Pacer,
) -> Result<Vec<(Hex, Hex)>, GenError> {
    let road = road_type(map)?;
    let old: Vec<PathId> = map
        .paths()
        .iter()
        .filter(|p| p.kind == road)
        .map(|p| p.id)
        .collect();
    for id in old {
        map.remove_path(id);
    }
    let towns = settlement_hexes(map);
    // The map to route on: the same, with every water terrain impassable.
    let mut routing = map.clone();
    let table = super::water_table(map);
    let terrains = map
        .palette()
        .terrains()
        .iter()
        .map(|t| {
            let mut t = t.clone();
            if table.get(usize::from(t.id.get())).copied().flatten() == Some(true) {
                t.cost = MoveCost::Impassable;
            }
            t
        })
        .collect();
    routing.set_palette(Palette::new(terrains).expect("same terrains"));
    let mut steps: BTreeSet<(Hex, Hex)> = BTreeSet::new();
    let mut failed = Vec::new();
    for (a, b) in links(map, grid, &towns, pacer).await {
        // A search looks at about the cells within its link's length (a long one, round
        // a bay, at much of the map): weighed by the square of that length, at most a
        // piece of its own, so thousands of short links share pieces.
        let span = u64::from(a.distance(b).unsigned_abs()) + 1;
        pacer.tick((span * span * 16).min(super::PIECE)).await;
        let Ok(route) = routing.route(a, b) else {
            failed.push((a, b));
            continue;
        };
        let hexes = route.hexes;
        // Runs of steps no road takes yet.
        let mut runs: Vec<Vec<Hex>> = Vec::new();
        for w in hexes.windows(2) {
            let key = (w[0].min(w[1]), w[0].max(w[1]));
            if steps.insert(key) {
                match runs.last_mut() {
                    Some(run) if run.last() == Some(&w[0]) => run.push(w[1]),
                    _ => runs.push(vec![w[0], w[1]]),
                }
            }
        }
        for run in runs {
            let id = map.paths().next_id();
            let path = MapPath {
                id,
                kind: road,
                hexes: run,
                gm_only: false,
            };
            routing.insert_path(path.clone())?;
            map.insert_path(path)?;
        }
    }
    Ok(failed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// Prim's tree as the definition reads: each time, of every link from inside the tree
    /// to outside it, the shortest (ties: lower index inside, then outside).
    fn brute_tree(members: &[Hex]) -> Vec<(Hex, Hex)> {
        let mut inside = vec![false; members.len()];
        inside[0] = true;
        let mut out = Vec::new();
        for _ in 1..members.len() {
            let (a, b) = (0..members.len())
                .filter(|&a| inside[a])
                .flat_map(|a| {
                    (0..members.len())
                        .filter(|&b| !inside[b])
                        .map(move |b| (a, b))
                })
                .min_by_key(|&(a, b)| (members[a].distance(members[b]), a, b))
                .unwrap();
            inside[b] = true;
            out.push((members[a], members[b]));
        }
        out
    }

    #[test]
    fn the_spanning_tree_is_prims_tree_with_its_ties() {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(8);
        for n in [1, 2, 3, 10, 60] {
            // Few distinct places, so distances tie often.
            let members: Vec<Hex> = (0..n)
                .map(|_| Hex::new(rng.random_range(-6..6), rng.random_range(-6..6)))
                .collect();
            let tree = block_on(spanning_tree(&members, &mut crate::pacer()));
            assert_eq!(tree, brute_tree(&members), "{n} settlements");
            assert_eq!(tree.len(), n - 1);
        }
    }
}
