//! The chunk output of the [`EguiPainter`]: primitives become one `epaint::Mesh` in world
//! units relative to the chunk's anchor (small f32 numbers, drawn in place by a per-frame
//! transform). Hex cells and blocks are written directly (six vertices, a quad); other
//! shapes go through egui's tessellator at the build scale, so curves have the right
//! number of segments and one pixel of anti-aliasing. Text is kept aside and drawn each
//! frame by the screen output (egui's glyph atlas is not stable across frames). Images
//! (tile art, image icons) are textured triangle fans over their clip polygon; an egui
//! mesh has one texture, so a chunk is a list of meshes in drawing order, a new one
//! starting wherever the texture changes.

use super::{EguiPainter, Output, color32, fill_fan, image_fan, texture_quad};
use eframe::egui::epaint::{Mesh, Pos2, Shape, TessellationOptions, Tessellator, Vec2};
use eframe::egui::{self, Color32, TextureId};
use hexmap_draw::{HexCell, Hexagon, Image, OwnedText, Rect, Stroke, StrokePattern, Text};
use hexmap_hex::Point;

/// The corner vectors of the last hexagon drawn, so a chunk of equal cells computes them
/// once: filled corners, and the outer and inner corners of its outline ring.
struct HexCorners {
    hexagon: Hexagon,
    scale: f64,
    ring_width: f64,
    fill: [Vec2; 6],
    outer: [Vec2; 6],
    inner: [Vec2; 6],
}

impl HexCorners {
    fn new(hexagon: &Hexagon, scale: f64, ring_width: f64) -> Self {
        let fill: [Vec2; 6] = std::array::from_fn(|i| {
            let o = hexagon.corners[i];
            Vec2::new((o.x * scale) as f32, (o.y * scale) as f32)
        });
        // Moving a corner by m of its length moves the edges by m × the apothem (√3/2 of
        // the corner distance): a ring `ring_width` across needs m = width / (√3 × corner).
        let m = |c: Vec2| (ring_width / (3f64.sqrt() * f64::from(c.length().max(1e-6)))) as f32;
        HexCorners {
            hexagon: *hexagon,
            scale,
            ring_width,
            fill,
            outer: fill.map(|c| c * (1.0 + m(c))),
            inner: fill.map(|c| c * (1.0 - m(c)).max(0.0)),
        }
    }
}

/// Builds one chunk with the [`EguiPainter`]: the meshes and the texts to draw over them.
pub type MeshSink = EguiPainter<ChunkMesh>;

/// The output of a chunk: meshes in world units around an anchor, and texts kept aside.
pub struct ChunkMesh {
    anchor: Point,
    scale: f64,
    /// The mesh being written (the last layer).
    mesh: Mesh,
    /// Finished layers, in drawing order.
    layers: Vec<Mesh>,
    texts: Vec<OwnedText>,
    tessellator: Tessellator,
    scratch: Mesh,
    corners: Option<HexCorners>,
}

impl EguiPainter<ChunkMesh> {
    /// A painter for a chunk whose mesh is stored relative to `anchor`, built for viewing
    /// at `scale` pixels per world unit.
    pub fn new(anchor: Point, scale: f64) -> Self {
        EguiPainter::with_output(ChunkMesh {
            anchor,
            scale: scale.max(1e-9),
            mesh: Mesh::default(),
            layers: Vec::new(),
            texts: Vec::new(),
            tessellator: Tessellator::new(1.0, TessellationOptions::default(), [1, 1], Vec::new()),
            scratch: Mesh::default(),
            corners: None,
        })
    }

    /// The meshes (one per run of primitives with the same texture, in drawing order;
    /// at least one) and the texts.
    pub fn finish(self) -> (Vec<Mesh>, Vec<OwnedText>) {
        let mut out = self.out;
        if !out.mesh.is_empty() || out.layers.is_empty() {
            out.layers.push(out.mesh);
        }
        (out.layers, out.texts)
    }
}

impl ChunkMesh {
    /// The mesh to append to with texture `texture`, starting a new layer when the
    /// texture changes.
    fn layer(&mut self, texture: TextureId) -> &mut Mesh {
        if self.mesh.texture_id != texture {
            let next = Mesh::with_texture(texture);
            let done = std::mem::replace(&mut self.mesh, next);
            if !done.is_empty() {
                self.layers.push(done);
            }
        }
        &mut self.mesh
    }

    /// The mesh for untextured shapes.
    fn plain(&mut self) -> &mut Mesh {
        self.layer(TextureId::default())
    }

    /// A world point relative to the anchor.
    fn local(&self, p: Point) -> Pos2 {
        Pos2::new((p.x - self.anchor.x) as f32, (p.y - self.anchor.y) as f32)
    }

    /// The corner vectors for `hexagon` at `scale` with an outline `ring_width` across.
    fn corners(&mut self, hexagon: &Hexagon, scale: f64, ring_width: f64) -> &HexCorners {
        let stale = self.corners.as_ref().is_none_or(|c| {
            c.scale != scale || c.ring_width != ring_width || c.hexagon != *hexagon
        });
        if stale {
            self.corners = Some(HexCorners::new(hexagon, scale, ring_width));
        }
        self.corners.as_ref().expect("just set")
    }
}

/// A ring between two hexagons around `centre`.
fn hex_ring(mesh: &mut Mesh, centre: Pos2, outer: &[Vec2; 6], inner: &[Vec2; 6], colour: Color32) {
    let base = mesh.vertices.len() as u32;
    for (&o, &i) in outer.iter().zip(inner) {
        mesh.colored_vertex(centre + o, colour);
        mesh.colored_vertex(centre + i, colour);
    }
    for i in 0..6u32 {
        let (o0, i0) = (base + 2 * i, base + 2 * i + 1);
        let j = (i + 1) % 6;
        let (o1, i1) = (base + 2 * j, base + 2 * j + 1);
        mesh.add_triangle(o0, o1, i0);
        mesh.add_triangle(i0, o1, i1);
    }
}

impl Output for ChunkMesh {
    fn scale(&self) -> f64 {
        self.scale
    }

    /// A world point in pixels of the build scale, relative to the anchor (what the
    /// tessellator works in).
    fn pos(&self, p: Point) -> Pos2 {
        Pos2::new(
            ((p.x - self.anchor.x) * self.scale) as f32,
            ((p.y - self.anchor.y) * self.scale) as f32,
        )
    }

    /// Tessellated in build pixels and appended in world units.
    fn shape(&mut self, shape: Shape) {
        self.scratch.clear();
        self.tessellator.tessellate_shape(shape, &mut self.scratch);
        let inv = (1.0 / self.scale) as f32;
        for v in &mut self.scratch.vertices {
            v.pos = Pos2::new(v.pos.x * inv, v.pos.y * inv);
        }
        self.plain();
        self.mesh.append_ref(&self.scratch);
    }

    /// Six corner vertices for the fill, a ring of twelve for a solid outline; other
    /// outlines are left to the painter.
    fn hex(&mut self, cell: &HexCell<'_>) -> Option<Stroke> {
        let centre = self.local(cell.centre);
        let solid = cell.stroke.filter(|s| s.style == StrokePattern::Solid);
        let ring_width = solid.map_or(0.0, |s| s.width);
        let corners = self.corners(cell.hexagon, cell.scale, ring_width);
        let (fill, outer, inner) = (corners.fill, corners.outer, corners.inner);
        if let Some(colour) = cell.fill {
            fill_fan(self.plain(), fill.map(|c| centre + c), color32(colour));
        }
        match solid {
            Some(s) => {
                hex_ring(self.plain(), centre, &outer, &inner, color32(s.colour));
                None
            }
            None => cell.stroke,
        }
    }

    fn rect(&mut self, rect: &Rect) {
        let r = egui::Rect::from_min_max(self.local(rect.min), self.local(rect.max));
        self.plain().add_colored_rect(r, color32(rect.fill));
    }

    /// A triangle fan over the clip polygon (or the box) in a layer of its texture.
    fn image(&mut self, texture: TextureId, img: &Image<'_>) {
        let anchor = self.anchor;
        let local = |p: Point| Pos2::new((p.x - anchor.x) as f32, (p.y - anchor.y) as f32);
        image_fan(self.layer(texture), img, local);
    }

    fn quad(&mut self, texture: TextureId, corners: [Point; 4], tint: Color32) {
        let anchor = self.anchor;
        let local = |p: Point| Pos2::new((p.x - anchor.x) as f32, (p.y - anchor.y) as f32);
        texture_quad(self.layer(texture), corners, tint, local);
    }

    fn text(&mut self, t: &Text<'_>) {
        self.texts.push(OwnedText::new(t));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_draw::{Circle, Colour, Sink};
    use hexmap_draw::{Font, FontFamily};
    use hexmap_hex::{Layout, Orientation};

    #[test]
    fn hexes_are_six_vertices_and_grid_rings_straddle_the_outline() {
        let layout = Layout::regular(Orientation::Pointy, 10.0).unwrap();
        let hexagon = Hexagon::of(&layout);
        let mut s = MeshSink::new(Point::new(100.0, 100.0), 2.0);
        s.hex(&HexCell {
            hexagon: &hexagon,
            centre: Point::new(110.0, 100.0),
            scale: 1.0,
            fill: Some(Colour::WHITE),
            stroke: Some(Stroke::solid(0.5, Colour::BLACK)),
        });
        let (meshes, texts) = s.finish();
        let mesh = &meshes[0];
        assert!(texts.is_empty());
        assert_eq!(mesh.vertices.len(), 6 + 12);
        assert_eq!(mesh.indices.len(), 3 * (4 + 12));
        // Relative to the anchor; corner 0 of a pointy hex is down-right at (8.66, 5).
        let c0 = mesh.vertices[0].pos;
        assert!(
            (c0.x - 18.660_254).abs() < 1e-3 && (c0.y - 5.0).abs() < 1e-3,
            "{c0:?}"
        );
        // The ring's two corner vertices sit either side of the corner, 0.5 units apart
        // measured across the edges.
        let (outer, inner) = (mesh.vertices[6].pos, mesh.vertices[7].pos);
        let corner = Pos2::new(18.660_254, 5.0);
        let across = (outer - inner).length() * 3f32.sqrt() / 2.0;
        assert!((across - 0.5).abs() < 1e-3, "{across}");
        assert!((outer - corner).length() > 0.0 && (inner - corner).length() > 0.0);
    }

    #[test]
    fn blocks_are_quads_and_texts_are_kept_for_later() {
        let mut s = MeshSink::new(Point::new(0.0, 0.0), 1.0);
        s.rect(&Rect {
            min: Point::new(0.0, 0.0),
            max: Point::new(4.0, 2.0),
            fill: Colour::BLACK,
        });
        s.text(&Text::centred(
            "3",
            Point::new(1.0, 2.0),
            5.0,
            Colour::BLACK,
            Font::regular(FontFamily::Sans),
        ));
        let (meshes, texts) = s.finish();
        let mesh = &meshes[0];
        assert_eq!(mesh.vertices.len(), 4);
        assert_eq!(texts.len(), 1);
        assert_eq!(texts[0].as_text().text, "3");
        assert_eq!(texts[0].as_text().anchor, Point::new(1.0, 2.0));
    }

    #[test]
    fn tessellated_shapes_come_back_in_world_units() {
        // A 10-unit circle seen at 4 px per unit: egui sizes it as a 40 px circle.
        let mut s = MeshSink::new(Point::new(50.0, 50.0), 4.0);
        s.circle(&Circle {
            centre: Point::new(50.0, 50.0),
            radius: 10.0,
            fill: Some(Colour::BLACK),
            stroke: None,
        });
        let (meshes, _) = s.finish();
        let mesh = &meshes[0];
        let reach = mesh
            .vertices
            .iter()
            .map(|v| v.pos.to_vec2().length())
            .fold(0.0, f32::max);
        assert!(
            reach > 10.0 && reach < 10.5,
            "anti-aliased edge just outside: {reach}"
        );
        assert!(
            mesh.vertices.len() > 40,
            "a smooth circle: {}",
            mesh.vertices.len()
        );
    }

    #[test]
    fn images_are_textured_fans_in_their_own_layer_between_the_shapes_around_them() {
        use hexmap_draw::{ImageId, ImageRef, RgbaImage};
        let layout = Layout::regular(Orientation::Flat, 10.0).unwrap();
        let hexagon = Hexagon::of(&layout);
        let texture = TextureId::User(7);
        let textures =
            std::sync::Arc::new(std::collections::HashMap::from([(ImageId(0), texture)]));
        let mut s = MeshSink::new(Point::new(0.0, 0.0), 1.0).with_textures(textures);
        let cell = |fill, stroke| HexCell {
            hexagon: &hexagon,
            centre: Point::new(0.0, 0.0),
            scale: 1.0,
            fill,
            stroke,
        };
        s.hex(&cell(Some(Colour::WHITE), None));
        let image = RgbaImage::new(1, 1, vec![255; 4]).unwrap();
        let corners: [Point; 6] =
            std::array::from_fn(|i| hexagon.corner(Point::new(0.0, 0.0), 1.0, i));
        let draw = |s: &mut MeshSink, id| {
            s.image(&Image {
                source: ImageRef { id, pixels: &image },
                min: Point::new(-10.0, -10.0),
                max: Point::new(10.0, 10.0),
                clip: Some(&corners),
                tint: Some(Colour::rgb(255, 0, 0)),
            })
        };
        draw(&mut s, ImageId(0));
        draw(&mut s, ImageId(1)); // no texture: not drawn
        s.hex(&cell(None, Some(Stroke::solid(0.5, Colour::BLACK))));
        let (meshes, _) = s.finish();
        let textures: Vec<TextureId> = meshes.iter().map(|m| m.texture_id).collect();
        assert_eq!(
            textures,
            [TextureId::default(), texture, TextureId::default()]
        );
        let fan = &meshes[1];
        assert_eq!((fan.vertices.len(), fan.indices.len()), (6, 12));
        // Corner 0 of a flat hex is east, (10, 0): the middle of the box's right side.
        let v = fan.vertices[0];
        assert_eq!(v.uv, Pos2::new(1.0, 0.5));
        assert_eq!(v.color, Color32::from_rgb(255, 0, 0));
    }
}
