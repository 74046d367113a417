//! The key booklet (`--to key-pdf`): the printed map's pages first (the print pipeline of
//! [`super::print`], at the print's hex size), then the key's entries in label order on
//! pages of the same paper, each page headed by a locator map — the whole map small, the
//! hexes of that page's entries ringed and labelled — and numbered at its foot. The
//! entries' emphasis and lists are set as in the editor (`hexmap_map::key_text`); fonts are
//! embedded as in every print.

use super::PictureError;
use super::pdf::{PdfSink, Shared, ToPage};
use super::pdf_fonts::{PdfFont, win_ansi};
use super::print::{
    FIRST_SHARED_ID, INK, PageOut, PrintOptions, board_pages, page_units, paper_transform,
    print_style, write_document,
};
use crate::format::key::{Keyed, Link, UNKNOWN_TEXT, keyed, resolve};
use hexmap_draw::print::POINTS_PER_MM;
use hexmap_draw::{
    Circle, Colour, Font, FontFamily, HAlign, Halo, MapScene, Region, Scene, Sink, Stroke, Text,
    VAlign,
};
use hexmap_hex::{Hex, Point};
use hexmap_map::HexMap;
use hexmap_map::key_text::{Span, blocks};

/// Text sizes on paper, millimetres (a line's height): the entry's heading, its text, its
/// tags and the page foot.
const HEADING_MM: f64 = 5.0;
const BODY_MM: f64 = 3.8;
const SMALL_MM: f64 = 3.2;
/// Line spacing, as a share of the text size.
const LEADING: f64 = 1.25;
/// Indent of a list item's text, millimetres.
const ITEM_INDENT_MM: f64 = 5.0;
/// The ring around a located hex.
const RING: Colour = Colour::rgb(200, 30, 30);
/// The GM's text is set in this ink, to tell it apart on the page.
const GM_INK: Colour = Colour::rgb(110, 70, 10);

/// The map's key as a booklet: the printed map, then the entries.
pub async fn key_booklet_in_steps(
    map: &HexMap,
    opts: &PrintOptions,
    progress: &mut dyn FnMut(f32),
) -> Result<Vec<u8>, PictureError> {
    let mut shared = Shared::new(FIRST_SHARED_ID);
    let (mut pages, layout) = board_pages(map, opts, &mut shared, progress).await?;
    // A poster's paper is the map's size: the entries go on pages of the chosen paper.
    let paper = if opts.setup.poster {
        opts.setup.paper.size_mm(opts.setup.landscape)
    } else {
        layout.paper_mm
    };
    let key = keyed(map);
    let laid = lay_out(map, &key, paper);
    let first_number = pages.len() + 1;
    for (i, page) in laid.iter().enumerate() {
        pages.push(entry_page(
            map,
            opts,
            paper,
            page,
            first_number + i,
            &mut shared,
        ));
        hexmap_map::steps::pause().await;
    }
    Ok(write_document(
        &format!("{}: the key", map.name()),
        pages,
        &mut shared,
    ))
}

/// A run of text set on a page: where its left end sits on the baseline's top, millimetres.
struct Piece {
    text: String,
    at: Point,
    size: f64,
    font: Font,
    colour: Colour,
}

/// One page of entries: what is written on it, and the hexes its entries belong to.
#[derive(Default)]
struct EntryPage {
    pieces: Vec<Piece>,
    hexes: Vec<(Hex, String)>,
}

/// Where the text of entry pages may go on paper `(w, h)`: left, top, right, bottom,
/// millimetres (below the locator, above the foot).
fn text_area(paper: (f64, f64)) -> (f64, f64, f64, f64) {
    let m = margin(paper);
    (
        m,
        m + locator_height(paper) + 4.0,
        paper.0 - m,
        paper.1 - m - 6.0,
    )
}

fn margin(paper: (f64, f64)) -> f64 {
    15.0_f64.min(paper.0 / 10.0).min(paper.1 / 10.0)
}

fn locator_height(paper: (f64, f64)) -> f64 {
    (paper.1 * 0.22).min(60.0)
}

/// The width of `text` set in `font` at `size` millimetres (a line's height), by the
/// widths of the font it is embedded in (as the PDF back-end sets it); a bold run is
/// stroked, so its box grows by the stroke.
fn width(text: &str, size: f64, font: Font) -> f64 {
    let face = PdfFont::of(font);
    let (ascent, descent) = face.ascent_descent();
    let plain = face.text_width(&win_ansi(text)) * size / (ascent + descent);
    let bold = if font.bold {
        super::pdf_fonts::BOLD_STROKE * size
    } else {
        0.0
    };
    plain + bold
}

/// Sets text line by line into pages.
struct Setter {
    area: (f64, f64, f64, f64),
    pages: Vec<EntryPage>,
    y: f64,
}

impl Setter {
    fn page(&mut self) -> &mut EntryPage {
        self.pages.last_mut().expect("a page is open")
    }

    /// Start a new page.
    fn new_page(&mut self) {
        self.pages.push(EntryPage::default());
        self.y = self.area.1;
    }

    /// Room for `height` more millimetres on this page, else a new page.
    fn room(&mut self, height: f64) {
        if self.y + height > self.area.3 && self.y > self.area.1 {
            self.new_page();
        }
    }

    /// Set `runs` (text, font, colour) wrapped from `indent` to the right edge at `size`.
    fn paragraph(&mut self, runs: &[(String, Font, Colour)], size: f64, indent: f64) {
        let line_h = size * LEADING;
        let (left, right) = (self.area.0 + indent, self.area.2);
        let mut x = left;
        self.room(line_h);
        for (text, font, colour) in runs {
            // Words with the space after them, so a line never starts with a space.
            for word in text.split_inclusive(' ') {
                let w = width(word, size, *font);
                if x > left && x + width(word.trim_end(), size, *font) > right {
                    self.y += line_h;
                    self.room(line_h);
                    x = left;
                }
                let at = Point::new(x, self.y);
                let y = self.y;
                // A word on the line of the run before it, in its font, joins that run: a
                // line is set as few texts, its spaces inside them (as readers copy it).
                match self.page().pieces.last_mut() {
                    // A space between runs ends the run before it.
                    Some(p) if p.at.y == y && word.trim().is_empty() && x > left => {
                        p.text.push_str(word);
                    }
                    Some(p)
                        if p.at.y == y
                            && p.font == *font
                            && p.colour == *colour
                            && p.size == size
                            && x > left =>
                    {
                        p.text.push_str(word);
                    }
                    _ => self.page().pieces.push(Piece {
                        text: word.to_owned(),
                        at,
                        size,
                        font: *font,
                        colour: *colour,
                    }),
                }
                x += w;
            }
        }
        self.y += line_h;
    }
}

/// The runs of an entry's text (emphasis as fonts, links as labels) in `colour`.
fn runs_of(map: &HexMap, spans: &[Span], colour: Colour) -> Vec<(String, Font, Colour)> {
    let sans = Font::regular(FontFamily::Sans);
    spans
        .iter()
        .map(|s| match s {
            Span::Text { text, italic, bold } => (
                text.clone(),
                Font {
                    bold: *bold,
                    italic: *italic,
                    ..sans
                },
                colour,
            ),
            Span::Link(label) => match resolve(map, label) {
                Link::Entry(l) => (l, Font { bold: true, ..sans }, colour),
                Link::Missing(l) => (format!("{l} (no entry)"), sans, colour),
                Link::Unknown => (
                    UNKNOWN_TEXT.to_owned(),
                    Font {
                        italic: true,
                        ..sans
                    },
                    colour,
                ),
            },
        })
        .collect()
}

/// The entries set into pages of `paper`.
fn lay_out(map: &HexMap, key: &[Keyed], paper: (f64, f64)) -> Vec<EntryPage> {
    let mut set = Setter {
        area: text_area(paper),
        pages: Vec::new(),
        y: 0.0,
    };
    set.new_page();
    let sans = Font::regular(FontFamily::Sans);
    let bold = Font { bold: true, ..sans };
    let italic = Font {
        italic: true,
        ..sans
    };
    if key.is_empty() {
        set.paragraph(&[("No hex is keyed.".into(), sans, INK)], BODY_MM, 0.0);
    }
    for k in key {
        let e = &k.entry;
        // A heading is kept with two lines of its text.
        set.room(HEADING_MM * LEADING + 2.0 * BODY_MM * LEADING + 3.0);
        set.y += 3.0;
        let heading = k.title_line();
        set.paragraph(&[(heading, bold, INK)], HEADING_MM, 0.0);
        // The locator rings the hex by its label (an icon's hex by the hex's label, a
        // region's middle hex by the region's name).
        let here = match k.target {
            hexmap_map::KeyTarget::Icon(_) => (k.hex, map.hex_label(k.hex)),
            _ => (k.hex, k.label.clone()),
        };
        let hexes = &mut set.page().hexes;
        if !hexes.contains(&here) {
            hexes.push(here.clone());
        }
        if !e.tags.is_empty() {
            set.paragraph(&[(e.tags.join(", "), italic, INK)], SMALL_MM, 0.0);
        }
        let text = |set: &mut Setter, body: &str, colour: Colour| {
            for b in blocks(body) {
                let runs = runs_of(map, &b.spans, colour);
                if b.item {
                    set.room(BODY_MM * LEADING);
                    let at = Point::new(set.area.0 + 1.5, set.y);
                    set.page().pieces.push(Piece {
                        text: "•".into(),
                        at,
                        size: BODY_MM,
                        font: sans,
                        colour,
                    });
                    set.paragraph(&runs, BODY_MM, ITEM_INDENT_MM);
                } else {
                    set.paragraph(&runs, BODY_MM, 0.0);
                }
            }
        };
        text(&mut set, &e.player_text, INK);
        if !e.gm_text.trim().is_empty() {
            set.paragraph(&[("GM".into(), bold, GM_INK)], SMALL_MM, 0.0);
            text(&mut set, &e.gm_text, GM_INK);
        }
        if e.gm_only {
            set.paragraph(
                &[("For the GM only.".into(), italic, GM_INK)],
                SMALL_MM,
                0.0,
            );
        }
        // Every page an entry runs onto locates its hex.
        if !set.page().hexes.contains(&here) {
            set.page().hexes.push(here);
        }
    }
    set.pages
}

/// One page of entries: the locator map, the text, the page number.
fn entry_page(
    map: &HexMap,
    opts: &PrintOptions,
    paper: (f64, f64),
    page: &EntryPage,
    number: usize,
    shared: &mut Shared,
) -> PageOut {
    let (size_pt, unit) = page_units(paper.0, paper.1);
    let mut sink = PdfSink::new(paper_transform(size_pt.1, unit), shared);
    let m = margin(paper);
    locator(
        &mut sink,
        map,
        opts,
        (
            Point::new(m, m),
            Point::new(paper.0 - m, m + locator_height(paper)),
        ),
        &page.hexes,
        (size_pt.1, unit),
    );
    for p in &page.pieces {
        sink.text(&Text {
            h_align: HAlign::Left,
            v_align: VAlign::Top,
            ..Text::centred(&p.text, p.at, p.size, p.colour, p.font)
        });
    }
    sink.text(&Text::centred(
        &format!("{} — key, page {number}", map.name()),
        Point::new(paper.0 / 2.0, paper.1 - m / 2.0),
        SMALL_MM,
        INK,
        Font::regular(FontFamily::Sans),
    ));
    PageOut::new(sink, size_pt, unit)
}

/// The whole map fitted into `area` (paper millimetres), the `hexes` ringed and labelled.
fn locator(
    sink: &mut PdfSink<'_>,
    map: &HexMap,
    opts: &PrintOptions,
    area: (Point, Point),
    hexes: &[(Hex, String)],
    (height_pt, unit): (f64, f64),
) {
    let Ok(world) = map.layout() else {
        return;
    };
    let frame = opts
        .world_box
        .or_else(|| hexmap_draw::map_world_box(map, &world, hexmap_draw::CellReach::Outline));
    let Some((lo, hi)) = frame else {
        return;
    };
    let (bw, bh) = (area.1.x - area.0.x, area.1.y - area.0.y);
    let fit = (bw / (hi.x - lo.x)).min(bh / (hi.y - lo.y));
    if !(fit.is_finite() && fit > 0.0) {
        return;
    }
    // Centred in its box.
    let x0 = area.0.x + (bw - (hi.x - lo.x) * fit) / 2.0;
    let thumb = ToPage {
        scale: fit * POINTS_PER_MM / unit,
        ox: (x0 - lo.x * fit) * POINTS_PER_MM / unit,
        oy: (height_pt - (area.0.y - lo.y * fit) * POINTS_PER_MM) / unit,
    };
    sink.set_transform(thumb);
    sink.clip_rect(lo, hi);
    let style = print_style(opts);
    let mut scene = MapScene::whole(map, world, &style);
    if let Some(images) = &opts.images {
        scene = scene.with_images(images);
    }
    scene.draw(&Region::Block(scene.bounds()), fit * POINTS_PER_MM, sink);
    sink.restore();
    let size = map.properties().hex_size;
    let radius = size.x.max(size.y) * 1.1;
    // At least 1.5 mm across on paper, so a tiny hex is still found.
    let radius = radius.max(1.5 / fit);
    for (h, label) in hexes {
        let c = world.hex_to_pixel(*h);
        sink.circle(&Circle {
            centre: c,
            radius,
            fill: None,
            stroke: Some(Stroke::solid(0.5 / fit, RING)),
        });
        sink.text(&Text {
            halo: Some(Halo {
                colour: Colour::WHITE,
                width: 0.5 / fit,
            }),
            h_align: HAlign::Left,
            ..Text::centred(
                label,
                Point::new(c.x + radius * 1.1, c.y),
                SMALL_MM / fit,
                RING,
                Font {
                    bold: true,
                    ..Font::regular(FontFamily::Sans)
                },
            )
        });
    }
    sink.set_transform(paper_transform(height_pt, unit));
}
