//! "Changed on disk": the open map's file may be changed by another program (an editor, a
//! `git checkout`) while the map is open. The document keeps a [`DiskStamp`] of the file as
//! it loaded or saved it (time, size, and a hash of the bytes); when the window gets the
//! focus and before every save over that file the editor compares the file with it, and on
//! a difference asks: Reload, Keep mine, or Save as. It never overwrites the other version
//! without that answer.

use crate::Action;
use crate::windows::{EditorWindow, Shown};
use eframe::egui;
use std::hash::Hasher;
use std::path::Path;
use std::time::SystemTime;

/// What the editor knows of the file it loaded or saved: enough to tell another version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiskStamp {
    modified: Option<SystemTime>,
    len: u64,
    hash: u64,
}

impl DiskStamp {
    /// The stamp of the file at `path` now, read through the platform's storage (with
    /// `io`'s size limit, like every read of the editor).
    pub fn read(path: &Path) -> std::io::Result<DiskStamp> {
        let storage = crate::files::storage::current();
        let (modified, len) = storage.modified(path)?;
        let bytes = storage
            .read(path)
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        hasher.write(&bytes);
        Ok(DiskStamp {
            modified,
            len,
            hash: hasher.finish(),
        })
    }
}

/// The file compared with what the editor loaded or saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiskState {
    /// The same (or nothing to compare with).
    Same,
    /// Another version is on disk; its stamp.
    Changed(DiskStamp),
    /// The file is gone.
    Missing,
}

/// Compare the file at `path` with `known`: time and size first, the bytes only when
/// those differ (a touched file with the same bytes counts as the same, with its stamp).
pub fn compare(path: &Path, known: &DiskStamp) -> (DiskState, Option<DiskStamp>) {
    let (modified, len) = match crate::files::storage::current().modified(path) {
        Ok(stamp) => stamp,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (DiskState::Missing, None),
        // Unreadable now: a save will say why; nothing to compare.
        Err(_) => return (DiskState::Same, None),
    };
    if modified == known.modified && len == known.len {
        return (DiskState::Same, None);
    }
    match DiskStamp::read(path) {
        Ok(now) if now.len == known.len && now.hash == known.hash => (DiskState::Same, Some(now)),
        Ok(now) => (DiskState::Changed(now.clone()), Some(now)),
        Err(_) => (DiskState::Same, None),
    }
}

/// The user's answer to "changed on disk".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskChoice {
    /// Load the file from disk (the editor's unsaved changes are dropped).
    Reload,
    /// Keep the editor's version; a save (the one held back, or the next) replaces the file.
    KeepMine,
    /// Save the editor's version to another file; the file on disk stays as it is.
    SaveAs,
    /// Not now: the held-back save is dropped (the question comes again at the next one).
    Cancel,
}

/// The open question: the file changed (or went) while the map was open.
#[derive(Clone, Debug, PartialEq)]
pub struct DiskConflict {
    /// The file is gone rather than changed.
    pub missing: bool,
    /// A save was held back for the answer.
    pub saving: bool,
    /// What runs after that save (from the unsaved-changes prompt).
    pub then: Option<Action>,
}

/// The question to ask about `doc`'s file if another program changed (or removed) it
/// since it was loaded or saved (a touched file with the same bytes only renews the
/// document's stamp); `saving`: a save is held back for the answer, then
/// `then` runs.
pub(crate) fn conflict(
    doc: &mut crate::open_map::OpenMap,
    saving: bool,
    then: Option<Action>,
) -> Option<DiskConflict> {
    let missing = match doc.disk_state() {
        DiskState::Same => return None,
        DiskState::Changed(_) => false,
        DiskState::Missing => true,
    };
    Some(DiskConflict {
        missing,
        saving,
        then,
    })
}

/// The question while one is open; the answer comes back as an action.
fn prompt(
    ctx: &egui::Context,
    conflict: Option<&DiskConflict>,
    file: Option<&Path>,
) -> Vec<Action> {
    let (Some(conflict), Some(file)) = (conflict, file) else {
        return Vec::new();
    };
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    let mut choice = None;
    egui::Modal::new(egui::Id::unique("changed on disk")).show(ctx, |ui| {
        ui.set_max_width(520.0);
        ui.heading("Changed on disk");
        let what = if conflict.missing {
            "was deleted or moved"
        } else {
            "was changed by another program"
        };
        ui.label(format!(
            "\"{name}\" {what} since this editor opened or saved it ({}).",
            file.display()
        ));
        if conflict.saving {
            ui.label("Nothing has been saved yet.");
        }
        ui.horizontal(|ui| {
            let reload = ui
                .add_enabled(!conflict.missing, egui::Button::new("Reload"))
                .on_hover_text("Load the file from disk; the changes made here are dropped");
            if reload.clicked() {
                choice = Some(DiskChoice::Reload);
            }
            let keep = if conflict.saving {
                "Save mine over it"
            } else {
                "The next save replaces the file with the map shown here"
            };
            if ui.button("Keep mine").on_hover_text(keep).clicked() {
                choice = Some(DiskChoice::KeepMine);
            }
            let save_as = ui
                .button("Save as…")
                .on_hover_text("Save the map shown here to another file");
            if save_as.clicked() {
                choice = Some(DiskChoice::SaveAs);
            }
            if conflict.saving && ui.button("Cancel").clicked() {
                choice = Some(DiskChoice::Cancel);
            }
        });
    });
    if conflict.saving && choice.is_none() && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        choice = Some(DiskChoice::Cancel);
    }
    choice.map(Action::AnswerDiskConflict).into_iter().collect()
}

impl EditorWindow for Option<DiskConflict> {
    fn show(&mut self, ctx: &egui::Context, shown: &mut Shown<'_>, out: &mut Vec<Action>) {
        out.extend(prompt(ctx, self.as_ref(), shown.doc.path()));
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_touch_is_no_change_new_bytes_are_and_a_removal_is_noticed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.ron");
        std::fs::write(&path, "one").unwrap();
        let known = DiskStamp::read(&path).unwrap();
        assert_eq!(compare(&path, &known).0, DiskState::Same);

        // Same bytes written again (a newer time): the same map, with a new stamp.
        let later = SystemTime::now() + std::time::Duration::from_secs(5);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(later)
            .unwrap();
        let (state, stamp) = compare(&path, &known);
        assert_eq!(state, DiskState::Same);
        assert_eq!(stamp.unwrap().modified, Some(later));

        // Other bytes of the same length: changed.
        std::fs::write(&path, "two").unwrap();
        assert!(matches!(compare(&path, &known).0, DiskState::Changed(_)));

        std::fs::remove_file(&path).unwrap();
        assert_eq!(compare(&path, &known).0, DiskState::Missing);
    }
}
