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
        let mut inside = vec![false; members.len()];
        inside[0] = true;
        for _ in 1..members.len() {
            let best = (0..members.len())
                .filter(|&a| inside[a])
                .flat_map(|a| {
                    (0..members.len())
                        .filter(|&b| !inside[b])
                        .map(move |b| (a, b))
                })
                .min_by_key(|&(a, b)| (members[a].distance(members[b]), a, b))
                .expect("a settlement is left");
            inside[best.1] = true;
            out.push((members[best.0], members[best.1]));
        }
    }
    out.sort_by_key(|&(a, b)| (a.distance(b), a, b));
    out
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
        // A search may look at much of the map: a piece of its own.
        pacer.tick(super::PIECE).await;
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
