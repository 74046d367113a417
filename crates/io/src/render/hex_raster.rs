//! Hex cells painted straight into the pixmap: a convex hexagon's fill and solid outline,
//! anti-aliased by each pixel's distance to the hexagon's sides.
//!
//! A map picture is mostly hexes (a million in a 1000 × 1000 map), and tiny-skia fills and
//! strokes each as a general path with supersampled coverage: a `perf` profile of a PNG
//! export spent most of its drawing there, two thirds of it on the grid's outlines. Here a
//! pixel row of a hex is one run of plain colour between two short runs of edge pixels,
//! each priced from its signed distance to the hexagon (the least of its distances to the
//! six sides' lines, which for a convex polygon offsets it with mitred corners, as
//! tiny-skia's default stroke join does at a hexagon's 120° corners). The fill and then the
//! outline are blended in that order, as the general path draws them.

use hexmap_draw::Colour;
use tiny_skia::{PixmapMut, PremultipliedColorU8};

/// Hexes whose inscribed circle is narrower than this many pixels are left to the general
/// path: the distance to the sides says little about a pixel's coverage when the whole
/// hexagon is about a pixel wide.
pub const MIN_APOTHEM_PX: f64 = 2.0;

/// Coverage is rounded to this many steps, as a 4 × 4 supersampling rasteriser (tiny-skia's)
/// gives: a continuous coverage makes nearly every edge pixel a colour of its own, and a
/// PNG of a map half as large again.
const COVERAGE_STEPS: f64 = 16.0;

/// `coverage` (0–1) rounded to [`COVERAGE_STEPS`].
fn stepped(coverage: f64) -> f64 {
    // Coverage is never negative: adding a half and truncating rounds it.
    f64::from((coverage * COVERAGE_STEPS + 0.5) as u32) / COVERAGE_STEPS
}

/// One side as a half-plane: `nx·x + ny·y + c` is a pixel point's signed distance from the
/// side's line, positive inside the hexagon.
#[derive(Clone, Copy, Debug)]
struct Side {
    nx: f64,
    ny: f64,
    c: f64,
}

/// A colour premultiplied by its opacity, channels 0–255 as floats, for blending.
#[derive(Clone, Copy, Debug)]
struct Premultiplied([f64; 4]);

impl Premultiplied {
    fn of(c: Colour) -> Self {
        let a = f64::from(c.a);
        let k = a / 255.0;
        Premultiplied([
            f64::from(c.r) * k,
            f64::from(c.g) * k,
            f64::from(c.b) * k,
            a,
        ])
    }

    /// This colour at `coverage` (0–1) over `dst`.
    fn over(self, coverage: f64, dst: PremultipliedColorU8) -> PremultipliedColorU8 {
        let keep = 1.0 - self.0[3] * coverage / 255.0;
        let d = [dst.red(), dst.green(), dst.blue(), dst.alpha()];
        let mix = |i: usize| (self.0[i] * coverage + f64::from(d[i]) * keep + 0.5) as u8;
        let a = mix(3);
        // Rounding must not leave a colour channel above the opacity.
        PremultipliedColorU8::from_rgba(mix(0).min(a), mix(1).min(a), mix(2).min(a), a)
            .unwrap_or(dst)
    }

    /// The pixel this colour leaves on `dst` where it covers it whole.
    fn solid(self) -> Option<PremultipliedColorU8> {
        let round = |v: f64| (v + 0.5) as u8;
        let a = round(self.0[3]);
        if a != 255 {
            return None;
        }
        PremultipliedColorU8::from_rgba(round(self.0[0]), round(self.0[1]), round(self.0[2]), a)
    }
}

/// What to paint: the fill, and the outline's width in pixels and colour.
#[derive(Clone, Copy, Debug)]
pub struct HexPaint {
    /// Fill colour, if any.
    pub fill: Option<Colour>,
    /// Outline width (pixels, centred on the sides) and colour, if any.
    pub outline: Option<(f64, Colour)>,
}

/// Paint the convex hexagon with `corners` (pixel coordinates of the pixmap, in order
/// round the outline) as `paint` says. Returns `false`, painting nothing, when the
/// hexagon is not one this path draws well (not convex, or under [`MIN_APOTHEM_PX`]);
/// the caller then draws it as a general path.
pub fn paint_hex(pixmap: &mut PixmapMut<'_>, corners: &[(f64, f64); 6], paint: HexPaint) -> bool {
    let Some(sides) = sides_of(corners) else {
        return false;
    };
    let (cx, cy) = centroid(corners);
    let apothem = sides
        .iter()
        .map(|s| s.nx * cx + s.ny * cy + s.c)
        .fold(f64::INFINITY, f64::min);
    if apothem < MIN_APOTHEM_PX || !paint.outline.is_none_or(|(w, _)| w.is_finite() && w >= 0.0) {
        return false;
    }
    let fill = paint.fill.map(Premultiplied::of);
    let outline = paint.outline.map(|(w, c)| (w / 2.0, Premultiplied::of(c)));
    let half_width = outline.map_or(0.0, |(h, _)| h);
    // A pixel's coverage is read over the unit span of distances around its centre's.
    let reach = half_width + 0.5;
    let (width, height) = (pixmap.width() as usize, pixmap.height() as usize);
    let top = corners.iter().map(|p| p.1).fold(f64::INFINITY, f64::min) - reach;
    let bottom = corners
        .iter()
        .map(|p| p.1)
        .fold(f64::NEG_INFINITY, f64::max)
        + reach;
    let first_row = (top - 0.5).ceil().max(0.0);
    let end_row = ((bottom - 0.5).floor() + 1.0).min(height as f64);
    if first_row >= end_row {
        return true;
    }
    // Opaque colours where they cover a pixel whole: the pixel is the colour.
    let solid = fill.and_then(Premultiplied::solid);
    let solid_outline = outline.and_then(|(_, o)| o.solid());
    let pixels = pixmap.pixels_mut();
    for row in first_row as usize..end_row as usize {
        let y = row as f64 + 0.5;
        let Some((a, b)) = columns_where(&sides, y, -reach, width) else {
            continue;
        };
        let inner = columns_where(&sides, y, reach, width)
            .map(|(i, j)| (i.max(a), j.min(b)))
            .filter(|&(i, j)| i < j);
        let line = &mut pixels[row * width..(row + 1) * width];
        // The sides' distances along this row: `nx·x + at_row`.
        let along = sides.map(|s| (s.nx, s.ny * y + s.c));
        let edge_pixel = |col: usize, px: &mut PremultipliedColorU8| {
            let x = col as f64 + 0.5;
            let d = along
                .iter()
                .map(|&(nx, at_row)| nx * x + at_row)
                .fold(f64::INFINITY, f64::min);
            if let Some(f) = fill {
                let coverage = stepped((d + 0.5).clamp(0.0, 1.0));
                match solid {
                    Some(s) if coverage == 1.0 => *px = s,
                    _ if coverage > 0.0 => *px = f.over(coverage, *px),
                    _ => {}
                }
            }
            if let Some((h, o)) = outline {
                let coverage = stepped(((d + 0.5).min(h) - (d - 0.5).max(-h)).max(0.0));
                match solid_outline {
                    Some(s) if coverage == 1.0 => *px = s,
                    _ if coverage > 0.0 => *px = o.over(coverage, *px),
                    _ => {}
                }
            }
        };
        match inner {
            Some((i, j)) => {
                for (col, px) in line.iter_mut().enumerate().take(i).skip(a) {
                    edge_pixel(col, px);
                }
                match (solid, fill) {
                    (Some(s), _) => line[i..j].fill(s),
                    (None, Some(f)) => line[i..j].iter_mut().for_each(|p| *p = f.over(1.0, *p)),
                    (None, None) => {}
                }
                for (col, px) in line.iter_mut().enumerate().take(b).skip(j) {
                    edge_pixel(col, px);
                }
            }
            None => {
                for (col, px) in line.iter_mut().enumerate().take(b).skip(a) {
                    edge_pixel(col, px);
                }
            }
        }
    }
    true
}

/// The six sides of a convex hexagon as half-planes, inside positive; `None` when the
/// corners do not make a convex hexagon with sides of some length.
fn sides_of(corners: &[(f64, f64); 6]) -> Option<[Side; 6]> {
    let (cx, cy) = centroid(corners);
    let mut sides = [Side {
        nx: 0.0,
        ny: 0.0,
        c: 0.0,
    }; 6];
    for (i, side) in sides.iter_mut().enumerate() {
        let (x0, y0) = corners[i];
        let (x1, y1) = corners[(i + 1) % 6];
        let length = (x1 - x0).hypot(y1 - y0);
        // Also refuses NaN corners: no comparison with NaN holds.
        if length.is_nan() || length <= 1e-9 || !length.is_finite() {
            return None;
        }
        let (mut nx, mut ny) = (-(y1 - y0) / length, (x1 - x0) / length);
        if nx * (cx - x0) + ny * (cy - y0) < 0.0 {
            (nx, ny) = (-nx, -ny);
        }
        *side = Side {
            nx,
            ny,
            c: -(nx * x0 + ny * y0),
        };
    }
    // Convex: every corner inside (or on) every side's half-plane.
    let convex = sides.iter().all(|s| {
        corners
            .iter()
            .all(|&(x, y)| s.nx * x + s.ny * y + s.c >= -1e-6 * (1.0 + x.abs() + y.abs()))
    });
    convex.then_some(sides)
}

fn centroid(corners: &[(f64, f64); 6]) -> (f64, f64) {
    let (sx, sy) = corners
        .iter()
        .fold((0.0, 0.0), |(sx, sy), &(x, y)| (sx + x, sy + y));
    (sx / 6.0, sy / 6.0)
}

/// The columns (from, to: half-open, within `0..width`) whose centres on the row at `y`
/// lie at least `at_least` pixels inside every side; `None` when there are none.
fn columns_where(sides: &[Side; 6], y: f64, at_least: f64, width: usize) -> Option<(usize, usize)> {
    // Centres x = col + 0.5 with lo <= x <= hi.
    let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
    for s in sides {
        let rest = s.ny * y + s.c - at_least;
        if s.nx.abs() < 1e-12 {
            if rest < 0.0 {
                return None;
            }
        } else if s.nx > 0.0 {
            lo = lo.max(-rest / s.nx);
        } else {
            hi = hi.min(-rest / s.nx);
        }
    }
    let from = (lo - 0.5).ceil().max(0.0);
    let to = ((hi - 0.5).floor() + 1.0).min(width as f64);
    (from < to).then_some((from as usize, to as usize))
}

#[cfg(test)]
mod tests;
