//! The file operations actions share: open a map (or import another program's file),
//! reload it, and save it (then run what waited for the save).

use crate::Action;
use crate::EditorApp;
use crate::files::disk_check::{self, DiskChoice};
use crate::open_map::OpenMap;
use crate::windows::{export_import, no_map};
use eframe::egui;
use std::path::Path;

impl EditorApp {
    /// Open a map file; false (with the message shown) when it cannot be opened. While no
    /// map is open the message goes on that screen, otherwise in the error window. A
    /// large map file is read off the frame (`long_work`): then this says true at once
    /// and the map opens when it has been read.
    ///
    /// A file that is not a hexmap map (a Tiled map, hexmap's JSON export) is imported
    /// instead, as File → Import map does: a new unsaved map, so Save never writes RON into
    /// the other program's file. `hexmap export.json` thus opens the JSON export too.
    pub(crate) fn open_path(&mut self, ctx: &egui::Context, path: &Path) -> bool {
        let is_ron = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ron"));
        if is_ron || !crate::files::storage::current().is_file(path) {
            if self.long_work.start_open(ctx, path) {
                return true;
            }
            return self.opened(path, OpenMap::load(path));
        }
        match export_import::import_tiled(path) {
            Ok((doc, warnings)) => {
                self.prefs.add_recent(path);
                self.adopt_import(path, doc, warnings);
                true
            }
            Err(message) => self.not_opened(path, message),
        }
    }

    /// Make `opened`, read from `path`, the editor's map (or say why it could not be
    /// read); false when it could not.
    pub(crate) fn opened(&mut self, path: &Path, opened: Result<OpenMap, String>) -> bool {
        match opened {
            Ok(doc) => {
                self.prefs.add_recent(path);
                self.replace_doc(doc);
                let repaired = self.doc.take_load_warning();
                let message = format!("Opened {}", path.display());
                self.windows.opened(message, repaired);
                self.check_recovery();
                true
            }
            Err(message) => self.not_opened(path, message),
        }
    }

    /// Say why `path` could not be opened: on the "no map is open" screen while no map
    /// is, else in the error window. Always false.
    fn not_opened(&mut self, path: &Path, message: String) -> bool {
        if self.no_map.is_some() {
            self.no_map = Some(no_map::NoMap {
                path: path.to_path_buf(),
                message,
            });
        } else {
            self.windows.show_error(message);
        }
        false
    }

    /// Load the document's file again from disk ("Reload"); false when it failed (said).
    pub(crate) fn reload(&mut self, path: &Path) -> bool {
        match OpenMap::load(path) {
            Ok(doc) => {
                self.replace_doc(doc);
                let repaired = self.doc.take_load_warning();
                let message = format!("Reloaded {}", path.display());
                self.windows.reloaded(message, repaired);
                true
            }
            Err(message) => {
                self.windows.show_error(message);
                false
            }
        }
    }

    /// Save to `path`, then run `then` — unless `path` is the document's file and another
    /// program changed it meanwhile: then the "changed on disk" question waits first.
    pub(crate) fn save_then(&mut self, ctx: &egui::Context, path: &Path, then: Option<Action>) {
        // Another program changed the document's file meanwhile: the question first.
        if self.doc.path() == Some(path)
            && let Some(conflict) = disk_check::conflict(&mut self.doc, true, then.clone())
        {
            self.windows.ask_disk_conflict(conflict);
            return;
        }
        if self.save_to(path)
            && let Some(action) = then
        {
            self.run(ctx, action);
        }
    }

    pub(crate) fn save_to(&mut self, path: &Path) -> bool {
        let old = self.doc.path().map(Path::to_path_buf);
        match self.doc.save(path) {
            Ok(()) => {
                self.recovery_saved(old, path);
                self.prefs.add_recent(path);
                self.windows.say(format!("Saved {}", path.display()));
                true
            }
            Err(message) => {
                self.windows.show_error(message);
                false
            }
        }
    }

    /// The window got the focus: ask if the map's file changed meanwhile.
    pub(crate) fn check_disk(&mut self) {
        if self.windows.disk_conflict().is_some() || self.doc.path().is_none() {
            return;
        }
        if let Some(conflict) = disk_check::conflict(&mut self.doc, false, None) {
            self.windows.ask_disk_conflict(conflict);
        }
    }

    /// Carry out the answer to "changed on disk".
    pub(crate) fn answer_disk(&mut self, ctx: &egui::Context, choice: DiskChoice) {
        let Some(conflict) = self.windows.take_disk_conflict() else {
            return;
        };
        let Some(path) = self.doc.path().map(Path::to_path_buf) else {
            return;
        };
        match choice {
            DiskChoice::Reload => {
                if self.reload(&path)
                    && let Some(then) = conflict.then
                {
                    self.run(ctx, then);
                }
            }
            DiskChoice::KeepMine => {
                self.doc.accept_disk_version();
                if conflict.saving {
                    self.save_then(ctx, &path, conflict.then);
                }
            }
            DiskChoice::SaveAs => self.ask_save_as(conflict.then),
            DiskChoice::Cancel => {}
        }
    }
}
