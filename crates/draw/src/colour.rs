//! Colours of drawn things, and the one rule that picks text ink against a fill.

use hexmap_map::Rgb;

/// An sRGB colour with straight (not premultiplied) alpha, as every back-end takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Colour {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
    /// Opacity, 0 (transparent) – 255 (opaque).
    pub a: u8,
}

/// Ink for text on light fills.
pub const DARK_INK: Colour = Colour::rgb(20, 20, 24);
/// Ink for text on dark fills.
pub const LIGHT_INK: Colour = Colour::rgb(255, 255, 255);

impl Colour {
    /// Fully transparent.
    pub const TRANSPARENT: Colour = Colour::rgba(0, 0, 0, 0);
    /// Opaque black.
    pub const BLACK: Colour = Colour::rgb(0, 0, 0);
    /// Opaque white.
    pub const WHITE: Colour = Colour::rgb(255, 255, 255);

    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Colour {
        Colour { r, g, b, a: 255 }
    }

    /// A colour with opacity `a`.
    pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Colour {
        Colour { r, g, b, a }
    }

    /// The same colour with opacity `a`.
    pub const fn with_alpha(self, a: u8) -> Colour {
        Colour { a, ..self }
    }

    /// `[r, g, b, a]`.
    pub const fn to_array(self) -> [u8; 4] {
        [self.r, self.g, self.b, self.a]
    }

    /// From `[r, g, b, a]`.
    pub const fn from_array([r, g, b, a]: [u8; 4]) -> Colour {
        Colour { r, g, b, a }
    }

    /// Mix toward `other` by `t` (0 = self, 1 = other), keeping this colour's opacity.
    pub fn blend(self, other: Colour, t: f32) -> Colour {
        let m = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
        Colour::rgba(
            m(self.r, other.r),
            m(self.g, other.g),
            m(self.b, other.b),
            self.a,
        )
    }

    /// WCAG relative luminance (0 = black, 1 = white), ignoring opacity.
    pub fn luminance(self) -> f64 {
        let lin = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.r) + 0.7152 * lin(self.g) + 0.0722 * lin(self.b)
    }
}

impl From<Rgb> for Colour {
    fn from(c: Rgb) -> Colour {
        Colour::rgb(c.0[0], c.0[1], c.0[2])
    }
}

/// WCAG contrast ratio of two colours (1 to 21).
pub fn contrast(a: Colour, b: Colour) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The ink every text uses on `fill`: [`DARK_INK`] or [`LIGHT_INK`], whichever contrasts
/// more with it. Labels, terrain symbols and captions in every picture call this, so a
/// label reads the same on the canvas and in a PNG.
pub fn ink_on(fill: Colour) -> Colour {
    if contrast(DARK_INK, fill) >= contrast(LIGHT_INK, fill) {
        DARK_INK
    } else {
        LIGHT_INK
    }
}

/// `colour`, moved toward the ink of [`ink_on`] just far enough to reach a contrast of
/// `min_ratio` (at most 4.2, what the inks always give) against `fill`, opacity kept. Lines
/// drawn over terrain (overlay hatching and outlines) use it, so a pale yellow overlay turns
/// dark olive on beach and stays yellow on deep sea: the hue is kept where it reads.
pub fn legible_on(colour: Colour, fill: Colour, min_ratio: f64) -> Colour {
    let ink = ink_on(fill);
    let target = min_ratio.min(contrast(ink, fill));
    (0..=20)
        .map(|step| colour.blend(ink, step as f32 / 20.0))
        .find(|c| contrast(*c, fill) >= target)
        .unwrap_or(ink.with_alpha(colour.a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ink_is_dark_on_light_fills_and_light_on_dark_ones() {
        for light in [
            Colour::WHITE,
            Colour::rgb(0xe8, 0xd8, 0x9a), // beach
            Colour::rgb(0xb0, 0x9a, 0x5e), // hills
            Colour::rgb(0xf2, 0xf4, 0xf7), // snow
            Colour::rgb(0x8c, 0xc0, 0x5a), // grassland
        ] {
            assert_eq!(ink_on(light), DARK_INK, "{light:?}");
        }
        for dark in [
            Colour::BLACK,
            Colour::rgb(0x1d, 0x4e, 0x89), // deep sea
            Colour::rgb(0x2f, 0x7a, 0x3a), // forest
            Colour::rgb(70, 72, 78),       // the editor's empty cell
            Colour::rgb(15, 15, 15),       // a mine marker
        ] {
            assert_eq!(ink_on(dark), LIGHT_INK, "{dark:?}");
        }
    }

    #[test]
    fn chosen_ink_always_contrasts_at_least_as_much_as_the_other() {
        for v in (0..=255).step_by(5) {
            for fill in [
                Colour::rgb(v, v, v),
                Colour::rgb(v, 0, 0),
                Colour::rgb(0, v, 0),
                Colour::rgb(0, 0, v),
                Colour::rgb(v, v, 0),
            ] {
                let ink = ink_on(fill);
                let other = if ink == DARK_INK { LIGHT_INK } else { DARK_INK };
                assert!(contrast(ink, fill) >= contrast(other, fill), "{fill:?}");
                // The worst case, a fill halfway between the inks, still gives 4.2 : 1.
                assert!(contrast(ink, fill) >= 4.2, "legible on {fill:?}");
            }
        }
    }

    #[test]
    fn blend_mixes_and_keeps_alpha() {
        let a = Colour::rgba(100, 0, 200, 90);
        assert_eq!(a.blend(Colour::BLACK, 0.0), a);
        assert_eq!(a.blend(Colour::BLACK, 0.5), Colour::rgba(50, 0, 100, 90));
        assert_eq!(a.blend(Colour::WHITE, 1.0), Colour::rgba(255, 255, 255, 90));
    }

    #[test]
    fn legible_keeps_a_readable_hue_and_darkens_or_lightens_one_that_is_not() {
        let yellow = Colour::rgb(255, 240, 120);
        let beach = Colour::rgb(0xe8, 0xd8, 0x9a);
        let sea = Colour::rgb(0x1d, 0x4e, 0x89);
        assert!(contrast(yellow, beach) < 1.5, "yellow on beach");
        let on_beach = legible_on(yellow, beach, 3.0);
        assert!(contrast(on_beach, beach) >= 3.0, "{on_beach:?}");
        assert!(
            on_beach.luminance() < yellow.luminance(),
            "darkened toward the dark ink"
        );
        assert_eq!(legible_on(yellow, sea, 3.0), yellow, "already reads on sea");
        for v in (0..=255).step_by(15) {
            let fill = Colour::rgb(v, v, v / 2);
            for hue in [yellow, Colour::rgb(90, 255, 90), Colour::rgb(0, 0, 0)] {
                let c = legible_on(hue.with_alpha(200), fill, 3.0);
                assert!(contrast(c, fill) >= 3.0, "{hue:?} on {fill:?}");
                assert_eq!(c.a, 200);
            }
        }
    }
}
