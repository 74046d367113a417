//! Rivers still running side by side once laid on hexsides are joined. The cells' drainage
//! joins channels a few cells apart ([`merge`](super::merge)), but two rivers laid on the
//! outlines of the cells their water runs through can still face each other across one
//! hex for many hexes. Where such a run is longer than
//! [`MAX_SIDE_BY_SIDE`](super::side_by_side::MAX_SIDE_BY_SIDE) hexes, the lesser river
//! is turned, at the first place of the run where it can be, along the outline of the hex
//! between them into the greater: over one to three new sides, ending at most
//! [`MAX_RISE`] above where it leaves its course; the river stage's descent step then
//! raises the land behind it so no river rises. Its old course below that point, down to
//! where another river feeds it, is dropped, and the flow it carried is moved to the
//! greater river's course.
//!
//! Some runs cannot be joined that way (every way round the hex between them crosses a
//! third river's corners or water, or leads into the lesser river's own upstream, or a
//! join only makes a new run beside a third river); the last pass ends the lesser river
//! of each run left instead ([`run_end`](super::run_end)).

use super::corners::Corner;
use super::grid::NONE;
use super::hexsides::SideTree;
use super::networks::Tree;
use super::rivers::corner_height;
use super::side_by_side::{MAX_SIDE_BY_SIDE, Run, runs_in_steps};
use hexmap_hex::Hex;
use hexmap_map::HexMap;
use hexmap_map::steps::Pacer;
use std::collections::BTreeMap;

/// How much higher than where it leaves its course a join may end, in corner heights (six
/// times the mean of the corner's cells: 200 m). The descent step then raises the land
/// behind the join so no side of it rises; a river whose sides cannot be made to descend
/// is not laid (about one corner in two worlds more than without joins).
const MAX_RISE: i64 = 6 * 200;

/// How many times the runs are measured: joined in every pass but the last, whose runs
/// (or those of a pass that could join none) have their lesser rivers ended. With the
/// one look at the laid courses ([`end_runs_left`](super::run_end::end_runs_left)), six measures, as many as the six
/// passes of joins alone took before (on a big world the joins go round in circles by
/// the fourth pass: a join puts the lesser river beside a third one).
const PASSES: usize = 5;

/// The corners down from `c` (itself first) to its river's end.
pub(super) fn down_from(tree: &SideTree, c: u32) -> Vec<u32> {
    let mut out = vec![c];
    let mut at = c;
    while tree.receiver[at as usize] != NONE {
        at = tree.receiver[at as usize];
        out.push(at);
    }
    out
}

/// The sides of `tree` as edges, with the corner each runs down from.
fn sides(tree: &SideTree) -> Vec<(u32, hexmap_hex::Edge)> {
    (0..tree.corners.len() as u32)
        .filter_map(|c| {
            let r = tree.receiver[c as usize];
            if r == NONE {
                return None;
            }
            let to = tree.corners[r as usize];
            let (_, e) = tree.corners[c as usize]
                .neighbours()
                .into_iter()
                .find(|(x, _)| *x == to)?;
            Some((c, e))
        })
        .collect()
}

/// Join the rivers of `tree` on `map` (whose `water` is given per cell) that run side by
/// side for more than three hexes, and end the lesser river of each run the joins leave
/// (see the module's notes); the tree's order is taken again. Pauses on `pacer` (a run a
/// unit).
pub(crate) async fn join_runs(
    map: &HexMap,
    tree: &mut SideTree,
    water: &[bool],
    pacer: &mut Pacer,
) {
    let lakes = super::drainage::lake_ids_in_steps(map, water, pacer).await;
    for pass in 0..PASSES {
        let (mut index, long) = long_runs(map, tree, (water, &lakes), pacer).await;
        if long.is_empty() {
            return;
        }
        // The last pass, or one that joins nothing, ends what is left.
        if pass + 1 < PASSES && join_pass(map, tree, (water, &mut index), &long, pacer).await {
            tree.order(pacer).await;
            continue;
        }
        super::run_end::end_lesser(tree, long, pacer).await;
        tree.order(pacer).await;
        return;
    }
}

/// One pass of joins over the `long` runs of `tree` (see [`join_runs`]), whose corners
/// `index` names; true when a join was made.
async fn join_pass(
    map: &HexMap,
    tree: &mut SideTree,
    (water, index): (&[bool], &mut BTreeMap<Corner, u32>),
    long: &[Run],
    pacer: &mut Pacer,
) -> bool {
    let wet = |c: Corner| {
        c.hexes()
            .into_iter()
            .any(|h| map.shape().index_of(h).is_none_or(|i| water[i]))
    };
    let height = |c: Corner| corner_height(map, c).0;
    // How many sides run into each corner.
    let mut fed = vec![0u32; tree.corners.len()];
    for &r in tree.receiver.iter().filter(|&&r| r != NONE) {
        fed[r as usize] += 1;
    }
    let mut changed = false;
    for run in long {
        pacer.tick(1).await;
        for &(s, t, h) in &run.pairs {
            let (lesser, greater) = if tree.flow[s as usize] <= tree.flow[t as usize] {
                (s, t)
            } else {
                (t, s)
            };
            // A side dropped by a join made in this pass.
            if tree.receiver[s as usize] == NONE || tree.receiver[t as usize] == NONE {
                break;
            }
            let mine = down_from(tree, lesser);
            let theirs = down_from(tree, greater);
            if theirs.contains(&lesser) || mine.contains(&greater) {
                continue;
            }
            let Some((start, way)) = way_round(tree, index, (lesser, &mine), &fed, h, &wet) else {
                continue;
            };
            if height(*way.last().expect("a way has ends")) > height(way[0]) + MAX_RISE {
                continue;
            }
            reroute(tree, (index, &mut fed), start, &way);
            changed = true;
            break;
        }
    }
    changed
}

/// The runs of `tree`'s rivers longer than [`MAX_SIDE_BY_SIDE`] hexes, longest first, as
/// [`Run`]s whose pairs name corners of `tree`; with the index of `tree`'s corners.
pub(super) async fn long_runs(
    map: &HexMap,
    tree: &SideTree,
    (water, lakes): (&[bool], &[u32]),
    pacer: &mut Pacer,
) -> (BTreeMap<Corner, u32>, Vec<Run>) {
    let index: BTreeMap<Corner, u32> = tree
        .corners
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i as u32))
        .collect();
    pacer.tick(tree.corners.len() as u64 / 8).await;
    let edges = sides(tree).into_iter().map(|(_, e)| e).collect();
    let measured = Tree::of_in_steps(map, water, lakes, edges, pacer).await;
    pacer.tick(measured.corners.len() as u64 / 8).await;
    let to_tree: Vec<u32> = measured.corners.iter().map(|c| index[c]).collect();
    // The measure directs each network's sides from one outlet; name each side by the
    // corner `tree` runs it down from (the two differ where a network has two ends).
    let side = |k: u32| {
        let a = to_tree[k as usize];
        let b = measured.down[k as usize].map_or(a, |d| to_tree[d as usize]);
        if tree.receiver[b as usize] == a { b } else { a }
    };
    let mut long: Vec<Run> = runs_in_steps(&measured, pacer)
        .await
        .into_iter()
        .filter(|r| r.hexes > MAX_SIDE_BY_SIDE)
        .map(|r| Run {
            pairs: r
                .pairs
                .into_iter()
                .map(|(s, t, h)| (side(s), side(t), h))
                .collect(),
            hexes: r.hexes,
        })
        .collect();
    long.sort_by(|a, b| b.hexes.cmp(&a.hexes).then(a.pairs.cmp(&b.pairs)));
    (index, long)
}

/// A way round `h` from the lesser river (corner `lesser`, its course `mine`) into another
/// river: along its own course as far as that goes round `h`, then over corners no river
/// passes (none touching water) to the first corner of a river that is not its own and
/// does not lie upstream of it. Returns the corner the way leaves the course from, and
/// the way's corners from it.
fn way_round(
    tree: &SideTree,
    index: &BTreeMap<Corner, u32>,
    (lesser, mine): (u32, &[u32]),
    fed: &[u32],
    h: Hex,
    wet: &impl Fn(Corner) -> bool,
) -> Option<(u32, Vec<Corner>)> {
    let from = tree.corners[lesser as usize];
    let ring: Vec<Corner> = (0..6).map(|k| Corner::of(h, k)).collect();
    let at = ring.iter().position(|&c| c == from)?;
    [1usize, 5].into_iter().find_map(|step| {
        let mut start = lesser;
        let mut way = vec![from];
        for j in 1..6 {
            let c = ring[(at + step * j) % 6];
            match index.get(&c).copied() {
                // Its own course, while it carries no more water (not yet joined).
                Some(i)
                    if way.len() == 1
                        && tree.receiver[start as usize] == i
                        && tree.flow[i as usize] <= tree.flow[lesser as usize] =>
                {
                    start = i;
                    way = vec![c];
                }
                Some(i) if mine.contains(&i) => return None,
                Some(i) if tree.receiver[i as usize] != NONE || fed[i as usize] > 0 => {
                    if down_from(tree, i).contains(&start) {
                        return None;
                    }
                    way.push(c);
                    return Some((start, way));
                }
                _ if wet(c) => return None,
                _ => way.push(c),
            }
        }
        None
    })
}

/// Turn the river down from corner `c` of `tree` along `way` (corners from `c` to a
/// corner of another river): its old course is dropped down to where another river
/// feeds it, and its flow moved from the old course to the new one.
fn reroute(
    tree: &mut SideTree,
    (index, fed): (&mut BTreeMap<Corner, u32>, &mut Vec<u32>),
    c: u32,
    way: &[Corner],
) {
    let flow = tree.flow[c as usize];
    // The old course: dropped while nothing else feeds it, then carries less.
    let mut at = tree.receiver[c as usize];
    if at != NONE {
        fed[at as usize] -= 1;
    }
    let mut dropping = true;
    while at != NONE {
        let next = tree.receiver[at as usize];
        if dropping && fed[at as usize] == 0 {
            tree.receiver[at as usize] = NONE;
            tree.flow[at as usize] = 0.0;
            if next != NONE {
                fed[next as usize] -= 1;
            }
        } else {
            dropping = false;
            tree.flow[at as usize] -= flow;
        }
        at = next;
    }
    // The new way, then the greater river below it carries more.
    let mut prev = c;
    for &corner in &way[1..] {
        let i = match index.get(&corner) {
            Some(&i) => i,
            None => {
                let i = tree.corners.len() as u32;
                tree.corners.push(corner);
                tree.receiver.push(NONE);
                tree.flow.push(0.0);
                fed.push(0);
                index.insert(corner, i);
                i
            }
        };
        tree.receiver[prev as usize] = i;
        fed[i as usize] += 1;
        if prev != c {
            tree.flow[prev as usize] = flow;
        }
        prev = i;
    }
    let mut at = prev;
    while at != NONE && tree.receiver[at as usize] != NONE {
        tree.flow[at as usize] += flow;
        at = tree.receiver[at as usize];
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::side_by_side::side_by_side;
    use hexmap_hex::OffsetKind;
    use hexmap_map::steps::block_on;
    use hexmap_map::testing::{at, rectangle_map};
    use hexmap_map::{ElevationLayer, HexMap};

    /// A 30 × 30 land falling east, 20 m a column, and north, 10 m a row: a valley
    /// floor's slope towards a river in its north.
    fn falling_east() -> HexMap {
        terraced(0)
    }

    /// [`falling_east`] with its rows 0–10 raised by `terrace` metres: a river along row
    /// 10's lower edge runs on a terrace above the land south of it.
    pub(crate) fn terraced(terrace: i16) -> HexMap {
        let mut map = rectangle_map(OffsetKind::OddR, 30, 30);
        let values = map
            .shape()
            .iter()
            .map(|h| {
                let o = OffsetKind::OddR.from_hex(h);
                let raised = if o.row <= 10 { terrace } else { 0 };
                1000 - 20 * o.col as i16 + 10 * o.row as i16 + raised
            })
            .collect();
        map.set_elevation_layer(Some(ElevationLayer::from_values(values)))
            .unwrap();
        map
    }

    /// The corners between offset row `row` and the row below, west to east from column
    /// `from` to `to`: a river running east along the rows' zigzag.
    pub(crate) fn zigzag(row: i32, from: i32, to: i32) -> Vec<Corner> {
        let mut out: Vec<Corner> = Vec::new();
        for col in from..=to {
            let h = at(OffsetKind::OddR, col, row);
            for k in 0..6 {
                let c = Corner::of(h, k);
                let below = c
                    .hexes()
                    .iter()
                    .any(|&x| OffsetKind::OddR.from_hex(x).row == row + 1);
                if below && !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        let x = |c: &Corner| c.hexes().iter().map(|h| 2 * h.q + h.r).sum::<i32>();
        out.sort_by_key(x);
        out
    }

    /// A side tree of `rivers` (corners upstream first, each with its flow).
    fn tree_of(rivers: &[(Vec<Corner>, f32)]) -> SideTree {
        let mut tree = SideTree::empty();
        for (corners, flow) in rivers {
            let first = tree.corners.len() as u32;
            for w in corners.windows(2) {
                assert!(w[0].neighbours().iter().any(|n| n.0 == w[1]), "{w:?}");
            }
            for (k, &c) in corners.iter().enumerate() {
                tree.corners.push(c);
                let last = k + 1 == corners.len();
                tree.receiver
                    .push(if last { NONE } else { first + k as u32 + 1 });
                tree.flow.push(if last { 0.0 } else { *flow });
            }
        }
        block_on(tree.order(&mut crate::pacer()));
        tree
    }

    fn measured(map: &HexMap, tree: &SideTree) -> crate::side_by_side::SideBySide {
        let water = crate::water_cells(map);
        side_by_side(&Tree::of(
            map,
            &water,
            sides(tree).into_iter().map(|(_, e)| e),
        ))
    }

    #[test]
    fn a_stream_one_hex_beside_a_great_river_is_turned_into_it() {
        let map = falling_east();
        let water = crate::water_cells(&map);
        // A Great river and a stream beside it, one hex between, for 10 hexes.
        let mut tree = tree_of(&[(zigzag(10, 4, 20), 900.0), (zigzag(11, 6, 16), 8.0)]);
        assert!(measured(&map, &tree).longest > MAX_SIDE_BY_SIDE);
        block_on(join_runs(&map, &mut tree, &water, &mut crate::pacer()));
        let after = measured(&map, &tree);
        assert!(after.longest <= MAX_SIDE_BY_SIDE, "{after:?}");
        // The stream's source still runs, and it runs into the river, never rising.
        let source = tree.corners.iter().position(|&c| c == zigzag(11, 6, 16)[0]);
        let course = down_from(&tree, source.unwrap() as u32);
        let river = zigzag(10, 4, 20);
        let on_river = |c: u32| river.contains(&tree.corners[c as usize]);
        let k = course
            .iter()
            .position(|&c| on_river(c))
            .expect("joins the river");
        let join = course[k];
        // Its own way down to the join never rises.
        let height = |c: u32| corner_height(&map, tree.corners[c as usize]).0;
        assert!(course[..=k].windows(2).all(|w| height(w[0]) > height(w[1])));
        assert!(k >= 1);
        // The river carries the stream's water below the join, and ends where it did.
        assert_eq!(tree.flow[join as usize], 908.0);
        assert_eq!(
            tree.corners[*course.last().unwrap() as usize],
            river[river.len() - 1]
        );
    }

    /// `n` corners on from `from`, each the neighbour furthest south not yet passed.
    pub(crate) fn south_from(from: Corner, n: usize) -> Vec<Corner> {
        let y = |c: &Corner| c.hexes().iter().map(|h| h.r).sum::<i32>();
        let mut out = vec![from];
        for _ in 0..n {
            let at = *out.last().unwrap();
            let next = at
                .neighbours()
                .into_iter()
                .map(|(c, _)| c)
                .filter(|c| !out.contains(c))
                .max_by_key(|c| (y(c), *c))
                .unwrap();
            out.push(next);
        }
        out
    }

    #[test]
    fn a_stream_that_cannot_be_joined_starts_below_its_run() {
        // The river runs on a terrace 900 m above the land south of it: every way from
        // the stream beside it up into it climbs more than a join may.
        let map = terraced(900);
        let water = crate::water_cells(&map);
        let river = zigzag(10, 4, 20);
        // The stream runs beside the river for 8 hexes, then turns south, away from it.
        let beside = zigzag(11, 6, 14);
        let stream = [&beside[..], &south_from(*beside.last().unwrap(), 4)[1..]].concat();
        let mut tree = tree_of(&[(river.clone(), 900.0), (stream.clone(), 8.0)]);
        let before: Vec<(u32, f32)> = tree
            .receiver
            .iter()
            .copied()
            .zip(tree.flow.clone())
            .collect();
        assert!(measured(&map, &tree).longest > MAX_SIDE_BY_SIDE);
        block_on(join_runs(&map, &mut tree, &water, &mut crate::pacer()));
        let after = measured(&map, &tree);
        assert!(after.longest <= MAX_SIDE_BY_SIDE, "{after:?}");
        let at = |c: Corner| tree.corners.iter().position(|&x| x == c).unwrap();
        // The river is as it was: every side, every flow.
        for &c in &river {
            assert_eq!(
                (tree.receiver[at(c)], tree.flow[at(c)]),
                before[at(c)],
                "{c:?}"
            );
        }
        // The stream's channel starts below the run: its sides beside the river are
        // gone, the rest runs on south with the flow it had.
        let kept: Vec<Corner> = stream
            .iter()
            .copied()
            .filter(|&c| tree.receiver[at(c)] != NONE)
            .collect();
        assert!(
            !kept.is_empty() && kept.len() < stream.len() - 1,
            "{kept:?}"
        );
        assert_eq!(
            kept,
            stream[stream.len() - 1 - kept.len()..stream.len() - 1]
        );
        for &c in &kept {
            assert_eq!((tree.receiver[at(c)], tree.flow[at(c)]), before[at(c)]);
        }
    }
}
