//! Texel blocks: the map below [`hexmap_draw::lod::COARSE_BELOW_PX`] drawn as one textured
//! quad per [`super::TEXEL_BLOCK`]² chunks instead of one quad per hex.
//!
//! The coarse drawing (`draw::draw_blocks`) paints each cell as the rectangle of its offset
//! pitch around its centre: `2·hw × 2·hh`, alternate rows (pointy) or columns (flat) shoved
//! by half a cell. A block's texture has two texels per cell along the shoved axis and one
//! along the other, plus one texel of margin at both ends of the shoved axis, so every
//! cell's two texels cover exactly its coarse rectangle: sampled with
//! [`TextureOptions::NEAREST`], the quad shows the same picture as the quads it replaces,
//! and neighbouring blocks meet on the same texel grid (their margins are transparent
//! where they hold no cell of their own).

use super::TEXEL_SIDE;
use crate::painter::color32;
use eframe::egui::{Color32, ColorImage, Context, Mesh, Pos2, Rect, TextureHandle, TextureOptions};
use hexmap_draw::{Region, Scene};
use hexmap_hex::{Hex, Layout, OffsetCoord, OffsetKind, Orientation, Point};
use hexmap_map::OffsetBounds;

/// A block's picture before it becomes a texture: the texels and the rectangle they cover
/// in world units relative to the block's anchor (the centre of its first cell).
pub(super) struct TexelImage {
    /// Texels, transparent where there is no cell.
    pub image: ColorImage,
    /// Where the image lies, in world units relative to the anchor.
    pub rect: Rect,
}

/// Texels per cell along x and y: two along the axis whose alternate lines are shoved by
/// half a cell, so the shove falls on a texel edge.
fn texels_per_cell(orientation: Orientation) -> (usize, usize) {
    match orientation {
        Orientation::Pointy => (2, 1),
        Orientation::Flat => (1, 2),
    }
}

/// The cells of texel block `key` as a box of offset cells in [`OffsetKind::default_for`].
pub(super) fn block_bounds(key: (i32, i32)) -> OffsetBounds {
    OffsetBounds {
        min_col: key.0 * TEXEL_SIDE,
        min_row: key.1 * TEXEL_SIDE,
        cols: TEXEL_SIDE as u32,
        rows: TEXEL_SIDE as u32,
    }
}

/// The anchor of texel block `key` and its picture (`None` when it holds no cell).
pub(super) fn texel_image(
    layout: &Layout,
    key: (i32, i32),
    scene: &dyn Scene,
) -> (Point, Option<TexelImage>) {
    let orientation = layout.orientation();
    let kind = OffsetKind::default_for(orientation);
    let bounds = block_bounds(key);
    let anchor = layout.hex_to_pixel(kind.to_hex(OffsetCoord::new(bounds.min_col, bounds.min_row)));
    let (hw, hh) = hexmap_draw::map_scene::half_pitch(layout);
    let (sx, sy) = texels_per_cell(orientation);
    // Texel size, margin (in texels) at each end, and texture size.
    let (tw, th) = (2.0 * hw / sx as f64, 2.0 * hh / sy as f64);
    let (mx, my) = (sx - 1, sy - 1);
    let n = TEXEL_SIDE as usize;
    let (w, h) = (n * sx + 2 * mx, n * sy + 2 * my);
    let origin = (-hw - mx as f64 * tw, -hh - my as f64 * th);
    let mut pixels = vec![Color32::TRANSPARENT; w * h];
    let mut any = false;
    scene.block_colours(&Region::Block(bounds), &mut |cell, colour| {
        let Some((i, j)) = first_texel(kind, bounds, cell) else {
            return;
        };
        if i + sx > w || j + sy > h {
            return;
        }
        let colour = color32(colour);
        for row in j..j + sy {
            pixels[row * w + i..row * w + i + sx].fill(colour);
        }
        any = true;
    });
    if !any {
        return (anchor, None);
    }
    let rect = Rect::from_min_max(
        Pos2::new(origin.0 as f32, origin.1 as f32),
        Pos2::new(
            (origin.0 + w as f64 * tw) as f32,
            (origin.1 + h as f64 * th) as f32,
        ),
    );
    let image = ColorImage::new([w, h], pixels);
    (anchor, Some(TexelImage { image, rect }))
}

/// The first texel (column, row) of `cell`'s rectangle in the texture of the block of
/// `bounds`, from its offset coordinates in `kind` (the chunks' kind): a cell's rectangle
/// starts one texel pitch per cell along each axis from the block's first cell, plus the
/// margin and half a cell (one texel) where its line is shoved. Whole numbers, so no
/// rounding of world positions. `None` for a cell before the block's start.
fn first_texel(kind: OffsetKind, bounds: OffsetBounds, cell: Hex) -> Option<(usize, usize)> {
    let c = kind.from_hex(cell);
    let (col, row) = (c.col - bounds.min_col, c.row - bounds.min_row);
    // The block starts on an even line (a multiple of `TEXEL_SIDE`), which no kind shoves.
    let shove = |line: i32| match kind {
        OffsetKind::OddR | OffsetKind::OddQ => line & 1,
        OffsetKind::EvenR | OffsetKind::EvenQ => -(line & 1),
    };
    let (i, j) = match kind.orientation() {
        Orientation::Pointy => (2 * col + shove(c.row) + 1, row),
        Orientation::Flat => (col, 2 * row + shove(c.col) + 1),
    };
    Some((usize::try_from(i).ok()?, usize::try_from(j).ok()?))
}

/// Build texel block `key` as one quad with its texture (an empty mesh and no texture
/// where the block holds no cell).
pub(super) fn build_texel_block(
    ctx: &Context,
    layout: &Layout,
    key: (i32, i32),
    scene: &dyn Scene,
) -> (Point, Mesh, Option<TextureHandle>) {
    let (anchor, image) = texel_image(layout, key, scene);
    let Some(TexelImage { image, rect }) = image else {
        return (anchor, Mesh::default(), None);
    };
    let texture = ctx.load_texture(
        format!("hexmap-texels-{}-{}", key.0, key.1),
        image,
        TextureOptions::NEAREST,
    );
    let mut mesh = Mesh::with_texture(texture.id());
    mesh.add_rect_with_uv(
        rect,
        Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
        Color32::WHITE,
    );
    (anchor, mesh, Some(texture))
}

#[cfg(test)]
mod tests;
