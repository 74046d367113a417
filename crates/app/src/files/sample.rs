//! The bundled sample map the editor opens when no file is given: `maps/island.ron`,
//! compiled into the binary and read by `io` like any file (`OpenMap::sample` wraps it);
//! and the sample files of a checkout's `maps/` folder, for File → Open sample.

use hexmap_io::{Form, FormatError};
use hexmap_map::HexMap;
use std::path::PathBuf;

/// The sample's RON text.
const ISLAND: &str = include_str!("../../../../maps/island.ron");

/// The bundled sample map and the form it is written in.
pub fn island() -> Result<(HexMap, Form), FormatError> {
    hexmap_io::from_str(ISLAND)
}

/// The sample maps: on the desktop `maps/*.ron` under the working folder (as in a
/// checkout; empty elsewhere), in a browser the [`BUNDLED`] ones. Opened as files, so their
/// tile art is found beside them.
pub fn folder_samples() -> Vec<PathBuf> {
    crate::files::storage::current().samples()
}

/// Every file of the checkout's `maps/` folder (maps and their tile art), compiled in for
/// a browser, which has no folder to read them from: (path under `maps/`, bytes).
pub const BUNDLED: &[(&str, &[u8])] = &[
    (
        "hexagon-r8-cube.ron",
        include_bytes!("../../../../maps/hexagon-r8-cube.ron"),
    ),
    (
        "hexcrawl.ron",
        include_bytes!("../../../../maps/hexcrawl.ron"),
    ),
    ("island.ron", include_bytes!("../../../../maps/island.ron")),
    (
        "minesweeper-13.ron",
        include_bytes!("../../../../maps/minesweeper-13.ron"),
    ),
    (
        "subsector-traveller.ron",
        include_bytes!("../../../../maps/subsector-traveller.ron"),
    ),
    (
        "wargame-river-crossing.ron",
        include_bytes!("../../../../maps/wargame-river-crossing.ron"),
    ),
    (
        "art/forest-1.png",
        include_bytes!("../../../../maps/art/forest-1.png"),
    ),
    (
        "art/forest-2.png",
        include_bytes!("../../../../maps/art/forest-2.png"),
    ),
    (
        "art/grass-1.png",
        include_bytes!("../../../../maps/art/grass-1.png"),
    ),
    (
        "art/grass-2.png",
        include_bytes!("../../../../maps/art/grass-2.png"),
    ),
    (
        "art/hills.png",
        include_bytes!("../../../../maps/art/hills.png"),
    ),
    (
        "art/mountains.svg",
        include_bytes!("../../../../maps/art/mountains.svg"),
    ),
    (
        "art/standing-stones.svg",
        include_bytes!("../../../../maps/art/standing-stones.svg"),
    ),
    (
        "art/waves.png",
        include_bytes!("../../../../maps/art/waves.png"),
    ),
];

/// The desktop's sample maps: `maps/*.ron` under the working folder, sorted by name.
pub fn checkout_samples() -> Vec<PathBuf> {
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
    use std::path::Path;

    /// The browser's samples are the checkout's: a file added to `maps/` (or removed) must
    /// be added to [`BUNDLED`] too, and each bundled map loads.
    #[test]
    fn bundled_files_are_the_maps_folder() {
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps");
        let mut on_disk: Vec<String> = Vec::new();
        for sub in ["", "art"] {
            for entry in std::fs::read_dir(maps.join(sub)).unwrap() {
                let path = entry.unwrap().path();
                if path.is_file() {
                    let name = path.file_name().unwrap().to_string_lossy();
                    on_disk.push(if sub.is_empty() {
                        name.into_owned()
                    } else {
                        format!("{sub}/{name}")
                    });
                }
            }
        }
        on_disk.sort();
        let mut bundled: Vec<String> = BUNDLED.iter().map(|(n, _)| n.to_string()).collect();
        bundled.sort();
        assert_eq!(bundled, on_disk);
        for (name, bytes) in BUNDLED.iter().filter(|(n, _)| n.ends_with(".ron")) {
            assert_eq!(std::fs::read(maps.join(name)).unwrap(), *bytes, "{name}");
            hexmap_io::from_bytes(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }

    #[test]
    fn bundled_sample_loads() {
        let (map, _) = island().expect("bundled sample parses");
        assert!(map.cell_count() > 100);
        let doc = OpenMap::sample();
        assert_eq!(doc.map().name(), map.name());
        assert!(!doc.is_modified());
    }
}
