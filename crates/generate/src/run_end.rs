//! Rivers the joins ([`run_join`](super::run_join)) cannot bring together are ended.
//! Some side-by-side runs cannot be joined: every way round the hex between them crosses a
//! third river's corners or water, or leads into the lesser river's own upstream, or a
//! join only makes a new run beside a third river and the passes go round in circles.
//! What the joins leave, the lesser river's channel is made to start below: of the two
//! rivers, the one carrying less water at the run's lower end loses its sides from there
//! up to its sources (its channel head moves down, as a stream's head lies where its
//! gathered water first cuts a channel). Its water still runs down overland to the rest
//! of its course, so the flow below, and the width of every river, is unchanged; and as
//! sides are only taken away, no new run is made. The river stage looks once more at the
//! courses it is about to lay ([`end_runs_left`]): a river the descent step cuts for
//! rising, or an estuary that takes a confluence into the sea, can leave two rivers
//! beside each other that were one network before, and those are ended the same way.

use super::corners::Corner;
use super::grid::NONE;
use super::hexsides::SideTree;
use super::rivers::Course;
use super::run_join::{down_from, long_runs};
use super::side_by_side::Run;
use hexmap_map::HexMap;
use hexmap_map::steps::Pacer;
use std::collections::BTreeMap;

/// How many times the runs left among the laid courses are measured and their lesser
/// rivers ended. Ending a river only takes sides away, so it makes no new run; a second
/// round finds only runs whose two rivers' corners did not lie along one course each.
const ENDING_ROUNDS: usize = 3;

/// End the lesser river of every run of `tree` longer than
/// [`MAX_SIDE_BY_SIDE`](super::side_by_side::MAX_SIDE_BY_SIDE) hexes, measured again up
/// to [`ENDING_ROUNDS`] times until none is left; true when a river was ended.
async fn end_lesser_rivers(
    map: &HexMap,
    tree: &mut SideTree,
    (water, lakes): (&[bool], &[u32]),
    pacer: &mut Pacer,
) -> bool {
    let mut ended = false;
    for _ in 0..ENDING_ROUNDS {
        let (_, long) = long_runs(map, tree, (water, lakes), pacer).await;
        if long.is_empty() {
            break;
        }
        end_lesser(tree, long, pacer).await;
        tree.order(pacer).await;
        ended = true;
    }
    ended
}

/// End the lesser river of each of the `long` runs of `tree` (see the module's notes):
/// of the two rivers, the one carrying less water at the run's lower end loses its sides
/// from there up to its sources; the water they carried still runs down overland to the
/// rest of its course, so no flow below changes. The tree's order is left to the caller.
pub(super) async fn end_lesser(tree: &mut SideTree, long: Vec<Run>, pacer: &mut Pacer) {
    let mut up: Vec<Vec<u32>> = vec![Vec::new(); tree.corners.len()];
    for (c, &r) in tree.receiver.iter().enumerate() {
        if r != NONE {
            up[r as usize].push(c as u32);
        }
    }
    for run in long {
        pacer.tick(run.pairs.len() as u64).await;
        let ends = [
            lowest(tree, run.pairs.iter().map(|p| p.0)),
            lowest(tree, run.pairs.iter().map(|p| p.1)),
        ];
        // A run one of whose rivers an earlier ending here took away.
        if ends.iter().any(|&c| tree.receiver[c as usize] == NONE) {
            continue;
        }
        let lesser = *ends
            .iter()
            .min_by(|&&a, &&b| tree.flow[a as usize].total_cmp(&tree.flow[b as usize]))
            .expect("two ends");
        let mut stack = vec![lesser];
        while let Some(c) = stack.pop() {
            tree.receiver[c as usize] = NONE;
            tree.flow[c as usize] = 0.0;
            stack.append(&mut up[c as usize]);
        }
    }
}

/// End the lesser river of every side-by-side run of more than
/// [`MAX_SIDE_BY_SIDE`](super::side_by_side::MAX_SIDE_BY_SIDE) hexes still left among the
/// `courses` about to be laid on `map` (after the joins, the descent step's cuts and the
/// estuaries: a river cut for rising, or an estuary that takes a confluence into the sea,
/// can leave two rivers beside each other that were one before): each course loses the
/// sides above where its channel now starts, and a course left with none is dropped.
/// Pauses on `pacer`.
pub(crate) async fn end_runs_left(map: &HexMap, courses: &mut Vec<Course>, pacer: &mut Pacer) {
    let mut tree = SideTree::empty();
    let mut index: BTreeMap<Corner, u32> = BTreeMap::new();
    let mut of_course: Vec<Vec<u32>> = Vec::with_capacity(courses.len());
    for course in courses.iter() {
        let at: Vec<u32> = course
            .corners
            .iter()
            .map(|&c| tree.node(&mut index, c).0)
            .collect();
        for (w, &flow) in at.windows(2).zip(&course.flow) {
            tree.receiver[w[0] as usize] = w[1];
            tree.flow[w[0] as usize] = flow;
        }
        pacer.tick(at.len() as u64).await;
        of_course.push(at);
    }
    tree.order(pacer).await;
    let water = super::water_cells(map);
    let lakes = super::drainage::lake_ids_in_steps(map, &water, pacer).await;
    if !end_lesser_rivers(map, &mut tree, (&water, &lakes), pacer).await {
        return;
    }
    // An ended river loses whole sources' worth of sides: a head of each course.
    for (course, at) in courses.iter_mut().zip(&of_course) {
        let sides = at.len() - 1;
        let kept = (0..sides)
            .find(|&k| tree.receiver[at[k] as usize] != NONE)
            .unwrap_or(sides);
        course.corners.drain(..kept);
        course.flow.drain(..kept);
    }
    courses.retain(|c| c.corners.len() > 1);
}

/// Of `corners` (of one river's course, as a run lists them), the one furthest down: the
/// one none of the others' courses pass below it (the last listed, where they do not lie
/// along one course).
fn lowest(tree: &SideTree, corners: impl Iterator<Item = u32>) -> u32 {
    let corners: Vec<u32> = corners.collect();
    let last = *corners.last().expect("a run has pairs");
    let below = |c: u32| down_from(tree, c);
    corners
        .iter()
        .copied()
        .find(|&c| corners.iter().all(|&o| below(o).contains(&c)))
        .unwrap_or(last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::networks::Tree;
    use crate::run_join::tests::{south_from, terraced, zigzag};
    use crate::side_by_side::{MAX_SIDE_BY_SIDE, side_by_side};
    use hexmap_hex::OffsetKind;
    use hexmap_map::ElevationLayer;
    use hexmap_map::steps::block_on;

    #[test]
    fn two_rivers_left_beside_each_other_down_to_the_sea_lose_the_lesser_head() {
        // Sea east of column 20 and south of row 12: two rivers that reach it apart (as
        // when an estuary takes their confluence), one beside the other for 8 hexes.
        let mut map = terraced(0);
        let values: Vec<i16> = map
            .shape()
            .iter()
            .zip(map.elevation_layer().unwrap().values())
            .map(|(h, &e)| {
                let o = OffsetKind::OddR.from_hex(h);
                if o.col > 20 || o.row > 12 { -100 } else { e }
            })
            .collect();
        map.set_elevation_layer(Some(ElevationLayer::from_values(values)))
            .unwrap();
        let water = crate::water_cells(&map);
        let wet = |c: &Corner| {
            c.hexes()
                .into_iter()
                .any(|h| map.shape().index_of(h).is_some_and(|i| water[i]))
        };
        let to_sea = |corners: Vec<Corner>, flow: f32| {
            let k = corners.iter().position(wet).expect("reaches the sea");
            Course {
                corners: corners[..=k].to_vec(),
                end: crate::rivers::End::Water,
                flow: vec![flow; k],
            }
        };
        let beside = zigzag(11, 6, 14);
        let stream = [&beside[..], &south_from(*beside.last().unwrap(), 6)[1..]].concat();
        let river = to_sea(zigzag(10, 4, 24), 900.0);
        let stream = to_sea(stream, 8.0);
        let measure = |courses: &[Course]| {
            let sides = courses.iter().flat_map(|c| c.sides());
            side_by_side(&Tree::of(&map, &water, sides))
        };
        let mut courses = vec![river.clone(), stream.clone()];
        assert!(measure(&courses).longest > MAX_SIDE_BY_SIDE);
        block_on(end_runs_left(&map, &mut courses, &mut crate::pacer()));
        let after = measure(&courses);
        assert!(after.longest <= MAX_SIDE_BY_SIDE, "{after:?}");
        assert_eq!(courses[0], river);
        // The stream now starts below the run and reaches the sea as it did.
        let kept = &courses[1];
        let n = kept.corners.len();
        assert!(n >= 2 && n < stream.corners.len() - 8, "{kept:?}");
        assert_eq!(kept.corners, stream.corners[stream.corners.len() - n..]);
        assert_eq!(kept.flow, stream.flow[stream.flow.len() - (n - 1)..]);
        assert_eq!(kept.end, stream.end);
    }
}
