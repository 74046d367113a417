//! Autosave to a recovery file and the "restore unsaved changes?" prompt, on top of
//! `io::recovery`. Time comes from egui's input (`i.time`), so tests control it.

use super::open_map::OpenMap;
use super::{Action, EditorApp};
use eframe::egui;
use hexmap_io::recovery::{
    Recovery, load_recovery, newer_recovery, recovery_path, remove_recovery, unsaved_recovery_path,
    write_recovery,
};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Autosave bookkeeping.
#[derive(Debug, Default)]
pub struct Autosave {
    /// Where untitled maps recover from (eframe's data folder; a temp folder in tests).
    pub data_dir: Option<PathBuf>,
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
}

/// The recovery file for the open document; `None` for an untitled map without a data dir.
pub fn recovery_file(doc: &OpenMap, data_dir: Option<&Path>) -> Option<PathBuf> {
    match doc.path() {
        Some(path) => Some(recovery_path(path)),
        None => data_dir.map(unsaved_recovery_path),
    }
}

/// Note that the document changed this frame.
pub(super) fn note_change(app: &mut EditorApp, ctx: &egui::Context) {
    if app.jobs.autosave.dirty_since.is_none() {
        app.jobs.autosave.dirty_since = Some(ctx.input(|i| i.time));
    }
}

/// Write the recovery file once the interval has passed since the first unsaved change.
pub(super) fn tick(app: &mut EditorApp, ctx: &egui::Context) {
    let interval = app.prefs.autosave_secs;
    let Some(since) = app.jobs.autosave.dirty_since else {
        return;
    };
    if !app.doc.is_modified() {
        // Undone back to the saved state: a recovery written meanwhile is stale.
        if app.jobs.autosave.last_written.take().is_some() {
            discarded(app);
        }
        app.jobs.autosave.dirty_since = None;
        return;
    }
    if interval == 0 {
        app.jobs.autosave.dirty_since = None;
        return;
    }
    let now = ctx.input(|i| i.time);
    let wait = since + f64::from(interval) - now;
    if wait > 0.0 {
        ctx.request_repaint_after(Duration::from_secs_f64(wait));
        return;
    }
    let written = if super::storage::current().has_files() {
        let Some(file) = recovery_file(&app.doc, app.jobs.autosave.data_dir.as_deref()) else {
            app.jobs.autosave.dirty_since = None;
            return;
        };
        write_recovery(&file, app.doc.map())
            .map(|()| file)
            .map_err(|e| e.to_string())
    } else {
        super::browser_autosave::write(app)
    };
    match written {
        Ok(file) => {
            app.jobs.autosave.last_written = Some(file);
            app.windows.warning = None;
        }
        // A warning that stays until an autosave or a save succeeds: the changes are not
        // safe anywhere yet.
        Err(e) => {
            app.windows.warning = Some(format!("autosave failed: {e}"));
            // Shown now, not at the next input event.
            ctx.request_repaint();
        }
    }
    app.jobs.autosave.dirty_since = None;
}

/// After a successful save to `path`: the recovery files of the old and new locations are
/// no longer needed.
pub(super) fn saved(app: &mut EditorApp, old: Option<PathBuf>, path: &Path) {
    app.jobs.autosave.dirty_since = None;
    app.windows.warning = None;
    if !super::storage::current().has_files() {
        return super::browser_autosave::forget();
    }
    let mut stale = vec![recovery_path(path)];
    match old {
        Some(old) => stale.push(recovery_path(&old)),
        None => stale.extend(
            app.jobs
                .autosave
                .data_dir
                .as_deref()
                .map(unsaved_recovery_path),
        ),
    }
    for file in stale {
        if let Err(e) = remove_recovery(&file) {
            app.windows.warning = Some(format!("cannot remove {}: {e}", file.display()));
        }
    }
}

/// After opening (or starting with) the document: offer a newer recovery file. One that
/// is older than the map file is left from a session that saved afterwards: removed.
pub(super) fn check_on_open(app: &mut EditorApp) {
    if !super::storage::current().has_files() {
        app.jobs.autosave.offer = super::browser_autosave::offer();
        return;
    }
    let Some(file) = recovery_file(&app.doc, app.jobs.autosave.data_dir.as_deref()) else {
        return;
    };
    app.jobs.autosave.offer = newer_recovery(&file, app.doc.path());
    if app.jobs.autosave.offer.is_none() && app.doc.path().is_some() && file.exists() {
        remove_or_warn(app, &file);
    }
}

/// The document's unsaved changes were discarded (or the session ended with none): its
/// recovery file goes, so nothing discarded is ever offered back.
pub(super) fn discarded(app: &mut EditorApp) {
    app.jobs.autosave.dirty_since = None;
    if !super::storage::current().has_files() {
        return super::browser_autosave::forget();
    }
    if let Some(file) = recovery_file(&app.doc, app.jobs.autosave.data_dir.as_deref()) {
        remove_or_warn(app, &file);
    }
}

fn remove_or_warn(app: &mut EditorApp, file: &Path) {
    if let Err(e) = remove_recovery(file) {
        app.windows.warning = Some(format!("cannot remove {}: {e}", file.display()));
    }
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

/// The restore prompt was answered: restore the offered recovery file as the document,
/// or delete it.
pub(super) fn answer(app: &mut EditorApp, restore: bool) {
    let Some(offer) = app.jobs.autosave.offer.take() else {
        return;
    };
    if !super::storage::current().has_files() {
        match restore.then(|| super::browser_autosave::restore(&offer)) {
            Some(Ok(doc)) => {
                app.replace_doc(doc);
                app.windows.info = Some("Restored unsaved changes".into());
            }
            Some(Err(e)) => app.windows.error = Some(format!("cannot restore: {e}")),
            None => super::browser_autosave::forget(),
        }
    } else if restore {
        match load_recovery(&offer) {
            Ok(map) => {
                let path = app.doc.path().map(Path::to_path_buf);
                let form = app.doc.form();
                let stamp = app.doc.disk_stamp().cloned();
                let mut doc = OpenMap::recovered(map, path, form);
                // Still the same file on disk underneath: a change to it is still noticed.
                doc.set_disk_stamp(stamp);
                app.replace_doc(doc);
                app.windows.info = Some("Restored unsaved changes".into());
            }
            Err(e) => app.windows.error = Some(format!("cannot restore: {e}")),
        }
    } else if let Err(e) = remove_recovery(&offer.path) {
        app.windows.error = Some(format!("cannot remove {}: {e}", offer.path.display()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
