//! The per-frame egui back-end of `draw`: primitives mapped from world to screen points
//! and handed to a `Painter`. Runs of hex cells are batched into one mesh (thousands of
//! overlay hexes are one shape, not thousands); everything else becomes egui shapes, in
//! order, and reach the painter when the sink is dropped. Used for the text of cached
//! chunks and for drawing that changes every frame.

use super::mesh_sink::{color32, image_fan};
use crate::images::ImageTextures;
use eframe::egui::epaint::{Mesh, PathShape, PathStroke, TextShape, Vertex};
use eframe::egui::text::LayoutJob;
use eframe::egui::{self, Color32, FontId, Painter, Pos2, Shape, Vec2};
use hexmap_draw::lines::{double_lines, flatten_circle, flatten_path};
use hexmap_draw::{
    Circle, FontFamily, HAlign, HexCell, Image, LineStyle, Path, Polygon, Polyline, Rect, Sink,
    Stroke, Text, VAlign,
};
use hexmap_hex::Point;

/// Draws primitives on screen: `screen = world × zoom + offset`.
pub struct ScreenSink<'p> {
    painter: &'p Painter,
    zoom: f64,
    offset: (f64, f64),
    batch: Mesh,
    shapes: Vec<Shape>,
    /// The texture of each image; images without one are not drawn.
    textures: Option<ImageTextures>,
}

impl<'p> ScreenSink<'p> {
    /// A sink drawing with `painter`; world point `centre` appears at screen point
    /// `at`, and one world unit is `zoom` screen points.
    pub fn new(painter: &'p Painter, centre: Point, at: Pos2, zoom: f64) -> Self {
        ScreenSink {
            painter,
            zoom,
            offset: (
                f64::from(at.x) - centre.x * zoom,
                f64::from(at.y) - centre.y * zoom,
            ),
            batch: Mesh::default(),
            shapes: Vec::new(),
            textures: None,
        }
    }

    /// The same sink drawing images with `textures`.
    pub fn with_textures(mut self, textures: ImageTextures) -> Self {
        self.textures = Some(textures);
        self
    }

    fn pos(&self, p: Point) -> Pos2 {
        Pos2::new(
            (p.x * self.zoom + self.offset.0) as f32,
            (p.y * self.zoom + self.offset.1) as f32,
        )
    }

    fn len(&self, world: f64) -> f32 {
        (world * self.zoom) as f32
    }

    /// Close the batch of hexes (before any other shape, to keep order).
    fn flush(&mut self) {
        if !self.batch.is_empty() {
            self.shapes
                .push(Shape::mesh(std::mem::take(&mut self.batch)));
        }
    }

    fn add(&mut self, shape: Shape) {
        self.flush();
        self.shapes.push(shape);
    }

    fn stroke_points(&mut self, points: &[Point], closed: bool, stroke: &Stroke) {
        let s = egui::Stroke::new(self.len(stroke.width), color32(stroke.colour));
        match stroke.style {
            LineStyle::Double { gap } => {
                for side in double_lines(points, closed, stroke, gap) {
                    self.stroke_points(&side, closed, &Stroke::solid(stroke.width, stroke.colour));
                }
            }
            LineStyle::Dashed { dash, gap } => {
                let mut pts: Vec<Pos2> = points.iter().map(|&p| self.pos(p)).collect();
                if closed && let Some(&first) = pts.first() {
                    pts.push(first);
                }
                let shapes = Shape::dashed_line(&pts, s, self.len(dash), self.len(gap));
                self.add(Shape::Vec(shapes));
            }
            LineStyle::Solid => {
                let pts = points.iter().map(|&p| self.pos(p)).collect();
                self.add(if closed {
                    Shape::closed_line(pts, s)
                } else {
                    Shape::line(pts, s)
                });
            }
        }
    }
}

impl Drop for ScreenSink<'_> {
    fn drop(&mut self) {
        self.flush();
        self.painter.extend(std::mem::take(&mut self.shapes));
    }
}

impl Sink for ScreenSink<'_> {
    /// A textured mesh of its own (see [`image_fan`]), in order with the other shapes.
    fn image(&mut self, img: &Image<'_>) {
        let Some(texture) = self.textures.as_ref().and_then(|t| t.get(&img.id).copied()) else {
            return;
        };
        let mut mesh = Mesh::with_texture(texture);
        image_fan(&mut mesh, img, |p| self.pos(p));
        if !mesh.is_empty() {
            self.add(Shape::mesh(mesh));
        }
    }

    fn hex(&mut self, cell: &HexCell<'_>) {
        let corners: [Point; 6] =
            std::array::from_fn(|i| cell.hexagon.corner(cell.centre, cell.scale, i));
        if let Some(fill) = cell.fill {
            let colour = color32(fill);
            let base = self.batch.vertices.len() as u32;
            for &c in &corners {
                self.batch.vertices.push(Vertex {
                    pos: self.pos(c),
                    uv: Pos2::ZERO,
                    color: colour,
                });
            }
            for i in 1..5 {
                self.batch.add_triangle(base, base + i, base + i + 1);
            }
        }
        if let Some(stroke) = &cell.stroke {
            self.stroke_points(&corners, true, stroke);
        }
    }

    fn rect(&mut self, rect: &Rect) {
        let r = egui::Rect::from_min_max(self.pos(rect.min), self.pos(rect.max));
        self.add(Shape::rect_filled(r, 0.0, color32(rect.fill)));
    }

    fn polygon(&mut self, p: &Polygon<'_>) {
        if let Some(fill) = p.fill {
            let pts = p.points.iter().map(|&q| self.pos(q)).collect();
            self.add(Shape::Path(PathShape {
                points: pts,
                closed: true,
                fill: color32(fill),
                stroke: PathStroke::NONE,
            }));
        }
        if let Some(stroke) = &p.stroke {
            self.stroke_points(p.points, true, stroke);
        }
    }

    fn polyline(&mut self, l: &Polyline<'_>) {
        self.stroke_points(l.points, false, &l.stroke);
    }

    fn circle(&mut self, c: &Circle) {
        let (centre, radius) = (self.pos(c.centre), self.len(c.radius));
        if let Some(fill) = c.fill {
            self.add(Shape::circle_filled(centre, radius, color32(fill)));
        }
        if let Some(stroke) = &c.stroke {
            if stroke.style == LineStyle::Solid {
                let s = egui::Stroke::new(self.len(stroke.width), color32(stroke.colour));
                self.add(Shape::circle_stroke(centre, radius, s));
            } else {
                let points = flatten_circle(c, 0.25 / self.zoom);
                self.stroke_points(&points, true, stroke);
            }
        }
    }

    fn path(&mut self, p: &Path<'_>) {
        let points = flatten_path(p, 0.25 / self.zoom);
        self.polygon(&Polygon {
            points: &points,
            fill: p.fill,
            stroke: None,
        });
        if let Some(stroke) = &p.stroke {
            self.stroke_points(&points, p.closed, stroke);
        }
    }

    fn text(&mut self, t: &Text<'_>) {
        let size = self.len(t.size);
        if !(size > 0.5 && size.is_finite()) {
            return;
        }
        let family = match t.font.family {
            FontFamily::Sans => egui::FontFamily::Proportional,
            FontFamily::Mono => egui::FontFamily::Monospace,
        };
        let galley_in = |colour: Color32| {
            // egui sizes fonts by their em; `size` is a line height (as pictures draw it).
            let em = size * hexmap_draw::fonts::em_per_line(t.font.family) as f32;
            let mut job = LayoutJob::simple_singleline(
                t.text.to_owned(),
                FontId::new(em, family.clone()),
                colour,
            );
            if t.font.italic {
                for s in &mut job.sections {
                    s.format.italics = true;
                }
            }
            self.painter.layout_job(job)
        };
        let galley = galley_in(color32(t.colour));
        let size_v = galley.size();
        let anchor = self.pos(t.anchor);
        // Top-left of the unrotated text box relative to the anchor.
        let x = match t.h_align {
            HAlign::Left => 0.0,
            HAlign::Centre => -size_v.x / 2.0,
            HAlign::Right => -size_v.x,
        };
        let baseline = galley
            .rows
            .first()
            .and_then(|r| r.row.glyphs.first().map(|g| r.pos.y + g.pos.y))
            .unwrap_or(size_v.y * 0.8);
        let y = match t.v_align {
            VAlign::Top => 0.0,
            VAlign::Middle => -size_v.y / 2.0,
            VAlign::Baseline => -baseline,
            VAlign::Bottom => -size_v.y,
        };
        let angle = t.rotation as f32;
        let rot = egui::emath::Rot2::from_angle(angle);
        let top_left = |nudge: Vec2| anchor + rot * (Vec2::new(x, y) + nudge);
        if let Some(halo) = t.halo {
            let halo_galley = galley_in(color32(halo.colour));
            let w = self.len(halo.width);
            for k in 0..8 {
                let a = std::f32::consts::TAU * k as f32 / 8.0;
                let nudge = Vec2::new(a.cos(), a.sin()) * w;
                self.add(Shape::Text(
                    TextShape::new(top_left(nudge), halo_galley.clone(), Color32::PLACEHOLDER)
                        .with_angle(angle),
                ));
            }
        }
        if t.font.bold {
            let nudge = Vec2::new((size * hexmap_draw::fonts::BOLD_NUDGE as f32).max(0.5), 0.0);
            self.add(Shape::Text(
                TextShape::new(top_left(nudge), galley.clone(), Color32::PLACEHOLDER)
                    .with_angle(angle),
            ));
        }
        self.add(Shape::Text(
            TextShape::new(top_left(Vec2::ZERO), galley, Color32::PLACEHOLDER).with_angle(angle),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::{Context, LayerId, RawInput, Rect};
    use hexmap_draw::{Circle, Colour, Font, Hexagon};
    use hexmap_hex::{Layout, Orientation};

    fn painter() -> Painter {
        let ctx = Context::default();
        let mut out = ctx.run_pass(RawInput::default(), |_| {});
        out.textures_delta.clear();
        Painter::new(ctx, LayerId::background(), Rect::EVERYTHING)
    }

    #[test]
    fn runs_of_hexes_become_one_mesh_in_order_with_other_shapes() {
        let painter = painter();
        let layout = Layout::regular(Orientation::Pointy, 10.0).unwrap();
        let hexagon = Hexagon::of(&layout);
        let mut sink = ScreenSink::new(&painter, Point::new(0.0, 0.0), Pos2::new(100.0, 50.0), 2.0);
        let hex = |x: f64| HexCell {
            hexagon: &hexagon,
            centre: Point::new(x, 0.0),
            scale: 1.0,
            fill: Some(Colour::WHITE),
            stroke: None,
        };
        for x in [0.0, 20.0, 40.0] {
            sink.hex(&hex(x));
        }
        sink.circle(&Circle {
            centre: Point::new(5.0, 0.0),
            radius: 1.0,
            fill: Some(Colour::BLACK),
            stroke: None,
        });
        sink.hex(&hex(60.0));
        sink.text(&Text::centred(
            "7",
            Point::new(0.0, 0.0),
            4.0,
            Colour::BLACK,
            Font::regular(FontFamily::Sans),
        ));
        sink.flush();
        let kinds: Vec<&str> = sink
            .shapes
            .iter()
            .map(|s| match s {
                Shape::Mesh(_) => "mesh",
                Shape::Circle(_) => "circle",
                Shape::Text(_) => "text",
                _ => "other",
            })
            .collect();
        assert_eq!(kinds, ["mesh", "circle", "mesh", "text"]);
        let Shape::Mesh(first) = &sink.shapes[0] else {
            unreachable!()
        };
        assert_eq!(first.vertices.len(), 18, "three hexes in one mesh");
        // World (0, 0) sits at (100, 50); pointy corner 0 is (8.66, 5) units away, × 2.
        let c0 = first.vertices[0].pos;
        assert!(
            (c0.x - 117.32).abs() < 0.01 && (c0.y - 60.0).abs() < 0.01,
            "{c0:?}"
        );
        let Shape::Text(t) = &sink.shapes[3] else {
            unreachable!()
        };
        let r = t.visual_bounding_rect();
        assert!(
            r.center().distance(Pos2::new(100.0, 50.0)) < 3.0,
            "centred: {r:?}"
        );
    }

    /// A text drawn on screen is as wide and as high as its box (what hit-testing and the
    /// pictures use): `size` is a line height, not egui's em.
    #[test]
    fn drawn_text_matches_its_box() {
        use hexmap_draw::text_box::TextBox;
        let painter = painter();
        for (family, text) in [
            (FontFamily::Sans, "Castle Greymantle"),
            (FontFamily::Mono, "0806"),
        ] {
            let zoom = 3.0;
            let mut sink = ScreenSink::new(&painter, Point::new(0.0, 0.0), Pos2::ZERO, zoom);
            let t = Text::centred(
                text,
                Point::new(0.0, 0.0),
                12.0,
                Colour::BLACK,
                Font::regular(family),
            );
            sink.text(&t);
            sink.flush();
            let Some(Shape::Text(shape)) = sink.shapes.last() else {
                unreachable!("one text shape")
            };
            let drawn = shape.galley.size();
            let want = TextBox::of(&t);
            let (w, h) = (want.width() * zoom, want.height() * zoom);
            let ratio = f64::from(drawn.x) / w;
            assert!(
                (ratio - 1.0).abs() < 0.04,
                "{text}: width {} vs box {w}",
                drawn.x
            );
            assert!(
                f64::from(drawn.y) >= h * 0.95,
                "{text}: height {} vs box {h}",
                drawn.y
            );
        }
    }
}
