//! Rivers running side by side without joining. Two river sides are **side by side** when
//! they lie on the outline of one hex (at most one hex between them) and belong to two
//! rivers that have not met: two networks, or two branches of one network neither of
//! which lies downstream of the other. A river runs side by side with another over a
//! **run**: consecutive sides of it, each beside a side of the other river (the other's
//! sides following along it, at most two sides apart from one to the next), and the run's
//! length is the number of hexes between the two. Real rivers that close together join
//! within a few hexes; a run of more than [`MAX_SIDE_BY_SIDE`] hexes is what looks wrong.

use super::networks::Tree;
use hexmap_hex::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// The most hexes two rivers may run side by side without joining.
pub const MAX_SIDE_BY_SIDE: usize = 3;

/// Side-by-side runs of a map's rivers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideBySide {
    /// The longest run, in hexes between the two rivers (0 when no two rivers come that
    /// close).
    pub longest: usize,
    /// A hex between the two rivers of the longest run (`None` without one): where to
    /// look.
    pub longest_at: Option<Hex>,
    /// River sides that lie in a run of more than [`MAX_SIDE_BY_SIDE`] hexes (of either
    /// river).
    pub sides_in_long_runs: usize,
}

/// One run of a river beside another: pairs of a side of the river (named by the corner
/// it runs down from), a side of the other river beside it and the hex they share, in
/// order down the river.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The pairs, upstream first.
    pub pairs: Vec<(u32, u32, Hex)>,
    /// The hexes between the two rivers over the whole run.
    pub hexes: usize,
}

/// The runs of the rivers of `tree`.
pub fn side_by_side(tree: &Tree) -> SideBySide {
    let mut result = SideBySide::default();
    let mut in_long = vec![false; tree.corners.len()];
    for run in runs(tree) {
        if run.hexes > result.longest {
            result.longest = run.hexes;
            result.longest_at = run.pairs.first().map(|p| p.2);
        }
        if run.hexes > MAX_SIDE_BY_SIDE {
            for &(s, t, _) in &run.pairs {
                in_long[s as usize] = true;
                in_long[t as usize] = true;
            }
        }
    }
    result.sides_in_long_runs = in_long.iter().filter(|x| **x).count();
    result
}

/// Every run of the rivers of `tree`: one from each side with a side of another river
/// beside it, followed down as long as the other river's sides follow along.
pub fn runs(tree: &Tree) -> Vec<Run> {
    hexmap_map::steps::block_on(runs_in_steps(tree, &mut super::pacer()))
}

/// [`runs`], pausing on `pacer` as it goes.
pub(crate) async fn runs_in_steps(tree: &Tree, pacer: &mut hexmap_map::steps::Pacer) -> Vec<Run> {
    let n = tree.corners.len();
    // A side per corner with a river side below it: its two hexes.
    let hexes: Vec<Option<[Hex; 2]>> = (0..n)
        .map(|c| {
            let d = tree.down[c]?;
            if tree.across_lake[c] {
                return None;
            }
            let (_, edge) = tree.corners[c]
                .neighbours()
                .into_iter()
                .find(|(x, _)| *x == tree.corners[d as usize])?;
            let (a, b) = edge.hexes();
            Some([a, b])
        })
        .collect();
    let mut touching: BTreeMap<Hex, Vec<u32>> = BTreeMap::new();
    for (c, h) in hexes.iter().enumerate() {
        for &h in h.iter().flatten() {
            touching.entry(h).or_default().push(c as u32);
        }
    }
    let (enter, leave) = euler_tour(tree);
    // Downstream of each other: one corner's subtree (upstream of it) holds the other.
    let related = |a: usize, b: usize| {
        let holds = |x: usize, y: usize| enter[x] <= enter[y] && leave[y] <= leave[x];
        holds(a, b) || holds(b, a)
    };
    // The sides beside side `s`, each with the hex they share.
    let beside = |s: usize| -> Vec<(u32, Hex)> {
        let mut out = Vec::new();
        for &h in hexes[s].iter().flatten() {
            for &t in touching.get(&h).into_iter().flatten() {
                if t as usize != s && !related(s, t as usize) {
                    out.push((t, h));
                }
            }
        }
        out
    };
    let down = |c: u32| tree.down[c as usize];
    let follows = |a: u32, b: u32| {
        a == b
            || down(a) == Some(b)
            || down(b) == Some(a)
            || down(a).and_then(down) == Some(b)
            || down(b).and_then(down) == Some(a)
    };
    let mut out = Vec::new();
    pacer.tick(n as u64 / 4).await;
    for start in (0..n).filter(|&s| hexes[s].is_some()) {
        pacer.tick(2).await;
        let first = beside(start);
        if first.is_empty() {
            continue;
        }
        let mut others: Vec<u32> = first.iter().map(|&(t, _)| t).collect();
        let mut between: BTreeSet<Hex> = first.iter().map(|&(_, h)| h).collect();
        let mut pairs: Vec<(u32, u32, Hex)> =
            first.iter().map(|&(t, h)| (start as u32, t, h)).collect();
        let mut at = start;
        while let Some(next) = tree.down[at].map(|d| d as usize) {
            if hexes[next].is_none() {
                break;
            }
            let along: Vec<(u32, Hex)> = beside(next)
                .into_iter()
                .filter(|&(t, _)| others.iter().any(|&o| follows(o, t)))
                .collect();
            if along.is_empty() {
                break;
            }
            others = along.iter().map(|&(t, _)| t).collect();
            between.extend(along.iter().map(|&(_, h)| h));
            pairs.extend(along.iter().map(|&(t, h)| (next as u32, t, h)));
            at = next;
        }
        out.push(Run {
            pairs,
            hexes: between.len(),
        });
    }
    out
}

/// Entry and exit times of a depth-first walk of `tree` from its outlets upstream: a
/// corner lies upstream of another when its interval lies inside the other's.
fn euler_tour(tree: &Tree) -> (Vec<u32>, Vec<u32>) {
    let n = tree.corners.len();
    let (mut enter, mut leave) = (vec![0u32; n], vec![0u32; n]);
    let mut clock = 0u32;
    for &outlet in &tree.outlets {
        let mut stack = vec![(outlet, false)];
        while let Some((c, done)) = stack.pop() {
            if done {
                leave[c as usize] = clock;
                clock += 1;
                continue;
            }
            enter[c as usize] = clock;
            clock += 1;
            stack.push((c, true));
            stack.extend(tree.up[c as usize].iter().map(|&u| (u, false)));
        }
    }
    (enter, leave)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corners::Corner;
    use hexmap_hex::{Edge, OffsetKind};
    use hexmap_map::HexMap;
    use hexmap_map::testing::{at, rectangle_map};

    /// The sides between offset row `row` and the row below it, from column `from` to
    /// column `to` (pointy odd-r): a river running east along the rows' zigzag.
    fn along_rows(row: i32, from: i32, to: i32) -> Vec<Edge> {
        let mut out = Vec::new();
        for col in from..=to {
            let h = at(OffsetKind::OddR, col, row);
            for n in h.neighbors() {
                let o = OffsetKind::OddR.from_hex(n);
                if o.row == row + 1 && (from..=to).contains(&o.col) {
                    out.extend(Edge::between(h, n));
                }
            }
        }
        out
    }

    /// A 30 × 30 land falling gently east, so each river's outlet is its east end.
    fn falling_east() -> HexMap {
        let mut map = rectangle_map(OffsetKind::OddR, 30, 30);
        let values = map
            .shape()
            .iter()
            .map(|h| 1000 - 20 * OffsetKind::OddR.from_hex(h).col as i16)
            .collect();
        map.set_elevation_layer(Some(hexmap_map::ElevationLayer::from_values(values)))
            .unwrap();
        map
    }

    fn measure(map: &HexMap, sides: Vec<Edge>) -> SideBySide {
        let water = crate::water_cells(map);
        side_by_side(&Tree::of(map, &water, sides))
    }

    #[test]
    fn two_rivers_one_hex_apart_for_eight_hexes_are_side_by_side() {
        let map = falling_east();
        // Row 11 lies between the two: its hexes touch both rivers.
        let sides = [along_rows(10, 5, 12), along_rows(11, 5, 12)].concat();
        let found = measure(&map, sides.clone());
        assert!(found.longest > MAX_SIDE_BY_SIDE, "{found:?}");
        // Every side but the last one or two at the ends.
        assert!(found.sides_in_long_runs + 2 >= sides.len(), "{found:?}");
    }

    #[test]
    fn rivers_two_hexes_apart_or_one_river_alone_are_not() {
        let map = falling_east();
        // Rows 11 and 12 between them: no hex touches both.
        let apart = [along_rows(10, 5, 12), along_rows(12, 5, 12)].concat();
        assert_eq!(measure(&map, apart), SideBySide::default());
        assert_eq!(measure(&map, along_rows(10, 5, 12)), SideBySide::default());
    }

    #[test]
    fn a_tributary_meeting_its_river_is_beside_it_only_near_the_confluence() {
        // A river along the rows' zigzag and a tributary coming down to it across the
        // rows: they share hexes only where they meet.
        let map = falling_east();
        let mut sides = along_rows(10, 3, 16);
        let y = |c: &Corner| c.hexes().iter().map(|h| h.r).sum::<i32>();
        let river: Vec<Corner> = sides.iter().flat_map(|&e| Corner::ends_of(e)).collect();
        let off_river = |c: Corner, visited: &[Corner]| {
            c.neighbours()
                .into_iter()
                .filter(|(n, _)| !river.contains(n) && !visited.contains(n))
                .min_by_key(|(n, _)| y(n))
        };
        // A corner in the river's middle whose way off the river leads up (north).
        let top = river[12..]
            .iter()
            .copied()
            .find(|&c| off_river(c, &[]).is_some_and(|(n, _)| y(&n) < y(&c)))
            .unwrap();
        let mut visited = vec![top];
        let mut at = top;
        for _ in 0..8 {
            let (next, side) = off_river(at, &visited).unwrap();
            visited.push(next);
            sides.push(side);
            at = next;
        }
        let found = measure(&map, sides);
        assert!(found.longest <= MAX_SIDE_BY_SIDE, "{found:?}");
        assert_eq!(found.sides_in_long_runs, 0);
    }
}
