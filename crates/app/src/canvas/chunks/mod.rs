//! The mesh cache of docs/DESIGN.md §6. The map is cut into
//! chunks of `CHUNK`×`CHUNK` offset cells; each chunk's drawing (any [`Scene`]: the
//! editor's map, the minesweeper game) is one `epaint::Mesh` built around a world anchor
//! by running the scene for the chunk's cells into a [`MeshSink`], rebuilt only when its
//! cells or the level of detail changed, and drawn only when it meets the view. Text in a
//! chunk is kept beside its mesh and drawn each frame through a [`ScreenSink`]; free text
//! (place-name labels, [`Scene::draw_free_text`]) is not cut into chunks but drawn each
//! frame over them, culled by its own box, at every level of detail.

use crate::canvas::camera::Camera;
use crate::canvas::painter::{MeshSink, ScreenSink};
use eframe::egui::{Mesh, Painter, Rect, Shape, TextureHandle, epaint::Vertex};
use hexmap_draw::{Detail, OwnedText, Region, Scene};
use hexmap_hex::{Hex, Layout, OffsetCoord, OffsetKind, Orientation, Point};
use hexmap_map::OffsetBounds;
use std::collections::HashMap;
use std::sync::Arc;

/// Side of a chunk in offset cells.
pub const CHUNK: i32 = 32;

/// Chunks per side of one texture at [`Detail::Texel`] (the whole-world view): one quad and
/// one `CHUNK·TEXEL_BLOCK`² texture (128 × 128 cells, 64 KB) stands for 16 chunks, so a
/// ten-million-hex map is about 620 quads to draw instead of 9,800.
pub const TEXEL_BLOCK: i32 = 4;

/// Side of a texel block in offset cells.
const TEXEL_SIDE: i32 = CHUNK * TEXEL_BLOCK;

/// Time a frame may spend building texel blocks (about 0.3–0.6 ms each for 16,384 cells
/// in a release build); the rest wait for the next frames. Keeps the first frame of a
/// ten-million-hex map (625 blocks), and the frame after a huge fill, short.
pub const TEXEL_BUILD_BUDGET: std::time::Duration = std::time::Duration::from_millis(20);

/// Most chunk meshes kept in memory; the least recently drawn are dropped beyond this
/// (chunks drawn in the current frame are always kept).
const MAX_CACHED: usize = 1024;

/// Most bytes of cached meshes and textures (a full-detail chunk is ≈ 600 KB, so this
/// holds a few screens of them); least recently drawn chunks beyond it are dropped.
const MAX_CACHED_BYTES: usize = 256 << 20;

/// The key (chunk column, chunk row) of the chunk holding a hex.
pub fn chunk_of(orientation: Orientation, h: Hex) -> (i32, i32) {
    chunk_of_offset(OffsetKind::default_for(orientation).from_hex(h))
}

/// The chunk of the offset cell `c` (in [`OffsetKind::default_for`]).
fn chunk_of_offset(c: OffsetCoord) -> (i32, i32) {
    (c.col.div_euclid(CHUNK), c.row.div_euclid(CHUNK))
}

/// The cells of chunk `key`, as a box of offset cells in [`OffsetKind::default_for`].
pub fn chunk_bounds(key: (i32, i32)) -> OffsetBounds {
    OffsetBounds {
        min_col: key.0 * CHUNK,
        min_row: key.1 * CHUNK,
        cols: CHUNK as u32,
        rows: CHUNK as u32,
    }
}

/// The texel block (of [`TEXEL_BLOCK`]² chunks) holding chunk `key`.
fn block_of(key: (i32, i32)) -> (i32, i32) {
    (key.0.div_euclid(TEXEL_BLOCK), key.1.div_euclid(TEXEL_BLOCK))
}

struct CachedChunk {
    generation: u64,
    detail: Detail,
    /// Cells per texel along each axis of a texel block's texture (1 for chunks).
    cells_per_texel: usize,
    anchor: Point,
    /// Meshes in drawing order (more than one where images change the texture).
    meshes: Arc<[Mesh]>,
    /// Each mesh's vertices' bounding box (relative to the anchor, world units): what the
    /// view is compared with to hand the GPU only what is on screen.
    bounds: Arc<[Rect]>,
    /// Text drawn over the mesh each frame (world units).
    texts: Arc<[OwnedText]>,
    /// The chunk's texture at [`Detail::Texel`] (kept alive with the mesh using it).
    _texture: Option<TextureHandle>,
    last_used: u64,
    /// Heap bytes of the mesh and texture, for the cache budget.
    bytes: usize,
}

/// Heap bytes a mesh, its texts (and its RGBA texture, if any) take.
fn chunk_bytes(meshes: &[Mesh], texts: &[OwnedText], texture: Option<&TextureHandle>) -> usize {
    meshes
        .iter()
        .map(|mesh| {
            mesh.vertices.capacity() * std::mem::size_of::<Vertex>()
                + mesh.indices.capacity() * std::mem::size_of::<u32>()
        })
        .sum::<usize>()
        + texts
            .iter()
            .map(|t| std::mem::size_of::<OwnedText>() + t.text.capacity())
            .sum::<usize>()
        + texture.map_or(0, |t| t.size()[0] * t.size()[1] * 4)
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
    /// Cache entries drawn this frame: chunks, or at the texel level blocks of
    /// [`TEXEL_BLOCK`]² chunks.
    pub drawn: usize,
    /// Chunks whose mesh was (re)built this frame.
    pub rebuilt: usize,
    /// Vertices handed to egui this frame.
    pub vertices: usize,
    /// Texts of cached chunks drawn this frame (those near the view).
    pub texts: usize,
    /// Free texts (place-name labels) drawn this frame, over the chunks.
    pub free_texts: usize,
    /// Texel blocks on view left stale or missing this frame (out of
    /// [`TEXEL_BUILD_BUDGET`]); built in the next frames, which are asked for.
    pub pending: usize,
    /// Texels of the textures built this frame (each is uploaded to the GPU, 4 bytes).
    pub texels: usize,
}

/// Cached chunk meshes for one map.
pub struct ChunkCache {
    /// Keyed by chunk, or at [`Detail::Texel`] by texel block (an entry's `detail` says
    /// which; an entry of the other kind is stale by its detail and rebuilt).
    chunks: HashMap<(i32, i32), CachedChunk>,
    /// Per-chunk generation bumped by `mark_dirty`; a chunk is stale when its cached
    /// generation differs from `global + local`.
    dirty: HashMap<(i32, i32), u64>,
    /// The same per texel block (bumped with any of its chunks).
    block_dirty: HashMap<(i32, i32), u64>,
    global: u64,
    frame: u64,
    extent: Option<((i32, i32), (i32, i32))>,
    /// Sum of `bytes` over the cached chunks.
    bytes: usize,
    /// Most chunks and most bytes kept ([`MAX_CACHED`], [`MAX_CACHED_BYTES`]).
    budget: (usize, usize),
    /// Stats of the last paint.
    pub stats: PaintStats,
    /// Textures of the map's images (tile art, image icons); `None` draws none.
    textures: Option<crate::canvas::images::ImageTextures>,
    /// Cuts partly seen meshes down to their triangles on view.
    culler: cull::Culler,
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
            block_dirty: HashMap::new(),
            global: 1,
            frame: 0,
            extent: None,
            bytes: 0,
            budget: (MAX_CACHED, MAX_CACHED_BYTES),
            stats: PaintStats::default(),
            textures: None,
            culler: cull::Culler::default(),
        }
    }

    /// Forget every mesh and cover the cells of an offset bounding box (in
    /// [`OffsetKind::default_for`]), e.g. a new map, layout, palette or layer change.
    pub fn reset_to_bounds(&mut self, b: hexmap_map::shape::OffsetBounds) {
        self.chunks.clear();
        self.dirty.clear();
        self.block_dirty.clear();
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
    #[cfg(test)]
    pub fn set_extent(&mut self, extent: Option<((i32, i32), (i32, i32))>) {
        self.extent = extent;
    }

    /// Draw images with `textures` from now on (every mesh is rebuilt).
    pub fn set_image_textures(&mut self, textures: crate::canvas::images::ImageTextures) {
        self.textures = Some(textures);
        self.mark_all_dirty();
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
                self.mark_chunk(key);
                last = Some(key);
            }
        }
    }

    /// Mark stale the chunks holding these hexes and the chunks of their neighbours (a
    /// chunk also draws the edge features and paths of its cells' neighbours). Only a hex
    /// on its chunk's border has a neighbour in another chunk, so the others cost one
    /// offset conversion; and in storage order a run of hexes in one chunk updates the
    /// table once for the chunk and once for each neighbouring chunk it reaches — a fill of
    /// millions of cells marks in milliseconds.
    pub fn mark_dirty_around(&mut self, orientation: Orientation, hexes: &[Hex]) {
        let kind = OffsetKind::default_for(orientation);
        let edge = |v: i32| {
            let m = v.rem_euclid(CHUNK);
            m == 0 || m == CHUNK - 1
        };
        // The run's chunk and which of its eight surrounding chunks (bit (dx+1)*3 + dy+1)
        // it marked already.
        let mut run: Option<((i32, i32), u16)> = None;
        for &h in hexes {
            let c = kind.from_hex(h);
            let key = chunk_of_offset(c);
            if run.is_none_or(|(k, _)| k != key) {
                self.mark_chunk(key);
                run = Some((key, 1 << 4));
            }
            let Some((_, marked)) = &mut run else {
                continue;
            };
            if !(edge(c.col) || edge(c.row)) {
                continue;
            }
            for n in h.neighbors() {
                let nk = chunk_of_offset(kind.from_hex(n));
                let bit = 1u16 << ((nk.0 - key.0 + 1) * 3 + nk.1 - key.1 + 1);
                if *marked & bit == 0 {
                    *marked |= bit;
                    self.mark_chunk(nk);
                }
            }
        }
    }

    /// Mark one chunk (and its texel block) stale.
    fn mark_chunk(&mut self, key: (i32, i32)) {
        *self.dirty.entry(key).or_insert(0) += 1;
        *self.block_dirty.entry(block_of(key)).or_insert(0) += 1;
    }

    /// Number of meshes currently cached.
    #[cfg(test)]
    pub fn cached(&self) -> usize {
        self.chunks.len()
    }

    /// Heap bytes of the cached meshes and textures.
    pub fn cached_bytes(&self) -> usize {
        self.bytes
    }

    /// Draw the visible chunks of `scene` into `painter`, rebuilding stale ones. A change
    /// of scene (another style, play mode) needs [`ChunkCache::mark_all_dirty`] first.
    ///
    /// Below [`hexmap_draw::lod::COARSE_BELOW_PX`] the map is drawn as texel blocks
    /// (`texel`), built nearest the view's centre first and only for
    /// [`TEXEL_BUILD_BUDGET`] per frame: a block not rebuilt yet shows its last picture,
    /// or nothing until its first, and the frame asks egui for another
    /// ([`PaintStats::pending`] counts them). So opening a ten-million-hex map shows its
    /// first frame at once and fills in over the next few, none of them long.
    pub fn paint(&mut self, painter: &Painter, v: &ChunkView<'_>, scene: &dyn Scene) {
        let ChunkView {
            view,
            camera,
            layout,
        } = *v;
        let started = web_time::Instant::now();
        self.frame += 1;
        let scale = camera.zoom;
        // Both coarse levels are drawn as texel blocks: the same picture (see `texel`).
        let texel = scene.detail(scale).is_coarse();
        let detail = if texel {
            Detail::Texel
        } else {
            scene.detail(scale)
        };
        // Texel blocks as coarse as the zoom allows (see `texel::cells_per_texel`).
        let step = match texel {
            true => texel::cells_per_texel(layout, scale),
            false => 1,
        };
        let mut stats = PaintStats::default();
        let mut texts = Vec::new();
        let keys = if texel {
            self.visible_blocks(view, camera, layout)
        } else {
            self.visible_keys(view, camera, layout)
        };
        for key in keys {
            let dirty = if texel {
                &self.block_dirty
            } else {
                &self.dirty
            };
            let generation = self.global + dirty.get(&key).copied().unwrap_or(0);
            let cached = self.chunks.get(&key);
            let cached = cached.map(|c| (c.generation, c.detail, c.cells_per_texel));
            let fresh = cached == Some((generation, detail, step));
            if !fresh && texel && started.elapsed() >= TEXEL_BUILD_BUDGET {
                // Out of time this frame: the block's last picture, if any, stands in.
                stats.pending += 1;
                if cached.is_none_or(|(_, d, _)| d != detail) {
                    continue;
                }
            } else if !fresh {
                let (anchor, meshes, chunk_texts, texture) = if texel {
                    let (anchor, mesh, texture) =
                        texel::build_texel_block(painter.ctx(), layout, key, scene, step);
                    stats.texels += texture.as_ref().map_or(0, |t| t.size()[0] * t.size()[1]);
                    (anchor, vec![mesh], Vec::new(), texture)
                } else {
                    let textures = self.textures.clone();
                    let (anchor, meshes, texts) = build_chunk(layout, key, scene, scale, textures);
                    (anchor, meshes, texts, None)
                };
                stats.rebuilt += 1;
                let bytes = chunk_bytes(&meshes, &chunk_texts, texture.as_ref());
                self.bytes += bytes;
                let bounds = meshes.iter().map(Mesh::calc_bounds).collect();
                let old = self.chunks.insert(
                    key,
                    CachedChunk {
                        generation,
                        detail,
                        cells_per_texel: step,
                        anchor,
                        meshes: meshes.into(),
                        bounds,
                        texts: chunk_texts.into(),
                        _texture: texture,
                        last_used: 0,
                        bytes,
                    },
                );
                if let Some(old) = old {
                    self.bytes -= old.bytes;
                }
            }
            let chunk = self.chunks.get_mut(&key).expect("cached");
            chunk.last_used = self.frame;
            if !chunk.texts.is_empty() {
                texts.push(chunk.texts.clone());
            }
            if chunk.meshes.iter().all(Mesh::is_empty) {
                continue;
            }
            stats.drawn += 1;
            // The view in the chunk's own coordinates: only what meets it is handed on.
            let to_screen = camera.mesh_transform(view, chunk.anchor);
            let seen = to_screen.inverse().mul_rect(view);
            for (mesh, &bounds) in chunk.meshes.iter().zip(chunk.bounds.iter()) {
                let Some(mut mesh) = self.culler.visible(mesh, bounds, seen) else {
                    continue;
                };
                mesh.transform(to_screen);
                stats.vertices += mesh.vertices.len();
                painter.add(Shape::mesh(mesh));
            }
        }
        if stats.pending > 0 {
            painter.ctx().request_repaint();
        }
        let (a, b) = camera.visible_world(view);
        if !texts.is_empty() {
            // Over every mesh, so a neighbouring chunk never covers a label; texts whose
            // anchor is far off screen are left out (a chunk is often only partly seen).
            let mut sink = ScreenSink::new(painter, camera.centre, view.center(), camera.zoom);
            for t in texts.iter().flat_map(|t| t.iter()) {
                let (p, reach) = (t.style.anchor, t.style.size * (t.text.len() as f64 + 1.0));
                if p.x < a.x - reach || p.x > b.x + reach || p.y < a.y - reach || p.y > b.y + reach
                {
                    continue;
                }
                hexmap_draw::Sink::text(&mut sink, &t.as_text());
                stats.texts += 1;
            }
        }
        stats.free_texts = paint_free_text(painter, v, scene, (a, b));
        self.stats = stats;
        self.evict();
    }

    /// Chunk keys meeting the view, within the map's extent.
    pub fn visible_keys(&self, view: Rect, camera: &Camera, layout: &Layout) -> Vec<(i32, i32)> {
        let Some(extent) = self.extent else {
            return Vec::new();
        };
        keys_in_view(view, camera, layout, CHUNK, extent)
    }

    /// Texel blocks meeting the view, within the map's extent.
    fn visible_blocks(&self, view: Rect, camera: &Camera, layout: &Layout) -> Vec<(i32, i32)> {
        let Some((lo, hi)) = self.extent else {
            return Vec::new();
        };
        let mut keys = keys_in_view(
            view,
            camera,
            layout,
            TEXEL_SIDE,
            (block_of(lo), block_of(hi)),
        );
        // Nearest the middle first: they are built first when a frame cannot build all.
        if let (Some(&first), Some(&last)) = (keys.first(), keys.last()) {
            let mid = (first.0 + last.0, first.1 + last.1);
            keys.sort_by_key(|k| {
                let (dx, dy) = (2 * k.0 - mid.0, 2 * k.1 - mid.1);
                dx * dx + dy * dy
            });
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

/// Keys of the `side` × `side`-cell squares meeting the view, within `(lo, hi)` (inclusive).
fn keys_in_view(
    view: Rect,
    camera: &Camera,
    layout: &Layout,
    side: i32,
    (lo, hi): ((i32, i32), (i32, i32)),
) -> Vec<(i32, i32)> {
    let (a, b) = camera.visible_world(view);
    let (min, max) = hexmap_draw::region::offset_box(layout, a, b);
    let ck = |v: i64| (v.div_euclid(i64::from(side))) as i32;
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

/// Build the mesh and texts of one chunk at `scale`; vertices are world positions minus
/// the returned anchor.
fn build_chunk(
    layout: &Layout,
    key: (i32, i32),
    scene: &dyn Scene,
    scale: f64,
    textures: Option<crate::canvas::images::ImageTextures>,
) -> (Point, Vec<Mesh>, Vec<OwnedText>) {
    let kind = OffsetKind::default_for(layout.orientation());
    let bounds = chunk_bounds(key);
    let anchor = layout.hex_to_pixel(kind.to_hex(OffsetCoord::new(bounds.min_col, bounds.min_row)));
    let mut sink = MeshSink::new(anchor, scale);
    if let Some(textures) = textures {
        sink = sink.with_textures(textures);
    }
    scene.draw_cells(&Region::Block(bounds), scale, &mut sink);
    let (meshes, texts) = sink.finish();
    (anchor, meshes, texts)
}

/// Draw the scene's free text (place-name labels) whose box meets the world rectangle
/// `a`–`b` over everything, whatever the level of detail and whichever chunks are on view
/// (a label is culled by its own box, not by the chunk it starts in); returns how many
/// texts were drawn. Rebuilt every frame: a map has few labels, and egui caches their
/// layout.
fn paint_free_text(
    painter: &Painter,
    v: &ChunkView<'_>,
    scene: &dyn Scene,
    (a, b): (Point, Point),
) -> usize {
    let camera = v.camera;
    let mut collect = MeshSink::new(Point::new(0.0, 0.0), camera.zoom);
    scene.draw_free_text(a, b, camera.zoom, &mut collect);
    let (meshes, texts) = collect.finish();
    for mut mesh in meshes.into_iter().filter(|m| !m.is_empty()) {
        mesh.transform(camera.mesh_transform(v.view, Point::new(0.0, 0.0)));
        painter.add(Shape::mesh(mesh));
    }
    let mut sink = ScreenSink::new(painter, camera.centre, v.view.center(), camera.zoom);
    for t in &texts {
        hexmap_draw::Sink::text(&mut sink, &t.as_text());
    }
    texts.len()
}

mod cull;
mod texel;

#[cfg(test)]
mod tests;
