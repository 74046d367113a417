//! The Generate window's picture of a generated map, at most [`PREVIEW_PX`] across. A map
//! small enough to show its hexes at a pixel or more is drawn as a picture of hexagons
//! (`io`'s PNG, as exports are). A larger map would need a picture many times the preview's
//! size, shown shrunk: each shown pixel then takes one texel of it, and fine patterns
//! (coasts, alternating bands) turn into moiré stripes. So a larger map is drawn straight
//! at the preview's size: each pixel is the mean colour of the cells whose centres fall in
//! it (their colours as `draw` gives the coarsest level of detail), a band of cell rows at
//! a time between pauses, so a browser's frames stay short.

use crate::canvas::painter::color32;
use eframe::egui::{self, Color32};
use hexmap_draw::{CellReach, Layers, MapScene, Region, Scene, Style, shape_world_box};
use hexmap_io::render::{PictureOptions, render_png};
use hexmap_map::HexMap;
use hexmap_map::shape::OffsetBounds;
use hexmap_map::steps::pause;

/// Most pixels of the preview across.
pub const PREVIEW_PX: f64 = 300.0;

/// Cells coloured between two pauses (about, in bands of whole rows).
const CELLS_PER_PIECE: u64 = 1 << 16;

/// The hex size (pixels) the picture of hexagons would need to fit `map` in the preview;
/// under 1 the map gets the averaged picture instead.
fn hex_pixels(map: &HexMap) -> f64 {
    PREVIEW_PX / ((map.cell_count() as f64).sqrt() * 1.8)
}

/// The whole map drawn small (`None` when it cannot be drawn).
pub fn preview_pixels(map: &HexMap) -> Option<egui::ColorImage> {
    hexmap_map::steps::block_on(preview_in_steps(map))
}

/// [`preview_pixels`], pausing as it goes (`hexmap_map::steps`).
pub async fn preview_in_steps(map: &HexMap) -> Option<egui::ColorImage> {
    let px = hex_pixels(map);
    if px < 1.0 {
        return averaged_in_steps(map).await;
    }
    // Rivers, roads and settlements drawn however small the hexes (what the summary
    // counts).
    let opts = PictureOptions::overview(map, PREVIEW_PX);
    let png = render_png(map, &opts, &mut |_| {}).ok()?;
    let image = hexmap_io::images::decode_image("preview", &png).ok()?;
    let size = [image.width() as usize, image.height() as usize];
    Some(egui::ColorImage::from_rgba_unmultiplied(
        size,
        image.pixels(),
    ))
}

/// The map at the preview's size, each pixel the mean of the cells whose centres fall in
/// it. A pixel is at least a cell's pitch along each axis, so each pixel over the map
/// holds a cell's centre (offset cells tile the plane as rectangles of that pitch) and
/// none is left as a hole.
async fn averaged_in_steps(map: &HexMap) -> Option<egui::ColorImage> {
    let layout = map.layout().ok()?;
    let (min, max) = shape_world_box(&layout, map.shape(), CellReach::Outline)?;
    let (hw, hh) = hexmap_draw::map_scene::half_pitch(&layout);
    let (w_world, h_world) = (max.x - min.x, max.y - min.y);
    let pixel = (w_world.max(h_world) / PREVIEW_PX)
        .max(2.0 * hw)
        .max(2.0 * hh);
    let (w, h) = (
        (w_world / pixel).ceil().max(1.0) as usize,
        (h_world / pixel).ceil().max(1.0) as usize,
    );
    let style = Style::picture(Layers {
        grid: false,
        symbols: false,
        labels: None,
        notes: false,
        ..Layers::editor()
    });
    let scene = MapScene::whole(map, layout, &style);
    let mut sums = vec![[0u32; 4]; w * h];
    let bounds = scene.bounds();
    let rows_per_band = (CELLS_PER_PIECE / u64::from(bounds.cols.max(1))).max(1) as u32;
    let mut row = 0;
    while row < bounds.rows {
        let rows = rows_per_band.min(bounds.rows - row);
        let band = OffsetBounds {
            min_row: bounds.min_row + row as i32,
            rows,
            ..bounds
        };
        scene.block_colours(&Region::Block(band), &mut |cell, colour| {
            let c = layout.hex_to_pixel(cell);
            let x = (((c.x - min.x) / pixel) as usize).min(w - 1);
            let y = (((c.y - min.y) / pixel) as usize).min(h - 1);
            let sum = &mut sums[y * w + x];
            let c = color32(colour);
            sum[0] += u32::from(c.r());
            sum[1] += u32::from(c.g());
            sum[2] += u32::from(c.b());
            sum[3] += 1;
        });
        row += rows;
        pause().await;
    }
    let pixels = sums
        .iter()
        .map(|&[r, g, b, n]| match n {
            0 => Color32::TRANSPARENT,
            n => Color32::from_rgb((r / n) as u8, (g / n) as u8, (b / n) as u8),
        })
        .collect();
    Some(egui::ColorImage::new([w, h], pixels))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::OffsetKind;
    use hexmap_map::TerrainId;
    use hexmap_map::testing::TestMap;

    /// A map of `width` × `height` cells in rows of Sea and Grass, one row each.
    fn stripes(width: u32, height: u32) -> HexMap {
        let mut map = TestMap::rectangle(OffsetKind::OddR, width, height)
            .named("stripes")
            .build();
        for i in 0..map.cell_count() {
            let row = i / width as usize;
            map.set_terrain_index(i, TerrainId::new(1 + (row % 2) as u16));
        }
        map
    }

    #[test]
    fn a_large_maps_preview_is_the_mix_of_its_fine_stripes_not_a_shrunk_picture() {
        // 600 × 600 cells in one-cell stripes of two terrains: at 300 px across, each
        // pixel covers rows of both.
        let map = stripes(600, 600);
        let image = preview_pixels(&map).expect("a picture");
        let [w, h] = image.size;
        assert!(
            w as f64 <= PREVIEW_PX && h as f64 <= PREVIEW_PX,
            "{w} × {h}"
        );
        let colour = |id: u16| {
            let [r, g, b] = map
                .palette()
                .get(TerrainId::new(id).unwrap())
                .unwrap()
                .color
                .0;
            [f64::from(r), f64::from(g), f64::from(b)]
        };
        let (sea, grass) = (colour(1), colour(2));
        let mix: Vec<f64> = (0..3).map(|k| (sea[k] + grass[k]) / 2.0).collect();
        let mut far = 0;
        for y in 0..h {
            for x in 0..w {
                let p = image.pixels[y * w + x];
                if p.a() == 0 {
                    continue;
                }
                let got = [f64::from(p.r()), f64::from(p.g()), f64::from(p.b())];
                let off = (0..3).map(|k| (got[k] - mix[k]).abs()).fold(0.0, f64::max);
                // A pixel over an odd number of rows leans toward one of them.
                if off > 0.25 * (sea[1] - grass[1]).abs() {
                    far += 1;
                }
            }
        }
        assert_eq!(far, 0, "pixels far from the mix of the stripes");
        // No hole: every pixel inside the map holds a cell.
        let inner = (1..h - 1).flat_map(|y| (1..w - 1).map(move |x| (x, y)));
        assert!(
            inner
                .clone()
                .all(|(x, y)| image.pixels[y * w + x].a() == 255)
        );
    }

    #[test]
    fn a_large_preview_is_made_in_pieces() {
        let map = stripes(700, 700);
        let mut work: hexmap_map::steps::Steps<'_, _> = Box::pin(preview_in_steps(&map));
        let mut pauses = 0;
        while hexmap_map::steps::step(&mut work).is_none() {
            pauses += 1;
        }
        assert!(pauses >= 5, "{pauses} pauses for 490,000 cells");
    }
}
