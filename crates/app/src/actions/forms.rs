//! What windows ask of the whole editor: Map properties applied (one undo step, the form
//! shown again, the map fitted), a biome table loaded into or saved from the Generate
//! window, play mode entered or left, and the Note window's text kept when the user moves
//! on to another tool or hex.

use crate::EditorApp;
use crate::tools::play;
use crate::windows::generate_biomes;
use crate::windows::properties::PropertiesForm;
use hexmap_generate::BiomeTable;
use hexmap_map::{CellEdit, Edit};
use std::path::Path;

impl EditorApp {
    /// Close the Note window because the user moved on: a switch to another tool (the
    /// window belongs to the Note tool) or a click on another hex's note. What was typed
    /// is kept as the hex's note (one undo step, so Ctrl+Z takes it back) rather than
    /// thrown away: moving on is not cancelling (Escape and the Cancel button are).
    pub(crate) fn keep_note_draft(&mut self) {
        let Some(form) = self.windows.close_note() else {
            return;
        };
        if self.doc.note(form.hex).unwrap_or_default() != form.text {
            let edit = Edit::Cell(CellEdit::SetNote {
                hex: form.hex,
                text: Some(form.text),
            });
            self.apply_step(&edit);
        }
    }

    /// Apply the properties window's settings as one undo step, show the map's settings
    /// in it again and fit the map.
    pub(crate) fn apply_properties(&mut self, form: PropertiesForm) {
        let anchor = self.canvas.overlays().anchor;
        let edits = match form.edits(&self.doc, anchor) {
            Ok(edits) => edits,
            Err(message) => return self.windows.show_error(message),
        };
        if let Err(e) = self.doc.apply_all(&edits) {
            let message = crate::windows::error_text::edit_error(&self.doc, &e);
            self.windows.show_error(message);
        }
        self.windows
            .open_properties(PropertiesForm::from_map(self.doc.map()));
        self.canvas.fit_map();
    }

    /// Load the biome file at `path` into the Generate window and the preferences, or say
    /// why not.
    pub(crate) fn load_biomes(&mut self, path: &Path) {
        match generate_biomes::load(path) {
            Ok(table) => {
                self.prefs.generate_biomes = generate_biomes::prefs_text(&table);
                if let Some(form) = self.windows.generate_form() {
                    form.biomes = table;
                    form.message = Some(format!("Loaded the biome table {}", path.display()));
                }
            }
            Err(message) => self.windows.show_error(message),
        }
    }

    /// Save `table` as a biome file at `path`, or say why not.
    pub(crate) fn save_biomes(&mut self, table: &BiomeTable, path: &Path) {
        match generate_biomes::save(table, path) {
            Ok(said) => {
                if let Some(form) = self.windows.generate_form() {
                    form.message = Some(said.clone());
                }
                self.windows.say(said);
            }
            Err(message) => self.windows.show_error(message),
        }
    }

    /// Enter or leave play mode; a map without mines cannot be played, and that is said.
    pub(crate) fn toggle_play(&mut self) {
        if self.play.is_none() && self.doc.map().mine_layer().count() == 0 {
            self.windows.show_error(
                "This map has no mines to play. Place some first with Edit, Random mines…, \
                 or the Mine tool.",
            );
            return;
        }
        self.play = match self.play {
            Some(_) => None,
            None => Some(play::PlaySession::from_map(self.doc.map())),
        };
        self.tools.drop_gesture();
        self.tools.stop_paste();
    }
}
