//! The bundled sample map the editor opens when no file is given: `maps/island.ron`,
//! compiled into the binary and read by `io` like any file (`OpenMap::sample` wraps it).

use hexmap_io::{Form, FormatError};
use hexmap_map::HexMap;

/// The sample's RON text.
const ISLAND: &str = include_str!("../../../maps/island.ron");

/// The bundled sample map and the form it is written in.
pub fn island() -> Result<(HexMap, Form), FormatError> {
    hexmap_io::from_str(ISLAND)
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
