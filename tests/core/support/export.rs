//! Writing a map in a named format as `hexmap export` does (through the format registry,
//! default options), panicking with the path on failure: the one helper the file-format
//! tests share.

use hexmap::io::format::{WriteOptions, by_name, write_path};
use hexmap::map::HexMap;
use std::path::Path;

/// Write `map` as `format` (`json`, `tmx`, `tmj`, `csv` …) to `path`.
pub fn export_as(map: &HexMap, format: &str, path: &Path) {
    write_path(
        map,
        None,
        by_name(format).unwrap(),
        &WriteOptions::default(),
        path,
        &mut |_| {},
    )
    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}
