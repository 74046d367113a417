//! Inputs the fuzzers (fuzz/fuzz_targets) once crashed on, replayed through the same code
//! paths on every test run. Add a file under tests/fuzz_regressions/TARGET/ for each new
//! crash; the test for that target runs it.

use hexmap::io::Resources;
use hexmap::io::tiled::{from_tiled, read_tiled};
use std::path::Path;

fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz_regressions")
        .join(target);
    let mut v: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| {
            d.map(|e| {
                let p = e.unwrap().path();
                (
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                    std::fs::read(&p).unwrap(),
                )
            })
            .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Every resource the map names reads as the same bytes (as in the fuzz target).
struct Same<'a>(&'a [u8]);

impl Resources for Same<'_> {
    fn read(&self, _path: &str) -> Result<Vec<u8>, String> {
        Ok(self.0.to_vec())
    }
}

#[test]
fn tiled_import_crashers_are_refused_or_read() {
    let cases = inputs("tiled_import");
    assert!(!cases.is_empty());
    for (name, data) in cases {
        let Some((&split, rest)) = data.split_first() else {
            continue;
        };
        let cut = (usize::from(split) * rest.len()) / 256;
        let (text, resource) = rest.split_at(cut);
        let Ok(text) = std::str::from_utf8(text) else {
            continue;
        };
        // Before the fix this aborted the process allocating a 123 GB image.
        match read_tiled(text, &name, &Same(resource)) {
            Ok(doc) => {
                let _ = from_tiled(&doc);
            }
            Err(e) => assert!(!e.to_string().is_empty(), "{name}"),
        }
    }
}

#[test]
fn ron_load_crashers_are_refused_or_round_trip() {
    for (name, data) in inputs("ron_load") {
        if let Ok((map, _)) = hexmap::io::from_bytes(&data) {
            for form in [hexmap::io::Form::Offset, hexmap::io::Form::Cube] {
                let text = hexmap::io::to_string(&map, form);
                let (back, _) = hexmap::io::from_bytes(text.as_bytes())
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(back.terrain_layer(), map.terrain_layer(), "{name}");
            }
        }
    }
}

/// Any map the Tiled importer accepts saves in both RON forms and loads back the same (the
/// `tiled_roundtrip` target). `tmj-note-at-y-5e72`: a note object at y = 5.6e72 overflowed
/// the importer's search for the note's tile (a panic before the fix).
#[test]
fn tiled_roundtrip_crashers_import_save_and_load_back() {
    let cases = inputs("tiled_roundtrip");
    assert!(!cases.is_empty());
    for (name, data) in cases {
        let (&split, rest) = data.split_first().expect("not empty");
        let cut = (usize::from(split) * rest.len()) / 256;
        let (text, resource) = rest.split_at(cut);
        let text = std::str::from_utf8(text).expect("UTF-8 map text");
        let Ok(doc) = read_tiled(text, &name, &Same(resource)) else {
            continue;
        };
        let Ok((map, _)) = from_tiled(&doc) else {
            continue;
        };
        for form in [hexmap::io::Form::Offset, hexmap::io::Form::Cube] {
            let saved = hexmap::io::to_string(&map, form);
            let (back, _) =
                hexmap::io::from_str(&saved).unwrap_or_else(|e| panic!("{name}, {form}: {e}"));
            assert_eq!(back, map, "{name}, {form}");
        }
    }
}
