//! The standard PDF fonts text is written in (Helvetica for sans, Courier for mono, with
//! their bold and oblique faces): every PDF reader has them, so nothing is embedded and
//! text stays real, searchable text. Strings are encoded in WinAnsi; widths and vertical
//! metrics are the fonts' published metrics, so text can be aligned without the font file.

use hexmap_draw::{Font, FontFamily};

/// Advance widths of Helvetica for the printable ASCII characters 32..=126, in 1/1000 em.
const HELVETICA_ASCII: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // ' '../
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0..9
    278, 278, 584, 584, 584, 556, 1015, // :;<=>?@
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, // A..M
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // N..Z
    278, 278, 278, 469, 556, 333, // [\]^_`
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, // a..m
    556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, // n..z
    334, 260, 334, 584, // {|}~
];

/// Width of Helvetica characters outside ASCII (an average; WinAnsi accented letters are
/// close to their base letters).
const HELVETICA_OTHER: u16 = 556;

/// Every Courier glyph is this wide.
const COURIER_WIDTH: u16 = 600;

/// One standard font: its PDF name, the resource name hexmap gives it, and metrics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StandardFont {
    /// Index into [`BASE_NAMES`].
    index: usize,
}

/// PostScript names of the faces used, by [`StandardFont::index`].
const BASE_NAMES: [&str; 8] = [
    "Helvetica",
    "Helvetica-Bold",
    "Helvetica-Oblique",
    "Helvetica-BoldOblique",
    "Courier",
    "Courier-Bold",
    "Courier-Oblique",
    "Courier-BoldOblique",
];

impl StandardFont {
    /// The face that draws `font`.
    pub fn of(font: Font) -> StandardFont {
        let family = match font.family {
            FontFamily::Sans => 0,
            FontFamily::Mono => 4,
        };
        StandardFont {
            index: family + usize::from(font.bold) + 2 * usize::from(font.italic),
        }
    }

    /// The PostScript name (`/BaseFont`).
    pub fn base_name(self) -> &'static str {
        BASE_NAMES[self.index]
    }

    /// The name in a page's resources (`F0` …).
    pub fn resource_name(self) -> String {
        format!("F{}", self.index)
    }

    fn is_mono(self) -> bool {
        self.index >= 4
    }

    /// Ascender and descender (positive, below the baseline) in em.
    pub fn ascent_descent(self) -> (f64, f64) {
        if self.is_mono() {
            (0.629, 0.157)
        } else {
            (0.718, 0.207)
        }
    }

    /// Advance width of the WinAnsi byte `b`, in em.
    fn width(self, b: u8) -> f64 {
        let w = if self.is_mono() {
            COURIER_WIDTH
        } else if (32..=126).contains(&b) {
            HELVETICA_ASCII[usize::from(b - 32)]
        } else {
            HELVETICA_OTHER
        };
        f64::from(w) / 1000.0
    }

    /// Width of WinAnsi-encoded `text` in em.
    pub fn text_width(self, text: &[u8]) -> f64 {
        text.iter().map(|&b| self.width(b)).sum()
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
    fn faces_follow_family_weight_and_slant() {
        let f = |family, bold, italic| {
            StandardFont::of(Font {
                family,
                bold,
                italic,
            })
            .base_name()
        };
        assert_eq!(f(FontFamily::Sans, false, false), "Helvetica");
        assert_eq!(f(FontFamily::Sans, true, true), "Helvetica-BoldOblique");
        assert_eq!(f(FontFamily::Mono, false, true), "Courier-Oblique");
        assert_eq!(f(FontFamily::Mono, true, false), "Courier-Bold");
    }

    #[test]
    fn widths_are_helvetica_s_and_courier_s() {
        let sans = StandardFont::of(Font::regular(FontFamily::Sans));
        let mono = StandardFont::of(Font::regular(FontFamily::Mono));
        // Figures are tabular in Helvetica: "0101" is four figure widths.
        assert!((sans.text_width(b"0101") - 4.0 * 0.556).abs() < 1e-12);
        assert!((sans.text_width(b"Wi") - (0.944 + 0.222)).abs() < 1e-12);
        assert!((mono.text_width(b"Wi") - 1.2).abs() < 1e-12);
    }

    #[test]
    fn text_is_encoded_in_win_ansi() {
        assert_eq!(win_ansi("row 2 × 3"), b"row 2 \xd7 3");
        assert_eq!(win_ansi("é—€"), b"\xe9\x97\x80");
        assert_eq!(win_ansi("地図"), b"??");
    }
}
