//! Rendering a map to a file's picture: PNG (raster), SVG and PDF (print), each a back-end
//! of `draw` — terrain, grid, mines and coordinate labels in any system. Empty cells and the
//! background are transparent, so a picture can sit on any page.

mod glyphs;
mod hex_raster;
pub mod key_booklet;
pub mod pdf;
mod pdf_fonts;
mod pdf_images;
mod png_compression;
mod png_encode;
pub mod png_meta;
mod png_pieces;
pub mod print;
mod print_index;
pub mod raster;
mod strips;
pub mod svg;
mod svg_images;

pub use glyphs::Fonts;
pub use png_compression::PngCompression;
pub use print::{PrintOptions, pdf_in_steps, render_pdf};
pub use raster::{RasterSink, ToPixels};
pub use svg::SvgSink;

use hexmap_draw::{
    CellReach, Colour, ImageSet, Layers, MapScene, Region, Scene, Sink, Style, legend,
    legend::LegendPlace, map_world_box, region, scale_bar,
};
use hexmap_hex::{CoordSystem, Point};
use hexmap_map::steps::{block_on, pause};
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
    /// The map's legend: beside the map (the picture grows; a print's `Page` counts as
    /// `Right` here) or over a corner; `None` for none.
    pub legend: Option<LegendPlace>,
    /// Draw the scale bar (under the map's part, at its left; the picture grows to hold
    /// it, as for a legend below) when the map has a scale (`hexmap_draw::scale_bar`).
    pub scale_bar: bool,
    /// Draw the map's tracing underlay under it (its image must be in `images`).
    pub underlay: bool,
    /// The map's loaded images (tile art, user-image icons); `None` for colours only.
    pub images: Option<Arc<ImageSet>>,
    /// SVG: refer to image files by path instead of embedding their pixels.
    pub link_images: bool,
    /// Frame the picture on this world box instead of the map's own (a player view is
    /// framed as its full map, so the two pictures line up); `None` for the map's.
    pub world_box: Option<(Point, Point)>,
    /// PNG: how hard the pixels are compressed (time against file size).
    pub png_compression: PngCompression,
    /// The map is a player map: drawn in the players' style (`Style::for_players`).
    pub players: bool,
    /// Draw the edge features, paths and icons over the map at widths fixed in pixels
    /// (`hexmap_draw::overview`), however small the hexes: a map seen whole shows them.
    pub overview: bool,
    /// Tint each hex by its value of this custom property (`None`: no tint; a property
    /// the map does not declare tints nothing).
    pub property_tint: Option<String>,
}

impl PictureOptions {
    /// Options drawing `map`'s hexes `hex_pixels` pixels from centre to corner (along their
    /// longer axis), with grid and mines, no labels, no legend, no scale bar, transparent,
    /// with an 8-pixel margin, the default PNG compression.
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
            scale_bar: false,
            underlay: false,
            images: None,
            link_images: false,
            world_box: None,
            png_compression: PngCompression::default(),
            players: false,
            overview: false,
            property_tint: None,
        }
    }

    /// Options for a small picture of the whole of `map` whose longer side is about
    /// `longest_px` pixels: no grid, a 2-pixel margin, and the overview of rivers, roads
    /// and settlements, which hexes of a few pixels would otherwise leave out (the
    /// Generate window's preview).
    pub fn overview(map: &HexMap, longest_px: f64) -> PictureOptions {
        let cells = map.cell_count() as f64;
        let hex_pixels = (longest_px / (cells.sqrt() * 1.8)).clamp(1.0, 12.0);
        PictureOptions {
            grid: false,
            margin: 2.0,
            overview: true,
            ..PictureOptions::for_hex_pixels(map, hex_pixels)
        }
    }

    /// The style pictures are drawn in.
    fn style(&self) -> Style {
        let style = Style::picture(Layers::picture(self.mines, self.grid, self.labels));
        if self.players {
            style.for_players()
        } else {
            style
        }
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
    #[error("a print resolution must be from {min} to {max} dpi, got {0}", min = crate::DPI_RANGE.0, max = crate::DPI_RANGE.1)]
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
    /// The map's part (its world box and margins) in pixels: width, height.
    map_px: (f64, f64),
    /// Where the legend goes: the world rectangle it is placed in and its corner there.
    legend: Option<((Point, Point), Corner)>,
    /// The map's part in world units (the tint's legend sits in one of its corners).
    map_area: (Point, Point),
    /// The scale bar and its box (world units), under the map's part.
    scale_bar: Option<(scale_bar::ScaleBar, (Point, Point))>,
}

/// The transform from world units of `map`'s layout (`map.layout()`, origin (0, 0)) to
/// pixels of its picture drawn with `opts`: pixel = world × `scale` + `offset`. The map's
/// box (everything drawn, [`map_world_box`]) starts `opts.margin` pixels from the top-left
/// corner; a legend beside or under the map does not move it. PNG and SVG write it into
/// the file (docs/EXPORT.md, "Where the hexes are in a picture").
pub fn picture_transform(map: &HexMap, opts: &PictureOptions) -> Result<ToPixels, PictureError> {
    Ok(frame(map, opts)?.to_px)
}

/// The transform as text a game can read: one JSON object with the scale (pixels per
/// world unit), the offset (pixels) and the picture's size, e.g.
/// `{"scale":24,"offset":[32,28.8],"size":[604,543]}`.
pub fn transform_json(to_px: &ToPixels, width: f64, height: f64) -> String {
    format!(
        "{{\"scale\":{},\"offset\":[{},{}],\"size\":[{},{}]}}",
        to_px.scale, to_px.offset.0, to_px.offset.1, width, height
    )
}

/// The frame of `map`'s picture: the world box of everything drawn with each cell reaching
/// the hex size ([`CellReach::HexSize`]), plus the margin, the room the scale bar takes
/// under it, and the room the legend takes beside or under both.
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
    let (lo, hi) = match opts.world_box {
        Some(b) => b,
        None => map_world_box(map, &layout, CellReach::HexSize).ok_or(PictureError::Empty)?,
    };
    let (x0, y0, x1, y1) = (lo.x, lo.y, hi.x, hi.y);
    let m = opts.margin.max(0.0);
    let to_px = ToPixels {
        scale: k,
        offset: (m - x0 * k, m - y0 * k),
    };
    let map_px = (
        ((x1 - x0) * k + 2.0 * m).ceil(),
        ((y1 - y0) * k + 2.0 * m).ceil(),
    );
    let (mut width, mut height) = map_px;
    // A rectangle of picture pixels in world units.
    let world = |a: (f64, f64), b: (f64, f64)| {
        let (ox, oy) = to_px.offset;
        (
            Point::new((a.0 - ox) / k, (a.1 - oy) / k),
            Point::new((b.0 - ox) / k, (b.1 - oy) / k),
        )
    };
    // The scale bar, at most a quarter of the map's part long, in a strip under it.
    let map_area = world((0.0, 0.0), map_px);
    let scale_bar = opts
        .scale_bar
        .then(|| map.scale())
        .flatten()
        .and_then(|scale| {
            let hex = hexmap_draw::print::flat_to_flat(&layout);
            scale_bar::ScaleBar::fit_units(scale, hex, (map_area.1.x - map_area.0.x) / 4.0)
        })
        .map(|bar| {
            let (w, h) = bar.box_size(1.0 / k);
            let (room_w, room_h) = scale_bar::room_under_px((w * k, h * k));
            let strip = world((0.0, height), (0.0, 0.0)).0;
            width = width.max(room_w.ceil());
            height += room_h.ceil();
            let placed = scale_bar::place_under((w, h), strip, 1.0 / k);
            (bar, placed)
        });
    let entries = opts
        .legend
        .map(|_| legend::legend_entries(map))
        .unwrap_or_default();
    let legend = match opts.legend {
        _ if entries.is_empty() => None,
        None => None,
        Some(LegendPlace::Over(corner)) => Some((world((0.0, 0.0), map_px), corner)),
        Some(LegendPlace::Right | LegendPlace::Page) => {
            let (w, _) = legend::legend_room_px(&entries, height);
            width += w.ceil();
            Some((world((map_px.0, 0.0), (width, height)), Corner::TopLeft))
        }
        Some(LegendPlace::Below) => {
            let (w, h) = legend::legend_room_under_px(&entries, width);
            let top = height;
            width = width.max(w.ceil());
            height += h.ceil();
            Some((world((0.0, top), (width, height)), Corner::TopLeft))
        }
    };
    Ok(Frame {
        to_px,
        width,
        height,
        map_px,
        legend,
        map_area,
        scale_bar,
    })
}

/// The largest scale not above `opts.scale` whose PNG fits in [`MAX_PNG_SIDE`] pixels, so
/// a huge map still exports (as a smaller picture) instead of failing.
pub fn fit_png(map: &HexMap, opts: &PictureOptions) -> Result<PictureOptions, PictureError> {
    let f = frame(map, opts)?;
    // The legend keeps its pixel size: only the map's part shrinks.
    let m = 2.0 * opts.margin.max(0.0);
    let (room_w, room_h) = (f.width - f.map_px.0, f.height - f.map_px.1);
    let limit = f64::from(MAX_PNG_SIDE) - m - 4.0;
    let shrink = ((limit - room_w) / (f.map_px.0 - m))
        .min((limit - room_h) / (f.map_px.1 - m))
        .clamp(0.0, 1.0);
    Ok(PictureOptions {
        scale: opts.scale * shrink,
        ..opts.clone()
    })
}

/// What [`draw_map`] draws into.
enum Target<'s, 'p> {
    /// One sink, the pieces drawn one after another (SVG).
    InOrder(&'s mut dyn Sink),
    /// A raster picture, its pieces drawn in strips on every core ([`strips`]).
    Raster(&'s mut RasterSink<'p>),
}

impl Target<'_, '_> {
    /// The sink over the whole picture.
    fn sink(&mut self) -> &mut dyn Sink {
        match self {
            Target::InOrder(sink) => *sink,
            Target::Raster(sink) => *sink,
        }
    }
}

/// Draw the whole map into `target` piece by piece, reporting the share done and pausing
/// ([`hexmap_map::steps::pause`]) between pieces.
async fn draw_map(
    map: &HexMap,
    opts: &PictureOptions,
    frame: &Frame,
    mut target: Target<'_, '_>,
    progress: &mut dyn FnMut(f32),
) -> Result<(), PictureError> {
    let style = Style {
        property_tint: (opts.property_tint.as_deref())
            .and_then(|name| hexmap_draw::property_tint::PropertyTint::of(map, name))
            .map(Arc::new),
        ..opts.style()
    };
    let layout = map
        .layout()
        .map_err(|_| PictureError::BadSize(opts.scale, opts.scale))?;
    let spill = hexmap_draw::spill::Spill::of(map, &layout);
    let mut scene = MapScene::whole(map, layout, &style).with_spill(&spill);
    if let Some(images) = &opts.images {
        scene = scene.with_images(images);
    }
    if opts.underlay
        && let Some(images) = &opts.images
    {
        hexmap_draw::underlay::draw_underlay(target.sink(), map, images);
    }
    let pieces = region::split(&scene.bounds(), region::picture_pieces(&scene.bounds()));
    match &mut target {
        Target::Raster(raster) => {
            let rows = strips::rows_per_strip(frame.map_px.1.ceil() as u32);
            strips::draw_pieces(raster, &scene, &pieces, opts.scale, rows, progress).await;
        }
        Target::InOrder(sink) => {
            for (i, piece) in pieces.iter().enumerate() {
                scene.draw(&Region::Block(*piece), opts.scale, *sink);
                progress((i + 1) as f32 / pieces.len() as f32);
                pause().await;
            }
        }
    }
    let sink = target.sink();
    let k = frame.to_px.scale;
    if opts.overview {
        hexmap_draw::overview::draw_overview(map, &layout, k, sink);
    }
    if let Some((area, corner)) = frame.legend {
        // The legend keeps its pixel size in its world rectangle.
        let entries = legend::legend_entries(map);
        legend::draw_legend(sink, &entries, area, k, corner, opts.images.as_deref());
    }
    if let Some(tint) = &style.property_tint {
        // The tint's own legend, headed by the property's name, as on the canvas: top
        // right over the map, or bottom right when the map's legend is over the top right.
        let corner = match opts.legend {
            Some(LegendPlace::Over(Corner::TopRight)) => Corner::BottomRight,
            _ => Corner::TopRight,
        };
        legend::draw_legend_titled(
            sink,
            tint.name(),
            tint.legend(),
            (frame.map_area, k, corner),
            None,
        );
    }
    if let Some((bar, (min, _))) = &frame.scale_bar {
        bar.draw(sink, *min, 1.0 / k);
    }
    Ok(())
}

/// The map as PNG bytes, with a `tEXt` chunk [`png_meta::TRANSFORM_KEY`] stating the
/// world → pixel transform ([`transform_json`]). `progress` is called with the share done
/// (0.0 to 1.0).
pub fn render_png(
    map: &HexMap,
    opts: &PictureOptions,
    progress: &mut dyn FnMut(f32),
) -> Result<Vec<u8>, PictureError> {
    block_on(png_in_steps(map, opts, progress))
}

/// [`render_png`] as work that pauses between bands of the drawing and pieces of the
/// encoding ([`hexmap_map::steps`]).
pub async fn png_in_steps(
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
    // Drawing and encoding take about half the work each (a profile of a 300 × 300 map's
    // export: painting the hexes about 30 % of the CPU, filtering and deflating about 50 %).
    let mut drawing = |share: f32| progress(0.5 * share);
    draw_map(
        map,
        opts,
        &f,
        Target::Raster(&mut RasterSink::new(&mut pixmap, f.to_px, &fonts)),
        &mut drawing,
    )
    .await?;
    let png = png_encode::encode(&pixmap, opts.png_compression, &mut |share| {
        progress(0.5 + 0.5 * share)
    })
    .await?;
    progress(1.0);
    let transform = transform_json(&f.to_px, w, h);
    Ok(png_meta::with_text(
        png,
        png_meta::TRANSFORM_KEY,
        &transform,
    ))
}

/// The map as an SVG document: one `<use>` of a shared hexagon per cell, so even large maps
/// stay compact. `progress` is called with the share done.
pub fn render_svg(
    map: &HexMap,
    opts: &PictureOptions,
    progress: &mut dyn FnMut(f32),
) -> Result<String, PictureError> {
    block_on(svg_in_steps(map, opts, progress))
}

/// [`render_svg`] as work that pauses between bands ([`hexmap_map::steps`]).
pub async fn svg_in_steps(
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
    draw_map(map, opts, &f, Target::InOrder(&mut sink), progress).await?;
    progress(1.0);
    Ok(sink.finish())
}

#[cfg(test)]
mod image_tests;
#[cfg(test)]
mod tests;
