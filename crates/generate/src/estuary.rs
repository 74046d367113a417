//! Estuaries: where a Great river meets the sea, the sea reaches up its last few sides.
//! The cells on both banks of its last [`ESTUARY_SIDES`] sides become Shallows (just below
//! sea level), so its mouth widens into a funnel of sea and the river ends at the
//! funnel's head; the rivers that met it there now end at the water too. An estuary that
//! would leave any river side rising, or running between two water cells, is not made.

use super::biome::terrain_named;
use super::corners::Corner;
#[cfg(doc)]
use super::rivers::corner_height;
use super::rivers::{Course, End, GREAT_RIVER_FLOW};
use hexmap_map::steps::Pacer;
use hexmap_map::{ElevationLayer, HexMap};
use std::collections::BTreeMap;

/// How many of a Great river's last sides the sea takes.
pub const ESTUARY_SIDES: usize = 3;

/// The height of an estuary's cells, in metres: Shallows.
const ESTUARY_DEPTH: i16 = -20;

/// The terrain an estuary is made of.
pub const ESTUARY_TERRAIN: &str = "Shallows";

/// Make an estuary at the mouth of every Great river of `courses` that reaches the sea
/// (the map must have a Shallows terrain), cutting the courses back to the water. Returns
/// how many were made. Only the courses touching an estuary's banks are looked at again,
/// so a map with many Great rivers stays quick; pauses on `pacer` after each.
pub async fn make_estuaries(
    map: &mut HexMap,
    courses: &mut Vec<Course>,
    pacer: &mut Pacer,
) -> usize {
    let Some(shallows) = terrain_named(map.palette(), ESTUARY_TERRAIN) else {
        return 0;
    };
    let Some(layer) = map.elevation_layer() else {
        return 0;
    };
    let mut height = layer.values().to_vec();
    let mut water = super::water_cells(map);
    let great_mouth = |c: &Course| {
        c.end == End::Water
            && c.flow.len() > ESTUARY_SIDES
            && c.flow.last().is_some_and(|&f| f >= GREAT_RIVER_FLOW)
    };
    let banks_of = |map: &HexMap, c: &Course| -> Vec<usize> {
        let sides = c.sides();
        sides[sides.len() - ESTUARY_SIDES..]
            .iter()
            .flat_map(|e| {
                let (a, b) = e.hexes();
                [a, b]
            })
            .filter_map(|h| map.shape().index_of(h))
            .collect()
    };
    let estuaries: Vec<(usize, Vec<usize>)> = (0..courses.len())
        .filter(|&k| great_mouth(&courses[k]))
        .map(|k| (k, banks_of(map, &courses[k])))
        .collect();
    // Which courses touch each cell that may become an estuary's bank.
    let mut touching: BTreeMap<usize, Vec<usize>> = estuaries
        .iter()
        .flat_map(|(_, banks)| banks.iter().map(|&i| (i, Vec::new())))
        .collect();
    for (k, c) in courses.iter().enumerate() {
        for corner in &c.corners {
            for h in corner.hexes() {
                if let Some(list) = map.shape().index_of(h).and_then(|i| touching.get_mut(&i))
                    && list.last() != Some(&k)
                {
                    list.push(k);
                }
            }
        }
        pacer.tick(c.corners.len() as u64).await;
    }
    let mut made = 0;
    for (k, banks) in estuaries {
        pacer.tick((banks.len() as u64) * 64).await;
        // The river may have been cut by an estuary made before.
        if !great_mouth(&courses[k]) || banks_of(map, &courses[k]) != banks {
            continue;
        }
        let mut affected: Vec<usize> = banks
            .iter()
            .flat_map(|i| touching.get(i).into_iter().flatten().copied())
            .collect();
        affected.sort_unstable();
        affected.dedup();
        let old_cells: Vec<(usize, i16, Option<hexmap_map::TerrainId>, bool)> = banks
            .iter()
            .map(|&i| (i, height[i], map.terrain_layer().get(i), water[i]))
            .collect();
        let old_courses: Vec<(usize, Course)> =
            affected.iter().map(|&j| (j, courses[j].clone())).collect();
        for &i in &banks {
            height[i] = height[i].min(ESTUARY_DEPTH);
            water[i] = true;
            map.set_terrain_index(i, Some(shallows));
        }
        let in_estuary = |h| map.shape().index_of(h).is_some_and(|i| banks.contains(&i));
        for &j in &affected {
            cut_at(&mut courses[j], &in_estuary);
        }
        let wet = |h| map.shape().index_of(h).is_some_and(|i| water[i]);
        let ground = |c: Corner| corner_height_of(map, &height, c);
        if affected
            .iter()
            .all(|&j| stays_a_river(&courses[j], &ground, &wet))
        {
            made += 1;
        } else {
            for (i, h, t, w) in old_cells {
                height[i] = h;
                water[i] = w;
                map.set_terrain_index(i, t);
            }
            for (j, c) in old_courses {
                courses[j] = c;
            }
        }
    }
    if made > 0 {
        // The heights were in range before; an estuary only lowers them.
        map.set_elevation_layer(Some(ElevationLayer::from_values(height)))
            .expect("heights lowered within range");
    }
    courses.retain(|c| c.corners.len() > 1);
    made
}

/// A corner's height as [`corner_height`] gives it, from `height` (per cell).
fn corner_height_of(map: &HexMap, height: &[i16], c: Corner) -> i64 {
    let on: Vec<i64> = c
        .hexes()
        .into_iter()
        .filter_map(|h| map.shape().index_of(h))
        .map(|i| i64::from(height[i]))
        .collect();
    if on.is_empty() {
        0
    } else {
        on.iter().sum::<i64>() * 6 / on.len() as i64
    }
}

/// Cut `course` at its first corner after its source touching the new water (`wet`),
/// where it then ends.
fn cut_at(course: &mut Course, wet: &impl Fn(hexmap_hex::Hex) -> bool) {
    let Some(at) = course
        .corners
        .iter()
        .skip(1)
        .position(|c| c.hexes().into_iter().any(wet))
        .map(|k| k + 1)
    else {
        return;
    };
    course.corners.truncate(at + 1);
    course.flow.truncate(at);
    course.end = End::Water;
}

/// True when every side of `course` runs strictly downhill (by `ground`, each corner's
/// height) and none lies between two water cells (`wet`).
fn stays_a_river(
    course: &Course,
    ground: &impl Fn(Corner) -> i64,
    wet: &impl Fn(hexmap_hex::Hex) -> bool,
) -> bool {
    let descends = course
        .corners
        .windows(2)
        .all(|w| ground(w[1]) < ground(w[0]));
    let banks_dry = course.sides().into_iter().all(|e| {
        let (a, b) = e.hexes();
        !(wet(a) && wet(b))
    });
    descends && banks_dry
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rivers::{GREAT_RIVER, rivers};

    #[test]
    fn a_great_river_meets_the_sea_in_an_estuary_and_still_runs_downhill() {
        // A 70 × 50 wet plain: its largest river reaches the sea as a Great river.
        let mut map = crate::merge::tests::plain_falling_west(70, 50, 25);
        let moisture = vec![1.0; map.cell_count()];
        let courses = rivers(&mut map, &moisture, 5).unwrap();
        let shallows = terrain_named(map.palette(), ESTUARY_TERRAIN).unwrap();
        let estuary = |h| {
            map.shape().index_of(h).is_some_and(|i| {
                map.terrain_layer().get(i) == Some(shallows)
                    && map.elevation_layer().unwrap().values()[i] == ESTUARY_DEPTH
            })
        };
        let funnel = map.shape().iter().filter(|&h| estuary(h)).count();
        assert!(funnel >= 2 * ESTUARY_SIDES, "{funnel} estuary cells");
        // A Great river ends at the funnel's head.
        let great = map.edge_palette().named(GREAT_RIVER).unwrap().id;
        let at_head = courses.iter().any(|c| {
            c.flow.last().is_some_and(|&f| f >= GREAT_RIVER_FLOW)
                && c.corners.last().unwrap().hexes().into_iter().any(estuary)
        });
        assert!(at_head, "no Great river ends at an estuary");
        assert!(map.edges().any(|(_, k)| k == great));
        // Every river still runs downhill, never between two water cells, and ends at
        // water, the border or another river.
        let water = crate::water_cells(&map);
        let wet = |h| map.shape().index_of(h).is_some_and(|i| water[i]);
        let ground = |c| crate::rivers::corner_height(&map, c).0;
        for c in &courses {
            assert!(stays_a_river(c, &ground, &wet), "{c:?}");
            assert_ne!(c.end, End::Pit);
        }
    }
}
