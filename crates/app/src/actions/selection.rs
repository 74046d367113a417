//! What the selection commands do (Edit menu and keys): select all, deselect, invert, select the
//! current terrain, cut, delete, fill, and a list of edits as one undo step (a move).
//! Each change to the map is one undo step through the one edit path.

use crate::Action;
use crate::EditorApp;
use eframe::egui;
use hexmap_map::Edit;
use hexmap_map::selection as model;

impl EditorApp {
    /// Run a selection command; false when `action` is not one.
    pub(crate) fn run_selection(&mut self, ctx: &egui::Context, action: &Action) -> bool {
        let hexes = self.tools.selection().hexes().to_vec();
        let hexes = hexes.as_slice();
        match action {
            Action::SelectAll => {
                let all = self.doc.map().shape().iter().collect();
                self.tools.selection_mut().set(all);
            }
            Action::Deselect => self.tools.selection_mut().clear(),
            Action::InvertSelection => {
                let others = model::invert(self.doc.map(), hexes);
                self.tools.selection_mut().set(others);
            }
            Action::SelectSameTerrain => {
                let cells = model::same_terrain(self.doc.map(), self.tools.terrain());
                self.tools.selection_mut().set(cells);
            }
            Action::Cut => {
                let n = hexes.len();
                if n == 0 {
                    return true;
                }
                let edits = model::delete_edits(self.doc.map(), hexes);
                self.copy_selection(ctx);
                self.apply_steps(&edits);
                let n = crate::panels::words::count(n, "hex", "hexes");
                self.windows.say(format!("Cut {n}"));
            }
            Action::DeleteSelection => {
                let edits = model::delete_edits(self.doc.map(), hexes);
                self.apply_steps(&edits);
            }
            Action::FillSelection(terrain) => {
                if !hexes.is_empty() {
                    let edit = model::fill_edit(hexes, *terrain);
                    self.apply_steps(&[edit]);
                }
            }
            Action::Edits(edits) => self.apply_steps(edits),
            _ => return false,
        }
        true
    }

    /// Apply `edits` in order as one undo step (none when the list is empty); a refused
    /// edit shows its message and the others still apply.
    pub(crate) fn apply_steps(&mut self, edits: &[Edit]) {
        if edits.is_empty() {
            return;
        }
        self.doc.begin_step();
        for edit in edits {
            if let Err(e) = self.doc.apply(edit) {
                let message = crate::windows::error_text::edit_error(&self.doc, &e);
                self.windows.show_error(message);
            }
        }
        self.doc.end_step();
    }
}
