//! The elevation edit ([`ElevationEdit::Raise`]): the raise/lower brush. Heights of the
//! cells given change by a step, saturating at the limits of [`MIN_ELEVATION`] and
//! [`MAX_ELEVATION`]; a map without an elevation layer gets one (all at sea level) in
//! the same undo step. The cells are listed (not a centre and radius) so a stroke of
//! overlapping stamps can raise each cell once: the brush sends only the cells its stroke
//! has not raised yet.

use crate::changes::CellChanges;
use crate::edit::EditError;
use crate::elevation::ElevationLayer;
use crate::hexmap::HexMap;
use hexmap_hex::Hex;

/// Lowest height the brush lowers to (the deepest generated sea is far above it).
pub const MIN_ELEVATION: i16 = -10_000;
/// Highest height the brush raises to.
pub const MAX_ELEVATION: i16 = 10_000;

/// A change to the heights (carried by [`crate::Edit::Elevation`]).
#[derive(Clone, Debug, PartialEq)]
pub enum ElevationEdit {
    /// The raise/lower brush: change the height of each of `hexes` once by `by`
    /// (negative lowers), within [`crate::MIN_ELEVATION`]..=[`crate::MAX_ELEVATION`];
    /// cells off the map are skipped; a map without an elevation layer gets one (all at
    /// sea level).
    Raise {
        /// The cells to raise or lower (a repeat counts once).
        hexes: Vec<Hex>,
        /// The change of height.
        by: i16,
    },
}

/// Apply an elevation edit.
pub(crate) fn apply(
    map: &mut HexMap,
    edit: &ElevationEdit,
    changes: &mut CellChanges,
) -> Result<(), EditError> {
    let ElevationEdit::Raise { hexes, by } = edit;
    let mut cells: Vec<usize> = hexes
        .iter()
        .filter_map(|&h| map.shape().index_of(h))
        .collect();
    cells.sort_unstable();
    cells.dedup();
    if cells.is_empty() || *by == 0 {
        return Ok(());
    }
    if map.elevation_layer().is_none() {
        map.elevation = Some(ElevationLayer::new(map.cell_count()));
        changes.elevation.created = true;
    }
    let layer = map.elevation_slot_mut().as_mut().expect("just made");
    for i in cells {
        let old = layer.get(i).unwrap_or(0);
        // Never past a limit, and never moved the wrong way by one (a cell already past it).
        let new = if *by > 0 {
            old.saturating_add(*by).min(MAX_ELEVATION.max(old))
        } else {
            old.saturating_add(*by).max(MIN_ELEVATION.min(old))
        };
        if new != old {
            layer.set(i, new);
            changes.elevation.height(i as u32, old, new);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Document, Edit, MapShape};
    use hexmap_hex::{Hex, Orientation};

    fn doc() -> Document {
        let map = crate::testing::map_on(Orientation::Pointy, MapShape::hexagon(4).unwrap());
        Document::new(map)
    }

    fn raise(center: Hex, radius: u32, by: i16) -> Edit {
        let hexes = hexmap_hex::range(center, radius).collect();
        Edit::Elevation(ElevationEdit::Raise { hexes, by })
    }

    #[test]
    fn the_first_raise_creates_the_layer_and_its_undo_takes_it_away() {
        let mut d = doc();
        let changed = d.apply(&raise(Hex::ORIGIN, 1, 100)).unwrap();
        assert!(
            changed.whole_map,
            "a new layer: every cell is now at sea level"
        );
        assert_eq!(d.map().elevation(Hex::ORIGIN), Some(100));
        assert_eq!(d.map().elevation(Hex::new(1, 0)), Some(100));
        assert_eq!(d.map().elevation(Hex::new(2, 0)), Some(0));
        d.undo().unwrap();
        assert!(d.map().elevation_layer().is_none());
        d.redo().unwrap();
        assert_eq!(d.map().elevation(Hex::new(1, 0)), Some(100));
    }

    #[test]
    fn a_stroke_of_stamps_is_one_step_and_reports_only_its_cells() {
        let mut d = doc();
        d.apply(&raise(Hex::ORIGIN, 0, 1)).unwrap();
        d.begin_stroke();
        d.apply(&raise(Hex::ORIGIN, 1, -50)).unwrap();
        let changed = d.apply(&raise(Hex::new(1, 0), 1, -50)).unwrap();
        d.end_stroke();
        assert!(!changed.whole_map);
        assert_eq!(changed.hexes.len(), 7);
        // Both stamps cover the origin and (1, 0): lowered twice.
        assert_eq!(d.map().elevation(Hex::ORIGIN), Some(-99));
        assert_eq!(d.map().elevation(Hex::new(2, 0)), Some(-50));
        d.undo().unwrap();
        assert_eq!(d.map().elevation(Hex::ORIGIN), Some(1));
        assert_eq!(d.map().elevation(Hex::new(2, 0)), Some(0));
    }

    #[test]
    fn heights_stop_at_the_limits_and_cells_off_the_map_are_skipped() {
        let mut d = doc();
        for _ in 0..4 {
            d.apply(&raise(Hex::new(4, 0), 1, 3_000)).unwrap();
        }
        assert_eq!(d.map().elevation(Hex::new(4, 0)), Some(MAX_ELEVATION));
        for _ in 0..8 {
            d.apply(&raise(Hex::new(4, 0), 0, -3_000)).unwrap();
        }
        assert_eq!(d.map().elevation(Hex::new(4, 0)), Some(MIN_ELEVATION));
        // A brush wholly off the map changes nothing.
        let before = d.map().clone();
        d.apply(&raise(Hex::new(40, 0), 2, 10)).unwrap();
        assert_eq!(d.map(), &before);
    }

    #[test]
    fn a_cell_listed_twice_is_raised_once() {
        let mut d = doc();
        let twice = vec![Hex::ORIGIN, Hex::new(1, 0), Hex::ORIGIN];
        d.apply(&Edit::Elevation(ElevationEdit::Raise {
            hexes: twice,
            by: 40,
        }))
        .unwrap();
        assert_eq!(d.map().elevation(Hex::ORIGIN), Some(40));
        assert_eq!(d.map().elevation(Hex::new(1, 0)), Some(40));
    }
}
