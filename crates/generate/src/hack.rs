//! Hack's law, L ∝ A^h, measured on a map's rivers. Hack (1957, "Studies of longitudinal
//! stream profiles in Virginia and Maryland", USGS Professional Paper 294-B) took L from a
//! point on a stream **to the drainage divide at the head of the longest stream**: the
//! channel and, above its head, the unchannelled hollow up to the divide. A is the area
//! drained at that point of the stream: the hexes whose rain reaches it, the water that
//! meets a river running on down that river ([`gathered_by_rivers`]; the map's own
//! drainage, [`Drainage`], is followed until then). The map's own drainage alone, which
//! may carry a corner's water on across a river laid from the cells' flow, gives the
//! area beside it ([`HackBasin::drainage_area`]).
//!
//! A river's channel on a map starts where its gathered rain first passes a threshold, so
//! above every source lies a head that drains into it without a channel of its own. Here
//! that head is followed up the drainage's own downhill links ([`Drainage::next`]): the
//! longest chain of links ending at the source and touching no other river's corner, in
//! sides like the channel (a link between two water cells, across a lake, counts none).
//! L to the divide is the longest over the sources above a point of head plus channel;
//! the channel alone ([`HackBasin::channel`]) is kept beside it, the measure the map's
//! river sides give by themselves.

use super::corners::Corner;
use super::drainage::{Drainage, NO_LAKE};
use super::networks::Tree;
use hexmap_map::HexMap;
use std::collections::{BTreeMap, VecDeque};

/// The smallest basin, in hexes, that takes part in the fit of Hack's exponent.
pub const HACK_MIN_AREA: u32 = 30;

/// One basin of the fit: a river's outlet or a confluence, what it drains and how long
/// its longest stream is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HackBasin {
    /// A: the hexes whose rain reaches the point, water that meets a river running down
    /// that river ([`gathered_by_rivers`]).
    pub area: u32,
    /// The hexes the map's own drainage gathers at the point's corner, rivers or not (flow
    /// accumulation, [`Drainage::area`]): kept beside A for comparison.
    pub drainage_area: u32,
    /// The longest river above the point, in sides of laid channel.
    pub channel: u32,
    /// The longest river above the point with its unchannelled head, in sides: Hack's L,
    /// to the drainage divide.
    pub to_divide: u32,
}

/// Hack's exponent and the basins it was fitted on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HackFit {
    /// h in L ∝ A^h.
    pub exponent: f64,
    /// Basins in the fit.
    pub basins: usize,
}

impl HackFit {
    /// The least-squares fit of ln L on ln A over `points` (area, length), leaving out a
    /// length of 0; `None` with fewer than two points or one area only.
    pub fn of(points: impl IntoIterator<Item = (u32, u32)>) -> Option<HackFit> {
        let logs: Vec<(f64, f64)> = points
            .into_iter()
            .filter(|&(a, l)| a > 0 && l > 0)
            .map(|(a, l)| (f64::from(a).ln(), f64::from(l).ln()))
            .collect();
        slope(&logs).map(|exponent| HackFit {
            exponent,
            basins: logs.len(),
        })
    }

    /// The fit of `basins` with L to the divide (Hack's own measure), over those that
    /// drain at least [`HACK_MIN_AREA`] hexes.
    pub fn to_divide(basins: &[HackBasin]) -> Option<HackFit> {
        HackFit::by(basins, |b| b.area, |b| b.to_divide)
    }

    /// The fit of `basins` with L the laid channel only.
    pub fn channel(basins: &[HackBasin]) -> Option<HackFit> {
        HackFit::by(basins, |b| b.area, |b| b.channel)
    }

    /// The fit of `basins` with L to the divide and A the map's own drainage's
    /// ([`HackBasin::drainage_area`]), over those whose drainage gathers at least
    /// [`HACK_MIN_AREA`] hexes: the measure before A followed the rivers, for comparison.
    pub fn drainage_area(basins: &[HackBasin]) -> Option<HackFit> {
        HackFit::by(basins, |b| b.drainage_area, |b| b.to_divide)
    }

    /// The fit of `basins` with A `area` and L `length`, over those whose `area` is at
    /// least [`HACK_MIN_AREA`] hexes.
    fn by(
        basins: &[HackBasin],
        area: impl Fn(&HackBasin) -> u32,
        length: impl Fn(&HackBasin) -> u32,
    ) -> Option<HackFit> {
        HackFit::of(
            basins
                .iter()
                .filter(|b| area(b) >= HACK_MIN_AREA)
                .map(|b| (area(b), length(b))),
        )
    }
}

/// The basins of `tree` (its outlets and confluences) that drain at least
/// [`HACK_MIN_AREA`] hexes by either area (A, or the map's own drainage's) and have a
/// channel above them, in corner order; `lakes` is the lake of each cell
/// (`drainage::lake_ids` of the drainage's water), `gathered` [`gathered_by_rivers`] of
/// `tree`, `channel` the longest river above each corner (`tree.longest_above` from zeros).
pub fn basins(
    map: &HexMap,
    tree: &Tree,
    (drainage, lakes): (&Drainage, &[u32]),
    gathered: &[u32],
    channel: &[u32],
) -> Vec<HackBasin> {
    // The ways across each lake, from every corner on it to one where rivers leave or
    // meet: one search per such corner, however many rivers run into the lake.
    let ways = std::cell::RefCell::new(BTreeMap::<Corner, BTreeMap<Corner, u32>>::new());
    let crossing = |from: u32, to: u32| {
        let (from, to) = (tree.corners[from as usize], tree.corners[to as usize]);
        let mut ways = ways.borrow_mut();
        let steps = ways
            .entry(to)
            .or_insert_with(|| ways_across_lake(map, lakes, to));
        steps.get(&from).copied().unwrap_or(0)
    };
    let to_divide = tree.longest_flow_path(&heads(tree, drainage), crossing);
    let at = |areas: &[u32], c: usize| drainage.index_of(tree.corners[c]).map_or(0, |i| areas[i]);
    (0..tree.corners.len())
        .filter(|&c| tree.down[c].is_none() || tree.up[c].len() >= 2)
        .filter(|&c| {
            let area = at(gathered, c).max(at(&drainage.area, c));
            area >= HACK_MIN_AREA && channel[c] > 0
        })
        .map(|c| HackBasin {
            area: at(gathered, c),
            drainage_area: at(&drainage.area, c),
            channel: channel[c],
            to_divide: to_divide[c],
        })
        .collect()
}

/// The land cells whose rain passes each corner of `drainage` when water follows the
/// drainage's links until it meets a corner of `tree`, then runs down the rivers to their
/// outlets (an outlet being a sink): the area a river drains at each of its corners. The
/// map's own drainage, laid from the cells' heights alone, may lead a corner's water on
/// across a river that the generator laid from the cells' flow; a river's basin is what
/// reaches the river, so here water that meets one stays in it.
pub fn gathered_by_rivers(tree: &Tree, drainage: &Drainage) -> Vec<u32> {
    let n = drainage.corners.len();
    // What each corner gathers itself: its area less what its upstream corners bring.
    let mut own: Vec<i64> = drainage.area.iter().map(|&a| i64::from(a)).collect();
    for i in 0..n {
        if let Some(next) = drainage.next(i) {
            own[next] -= i64::from(drainage.area[i]);
        }
    }
    for a in &mut own {
        *a = (*a).max(0);
    }
    let mut next: Vec<Option<usize>> = (0..n).map(|i| drainage.next(i)).collect();
    for (c, corner) in tree.corners.iter().enumerate() {
        if let Some(i) = drainage.index_of(*corner) {
            next[i] = tree.down[c].and_then(|d| drainage.index_of(tree.corners[d as usize]));
        }
    }
    let mut waiting = vec![0u32; n];
    for to in next.iter().flatten() {
        waiting[*to] += 1;
    }
    let mut ready: Vec<usize> = (0..n).filter(|&i| waiting[i] == 0).collect();
    let mut gathered: Vec<i64> = own;
    while let Some(i) = ready.pop() {
        if let Some(to) = next[i] {
            gathered[to] += gathered[i];
            waiting[to] -= 1;
            if waiting[to] == 0 {
                ready.push(to);
            }
        }
    }
    gathered
        .iter()
        .map(|&a| u32::try_from(a).unwrap_or(u32::MAX))
        .collect()
}

/// The unchannelled head above each corner of `tree` that starts a river (0 at the
/// others), in sides: the longest chain of the drainage's links that ends at it and
/// passes no other corner of `tree` (across a lake too: the water's way through it).
pub fn heads(tree: &Tree, drainage: &Drainage) -> Vec<u32> {
    let mut on_river = vec![false; drainage.corners.len()];
    for &c in &tree.corners {
        if let Some(i) = drainage.index_of(c) {
            on_river[i] = true;
        }
    }
    // The longest chain of links above each corner, over corners off the rivers.
    let mut above = vec![0u32; drainage.corners.len()];
    for &c in drainage.upstream_first() {
        let c = c as usize;
        match drainage.next(c) {
            Some(next) if !on_river[c] => above[next] = above[next].max(above[c] + 1),
            _ => {}
        }
    }
    (0..tree.corners.len())
        .map(|c| {
            let source = tree.down[c].is_some() && tree.up[c].is_empty();
            match drainage.index_of(tree.corners[c]) {
                Some(i) if source => above[i],
                _ => 0,
            }
        })
        .collect()
}

/// The sides of the shortest way to corner `to` from every corner of the lake it touches
/// (over corners of the lake's cells): where a river's water crosses a lake. Empty when
/// `to` touches no lake.
fn ways_across_lake(map: &HexMap, lakes: &[u32], to: Corner) -> BTreeMap<Corner, u32> {
    let lake_of = |c: Corner| {
        c.hexes()
            .into_iter()
            .filter_map(|h| map.shape().index_of(h))
            .map(|i| lakes[i])
            .find(|&id| id != NO_LAKE)
    };
    let Some(lake) = lake_of(to) else {
        return BTreeMap::new();
    };
    let on_lake = |c: Corner| {
        c.hexes()
            .into_iter()
            .any(|h| map.shape().index_of(h).is_some_and(|i| lakes[i] == lake))
    };
    let mut steps = BTreeMap::from([(to, 0u32)]);
    let mut queue = VecDeque::from([to]);
    while let Some(at) = queue.pop_front() {
        let d = steps[&at];
        for (n, _) in at.neighbours() {
            if on_lake(n) && !steps.contains_key(&n) {
                steps.insert(n, d + 1);
                queue.push_back(n);
            }
        }
    }
    steps
}

/// The least-squares slope of y on x, `None` with fewer than two points or when x does not
/// vary.
fn slope(points: &[(f64, f64)]) -> Option<f64> {
    let n = points.len() as f64;
    let (mx, my) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let sxx: f64 = points.iter().map(|(x, _)| (x - mx) * (x - mx)).sum();
    let sxy: f64 = points.iter().map(|(x, y)| (x - mx) * (y - my)).sum();
    (points.len() >= 2 && sxx > 1e-12).then(|| sxy / sxx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::OffsetKind;

    const KIND: OffsetKind = OffsetKind::OddR;

    /// `n + 1` corners along the line between (even) row `row` and the row below it, from
    /// the map's west border eastward: `n` sides.
    fn along_row(map: &HexMap, row: i32, n: usize) -> Vec<Corner> {
        let in_map = |c: Corner| {
            c.hexes()
                .iter()
                .filter(|&&h| map.shape().index_of(h).is_some())
                .count()
        };
        let on_line = |c: Corner| {
            let rows = c.hexes().map(|h| KIND.from_hex(h).row);
            rows.contains(&row) && rows.contains(&(row + 1))
        };
        let first = (0..6)
            .map(|k| Corner::of(hexmap_map::testing::at(KIND, 0, row), k))
            .find(|&c| on_line(c) && in_map(c) == 2)
            .expect("a corner on the border");
        let mut line = vec![first];
        for _ in 0..n {
            let at = *line.last().unwrap();
            let next = at
                .neighbours()
                .into_iter()
                .map(|(c, _)| c)
                .find(|&c| on_line(c) && in_map(c) == 3 && !line.contains(&c))
                .expect("the line goes on east");
            line.push(next);
        }
        line
    }

    /// The sides between consecutive corners of `line`.
    fn sides(line: &[Corner]) -> Vec<hexmap_hex::Edge> {
        line.windows(2)
            .map(|w| {
                w[0].neighbours()
                    .into_iter()
                    .find(|(c, _)| *c == w[1])
                    .unwrap()
                    .1
            })
            .collect()
    }

    /// Each corner of `line` draining to the one before it.
    fn downhill(line: &[Corner]) -> Vec<(Corner, Corner)> {
        line.windows(2).map(|w| (w[1], w[0])).collect()
    }

    /// A flat map (each network's outlet is its corner on the border), `lake` cells water.
    fn flat_map(lake: &[(i32, i32)]) -> (HexMap, Vec<bool>) {
        let mut map = hexmap_map::testing::rectangle_map(KIND, 30, 30);
        let flat = hexmap_map::ElevationLayer::from_values(vec![100; map.cell_count()]);
        map.set_elevation_layer(Some(flat)).unwrap();
        let mut water = vec![false; map.cell_count()];
        for &(col, row) in lake {
            let at = hexmap_map::testing::at(KIND, col, row);
            water[map.shape().index_of(at).unwrap()] = true;
        }
        (map, water)
    }

    #[test]
    fn l_to_the_divide_adds_the_unchannelled_head_above_each_source() {
        // Two rivers from the west border, each along a row line, with the drainage's own
        // links continuing up the line above their sources:
        // - north (row 4): a channel of 6 sides draining 40 hexes, then 3 links of head
        //   of which the top 2 drain through corners of a third, lone river (2 sides,
        //   too small to fit): the head stops there, at 1 side;
        // - south (row 14): a channel of 2 sides draining 80 hexes, then a head of 8.
        let (map, water) = flat_map(&[]);
        let north = along_row(&map, 4, 12);
        let south = along_row(&map, 14, 10);
        let (north_river, lone) = (&north[..=6], &north[8..=10]);
        let south_river = &south[..=2];
        let mut links = downhill(&north);
        links.extend(downhill(&south));
        let drainage = Drainage::by_hand(
            &map,
            water,
            &links,
            &[(north[0], 40), (south[0], 80), (lone[0], 3)],
        );
        let river_sides = [sides(north_river), sides(lone), sides(south_river)].concat();
        let tree = Tree::of(&map, &drainage.water, river_sides.clone());
        let head_of = |c: Corner| {
            let heads = heads(&tree, &drainage);
            heads[tree.corners.binary_search(&c).unwrap()]
        };
        assert_eq!(head_of(north[6]), 1, "the head stops at the lone river");
        assert_eq!(head_of(south[2]), 8);
        assert_eq!(head_of(north[3]), 0, "no head below a source");
        let stats = crate::networks::RiverStats::of(&map, river_sides, &drainage);
        let mut basins = stats.hack_basins.clone();
        basins.sort_by_key(|b| b.area);
        assert_eq!(
            basins,
            vec![
                HackBasin {
                    area: 40,
                    drainage_area: 40,
                    channel: 6,
                    to_divide: 7
                },
                HackBasin {
                    area: 80,
                    drainage_area: 80,
                    channel: 2,
                    to_divide: 10
                },
            ]
        );
        // The channels alone make the larger basin the shorter (h < 0); to the divide it
        // is the longer, as Hack's law has it.
        let h = |l1: f64, l2: f64| (l2 / l1).ln() / 2f64.ln();
        let close = |fit: Option<HackFit>, want: f64| (fit.unwrap().exponent - want).abs() < 1e-9;
        assert!(
            close(stats.hack_channel, h(6.0, 2.0)),
            "{:?}",
            stats.hack_channel
        );
        assert!(close(stats.hack, h(7.0, 10.0)), "{:?}", stats.hack);
    }

    #[test]
    fn a_river_through_a_lake_is_measured_across_it() {
        // A lake of two rows of five cells below row 14's line; a river runs along the
        // line from the west border to the lake's west shore, and another from further
        // east along the line into the lake's east shore. The channels alone skip the
        // lake; the water's way runs along its shore line between them, one side a step.
        let lake: Vec<(i32, i32)> = (10..15).flat_map(|col| [(col, 15), (col, 16)]).collect();
        let (map, water) = flat_map(&lake);
        let line = along_row(&map, 14, 40);
        let touches = |c: &Corner| {
            c.hexes()
                .iter()
                .any(|&h| map.shape().index_of(h).is_some_and(|i| water[i]))
        };
        let west = line.iter().position(touches).unwrap();
        let east = line.iter().rposition(touches).unwrap();
        assert!(east - west >= 10, "five cells of shore: {west}..{east}");
        let river_sides = [sides(&line[..=west]), sides(&line[east..=east + 4])].concat();
        let drainage = Drainage::by_hand(&map, water, &[], &[(line[0], 50)]);
        let stats = crate::networks::RiverStats::of(&map, river_sides, &drainage);
        let crossing = (east - west) as u32;
        assert_eq!(
            stats.hack_basins,
            vec![HackBasin {
                area: 50,
                drainage_area: 50,
                channel: west as u32 + 4,
                to_divide: west as u32 + crossing + 4
            }]
        );
    }

    #[test]
    fn l_to_the_divide_is_never_shorter_than_the_channel_on_a_world_with_lakes() {
        // A highland world whose lakes join several rivers each, some lakes' links
        // following one another (seed 9, 70° N to 10° N as `world_stats` makes it): every
        // basin's L to the divide holds its channel.
        let shape = hexmap_map::MapShape::rectangle(KIND, 200, 150).unwrap();
        let orientation = hexmap_hex::Orientation::Pointy;
        let mut spec = crate::Spec::new(shape, orientation, crate::Preset::Highlands, 9);
        spec.climate.north = 70.0;
        spec.climate.south = 10.0;
        let map = crate::generate(&spec).unwrap();
        let stats = crate::stats::WorldStats::of(&map).rivers;
        assert!(stats.hack_basins.len() > 100, "{}", stats.hack_basins.len());
        let short: Vec<&HackBasin> = stats
            .hack_basins
            .iter()
            .filter(|b| b.to_divide < b.channel)
            .collect();
        assert!(short.is_empty(), "{short:?}");
    }

    #[test]
    fn hacks_fit_is_the_slope_of_the_logarithms() {
        // L = 2 A^0.6 (rounded to whole sides on large areas, so close to 0.6).
        let exact: Vec<(f64, f64)> = [30.0f64, 60.0, 200.0, 1000.0]
            .iter()
            .map(|a| (a.ln(), (2.0 * a.powf(0.6)).ln()))
            .collect();
        assert!((slope(&exact).unwrap() - 0.6).abs() < 1e-9);
        assert_eq!(slope(&exact[..1]), None);
        let fit = HackFit::of([(1000, 126), (10000, 502), (100000, 1998), (5, 0)]).unwrap();
        assert_eq!(fit.basins, 3, "a length of 0 is left out");
        assert!((fit.exponent - 0.6).abs() < 0.01, "{fit:?}");
        assert_eq!(HackFit::of([(40, 3), (40, 5)]), None);
    }

    #[test]
    fn water_that_meets_a_river_is_gathered_by_it_not_led_on_across() {
        // One river along the row 14 line from its source at corner 10 to the west border.
        // The map's own drainage takes the river's upper corners' water (20 hexes, from
        // corner 10 down to corner 5) off north to the row 4 line and down that line to
        // the border; only the lower corners (10 hexes) drain along the river. The river
        // drains all 30; the row 4 line, no river, none of them.
        let (map, water) = flat_map(&[]);
        let south = along_row(&map, 14, 10);
        let north = along_row(&map, 4, 4);
        let mut links = downhill(&south[..=4]);
        links.extend(downhill(&south[5..]));
        links.push((south[5], north[3]));
        links.extend(downhill(&north));
        let mut areas: Vec<(Corner, u32)> = south[..=4].iter().map(|&c| (c, 10)).collect();
        areas.extend(south[5..].iter().map(|&c| (c, 20)));
        areas.extend(north[..=3].iter().map(|&c| (c, 20)));
        let drainage = Drainage::by_hand(&map, water, &links, &areas);
        let river_sides = sides(&south);
        let tree = Tree::of(&map, &drainage.water, river_sides.clone());
        let gathered = gathered_by_rivers(&tree, &drainage);
        let of = |c: Corner| gathered[drainage.index_of(c).unwrap()];
        assert_eq!(of(south[0]), 30);
        assert_eq!(of(south[4]), 30);
        assert_eq!(of(south[5]), 20);
        assert_eq!(
            of(north[0]),
            0,
            "the drainage's way across the river is not taken"
        );
        let stats = crate::networks::RiverStats::of(&map, river_sides, &drainage);
        assert_eq!(stats.networks.len(), 1);
        assert_eq!(
            stats.networks[0].area, 30,
            "the network drains what its river does"
        );
        assert_eq!(
            stats.hack_basins,
            vec![HackBasin {
                area: 30,
                drainage_area: 10,
                channel: 10,
                to_divide: 10
            }]
        );
    }
}
