//! The egui back-end of `draw`: one [`EguiPainter`] turns primitives into egui shapes
//! (lines, dashes, doubles, polygons, circles, paths, image fans) and hands them to one of
//! two outputs:
//!
//! - [`chunk_mesh::ChunkMesh`] ([`MeshSink`]): the cached mesh of a chunk, in world units
//!   around the chunk's anchor, tessellated at the build scale; hex cells are written
//!   directly, text is kept aside for the screen.
//! - [`screen::Screen`] ([`ScreenSink`]): shapes in screen points for this frame, handed
//!   to an egui `Painter`; runs of hex fills are batched into one mesh, text is laid out.
//!
//! What differs between the two (where points go, hexes, blocks, images, text) is the
//! [`Output`] trait; everything else is drawn once, here.

pub mod chunk_mesh;
pub mod screen;

pub use chunk_mesh::MeshSink;
pub use screen::ScreenSink;

use crate::canvas::images::ImageTextures;
use eframe::egui::epaint::{CircleShape, Mesh, PathShape, PathStroke, Vertex};
use eframe::egui::{self, Color32, Pos2, Shape, TextureId};
use hexmap_draw::lines::{double_lines, flatten_circle, flatten_path};
use hexmap_draw::{
    Circle, Colour, HexCell, Image, Path, PlacedImage, Polygon, Polyline, Rect, Sink, Stroke,
    StrokePattern, Text,
};
use hexmap_hex::Point;

/// egui's colour for a draw colour.
pub fn color32(c: Colour) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r, c.g, c.b, c.a)
}

/// Where an [`EguiPainter`] puts what it draws: the coordinates it works in and the
/// primitives each output draws its own way.
pub trait Output {
    /// Output pixels per world unit (sizes line widths, dashes and curve flattening).
    fn scale(&self) -> f64;
    /// A world point in output pixels.
    fn pos(&self, p: Point) -> Pos2;
    /// Add a shape given in output pixels.
    fn shape(&mut self, shape: Shape);
    /// Draw a hex cell's fill and as much of its outline as the output draws itself;
    /// returns the outline left for the painter to stroke along the corners.
    fn hex(&mut self, cell: &HexCell<'_>) -> Option<Stroke>;
    /// Fill an axis-aligned block.
    fn rect(&mut self, rect: &Rect);
    /// Draw an image with its texture.
    fn image(&mut self, texture: TextureId, img: &Image<'_>);
    /// Draw a whole texture on the quad `corners` (the image's top-left, top-right,
    /// bottom-right and bottom-left corners in the world), tinted by `tint`.
    fn quad(&mut self, texture: TextureId, corners: [Point; 4], tint: Color32);
    /// Draw (or keep) a text.
    fn text(&mut self, t: &Text<'_>);
}

/// Draws `draw` primitives with egui shapes into an [`Output`].
pub struct EguiPainter<O> {
    /// Where the drawing goes.
    out: O,
    /// The texture of each image; images without one are not drawn.
    textures: Option<ImageTextures>,
}

impl<O: Output> EguiPainter<O> {
    /// A painter drawing into `out`, with no image textures.
    fn with_output(out: O) -> Self {
        EguiPainter {
            out,
            textures: None,
        }
    }

    /// The same painter drawing images with `textures`.
    pub fn with_textures(self, textures: ImageTextures) -> Self {
        EguiPainter {
            textures: Some(textures),
            ..self
        }
    }

    /// A world length in output pixels.
    fn len(&self, world: f64) -> f32 {
        (world * self.out.scale()) as f32
    }

    /// Stroke a line through world points: solid, dashed, or two lines for a double.
    fn stroke_points(&mut self, points: &[Point], closed: bool, stroke: &Stroke) {
        let s = egui::Stroke::new(self.len(stroke.width), color32(stroke.colour));
        match stroke.style {
            StrokePattern::Double { gap } => {
                for side in double_lines(points, closed, stroke, gap) {
                    self.stroke_points(&side, closed, &Stroke::solid(stroke.width, stroke.colour));
                }
            }
            StrokePattern::Dashed { dash, gap } => {
                let mut pts: Vec<Pos2> = points.iter().map(|&p| self.out.pos(p)).collect();
                if closed && let Some(&first) = pts.first() {
                    pts.push(first);
                }
                let dashes = Shape::dashed_line(&pts, s, self.len(dash), self.len(gap));
                self.out.shape(Shape::Vec(dashes));
            }
            StrokePattern::Solid => {
                let pts = points.iter().map(|&p| self.out.pos(p)).collect();
                self.out.shape(if closed {
                    Shape::closed_line(pts, s)
                } else {
                    Shape::line(pts, s)
                });
            }
        }
    }
}

impl<O: Output> EguiPainter<O> {
    /// The texture of an image, if it has one.
    fn texture(&self, id: &hexmap_draw::ImageId) -> Option<TextureId> {
        self.textures.as_ref().and_then(|t| t.get(id).copied())
    }
}

impl<O: Output> Sink for EguiPainter<O> {
    /// Drawn by the output with the image's texture; images without one are left out.
    fn image(&mut self, img: &Image<'_>) {
        if let Some(texture) = self.texture(&img.source.id) {
            self.out.image(texture, img);
        }
    }

    /// The whole texture on the image's placed quad, at its opacity (the tracing
    /// underlay); an image without a texture is left out, as [`Sink::image`].
    fn placed_image(&mut self, img: &PlacedImage<'_>) {
        let Some(texture) = self.texture(&img.source.id) else {
            return;
        };
        let (w, h) = (
            f64::from(img.source.pixels.width()),
            f64::from(img.source.pixels.height()),
        );
        let at = |px: f64, py: f64| {
            Point::new(
                img.origin.x + px * img.x_step.x + py * img.y_step.x,
                img.origin.y + px * img.x_step.y + py * img.y_step.y,
            )
        };
        let corners = [at(0.0, 0.0), at(w, 0.0), at(w, h), at(0.0, h)];
        let tint = Color32::WHITE.gamma_multiply(img.opacity.clamp(0.0, 1.0));
        self.out.quad(texture, corners, tint);
    }

    fn hex(&mut self, cell: &HexCell<'_>) {
        if let Some(stroke) = self.out.hex(cell) {
            let corners: [Point; 6] =
                std::array::from_fn(|i| cell.hexagon.corner(cell.centre, cell.scale, i));
            self.stroke_points(&corners, true, &stroke);
        }
    }

    fn rect(&mut self, rect: &Rect) {
        self.out.rect(rect);
    }

    fn polygon(&mut self, p: &Polygon<'_>) {
        if let Some(fill) = p.fill {
            let points = p.points.iter().map(|&q| self.out.pos(q)).collect();
            self.out.shape(Shape::Path(PathShape {
                points,
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
        let (centre, radius) = (self.out.pos(c.centre), self.len(c.radius));
        if let Some(fill) = c.fill {
            let shape = CircleShape::filled(centre, radius, color32(fill));
            self.out.shape(Shape::Circle(shape));
        }
        if let Some(stroke) = &c.stroke {
            if stroke.style == StrokePattern::Solid {
                let s = egui::Stroke::new(self.len(stroke.width), color32(stroke.colour));
                self.out
                    .shape(Shape::Circle(CircleShape::stroke(centre, radius, s)));
            } else {
                let points = flatten_circle(c, 0.25 / self.out.scale());
                self.stroke_points(&points, true, stroke);
            }
        }
    }

    fn path(&mut self, p: &Path<'_>) {
        let points = flatten_path(p, 0.25 / self.out.scale());
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
        self.out.text(t);
    }
}

/// Append the whole texture of `mesh` on the quad `corners` (top-left, top-right,
/// bottom-right, bottom-left of the image) to `mesh`, tinted by `tint`; `place` maps world
/// points to the mesh's coordinates. Both outputs draw placed images with it.
fn texture_quad(
    mesh: &mut Mesh,
    corners: [Point; 4],
    tint: Color32,
    place: impl Fn(Point) -> Pos2,
) {
    let base = mesh.vertices.len() as u32;
    let uv = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
    for (p, (u, v)) in corners.into_iter().zip(uv) {
        mesh.vertices.push(Vertex {
            pos: place(p),
            uv: Pos2::new(u, v),
            color: tint,
        });
    }
    mesh.add_triangle(base, base + 1, base + 2);
    mesh.add_triangle(base, base + 2, base + 3);
}

/// Append a convex polygon to `mesh` as a triangle fan of one colour (a hex fill).
fn fill_fan(mesh: &mut Mesh, corners: impl IntoIterator<Item = Pos2>, colour: Color32) {
    let base = mesh.vertices.len() as u32;
    for pos in corners {
        mesh.vertices.push(Vertex {
            pos,
            uv: Pos2::ZERO,
            color: colour,
        });
    }
    let n = mesh.vertices.len() as u32 - base;
    for i in 1..n.saturating_sub(1) {
        mesh.add_triangle(base, base + i, base + i + 1);
    }
}

/// Append `img` to `mesh` (whose texture is the image's) as a triangle fan over its clip
/// polygon (or its box), the texture coordinates mapping the box onto the image and the
/// tint as vertex colour; `place` maps world points to the mesh's coordinates. Both
/// outputs draw images with it, so they draw them alike.
fn image_fan(mesh: &mut Mesh, img: &Image<'_>, place: impl Fn(Point) -> Pos2) {
    let (a, b) = (img.min, img.max);
    let rect = [a, Point::new(b.x, a.y), b, Point::new(a.x, b.y)];
    let outline = img.clip.unwrap_or(&rect);
    if outline.len() < 3 {
        return;
    }
    let (w, h) = ((b.x - a.x).max(1e-12), (b.y - a.y).max(1e-12));
    let colour = img.tint.map_or(Color32::WHITE, color32);
    let base = mesh.vertices.len() as u32;
    for &p in outline {
        let uv = Pos2::new(((p.x - a.x) / w) as f32, ((p.y - a.y) / h) as f32);
        mesh.vertices.push(Vertex {
            pos: place(p),
            uv,
            color: colour,
        });
    }
    for i in 1..outline.len() as u32 - 1 {
        mesh.add_triangle(base, base + i, base + i + 1);
    }
}
