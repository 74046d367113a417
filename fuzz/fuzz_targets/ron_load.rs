//! Any bytes as a map file: loading never panics, and a map that loads saves in both forms
//! and loads back equal.
#![no_main]

use hexmap::io::{Form, from_bytes, to_string};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok((map, _)) = from_bytes(data) {
        for form in [Form::Offset, Form::Cube] {
            let text = to_string(&map, form);
            let (back, read_form) = from_bytes(text.as_bytes()).expect("a saved map loads");
            assert_eq!(read_form, form);
            assert_eq!(back.properties(), map.properties());
            assert_eq!(back.shape(), map.shape());
            assert_eq!(back.palette(), map.palette());
            assert_eq!(back.terrain_layer(), map.terrain_layer());
            assert_eq!(back.mine_layer(), map.mine_layer());
            assert_eq!(back.notes(), map.notes());
        }
    }
});
