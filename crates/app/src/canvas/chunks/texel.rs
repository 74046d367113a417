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
//!
//! Zoomed out further, where a cell's pitch is under half a pixel (a world of ten million
//! hexes seen whole), a texel stands for a square of 2, 4 … cells a side instead
//! ([`cells_per_texel`]): their mean colour, made transparent in proportion to the cells
//! missing from it at the map's edge. The picture then has about a texel per pixel, not
//! many texels per pixel of which one is shown: a sixteenth of the texture to upload when
//! every block is rebuilt (after a fill of the whole map, or on opening it), and the
//! cells' mix rather than an arbitrary one of them. The half-cell shove of alternate
//! lines, a fraction of a texel at these sizes, is left out.

use super::TEXEL_SIDE;
use crate::canvas::painter::color32;
use eframe::egui::{Color32, ColorImage, Context, Mesh, Pos2, Rect, TextureHandle, TextureOptions};
use hexmap_draw::Scene;
use hexmap_hex::{Layout, OffsetCoord, OffsetKind, Orientation, Point};
use hexmap_map::OffsetBounds;

/// A block's picture before it becomes a texture: the texels and the rectangle they cover
/// in world units relative to the block's anchor (the centre of its first cell).
pub(crate) struct TexelImage {
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
pub(crate) fn block_bounds(key: (i32, i32)) -> OffsetBounds {
    OffsetBounds {
        min_col: key.0 * TEXEL_SIDE,
        min_row: key.1 * TEXEL_SIDE,
        cols: TEXEL_SIDE as u32,
        rows: TEXEL_SIDE as u32,
    }
}

/// Most cells along a side of a texel ([`cells_per_texel`]).
const MOST_CELLS_PER_TEXEL: usize = 32;

/// Cells along a side of a texel at `zoom` (screen points per world unit): 1 (the exact
/// picture, two texels a cell along the shoved axis) while a cell's pitch is half a pixel
/// or more, else the largest power of two whose square of cells spans at most a pixel.
pub(crate) fn cells_per_texel(layout: &Layout, zoom: f64) -> usize {
    let (hw, hh) = hexmap_draw::map_scene::half_pitch(layout);
    let pitch = 2.0 * hw.min(hh) * zoom;
    let mut step = 1;
    while step < MOST_CELLS_PER_TEXEL && (2 * step) as f64 * pitch <= 1.0 {
        step *= 2;
    }
    step
}

/// The anchor of texel block `key` and its picture with `step` cells a texel along each
/// axis ([`cells_per_texel`]; `None` when it holds no cell).
pub(crate) fn texel_image(
    layout: &Layout,
    key: (i32, i32),
    scene: &dyn Scene,
    step: usize,
) -> (Point, Option<TexelImage>) {
    if step > 1 {
        return mean_image(layout, key, scene, step);
    }
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
    scene.block_colours_in(kind, &bounds, &mut |cell, colour| {
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

/// [`texel_image`] with a texel for each square of `step` × `step` cells: their mean
/// colour, with the share of them present as its opacity.
fn mean_image(
    layout: &Layout,
    key: (i32, i32),
    scene: &dyn Scene,
    step: usize,
) -> (Point, Option<TexelImage>) {
    let kind = OffsetKind::default_for(layout.orientation());
    let bounds = block_bounds(key);
    let anchor = layout.hex_to_pixel(kind.to_hex(OffsetCoord::new(bounds.min_col, bounds.min_row)));
    let (hw, hh) = hexmap_draw::map_scene::half_pitch(layout);
    let side = TEXEL_SIDE as usize / step;
    // Sums of red, green and blue (each weighted by opacity), and of opacity.
    let mut sums = vec![[0u32; 4]; side * side];
    scene.block_colours_in(kind, &bounds, &mut |c, colour| {
        let (col, row) = (c.col - bounds.min_col, c.row - bounds.min_row);
        let (Ok(col), Ok(row)) = (usize::try_from(col), usize::try_from(row)) else {
            return;
        };
        let Some(sum) = sums.get_mut((row / step) * side + col / step) else {
            return;
        };
        let a = u32::from(colour.a);
        sum[0] += u32::from(colour.r) * a;
        sum[1] += u32::from(colour.g) * a;
        sum[2] += u32::from(colour.b) * a;
        sum[3] += a;
    });
    if sums.iter().all(|s| s[3] == 0) {
        return (anchor, None);
    }
    let cells = (step * step) as u32;
    let pixels = sums
        .iter()
        .map(|&[r, g, b, a]| match a {
            0 => Color32::TRANSPARENT,
            a => Color32::from_rgba_unmultiplied(
                (r / a) as u8,
                (g / a) as u8,
                (b / a) as u8,
                // The mean opacity over the whole square: cells off the map count as clear.
                (a / cells) as u8,
            ),
        })
        .collect();
    // The block's cells' rectangles side by side, without the shove of alternate lines.
    let n = TEXEL_SIDE as f32;
    let (hw, hh) = (hw as f32, hh as f32);
    let rect = Rect::from_min_max(
        Pos2::new(-hw, -hh),
        Pos2::new(-hw + n * 2.0 * hw, -hh + n * 2.0 * hh),
    );
    let image = ColorImage::new([side, side], pixels);
    (anchor, Some(TexelImage { image, rect }))
}

/// The first texel (column, row) of cell `c`'s rectangle in the texture of the block of
/// `bounds`, from its offset coordinates in `kind` (the chunks' kind): a cell's rectangle
/// starts one texel pitch per cell along each axis from the block's first cell, plus the
/// margin and half a cell (one texel) where its line is shoved. Whole numbers, so no
/// rounding of world positions. `None` for a cell before the block's start.
fn first_texel(kind: OffsetKind, bounds: OffsetBounds, c: OffsetCoord) -> Option<(usize, usize)> {
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

/// Build texel block `key` with `step` cells a texel ([`cells_per_texel`]) as one quad with
/// its texture (an empty mesh and no texture where the block holds no cell).
pub(crate) fn build_texel_block(
    ctx: &Context,
    layout: &Layout,
    key: (i32, i32),
    scene: &dyn Scene,
    step: usize,
) -> (Point, Mesh, Option<TextureHandle>) {
    let (anchor, image) = texel_image(layout, key, scene, step);
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
