//! The sample maps, compiled into the binary so an installed editor has them wherever it
//! runs: the island it opens when no file is given (`maps/island.ron`, read by `io` like
//! any file; `OpenMap::sample` wraps it), and every file of the repository's `maps/`
//! folder (maps and their tile art) for File → Open sample. A browser keeps them in the
//! page's storage; the desktop writes them once to a folder of the app's data folder and
//! opens them from there as files, so their tile art is found beside them.
//!
//! `maps/` at the repository's root stays their one home (the README's command, the docs
//! and the tests name those files): no copy inside the crate to drift, no link that a
//! Windows checkout turns into a text file. The crate is not published (`publish = false`),
//! so embedding from outside its folder costs nothing.

use hexmap_io::{Form, FormatError};
use hexmap_map::HexMap;
use std::path::PathBuf;

/// The sample's RON text.
const ISLAND: &str = include_str!("../../../../maps/island.ron");

/// The bundled sample map and the form it is written in.
pub fn island() -> Result<(HexMap, Form), FormatError> {
    hexmap_io::from_str(ISLAND)
}

/// The sample maps ([`BUNDLED`]) as files of the platform's storage, sorted by name.
/// Opened as files, so their tile art is found beside them.
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

/// The desktop's sample maps: the [`BUNDLED`] files written to [`desktop_folder`] (once:
/// a file already there with the same bytes is left alone), the maps among them sorted by
/// name; none when the folder cannot be written.
pub fn desktop_samples() -> Vec<PathBuf> {
    let Some(folder) = desktop_folder() else {
        return Vec::new();
    };
    let mut maps = Vec::new();
    for (name, bytes) in BUNDLED {
        let path = folder.join(name);
        let same = std::fs::read(&path).is_ok_and(|old| old == *bytes);
        let written = same
            || path
                .parent()
                .is_some_and(|p| std::fs::create_dir_all(p).is_ok())
                && hexmap_io::write_atomic(&path, bytes).is_ok();
        if !written {
            return Vec::new();
        }
        if name.ends_with(".ron") {
            maps.push(path);
        }
    }
    maps.sort();
    maps
}

/// Where the desktop keeps its copies of the samples: `samples-VERSION` in the app's data
/// folder (else the temporary folder), one per version so a newer editor brings its own.
pub fn desktop_folder() -> Option<PathBuf> {
    let base = crate::files::storage::data_dir().unwrap_or_else(std::env::temp_dir);
    Some(base.join(format!("samples-{}", env!("CARGO_PKG_VERSION"))))
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

    /// File → Open sample on the desktop lists every bundled map wherever the editor runs
    /// (these tests run in the crate's folder, which has no `maps/`), as files with their
    /// tile art beside them.
    #[test]
    fn the_desktop_lists_every_bundled_map_as_a_file_with_its_art() {
        let listed = crate::files::storage::current().samples();
        let names: Vec<String> = listed
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        let mut bundled: Vec<&str> = BUNDLED
            .iter()
            .map(|(n, _)| *n)
            .filter(|n| n.ends_with(".ron"))
            .collect();
        bundled.sort();
        assert_eq!(names, bundled);
        let hexcrawl = listed.iter().find(|p| p.ends_with("hexcrawl.ron")).unwrap();
        let doc = OpenMap::load(hexcrawl).unwrap();
        let folder = hexcrawl.parent().unwrap();
        let art: Vec<String> = doc
            .map()
            .palette()
            .terrains()
            .iter()
            .flat_map(|t| t.art.images.clone())
            .collect();
        assert!(!art.is_empty(), "the hexcrawl names tile art");
        for image in art {
            assert!(folder.join(&image).is_file(), "{image} beside the map");
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
