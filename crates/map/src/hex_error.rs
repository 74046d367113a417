//! Errors about one hex of a map, named to a person the way the map names hexes.
//!
//! A library error cannot know which notation its reader uses (the map's offset kind, XXYY
//! labels, …), so the `Display` of an error that concerns a hex never prints the hex: it
//! says what went wrong, and the error keeps the hex. A front end names the hex with
//! [`HexError::describe`] and the map's [`CoordContext`], the way every other message of
//! the editor and the CLI does ("odd-r 4,2: a note is 1,200 bytes, …").

use hexmap_hex::{CoordContext, Hex};

/// An error that may concern one hex of a map.
pub trait HexError: std::fmt::Display {
    /// The hex the error is about, when it is about one.
    fn hex(&self) -> Option<Hex>;

    /// The message for a person: the hex named as the map names it (`cx.hex_name`, e.g.
    /// "odd-r 4,2"), then what went wrong; just what went wrong when no hex is concerned.
    fn describe(&self, cx: &CoordContext) -> String {
        self.describe_with(&|h| cx.hex_name(h))
    }

    /// [`describe`](Self::describe) with the hexes named by `name`: for a front end that
    /// lets its user pick the notation (the CLI's `--coords`).
    fn describe_with(&self, name: &dyn Fn(Hex) -> String) -> String {
        match self.hex() {
            Some(h) => format!("{}: {self}", name(h)),
            None => self.to_string(),
        }
    }
}

impl HexError for crate::MapError {
    fn hex(&self) -> Option<Hex> {
        use crate::MapError as E;
        match self {
            E::OutsideShape(h) | E::NotNeighbours(h, _) => Some(*h),
            E::NoteTooLong { hex, .. }
            | E::PathOutsideShape { hex, .. }
            | E::BadIcon { hex, .. }
            | E::NoSuchIcon { hex, .. } => Some(*hex),
            E::EdgeOutsideShape(edge) => Some(edge.hexes().0),
            E::BadPath { error, .. } => error.hex(),
            E::Party(e) => e.hex(),
            E::Region(e) => e.hex(),
            _ => None,
        }
    }

    fn describe_with(&self, name: &dyn Fn(Hex) -> String) -> String {
        use crate::MapError as E;
        match self {
            E::NotNeighbours(a, b) => format!(
                "{} and {} are not neighbours, so they share no edge",
                name(*a),
                name(*b)
            ),
            E::EdgeOutsideShape(edge) => {
                let (a, b) = edge.hexes();
                let (a, b) = (name(a), name(b));
                format!("the edge between {a} and {b} is not between two cells of the map")
            }
            _ => match self.hex() {
                Some(h) => format!("{}: {self}", name(h)),
                None => self.to_string(),
            },
        }
    }
}

impl HexError for crate::EditError {
    fn hex(&self) -> Option<Hex> {
        match self {
            crate::EditError::Map(e) => e.hex(),
            _ => None,
        }
    }

    fn describe_with(&self, name: &dyn Fn(Hex) -> String) -> String {
        match self {
            crate::EditError::Map(e) => e.describe_with(name),
            _ => self.to_string(),
        }
    }
}

impl HexError for crate::PartyError {
    fn hex(&self) -> Option<Hex> {
        match self {
            crate::PartyError::OutsideShape(h) => Some(*h),
            _ => None,
        }
    }
}

impl HexError for crate::RegionError {
    fn hex(&self) -> Option<Hex> {
        match self {
            crate::RegionError::OutsideMap { hex, .. }
            | crate::RegionError::Overlap { hex, .. } => Some(*hex),
            _ => None,
        }
    }
}

impl HexError for crate::PathShapeError {
    fn hex(&self) -> Option<Hex> {
        match self {
            crate::PathShapeError::Gap { from, .. } => Some(*from),
            _ => None,
        }
    }
}

impl HexError for hexmap_hex::xxyy::LabelError {
    fn hex(&self) -> Option<Hex> {
        match self {
            hexmap_hex::xxyy::LabelError::Unlabelable { hex, .. } => Some(*hex),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CellEdit, Document, Edit};
    use hexmap_hex::{OffsetCoord, OffsetKind};

    #[test]
    fn a_long_note_names_its_hex_the_maps_way_and_never_in_cube_form() {
        let map = crate::testing::rectangle_map(OffsetKind::OddR, 6, 4);
        let mut doc = Document::new(map);
        let at = OffsetKind::OddR.to_hex(OffsetCoord::new(3, 2));
        let text = "x".repeat(crate::layers::MAX_NOTE_LEN + 1);
        let edit = Edit::Cell(CellEdit::SetNote {
            hex: at,
            text: Some(text),
        });
        let err = doc.apply(&edit).unwrap_err();
        let plain = err.to_string();
        assert!(!plain.contains(&at.to_string()), "no cube hex: {plain}");
        assert!(plain.contains("1001 bytes"), "{plain}");
        assert_eq!(err.hex(), Some(at));
        let named = err.describe(&doc.map().properties().coord_context());
        assert!(named.starts_with("odd-r 3,2: "), "{named}");
    }
}
