//! What drawing is made of: fills, strokes, circles, Bézier paths, text and the hex cell,
//! all in world units (y down, docs/DESIGN.md §3). Primitives borrow their points and text, so
//! emitting one allocates nothing; back-ends translate them (see [`super::Sink`]).

use super::colour::Colour;
use super::image::{ImageId, RgbaImage};
use hexmap_hex::{Layout, Point};

/// How a line is drawn along its length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StrokePattern {
    /// One continuous line.
    Solid,
    /// Dashes of `dash` world units with `gap` world units between them.
    Dashed {
        /// Length of each dash.
        dash: f64,
        /// Length of each gap.
        gap: f64,
    },
    /// Two parallel lines of the stroke's width, `gap` world units apart (inner edges).
    Double {
        /// Space between the two lines.
        gap: f64,
    },
}

/// How a line is drawn: width in world units, colour and style.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Width in world units (of each line, for [`StrokePattern::Double`]).
    pub width: f64,
    /// Colour.
    pub colour: Colour,
    /// Solid, dashed or double.
    pub style: StrokePattern,
}

impl Stroke {
    /// A solid line.
    pub const fn solid(width: f64, colour: Colour) -> Stroke {
        Stroke {
            width,
            colour,
            style: StrokePattern::Solid,
        }
    }
}

/// The hexagon of a layout: corner offsets from a hex centre, in corner order 0..5. Shared
/// by every [`HexCell`] of a map, so back-ends can reuse one shape (an SVG `<use>`, six
/// mesh vertices).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hexagon {
    /// Offsets of corners 0..5 from the centre.
    pub corners: [Point; 6],
}

impl Hexagon {
    /// The hexagon of `layout` (stretched when its size is).
    pub fn of(layout: &Layout) -> Hexagon {
        Hexagon {
            corners: std::array::from_fn(|i| layout.corner_offset(i)),
        }
    }

    /// Corner `i` of a copy scaled by `scale` around `centre`.
    pub fn corner(&self, centre: Point, scale: f64, i: usize) -> Point {
        let o = self.corners[i % 6];
        Point::new(centre.x + o.x * scale, centre.y + o.y * scale)
    }
}

/// One hex cell: the map's hexagon at `centre`, scaled by `scale`, filled and/or stroked
/// (the stroke is centred on the outline). The dominant primitive: back-ends optimise it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HexCell<'a> {
    /// The hexagon's corner offsets.
    pub hexagon: &'a Hexagon,
    /// Centre in world units.
    pub centre: Point,
    /// Size relative to the hexagon (1 = the full cell).
    pub scale: f64,
    /// Fill colour; `None` for no fill.
    pub fill: Option<Colour>,
    /// Outline; `None` for none.
    pub stroke: Option<Stroke>,
}

/// An axis-aligned filled rectangle (the coarse stand-in for a cell, a background).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Top-left corner.
    pub min: Point,
    /// Bottom-right corner.
    pub max: Point,
    /// Fill colour.
    pub fill: Colour,
}

/// A closed polygon, filled and/or outlined. Back-ends fill with the non-zero rule; the
/// editor's mesh back-end fills convex polygons only.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Polygon<'a> {
    /// Corners in order.
    pub points: &'a [Point],
    /// Fill colour; `None` for an outline only.
    pub fill: Option<Colour>,
    /// Outline; `None` for a fill only.
    pub stroke: Option<Stroke>,
}

/// An open stroked line through points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Polyline<'a> {
    /// Points in order.
    pub points: &'a [Point],
    /// How the line is drawn.
    pub stroke: Stroke,
}

/// A circle, filled and/or outlined.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    /// Centre.
    pub centre: Point,
    /// Radius in world units.
    pub radius: f64,
    /// Fill colour; `None` for an outline only.
    pub fill: Option<Colour>,
    /// Outline; `None` for a fill only.
    pub stroke: Option<Stroke>,
}

/// One piece of a [`Path`] from the current point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Segment {
    /// A straight line to a point.
    Line(Point),
    /// A cubic Bézier curve: two control points, then the end point.
    Cubic(Point, Point, Point),
}

/// A path of lines and cubic Béziers (roads through hex centres, vector icons), filled
/// and/or stroked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Path<'a> {
    /// Where the path starts.
    pub start: Point,
    /// The pieces, in order.
    pub segments: &'a [Segment],
    /// Join the end back to the start.
    pub closed: bool,
    /// Fill colour (non-zero rule); `None` for none.
    pub fill: Option<Colour>,
    /// Outline; `None` for none.
    pub stroke: Option<Stroke>,
}

/// An image of an [`super::ImageSet`] as drawing hands it to a back-end: its pixels and
/// its number, by which back-ends that keep images (textures, PDF objects, SVG
/// definitions) key them.
#[derive(Clone, Copy, Debug)]
pub struct ImageRef<'a> {
    /// The image's number in its set.
    pub id: ImageId,
    /// Its pixels.
    pub pixels: &'a RgbaImage,
}

/// A picture stretched over the box `min`..`max` (world units), optionally clipped to a
/// convex polygon (the hex of tile art) and multiplied by a tint colour.
#[derive(Clone, Copy, Debug)]
pub struct Image<'a> {
    /// Which image, and its pixels.
    pub source: ImageRef<'a>,
    /// Top-left corner of the box the image fills.
    pub min: Point,
    /// Bottom-right corner of that box.
    pub max: Point,
    /// A convex polygon outside which nothing is drawn; `None` for the whole box.
    pub clip: Option<&'a [Point]>,
    /// Each pixel's colour multiplied by this colour; `None` for the image as it is.
    pub tint: Option<Colour>,
}

/// A picture placed by an affine map from its pixels to the world (turned, scaled,
/// anywhere), drawn with an opacity: the tracing underlay. Image pixel (`px`, `py`) (its
/// top-left corner, in pixels from the image's top-left) lies at world point
/// `origin + px × x_step + py × y_step`.
#[derive(Clone, Copy, Debug)]
pub struct PlacedImage<'a> {
    /// Which image, and its pixels.
    pub source: ImageRef<'a>,
    /// World point of the image's top-left corner.
    pub origin: Point,
    /// World vector of one pixel to the right.
    pub x_step: Point,
    /// World vector of one pixel down.
    pub y_step: Point,
    /// 0 (invisible) to 1 (as the image is).
    pub opacity: f32,
}

/// A typeface every back-end can draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FontFamily {
    /// A proportional sans-serif.
    Sans,
    /// A monospace face (coordinate labels line up).
    Mono,
}

/// Typeface, weight and slant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Font {
    /// The family.
    pub family: FontFamily,
    /// Bold weight.
    pub bold: bool,
    /// Italic slant.
    pub italic: bool,
}

impl Font {
    /// Regular weight, upright.
    pub const fn regular(family: FontFamily) -> Font {
        Font {
            family,
            bold: false,
            italic: false,
        }
    }
}

/// Horizontal placement of text relative to its anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HAlign {
    /// The anchor is the left end.
    Left,
    /// The anchor is the middle.
    Centre,
    /// The anchor is the right end.
    Right,
}

/// Vertical placement of text relative to its anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VAlign {
    /// The anchor is the top of the text.
    Top,
    /// The anchor is halfway between the top and the bottom.
    Middle,
    /// The anchor is the baseline.
    Baseline,
    /// The anchor is the bottom of the text.
    Bottom,
}

/// An outline behind text so it reads on any background.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Halo {
    /// Colour of the outline.
    pub colour: Colour,
    /// Width in world units, around each glyph.
    pub width: f64,
}

/// One line of text.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Text<'a> {
    /// What to write.
    pub text: &'a str,
    /// The point the alignment refers to, in world units.
    pub anchor: Point,
    /// Font size (the height of a line) in world units.
    pub size: f64,
    /// Ink.
    pub colour: Colour,
    /// Outline behind the glyphs, if any.
    pub halo: Option<Halo>,
    /// Horizontal alignment.
    pub h_align: HAlign,
    /// Vertical alignment.
    pub v_align: VAlign,
    /// Rotation around the anchor in radians, clockwise on screen (y down).
    pub rotation: f64,
    /// Typeface.
    pub font: Font,
}

impl<'a> Text<'a> {
    /// Upright text centred on `anchor`, without halo.
    pub fn centred(text: &'a str, anchor: Point, size: f64, colour: Colour, font: Font) -> Self {
        Text {
            text,
            anchor,
            size,
            colour,
            halo: None,
            h_align: HAlign::Centre,
            v_align: VAlign::Middle,
            rotation: 0.0,
            font,
        }
    }
}

/// A [`Text`] that owns its string, for back-ends that keep text to draw later (the
/// editor draws cached chunks' text each frame).
#[derive(Clone, Debug, PartialEq)]
pub struct OwnedText {
    /// What to write.
    pub text: String,
    /// The rest of the text's description (its `text` field is empty).
    pub style: Text<'static>,
}

impl OwnedText {
    /// A copy of `text`.
    pub fn new(text: &Text<'_>) -> OwnedText {
        OwnedText {
            text: text.text.to_owned(),
            style: Text { text: "", ..*text },
        }
    }

    /// The text to hand to a sink.
    pub fn as_text(&self) -> Text<'_> {
        Text {
            text: &self.text,
            ..self.style
        }
    }
}
