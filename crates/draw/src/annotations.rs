//! Icons on hexes and place-name labels, drawn from the map's annotations:
//! several icons on one hex laid out without overlap, captions under them with a halo,
//! and labels as rotated text sized in hex units. Each label is drawn by exactly one
//! region (its *home*, see [`label_home`]), so chunked and banded drawings draw it once.

use super::colour::{Colour, ink_on};
use super::icon_art::{self, Paint};
use super::image::ImageSet;
use super::lod::MIN_TEXT_PX;
use super::primitives::{
    Font, FontFamily, HAlign, Halo, Path, Polygon, Segment, Stroke, Text, VAlign,
};
use super::region::Region;
use super::sink::Sink;
use hexmap_hex::{Hex, Layout, OffsetCoord, OffsetKind, Point};
use hexmap_map::{Icon, IconSource, Label, OffsetBounds};

/// Smallest icon drawn, in pixels across; smaller icons are hidden.
pub const ICON_MIN_PX: f64 = 10.0;
/// The ink of icons without a colour of their own.
pub const DEFAULT_INK: Colour = Colour::rgb(0x2a, 0x21, 0x18);
/// The paper fill and halo of icons.
pub const PAPER: Colour = Colour::rgb(0xf6, 0xf1, 0xe2);
/// Half the side of a lone icon's box, as a share of the hex's smaller radius.
const LONE_HALF: f64 = 0.5;
/// Distance of each icon of a group from the hex centre, as a share of the radius.
const RING: f64 = 0.42;
/// Stroke width of icon lines in unit-box units.
const LINE: f64 = 0.13;
/// Caption height as a share of the radius.
const CAPTION_SHARE: f64 = 0.3;

/// Where the `i`-th of `n` icons of a hex sits (offset from the centre) and the half side
/// of its box at scale 1, for a hex of smaller radius `radius`. Boxes of one hex never
/// overlap and stay inside the hexagon.
pub fn icon_slot(i: usize, n: usize, radius: f64) -> (Point, f64) {
    if n <= 1 {
        return (Point::new(0.0, 0.0), LONE_HALF * radius);
    }
    // Centres on a circle, first at the top; each box fits in its share of the circle
    // (half the chord between neighbours) and inside the hexagon's inscribed circle.
    let angle = -std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * i as f64 / n as f64;
    let chord_half = RING * (std::f64::consts::PI / n as f64).sin();
    let half = chord_half.min(0.85 - RING) * 0.7 * radius;
    let d = RING * radius;
    (Point::new(d * angle.cos(), d * angle.sin()), half)
}

/// Draw one built-in icon (or a user image's stand-in frame) in the box of half side
/// `half` around `centre`.
pub fn draw_icon(sink: &mut dyn Sink, source: &IconSource, centre: Point, half: f64, ink: Colour) {
    let to_world = |p: Point| Point::new(centre.x + p.x * half, centre.y + p.y * half);
    let line = Stroke::solid(LINE * half, ink);
    let kind = match source {
        IconSource::Builtin(kind) => *kind,
        IconSource::Image(_) => {
            // Images are not loaded yet: a framed picture sign marks where one goes.
            let corners = [(-0.8, -0.7), (0.8, -0.7), (0.8, 0.7), (-0.8, 0.7)]
                .map(|(x, y)| to_world(Point::new(x, y)));
            sink.polygon(&Polygon {
                points: &corners,
                fill: Some(PAPER),
                stroke: Some(line),
            });
            let hill = [
                (-0.6, 0.5),
                (-0.1, -0.2),
                (0.2, 0.2),
                (0.4, 0.0),
                (0.6, 0.5),
            ]
            .map(|(x, y)| to_world(Point::new(x, y)));
            sink.polygon(&Polygon {
                points: &hill,
                fill: Some(ink),
                stroke: None,
            });
            return;
        }
    };
    let parts = icon_art::parts(kind);
    let halo = Stroke::solid(LINE * 2.6 * half, PAPER);
    let mut segments: Vec<Segment> = Vec::new();
    // Two passes: a paper halo under every part, then the parts.
    for pass in 0..2 {
        for part in parts {
            for outline in &part.outlines {
                segments.clear();
                segments.extend(outline.segments.iter().map(|s| match *s {
                    Segment::Line(p) => Segment::Line(to_world(p)),
                    Segment::Cubic(a, b, c) => {
                        Segment::Cubic(to_world(a), to_world(b), to_world(c))
                    }
                }));
                let (fill, stroke) = match (pass, part.paint) {
                    (0, Paint::Line) => (None, Some(halo)),
                    (0, _) => (Some(PAPER), Some(halo)),
                    (_, Paint::Ink) => (Some(ink), None),
                    (_, Paint::Line) => (None, Some(line)),
                    (_, Paint::Paper) => (Some(PAPER), Some(line)),
                };
                sink.path(&Path {
                    start: to_world(outline.start),
                    segments: &segments,
                    closed: outline.closed,
                    fill,
                    stroke,
                });
            }
        }
    }
}

/// [`draw_icon`], drawing a user-image icon from `images` when it loaded there (else the
/// picture sign): how every place that shows an icon (hexes, the legend) draws it.
pub fn draw_icon_with(
    sink: &mut dyn Sink,
    source: &IconSource,
    centre: Point,
    half: f64,
    ink: Colour,
    images: Option<&ImageSet>,
) {
    let loaded = match source {
        IconSource::Image(path) => images.and_then(|set| set.get(path)),
        IconSource::Builtin(_) => None,
    };
    match loaded {
        Some((id, image)) => super::image::draw_image_icon(sink, id, image, centre, half),
        None => draw_icon(sink, source, centre, half, ink),
    }
}

/// Draw the icons of the hex at `centre` (smaller radius `radius` in world units) at
/// `scale` pixels per world unit: hidden when smaller than [`ICON_MIN_PX`], captions
/// (with a halo) under their icons when legible.
pub fn draw_hex_icons<I: AsRef<Icon>>(
    sink: &mut dyn Sink,
    icons: &[I],
    centre: Point,
    radius: f64,
    scale: f64,
) {
    draw_hex_icons_with(sink, icons, centre, radius, scale, None);
}

/// [`draw_hex_icons`], drawing user-image icons from `images` (an image not in the set
/// shows the built-in picture sign).
pub fn draw_hex_icons_with<I: AsRef<Icon>>(
    sink: &mut dyn Sink,
    icons: &[I],
    centre: Point,
    radius: f64,
    scale: f64,
    images: Option<&ImageSet>,
) {
    let n = icons.len();
    for (i, icon) in icons.iter().map(AsRef::as_ref).enumerate() {
        let (offset, half) = icon_box(i, n, icon.scale, radius);
        if 2.0 * half * scale < ICON_MIN_PX {
            continue;
        }
        let at = Point::new(centre.x + offset.x, centre.y + offset.y);
        let ink = icon.color.map_or(DEFAULT_INK, Colour::from);
        draw_icon_with(sink, &icon.source, at, half, ink, images);
        if let Some(caption) = &icon.caption {
            let (anchor, size) = caption_place(n, radius, at, half);
            draw_caption(sink, caption, anchor, size, ink, scale);
        }
    }
}

/// Draw a caption (an icon's, a note's) with its top centre at `top`, `size` world units
/// high, in `ink` with a paper halo ([`caption_text`]), unless it would be smaller than
/// legible ([`MIN_TEXT_PX`]) at `scale` pixels per world unit; returns whether it was drawn.
pub fn draw_caption(
    sink: &mut dyn Sink,
    text: &str,
    top: Point,
    size: f64,
    ink: Colour,
    scale: f64,
) -> bool {
    if size * scale < MIN_TEXT_PX {
        return false;
    }
    sink.text(&caption_text(text, top, size, ink));
    true
}

/// Longest note caption, in characters (a longer first line is cut, with an ellipsis).
pub const NOTE_CAPTION_CHARS: usize = 24;

/// The caption a note shows: its first non-empty line, trimmed, cut to
/// [`NOTE_CAPTION_CHARS`] with an ellipsis; `None` for a blank note.
pub fn note_caption(note: &str) -> Option<String> {
    let line = note.lines().map(str::trim).find(|l| !l.is_empty())?;
    if line.chars().count() <= NOTE_CAPTION_CHARS {
        return Some(line.to_owned());
    }
    let cut: String = line.chars().take(NOTE_CAPTION_CHARS - 1).collect();
    Some(format!("{}…", cut.trim_end()))
}

/// Draw the note of the hex at `centre` (smaller radius `radius`, holding `icons`) as a
/// caption under its middle, or under its icons' captions, the way icon captions are
/// drawn, when legible at `scale`.
pub fn draw_note_caption<I: AsRef<Icon>>(
    sink: &mut dyn Sink,
    note: &str,
    (centre, icons): (Point, &[I]),
    radius: f64,
    scale: f64,
) {
    if let Some(text) = note_caption(note) {
        let (offset, size) = note_caption_place(icons, radius);
        let top = Point::new(centre.x + offset.x, centre.y + offset.y);
        draw_caption(sink, &text, top, size, DEFAULT_INK, scale);
    }
}

/// Where a note's caption goes in a hex of smaller radius `radius` holding `icons`: its
/// top centre's offset from the hex centre, and its text size. Under the hex's middle, or
/// under the lowest caption of its icons when that reaches lower (a note's caption never
/// lies over an icon's: "Old Ylth: the lich…" goes under "Old Ylth").
pub(crate) fn note_caption_place<I: AsRef<Icon>>(icons: &[I], radius: f64) -> (Point, f64) {
    let n = icons.len();
    // A caption line: the font's line height and the halo around it.
    let line = super::fonts::em_per_line(FontFamily::Sans) + 0.3;
    let top = icons
        .iter()
        .map(AsRef::as_ref)
        .enumerate()
        .filter(|(_, icon)| icon.caption.is_some())
        .map(|(i, icon)| {
            let (at, half) = icon_box(i, n, icon.scale, radius);
            let (caption_top, size) = caption_place(n, radius, at, half);
            caption_top.y + size * line
        })
        .fold(radius * 0.5, f64::max);
    (Point::new(0.0, top), radius * CAPTION_SHARE)
}

/// The box of the `i`-th of `n` icons of a hex with icon scale `icon_scale`: its centre's
/// offset from the hex centre and its half side. A group keeps its boxes apart: the scale
/// may shrink an icon there, never grow it. (Drawing and hit-testing share it.)
pub fn icon_box(i: usize, n: usize, icon_scale: f32, radius: f64) -> (Point, f64) {
    let (offset, fit) = icon_slot(i, n, radius);
    let factor = f64::from(icon_scale);
    let half = if n > 1 {
        fit * factor.min(1.0)
    } else {
        fit * factor
    };
    (offset, half)
}

/// Whether the boxes of one hex's `icons` (smaller radius `radius`) cover the point
/// `from`, given relative to the hex centre: a terrain symbol there would sit on an icon.
pub(crate) fn icons_cover<I: AsRef<Icon>>(icons: &[I], radius: f64, from: Point) -> bool {
    let n = icons.len();
    icons
        .iter()
        .map(AsRef::as_ref)
        .enumerate()
        .any(|(i, icon)| {
            let (at, half) = icon_box(i, n, icon.scale, radius);
            (from.x - at.x).abs() <= half && (from.y - at.y).abs() <= half
        })
}

/// Where the caption of an icon of a hex with `n` icons goes, for the icon box `at`/`half`:
/// the anchor (top centre of the text) and the text size. A lone icon drawn larger than
/// its scale-1 box gets a caption larger by the same factor (a castle at 2.5× has a 2.5×
/// caption); a smaller one keeps the scale-1 caption, which stays legible.
pub(crate) fn caption_place(n: usize, radius: f64, at: Point, half: f64) -> (Point, f64) {
    let size = if n > 1 {
        radius * CAPTION_SHARE * 0.75
    } else {
        let grow = half / (LONE_HALF * radius);
        radius * CAPTION_SHARE * if grow.is_finite() { grow.max(1.0) } else { 1.0 }
    };
    (Point::new(at.x, at.y + half * 0.95), size)
}

/// The caption text as drawn (centred under `anchor`, with a paper halo).
pub(crate) fn caption_text<'a>(
    caption: &'a str,
    anchor: Point,
    size: f64,
    ink: Colour,
) -> Text<'a> {
    Text {
        halo: Some(Halo {
            colour: PAPER,
            width: size * 0.15,
        }),
        h_align: HAlign::Centre,
        v_align: VAlign::Top,
        ..Text::centred(caption, anchor, size, ink, Font::regular(FontFamily::Sans))
    }
}

/// The text height of `label` in world units in `layout` (its size is in hex sizes).
pub fn label_height(label: &Label, layout: &Layout) -> f64 {
    f64::from(label.size) * layout.size().y
}

/// A generous world box around a label's text (its length estimated at 0.62 of the
/// height per character, rotated): (min, max). A curved label's is the box of its glyphs
/// as set along its path.
pub fn label_box(label: &Label, layout: &Layout) -> (Point, Point) {
    if !label.path.is_empty()
        && let Some(b) = super::label_path::bounds_of(&label_texts(label, layout))
    {
        return b;
    }
    let h = label_height(label, layout);
    let w = h * 0.62 * label.text.chars().count() as f64;
    let (sin, cos) = f64::from(label.rotation).to_radians().sin_cos();
    let ex = (w / 2.0 * cos).abs() + (h / 2.0 * sin).abs();
    let ey = (w / 2.0 * sin).abs() + (h / 2.0 * cos).abs();
    let c = label.at;
    (
        Point::new(c.x - ex, c.y - ey),
        Point::new(c.x + ex, c.y + ey),
    )
}

/// The cell (in [`OffsetKind::default_for`], clamped into `bounds`) whose region draws `label`: the
/// cell under the bottom-right corner of its box. Regions drawn in reading order (picture
/// bands) draw it after every cell it may cover, so no later fill hides it.
pub fn label_home(label: &Label, layout: &Layout, bounds: &OffsetBounds) -> (i32, i32) {
    let (_, max) = label_box(label, layout);
    point_home(max, layout, bounds)
}

/// The cell (in [`OffsetKind::default_for`], clamped into `bounds`) under the world point
/// `max`: the home of something drawn once over the cells whose box ends there (labels,
/// named regions).
pub fn point_home(max: Point, layout: &Layout, bounds: &OffsetBounds) -> (i32, i32) {
    let kind = OffsetKind::default_for(layout.orientation());
    let f = layout.pixel_to_frac(max);
    let hex: Hex =
        hexmap_hex::FracHex::new(f.q.clamp(-1.0e9, 1.0e9), f.r.clamp(-1.0e9, 1.0e9)).round();
    let c: OffsetCoord = kind.from_hex(hex);
    let last = |start: i32, n: u32| start.saturating_add(n.saturating_sub(1) as i32);
    (
        c.col.clamp(
            bounds.min_col,
            last(bounds.min_col, bounds.cols).max(bounds.min_col),
        ),
        c.row.clamp(
            bounds.min_row,
            last(bounds.min_row, bounds.rows).max(bounds.min_row),
        ),
    )
}

/// Whether `region` is the one that draws `label` (see [`label_home`]); a world
/// rectangle draws every label whose box meets it.
pub fn region_draws_label(
    region: &Region<'_>,
    label: &Label,
    layout: &Layout,
    bounds: &OffsetBounds,
) -> bool {
    region_draws_box(region, label_box(label, layout), layout, bounds)
}

/// Whether `region` is the one that draws something drawn once over the cells in the
/// world box `(lo, hi)` (a label, the party marker): the home of the box's bottom-right
/// corner ([`point_home`]); a world rectangle draws it when the box meets it.
pub fn region_draws_box(
    region: &Region<'_>,
    (lo, hi): (Point, Point),
    layout: &Layout,
    bounds: &OffsetBounds,
) -> bool {
    match *region {
        Region::Rect(a, b) => lo.x <= b.x && hi.x >= a.x && lo.y <= b.y && hi.y >= a.y,
        Region::Block(block) => {
            super::region::block_contains(&block, point_home(hi, layout, bounds))
        }
        Region::Cells(cells) => {
            let (col, row) = point_home(hi, layout, bounds);
            let home =
                OffsetKind::default_for(layout.orientation()).to_hex(OffsetCoord::new(col, row));
            cells.contains(&home)
        }
    }
}

/// Draw `label` at `scale` pixels per world unit, unless its text would be smaller than
/// legible ([`MIN_TEXT_PX`]): big region names stay visible far out.
pub fn draw_label(sink: &mut dyn Sink, label: &Label, layout: &Layout, scale: f64) {
    let size = label_height(label, layout);
    if size * scale < MIN_TEXT_PX {
        return;
    }
    let texts = label_texts(label, layout);
    if let [one] = texts.as_slice() {
        sink.text(one);
        return;
    }
    // Glyph by glyph, every halo first: a glyph's halo never covers its neighbour.
    for t in texts.iter().filter(|t| t.halo.is_some()) {
        let colour = t.halo.map_or(t.colour, |h| h.colour);
        sink.text(&Text { colour, ..*t });
    }
    for t in &texts {
        sink.text(&Text { halo: None, ..*t });
    }
}

/// The texts a label is drawn as: its one text, or a curved label's glyphs set along its
/// path (drawing, hit-testing and boxes share them).
pub fn label_texts<'a>(label: &'a Label, layout: &Layout) -> Vec<Text<'a>> {
    let text = label_text(label, layout);
    if label.path.is_empty() {
        return vec![text];
    }
    let points: Vec<Point> = label.path_points().collect();
    super::label_path::glyphs_along(&text, &points)
}

/// The text a label is drawn as (drawing and hit-testing share it).
pub(crate) fn label_text<'a>(label: &'a Label, layout: &Layout) -> Text<'a> {
    let size = label_height(label, layout);
    let colour = Colour::from(label.color);
    Text {
        halo: label.halo.then(|| Halo {
            colour: ink_on(colour),
            width: size * 0.08,
        }),
        rotation: f64::from(label.rotation).to_radians(),
        ..Text::centred(
            &label.text,
            label.at,
            size,
            colour,
            Font {
                family: FontFamily::Sans,
                bold: label.bold,
                italic: label.italic,
            },
        )
    }
}

#[cfg(test)]
mod tests;
