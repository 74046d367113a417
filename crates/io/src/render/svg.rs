//! The SVG back-end of `draw`: primitives written as SVG elements in pixel units. Hex
//! cells are `<use>` of one shared hexagon, and runs of cells with the same outline share
//! a `<g>` carrying it, so a large map stays compact.

use super::raster::ToPixels;
use crate::tiled::xml_escape;
use hexmap_draw::lines::flatten_circle;
use hexmap_draw::{
    Circle, Colour, HAlign, HexCell, Hexagon, Image, ImageSet, Path, PlacedImage, Polygon,
    Polyline, Rect, Segment, Sink, Stroke, StrokePattern, Text,
};
use hexmap_hex::Point;
use std::fmt::Write;
use std::sync::Arc;

/// Writes SVG elements into a string.
pub struct SvgSink {
    out: String,
    to_px: ToPixels,
    /// Hexagons defined so far (`#h0`, `#h1` …).
    hexagons: Vec<Hexagon>,
    /// The outline of the open `<g>`, if one is open.
    group: Option<Stroke>,
    /// Images defined so far.
    images: super::svg_images::SvgImages,
}

/// Append `v` with three decimals, as `{:.3}` writes it (up to the rounding of the last
/// digit). The hot path of large maps: standard float formatting with a precision is
/// several times slower than formatting integers.
fn push_fixed3(out: &mut String, v: f64) {
    let milli = (v * 1000.0).round();
    if milli.is_nan() || milli.abs() >= 9.0e15 {
        let _ = write!(out, "{v:.3}");
        return;
    }
    let m = milli as i64;
    if m < 0 {
        out.push('-');
    }
    let m = m.unsigned_abs();
    let _ = write!(out, "{}.{:03}", m / 1000, m % 1000);
}

/// Append ` fill="#rrggbb"` (plus `fill-opacity` when translucent) or ` fill="none"`.
fn push_fill(out: &mut String, fill: Option<Colour>) {
    match fill {
        None => out.push_str(" fill=\"none\""),
        Some(c) if c.a == 255 => {
            let _ = write!(out, " fill=\"#{:02x}{:02x}{:02x}\"", c.r, c.g, c.b);
        }
        Some(c) => out.push_str(&paint_attr("fill", c)),
    }
}

/// ` fill="#rrggbb"` (plus `fill-opacity` when translucent), or ` fill="none"`.
fn fill_attr(fill: Option<Colour>) -> String {
    let mut s = String::new();
    push_fill(&mut s, fill);
    s
}

fn paint_attr(name: &str, c: Colour) -> String {
    let mut s = format!(" {name}=\"#{:02x}{:02x}{:02x}\"", c.r, c.g, c.b);
    if c.a != 255 {
        let _ = write!(s, " {name}-opacity=\"{:.3}\"", f64::from(c.a) / 255.0);
    }
    s
}

impl SvgSink {
    /// An SVG document of `width` × `height` pixels drawn through `to_px`, with
    /// `background` behind everything (none: transparent). The root element states the
    /// transform (pixel = world × `data-hexmap-scale` + (`data-hexmap-offset-x`,
    /// `data-hexmap-offset-y`)), and a `<metadata>` element repeats it as JSON
    /// ([`super::transform_json`]), so a game can lay the picture under its own hexes.
    pub fn new(width: f64, height: f64, to_px: ToPixels, background: Option<Colour>) -> Self {
        let mut out = String::with_capacity(4096);
        let (k, (ox, oy)) = (to_px.scale, to_px.offset);
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" data-hexmap-scale=\"{k}\" data-hexmap-offset-x=\"{ox}\" data-hexmap-offset-y=\"{oy}\">"
        );
        let _ = writeln!(
            out,
            "<metadata id=\"hexmap-transform\">{}</metadata>",
            super::transform_json(&to_px, width, height)
        );
        if let Some(bg) = background {
            let _ = writeln!(
                out,
                "<rect width=\"100%\" height=\"100%\"{}/>",
                fill_attr(Some(bg))
            );
        }
        SvgSink {
            out,
            to_px,
            hexagons: Vec::new(),
            group: None,
            images: Default::default(),
        }
    }

    /// Refer to image files by their path in `images` (relative to the map file, so the
    /// SVG must be written beside the map) instead of embedding their pixels.
    pub fn link_images(&mut self, images: Arc<ImageSet>) {
        self.images.link_to(images);
    }

    /// Make room for about `bytes` more output.
    pub fn reserve(&mut self, bytes: usize) {
        self.out.reserve(bytes);
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.close_group();
        self.out.push_str("</svg>\n");
        self.out
    }

    fn px(&self, p: Point) -> (f64, f64) {
        (
            p.x * self.to_px.scale + self.to_px.offset.0,
            p.y * self.to_px.scale + self.to_px.offset.1,
        )
    }

    /// Stroke attributes for `stroke` drawn `shrink` times smaller than its width (inside
    /// a scaled `<use>`), or ` stroke="none"`.
    fn stroke_attr(&self, stroke: Option<&Stroke>, shrink: f64) -> String {
        let Some(s) = stroke else {
            return " stroke=\"none\"".to_string();
        };
        let k = self.to_px.scale / shrink;
        let mut a = paint_attr("stroke", s.colour);
        let _ = write!(a, " stroke-width=\"{:.2}\"", s.width * k);
        if let StrokePattern::Dashed { dash, gap } = s.style {
            let _ = write!(a, " stroke-dasharray=\"{:.2} {:.2}\"", dash * k, gap * k);
        }
        a
    }

    fn close_group(&mut self) {
        if self.group.take().is_some() {
            self.out.push_str("</g>\n");
        }
    }

    /// The id of `hexagon`'s definition, writing it on first use.
    fn hexagon_id(&mut self, hexagon: &Hexagon) -> usize {
        if let Some(i) = self.hexagons.iter().position(|h| h == hexagon) {
            return i;
        }
        let i = self.hexagons.len();
        let k = self.to_px.scale;
        let points: Vec<String> = hexagon
            .corners
            .iter()
            .map(|c| format!("{:.3},{:.3}", c.x * k, c.y * k))
            .collect();
        let _ = writeln!(
            self.out,
            "<defs><polygon id=\"h{i}\" points=\"{}\"/></defs>",
            points.join(" ")
        );
        self.hexagons.push(*hexagon);
        i
    }

    fn points_attr(&self, points: &[Point]) -> String {
        let mut s = String::with_capacity(points.len() * 16);
        for (i, &p) in points.iter().enumerate() {
            let (x, y) = self.px(p);
            if i > 0 {
                s.push(' ');
            }
            push_fixed3(&mut s, x);
            s.push(',');
            push_fixed3(&mut s, y);
        }
        s
    }

    /// A line through `points`: a double stroke as two lines beside it.
    fn line_element(
        &mut self,
        points: &[Point],
        closed: bool,
        fill: Option<Colour>,
        stroke: Option<&Stroke>,
    ) {
        let tag = if closed { "polygon" } else { "polyline" };
        if let Some(s) = stroke
            && let StrokePattern::Double { gap } = s.style
        {
            if fill.is_some() {
                self.line_element(points, closed, fill, None);
            }
            for side in hexmap_draw::lines::double_lines(points, closed, s, gap) {
                let pts = self.points_attr(&side);
                let st = self.stroke_attr(Some(s), 1.0);
                let _ = writeln!(self.out, "<{tag} points=\"{pts}\" fill=\"none\"{st}/>");
            }
            return;
        }
        let pts = self.points_attr(points);
        let (f, st) = (fill_attr(fill), self.stroke_attr(stroke, 1.0));
        let _ = writeln!(self.out, "<{tag} points=\"{pts}\"{f}{st}/>");
    }
}

impl Sink for SvgSink {
    fn image(&mut self, img: &Image<'_>) {
        self.close_group();
        self.images.write(&mut self.out, img, self.to_px);
    }

    fn placed_image(&mut self, img: &PlacedImage<'_>) {
        self.close_group();
        self.images.write_placed(&mut self.out, img, self.to_px);
    }

    fn hex(&mut self, cell: &HexCell<'_>) {
        let id = self.hexagon_id(cell.hexagon);
        let (x, y) = self.px(cell.centre);
        if cell.scale == 1.0
            && !matches!(
                cell.stroke.map(|s| s.style),
                Some(StrokePattern::Double { .. })
            )
        {
            // Full-size cells share their outline through the enclosing group.
            if cell.stroke != self.group {
                self.close_group();
                if let Some(stroke) = &cell.stroke {
                    let attrs = self.stroke_attr(Some(stroke), 1.0);
                    let _ = writeln!(self.out, "<g{attrs}>");
                }
                self.group = cell.stroke;
            }
            let out = &mut self.out;
            let _ = write!(out, "<use xlink:href=\"#h{id}\" x=\"");
            push_fixed3(out, x);
            out.push_str("\" y=\"");
            push_fixed3(out, y);
            out.push('"');
            push_fill(out, cell.fill);
            out.push_str("/>\n");
            return;
        }
        if cell
            .stroke
            .is_some_and(|s| matches!(s.style, StrokePattern::Double { .. }))
        {
            let corners: [Point; 6] =
                std::array::from_fn(|i| cell.hexagon.corner(cell.centre, cell.scale, i));
            self.close_group();
            self.line_element(&corners, true, cell.fill, cell.stroke.as_ref());
            return;
        }
        let s = cell.scale;
        let fill = fill_attr(cell.fill);
        let st = self.stroke_attr(cell.stroke.as_ref(), s);
        let _ = writeln!(
            self.out,
            "<use xlink:href=\"#h{id}\" transform=\"translate({x:.3} {y:.3}) scale({s:.4})\"{fill}{st}/>"
        );
    }

    fn rect(&mut self, r: &Rect) {
        self.close_group();
        let ((x0, y0), (x1, y1)) = (self.px(r.min), self.px(r.max));
        let _ = writeln!(
            self.out,
            "<rect x=\"{x0:.3}\" y=\"{y0:.3}\" width=\"{:.3}\" height=\"{:.3}\"{}/>",
            x1 - x0,
            y1 - y0,
            fill_attr(Some(r.fill))
        );
    }

    fn polygon(&mut self, p: &Polygon<'_>) {
        self.close_group();
        self.line_element(p.points, true, p.fill, p.stroke.as_ref());
    }

    fn polyline(&mut self, l: &Polyline<'_>) {
        self.close_group();
        self.line_element(l.points, false, None, Some(&l.stroke));
    }

    fn circle(&mut self, c: &Circle) {
        self.close_group();
        if c.stroke
            .is_some_and(|s| matches!(s.style, StrokePattern::Double { .. }))
        {
            let points = flatten_circle(c, 0.1 / self.to_px.scale);
            self.line_element(&points, true, c.fill, c.stroke.as_ref());
            return;
        }
        let (x, y) = self.px(c.centre);
        let _ = writeln!(
            self.out,
            "<circle cx=\"{x:.3}\" cy=\"{y:.3}\" r=\"{:.3}\"{}{}/>",
            c.radius * self.to_px.scale,
            fill_attr(c.fill),
            self.stroke_attr(c.stroke.as_ref(), 1.0)
        );
    }

    fn path(&mut self, p: &Path<'_>) {
        self.close_group();
        if let Some(s) = &p.stroke
            && let StrokePattern::Double { .. } = s.style
        {
            let points = hexmap_draw::lines::flatten_path(p, 0.1 / self.to_px.scale);
            self.line_element(&points, p.closed, p.fill, Some(s));
            return;
        }
        let mut d = String::new();
        let (x, y) = self.px(p.start);
        let _ = write!(d, "M{x:.3} {y:.3}");
        for s in p.segments {
            match *s {
                Segment::Line(a) => {
                    let (x, y) = self.px(a);
                    let _ = write!(d, " L{x:.3} {y:.3}");
                }
                Segment::Cubic(c1, c2, a) => {
                    let ((x1, y1), (x2, y2), (x, y)) = (self.px(c1), self.px(c2), self.px(a));
                    let _ = write!(d, " C{x1:.3} {y1:.3} {x2:.3} {y2:.3} {x:.3} {y:.3}");
                }
            }
        }
        if p.closed {
            d.push_str(" Z");
        }
        let _ = writeln!(
            self.out,
            "<path d=\"{d}\"{}{}/>",
            fill_attr(p.fill),
            self.stroke_attr(p.stroke.as_ref(), 1.0)
        );
    }

    fn text(&mut self, t: &Text<'_>) {
        self.close_group();
        let (x, y) = self.px(t.anchor);
        // CSS sizes fonts by their em; `size` is a line height (as the PNG draws it).
        let size = t.size * self.to_px.scale * hexmap_draw::fonts::em_per_line(t.font.family);
        let family = match t.font.family {
            hexmap_draw::FontFamily::Sans => "sans-serif",
            hexmap_draw::FontFamily::Mono => "monospace",
        };
        let anchor = match t.h_align {
            HAlign::Left => "start",
            HAlign::Centre => "middle",
            HAlign::Right => "end",
        };
        // The baseline placed by the font's own ascent and descent (as the pictures place
        // it), not by `dominant-baseline`, which not every reader follows (librsvg does
        // not): turned with the text about its anchor.
        let below = hexmap_draw::text_box::baseline_below_anchor(t) * self.to_px.scale;
        let mut attrs = format!(
            "x=\"{x:.3}\" y=\"{:.3}\" font-size=\"{size:.2}\" font-family=\"{family}\" text-anchor=\"{anchor}\"{}",
            y + below,
            fill_attr(Some(t.colour))
        );
        if t.font.bold {
            attrs.push_str(" font-weight=\"bold\"");
        }
        if t.font.italic {
            attrs.push_str(" font-style=\"italic\"");
        }
        if t.rotation != 0.0 {
            let _ = write!(
                attrs,
                " transform=\"rotate({:.3} {x:.3} {y:.3})\"",
                t.rotation.to_degrees()
            );
        }
        if let Some(h) = t.halo {
            let _ = write!(
                attrs,
                "{} stroke-width=\"{:.2}\" stroke-linejoin=\"round\" paint-order=\"stroke\"",
                paint_attr("stroke", h.colour),
                2.0 * h.width * self.to_px.scale
            );
        }
        let _ = writeln!(self.out, "<text {attrs}>{}</text>", xml_escape(t.text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_draw::{Font, FontFamily, Halo};
    use hexmap_hex::{Layout, Orientation};

    fn sink() -> SvgSink {
        SvgSink::new(
            100.0,
            80.0,
            ToPixels {
                scale: 2.0,
                offset: (10.0, 20.0),
            },
            None,
        )
    }

    #[test]
    fn cells_share_one_hexagon_and_runs_of_outlines_share_a_group() {
        let layout = Layout::regular(Orientation::Pointy, 5.0).unwrap();
        let hexagon = Hexagon::of(&layout);
        let grid = Stroke::solid(0.5, Colour::rgba(60, 60, 60, 200));
        let mut s = sink();
        for (i, fill) in [Some(Colour::rgb(255, 0, 0)), None, Some(Colour::WHITE)]
            .into_iter()
            .enumerate()
        {
            s.hex(&HexCell {
                hexagon: &hexagon,
                centre: Point::new(i as f64 * 10.0, 0.0),
                scale: 1.0,
                fill,
                stroke: Some(grid),
            });
        }
        s.circle(&Circle {
            centre: Point::new(0.0, 0.0),
            radius: 2.0,
            fill: Some(Colour::BLACK),
            stroke: None,
        });
        s.hex(&HexCell {
            hexagon: &hexagon,
            centre: Point::new(0.0, 0.0),
            scale: 0.5,
            fill: None,
            stroke: Some(grid),
        });
        let svg = s.finish();
        assert_eq!(svg.matches("<defs>").count(), 1, "{svg}");
        assert_eq!(svg.matches("<use ").count(), 4);
        assert_eq!(svg.matches("<g ").count(), 1, "{svg}");
        assert!(
            svg.contains("stroke-opacity=\"0.784\" stroke-width=\"1.00\""),
            "{svg}"
        );
        assert!(
            svg.contains("x=\"10.000\" y=\"20.000\" fill=\"#ff0000\""),
            "{svg}"
        );
        assert!(
            svg.contains("fill=\"none\""),
            "the empty cell stays transparent"
        );
        assert!(svg.contains("scale(0.5000)"), "{svg}");
        assert!(
            svg.contains("stroke-width=\"2.00\""),
            "width kept inside the scaled use"
        );
        assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
        assert!(
            roxmltree::Document::parse(&svg).is_ok(),
            "well-formed: {svg}"
        );
    }

    #[test]
    fn fixed_decimals_are_written_as_the_standard_formatter_writes_them() {
        for v in [
            0.0,
            1.0,
            -1.0,
            12.5,
            -0.25,
            0.0004,
            1234.5678,
            -98765.4321,
            16_383.999_9,
            1e20,
        ] {
            let mut s = String::new();
            push_fixed3(&mut s, v);
            assert_eq!(s, format!("{v:.3}"), "{v}");
        }
        let mut s = String::new();
        push_fixed3(&mut s, f64::NAN);
        assert_eq!(s, "NaN");
    }

    #[test]
    fn text_carries_its_font_alignment_rotation_and_halo() {
        let mut s = sink();
        s.text(&Text {
            halo: Some(Halo {
                colour: Colour::WHITE,
                width: 0.5,
            }),
            rotation: std::f64::consts::FRAC_PI_2,
            h_align: HAlign::Left,
            font: Font {
                family: FontFamily::Mono,
                bold: true,
                italic: true,
            },
            ..Text::centred(
                "Río <Grande> & co",
                Point::new(5.0, 5.0),
                6.0,
                Colour::BLACK,
                Font::regular(FontFamily::Sans),
            )
        });
        let svg = s.finish();
        // A 12-pixel line of Hack is 10.3 pixels to the em, what CSS's font-size means.
        let em = 12.0 * hexmap_draw::fonts::em_per_line(FontFamily::Mono);
        assert!((em - 10.31).abs() < 0.01, "{em}");
        for want in [
            ">Río &lt;Grande&gt; &amp; co</text>",
            "font-size=\"10.31\"",
            "font-family=\"monospace\"",
            "text-anchor=\"start\"",
            "font-weight=\"bold\"",
            "font-style=\"italic\"",
            "rotate(90.000 20.000 30.000)",
            "paint-order=\"stroke\"",
            "stroke=\"#ffffff\" stroke-width=\"2.00\"",
        ] {
            assert!(svg.contains(want), "{want} in {svg}");
        }
        assert!(roxmltree::Document::parse(&svg).is_ok());
    }

    #[test]
    fn paths_dashes_and_double_lines() {
        let mut s = sink();
        s.path(&Path {
            start: Point::new(0.0, 0.0),
            segments: &[
                Segment::Cubic(
                    Point::new(1.0, 2.0),
                    Point::new(3.0, 4.0),
                    Point::new(5.0, 6.0),
                ),
                Segment::Line(Point::new(0.0, 6.0)),
            ],
            closed: true,
            fill: Some(Colour::rgb(1, 2, 3)),
            stroke: Some(Stroke {
                width: 1.0,
                colour: Colour::BLACK,
                style: StrokePattern::Dashed {
                    dash: 2.0,
                    gap: 1.0,
                },
            }),
        });
        s.polyline(&Polyline {
            points: &[Point::new(0.0, 0.0), Point::new(10.0, 0.0)],
            stroke: Stroke {
                width: 1.0,
                colour: Colour::BLACK,
                style: StrokePattern::Double { gap: 1.0 },
            },
        });
        let svg = s.finish();
        assert!(
            svg.contains(
                "d=\"M10.000 20.000 C12.000 24.000 16.000 28.000 20.000 32.000 L10.000 32.000 Z\""
            ),
            "{svg}"
        );
        assert!(svg.contains("stroke-dasharray=\"4.00 2.00\""));
        assert_eq!(
            svg.matches("<polyline").count(),
            2,
            "a double line is two lines"
        );
        assert!(
            svg.contains("points=\"10.000,18.000 30.000,18.000\""),
            "{svg}"
        );
    }
}
