//! Long work on the open map (`crate::files::long_work`): what its end does to the editor, and
//! the actions that wait for it.

use crate::files::long_work::{Finished, Task};
use crate::{Action, EditorApp};
use eframe::egui;
use hexmap_map::{CellEdit, Edit};

impl EditorApp {
    /// After a frame's UI pass (which showed the work running): apply what long work
    /// finished (a fill's region, a file read), and once none runs, put the actions that
    /// waited before this frame's.
    pub(crate) fn poll_long_work(&mut self, ctx: &egui::Context) {
        match self.long_work.poll() {
            Some(Finished::Fill { revision, edit }) => {
                // Nothing edits the map while the region is found (edits wait); a map
                // replaced meanwhile (a dialog's answer) is not the one it was found on.
                if revision == self.doc.revision() {
                    self.apply_step(&edit);
                    // The canvas redraws the change in this frame's `after_actions`.
                    ctx.request_repaint();
                }
            }
            Some(Finished::Open { path, opened }) => {
                // Edits that waited were meant for the map being left.
                let waiting = self.long_work.take_waiting();
                let kept = waiting.into_iter().filter(|a| !Self::edits_map(a));
                kept.for_each(|a| self.long_work.hold(a));
                self.opened(&path, opened.map(|doc| *doc));
                ctx.request_repaint();
            }
            Some(Finished::Cancelled) | None => {}
        }
        if !self.long_work.is_running() {
            let mut waiting = self.long_work.take_waiting();
            if !waiting.is_empty() {
                waiting.append(&mut self.actions);
                self.actions = waiting;
            }
        }
    }

    /// Run `action` now, or keep it for when the long work is done. Only looking around
    /// (zoom, fit) and Cancel run while it works: anything else could act on the map
    /// before the work changed it.
    pub(crate) fn hold_for_long_work(&mut self, action: Action) -> Option<Action> {
        let now = matches!(
            action,
            Action::ZoomBy(_) | Action::FitMap | Action::CancelLongWork
        );
        if !self.long_work.is_running() || now {
            return Some(action);
        }
        self.long_work.hold(action);
        None
    }

    /// A bucket fill: its region found off the frame on a large map (`long_work`), else
    /// applied at once.
    pub(crate) fn fill(&mut self, ctx: &egui::Context, edit: &Edit) {
        if let Edit::Cell(CellEdit::Fill { start, terrain }) = *edit
            && self.long_work.start_fill(ctx, &self.doc, start, terrain)
        {
            return;
        }
        self.apply_step(edit);
    }

    /// Cancel button of the long work: it stops, nothing changes, what waited runs.
    pub(crate) fn cancel_long_work(&mut self, ctx: &egui::Context) {
        if let Some(Task::Open { path }) = self.long_work.task() {
            match &mut self.no_map {
                // Under "Could not open PATH:".
                Some(no_map) => no_map.message = "Cancelled before it was read.".into(),
                None => self
                    .windows
                    .say(format!("Not opened: {} (cancelled)", path.display())),
            }
        }
        self.long_work.cancel();
        ctx.request_repaint();
    }
}
