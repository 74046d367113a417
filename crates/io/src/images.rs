//! The image store: loads the images a map refers to (terrain tile art, user-image icons)
//! relative to the map's folder, decodes them (PNG with the `png` crate, JPEG with
//! `zune-jpeg`, SVG rasterised by `resvg`) within size limits, and reports each image that could not be used once, by
//! name. What failed is simply absent from the [`ImageSet`]: drawing falls back to the
//! terrain colour or the built-in picture sign.

use super::resources::{FolderResources, Resources};
use hexmap_draw::image::{ImageSet, MAX_IMAGE_SIDE, RgbaImage};
use hexmap_map::{HexMap, IconSource};
use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

/// Largest image file, in bytes (a tile or icon is far smaller).
pub const MAX_IMAGE_FILE_BYTES: usize = 16 * 1024 * 1024;
/// Longer side, in pixels, an SVG image is rasterised at (tile art is drawn from pixels in
/// every back-end; this is sharp for hexes up to about 128 pixels across).
pub const SVG_RASTER_SIDE: u32 = 256;

/// An image that could not be used, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageWarning {
    /// The path as the map writes it.
    pub path: String,
    /// What went wrong.
    pub message: String,
    /// What is drawn instead ("drawing the colour instead", "the map is drawn without it").
    pub instead: &'static str,
}

/// What tile art and icons draw when their image is missing.
const INSTEAD_COLOUR: &str = "drawing the colour instead";

impl fmt::Display for ImageWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "image '{}' not shown ({}); {}",
            self.path, self.message, self.instead
        )
    }
}

/// Every image path `map` refers to (tile art of each terrain, user-image icons), sorted
/// and without repeats.
pub fn image_paths(map: &HexMap) -> BTreeSet<String> {
    let mut paths: BTreeSet<String> = map
        .palette()
        .terrains()
        .iter()
        .flat_map(|t| t.art.images.iter().cloned())
        .collect();
    for (_, icons) in map.icons().iter() {
        for icon in icons {
            if let IconSource::Image(p) = &icon.source {
                paths.insert(p.clone());
            }
        }
    }
    paths
}

/// Load every image `map` refers to from `files` (the map's folder): the set of those
/// that decoded, and one warning per image that did not.
pub fn load_images(map: &HexMap, files: &dyn Resources) -> (ImageSet, Vec<ImageWarning>) {
    let mut set = ImageSet::new();
    let mut warnings = Vec::new();
    for path in image_paths(map) {
        match files
            .read(&path)
            .and_then(|bytes| decode_image(&path, &bytes))
        {
            Ok(image) => {
                set.insert(&path, image);
            }
            Err(message) => warnings.push(ImageWarning {
                path,
                message,
                instead: INSTEAD_COLOUR,
            }),
        }
    }
    (set, warnings)
}

/// Load `map`'s tracing underlay image from `files` (the map's folder) into `set`, under
/// its path; the warning naming it when it cannot be used (the map is then drawn without
/// it). Nothing for a map without an underlay.
pub fn load_underlay(
    map: &HexMap,
    files: &dyn Resources,
    set: &mut ImageSet,
) -> Option<ImageWarning> {
    let path = &map.underlay()?.path;
    if set.get(path).is_some() {
        return None;
    }
    match files
        .read(path)
        .and_then(|bytes| decode_image(path, &bytes))
    {
        Ok(image) => {
            set.insert(path, image);
            None
        }
        Err(message) => Some(ImageWarning {
            path: path.clone(),
            message,
            instead: "the map is drawn without it",
        }),
    }
}

/// [`load_underlay`] from the folder of the map file `map_file`.
pub fn load_underlay_beside(
    map: &HexMap,
    map_file: &Path,
    set: &mut ImageSet,
) -> Option<ImageWarning> {
    let folder = map_file.parent().unwrap_or(Path::new("")).to_path_buf();
    load_underlay(map, &FolderResources(folder), set)
}

/// [`load_images`] from the folder of the map file `map_file`.
pub fn load_images_beside(map: &HexMap, map_file: &Path) -> (ImageSet, Vec<ImageWarning>) {
    let folder = map_file.parent().unwrap_or(Path::new("")).to_path_buf();
    load_images(map, &FolderResources(folder))
}

/// Decode a PNG, JPEG or SVG image (told apart by content: the PNG or JPEG signature,
/// else SVG text).
pub fn decode_image(name: &str, bytes: &[u8]) -> Result<RgbaImage, String> {
    if bytes.len() > MAX_IMAGE_FILE_BYTES {
        return Err(format!(
            "file is {} bytes, over the image limit of {MAX_IMAGE_FILE_BYTES}",
            bytes.len()
        ));
    }
    const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.starts_with(PNG_SIGNATURE) {
        decode_png(bytes)
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        decode_jpeg(bytes)
    } else if looks_like_svg(name, bytes) {
        decode_svg(bytes)
    } else {
        Err("not a PNG, JPEG or SVG image".to_owned())
    }
}

/// The size in pixels [`decode_image`] gives the image in `bytes`, read from its header
/// without decoding the pixels (an SVG is parsed for its size): a newly chosen underlay
/// is fitted to the map from it before the image itself is loaded.
pub fn image_size(name: &str, bytes: &[u8]) -> Result<(u32, u32), String> {
    const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    let (w, h) = if bytes.starts_with(PNG_SIGNATURE) {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let reader = decoder
            .read_info()
            .map_err(|e| format!("broken PNG: {e}"))?;
        (reader.info().width, reader.info().height)
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        let mut decoder = zune_jpeg::JpegDecoder::new(zune_core::bytestream::ZCursor::new(bytes));
        decoder
            .decode_headers()
            .map_err(|e| format!("broken JPEG: {e:?}"))?;
        let (w, h) = decoder
            .dimensions()
            .ok_or_else(|| "broken JPEG: no size".to_owned())?;
        (w as u32, h as u32)
    } else if looks_like_svg(name, bytes) {
        svg_raster_size(&svg_tree(bytes)?)
    } else {
        return Err("not a PNG, JPEG or SVG image".to_owned());
    };
    if w == 0 || h == 0 || w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE {
        return Err(format!(
            "image is {w}×{h} pixels; each side must be 1 to {MAX_IMAGE_SIDE}"
        ));
    }
    Ok((w, h))
}

/// True for SVG text (an `.svg` name, or `<svg` near the start).
fn looks_like_svg(name: &str, bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4096)];
    name.to_ascii_lowercase().ends_with(".svg") || head.windows(4).any(|w| w == b"<svg")
}

/// A PNG of any colour type and depth as 8-bit RGBA; dimensions checked before the pixels
/// are decoded.
fn decode_png(bytes: &[u8]) -> Result<RgbaImage, String> {
    let bad = |e: png::DecodingError| format!("broken PNG: {e}");
    let limits = png::Limits {
        bytes: (MAX_IMAGE_SIDE as usize).pow(2) * 8,
    };
    let mut decoder = png::Decoder::new_with_limits(std::io::Cursor::new(bytes), limits);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(bad)?;
    let (w, h) = (reader.info().width, reader.info().height);
    if w == 0 || h == 0 || w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE {
        return Err(format!(
            "PNG is {w}×{h} pixels; each side must be 1 to {MAX_IMAGE_SIDE}"
        ));
    }
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| "PNG is too large".to_owned())?;
    let mut buf = vec![0; size];
    let frame = reader.next_frame(&mut buf).map_err(bad)?;
    buf.truncate(frame.buffer_size());
    let rgba: Vec<u8> = match frame.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buf
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        png::ColorType::Grayscale => buf.iter().flat_map(|&g| [g, g, g, 255]).collect(),
        png::ColorType::Indexed => return Err("PNG palette was not expanded".to_owned()),
    };
    RgbaImage::new(frame.width, frame.height, rgba).map_err(|e| e.to_string())
}

/// A JPEG (baseline or progressive, grey, RGB or CMYK) as 8-bit RGBA; dimensions
/// checked from the header before the pixels are decoded.
fn decode_jpeg(bytes: &[u8]) -> Result<RgbaImage, String> {
    use zune_core::{bytestream::ZCursor, colorspace::ColorSpace, options::DecoderOptions};
    let side = MAX_IMAGE_SIDE as usize;
    let options = DecoderOptions::default()
        .set_max_width(side)
        .set_max_height(side)
        .jpeg_set_out_colorspace(ColorSpace::RGBA);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(ZCursor::new(bytes), options);
    let pixels = decoder
        .decode()
        // zune-jpeg's message is its Debug text, with escaped line ends.
        .map_err(|e| {
            format!(
                "broken JPEG: {}",
                format!("{e:?}").replace("\\n", " ").trim()
            )
        })?;
    let (w, h) = decoder
        .dimensions()
        .ok_or_else(|| "broken JPEG: no size".to_owned())?;
    RgbaImage::new(w as u32, h as u32, pixels).map_err(|e| e.to_string())
}

/// An SVG rasterised with its longer side [`SVG_RASTER_SIDE`] pixels. It may not load
/// other files or data: images inside it are left out.
fn decode_svg(bytes: &[u8]) -> Result<RgbaImage, String> {
    use resvg::tiny_skia;
    let tree = svg_tree(bytes)?;
    let (w, h) = svg_raster_size(&tree);
    let size = tree.size();
    let k = SVG_RASTER_SIDE as f32 / size.width().max(size.height());
    let mut pixmap =
        tiny_skia::Pixmap::new(w, h).ok_or_else(|| format!("SVG size {w}×{h} is not usable"))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(k, k),
        &mut pixmap.as_mut(),
    );
    RgbaImage::new(w, h, straight_rgba(&pixmap)).map_err(|e| e.to_string())
}

/// An SVG document parsed, with no access to other files or data.
fn svg_tree(bytes: &[u8]) -> Result<resvg::usvg::Tree, String> {
    use resvg::usvg;
    let options = usvg::Options {
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: Box::new(|_, _, _| None),
            resolve_string: Box::new(|_, _| None),
        },
        ..usvg::Options::default()
    };
    usvg::Tree::from_data(bytes, &options).map_err(|e| format!("broken SVG: {e}"))
}

/// The pixels an SVG is rasterised at: its longer side [`SVG_RASTER_SIDE`].
fn svg_raster_size(tree: &resvg::usvg::Tree) -> (u32, u32) {
    let size = tree.size();
    let k = SVG_RASTER_SIDE as f32 / size.width().max(size.height());
    let w = ((size.width() * k).round() as u32).clamp(1, SVG_RASTER_SIDE);
    let h = ((size.height() * k).round() as u32).clamp(1, SVG_RASTER_SIDE);
    (w, h)
}

/// A pixmap's pixels as 8-bit RGBA with straight alpha (tiny-skia keeps them premultiplied).
pub(crate) fn straight_rgba(pixmap: &tiny_skia::Pixmap) -> Vec<u8> {
    pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect()
}

/// `image` as PNG bytes (how the SVG and PDF back-ends embed pixels, and how tests make
/// image files).
pub fn encode_png(image: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, image.width(), image.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let written = encoder
        .write_header()
        .and_then(|mut w| w.write_image_data(image.pixels()));
    // Writing to memory fails only on a bad buffer length, which RgbaImage rules out.
    debug_assert!(written.is_ok(), "{written:?}");
    out
}

#[cfg(test)]
mod tests;
