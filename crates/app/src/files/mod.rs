//! The editor's work with files that outlives a frame: file dialogs (one on screen at a
//! time, with what continues after it), the export job, and autosave.
//!
//! A file dialog is the native one (through [`FileDialogs`]) or the built-in one
//! ([`BuiltinDialog`]): the built-in one when the preference says so, or once the native
//! one turned out to be unavailable ([`DialogReply::Unavailable`]; the request on screen
//! is then shown again in the built-in dialog, and the reason is reported once).

pub(crate) mod autosave;
pub(crate) mod background;
pub mod browser_autosave;
pub mod dialogs;
pub(crate) mod disk_check;
pub(crate) mod file_dialog;
pub(crate) mod long_work;
pub(crate) mod prefs;
pub mod sample;
pub mod storage;

use crate::Action;
use crate::files::autosave::Autosave;
use crate::files::dialogs::{DialogReply, DialogRequest, FileDialogs};
use crate::files::file_dialog::BuiltinDialog;
use crate::windows::export_import::{ExportJob, ExportSpec};
use std::collections::VecDeque;
use std::path::PathBuf;

/// A file dialog on screen, naming what continues with the file chosen in it.
#[derive(Clone, Debug, PartialEq)]
pub enum PendingDialog {
    /// Open the chosen map file.
    Open,
    /// Save to the chosen file, then run `then` (what the unsaved-changes prompt held back).
    SaveAs {
        /// What runs after a successful save.
        then: Option<Box<Action>>,
    },
    /// Export with these choices to the chosen file.
    Export {
        /// Format and options from the export window.
        spec: ExportSpec,
    },
    /// Import the chosen Tiled map.
    ImportTiled,
    /// Add the chosen image to the tile art of this terrain.
    TileArt(hexmap_map::TerrainId),
    /// Make the chosen image the tracing underlay.
    Underlay,
    /// Load the chosen biome table into the Generate window.
    LoadBiomes,
    /// Save this biome table to the chosen file.
    SaveBiomes(hexmap_generate::BiomeTable),
}

/// The editor's file work beside the frames: its dialogs, the export job and autosave's
/// bookkeeping.
pub struct FileWork {
    /// File dialogs (native ones, or scripted in tests).
    dialogs: Box<dyn FileDialogs>,
    /// The built-in dialog on screen, if that is where the question is.
    builtin: Option<BuiltinDialog>,
    /// The built-in dialog's answer, taken by the next [`FileWork::poll_dialog`].
    builtin_reply: Option<DialogReply>,
    /// Use the built-in dialog even where a native one works (the preference).
    always_builtin: bool,
    /// Why the native dialogs are not used this session (`None` while they are).
    native_unavailable: Option<String>,
    /// A message to show once (the switch to the built-in dialog).
    notice: Option<String>,
    /// The question on screen in the native dialog, to ask again in the built-in one.
    asked_native: Option<(DialogRequest, PathBuf)>,
    /// The dialog on screen and what continues after it.
    pending: Option<PendingDialog>,
    /// Dialogs asked for while another was on screen; started in turn, so no answer is
    /// ever taken for the wrong question.
    waiting: VecDeque<(DialogRequest, PendingDialog, PathBuf)>,
    /// The export running on a worker thread.
    export: Option<ExportJob>,
    /// Autosave bookkeeping.
    autosave: Autosave,
}

impl FileWork {
    /// No work yet; dialogs go to `dialogs`.
    pub fn new(dialogs: Box<dyn FileDialogs>) -> Self {
        FileWork {
            dialogs,
            builtin: None,
            builtin_reply: None,
            always_builtin: false,
            native_unavailable: None,
            notice: None,
            asked_native: None,
            pending: None,
            waiting: VecDeque::new(),
            export: None,
            autosave: Autosave::default(),
        }
    }

    /// Use the built-in dialog even where a native one works (the preference, read each
    /// frame).
    pub(super) fn set_always_builtin(&mut self, on: bool) {
        self.always_builtin = on;
    }

    /// The export running off the UI thread, if any.
    pub(super) fn export(&self) -> Option<&ExportJob> {
        self.export.as_ref()
    }

    /// Run this export off the UI thread (one at a time: a running one is replaced, and
    /// cancelled when dropped).
    pub(super) fn start_export(&mut self, job: ExportJob) {
        self.export = Some(job);
    }

    /// Once the export has ended (the job is then gone): what to tell the user, `Ok` a
    /// message, `Err` an error; `None` while it runs or when there is none.
    pub(super) fn poll_export(&mut self) -> Option<Result<String, String>> {
        let said = self.export.as_mut()?.poll()?;
        self.export = None;
        Some(said)
    }

    /// Autosave's bookkeeping.
    pub(super) fn autosave(&self) -> &Autosave {
        &self.autosave
    }

    /// Autosave's bookkeeping, to change.
    pub(super) fn autosave_mut(&mut self) -> &mut Autosave {
        &mut self.autosave
    }

    /// The dialog on screen, if any.
    pub fn pending(&self) -> Option<&PendingDialog> {
        self.pending.as_ref()
    }

    /// The built-in dialog on screen, if any.
    pub fn builtin(&self) -> Option<&BuiltinDialog> {
        self.builtin.as_ref()
    }

    /// The built-in dialog on screen, if any (the UI draws it).
    pub fn builtin_mut(&mut self) -> Option<&mut BuiltinDialog> {
        self.builtin.as_mut()
    }

    /// A message to show once, if there is one (taken).
    pub fn take_notice(&mut self) -> Option<String> {
        self.notice.take()
    }

    /// Show a file dialog starting in `folder`, `then` naming what continues with its
    /// answer; while another is on screen it waits for that one to be answered.
    pub fn ask(&mut self, request: DialogRequest, then: PendingDialog, folder: PathBuf) {
        if self.pending.is_some() {
            self.waiting.push_back((request, then, folder));
            return;
        }
        self.pending = Some(then);
        // The built-in dialog lists folders: only where there are files (not in a browser).
        let builtin = self.always_builtin || self.native_unavailable.is_some();
        if builtin && crate::files::storage::current().has_files() {
            self.builtin = Some(BuiltinDialog::new(request, folder));
        } else {
            self.dialogs.request(request.clone(), &folder);
            self.asked_native = Some((request, folder));
        }
    }

    /// The built-in dialog was answered: close it; [`FileWork::poll_dialog`] hands the answer on.
    pub fn answer_builtin(&mut self, reply: DialogReply) {
        if self.builtin.take().is_some() {
            self.builtin_reply = Some(reply);
        }
    }

    /// The next answered dialog: what it was for, and the chosen file (`None` when it was
    /// cancelled). The next waiting dialog, if any, is shown at once.
    pub fn poll_dialog(&mut self) -> Option<(PendingDialog, Option<PathBuf>)> {
        loop {
            let reply = match self.builtin_reply.take() {
                Some(reply) => reply,
                None => self.dialogs.poll()?,
            };
            if let DialogReply::Unavailable(why) = reply {
                self.switch_to_builtin(why);
                continue;
            }
            self.asked_native = None;
            let pending = self.pending.take();
            if let Some((request, then, folder)) = self.waiting.pop_front() {
                self.ask(request, then, folder);
            }
            // An answer nobody waits for (no dialog was asked for) is dropped.
            if let Some(pending) = pending {
                let file = chosen_file(&pending, reply);
                return Some((pending, file));
            }
        }
    }

    /// The native dialog could not be shown: say so once, ask its question again in the
    /// built-in dialog, and keep to that one from now on.
    fn switch_to_builtin(&mut self, why: String) {
        if !crate::files::storage::current().has_files() {
            // No built-in dialog in a browser (no folders to list): the question is
            // dropped and the reason shown.
            self.notice = Some(why);
            self.asked_native = None;
            self.pending = None;
            return;
        }
        self.notice = Some(format!("Using the built-in file dialog: {why}"));
        self.native_unavailable = Some(why);
        if let Some((request, folder)) = self.asked_native.take() {
            self.builtin = Some(BuiltinDialog::new(request, folder));
        }
    }
}

/// The file in `reply` if it answers `pending`'s question; `None` when the dialog was
/// cancelled (or, which the dialogs never do, answered another question).
fn chosen_file(pending: &PendingDialog, reply: DialogReply) -> Option<PathBuf> {
    match (pending, reply) {
        (PendingDialog::Open, DialogReply::Open(path))
        | (PendingDialog::SaveAs { .. }, DialogReply::SaveAs(path))
        | (PendingDialog::Export { .. }, DialogReply::Export(path))
        | (PendingDialog::ImportTiled, DialogReply::ImportTiled(path))
        | (PendingDialog::TileArt(_), DialogReply::ChooseImage(path))
        | (PendingDialog::Underlay, DialogReply::ChooseImage(path))
        | (PendingDialog::LoadBiomes, DialogReply::OpenBiomes(path))
        | (PendingDialog::SaveBiomes(_), DialogReply::SaveBiomes(path)) => Some(path),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::dialogs::FakeDialogs;

    #[test]
    fn a_dialog_asked_for_while_another_is_open_waits_for_it() {
        let fake = FakeDialogs::with_answers([
            DialogReply::Cancelled,
            DialogReply::Export("x.png".into()),
        ]);
        let mut work = FileWork::new(Box::new(fake));
        work.ask(DialogRequest::Open, PendingDialog::Open, PathBuf::from("."));
        let spec = ExportSpec::default();
        let export = PendingDialog::Export { spec: spec.clone() };
        work.ask(
            DialogRequest::Export {
                suggested: "x.png".into(),
                format: spec.format,
            },
            export.clone(),
            PathBuf::from("."),
        );
        assert_eq!(work.pending(), Some(&PendingDialog::Open));
        // The Open dialog is cancelled: only it; the export dialog comes up and answers.
        assert_eq!(work.poll_dialog(), Some((PendingDialog::Open, None)));
        assert_eq!(work.pending(), Some(&export));
        assert_eq!(
            work.poll_dialog(),
            Some((export, Some(PathBuf::from("x.png"))))
        );
        assert_eq!(work.pending(), None);
        assert_eq!(work.poll_dialog(), None);
    }

    #[test]
    fn an_unavailable_native_dialog_hands_the_question_to_the_built_in_one() {
        let fake = FakeDialogs::with_answers([DialogReply::Unavailable("no portal".into())]);
        let mut work = FileWork::new(Box::new(fake));
        let dir = std::env::temp_dir();
        work.ask(DialogRequest::Open, PendingDialog::Open, dir.clone());
        assert_eq!(
            work.poll_dialog(),
            None,
            "no answer yet: the question moved"
        );
        assert_eq!(work.pending(), Some(&PendingDialog::Open));
        assert!(work.take_notice().unwrap().contains("no portal"));
        let builtin = work.builtin_mut().expect("the built-in dialog is up");
        assert_eq!(builtin.request(), &DialogRequest::Open);
        work.answer_builtin(DialogReply::Open("m.ron".into()));
        assert_eq!(
            work.poll_dialog(),
            Some((PendingDialog::Open, Some(PathBuf::from("m.ron"))))
        );
        // From now on straight to the built-in dialog (the fake would cancel).
        work.ask(DialogRequest::ImportTiled, PendingDialog::ImportTiled, dir);
        assert!(work.builtin_mut().is_some());
        assert_eq!(work.poll_dialog(), None);
    }

    #[test]
    fn an_answer_to_another_question_chooses_nothing() {
        let open = PendingDialog::Open;
        assert_eq!(
            chosen_file(&open, DialogReply::SaveAs("a.ron".into())),
            None
        );
        assert_eq!(
            chosen_file(&open, DialogReply::Open("a.ron".into())),
            Some(PathBuf::from("a.ron"))
        );
    }
}
