//! The copied hexes as text on the system clipboard, so another window or browser tab can
//! paste them (and a person can keep them as a file): a small hexmap map in RON's cube
//! form holding only the copied cells, at their own coordinates, with the source map's
//! palettes and everything the map's paste edit carries (terrain, mines, notes, edges,
//! paths). A paste of such text becomes the editor's clipboard.

use hexmap_hex::Hex;
use hexmap_map::{CellEdit, Clipboard, Document, Edit, FeatureEdit, HexMap, MapShape};

/// The first line of copied hexes (a RON comment), by which a paste knows them.
pub const HEADER: &str = "// hexmap: copied hexes";

/// Copies of more cells than this put only a line naming them on the system clipboard
/// (a whole big map as text would be tens of megabytes).
pub const MAX_CELLS: usize = 100_000;

/// The text for `clip`, copied from `map` with its anchor at `anchor`; `None` when it
/// cannot be written as a map of its own (or is too big).
pub fn to_text(map: &HexMap, clip: &Clipboard, anchor: Hex) -> Option<String> {
    if clip.cells().is_empty() || clip.cells().len() > MAX_CELLS {
        return None;
    }
    let cells = clip.cells().iter().map(|c| anchor + c.offset);
    let shape = MapShape::cells(cells).ok()?;
    let copy = HexMap::new(map.properties().clone(), shape, map.palette().clone()).ok()?;
    let mut doc = Document::new(copy);
    let edits = [
        Edit::Feature(FeatureEdit::SetEdgePalette(map.edge_palette().clone())),
        Edit::Feature(FeatureEdit::SetPathPalette(map.path_palette().clone())),
        Edit::Cell(CellEdit::Paste {
            clipboard: clip.clone(),
            anchor,
        }),
    ];
    for edit in &edits {
        doc.apply(edit).ok()?;
    }
    let text = hexmap_io::to_string(doc.map(), hexmap_io::Form::Cube);
    Some(format!("{HEADER}\n{text}"))
}

/// The clipboard `text` holds, if it is copied hexes ([`to_text`]); its anchor is the
/// hex nearest the middle of the copied cells.
pub fn from_text(text: &str) -> Option<Clipboard> {
    let body = text.strip_prefix(HEADER)?;
    let (map, _) = hexmap_io::from_str(body.trim_start()).ok()?;
    let cells: Vec<Hex> = map.shape().iter().collect();
    let anchor = crate::tools::tool_set::grab_point(&cells, None)?;
    Some(Clipboard::copy(&map, cells, anchor))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copied_hexes_come_back_from_their_text() {
        let doc = crate::open_map::OpenMap::sample();
        let map = doc.map();
        let hexes: Vec<Hex> = map.shape().iter().skip(300).take(40).collect();
        let anchor = crate::tools::tool_set::grab_point(&hexes, None).unwrap();
        let clip = Clipboard::copy(map, hexes.iter().copied(), anchor);
        let text = to_text(map, &clip, anchor).expect("copied hexes as text");
        assert!(text.starts_with(HEADER));
        let back = from_text(&text).expect("read back");
        assert_eq!(back, clip);
        assert_eq!(from_text("hexmap: Copied 3 cells"), None);
        assert_eq!(from_text(&format!("{HEADER}\nnot ron")), None);
    }
}
