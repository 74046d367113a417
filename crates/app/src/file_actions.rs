//! The file operations actions share: open a map (or import another program's file),
//! reload it, and save it (then run what waited for the save).

use super::actions::Action;
use super::open_map::OpenMap;
use super::{EditorApp, autosave, disk_check, export_import, no_map};
use eframe::egui;
use std::path::Path;

impl EditorApp {
    /// Open a map file; false (with the message shown) when it cannot be opened. While no
    /// map is open the message goes on that screen, otherwise in the error window.
    ///
    /// A file that is not a hexmap map (a Tiled map, hexmap's JSON export) is imported
    /// instead, as File → Import map does: a new unsaved map, so Save never writes RON into
    /// the other program's file. `hexmap export.json` thus opens the JSON export too.
    pub(super) fn open_path(&mut self, path: &Path) -> bool {
        let is_ron = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ron"));
        let opened = if is_ron || !path.is_file() {
            OpenMap::load(path).map(|doc| (doc, None))
        } else {
            export_import::import_tiled(path).map(|(doc, warnings)| (doc, Some(warnings)))
        };
        match opened {
            Ok((doc, Some(warnings))) => {
                self.prefs.add_recent(path);
                export_import::adopt_import(self, path, doc, warnings);
                true
            }
            Ok((doc, None)) => {
                self.prefs.add_recent(path);
                self.replace_doc(doc);
                self.windows.error = None;
                self.windows.load_warning = self.doc.take_load_warning();
                self.windows.info = Some(format!("Opened {}", path.display()));
                autosave::check_on_open(self);
                true
            }
            Err(message) if self.no_map.is_some() => {
                self.no_map = Some(no_map::NoMap {
                    path: path.to_path_buf(),
                    message,
                });
                false
            }
            Err(message) => {
                self.windows.error = Some(message);
                false
            }
        }
    }

    /// Load the document's file again from disk ("Reload"); false when it failed (said).
    pub(super) fn reload(&mut self, path: &Path) -> bool {
        match OpenMap::load(path) {
            Ok(doc) => {
                self.replace_doc(doc);
                self.windows.load_warning = self.doc.take_load_warning();
                self.windows.info = Some(format!("Reloaded {}", path.display()));
                true
            }
            Err(message) => {
                self.windows.error = Some(message);
                false
            }
        }
    }

    /// Save to `path`, then run `then` — unless `path` is the document's file and another
    /// program changed it meanwhile: then the "changed on disk" question waits first.
    pub(super) fn save_then(&mut self, ctx: &egui::Context, path: &Path, then: Option<Action>) {
        if disk_check::holds_back_save(self, path, &then) {
            return;
        }
        if self.save_to(path)
            && let Some(action) = then
        {
            self.run(ctx, action);
        }
    }

    pub(super) fn save_to(&mut self, path: &Path) -> bool {
        let old = self.doc.path().map(Path::to_path_buf);
        match self.doc.save(path) {
            Ok(()) => {
                autosave::saved(self, old, path);
                self.prefs.add_recent(path);
                self.windows.info = Some(format!("Saved {}", path.display()));
                true
            }
            Err(message) => {
                self.windows.error = Some(message);
                false
            }
        }
    }
}
