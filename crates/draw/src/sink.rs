//! The one interface between drawing and back-ends: a [`Sink`] receives primitives in
//! world units and turns them into pixels, SVG elements, PDF operators or egui meshes.

use super::colour::Colour;
use super::image::ImageId;
use super::primitives::{
    Circle, HexCell, Image, Path, PlacedImage, Polygon, Polyline, Rect, Segment, Stroke, Text,
};
use hexmap_hex::Point;

/// A back-end of `draw`. Required: polygons, polylines, paths and text; hex cells,
/// rectangles and circles default to those and are worth overriding where the back-end
/// has something cheaper (a mesh fan, an SVG `<use>`).
pub trait Sink {
    /// A hex cell (the dominant primitive).
    fn hex(&mut self, cell: &HexCell<'_>) {
        let corners: [Point; 6] =
            std::array::from_fn(|i| cell.hexagon.corner(cell.centre, cell.scale, i));
        self.polygon(&Polygon {
            points: &corners,
            fill: cell.fill,
            stroke: cell.stroke,
        });
    }

    /// A filled axis-aligned rectangle.
    fn rect(&mut self, rect: &Rect) {
        let (a, b) = (rect.min, rect.max);
        let corners = [a, Point::new(b.x, a.y), b, Point::new(a.x, b.y)];
        self.polygon(&Polygon {
            points: &corners,
            fill: Some(rect.fill),
            stroke: None,
        });
    }

    /// A closed polygon.
    fn polygon(&mut self, polygon: &Polygon<'_>);

    /// An open line.
    fn polyline(&mut self, line: &Polyline<'_>);

    /// A circle.
    fn circle(&mut self, circle: &Circle) {
        // Four cubic quarter arcs (error below 0.03 % of the radius).
        const K: f64 = 0.552_284_749_830_793_4;
        let (c, r) = (circle.centre, circle.radius);
        let p = |x: f64, y: f64| Point::new(c.x + x * r, c.y + y * r);
        let segments = [
            Segment::Cubic(p(1.0, K), p(K, 1.0), p(0.0, 1.0)),
            Segment::Cubic(p(-K, 1.0), p(-1.0, K), p(-1.0, 0.0)),
            Segment::Cubic(p(-1.0, -K), p(-K, -1.0), p(0.0, -1.0)),
            Segment::Cubic(p(K, -1.0), p(1.0, -K), p(1.0, 0.0)),
        ];
        self.path(&Path {
            start: p(1.0, 0.0),
            segments: &segments,
            closed: true,
            fill: circle.fill,
            stroke: circle.stroke,
        });
    }

    /// A path of lines and Béziers.
    fn path(&mut self, path: &Path<'_>);

    /// A line of text.
    fn text(&mut self, text: &Text<'_>);

    /// A picture. The default draws nothing: a back-end without images shows what was
    /// drawn under it (the terrain colour under tile art).
    fn image(&mut self, image: &Image<'_>) {
        let _ = image;
    }

    /// A picture placed by an affine map (the tracing underlay). Required, so no
    /// back-end can leave it out without saying so.
    fn placed_image(&mut self, image: &PlacedImage<'_>);
}

/// A sink passing everything but text on to another: for redrawing shapes whose texts a
/// back-end already paints over everything (the editor's chunk texts).
pub struct WithoutText<'a>(pub &'a mut dyn Sink);

impl Sink for WithoutText<'_> {
    fn hex(&mut self, cell: &HexCell<'_>) {
        self.0.hex(cell);
    }

    fn rect(&mut self, rect: &Rect) {
        self.0.rect(rect);
    }

    fn polygon(&mut self, polygon: &Polygon<'_>) {
        self.0.polygon(polygon);
    }

    fn polyline(&mut self, line: &Polyline<'_>) {
        self.0.polyline(line);
    }

    fn circle(&mut self, circle: &Circle) {
        self.0.circle(circle);
    }

    fn path(&mut self, path: &Path<'_>) {
        self.0.path(path);
    }

    fn text(&mut self, _: &Text<'_>) {}

    fn image(&mut self, image: &Image<'_>) {
        self.0.image(image);
    }

    fn placed_image(&mut self, image: &PlacedImage<'_>) {
        self.0.placed_image(image);
    }
}

/// One primitive as a [`Recording`] keeps it (owned).
#[derive(Clone, Debug, PartialEq)]
pub enum Recorded {
    /// A hex cell.
    Hex {
        /// Centre.
        centre: Point,
        /// Scale relative to the hexagon.
        scale: f64,
        /// Fill.
        fill: Option<Colour>,
        /// Outline.
        stroke: Option<Stroke>,
    },
    /// A rectangle.
    Rect(Rect),
    /// A polygon.
    Polygon {
        /// Corners.
        points: Vec<Point>,
        /// Fill.
        fill: Option<Colour>,
        /// Outline.
        stroke: Option<Stroke>,
    },
    /// An open line.
    Polyline {
        /// Points.
        points: Vec<Point>,
        /// How it is drawn.
        stroke: Stroke,
    },
    /// A circle.
    Circle(Circle),
    /// A path.
    Path {
        /// Start point.
        start: Point,
        /// Pieces.
        segments: Vec<Segment>,
        /// Closed.
        closed: bool,
        /// Fill.
        fill: Option<Colour>,
        /// Outline.
        stroke: Option<Stroke>,
    },
    /// Text.
    Text {
        /// The string.
        text: String,
        /// Anchor point.
        anchor: Point,
        /// Size in world units.
        size: f64,
        /// Ink.
        colour: Colour,
    },
    /// A picture placed by an affine map (its pixels are not kept).
    PlacedImage {
        /// The image's number.
        id: ImageId,
        /// World point of its top-left corner.
        origin: Point,
        /// World vector of one pixel to the right.
        x_step: Point,
        /// World vector of one pixel down.
        y_step: Point,
        /// Its opacity.
        opacity: f32,
    },
    /// A picture (its pixels are not kept).
    Image {
        /// The image's number.
        id: ImageId,
        /// Top-left of its box.
        min: Point,
        /// Bottom-right of its box.
        max: Point,
        /// The clip polygon, if any.
        clip: Option<Vec<Point>>,
        /// The tint, if any.
        tint: Option<Colour>,
    },
}

/// A sink that keeps what it receives, in order: for tests of drawing functions and for
/// back-ends that replay primitives later.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recording {
    /// Everything received, in order.
    pub items: Vec<Recorded>,
}

impl Recording {
    /// The polylines received, in order: their points and stroke.
    pub fn polylines(&self) -> Vec<(Vec<Point>, Stroke)> {
        self.items
            .iter()
            .filter_map(|i| match i {
                Recorded::Polyline { points, stroke } => Some((points.clone(), *stroke)),
                _ => None,
            })
            .collect()
    }

    /// The texts received, in order.
    pub fn texts(&self) -> Vec<&str> {
        self.items
            .iter()
            .filter_map(|i| match i {
                Recorded::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    /// How many hex cells were received.
    pub fn hex_count(&self) -> usize {
        self.items
            .iter()
            .filter(|i| matches!(i, Recorded::Hex { .. }))
            .count()
    }
}

impl Sink for Recording {
    fn hex(&mut self, cell: &HexCell<'_>) {
        self.items.push(Recorded::Hex {
            centre: cell.centre,
            scale: cell.scale,
            fill: cell.fill,
            stroke: cell.stroke,
        });
    }

    fn rect(&mut self, rect: &Rect) {
        self.items.push(Recorded::Rect(*rect));
    }

    fn polygon(&mut self, p: &Polygon<'_>) {
        self.items.push(Recorded::Polygon {
            points: p.points.to_vec(),
            fill: p.fill,
            stroke: p.stroke,
        });
    }

    fn polyline(&mut self, l: &Polyline<'_>) {
        self.items.push(Recorded::Polyline {
            points: l.points.to_vec(),
            stroke: l.stroke,
        });
    }

    fn circle(&mut self, c: &Circle) {
        self.items.push(Recorded::Circle(*c));
    }

    fn path(&mut self, p: &Path<'_>) {
        self.items.push(Recorded::Path {
            start: p.start,
            segments: p.segments.to_vec(),
            closed: p.closed,
            fill: p.fill,
            stroke: p.stroke,
        });
    }

    fn text(&mut self, t: &Text<'_>) {
        self.items.push(Recorded::Text {
            text: t.text.to_owned(),
            anchor: t.anchor,
            size: t.size,
            colour: t.colour,
        });
    }

    fn image(&mut self, i: &Image<'_>) {
        self.items.push(Recorded::Image {
            id: i.source.id,
            min: i.min,
            max: i.max,
            clip: i.clip.map(<[Point]>::to_vec),
            tint: i.tint,
        });
    }

    fn placed_image(&mut self, i: &PlacedImage<'_>) {
        self.items.push(Recorded::PlacedImage {
            id: i.source.id,
            origin: i.origin,
            x_step: i.x_step,
            y_step: i.y_step,
            opacity: i.opacity,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitives::Hexagon;

    /// Only the required methods: the defaults must turn hexes, rects and circles into them.
    #[derive(Default)]
    struct Minimal(Recording);

    impl Sink for Minimal {
        fn polygon(&mut self, p: &Polygon<'_>) {
            self.0.polygon(p);
        }
        fn polyline(&mut self, l: &Polyline<'_>) {
            self.0.polyline(l);
        }
        fn path(&mut self, p: &Path<'_>) {
            self.0.path(p);
        }
        fn text(&mut self, t: &Text<'_>) {
            self.0.text(t);
        }
        fn placed_image(&mut self, i: &PlacedImage<'_>) {
            self.0.placed_image(i);
        }
    }

    #[test]
    fn defaults_draw_hexes_rects_and_circles_with_the_required_primitives() {
        let layout = hexmap_hex::Layout::regular(hexmap_hex::Orientation::Flat, 10.0).unwrap();
        let hexagon = Hexagon::of(&layout);
        let mut s = Minimal::default();
        s.hex(&HexCell {
            hexagon: &hexagon,
            centre: Point::new(100.0, 50.0),
            scale: 0.5,
            fill: Some(Colour::BLACK),
            stroke: None,
        });
        s.rect(&Rect {
            min: Point::new(0.0, 0.0),
            max: Point::new(2.0, 3.0),
            fill: Colour::WHITE,
        });
        s.circle(&Circle {
            centre: Point::new(5.0, 5.0),
            radius: 2.0,
            fill: None,
            stroke: Some(Stroke::solid(1.0, Colour::BLACK)),
        });
        let items = &s.0.items;
        assert_eq!(items.len(), 3);
        let Recorded::Polygon { points, .. } = &items[0] else {
            panic!("{items:?}")
        };
        // Flat corner 0 is to the east: centre + (5, 0) at half scale.
        assert_eq!(points.len(), 6);
        assert!((points[0].x - 105.0).abs() < 1e-9 && (points[0].y - 50.0).abs() < 1e-9);
        let Recorded::Polygon { points, .. } = &items[1] else {
            panic!("{items:?}")
        };
        assert_eq!(points[2], Point::new(2.0, 3.0));
        let Recorded::Path {
            start,
            segments,
            closed,
            ..
        } = &items[2]
        else {
            panic!("{items:?}")
        };
        assert!(*closed);
        assert_eq!(*start, Point::new(7.0, 5.0));
        assert_eq!(segments.len(), 4);
        // A quarter arc ends a quarter turn on (y down: toward the bottom).
        assert!(matches!(segments[0], Segment::Cubic(_, _, p) if p == Point::new(5.0, 7.0)));
    }
}
