//! The PDF back-end of `draw`: primitives written as PDF content-stream operators with
//! `pdf-writer`, in points through a world → page transform. Hex cells are one shared form
//! XObject per hexagon (painted in the current colours), so a large map stays compact;
//! text is real text in an embedded font ([`super::pdf_fonts`]).

use super::pdf_fonts::{PdfFont, win_ansi};
use hexmap_draw::lines::double_lines;
use hexmap_draw::{
    Colour, HAlign, HexCell, Hexagon, Image, Path, PlacedImage, Polygon, Polyline, Segment, Sink,
    Stroke, StrokePattern, Text, VAlign,
};
use hexmap_hex::Point;
use pdf_writer::types::{LineJoinStyle, TextRenderingMode};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str};
use std::collections::BTreeMap;

/// World → page: `x_pt = x·scale + ox`, `y_pt = oy − y·scale` (PDF's y grows upward).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ToPage {
    /// Page units per world unit.
    pub scale: f64,
    /// Page x of the world origin.
    pub ox: f64,
    /// Page y of the world origin.
    pub oy: f64,
}

impl ToPage {
    /// `p` on the page, rounded to a hundredth of a unit (a 3.5 µm step: far below what
    /// prints, and it keeps the numbers short).
    pub fn point(&self, p: Point) -> (f32, f32) {
        let r = |v: f64| ((v * 100.0).round() / 100.0) as f32;
        (r(p.x * self.scale + self.ox), r(self.oy - p.y * self.scale))
    }
}

/// How a hexagon XObject paints its outline path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Paint {
    Fill,
    Stroke,
    Both,
}

/// Objects shared by every page of a document: hexagon XObjects, transparency states and
/// fonts, each written once by [`Shared::write`].
#[derive(Default)]
pub struct Shared {
    next: i32,
    /// (corners in page units ×100, paint) → (name, id).
    hexagons: BTreeMap<([i64; 12], Paint), (String, Ref)>,
    /// (stroking, alpha) → (name, id).
    alphas: BTreeMap<(bool, u8), (String, Ref)>,
    /// Each font file used → its font, descriptor and file objects.
    fonts: BTreeMap<PdfFont, [Ref; 3]>,
    /// Images (tile art, image icons), each written once.
    images: super::pdf_images::PdfImages,
}

impl Shared {
    /// Shared objects numbered from `first` up.
    pub fn new(first: i32) -> Shared {
        Shared {
            next: first,
            ..Shared::default()
        }
    }

    /// A fresh object id.
    pub fn alloc(&mut self) -> Ref {
        let r = Ref::new(self.next);
        self.next += 1;
        r
    }

    /// Write the shared objects into `pdf`.
    pub fn write(&self, pdf: &mut Pdf) {
        self.images.write(pdf);
        for ((corners, paint), (_, id)) in &self.hexagons {
            let mut c = Content::new();
            let pt = |i: usize| {
                (
                    corners[2 * i] as f32 / 100.0,
                    corners[2 * i + 1] as f32 / 100.0,
                )
            };
            let (mut lo, mut hi) = ((f32::MAX, f32::MAX), (f32::MIN, f32::MIN));
            for i in 0..6 {
                let (x, y) = pt(i);
                if i == 0 {
                    c.move_to(x, y);
                } else {
                    c.line_to(x, y);
                }
                lo = (lo.0.min(x), lo.1.min(y));
                hi = (hi.0.max(x), hi.1.max(y));
            }
            c.close_path();
            match paint {
                Paint::Fill => c.fill_nonzero(),
                Paint::Stroke => c.stroke(),
                Paint::Both => c.fill_nonzero_and_stroke(),
            };
            // Room for an outline as wide as the hexagon itself around it.
            let (w, h) = (hi.0 - lo.0, hi.1 - lo.1);
            let bbox = Rect::new(lo.0 - w, lo.1 - h, hi.0 + w, hi.1 + h);
            pdf.form_xobject(*id, &c.finish()).bbox(bbox);
        }
        for ((stroking, alpha), (_, id)) in &self.alphas {
            let a = f32::from(*alpha) / 255.0;
            let mut g = pdf.ext_graphics(*id);
            if *stroking {
                g.stroking_alpha(a);
            } else {
                g.non_stroking_alpha(a);
            }
        }
        for (font, [id, descriptor, file]) in &self.fonts {
            write_font(pdf, *font, [*id, *descriptor, *file]);
        }
    }
}

/// Write the font file `font` embedded: the font dictionary (TrueType, WinAnsi, the
/// font's own widths), its descriptor and the font file, compressed.
fn write_font(pdf: &mut Pdf, font: PdfFont, [id, descriptor, file]: [Ref; 3]) {
    use super::pdf_fonts::{FIRST_CHAR, LAST_CHAR};
    use pdf_writer::types::FontFlags;
    let name = Name(font.base_name().as_bytes());
    // pdf-writer has a writer for Type 1 simple fonts only: a TrueType one is the same
    // dictionary with its own subtype (PDF 1.7, 9.6.3).
    let mut dict = pdf.indirect(id).dict();
    dict.pair(Name(b"Type"), Name(b"Font"))
        .pair(Name(b"Subtype"), Name(b"TrueType"))
        .pair(Name(b"BaseFont"), name)
        .pair(Name(b"FirstChar"), i32::from(FIRST_CHAR))
        .pair(Name(b"LastChar"), i32::from(LAST_CHAR))
        .pair(Name(b"Encoding"), Name(b"WinAnsiEncoding"))
        .pair(Name(b"FontDescriptor"), descriptor);
    dict.insert(Name(b"Widths")).array().items(font.widths());
    dict.finish();
    let (ascent, descent) = font.ascent_descent();
    let ([x0, y0, x1, y1], cap) = font.descriptor_metrics();
    let mut flags = FontFlags::NON_SYMBOLIC;
    if font.file() != PdfFont::of(hexmap_draw::Font::regular(hexmap_draw::FontFamily::Sans)) {
        flags |= FontFlags::FIXED_PITCH;
    }
    pdf.font_descriptor(descriptor)
        .name(name)
        .flags(flags)
        .bbox(Rect::new(x0, y0, x1, y1))
        .italic_angle(0.0)
        .ascent((ascent * 1000.0) as f32)
        .descent((-descent * 1000.0) as f32)
        .cap_height(cap)
        .stem_v(80.0)
        .font_file2(file);
    let bytes = font.bytes();
    let packed = miniz_pack(bytes);
    pdf.stream(file, &packed)
        .filter(Filter::FlateDecode)
        .pair(Name(b"Length1"), bytes.len() as i32);
}

/// `bytes` deflated (zlib) for a `/FlateDecode` stream.
fn miniz_pack(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(bytes).expect("writing to memory");
    z.finish().expect("writing to memory")
}

/// What one page's content refers to, by resource name.
#[derive(Default)]
pub struct PageResources {
    x_objects: BTreeMap<String, Ref>,
    states: BTreeMap<String, Ref>,
    fonts: BTreeMap<String, Ref>,
}

impl PageResources {
    /// Write them as the `/Resources` of `page`.
    pub fn write(&self, page: &mut pdf_writer::writers::Page<'_>) {
        let mut res = page.resources();
        let mut x = res.x_objects();
        for (name, id) in &self.x_objects {
            x.pair(Name(name.as_bytes()), *id);
        }
        x.finish();
        let mut g = res.ext_g_states();
        for (name, id) in &self.states {
            g.pair(Name(name.as_bytes()), *id);
        }
        g.finish();
        let mut f = res.fonts();
        for (name, id) in &self.fonts {
            f.pair(Name(name.as_bytes()), *id);
        }
    }
}

/// The paint state last set in the content stream, so unchanged colours are not repeated.
#[derive(Clone, Copy, Default, PartialEq)]
struct State {
    fill: Option<Colour>,
    stroke: Option<Colour>,
    width: Option<f32>,
    dash: Option<(f32, f32)>,
}

/// Writes one page's content.
pub struct PdfSink<'a> {
    content: Content,
    to_page: ToPage,
    shared: &'a mut Shared,
    used: PageResources,
    state: State,
    /// Nesting of `q` … `Q` opened by [`PdfSink::clip_rect`].
    saved: Vec<State>,
}

impl<'a> PdfSink<'a> {
    /// A page drawn through `to_page`, sharing objects through `shared`.
    pub fn new(to_page: ToPage, shared: &'a mut Shared) -> PdfSink<'a> {
        let mut content = Content::new();
        content.set_line_join(LineJoinStyle::RoundJoin);
        PdfSink {
            content,
            to_page,
            shared,
            used: PageResources::default(),
            state: State::default(),
            saved: Vec::new(),
        }
    }

    /// Draw through another transform from now on.
    pub fn set_transform(&mut self, to_page: ToPage) {
        self.to_page = to_page;
    }

    /// Clip what follows to the world rectangle `a`–`b` until [`PdfSink::restore`].
    pub fn clip_rect(&mut self, a: Point, b: Point) {
        self.saved.push(self.state);
        let ((x0, y0), (x1, y1)) = (self.to_page.point(a), self.to_page.point(b));
        self.content
            .save_state()
            .rect(x0.min(x1), y0.min(y1), (x1 - x0).abs(), (y1 - y0).abs())
            .clip_nonzero()
            .end_path();
    }

    /// End the clip of the last [`PdfSink::clip_rect`].
    pub fn restore(&mut self) {
        if let Some(state) = self.saved.pop() {
            self.content.restore_state();
            self.state = state;
        }
    }

    /// The page's content stream (compressed) and what it refers to.
    pub fn finish(mut self) -> (Vec<u8>, PageResources) {
        while !self.saved.is_empty() {
            self.restore();
        }
        let raw = self.content.finish();
        let bytes = compress(raw.as_slice());
        (bytes, self.used)
    }

    fn alpha_state(&mut self, stroking: bool, alpha: u8) {
        let shared = &mut *self.shared;
        let (name, id) = match shared.alphas.get(&(stroking, alpha)) {
            Some(e) => e.clone(),
            None => {
                let id = Ref::new(shared.next);
                shared.next += 1;
                let name = format!("{}{alpha}", if stroking { "GS" } else { "GF" });
                shared.alphas.insert((stroking, alpha), (name.clone(), id));
                (name, id)
            }
        };
        self.content.set_parameters(Name(name.as_bytes()));
        self.used.states.insert(name, id);
    }

    fn set_fill(&mut self, c: Colour) {
        if self.state.fill == Some(c) {
            return;
        }
        let old_alpha = self.state.fill.map_or(255, |f| f.a);
        let k = |v: u8| f32::from(v) / 255.0;
        self.content.set_fill_rgb(k(c.r), k(c.g), k(c.b));
        if c.a != old_alpha {
            self.alpha_state(false, c.a);
        }
        self.state.fill = Some(c);
    }

    fn set_stroke(&mut self, s: &Stroke) {
        let c = s.colour;
        if self.state.stroke != Some(c) {
            let old_alpha = self.state.stroke.map_or(255, |f| f.a);
            let k = |v: u8| f32::from(v) / 255.0;
            self.content.set_stroke_rgb(k(c.r), k(c.g), k(c.b));
            if c.a != old_alpha {
                self.alpha_state(true, c.a);
            }
            self.state.stroke = Some(c);
        }
        let scale = self.to_page.scale;
        let width = (s.width * scale) as f32;
        if self.state.width != Some(width) {
            self.content.set_line_width(width);
            self.state.width = Some(width);
        }
        let dash = match s.style {
            StrokePattern::Dashed { dash, gap } => ((dash * scale) as f32, (gap * scale) as f32),
            StrokePattern::Solid | StrokePattern::Double { .. } => (0.0, 0.0),
        };
        if self.state.dash.unwrap_or((0.0, 0.0)) != dash {
            if dash == (0.0, 0.0) {
                self.content.set_dash_pattern([], 0.0);
            } else {
                self.content.set_dash_pattern([dash.0, dash.1], 0.0);
            }
            self.state.dash = Some(dash);
        }
    }

    /// Set the paint for `fill` and `stroke`; which painting operator applies.
    fn paint(&mut self, fill: Option<Colour>, stroke: Option<&Stroke>) -> Option<Paint> {
        if let Some(f) = fill {
            self.set_fill(f);
        }
        if let Some(s) = stroke {
            self.set_stroke(s);
        }
        match (fill.is_some(), stroke.is_some()) {
            (true, true) => Some(Paint::Both),
            (true, false) => Some(Paint::Fill),
            (false, true) => Some(Paint::Stroke),
            (false, false) => None,
        }
    }

    fn finish_path(&mut self, paint: Paint) {
        match paint {
            Paint::Fill => self.content.fill_nonzero(),
            Paint::Stroke => self.content.stroke(),
            Paint::Both => self.content.fill_nonzero_and_stroke(),
        };
    }

    fn lines(&mut self, points: &[Point], closed: bool) {
        for (i, &p) in points.iter().enumerate() {
            let (x, y) = self.to_page.point(p);
            if i == 0 {
                self.content.move_to(x, y);
            } else {
                self.content.line_to(x, y);
            }
        }
        if closed {
            self.content.close_path();
        }
    }

    /// A line through `points`, filled and/or stroked; a double stroke as two lines.
    fn shape(
        &mut self,
        points: &[Point],
        closed: bool,
        fill: Option<Colour>,
        stroke: Option<&Stroke>,
    ) {
        if points.is_empty() {
            return;
        }
        if let Some(s) = stroke
            && let StrokePattern::Double { gap } = s.style
        {
            if fill.is_some() {
                self.shape(points, closed, fill, None);
            }
            // Each of the two lines is a single solid stroke of the same width and colour
            // (passing the double stroke on would split each side again, without end).
            let single = Stroke {
                style: StrokePattern::Solid,
                ..*s
            };
            for side in double_lines(points, closed, s, gap) {
                self.shape(&side, closed, None, Some(&single));
            }
            return;
        }
        if let Some(paint) = self.paint(fill, stroke) {
            self.lines(points, closed);
            self.finish_path(paint);
        }
    }

    /// The resource name of `hexagon`'s XObject painted with `paint`, defining it on
    /// first use.
    fn hexagon_name(&mut self, hexagon: &Hexagon, paint: Paint) -> String {
        let k = self.to_page.scale;
        let mut key = [0i64; 12];
        for (i, c) in hexagon.corners.iter().enumerate() {
            key[2 * i] = (c.x * k * 100.0).round() as i64;
            key[2 * i + 1] = (-c.y * k * 100.0).round() as i64;
        }
        let shared = &mut *self.shared;
        let n = shared.hexagons.len();
        let next = &mut shared.next;
        let (name, id) = shared
            .hexagons
            .entry((key, paint))
            .or_insert_with(|| {
                let id = Ref::new(*next);
                *next += 1;
                (format!("H{n}"), id)
            })
            .clone();
        self.used.x_objects.insert(name.clone(), id);
        name
    }
}

/// `data` deflated, as PDF's FlateDecode filter reads it.
pub(super) fn compress(data: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(data).expect("writing to memory cannot fail");
    z.finish().expect("writing to memory cannot fail")
}

/// Write a compressed content stream.
pub fn write_content(pdf: &mut Pdf, id: Ref, compressed: &[u8]) {
    pdf.stream(id, compressed).filter(Filter::FlateDecode);
}

impl Sink for PdfSink<'_> {
    /// The image's XObject scaled to its box, inside its clip polygon.
    fn image(&mut self, img: &Image<'_>) {
        let shared = &mut *self.shared;
        let next = &mut shared.next;
        let (name, id) = shared.images.name_of(img.source, img.tint, &mut || {
            let r = Ref::new(*next);
            *next += 1;
            r
        });
        self.used.x_objects.insert(name.clone(), id);
        self.content.save_state();
        if let Some(points) = img.clip {
            self.lines(points, true);
            self.content.clip_nonzero().end_path();
        }
        let (x0, y0) = self.to_page.point(img.min);
        let (x1, y1) = self.to_page.point(img.max);
        // The image space is the unit square with its first row at the top (y up in PDF).
        self.content
            .transform([x1 - x0, 0.0, 0.0, y0 - y1, x0, y1])
            .x_object(Name(name.as_bytes()))
            .restore_state();
    }

    /// The image XObject drawn through the placement (its unit square mapped onto the
    /// placed image's corners), with the placement's opacity as the fill alpha.
    fn placed_image(&mut self, img: &PlacedImage<'_>) {
        let shared = &mut *self.shared;
        let next = &mut shared.next;
        let (name, id) = shared.images.name_of(img.source, None, &mut || {
            let r = Ref::new(*next);
            *next += 1;
            r
        });
        self.used.x_objects.insert(name.clone(), id);
        let matrix = super::pdf_images::placed_matrix(img, |p| self.to_page.point(p));
        self.content.save_state();
        let alpha = (img.opacity.clamp(0.0, 1.0) * 255.0).round() as u8;
        if alpha < 255 {
            self.alpha_state(false, alpha);
        }
        self.content
            .transform(matrix)
            .x_object(Name(name.as_bytes()))
            .restore_state();
    }

    fn hex(&mut self, cell: &HexCell<'_>) {
        let double = matches!(
            cell.stroke.map(|s| s.style),
            Some(StrokePattern::Double { .. })
        );
        if cell.scale != 1.0 || double {
            let corners: [Point; 6] =
                std::array::from_fn(|i| cell.hexagon.corner(cell.centre, cell.scale, i));
            self.shape(&corners, true, cell.fill, cell.stroke.as_ref());
            return;
        }
        let Some(paint) = self.paint(cell.fill, cell.stroke.as_ref()) else {
            return;
        };
        let name = self.hexagon_name(cell.hexagon, paint);
        let (x, y) = self.to_page.point(cell.centre);
        self.content
            .save_state()
            .transform([1.0, 0.0, 0.0, 1.0, x, y])
            .x_object(Name(name.as_bytes()))
            .restore_state();
    }

    fn polygon(&mut self, p: &Polygon<'_>) {
        self.shape(p.points, true, p.fill, p.stroke.as_ref());
    }

    fn polyline(&mut self, l: &Polyline<'_>) {
        self.shape(l.points, false, None, Some(&l.stroke));
    }

    fn path(&mut self, p: &Path<'_>) {
        if let Some(s) = &p.stroke
            && let StrokePattern::Double { .. } = s.style
        {
            let points = hexmap_draw::lines::flatten_path(p, 0.05 / self.to_page.scale);
            self.shape(&points, p.closed, p.fill, Some(s));
            return;
        }
        let Some(paint) = self.paint(p.fill, p.stroke.as_ref()) else {
            return;
        };
        let (x, y) = self.to_page.point(p.start);
        self.content.move_to(x, y);
        for s in p.segments {
            match *s {
                Segment::Line(a) => {
                    let (x, y) = self.to_page.point(a);
                    self.content.line_to(x, y);
                }
                Segment::Cubic(c1, c2, a) => {
                    let (p1, p2, p3) = (
                        self.to_page.point(c1),
                        self.to_page.point(c2),
                        self.to_page.point(a),
                    );
                    self.content.cubic_to(p1.0, p1.1, p2.0, p2.1, p3.0, p3.1);
                }
            }
        }
        if p.closed {
            self.content.close_path();
        }
        self.finish_path(paint);
    }

    fn text(&mut self, t: &Text<'_>) {
        let bytes = win_ansi(t.text);
        if bytes.is_empty() {
            return;
        }
        let font = PdfFont::of(t.font);
        let (ascent, descent) = font.ascent_descent();
        // `size` is the height of a line: ascender to descender.
        let em = t.size * self.to_page.scale / (ascent + descent);
        let width = font.text_width(&bytes) * em;
        // Offset of the baseline start from the anchor, along and across the text (y down).
        let dx = match t.h_align {
            HAlign::Left => 0.0,
            HAlign::Centre => -width / 2.0,
            HAlign::Right => -width,
        };
        let dy = match t.v_align {
            VAlign::Top => ascent * em,
            VAlign::Middle => (ascent - descent) / 2.0 * em,
            VAlign::Baseline => 0.0,
            VAlign::Bottom => -descent * em,
        };
        let (sin, cos) = t.rotation.sin_cos();
        let (ax, ay) = self.to_page.point(t.anchor);
        let x = f64::from(ax) + dx * cos - dy * sin;
        let y = f64::from(ay) - (dx * sin + dy * cos);
        let matrix = [
            cos as f32,
            -sin as f32,
            sin as f32,
            cos as f32,
            ((x * 100.0).round() / 100.0) as f32,
            ((y * 100.0).round() / 100.0) as f32,
        ];
        // Synthetic italics: the text's x leans by the slant per unit of height.
        let mut matrix = matrix;
        if font.italic {
            let k = super::pdf_fonts::SLANT as f32;
            matrix[2] += k * matrix[0];
            matrix[3] += k * matrix[1];
        }
        let name = font.resource_name();
        let id = match self.shared.fonts.get(&font.file()) {
            Some(refs) => refs[0],
            None => {
                let refs = [
                    self.shared.alloc(),
                    self.shared.alloc(),
                    self.shared.alloc(),
                ];
                self.shared.fonts.insert(font.file(), refs);
                refs[0]
            }
        };
        self.used.fonts.insert(name.clone(), id);
        // Synthetic bold: the glyphs stroked in their own colour as they are filled.
        let bold = font
            .bold
            .then(|| Stroke::solid(super::pdf_fonts::BOLD_STROKE * t.size, t.colour));
        let mut passes = Vec::with_capacity(2);
        if let Some(h) = t.halo {
            let extra = bold.as_ref().map_or(0.0, |b| b.width);
            passes.push(Some(Stroke::solid(2.0 * h.width + extra, h.colour)));
        }
        passes.push(None);
        for halo in passes {
            let mode = match (&halo, &bold) {
                (Some(s), _) => {
                    self.set_stroke(s);
                    TextRenderingMode::Stroke
                }
                (None, Some(b)) => {
                    self.set_fill(t.colour);
                    self.set_stroke(b);
                    TextRenderingMode::FillStroke
                }
                (None, None) => {
                    self.set_fill(t.colour);
                    TextRenderingMode::Fill
                }
            };
            let c = &mut self.content;
            c.begin_text()
                .set_font(Name(name.as_bytes()), em as f32)
                .set_text_matrix(matrix);
            if mode != TextRenderingMode::Fill {
                c.set_text_rendering_mode(mode);
            }
            c.show(Str(&bytes));
            if mode != TextRenderingMode::Fill {
                c.set_text_rendering_mode(TextRenderingMode::Fill);
            }
            c.end_text();
        }
    }
}

#[cfg(test)]
mod tests;
