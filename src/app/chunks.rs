//! The mesh cache of DESIGN.md §6: the map is cut into chunks of `CHUNK`×`CHUNK` offset
//! cells; each chunk keeps one `epaint::Mesh` built around a world anchor, rebuilt only when
//! its cells changed or the level of detail changed, and drawn only when it meets the view.

use super::camera::Camera;
use crate::hex::{Hex, Layout, OffsetCoord, OffsetKind, Orientation, Point};
use eframe::egui::{
    Color32, ColorImage, Context, Mesh, Painter, Pos2, Rect, Shape, TextureHandle, TextureOptions,
    epaint::Vertex,
};
use std::collections::HashMap;
use std::sync::Arc;

/// Side of a chunk in offset cells.
pub const CHUNK: i32 = 32;

/// Below this many screen points of hex radius the cheap level of detail is used.
pub const COARSE_BELOW_PX: f64 = 4.0;

/// Grid lines are drawn from this many screen points of hex radius; below it they would
/// cover a large share of each hex and cost two-thirds of the vertices.
pub const GRID_FROM_PX: f64 = 6.0;

/// Below this many screen points of hex radius each chunk is one texture (a texel per cell).
pub const TEXEL_BELOW_PX: f64 = 1.5;

/// Most chunk meshes kept in memory; the least recently drawn are dropped beyond this
/// (chunks drawn in the current frame are always kept).
const MAX_CACHED: usize = 1024;

/// Most bytes of cached meshes and textures (a full-detail chunk is ≈ 600 KB, so this
/// holds a few screens of them); least recently drawn chunks beyond it are dropped.
const MAX_CACHED_BYTES: usize = 256 << 20;

/// How one cell looks: what the chunk builder needs to know about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellLook {
    /// Fill colour (terrain colour, or the empty-cell colour).
    pub fill: Color32,
    /// Draw a mine marker.
    pub mine: bool,
    /// Draw a note marker.
    pub note: bool,
}

/// What drawing looks like at the current zoom; part of each chunk's cache key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// One textured quad per chunk, one texel per cell (whole-map views of huge maps).
    Texel,
    /// One plain quad per cell, no grid, markers only as a tint.
    Coarse,
    /// Hexagons; `grid` is the quantised grid-line width bucket (None = grid hidden).
    Full {
        /// Grid width bucket, or `None` when the grid layer is off.
        grid: Option<i32>,
    },
}

/// The offset kind chunks are cut in: rows for pointy maps, columns for flat maps.
pub fn chunk_kind(orientation: Orientation) -> OffsetKind {
    OffsetKind::default_for(orientation)
}

/// The key (chunk column, chunk row) of the chunk holding a hex.
pub fn chunk_of(orientation: Orientation, h: Hex) -> (i32, i32) {
    let c = chunk_kind(orientation).from_hex(h);
    (c.col.div_euclid(CHUNK), c.row.div_euclid(CHUNK))
}

struct CachedChunk {
    generation: u64,
    detail: Detail,
    anchor: Point,
    mesh: Arc<Mesh>,
    /// The chunk's texture at [`Detail::Texel`] (kept alive with the mesh using it).
    _texture: Option<TextureHandle>,
    last_used: u64,
    /// Heap bytes of the mesh and texture, for the cache budget.
    bytes: usize,
}

/// Heap bytes a mesh (and a `CHUNK`² RGBA texture, if any) takes.
fn chunk_bytes(mesh: &Mesh, textured: bool) -> usize {
    mesh.vertices.capacity() * std::mem::size_of::<Vertex>()
        + mesh.indices.capacity() * std::mem::size_of::<u32>()
        + if textured {
            (CHUNK * CHUNK) as usize * 4
        } else {
            0
        }
}

/// Where the map is seen: the canvas rectangle, the camera and the map's layout.
#[derive(Clone, Copy)]
pub struct ChunkView<'a> {
    /// The canvas rectangle on screen.
    pub view: Rect,
    /// Pan and zoom.
    pub camera: &'a Camera,
    /// Hex layout of the map.
    pub layout: &'a Layout,
}

/// Counters from the last `paint` call, for tests and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaintStats {
    /// Chunks drawn this frame.
    pub drawn: usize,
    /// Chunks whose mesh was (re)built this frame.
    pub rebuilt: usize,
    /// Vertices handed to egui this frame.
    pub vertices: usize,
}

/// Cached chunk meshes for one map.
pub struct ChunkCache {
    chunks: HashMap<(i32, i32), CachedChunk>,
    /// Per-chunk generation bumped by `mark_dirty`; a chunk is stale when its cached
    /// generation differs from `global + local`.
    dirty: HashMap<(i32, i32), u64>,
    global: u64,
    frame: u64,
    extent: Option<((i32, i32), (i32, i32))>,
    /// Sum of `bytes` over the cached chunks.
    bytes: usize,
    /// Most chunks and most bytes kept ([`MAX_CACHED`], [`MAX_CACHED_BYTES`]).
    budget: (usize, usize),
    /// Stats of the last paint.
    pub stats: PaintStats,
}

impl Default for ChunkCache {
    fn default() -> Self {
        Self::new()
    }
}

impl ChunkCache {
    /// An empty cache; call [`ChunkCache::set_extent`] before painting.
    pub fn new() -> Self {
        ChunkCache {
            chunks: HashMap::new(),
            dirty: HashMap::new(),
            global: 1,
            frame: 0,
            extent: None,
            bytes: 0,
            budget: (MAX_CACHED, MAX_CACHED_BYTES),
            stats: PaintStats::default(),
        }
    }

    /// Forget every mesh and cover the cells of an offset bounding box (in
    /// [`chunk_kind`]), e.g. a new map, layout, palette or layer change.
    pub fn reset_to_bounds(&mut self, b: crate::map::shape::OffsetBounds) {
        self.chunks.clear();
        self.dirty.clear();
        self.bytes = 0;
        self.global += 1;
        let last = |first: i32, n: u32| first.saturating_add(n.max(1) as i32 - 1);
        self.extent = Some((
            (b.min_col.div_euclid(CHUNK), b.min_row.div_euclid(CHUNK)),
            (
                last(b.min_col, b.cols).div_euclid(CHUNK),
                last(b.min_row, b.rows).div_euclid(CHUNK),
            ),
        ));
    }

    /// Set the chunk-key range directly (inclusive).
    pub fn set_extent(&mut self, extent: Option<((i32, i32), (i32, i32))>) {
        self.extent = extent;
    }

    /// Mark every mesh stale without forgetting the extent (layer or palette change).
    pub fn mark_all_dirty(&mut self) {
        self.global += 1;
    }

    /// Mark the chunks holding these hexes stale. Changed cells come in storage order, so
    /// neighbours mostly share a chunk: a run of one chunk costs one table update.
    pub fn mark_dirty(&mut self, orientation: Orientation, hexes: impl IntoIterator<Item = Hex>) {
        let mut last = None;
        for h in hexes {
            let key = chunk_of(orientation, h);
            if last != Some(key) {
                *self.dirty.entry(key).or_insert(0) += 1;
                last = Some(key);
            }
        }
    }

    /// Number of meshes currently cached.
    pub fn cached(&self) -> usize {
        self.chunks.len()
    }

    /// Heap bytes of the cached meshes and textures.
    pub fn cached_bytes(&self) -> usize {
        self.bytes
    }

    /// Draw the visible chunks of the map into `painter`, rebuilding stale ones with `look`.
    pub fn paint(
        &mut self,
        painter: &Painter,
        v: &ChunkView<'_>,
        detail: Detail,
        grid_colour: Color32,
        look: &dyn Fn(Hex) -> Option<CellLook>,
    ) {
        let ChunkView {
            view,
            camera,
            layout,
        } = *v;
        self.frame += 1;
        let mut stats = PaintStats::default();
        for key in self.visible_keys(view, camera, layout) {
            let generation = self.global + self.dirty.get(&key).copied().unwrap_or(0);
            let fresh = self
                .chunks
                .get(&key)
                .is_some_and(|c| c.generation == generation && c.detail == detail);
            if !fresh {
                let (anchor, mesh, texture) = if detail == Detail::Texel {
                    build_texel_chunk(painter.ctx(), layout, key, look)
                } else {
                    let (anchor, mesh) = build_chunk(layout, key, detail, grid_colour, look);
                    (anchor, mesh, None)
                };
                stats.rebuilt += 1;
                let bytes = chunk_bytes(&mesh, texture.is_some());
                self.bytes += bytes;
                let old = self.chunks.insert(
                    key,
                    CachedChunk {
                        generation,
                        detail,
                        anchor,
                        mesh: Arc::new(mesh),
                        _texture: texture,
                        last_used: 0,
                        bytes,
                    },
                );
                if let Some(old) = old {
                    self.bytes -= old.bytes;
                }
            }
            let chunk = self.chunks.get_mut(&key).expect("just inserted");
            chunk.last_used = self.frame;
            if chunk.mesh.is_empty() {
                continue;
            }
            let mut mesh = (*chunk.mesh).clone();
            mesh.transform(camera.mesh_transform(view, chunk.anchor));
            stats.drawn += 1;
            stats.vertices += mesh.vertices.len();
            painter.add(Shape::mesh(mesh));
        }
        self.stats = stats;
        self.evict();
    }

    /// Chunk keys meeting the view, within the map's extent.
    pub fn visible_keys(&self, view: Rect, camera: &Camera, layout: &Layout) -> Vec<(i32, i32)> {
        let Some((lo, hi)) = self.extent else {
            return Vec::new();
        };
        let (a, b) = camera.visible_world(view);
        let (min, max) = offset_box(layout, a, b);
        let ck = |v: i64| (v.div_euclid(i64::from(CHUNK))) as i32;
        let (x0, y0) = (ck(min.0 - 2).max(lo.0), ck(min.1 - 2).max(lo.1));
        let (x1, y1) = (ck(max.0 + 2).min(hi.0), ck(max.1 + 2).min(hi.1));
        let mut keys = Vec::new();
        for cy in y0..=y1 {
            for cx in x0..=x1 {
                keys.push((cx, cy));
            }
        }
        keys
    }

    /// Drop the least recently drawn chunks while over the count or byte budget, never
    /// one drawn this frame (so a view needing more than the budget does not thrash).
    fn evict(&mut self) {
        let (max_chunks, max_bytes) = self.budget;
        if self.chunks.len() <= max_chunks && self.bytes <= max_bytes {
            return;
        }
        let mut ages: Vec<_> = self
            .chunks
            .iter()
            .filter(|(_, c)| c.last_used < self.frame)
            .map(|(k, c)| (c.last_used, *k))
            .collect();
        ages.sort_unstable();
        for (_, k) in ages {
            if self.chunks.len() <= max_chunks && self.bytes <= max_bytes {
                break;
            }
            if let Some(c) = self.chunks.remove(&k) {
                self.bytes -= c.bytes;
            }
        }
    }
}

/// The offset cells (in [`chunk_kind`]) whose hexes contain the four corners of the world
/// rectangle `a`–`b`: ((min col, min row), (max col, max row)). Far-off points are clamped
/// first, so a huge pan cannot overflow.
pub fn offset_box(layout: &Layout, a: Point, b: Point) -> ((i64, i64), (i64, i64)) {
    let kind = chunk_kind(layout.orientation());
    let mut min = (i64::MAX, i64::MAX);
    let mut max = (i64::MIN, i64::MIN);
    for p in [
        Point::new(a.x, a.y),
        Point::new(b.x, a.y),
        Point::new(a.x, b.y),
        Point::new(b.x, b.y),
    ] {
        let f = layout.pixel_to_frac(p);
        let h = crate::hex::FracHex::new(f.q.clamp(-1.0e9, 1.0e9), f.r.clamp(-1.0e9, 1.0e9));
        let c = kind.from_hex(h.round());
        min = (min.0.min(i64::from(c.col)), min.1.min(i64::from(c.row)));
        max = (max.0.max(i64::from(c.col)), max.1.max(i64::from(c.row)));
    }
    (min, max)
}

/// The grid-width bucket for a zoom: grid lines stay about 1 screen point wide.
pub fn grid_bucket(hex_radius_px: f64) -> i32 {
    (hex_radius_px.max(1e-3).log2() * 2.0).round() as i32
}

/// The level of detail for a hex radius in screen points.
pub fn detail_for(hex_radius_px: f64, grid_visible: bool) -> Detail {
    if hex_radius_px < TEXEL_BELOW_PX {
        Detail::Texel
    } else if hex_radius_px < COARSE_BELOW_PX {
        Detail::Coarse
    } else {
        Detail::Full {
            grid: (grid_visible && hex_radius_px >= GRID_FROM_PX)
                .then(|| grid_bucket(hex_radius_px)),
        }
    }
}

/// Half the pitch of offset cells along x and y: offset cells tile the plane as rectangles
/// of twice these sizes.
fn half_pitch(layout: &Layout) -> (f64, f64) {
    let size = layout.size();
    match layout.orientation() {
        Orientation::Pointy => (size.x * 0.866_025_403_784_438_6, size.y * 0.75),
        Orientation::Flat => (size.x * 0.75, size.y * 0.866_025_403_784_438_6),
    }
}

/// Build one chunk as a single quad with a `CHUNK`×`CHUNK` texture, one texel per cell
/// (transparent where there is no cell). The half-cell shove of alternate rows or columns
/// is below a pixel at this zoom and is ignored.
fn build_texel_chunk(
    ctx: &Context,
    layout: &Layout,
    key: (i32, i32),
    look: &dyn Fn(Hex) -> Option<CellLook>,
) -> (Point, Mesh, Option<TextureHandle>) {
    let kind = chunk_kind(layout.orientation());
    let (col0, row0) = (key.0 * CHUNK, key.1 * CHUNK);
    let anchor = layout.hex_to_pixel(kind.to_hex(OffsetCoord::new(col0, row0)));
    let n = CHUNK as usize;
    let mut pixels = vec![Color32::TRANSPARENT; n * n];
    let mut any = false;
    for j in 0..n {
        for i in 0..n {
            let h = kind.to_hex(OffsetCoord::new(col0 + i as i32, row0 + j as i32));
            if let Some(cell) = look(h) {
                any = true;
                pixels[j * n + i] = if cell.mine {
                    blend(cell.fill, Color32::BLACK, 0.6)
                } else {
                    cell.fill
                };
            }
        }
    }
    if !any {
        return (anchor, Mesh::default(), None);
    }
    let texture = ctx.load_texture(
        format!("hexmap-chunk-{}-{}", key.0, key.1),
        ColorImage::new([n, n], pixels),
        TextureOptions::NEAREST,
    );
    let (hw, hh) = half_pitch(layout);
    let rect = Rect::from_min_max(
        Pos2::new(-hw as f32, -hh as f32),
        Pos2::new(
            (-hw + 2.0 * hw * f64::from(CHUNK)) as f32,
            (-hh + 2.0 * hh * f64::from(CHUNK)) as f32,
        ),
    );
    let mut mesh = Mesh::with_texture(texture.id());
    mesh.add_rect_with_uv(
        rect,
        Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
        Color32::WHITE,
    );
    (anchor, mesh, Some(texture))
}

/// Build the mesh of one chunk; vertices are world positions minus the returned anchor.
fn build_chunk(
    layout: &Layout,
    key: (i32, i32),
    detail: Detail,
    grid_colour: Color32,
    look: &dyn Fn(Hex) -> Option<CellLook>,
) -> (Point, Mesh) {
    let kind = chunk_kind(layout.orientation());
    let (col0, row0) = (key.0 * CHUNK, key.1 * CHUNK);
    let anchor = layout.hex_to_pixel(kind.to_hex(OffsetCoord::new(col0, row0)));
    let mut mesh = Mesh::default();
    let corners: [Point; 6] = std::array::from_fn(|i| layout.corner_offset(i));
    let local = |p: Point| Pos2::new((p.x - anchor.x) as f32, (p.y - anchor.y) as f32);
    for row in row0..row0 + CHUNK {
        for col in col0..col0 + CHUNK {
            let h = kind.to_hex(OffsetCoord::new(col, row));
            let Some(cell) = look(h) else { continue };
            let c = layout.hex_to_pixel(h);
            match detail {
                Detail::Texel | Detail::Coarse => {
                    let fill = if cell.mine {
                        blend(cell.fill, Color32::BLACK, 0.6)
                    } else {
                        cell.fill
                    };
                    let (hw, hh) = half_pitch(layout);
                    let r = Rect::from_min_max(
                        local(Point::new(c.x - hw, c.y - hh)),
                        local(Point::new(c.x + hw, c.y + hh)),
                    );
                    mesh.add_colored_rect(r, fill);
                }
                Detail::Full { grid } => {
                    fan(&mut mesh, local(c), &corners, 1.0, cell.fill, &local_vec);
                    if let Some(bucket) = grid {
                        // Keep the line about one screen point wide: radius_px ≈ 2^(bucket/2).
                        let radius_px = 2f64.powf(f64::from(bucket) / 2.0);
                        let t = (1.0 / radius_px).min(0.2) as f32;
                        ring(&mut mesh, local(c), &corners, t, grid_colour);
                    }
                    if cell.mine {
                        fan(
                            &mut mesh,
                            local(c),
                            &corners,
                            0.38,
                            Color32::from_rgb(25, 25, 25),
                            &local_vec,
                        );
                        fan(
                            &mut mesh,
                            local(c),
                            &corners,
                            0.15,
                            Color32::from_rgb(220, 40, 40),
                            &local_vec,
                        );
                    }
                    if cell.note {
                        // A small yellow triangle toward corner 2 of the hex.
                        let k = 0.7_f32;
                        let p = |i: usize, s: f32| local(c) + local_vec(corners[i % 6]) * s;
                        let base = mesh.vertices.len() as u32;
                        let yellow = Color32::from_rgb(250, 210, 40);
                        mesh.colored_vertex(p(2, k), yellow);
                        mesh.colored_vertex(p(2, 0.35) + (local_vec(corners[1]) * 0.2), yellow);
                        mesh.colored_vertex(p(2, 0.35) + (local_vec(corners[3]) * 0.2), yellow);
                        mesh.add_triangle(base, base + 1, base + 2);
                    }
                }
            }
        }
    }
    (anchor, mesh)
}

fn local_vec(p: Point) -> eframe::egui::Vec2 {
    eframe::egui::Vec2::new(p.x as f32, p.y as f32)
}

/// A filled hexagon at `centre` with corners scaled by `scale`: six corner vertices and
/// four triangles (no centre vertex).
fn fan(
    mesh: &mut Mesh,
    centre: Pos2,
    corners: &[Point; 6],
    scale: f32,
    colour: Color32,
    v: &dyn Fn(Point) -> eframe::egui::Vec2,
) {
    let base = mesh.vertices.len() as u32;
    for c in corners {
        mesh.vertices.push(Vertex {
            pos: centre + v(*c) * scale,
            uv: Pos2::ZERO,
            color: colour,
        });
    }
    for i in 1..5 {
        mesh.add_triangle(base, base + i, base + i + 1);
    }
}

/// A hexagonal ring between the full outline and the outline scaled by `1 − t`.
fn ring(mesh: &mut Mesh, centre: Pos2, corners: &[Point; 6], t: f32, colour: Color32) {
    let base = mesh.vertices.len() as u32;
    for c in corners {
        let o = local_vec(*c);
        mesh.colored_vertex(centre + o, colour);
        mesh.colored_vertex(centre + o * (1.0 - t), colour);
    }
    for i in 0..6u32 {
        let (o0, i0) = (base + 2 * i, base + 2 * i + 1);
        let j = (i + 1) % 6;
        let (o1, i1) = (base + 2 * j, base + 2 * j + 1);
        mesh.add_triangle(o0, o1, i0);
        mesh.add_triangle(i0, o1, i1);
    }
}

/// Mix `a` toward `b` by `t` (0 = a, 1 = b).
pub fn blend(a: Color32, b: Color32, t: f32) -> Color32 {
    let m = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
    Color32::from_rgb(m(a.r(), b.r()), m(a.g(), b.g()), m(a.b(), b.b()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::shapes;
    use eframe::egui::{Context, LayerId, Vec2};

    fn rect_map(kind: OffsetKind, w: u32, h: u32) -> std::collections::HashSet<Hex> {
        shapes::rectangle(kind, w, h).collect()
    }

    #[test]
    fn chunk_keys_cover_offset_blocks() {
        assert_eq!(chunk_of(Orientation::Pointy, Hex::ORIGIN), (0, 0));
        let h = OffsetKind::OddR.to_hex(OffsetCoord::new(33, 31));
        assert_eq!(chunk_of(Orientation::Pointy, h), (1, 0));
        let h = OffsetKind::OddQ.to_hex(OffsetCoord::new(-1, 64));
        assert_eq!(chunk_of(Orientation::Flat, h), (-1, 2));
    }

    #[test]
    fn only_visible_chunks_are_built_and_dirty_ones_rebuilt() {
        let cells = rect_map(OffsetKind::OddR, 200, 200);
        let layout = Layout::regular(Orientation::Pointy, 10.0).unwrap();
        let mut cache = ChunkCache::new();
        cache.reset_to_bounds(crate::map::shape::OffsetBounds {
            min_col: 0,
            min_row: 0,
            cols: 200,
            rows: 200,
        });
        let ctx = Context::default();
        let painter = Painter::new(ctx, LayerId::background(), Rect::EVERYTHING);
        let view = Rect::from_min_size(Pos2::ZERO, Vec2::new(400.0, 300.0));
        let camera = Camera {
            centre: Point::new(200.0, 150.0),
            zoom: 1.0,
        };
        let look = |h: Hex| {
            cells.contains(&h).then_some(CellLook {
                fill: Color32::GREEN,
                mine: false,
                note: false,
            })
        };
        let detail = detail_for(10.0, true);
        let v = ChunkView {
            view,
            camera: &camera,
            layout: &layout,
        };
        cache.paint(&painter, &v, detail, Color32::BLACK, &look);
        let first = cache.stats;
        // 200×200 cells make 7×7 chunks; a 400×300 view at 10-unit hexes needs only a few.
        assert!(first.drawn >= 1 && first.drawn <= 6, "{first:?}");
        assert_eq!(first.rebuilt, first.drawn);
        cache.paint(&painter, &v, detail, Color32::BLACK, &look);
        assert_eq!(cache.stats.rebuilt, 0);
        cache.mark_dirty(Orientation::Pointy, [Hex::new(1, 1)]);
        cache.paint(&painter, &v, detail, Color32::BLACK, &look);
        assert_eq!(cache.stats.rebuilt, 1);
        // Zoomed out to the whole map, every chunk is drawn, cheaply.
        let far = Camera {
            centre: Point::new(3400.0, 3000.0),
            zoom: 0.05,
        };
        let v_far = ChunkView {
            view,
            camera: &far,
            layout: &layout,
        };
        cache.paint(
            &painter,
            &v_far,
            detail_for(3.0, true),
            Color32::BLACK,
            &look,
        );
        assert_eq!(cache.stats.drawn, 49);
        assert_eq!(cache.stats.vertices, 200 * 200 * 4, "one quad per cell");
        cache.paint(
            &painter,
            &v_far,
            detail_for(0.5, true),
            Color32::BLACK,
            &look,
        );
        assert_eq!(cache.stats.drawn, 49);
        assert_eq!(cache.stats.vertices, 49 * 4, "one textured quad per chunk");
    }

    #[test]
    fn a_view_needing_more_than_the_budget_does_not_thrash_and_old_chunks_go() {
        let layout = Layout::regular(Orientation::Pointy, 10.0).unwrap();
        let (w, h) = (300, 300); // 10 × 10 chunks
        let inside = |x: Hex| {
            let c = OffsetKind::OddR.from_hex(x);
            (0..w).contains(&c.col) && (0..h).contains(&c.row)
        };
        let mut cache = ChunkCache::new();
        cache.set_extent(Some(((0, 0), ((w - 1) / CHUNK, (h - 1) / CHUNK))));
        cache.budget = (40, usize::MAX);
        let ctx = Context::default();
        let painter = Painter::new(ctx, LayerId::background(), Rect::EVERYTHING);
        let view = Rect::from_min_size(Pos2::ZERO, Vec2::new(400.0, 300.0));
        let look = |x: Hex| {
            inside(x).then_some(CellLook {
                fill: Color32::GREEN,
                mine: false,
                note: false,
            })
        };
        let whole = Camera {
            centre: Point::new(2600.0, 2250.0),
            zoom: 0.07,
        };
        let v = ChunkView {
            view,
            camera: &whole,
            layout: &layout,
        };
        let coarse = detail_for(0.7 * 10.0 / 2.0, false);
        cache.paint(&painter, &v, coarse, Color32::BLACK, &look);
        assert_eq!(cache.stats.drawn, 100);
        assert_eq!(cache.cached(), 100, "chunks drawn this frame stay");
        cache.paint(&painter, &v, coarse, Color32::BLACK, &look);
        assert_eq!(cache.stats.rebuilt, 0, "no rebuild on the next frame");
        let bytes_all = cache.cached_bytes();
        assert!(bytes_all > 0);
        // Zoom into one corner: the chunks no longer drawn are dropped down to the budget.
        let close = Camera {
            centre: Point::new(100.0, 100.0),
            zoom: 1.0,
        };
        let v = ChunkView {
            view,
            camera: &close,
            layout: &layout,
        };
        cache.paint(&painter, &v, coarse, Color32::BLACK, &look);
        assert_eq!(cache.cached(), 40);
        assert!(cache.cached_bytes() < bytes_all);
        // A byte budget works the same way.
        cache.budget = (usize::MAX, 1);
        cache.paint(&painter, &v, coarse, Color32::BLACK, &look);
        assert_eq!(cache.cached(), cache.stats.drawn);
    }

    #[test]
    fn grid_bucket_grows_with_zoom() {
        assert!(grid_bucket(8.0) < grid_bucket(32.0));
        assert_eq!(detail_for(2.0, true), Detail::Coarse);
        assert_eq!(detail_for(1.0, true), Detail::Texel);
        assert_eq!(detail_for(20.0, false), Detail::Full { grid: None });
        assert_eq!(detail_for(5.0, true), Detail::Full { grid: None });
        assert!(matches!(
            detail_for(GRID_FROM_PX, true),
            Detail::Full { grid: Some(_) }
        ));
    }
}
