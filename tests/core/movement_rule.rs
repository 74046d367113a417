//! The movement rule against a reference written here from docs/DESIGN.md §8 (a plain Dijkstra
//! over the rule, read through the map's public accessors only) on random small maps with
//! random terrain, edge features and paths; movement ranges against route costs; and exact
//! undo of random sequences of the edge and path edits; a route search reused from one start
//! (goals jumping about and wandering hex by hex) against fresh A* and the reference.

use hexmap::hex::{
    Direction, Edge, GridSearch, Hex, OffsetKind, Orientation, PathError, PathLimits,
};
use hexmap::map::{
    CellEdit, Clipboard, Cost, Document, EdgeMove, EdgePalette, EdgeTypeId, Edit, FeatureEdit,
    HexMap, MapPath, MapShape, MoveCost, PathEnd, PathId, PathPalette, PathTypeId, TerrainId,
};
use proptest::prelude::*;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// Random map content: terrain per cell, edges, paths, and a cost for the first edge and
/// path types (hundredths).
#[derive(Debug, Clone)]
struct Content {
    terrain: Vec<u8>,
    edges: Vec<(u16, usize, u16)>,
    paths: Vec<(u16, Vec<usize>, u16)>,
    river_cost: u32,
    road_cost: Option<u32>,
}

fn arb_content() -> impl Strategy<Value = Content> {
    (
        prop::collection::vec(0u8..6, 61),
        prop::collection::vec((any::<u16>(), 0usize..6, 1u16..=5), 0..50),
        prop::collection::vec(
            (
                any::<u16>(),
                prop::collection::vec(0usize..6, 1..10),
                1u16..=4,
            ),
            0..6,
        ),
        0u32..=500,
        proptest::option::of(0u32..=300),
    )
        .prop_map(|(terrain, edges, paths, river_cost, road_cost)| Content {
            terrain,
            edges,
            paths,
            river_cost,
            road_cost,
        })
}

/// A radius-4 hexagon (61 cells) with `c` on it.
fn build(c: &Content) -> HexMap {
    build_on(c, MapShape::hexagon(4).unwrap(), Orientation::Flat)
}

/// `c` on the first 61 cells of `shape` (the rest stay empty).
fn build_on(c: &Content, shape: MapShape, orientation: Orientation) -> HexMap {
    let mut map = hexmap::map::testing::map_on(orientation, shape);
    let cells: Vec<Hex> = map.shape().iter().collect();
    for (h, &t) in cells.iter().zip(&c.terrain) {
        // 0 = empty; 1..=5 the standard terrains (sea impassable, costs 1, 2, 2, 3).
        map.set_terrain(*h, TerrainId::new(u16::from(t))).unwrap();
    }
    let mut edge_types = map.edge_palette().types().to_vec();
    edge_types[0].movement = EdgeMove::Extra(Cost::from_hundredths(c.river_cost).unwrap());
    map.set_edge_palette(EdgePalette::new(edge_types).unwrap());
    let mut path_types = map.path_palette().types().to_vec();
    path_types[0].cost = c.road_cost.map(|h| Cost::from_hundredths(h).unwrap());
    map.set_path_palette(PathPalette::new(path_types).unwrap());
    for &(sel, d, kind) in &c.edges {
        let h = cells[usize::from(sel) % cells.len()];
        let _ = map.set_edge(
            Edge::new(h, Direction::from_index(d)),
            EdgeTypeId::new(kind),
        );
    }
    for (sel, steps, kind) in &c.paths {
        let mut hexes = vec![cells[usize::from(*sel) % cells.len()]];
        for &d in steps {
            let next = hexes.last().unwrap().neighbor(Direction::from_index(d));
            if !map.contains(next) {
                break;
            }
            hexes.push(next);
        }
        if hexes.len() >= 2 {
            let id = map.paths().next_id();
            let kind = PathTypeId::new(*kind).unwrap();
            map.insert_path(MapPath {
                id,
                kind,
                hexes,
                gm_only: false,
            })
            .unwrap();
        }
    }
    map
}

/// The rule of docs/DESIGN.md §8 read from the map's data, in hundredths: `None` = no step.
fn reference_step(map: &HexMap, a: Hex, b: Hex) -> Option<u64> {
    if !map.contains(a) || !map.contains(b) || a.distance(b) != 1 {
        return None;
    }
    let edge = Edge::between(a, b).unwrap();
    let feature = map
        .edge(edge)
        .map(|k| map.edge_palette().get(k).unwrap().movement);
    if feature == Some(EdgeMove::Impassable) {
        return None;
    }
    // Any path with a and b consecutive, either way, whose type has a cost.
    let along = map
        .paths()
        .iter()
        .filter(|p| {
            p.hexes
                .windows(2)
                .any(|w| (w[0], w[1]) == (a, b) || (w[0], w[1]) == (b, a))
        })
        .filter_map(|p| map.path_palette().get(p.kind).unwrap().cost)
        .map(|c| u64::from(c.hundredths()))
        .min();
    if along.is_some() {
        return along;
    }
    let entry = match map.terrain(b).map(|t| map.palette().get(t).unwrap().cost) {
        None => 100,
        Some(MoveCost::Cost(n)) => u64::from(n.hundredths()),
        Some(MoveCost::Impassable) => return None,
    };
    let extra = match feature {
        Some(EdgeMove::Extra(c)) => u64::from(c.hundredths()),
        _ => 0,
    };
    Some(entry + extra)
}

/// Plain Dijkstra from `from` over every cell with [`reference_step`].
fn reference_costs(map: &HexMap, from: Hex) -> BTreeMap<Hex, u64> {
    let mut best = BTreeMap::new();
    let mut open = BinaryHeap::new();
    open.push(Reverse((0u64, from)));
    while let Some(Reverse((d, h))) = open.pop() {
        if best.contains_key(&h) {
            continue;
        }
        best.insert(h, d);
        for n in h.neighbors() {
            if let Some(c) = reference_step(map, h, n)
                && !best.contains_key(&n)
            {
                open.push(Reverse((d + c, n)));
            }
        }
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn routes_cost_what_dijkstra_under_the_rule_finds(c in arb_content(), picks in prop::collection::vec((0usize..61, 0usize..61), 4)) {
        let map = build(&c);
        let cells: Vec<Hex> = map.shape().iter().collect();
        for (i, j) in picks {
            let (from, to) = (cells[i], cells[j]);
            for (a, b) in cells.iter().flat_map(|&a| a.neighbors().map(|b| (a, b))) {
                prop_assert_eq!(map.step_cost(a, b).map(u64::from), reference_step(&map, a, b));
            }
            let reference = reference_costs(&map, from);
            match map.route(from, to) {
                Ok(p) => {
                    prop_assert_eq!(Some(&p.cost), reference.get(&to), "{} → {}", from, to);
                    prop_assert_eq!(p.hexes.first(), Some(&from));
                    prop_assert_eq!(p.hexes.last(), Some(&to));
                    let sum: Option<u64> = p.hexes.windows(2).map(|w| reference_step(&map, w[0], w[1])).sum();
                    prop_assert_eq!(sum, Some(p.cost), "the route's own steps add up to its cost");
                }
                Err(_) => prop_assert!(!reference.contains_key(&to), "{} → {} is reachable", from, to),
            }
        }
    }

    #[test]
    fn movement_ranges_hold_exactly_the_cells_within_budget(c in arb_content(), start in 0usize..61, budget in 0u32..800) {
        let map = build(&c);
        let from = map.shape().iter().nth(start).unwrap();
        let reference = reference_costs(&map, from);
        let range = map.reach(from, budget).unwrap();
        let got: BTreeMap<Hex, u64> = range.iter().map(|(h, c)| (h, u64::from(c))).collect();
        let want: BTreeMap<Hex, u64> = reference.into_iter().filter(|&(_, d)| d <= u64::from(budget)).collect();
        prop_assert_eq!(got, want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Rectangles take the searches' fast offset index: routes and ranges
    /// there cost what Dijkstra under the rule finds, in each offset kind.
    #[test]
    fn rectangle_routes_and_ranges_cost_what_dijkstra_finds(
        c in arb_content(),
        kind in 0usize..4,
        picks in prop::collection::vec((0usize..64, 0usize..64), 3),
        budget in 0u32..900,
    ) {
        let kind = OffsetKind::ALL[kind];
        let map = build_on(&c, MapShape::rectangle(kind, 8, 8).unwrap(), kind.orientation());
        let cells: Vec<Hex> = map.shape().iter().collect();
        for (i, j) in picks {
            let (from, to) = (cells[i], cells[j]);
            let reference = reference_costs(&map, from);
            match map.route(from, to) {
                Ok(p) => {
                    prop_assert_eq!(Some(&p.cost), reference.get(&to), "{} → {}", from, to);
                    let sum: Option<u64> = p.hexes.windows(2).map(|w| reference_step(&map, w[0], w[1])).sum();
                    prop_assert_eq!(sum, Some(p.cost), "the route's own steps add up to its cost");
                }
                Err(_) => prop_assert!(!reference.contains_key(&to), "{} → {} is reachable", from, to),
            }
            let range = map.reach(from, budget).unwrap();
            let got: BTreeMap<Hex, u64> = range.iter().map(|(h, c)| (h, u64::from(c))).collect();
            let want: BTreeMap<Hex, u64> = reference.into_iter().filter(|&(_, d)| d <= u64::from(budget)).collect();
            prop_assert_eq!(got, want);
        }
    }
}

/// A goal that wanders hex by hex like a pointer: from cell `first`, one step per direction
/// in `steps` (it may leave the map and come back).
fn wandering_goals(cells: &[Hex], first: usize, steps: &[usize]) -> Vec<Hex> {
    let mut goals = vec![cells[first]];
    for &d in steps {
        let next = goals.last().unwrap().neighbor(Direction::from_index(d));
        goals.push(next);
    }
    goals
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_reused_search_costs_what_fresh_a_star_and_dijkstra_find(
        c in arb_content(),
        start in 0usize..61,
        jumps in prop::collection::vec(0usize..61, 0..8),
        first in 0usize..61,
        steps in prop::collection::vec(0usize..6, 0..20),
    ) {
        let map = build(&c);
        let cells: Vec<Hex> = map.shape().iter().collect();
        let from = cells[start];
        let reference = reference_costs(&map, from);
        let index = |h: Hex| map.shape().index_of(h);
        let step = |a: Hex, b: Hex| map.step_cost(a, b);
        let limits = PathLimits::default();
        let grid = GridSearch::new(from, map.cell_count()).min_step_cost(map.min_step());
        let mut search = grid.reusable();
        let mut goals: Vec<Hex> = jumps.iter().map(|&j| cells[j]).collect();
        goals.extend(wandering_goals(&cells, first, &steps));
        for to in goals {
            let reused = search.route_to(to, &limits, index, step);
            let fresh = grid.route_to(to, &limits, index, |s| step(s.from, s.to));
            match (&reused, &fresh) {
                (Ok(p), Ok(f)) => {
                    prop_assert_eq!(p.cost, f.cost, "{} → {}", from, to);
                    prop_assert_eq!(Some(&p.cost), reference.get(&to), "{} → {}", from, to);
                    prop_assert_eq!(p.hexes.first(), Some(&from));
                    prop_assert_eq!(p.hexes.last(), Some(&to));
                    let sum: Option<u64> = p.hexes.windows(2).map(|w| reference_step(&map, w[0], w[1])).sum();
                    prop_assert_eq!(sum, Some(p.cost), "the route's own steps add up to its cost");
                }
                _ => {
                    prop_assert_eq!(&reused, &fresh, "{} → {}", from, to);
                    prop_assert_eq!(reused, Err(PathError::Unreachable));
                    prop_assert!(!reference.contains_key(&to), "{} → {} is reachable", from, to);
                }
            }
        }
    }
}

/// One random edit of edges or paths, built against the current map so most apply.
fn edit_from(map: &HexMap, (what, a, b, kind): (u8, u16, usize, u16)) -> Edit {
    let cells: Vec<Hex> = map.shape().iter().collect();
    let h = cells[usize::from(a) % cells.len()];
    let ids: Vec<PathId> = map.paths().iter().map(|p| p.id).collect();
    let some_path = ids
        .get(usize::from(a) % ids.len().max(1))
        .copied()
        .unwrap_or(PathId(1));
    let d = Direction::from_index(b);
    match what % 9 {
        0 => Edit::Feature(FeatureEdit::SetEdges {
            edges: (0..3)
                .map(|i| Edge::new(h, Direction::from_index(b + i)))
                .collect(),
            kind: EdgeTypeId::new(kind % 6),
        }),
        1 => Edit::Feature(FeatureEdit::AddPath(MapPath {
            gm_only: false,
            id: map.paths().next_id(),
            kind: PathTypeId::new(kind % 4 + 1).unwrap(),
            hexes: vec![h, h.neighbor(d), h.neighbor(d).neighbor(d)],
        })),
        2 => Edit::Feature(FeatureEdit::DeletePath(some_path)),
        3 => {
            let end = map.path(some_path).map_or(h, |p| *p.hexes.last().unwrap());
            Edit::Feature(FeatureEdit::ExtendPath {
                id: some_path,
                end: PathEnd::End,
                hexes: vec![end.neighbor(d)],
            })
        }
        4 => {
            let start = map.path(some_path).map_or(h, |p| p.hexes[0]);
            Edit::Feature(FeatureEdit::ExtendPath {
                id: some_path,
                end: PathEnd::Start,
                hexes: vec![start.neighbor(d)],
            })
        }
        5 => Edit::Feature(FeatureEdit::SplitPath {
            id: some_path,
            at: b % 4,
        }),
        6 => Edit::Feature(FeatureEdit::SetPathType {
            id: some_path,
            kind: PathTypeId::new(kind % 5 + 1).unwrap(),
        }),
        7 => {
            let mut types = map.edge_palette().types().to_vec();
            if !types.is_empty() {
                types.remove(usize::from(kind) % types.len());
            }
            Edit::Feature(FeatureEdit::SetEdgePalette(
                EdgePalette::new(types).unwrap(),
            ))
        }
        _ => {
            let region: Vec<Hex> = hexmap::hex::range(h, 1).collect();
            let clip = Clipboard::copy(map, region, h).rotated(b as i32);
            Edit::Cell(CellEdit::Paste {
                clipboard: clip,
                anchor: cells[usize::from(kind) % cells.len()],
            })
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn undo_and_redo_of_edge_and_path_edits_are_exact(c in arb_content(), edits in prop::collection::vec((any::<u8>(), any::<u16>(), 0usize..6, any::<u16>()), 1..25)) {
        let mut doc = Document::new(build(&c));
        let mut states = vec![doc.map().clone()];
        for e in edits {
            let edit = edit_from(doc.map(), e);
            let before = doc.map().clone();
            match doc.apply(&edit) {
                Ok(_) if doc.map() != &before => states.push(doc.map().clone()),
                Ok(_) => {}
                Err(_) => prop_assert_eq!(doc.map(), &before, "a refused edit changed the map"),
            }
        }
        let done = states.len() - 1;
        for want in states.iter().rev().skip(1) {
            prop_assert!(doc.undo().is_some());
            prop_assert_eq!(doc.map(), want);
        }
        prop_assert!(!doc.can_undo(), "{} edits left more undo steps", done);
        for want in states.iter().skip(1) {
            prop_assert!(doc.redo().is_some());
            prop_assert_eq!(doc.map(), want);
        }
    }
}
