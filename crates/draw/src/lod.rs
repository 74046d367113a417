//! Level of detail and legibility: what is drawn at which scale (screen pixels per world
//! unit). Every threshold lives here, so the canvas, pictures and print agree on them.

/// Below this hex radius (pixels) a back-end may draw one texel per cell
/// ([`Detail::Texel`]); drawing functions draw what they draw at [`Detail::Coarse`].
pub const TEXEL_BELOW_PX: f64 = 1.5;

/// Below this hex radius (pixels) cells are plain blocks, without grid, markers only as a
/// tint ([`Detail::Coarse`]).
pub const COARSE_BELOW_PX: f64 = 4.0;

/// Grid lines from this hex radius (pixels); below, they would cover most of each hex.
pub const GRID_FROM_PX: f64 = 6.0;

/// Edge features and paths from this hex radius (pixels); below, cells are blocks and a
/// line along their sides would cover them.
pub const FEATURES_FROM_PX: f64 = COARSE_BELOW_PX;

/// Terrain symbols from this hex radius (pixels).
pub const SYMBOLS_FROM_PX: f64 = 14.0;

/// Smallest legible text (pixels of font size): smaller labels are not drawn.
pub const MIN_TEXT_PX: f64 = 7.0;

/// Thickest a line of fixed pixel width may be, as a share of the hex radius.
pub const MAX_GRID_SHARE: f64 = 0.2;

/// Minesweeper numbers: font size as a share of the hex radius, kept within these pixels
/// (numbers are the game, so they are drawn smaller than other text).
pub const GAME_NUMBER_SHARE: f64 = 0.9;
/// Smallest minesweeper number, in pixels.
pub const GAME_NUMBER_MIN_PX: f64 = 4.0;
/// Largest minesweeper number, in pixels.
pub const GAME_NUMBER_MAX_PX: f64 = 48.0;

/// How much is drawn at a scale; back-ends that cache drawings (the editor's chunks) key
/// them on it, so two scales with the same `Detail` must give the same drawing (up to
/// line widths fixed in pixels, which may then be off by a zoom bucket: ±19 %).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Detail {
    /// Cells smaller than a pixel or two: a back-end may draw one texel per cell from
    /// [`super::Scene::cell_colour`]; otherwise drawn as [`Detail::Coarse`].
    Texel,
    /// Plain blocks per cell, no grid, markers as a tint.
    Coarse,
    /// Hexagons.
    Full {
        /// The zoom bucket ([`zoom_bucket`]), or `None` when nothing drawn has a size fixed
        /// in pixels.
        bucket: Option<i32>,
        /// Bits of content the scene shows only from some zoom on (grid, symbols,
        /// labels …; the scene defines the bits), so crossing such a threshold redraws.
        shown: u8,
    },
}

impl Detail {
    /// True for [`Detail::Texel`] and [`Detail::Coarse`]: cells are blocks.
    pub fn is_coarse(self) -> bool {
        !matches!(self, Detail::Full { .. })
    }
}

/// The zoom bucket of a hex radius in pixels: steps of √2, so line widths fixed in pixels
/// stay within ±19 % of their size between rebuilds.
pub fn zoom_bucket(radius_px: f64) -> i32 {
    (radius_px.max(1e-3).log2() * 2.0).round() as i32
}

/// The level of detail at a hex radius in pixels. `zoom_dependent` says whether anything
/// drawn at full detail has a size fixed in pixels (grid lines, outlines), `shown` which
/// zoom-gated content is visible at this radius (see [`Detail::Full`]).
pub fn detail_for(radius_px: f64, zoom_dependent: bool, shown: u8) -> Detail {
    if radius_px < TEXEL_BELOW_PX {
        Detail::Texel
    } else if radius_px < COARSE_BELOW_PX {
        Detail::Coarse
    } else {
        Detail::Full {
            bucket: zoom_dependent.then(|| zoom_bucket(radius_px)),
            shown,
        }
    }
}

/// True when grid lines are drawn at this hex radius (pixels).
pub fn grid_visible(radius_px: f64) -> bool {
    radius_px >= GRID_FROM_PX
}

/// A line width in pixels for a hex radius in pixels: `per_radius × radius` kept within
/// `[min_px, max_px]`, and never above [`MAX_GRID_SHARE`] of the radius.
pub fn line_px(radius_px: f64, per_radius: f64, min_px: f64, max_px: f64) -> f64 {
    (radius_px * per_radius)
        .clamp(min_px, max_px)
        .min(radius_px * MAX_GRID_SHARE)
}

/// Font size (world units) of a label of `chars` characters in a hex of radius `radius`
/// (world units): as large as fits across the hex, at most `cap × radius`. `None` when it
/// would be smaller than [`MIN_TEXT_PX`] at `scale` pixels per world unit.
pub fn label_size(radius: f64, chars: usize, cap: f64, scale: f64) -> Option<f64> {
    // A character is about 0.6 em wide; 1.5 radii is the width inside the hex at mid-height
    // with some margin.
    let fit = radius * 1.5 / (chars.max(2) as f64 * 0.6);
    let size = fit.min(radius * cap);
    (size * scale >= MIN_TEXT_PX).then_some(size)
}

/// The largest label size (world units) any label can have at `cap`; labels are skipped
/// cheaply when even this is illegible.
pub fn label_size_bound(radius: f64, cap: f64) -> f64 {
    (radius * 1.5 / 1.2).min(radius * cap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_follow_the_thresholds() {
        assert_eq!(detail_for(1.0, true, 0), Detail::Texel);
        assert_eq!(detail_for(2.0, true, 0), Detail::Coarse);
        assert_eq!(
            detail_for(20.0, false, 3),
            Detail::Full {
                bucket: None,
                shown: 3
            }
        );
        assert_eq!(
            detail_for(8.0, true, 0),
            Detail::Full {
                bucket: Some(zoom_bucket(8.0)),
                shown: 0
            }
        );
        assert!(Detail::Texel.is_coarse() && Detail::Coarse.is_coarse());
        assert!(!grid_visible(5.9) && grid_visible(GRID_FROM_PX));
    }

    #[test]
    fn buckets_grow_with_zoom_in_steps_of_root_two() {
        assert!(zoom_bucket(8.0) < zoom_bucket(32.0));
        assert_eq!(zoom_bucket(8.0) + 2, zoom_bucket(16.0));
        assert_eq!(zoom_bucket(8.0), zoom_bucket(8.0 * 1.18));
    }

    #[test]
    fn line_widths_stay_in_their_bounds() {
        assert_eq!(line_px(24.0, 1.0 / 16.0, 0.5, 2.0), 1.5);
        assert_eq!(line_px(100.0, 1.0 / 16.0, 0.5, 2.0), 2.0);
        let thin = line_px(3.0, 0.0, 1.0, 1.0);
        assert!(
            (thin - 0.6).abs() < 1e-12,
            "at most a fifth of the radius: {thin}"
        );
    }

    #[test]
    fn labels_fit_the_hex_and_vanish_when_illegible() {
        // "0,0" in a 24 px hex: capped by the radius share.
        assert_eq!(label_size(24.0, 3, 0.6, 1.0), Some(24.0 * 0.6));
        // A long cube label is shrunk to fit ...
        let long = label_size(48.0, 10, 0.6, 1.0).unwrap();
        assert!((long - 12.0).abs() < 1e-9, "{long}");
        // ... and dropped when that is too small to read.
        assert_eq!(label_size(24.0, 10, 0.6, 1.0), None);
        assert_eq!(label_size(4.0, 3, 0.6, 1.0), None);
        // The same hex drawn at twice the scale shows it.
        assert!(label_size(24.0, 10, 0.6, 2.0).is_some());
        assert!(label_size_bound(24.0, 0.6) >= label_size(24.0, 1, 0.6, 1.0).unwrap());
    }
}
