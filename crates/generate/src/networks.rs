//! River networks measured as hydrologists measure them. The river sides of a map are
//! joined at their corners into networks (a lake joins the rivers that meet it, as one
//! link); each network drains to one outlet (its corner
//! that touches water or the border, else its lowest), and every side is directed toward
//! it. Then:
//!
//! - **Strahler order** of each side: a side with no river above it is order 1; below a
//!   confluence the order is the larger of the orders that meet, plus one when the two
//!   largest are equal.
//! - A **stream** of order k is a longest run of sides of order k.
//! - The **bifurcation ratio** Rb is the mean of N(k) / N(k+1) over consecutive orders
//!   (N: streams of an order, over the whole map); the **length ratio** the mean of
//!   L(k+1) / L(k) (L: mean stream length, in sides).
//! - The **basin bifurcation ratio** is the bifurcation ratio as hydrologists take it
//!   from a drainage basin (Horton 1945, "Erosional development of streams and their
//!   drainage basins", GSA Bulletin 56, law of stream numbers; Strahler 1957, "Quantitative
//!   analysis of watershed geomorphology", Trans. AGU 38, Rb = N(u)/N(u+1) of a basin):
//!   the streams of every basin of order [`BASIN_MIN_ORDER`] or more are counted by order,
//!   and the ratios of consecutive orders are averaged weighted by the streams in each
//!   pair, N(u) + N(u+1) — Schumm's weighted mean bifurcation ratio (1956, "Evolution of
//!   drainage systems and slopes in badlands at Perth Amboy, New Jersey", GSA Bulletin
//!   67). A lone coastal stream or a network of order 2 gives no ratio of a basin and is
//!   not counted; the pooled ratio above counts it.
//! - **Hack's exponent** h fits L ∝ A^h by least squares on logarithms, over the basins
//!   closed by every outlet and every confluence whose drained area A (the rain that
//!   reaches the river there, [`super::hack::gathered_by_rivers`]) is at least
//!   [`HACK_MIN_AREA`] hexes; L is the longest river above that
//!   corner up to the drainage divide, in sides, as Hack measured it ([`super::hack`]);
//!   the fit with L the laid channel alone is kept beside it.

use super::corners::Corner;
use super::drainage::Drainage;
use super::rivers::corner_height;
use hexmap_hex::Edge;
use hexmap_map::HexMap;
use std::collections::VecDeque;

/// The lowest Strahler order of a basin whose streams the basin bifurcation ratio counts
/// ([`RiverStats::basin_bifurcation_ratio`]): the first order with two ratios to give.
pub const BASIN_MIN_ORDER: u8 = 3;

pub use super::hack::{HACK_MIN_AREA, HackBasin, HackFit};

/// River sides joined at their corners and directed toward each network's outlet.
#[derive(Clone, Debug)]
pub struct Tree {
    /// The corners of the river sides, sorted.
    pub corners: Vec<Corner>,
    /// The corner downstream of each (`None` at an outlet).
    pub down: Vec<Option<u32>>,
    /// The corners upstream of each.
    pub up: Vec<Vec<u32>>,
    /// The outlets, one per network, in the order of their networks' first corners.
    pub outlets: Vec<u32>,
    /// True where the link down from a corner crosses a lake (no river side: it is not
    /// counted in lengths).
    pub across_lake: Vec<bool>,
    /// Corners from the outlets upward (a corner always after the one below it).
    order_from_outlets: Vec<u32>,
}

impl Tree {
    /// The networks of `sides` on `map` whose `water` (per cell, index order) is given.
    /// A network with a loop keeps the sides of a breadth-first tree from its outlet (the
    /// others are not counted).
    pub fn of(map: &HexMap, water: &[bool], sides: impl IntoIterator<Item = Edge>) -> Tree {
        let lakes = super::drainage::lake_ids(map, water);
        Tree::of_with_lakes(map, water, &lakes, sides)
    }

    /// [`Tree::of`] with the lake of each cell given (`drainage::lake_ids`), for a caller
    /// that builds several trees of one map.
    pub fn of_with_lakes(
        map: &HexMap,
        water: &[bool],
        lakes: &[u32],
        sides: impl IntoIterator<Item = Edge>,
    ) -> Tree {
        let sides: Vec<Edge> = sides.into_iter().collect();
        hexmap_map::steps::block_on(Tree::of_in_steps(
            map,
            water,
            lakes,
            sides,
            &mut super::pacer(),
        ))
    }

    /// [`Tree::of_with_lakes`], pausing on `pacer` as it goes (a corner or a side a unit):
    /// the river joins build a tree of a big world's rivers several times.
    pub(crate) async fn of_in_steps(
        map: &HexMap,
        water: &[bool],
        lakes: &[u32],
        sides: Vec<Edge>,
        pacer: &mut hexmap_map::steps::Pacer,
    ) -> Tree {
        let sides: Vec<[Corner; 2]> = sides.into_iter().map(Corner::ends_of).collect();
        let mut corners: Vec<Corner> = sides.iter().flatten().copied().collect();
        pacer.tick(corners.len() as u64).await;
        corners.sort_unstable();
        corners.dedup();
        pacer.tick(corners.len() as u64 * 2).await;
        let find = |c: Corner| corners.binary_search(&c).expect("listed") as u32;
        // Each link: the corner it leads to, and whether it crosses a lake.
        let mut links: Vec<Vec<(u32, bool)>> = vec![Vec::new(); corners.len()];
        for [a, b] in &sides {
            pacer.tick(1).await;
            let (a, b) = (find(*a), find(*b));
            links[a as usize].push((b, false));
            links[b as usize].push((a, false));
        }
        // A lake joins the rivers that run into it and the one that leaves it: each of its
        // river corners is linked to its first, unless they are joined already (a link
        // never closes a loop, so no river side is left out for one).
        let mut group: Vec<u32> = (0..corners.len() as u32).collect();
        fn root(group: &mut [u32], mut i: u32) -> u32 {
            while group[i as usize] != i {
                group[i as usize] = group[group[i as usize] as usize];
                i = group[i as usize];
            }
            i
        }
        for [a, b] in &sides {
            pacer.tick(1).await;
            let (a, b) = (root(&mut group, find(*a)), root(&mut group, find(*b)));
            group[a as usize] = b;
        }
        let mut first_on_lake: std::collections::BTreeMap<u32, u32> = Default::default();
        for (i, c) in corners.iter().enumerate() {
            pacer.tick(1).await;
            let on = c.hexes().into_iter().find_map(|h| {
                let id = lakes[map.shape().index_of(h)?];
                (id != super::drainage::NO_LAKE).then_some(id)
            });
            if let Some(id) = on {
                let first = *first_on_lake.entry(id).or_insert(i as u32);
                let (x, y) = (root(&mut group, first), root(&mut group, i as u32));
                if x != y {
                    group[x as usize] = y;
                    links[first as usize].push((i as u32, true));
                    links[i].push((first, true));
                }
            }
        }
        let is_water = |h| {
            map.shape()
                .index_of(h)
                .is_some_and(|i| water[i] && lakes[i] == super::drainage::NO_LAKE)
        };
        // Outlets first: a corner at the sea or the border, then the lowest, then the first.
        let outlet_rank = |i: usize| {
            let c = corners[i];
            let (height, cells) = corner_height(map, c);
            let open = cells < 3 || c.hexes().into_iter().any(is_water);
            (!open, height, c)
        };
        let mut down = vec![None; corners.len()];
        let mut up = vec![Vec::new(); corners.len()];
        let mut seen = vec![false; corners.len()];
        let mut in_tree = vec![false; corners.len()];
        let mut across_lake = vec![false; corners.len()];
        let mut outlets = Vec::new();
        let mut order_from_outlets = Vec::with_capacity(corners.len());
        for first in 0..corners.len() {
            if seen[first] {
                continue;
            }
            let component = reach(&links, first, &mut seen);
            pacer.tick(component.len() as u64 * 2).await;
            let outlet = *component
                .iter()
                .min_by_key(|&&i| outlet_rank(i as usize))
                .expect("a network has a corner");
            outlets.push(outlet);
            let mut queue = VecDeque::from([outlet]);
            in_tree[outlet as usize] = true;
            while let Some(at) = queue.pop_front() {
                order_from_outlets.push(at);
                for &(n, lake) in &links[at as usize] {
                    if !in_tree[n as usize] {
                        in_tree[n as usize] = true;
                        across_lake[n as usize] = lake;
                        down[n as usize] = Some(at);
                        up[at as usize].push(n);
                        queue.push_back(n);
                    }
                }
            }
        }
        Tree {
            corners,
            down,
            up,
            outlets,
            across_lake,
            order_from_outlets,
        }
    }

    /// The Strahler order of each corner: of the side below it (at an outlet, of the
    /// network).
    pub fn strahler(&self) -> Vec<u8> {
        let mut order = vec![1u8; self.corners.len()];
        for &c in self.order_from_outlets.iter().rev() {
            let incoming: Vec<u8> = self.up[c as usize]
                .iter()
                .map(|&u| order[u as usize])
                .collect();
            if let Some(&top) = incoming.iter().max() {
                let ties = incoming.iter().filter(|&&o| o == top).count();
                order[c as usize] = if ties >= 2 {
                    top.saturating_add(1)
                } else {
                    top
                };
            }
        }
        order
    }

    /// The longest river above each corner, in sides, starting from `start` (per corner:
    /// what lies above it besides the rivers, such as a source's unchannelled head; zeros
    /// for the channels alone).
    pub fn longest_above(&self, start: &[u32]) -> Vec<u32> {
        let mut length = start.to_vec();
        for &c in self.order_from_outlets.iter().rev() {
            let above = self.up[c as usize]
                .iter()
                .map(|&u| length[u as usize] + u32::from(!self.across_lake[u as usize]))
                .max()
                .unwrap_or(0);
            length[c as usize] = length[c as usize].max(above);
        }
        length
    }

    /// The longest path of water above each corner, in sides, from `start` (per corner:
    /// what lies above it besides the rivers, such as a source's unchannelled head). A
    /// river that runs into a lake is carried across it to the corner where the lake's
    /// links end (where the lake is left), `crossing(from, to)` sides (corner indices);
    /// at a corner where a lake's links meet, the rivers running into the lake there are
    /// measured across to it too.
    pub fn longest_flow_path(&self, start: &[u32], crossing: impl Fn(u32, u32) -> u32) -> Vec<u32> {
        // Where the lake links below each corner end: links across one lake can follow
        // one another (all on that lake), and the water leaves the lake at the last.
        let mut lake_left_at: Vec<u32> = (0..self.corners.len() as u32).collect();
        for &c in &self.order_from_outlets {
            if let Some(d) = self.down[c as usize].filter(|_| self.across_lake[c as usize]) {
                lake_left_at[c as usize] = if self.across_lake[d as usize] {
                    lake_left_at[d as usize]
                } else {
                    d
                };
            }
        }
        // The longest path arriving at each corner, carried on downstream: a lake's
        // rivers are carried across it to where it is left.
        let mut carried = start.to_vec();
        // The longest path measured to each corner itself (where a lake's links meet,
        // also those of the rivers that run into the lake there).
        let mut at = vec![0u32; self.corners.len()];
        for &c in self.order_from_outlets.iter().rev() {
            let c = c as usize;
            at[c] = at[c].max(carried[c]);
            let Some(d) = self.down[c].map(|d| d as usize) else {
                continue;
            };
            if self.across_lake[c] {
                let left = lake_left_at[c] as usize;
                let across = carried[c] + crossing(c as u32, left as u32);
                carried[left] = carried[left].max(across);
                at[d] = at[d].max(at[c] + crossing(c as u32, d as u32));
            } else {
                carried[d] = carried[d].max(carried[c] + 1);
            }
        }
        at
    }

    /// The first corner of every stream (a corner with a side below it and no side of
    /// its own order above it), in corner order.
    fn stream_heads<'a>(&'a self, strahler: &'a [u8]) -> impl Iterator<Item = usize> + 'a {
        (0..self.corners.len()).filter(move |&start| {
            let order = strahler[start];
            let continues = self.up[start]
                .iter()
                .any(|&u| strahler[u as usize] == order);
            self.down[start].is_some() && !continues
        })
    }

    /// Every stream: its order and its length in sides, sources first.
    pub fn streams(&self, strahler: &[u8]) -> Vec<Stream> {
        let mut out = Vec::new();
        for start in self.stream_heads(strahler) {
            let order = strahler[start];
            let mut sides = 0;
            let mut at = start;
            while let Some(next) = self.down[at] {
                if strahler[at] != order {
                    break;
                }
                sides += u32::from(!self.across_lake[at]);
                at = next as usize;
            }
            out.push(Stream { order, sides });
        }
        out
    }
}

/// The corners linked to `first` (marking them `seen`).
fn reach(links: &[Vec<(u32, bool)>], first: usize, seen: &mut [bool]) -> Vec<u32> {
    let mut out = vec![first as u32];
    seen[first] = true;
    let mut i = 0;
    while let Some(&at) = out.get(i) {
        i += 1;
        for &(n, _) in &links[at as usize] {
            if !seen[n as usize] {
                seen[n as usize] = true;
                out.push(n);
            }
        }
    }
    out
}

/// A stream: a longest run of river sides of one Strahler order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stream {
    /// Its Strahler order.
    pub order: u8,
    /// Its length in sides.
    pub sides: u32,
}

/// One network's outline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Network {
    /// The Strahler order at its outlet.
    pub order: u8,
    /// Its river sides.
    pub sides: usize,
    /// The hexes it drains: all whose rain reaches its rivers
    /// ([`super::hack::gathered_by_rivers`] at its outlet).
    pub area: u32,
    /// Its longest river, in sides.
    pub main_length: u32,
}

/// Streams of one order over the whole map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrderCount {
    /// The Strahler order.
    pub order: u8,
    /// How many streams have it.
    pub streams: usize,
    /// Their mean length in sides.
    pub mean_sides: f64,
}

/// A map's river networks in numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct RiverStats {
    /// Every network, largest order first.
    pub networks: Vec<Network>,
    /// Streams per order, order 1 first.
    pub orders: Vec<OrderCount>,
    /// Every stream.
    pub streams: Vec<Stream>,
    /// The bifurcation ratio (`None` with fewer than two orders).
    pub bifurcation_ratio: Option<f64>,
    /// The bifurcation ratio of the basins of order [`BASIN_MIN_ORDER`] or more, by
    /// Schumm's weighted mean (`None` without such a basin): see the module's notes.
    pub basin_bifurcation_ratio: Option<f64>,
    /// The length ratio (`None` with fewer than two orders).
    pub length_ratio: Option<f64>,
    /// Hack's exponent, L measured to the drainage divide (`None` with fewer than two
    /// basins of distinct area to fit).
    pub hack: Option<HackFit>,
    /// Hack's exponent with L the laid channel alone, without the unchannelled heads.
    pub hack_channel: Option<HackFit>,
    /// The basins the fits are made on (outlets and confluences of at least
    /// [`HACK_MIN_AREA`] hexes by either area; each fit keeps those its area admits), for
    /// a fit pooled over many maps.
    pub hack_basins: Vec<HackBasin>,
    /// How far rivers run side by side without joining.
    pub side_by_side: super::side_by_side::SideBySide,
}

impl RiverStats {
    /// The numbers of `sides` on `map`, with basin areas and water from `drainage`.
    pub fn of(map: &HexMap, sides: impl IntoIterator<Item = Edge>, drainage: &Drainage) -> Self {
        let lakes = super::drainage::lake_ids(map, &drainage.water);
        let tree = Tree::of_with_lakes(map, &drainage.water, &lakes, sides);
        let strahler = tree.strahler();
        let longest = tree.longest_above(&vec![0; tree.corners.len()]);
        let gathered = super::hack::gathered_by_rivers(&tree, drainage);
        let area_at = |c: usize| {
            drainage
                .index_of(tree.corners[c])
                .map_or(0, |i| gathered[i])
        };
        let roots = tree.roots();
        let mut size = vec![0usize; tree.corners.len()];
        for (c, &root) in roots.iter().enumerate() {
            if tree.down[c].is_some() && !tree.across_lake[c] {
                size[root as usize] += 1;
            }
        }
        let mut networks: Vec<Network> = tree
            .outlets
            .iter()
            .map(|&o| Network {
                order: strahler[o as usize],
                sides: size[o as usize],
                area: area_at(o as usize),
                main_length: longest[o as usize],
            })
            .collect();
        networks.sort_by(|a, b| b.order.cmp(&a.order).then(b.sides.cmp(&a.sides)));
        let streams = tree.streams(&strahler);
        let top = streams.iter().map(|s| s.order).max().unwrap_or(0);
        let orders: Vec<OrderCount> = (1..=top)
            .map(|order| {
                let of: Vec<&Stream> = streams.iter().filter(|s| s.order == order).collect();
                let total: u32 = of.iter().map(|s| s.sides).sum();
                OrderCount {
                    order,
                    streams: of.len(),
                    mean_sides: f64::from(total) / of.len().max(1) as f64,
                }
            })
            .collect();
        let ratio = |f: &dyn Fn(&OrderCount, &OrderCount) -> f64| {
            let pairs: Vec<f64> = orders
                .windows(2)
                .filter(|w| w[0].streams > 0 && w[1].streams > 0)
                .map(|w| f(&w[0], &w[1]))
                .collect();
            (!pairs.is_empty()).then(|| pairs.iter().sum::<f64>() / pairs.len() as f64)
        };
        let bifurcation_ratio = ratio(&|a, b| a.streams as f64 / b.streams as f64);
        let length_ratio = ratio(&|a, b| b.mean_sides / a.mean_sides);
        let mut in_basins = vec![0usize; usize::from(top) + 1];
        for head in tree.stream_heads(&strahler) {
            if strahler[roots[head] as usize] >= BASIN_MIN_ORDER {
                in_basins[usize::from(strahler[head])] += 1;
            }
        }
        let basin_bifurcation_ratio = weighted_bifurcation_ratio(&in_basins[1..]);
        let hack_basins = super::hack::basins(map, &tree, (drainage, &lakes), &gathered, &longest);
        RiverStats {
            networks,
            orders,
            streams,
            bifurcation_ratio,
            basin_bifurcation_ratio,
            length_ratio,
            hack: HackFit::to_divide(&hack_basins),
            hack_channel: HackFit::channel(&hack_basins),
            hack_basins,
            side_by_side: super::side_by_side::side_by_side(&tree),
        }
    }
}

impl Tree {
    /// The outlet of each corner's network.
    fn roots(&self) -> Vec<u32> {
        let mut root: Vec<u32> = (0..self.corners.len() as u32).collect();
        for &c in &self.order_from_outlets {
            if let Some(d) = self.down[c as usize] {
                root[c as usize] = root[d as usize];
            }
        }
        root
    }
}

/// Schumm's weighted mean bifurcation ratio of the stream counts `n` (order 1 first): the
/// ratios N(u)/N(u+1) averaged with weights N(u) + N(u+1), over the pairs with streams of
/// both orders; `None` without such a pair.
pub fn weighted_bifurcation_ratio(n: &[usize]) -> Option<f64> {
    let pairs = n.windows(2).filter(|w| w[0] > 0 && w[1] > 0);
    let (sum, weight) = pairs.fold((0.0, 0.0), |(sum, weight), w| {
        let pair = (w[0] + w[1]) as f64;
        (sum + w[0] as f64 / w[1] as f64 * pair, weight + pair)
    });
    (weight > 0.0).then(|| sum / weight)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::OffsetKind;

    /// A flat 30 × 30 rectangle: no water, so each network's outlet is its border corner
    /// or, inside, its smallest corner.
    fn flat() -> HexMap {
        hexmap_map::testing::rectangle_map(OffsetKind::OddR, 30, 30)
    }

    /// The sides of a line of `n` sides from `from`, each step to the first
    /// neighbouring corner not yet visited.
    fn line(from: Corner, n: usize) -> Vec<Edge> {
        let mut visited = vec![from];
        let mut sides = Vec::new();
        for _ in 0..n {
            let at = *visited.last().unwrap();
            let (next, side) = at
                .neighbours()
                .into_iter()
                .find(|(c, _)| !visited.contains(c))
                .unwrap();
            visited.push(next);
            sides.push(side);
        }
        sides
    }

    #[test]
    fn a_single_line_is_one_stream_of_order_one() {
        let map = flat();
        let start = Corner::of(hexmap_map::testing::at(OffsetKind::OddR, 10, 10), 0);
        let stats = RiverStats::of(&map, line(start, 4), &Drainage::of(&map));
        assert_eq!(stats.streams, vec![Stream { order: 1, sides: 4 }]);
        assert_eq!(stats.networks.len(), 1);
        assert_eq!(stats.bifurcation_ratio, None);
    }

    /// A flat map and a corner C inside it whose third neighbour (the outlet of the
    /// tests' trees) is the lowest corner: its three hexes lie at 50, the rest at 100.
    fn around_a_corner() -> (HexMap, Corner) {
        let mut map = flat();
        let c = Corner::of(hexmap_map::testing::at(OffsetKind::OddR, 15, 15), 1);
        let outlet = c.neighbours()[2].0;
        let values = map
            .shape()
            .iter()
            .map(|h| if outlet.hexes().contains(&h) { 50 } else { 100 })
            .collect();
        map.set_elevation_layer(Some(hexmap_map::ElevationLayer::from_values(values)))
            .unwrap();
        (map, c)
    }

    #[test]
    fn strahler_orders_of_a_hand_made_tree() {
        // A corner C with its three neighbours a, b and t. Two sources run into a and two
        // into b (order 1, one side each), a and b run into C (order 2 each: two equal
        // orders meet), and C runs into t, the outlet (order 3).
        //
        //   s1 ─┐
        //       a ─┐
        //   s2 ─┘  │
        //          C ── t (outlet)
        //   s3 ─┐  │
        //       b ─┘
        //   s4 ─┘
        let (map, c) = around_a_corner();
        let [(a, ca), (b, cb), (t, ct)] = c.neighbours();
        let mut sides = vec![ca, cb, ct];
        for (fork, back) in [(a, c), (b, c)] {
            for (n, side) in fork.neighbours() {
                if n != back {
                    sides.push(side);
                }
            }
        }
        let tree = Tree::of(&map, &crate::water_cells(&map), sides.clone());
        assert_eq!(tree.outlets.len(), 1);
        assert_eq!(tree.corners[tree.outlets[0] as usize], t);
        let order = tree.strahler();
        let of = |x: Corner| order[tree.corners.binary_search(&x).unwrap()];
        assert_eq!((of(a), of(b), of(c), of(t)), (2, 2, 3, 3));
        let streams = tree.streams(&order);
        let counts: Vec<usize> = (1..=3)
            .map(|k| streams.iter().filter(|s| s.order == k).count())
            .collect();
        assert_eq!(counts, vec![4, 2, 1], "{streams:?}");
        assert!(streams.iter().all(|s| s.sides == 1));
        let stats = RiverStats::of(&map, sides, &Drainage::of(&map));
        assert_eq!(stats.bifurcation_ratio, Some((4.0 / 2.0 + 2.0 / 1.0) / 2.0));
        assert_eq!(stats.length_ratio, Some(1.0));
        assert_eq!(stats.networks[0].order, 3);
        assert_eq!(stats.networks[0].sides, 7);
        assert_eq!(stats.networks[0].main_length, 3);
    }

    #[test]
    fn the_basin_ratio_counts_only_basins_of_order_three_or_more() {
        // The hand-made order-3 tree (streams 4, 2, 1) and, far from it, a lone stream of
        // one order and a network of order 2: the pooled ratio counts them, the basins'
        // ratio does not.
        let (map, c) = around_a_corner();
        let [(a, ca), (b, cb), (_, ct)] = c.neighbours();
        let mut tree_sides = vec![ca, cb, ct];
        for (fork, back) in [(a, c), (b, c)] {
            tree_sides.extend(
                fork.neighbours()
                    .into_iter()
                    .filter(|&(n, _)| n != back)
                    .map(|(_, e)| e),
            );
        }
        let at = |col, row| hexmap_map::testing::at(OffsetKind::OddR, col, row);
        let lone = line(Corner::of(at(3, 3), 0), 3);
        let fork = Corner::of(at(4, 24), 1);
        let two: Vec<Edge> = fork.neighbours().into_iter().map(|(_, e)| e).collect();
        let drainage = Drainage::of(&map);
        let alone = RiverStats::of(&map, tree_sides.clone(), &drainage);
        let all = RiverStats::of(&map, [tree_sides, lone, two].concat(), &drainage);
        let counts: Vec<usize> = all.orders.iter().map(|o| o.streams).collect();
        assert_eq!(counts, vec![7, 3, 1], "{:?}", all.streams);
        assert_eq!(all.bifurcation_ratio, Some((7.0 / 3.0 + 3.0) / 2.0));
        // Within the order-3 basin: 4/2 weighted by 6 and 2/1 weighted by 3.
        let basin = Some((2.0 * 6.0 + 2.0 * 3.0) / 9.0);
        assert_eq!(alone.basin_bifurcation_ratio, basin);
        assert_eq!(all.basin_bifurcation_ratio, basin);
        // Only order-2 and order-1 networks: no basin to take a ratio of.
        let small = Drainage::of(&map);
        let none = RiverStats::of(&map, line(Corner::of(at(3, 3), 0), 3), &small);
        assert_eq!(none.basin_bifurcation_ratio, None);
    }

    #[test]
    fn schumms_weighted_mean_weighs_each_ratio_by_its_streams() {
        // 40/10 weighted by 50, 10/2 by 12, 2/1 by 3.
        let rb = weighted_bifurcation_ratio(&[40, 10, 2, 1]).unwrap();
        assert!((rb - (4.0 * 50.0 + 5.0 * 12.0 + 2.0 * 3.0) / 65.0).abs() < 1e-12);
        assert_eq!(weighted_bifurcation_ratio(&[5]), None);
        assert_eq!(weighted_bifurcation_ratio(&[]), None);
    }

    #[test]
    fn an_order_one_river_joining_an_order_two_keeps_its_order() {
        // A trunk of order 2 (two sources meeting) that a third source joins lower down:
        // the join is of unequal orders, so the trunk stays order 2 and is one stream.
        let (map, c) = around_a_corner();
        let [(a, ca), (s3, cs3), (_, ct)] = c.neighbours();
        let mut sides = vec![ca, cs3, ct];
        sides.extend(
            a.neighbours()
                .into_iter()
                .filter(|&(n, _)| n != c)
                .map(|(_, e)| e),
        );
        let tree = Tree::of(&map, &crate::water_cells(&map), sides);
        let order = tree.strahler();
        let of = |x: Corner| order[tree.corners.binary_search(&x).unwrap()];
        assert_eq!((of(s3), of(a), of(c)), (1, 2, 2));
        let mut streams = tree.streams(&order);
        streams.sort_by_key(|s| (s.order, s.sides));
        assert_eq!(
            streams,
            vec![
                Stream { order: 1, sides: 1 },
                Stream { order: 1, sides: 1 },
                Stream { order: 1, sides: 1 },
                Stream { order: 2, sides: 2 },
            ]
        );
    }
}
