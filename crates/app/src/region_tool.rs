//! The region tool (issue 29): paint hexes into the current named region with the brush
//! radius (shift erases them from it), or with the bucket put the contiguous cells of
//! the pressed cell's terrain into it. Each drag is one undo step (a stroke of
//! `Edit::Region(RegionEdit::AddHexes …)`); the panel is `region_panel.rs`.

use super::open_map::OpenMap;
use hexmap_hex::Hex;
use hexmap_map::{Edit, HexMap, RegionEdit, RegionId};

/// The region tool's state.
#[derive(Clone, Debug, Default)]
pub struct RegionTool {
    /// The region painted into.
    pub(super) current: Option<RegionId>,
    /// A press fills the contiguous cells of the same terrain instead of painting.
    pub(super) bucket: bool,
    /// The name being typed for the current region (committed when the field is left).
    pub(super) name_draft: Option<(RegionId, String)>,
    /// The name typed for a new kind.
    pub(super) new_kind: String,
}

impl RegionTool {
    /// The current region, if it is on `map`.
    pub fn current(&self) -> Option<RegionId> {
        self.current
    }

    /// After an undo, a reload or a deletion: a current region that is gone becomes the
    /// first region (or none).
    pub(super) fn keep_valid(&mut self, map: &HexMap) {
        let regions = map.regions();
        if self.current.is_none_or(|id| regions.get(id).is_none()) {
            self.current = regions.iter().next().map(|r| r.id);
        }
    }

    /// The edit of one brush stamp on `hexes`: into the current region, or out of it
    /// (`add` false, shift held). `None` without a current region.
    pub(super) fn stamp(&self, hexes: Vec<Hex>, add: bool) -> Option<Edit> {
        let id = self.current?;
        Some(Edit::Region(if add {
            RegionEdit::AddHexes { id, hexes }
        } else {
            RegionEdit::RemoveHexes { id, hexes }
        }))
    }

    /// The bucket's edit at `start`: the contiguous cells with its terrain.
    pub(super) fn bucket(&self, doc: &OpenMap, start: Hex, add: bool) -> Option<Edit> {
        if !doc.contains(start) {
            return None;
        }
        self.stamp(hexmap_map::selection::wand(doc.map(), start), add)
    }
}
