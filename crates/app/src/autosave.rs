//! Autosave to a recovery file and the "restore unsaved changes?" prompt, on top of
//! `io::recovery`. Time comes from egui's input (`i.time`), so tests control it.

use super::Action;
use super::open_map::OpenMap;
use eframe::egui;
use hexmap_io::recovery::{
    Recovery, load_recovery, newer_recovery, recovery_path, remove_recovery, unsaved_recovery_path,
    write_recovery,
};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Autosave bookkeeping.
#[derive(Debug, Default)]
pub struct Autosave {
    /// Where untitled maps recover from (eframe's data folder; a temp folder in tests).
    data_dir: Option<PathBuf>,
    /// egui time of the first change not yet in a recovery file.
    dirty_since: Option<f64>,
    /// A recovery file on offer.
    offer: Option<Recovery>,
    /// The last recovery file written (for tests and the status bar).
    last_written: Option<PathBuf>,
}

impl Autosave {
    /// The recovery file offered in the prompt, if any.
    pub fn offer(&self) -> Option<&Recovery> {
        self.offer.as_ref()
    }

    /// The last recovery file written.
    pub fn last_written(&self) -> Option<&Path> {
        self.last_written.as_deref()
    }

    /// Use `dir` for the recovery files of untitled maps (`None`: they get none).
    pub(super) fn set_data_dir(&mut self, dir: Option<PathBuf>) {
        self.data_dir = dir;
    }

    /// The document changed at egui time `now`: the interval runs from the first change
    /// not yet in a recovery file.
    pub(super) fn note_change(&mut self, now: f64) {
        if self.dirty_since.is_none() {
            self.dirty_since = Some(now);
        }
    }

    /// What autosave wants at egui time `now` (`modified`: the document has unsaved
    /// changes; `interval`: seconds between autosaves, 0 for never).
    pub(super) fn due(&mut self, modified: bool, interval: u32, now: f64) -> Due {
        let Some(since) = self.dirty_since else {
            return Due::Nothing;
        };
        if !modified {
            // Undone back to the saved state: a recovery written meanwhile is stale.
            let stale = self.last_written.take().is_some();
            self.dirty_since = None;
            return if stale { Due::Stale } else { Due::Nothing };
        }
        if interval == 0 {
            self.dirty_since = None;
            return Due::Nothing;
        }
        let wait = since + f64::from(interval) - now;
        if wait > 0.0 {
            return Due::Wait(wait);
        }
        Due::Write
    }

    /// Write `doc`'s recovery file (a file beside the map, in the data folder for an
    /// untitled map, or the browser's storage); `None` when there is nowhere to write it
    /// (an untitled map without a data folder).
    pub(super) fn write(&mut self, doc: &OpenMap) -> Option<Result<(), String>> {
        let written = if super::storage::current().has_files() {
            let Some(file) = recovery_file(doc, self.data_dir.as_deref()) else {
                self.dirty_since = None;
                return None;
            };
            write_recovery(&file, doc.map())
                .map(|()| file)
                .map_err(|e| e.to_string())
        } else {
            super::browser_autosave::write(doc)
        };
        self.dirty_since = None;
        Some(written.map(|file| self.last_written = Some(file)))
    }

    /// After a successful save of `doc` to `path` (from `old`, its file before): the
    /// recovery files of the old and new locations are no longer needed. `Err` says
    /// which one could not be removed.
    pub(super) fn saved(&mut self, old: Option<PathBuf>, path: &Path) -> Result<(), String> {
        self.dirty_since = None;
        if !super::storage::current().has_files() {
            super::browser_autosave::forget();
            return Ok(());
        }
        let mut stale = vec![recovery_path(path)];
        match old {
            Some(old) => stale.push(recovery_path(&old)),
            None => stale.extend(self.data_dir.as_deref().map(unsaved_recovery_path)),
        }
        let mut said = Ok(());
        for file in stale {
            if let Err(e) = remove_recovery(&file) {
                said = Err(format!("cannot remove {}: {e}", file.display()));
            }
        }
        said
    }

    /// After opening (or starting with) `doc`: offer a newer recovery file. One that is
    /// older than the map file is left from a session that saved afterwards: removed
    /// (`Err` if it cannot be).
    pub(super) fn check_on_open(&mut self, doc: &OpenMap) -> Result<(), String> {
        if !super::storage::current().has_files() {
            self.offer = super::browser_autosave::offer();
            return Ok(());
        }
        let Some(file) = recovery_file(doc, self.data_dir.as_deref()) else {
            return Ok(());
        };
        self.offer = newer_recovery(&file, doc.path());
        if self.offer.is_none() && doc.path().is_some() && file.exists() {
            return remove_or_say(&file);
        }
        Ok(())
    }

    /// `doc`'s unsaved changes were discarded (or the session ended with none): its
    /// recovery file goes, so nothing discarded is ever offered back.
    pub(super) fn discard(&mut self, doc: &OpenMap) -> Result<(), String> {
        self.dirty_since = None;
        if !super::storage::current().has_files() {
            super::browser_autosave::forget();
            return Ok(());
        }
        match recovery_file(doc, self.data_dir.as_deref()) {
            Some(file) => remove_or_say(&file),
            None => Ok(()),
        }
    }

    /// The restore prompt was answered for the open `doc`: `Ok(Some(map))` is the
    /// restored document to open, `Ok(None)` when the recovery file was deleted instead
    /// (or nothing was offered); `Err` says what failed.
    pub(super) fn answer(
        &mut self,
        restore: bool,
        doc: &OpenMap,
    ) -> Result<Option<OpenMap>, String> {
        let Some(offer) = self.offer.take() else {
            return Ok(None);
        };
        if !super::storage::current().has_files() {
            return match restore.then(|| super::browser_autosave::restore(&offer)) {
                Some(Ok(doc)) => Ok(Some(doc)),
                Some(Err(e)) => Err(format!("cannot restore: {e}")),
                None => {
                    super::browser_autosave::forget();
                    Ok(None)
                }
            };
        }
        if !restore {
            return remove_recovery(&offer.path)
                .map(|()| None)
                .map_err(|e| format!("cannot remove {}: {e}", offer.path.display()));
        }
        let map = load_recovery(&offer).map_err(|e| format!("cannot restore: {e}"))?;
        let mut restored = OpenMap::recovered(map, doc.path().map(Path::to_path_buf), doc.form());
        // Still the same file on disk underneath: a change to it is still noticed.
        restored.set_disk_stamp(doc.disk_stamp().cloned());
        Ok(Some(restored))
    }
}

/// What autosave wants this frame ([`Autosave::due`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Due {
    /// Nothing (no change waiting, or autosave is off).
    Nothing,
    /// The document is back at its saved state: the recovery file written is stale.
    Stale,
    /// Wait this many seconds more.
    Wait(f64),
    /// Write the recovery file now.
    Write,
}

/// The recovery file for the open document; `None` for an untitled map without a data dir.
pub fn recovery_file(doc: &OpenMap, data_dir: Option<&Path>) -> Option<PathBuf> {
    match doc.path() {
        Some(path) => Some(recovery_path(path)),
        None => data_dir.map(unsaved_recovery_path),
    }
}

/// Remove a recovery file, or say why it could not be.
fn remove_or_say(file: &Path) -> Result<(), String> {
    remove_recovery(file).map_err(|e| format!("cannot remove {}: {e}", file.display()))
}

/// "HH:MM:SS UTC (N min ago)" for a file time.
pub fn describe_time(t: SystemTime) -> String {
    let since_epoch = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let day = since_epoch.as_secs() % 86_400;
    // web_time's clock: std's panics in a browser.
    let now = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .unwrap_or_default();
    let ago = now.saturating_sub(since_epoch).as_secs();
    let ago = if ago < 120 {
        format!("{ago} s ago")
    } else {
        format!("{} min ago", ago / 60)
    };
    format!(
        "{:02}:{:02}:{:02} UTC, {ago}",
        day / 3600,
        day / 60 % 60,
        day % 60
    )
}

/// The restore prompt while `autosave` offers a recovery file; the answer comes back as
/// an action.
pub(super) fn prompt(ctx: &egui::Context, autosave: &Autosave) -> Vec<Action> {
    let Some(offer) = &autosave.offer else {
        return Vec::new();
    };
    let mut choice = None;
    egui::Modal::new(egui::Id::unique("restore recovery")).show(ctx, |ui| {
        ui.heading("Recovered changes");
        ui.label(format!(
            "Restore unsaved changes from {}?",
            describe_time(offer.written)
        ));
        ui.label("Enter restores.");
        ui.horizontal(|ui| {
            if ui.button("Restore").clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                choice = Some(true);
            }
            if ui.button("Discard").clicked() {
                choice = Some(false);
            }
        });
    });
    choice
        .map(|restore| Action::AnswerRecovery { restore })
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn describes_a_time_of_day_in_utc() {
        let t = UNIX_EPOCH + Duration::from_secs(86_400 * 3 + 3600 * 7 + 60 * 5 + 9);
        assert!(describe_time(t).starts_with("07:05:09 UTC"));
    }

    #[test]
    fn untitled_maps_need_a_data_dir() {
        let doc = OpenMap::sample();
        assert_eq!(recovery_file(&doc, None), None);
        assert_eq!(
            recovery_file(&doc, Some(Path::new("/d"))),
            Some(unsaved_recovery_path(Path::new("/d")))
        );
    }
}
