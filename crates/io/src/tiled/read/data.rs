//! Tile layer data: CSV, base64 (raw, zlib or gzip) and lists of ids (TMJ arrays, TMX
//! `<tile>` elements), each checked against the layer's size and stripped of Tiled's flip
//! and rotation flags. Decompression stops one tile past the layer's size, so a
//! compression bomb costs no more memory than an honest layer.

use super::{Ctx, MAX_IMPORT_CELLS, TiledError};
use base64::Engine;
use std::io::Read;

/// Largest decompressed layer data we accept, in bytes (4 bytes per cell).
const MAX_LAYER_BYTES: u64 = MAX_IMPORT_CELLS * 4;
/// The flip and rotation flags Tiled keeps in a gid's top bits.
const GID_FLAGS: u32 = 0xF000_0000;

fn length_error(ctx: &Ctx, layer: &str, found: usize, expected: usize) -> TiledError {
    TiledError::DataLength {
        file: ctx.file.clone(),
        layer: layer.into(),
        found,
        expected,
    }
}

fn data_error(ctx: &Ctx, layer: &str, why: String) -> TiledError {
    TiledError::Data {
        file: ctx.file.clone(),
        layer: layer.into(),
        why,
    }
}

/// CSV tile ids (a trailing comma allowed).
pub(super) fn csv(
    ctx: &Ctx,
    layer: &str,
    text: &str,
    expected: usize,
) -> Result<Vec<u32>, TiledError> {
    let mut out = Vec::with_capacity(expected.min(MAX_IMPORT_CELLS as usize));
    for (i, item) in text.split(',').enumerate() {
        let item = item.trim();
        if item.is_empty() && i > 0 && out.len() == expected {
            continue; // a trailing comma
        }
        let gid: u32 = item.parse().map_err(|_| {
            data_error(
                ctx,
                layer,
                format!("CSV item {} is '{item}', not a tile id", i + 1),
            )
        })?;
        if out.len() >= expected {
            let found = text.split(',').filter(|s| !s.trim().is_empty()).count();
            return Err(length_error(ctx, layer, found, expected));
        }
        out.push(gid & !GID_FLAGS);
    }
    if out.len() != expected {
        return Err(length_error(ctx, layer, out.len(), expected));
    }
    Ok(out)
}

/// Base64 tile ids, little-endian u32s, optionally zlib- or gzip-compressed.
pub(super) fn base64(
    ctx: &Ctx,
    layer: &str,
    text: &str,
    compression: Option<&str>,
    expected: usize,
) -> Result<Vec<u32>, TiledError> {
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let raw = base64::engine::general_purpose::STANDARD
        .decode(cleaned.as_bytes())
        .map_err(|e| data_error(ctx, layer, format!("bad base64: {e}")))?;
    let bytes = match compression.unwrap_or("") {
        "" => raw,
        "zlib" => inflate(flate2::read::ZlibDecoder::new(&raw[..]), expected)
            .map_err(|why| data_error(ctx, layer, why))?,
        "gzip" => inflate(flate2::read::GzDecoder::new(&raw[..]), expected)
            .map_err(|why| data_error(ctx, layer, why))?,
        other => {
            return Err(data_error(
                ctx,
                layer,
                format!("compression '{other}' is not supported (use CSV, zlib or gzip)"),
            ));
        }
    };
    if bytes.len() % 4 != 0 || bytes.len() / 4 != expected {
        return Err(length_error(ctx, layer, bytes.len() / 4, expected));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) & !GID_FLAGS)
        .collect())
}

/// Inflate at most one tile more than the layer holds.
fn inflate(mut reader: impl Read, tiles: usize) -> Result<Vec<u8>, String> {
    let limit = (tiles as u64).min(MAX_LAYER_BYTES / 4) * 4;
    let mut out = Vec::new();
    reader
        .by_ref()
        .take(limit + 4)
        .read_to_end(&mut out)
        .map_err(|e| format!("decompression failed: {e}"))?;
    if out.len() as u64 > limit {
        return Err(format!(
            "decompressed data is longer than the layer's {tiles} tiles"
        ));
    }
    Ok(out)
}

/// One item of a list of ids: the id, or the text of an item that is not one.
pub(super) type ListItem = Result<u32, String>;

/// A list of tile ids, one item per cell (a TMJ array, TMX `<tile>` elements).
pub(super) fn list(
    ctx: &Ctx,
    layer: &str,
    items: impl ExactSizeIterator<Item = ListItem>,
    expected: usize,
) -> Result<Vec<u32>, TiledError> {
    if items.len() != expected {
        return Err(length_error(ctx, layer, items.len(), expected));
    }
    items
        .enumerate()
        .map(|(i, item)| {
            item.map(|gid| gid & !GID_FLAGS).map_err(|text| {
                data_error(
                    ctx,
                    layer,
                    format!("item {} is {text}, not a tile id", i + 1),
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoResources;

    fn ctx() -> Ctx<'static> {
        Ctx::new("t.tmx", &NoResources)
    }

    #[test]
    fn csv_strips_flags_and_allows_a_trailing_comma() {
        let flipped = 0x8000_0002u32;
        assert_eq!(
            csv(&ctx(), "l", &format!("1,\n{flipped},0,"), 3).unwrap(),
            [1, 2, 0]
        );
        let e = csv(&ctx(), "l", "1,2,3", 2).unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.tmx: layer 'l' has 3 tiles; expected 2 (width × height)"
        );
        let e = csv(&ctx(), "l", "1,x", 2).unwrap_err();
        assert!(e.to_string().contains("CSV item 2 is 'x'"), "{e}");
    }

    #[test]
    fn base64_reads_raw_zlib_and_gzip() {
        use std::io::Write;
        let raw: Vec<u8> = [3u32, 0, 0x4000_0001]
            .iter()
            .flat_map(|g| g.to_le_bytes())
            .collect();
        let enc = |b: &[u8]| base64::engine::general_purpose::STANDARD.encode(b);
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(&raw).unwrap();
        let mut g = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        g.write_all(&raw).unwrap();
        for (text, compression) in [
            (enc(&raw), None),
            (enc(&z.finish().unwrap()), Some("zlib")),
            (enc(&g.finish().unwrap()), Some("gzip")),
        ] {
            assert_eq!(
                base64(&ctx(), "l", &text, compression, 3).unwrap(),
                [3, 0, 1]
            );
        }
        let e = base64(&ctx(), "l", &enc(&raw), Some("zstd"), 3).unwrap_err();
        assert!(e.to_string().contains("'zstd' is not supported"), "{e}");
        let e = base64(&ctx(), "l", &enc(&raw), None, 4).unwrap_err();
        assert!(matches!(e, TiledError::DataLength { found: 3, .. }), "{e}");
    }

    #[test]
    fn lists_check_length_and_items() {
        let items = || vec![Ok(1), Ok(0x2000_0005), Err("\"x\"".to_string())];
        let e = list(&ctx(), "l", items().into_iter(), 2).unwrap_err();
        assert!(matches!(e, TiledError::DataLength { found: 3, .. }), "{e}");
        let e = list(&ctx(), "l", items().into_iter(), 3).unwrap_err();
        assert!(
            e.to_string().contains("item 3 is \"x\", not a tile id"),
            "{e}"
        );
        let ok = list(&ctx(), "l", items().into_iter().take(2), 2).unwrap();
        assert_eq!(ok, [1, 5]);
    }
}
