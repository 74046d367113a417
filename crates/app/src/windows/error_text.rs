//! Errors as the editor shows them. The libraries' errors keep the hexes they are about;
//! here every such hex is named as the status bar names it — the map's offset kind, said
//! ("odd-r 4,2") — never as the cube numbers a library's own message prints.

use crate::open_map::OpenMap;
use hexmap_hex::Hex;
use hexmap_map::minesweeper::{GenerateError, SolveError};
use hexmap_map::{EditError, MapError};

/// The message of a refused edit, its hexes named for the open map.
pub(crate) fn edit_error(doc: &OpenMap, error: &EditError) -> String {
    let hexes: Vec<Hex> = match error {
        EditError::Map(map) => map_error_hexes(map),
        _ => Vec::new(),
    };
    named(doc, error.to_string(), &hexes)
}

/// The message of a mine layout that could not be generated, its start named.
pub(crate) fn generate_error(doc: &OpenMap, error: &GenerateError) -> String {
    let hexes = match error {
        GenerateError::StartOffBoard(h) => vec![*h],
        _ => Vec::new(),
    };
    named(doc, error.to_string(), &hexes)
}

/// The message of a fairness check that could not run, its start named.
pub(crate) fn solve_error(doc: &OpenMap, error: &SolveError) -> String {
    let hex = match error {
        SolveError::StartOffBoard(h) | SolveError::StartIsMine(h) => *h,
    };
    named(doc, error.to_string(), &[hex])
}

/// The hexes a map-level error is about.
fn map_error_hexes(error: &MapError) -> Vec<Hex> {
    match error {
        MapError::OutsideShape(h) => vec![*h],
        MapError::NoteTooLong { hex, .. }
        | MapError::PathOutsideShape { hex, .. }
        | MapError::BadIcon { hex, .. }
        | MapError::NoSuchIcon { hex, .. } => vec![*hex],
        MapError::NotNeighbours(a, b) => vec![*a, *b],
        MapError::Party(hexmap_map::fog::PartyError::OutsideShape(h)) => vec![*h],
        _ => Vec::new(),
    }
}

/// `message` with each of `hexes`, as the library printed it, renamed for the open map.
fn named(doc: &OpenMap, mut message: String, hexes: &[Hex]) -> String {
    for &h in hexes {
        message = message.replace(&h.to_string(), &doc.hex_name(h));
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;
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
