//! Autosave to a recovery file and the "restore unsaved changes?" prompt, on top of
//! `io::recovery`; in a browser, to the page's own slot of the browser's store
//! ([`crate::files::browser_autosave`]), kept soon after the edits pause and when the page is
//! hidden or closed. Time comes from egui's input (`i.time`), so tests control it.

use crate::Action;
use crate::files::browser_autosave::{AutosaveStore, Kept};
use crate::open_map::OpenMap;
use crate::windows::{EditorWindow, Shown};
use eframe::egui;
use hexmap_io::recovery::{
    Recovery, load_recovery, newer_recovery, recovery_path, remove_recovery, unsaved_recovery_path,
    write_recovery,
};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Seconds after the last edit that a browser page keeps its work (edits in a row are
/// kept once, when they pause).
pub const PAUSE_SECS: f64 = 1.5;

/// What the restore prompt offers: which map, kept when, and how many more wait.
#[derive(Clone, Debug, PartialEq)]
pub struct Offer {
    /// The map's name, or the recovery file's name on the desktop.
    pub what: String,
    /// When the changes were kept.
    pub written: SystemTime,
    /// Other pages' work waiting to be offered after this one.
    pub more: usize,
}

/// Autosave bookkeeping.
#[derive(Default)]
pub struct Autosave {
    /// Where untitled maps recover from (eframe's data folder; a temp folder in tests).
    data_dir: Option<PathBuf>,
    /// egui time of the first change not yet in a recovery file.
    dirty_since: Option<f64>,
    /// A recovery file on offer.
    offer: Option<Recovery>,
    /// The file (or "untitled map") the recovery file on offer belongs to.
    offer_name: String,
    /// The last recovery file written (for tests and the status bar).
    last_written: Option<PathBuf>,
    /// The browser's slots, used instead of recovery files where there are none.
    store: Option<Arc<dyn AutosaveStore>>,
    /// egui time of the last change not yet kept (a browser keeps work once edits pause).
    last_change: Option<f64>,
    /// The page's own slot holds work (removed again when it is saved or undone).
    kept: bool,
    /// The store is being asked for the slots left behind (from the start until it says).
    looking: bool,
    /// The store was asked once (only a page's start offers other pages' work).
    asked_store: bool,
    /// Slots left behind by pages that are gone, offered one at a time (the first is on
    /// offer).
    left: Vec<Kept>,
    /// The slot just restored (its work moves to this page's slot once the document is
    /// replaced) and how many others were left waiting.
    adopting: Option<(String, usize)>,
}

impl Autosave {
    /// What the prompt offers, if anything: the recovery file, or the first slot left
    /// behind in a browser.
    pub fn offer(&self) -> Option<Offer> {
        if let Some(kept) = self.left.first() {
            return Some(Offer {
                what: kept.map_name.clone(),
                written: UNIX_EPOCH + Duration::from_millis(kept.written_ms.max(0.0) as u64),
                more: self.left.len() - 1,
            });
        }
        let offer = self.offer.as_ref()?;
        Some(Offer {
            what: self.offer_name.clone(),
            written: offer.written,
            more: 0,
        })
    }

    /// True while the browser's store is asked for the slots left behind.
    pub fn looking(&self) -> bool {
        self.looking
    }

    /// Keep work in `store`'s slots instead of recovery files (a browser).
    pub fn set_store(&mut self, store: Option<Arc<dyn AutosaveStore>>) {
        self.store = store;
    }

    /// The browser's store of autosave slots, if work is kept there.
    pub fn store(&self) -> Option<&dyn AutosaveStore> {
        self.store.as_deref()
    }

    /// The last recovery file written.
    pub fn last_written(&self) -> Option<&Path> {
        self.last_written.as_deref()
    }

    /// Use `dir` for the recovery files of untitled maps (`None`: they get none).
    pub(crate) fn set_data_dir(&mut self, dir: Option<PathBuf>) {
        self.data_dir = dir;
    }

    /// The document changed at egui time `now`: the interval runs from the first change
    /// not yet in a recovery file.
    pub(crate) fn note_change(&mut self, now: f64) {
        if self.dirty_since.is_none() {
            self.dirty_since = Some(now);
        }
        self.last_change = Some(now);
    }

    /// What autosave wants at egui time `now` (`modified`: the document has unsaved
    /// changes; `interval`: seconds between autosaves, 0 for never).
    pub(crate) fn due(&mut self, modified: bool, interval: u32, now: f64) -> Due {
        let Some(since) = self.dirty_since else {
            return Due::Nothing;
        };
        if !modified {
            // Undone back to the saved state: a recovery written meanwhile is stale.
            let stale = self.last_written.take().is_some() || std::mem::take(&mut self.kept);
            self.dirty_since = None;
            return if stale { Due::Stale } else { Due::Nothing };
        }
        if interval == 0 {
            self.dirty_since = None;
            return Due::Nothing;
        }
        let mut wait = since + f64::from(interval) - now;
        if self.store.is_some() {
            // A browser page keeps its work once the edits pause (the interval bounds the
            // wait while they go on): a closed tab or a crash loses little.
            let paused = self.last_change.unwrap_or(since) + PAUSE_SECS - now;
            wait = wait.min(paused);
        }
        if wait > 0.0 {
            return Due::Wait(wait);
        }
        Due::Write
    }

    /// Write `doc`'s recovery file (a file beside the map, in the data folder for an
    /// untitled map, or the browser's storage); `None` when there is nowhere to write it
    /// (an untitled map without a data folder).
    pub(crate) fn write(&mut self, doc: &OpenMap) -> Option<Result<(), String>> {
        self.last_change = None;
        if let Some(store) = &self.store {
            self.dirty_since = None;
            let now = web_time::SystemTime::now()
                .duration_since(web_time::UNIX_EPOCH)
                .unwrap_or_default();
            return Some(Kept::of(doc, now.as_secs_f64() * 1000.0).map(|kept| {
                store.put(kept);
                self.kept = true;
            }));
        }
        let Some(file) = recovery_file(doc, self.data_dir.as_deref()) else {
            self.dirty_since = None;
            return None;
        };
        let written = write_recovery(&file, &doc.family_map())
            .map(|()| file)
            .map_err(|e| e.to_string());
        self.dirty_since = None;
        Some(written.map(|file| self.last_written = Some(file)))
    }

    /// The page is being hidden or closed: keep `doc`'s changes now if they are not kept
    /// yet (a browser; recovery files on the desktop wait for their interval). `None`
    /// when there was nothing to keep.
    pub fn flush(&mut self, doc: &OpenMap) -> Option<Result<(), String>> {
        if self.store.is_none() || self.dirty_since.is_none() || !doc.is_modified() {
            return None;
        }
        self.write(doc)
    }

    /// The store's news for this frame: the slots left behind, once it has looked (they
    /// are then offered), and a failed write's message.
    pub(crate) fn poll_store(&mut self) -> Option<String> {
        let store = self.store.as_ref()?;
        if self.looking
            && let Some(left) = store.left_behind()
        {
            self.looking = false;
            self.left = left;
        }
        store.take_failure()
    }

    /// After a successful save of `doc` to `path` (from `old`, its file before): the
    /// recovery files of the old and new locations are no longer needed. `Err` says
    /// which one could not be removed.
    pub(crate) fn saved(&mut self, old: Option<PathBuf>, path: &Path) -> Result<(), String> {
        self.dirty_since = None;
        if let Some(store) = &self.store {
            store.remove_own();
            self.kept = false;
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
    pub(crate) fn check_on_open(&mut self, doc: &OpenMap) -> Result<(), String> {
        if self.store.is_some() {
            // Only a page's start offers what other pages left behind: the store is
            // asked once, and its answer comes in a later frame.
            self.looking = !std::mem::replace(&mut self.asked_store, true);
            return Ok(());
        }
        let Some(file) = recovery_file(doc, self.data_dir.as_deref()) else {
            return Ok(());
        };
        self.offer = newer_recovery(&file, doc.path());
        self.offer_name = doc.path().and_then(Path::file_name).map_or_else(
            || "an untitled map".to_owned(),
            |n| n.to_string_lossy().into_owned(),
        );
        if self.offer.is_none() && doc.path().is_some() && file.exists() {
            return remove_or_say(&file);
        }
        Ok(())
    }

    /// `doc`'s unsaved changes were discarded (or the session ended with none): its
    /// recovery file goes, so nothing discarded is ever offered back.
    pub(crate) fn discard(&mut self, doc: &OpenMap) -> Result<(), String> {
        self.dirty_since = None;
        if let Some(store) = &self.store {
            store.remove_own();
            self.kept = false;
            return Ok(());
        }
        match recovery_file(doc, self.data_dir.as_deref()) {
            Some(file) => remove_or_say(&file),
            None => Ok(()),
        }
    }

    /// After a restored slot's map replaced the document: its work moves to this page's
    /// own slot at once, and the old slot goes (unless it is this page's own from before a
    /// reload). What else was left behind waits for another page, since this one now holds
    /// unsaved work: the message says so.
    pub(crate) fn adopt(&mut self, doc: &OpenMap) -> Option<String> {
        let (slot, waiting) = self.adopting.take()?;
        let store = self.store.clone()?;
        self.write(doc);
        if store.own_slot().as_deref() != Some(slot.as_str()) {
            store.remove(&slot);
        }
        (waiting > 0).then(|| {
            format!(
                "{} kept in this browser; open hexmap in another tab to get {} back",
                plural(waiting, "more map is", "more maps are"),
                if waiting == 1 { "it" } else { "them" }
            )
        })
    }

    /// The restore prompt was put off ("Later", Escape): what it offered stays kept, for
    /// the next time the map opens (or the next page, in a browser).
    pub(crate) fn postpone(&mut self) {
        self.offer = None;
        self.left.clear();
    }

    /// The restore prompt was answered for the open `doc`: `Ok(Some(map))` is the
    /// restored document to open, `Ok(None)` when the recovery file was deleted instead
    /// (or nothing was offered); `Err` says what failed.
    pub(crate) fn answer(
        &mut self,
        restore: bool,
        doc: &OpenMap,
    ) -> Result<Option<OpenMap>, String> {
        if let Some(store) = self.store.clone()
            && !self.left.is_empty()
        {
            let kept = self.left.remove(0);
            if !restore {
                // The next slot left behind is offered now.
                store.remove(&kept.slot);
                return Ok(None);
            }
            let restored = kept.restore().map_err(|e| format!("cannot restore: {e}"))?;
            self.adopting = Some((kept.slot, self.left.len()));
            self.left.clear();
            return Ok(Some(restored));
        }
        let Some(offer) = self.offer.take() else {
            return Ok(None);
        };
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
pub(crate) enum Due {
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
fn prompt(ctx: &egui::Context, autosave: &Autosave) -> Vec<Action> {
    let Some(offer) = autosave.offer() else {
        return Vec::new();
    };
    let mut choice = None;
    egui::Modal::new(egui::Id::unique("restore recovery")).show(ctx, |ui| {
        ui.heading("Recovered changes");
        ui.label(format!(
            "Restore unsaved changes to \"{}\" from {}?",
            offer.what,
            describe_time(offer.written)
        ));
        if offer.more > 0 {
            ui.label(format!(
                "{} kept (offered next).",
                plural(offer.more, "more map is", "more maps are")
            ));
        }
        ui.label("Enter restores; Escape (Later) keeps them for another time.");
        ui.horizontal(|ui| {
            if ui.button("Restore").clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                choice = Some(Action::AnswerRecovery { restore: true });
            }
            if ui.button("Discard").clicked() {
                choice = Some(Action::AnswerRecovery { restore: false });
            }
            if ui.button("Later").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                choice = Some(Action::PostponeRecovery);
            }
        });
    });
    choice.into_iter().collect()
}

/// "1 map is" / "3 maps are".
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "Recovered changes?": the window of the autosave's offer (the question is the offer
/// itself, kept by [`Autosave`]).
#[derive(Debug, Default)]
pub(crate) struct RestorePrompt;

impl EditorWindow for RestorePrompt {
    fn show(&mut self, ctx: &egui::Context, shown: &mut Shown<'_>, out: &mut Vec<Action>) {
        out.extend(prompt(ctx, shown.autosave));
    }
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
