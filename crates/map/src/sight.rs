//! The field of view on a map and its one limit, [`MAX_SIGHT`]: `hexmap fov`, `batch`,
//! `fog reveal --sight`, the party's sight, the editor's sight overlay and its fog panel all
//! ask [`HexMap::field_of_view`] and read this constant.
//!
//! The limit follows the rule of movement ranges ([`HexMap::reach`]): a radius is first cut
//! to the farthest cell of the map from the eye, so a radius past the map's extent costs no
//! more than the map, and only what is left is held against the limit. The work is bounded
//! by the map too: when the map has fewer cells than the radius' disc has hexes, only the
//! map's cells are looked at.

use super::HexMap;
use super::routes::farthest_cell_distance;
use hexmap_hex::{Hex, SightBlock, field_of_view_across, is_visible_across, sight_blocker};

/// Largest sight radius in hexes (after cutting it to the map's extent, see the module
/// doc): the one limit of every field of view — `fov`, `batch`, `fog reveal --sight`, the
/// party, the editor's overlay and fog panel.
pub const MAX_SIGHT: u32 = 100;

/// A field of view that would reach farther than [`MAX_SIGHT`] hexes across the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("sight radius {requested} is over the limit of {MAX_SIGHT}")]
pub struct SightLimitError {
    /// The radius asked for, cut to the map's extent from the eye.
    pub requested: u32,
}

impl HexMap {
    /// How far a field of view from `center` with `radius` can reach on this map: the
    /// radius, never beyond the farthest cell (found from the shape's corners, not by
    /// scanning every cell).
    pub fn sight_distance(&self, center: Hex, radius: u32) -> u32 {
        radius.min(farthest_cell_distance(self.shape(), center))
    }

    /// The cells of the map seen from `center` within `radius` hexes under the map's sight
    /// rule: terrain that blocks sight hides what lies behind it (the blocking hex itself is
    /// seen), and so does a sight-blocking feature on a hexside; symmetric (A sees B exactly
    /// when B sees A). One home for the rule: the editor's field-of-view overlay, `hexmap
    /// fov`, `batch` and the fog edits ask here. Sorted; hexes off the map are left out.
    /// Refused when [`HexMap::sight_distance`] is over [`MAX_SIGHT`].
    pub fn field_of_view(&self, center: Hex, radius: u32) -> Result<Vec<Hex>, SightLimitError> {
        let radius = self.sight_distance(center, radius);
        if radius > MAX_SIGHT {
            return Err(SightLimitError { requested: radius });
        }
        let blocks = |h: Hex| self.blocks_sight(h);
        let between = |a: Hex, b: Hex| self.sight_blocked_between(a, b);
        let disc = 3 * u64::from(radius) * (u64::from(radius) + 1) + 1;
        let mut seen: Vec<Hex> = if (self.cell_count() as u64) < disc {
            self.shape()
                .iter()
                .filter(|h| h.distance(center).unsigned_abs() <= radius)
                .filter(|&h| is_visible_across(center, h, blocks, between))
                .collect()
        } else {
            field_of_view_across(center, radius, blocks, between)
                .into_iter()
                .filter(|&h| self.contains(h))
                .collect()
        };
        seen.sort_unstable();
        Ok(seen)
    }

    /// Whether `to` is seen from `from` under the map's sight rule, at any distance (the
    /// rule of [`HexMap::field_of_view`] without its radius): `None` when it is, else what
    /// blocks the view as seen from `from` — a hex whose terrain blocks sight or a side
    /// whose feature does ([`hexmap_hex::sight_blocker`] says which of the two nudged
    /// lines' blockers is named). `hexmap los` and `batch` ask here.
    pub fn sight_blocker(&self, from: Hex, to: Hex) -> Option<SightBlock> {
        sight_blocker(
            from,
            to,
            |h| self.blocks_sight(h),
            |a, b| self.sight_blocked_between(a, b),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MapShape;
    use hexmap_hex::{OffsetKind, Orientation};

    fn map(shape: MapShape) -> HexMap {
        crate::testing::map_on(Orientation::Pointy, shape)
    }

    #[test]
    fn a_radius_past_the_map_is_cut_to_it_and_sees_the_same() {
        let mut m = map(MapShape::rectangle(OffsetKind::OddR, 24, 18).unwrap());
        // A sight-blocking terrain in the standard palette, on a few cells.
        let wall = m
            .palette()
            .terrains()
            .iter()
            .find(|t| t.blocks_sight)
            .map(|t| t.id)
            .expect("the standard palette has a terrain that blocks sight");
        for h in [Hex::new(3, 2), Hex::new(4, 2), Hex::new(8, 9)] {
            m.set_terrain(h, Some(wall)).unwrap();
        }
        let from = Hex::new(2, 3);
        let reach = m.sight_distance(from, u32::MAX);
        assert!(reach < 40, "{reach}");
        let whole = m.field_of_view(from, reach).unwrap();
        for radius in [reach + 1, 1000, 100_000, u32::MAX] {
            assert_eq!(m.field_of_view(from, radius).unwrap(), whole, "{radius}");
        }
        // The answer is the local grid's, cut to the map.
        let grid: Vec<Hex> = {
            let mut v: Vec<Hex> = field_of_view_across(
                from,
                reach,
                |h| m.blocks_sight(h),
                |a, b| m.sight_blocked_between(a, b),
            )
            .into_iter()
            .filter(|&h| m.contains(h))
            .collect();
            v.sort_unstable();
            v
        };
        assert_eq!(
            whole, grid,
            "walking the map's cells sees what the local grid sees"
        );
        assert!(whole.len() < m.cell_count(), "the walls hide something");
        // Line of sight agrees with the field of view, cell by cell.
        for h in m.shape().iter() {
            let seen = whole.binary_search(&h).is_ok();
            assert_eq!(m.sight_blocker(from, h).is_none(), seen, "{h}");
        }
    }

    #[test]
    fn a_map_wider_than_the_limit_refuses_a_radius_over_it() {
        let m = map(MapShape::rectangle(OffsetKind::OddR, 300, 2).unwrap());
        let from = Hex::ORIGIN;
        assert_eq!(m.sight_distance(from, 5000), 300);
        assert_eq!(
            m.field_of_view(from, 5000),
            Err(SightLimitError { requested: 300 })
        );
        assert_eq!(
            m.field_of_view(from, 5000).unwrap_err().to_string(),
            "sight radius 300 is over the limit of 100"
        );
        let seen = m.field_of_view(from, MAX_SIGHT).unwrap();
        assert!(seen.iter().all(|h| h.distance(from) <= MAX_SIGHT as i32));
        assert_eq!(seen.len(), 2 * (MAX_SIGHT as usize + 1) - 1);
    }
}
