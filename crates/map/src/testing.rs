//! Maps for tests (feature `testing`, and this crate's own unit tests): the standard
//! palette on a hexagon or an offset rectangle, empty, so a test names the map it needs in
//! one call instead of building properties, shape and palette by hand each time.

use crate::{HexMap, MapProperties, MapShape, Palette};
use hexmap_hex::{Hex, OffsetCoord, OffsetKind, Orientation};

/// The name every test map has.
pub const TEST_MAP_NAME: &str = "test";

/// An empty map of `orientation` on `shape`, with the standard palette.
pub fn map_on(orientation: Orientation, shape: MapShape) -> HexMap {
    HexMap::new(
        MapProperties::new(TEST_MAP_NAME, orientation),
        shape,
        Palette::standard(),
    )
    .expect("a test map within every limit")
}

/// An empty hexagon of `radius` around the origin.
pub fn hexagon_map(radius: u32, orientation: Orientation) -> HexMap {
    map_on(
        orientation,
        MapShape::hexagon(radius).expect("a test hexagon within the cell limit"),
    )
}

/// An empty `width` × `height` rectangle in `kind`'s rows (pointy hexes for odd-r and
/// even-r) or columns (flat hexes for odd-q and even-q).
pub fn rectangle_map(kind: OffsetKind, width: u32, height: u32) -> HexMap {
    map_on(
        kind.orientation(),
        MapShape::rectangle(kind, width, height).expect("a test rectangle within the limit"),
    )
}

/// The hex at column `col`, row `row` of `kind`.
pub fn at(kind: OffsetKind, col: i32, row: i32) -> Hex {
    kind.to_hex(OffsetCoord::new(col, row))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixtures_have_the_shapes_they_name() {
        assert_eq!(hexagon_map(2, Orientation::Flat).cell_count(), 19);
        let m = rectangle_map(OffsetKind::OddQ, 4, 3);
        assert_eq!(m.cell_count(), 12);
        assert_eq!(m.properties().orientation, Orientation::Flat);
        assert!(m.contains(at(OffsetKind::OddQ, 3, 2)));
        assert!(!m.contains(at(OffsetKind::OddQ, 4, 2)));
    }
}
