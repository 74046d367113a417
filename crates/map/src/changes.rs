//! The per-cell (and per-edge, per-path) changes of one undo step: the first old value and
//! the last new value of everything an edit or stroke touched.

use super::annotations::{Label, LabelId, PlacedIcon};
use super::cell_marks::CellMarks;
use super::deltas::{Delta, Deltas};
use super::edit::Changed;
use super::features::{EdgeTypeId, MapPath, PathId};
use super::hexmap::HexMap;
use super::palette::TerrainId;
use hexmap_hex::{Edge, Hex};

/// A bulk terrain change: every marked cell went from `old` to `new` (a bucket fill, a
/// replace-all). Kept as the cells' bits, not a delta per cell: a fill of ten million
/// cells records 1.25 MB instead of 80 MB, and its undo and redo write whole words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TerrainBulk {
    pub cells: CellMarks,
    pub old: u16,
    pub new: u16,
}

/// One note change.
pub(crate) type NoteDelta = Delta<Hex, Option<String>>;

/// Per-cell changes of one undo step: one entry per touched cell with the *first* old
/// value and the *last* new value. The lookup tables exist only while the step is open.
#[derive(Clone, Debug, Default)]
pub(crate) struct CellChanges {
    pub terrain: Deltas<u32, u16>,
    /// A bulk terrain change, when the step is one (then `terrain` is empty; merged into
    /// a stroke it becomes per-cell deltas).
    pub terrain_bulk: Option<TerrainBulk>,
    pub mines: Deltas<u32, bool>,
    pub notes: Deltas<Hex, Option<String>>,
    /// Key entries.
    pub key: Deltas<Hex, Option<super::key::KeyEntry>>,
    pub edges: Deltas<Edge, Option<EdgeTypeId>>,
    pub paths: Deltas<PathId, Option<MapPath>>,
    pub icons: Deltas<Hex, Vec<PlacedIcon>>,
    pub labels: Deltas<LabelId, Option<Label>, std::hash::RandomState>,
    /// Fog, GM-only flags of notes and edges, the party.
    pub fog: super::fog::changes::FogChanges,
    /// Heights (the raise/lower brush).
    pub elevation: super::elevation::changes::ElevationChanges,
    /// Named regions and their kinds.
    pub regions: super::regions::RegionChanges,
}

/// One hex's icon list before and after.
pub(crate) type IconDelta = Delta<Hex, Vec<PlacedIcon>>;

/// One label before and after (`None`: no label with this id).
pub(crate) type LabelDelta = Delta<LabelId, Option<Label>>;

/// One path change: the path with this id before and after (`None`: no such path).
pub(crate) type PathDelta = Delta<PathId, Option<MapPath>>;

impl CellChanges {
    pub(super) fn terrain(&mut self, index: u32, old: u16, new: u16) {
        self.terrain.record(index, old, new);
    }

    /// Record a bulk change of the marked cells from `old` to `new`, which the map already
    /// holds. Only on a record without terrain changes yet (one edit's fresh record).
    pub(super) fn terrain_bulk(&mut self, cells: CellMarks, old: u16, new: u16) {
        debug_assert!(self.terrain.is_empty() && self.terrain_bulk.is_none());
        self.terrain_bulk = Some(TerrainBulk { cells, old, new });
    }

    /// Turn a bulk terrain change into per-cell deltas (before merging with other
    /// changes, whose cells may overlap it).
    fn expand_bulk(&mut self) {
        if let Some(b) = self.terrain_bulk.take() {
            self.terrain.reserve_exact(b.cells.count());
            for i in b.cells.iter() {
                self.terrain_once(i as u32, b.old, b.new);
            }
        }
    }

    /// Record a cell the current edit changes exactly once (bucket fill, replace-all):
    /// no lookup, as no earlier delta of this edit can exist for it.
    pub(super) fn terrain_once(&mut self, index: u32, old: u16, new: u16) {
        self.terrain.record_once(index, old, new);
    }

    pub(super) fn mine(&mut self, index: u32, old: bool, new: bool) {
        self.mines.record(index, old, new);
    }

    pub(super) fn note(&mut self, hex: Hex, old: Option<String>, new: Option<String>) {
        self.notes.record(hex, old, new);
    }

    pub(super) fn key_entry(
        &mut self,
        hex: Hex,
        old: Option<super::key::KeyEntry>,
        new: Option<super::key::KeyEntry>,
    ) {
        self.key.record(hex, old, new);
    }

    pub(super) fn edge(&mut self, edge: Edge, old: Option<EdgeTypeId>, new: Option<EdgeTypeId>) {
        self.edges.record(edge, old, new);
    }

    pub(super) fn path(&mut self, id: PathId, old: Option<MapPath>, new: Option<MapPath>) {
        self.paths.record(id, old, new);
    }

    pub(super) fn icons(&mut self, hex: Hex, old: Vec<PlacedIcon>, new: Vec<PlacedIcon>) {
        self.icons.record(hex, old, new);
    }

    pub(super) fn label(&mut self, id: LabelId, old: Option<Label>, new: Option<Label>) {
        self.labels.record(id, old, new);
    }

    /// What these changes touched, for redrawing: the cells, and whether a label changed
    /// (labels are drawn apart from the cells, so they add no cell to redraw).
    pub(crate) fn changed(&self, map: &HexMap) -> Changed {
        Changed {
            hexes: self.hexes(map),
            marked: self.terrain_bulk.as_ref().map(|b| b.cells.clone()),
            // A new elevation layer puts every cell at sea level: all may look different.
            whole_map: self.elevation.created,
            // Region outlines are drawn with the free text, over the cells.
            labels: !self.labels.is_empty() || !self.regions.is_empty(),
            annotated: (self.icons.iter().map(|d| d.key))
                .chain(self.notes.iter().map(|d| d.key))
                .chain(self.key.iter().map(|d| d.key))
                .collect(),
        }
    }

    /// Fold a later step's changes into this one (first old, last new).
    pub(crate) fn merge(&mut self, mut later: CellChanges) {
        self.expand_bulk();
        later.expand_bulk();
        self.terrain.merge(later.terrain);
        self.mines.merge(later.mines);
        self.notes.merge(later.notes);
        self.key.merge(later.key);
        self.edges.merge(later.edges);
        self.paths.merge(later.paths);
        self.icons.merge(later.icons);
        self.labels.merge(later.labels);
        self.fog.merge(later.fog);
        self.elevation.merge(later.elevation);
        self.regions.merge(later.regions);
    }

    /// Drop cells whose value ended where it started, and the lookup tables.
    pub(crate) fn finish(&mut self) {
        self.terrain.finish();
        self.mines.finish();
        self.notes.finish();
        self.key.finish();
        self.edges.finish();
        self.paths.finish();
        self.icons.finish();
        self.labels.finish();
        self.fog.finish();
        self.elevation.finish();
        self.regions.finish();
    }

    /// True when no cell changed.
    pub(crate) fn is_empty(&self) -> bool {
        self.terrain.is_empty()
            && self.terrain_bulk.is_none()
            && self.mines.is_empty()
            && self.notes.is_empty()
            && self.key.is_empty()
            && self.edges.is_empty()
            && self.paths.is_empty()
            && self.icons.is_empty()
            && self.labels.is_empty()
            && self.fog.is_empty()
            && self.elevation.is_empty()
            && self.regions.is_empty()
    }

    /// Heap bytes held (for the undo-memory benchmark).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.terrain.list_bytes()
            + self
                .terrain_bulk
                .as_ref()
                .map_or(0, |b| b.cells.heap_bytes())
            + self.mines.list_bytes()
            + self
                .notes
                .iter()
                .map(|n| {
                    std::mem::size_of::<NoteDelta>()
                        + n.old.as_ref().map_or(0, String::capacity)
                        + n.new.as_ref().map_or(0, String::capacity)
                })
                .sum::<usize>()
            + self
                .key
                .iter()
                .map(|d| {
                    let len = |e: &Option<super::key::KeyEntry>| e.as_ref().map_or(0, |e| e.len());
                    std::mem::size_of::<Delta<Hex, Option<super::key::KeyEntry>>>()
                        + len(&d.old)
                        + len(&d.new)
                })
                .sum::<usize>()
            + self.edges.list_bytes()
            + self
                .paths
                .iter()
                .map(|d| {
                    let hexes = |p: &Option<MapPath>| p.as_ref().map_or(0, |p| p.hexes.capacity());
                    std::mem::size_of::<PathDelta>()
                        + (hexes(&d.old) + hexes(&d.new)) * std::mem::size_of::<Hex>()
                })
                .sum::<usize>()
            + (self.icons.len() * std::mem::size_of::<IconDelta>())
            + (self.labels.len() * std::mem::size_of::<LabelDelta>())
            + self.fog.heap_bytes()
            + self.elevation.heap_bytes()
            + self.regions.heap_bytes()
    }

    /// The touched hexes, unique, in the shape's storage order (sorting the `u32` cell
    /// indices is several times cheaper than sorting hexes), but for a bulk terrain
    /// change, whose cells [`CellChanges::changed`] reports as their bits.
    pub(crate) fn hexes(&self, map: &HexMap) -> Vec<Hex> {
        let shape = map.shape();
        let mut indices: Vec<u32> = self
            .terrain
            .iter()
            .map(|d| d.key)
            .chain(self.mines.iter().map(|d| d.key))
            .chain(self.fog.indices())
            .chain(self.elevation.indices())
            .chain(
                self.notes
                    .iter()
                    .map(|d| d.key)
                    .chain(self.key.iter().map(|d| d.key))
                    .filter_map(|h| shape.index_of(h).map(|i| i as u32)),
            )
            .chain(
                self.feature_hexes()
                    .filter_map(|h| shape.index_of(h).map(|i| i as u32)),
            )
            .collect();
        indices.sort_unstable();
        indices.dedup();
        indices
            .into_iter()
            .filter_map(|i| shape.hex_at(i as usize))
            .collect()
    }

    /// Both hexes of each changed edge, every hex of each changed path (old and new) and
    /// each hex whose icons changed.
    fn feature_hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        let edges = self.edges.iter().flat_map(|d| {
            let (a, b) = d.key.hexes();
            [a, b]
        });
        let paths = self.paths.iter().flat_map(|d| {
            d.old
                .iter()
                .chain(d.new.iter())
                .flat_map(|p| p.hexes.iter().copied())
        });
        let icons = self.icons.iter().map(|d| d.key);
        edges.chain(paths).chain(icons).chain(self.fog.hexes())
    }

    /// Write the old (`undo`) or new values back into the map.
    pub(crate) fn restore(&self, map: &mut HexMap, undo: bool) {
        if let Some(b) = &self.terrain_bulk {
            let (from, to) = if undo { (b.new, b.old) } else { (b.old, b.new) };
            let count = b.cells.count();
            map.terrain_layer_mut()
                .move_marked(b.cells.words(), count, from, to);
        }
        for d in &self.terrain {
            let v = if undo { d.old } else { d.new };
            map.set_terrain_index(d.key as usize, TerrainId::new(v));
        }
        for d in &self.mines {
            let v = if undo { d.old } else { d.new };
            if let Some(h) = map.shape().hex_at(d.key as usize) {
                let _ = map.set_mine(h, v);
            }
        }
        for d in &self.notes {
            let v = if undo { &d.old } else { &d.new };
            let _ = map.set_note(d.key, v.clone());
        }
        for d in &self.key {
            let v = if undo { &d.old } else { &d.new };
            let _ = map.set_key_entry(d.key, v.clone());
        }
        for d in &self.edges {
            map.edge_layer_mut()
                .set(d.key, if undo { d.old } else { d.new });
        }
        for d in &self.paths {
            match if undo { &d.old } else { &d.new } {
                Some(p) => {
                    map.paths_mut().insert(p.clone());
                }
                None => {
                    map.paths_mut().remove(d.key);
                }
            }
        }
        for d in &self.icons {
            map.icons_mut()
                .set(d.key, if undo { &d.old } else { &d.new }.clone());
        }
        self.fog.restore(map, undo);
        self.elevation.restore(map, undo);
        self.regions.restore(map, undo);
        for d in &self.labels {
            match if undo { &d.old } else { &d.new } {
                Some(l) => {
                    map.labels_mut().insert(d.key, l.clone());
                }
                None => {
                    map.labels_mut().remove(d.key);
                }
            }
        }
    }
}
