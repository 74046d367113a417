//! The game rules a map implies, as methods of [`HexMap`]: what entering a hex costs (paths
//! and movement ranges) and what blocks sight (field of view). The editor's overlays and any
//! later route or sight command ask the map, so they always agree.

use super::HexMap;
use super::palette::{MoveCost, Terrain};
use crate::hex::Hex;

impl HexMap {
    /// The terrain of the cell at `h`, if it is a cell and has one.
    fn terrain_at(&self, h: Hex) -> Option<&Terrain> {
        self.terrain(h).and_then(|t| self.palette().get(t))
    }

    /// What entering `h` costs: its terrain's movement cost, 1 for an empty cell, `None`
    /// for impassable terrain and for hexes that are not cells of the map.
    pub fn entry_cost(&self, h: Hex) -> Option<u32> {
        // One index lookup: path searches call this for every hex they reach.
        let i = self.shape().index_of(h)?;
        let terrain = self
            .terrain_layer()
            .get(i)
            .and_then(|t| self.palette().get(t));
        match terrain.map(|t| t.cost) {
            None => Some(1),
            Some(MoveCost::Cost(c)) => Some(c),
            Some(MoveCost::Impassable) => None,
        }
    }

    /// The cheapest entry cost any passable cell can have: the lowest cost in the palette,
    /// and 1 (an empty cell). A* multiplies it by the distance for its heuristic, which then
    /// never overestimates.
    pub fn min_step_cost(&self) -> u32 {
        self.palette()
            .terrains()
            .iter()
            .filter_map(|t| match t.cost {
                MoveCost::Cost(c) => Some(c),
                MoveCost::Impassable => None,
            })
            .chain(std::iter::once(1))
            .min()
            .unwrap_or(1)
    }

    /// True when the terrain at `h` blocks line of sight; empty cells and hexes off the map
    /// do not.
    pub fn blocks_sight(&self, h: Hex) -> bool {
        self.terrain_at(h).is_some_and(|t| t.blocks_sight)
    }
}

#[cfg(test)]
mod tests {
    use crate::hex::{Hex, Orientation};
    use crate::map::{HexMap, MapProperties, MapShape, MoveCost, Palette, TerrainId};

    fn map_with(palette: Palette) -> HexMap {
        HexMap::new(
            MapProperties::new("rules", Orientation::Pointy),
            MapShape::hexagon(2).unwrap(),
            palette,
        )
        .unwrap()
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
        let mountains = by_cost(&m, MoveCost::Cost(3));
        m.set_terrain(Hex::new(1, 0), Some(sea)).unwrap();
        m.set_terrain(Hex::new(0, 1), Some(mountains)).unwrap();
        assert_eq!(m.entry_cost(Hex::ORIGIN), Some(1), "empty cell");
        assert_eq!(m.entry_cost(Hex::new(1, 0)), None, "impassable");
        assert_eq!(m.entry_cost(Hex::new(0, 1)), Some(3));
        assert_eq!(m.entry_cost(Hex::new(5, 0)), None, "off the map");
        assert_eq!(m.min_step_cost(), 1);
    }

    #[test]
    fn the_cheapest_step_counts_free_terrain_and_empty_cells() {
        let mut terrains = Palette::standard().terrains().to_vec();
        for t in &mut terrains {
            if t.cost != MoveCost::Impassable {
                t.cost = MoveCost::Cost(4);
            }
        }
        // Empty cells still cost 1.
        assert_eq!(
            map_with(Palette::new(terrains.clone()).unwrap()).min_step_cost(),
            1
        );
        terrains[1].cost = MoveCost::Cost(0);
        assert_eq!(map_with(Palette::new(terrains).unwrap()).min_step_cost(), 0);
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
}
