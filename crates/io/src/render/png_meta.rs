//! Chunks hexmap adds to a PNG after its header: a text chunk stating the world → pixel
//! transform (so a game can lay the picture under its own hexes), and the print resolution.

/// The keyword of the `tEXt` chunk that holds the transform as JSON.
pub const TRANSFORM_KEY: &str = "hexmap-transform";

/// Signature (8) + IHDR (4 length + 4 type + 13 data + 4 CRC).
const AFTER_IHDR: usize = 33;

/// `png` with a chunk of type `kind` holding `data` inserted after the header chunk
/// (`png` unchanged when it has no header chunk there).
pub fn insert_chunk(png: Vec<u8>, kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    if png.len() < AFTER_IHDR || &png[12..16] != b"IHDR" {
        return png;
    }
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    let mut out = Vec::with_capacity(png.len() + data.len() + 12);
    out.extend_from_slice(&png[..AFTER_IHDR]);
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc.sum().to_be_bytes());
    out.extend_from_slice(&png[AFTER_IHDR..]);
    out
}

/// `png` with a `tEXt` chunk `keyword` = `text` (both plain ASCII here).
pub fn with_text(png: Vec<u8>, keyword: &str, text: &str) -> Vec<u8> {
    let mut data = Vec::with_capacity(keyword.len() + 1 + text.len());
    data.extend_from_slice(keyword.as_bytes());
    data.push(0);
    data.extend_from_slice(text.as_bytes());
    insert_chunk(png, b"tEXt", &data)
}

/// The text of the `tEXt` chunk `keyword` in `png`, if there is one (how a reader finds
/// the transform; the tests read it back this way).
pub fn read_text(png: &[u8], keyword: &str) -> Option<String> {
    let mut at = 8;
    while at + 12 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().ok()?) as usize;
        let kind = &png[at + 4..at + 8];
        let data = png.get(at + 8..at + 8 + len)?;
        if kind == b"tEXt"
            && let Some(nul) = data.iter().position(|&b| b == 0)
            && &data[..nul] == keyword.as_bytes()
        {
            return Some(String::from_utf8_lossy(&data[nul + 1..]).into_owned());
        }
        at += 12 + len;
    }
    None
}
