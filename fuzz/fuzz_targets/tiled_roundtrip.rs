//! Any map the Tiled importer accepts can be saved and opened again: the imported map is
//! written in both RON forms, and each file loads (every check a loader makes, the same as
//! `hexmap validate`) and gives back the same map.
#![no_main]

use hexmap::io::tiled::{from_tiled, read_tiled};
use hexmap::io::{Form, Resources, from_str, to_string};
use libfuzzer_sys::fuzz_target;

/// Every resource the map names reads as the same fuzzed bytes.
struct Same<'a>(&'a [u8]);

impl Resources for Same<'_> {
    fn read(&self, _path: &str) -> Result<Vec<u8>, String> {
        Ok(self.0.to_vec())
    }
}

fuzz_target!(|data: &[u8]| {
    // First byte splits the input into the map text and the resource bytes (as in
    // tiled_import, so the two targets share a corpus).
    let Some((&split, rest)) = data.split_first() else { return };
    let cut = (usize::from(split) * rest.len()) / 256;
    let (text, resource) = rest.split_at(cut);
    let Ok(text) = std::str::from_utf8(text) else { return };
    let Ok(doc) = read_tiled(text, "fuzz.tmx", &Same(resource)) else { return };
    let Ok((map, _warnings)) = from_tiled(&doc) else { return };
    for form in [Form::Offset, Form::Cube] {
        let saved = to_string(&map, form);
        let (back, read_form) = from_str(&saved)
            .unwrap_or_else(|e| panic!("an imported map saved in {form} form does not load: {e}"));
        assert_eq!(read_form, form);
        assert_eq!(back, map, "the {form} form gives back the imported map");
    }
});
