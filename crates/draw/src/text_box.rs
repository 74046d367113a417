//! The box a [`Text`] covers, in world units, measured with the glyph metrics of the font
//! the pictures draw it with ([`crate::fonts`]):
//! advances and kerning for the width, ascent and descent for the height. Hit-testing
//! needs the exact box of rotated text; a guess from the number of characters misses
//! wide and narrow letters.

use super::fonts::{BOLD_NUDGE, ITALIC_SLANT, font};
use super::primitives::{HAlign, Text, VAlign};
use ab_glyph::{Font, PxScale, ScaleFont};
use hexmap_hex::Point;

/// A text's box in its own frame (x along the text, y down, origin at the anchor,
/// rotation not applied): `min` and `max` corners, halo included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextBox {
    /// Top-left corner relative to the anchor, unrotated.
    pub min: Point,
    /// Bottom-right corner relative to the anchor, unrotated.
    pub max: Point,
}

impl TextBox {
    /// The box of `text`, measured with its font's glyph advances, kerning, ascent and
    /// descent at its size; the halo widens it on every side.
    pub fn of(text: &Text<'_>) -> TextBox {
        let font = font(text.font.family);
        let size = text.size.clamp(1e-6, 1e6);
        let scaled = font.as_scaled(PxScale::from(size as f32));
        let mut width = 0.0_f64;
        let mut previous = None;
        for c in text.text.chars() {
            let id = font.glyph_id(c);
            if let Some(p) = previous {
                width += f64::from(scaled.kern(p, id));
            }
            width += f64::from(scaled.h_advance(id));
            previous = Some(id);
        }
        let (ascent, descent) = (f64::from(scaled.ascent()), f64::from(scaled.descent()));
        let x0 = match text.h_align {
            HAlign::Left => 0.0,
            HAlign::Centre => -width / 2.0,
            HAlign::Right => -width,
        };
        let baseline = baseline_below_anchor(text);
        let (mut left, mut right) = (x0, x0 + width);
        if text.font.italic {
            right += ITALIC_SLANT * ascent;
            left += ITALIC_SLANT * descent;
        }
        if text.font.bold {
            right += BOLD_NUDGE * size;
        }
        let pad = text.halo.map_or(0.0, |h| h.width.max(0.0));
        TextBox {
            min: Point::new(left - pad, baseline - ascent - pad),
            max: Point::new(right + pad, baseline - descent + pad),
        }
    }

    /// Width along the text.
    pub fn width(&self) -> f64 {
        self.max.x - self.min.x
    }

    /// Height across the text.
    pub fn height(&self) -> f64 {
        self.max.y - self.min.y
    }

    /// Whether the world point `p` lies in the box of `text` (rotation applied).
    pub fn contains(&self, text: &Text<'_>, p: Point) -> bool {
        let local = to_local(text, p);
        local.x >= self.min.x
            && local.x <= self.max.x
            && local.y >= self.min.y
            && local.y <= self.max.y
    }

    /// The four corners in world units (rotation applied), clockwise on screen from the
    /// top-left.
    pub fn corners(&self, text: &Text<'_>) -> [Point; 4] {
        [
            Point::new(self.min.x, self.min.y),
            Point::new(self.max.x, self.min.y),
            Point::new(self.max.x, self.max.y),
            Point::new(self.min.x, self.max.y),
        ]
        .map(|c| to_world(text, c))
    }
}

/// How far below its anchor a text's baseline lies, in its own frame (rotation not
/// applied), from its vertical alignment and its font's ascent and descent: what lets a
/// back-end that places text by its baseline (SVG) put it where the pictures do.
pub fn baseline_below_anchor(text: &Text<'_>) -> f64 {
    let scaled = font(text.font.family).as_scaled(PxScale::from(text.size.clamp(1e-6, 1e6) as f32));
    let (ascent, descent) = (f64::from(scaled.ascent()), f64::from(scaled.descent()));
    match text.v_align {
        VAlign::Top => ascent,
        VAlign::Middle => (ascent + descent) / 2.0,
        VAlign::Baseline => 0.0,
        VAlign::Bottom => descent,
    }
}

/// A world point in the text's own frame.
pub fn to_local(text: &Text<'_>, p: Point) -> Point {
    let (sin, cos) = text.rotation.sin_cos();
    let (dx, dy) = (p.x - text.anchor.x, p.y - text.anchor.y);
    Point::new(dx * cos + dy * sin, -dx * sin + dy * cos)
}

/// A point of the text's own frame in world units.
pub fn to_world(text: &Text<'_>, p: Point) -> Point {
    let (sin, cos) = text.rotation.sin_cos();
    Point::new(
        text.anchor.x + p.x * cos - p.y * sin,
        text.anchor.y + p.x * sin + p.y * cos,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Colour, Font, FontFamily};

    fn text(s: &str, size: f64) -> Text<'_> {
        Text::centred(
            s,
            Point::new(100.0, 50.0),
            size,
            Colour::BLACK,
            Font::regular(FontFamily::Sans),
        )
    }

    #[test]
    fn wide_letters_make_a_wider_box_than_narrow_ones_of_the_same_count() {
        let wide = TextBox::of(&text("WWWW", 10.0));
        let narrow = TextBox::of(&text("iiii", 10.0));
        assert!(wide.width() > 2.0 * narrow.width(), "{wide:?} {narrow:?}");
        // The box scales with the size and is centred on the anchor.
        let big = TextBox::of(&text("WWWW", 20.0));
        assert!((big.width() - 2.0 * wide.width()).abs() < 1e-3);
        assert!((wide.min.x + wide.max.x).abs() < 1e-9);
        assert!((wide.min.y + wide.max.y).abs() < 1e-9);
        assert!(wide.height() > 8.0 && wide.height() < 14.0, "{wide:?}");
    }

    #[test]
    fn rotation_turns_the_box_about_the_anchor() {
        let mut t = text("Grey Marches", 10.0);
        t.rotation = std::f64::consts::FRAC_PI_2;
        let b = TextBox::of(&t);
        // Rotated a quarter turn clockwise, the text runs down the screen.
        let below = Point::new(100.0, 50.0 + b.max.x * 0.9);
        let beside = Point::new(100.0 + b.max.x * 0.9, 50.0);
        assert!(b.contains(&t, below));
        assert!(!b.contains(&t, beside));
        let back = to_local(&t, to_world(&t, Point::new(3.0, -2.0)));
        assert!((back.x - 3.0).abs() < 1e-9 && (back.y + 2.0).abs() < 1e-9);
    }
}
