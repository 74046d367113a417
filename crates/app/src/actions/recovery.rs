//! Autosave and recovery as the editor does them: the recovery file written after the
//! interval, removed when the changes are saved or discarded, offered on opening, and the
//! offer's answer. What autosave keeps and decides is `autosave::Autosave`; here it meets
//! the document, the messages and the window.

use crate::EditorApp;
use crate::files::autosave::Due;
use eframe::egui;
use std::path::{Path, PathBuf};
use std::time::Duration;

impl EditorApp {
    /// Write the recovery file once the interval has passed since the first unsaved
    /// change; a failed write is a warning that stays until a write or a save succeeds
    /// (the changes are not safe anywhere yet).
    pub(crate) fn autosave_tick(&mut self, ctx: &egui::Context) {
        let was_looking = self.file_work.autosave().looking();
        if let Some(failed) = self.file_work.autosave_mut().poll_store() {
            self.autosave_failed(ctx, &failed);
        }
        if was_looking {
            // The browser's store answers between frames: look again soon (and once
            // more after it answered, to show the offer).
            ctx.request_repaint_after(Duration::from_millis(100));
        }
        let now = ctx.input(|i| i.time);
        let (modified, interval) = (self.doc.is_modified(), self.prefs.autosave_secs);
        match self.file_work.autosave_mut().due(modified, interval, now) {
            Due::Nothing => {}
            Due::Stale => self.recovery_discarded(),
            Due::Wait(secs) => ctx.request_repaint_after(Duration::from_secs_f64(secs)),
            Due::Write => match self.file_work.autosave_mut().write(&self.doc) {
                None => {}
                Some(Ok(())) => self.windows.set_warning(None),
                Some(Err(e)) => self.autosave_failed(ctx, &e),
            },
        }
    }

    /// Say that keeping the changes failed: a warning that stays until a write or a save
    /// succeeds (the changes are not safe anywhere yet).
    fn autosave_failed(&mut self, ctx: &egui::Context, why: &str) {
        self.windows
            .set_warning(Some(format!("autosave failed: {why}")));
        // Shown now, not at the next input event.
        ctx.request_repaint();
    }

    /// The page is being hidden or closed (a browser): keep the changes now if they are
    /// not kept yet. True when the map holds changes that are not saved.
    pub fn page_leaving(&mut self) -> bool {
        if let Some(Err(e)) = self.file_work.autosave_mut().flush(&self.doc) {
            self.windows
                .set_warning(Some(format!("autosave failed: {e}")));
        }
        self.doc.is_modified()
    }

    /// After a successful save to `path` (from `old`): the recovery files of both places go.
    pub(crate) fn recovery_saved(&mut self, old: Option<PathBuf>, path: &Path) {
        self.windows.set_warning(None);
        if let Err(warning) = self.file_work.autosave_mut().saved(old, path) {
            self.windows.set_warning(Some(warning));
        }
    }

    /// After opening (or starting with) the document: offer a newer recovery file.
    pub(crate) fn check_recovery(&mut self) {
        if let Err(warning) = self.file_work.autosave_mut().check_on_open(&self.doc) {
            self.windows.set_warning(Some(warning));
        }
    }

    /// The document's unsaved changes were discarded (or the session ended with none):
    /// its recovery file goes.
    pub(crate) fn recovery_discarded(&mut self) {
        if let Err(warning) = self.file_work.autosave_mut().discard(&self.doc) {
            self.windows.set_warning(Some(warning));
        }
    }

    /// The restore prompt was answered: the restored map replaces the document, or the
    /// recovery file is deleted.
    pub(crate) fn answer_recovery(&mut self, restore: bool) {
        match self.file_work.autosave_mut().answer(restore, &self.doc) {
            Ok(Some(doc)) => {
                self.replace_doc(doc);
                let waiting = self.file_work.autosave_mut().adopt(&self.doc);
                let said = match waiting {
                    Some(waiting) => format!("Restored unsaved changes; {waiting}"),
                    None => "Restored unsaved changes".to_owned(),
                };
                self.windows.say(said);
            }
            Ok(None) => {}
            Err(message) => self.windows.show_error(message),
        }
    }
}
