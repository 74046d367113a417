//! PNG and SVG pictures of a map: filled hexes, grid lines, labels in any coordinate system,
//! mine markers. Works on a plain list of cells so it is independent of the document.

use crate::hex::{Hex, Layout, Orientation, Point};
use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use std::fmt::Write;
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

/// One hex to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageCell {
    /// Where.
    pub hex: Hex,
    /// Fill colour (RGBA); `None` draws an empty (outlined) cell.
    pub fill: Option<[u8; 4]>,
    /// Text in the middle of the hex (a coordinate label, a mine count …).
    pub label: Option<String>,
    /// Draw a mine marker.
    pub mine: bool,
}

/// How to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageOptions {
    /// Pointy or flat.
    pub orientation: Orientation,
    /// Hex circumradius in pixels along x and y (stretched hexes allowed).
    pub hex_size: (f64, f64),
    /// Draw hex outlines.
    pub grid: bool,
    /// Draw cell labels.
    pub labels: bool,
    /// Draw mine markers.
    pub mines: bool,
    /// Background (RGBA); alpha 0 for transparent.
    pub background: [u8; 4],
    /// Empty margin around the map in pixels.
    pub margin: f64,
}

impl Default for ImageOptions {
    fn default() -> Self {
        ImageOptions {
            orientation: Orientation::Pointy,
            hex_size: (16.0, 16.0),
            grid: true,
            labels: false,
            mines: true,
            background: [255, 255, 255, 255],
            margin: 8.0,
        }
    }
}

/// Largest PNG side we render; bigger maps are drawn with smaller hexes (see [`fit_png`]).
pub const MAX_PNG_SIDE: u32 = 16_384;

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// Nothing to draw.
    #[error("the map has no cells to draw")]
    Empty,
    /// Bad options.
    #[error("hex size must be finite and positive, got ({0}, {1})")]
    BadSize(f64, f64),
    /// The picture would be too large.
    #[error(
        "a {0}×{1} pixel image is larger than the {MAX_PNG_SIDE}-pixel limit; use a smaller hex size"
    )]
    TooLarge(u64, u64),
    /// PNG encoding failed.
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

/// The layout and pixel size of the picture of `cells`.
fn frame(cells: &[ImageCell], opts: &ImageOptions) -> Result<(Layout, f64, f64), ImageError> {
    let (sx, sy) = opts.hex_size;
    let unit = Layout::new(opts.orientation, Point::new(sx, sy), Point::default())
        .map_err(|_| ImageError::BadSize(sx, sy))?;
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for c in cells {
        let p = unit.hex_to_pixel(c.hex);
        x0 = x0.min(p.x - sx);
        x1 = x1.max(p.x + sx);
        y0 = y0.min(p.y - sy);
        y1 = y1.max(p.y + sy);
    }
    if cells.is_empty() {
        return Err(ImageError::Empty);
    }
    let m = opts.margin.max(0.0);
    let layout = Layout::new(
        opts.orientation,
        Point::new(sx, sy),
        Point::new(m - x0, m - y0),
    )
    .map_err(|_| ImageError::BadSize(sx, sy))?;
    Ok((
        layout,
        (x1 - x0 + 2.0 * m).ceil(),
        (y1 - y0 + 2.0 * m).ceil(),
    ))
}

/// The largest hex size not above `opts.hex_size` whose PNG fits in [`MAX_PNG_SIDE`]
/// pixels, so a huge map still exports (as a smaller picture) instead of failing.
pub fn fit_png(cells: &[ImageCell], opts: &ImageOptions) -> Result<ImageOptions, ImageError> {
    let (_, w, h) = frame(cells, opts)?;
    let limit = f64::from(MAX_PNG_SIDE) - 2.0 * opts.margin - 4.0;
    let scale = (limit / (w - 2.0 * opts.margin))
        .min(limit / (h - 2.0 * opts.margin))
        .min(1.0);
    let mut out = opts.clone();
    out.hex_size = (opts.hex_size.0 * scale, opts.hex_size.1 * scale);
    Ok(out)
}

fn hex_path(layout: &Layout, h: Hex) -> tiny_skia::Path {
    let mut pb = PathBuilder::new();
    for (i, c) in layout.corners(h).iter().enumerate() {
        if i == 0 {
            pb.move_to(c.x as f32, c.y as f32);
        } else {
            pb.line_to(c.x as f32, c.y as f32);
        }
    }
    pb.close();
    pb.finish().expect("a hexagon is a valid path")
}

fn paint(rgba: [u8; 4]) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(Color::from_rgba8(rgba[0], rgba[1], rgba[2], rgba[3]));
    p.anti_alias = true;
    p
}

/// Black or white, whichever reads better on `fill`.
fn text_colour(fill: Option<[u8; 4]>) -> [u8; 4] {
    let [r, g, b, _] = fill.unwrap_or([255, 255, 255, 255]);
    let luma = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
    if luma > 140.0 {
        [20, 20, 20, 255]
    } else {
        [245, 245, 245, 255]
    }
}

/// Draw `text` centred at `centre` with height `px`.
fn draw_text(
    pixmap: &mut Pixmap,
    font: &FontRef,
    text: &str,
    centre: Point,
    px: f32,
    rgba: [u8; 4],
) {
    let scaled = font.as_scaled(PxScale::from(px));
    let width: f32 = text
        .chars()
        .map(|c| scaled.h_advance(font.glyph_id(c)))
        .sum();
    let mut x = centre.x as f32 - width / 2.0;
    let baseline = centre.y as f32 + (scaled.ascent() + scaled.descent()) / 2.0;
    let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
    let data = pixmap.pixels_mut();
    for ch in text.chars() {
        let id = font.glyph_id(ch);
        let glyph = id.with_scale_and_position(px, ab_glyph::point(x, baseline));
        x += scaled.h_advance(id);
        let Some(outline) = font.outline_glyph(glyph) else {
            continue;
        };
        let bounds = outline.px_bounds();
        outline.draw(|gx, gy, coverage| {
            let (px_x, px_y) = (
                bounds.min.x as i32 + gx as i32,
                bounds.min.y as i32 + gy as i32,
            );
            if px_x < 0 || px_y < 0 || px_x >= w || px_y >= h {
                return;
            }
            let slot = &mut data[(px_y * w + px_x) as usize];
            let a = coverage.clamp(0.0, 1.0) * f32::from(rgba[3]) / 255.0;
            let dst = slot.demultiply();
            let mix = |s: u8, d: u8| (f32::from(s) * a + f32::from(d) * (1.0 - a)).round() as u8;
            let out_a = (a * 255.0 + f32::from(dst.alpha()) * (1.0 - a)).round() as u8;
            *slot = tiny_skia::ColorU8::from_rgba(
                mix(rgba[0], dst.red()),
                mix(rgba[1], dst.green()),
                mix(rgba[2], dst.blue()),
                out_a.max(dst.alpha()),
            )
            .premultiply();
        });
    }
}

/// Label height in pixels for a hex of size (sx, sy) and a text of `chars` characters, or
/// `None` when it would be too small to read.
fn label_px(sx: f64, sy: f64, chars: usize) -> Option<f32> {
    let inner = sx.min(sy) * 1.5;
    let px = (inner / (chars.max(2) as f64 * 0.6)).min(sy * 0.6);
    (px >= 6.0).then_some(px as f32)
}

/// The label to draw on a cell, its pixel height and colour, or `None` when labels are off,
/// the cell has none, or it would be too small to read.
fn cell_label<'a>(cell: &'a ImageCell, opts: &ImageOptions) -> Option<(&'a str, f32, [u8; 4])> {
    let text = cell.label.as_deref().filter(|_| opts.labels)?;
    let px = label_px(opts.hex_size.0, opts.hex_size.1, text.chars().count())?;
    let on_mine = opts.mines && cell.mine;
    Some((
        text,
        px,
        if on_mine {
            [240, 240, 240, 255]
        } else {
            text_colour(cell.fill)
        },
    ))
}

/// The map as PNG bytes. `progress` is called with the share done (0.0 to 1.0).
pub fn render_png(
    cells: &[ImageCell],
    opts: &ImageOptions,
    progress: &mut dyn FnMut(f32),
) -> Result<Vec<u8>, ImageError> {
    let (layout, w, h) = frame(cells, opts)?;
    if w > f64::from(MAX_PNG_SIDE) || h > f64::from(MAX_PNG_SIDE) {
        return Err(ImageError::TooLarge(w as u64, h as u64));
    }
    let mut pixmap =
        Pixmap::new(w as u32, h as u32).ok_or(ImageError::TooLarge(w as u64, h as u64))?;
    let [r, g, b, a] = opts.background;
    pixmap.fill(Color::from_rgba8(r, g, b, a));
    let font =
        FontRef::try_from_slice(epaint_default_fonts::UBUNTU_LIGHT).expect("bundled font parses");
    let (sx, sy) = opts.hex_size;
    let grid_stroke = Stroke {
        width: (sx.min(sy) / 16.0).clamp(0.5, 2.0) as f32,
        ..Stroke::default()
    };
    let grid_paint = paint([60, 60, 60, 200]);
    let step = (cells.len() / 100).max(1);
    for (i, cell) in cells.iter().enumerate() {
        let path = hex_path(&layout, cell.hex);
        if let Some(fill) = cell.fill {
            pixmap.fill_path(
                &path,
                &paint(fill),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        if opts.grid {
            pixmap.stroke_path(
                &path,
                &grid_paint,
                &grid_stroke,
                Transform::identity(),
                None,
            );
        }
        let centre = layout.hex_to_pixel(cell.hex);
        if opts.mines && cell.mine {
            let radius = (sx.min(sy) * 0.35) as f32;
            if let Some(disc) = PathBuilder::from_circle(centre.x as f32, centre.y as f32, radius) {
                pixmap.fill_path(
                    &disc,
                    &paint([15, 15, 15, 255]),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
            }
        }
        if let Some((text, px, colour)) = cell_label(cell, opts) {
            draw_text(&mut pixmap, &font, text, centre, px, colour);
        }
        if i % step == 0 {
            progress(i as f32 / cells.len() as f32);
        }
    }
    progress(1.0);
    pixmap
        .encode_png()
        .map_err(|e| ImageError::Encode(e.to_string()))
}

fn svg_colour(c: [u8; 4]) -> String {
    if c[3] == 255 {
        format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
    } else {
        format!(
            "rgba({},{},{},{:.3})",
            c[0],
            c[1],
            c[2],
            f64::from(c[3]) / 255.0
        )
    }
}

/// The map as an SVG document: one `<use>` of a shared hexagon per cell, so even large maps
/// stay compact. `progress` is called with the share done.
pub fn render_svg(
    cells: &[ImageCell],
    opts: &ImageOptions,
    progress: &mut dyn FnMut(f32),
) -> Result<String, ImageError> {
    let (layout, w, h) = frame(cells, opts)?;
    let (sx, sy) = opts.hex_size;
    let mut out = String::with_capacity(cells.len() * 80 + 1024);
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">"
    );
    let corners: Vec<String> = (0..6)
        .map(|i| {
            let c = layout.corner_offset(i);
            format!("{:.3},{:.3}", c.x, c.y)
        })
        .collect();
    let stroke = if opts.grid {
        format!(
            " stroke=\"#3c3c3c\" stroke-opacity=\"0.8\" stroke-width=\"{:.2}\"",
            (sx.min(sy) / 16.0).clamp(0.5, 2.0)
        )
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "<defs><polygon id=\"h\" points=\"{}\"{stroke}/></defs>",
        corners.join(" ")
    );
    let [r, g, b, a] = opts.background;
    if a > 0 {
        let _ = writeln!(
            out,
            "<rect width=\"100%\" height=\"100%\" fill=\"{}\"/>",
            svg_colour([r, g, b, a])
        );
    }
    let font_family =
        "font-family=\"sans-serif\" text-anchor=\"middle\" dominant-baseline=\"central\"";
    let step = (cells.len() / 100).max(1);
    for (i, cell) in cells.iter().enumerate() {
        let c = layout.hex_to_pixel(cell.hex);
        let fill = cell.fill.map_or("none".to_string(), svg_colour);
        let _ = writeln!(
            out,
            "<use xlink:href=\"#h\" x=\"{:.3}\" y=\"{:.3}\" fill=\"{fill}\"/>",
            c.x, c.y
        );
        if opts.mines && cell.mine {
            let _ = writeln!(
                out,
                "<circle cx=\"{:.3}\" cy=\"{:.3}\" r=\"{:.3}\" fill=\"#0f0f0f\"/>",
                c.x,
                c.y,
                sx.min(sy) * 0.35
            );
        }
        if let Some((text, px, colour)) = cell_label(cell, opts) {
            let _ = writeln!(
                out,
                "<text x=\"{:.3}\" y=\"{:.3}\" font-size=\"{px:.2}\" fill=\"{}\" {font_family}>{}</text>",
                c.x,
                c.y,
                svg_colour(colour),
                super::tiled::xml_escape(text)
            );
        }
        if i % step == 0 {
            progress(i as f32 / cells.len() as f32);
        }
    }
    out.push_str("</svg>\n");
    progress(1.0);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells() -> Vec<ImageCell> {
        crate::hex::shapes::hexagon(2)
            .map(|h| ImageCell {
                hex: h,
                fill: Some(if h.q > 0 {
                    [200, 40, 40, 255]
                } else {
                    [40, 40, 200, 255]
                }),
                label: Some(format!("{},{}", h.q, h.r)),
                mine: h == Hex::ORIGIN,
            })
            .collect()
    }

    #[test]
    fn png_has_each_fill_at_each_centre() {
        let opts = ImageOptions {
            hex_size: (20.0, 20.0),
            labels: false,
            ..ImageOptions::default()
        };
        let png = render_png(&cells(), &opts, &mut |_| {}).unwrap();
        let img = Pixmap::decode_png(&png).unwrap();
        let (layout, _, _) = frame(&cells(), &opts).unwrap();
        for c in cells().iter().filter(|c| !c.mine) {
            let p = layout.hex_to_pixel(c.hex);
            let px = img.pixel(p.x as u32, p.y as u32).unwrap().demultiply();
            let fill = c.fill.unwrap();
            assert_eq!(
                [px.red(), px.green(), px.blue()],
                [fill[0], fill[1], fill[2]],
                "{}",
                c.hex
            );
        }
        let p = layout.hex_to_pixel(Hex::ORIGIN);
        assert!(
            img.pixel(p.x as u32, p.y as u32).unwrap().red() < 30,
            "mine marker drawn"
        );
    }

    #[test]
    fn labels_change_pixels_only_when_legible() {
        let base = ImageOptions {
            hex_size: (24.0, 24.0),
            ..ImageOptions::default()
        };
        let with = render_png(
            &cells(),
            &ImageOptions {
                labels: true,
                ..base.clone()
            },
            &mut |_| {},
        )
        .unwrap();
        let without = render_png(&cells(), &base, &mut |_| {}).unwrap();
        assert_ne!(with, without, "labels drawn at 24 px hexes");
        let tiny = ImageOptions {
            hex_size: (4.0, 4.0),
            ..base
        };
        let with = render_png(
            &cells(),
            &ImageOptions {
                labels: true,
                ..tiny.clone()
            },
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(
            with,
            render_png(&cells(), &tiny, &mut |_| {}).unwrap(),
            "no labels at 4 px hexes"
        );
    }

    #[test]
    fn svg_has_one_use_per_cell_and_escaped_labels() {
        let mut cs = cells();
        cs[0].label = Some("<a&b>".into());
        let opts = ImageOptions {
            labels: true,
            hex_size: (30.0, 30.0),
            ..ImageOptions::default()
        };
        let svg = render_svg(&cs, &opts, &mut |_| {}).unwrap();
        assert_eq!(svg.matches("<use ").count(), 19);
        assert!(svg.contains("&lt;a&amp;b&gt;"));
        assert_eq!(svg.matches("<circle").count(), 1);
    }

    #[test]
    fn huge_maps_are_fitted_or_refused() {
        let cs: Vec<_> = crate::hex::shapes::parallelogram(2000, 10)
            .map(|hex| ImageCell {
                hex,
                fill: Some([1, 2, 3, 255]),
                label: None,
                mine: false,
            })
            .collect();
        let opts = ImageOptions::default();
        assert!(matches!(
            render_png(&cs, &opts, &mut |_| {}),
            Err(ImageError::TooLarge(..))
        ));
        let fitted = fit_png(&cs, &opts).unwrap();
        assert!(fitted.hex_size.0 < opts.hex_size.0);
        let mut calls = 0;
        let png = render_png(&cs, &fitted, &mut |_| calls += 1).unwrap();
        assert!(calls >= 100, "progress reported");
        let img = Pixmap::decode_png(&png).unwrap();
        assert!(img.width() <= MAX_PNG_SIDE && img.height() <= MAX_PNG_SIDE);
        assert!(render_png(&[], &opts, &mut |_| {}).is_err());
    }
}
