use super::*;
use hexmap_map::steps::block_on;

/// A picture with flat areas, gradients, noise and translucent pixels, so that every
/// filter is the best for some rows.
fn varied_picture(width: u32, height: u32) -> Pixmap {
    let mut pixmap = Pixmap::new(width, height).unwrap();
    let mut seed = 0x2545_f491_u32;
    for (i, p) in pixmap.pixels_mut().iter_mut().enumerate() {
        let (x, y) = ((i as u32) % width, (i as u32) / width);
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let c = match (x / 16 + y / 16) % 4 {
            0 => tiny_skia::ColorU8::from_rgba(200, 120, 40, 255),
            1 => tiny_skia::ColorU8::from_rgba((x * 3) as u8, (y * 5) as u8, 90, 255),
            2 => tiny_skia::ColorU8::from_rgba(
                seed as u8,
                (seed >> 8) as u8,
                (seed >> 16) as u8,
                255,
            ),
            _ => tiny_skia::ColorU8::from_rgba(30, 90, 200, (x * 7 + y) as u8),
        };
        *p = c.premultiply();
    }
    pixmap
}

fn png_in_pieces(pixmap: &Pixmap, level: u32, threads: usize, pixels_per_piece: usize) -> Vec<u8> {
    let mut shares = Vec::new();
    let zlib = block_on(zlib_in_pieces(
        pixmap,
        level,
        threads,
        pixels_per_piece,
        &mut |s| shares.push(s),
    ))
    .unwrap();
    assert_eq!(
        shares.last(),
        Some(&1.0),
        "the last round reports all rows done"
    );
    assert!(shares.windows(2).all(|w| w[0] < w[1]), "{shares:?}");
    png_with_image_data(pixmap.width(), pixmap.height(), &zlib).unwrap()
}

#[test]
fn pieces_decode_to_every_pixel_and_the_file_does_not_depend_on_the_threads() {
    let pixmap = varied_picture(157, 211);
    // tiny-skia's own encoder and decoder give the reference pixels (straight alpha
    // rounds a translucent pixel's colour, the same both ways).
    let reference = Pixmap::decode_png(&pixmap.encode_png().unwrap()).unwrap();
    for level in [2, 6] {
        // Pieces of 5 rows and a bit (the last piece shorter), and one piece for all.
        let one_thread = png_in_pieces(&pixmap, level, 1, 800);
        for threads in [2, 3, 8] {
            assert_eq!(
                png_in_pieces(&pixmap, level, threads, 800),
                one_thread,
                "level {level}, {threads} threads"
            );
        }
        let back = Pixmap::decode_png(&one_thread).unwrap();
        assert_eq!((back.width(), back.height()), (157, 211));
        assert_eq!(back.data(), reference.data(), "level {level}");
        let whole = png_in_pieces(&pixmap, level, 2, usize::MAX);
        let back = Pixmap::decode_png(&whole).unwrap();
        assert_eq!(back.data(), reference.data(), "level {level}, one piece");
    }
}

#[test]
fn a_one_row_picture_and_a_one_column_picture_come_back() {
    for (w, h) in [(300, 1), (1, 300), (1, 1)] {
        let pixmap = varied_picture(w, h);
        let reference = Pixmap::decode_png(&pixmap.encode_png().unwrap()).unwrap();
        let png = png_in_pieces(&pixmap, 2, 2, 64);
        assert_eq!(
            Pixmap::decode_png(&png).unwrap().data(),
            reference.data(),
            "{w}×{h}"
        );
    }
}

#[test]
fn adler_sums_of_two_runs_combine_to_the_sum_of_both() {
    let bytes: Vec<u8> = (0..200_000u32).map(|i| (i * 7 + i / 3) as u8).collect();
    let whole = simd_adler32::adler32(&bytes.as_slice());
    // Splits at the ends, within the first 65,521 bytes, and past several multiples.
    for split in [0, 1, 3, 65_520, 65_521, 65_522, 131_042, 199_999, 200_000] {
        let (a, b) = bytes.split_at(split);
        let combined = adler32_combine(
            simd_adler32::adler32(&a),
            simd_adler32::adler32(&b),
            b.len() as u64,
        );
        assert_eq!(combined, whole, "split at {split}");
    }
}

#[test]
fn the_paeth_predictor_picks_as_the_png_specification_says() {
    // p = a + b - c; the nearest of a, b, c to p, ties in the order a, b, c.
    assert_eq!(paeth(10, 20, 10), 20); // p = 20: b exactly
    assert_eq!(paeth(20, 10, 10), 20); // p = 20: a exactly
    assert_eq!(paeth(10, 10, 20), 10); // p = 0: a and b tie at 10, a first
    assert_eq!(paeth(100, 0, 50), 50); // p = 50: a and b 50 away, c on it
    assert_eq!(paeth(0, 255, 255), 0); // p = 0: a exactly
}

/// The same picture through the `png` crate's own writer at zlib `level`, adaptive filters.
fn png_crate_size(pixmap: &Pixmap, level: u8) -> usize {
    let mut data = Vec::new();
    let mut encoder = png::Encoder::new(&mut data, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(png::DeflateCompression::Level(level));
    let mut writer = encoder.write_header().unwrap();
    let straight = crate::images::straight_rgba(pixmap);
    writer.write_image_data(&straight).unwrap();
    writer.finish().unwrap();
    data.len()
}

#[test]
fn files_are_no_larger_than_the_png_crates_own_at_the_same_level() {
    // A map-like picture: hexes of flat colour with anti-aliased edges and a grid.
    let mut pixmap = Pixmap::new(1200, 900).unwrap();
    let colours = [
        hexmap_draw::Colour::rgb(40, 90, 160),
        hexmap_draw::Colour::rgb(120, 170, 80),
        hexmap_draw::Colour::rgb(60, 110, 50),
        hexmap_draw::Colour::rgb(170, 150, 100),
    ];
    let r = 13.7_f64;
    let (dx, dy) = (3f64.sqrt() * r, 1.5 * r);
    for row in 0..(900.0 / dy) as i32 + 2 {
        for col in 0..(1200.0 / dx) as i32 + 2 {
            let cx = f64::from(col) * dx + if row % 2 == 1 { dx / 2.0 } else { 0.0 };
            let cy = f64::from(row) * dy;
            let corners = std::array::from_fn(|i| {
                let a = (60.0 * i as f64 + 30.0).to_radians();
                (cx + r * a.cos(), cy + r * a.sin())
            });
            let paint = super::super::hex_raster::HexPaint {
                fill: Some(colours[((row * 7 + col * 3) / 5 % 4) as usize]),
                outline: Some((1.2, hexmap_draw::Colour::rgba(60, 60, 60, 200))),
            };
            super::super::hex_raster::paint_hex(&mut pixmap.as_mut(), &corners, paint);
        }
    }
    for level in [2u8, 6] {
        let ours = png_in_pieces(&pixmap, u32::from(level), 2, PIXELS_PER_PIECE).len();
        let theirs = png_crate_size(&pixmap, level);
        println!("level {level}: ours {ours} bytes, the png crate's {theirs}");
        assert!(
            ours * 100 <= theirs * 102,
            "level {level}: ours {ours}, png crate {theirs}"
        );
    }
}
