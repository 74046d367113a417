//! Any text as a Tiled map (TMX or TMJ), with any bytes as its tileset or images: reading
//! and turning it into a map never panics.
#![no_main]

use hexmap::io::Resources;
use hexmap::io::tiled::{from_tiled, read_tiled};
use libfuzzer_sys::fuzz_target;

/// Every resource the map names reads as the same fuzzed bytes.
struct Same<'a>(&'a [u8]);

impl Resources for Same<'_> {
    fn read(&self, _path: &str) -> Result<Vec<u8>, String> {
        Ok(self.0.to_vec())
    }
}

fuzz_target!(|data: &[u8]| {
    // First byte splits the input into the map text and the resource bytes.
    let Some((&split, rest)) = data.split_first() else { return };
    let cut = (usize::from(split) * rest.len()) / 256;
    let (text, resource) = rest.split_at(cut);
    let Ok(text) = std::str::from_utf8(text) else { return };
    if let Ok(doc) = read_tiled(text, "fuzz.tmx", &Same(resource)) {
        let _ = from_tiled(&doc);
    }
});
