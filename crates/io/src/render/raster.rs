//! The raster back-end of `draw`: primitives painted into a tiny-skia pixmap, anti-aliased,
//! through a world → pixel transform (scale, then offset).

use super::glyphs::Fonts;
use super::hex_raster::{HexPaint, paint_hex};
use hexmap_draw::lines::{double_lines, flatten_circle, flatten_path};
use hexmap_draw::{
    Circle, Colour, HexCell, Image, ImageId, Path, PlacedImage, Polygon, Polyline, Rect, RgbaImage,
    Segment, Sink, Stroke, StrokePattern, Text,
};
use hexmap_hex::Point;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use tiny_skia::{FillRule, LineJoin, Paint, PathBuilder, Pixmap, PixmapMut, StrokeDash, Transform};

/// World → pixel: `pixel = world × scale + offset`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ToPixels {
    /// Pixels per world unit.
    pub scale: f64,
    /// Pixel position of the world origin.
    pub offset: (f64, f64),
}

impl ToPixels {
    /// A world point in pixels.
    pub fn point(&self, p: Point) -> (f32, f32) {
        (
            (p.x * self.scale + self.offset.0) as f32,
            (p.y * self.scale + self.offset.1) as f32,
        )
    }
}

/// Draws into a pixmap, or into some rows of a taller picture (a strip one thread draws).
pub struct RasterSink<'a> {
    pixmap: PixmapMut<'a>,
    to_px: ToPixels,
    /// The picture row that is the pixmap's first: subtracted from every pixel y.
    first_row: f32,
    fonts: &'a Fonts,
    /// Images converted to pixmaps (premultiplied, tinted), each once.
    images: HashMap<(ImageId, Option<Colour>), Pixmap>,
}

/// `image` (tinted when asked) as a premultiplied pixmap.
fn image_pixmap(image: &RgbaImage, tint: Option<Colour>) -> Option<Pixmap> {
    let tinted;
    let image = match tint {
        Some(t) => {
            tinted = image.tinted(t);
            &tinted
        }
        None => image,
    };
    let mut pixmap = Pixmap::new(image.width(), image.height())?;
    for (dst, src) in pixmap
        .pixels_mut()
        .iter_mut()
        .zip(image.pixels().chunks_exact(4))
    {
        *dst = tiny_skia::ColorU8::from_rgba(src[0], src[1], src[2], src[3]).premultiply();
    }
    Some(pixmap)
}

fn paint(c: Colour) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c.r, c.g, c.b, c.a);
    p.anti_alias = true;
    p
}

impl<'a> RasterSink<'a> {
    /// A sink drawing into `pixmap` through `to_px`, writing text with `fonts`.
    pub fn new(pixmap: &'a mut Pixmap, to_px: ToPixels, fonts: &'a Fonts) -> Self {
        RasterSink::on_rows(pixmap.as_mut(), 0, to_px, fonts)
    }

    /// A sink drawing the rows from `first_row` down of a picture whose transform is
    /// `to_px` into `rows`, which holds just those rows (the picture's full width): what
    /// falls outside them is cut off. Strips drawn this way on several threads make the
    /// same picture as one sink over it all: a pixel y is the whole picture's y less
    /// `first_row`, subtracted after the transform.
    pub fn on_rows(rows: PixmapMut<'a>, first_row: u32, to_px: ToPixels, fonts: &'a Fonts) -> Self {
        RasterSink {
            pixmap: rows,
            to_px,
            first_row: first_row as f32,
            fonts,
            images: HashMap::new(),
        }
    }

    /// The sink's rows cut into strips of `rows_per_strip` rows (the last may be shorter),
    /// top to bottom, each a sink with this one's transform and fonts
    /// ([`RasterSink::on_rows`]): for drawing on several threads at once.
    pub fn strips(&mut self, rows_per_strip: u32) -> Vec<RasterSink<'_>> {
        let width = self.pixmap.width();
        let row_bytes = width as usize * 4;
        let rows_per_strip = rows_per_strip.clamp(1, self.pixmap.height().max(1));
        let first = self.first_row as u32;
        let (to_px, fonts) = (self.to_px, self.fonts);
        self.pixmap
            .data_mut()
            .chunks_mut(rows_per_strip as usize * row_bytes)
            .enumerate()
            .map(|(i, rows)| {
                let height = (rows.len() / row_bytes) as u32;
                let pixmap = PixmapMut::from_bytes(rows, width, height).expect("whole rows");
                let first_row = first + i as u32 * rows_per_strip;
                RasterSink::on_rows(pixmap, first_row, to_px, fonts)
            })
            .collect()
    }

    /// The world → pixel transform of the whole picture.
    pub fn to_px(&self) -> ToPixels {
        self.to_px
    }

    /// The pixel rows this sink draws: the first, and one past the last.
    pub fn rows(&self) -> (u32, u32) {
        let first = self.first_row as u32;
        (first, first + self.pixmap.height())
    }

    /// A world point in this sink's pixels.
    fn px(&self, p: Point) -> (f32, f32) {
        let (x, y) = self.to_px.point(p);
        (x, y - self.first_row)
    }

    fn polyline_path(&self, points: &[Point], closed: bool) -> Option<tiny_skia::Path> {
        let mut pb = PathBuilder::new();
        for (i, &p) in points.iter().enumerate() {
            let (x, y) = self.px(p);
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        if closed {
            pb.close();
        }
        pb.finish()
    }

    fn fill(&mut self, path: &tiny_skia::Path, colour: Colour) {
        self.pixmap.fill_path(
            path,
            &paint(colour),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }

    /// Stroke `path` (solid or dashed; double lines are split before this).
    fn stroke_path(&mut self, path: &tiny_skia::Path, stroke: &Stroke) {
        let width = (stroke.width * self.to_px.scale) as f32;
        let dash = match stroke.style {
            StrokePattern::Dashed { dash, gap } => {
                let k = self.to_px.scale as f32;
                StrokeDash::new(vec![dash as f32 * k, gap as f32 * k], 0.0)
            }
            StrokePattern::Solid | StrokePattern::Double { .. } => None,
        };
        let s = tiny_skia::Stroke {
            width,
            dash,
            ..tiny_skia::Stroke::default()
        };
        self.pixmap
            .stroke_path(path, &paint(stroke.colour), &s, Transform::identity(), None);
    }

    /// Stroke a line through `points`; a double stroke becomes two lines beside it.
    fn stroke_points(&mut self, points: &[Point], closed: bool, stroke: &Stroke) {
        if let StrokePattern::Double { gap } = stroke.style {
            for side in double_lines(points, closed, stroke, gap) {
                if let Some(path) = self.polyline_path(&side, closed) {
                    self.stroke_path(&path, stroke);
                }
            }
        } else if let Some(path) = self.polyline_path(points, closed) {
            self.stroke_path(&path, stroke);
        }
    }
}

impl Sink for RasterSink<'_> {
    /// Most of a map picture: painted straight into the pixmap ([`paint_hex`]) when its
    /// outline is solid (or absent) and the hex is a few pixels wide, else drawn as a
    /// polygon like any other.
    fn hex(&mut self, cell: &HexCell<'_>) {
        let corners: [Point; 6] =
            std::array::from_fn(|i| cell.hexagon.corner(cell.centre, cell.scale, i));
        let k = self.to_px.scale;
        let outline = match &cell.stroke {
            None => Some(None),
            Some(s) if matches!(s.style, StrokePattern::Solid) && s.width > 0.0 => {
                Some(Some((s.width * k, s.colour)))
            }
            Some(_) => None,
        };
        if let Some(outline) = outline {
            let (dx, dy) = (
                self.to_px.offset.0,
                self.to_px.offset.1 - f64::from(self.first_row),
            );
            let pixels = corners.map(|p| (p.x * k + dx, p.y * k + dy));
            let paint = HexPaint {
                fill: cell.fill,
                outline,
            };
            if paint_hex(&mut self.pixmap, &pixels, paint) {
                return;
            }
        }
        self.polygon(&Polygon {
            points: &corners,
            fill: cell.fill,
            stroke: cell.stroke,
        });
    }

    /// The image's pixmap drawn through the placement's affine map (bilinear, with the
    /// placement's opacity).
    fn placed_image(&mut self, img: &PlacedImage<'_>) {
        let k = self.to_px.scale;
        let (ox, oy) = self.px(img.origin);
        let source = match self.images.entry((img.source.id, None)) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(v) => match image_pixmap(img.source.pixels, None) {
                Some(p) => v.insert(p),
                None => return,
            },
        };
        let f = |v: f64| (v * k) as f32;
        let transform = Transform::from_row(
            f(img.x_step.x),
            f(img.x_step.y),
            f(img.y_step.x),
            f(img.y_step.y),
            ox,
            oy,
        );
        let paint = tiny_skia::PixmapPaint {
            opacity: img.opacity.clamp(0.0, 1.0),
            quality: tiny_skia::FilterQuality::Bilinear,
            ..tiny_skia::PixmapPaint::default()
        };
        self.pixmap
            .draw_pixmap(0, 0, source.as_ref(), &paint, transform, None);
    }

    /// The image through a pattern stretched over its box, filling the clip polygon (or
    /// the box): pixels outside the clip are left untouched.
    fn image(&mut self, img: &Image<'_>) {
        let (x0, y0) = self.px(img.min);
        let (x1, y1) = self.px(img.max);
        let area = match img.clip {
            Some(points) => self.polyline_path(points, true),
            None => tiny_skia::Rect::from_ltrb(x0, y0, x1, y1).map(PathBuilder::from_rect),
        };
        let Some(area) = area else {
            return;
        };
        let source = match self.images.entry((img.source.id, img.tint)) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(v) => match image_pixmap(img.source.pixels, img.tint) {
                Some(p) => v.insert(p),
                None => return,
            },
        };
        let sx = (x1 - x0) / source.width() as f32;
        let sy = (y1 - y0) / source.height() as f32;
        let shader = tiny_skia::Pattern::new(
            source.as_ref(),
            tiny_skia::SpreadMode::Pad,
            tiny_skia::FilterQuality::Bilinear,
            1.0,
            Transform::from_row(sx, 0.0, 0.0, sy, x0, y0),
        );
        let paint = Paint {
            shader,
            anti_alias: true,
            ..Paint::default()
        };
        self.pixmap.fill_path(
            &area,
            &paint,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }

    fn rect(&mut self, rect: &Rect) {
        let (x0, y0) = self.px(rect.min);
        let (x1, y1) = self.px(rect.max);
        if let Some(r) = tiny_skia::Rect::from_ltrb(x0, y0, x1, y1) {
            self.pixmap
                .fill_rect(r, &paint(rect.fill), Transform::identity(), None);
        }
    }

    fn polygon(&mut self, p: &Polygon<'_>) {
        if let Some(fill) = p.fill
            && let Some(path) = self.polyline_path(p.points, true)
        {
            self.fill(&path, fill);
        }
        if let Some(stroke) = &p.stroke {
            self.stroke_points(p.points, true, stroke);
        }
    }

    fn polyline(&mut self, l: &Polyline<'_>) {
        self.stroke_points(l.points, false, &l.stroke);
    }

    fn circle(&mut self, c: &Circle) {
        let (x, y) = self.px(c.centre);
        let r = (c.radius * self.to_px.scale) as f32;
        let Some(path) = PathBuilder::from_circle(x, y, r) else {
            return;
        };
        if let Some(fill) = c.fill {
            self.fill(&path, fill);
        }
        if let Some(stroke) = &c.stroke {
            if matches!(stroke.style, StrokePattern::Double { .. }) {
                // Flattened finely enough to be a circle at any pixel size.
                let tolerance = 0.1 / self.to_px.scale;
                let points = flatten_circle(c, tolerance);
                self.stroke_points(&points, true, stroke);
            } else {
                self.stroke_path(&path, stroke);
            }
        }
    }

    fn path(&mut self, p: &Path<'_>) {
        let mut pb = PathBuilder::new();
        let (x, y) = self.px(p.start);
        pb.move_to(x, y);
        for s in p.segments {
            match *s {
                Segment::Line(a) => {
                    let (x, y) = self.px(a);
                    pb.line_to(x, y);
                }
                Segment::Cubic(c1, c2, a) => {
                    let ((x1, y1), (x2, y2), (x, y)) = (self.px(c1), self.px(c2), self.px(a));
                    pb.cubic_to(x1, y1, x2, y2, x, y);
                }
            }
        }
        if p.closed {
            pb.close();
        }
        let Some(path) = pb.finish() else {
            return;
        };
        if let Some(fill) = p.fill {
            self.fill(&path, fill);
        }
        if let Some(stroke) = &p.stroke {
            if matches!(stroke.style, StrokePattern::Double { .. }) {
                let points = flatten_path(p, 0.1 / self.to_px.scale);
                self.stroke_points(&points, p.closed, stroke);
            } else {
                self.stroke_path(&path, stroke);
            }
        }
    }

    fn text(&mut self, t: &Text<'_>) {
        let size = (t.size * self.to_px.scale) as f32;
        let Some(path) = self.fonts.outline(t, self.px(t.anchor), size) else {
            return;
        };
        let round = |width: f32| tiny_skia::Stroke {
            width,
            line_join: LineJoin::Round,
            ..tiny_skia::Stroke::default()
        };
        if let Some(halo) = t.halo {
            let width = (2.0 * halo.width * self.to_px.scale) as f32;
            self.pixmap.stroke_path(
                &path,
                &paint(halo.colour),
                &round(width),
                Transform::identity(),
                None,
            );
        }
        self.fill(&path, t.colour);
        if t.font.bold {
            self.pixmap.stroke_path(
                &path,
                &paint(t.colour),
                &round(size * hexmap_draw::fonts::BOLD_NUDGE as f32),
                Transform::identity(),
                None,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_draw::{Font, FontFamily, Halo, HexCell, Hexagon};
    use hexmap_hex::{Layout, Orientation};

    fn rgba(p: &Pixmap, x: u32, y: u32) -> [u8; 4] {
        let c = p.pixel(x, y).unwrap().demultiply();
        [c.red(), c.green(), c.blue(), c.alpha()]
    }

    fn sink_on(pixmap: &mut Pixmap, fonts: &Fonts, f: impl FnOnce(&mut dyn Sink)) {
        let to_px = ToPixels {
            scale: 2.0,
            offset: (50.0, 50.0),
        };
        f(&mut RasterSink::new(pixmap, to_px, fonts));
    }

    #[test]
    fn hexes_land_where_the_transform_puts_them_and_strokes_have_pixel_width() {
        let mut pm = Pixmap::new(100, 100).unwrap();
        let fonts = Fonts::new();
        let layout = Layout::regular(Orientation::Flat, 10.0).unwrap();
        let hexagon = Hexagon::of(&layout);
        sink_on(&mut pm, &fonts, |s| {
            s.hex(&HexCell {
                hexagon: &hexagon,
                centre: Point::new(0.0, 0.0),
                scale: 1.0,
                fill: Some(Colour::rgb(200, 0, 0)),
                stroke: Some(Stroke::solid(2.0, Colour::BLACK)),
            });
        });
        // World (0, 0) is pixel (50, 50); the flat hex reaches 20 px east, ±17.3 px north.
        assert_eq!(rgba(&pm, 50, 50), [200, 0, 0, 255]);
        assert_eq!(rgba(&pm, 66, 50), [200, 0, 0, 255]);
        assert_eq!(
            rgba(&pm, 69, 50)[0],
            0,
            "4 px black outline at the east corner"
        );
        assert_eq!(rgba(&pm, 75, 50)[3], 0, "nothing outside");
        assert_eq!(rgba(&pm, 50, 27)[3], 0, "north of the flat top");
    }

    #[test]
    fn dashed_and_double_lines_leave_gaps_where_they_should() {
        let mut pm = Pixmap::new(100, 100).unwrap();
        let fonts = Fonts::new();
        let line = [Point::new(-20.0, -10.0), Point::new(20.0, -10.0)];
        sink_on(&mut pm, &fonts, |s| {
            s.polyline(&Polyline {
                points: &line,
                stroke: Stroke {
                    width: 1.0,
                    colour: Colour::BLACK,
                    style: StrokePattern::Dashed {
                        dash: 4.0,
                        gap: 4.0,
                    },
                },
            });
            s.polyline(&Polyline {
                points: &[Point::new(-20.0, 10.0), Point::new(20.0, 10.0)],
                stroke: Stroke {
                    width: 1.0,
                    colour: Colour::BLACK,
                    style: StrokePattern::Double { gap: 2.0 },
                },
            });
        });
        // Dashes: pixel row 30, from x = 10 in runs of 8 px on, 8 px off.
        assert_eq!(rgba(&pm, 13, 30)[3], 255);
        assert_eq!(rgba(&pm, 21, 30)[3], 0);
        assert_eq!(rgba(&pm, 29, 30)[3], 255);
        // Double: two 2 px lines centred 3 px (1.5 units) above and below row 70.
        assert_eq!(rgba(&pm, 50, 70)[3], 0, "the gap");
        assert_eq!(rgba(&pm, 50, 66)[3], 255);
        assert_eq!(rgba(&pm, 50, 73)[3], 255);
    }

    #[test]
    fn circles_paths_rects_and_text_with_halo() {
        let mut pm = Pixmap::new(100, 100).unwrap();
        let fonts = Fonts::new();
        sink_on(&mut pm, &fonts, |s| {
            s.rect(&Rect {
                min: Point::new(-25.0, -25.0),
                max: Point::new(-15.0, -15.0),
                fill: Colour::rgb(0, 0, 255),
            });
            s.circle(&Circle {
                centre: Point::new(15.0, -15.0),
                radius: 5.0,
                fill: Some(Colour::rgb(0, 255, 0)),
                stroke: None,
            });
            s.path(&Path {
                start: Point::new(-20.0, 10.0),
                segments: &[
                    Segment::Cubic(
                        Point::new(-20.0, 25.0),
                        Point::new(-5.0, 25.0),
                        Point::new(-5.0, 10.0),
                    ),
                    Segment::Line(Point::new(-20.0, 10.0)),
                ],
                closed: true,
                fill: Some(Colour::rgb(255, 0, 255)),
                stroke: None,
            });
            s.text(&Text {
                halo: Some(Halo {
                    colour: Colour::WHITE,
                    width: 1.0,
                }),
                ..Text::centred(
                    "H",
                    Point::new(15.0, 15.0),
                    10.0,
                    Colour::BLACK,
                    Font::regular(FontFamily::Sans),
                )
            });
        });
        assert_eq!(rgba(&pm, 10, 10), [0, 0, 255, 255]);
        assert_eq!(rgba(&pm, 80, 20), [0, 255, 0, 255]);
        assert_eq!(rgba(&pm, 25, 75), [255, 0, 255, 255], "inside the curve");
        // The letter's ink is dark, the halo around it white.
        let region: Vec<[u8; 4]> = (70..90)
            .flat_map(|y| (70..90).map(move |x| (x, y)))
            .map(|(x, y)| rgba(&pm, x, y))
            .collect();
        assert!(region.iter().any(|p| p[3] == 255 && p[0] < 40), "dark ink");
        assert!(
            region.iter().any(|p| p[3] == 255 && p[0] > 240),
            "white halo"
        );
    }
}
