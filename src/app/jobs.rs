//! Work that outlives a frame: file dialogs (one on screen at a time, with what continues
//! after it), the export thread, and autosave.

use super::Action;
use super::autosave::Autosave;
use super::dialogs::{DialogReply, DialogRequest, FileDialogs};
use super::exchange::{ExportJob, ExportSpec};
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
}

/// The editor's background work.
pub struct Jobs {
    /// File dialogs (native ones, or scripted in tests).
    dialogs: Box<dyn FileDialogs>,
    /// The dialog on screen and what continues after it.
    pending: Option<PendingDialog>,
    /// Dialogs asked for while another was on screen; started in turn, so no answer is
    /// ever taken for the wrong question.
    waiting: VecDeque<(DialogRequest, PendingDialog)>,
    /// The export running on a worker thread.
    pub(super) export: Option<ExportJob>,
    /// Autosave bookkeeping.
    pub(super) autosave: Autosave,
}

impl Jobs {
    /// No work yet; dialogs go to `dialogs`.
    pub fn new(dialogs: Box<dyn FileDialogs>) -> Self {
        Jobs {
            dialogs,
            pending: None,
            waiting: VecDeque::new(),
            export: None,
            autosave: Autosave::default(),
        }
    }

    /// The dialog on screen, if any.
    pub fn pending(&self) -> Option<&PendingDialog> {
        self.pending.as_ref()
    }

    /// Show a file dialog, `then` naming what continues with its answer; while another is
    /// on screen it waits for that one to be answered.
    pub fn ask(&mut self, request: DialogRequest, then: PendingDialog) {
        if self.pending.is_some() {
            self.waiting.push_back((request, then));
            return;
        }
        self.dialogs.request(request);
        self.pending = Some(then);
    }

    /// The next answered dialog: what it was for, and the chosen file (`None` when it was
    /// cancelled). The next waiting dialog, if any, is shown at once.
    pub fn poll_dialog(&mut self) -> Option<(PendingDialog, Option<PathBuf>)> {
        loop {
            let reply = self.dialogs.poll()?;
            let pending = self.pending.take();
            if let Some((request, then)) = self.waiting.pop_front() {
                self.ask(request, then);
            }
            // An answer nobody waits for (no dialog was asked for) is dropped.
            if let Some(pending) = pending {
                let file = chosen_file(&pending, reply);
                return Some((pending, file));
            }
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
        | (PendingDialog::ImportTiled, DialogReply::ImportTiled(path)) => Some(path),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::dialogs::FakeDialogs;

    #[test]
    fn a_dialog_asked_for_while_another_is_open_waits_for_it() {
        let fake = FakeDialogs::with_answers([
            DialogReply::Cancelled,
            DialogReply::Export("x.png".into()),
        ]);
        let mut jobs = Jobs::new(Box::new(fake));
        jobs.ask(DialogRequest::Open, PendingDialog::Open);
        let spec = ExportSpec::default();
        let export = PendingDialog::Export { spec: spec.clone() };
        jobs.ask(
            DialogRequest::Export {
                suggested: "x.png".into(),
                format: spec.format,
            },
            export.clone(),
        );
        assert_eq!(jobs.pending(), Some(&PendingDialog::Open));
        // The Open dialog is cancelled: only it; the export dialog comes up and answers.
        assert_eq!(jobs.poll_dialog(), Some((PendingDialog::Open, None)));
        assert_eq!(jobs.pending(), Some(&export));
        assert_eq!(
            jobs.poll_dialog(),
            Some((export, Some(PathBuf::from("x.png"))))
        );
        assert_eq!(jobs.pending(), None);
        assert_eq!(jobs.poll_dialog(), None);
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
