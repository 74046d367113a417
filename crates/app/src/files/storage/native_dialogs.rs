//! The desktop's native file dialogs (rfd), each on its own thread so no frame waits.

use crate::files::dialogs::{
    BIOME_EXTENSIONS, DialogReply, DialogRequest, FileDialogs, IMAGE_EXTENSIONS, classify,
};
use hexmap_io::format::{Format, native, readers};
use std::path::Path;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Instant;

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
    fn request(&mut self, request: DialogRequest, folder: &Path) {
        let tx = self.tx.clone();
        let ctx = self.repaint.clone();
        let folder = folder.to_path_buf();
        std::thread::spawn(move || {
            let started = Instant::now();
            let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run_rfd(request, &folder)
            }));
            let reply = classify(answer, started.elapsed());
            // The receiver only disappears when the app is gone; nothing to report then.
            let _ = tx.send(reply);
            if let Some(ctx) = ctx {
                ctx.request_repaint();
            }
        });
    }

    fn poll(&mut self) -> Option<DialogReply> {
        self.rx.try_recv().ok()
    }
}

/// Show the native dialog for `request` in `folder` (blocking this worker thread).
fn run_rfd(request: DialogRequest, folder: &Path) -> Option<DialogReply> {
    let dialog = rfd::FileDialog::new();
    let dialog = if folder.is_dir() {
        dialog.set_directory(folder)
    } else {
        dialog
    };
    let filter = |d: rfd::FileDialog, f: &dyn Format| d.add_filter(f.description(), f.extensions());
    let native = native();
    let ron = || filter(dialog.clone(), native);
    match request {
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
        DialogRequest::ChooseImage => dialog
            .add_filter("image (PNG, JPEG, SVG)", IMAGE_EXTENSIONS)
            .pick_file()
            .map(DialogReply::ChooseImage),
        DialogRequest::SaveAs { suggested } => ron()
            .set_file_name(suggested)
            .save_file()
            .map(DialogReply::SaveAs),
        DialogRequest::OpenBiomes => dialog
            .add_filter("biome table", BIOME_EXTENSIONS)
            .pick_file()
            .map(DialogReply::OpenBiomes),
        DialogRequest::SaveBiomes { suggested } => dialog
            .add_filter("biome table", BIOME_EXTENSIONS)
            .set_file_name(suggested)
            .save_file()
            .map(DialogReply::SaveBiomes),
    }
}
