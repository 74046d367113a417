//! The region tool (issue 29): paint hexes into the current named region with the brush
//! radius (shift erases them from it), or with the bucket put the contiguous cells of
//! the pressed cell's terrain into it. Each drag is one undo step (a stroke of
//! `Edit::Region(RegionEdit::AddHexes …)`); the panel is `region_panel.rs`.

use super::open_map::OpenMap;
use hexmap_hex::{Direction, Hex};
use hexmap_map::{Edit, HexMap, RegionEdit, RegionId};
use std::collections::{BTreeSet, VecDeque};

/// The region tool's state.
#[derive(Clone, Debug, Default)]
pub struct RegionTool {
    /// The region painted into.
    pub(super) current: Option<RegionId>,
    /// A press fills the contiguous cells of the same terrain instead of painting.
    pub(super) bucket: bool,
    /// The name being typed for the current region (committed when the field is left).
    pub(super) name_draft: Option<(RegionId, String)>,
    /// The name typed for a new kind.
    pub(super) new_kind: String,
}

impl RegionTool {
    /// The current region, if it is on `map`.
    pub fn current(&self) -> Option<RegionId> {
        self.current
    }

    /// After an undo, a reload or a deletion: a current region that is gone becomes the
    /// first region (or none).
    pub(super) fn keep_valid(&mut self, map: &HexMap) {
        let regions = map.regions();
        if self.current.is_none_or(|id| regions.get(id).is_none()) {
            self.current = regions.iter().next().map(|r| r.id);
        }
    }

    /// The edit of one brush stamp on `hexes`: into the current region, or out of it
    /// (`add` false, shift held). `None` without a current region.
    pub(super) fn stamp(&self, hexes: Vec<Hex>, add: bool) -> Option<Edit> {
        let id = self.current?;
        Some(Edit::Region(if add {
            RegionEdit::AddHexes { id, hexes }
        } else {
            RegionEdit::RemoveHexes { id, hexes }
        }))
    }

    /// The bucket's edit at `start`: the contiguous cells with its terrain.
    pub(super) fn bucket(&self, doc: &OpenMap, start: Hex, add: bool) -> Option<Edit> {
        if !doc.contains(start) {
            return None;
        }
        self.stamp(same_terrain_area(doc.map(), start), add)
    }
}

/// The cells joined to `start` through neighbours of the same terrain (empty cells
/// count as one terrain), `start` included; sorted.
pub fn same_terrain_area(map: &HexMap, start: Hex) -> Vec<Hex> {
    let terrain = map.terrain(start);
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(h) = queue.pop_front() {
        for d in Direction::ALL {
            let n = h.neighbor(d);
            if map.contains(n) && map.terrain(n) == terrain && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::Orientation;
    use hexmap_map::{MapProperties, MapShape, Palette, TerrainId};

    #[test]
    fn the_bucket_area_is_the_contiguous_same_terrain_only() {
        let mut map = HexMap::new(
            MapProperties::new("b", Orientation::Pointy),
            MapShape::parallelogram(5, 1).unwrap(),
            Palette::standard(),
        )
        .unwrap();
        for q in 0..5 {
            let t = if q == 2 { 3 } else { 2 };
            map.set_terrain(Hex::new(q, 0), TerrainId::new(t)).unwrap();
        }
        assert_eq!(
            same_terrain_area(&map, Hex::new(0, 0)),
            [Hex::new(0, 0), Hex::new(1, 0)]
        );
        assert_eq!(same_terrain_area(&map, Hex::new(2, 0)), [Hex::new(2, 0)]);
    }
}
