//! The pixel geometry of Tiled's hexagonal maps: stagger axis and index, tile sizes, where
//! Tiled's renderer puts each tile, and which offset grid a map is laid out in for Tiled.

use hexmap_hex::{OffsetKind, Orientation};

/// Which axis Tiled staggers: `y` shoves rows (pointy hexes), `x` shoves columns (flat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaggerAxis {
    /// Columns are shoved: flat-topped hexes (`staggeraxis="x"`).
    X,
    /// Rows are shoved: pointy-topped hexes (`staggeraxis="y"`).
    Y,
}

/// Which rows/columns Tiled shoves: `odd` or `even` (`staggerindex`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaggerIndex {
    /// Odd rows/columns shoved.
    Odd,
    /// Even rows/columns shoved.
    Even,
}

impl StaggerAxis {
    /// The attribute value, "x" or "y".
    pub const fn name(self) -> &'static str {
        match self {
            StaggerAxis::X => "x",
            StaggerAxis::Y => "y",
        }
    }

    /// The hex orientation this axis draws.
    pub const fn orientation(self) -> Orientation {
        match self {
            StaggerAxis::X => Orientation::Flat,
            StaggerAxis::Y => Orientation::Pointy,
        }
    }
}

impl StaggerIndex {
    /// The attribute value, "odd" or "even".
    pub const fn name(self) -> &'static str {
        match self {
            StaggerIndex::Odd => "odd",
            StaggerIndex::Even => "even",
        }
    }
}

/// Tiled's (staggeraxis, staggerindex) for one of our offset kinds: Tiled's (col, row) is
/// then exactly our offset (col, row) (docs/DESIGN.md §3).
pub const fn stagger_of(kind: OffsetKind) -> (StaggerAxis, StaggerIndex) {
    match kind {
        OffsetKind::OddR => (StaggerAxis::Y, StaggerIndex::Odd),
        OffsetKind::EvenR => (StaggerAxis::Y, StaggerIndex::Even),
        OffsetKind::OddQ => (StaggerAxis::X, StaggerIndex::Odd),
        OffsetKind::EvenQ => (StaggerAxis::X, StaggerIndex::Even),
    }
}

/// Our offset kind for Tiled's stagger settings.
pub const fn offset_kind_of(axis: StaggerAxis, index: StaggerIndex) -> OffsetKind {
    match (axis, index) {
        (StaggerAxis::Y, StaggerIndex::Odd) => OffsetKind::OddR,
        (StaggerAxis::Y, StaggerIndex::Even) => OffsetKind::EvenR,
        (StaggerAxis::X, StaggerIndex::Odd) => OffsetKind::OddQ,
        (StaggerAxis::X, StaggerIndex::Even) => OffsetKind::EvenQ,
    }
}

/// The pixel geometry of Tiled's hexagonal renderer for one map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileGeometry {
    /// Stagger axis.
    pub axis: StaggerAxis,
    /// Stagger index.
    pub index: StaggerIndex,
    /// Tile width in pixels (even: Tiled rounds odd sizes down).
    pub tile_width: u32,
    /// Tile height in pixels (even).
    pub tile_height: u32,
    /// Length of the straight side along the stagger-perpendicular axis (`hexsidelength`).
    pub side_length: u32,
}

fn even_at_least_2(x: f64) -> u32 {
    let n = (x / 2.0).round().max(1.0);
    (n as u32).saturating_mul(2)
}

/// The tile size a Tiled export gets unless told otherwise: 48 pixels corner to corner
/// (a hex radius of 24 pixels, the PNG export's default), whatever the map's world units.
pub const DEFAULT_TILE_SIZE: u32 = 48;

/// The tile sizes a Tiled export accepts (corner to corner, pixels).
pub const TILE_SIZES: std::ops::RangeInclusive<u32> = 8..=1024;

impl TileGeometry {
    /// The tiles of a map with hexes of world size `hex_size` (centre to corner, x and y)
    /// at `tile_size` pixels corner to corner: the hexes are scaled so their larger radius
    /// is `tile_size / 2` pixels, keeping their proportions, then rounded as
    /// [`TileGeometry::for_hex_size`] does. The map's world units do not matter, so a map
    /// with hex size 1 gets the same tiles as one with hex size 24.
    pub fn for_map(kind: OffsetKind, hex_size: hexmap_hex::Point, tile_size: u32) -> TileGeometry {
        let radius = f64::from(tile_size) / 2.0;
        let k = radius / hex_size.x.max(hex_size.y);
        TileGeometry::for_hex_size(kind, hex_size.x * k, hex_size.y * k)
    }

    /// Integer tile sizes that draw hexes of circumradius (sx, sy) as closely as Tiled can:
    /// side = sy (pointy) or sx (flat), the other dimension √3 times the radius, all even.
    pub fn for_hex_size(kind: OffsetKind, sx: f64, sy: f64) -> TileGeometry {
        let (axis, index) = stagger_of(kind);
        let sqrt3 = 3f64.sqrt();
        let (tile_width, tile_height, side_length) = match axis {
            StaggerAxis::Y => {
                let side = even_at_least_2(sy);
                (
                    even_at_least_2(sqrt3 * sx * f64::from(side) / sy),
                    2 * side,
                    side,
                )
            }
            StaggerAxis::X => {
                let side = even_at_least_2(sx);
                (
                    2 * side,
                    even_at_least_2(sqrt3 * sy * f64::from(side) / sx),
                    side,
                )
            }
        };
        TileGeometry {
            axis,
            index,
            tile_width,
            tile_height,
            side_length,
        }
    }

    fn staggered(&self, n: i64) -> bool {
        let odd = n & 1 == 1;
        match self.index {
            StaggerIndex::Odd => odd,
            StaggerIndex::Even => !odd,
        }
    }

    /// Top-left pixel of the tile at (col, row), as Tiled's renderer places it.
    pub fn tile_origin(&self, col: i64, row: i64) -> (i64, i64) {
        let (tw, th, side) = (
            i64::from(self.tile_width),
            i64::from(self.tile_height),
            i64::from(self.side_length),
        );
        match self.axis {
            StaggerAxis::Y => {
                let row_height = (th - side) / 2 + side;
                let shift = if self.staggered(row) { tw / 2 } else { 0 };
                (col * tw + shift, row * row_height)
            }
            StaggerAxis::X => {
                let column_width = (tw - side) / 2 + side;
                let shift = if self.staggered(col) { th / 2 } else { 0 };
                (col * column_width, row * th + shift)
            }
        }
    }

    /// Centre pixel of the tile at (col, row).
    pub fn tile_centre(&self, col: i64, row: i64) -> (f64, f64) {
        let (x, y) = self.tile_origin(col, row);
        (
            x as f64 + f64::from(self.tile_width) / 2.0,
            y as f64 + f64::from(self.tile_height) / 2.0,
        )
    }

    /// The six corners of a hex tile inside its tile rectangle, clockwise from the top.
    pub fn tile_hexagon(&self) -> [(f64, f64); 6] {
        let (tw, th, side) = (
            f64::from(self.tile_width),
            f64::from(self.tile_height),
            f64::from(self.side_length),
        );
        match self.axis {
            StaggerAxis::Y => {
                let off = (th - side) / 2.0;
                [
                    (tw / 2.0, 0.0),
                    (tw, off),
                    (tw, off + side),
                    (tw / 2.0, th),
                    (0.0, off + side),
                    (0.0, off),
                ]
            }
            StaggerAxis::X => {
                let off = (tw - side) / 2.0;
                [
                    (off, 0.0),
                    (off + side, 0.0),
                    (tw, th / 2.0),
                    (off + side, th),
                    (off, th),
                    (0.0, th / 2.0),
                ]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stagger_round_trips_every_offset_kind() {
        for kind in OffsetKind::ALL {
            let (a, i) = stagger_of(kind);
            assert_eq!(offset_kind_of(a, i), kind);
        }
    }

    #[test]
    fn the_grid_staggers_along_the_orientation_keeping_parity() {
        for kind in OffsetKind::ALL {
            for orientation in [Orientation::Pointy, Orientation::Flat] {
                let grid = kind.for_orientation(orientation);
                let (axis, _) = stagger_of(grid);
                assert_eq!(axis.orientation(), orientation, "{kind} {orientation:?}");
                assert_eq!(grid.is_even(), kind.is_even(), "{kind} {orientation:?}");
                if kind.shoves_rows() == (orientation == Orientation::Pointy) {
                    assert_eq!(grid, kind, "a kind that fits its orientation is kept");
                }
            }
        }
    }

    #[test]
    fn regular_sizes_are_even_and_close() {
        let g = TileGeometry::for_hex_size(OffsetKind::OddR, 16.0, 16.0);
        assert_eq!((g.tile_width, g.tile_height, g.side_length), (28, 32, 16));
        let g = TileGeometry::for_hex_size(OffsetKind::EvenQ, 16.0, 16.0);
        assert_eq!((g.tile_width, g.tile_height, g.side_length), (32, 28, 16));
        let g = TileGeometry::for_hex_size(OffsetKind::OddQ, 0.1, 0.1);
        assert!(g.tile_width >= 2 && g.tile_height >= 2 && g.side_length >= 2);
    }

    #[test]
    fn a_map_gets_the_same_tiles_whatever_its_world_units() {
        for (kind, sx, sy) in [
            (OffsetKind::OddR, 1.0, 1.0),
            (OffsetKind::EvenQ, 0.5, 0.5),
            (OffsetKind::OddQ, 300.0, 300.0),
        ] {
            let g = TileGeometry::for_map(kind, hexmap_hex::Point::new(sx, sy), DEFAULT_TILE_SIZE);
            let (long, short) = match g.axis {
                StaggerAxis::Y => (g.tile_height, g.tile_width),
                StaggerAxis::X => (g.tile_width, g.tile_height),
            };
            assert_eq!((long, short, g.side_length), (48, 42, 24), "{kind} {sx}");
        }
        // A stretched hex keeps its proportions: the larger radius is the tile size's half.
        let g = TileGeometry::for_map(OffsetKind::OddR, hexmap_hex::Point::new(2.0, 1.0), 64);
        assert_eq!((g.tile_width, g.tile_height, g.side_length), (56, 32, 16));
    }

    #[test]
    fn odd_rows_shift_right_by_half_a_tile() {
        let g = TileGeometry::for_hex_size(OffsetKind::OddR, 16.0, 16.0);
        assert_eq!(g.tile_origin(0, 0), (0, 0));
        assert_eq!(g.tile_origin(0, 1), (14, 24));
        let g = TileGeometry::for_hex_size(OffsetKind::EvenQ, 16.0, 16.0);
        assert_eq!(g.tile_origin(0, 0), (0, 14));
        assert_eq!(g.tile_origin(1, 0), (24, 0));
    }
}
