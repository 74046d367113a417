//! The region tool: paint hexes into the current named region with the brush
//! radius (shift erases them from it), or with the bucket put the contiguous cells of
//! the pressed cell's terrain into it. Each drag is one undo step (a stroke of
//! `Edit::Region(RegionEdit::AddHexes …)`); the panel is `panels/region_panel.rs`.

use crate::open_map::OpenMap;
use hexmap_hex::Hex;
use hexmap_map::{Edit, HexMap, RegionEdit, RegionId};

/// The region tool's state.
#[derive(Clone, Debug, Default)]
pub struct RegionTool {
    /// The region painted into.
    current: Option<RegionId>,
    /// A press fills the contiguous cells of the same terrain instead of painting.
    bucket: bool,
    /// The name being typed for the current region (committed when the field is left).
    name_draft: Option<(RegionId, String)>,
    /// The name typed for a new kind.
    new_kind: String,
}

impl RegionTool {
    /// The current region, if it is on `map`.
    pub fn current(&self) -> Option<RegionId> {
        self.current
    }

    /// Paint into region `id` from now on (its name field starts from the map's name).
    pub(crate) fn choose(&mut self, id: RegionId) {
        self.current = Some(id);
        self.name_draft = None;
    }

    /// True when a press fills the contiguous cells of a terrain instead of painting.
    pub(crate) fn uses_bucket(&self) -> bool {
        self.bucket
    }

    /// The bucket switch, for its checkbox.
    pub(crate) fn bucket_switch(&mut self) -> &mut bool {
        &mut self.bucket
    }

    /// The name typed for a new kind, for its text field.
    pub(crate) fn kind_draft(&mut self) -> &mut String {
        &mut self.new_kind
    }

    /// The name being typed for region `id` (first its name on the map, `name`).
    pub(crate) fn name_draft(&mut self, id: RegionId, name: &str) -> &mut String {
        if self.name_draft.as_ref().is_some_and(|(d, _)| *d != id) {
            self.name_draft = None;
        }
        &mut self
            .name_draft
            .get_or_insert_with(|| (id, name.to_owned()))
            .1
    }

    /// After an undo, a reload or a deletion: a current region that is gone becomes the
    /// first region (or none).
    pub(crate) fn keep_valid(&mut self, map: &HexMap) {
        let regions = map.regions();
        if self.current.is_none_or(|id| regions.get(id).is_none()) {
            self.current = regions.iter().next().map(|r| r.id);
        }
    }

    /// The edit of one brush stamp on `hexes`: into the current region, or out of it
    /// (`add` false, shift held). `None` without a current region.
    pub(crate) fn stamp(&self, hexes: Vec<Hex>, add: bool) -> Option<Edit> {
        let id = self.current?;
        Some(Edit::Region(if add {
            RegionEdit::AddHexes { id, hexes }
        } else {
            RegionEdit::RemoveHexes { id, hexes }
        }))
    }

    /// The bucket's edit at `start`: the contiguous cells with its terrain.
    pub(crate) fn bucket(&self, doc: &OpenMap, start: Hex, add: bool) -> Option<Edit> {
        if !doc.contains(start) {
            return None;
        }
        self.stamp(hexmap_map::selection::wand(doc.map(), start), add)
    }
}
