//! Maps for tests (feature `testing`, and this crate's own unit tests): the standard
//! palette on a hexagon or an offset rectangle, empty, so a test names the map it needs in
//! one call instead of building properties, shape and palette by hand each time. A test that
//! needs more (a name, big hexes, another palette) says so through [`TestMap`]'s methods.

use crate::{HexMap, MapProperties, MapShape, Palette, Terrain, TileArt};
use hexmap_hex::{Hex, OffsetCoord, OffsetKind, Orientation, Point};

/// The name every test map has unless a test names it.
pub const TEST_MAP_NAME: &str = "test";

/// A test map being described: properties, shape and palette, built by [`TestMap::build`].
#[derive(Clone, Debug)]
pub struct TestMap {
    properties: MapProperties,
    shape: MapShape,
    palette: Palette,
}

impl TestMap {
    /// `shape` with hexes of `orientation`, named [`TEST_MAP_NAME`], the standard palette.
    pub fn on(orientation: Orientation, shape: MapShape) -> Self {
        TestMap {
            properties: MapProperties::new(TEST_MAP_NAME, orientation),
            shape,
            palette: Palette::standard(),
        }
    }

    /// A hexagon of `radius` around the origin.
    pub fn hexagon(radius: u32, orientation: Orientation) -> Self {
        let shape = MapShape::hexagon(radius).expect("a test hexagon within the cell limit");
        TestMap::on(orientation, shape)
    }

    /// A `width` × `height` rectangle in `kind`'s rows (pointy hexes for odd-r and even-r)
    /// or columns (flat hexes for odd-q and even-q). The map's own offset kind stays the
    /// orientation's default unless [`TestMap::offset_kind`] sets it.
    pub fn rectangle(kind: OffsetKind, width: u32, height: u32) -> Self {
        let shape =
            MapShape::rectangle(kind, width, height).expect("a test rectangle within the limit");
        TestMap::on(kind.orientation(), shape)
    }

    /// The map's name.
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.properties.name = name.into();
        self
    }

    /// Regular hexes of `size` pixels centre to corner.
    pub fn hex_size(mut self, size: f64) -> Self {
        self.properties.hex_size = Point::new(size, size);
        self
    }

    /// Hexes of `width` × `height` pixels centre to corner (stretched when they differ).
    pub fn hex_size_xy(mut self, width: f64, height: f64) -> Self {
        self.properties.hex_size = Point::new(width, height);
        self
    }

    /// The offset kind the map numbers and shows its hexes in.
    pub fn offset_kind(mut self, kind: OffsetKind) -> Self {
        self.properties.offset_kind = kind;
        self
    }

    /// Coordinate labels counted in `kind` (the label settings' stagger), as a file
    /// written in `kind` carries them.
    pub fn labels_in(mut self, kind: OffsetKind) -> Self {
        self.properties.labels.stagger = kind;
        self
    }

    /// Another palette than the standard one.
    pub fn palette(mut self, palette: Palette) -> Self {
        self.palette = palette;
        self
    }

    /// A change to the palette's terrains (tile art, a colour), checked as a palette again.
    pub fn terrains(mut self, change: impl FnOnce(&mut Vec<Terrain>)) -> Self {
        let mut terrains = self.palette.terrains().to_vec();
        change(&mut terrains);
        self.palette = Palette::new(terrains).expect("a test palette within every limit");
        self
    }

    /// Tile art on the terrain at `slot` in the palette's list: `images` (paths as a map
    /// file names them), tinted by the terrain's colour or not.
    pub fn tile_art(self, slot: usize, images: &[&str], tint: bool) -> Self {
        let images = images.iter().map(|path| (*path).to_owned()).collect();
        self.terrains(|terrains| terrains[slot].art = TileArt { images, tint })
    }

    /// Any other change to the properties (labels, stretched hexes).
    pub fn properties(mut self, change: impl FnOnce(&mut MapProperties)) -> Self {
        change(&mut self.properties);
        self
    }

    /// The empty map.
    pub fn build(self) -> HexMap {
        HexMap::new(self.properties, self.shape, self.palette)
            .expect("a test map within every limit")
    }
}

/// An empty map of `orientation` on `shape`, with the standard palette.
pub fn map_on(orientation: Orientation, shape: MapShape) -> HexMap {
    TestMap::on(orientation, shape).build()
}

/// An empty hexagon of `radius` around the origin.
pub fn hexagon_map(radius: u32, orientation: Orientation) -> HexMap {
    TestMap::hexagon(radius, orientation).build()
}

/// An empty `width` × `height` rectangle in `kind`'s rows (pointy hexes for odd-r and
/// even-r) or columns (flat hexes for odd-q and even-q).
pub fn rectangle_map(kind: OffsetKind, width: u32, height: u32) -> HexMap {
    TestMap::rectangle(kind, width, height).build()
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

    #[test]
    fn a_described_map_has_what_its_description_says() {
        let m = TestMap::rectangle(OffsetKind::EvenR, 5, 4)
            .named("big hexes")
            .hex_size(30.0)
            .offset_kind(OffsetKind::EvenR)
            .labels_in(OffsetKind::EvenR)
            .terrains(|t| t[1].name = "Meadow".into())
            .build();
        assert_eq!(m.name(), "big hexes");
        assert_eq!(m.properties().hex_size, Point::new(30.0, 30.0));
        assert_eq!(m.properties().offset_kind, OffsetKind::EvenR);
        assert_eq!(m.properties().labels.stagger, OffsetKind::EvenR);
        assert_eq!(m.cell_count(), 20);
        assert_eq!(m.palette().terrains()[1].name, "Meadow");
        assert_eq!(
            m.palette().terrains().len(),
            Palette::standard().terrains().len()
        );
        let stretched = TestMap::hexagon(1, Orientation::Flat).hex_size_xy(20.0, 17.5);
        assert_eq!(
            stretched.build().properties().hex_size,
            Point::new(20.0, 17.5)
        );
        let art = TestMap::hexagon(1, Orientation::Flat).tile_art(2, &["art/f.png"], true);
        let forest = art.build().palette().terrains()[2].art.clone();
        assert_eq!(forest.images, ["art/f.png"]);
        assert!(forest.tint);
    }
}
