//! Rendering a map to a file's picture: PNG (raster), SVG and PDF (print), each a back-end
//! of `draw` — terrain, grid, mines and coordinate labels in any system. Empty cells and the
//! background are transparent, so a picture can sit on any page.

mod glyphs;
pub mod pdf;
mod pdf_fonts;
mod pdf_images;
pub mod print;
pub mod raster;
pub mod svg;
mod svg_images;

pub use glyphs::Fonts;
pub use print::{PrintOptions, render_pdf};
pub use raster::{RasterSink, ToPixels};
pub use svg::SvgSink;

use hexmap_draw::{
    CellReach, Colour, ImageSet, Layers, MapScene, Region, Scene, Sink, Style, legend,
    map_world_box, region,
};
use hexmap_hex::{CoordSystem, Point};
use hexmap_map::{Corner, HexMap};
use std::sync::Arc;
use tiny_skia::Pixmap;

/// How to draw a picture.
#[derive(Clone, Debug, PartialEq)]
pub struct PictureOptions {
    /// Pixels per world unit of the map's layout.
    pub scale: f64,
    /// Draw hex outlines.
    pub grid: bool,
    /// Coordinate labels in this system; `None` for none.
    pub labels: Option<CoordSystem>,
    /// Draw mine markers.
    pub mines: bool,
    /// Behind the map; `None` for transparent.
    pub background: Option<Colour>,
    /// Empty margin around the map in pixels.
    pub margin: f64,
    /// The map's legend in this corner of the picture; `None` for none.
    pub legend: Option<Corner>,
    /// The map's loaded images (tile art, user-image icons); `None` for colours only.
    pub images: Option<Arc<ImageSet>>,
    /// SVG: refer to image files by path instead of embedding their pixels.
    pub link_images: bool,
}

impl PictureOptions {
    /// Options drawing `map`'s hexes `hex_pixels` pixels from centre to corner (along their
    /// longer axis), with grid and mines, no labels, transparent, with an 8-pixel margin.
    pub fn for_hex_pixels(map: &HexMap, hex_pixels: f64) -> PictureOptions {
        let size = map.properties().hex_size;
        PictureOptions {
            scale: hex_pixels.max(1.0) / size.x.max(size.y),
            grid: true,
            labels: None,
            mines: true,
            background: None,
            margin: 8.0,
            legend: None,
            images: None,
            link_images: false,
        }
    }

    /// The style pictures are drawn in.
    fn style(&self) -> Style {
        Style::picture(Layers {
            terrain: true,
            mines: self.mines,
            notes: false,
            grid: self.grid,
            symbols: false,
            labels: self.labels,
            edges: true,
            paths: true,
        })
    }
}

/// Largest PNG side we render; bigger maps are drawn with smaller hexes (see [`fit_png`]).
pub const MAX_PNG_SIDE: u32 = 16_384;

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
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
    /// The map cannot be laid out on pages as asked.
    #[error(transparent)]
    Layout(#[from] hexmap_draw::print::PrintLayoutError),
    /// A print resolution out of range.
    #[error("--dpi must be between 10 and 2400, got {0}")]
    BadDpi(f64),
    /// PNG encoding failed.
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

/// Where the map lands in the picture and how big the picture is.
struct Frame {
    to_px: ToPixels,
    width: f64,
    height: f64,
}

/// The frame of `map`'s picture: its world box with each cell reaching the hex size
/// ([`CellReach::HexSize`]), plus the margin.
fn frame(map: &HexMap, opts: &PictureOptions) -> Result<Frame, PictureError> {
    let props = map.properties();
    let (sx, sy) = (props.hex_size.x, props.hex_size.y);
    let k = opts.scale;
    if !(k.is_finite() && k > 0.0 && (sx * k).is_finite() && (sy * k).is_finite()) {
        return Err(PictureError::BadSize(sx * k, sy * k));
    }
    let layout = map
        .layout()
        .map_err(|_| PictureError::BadSize(sx * k, sy * k))?;
    let (lo, hi) = map_world_box(map, &layout, CellReach::HexSize).ok_or(PictureError::Empty)?;
    let (x0, y0, x1, y1) = (lo.x, lo.y, hi.x, hi.y);
    let m = opts.margin.max(0.0);
    Ok(Frame {
        to_px: ToPixels {
            scale: k,
            offset: (m - x0 * k, m - y0 * k),
        },
        width: ((x1 - x0) * k + 2.0 * m).ceil(),
        height: ((y1 - y0) * k + 2.0 * m).ceil(),
    })
}

/// The largest scale not above `opts.scale` whose PNG fits in [`MAX_PNG_SIDE`] pixels, so
/// a huge map still exports (as a smaller picture) instead of failing.
pub fn fit_png(map: &HexMap, opts: &PictureOptions) -> Result<PictureOptions, PictureError> {
    let f = frame(map, opts)?;
    let limit = f64::from(MAX_PNG_SIDE) - 2.0 * opts.margin - 4.0;
    let shrink = (limit / (f.width - 2.0 * opts.margin))
        .min(limit / (f.height - 2.0 * opts.margin))
        .min(1.0);
    Ok(PictureOptions {
        scale: opts.scale * shrink,
        ..opts.clone()
    })
}

/// Draw the whole map into `sink` band by band, reporting the share done after each.
fn draw_map(
    map: &HexMap,
    opts: &PictureOptions,
    frame: &Frame,
    sink: &mut dyn Sink,
    progress: &mut dyn FnMut(f32),
) -> Result<(), PictureError> {
    let style = opts.style();
    let layout = map
        .layout()
        .map_err(|_| PictureError::BadSize(opts.scale, opts.scale))?;
    let spill = hexmap_draw::spill::Spill::of(map, &layout);
    let mut scene = MapScene::whole(map, layout, &style).with_spill(&spill);
    if let Some(images) = &opts.images {
        scene = scene.with_images(images);
    }
    let bands = region::split(&scene.bounds(), region::picture_pieces(&scene.bounds()));
    for (i, band) in bands.iter().enumerate() {
        scene.draw(&Region::Block(*band), opts.scale, sink);
        progress((i + 1) as f32 / bands.len() as f32);
    }
    if let Some(corner) = opts.legend {
        // The whole picture in world units: the legend keeps its pixel size in it.
        let (k, (ox, oy)) = (frame.to_px.scale, frame.to_px.offset);
        let area = (
            Point::new(-ox / k, -oy / k),
            Point::new((frame.width - ox) / k, (frame.height - oy) / k),
        );
        let entries = legend::legend_entries(map);
        legend::draw_legend(sink, &entries, area, k, corner, opts.images.as_deref());
    }
    Ok(())
}

/// The map as PNG bytes. `progress` is called with the share done (0.0 to 1.0).
pub fn render_png(
    map: &HexMap,
    opts: &PictureOptions,
    progress: &mut dyn FnMut(f32),
) -> Result<Vec<u8>, PictureError> {
    let f = frame(map, opts)?;
    let (w, h) = (f.width, f.height);
    if w > f64::from(MAX_PNG_SIDE) || h > f64::from(MAX_PNG_SIDE) {
        return Err(PictureError::TooLarge(w as u64, h as u64));
    }
    let mut pixmap =
        Pixmap::new(w as u32, h as u32).ok_or(PictureError::TooLarge(w as u64, h as u64))?;
    if let Some(bg) = opts.background {
        pixmap.fill(tiny_skia::Color::from_rgba8(bg.r, bg.g, bg.b, bg.a));
    }
    let fonts = Fonts::new();
    draw_map(
        map,
        opts,
        &f,
        &mut RasterSink::new(&mut pixmap, f.to_px, &fonts),
        progress,
    )?;
    progress(1.0);
    pixmap
        .encode_png()
        .map_err(|e| PictureError::Encode(e.to_string()))
}

/// The map as an SVG document: one `<use>` of a shared hexagon per cell, so even large maps
/// stay compact. `progress` is called with the share done.
pub fn render_svg(
    map: &HexMap,
    opts: &PictureOptions,
    progress: &mut dyn FnMut(f32),
) -> Result<String, PictureError> {
    let f = frame(map, opts)?;
    let mut sink = SvgSink::new(f.width, f.height, f.to_px, opts.background);
    if opts.link_images
        && let Some(images) = &opts.images
    {
        sink.link_images(images.clone());
    }
    sink.reserve(map.shape().len() * 80);
    draw_map(map, opts, &f, &mut sink, progress)?;
    progress(1.0);
    Ok(sink.finish())
}

#[cfg(test)]
mod image_tests;
#[cfg(test)]
mod tests;
