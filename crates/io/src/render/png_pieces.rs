//! PNG image data compressed on every core: the picture's rows are cut into pieces of a
//! fixed size, and each piece is filtered and deflated on its own thread. A piece ends with
//! a sync flush (byte-aligned, not final), so the pieces laid end to end are one deflate
//! stream; its zlib checksum is the pieces' Adler-32 sums combined. The pieces' size does
//! not depend on the machine, so the same picture gives the same file everywhere.
//!
//! Deflate levels only: the `fastest` choice's fdeflate writes whole streams, and stays
//! on one thread in [`super::png_encode`].

use super::PictureError;
use hexmap_map::steps::pause;
use std::io::Write;
use tiny_skia::Pixmap;

/// Rows are compressed in pieces of about this many pixels (1 MB of RGBA): small enough
/// for a browser's frame between two pieces, large enough that restarting the deflate
/// window (32 KB) at a piece's start costs nothing visible in size.
const PIXELS_PER_PIECE: usize = 1 << 18;

/// IDAT chunks carry at most this many bytes each.
const IDAT_BYTES: usize = 1 << 20;

/// The zlib-wrapped, filtered image data of `pixmap` (8-bit RGBA, straight alpha) deflated
/// at `level` (1–9), on up to `threads` threads at a time (one: no thread is started, as in
/// a browser); `progress` gets the share of rows done after each round of pieces, and the
/// work pauses there ([`pause`]).
pub(super) async fn zlib_image_data(
    pixmap: &Pixmap,
    level: u32,
    threads: usize,
    progress: &mut dyn FnMut(f32),
) -> Result<Vec<u8>, PictureError> {
    zlib_in_pieces(pixmap, level, threads, PIXELS_PER_PIECE, progress).await
}

/// [`zlib_image_data`] with pieces of about `pixels_per_piece` pixels.
async fn zlib_in_pieces(
    pixmap: &Pixmap,
    level: u32,
    threads: usize,
    pixels_per_piece: usize,
    progress: &mut dyn FnMut(f32),
) -> Result<Vec<u8>, PictureError> {
    let width = pixmap.width() as usize;
    let height = pixmap.height() as usize;
    let threads = threads.max(1);
    let rows_per_piece = (pixels_per_piece / width.max(1)).max(1);
    let pieces: Vec<std::ops::Range<usize>> = (0..height)
        .step_by(rows_per_piece)
        .map(|first| first..(first + rows_per_piece).min(height))
        .collect();
    let mut out = vec![0x78, if level <= 5 { 0x5E } else { 0x9C }];
    let mut adler = 1u32;
    let mut workers: Vec<Worker> = (0..threads.min(pieces.len().max(1)))
        .map(|_| Worker::new(level))
        .collect();
    for batch in pieces.chunks(threads) {
        let results: Vec<std::io::Result<Summed>> = if threads == 1 {
            workers
                .iter_mut()
                .zip(batch)
                .map(|(worker, rows)| worker.compress(pixmap, rows.clone(), rows.end == height))
                .collect()
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = workers
                    .iter_mut()
                    .zip(batch)
                    .map(|(worker, rows)| {
                        let last = rows.end == height;
                        scope.spawn(move || worker.compress(pixmap, rows.clone(), last))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| {
                        h.join().unwrap_or_else(|_| {
                            Err(std::io::Error::other("a compressing thread failed"))
                        })
                    })
                    .collect()
            })
        };
        for (worker, summed) in workers.iter_mut().zip(results) {
            let summed = summed.map_err(|e| PictureError::Encode(e.to_string()))?;
            worker
                .take_deflated(&mut out)
                .map_err(|e| PictureError::Encode(e.to_string()))?;
            adler = adler32_combine(adler, summed.adler, summed.len);
        }
        let done = batch.last().map_or(height, |rows| rows.end);
        progress(done as f32 / height.max(1) as f32);
        pause().await;
    }
    if pieces.is_empty() {
        // No rows: an empty final block.
        out.extend_from_slice(&[0x03, 0x00]);
    }
    out.extend_from_slice(&adler.to_be_bytes());
    Ok(out)
}

/// A PNG of `width` × `height` RGBA pixels whose image data is `zlib` (a whole zlib stream
/// of filtered rows): the signature and IHDR as the `png` crate writes them, `zlib` in
/// IDAT chunks, then IEND.
pub(super) fn png_with_image_data(
    width: u32,
    height: u32,
    zlib: &[u8],
) -> Result<Vec<u8>, PictureError> {
    let failed = |e: png::EncodingError| PictureError::Encode(e.to_string());
    let mut data = Vec::with_capacity(zlib.len() + 1024);
    let mut encoder = png::Encoder::new(&mut data, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(failed)?;
    for chunk in zlib.chunks(IDAT_BYTES) {
        writer
            .write_chunk(png::chunk::IDAT, chunk)
            .map_err(failed)?;
    }
    writer.finish().map_err(failed)?;
    Ok(data)
}

/// The Adler-32 sum of a piece's filtered bytes, and how many there were.
struct Summed {
    adler: u32,
    len: u64,
}

/// What one thread keeps from piece to piece: its row buffers and its deflate state, so a
/// piece allocates (and faults in) no fresh memory.
struct Worker {
    current: Vec<u8>,
    previous: Vec<u8>,
    filtered: Vec<u8>,
    scratch: FilterScratch,
    /// Raw deflate into its own buffer: a piece's blocks, ending in a sync flush (or the
    /// final block, for the last piece), until [`Worker::take_deflated`].
    encoder: flate2::write::DeflateEncoder<Vec<u8>>,
}

impl Worker {
    fn new(level: u32) -> Self {
        Worker {
            current: Vec::new(),
            previous: Vec::new(),
            filtered: Vec::new(),
            scratch: FilterScratch {
                trying: Vec::new(),
                best: Vec::new(),
            },
            encoder: flate2::write::DeflateEncoder::new(
                Vec::new(),
                flate2::Compression::new(level),
            ),
        }
    }

    /// Filter and deflate `rows` of `pixmap` (`last`: the picture's last piece, which
    /// ends the deflate stream).
    fn compress(
        &mut self,
        pixmap: &Pixmap,
        rows: std::ops::Range<usize>,
        last: bool,
    ) -> std::io::Result<Summed> {
        let width = pixmap.width() as usize;
        let straight_row = |y: usize, into: &mut Vec<u8>| {
            into.clear();
            for p in &pixmap.pixels()[y * width..(y + 1) * width] {
                let c = if p.alpha() == 255 {
                    [p.red(), p.green(), p.blue(), 255]
                } else {
                    let c = p.demultiply();
                    [c.red(), c.green(), c.blue(), c.alpha()]
                };
                into.extend_from_slice(&c);
            }
        };
        match rows.start {
            0 => {
                self.previous.clear();
                self.previous.resize(4 * width, 0);
            }
            first => straight_row(first - 1, &mut self.previous),
        }
        self.filtered.clear();
        for y in rows {
            straight_row(y, &mut self.current);
            filter_row(
                &self.current,
                &self.previous,
                &mut self.scratch,
                &mut self.filtered,
            );
            std::mem::swap(&mut self.current, &mut self.previous);
        }
        self.encoder.write_all(&self.filtered)?;
        if last {
            self.encoder.try_finish()?;
        } else {
            self.encoder.flush()?;
        }
        Ok(Summed {
            adler: simd_adler32::adler32(&self.filtered.as_slice()),
            len: self.filtered.len() as u64,
        })
    }

    /// Append the last piece's deflated bytes to `out`, and start a fresh stream state
    /// for the next piece (keeping the buffer).
    fn take_deflated(&mut self, out: &mut Vec<u8>) -> std::io::Result<()> {
        out.extend_from_slice(self.encoder.get_ref());
        self.encoder.get_mut().clear();
        let buffer = std::mem::take(self.encoder.get_mut());
        self.encoder.reset(buffer)?;
        Ok(())
    }
}

/// Buffers for [`filter_row`]: a filter's bytes being tried, and the best so far.
struct FilterScratch {
    trying: Vec<u8>,
    best: Vec<u8>,
}

/// Append `row` filtered as PNG's adaptive heuristic does: of the five filters, the one
/// whose bytes, read as signed, sum smallest in size (its type byte first; the first
/// tried wins a tie). `above` is the previous row (zeros for the first). Each filter is a
/// loop over zipped slices, which the compiler turns into vector code.
fn filter_row(row: &[u8], above: &[u8], scratch: &mut FilterScratch, out: &mut Vec<u8>) {
    let n = row.len();
    let head = BPP.min(n);
    scratch.trying.resize(n, 0);
    scratch.best.resize(n, 0);
    let mut best = (score(row), 0u8);
    scratch.best.copy_from_slice(row);
    for kind in 1..=4u8 {
        let t = &mut scratch.trying[..n];
        let (t_head, t_rest) = t.split_at_mut(head);
        let (left, rest) = (&row[..n - head], &row[head..]);
        let (up_left, up) = (&above[..n - head], &above[head..]);
        match kind {
            1 => {
                t_head.copy_from_slice(&row[..head]);
                for ((o, &x), &a) in t_rest.iter_mut().zip(rest).zip(left) {
                    *o = x.wrapping_sub(a);
                }
            }
            2 => {
                for ((o, &x), &b) in t.iter_mut().zip(row).zip(above) {
                    *o = x.wrapping_sub(b);
                }
            }
            3 => {
                for ((o, &x), &b) in t_head.iter_mut().zip(&row[..head]).zip(&above[..head]) {
                    *o = x.wrapping_sub(b >> 1);
                }
                for (((o, &x), &a), &b) in t_rest.iter_mut().zip(rest).zip(left).zip(up) {
                    *o = x.wrapping_sub(((u16::from(a) + u16::from(b)) >> 1) as u8);
                }
            }
            _ => {
                for ((o, &x), &b) in t_head.iter_mut().zip(&row[..head]).zip(&above[..head]) {
                    *o = x.wrapping_sub(b);
                }
                for ((((o, &x), &a), &b), &c) in
                    t_rest.iter_mut().zip(rest).zip(left).zip(up).zip(up_left)
                {
                    *o = x.wrapping_sub(paeth(a, b, c));
                }
            }
        }
        let s = score(t);
        if s < best.0 {
            best = (s, kind);
            std::mem::swap(&mut scratch.trying, &mut scratch.best);
        }
    }
    out.push(best.1);
    out.extend_from_slice(&scratch.best[..n]);
}

/// Bytes per pixel: 8-bit RGBA.
const BPP: usize = 4;

/// The adaptive heuristic's cost of filtered bytes: their sizes read as signed.
fn score(bytes: &[u8]) -> u32 {
    bytes
        .iter()
        .map(|&b| u32::from((b as i8).unsigned_abs()))
        .sum()
}

/// PNG's Paeth predictor: of left, above and upper left, the one nearest `a + b - c`
/// (ties in that order). Written without branches, for vector code.
#[inline(always)]
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let (ia, ib, ic) = (i16::from(a), i16::from(b), i16::from(c));
    let pa = (ib - ic).abs();
    let pb = (ia - ic).abs();
    let pc = (ia + ib - 2 * ic).abs();
    let b_or_c = if pb <= pc { b } else { c };
    if pa <= pb && pa <= pc { a } else { b_or_c }
}

/// The Adler-32 of two byte runs laid end to end, from each run's sum and the second's
/// length (as zlib's `adler32_combine`).
fn adler32_combine(first: u32, second: u32, second_len: u64) -> u32 {
    const BASE: u64 = 65_521;
    let rem = second_len % BASE;
    let (a1, b1) = (u64::from(first & 0xffff), u64::from(first >> 16));
    let (a2, b2) = (u64::from(second & 0xffff), u64::from(second >> 16));
    let a = (a1 + a2 + BASE - 1) % BASE;
    let b = (rem * a1 % BASE + b1 + b2 + BASE - rem) % BASE;
    (a | (b << 16)) as u32
}

#[cfg(test)]
mod tests;
