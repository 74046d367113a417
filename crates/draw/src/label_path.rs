//! Labels along a path: a curved label's text set glyph by glyph along its polyline, each
//! glyph centred on the curve and turned to the curve's direction under it. Every back-end
//! (canvas, PNG, SVG, PDF) draws the glyphs as ordinary rotated [`Text`], so a curved name
//! looks the same everywhere; hit-testing and the label's box use the same glyphs.

use super::fonts::font;
use super::primitives::Text;
use super::text_box::TextBox;
use ab_glyph::{Font as _, PxScale, ScaleFont};
use hexmap_hex::Point;

/// One glyph of a curved text: the byte range of its characters in the text, and the
/// distance of its middle from the start of the text along the line, in world units.
struct Glyph {
    bytes: std::ops::Range<usize>,
    middle: f64,
}

/// The glyphs of `text` set at `size` (a line height, as [`Text::size`]) in the font of
/// `proto`, with kerning, and the whole text's width.
fn set_glyphs(text: &str, proto: &Text<'_>) -> (Vec<Glyph>, f64) {
    let font = font(proto.font.family);
    let scaled = font.as_scaled(PxScale::from(proto.size.clamp(1e-6, 1e6) as f32));
    let mut glyphs = Vec::new();
    let mut x = 0.0_f64;
    let mut previous = None;
    for (start, c) in text.char_indices() {
        let id = font.glyph_id(c);
        if let Some(p) = previous {
            x += f64::from(scaled.kern(p, id));
        }
        let advance = f64::from(scaled.h_advance(id));
        if !c.is_whitespace() {
            glyphs.push(Glyph {
                bytes: start..start + c.len_utf8(),
                middle: x + advance / 2.0,
            });
        }
        x += advance;
        previous = Some(id);
    }
    (glyphs, x)
}

/// A polyline measured along its length: points and the distance of each from the first.
struct Measured {
    points: Vec<Point>,
    at: Vec<f64>,
}

impl Measured {
    /// `points` read left to right (a path drawn right to left is turned round, so the
    /// text is never upside down); repeated points dropped.
    fn of(points: &[Point]) -> Option<Measured> {
        let mut points: Vec<Point> = points.to_vec();
        points.dedup_by(|a, b| (a.x - b.x).hypot(a.y - b.y) < 1e-9);
        if points.len() < 2 {
            return None;
        }
        if points[points.len() - 1].x < points[0].x {
            points.reverse();
        }
        let mut at = vec![0.0];
        for w in points.windows(2) {
            let last = at[at.len() - 1];
            at.push(last + (w[1].x - w[0].x).hypot(w[1].y - w[0].y));
        }
        Some(Measured { points, at })
    }

    fn length(&self) -> f64 {
        self.at[self.at.len() - 1]
    }

    /// The point at distance `s` along the line; before the start and past the end the
    /// first and last pieces are carried on straight.
    fn point(&self, s: f64) -> Point {
        let n = self.points.len();
        let i = match self.at.iter().position(|&a| a > s) {
            Some(0) => 0,
            Some(i) => i - 1,
            None => n - 2,
        }
        .min(n - 2);
        let (a, b) = (self.points[i], self.points[i + 1]);
        let len = self.at[i + 1] - self.at[i];
        let t = (s - self.at[i]) / len;
        Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
    }
}

/// `proto`'s text set along the world polyline `points`, centred on its middle: one
/// [`Text`] per visible glyph (spaces only advance), centred on the curve at its place and
/// turned along the chord the glyph spans. Empty when the polyline has no length.
pub fn glyphs_along<'a>(proto: &Text<'a>, points: &[Point]) -> Vec<Text<'a>> {
    let Some(line) = Measured::of(points) else {
        return Vec::new();
    };
    let (glyphs, width) = set_glyphs(proto.text, proto);
    let start = (line.length() - width) / 2.0;
    // Half the span a glyph's direction is taken over: about a letter's width, so a glyph
    // on a bend turns with the bend and not with one short piece of it.
    let half = proto.size * 0.3;
    glyphs
        .into_iter()
        .map(|g| {
            let s = start + g.middle;
            let (a, b) = (line.point(s - half), line.point(s + half));
            Text {
                text: &proto.text[g.bytes],
                anchor: line.point(s),
                rotation: (b.y - a.y).atan2(b.x - a.x),
                ..*proto
            }
        })
        .collect()
}

/// The smallest upright world box around `texts` (each box rotated as drawn): (min, max).
/// `None` for no texts.
pub fn bounds_of(texts: &[Text<'_>]) -> Option<(Point, Point)> {
    texts.iter().flat_map(|t| TextBox::of(t).corners(t)).fold(
        None,
        |acc: Option<(Point, Point)>, p| {
            Some(match acc {
                None => (p, p),
                Some((lo, hi)) => (
                    Point::new(lo.x.min(p.x), lo.y.min(p.y)),
                    Point::new(hi.x.max(p.x), hi.y.max(p.y)),
                ),
            })
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Colour, Font, FontFamily};

    fn proto(text: &str) -> Text<'_> {
        Text::centred(
            text,
            Point::new(0.0, 0.0),
            10.0,
            Colour::BLACK,
            Font::regular(FontFamily::Sans),
        )
    }

    fn distance_to_line(p: Point, points: &[Point]) -> f64 {
        points
            .windows(2)
            .map(|w| {
                let (a, b) = (w[0], w[1]);
                let (dx, dy) = (b.x - a.x, b.y - a.y);
                let t =
                    (((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
                (a.x + dx * t - p.x).hypot(a.y + dy * t - p.y)
            })
            .fold(f64::MAX, f64::min)
    }

    #[test]
    fn glyphs_sit_on_the_curve_turned_along_it_in_reading_order() {
        // A bend: east, then south-east at 45 degrees.
        let points = [
            Point::new(0.0, 0.0),
            Point::new(60.0, 0.0),
            Point::new(120.0, 60.0),
        ];
        let glyphs = glyphs_along(&proto("Silver Run"), &points);
        // Nine glyphs: the space only advances.
        let text: String = glyphs.iter().map(|g| g.text).collect();
        assert_eq!(text, "SilverRun");
        for g in &glyphs {
            assert!(distance_to_line(g.anchor, &points) < 1e-6, "{g:?}");
        }
        // Reading order runs along the line; the first glyph lies flat, the last turned
        // down the second piece.
        assert!(glyphs.windows(2).all(|w| w[1].anchor.x > w[0].anchor.x));
        assert!(glyphs[0].rotation.abs() < 1e-9);
        let last = glyphs[glyphs.len() - 1].rotation;
        assert!((last - std::f64::consts::FRAC_PI_4).abs() < 1e-9, "{last}");
    }

    #[test]
    fn a_line_drawn_right_to_left_reads_left_to_right_and_the_text_is_centred() {
        let points = [Point::new(200.0, 10.0), Point::new(0.0, 10.0)];
        let glyphs = glyphs_along(&proto("Ash"), &points);
        assert_eq!(glyphs[0].text, "A");
        assert!(glyphs[0].anchor.x < glyphs[2].anchor.x);
        assert!(glyphs.iter().all(|g| g.rotation.abs() < 1e-9));
        let (lo, hi) = bounds_of(&glyphs).unwrap();
        assert!(((lo.x + hi.x) / 2.0 - 100.0).abs() < 1.0, "{lo:?} {hi:?}");
    }

    #[test]
    fn a_line_of_no_length_sets_nothing() {
        let p = Point::new(5.0, 5.0);
        assert!(glyphs_along(&proto("Ash"), &[p, p]).is_empty());
    }
}
