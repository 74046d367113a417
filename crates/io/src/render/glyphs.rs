//! Text as glyph outlines in pixel space, from the fonts of [`hexmap_draw::fonts`]: aligned,
//! rotated and slanted as a `draw::Text` asks, ready to be filled (and stroked for halo and
//! bold) by tiny-skia.

use ab_glyph::{Font, FontRef, OutlineCurve, PxScale, ScaleFont};
use hexmap_draw::fonts::{self, ITALIC_SLANT};
use hexmap_draw::{FontFamily, HAlign, Text, VAlign};
use tiny_skia::PathBuilder;

/// The fonts text is drawn with ([`hexmap_draw::fonts::font`]).
pub struct Fonts {
    sans: &'static FontRef<'static>,
    mono: &'static FontRef<'static>,
}

impl Default for Fonts {
    fn default() -> Self {
        Self::new()
    }
}

impl Fonts {
    /// The bundled fonts.
    pub fn new() -> Fonts {
        Fonts {
            sans: fonts::font(FontFamily::Sans),
            mono: fonts::font(FontFamily::Mono),
        }
    }

    fn font(&self, family: FontFamily) -> &FontRef<'static> {
        match family {
            FontFamily::Sans => self.sans,
            FontFamily::Mono => self.mono,
        }
    }

    /// The outlines of `text` with its anchor at `anchor` and its size `size` in pixels;
    /// `None` when nothing would be drawn (empty or blank text).
    pub fn outline(
        &self,
        text: &Text<'_>,
        anchor: (f32, f32),
        size: f32,
    ) -> Option<tiny_skia::Path> {
        let font = self.font(text.font.family);
        let scaled = font.as_scaled(PxScale::from(size));
        let ids: Vec<_> = text.text.chars().map(|c| font.glyph_id(c)).collect();
        let mut width = 0.0;
        for (i, &id) in ids.iter().enumerate() {
            if i > 0 {
                width += scaled.kern(ids[i - 1], id);
            }
            width += scaled.h_advance(id);
        }
        let (ax, ay) = anchor;
        let x0 = match text.h_align {
            HAlign::Left => ax,
            HAlign::Centre => ax - width / 2.0,
            HAlign::Right => ax - width,
        };
        let (ascent, descent) = (scaled.ascent(), scaled.descent());
        let baseline = match text.v_align {
            VAlign::Top => ay + ascent,
            VAlign::Middle => ay + (ascent + descent) / 2.0,
            VAlign::Baseline => ay,
            VAlign::Bottom => ay + descent,
        };
        let (sin, cos) = (text.rotation as f32).sin_cos();
        let slant = if text.font.italic {
            ITALIC_SLANT as f32
        } else {
            0.0
        };
        let (hs, vs) = (scaled.h_scale_factor(), scaled.v_scale_factor());
        // Glyph units (y up) at pen x → pixels: slant, then rotate about the anchor.
        let place = |pen: f32, p: ab_glyph::Point| {
            let up = p.y * vs;
            let x = pen + p.x * hs + up * slant - ax;
            let y = baseline - up - ay;
            (ax + x * cos - y * sin, ay + x * sin + y * cos)
        };
        let mut pb = PathBuilder::new();
        let mut pen = x0;
        for (i, &id) in ids.iter().enumerate() {
            if i > 0 {
                pen += scaled.kern(ids[i - 1], id);
            }
            if let Some(outline) = font.outline(id) {
                let mut last: Option<ab_glyph::Point> = None;
                for curve in &outline.curves {
                    let (start, end) = match *curve {
                        OutlineCurve::Line(a, b) => (a, b),
                        OutlineCurve::Quad(a, _, b) => (a, b),
                        OutlineCurve::Cubic(a, _, _, b) => (a, b),
                    };
                    if last != Some(start) {
                        if last.is_some() {
                            pb.close();
                        }
                        let (x, y) = place(pen, start);
                        pb.move_to(x, y);
                    }
                    match *curve {
                        OutlineCurve::Line(_, b) => {
                            let (x, y) = place(pen, b);
                            pb.line_to(x, y);
                        }
                        OutlineCurve::Quad(_, c, b) => {
                            let ((cx, cy), (x, y)) = (place(pen, c), place(pen, b));
                            pb.quad_to(cx, cy, x, y);
                        }
                        OutlineCurve::Cubic(_, c1, c2, b) => {
                            let (p1, p2, p3) = (place(pen, c1), place(pen, c2), place(pen, b));
                            pb.cubic_to(p1.0, p1.1, p2.0, p2.1, p3.0, p3.1);
                        }
                    }
                    last = Some(end);
                }
                if last.is_some() {
                    pb.close();
                }
            }
            pen += scaled.h_advance(id);
        }
        pb.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_draw::{Colour, Font};
    use hexmap_hex::Point;

    fn text(s: &str, h: HAlign, v: VAlign, rotation: f64) -> Text<'_> {
        Text {
            rotation,
            h_align: h,
            v_align: v,
            ..Text::centred(
                s,
                Point::new(0.0, 0.0),
                20.0,
                Colour::BLACK,
                Font::regular(FontFamily::Sans),
            )
        }
    }

    #[test]
    fn alignment_puts_the_anchor_where_asked() {
        let f = Fonts::new();
        let b = |t: &Text<'_>| f.outline(t, (100.0, 100.0), 20.0).unwrap().bounds();
        let centred = b(&text("HI", HAlign::Centre, VAlign::Middle, 0.0));
        assert!(
            (centred.left() + centred.right() - 200.0).abs() < 2.0,
            "{centred:?}"
        );
        assert!(
            (centred.top() + centred.bottom() - 200.0).abs() < 3.0,
            "{centred:?}"
        );
        let left = b(&text("HI", HAlign::Left, VAlign::Baseline, 0.0));
        assert!(left.left() >= 100.0 && left.left() < 104.0, "{left:?}");
        assert!(
            (left.bottom() - 100.0).abs() < 0.5,
            "sits on the baseline: {left:?}"
        );
        let right = b(&text("HI", HAlign::Right, VAlign::Top, 0.0));
        assert!(right.right() <= 100.0 && right.top() >= 100.0, "{right:?}");
    }

    #[test]
    fn rotation_turns_text_about_its_anchor_and_blank_text_is_nothing() {
        let f = Fonts::new();
        let upright = f
            .outline(
                &text("WIDE", HAlign::Centre, VAlign::Middle, 0.0),
                (0.0, 0.0),
                20.0,
            )
            .unwrap()
            .bounds();
        let turned = f
            .outline(
                &text(
                    "WIDE",
                    HAlign::Centre,
                    VAlign::Middle,
                    std::f64::consts::FRAC_PI_2,
                ),
                (0.0, 0.0),
                20.0,
            )
            .unwrap()
            .bounds();
        assert!(upright.width() > upright.height());
        assert!(turned.height() > turned.width(), "{turned:?}");
        assert!((turned.height() - upright.width()).abs() < 1.0);
        assert!(
            f.outline(
                &text(" ", HAlign::Centre, VAlign::Middle, 0.0),
                (0.0, 0.0),
                20.0
            )
            .is_none()
        );
    }
}
