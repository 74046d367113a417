//! File dialogs behind a small trait: the real one runs rfd off the UI thread and reports
//! back through a channel (no blocking wait inside a frame); tests use [`FakeDialogs`],
//! which never opens a window.

use crate::io::format::{Format, native, readers};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};

/// What the editor asks a dialog for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogRequest {
    /// Choose a map file to open.
    Open,
    /// Choose where to save; `suggested` is the proposed file name.
    SaveAs {
        /// Proposed file name.
        suggested: String,
    },
    /// Choose where to export; `suggested` is the proposed file name.
    Export {
        /// Proposed file name.
        suggested: String,
        /// The format (its extensions filter the dialog).
        format: &'static dyn Format,
    },
    /// Choose a Tiled map (TMX or TMJ) to import.
    ImportTiled,
}

/// The answer to a [`DialogRequest`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogReply {
    /// The user chose a file to open.
    Open(PathBuf),
    /// The user chose a file to save to.
    SaveAs(PathBuf),
    /// The user chose a file to export to.
    Export(PathBuf),
    /// The user chose a Tiled map to import.
    ImportTiled(PathBuf),
    /// The user closed the dialog without choosing.
    Cancelled,
}

/// Asynchronous file dialogs: `request` starts one, `poll` returns the answer once there
/// is one. Implementations must never block the calling (UI) thread.
pub trait FileDialogs {
    /// Start a dialog.
    fn request(&mut self, request: DialogRequest);
    /// The answer of a finished dialog, if any.
    fn poll(&mut self) -> Option<DialogReply>;
}

/// Native dialogs through rfd, each on its own thread.
pub struct RfdDialogs {
    tx: Sender<DialogReply>,
    rx: Receiver<DialogReply>,
    repaint: Option<eframe::egui::Context>,
}

impl RfdDialogs {
    /// Dialogs that wake `ctx` when an answer arrives.
    pub fn new(ctx: Option<eframe::egui::Context>) -> Self {
        let (tx, rx) = channel();
        RfdDialogs {
            tx,
            rx,
            repaint: ctx,
        }
    }
}

impl FileDialogs for RfdDialogs {
    fn request(&mut self, request: DialogRequest) {
        let tx = self.tx.clone();
        let ctx = self.repaint.clone();
        std::thread::spawn(move || {
            let dialog = rfd::FileDialog::new();
            let filter =
                |d: rfd::FileDialog, f: &dyn Format| d.add_filter(f.description(), f.extensions());
            let native = native();
            let ron = || filter(dialog.clone(), native);
            let reply = match request {
                DialogRequest::Export { suggested, format } => filter(dialog, format)
                    .set_file_name(suggested)
                    .save_file()
                    .map(DialogReply::Export),
                DialogRequest::ImportTiled => readers()
                    .filter(|&f| f != native)
                    .fold(dialog, filter)
                    .pick_file()
                    .map(DialogReply::ImportTiled),
                DialogRequest::Open => ron().pick_file().map(DialogReply::Open),
                DialogRequest::SaveAs { suggested } => ron()
                    .set_file_name(suggested)
                    .save_file()
                    .map(DialogReply::SaveAs),
            };
            // The receiver only disappears when the app is gone; nothing to report then.
            let _ = tx.send(reply.unwrap_or(DialogReply::Cancelled));
            if let Some(ctx) = ctx {
                ctx.request_repaint();
            }
        });
    }

    fn poll(&mut self) -> Option<DialogReply> {
        self.rx.try_recv().ok()
    }
}

/// Scripted dialogs for tests: answers queued with [`FakeDialogs::answer`] are handed out
/// in order, one per request; the requests seen are recorded.
#[derive(Default, Debug)]
pub struct FakeDialogs {
    answers: VecDeque<DialogReply>,
    ready: VecDeque<DialogReply>,
    /// Every request made so far.
    pub requests: Vec<DialogRequest>,
}

impl FakeDialogs {
    /// Fake dialogs that will answer with `answers`, in order.
    pub fn with_answers(answers: impl IntoIterator<Item = DialogReply>) -> Self {
        FakeDialogs {
            answers: answers.into_iter().collect(),
            ..Default::default()
        }
    }

    /// Queue one more answer.
    pub fn answer(&mut self, reply: DialogReply) {
        self.answers.push_back(reply);
    }
}

impl FileDialogs for FakeDialogs {
    fn request(&mut self, request: DialogRequest) {
        self.requests.push(request);
        let reply = self.answers.pop_front().unwrap_or(DialogReply::Cancelled);
        self.ready.push_back(reply);
    }

    fn poll(&mut self) -> Option<DialogReply> {
        self.ready.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fake_answers_in_order_and_records_requests() {
        let mut d = FakeDialogs::with_answers([DialogReply::Open("a.ron".into())]);
        assert_eq!(d.poll(), None);
        d.request(DialogRequest::Open);
        d.request(DialogRequest::SaveAs {
            suggested: "m.ron".into(),
        });
        assert_eq!(d.poll(), Some(DialogReply::Open("a.ron".into())));
        assert_eq!(d.poll(), Some(DialogReply::Cancelled));
        assert_eq!(d.requests.len(), 2);
    }
}
