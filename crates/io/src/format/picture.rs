//! The picture formats, PNG and SVG, and the options they take: a hex size in pixels, or
//! for a PNG made for print a hex size on paper at a resolution (`--dpi`). They are
//! written by [`super::drawn::Drawn`], as PDF is.

use super::drawn::{Drawn, Kind};
use super::{FormatInfo, FormatOption, WriteOptions};
use crate::render::{PictureError, PictureOptions};
use hexmap_draw::print::{HEX_SIZE_RANGE_MM, MM_PER_INCH, flat_to_flat};
use hexmap_map::HexMap;

/// The options SVG takes.
const PICTURE_OPTIONS: &[FormatOption] = &[
    FormatOption::Labels,
    FormatOption::Mines,
    FormatOption::Grid,
    FormatOption::HexPixels,
    FormatOption::Legend,
    FormatOption::ScaleBar,
    FormatOption::PlayerView,
];

/// The options PNG takes: those of every picture, and a print size.
const PNG_OPTIONS: &[FormatOption] = &[
    FormatOption::Labels,
    FormatOption::Mines,
    FormatOption::Grid,
    FormatOption::HexPixels,
    FormatOption::Dpi,
    FormatOption::PrintHexSize,
    FormatOption::Legend,
    FormatOption::ScaleBar,
    FormatOption::PlayerView,
    FormatOption::PngCompression,
];

/// Lowest and highest print resolution, dots per inch.
pub const DPI_RANGE: (f64, f64) = (10.0, 2400.0);

/// Pixels per world unit for hexes `opts.print.hex_size` flat to flat at `dpi`.
fn print_scale(map: &HexMap, opts: &WriteOptions, dpi: f64) -> Result<f64, PictureError> {
    if !(DPI_RANGE.0..=DPI_RANGE.1).contains(&dpi) {
        return Err(PictureError::BadDpi(dpi));
    }
    let hex = opts.print.hex_size;
    if !(HEX_SIZE_RANGE_MM.0..=HEX_SIZE_RANGE_MM.1).contains(&hex.to_mm()) {
        return Err(hexmap_draw::print::PrintLayoutError::HexSize(hex).into());
    }
    let size = map.properties().hex_size;
    let layout = map
        .layout()
        .map_err(|_| PictureError::BadSize(size.x, size.y))?;
    Ok(hex.to_inches() * dpi / flat_to_flat(&layout))
}

/// The world box of [`WriteOptions::frame_of`], if set, with cells reaching as `reach`.
pub(super) fn frame_box(
    opts: &WriteOptions,
    reach: hexmap_draw::CellReach,
) -> Option<(hexmap_hex::Point, hexmap_hex::Point)> {
    let full = opts.frame_of.as_deref()?;
    hexmap_draw::map_world_box(full, &full.layout().ok()?, reach)
}

/// The picture options `opts` asks for on `map`, checked.
pub(crate) fn picture_options(
    map: &HexMap,
    opts: &WriteOptions,
) -> Result<PictureOptions, PictureError> {
    let mut o = PictureOptions {
        grid: opts.grid,
        labels: opts.labels,
        mines: opts.mines,
        legend: opts.legend,
        scale_bar: opts.scale_bar,
        underlay: opts.underlay,
        images: opts.images.clone(),
        link_images: opts.link_images,
        world_box: frame_box(opts, hexmap_draw::CellReach::HexSize),
        png_compression: opts.png_compression,
        players: opts.player_view,
        property_tint: opts.tint.clone(),
        ..PictureOptions::for_hex_pixels(map, opts.hex_pixels)
    };
    if let Some(dpi) = opts.dpi {
        o.scale = print_scale(map, opts, dpi)?;
    }
    Ok(o)
}

/// `png` with a `pHYs` chunk saying it is `dpi` dots per inch (so image programs print
/// it at its size), inserted after the header chunk.
pub(super) fn with_resolution(png: Vec<u8>, dpi: f64) -> Vec<u8> {
    let per_metre = (dpi / MM_PER_INCH * 1000.0).round() as u32;
    let mut data = Vec::with_capacity(9);
    data.extend_from_slice(&per_metre.to_be_bytes());
    data.extend_from_slice(&per_metre.to_be_bytes());
    data.push(1); // unit: metre
    crate::render::png_meta::insert_chunk(png, b"pHYs", &data)
}

/// What a picture (PNG, SVG, PDF) leaves out: nothing it is asked to draw. A picture is a
/// drawing of the map, not a copy of its data (heights show as terrain, notes as captions
/// when the map's view asks); `--strict` refuses only images it cannot draw.
pub(crate) const PICTURE_DROPS: &[super::Content] = &[];

/// A raster picture.
pub static PNG: Drawn = Drawn {
    info: FormatInfo {
        name: "png",
        description: "picture (PNG)",
        extensions: &["png"],
        options: PNG_OPTIONS,
        reads: false,
        writes: true,
        drops: PICTURE_DROPS,
    },
    kind: Kind::Png,
};

/// A vector picture.
pub static SVG: Drawn = Drawn {
    info: FormatInfo {
        name: "svg",
        description: "vector picture (SVG)",
        extensions: &["svg"],
        options: PICTURE_OPTIONS,
        reads: false,
        writes: true,
        drops: PICTURE_DROPS,
    },
    kind: Kind::Svg,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resolution_chunk_follows_the_header_and_decoders_still_read_the_png() {
        let pixmap = tiny_skia::Pixmap::new(3, 2).unwrap();
        let png = with_resolution(pixmap.encode_png().unwrap(), 300.0);
        assert_eq!(&png[37..41], b"pHYs");
        // 300 dpi = 11811 pixels per metre.
        assert_eq!(u32::from_be_bytes(png[41..45].try_into().unwrap()), 11811);
        let back = tiny_skia::Pixmap::decode_png(&png).unwrap();
        assert_eq!((back.width(), back.height()), (3, 2));
    }
}
