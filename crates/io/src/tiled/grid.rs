//! Where hexes are in a Tiled map's pixel space: the cell of a hex, its centre and the
//! hexagon Tiled draws for it, the two corners an edge's tiles share, and back from a
//! pixel to the hex or edge under it. The objects hexmap writes (edges, paths, icons,
//! labels) are placed with it, and read back with it when their properties are missing.

use super::geometry::TileGeometry;
use hexmap_hex::{Edge, FracHex, Hex, Layout, OffsetCoord, OffsetKind, Point};

/// A Tiled map's cells: Tiled's (col, row) is the offset `origin + (col, row)` in `kind`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TiledGrid {
    /// The offset kind of Tiled's (col, row) (the map's stagger).
    pub kind: OffsetKind,
    /// Our offset (col, row) of Tiled's cell (0, 0).
    pub origin: (i32, i32),
    /// Tile sizes and stagger.
    pub geometry: TileGeometry,
}

impl TiledGrid {
    /// Tiled's (col, row) of a hex.
    pub fn cell(&self, hex: Hex) -> (i64, i64) {
        let c = self.kind.from_hex(hex);
        (
            i64::from(c.col) - i64::from(self.origin.0),
            i64::from(c.row) - i64::from(self.origin.1),
        )
    }

    /// The centre of a hex's tile in Tiled's pixels.
    pub fn centre(&self, hex: Hex) -> Point {
        let (col, row) = self.cell(hex);
        let (x, y) = self.geometry.tile_centre(col, row);
        Point::new(x, y)
    }

    /// The six corners of the hexagon Tiled draws for a hex, in Tiled's pixels.
    pub fn hexagon(&self, hex: Hex) -> [Point; 6] {
        let (col, row) = self.cell(hex);
        let (x0, y0) = self.geometry.tile_origin(col, row);
        self.geometry
            .tile_hexagon()
            .map(|(x, y)| Point::new(x0 as f64 + x, y0 as f64 + y))
    }

    /// The two ends of an edge in Tiled's pixels: the corners of the two hexagons Tiled
    /// draws that coincide, in the order of the canonical hex's hexagon.
    pub fn edge_ends(&self, edge: Edge) -> [Point; 2] {
        let (a, b) = edge.hexes();
        let other = self.hexagon(b);
        let shared: Vec<Point> = self
            .hexagon(a)
            .into_iter()
            .filter(|p| {
                other
                    .iter()
                    .any(|q| (p.x - q.x).abs() < 1e-6 && (p.y - q.y).abs() < 1e-6)
            })
            .collect();
        match shared.as_slice() {
            [p, q] => [*p, *q],
            // Tiled's integer tiles always share two corners; fall back to the midpoint
            // of the centres for a degenerate geometry rather than fail.
            _ => {
                let (ca, cb) = (self.centre(a), self.centre(b));
                let m = Point::new((ca.x + cb.x) / 2.0, (ca.y + cb.y) / 2.0);
                [m, m]
            }
        }
    }

    /// hexmap's [`Layout`] in Tiled's pixels: it puts every hex centre where Tiled draws
    /// its tile's centre (pointy rows `tilewidth` apart across, (`tileheight` +
    /// `hexsidelength`) / 2 down; flat the other way round).
    pub fn layout(&self) -> Layout {
        let g = &self.geometry;
        let (tw, th, side) = (
            f64::from(g.tile_width),
            f64::from(g.tile_height),
            f64::from(g.side_length),
        );
        let orientation = g.axis.orientation();
        let sqrt3 = 3f64.sqrt();
        let size = match orientation {
            hexmap_hex::Orientation::Pointy => Point::new(tw / sqrt3, (th + side) / 3.0),
            hexmap_hex::Orientation::Flat => Point::new((tw + side) / 3.0, th / sqrt3),
        };
        let size = Point::new(size.x.max(1e-3), size.y.max(1e-3));
        let unshifted = Layout::new(orientation, size, Point::default()).expect("positive size");
        let first = self
            .kind
            .to_hex(OffsetCoord::new(self.origin.0, self.origin.1));
        let (want, got) = (self.centre(first), unshifted.hex_to_pixel(first));
        Layout::new(
            orientation,
            size,
            Point::new(want.x - got.x, want.y - got.y),
        )
        .expect("finite origin")
    }

    /// The hex whose centre is nearest to a pixel point (`None` for a point that is not
    /// a finite number or lies beyond our coordinate range).
    pub fn hex_at(&self, p: Point) -> Option<Hex> {
        let f = self.frac_at(p)?;
        Some(f.round())
    }

    /// The edge nearest to a pixel point.
    pub fn edge_at(&self, p: Point) -> Option<Edge> {
        self.frac_at(p)?;
        self.layout().pixel_to_edge(p)
    }

    fn frac_at(&self, p: Point) -> Option<FracHex> {
        let f = self.layout().pixel_to_frac(p);
        let limit = f64::from(hexmap_map::shape::MAX_COORD);
        (f.q.is_finite() && f.r.is_finite() && f.q.abs() < limit && f.r.abs() < limit).then_some(f)
    }

    /// A point of the map's world space (`world`: the map's own layout) in Tiled's pixels.
    pub fn to_tiled(&self, world: &Layout, p: Point) -> Point {
        self.layout().frac_to_pixel(world.pixel_to_frac(p))
    }

    /// A point in Tiled's pixels in the map's world space.
    pub fn to_world(&self, world: &Layout, p: Point) -> Point {
        world.frac_to_pixel(self.layout().pixel_to_frac(p))
    }

    /// How many Tiled pixels one world unit is, across and down.
    pub fn scale(&self, world: &Layout) -> (f64, f64) {
        let (t, w) = (self.layout().size(), world.size());
        (t.x / w.x, t.y / w.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{Direction, Orientation};

    fn grid(kind: OffsetKind, origin: (i32, i32)) -> TiledGrid {
        TiledGrid {
            kind,
            origin,
            geometry: TileGeometry::for_hex_size(kind, 16.0, 16.0),
        }
    }

    #[test]
    fn the_layout_puts_every_centre_on_its_tile_and_edges_on_shared_corners() {
        for kind in OffsetKind::ALL {
            for origin in [(0, 0), (-4, 2), (6, -6)] {
                let g = grid(kind, origin);
                let layout = g.layout();
                assert_eq!(
                    layout.orientation(),
                    if kind.shoves_rows() {
                        Orientation::Pointy
                    } else {
                        Orientation::Flat
                    }
                );
                for q in -3..4 {
                    for r in -3..4 {
                        let h = Hex::new(q + origin.0, r + origin.1);
                        let (a, b) = (layout.hex_to_pixel(h), g.centre(h));
                        assert!((a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9);
                        assert_eq!(g.hex_at(b), Some(h));
                        for d in Direction::ALL {
                            let e = Edge::new(h, d);
                            // On these regular tiles Tiled's shared corners are hexmap's.
                            let mut ours = layout.edge_points(e);
                            let mut theirs = g.edge_ends(e);
                            let key = |p: &Point| ((p.x * 1e6) as i64, (p.y * 1e6) as i64);
                            ours.sort_by_key(key);
                            theirs.sort_by_key(key);
                            for (p, t) in ours.iter().zip(&theirs) {
                                assert!((p.x - t.x).abs() < 1e-6 && (p.y - t.y).abs() < 1e-6);
                            }
                            let m = Point::new(
                                (theirs[0].x + theirs[1].x) / 2.0,
                                (theirs[0].y + theirs[1].y) / 2.0,
                            );
                            assert_eq!(g.edge_at(m), Some(e), "{kind} {h} {d:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn points_far_away_have_no_hex() {
        let g = grid(OffsetKind::OddR, (0, 0));
        assert_eq!(g.hex_at(Point::new(f64::NAN, 0.0)), None);
        assert_eq!(g.hex_at(Point::new(1e300, 0.0)), None);
        assert_eq!(g.edge_at(Point::new(0.0, -1e300)), None);
    }
}
