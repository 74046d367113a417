//! Something that can be drawn for any region at any scale: the map, the minesweeper game.
//! Back-ends that cache drawings per region (the editor's chunk meshes) take a `Scene`.

use super::colour::Colour;
use super::lod::Detail;
use super::map_scene::half_pitch;
use super::primitives::Rect;
use super::region::Region;
use super::sink::Sink;
use hexmap_hex::{Hex, Layout, OffsetCoord, OffsetKind, Point};
use hexmap_map::OffsetBounds;

/// A drawing of cells that can be made for any region; `scale` is screen pixels per world
/// unit throughout.
pub trait Scene {
    /// The level of detail at `scale`. Drawings made at two scales with equal details
    /// look the same (up to pixel-sized line widths), so a cache may key on it.
    fn detail(&self, scale: f64) -> Detail;

    /// Draw the cells of `region` at `scale` into `sink`, with the free text (see
    /// [`Scene::draw_free_text`]) the region is home to.
    fn draw(&self, region: &Region<'_>, scale: f64, sink: &mut dyn Sink);

    /// Draw the cells of `region` without any free text: what a cache keeps per region
    /// when it draws the free text apart, each frame, with [`Scene::draw_free_text`]
    /// (so a label crossing many regions, or shown at any level of detail, is drawn once
    /// whichever regions are on view). Scenes without free text draw as [`Scene::draw`].
    fn draw_cells(&self, region: &Region<'_>, scale: f64, sink: &mut dyn Sink) {
        self.draw(region, scale, sink);
    }

    /// Draw what is not tied to cells (named regions, the party marker, place-name
    /// labels) whose box meets the world rectangle `a`–`b`, as legible at `scale`. None by
    /// default.
    fn draw_free_text(&self, _a: Point, _b: Point, _scale: f64, _sink: &mut dyn Sink) {}

    /// Call `f` with the colour of each cell of `region` that shows one when drawn as a
    /// block (what a back-end puts in a texel per cell at [`Detail::Texel`]).
    fn block_colours(&self, region: &Region<'_>, f: &mut dyn FnMut(Hex, Colour));

    /// [`Scene::block_colours`] of the block of offset cells `bounds` in `kind` (the kind
    /// regions are cut in, [`OffsetKind::default_for`] the orientation), each cell given
    /// by its offset coordinates: the same cells and colours. A scene may answer it
    /// without going through hexes (a texel block of a huge map colours 16,384 cells).
    fn block_colours_in(
        &self,
        kind: OffsetKind,
        bounds: &OffsetBounds,
        f: &mut dyn FnMut(OffsetCoord, Colour),
    ) {
        self.block_colours(&Region::Block(*bounds), &mut |h, c| f(kind.from_hex(h), c));
    }
}

/// Draw the cells of `region` as blocks (coarse detail): one rectangle of the offset pitch
/// per cell, in the colour `scene` gives it. Every scene draws its coarse level this way.
pub fn draw_blocks(scene: &dyn Scene, layout: &Layout, region: &Region<'_>, sink: &mut dyn Sink) {
    let (hw, hh) = half_pitch(layout);
    scene.block_colours(region, &mut |h, fill| {
        let c = layout.hex_to_pixel(h);
        sink.rect(&Rect {
            min: Point::new(c.x - hw, c.y - hh),
            max: Point::new(c.x + hw, c.y + hh),
            fill,
        });
    });
}
