//! The tools there are ([`Tool`]: toolbar order, names, keys), where a press lands as
//! the tools take it ([`Press`]), and the hexes a brush, a line, a box and a grabbed
//! block cover. The tools' state is `tools::Tools`.

use crate::open_map::OpenMap;
use hexmap_hex::{Hex, Layout, Point};

/// The tool on the primary mouse button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tool {
    /// Paint the current terrain (with the brush radius).
    Brush,
    /// Clear terrain (with the brush radius).
    Eraser,
    /// Take the terrain under the pointer as the current terrain.
    Picker,
    /// Drag a straight hex line, painted on release.
    Line,
    /// Bucket fill: contiguous region, or replace all of one terrain.
    Fill,
    /// Place mines (shift: remove).
    Mine,
    /// Edit the note of a hex.
    Note,
    /// Drag to select a region (for copy and paste).
    Select,
    /// Draw edge features along hexsides (shift: erase).
    Edge,
    /// Draw, select and extend paths through hex centres.
    Path,
    /// Place, select, move and edit icons on hexes.
    Icon,
    /// Write, select, move, turn and size place-name labels.
    Label,
    /// Fog of war: reveal cells to the players with the brush (shift: hide), or what a
    /// cell sees when "by sight" is on.
    Fog,
    /// Paint hexes into the current named region (shift: take them out), or with the
    /// bucket its contiguous same-terrain cells.
    Region,
    /// Press to set an anchor: the status bar says how far the pointer is from it (hexes,
    /// map distance, route cost and travel time).
    Measure,
}

/// Largest brush radius (in hexes) the toolbar and the `[` / `]` keys allow.
pub const MAX_BRUSH_RADIUS: u32 = 20;

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Tool; 15] = [
        Tool::Brush,
        Tool::Eraser,
        Tool::Picker,
        Tool::Line,
        Tool::Fill,
        Tool::Mine,
        Tool::Note,
        Tool::Select,
        Tool::Edge,
        Tool::Path,
        Tool::Icon,
        Tool::Label,
        Tool::Fog,
        Tool::Region,
        Tool::Measure,
    ];

    /// Toolbar label (also the accessible name tests click).
    pub const fn label(self) -> &'static str {
        match self {
            Tool::Brush => "Brush",
            Tool::Eraser => "Eraser",
            Tool::Picker => "Picker",
            Tool::Line => "Line",
            Tool::Fill => "Fill",
            Tool::Mine => "Mine",
            Tool::Note => "Note",
            Tool::Select => "Select",
            Tool::Edge => "Edges",
            Tool::Path => "Paths",
            Tool::Icon => "Icons",
            Tool::Label => "Labels",
            Tool::Fog => "Fog",
            Tool::Region => "Regions",
            Tool::Measure => "Measure",
        }
    }

    /// The keyboard shortcut (no modifiers).
    pub const fn key(self) -> eframe::egui::Key {
        use eframe::egui::Key;
        match self {
            Tool::Brush => Key::B,
            Tool::Eraser => Key::E,
            Tool::Picker => Key::I,
            Tool::Line => Key::L,
            Tool::Fill => Key::G,
            Tool::Mine => Key::M,
            Tool::Note => Key::N,
            Tool::Select => Key::S,
            Tool::Edge => Key::H,
            Tool::Path => Key::P,
            // I (Picker), L (Line) and T (overlay target) were taken.
            Tool::Icon => Key::O,
            Tool::Label => Key::X,
            // F fits the view.
            Tool::Fog => Key::W,
            // R rotates a paste only while pasting; the other letters were taken.
            Tool::Region => Key::K,
            // M (Mine) was taken.
            Tool::Measure => Key::U,
        }
    }
}

/// Where a press of the pointer landed, as the icon and label tools take it: the
/// document, its layout, the world point, and the scale it is drawn at (pixels per world
/// unit, for exact hits on what is drawn).
#[derive(Clone, Copy)]
pub struct Press<'a> {
    /// The open document.
    pub doc: &'a OpenMap,
    /// Its layout.
    pub layout: &'a Layout,
    /// The world point pressed.
    pub world: Point,
    /// Pixels per world unit.
    pub scale: f64,
}

impl<'a> Press<'a> {
    /// A press at `world` on `doc` laid out by `layout`, drawn at `scale`.
    pub fn new(doc: &'a OpenMap, layout: &'a Layout, world: Point, scale: f64) -> Self {
        Press {
            doc,
            layout,
            world,
            scale,
        }
    }
}

/// Where a copied block hangs from the pointer while it is pasted: the selected hex under
/// the pointer at the copy (where it was grabbed), else the selected hex nearest the
/// selection's middle. `None` for an empty selection.
pub fn grab_point(selection: &[Hex], hovered: Option<Hex>) -> Option<Hex> {
    if let Some(h) = hovered.filter(|h| selection.contains(h)) {
        return Some(h);
    }
    let n = selection.len() as f64;
    let (q, r) = selection.iter().fold((0.0, 0.0), |(q, r), h| {
        (q + f64::from(h.q) / n, r + f64::from(h.r) / n)
    });
    let far = |h: &Hex| {
        let (dq, dr) = (f64::from(h.q) - q, f64::from(h.r) - r);
        // Squared distance in the axial plane (hex distance of the fractional offset).
        dq * dq + dr * dr + dq * dr
    };
    selection
        .iter()
        .copied()
        .min_by(|a, b| far(a).total_cmp(&far(b)))
}

/// Hexes within `radius` of `centre` (the brush footprint).
pub fn brush_footprint(centre: Hex, radius: u32) -> Vec<Hex> {
    hexmap_hex::range::range(centre, radius).collect()
}

/// The hexes between two hexes of a stroke, both ends included, so fast drags leave no gaps.
pub fn stroke_path(from: Hex, to: Hex) -> Vec<Hex> {
    hexmap_hex::line::line(from, to)
}

/// Hexes of the map whose centres lie in the world rectangle spanned by `a` and `b`.
pub fn select_rect(doc: &OpenMap, layout: &Layout, a: Point, b: Point) -> Vec<Hex> {
    let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
    let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
    doc.cells_in_world_rect(layout, Point::new(x0, y0), Point::new(x1, y1))
        .into_iter()
        .filter(|&h| {
            let c = layout.hex_to_pixel(h);
            c.x >= x0 && c.x <= x1 && c.y >= y0 && c.y <= y1
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_hangs_from_where_it_was_grabbed_or_its_middle() {
        let block: Vec<Hex> = brush_footprint(Hex::new(5, 5), 1);
        assert_eq!(grab_point(&block, None), Some(Hex::new(5, 5)));
        assert_eq!(
            grab_point(&block, Some(Hex::new(6, 5))),
            Some(Hex::new(6, 5))
        );
        // A pointer off the selection does not count.
        assert_eq!(
            grab_point(&block, Some(Hex::new(9, 9))),
            Some(Hex::new(5, 5))
        );
        assert_eq!(grab_point(&[], None), None);
    }

    #[test]
    fn brush_footprint_sizes() {
        assert_eq!(brush_footprint(Hex::ORIGIN, 0), vec![Hex::ORIGIN]);
        assert_eq!(brush_footprint(Hex::new(4, 4), 2).len(), 19);
    }
}
