//! PNG encoding of a drawn picture in pieces of rows, pausing between them
//! ([`hexmap_map::steps::pause`]), so encoding a large picture does not hold a browser frame.

use super::{PictureError, PngCompression, png_pieces};
use hexmap_map::steps::pause;
use std::io::Write;
use tiny_skia::Pixmap;

/// About this many pixels are converted and compressed between two pauses.
const PIXELS_PER_PIECE: usize = 1 << 18;

/// `pixmap` as PNG bytes (8-bit RGBA, straight alpha as PNG wants; the pixmap holds
/// premultiplied colours), compressed as `compression` says: at a deflate level, in pieces
/// on every core ([`png_pieces`]); `fastest` (fdeflate) as one stream. `progress` gets the share of
/// rows written.
pub(super) async fn encode(
    pixmap: &Pixmap,
    compression: PngCompression,
    progress: &mut dyn FnMut(f32),
) -> Result<Vec<u8>, PictureError> {
    if let Some(level) = compression.deflate_level() {
        let zlib =
            png_pieces::zlib_image_data(pixmap, level, super::strips::threads(), progress).await?;
        return png_pieces::png_with_image_data(pixmap.width(), pixmap.height(), &zlib);
    }
    let failed = |e: png::EncodingError| PictureError::Encode(e.to_string());
    let width = pixmap.width() as usize;
    let rows_per_piece = (PIXELS_PER_PIECE / width).max(1);
    let pixels = pixmap.pixels();
    let mut data = Vec::new();
    let mut encoder = png::Encoder::new(&mut data, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(compression.deflate());
    let mut writer = encoder.write_header().map_err(failed)?;
    let mut stream = writer.stream_writer().map_err(failed)?;
    let mut straight = Vec::with_capacity(4 * width * rows_per_piece);
    for (done, piece) in pixels.chunks(width * rows_per_piece).enumerate() {
        straight.clear();
        for pixel in piece {
            let c = pixel.demultiply();
            straight.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
        stream
            .write_all(&straight)
            .map_err(|e| PictureError::Encode(e.to_string()))?;
        let rows = ((done + 1) * rows_per_piece).min(pixmap.height() as usize);
        progress(rows as f32 / pixmap.height() as f32);
        pause().await;
    }
    stream.finish().map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_map::steps::block_on;

    #[test]
    fn decodes_to_the_straight_colours_of_every_pixel_at_every_compression() {
        // Tall enough for several pieces: 3 columns × 700,000 rows, 8 pieces of 2^18 pixels.
        let (w, h) = (3u32, 700_000u32);
        let mut pixmap = Pixmap::new(w, h).unwrap();
        pixmap.fill(tiny_skia::Color::from_rgba8(200, 100, 50, 128));
        let straight_row_end = tiny_skia::Color::from_rgba8(10, 20, 30, 255);
        pixmap.fill_rect(
            tiny_skia::Rect::from_xywh(2.0, (h - 1) as f32, 1.0, 1.0).unwrap(),
            &tiny_skia::Paint {
                shader: tiny_skia::Shader::SolidColor(straight_row_end),
                ..Default::default()
            },
            tiny_skia::Transform::identity(),
            None,
        );
        for compression in PngCompression::ALL {
            let mut shares = Vec::new();
            let png = block_on(encode(&pixmap, compression, &mut |s| shares.push(s))).unwrap();
            assert!(shares.len() >= 3, "reported piece by piece: {shares:?}");
            assert_eq!(shares.last(), Some(&1.0));
            // Decode with the reference path: tiny-skia's own decoder.
            let back = Pixmap::decode_png(&png).unwrap();
            assert_eq!((back.width(), back.height()), (w, h));
            // Same premultiplied pixels as tiny-skia's own encoder gives after a round trip.
            let reference = Pixmap::decode_png(&pixmap.encode_png().unwrap()).unwrap();
            assert_eq!(back.data(), reference.data(), "{compression}");
            let last = back.pixel(2, h - 1).unwrap().demultiply();
            assert_eq!((last.red(), last.green(), last.blue()), (10, 20, 30));
        }
    }
}
