//! The fonts PDF text is written in: the fonts every hexmap picture draws with
//! (`hexmap_draw::fonts`: Ubuntu Light for sans, under the Ubuntu Font Licence, and Hack
//! for mono, under the MIT and Bitstream Vera licences; both let a document embed the
//! font and be handed on), embedded whole as TrueType font files, so a print reads the
//! same on every reader and printer. Bold and italic are synthetic, as in every picture:
//! the glyphs are stroked [`BOLD_NUDGE`] wide and slanted by [`ITALIC_SLANT`]. Strings are
//! encoded in WinAnsi; the widths written in the PDF and used for layout are the font's
//! own advances, so a reader's text boxes (poppler's `pdftotext -bbox`) and hexmap's agree.

use hexmap_draw::fonts::{BOLD_NUDGE, ITALIC_SLANT, font, font_bytes};
use hexmap_draw::{Font, FontFamily};

/// One face as the PDF sets it: a family's embedded font, bold and italic drawn from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PdfFont {
    /// 0 for sans, 1 for mono: the font file.
    file: usize,
    /// Drawn thicker.
    pub bold: bool,
    /// Drawn slanted.
    pub italic: bool,
}

/// The two families, by [`PdfFont::file`].
const FAMILIES: [FontFamily; 2] = [FontFamily::Sans, FontFamily::Mono];

/// PostScript names of the font files, by [`PdfFont::file`].
const BASE_NAMES: [&str; 2] = ["Ubuntu-Light", "Hack-Regular"];

/// The first and last WinAnsi codes the PDF gives widths for.
pub const FIRST_CHAR: u8 = 32;
/// See [`FIRST_CHAR`].
pub const LAST_CHAR: u8 = 255;

/// How much synthetic bold thickens text, as a share of its line height (the pictures'
/// rule).
pub const BOLD_STROKE: f64 = BOLD_NUDGE;

/// Slant of synthetic italics (the pictures' rule).
pub const SLANT: f64 = ITALIC_SLANT;

impl PdfFont {
    /// The face that draws `font`.
    pub fn of(font: Font) -> PdfFont {
        PdfFont {
            file: usize::from(font.family == FontFamily::Mono),
            bold: font.bold,
            italic: font.italic,
        }
    }

    /// The font file this face is drawn from: one per family, shared by its styles.
    pub fn file(self) -> PdfFont {
        PdfFont {
            file: self.file,
            bold: false,
            italic: false,
        }
    }

    /// The PostScript name (`/BaseFont`) of its font file.
    pub fn base_name(self) -> &'static str {
        BASE_NAMES[self.file]
    }

    /// The name in a page's resources (`F0` …), one per font file.
    pub fn resource_name(self) -> String {
        format!("F{}", self.file)
    }

    /// The font file (TrueType).
    pub fn bytes(self) -> &'static [u8] {
        font_bytes(FAMILIES[self.file])
    }

    fn per_em(self) -> f64 {
        use ab_glyph::Font as _;
        f64::from(font(FAMILIES[self.file]).units_per_em().unwrap_or(1000.0))
    }

    /// Ascender and descender (positive, below the baseline) in em, the font's own.
    pub fn ascent_descent(self) -> (f64, f64) {
        use ab_glyph::Font as _;
        let f = font(FAMILIES[self.file]);
        let em = self.per_em();
        (
            f64::from(f.ascent_unscaled()) / em,
            -f64::from(f.descent_unscaled()) / em,
        )
    }

    /// Advance width of the WinAnsi byte `b`, in em: the font's own advance of the
    /// character the byte stands for.
    pub fn width(self, b: u8) -> f64 {
        use ab_glyph::Font as _;
        let f = font(FAMILIES[self.file]);
        let glyph = f.glyph_id(win_ansi_char(b));
        f64::from(f.h_advance_unscaled(glyph)) / self.per_em()
    }

    /// Width of WinAnsi-encoded `text` in em.
    pub fn text_width(self, text: &[u8]) -> f64 {
        text.iter().map(|&b| self.width(b)).sum()
    }

    /// The `/Widths` of the font file, [`FIRST_CHAR`] to [`LAST_CHAR`], in 1/1000 em.
    pub fn widths(self) -> Vec<f32> {
        (FIRST_CHAR..=LAST_CHAR)
            .map(|b| (self.width(b) * 1000.0) as f32)
            .collect()
    }

    /// The font's box, cap height and italic angle for its descriptor, in 1/1000 em.
    pub fn descriptor_metrics(self) -> ([f32; 4], f32) {
        let (ascent, descent) = self.ascent_descent();
        let widest = (FIRST_CHAR..=LAST_CHAR)
            .map(|b| self.width(b))
            .fold(0.0, f64::max);
        (
            [
                0.0,
                (-descent * 1000.0) as f32,
                (widest * 1000.0) as f32,
                (ascent * 1000.0) as f32,
            ],
            (ascent * 700.0) as f32,
        )
    }
}

/// The character the WinAnsi byte `b` stands for ([`win_ansi`] backwards; `?` for the
/// codes it never writes).
pub fn win_ansi_char(b: u8) -> char {
    match b {
        b' '..=b'~' | 0xa0..=0xff => char::from(b),
        0x80 => '€',
        0x85 => '…',
        0x91 => '‘',
        0x92 => '’',
        0x93 => '“',
        0x94 => '”',
        0x95 => '•',
        0x96 => '–',
        0x97 => '—',
        _ => '?',
    }
}

/// `text` in WinAnsi (PDF's standard Latin encoding): ASCII and Latin-1 letters as they
/// are, a few common punctuation marks mapped, anything else as `?`.
pub fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '€' => 0x80,
            '…' => 0x85,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            _ => b'?',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles_share_their_family_s_font_file() {
        let f = |family, bold, italic| {
            PdfFont::of(Font {
                family,
                bold,
                italic,
            })
        };
        let sans = f(FontFamily::Sans, true, true);
        assert_eq!((sans.bold, sans.italic), (true, true));
        assert_eq!(sans.file(), f(FontFamily::Sans, false, false));
        assert_eq!(sans.base_name(), "Ubuntu-Light");
        assert_eq!(f(FontFamily::Mono, true, false).base_name(), "Hack-Regular");
        assert_ne!(
            sans.resource_name(),
            f(FontFamily::Mono, false, false).resource_name()
        );
    }

    #[test]
    fn widths_are_the_font_s_own() {
        use ab_glyph::Font as _;
        let sans = PdfFont::of(Font::regular(FontFamily::Sans));
        let mono = PdfFont::of(Font::regular(FontFamily::Mono));
        // Read straight from the font file: Ubuntu's "W" is wider than its "i".
        let f = font(FontFamily::Sans);
        let per_em = f64::from(f.units_per_em().unwrap());
        let w = f64::from(f.h_advance_unscaled(f.glyph_id('W'))) / per_em;
        assert!((sans.width(b'W') - w).abs() < 1e-12);
        assert!(sans.width(b'W') > 1.5 * sans.width(b'i'));
        // Hack is monospaced: every glyph as wide.
        assert!((mono.text_width(b"Wi") - 2.0 * mono.width(b'0')).abs() < 1e-12);
        assert_eq!(sans.widths().len(), 224);
        assert!(
            (f64::from(sans.widths()[usize::from(b'W' - FIRST_CHAR)]) - w * 1000.0).abs() < 0.01
        );
    }

    #[test]
    fn text_is_encoded_in_win_ansi_and_read_back() {
        assert_eq!(win_ansi("row 2 × 3"), b"row 2 \xd7 3");
        assert_eq!(win_ansi("é—€"), b"\xe9\x97\x80");
        assert_eq!(win_ansi("地図"), b"??");
        for c in ['a', '×', 'é', '—', '€', '•'] {
            assert_eq!(win_ansi_char(win_ansi(&c.to_string())[0]), c);
        }
    }
}
