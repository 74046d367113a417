//! File dialogs behind a small trait: the real one runs rfd off the UI thread and reports
//! back through a channel (no blocking wait inside a frame); tests use [`FakeDialogs`],
//! which never opens a window.
//!
//! **When is the native dialog unavailable?** rfd's portal backend answers "nothing" both
//! when the user cancels and when there is no dialog at all (no D-Bus session, no desktop
//! portal, no zenity). Nobody can see a dialog and cancel it within
//! [`NATIVE_FAILURE_WINDOW`], so an empty answer that quick (or a panic in rfd) is
//! reported as [`DialogReply::Unavailable`]; the editor then shows its built-in dialog for
//! the same request and uses it for the rest of the session (`app::file_work`).

use hexmap_io::format::Format;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// File name extensions of the images the editor reads (tile art, the underlay).
pub const IMAGE_EXTENSIONS: &[&str] = &["png", "jpg", "jpeg", "svg"];

/// File name extensions of biome table files (the Generate window's Load… and Save…).
pub const BIOME_EXTENSIONS: &[&str] = &["ron"];

/// An empty answer from the native dialog sooner than this means it never showed.
pub const NATIVE_FAILURE_WINDOW: Duration = Duration::from_millis(500);

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
    /// Choose an image (PNG or SVG), for tile art.
    ChooseImage,
    /// Choose a biome table file to load into the Generate window.
    OpenBiomes,
    /// Choose where to save the Generate window's biome table; `suggested` is the
    /// proposed file name.
    SaveBiomes {
        /// Proposed file name.
        suggested: String,
    },
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
    /// The user chose an image.
    ChooseImage(PathBuf),
    /// The user chose a biome table file to load.
    OpenBiomes(PathBuf),
    /// The user chose where to save the biome table.
    SaveBiomes(PathBuf),
    /// The user closed the dialog without choosing.
    Cancelled,
    /// No dialog could be shown; the text says why (the built-in dialog takes over).
    Unavailable(String),
}

/// Asynchronous file dialogs: `request` starts one, `poll` returns the answer once there
/// is one. Implementations must never block the calling (UI) thread.
pub trait FileDialogs {
    /// Start a dialog showing `folder` first (the open map's folder, as the built-in
    /// dialog does).
    fn request(&mut self, request: DialogRequest, folder: &Path);
    /// The answer of a finished dialog, if any.
    fn poll(&mut self) -> Option<DialogReply>;
}

/// The reply for what the native dialog did: its answer, a cancel, or — for an empty
/// answer within [`NATIVE_FAILURE_WINDOW`] or a panic — [`DialogReply::Unavailable`].
pub fn classify(answer: std::thread::Result<Option<DialogReply>>, took: Duration) -> DialogReply {
    match answer {
        Ok(Some(reply)) => reply,
        Ok(None) if took < NATIVE_FAILURE_WINDOW => DialogReply::Unavailable(format!(
            "the desktop's dialog closed after {} ms without showing; is a desktop portal \
             running?",
            took.as_millis()
        )),
        Ok(None) => DialogReply::Cancelled,
        Err(_) => DialogReply::Unavailable("the desktop's file dialog failed".into()),
    }
}

/// Scripted dialogs for tests: answers queued with [`FakeDialogs::answer`] are handed out
/// in order, one per request; the requests seen are recorded with the folder each dialog
/// was to start in (shared, so a test can read them after handing the fake to the editor).
#[derive(Default, Debug)]
pub struct FakeDialogs {
    answers: VecDeque<DialogReply>,
    ready: VecDeque<DialogReply>,
    /// Every request made so far, with its start folder.
    pub requests: Arc<Mutex<Vec<(DialogRequest, PathBuf)>>>,
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
    fn request(&mut self, request: DialogRequest, folder: &Path) {
        if let Ok(mut seen) = self.requests.lock() {
            seen.push((request, folder.to_path_buf()));
        }
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
        d.request(DialogRequest::Open, Path::new("/maps"));
        d.request(
            DialogRequest::SaveAs {
                suggested: "m.ron".into(),
            },
            Path::new("/tmp"),
        );
        assert_eq!(d.poll(), Some(DialogReply::Open("a.ron".into())));
        assert_eq!(d.poll(), Some(DialogReply::Cancelled));
        let seen = d.requests.lock().unwrap();
        assert_eq!(seen.len(), 2);
        assert_eq!(seen[0], (DialogRequest::Open, PathBuf::from("/maps")));
    }

    #[test]
    fn an_empty_answer_at_once_means_no_native_dialog() {
        let quick = Duration::from_millis(3);
        let slow = NATIVE_FAILURE_WINDOW + Duration::from_millis(1);
        assert!(matches!(
            classify(Ok(None), quick),
            DialogReply::Unavailable(why) if why.contains("portal")
        ));
        assert_eq!(classify(Ok(None), slow), DialogReply::Cancelled);
        let chosen = DialogReply::Open("a.ron".into());
        assert_eq!(classify(Ok(Some(chosen.clone())), quick), chosen);
        assert!(matches!(
            classify(Err(Box::new("boom")), slow),
            DialogReply::Unavailable(_)
        ));
    }
}
