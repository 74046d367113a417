//! The fonts every picture draws text with, and how synthetic styles change them. The one
//! home of those rules: text boxes ([`crate::text_box`]), the raster glyphs, SVG font sizes
//! and the editor all ask here, so text measures the same as it is drawn.
//!
//! The fonts are the ones egui ships (Ubuntu Light for sans, Hack for mono), so the editor,
//! which draws with egui's own copy, matches the pictures. Italic and bold are synthetic:
//! the glyphs are slanted ([`ITALIC_SLANT`]) or thickened ([`BOLD_NUDGE`]).

use super::primitives::FontFamily;
use ab_glyph::{Font, FontRef};
use std::sync::OnceLock;

/// Slant of synthetic italics: x moves by this much per unit of height above the baseline.
pub const ITALIC_SLANT: f64 = 0.2;

/// How much synthetic bold thickens text, as a share of its size: the raster back-end
/// strokes the outline this wide, the editor draws the text again this far to the right,
/// and a text's box grows this much to the right.
pub const BOLD_NUDGE: f64 = 0.04;

/// Ubuntu Light's bytes, held in one static: `epaint_default_fonts`' constants are copied
/// into the program at every place that names them (a 362 KB copy each in the web build),
/// while every reader of a static shares its one copy.
static UBUNTU_LIGHT: &[u8] = epaint_default_fonts::UBUNTU_LIGHT;

/// Hack's bytes, held in one static (as [`UBUNTU_LIGHT`]).
static HACK_REGULAR: &[u8] = epaint_default_fonts::HACK_REGULAR;

/// The bytes of the font `family` is drawn with (TrueType). The editor draws with these
/// very bytes too (its font set is built from them), so a program carries each font once.
pub fn font_bytes(family: FontFamily) -> &'static [u8] {
    match family {
        FontFamily::Sans => UBUNTU_LIGHT,
        FontFamily::Mono => HACK_REGULAR,
    }
}

/// The font `family` is drawn with, parsed once for the whole program.
pub fn font(family: FontFamily) -> &'static FontRef<'static> {
    static SANS: OnceLock<FontRef<'static>> = OnceLock::new();
    static MONO: OnceLock<FontRef<'static>> = OnceLock::new();
    let load = || FontRef::try_from_slice(font_bytes(family)).expect("bundled font parses");
    match family {
        FontFamily::Sans => SANS.get_or_init(load),
        FontFamily::Mono => MONO.get_or_init(load),
    }
}

/// The em size of `family`'s font per unit of line height (ascender to descender):
/// [`crate::Text::size`] is a line height, while egui and SVG size fonts by their em, so
/// they draw at `size × em_per_line` to match the pictures and the hit boxes.
pub fn em_per_line(family: FontFamily) -> f64 {
    let font = font(family);
    let per_em = font.units_per_em().unwrap_or(1000.0);
    f64::from(per_em / font.height_unscaled().max(1.0))
}
