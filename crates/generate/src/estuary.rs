//! Estuaries: where a Great river meets the sea, the sea reaches up its last few sides.
//! The cells on both banks of its last [`ESTUARY_SIDES`] sides become Shallows (just below
//! sea level), so its mouth widens into a funnel of sea and the river ends at the
//! funnel's head; the rivers that met it there now end at the water too. An estuary that
//! would leave any river side rising, or running between two water cells, is not made.

use super::biome::terrain_named;
use super::rivers::{Course, End, GREAT_RIVER_FLOW, corner_height};
use hexmap_map::steps::Pacer;
use hexmap_map::{ElevationLayer, HexMap};

/// How many of a Great river's last sides the sea takes.
pub const ESTUARY_SIDES: usize = 3;

/// The height of an estuary's cells, in metres: Shallows.
const ESTUARY_DEPTH: i16 = -20;

/// The terrain an estuary is made of.
pub const ESTUARY_TERRAIN: &str = "Shallows";

/// Make an estuary at the mouth of every Great river of `courses` that reaches the sea
/// (the map must have a Shallows terrain), cutting the courses back to the water. Returns
/// how many were made. Pauses on `pacer` after each (a cell of the map a unit).
pub async fn make_estuaries(
    map: &mut HexMap,
    courses: &mut Vec<Course>,
    pacer: &mut Pacer,
) -> usize {
    let Some(shallows) = terrain_named(map.palette(), ESTUARY_TERRAIN) else {
        return 0;
    };
    let great_mouth = |c: &Course| {
        c.end == End::Water
            && c.flow.len() > ESTUARY_SIDES
            && c.flow.last().is_some_and(|&f| f >= GREAT_RIVER_FLOW)
    };
    // Each Great river by its source (courses are cut and dropped as estuaries are made).
    let sources: Vec<_> = courses
        .iter()
        .filter(|c| great_mouth(c))
        .map(|c| c.corners[0])
        .collect();
    let mut made = 0;
    for source in sources {
        pacer.tick(map.cell_count() as u64).await;
        let Some(k) = courses
            .iter()
            .position(|c| c.corners[0] == source && great_mouth(c))
        else {
            continue;
        };
        let sides = courses[k].sides();
        let banks: Vec<usize> = sides[sides.len() - ESTUARY_SIDES..]
            .iter()
            .flat_map(|e| {
                let (a, b) = e.hexes();
                [a, b]
            })
            .filter_map(|h| map.shape().index_of(h))
            .collect();
        let (before_map, before_courses) = (map.clone(), courses.clone());
        let Some(layer) = map.elevation_layer() else {
            return made;
        };
        let mut height = layer.values().to_vec();
        for &i in &banks {
            height[i] = height[i].min(ESTUARY_DEPTH);
            map.set_terrain_index(i, Some(shallows));
        }
        if map
            .set_elevation_layer(Some(ElevationLayer::from_values(height)))
            .is_err()
        {
            *map = before_map;
            continue;
        }
        let water = super::water_cells(map);
        let wet = |map: &HexMap, h| map.shape().index_of(h).is_some_and(|i| water[i]);
        let in_estuary =
            |_: &HexMap, h| map.shape().index_of(h).is_some_and(|i| banks.contains(&i));
        for course in courses.iter_mut() {
            cut_at_water(map, course, &in_estuary);
        }
        courses.retain(|c| c.corners.len() > 1);
        if courses.iter().all(|c| stays_a_river(map, c, &wet)) {
            made += 1;
        } else {
            *map = before_map;
            *courses = before_courses;
        }
    }
    made
}

/// Cut `course` at its first corner after its source touching the new water (`wet`),
/// where it then ends.
fn cut_at_water(
    map: &HexMap,
    course: &mut Course,
    wet: &impl Fn(&HexMap, hexmap_hex::Hex) -> bool,
) {
    let Some(at) = course
        .corners
        .iter()
        .skip(1)
        .position(|c| c.hexes().into_iter().any(|h| wet(map, h)))
        .map(|k| k + 1)
    else {
        return;
    };
    course.corners.truncate(at + 1);
    course.flow.truncate(at);
    course.end = End::Water;
}

/// True when every side of `course` runs strictly downhill and none lies between two
/// water cells.
fn stays_a_river(
    map: &HexMap,
    course: &Course,
    wet: &impl Fn(&HexMap, hexmap_hex::Hex) -> bool,
) -> bool {
    let descends = course
        .corners
        .windows(2)
        .all(|w| corner_height(map, w[1]).0 < corner_height(map, w[0]).0);
    let banks_dry = course.sides().into_iter().all(|e| {
        let (a, b) = e.hexes();
        !(wet(map, a) && wet(map, b))
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
        let wet = |map: &HexMap, h| map.shape().index_of(h).is_some_and(|i| water[i]);
        for c in &courses {
            assert!(stays_a_river(&map, c, &wet), "{c:?}");
            assert_ne!(c.end, End::Pit);
        }
    }
}
