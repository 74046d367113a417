//! The screen output of the [`EguiPainter`]: primitives mapped from world to screen
//! points and handed to an egui `Painter`. Runs of hex fills are batched into one mesh
//! (thousands of overlay hexes are one shape, not thousands); everything else becomes egui
//! shapes, in order, and reaches the painter when the sink is dropped. Used for the text
//! of cached chunks and for drawing that changes every frame.

use super::{EguiPainter, Output, color32, fill_fan, image_fan, texture_quad};
use eframe::egui::epaint::{Mesh, TextShape};
use eframe::egui::text::LayoutJob;
use eframe::egui::{self, Color32, FontId, Painter, Pos2, Shape, TextureId, Vec2};
use hexmap_draw::{FontFamily, HAlign, HexCell, Image, Rect, Stroke, Text, VAlign};
use hexmap_hex::Point;

/// Draws primitives on screen with the [`EguiPainter`].
pub type ScreenSink<'p> = EguiPainter<Screen<'p>>;

/// The output on screen: `screen = world × zoom + offset`.
pub struct Screen<'p> {
    painter: &'p Painter,
    zoom: f64,
    offset: (f64, f64),
    batch: Mesh,
    shapes: Vec<Shape>,
}

impl<'p> EguiPainter<Screen<'p>> {
    /// A painter drawing with `painter`; world point `centre` appears at screen point
    /// `at`, and one world unit is `zoom` screen points.
    pub fn new(painter: &'p Painter, centre: Point, at: Pos2, zoom: f64) -> Self {
        EguiPainter::with_output(Screen {
            painter,
            zoom,
            offset: (
                f64::from(at.x) - centre.x * zoom,
                f64::from(at.y) - centre.y * zoom,
            ),
            batch: Mesh::default(),
            shapes: Vec::new(),
        })
    }
}

impl Screen<'_> {
    /// Close the batch of hexes (before any other shape, to keep order).
    fn flush(&mut self) {
        if !self.batch.is_empty() {
            self.shapes
                .push(Shape::mesh(std::mem::take(&mut self.batch)));
        }
    }

    fn len(&self, world: f64) -> f32 {
        (world * self.zoom) as f32
    }
}

impl Drop for Screen<'_> {
    fn drop(&mut self) {
        self.flush();
        self.painter.extend(std::mem::take(&mut self.shapes));
    }
}

impl Output for Screen<'_> {
    fn scale(&self) -> f64 {
        self.zoom
    }

    fn pos(&self, p: Point) -> Pos2 {
        Pos2::new(
            (p.x * self.zoom + self.offset.0) as f32,
            (p.y * self.zoom + self.offset.1) as f32,
        )
    }

    /// After the batch of hexes, to keep order.
    fn shape(&mut self, shape: Shape) {
        self.flush();
        self.shapes.push(shape);
    }

    /// The fill joins the batch; the outline is left to the painter.
    fn hex(&mut self, cell: &HexCell<'_>) -> Option<Stroke> {
        if let Some(fill) = cell.fill {
            let corners: [Pos2; 6] =
                std::array::from_fn(|i| self.pos(cell.hexagon.corner(cell.centre, cell.scale, i)));
            fill_fan(&mut self.batch, corners, color32(fill));
        }
        cell.stroke
    }

    fn rect(&mut self, rect: &Rect) {
        let r = egui::Rect::from_min_max(self.pos(rect.min), self.pos(rect.max));
        self.shape(Shape::rect_filled(r, 0.0, color32(rect.fill)));
    }

    /// A textured mesh of its own, in order with the other shapes.
    fn image(&mut self, texture: TextureId, img: &Image<'_>) {
        let mut mesh = Mesh::with_texture(texture);
        image_fan(&mut mesh, img, |p| self.pos(p));
        if !mesh.is_empty() {
            self.shape(Shape::mesh(mesh));
        }
    }

    /// A textured mesh of its own, in order with the other shapes.
    fn quad(&mut self, texture: TextureId, corners: [Point; 4], tint: Color32) {
        let mut mesh = Mesh::with_texture(texture);
        texture_quad(&mut mesh, corners, tint, |p| self.pos(p));
        self.shape(Shape::mesh(mesh));
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
                self.shape(Shape::Text(
                    TextShape::new(top_left(nudge), halo_galley.clone(), Color32::PLACEHOLDER)
                        .with_angle(angle),
                ));
            }
        }
        if t.font.bold {
            let nudge = Vec2::new((size * hexmap_draw::fonts::BOLD_NUDGE as f32).max(0.5), 0.0);
            self.shape(Shape::Text(
                TextShape::new(top_left(nudge), galley.clone(), Color32::PLACEHOLDER)
                    .with_angle(angle),
            ));
        }
        self.shape(Shape::Text(
            TextShape::new(top_left(Vec2::ZERO), galley, Color32::PLACEHOLDER).with_angle(angle),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::{Context, LayerId, RawInput, Rect};
    use hexmap_draw::Sink;
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
        sink.out.flush();
        let kinds: Vec<&str> = sink
            .out
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
        let Shape::Mesh(first) = &sink.out.shapes[0] else {
            unreachable!()
        };
        assert_eq!(first.vertices.len(), 18, "three hexes in one mesh");
        // World (0, 0) sits at (100, 50); pointy corner 0 is (8.66, 5) units away, × 2.
        let c0 = first.vertices[0].pos;
        assert!(
            (c0.x - 117.32).abs() < 0.01 && (c0.y - 60.0).abs() < 0.01,
            "{c0:?}"
        );
        let Shape::Text(t) = &sink.out.shapes[3] else {
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
            sink.out.flush();
            let Some(Shape::Text(shape)) = sink.out.shapes.last() else {
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
