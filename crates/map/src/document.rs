//! A document: a map plus its undo history. The only way an editor changes a map.

use super::edit::{self, Changed, Edit, EditError};
use super::hexmap::HexMap;
use super::history::History;

/// A map being edited: every change goes through [`Document::apply`], which records undo
/// and reports what changed; "modified" is derived from the history.
///
/// ```
/// use hexmap_hex::{Hex, Orientation};
/// use hexmap_map::{CellEdit, Document, Edit, HexMap, MapProperties, MapShape, Palette, TerrainId};
///
/// let map = HexMap::new(
///     MapProperties::new("demo", Orientation::Pointy),
///     MapShape::hexagon(5).unwrap(),
///     Palette::standard(),
/// ).unwrap();
/// let mut doc = Document::new(map);
/// let forest = TerrainId::new(3);
/// // One mouse drag = one stroke = one undo step.
/// doc.begin_stroke();
/// for q in 0..4 {
///     let changed = doc
///         .apply(&Edit::Cell(CellEdit::Paint { center: Hex::new(q, 0), radius: 1, terrain: forest }))
///         .unwrap();
///     assert!(!changed.hexes.is_empty()); // redraw only these
/// }
/// doc.end_stroke();
/// assert!(doc.is_modified());
/// doc.undo();
/// assert!(!doc.is_modified());
/// assert_eq!(doc.map().terrain(Hex::new(0, 0)), None);
/// ```
#[derive(Clone, Debug)]
pub struct Document {
    map: HexMap,
    history: History,
}

impl Document {
    /// A document for `map`, clean (not modified).
    pub fn new(map: HexMap) -> Self {
        Document {
            map,
            history: History::default(),
        }
    }

    /// The map (read only; change it with [`Document::apply`]).
    pub fn map(&self) -> &HexMap {
        &self.map
    }

    /// The history (read only).
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Limit the undo history to about `max_bytes` of heap (see
    /// [`super::history::DEFAULT_MAX_BYTES`]); the oldest steps go first.
    pub fn set_history_limit(&mut self, max_bytes: usize) {
        self.history.set_max_bytes(max_bytes);
    }

    /// Apply one edit: on success the change is recorded for undo (merged into the open
    /// stroke, if any) and the changed region returned; on error nothing changed.
    pub fn apply(&mut self, edit: &Edit) -> Result<Changed, EditError> {
        let (changed, record) = edit::apply(&mut self.map, edit)?;
        self.history.record(record);
        Ok(changed)
    }

    /// Apply several edits as one undo step that keeps the whole previous map (a map
    /// properties change with a reshape, a pointy ↔ flat switch, deleting a terrain …).
    /// All or nothing: when one edit is refused, the map is left as it was.
    pub fn apply_all(&mut self, edits: &[Edit]) -> Result<Changed, EditError> {
        let before = self.map.clone();
        for e in edits {
            if let Err(err) = edit::apply(&mut self.map, e) {
                self.map = before;
                return Err(err);
            }
        }
        if self.map != before {
            self.history.record(edit::Record::Swap(Box::new(before)));
        }
        Ok(Changed::whole())
    }

    /// Start a stroke: edits until [`Document::end_stroke`] form one undo step.
    pub fn begin_stroke(&mut self) {
        self.history.begin_stroke();
    }

    /// End the open stroke.
    pub fn end_stroke(&mut self) {
        self.history.end_stroke();
    }

    /// Take back the open stroke (a drag cancelled midway): what it changed is undone and
    /// it leaves no undo step; `None` when it had changed nothing.
    pub fn cancel_stroke(&mut self) -> Option<Changed> {
        self.history.cancel_stroke(&mut self.map)
    }

    /// Undo the last step; `None` when there is nothing to undo.
    pub fn undo(&mut self) -> Option<Changed> {
        self.history.undo(&mut self.map)
    }

    /// Redo the last undone step; `None` when there is nothing to redo.
    pub fn redo(&mut self) -> Option<Changed> {
        self.history.redo(&mut self.map)
    }

    /// True when there is something to undo.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// True when there is something to redo.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Record that the current state is saved.
    pub fn mark_saved(&mut self) {
        self.history.mark_saved();
    }

    /// Mark as never saved (e.g. a new map): modified until saved.
    pub fn mark_unsaved(&mut self) {
        self.history.mark_unsaved();
    }

    /// True when the map differs from the saved state.
    pub fn is_modified(&self) -> bool {
        self.history.is_modified()
    }

    /// Put the children's latest content into the map without an undo step. An editor
    /// that edits each member of a family in a document of its own writes them back before
    /// saving, undoing or changing the list of children, so that what the history keeps of
    /// the list holds the members as they are, not as they were when the list last changed.
    pub fn write_back_children(&mut self, children: Vec<crate::family::ChildMap>) {
        self.map.set_children(children);
    }

    /// Take the map out (e.g. to save it elsewhere), dropping the history.
    pub fn into_map(self) -> HexMap {
        self.map
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::TestMap;
    use crate::{CellEdit, MapEdit, MapShape, Palette, TerrainId};
    use hexmap_hex::{Hex, Orientation};

    fn doc() -> Document {
        Document::new(
            TestMap::on(Orientation::Flat, MapShape::parallelogram(30, 30).unwrap())
                .named("d")
                .build(),
        )
    }

    fn paint(q: i32, r: i32, t: u16) -> Edit {
        Edit::Cell(CellEdit::Paint {
            center: Hex::new(q, r),
            radius: 1,
            terrain: TerrainId::new(t),
        })
    }

    #[test]
    fn stroke_is_one_step_with_first_old_values() {
        let mut d = doc();
        let original = d.map().clone();
        d.begin_stroke();
        for q in 2..20 {
            d.apply(&paint(q, 5, 2)).unwrap();
            d.apply(&paint(q, 5, 3)).unwrap();
        }
        d.end_stroke();
        assert_eq!(d.history().undo_len(), 1);
        assert!(d.is_modified());
        let after = d.map().clone();
        let ch = d.undo().unwrap();
        assert_eq!(d.map(), &original);
        assert!(ch.hexes.len() > 18);
        d.redo().unwrap();
        assert_eq!(d.map(), &after);
    }

    #[test]
    fn a_cancelled_stroke_is_taken_back_and_leaves_no_step() {
        let mut d = doc();
        d.apply(&paint(3, 3, 2)).unwrap();
        let before = d.map().clone();
        d.begin_stroke();
        for q in 5..12 {
            d.apply(&paint(q, 8, 4)).unwrap();
        }
        let changed = d.cancel_stroke().expect("the stroke changed cells");
        assert_eq!(d.map(), &before, "every painted cell is back");
        assert!(changed.hexes.len() >= 7);
        assert_eq!(d.history().undo_len(), 1, "only the edit before it");
        assert!(!d.can_redo(), "nothing to redo");
        d.undo();
        assert!(!d.is_modified());
        // A stroke that changed nothing has nothing to take back.
        d.begin_stroke();
        assert!(d.cancel_stroke().is_none());
    }

    #[test]
    fn clean_mark_follows_history_position() {
        let mut d = doc();
        assert!(!d.is_modified());
        d.apply(&paint(3, 3, 2)).unwrap();
        assert!(d.is_modified());
        d.mark_saved();
        assert!(!d.is_modified());
        d.apply(&paint(4, 3, 4)).unwrap();
        assert!(d.is_modified());
        d.undo();
        assert!(!d.is_modified());
        d.undo();
        assert!(d.is_modified());
        d.redo();
        assert!(!d.is_modified());
        // Branching off the saved state makes it unreachable: modified until saved again.
        d.undo();
        d.apply(&paint(9, 9, 5)).unwrap();
        assert!(d.is_modified());
        d.undo();
        assert!(d.is_modified());
    }

    #[test]
    fn no_op_edits_and_empty_strokes_leave_no_step() {
        let mut d = doc();
        d.apply(&paint(3, 3, 2)).unwrap();
        d.apply(&paint(3, 3, 2)).unwrap();
        assert_eq!(d.history().undo_len(), 1);
        d.begin_stroke();
        d.apply(&paint(10, 10, 5)).unwrap();
        d.apply(&paint(10, 10, 0)).unwrap();
        d.end_stroke();
        assert_eq!(d.history().undo_len(), 1);
    }

    #[test]
    fn reshape_and_palette_undo() {
        let mut d = doc();
        d.apply(&paint(25, 25, 3)).unwrap();
        let before = d.map().clone();
        let ch = d
            .apply(&Edit::Map(MapEdit::Reshape(
                MapShape::parallelogram(10, 10).unwrap(),
            )))
            .unwrap();
        assert!(ch.whole_map);
        assert_eq!(d.map().cell_count(), 100);
        d.apply(&Edit::Map(MapEdit::SetPalette(
            Palette::new(vec![]).unwrap(),
        )))
        .unwrap();
        assert!(d.map().palette().is_empty());
        let mut props = d.map().properties().clone();
        props.name = "renamed".into();
        d.apply(&Edit::Map(MapEdit::SetProperties(props))).unwrap();
        assert_eq!(d.map().name(), "renamed");
        d.undo();
        d.undo();
        d.undo();
        assert_eq!(d.map(), &before);
        d.redo();
        assert_eq!(d.map().cell_count(), 100);
    }

    #[test]
    fn the_history_budget_drops_the_oldest_steps_and_keeps_undo_and_saved_state_right() {
        let mut d = doc();
        // Ten single-hex paints of 30 hexes each (one row each), each its own step.
        let row = |r: i32, t: u16| {
            (0..30)
                .map(|q| (Hex::new(q, r), TerrainId::new(t)))
                .collect::<Vec<_>>()
        };
        d.apply(&Edit::Cell(CellEdit::SetTerrain(row(0, 2))))
            .unwrap();
        let one_step = d.history().heap_bytes();
        assert!(one_step > 0);
        d.mark_saved();
        let saved = d.map().clone();
        for r in 1..10 {
            d.apply(&Edit::Cell(CellEdit::SetTerrain(row(r, 3))))
                .unwrap();
        }
        let final_map = d.map().clone();
        // Room for about three steps: the oldest seven go.
        d.set_history_limit(one_step * 3 + one_step / 2);
        assert_eq!(d.history().undo_len(), 3);
        assert!(d.history().heap_bytes() <= one_step * 3 + one_step / 2);
        // Undo reaches the state after the last dropped step, not the saved one.
        while d.undo().is_some() {}
        assert!(
            d.is_modified(),
            "the saved state was dropped: still modified"
        );
        assert_ne!(d.map(), &saved);
        for r in 0..7 {
            assert_eq!(
                d.map().terrain(Hex::new(0, r)),
                TerrainId::new(if r == 0 { 2 } else { 3 })
            );
        }
        assert_eq!(d.map().terrain(Hex::new(0, 7)), None);
        while d.redo().is_some() {}
        assert_eq!(d.map(), &final_map);
        // Saving at the bottom state makes it clean there.
        while d.undo().is_some() {}
        d.mark_saved();
        assert!(!d.is_modified());
        d.redo().unwrap();
        assert!(d.is_modified());
        d.undo().unwrap();
        assert!(!d.is_modified());
        // The newest step is kept even when it alone is over the budget.
        d.set_history_limit(1);
        d.apply(&Edit::Cell(CellEdit::SetTerrain(row(20, 4))))
            .unwrap();
        assert_eq!(d.history().undo_len(), 1);
    }
}
