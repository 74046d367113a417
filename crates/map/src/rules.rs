//! The game rules a map implies, as methods of [`HexMap`]: what a step between two hexes
//! costs (paths and movement ranges) and what blocks sight (field of view). The editor's
//! overlays and the `route` and `reach` commands ask the map, so they always agree.
//!
//! Every movement cost here is in hundredths of a point (the unit of [`Cost`]), one unit
//! for terrain entries, steps and the A* bound alike
//! ([`MoveCost::hundredths`](crate::MoveCost::hundredths)).
//!
//! The movement rule (docs/DESIGN.md §8): a step A→B between
//! neighbours is impossible if the edge A|B has an impassable feature; else if A→B runs
//! along a path (two consecutive hexes of it, either way) whose type has a cost, it costs
//! the lowest such cost; else B's terrain entry cost (empty cell 1, impassable terrain: no
//! step) plus the extra cost of the feature on A|B.

use super::HexMap;
use super::cost::Cost;
use super::features::EdgeMove;
use super::palette::Terrain;
use hexmap_hex::{Edge, Hex};

impl HexMap {
    /// The terrain of the cell at `h`, if it is a cell and has one.
    fn terrain_at(&self, h: Hex) -> Option<&Terrain> {
        self.terrain(h).and_then(|t| self.palette().get(t))
    }

    /// What entering `h` costs, in hundredths of a point: its terrain's cost
    /// ([`MoveCost::hundredths`](crate::MoveCost::hundredths)), one point for an empty cell; `None`
    /// for impassable terrain and for hexes that are not cells of the map.
    pub fn entry_cost(&self, h: Hex) -> Option<u32> {
        // One index lookup: path searches call this for every hex they reach.
        self.entry_cost_at(self.shape().index_of(h)?)
    }

    /// [`HexMap::entry_cost`] of the cell with dense index `i`.
    fn entry_cost_at(&self, i: usize) -> Option<u32> {
        match self
            .terrain_layer()
            .get(i)
            .and_then(|t| self.palette().get(t))
        {
            None => Some(Cost::SCALE),
            Some(t) => t.cost.hundredths(),
        }
    }

    /// True when the terrain at `h` blocks line of sight; empty cells and hexes off the map
    /// do not.
    pub fn blocks_sight(&self, h: Hex) -> bool {
        self.terrain_at(h).is_some_and(|t| t.blocks_sight)
    }

    /// The cost in hundredths of a point of the step from `from` to its neighbour `to`
    /// under the movement rule (module doc); `None` when the step is impossible, `to` is
    /// not a cell, or the two are not neighbours. Sums saturate at `u32::MAX`, far beyond
    /// any real cost.
    pub fn step_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        let i = self.shape().index_of(to)?;
        let edge = Edge::between(from, to)?;
        self.side_rule(edge).cost(|| self.entry_cost_at(i))
    }

    /// What the feature on `edge` and the paths across it make of a step across it.
    pub(crate) fn side_rule(&self, edge: Edge) -> SideRule {
        SideRule {
            edge: self.edge_move(edge),
            path: self.path_cost_along(edge),
        }
    }

    /// How the feature on `edge` (if any, and of a known type) affects movement.
    pub(crate) fn edge_move(&self, edge: Edge) -> Option<EdgeMove> {
        if self.edges.is_empty() {
            return None;
        }
        self.edge_palette
            .get(self.edges.get(edge)?)
            .map(|t| t.movement)
    }

    /// The lowest cost of the paths with a step across `edge`, among path types that have
    /// a cost.
    pub(crate) fn path_cost_along(&self, edge: Edge) -> Option<Cost> {
        if self.paths.is_empty() {
            return None;
        }
        self.paths
            .along(edge)
            .iter()
            .filter_map(|id| self.path_palette.get(self.paths.get(*id)?.kind)?.cost)
            .min()
    }

    /// A lower bound, in hundredths, on every possible step's cost: the cheapest entry
    /// any passable cell can have (the palette's cheapest terrain, or an empty cell's one
    /// point) or the cheapest cost of a path type some path uses, whichever is lower. A*
    /// multiplies it by the distance for its heuristic, which then never overestimates.
    pub fn min_step(&self) -> u32 {
        let terrain = self
            .palette()
            .terrains()
            .iter()
            .filter_map(|t| t.cost.hundredths())
            .chain(std::iter::once(Cost::SCALE))
            .min()
            .unwrap_or(Cost::SCALE);
        self.paths
            .iter()
            .filter_map(|p| self.path_palette.get(p.kind)?.cost)
            .map(Cost::hundredths)
            .chain(std::iter::once(terrain))
            .min()
            .unwrap_or(terrain)
    }

    /// True when the feature on `edge` blocks line of sight.
    pub fn edge_blocks_sight(&self, edge: Edge) -> bool {
        self.edges
            .get(edge)
            .and_then(|k| self.edge_palette.get(k))
            .is_some_and(|t| t.blocks_sight)
    }

    /// True when sight between the neighbours `a` and `b` is blocked by the feature on
    /// their edge (false for non-neighbours): the edge test of `hex::field_of_view_across`.
    pub fn sight_blocked_between(&self, a: Hex, b: Hex) -> bool {
        !self.edges.is_empty() && Edge::between(a, b).is_some_and(|e| self.edge_blocks_sight(e))
    }
}

/// The part of the movement rule (module doc) that belongs to one side of a cell: the
/// feature on it and the cheapest path across it. [`HexMap::step_cost`] applies it to the
/// entered cell's terrain; the movement range keeps it for the sides near its start
/// (`step_rule`), so both price a step by this one formula.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SideRule {
    /// How the feature on the side affects movement (`None`: no feature).
    pub(crate) edge: Option<EdgeMove>,
    /// The cheapest path type with a cost stepping across the side.
    pub(crate) path: Option<Cost>,
}

impl SideRule {
    /// The cost of a step across this side into a cell whose terrain entry costs
    /// `entry()`: none across an impassable feature; else the path's cost; else the entry
    /// plus the feature's extra cost.
    #[inline]
    pub(crate) fn cost(self, entry: impl FnOnce() -> Option<u32>) -> Option<u32> {
        match (self.edge, self.path) {
            (Some(EdgeMove::Impassable), _) => None,
            (_, Some(path)) => Some(path.hundredths()),
            (Some(EdgeMove::Extra(extra)), None) => {
                Some(entry()?.saturating_add(extra.hundredths()))
            }
            (None, None) => entry(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::TestMap;
    use crate::{HexMap, MoveCost, Palette, TerrainId};
    use hexmap_hex::{Hex, Orientation};

    fn map_with(palette: Palette) -> HexMap {
        TestMap::hexagon(2, Orientation::Pointy)
            .named("rules")
            .palette(palette)
            .build()
    }

    #[test]
    fn entry_cost_follows_terrain_and_the_map_edge() {
        let mut m = map_with(Palette::standard());
        let by_cost = |m: &HexMap, c: MoveCost| {
            m.palette()
                .terrains()
                .iter()
                .find(|t| t.cost == c)
                .unwrap()
                .id
        };
        let sea = by_cost(&m, MoveCost::Impassable);
        let mountains = by_cost(&m, MoveCost::whole(3));
        m.set_terrain(Hex::new(1, 0), Some(sea)).unwrap();
        m.set_terrain(Hex::new(0, 1), Some(mountains)).unwrap();
        assert_eq!(m.entry_cost(Hex::ORIGIN), Some(100), "empty cell");
        assert_eq!(m.entry_cost(Hex::new(1, 0)), None, "impassable");
        assert_eq!(m.entry_cost(Hex::new(0, 1)), Some(300));
        assert_eq!(m.entry_cost(Hex::new(5, 0)), None, "off the map");
        assert_eq!(m.min_step(), 100);
    }

    #[test]
    fn the_cheapest_step_counts_free_terrain_and_empty_cells() {
        let mut terrains = Palette::standard().terrains().to_vec();
        for t in &mut terrains {
            if t.cost != MoveCost::Impassable {
                t.cost = MoveCost::whole(4);
            }
        }
        // Empty cells still cost 1.
        assert_eq!(
            map_with(Palette::new(terrains.clone()).unwrap()).min_step(),
            100
        );
        terrains[1].cost = MoveCost::whole(0);
        assert_eq!(map_with(Palette::new(terrains).unwrap()).min_step(), 0);
    }

    #[test]
    fn sight_is_blocked_only_by_blocking_terrain_on_the_map() {
        let mut m = map_with(Palette::standard());
        let blocking = m
            .palette()
            .terrains()
            .iter()
            .find(|t| t.blocks_sight)
            .unwrap()
            .id;
        let clear = TerrainId::new(1).unwrap();
        assert!(!m.palette().get(clear).unwrap().blocks_sight);
        m.set_terrain(Hex::new(1, 0), Some(blocking)).unwrap();
        m.set_terrain(Hex::new(0, 1), Some(clear)).unwrap();
        assert!(m.blocks_sight(Hex::new(1, 0)));
        assert!(!m.blocks_sight(Hex::new(0, 1)));
        assert!(!m.blocks_sight(Hex::ORIGIN), "empty cell");
        assert!(!m.blocks_sight(Hex::new(9, 9)), "off the map");
    }

    mod features {
        use crate::{EdgeTypeId, HexMap, MapPath, PathId, PathTypeId, TerrainId};
        use hexmap_hex::{Direction, Edge, Hex, Orientation, field_of_view_across};

        const RIVER: u16 = 1;
        const WALL: u16 = 3;
        const FORD: u16 = 5;
        const ROAD: u16 = 1;
        const TRAIL: u16 = 2;
        const RAILWAY: u16 = 3;

        fn map() -> HexMap {
            crate::testing::hexagon_map(3, Orientation::Pointy)
        }

        fn edge(m: &mut HexMap, a: (i32, i32), b: (i32, i32), kind: u16) {
            let e = Edge::between(Hex::new(a.0, a.1), Hex::new(b.0, b.1)).unwrap();
            m.set_edge(e, EdgeTypeId::new(kind)).unwrap();
        }

        fn path(m: &mut HexMap, kind: u16, hexes: &[(i32, i32)]) {
            let id = m.paths().next_id();
            m.insert_path(MapPath {
                gm_only: false,
                id,
                kind: PathTypeId::new(kind).unwrap(),
                hexes: hexes.iter().map(|&(q, r)| Hex::new(q, r)).collect(),
            })
            .unwrap();
        }

        fn step(m: &HexMap, a: (i32, i32), b: (i32, i32)) -> Option<u32> {
            m.step_cost(Hex::new(a.0, a.1), Hex::new(b.0, b.1))
        }

        #[test]
        fn edge_features_add_to_the_entry_cost_or_forbid_the_step() {
            let mut m = map();
            let forest = TerrainId::new(3);
            m.set_terrain(Hex::new(1, 0), forest).unwrap();
            assert_eq!(step(&m, (0, 0), (1, 0)), Some(200), "forest costs 2");
            edge(&mut m, (0, 0), (1, 0), RIVER);
            assert_eq!(step(&m, (0, 0), (1, 0)), Some(400), "forest 2 + river 2");
            assert_eq!(step(&m, (1, 0), (0, 0)), Some(300), "empty 1 + river 2");
            edge(&mut m, (0, 0), (1, 0), FORD);
            assert_eq!(step(&m, (0, 0), (1, 0)), Some(200), "a ford adds nothing");
            edge(&mut m, (0, 0), (0, 1), WALL);
            assert_eq!(step(&m, (0, 0), (0, 1)), None);
            assert_eq!(step(&m, (0, 1), (0, 0)), None, "both ways");
            assert_eq!(step(&m, (0, 0), (-1, 1)), Some(100), "other sides are open");
            assert_eq!(step(&m, (0, 0), (2, 0)), None, "not neighbours");
            assert_eq!(step(&m, (3, 0), (4, 0)), None, "off the map");
        }

        #[test]
        fn a_path_with_a_cost_sets_the_step_cost_along_it() {
            let mut m = map();
            let sea = TerrainId::new(1);
            let mountains = TerrainId::new(5);
            m.set_terrain(Hex::new(1, 0), mountains).unwrap();
            m.set_terrain(Hex::new(2, 0), sea).unwrap();
            // Road (0,0)→(1,0)→(2,0)→(2,-1)→(1,0)... : (1,0) and (2,-1) are neighbours but
            // only consecutive hexes count.
            path(&mut m, ROAD, &[(0, 0), (1, 0), (2, 0), (2, -1)]);
            assert_eq!(step(&m, (0, 0), (1, 0)), Some(50), "road ½ over mountains");
            assert_eq!(step(&m, (1, 0), (0, 0)), Some(50), "either direction");
            assert_eq!(step(&m, (1, 0), (2, 0)), Some(50), "a road bridges the sea");
            assert_eq!(
                step(&m, (1, 0), (2, -1)),
                Some(100),
                "not a step of the road"
            );
            assert_eq!(step(&m, (0, 0), (0, 1)), Some(100), "off the road");
            // A river under the road costs nothing extra on the road; a wall stops it.
            edge(&mut m, (0, 0), (1, 0), RIVER);
            assert_eq!(step(&m, (0, 0), (1, 0)), Some(50));
            edge(&mut m, (0, 0), (1, 0), WALL);
            assert_eq!(step(&m, (0, 0), (1, 0)), None);
            // A path type without a cost changes nothing; the cheapest path type wins.
            path(&mut m, RAILWAY, &[(0, 1), (1, 1)]);
            assert_eq!(step(&m, (0, 1), (1, 1)), Some(100));
            path(&mut m, TRAIL, &[(-1, 0), (-2, 0)]);
            assert_eq!(step(&m, (-1, 0), (-2, 0)), Some(100));
            path(&mut m, ROAD, &[(-2, 0), (-1, 0)]);
            assert_eq!(step(&m, (-1, 0), (-2, 0)), Some(50));
        }

        #[test]
        fn the_heuristic_bound_counts_used_path_costs() {
            let mut m = map();
            assert_eq!(m.min_step(), 100);
            path(&mut m, RAILWAY, &[(0, 0), (1, 0)]);
            assert_eq!(m.min_step(), 100, "no cost: no effect");
            path(&mut m, ROAD, &[(0, 0), (0, 1)]);
            assert_eq!(m.min_step(), 50);
            m.remove_path(PathId(1));
            m.remove_path(PathId(2));
            assert_eq!(m.min_step(), 100);
        }

        #[test]
        fn walls_block_sight_across_their_edge() {
            let mut m = map();
            edge(&mut m, (0, 0), (1, 0), WALL);
            edge(&mut m, (0, 0), (1, -1), RIVER);
            let e = |a: (i32, i32), d: Direction| Edge::new(Hex::new(a.0, a.1), d);
            assert!(m.edge_blocks_sight(e((0, 0), Direction::POINTY_E)));
            assert!(!m.edge_blocks_sight(e((0, 0), Direction::POINTY_NE)));
            assert!(m.sight_blocked_between(Hex::new(1, 0), Hex::ORIGIN));
            assert!(!m.sight_blocked_between(Hex::new(2, 0), Hex::ORIGIN));
            let seen = field_of_view_across(
                Hex::ORIGIN,
                3,
                |h| m.blocks_sight(h),
                |a, b| m.sight_blocked_between(a, b),
            );
            assert!(!seen.contains(&Hex::new(1, 0)), "right behind the wall");
            assert!(!seen.contains(&Hex::new(3, 0)));
            assert!(
                seen.contains(&Hex::new(1, -1)),
                "a river does not block sight"
            );
            assert!(seen.contains(&Hex::new(-3, 0)));
            // Radius 5 on a radius-3 map: the overlay's field of view reaches off the map.
            let wide = field_of_view_across(
                Hex::ORIGIN,
                5,
                |h| m.blocks_sight(h),
                |a, b| m.sight_blocked_between(a, b),
            );
            assert!(wide.iter().any(|&h| !m.contains(h)));
            let mut expected: Vec<Hex> = wide.into_iter().filter(|&h| m.contains(h)).collect();
            expected.sort_unstable();
            let on_map = m.field_of_view(Hex::ORIGIN, 5).unwrap();
            assert_eq!(
                on_map, expected,
                "the map's own field of view is the overlay's"
            );
            assert!(on_map.iter().all(|&h| m.contains(h)));
        }
    }
}
