//! The map itself: properties, shape, palette and layers (elevation: `elevation.rs`).

use super::annotations::{IconError, IconLayer, LabelError, LabelId, Labels};
use super::features::{
    EdgeLayer, EdgePalette, EdgeTypeId, PathId, PathPalette, PathShapeError, PathTypeId, Paths,
};
use super::layers::{MAX_NOTE_LEN, MineLayer, Notes, TerrainLayer};
use super::palette::{Palette, TerrainId};
use super::properties::{MapProperties, PropertyError};
use super::shape::MapShape;
use super::view::ViewSettings;
use hexmap_hex::{Edge, Hex, Layout, LayoutError, Point};

mod hex_size;
mod layers;
mod relocate;
pub use hex_size::ResizeError;
pub use relocate::CellMove;

/// Why a map-level operation was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MapError {
    /// The hex is not a cell of the map.
    #[error("the cell is outside the map")]
    OutsideShape(Hex),
    /// The terrain id is not in the palette.
    #[error("terrain id {0} is not in the palette")]
    UnknownTerrain(TerrainId),
    /// A note is too long.
    #[error("a note is {len} bytes, over the limit of {MAX_NOTE_LEN}")]
    NoteTooLong {
        /// Where.
        hex: Hex,
        /// Its length.
        len: usize,
    },
    /// A key entry is refused (no title, a bad tag, too long).
    #[error("{error}")]
    BadKeyEntry {
        /// Where.
        hex: Hex,
        /// What is wrong.
        error: super::key::KeyEntryError,
    },
    /// The properties break a limit (name length, hex size, label settings).
    #[error(transparent)]
    Property(#[from] PropertyError),
    /// New properties whose offset kind does not go with their orientation.
    #[error(transparent)]
    OffsetKind(#[from] super::OffsetMismatch),
    /// An edge with a hex that is not a cell of the map.
    #[error("the edge is not between two cells of the map")]
    EdgeOutsideShape(Edge),
    /// Two hexes given as an edge are not neighbours.
    #[error("the two hexes are not neighbours, so they share no edge")]
    NotNeighbours(Hex, Hex),
    /// The edge type id is not in the edge palette.
    #[error("edge type id {0} is not in the edge palette")]
    UnknownEdgeType(EdgeTypeId),
    /// The path type id is not in the path palette.
    #[error("path type id {0} is not in the path palette")]
    UnknownPathType(PathTypeId),
    /// A path's hexes do not make a path.
    #[error("path {id}: {error}")]
    BadPath {
        /// The path.
        id: PathId,
        /// What is wrong.
        error: PathShapeError,
    },
    /// A path leaves the map.
    #[error("path {id}: its hex {index} is outside the map")]
    PathOutsideShape {
        /// The path.
        id: PathId,
        /// Index of the hex in the path.
        index: usize,
        /// The hex.
        hex: Hex,
    },
    /// No path has this id.
    #[error("there is no path {0}")]
    UnknownPath(PathId),
    /// A new path's id is taken.
    #[error("path id {0} is already in use")]
    PathIdInUse(PathId),
    /// A split would leave a part of fewer than two hexes.
    #[error("path {id} of {len} hexes cannot be split at hex {at} (each part needs two hexes)")]
    BadSplit {
        /// The path.
        id: PathId,
        /// The index asked for.
        at: usize,
        /// The path's length.
        len: usize,
    },
    /// Too many paths.
    #[error("the map has {0} paths, over the limit of {max}", max = super::features::MAX_PATHS)]
    TooManyPaths(usize),
    /// An icon (or a hex's icon list) breaks a limit.
    #[error("icon: {error}")]
    BadIcon {
        /// Where.
        hex: Hex,
        /// What is wrong.
        error: IconError,
    },
    /// An icon index names no icon on the hex.
    #[error("the hex has {len} icons, so there is no icon {index}")]
    NoSuchIcon {
        /// Where.
        hex: Hex,
        /// The index asked for.
        index: usize,
        /// How many icons the hex has.
        len: usize,
    },
    /// A party breaks a limit or names a hex off the map or a missing trail.
    #[error(transparent)]
    Party(#[from] super::fog::PartyError),
    /// A GM-only flag for an item the map does not have.
    #[error("there is no {0} to mark")]
    NoSuchItem(super::fog::GmItem),
    /// A party move on a map that has no party.
    #[error("the map has no party: place the party first")]
    NoParty,
    /// An elevation layer whose length is not the map's cell count.
    #[error("an elevation layer of {found} values does not fit a map of {cells} cells")]
    ElevationLength {
        /// Values in the layer.
        found: usize,
        /// Cells of the map.
        cells: usize,
    },
    /// A climate layer whose length is not the map's cell count.
    #[error("a {kind} layer of {found} values does not fit a map of {cells} cells")]
    ClimateLength {
        /// `temperature` or `moisture`.
        kind: &'static str,
        /// Values in the layer.
        found: usize,
        /// Cells of the map.
        cells: usize,
    },
    /// A climate value outside its layer's range.
    #[error("{hex}: {kind} {value} is outside {range}")]
    ClimateValue {
        /// `temperature` or `moisture`.
        kind: &'static str,
        /// The cell.
        hex: Hex,
        /// The value.
        value: i16,
        /// The range allowed, with its unit.
        range: String,
    },
    /// A custom property type or value breaks a rule (undeclared, wrong kind, unknown
    /// object …).
    #[error(transparent)]
    Custom(#[from] super::custom::CustomError),
    /// A region or region kind breaks a rule (unknown kind, hex off the map, …).
    #[error(transparent)]
    Region(#[from] super::regions::RegionError),
    /// A label breaks a limit, or its id is unknown or taken.
    #[error("label {id}: {error}")]
    BadLabel {
        /// The label.
        id: LabelId,
        /// What is wrong.
        error: LabelError,
    },
}

/// A hex map: properties, shape, terrain palette and the terrain, mine and note layers.
///
/// The setters here are the low level (no undo). An editor changes a map only through
/// [`super::Document::apply`], which records undo and reports what changed.
#[derive(Clone, Debug, PartialEq)]
pub struct HexMap {
    props: MapProperties,
    shape: MapShape,
    palette: Palette,
    terrain: TerrainLayer,
    mines: MineLayer,
    notes: Notes,
    pub(super) key: super::key::HexKey,
    pub(super) edge_palette: EdgePalette,
    pub(super) path_palette: PathPalette,
    pub(super) edges: EdgeLayer,
    pub(super) paths: Paths,
    pub(super) icons: IconLayer,
    pub(super) labels: Labels,
    pub(super) elevation: Option<super::ElevationLayer>,
    pub(super) climate: super::climate::Climate,
    view: ViewSettings,
    pub(super) fog: super::fog::FogState,
    pub(super) regions: super::regions::Regions,
    pub(super) scale: Option<super::scale::MapScale>,
    pub(super) underlay: Option<super::underlay::Underlay>,
    pub(super) custom: super::custom::CustomProps,
    /// Child maps linked to this map's hexes, icons or regions (a map family).
    pub(super) children: Vec<super::family::ChildMap>,
}

impl HexMap {
    /// An empty map (no terrain, mines, notes, edge features or paths; the standard edge
    /// and path palettes) of `shape`; refused when the
    /// properties break a limit ([`MapProperties::validate`]).
    pub fn new(props: MapProperties, shape: MapShape, palette: Palette) -> Result<Self, MapError> {
        props.validate()?;
        Ok(HexMap::unchecked(props, shape, palette))
    }

    /// [`HexMap::new`] for properties already checked.
    fn unchecked(props: MapProperties, shape: MapShape, palette: Palette) -> Self {
        let n = shape.len();
        HexMap {
            props,
            shape,
            palette,
            terrain: TerrainLayer::new(n),
            mines: MineLayer::new(n),
            notes: Notes::new(),
            key: super::key::HexKey::new(),
            edge_palette: EdgePalette::standard(),
            path_palette: PathPalette::standard(),
            edges: EdgeLayer::new(),
            paths: Paths::new(),
            icons: IconLayer::new(),
            labels: Labels::new(),
            elevation: None,
            climate: super::climate::Climate::default(),
            view: ViewSettings::default(),
            fog: super::fog::FogState::new(n),
            regions: super::regions::Regions::new(),
            scale: None,
            underlay: None,
            custom: super::custom::CustomProps::new(),
            children: Vec::new(),
        }
    }

    /// How the map asks to be shown (legend, note captions).
    pub fn view(&self) -> ViewSettings {
        self.view
    }

    /// Change how the map asks to be shown; returns the old settings. Not a change of the
    /// map's content, so not an edit with undo.
    pub fn set_view(&mut self, view: ViewSettings) -> ViewSettings {
        std::mem::replace(&mut self.view, view)
    }

    /// The properties.
    pub fn properties(&self) -> &MapProperties {
        &self.props
    }

    /// The map name.
    pub fn name(&self) -> &str {
        &self.props.name
    }

    /// The shape.
    pub fn shape(&self) -> &MapShape {
        &self.shape
    }

    /// The offset kind, width and height when the map is a rectangle (reorienting and
    /// resizing treat rectangles by column and row); `None` for any other shape.
    pub fn rectangle(&self) -> Option<(hexmap_hex::OffsetKind, u32, u32)> {
        match self.shape {
            MapShape::Rectangle {
                kind,
                width,
                height,
            } => Some((kind, width, height)),
            _ => None,
        }
    }

    /// The palette.
    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// The terrain layer (dense by shape index).
    pub fn terrain_layer(&self) -> &TerrainLayer {
        &self.terrain
    }

    /// The mine layer (dense by shape index).
    pub fn mine_layer(&self) -> &MineLayer {
        &self.mines
    }

    /// All notes, by hex.
    pub fn notes(&self) -> &Notes {
        &self.notes
    }

    /// The layout for drawing: orientation and hex size, origin at (0, 0).
    pub fn layout(&self) -> Result<Layout, LayoutError> {
        Layout::new(
            self.props.orientation,
            self.props.hex_size,
            Point::new(0.0, 0.0),
        )
    }

    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        self.shape.len()
    }

    /// True when `h` is a cell.
    pub fn contains(&self, h: Hex) -> bool {
        self.shape.contains(h)
    }

    /// The terrain at `h` (`None` for empty cells and hexes outside).
    pub fn terrain(&self, h: Hex) -> Option<TerrainId> {
        self.shape.index_of(h).and_then(|i| self.terrain.get(i))
    }

    /// True when `h` holds a mine.
    pub fn is_mine(&self, h: Hex) -> bool {
        self.shape.index_of(h).is_some_and(|i| self.mines.get(i))
    }

    /// The key entries of their own, by hex (notes not read as entries: [`HexMap::key`]).
    pub fn key_entries(&self) -> &super::key::HexKey {
        &self.key
    }

    /// The key entry of `h`: its own, or its note read as one ([`super::KeyEntry::from_note`]).
    pub fn key_entry(&self, h: Hex) -> Option<std::borrow::Cow<'_, super::KeyEntry>> {
        if let Some(e) = self.key.get(&h) {
            return Some(std::borrow::Cow::Borrowed(e));
        }
        let note = self.note(h)?;
        Some(std::borrow::Cow::Owned(super::KeyEntry::from_note(
            note,
            self.note_is_gm_only(h),
        )))
    }

    /// The whole key: every keyed hex's entry — its own, or its note read as one — in
    /// hex order (sort by label for people).
    pub fn key(&self) -> Vec<(Hex, super::KeyEntry)> {
        let mut hexes: Vec<Hex> = self.key.keys().chain(self.notes.keys()).copied().collect();
        hexes.sort_unstable();
        hexes.dedup();
        hexes
            .into_iter()
            .filter_map(|h| Some((h, self.key_entry(h)?.into_owned())))
            .collect()
    }

    /// The note at `h`.
    pub fn note(&self, h: Hex) -> Option<&str> {
        self.notes.get(&h).map(String::as_str)
    }

    /// All mines, in index order.
    pub fn mines(&self) -> impl Iterator<Item = Hex> + '_ {
        self.mines.indices().filter_map(|i| self.shape.hex_at(i))
    }

    /// Cells per terrain: index 0 counts empty cells, the rest follow palette order.
    pub fn terrain_counts(&self) -> Vec<usize> {
        let table_len = self
            .palette
            .terrains()
            .iter()
            .map(|t| usize::from(t.id.get()))
            .max()
            .unwrap_or(0)
            + 1;
        let mut by_id = vec![0usize; table_len];
        for &raw in self.terrain.raw() {
            by_id[usize::from(raw)] += 1;
        }
        std::iter::once(by_id[0])
            .chain(
                self.palette
                    .terrains()
                    .iter()
                    .map(|t| by_id[usize::from(t.id.get())]),
            )
            .collect()
    }

    /// Heap bytes held by the layers and shape (not counting notes' text beyond length).
    pub fn heap_bytes(&self) -> usize {
        let shape = match &self.shape {
            MapShape::Cells(c) => std::mem::size_of_val(c.as_slice()),
            _ => 0,
        };
        self.terrain.heap_bytes()
            + self.mines.heap_bytes()
            + self.elevation.as_ref().map_or(0, |e| e.heap_bytes())
            + self.climate.heap_bytes()
            + shape
            + self
                .notes
                .values()
                .map(|s| s.capacity() + 48)
                .sum::<usize>()
            + self
                .children
                .iter()
                .map(|c| c.map.heap_bytes() + std::mem::size_of_val(c))
                .sum::<usize>()
    }

    // ----- low-level setters (no undo) -----

    fn index(&self, h: Hex) -> Result<usize, MapError> {
        self.shape.index_of(h).ok_or(MapError::OutsideShape(h))
    }

    /// Set the terrain at `h`; returns the old value.
    pub fn set_terrain(
        &mut self,
        h: Hex,
        t: Option<TerrainId>,
    ) -> Result<Option<TerrainId>, MapError> {
        let i = self.index(h)?;
        if let Some(id) = t
            && self.palette.get(id).is_none()
        {
            return Err(MapError::UnknownTerrain(id));
        }
        Ok(self.terrain.set(i, t))
    }

    /// Set terrain by dense index without checks beyond the palette (for loaders).
    pub fn set_terrain_index(&mut self, i: usize, t: Option<TerrainId>) {
        self.terrain.set(i, t);
    }

    /// Give every cell the terrain `t` (a new map's "fill with": the editor's New map
    /// window and `hexmap new --fill`), without undo; refused when `t` is not in the
    /// palette.
    pub fn fill_terrain(&mut self, t: TerrainId) -> Result<(), MapError> {
        if self.palette().get(t).is_none() {
            return Err(MapError::UnknownTerrain(t));
        }
        for i in 0..self.cell_count() {
            self.terrain.set(i, Some(t));
        }
        Ok(())
    }

    /// The terrain layer to change in bulk ([`TerrainLayer::set_marked`]); edits go
    /// through the recorder, which keeps the undo record.
    pub(crate) fn terrain_layer_mut(&mut self) -> &mut TerrainLayer {
        &mut self.terrain
    }

    /// Place or remove a mine at `h`; returns the old value.
    pub fn set_mine(&mut self, h: Hex, mine: bool) -> Result<bool, MapError> {
        let i = self.index(h)?;
        Ok(self.mines.set(i, mine))
    }

    /// Set the note at `h` (`None` or empty text removes it); returns the old note.
    pub fn set_note(&mut self, h: Hex, text: Option<String>) -> Result<Option<String>, MapError> {
        self.index(h)?;
        match text.filter(|t| !t.is_empty()) {
            Some(t) if t.len() > MAX_NOTE_LEN => Err(MapError::NoteTooLong {
                hex: h,
                len: t.len(),
            }),
            Some(t) => Ok(self.notes.insert(h, t)),
            None => Ok(self.notes.remove(&h)),
        }
    }

    /// Set the key entry of `h` (`None` removes it); returns the old entry. Refused off
    /// the map and for an entry that breaks a limit ([`super::KeyEntry::check`]).
    pub fn set_key_entry(
        &mut self,
        h: Hex,
        entry: Option<super::KeyEntry>,
    ) -> Result<Option<super::KeyEntry>, MapError> {
        self.index(h)?;
        match entry {
            Some(e) => {
                e.check()
                    .map_err(|error| MapError::BadKeyEntry { hex: h, error })?;
                Ok(self.key.insert(h, e))
            }
            None => Ok(self.key.remove(&h)),
        }
    }

    /// Replace the properties (checked by [`MapProperties::validate`]); the offset kind
    /// must go with the orientation ([`MapProperties::check_offset_kind`]), so no edit
    /// makes a mismatched pair.
    pub fn set_properties(&mut self, props: MapProperties) -> Result<MapProperties, MapError> {
        props.validate()?;
        props.check_offset_kind()?;
        Ok(std::mem::replace(&mut self.props, props))
    }

    /// The custom property types and values.
    pub fn custom(&self) -> &super::custom::CustomProps {
        &self.custom
    }

    /// Replace the custom properties (a loader's, no undo): checked, and every object
    /// with values must be on the map. Returns the old ones.
    pub fn set_custom(
        &mut self,
        custom: super::custom::CustomProps,
    ) -> Result<super::custom::CustomProps, MapError> {
        custom.validate()?;
        if let Some(owner) = custom.missing_owner(self) {
            return Err(super::custom::CustomError::NoSuchOwner(owner).into());
        }
        Ok(std::mem::replace(&mut self.custom, custom))
    }

    /// Replace the custom properties unchecked (edits that checked them, undo).
    pub(crate) fn swap_custom(
        &mut self,
        custom: super::custom::CustomProps,
    ) -> super::custom::CustomProps {
        std::mem::replace(&mut self.custom, custom)
    }

    /// Swap the properties with `other` unchecked (undo of a checked change).
    pub(crate) fn swap_properties(&mut self, other: &mut MapProperties) {
        std::mem::swap(&mut self.props, other);
    }

    /// Replace the palette; cells whose terrain is no longer in it become empty.
    pub fn set_palette(&mut self, palette: Palette) -> Palette {
        let keep = palette.symbol_table();
        for i in 0..self.terrain.len() {
            let raw = self.terrain.raw()[i];
            if raw != 0 && keep.get(usize::from(raw)).copied().flatten().is_none() {
                self.terrain.set(i, None);
            }
        }
        std::mem::replace(&mut self.palette, palette)
    }

    /// Change the shape: cells in both shapes keep everything on them (terrain, mine,
    /// note, icons, fog and flags); the rest are dropped; new cells are empty. View
    /// settings stay. Edge features between two kept cells stay; a path keeps its runs of
    /// two or more kept hexes (the first run keeps its id, the others get new ones).
    /// Labels stay (they sit at world points, not on cells). [`HexMap::relocate`] also
    /// moves the content.
    pub fn reshape(&mut self, shape: MapShape) {
        self.relocate(shape, &CellMove::Stay);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::Orientation;

    fn small() -> HexMap {
        crate::testing::hexagon_map(2, Orientation::Pointy)
    }

    #[test]
    fn setters_check_shape_palette_and_notes() {
        let mut m = small();
        let f = TerrainId::new(3);
        assert_eq!(m.set_terrain(Hex::new(1, 1), f), Ok(None));
        assert_eq!(m.terrain(Hex::new(1, 1)), f);
        assert_eq!(
            m.set_terrain(Hex::new(5, 0), f),
            Err(MapError::OutsideShape(Hex::new(5, 0)))
        );
        assert!(matches!(
            m.set_terrain(Hex::new(0, 0), TerrainId::new(99)),
            Err(MapError::UnknownTerrain(_))
        ));
        assert!(m.set_note(Hex::new(0, 0), Some("x".repeat(2000))).is_err());
        m.set_note(Hex::new(0, 0), Some("town".into())).unwrap();
        assert_eq!(m.note(Hex::new(0, 0)), Some("town"));
        m.set_mine(Hex::new(-1, 0), true).unwrap();
        assert_eq!(m.mines().collect::<Vec<_>>(), [Hex::new(-1, 0)]);
        let counts = m.terrain_counts();
        assert_eq!(counts[0], 18);
        assert_eq!(counts[3], 1);
    }

    #[test]
    fn reshape_keeps_common_cells() {
        let mut m = small();
        m.set_terrain(Hex::new(0, 0), TerrainId::new(2)).unwrap();
        m.set_terrain(Hex::new(2, 0), TerrainId::new(2)).unwrap();
        m.set_note(Hex::new(2, 0), Some("edge".into())).unwrap();
        m.reshape(MapShape::hexagon(1).unwrap());
        assert_eq!(m.cell_count(), 7);
        assert_eq!(m.terrain(Hex::new(0, 0)), TerrainId::new(2));
        assert!(m.notes().is_empty());
    }

    #[test]
    fn palette_change_clears_removed_terrain() {
        let mut m = small();
        m.set_terrain(Hex::new(0, 0), TerrainId::new(5)).unwrap();
        m.set_terrain(Hex::new(1, 0), TerrainId::new(1)).unwrap();
        let kept = Palette::new(m.palette().terrains()[..2].to_vec()).unwrap();
        m.set_palette(kept);
        assert_eq!(m.terrain(Hex::new(0, 0)), None);
        assert_eq!(m.terrain(Hex::new(1, 0)), TerrainId::new(1));
    }

    #[test]
    fn construction_and_property_changes_are_checked() {
        let mut props = MapProperties::new("x".repeat(201), Orientation::Flat);
        let shape = MapShape::hexagon(1).unwrap();
        assert_eq!(
            HexMap::new(props.clone(), shape.clone(), Palette::standard()),
            Err(MapError::Property(PropertyError::NameTooLong(201)))
        );
        props.name = "ok".into();
        let mut m = HexMap::new(props.clone(), shape, Palette::standard()).unwrap();
        props.hex_size = Point::new(0.0, 1.0);
        assert!(matches!(
            m.set_properties(props),
            Err(MapError::Property(PropertyError::HexSize(_)))
        ));
        assert_eq!(m.name(), "ok");
    }

    #[test]
    fn new_properties_label_along_the_maps_own_rows_and_columns() {
        // Pointy: an odd-r row keeps one row number in its labels; flat: an odd-q column
        // keeps one column number.
        let pointy = MapProperties::new("p", Orientation::Pointy);
        let row: Vec<String> = (0..6)
            .map(|col| {
                let h = pointy
                    .offset_kind
                    .to_hex(hexmap_hex::OffsetCoord::new(col, 3));
                pointy.labels.format(h).unwrap()
            })
            .collect();
        assert_eq!(row, ["0104", "0204", "0304", "0404", "0504", "0604"]);
        let flat = MapProperties::new("f", Orientation::Flat);
        let column: Vec<String> = (0..4)
            .map(|r| {
                let h = flat.offset_kind.to_hex(hexmap_hex::OffsetCoord::new(2, r));
                flat.labels.format(h).unwrap()
            })
            .collect();
        assert_eq!(column, ["0301", "0302", "0303", "0304"]);
    }
}
