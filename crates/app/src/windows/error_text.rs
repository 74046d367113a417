//! Errors as the editor shows them. The libraries' errors keep the hexes they are about
//! and leave them out of their own text; here every such hex is named as the status bar
//! names it — the map's offset kind, said ("odd-r 4,2") — through `HexError::describe`.

use crate::open_map::OpenMap;
use hexmap_map::{EditError, HexError};
use hexmap_mines::{GenerateError, SolveError};

/// The message of a refused edit, its hexes named for the open map.
pub(crate) fn edit_error(doc: &OpenMap, error: &EditError) -> String {
    error.describe(&doc.coord_context())
}

/// The message of a mine layout that could not be generated, its start named.
pub(crate) fn generate_error(doc: &OpenMap, error: &GenerateError) -> String {
    error.describe(&doc.coord_context())
}

/// The message of a fairness check that could not run, its start named.
pub(crate) fn solve_error(doc: &OpenMap, error: &SolveError) -> String {
    error.describe(&doc.coord_context())
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_map::MapError;
    use hexmap_map::layers::MAX_NOTE_LEN;

    #[test]
    fn a_refused_note_names_its_hex_as_the_status_bar_does() {
        let doc = OpenMap::sample();
        let h = doc.map().shape().iter().nth(45).unwrap();
        let error = EditError::Map(MapError::NoteTooLong {
            hex: h,
            len: MAX_NOTE_LEN + 1,
        });
        let text = edit_error(&doc, &error);
        assert!(text.contains(&doc.hex_name(h)), "{text}");
        assert!(!text.contains(&h.to_string()), "{text}");
    }
}
