//! Undo/redo history: a stack of steps, stroke grouping (one mouse drag = one step) and a
//! clean mark so "modified since save" is derived from the history position.

use super::edit::{Changed, Record};
use super::hexmap::HexMap;

/// Default budget of the undo history in heap bytes: old steps are dropped beyond it, so
/// a long session of big fills and reshapes on a million-hex map cannot eat the machine.
pub const DEFAULT_MAX_BYTES: usize = 256 << 20;

/// One undo step: a unique id (never reused, so a discarded saved state stays
/// unreachable), what undo/redo needs, and its heap bytes (for the budget).
#[derive(Clone, Debug)]
struct Step {
    id: u64,
    record: Record,
    bytes: usize,
}

/// Heap bytes a record holds.
fn record_bytes(record: &Record) -> usize {
    match record {
        Record::Cells(c) => c.heap_bytes(),
        Record::Swap(m) => m.heap_bytes(),
        Record::Custom(c) => c.heap_bytes(),
        Record::Children(c) => c.iter().map(|c| c.map.heap_bytes()).sum(),
        Record::Properties(_) | Record::View(_) | Record::Scale(_) | Record::Underlay(_) => 0,
    }
}

/// The undo and redo stacks of a document.
#[derive(Clone, Debug)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    next_id: u64,
    /// Id of the top undo step when the map was last saved (0 = the initial state).
    saved_id: u64,
    /// True between `begin_stroke` and `end_stroke`.
    in_stroke: bool,
    /// Id of the step the open stroke merges into, once it has one.
    stroke_step: Option<u64>,
    /// Id of the newest step dropped for the budget: the state at the bottom of the undo
    /// stack (0 while nothing was dropped).
    floor_id: u64,
    /// Most heap bytes the undo steps may hold (the newest step is always kept).
    max_bytes: usize,
}

impl Default for History {
    fn default() -> Self {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
            next_id: 1,
            saved_id: 0,
            in_stroke: false,
            stroke_step: None,
            floor_id: 0,
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }
}

impl History {
    /// Id of the state the map is in now (0 = initial, or `floor_id` once old steps
    /// were dropped).
    fn position(&self) -> u64 {
        self.undo.last().map_or(self.floor_id, |s| s.id)
    }

    /// Set the history's budget in heap bytes; the oldest undo steps are dropped while the
    /// steps hold more (the newest step is always kept).
    pub fn set_max_bytes(&mut self, max_bytes: usize) {
        self.max_bytes = max_bytes;
        self.trim();
    }

    /// Drop the oldest undo steps while over the budget, never the newest one nor the
    /// step an open stroke is merging into.
    fn trim(&mut self) {
        let mut total: usize = self.undo.iter().map(|s| s.bytes).sum();
        let mut drop = 0;
        while total > self.max_bytes
            && drop + 1 < self.undo.len()
            && Some(self.undo[drop].id) != self.stroke_step
        {
            total -= self.undo[drop].bytes;
            drop += 1;
        }
        if drop > 0 {
            self.floor_id = self.undo[drop - 1].id;
            self.undo.drain(..drop);
        }
    }

    /// True when the map differs from the last saved (or initial) state.
    pub fn is_modified(&self) -> bool {
        self.position() != self.saved_id
    }

    /// Mark the current state as saved.
    pub fn mark_saved(&mut self) {
        self.end_stroke();
        self.saved_id = self.position();
    }

    /// Mark the document as never saved: modified until the next `mark_saved`.
    pub fn mark_unsaved(&mut self) {
        self.saved_id = u64::MAX;
    }

    /// True when there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// True when there is a step to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Number of undo steps.
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    /// True while a stroke is open.
    pub fn in_stroke(&self) -> bool {
        self.in_stroke
    }

    /// Start grouping the following edits into one undo step.
    pub fn begin_stroke(&mut self) {
        self.end_stroke();
        self.in_stroke = true;
    }

    /// Close the open stroke (if any); a stroke that changed nothing leaves no step.
    pub fn end_stroke(&mut self) {
        if let Some(id) = self.stroke_step.take()
            && let Some(top) = self.undo.last_mut()
            && top.id == id
            && let Record::Cells(c) = &mut top.record
        {
            c.finish();
            if c.is_empty() {
                self.undo.pop();
            } else {
                top.bytes = c.heap_bytes();
            }
        }
        self.in_stroke = false;
        self.trim();
    }

    /// Take back the open stroke on `map`: its step is undone and dropped (no redo).
    /// `None` when the stroke had made no step.
    pub(crate) fn cancel_stroke(&mut self, map: &mut HexMap) -> Option<Changed> {
        let id = self.stroke_step;
        self.end_stroke();
        let id = id?;
        if self.undo.last()?.id != id {
            return None;
        }
        let mut step = self.undo.pop()?;
        Some(revert(map, &mut step.record, true))
    }

    /// Heap bytes of all undo and redo steps (cell records; snapshots count their layers).
    pub fn heap_bytes(&self) -> usize {
        self.undo
            .iter()
            .chain(&self.redo)
            .map(|s| record_bytes(&s.record))
            .sum()
    }

    /// Record an applied edit.
    pub(crate) fn record(&mut self, record: Record) {
        if let Record::Cells(c) = &record
            && c.is_empty()
        {
            return;
        }
        self.redo.clear();
        if self.in_stroke {
            if let Record::Cells(later) = record {
                if let Some(id) = self.stroke_step
                    && let Some(top) = self.undo.last_mut()
                    && top.id == id
                    && let Record::Cells(c) = &mut top.record
                {
                    c.merge(*later);
                    return;
                }
                let id = self.push(Record::Cells(later));
                self.stroke_step = Some(id);
                return;
            }
            // Custom properties changed again in the same stroke (a brush stroke painting
            // a property, a rename that sets the values again): the stroke's step keeps
            // the properties as they were before it, which is all its undo needs (a swap:
            // the undo keeps the stroke's outcome for the redo).
            if let Record::Custom(_) = record {
                if let Some(id) = self.stroke_step
                    && let Some(top) = self.undo.last()
                    && top.id == id
                    && let Record::Custom(_) = top.record
                {
                    return;
                }
                if self.stroke_step.is_none() {
                    let id = self.push(record);
                    self.stroke_step = Some(id);
                    return;
                }
            }
            // A whole-map change ends the stroke and stands alone.
            self.end_stroke();
            self.in_stroke = true;
            self.push(record);
            return;
        }
        let mut record = record;
        if let Record::Cells(c) = &mut record {
            c.finish();
        }
        self.push(record);
    }

    fn push(&mut self, record: Record) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        let bytes = record_bytes(&record);
        self.undo.push(Step { id, record, bytes });
        self.trim();
        id
    }

    /// Undo the last step on `map`; returns what changed.
    pub(crate) fn undo(&mut self, map: &mut HexMap) -> Option<Changed> {
        let in_stroke = self.in_stroke;
        self.end_stroke();
        self.in_stroke = in_stroke;
        let mut step = self.undo.pop()?;
        let changed = revert(map, &mut step.record, true);
        self.redo.push(step);
        Some(changed)
    }

    /// Redo the last undone step on `map`; returns what changed.
    pub(crate) fn redo(&mut self, map: &mut HexMap) -> Option<Changed> {
        let in_stroke = self.in_stroke;
        self.end_stroke();
        self.in_stroke = in_stroke;
        let mut step = self.redo.pop()?;
        let changed = revert(map, &mut step.record, false);
        self.undo.push(step);
        Some(changed)
    }
}

/// Put the old (`undo`) or new values of a record back into `map`.
fn revert(map: &mut HexMap, record: &mut Record, undo: bool) -> Changed {
    match record {
        Record::Cells(c) => {
            c.restore(map, undo);
            c.changed(map)
        }
        Record::Swap(other) => {
            std::mem::swap(map, other);
            Changed::whole()
        }
        Record::Custom(c) => crate::custom::edit::revert(map, c),
        Record::Properties(p) => {
            map.swap_properties(p);
            Changed::whole()
        }
        Record::View(v) => {
            *v = map.set_view(*v);
            Changed::whole()
        }
        Record::Scale(s) => {
            std::mem::swap(map.scale_slot_mut(), s);
            Changed::whole()
        }
        Record::Underlay(u) => {
            let mut other = u.take().map(|b| *b);
            std::mem::swap(map.underlay_slot_mut(), &mut other);
            *u = other.map(Box::new);
            Changed::whole()
        }
        Record::Children(c) => {
            *c = map.set_children(std::mem::take(c));
            Changed::whole()
        }
    }
}
