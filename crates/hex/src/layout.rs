//! Layout: where hexes sit on screen (pointy or flat, regular or stretched) and back.

use super::{Direction, Edge, FracHex, Hex, pick};
use std::fmt;
use std::str::FromStr;

const SQRT3: f64 = 1.732_050_807_568_877_2;

const HALF_SQRT3: f64 = SQRT3 / 2.0;

/// (cos, sin) of each corner angle 2π(start − i)/6, exact to the last bit instead of
/// computed with `cos`/`sin` on every call.
const POINTY_CORNERS: [[f64; 2]; 6] = [
    [HALF_SQRT3, 0.5],
    [HALF_SQRT3, -0.5],
    [0.0, -1.0],
    [-HALF_SQRT3, -0.5],
    [-HALF_SQRT3, 0.5],
    [0.0, 1.0],
];
const FLAT_CORNERS: [[f64; 2]; 6] = [
    [1.0, 0.0],
    [0.5, -HALF_SQRT3],
    [-0.5, -HALF_SQRT3],
    [-1.0, 0.0],
    [-0.5, HALF_SQRT3],
    [0.5, HALF_SQRT3],
];

const fn unit_corners(o: Orientation) -> &'static [[f64; 2]; 6] {
    match o {
        Orientation::Pointy => &POINTY_CORNERS,
        Orientation::Flat => &FLAT_CORNERS,
    }
}

/// Pointy-topped hexes (rows) or flat-topped hexes (columns).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Orientation {
    /// A vertex points up; hexes form rows.
    #[default]
    Pointy,
    /// An edge is on top; hexes form columns.
    Flat,
}

/// The 2×2 forward and inverse matrices and start angle of one orientation (crate docs, "Reference vectors": the layout formulas).
#[derive(Clone, Copy, Debug)]
pub struct OrientationMatrix {
    /// Forward matrix (f0, f1, f2, f3): axial → unit pixel.
    pub forward: [f64; 4],
    /// Inverse matrix (b0, b1, b2, b3): unit pixel → fractional axial.
    pub inverse: [f64; 4],
    /// Angle of corner 0 in multiples of 60°.
    pub start_angle: f64,
}

const POINTY: OrientationMatrix = OrientationMatrix {
    forward: [SQRT3, SQRT3 / 2.0, 0.0, 1.5],
    inverse: [SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0],
    start_angle: 0.5,
};

const FLAT: OrientationMatrix = OrientationMatrix {
    forward: [1.5, 0.0, SQRT3 / 2.0, SQRT3],
    inverse: [2.0 / 3.0, 0.0, -1.0 / 3.0, SQRT3 / 3.0],
    start_angle: 0.0,
};

impl Orientation {
    /// The two corner indices (numbering of [`Layout::corners`]) bounding the side of a hex
    /// that faces `direction`: corners d and d + 1 on pointy hexes, d − 1 and d on flat. The
    /// same for every size and origin, so an outline can be worked out without a layout.
    ///
    /// ```
    /// use hexmap_hex::{Direction, Orientation};
    /// assert_eq!(Orientation::Pointy.side_corners(Direction::from_index(0)), [0, 1]);
    /// assert_eq!(Orientation::Flat.side_corners(Direction::from_index(0)), [5, 0]);
    /// ```
    #[must_use]
    pub const fn side_corners(self, direction: Direction) -> [usize; 2] {
        let d = direction.index();
        match self {
            Orientation::Pointy => [d, (d + 1) % 6],
            Orientation::Flat => [(d + 5) % 6, d],
        }
    }

    /// The matrices of this orientation.
    #[must_use]
    pub const fn matrix(self) -> &'static OrientationMatrix {
        match self {
            Orientation::Pointy => &POINTY,
            Orientation::Flat => &FLAT,
        }
    }

    /// The lowercase name used in files and on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Orientation::Pointy => "pointy",
            Orientation::Flat => "flat",
        }
    }
}

impl fmt::Display for Orientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Orientation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "pointy" => Ok(Orientation::Pointy),
            "flat" => Ok(Orientation::Flat),
            _ => Err(format!(
                "unknown orientation '{s}' (expected pointy or flat)"
            )),
        }
    }
}

/// A point in world (pixel) space, y down.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// x, growing right.
    pub x: f64,
    /// y, growing down.
    pub y: f64,
}

impl Point {
    /// A point from its coordinates.
    #[must_use]
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }
}

/// Why a layout could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LayoutError {
    /// A size component was zero, negative, or not finite.
    #[error("hex size must be finite and greater than 0, got ({0}, {1})")]
    BadSize(f64, f64),
    /// An origin component was not finite.
    #[error("origin must be finite, got ({0}, {1})")]
    BadOrigin(f64, f64),
}

/// Where hexes sit in world space: orientation, hex size (x, y — unequal for stretched
/// hexes) and the pixel position of hex (0, 0).
///
/// `size` is the distance from centre to corner along each axis, as on Red Blob Games.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Layout {
    orientation: Orientation,
    size: Point,
    origin: Point,
}

/// The nearest vertex to a point: the hex it lies in and the corner index (0..5, the
/// numbering of [`Layout::corners`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Vertex {
    /// The hex the point is in.
    pub hex: Hex,
    /// Corner index 0..5.
    pub corner: usize,
}

impl Layout {
    /// A layout; sizes must be finite and positive, the origin finite.
    pub fn new(orientation: Orientation, size: Point, origin: Point) -> Result<Self, LayoutError> {
        if !(size.x.is_finite() && size.y.is_finite() && size.x > 0.0 && size.y > 0.0) {
            return Err(LayoutError::BadSize(size.x, size.y));
        }
        if !(origin.x.is_finite() && origin.y.is_finite()) {
            return Err(LayoutError::BadOrigin(origin.x, origin.y));
        }
        Ok(Layout {
            orientation,
            size,
            origin,
        })
    }

    /// A regular layout of hexes of circumradius `size` centred at the origin.
    pub fn regular(orientation: Orientation, size: f64) -> Result<Self, LayoutError> {
        Self::new(orientation, Point::new(size, size), Point::default())
    }

    /// The orientation.
    #[must_use]
    pub const fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// The hex size (centre to corner) along x and y.
    #[must_use]
    pub const fn size(&self) -> Point {
        self.size
    }

    /// The hex size along its shorter axis, `size.x.min(size.y)` (centre to corner; the
    /// two are equal unless the hexes are stretched): the one length drawings scale
    /// strokes, icons and tolerances by, so a stretched hex draws them no larger than its
    /// narrow side allows.
    ///
    /// ```
    /// use hexmap_hex::{Layout, Orientation, Point};
    /// let stretched = Layout::new(Orientation::Flat, Point::new(10.0, 15.0), Point::default());
    /// assert_eq!(stretched.unwrap().inner_radius(), 10.0);
    /// ```
    #[must_use]
    pub const fn inner_radius(&self) -> f64 {
        self.size.x.min(self.size.y)
    }

    /// The pixel position of hex (0, 0).
    #[must_use]
    pub const fn origin(&self) -> Point {
        self.origin
    }

    /// Centre of a hex in world space.
    ///
    /// ```
    /// use hexmap_hex::{Hex, Layout, Orientation, Point};
    /// // Reference vector: (3,4,−7) with size (10,15) and origin (35,71).
    /// let (size, origin) = (Point::new(10.0, 15.0), Point::new(35.0, 71.0));
    /// let flat = Layout::new(Orientation::Flat, size, origin).unwrap();
    /// let pointy = Layout::new(Orientation::Pointy, size, origin).unwrap();
    /// let f = flat.hex_to_pixel(Hex::new(3, 4));
    /// let p = pointy.hex_to_pixel(Hex::new(3, 4));
    /// assert!((f.x - 80.0).abs() < 1e-9 && (f.y - 213.894_191_6).abs() < 1e-6);
    /// assert!((p.x - 121.602_540_3).abs() < 1e-6 && (p.y - 161.0).abs() < 1e-9);
    /// ```
    #[inline]
    #[must_use]
    pub fn hex_to_pixel(&self, h: Hex) -> Point {
        self.frac_to_pixel(FracHex::from(h))
    }

    /// A fractional hex position in world space.
    #[inline]
    #[must_use]
    pub fn frac_to_pixel(&self, h: FracHex) -> Point {
        let m = self.orientation.matrix().forward;
        Point::new(
            (m[0] * h.q + m[1] * h.r) * self.size.x + self.origin.x,
            (m[2] * h.q + m[3] * h.r) * self.size.y + self.origin.y,
        )
    }

    /// The fractional hex at a world point (no rounding).
    #[must_use]
    pub fn pixel_to_frac(&self, p: Point) -> FracHex {
        let b = self.orientation.matrix().inverse;
        let u = (p.x - self.origin.x) / self.size.x;
        let v = (p.y - self.origin.y) / self.size.y;
        FracHex::new(b[0] * u + b[1] * v, b[2] * u + b[3] * v)
    }

    /// The hex containing a world point, exactly: the answer is the hex whose true region
    /// holds the point, even a hair from an edge or far from the origin. Points exactly on an
    /// edge or vertex go to one of the touching hexes, always the same one.
    /// `None` for a non-finite point or one beyond the i32 coordinate range.
    ///
    /// ```
    /// use hexmap_hex::{Direction, Hex, Layout, Orientation, Point};
    /// let layout = Layout::regular(Orientation::Pointy, 1.0).unwrap();
    /// // A hex some 10⁸ units from the origin, and the east side it shares with its
    /// // neighbour: a micro-unit either side of that side picks either hex.
    /// let h = Hex::new(100_000_000, -50_000_000);
    /// let east = h.neighbor(Direction::POINTY_E);
    /// let c = layout.hex_to_pixel(h);
    /// let side_x = c.x + 3f64.sqrt() / 2.0;
    /// assert_eq!(layout.pixel_to_hex(Point::new(side_x - 1e-6, c.y)), Some(h));
    /// assert_eq!(layout.pixel_to_hex(Point::new(side_x + 1e-6, c.y)), Some(east));
    /// assert_eq!(layout.pixel_to_hex(Point::new(f64::NAN, 0.0)), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn pixel_to_hex(&self, p: Point) -> Option<Hex> {
        pick::pick_exact(self, p)
    }

    /// The hex at a world point by plain f64 rounding (fast, may be wrong within rounding
    /// error of an edge). Use [`Layout::pixel_to_hex`] unless you measured a need.
    #[must_use]
    pub fn pixel_to_hex_rounded(&self, p: Point) -> Hex {
        self.pixel_to_frac(p).round()
    }

    /// Offset of corner `i` (taken modulo 6) from a hex centre: angle 2π(start − i)/6, y down.
    #[inline]
    #[must_use]
    pub fn corner_offset(&self, i: usize) -> Point {
        let [x, y] = unit_corners(self.orientation)[i % 6];
        Point::new(self.size.x * x, self.size.y * y)
    }

    /// The six corners of a hex in world space, in corner order 0..5.
    ///
    /// ```
    /// use hexmap_hex::{Hex, Layout, Orientation, Point};
    /// // Reference vector: the flat corners of (3,4), size (10,15), origin (35,71).
    /// let layout =
    ///     Layout::new(Orientation::Flat, Point::new(10.0, 15.0), Point::new(35.0, 71.0)).unwrap();
    /// let want = [
    ///     (90.0, 213.894), (85.0, 200.904), (75.0, 200.904),
    ///     (70.0, 213.894), (75.0, 226.885), (85.0, 226.885),
    /// ];
    /// for (c, (x, y)) in layout.corners(Hex::new(3, 4)).into_iter().zip(want) {
    ///     assert!((c.x - x).abs() < 1e-3 && (c.y - y).abs() < 1e-3, "{c:?}");
    /// }
    /// ```
    #[must_use]
    pub fn corners(&self, h: Hex) -> [Point; 6] {
        let c = self.hex_to_pixel(h);
        std::array::from_fn(|i| {
            let o = self.corner_offset(i);
            Point::new(c.x + o.x, c.y + o.y)
        })
    }

    /// Distance in "hex units" (world distance with the stretch undone), used to compare
    /// nearness consistently on stretched layouts.
    fn unit_distance_sq(&self, a: Point, b: Point) -> f64 {
        let dx = (a.x - b.x) / self.size.x;
        let dy = (a.y - b.y) / self.size.y;
        dx * dx + dy * dy
    }

    /// The edge nearest to a world point: a side of the hex it is in, the one facing the
    /// neighbour whose centre is nearest (measured with the stretch undone, so on a regular
    /// layout it is exactly the nearest side). `None` where `pixel_to_hex` is `None`.
    #[must_use]
    pub fn pixel_to_edge(&self, p: Point) -> Option<Edge> {
        let hex = self.pixel_to_hex(p)?;
        let direction = Direction::ALL
            .into_iter()
            .min_by(|a, b| {
                let da = self.unit_distance_sq(p, self.hex_to_pixel(hex.neighbor(*a)));
                let db = self.unit_distance_sq(p, self.hex_to_pixel(hex.neighbor(*b)));
                da.total_cmp(&db)
            })
            .expect("six directions");
        Some(Edge::new(hex, direction))
    }

    /// The two corner indices (numbering of [`Layout::corners`]) bounding the side of a hex
    /// that faces `direction`: corners d and d + 1 on pointy hexes, d − 1 and d on flat.
    #[must_use]
    pub const fn side_corners(&self, direction: Direction) -> [usize; 2] {
        self.orientation.side_corners(direction)
    }

    /// The two end points of an edge in world space: the corners the two hexes share, from
    /// the canonical hex's side (see [`Layout::side_corners`]).
    #[must_use]
    pub fn edge_points(&self, edge: Edge) -> [Point; 2] {
        let c = self.hex_to_pixel(edge.hex());
        self.side_corners(edge.direction()).map(|i| {
            let o = self.corner_offset(i);
            Point::new(c.x + o.x, c.y + o.y)
        })
    }

    /// The middle of an edge in world space (halfway between the two hex centres).
    #[must_use]
    pub fn edge_midpoint(&self, edge: Edge) -> Point {
        let (a, b) = edge.hexes();
        let (pa, pb) = (self.hex_to_pixel(a), self.hex_to_pixel(b));
        Point::new((pa.x + pb.x) / 2.0, (pa.y + pb.y) / 2.0)
    }

    /// The vertex nearest to a world point: the hex it is in and its nearest corner.
    #[must_use]
    pub fn pixel_to_vertex(&self, p: Point) -> Option<Vertex> {
        let hex = self.pixel_to_hex(p)?;
        let corners = self.corners(hex);
        let corner = (0..6)
            .min_by(|&a, &b| {
                self.unit_distance_sq(p, corners[a])
                    .total_cmp(&self.unit_distance_sq(p, corners[b]))
            })
            .expect("six corners");
        Some(Vertex { hex, corner })
    }
}

#[cfg(test)]
mod tests;
