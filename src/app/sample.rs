//! The bundled sample map the editor opens when no file is given: `maps/island.ron`,
//! compiled into the binary and read by `io` like any file.

use super::doc::{Doc, FileForm, NewMapSpec};

/// The sample's RON text.
const ISLAND: &str = include_str!("../../maps/island.ron");

/// The sample document (clean, no file). Falls back to a blank map should the bundled
/// text ever fail to load (a test keeps it loading).
pub fn sample_doc() -> Doc {
    match crate::io::from_str(ISLAND) {
        Ok((map, form)) => {
            let mut doc = Doc::from_map(map);
            if form == crate::io::Form::Cube {
                doc.set_form(FileForm::Cube);
            }
            doc
        }
        Err(_) => Doc::new_map(&NewMapSpec::default()).expect("default spec is valid"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_sample_loads() {
        let (map, _) = crate::io::from_str(ISLAND).expect("bundled sample parses");
        assert!(map.cell_count() > 100);
        let doc = sample_doc();
        assert_eq!(doc.map().name(), map.name());
        assert!(!doc.is_modified());
    }
}
