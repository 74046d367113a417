//! The assembly index of a multi-page print: the first page, with the title, what was
//! asked, and the page grid over a thumbnail of the map (kept inside its box), each page's
//! number placed where it covers no place name or caption.

use super::pdf::{PdfSink, Shared, ToPage};
use super::print::{INK, PageOut, PrintOptions, page_units, paper_transform};
use hexmap_draw::print::{POINTS_PER_MM, PageLayout};
use hexmap_draw::text_box::TextBox;
use hexmap_draw::{
    Colour, Font, FontFamily, HAlign, Halo, MapScene, Region, Scene, Sink, Stroke, Text, VAlign,
};
use hexmap_hex::Point;
use hexmap_map::HexMap;

/// The first page of a multi-page board: title, what was asked, and the page grid over a
/// thumbnail of the map with each page's number.
pub(super) fn index_page(
    map: &HexMap,
    layout: &PageLayout,
    scene: &MapScene<'_>,
    opts: &PrintOptions,
    key_page: Option<usize>,
    shared: &mut Shared,
) -> PageOut {
    let setup = &opts.setup;
    let (size_pt, unit) = page_units(layout.paper_mm.0, layout.paper_mm.1);
    let (pw, ph) = layout.paper_mm;
    let margin = 12.0_f64.min(pw / 10.0);
    let mut sink = PdfSink::new(paper_transform(size_pt.1, unit), shared);
    let title_size = 7.0;
    sink.text(&Text {
        h_align: HAlign::Left,
        v_align: VAlign::Top,
        ..Text::centred(
            map.name(),
            Point::new(margin, margin),
            title_size,
            INK,
            Font {
                bold: true,
                ..Font::regular(FontFamily::Sans)
            },
        )
    });
    let hex = setup.hex_size;
    let key = key_page.map(|n| format!("The key (legend) is on page {n}."));
    let lines = [
        format!(
            "{} rows × {} columns = {} pages on {} {}, overlap {}",
            layout.rows,
            layout.cols,
            layout.page_count(),
            setup.paper,
            if setup.landscape {
                "landscape"
            } else {
                "portrait"
            },
            setup.overlap,
        ),
        format!(
            "Hex size {:.1} mm ({:.3} in) flat to flat: print at 100 %, not fit to page.",
            hex.to_mm(),
            hex.to_inches()
        ),
        // Say how to trim by what is printed: the marks, or the edge of the map area.
        if opts.marks {
            "Trim each page at its crop marks and lay it over its neighbour's overlap."
        } else {
            "Trim each page at the edge of its map area and lay it over its neighbour's overlap."
        }
        .to_string(),
    ];
    let lines = lines.iter().chain(key.as_ref());
    let line_size = 4.0;
    let mut y = margin + title_size + 2.0;
    for l in lines {
        sink.text(&Text {
            h_align: HAlign::Left,
            v_align: VAlign::Top,
            ..Text::centred(
                l,
                Point::new(margin, y),
                line_size,
                INK,
                Font::regular(FontFamily::Sans),
            )
        });
        y += line_size * 1.3;
    }
    // The area the pages cover, fitted into the rest of the page.
    let first = layout.page(0, 0).world.0;
    let last = layout.page(layout.rows - 1, layout.cols - 1).world.1;
    let (box_x, box_y) = (margin, y + 4.0);
    let (box_w, box_h) = (pw - 2.0 * margin, ph - box_y - margin);
    let fit = (box_w / (last.x - first.x)).min(box_h / (last.y - first.y));
    let thumb = ToPage {
        scale: fit * POINTS_PER_MM / unit,
        ox: (box_x - first.x * fit) * POINTS_PER_MM / unit,
        oy: (size_pt.1 - (box_y - first.y * fit) * POINTS_PER_MM) / unit,
    };
    sink.set_transform(thumb);
    // The thumbnail stays inside its box: what is drawn past the pages is cut there.
    let (view_a, view_b) = (
        Point::new(first.x.min(last.x), first.y.min(last.y)),
        Point::new(
            first.x + (box_w / fit).max(last.x - first.x),
            first.y + (box_h / fit).max(last.y - first.y),
        ),
    );
    sink.clip_rect(view_a, view_b);
    scene.draw(
        &Region::Block(scene.bounds()),
        fit * POINTS_PER_MM,
        &mut sink,
    );
    sink.restore();
    // Place names and captions: what a page number must not cover.
    let names = hexmap_draw::drawn_text_boxes(map, scene.layout());
    let frame = Stroke::solid(0.4 / fit, Colour::rgb(200, 30, 30));
    for (i, page) in layout.pages().enumerate() {
        let (a, b) = page.world;
        let corners = [a, Point::new(b.x, a.y), b, Point::new(a.x, b.y)];
        sink.polygon(&hexmap_draw::Polygon {
            points: &corners,
            fill: None,
            stroke: Some(frame),
        });
        let label = (i + 2).to_string();
        let cell = ((b.x - a.x).min(b.y - a.y)) * fit;
        let size = (cell * 0.35).clamp(2.0, 12.0) / fit;
        let number = page_number(&label, (a, b), size, fit, &names);
        sink.text(&number);
    }
    PageOut::new(sink, size_pt, unit)
}

/// A page's number in the index: in the page's rectangle `page` (world units), at the
/// first of nine spots (centre, then the middles of the sides, then the corners, inset)
/// where it covers none of the text boxes `names` (place names, captions), shrinking to half size when
/// none is clear (then the spot that covers the least).
fn page_number<'a>(
    label: &'a str,
    page: (Point, Point),
    size: f64,
    fit: f64,
    names: &[(Point, Point)],
) -> Text<'a> {
    let (a, b) = page;
    let (w, h) = (b.x - a.x, b.y - a.y);
    let spots = [
        (0.5, 0.5),
        (0.5, 0.2),
        (0.5, 0.8),
        (0.2, 0.5),
        (0.8, 0.5),
        (0.2, 0.2),
        (0.8, 0.2),
        (0.2, 0.8),
        (0.8, 0.8),
    ];
    let text = |at: Point, size: f64| Text {
        halo: Some(Halo {
            colour: Colour::WHITE,
            width: 0.6 / fit,
        }),
        ..Text::centred(
            label,
            at,
            size,
            Colour::rgb(200, 30, 30),
            Font {
                bold: true,
                ..Font::regular(FontFamily::Sans)
            },
        )
    };
    let covered = |t: &Text<'_>| {
        let bx = TextBox::of(t);
        let (lo, hi) = (
            Point::new(t.anchor.x + bx.min.x, t.anchor.y + bx.min.y),
            Point::new(t.anchor.x + bx.max.x, t.anchor.y + bx.max.y),
        );
        names
            .iter()
            .map(|(p, q)| {
                let dx = (hi.x.min(q.x) - lo.x.max(p.x)).max(0.0);
                let dy = (hi.y.min(q.y) - lo.y.max(p.y)).max(0.0);
                dx * dy
            })
            .sum::<f64>()
    };
    let mut best: Option<(f64, Text<'a>)> = None;
    for s in [size, size / 2.0] {
        for (fx, fy) in spots {
            let t = text(Point::new(a.x + w * fx, a.y + h * fy), s);
            let c = covered(&t);
            if c <= 0.0 {
                return t;
            }
            if best.as_ref().is_none_or(|(bc, _)| c < *bc) {
                best = Some((c, t));
            }
        }
    }
    best.map_or_else(
        || text(Point::new(a.x + w / 2.0, a.y + h / 2.0), size),
        |(_, t)| t,
    )
}
