//! Unit tests of the PDF back-end: what its content streams say.

use super::*;
use hexmap_draw::{Font, FontFamily};
use hexmap_hex::{Layout, Orientation};
use std::io::Read;

fn inflate(bytes: &[u8]) -> String {
    let mut out = String::new();
    flate2::read::ZlibDecoder::new(bytes)
        .read_to_string(&mut out)
        .unwrap();
    out
}

#[test]
fn cells_share_one_hexagon_object_and_colours_are_set_once_per_run() {
    let layout = Layout::regular(Orientation::Pointy, 5.0).unwrap();
    let hexagon = Hexagon::of(&layout);
    let red = Colour::rgb(200, 0, 0);
    let grid = Stroke::solid(0.5, Colour::rgba(60, 60, 60, 200));
    let mut shared = Shared::new(10);
    let to_page = ToPage {
        scale: 2.0,
        ox: 10.0,
        oy: 100.0,
    };
    let mut sink = PdfSink::new(to_page, &mut shared);
    for i in 0..3 {
        sink.hex(&HexCell {
            hexagon: &hexagon,
            centre: Point::new(f64::from(i) * 10.0, 0.0),
            scale: 1.0,
            fill: Some(red),
            stroke: Some(grid),
        });
    }
    sink.text(&Text::centred(
        "0101",
        Point::new(0.0, 0.0),
        4.0,
        Colour::BLACK,
        Font::regular(FontFamily::Sans),
    ));
    let (bytes, resources) = sink.finish();
    let content = inflate(&bytes);
    assert_eq!(content.matches("/H0 Do").count(), 3, "{content}");
    // World (0, 0) is page (10, 100); (10, 0) is 20 units to the right.
    assert!(content.contains("1 0 0 1 10 100 cm"), "{content}");
    assert!(content.contains("1 0 0 1 30 100 cm"), "{content}");
    // Red once for the three cells, black once for the text; one translucent stroke.
    assert_eq!(content.matches(" rg").count(), 2, "{content}");
    assert_eq!(content.matches(" RG").count(), 1, "{content}");
    assert!(content.contains("/GS200 gs"), "{content}");
    assert!(content.contains("(0101) Tj"), "{content}");
    assert_eq!(shared.hexagons.len(), 1);
    assert_eq!(shared.alphas.len(), 1);
    assert!(resources.fonts.contains_key("F0"));
    assert!(resources.x_objects.contains_key("H0"));
}

#[test]
fn text_is_centred_with_the_font_s_widths() {
    let mut shared = Shared::new(1);
    let to_page = ToPage {
        scale: 1.0,
        ox: 0.0,
        oy: 0.0,
    };
    let mut sink = PdfSink::new(to_page, &mut shared);
    // A line of 0.925 units; "00" as wide as the font's own advances say.
    sink.text(&Text::centred(
        "00",
        Point::new(100.0, 0.0),
        0.925,
        Colour::BLACK,
        Font::regular(FontFamily::Sans),
    ));
    let content = inflate(&sink.finish().0);
    // Starts half its width left of the anchor, the width read from the font file.
    use ab_glyph::Font as _;
    let f = hexmap_draw::fonts::font(FontFamily::Sans);
    let per_em = f64::from(f.units_per_em().unwrap());
    let em = 0.925 * per_em / f64::from(f.ascent_unscaled() - f.descent_unscaled());
    let zero = f64::from(f.h_advance_unscaled(f.glyph_id('0'))) / per_em;
    let x = 100.0 - zero * em;
    assert!(
        content.contains(&format!("1 0 0 1 {} ", (x * 100.0).round() / 100.0)),
        "{x} {content}"
    );
}
