//! A hexagonal Tiled map in Tiled's own terms: stagger axis and index, tile sizes, tile
//! layers of global tile ids, one tileset, point objects. Both the TMX and TMJ writers and
//! readers go through this one model, so the two formats cannot drift apart.

use crate::hex::{OffsetKind, Orientation};

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
/// then exactly our offset (col, row) (DESIGN.md §3).
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

impl TileGeometry {
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

/// One tile of the tileset: what it stands for and how it is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct TileSpec {
    /// Shown in Tiled as the tile's `name` property.
    pub name: String,
    /// Fill colour, RGBA.
    pub color: [u8; 4],
    /// A hex filled with `color`, or a mine marker on a transparent tile.
    pub kind: TileKind,
    /// Extra string properties written on the tile (e.g. `hexmap:symbol`).
    pub properties: Vec<(String, String)>,
}

/// How a tile image is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileKind {
    /// A hexagon filled with the tile colour.
    Terrain,
    /// A mine marker (a disc) on a transparent background.
    Mine,
}

/// The single tileset of an exported map; its image is generated.
#[derive(Clone, Debug, PartialEq)]
pub struct TilesetSpec {
    /// Tileset name.
    pub name: String,
    /// Image file name, relative to the map file.
    pub image: String,
    /// Tiles, local id = index.
    pub tiles: Vec<TileSpec>,
}

impl TilesetSpec {
    /// Tiles per image row.
    pub fn columns(&self) -> u32 {
        (self.tiles.len() as u32).clamp(1, 8)
    }

    /// Image rows.
    pub fn rows(&self) -> u32 {
        (self.tiles.len() as u32).div_ceil(self.columns()).max(1)
    }
}

/// One tile layer: global tile ids row by row (0 = empty), `width × height` of them.
#[derive(Clone, Debug, PartialEq)]
pub struct TileLayer {
    /// Layer name.
    pub name: String,
    /// Global tile ids, row-major.
    pub gids: Vec<u32>,
    /// Whether Tiled shows it.
    pub visible: bool,
}

/// A point object (a note on a hex).
#[derive(Clone, Debug, PartialEq)]
pub struct PointObject {
    /// Object name (the hex label or coordinates).
    pub name: String,
    /// Pixel x of the hex centre.
    pub x: f64,
    /// Pixel y of the hex centre.
    pub y: f64,
    /// The note text, written as the `note` property.
    pub text: String,
}

/// A whole hexagonal Tiled map.
#[derive(Clone, Debug, PartialEq)]
pub struct TiledMap {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Pixel geometry and stagger.
    pub geometry: TileGeometry,
    /// The tileset (first gid 1).
    pub tileset: TilesetSpec,
    /// Tile layers, bottom first.
    pub layers: Vec<TileLayer>,
    /// Point objects in one object group named "notes" (omitted when empty).
    pub notes: Vec<PointObject>,
    /// Map-level string properties.
    pub properties: Vec<(String, String)>,
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
    fn regular_sizes_are_even_and_close() {
        let g = TileGeometry::for_hex_size(OffsetKind::OddR, 16.0, 16.0);
        assert_eq!((g.tile_width, g.tile_height, g.side_length), (28, 32, 16));
        let g = TileGeometry::for_hex_size(OffsetKind::EvenQ, 16.0, 16.0);
        assert_eq!((g.tile_width, g.tile_height, g.side_length), (32, 28, 16));
        let g = TileGeometry::for_hex_size(OffsetKind::OddQ, 0.1, 0.1);
        assert!(g.tile_width >= 2 && g.tile_height >= 2 && g.side_length >= 2);
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
