//! The open document as the editor sees it: a `map::Document` (map + undo history), the
//! file it came from and the form (offset or cube) it is saved in, plus the region changed
//! since the canvas last redrew. A thin adapter: every edit is a `map::Edit`.

mod family;

pub use family::{ChildUpdate, Crumb, MemberRow};

use crate::files::disk_check::{self, DiskStamp, DiskState};
use hexmap_draw::region::offset_box;
use hexmap_hex::{CoordContext, Hex, Layout, OffsetCoord, OffsetKind, Orientation, Point};
use hexmap_io::Form;
use hexmap_map::shape::OffsetBounds;
use hexmap_map::{
    CellMarks, Document, Edit, HexMap, MapEdit, MapProperties, MapShape, Palette, ShapeSpec,
    TerrainId,
};
use std::path::{Path, PathBuf};

/// What the "New map" dialog asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct NewMapSpec {
    /// Map name.
    pub name: String,
    /// Pointy or flat.
    pub orientation: Orientation,
    /// The shape (a rectangle is straight in the new map's offset kind).
    pub shape: ShapeSpec,
    /// Hex size (centre to corner) along x and y.
    pub hex_size: (f64, f64),
    /// Which rows (or columns) are shifted: one of the orientation's two kinds; one of
    /// the other orientation becomes the kind of the same parity.
    pub offset_kind: OffsetKind,
    /// The terrain of the standard palette every cell starts with (`None`: empty).
    pub fill: Option<TerrainId>,
}

impl Default for NewMapSpec {
    fn default() -> Self {
        NewMapSpec {
            name: "Untitled".into(),
            orientation: Orientation::Pointy,
            shape: ShapeSpec::rect(24, 16),
            hex_size: (32.0, 32.0),
            offset_kind: OffsetKind::default_for(Orientation::Pointy),
            fill: None,
        }
    }
}

impl NewMapSpec {
    /// The properties and shape of the new map (the orientation's own offset kind and
    /// labels, this name and hex size), checked by the map's one property check and the
    /// shape limits; the error says what is wrong. Cheap: no layer is allocated.
    pub fn parts(&self) -> Result<(MapProperties, MapShape), String> {
        let mut props = MapProperties::new(self.name.clone(), self.orientation);
        props.hex_size = Point::new(self.hex_size.0, self.hex_size.1);
        // The XXYY labels stagger as the grid does.
        props.offset_kind = self.offset_kind.for_orientation(self.orientation);
        props.labels.stagger = props.offset_kind;
        props.validate().map_err(|e| e.to_string())?;
        let shape = self
            .shape
            .to_shape(props.offset_kind)
            .map_err(|e| format!("cannot make that shape: {e}"))?;
        Ok((props, shape))
    }

    /// The map this spec describes: every cell empty, or of the `fill` terrain.
    pub fn to_map(&self) -> Result<HexMap, String> {
        let (props, shape) = self.parts()?;
        let mut map = HexMap::new(props, shape, Palette::standard()).map_err(|e| e.to_string())?;
        if let Some(t) = self.fill {
            map.fill_terrain(t).map_err(|e| e.to_string())?;
        }
        Ok(map)
    }
}

/// What changed since the canvas last looked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Changed {
    /// Nothing.
    #[default]
    Nothing,
    /// These cells; `annotated` are those whose icons or note changed (drawn as icons
    /// and captions that may reach past the hex); `marked`, cells changed in bulk (a
    /// bucket fill, a replace-all, their undo), as their bits.
    Cells {
        /// Every changed cell but those in `marked`.
        hexes: Vec<Hex>,
        /// The cells whose icons or note changed.
        annotated: Vec<Hex>,
        /// Cells changed in bulk, by dense index.
        marked: Option<CellMarks>,
    },
    /// Everything (shape, palette, properties, a new map).
    All,
}

impl Changed {
    fn add(&mut self, c: hexmap_map::Changed) {
        if c.whole_map {
            *self = Changed::All;
            return;
        }
        let bulk = c.marked.filter(|m| !m.is_empty());
        if c.hexes.is_empty() && bulk.is_none() {
            // A label alone: nothing to redraw in the chunks (labels are drawn over them
            // every frame), but still a change (autosave, title).
            if c.labels && *self == Changed::Nothing {
                *self = Changed::Cells {
                    hexes: Vec::new(),
                    annotated: Vec::new(),
                    marked: None,
                };
            }
            return;
        }
        match self {
            Changed::All => {}
            Changed::Nothing => {
                *self = Changed::Cells {
                    hexes: c.hexes,
                    annotated: c.annotated,
                    marked: bulk,
                }
            }
            Changed::Cells {
                hexes,
                annotated,
                marked,
            } => {
                hexes.extend(c.hexes);
                annotated.extend(c.annotated);
                *marked = match (marked.take(), bulk) {
                    (Some(a), Some(b)) => Some(a.union(&b)),
                    (a, b) => a.or(b),
                };
            }
        }
    }

    /// True when cells changed in bulk (the canvas redraws all it shows; the player view
    /// cuts its map afresh).
    pub fn has_bulk(&self) -> bool {
        matches!(
            self,
            Changed::Cells {
                marked: Some(_),
                ..
            }
        )
    }
}

/// A revision number never handed out before (so a freshly opened document never
/// matches a cache made for another one).
fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The open map: its `Document` (map + undo), the file and form it is saved in, and what
/// the canvas must redraw. (`map::Document` is the editor-free part; this adds the file.)
pub struct OpenMap {
    document: Document,
    path: Option<PathBuf>,
    /// The file an unsaved document was imported from (a Tiled map, a JSON export): its
    /// image paths start at that file's folder until it is saved.
    imported_from: Option<PathBuf>,
    /// The file as this document loaded or saved it (to notice other versions).
    disk: Option<DiskStamp>,
    form: Form,
    changed: Changed,
    /// New on every edit, undo and redo, and unique across documents: caches derived from
    /// the map compare it.
    revision: u64,
    /// The shape's bounding box in the chunk offset kind ([`OffsetKind::default_for`]), kept
    /// because scanning a large non-rectangular shape for it every frame costs milliseconds.
    bounds: OffsetBounds,
    /// What was repaired when the file was read, until the editor shows it.
    load_warning: Option<String>,
    /// Where `document` sits in its map family, and the other members' documents.
    family: family::Family,
}

/// The bounding box of `map`'s shape in the offset kind chunks are cut in.
fn chunk_bounds(map: &HexMap) -> OffsetBounds {
    map.shape()
        .offset_bounds(OffsetKind::default_for(map.properties().orientation))
}

impl OpenMap {
    /// A clean document for `map`, not yet saved anywhere.
    pub fn from_map(map: HexMap) -> Self {
        OpenMap {
            bounds: chunk_bounds(&map),
            family: family::Family::of(&map),
            document: Document::new(map),
            path: None,
            imported_from: None,
            disk: None,
            form: Form::Offset,
            changed: Changed::All,
            revision: next_revision(),
            load_warning: None,
        }
    }

    /// Take the warning about what was repaired when the file was read (shown once).
    pub fn take_load_warning(&mut self) -> Option<String> {
        self.load_warning.take()
    }

    /// Take note of a change: new revision, bounds again if the shape may have changed.
    fn record_change(&mut self, changed: hexmap_map::Changed) {
        self.revision = next_revision();
        if changed.whole_map {
            self.bounds = chunk_bounds(self.map());
            self.follow_children();
        }
        self.changed.add(changed);
    }

    /// The shape's bounding box in offset coordinates of [`OffsetKind::default_for`] (rows for
    /// pointy maps, columns for flat ones).
    pub fn offset_bounds(&self) -> OffsetBounds {
        self.bounds
    }

    /// A clean, unsaved document for `map`, imported from the file `from`, whose image
    /// paths start at that file's folder ([`OpenMap::images_from`]).
    pub fn imported(map: HexMap, from: &Path) -> Self {
        let mut doc = OpenMap::from_map(map);
        doc.imported_from = Some(from.to_path_buf());
        doc
    }

    /// A new blank map.
    pub fn new_map(spec: &NewMapSpec) -> Result<OpenMap, String> {
        spec.to_map().map(OpenMap::from_map)
    }

    /// A document restored from a recovery file: it belongs to `path` (if any) in `form`
    /// and counts as modified until it is saved.
    pub fn recovered(map: HexMap, path: Option<PathBuf>, form: Form) -> OpenMap {
        let mut doc = OpenMap::from_map(map);
        doc.document.mark_unsaved();
        doc.path = path;
        doc.form = form;
        doc
    }

    /// The bundled sample map (clean, no file): `maps/island.ron`, or a blank map should
    /// the bundled text ever fail to load (a test keeps it loading).
    pub fn sample() -> OpenMap {
        match crate::files::sample::island() {
            Ok((map, form)) => {
                let mut doc = OpenMap::from_map(map);
                doc.set_form(form);
                doc
            }
            Err(_) => OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid"),
        }
    }

    /// Load a map file; the error is io's message (naming the file and where).
    pub fn load(path: &Path) -> Result<OpenMap, String> {
        let (mut map, form) = files::read(path)?;
        // An offset kind of the other family would skew rows and export wrongly: switch
        // it (cells kept) and say so.
        let warning = map.match_offset_kind().map(|m| {
            format!(
                "{}: {m}. Opened as {}; every cell kept. Save to keep the change.",
                path.display(),
                m.expected
            )
        });
        let mut doc = OpenMap::from_map(map);
        doc.load_warning = warning;
        doc.path = Some(path.to_path_buf());
        doc.disk = DiskStamp::read(path).ok();
        doc.form = form;
        Ok(doc)
    }

    /// Save to `path` in the current form; on success this becomes the document's file and
    /// the document is clean.
    pub fn save(&mut self, path: &Path) -> Result<(), String> {
        // Image paths are rewritten to name the same files from the new file's folder
        // (one undo step), so tile art and image icons still load.
        let from = self.images_from().map(Path::to_path_buf);
        let edits = hexmap_io::image_paths::rebase_image_paths(self.map(), from.as_deref(), path)
            .map_err(|e| e.to_string())?;
        if !edits.is_empty() {
            self.apply_all(&edits)
                .map_err(|e| crate::windows::error_text::edit_error(self, &e))?;
        }
        files::write(path, &self.family_map(), self.form)?;
        self.path = Some(path.to_path_buf());
        self.imported_from = None;
        self.disk = DiskStamp::read(path).ok();
        self.mark_family_saved();
        Ok(())
    }

    /// The file on disk compared with what this document loaded or saved (`Same` when there
    /// is no file or nothing to compare). A file touched without changing its bytes counts
    /// as the same, and is remembered so.
    pub fn disk_state(&mut self) -> DiskState {
        let (Some(path), Some(known)) = (&self.path, &self.disk) else {
            return DiskState::Same;
        };
        let (state, stamp) = disk_check::compare(path, known);
        if state == DiskState::Same && stamp.is_some() {
            self.disk = stamp;
        }
        state
    }

    /// Take the version now on disk as the one this document knows ("Keep mine"): it no
    /// longer counts as another version, so the next save replaces it.
    pub fn accept_disk_version(&mut self) {
        self.disk = self.path.as_deref().and_then(|p| DiskStamp::read(p).ok());
    }

    /// What this document knows of its file on disk.
    pub fn disk_stamp(&self) -> Option<&DiskStamp> {
        self.disk.as_ref()
    }

    /// Set what this document knows of its file (a recovered document takes it over from
    /// the one it replaces).
    pub fn set_disk_stamp(&mut self, stamp: Option<DiskStamp>) {
        self.disk = stamp;
    }

    /// The file this document was loaded from or saved to.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The file the map's relative image paths start at (its folder): the document's file,
    /// else the file it was imported from; `None` for a map made in the editor.
    pub fn images_from(&self) -> Option<&Path> {
        self.path.as_deref().or(self.imported_from.as_deref())
    }

    /// The form used when saving.
    pub fn form(&self) -> Form {
        self.form
    }

    /// Choose the form used when saving (the file on disk changes at the next save, so the
    /// document counts as modified until then).
    pub fn set_form(&mut self, form: Form) {
        if form != self.form {
            self.form = form;
            self.document.mark_unsaved();
        }
    }

    /// A file name to propose in Save As.
    pub fn suggested_file_name(&self) -> String {
        if let Some(name) = self.path.as_ref().and_then(|p| p.file_name()) {
            return name.to_string_lossy().into_owned();
        }
        let stem: String = self
            .map()
            .name()
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        format!("{}.ron", if stem.is_empty() { "map" } else { &stem })
    }

    /// The map.
    pub fn map(&self) -> &HexMap {
        self.document.map()
    }

    /// The document (map + history).
    pub fn document(&self) -> &Document {
        &self.document
    }

    /// True when there are unsaved changes (in any member of the family).
    pub fn is_modified(&self) -> bool {
        self.any_member_modified()
    }

    /// The layout of the map (a unit layout if the stored size is unusable).
    pub fn layout(&self) -> Layout {
        let p = self.map().properties();
        Layout::new(p.orientation, p.hex_size, Point::default())
            .or_else(|_| Layout::regular(p.orientation, 1.0))
            .expect("unit layout is valid")
    }

    /// Settings the coordinate formats need.
    pub fn coord_context(&self) -> CoordContext {
        self.map().properties().coord_context()
    }

    /// How the editor names `h` in messages, titles and panels: the map's offset kind,
    /// named ("odd-r 4,2"), as `hexmap` prints it (`CoordContext::hex_name`).
    pub fn hex_name(&self, h: Hex) -> String {
        self.coord_context().hex_name(h)
    }

    /// True when the map has this cell.
    pub fn contains(&self, h: Hex) -> bool {
        self.map().contains(h)
    }

    /// Terrain of a cell.
    pub fn terrain(&self, h: Hex) -> Option<TerrainId> {
        self.map().terrain(h)
    }

    /// Note of a cell.
    pub fn note(&self, h: Hex) -> Option<&str> {
        self.map().note(h)
    }

    /// Apply an edit (inside or outside a stroke); the error says what was refused, with
    /// the hexes it is about (the editor names them for this map before showing it).
    pub fn apply(&mut self, edit: &Edit) -> Result<(), hexmap_map::EditError> {
        if matches!(edit, Edit::Map(MapEdit::SetChildren(_))) {
            self.write_back_children();
        }
        let changed = self.document.apply(edit)?;
        self.record_change(changed);
        Ok(())
    }

    /// Apply several edits as one undo step (all or nothing; see
    /// [`Document::apply_all`]).
    pub fn apply_all(&mut self, edits: &[Edit]) -> Result<(), hexmap_map::EditError> {
        self.write_back_children();
        let changed = self.document.apply_all(edits)?;
        self.record_change(changed);
        Ok(())
    }

    /// Start one undo step (a drag).
    pub fn begin_step(&mut self) {
        self.document.begin_stroke();
    }

    /// End the undo step.
    pub fn end_step(&mut self) {
        self.document.end_stroke();
    }

    /// Take back the open undo step: what it changed is undone and it leaves no step.
    pub fn cancel_step(&mut self) {
        if let Some(c) = self.document.cancel_stroke() {
            self.record_change(c);
        }
    }

    /// Undo one step.
    pub fn undo(&mut self) {
        self.write_back_children();
        if let Some(c) = self.document.undo() {
            self.record_change(c);
        }
    }

    /// Redo one step.
    pub fn redo(&mut self) {
        self.write_back_children();
        if let Some(c) = self.document.redo() {
            self.record_change(c);
        }
    }

    /// A number that changes whenever the map does (edit, undo, redo), for caches.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// What changed since the last call.
    pub fn take_changed(&mut self) -> Changed {
        std::mem::take(&mut self.changed)
    }

    /// World rectangle (min, max) covering every cell.
    pub fn world_bounds(&self) -> (Point, Point) {
        use hexmap_draw::{CellReach, offset_bounds_world_box};
        offset_bounds_world_box(&self.layout(), self.bounds, CellReach::HexSize)
    }

    /// Cells of the map that may have their centre in the world rectangle (a superset by
    /// one cell on each side), in row order.
    pub fn cells_in_world_rect(&self, layout: &Layout, a: Point, b: Point) -> Vec<Hex> {
        let kind = OffsetKind::default_for(layout.orientation());
        let bounds = self.bounds;
        let (lo, hi) = offset_box(layout, a, b);
        let c0 = (lo.0 - 1).max(i64::from(bounds.min_col));
        let r0 = (lo.1 - 1).max(i64::from(bounds.min_row));
        let c1 = (hi.0 + 1).min(i64::from(bounds.min_col) + i64::from(bounds.cols) - 1);
        let r1 = (hi.1 + 1).min(i64::from(bounds.min_row) + i64::from(bounds.rows) - 1);
        let mut out = Vec::new();
        for r in r0..=r1 {
            for c in c0..=c1 {
                let h = kind.to_hex(OffsetCoord::new(c as i32, r as i32));
                if self.contains(h) {
                    out.push(h);
                }
            }
        }
        out
    }

    /// Replace the map properties (one undo step).
    pub fn set_properties(&mut self, props: MapProperties) -> Result<(), String> {
        self.apply(&Edit::Map(MapEdit::SetProperties(props)))
            .map_err(|e| crate::windows::error_text::edit_error(self, &e))
    }
}

/// Reading and writing map files through `io` (its messages name the file and where).
mod files {
    use hexmap_io::{self as io, Form};
    use hexmap_map::HexMap;
    use std::path::Path;

    /// Read a map and the form it was written in, through the platform's storage.
    pub fn read(path: &Path) -> Result<(HexMap, Form), String> {
        let bytes = crate::files::storage::current()
            .read(path)
            .map_err(|e| io::LoadError::reading(path, e).to_string())?;
        io::load_bytes(path, &bytes).map_err(|e| e.to_string())
    }

    /// Write a map in a form through the platform's storage (atomically on the desktop:
    /// temp file, sync, rename; a download in a browser).
    pub fn write(path: &Path, map: &HexMap, form: Form) -> Result<(), String> {
        crate::files::storage::current()
            .write(path, io::to_string(map, form).as_bytes())
            .map_err(|source| io::SaveError::Io {
                path: path.to_owned(),
                source,
            })
            .map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::OffsetKind;

    fn scanned(doc: &OpenMap) -> OffsetBounds {
        let kind = OffsetKind::default_for(doc.map().properties().orientation);
        doc.map().shape().offset_bounds(kind)
    }

    #[test]
    fn kept_bounds_follow_reshape_orientation_undo_and_redo() {
        let map = hexmap_map::testing::TestMap::hexagon(3, Orientation::Pointy)
            .named("b")
            .build();
        let mut doc = OpenMap::from_map(map);
        let hexagon = doc.offset_bounds();
        assert_eq!(hexagon, scanned(&doc));
        assert_eq!((hexagon.cols, hexagon.rows), (7, 7));

        doc.apply(&Edit::Map(MapEdit::Reshape(
            MapShape::rectangle(OffsetKind::EvenQ, 9, 4).unwrap(),
        )))
        .unwrap();
        assert_eq!(doc.offset_bounds(), scanned(&doc));
        let mut props = doc.map().properties().clone();
        props.set_orientation(Orientation::Flat);
        doc.set_properties(props).unwrap();
        assert_eq!(doc.offset_bounds(), scanned(&doc));
        assert_ne!(doc.offset_bounds(), hexagon);

        let before = doc.revision();
        doc.undo();
        doc.undo();
        assert_eq!(doc.offset_bounds(), hexagon);
        assert_ne!(doc.revision(), before);
        doc.redo();
        assert_eq!(doc.offset_bounds(), scanned(&doc));
    }

    #[test]
    fn a_new_map_spec_fills_with_a_palette_terrain_and_refuses_an_unknown_one() {
        let grass = Palette::standard().terrains()[1].id;
        let spec = NewMapSpec {
            orientation: Orientation::Flat,
            offset_kind: OffsetKind::EvenR,
            fill: Some(grass),
            ..NewMapSpec::default()
        };
        let map = spec.to_map().unwrap();
        // A kind of the other orientation becomes the one of the same parity.
        assert_eq!(map.properties().offset_kind, OffsetKind::EvenQ);
        assert!(map.shape().iter().all(|h| map.terrain(h) == Some(grass)));
        let unknown = NewMapSpec {
            fill: TerrainId::new(999),
            ..NewMapSpec::default()
        };
        let message = unknown.to_map().unwrap_err();
        assert!(message.contains("999"), "{message}");
    }
}
