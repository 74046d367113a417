//! The bundled sample map the editor opens when no file is given: `maps/island.ron`,
//! compiled into the binary and read by `io` like any file (`OpenMap::sample` wraps it);
//! and the sample files of a checkout's `maps/` folder, for File → Open sample.

use hexmap_io::{Form, FormatError};
use hexmap_map::HexMap;
use std::path::PathBuf;

/// The sample's RON text.
const ISLAND: &str = include_str!("../../../maps/island.ron");

/// The bundled sample map and the form it is written in.
pub fn island() -> Result<(HexMap, Form), FormatError> {
    hexmap_io::from_str(ISLAND)
}

/// The sample maps of a checkout: `maps/*.ron` under the working folder, sorted by name
/// (empty elsewhere). Opened as files, so their tile art is found beside them.
pub fn folder_samples() -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir("maps") else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::open_map::OpenMap;

    #[test]
    fn bundled_sample_loads() {
        let (map, _) = island().expect("bundled sample parses");
        assert!(map.cell_count() > 100);
        let doc = OpenMap::sample();
        assert_eq!(doc.map().name(), map.name());
        assert!(!doc.is_modified());
    }
}
