//! Elevation: an optional layer of one whole number per cell (docs/DESIGN.md §11). Sea level
//! is 0 and below 0 is under the sea; the unit is the map's own (the generator uses
//! metres). A map without the layer has no elevation at all, which is not the same as
//! every hex at sea level: files and exports leave the layer out only then.

pub(crate) mod changes;
pub(crate) mod edit;

pub use edit::{MAX_ELEVATION, MIN_ELEVATION};

use super::{HexMap, MapError};
use hexmap_hex::Hex;

/// One elevation per cell, dense by the shape's cell index (two bytes per cell).
pub type ElevationLayer = crate::NumberLayer;

/// True for an elevation below sea level (under 0): the one sea test of the generator, its
/// reports and the water a generated world starts with.
pub const fn is_below_sea(elevation: i16) -> bool {
    elevation < 0
}

impl ElevationLayer {
    /// How many cells lie below sea level (elevation under 0): the sea of a generated
    /// world, counted the same way by every front end. Meant for an elevation layer.
    pub fn below_sea(&self) -> usize {
        self.values().iter().filter(|&&e| is_below_sea(e)).count()
    }
}

impl HexMap {
    /// The elevation layer, if the map has one.
    pub fn elevation_layer(&self) -> Option<&ElevationLayer> {
        self.elevation.as_ref()
    }

    /// The elevation at `h` (`None` when the map has no elevation layer or `h` is not a
    /// cell).
    pub fn elevation(&self, h: Hex) -> Option<i16> {
        let layer = self.elevation.as_ref()?;
        self.shape().index_of(h).and_then(|i| layer.get(i))
    }

    /// Give the map an elevation layer (`None` removes it); returns the old one. Refused
    /// when the layer's length is not the map's cell count.
    pub fn set_elevation_layer(
        &mut self,
        layer: Option<ElevationLayer>,
    ) -> Result<Option<ElevationLayer>, MapError> {
        if let Some(l) = &layer
            && l.len() != self.cell_count()
        {
            return Err(MapError::ElevationLength {
                found: l.len(),
                cells: self.cell_count(),
            });
        }
        Ok(std::mem::replace(&mut self.elevation, layer))
    }

    /// Set the elevation at `h`, creating the layer (all at sea level) if the map has none;
    /// returns the old value (`None` when there was no layer).
    pub fn set_elevation(&mut self, h: Hex, e: i16) -> Result<Option<i16>, MapError> {
        let i = self.shape().index_of(h).ok_or(MapError::OutsideShape(h))?;
        let had = self.elevation.is_some();
        let n = self.cell_count();
        let layer = self.elevation.get_or_insert_with(|| ElevationLayer::new(n));
        let old = layer.set(i, e);
        Ok(had.then_some(old))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MapShape;
    use hexmap_hex::Orientation;

    fn map() -> HexMap {
        crate::testing::hexagon_map(2, Orientation::Pointy)
    }

    #[test]
    fn a_map_has_no_elevation_until_one_is_set() {
        let mut m = map();
        assert_eq!(m.elevation(Hex::ORIGIN), None);
        assert_eq!(m.set_elevation(Hex::new(1, 0), -40), Ok(None));
        assert_eq!(m.elevation(Hex::new(1, 0)), Some(-40));
        assert_eq!(m.elevation(Hex::ORIGIN), Some(0));
        assert_eq!(m.set_elevation(Hex::new(1, 0), 7), Ok(Some(-40)));
        assert_eq!(
            m.set_elevation(Hex::new(9, 0), 1),
            Err(MapError::OutsideShape(Hex::new(9, 0)))
        );
    }

    #[test]
    fn a_layer_of_the_wrong_length_is_refused() {
        let mut m = map();
        assert!(matches!(
            m.set_elevation_layer(Some(ElevationLayer::new(3))),
            Err(MapError::ElevationLength {
                found: 3,
                cells: 19
            })
        ));
        assert!(m.set_elevation_layer(Some(ElevationLayer::new(19))).is_ok());
        assert!(m.elevation_layer().is_some());
    }

    #[test]
    fn reshape_keeps_the_elevation_of_common_cells() {
        let mut m = map();
        m.set_elevation(Hex::ORIGIN, 120).unwrap();
        m.set_elevation(Hex::new(2, 0), 50).unwrap();
        m.reshape(MapShape::hexagon(1).unwrap());
        assert_eq!(m.elevation(Hex::ORIGIN), Some(120));
        assert_eq!(m.elevation_layer().map(ElevationLayer::len), Some(7));
    }
}
