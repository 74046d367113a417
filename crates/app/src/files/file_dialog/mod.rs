//! The built-in file dialog: used where the desktop offers no native one (no portal), when
//! the native one fails, and always with the preference "Always use the built-in file
//! dialog". A path field, focused when the dialog opens, takes a typed absolute or relative
//! path (relative to the folder shown; `~` is the home folder) and Enter confirms it; a
//! folder list (click a folder to enter it, `..` to go up), the recent files, and the
//! format filter from the `io::format` registry. Saving asks before replacing a file and
//! creates missing folders; errors are shown inside the dialog.
//!
//! One job per file: [`typed_path`] (what a typed path means), [`filter`] (which files are
//! listed), [`listing`] (a folder's entries), [`choose`] (what confirming does), [`ui`] (the
//! egui window). [`BuiltinDialog`] is the state of one open dialog.

pub mod choose;
pub mod filter;
pub mod listing;
pub mod typed_path;
mod ui;

pub use ui::show;

use crate::files::dialogs::{DialogReply, DialogRequest};
use choose::{Mode, Outcome};
use filter::FileFilter;
use listing::Entry;
use std::path::{Path, PathBuf};

/// One open built-in file dialog: what was asked for and what the user has done so far.
#[derive(Debug)]
pub struct BuiltinDialog {
    request: DialogRequest,
    mode: Mode,
    filter: FileFilter,
    /// The folder shown (absolute); relative typed paths start here.
    folder: PathBuf,
    /// The file name proposed for a save (typed again after entering a folder).
    proposed: String,
    /// The text of the path field.
    typed: String,
    /// The folder's entries, or why it cannot be read.
    entries: Result<Vec<Entry>, String>,
    /// List every file, not only the filter's.
    all_files: bool,
    /// What went wrong with the last confirmed path.
    problem: Option<String>,
    /// A file that exists, waiting for "Replace?".
    overwrite: Option<PathBuf>,
    /// Focus the path field (all of its text selected) in the next frame.
    focus_field: bool,
    /// The home folder for `~`.
    home: Option<PathBuf>,
}

impl BuiltinDialog {
    /// A dialog for `request` showing `folder` (made absolute against the working folder).
    pub fn new(request: DialogRequest, folder: PathBuf) -> Self {
        let mode = match request {
            DialogRequest::Open
            | DialogRequest::ImportTiled
            | DialogRequest::ChooseImage
            | DialogRequest::OpenBiomes => Mode::Open,
            DialogRequest::SaveAs { .. }
            | DialogRequest::Export { .. }
            | DialogRequest::SaveBiomes { .. } => Mode::Save,
        };
        let proposed = match &request {
            DialogRequest::SaveAs { suggested }
            | DialogRequest::Export { suggested, .. }
            | DialogRequest::SaveBiomes { suggested } => suggested.clone(),
            DialogRequest::Open
            | DialogRequest::ImportTiled
            | DialogRequest::ChooseImage
            | DialogRequest::OpenBiomes => String::new(),
        };
        let folder = std::path::absolute(&folder).unwrap_or(folder);
        let mut dialog = BuiltinDialog {
            filter: FileFilter::for_request(&request),
            request,
            mode,
            folder: typed_path::normalise(&folder),
            typed: proposed.clone(),
            proposed,
            entries: Ok(Vec::new()),
            all_files: false,
            problem: None,
            overwrite: None,
            focus_field: true,
            home: typed_path::home_dir(),
        };
        dialog.relist();
        dialog
    }

    /// What the dialog was opened for.
    pub fn request(&self) -> &DialogRequest {
        &self.request
    }

    /// The folder shown.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The window heading: "Open map", "Save map as", "Export …", "Import map (Tiled, JSON)".
    pub fn title(&self) -> String {
        match &self.request {
            DialogRequest::Open => "Open map".into(),
            DialogRequest::SaveAs { .. } => "Save map as".into(),
            DialogRequest::Export { format, .. } => format!("Export {}", format.description()),
            DialogRequest::ImportTiled => "Import map (Tiled, JSON)".into(),
            DialogRequest::ChooseImage => "Choose image".into(),
            DialogRequest::OpenBiomes => "Load biome table".into(),
            DialogRequest::SaveBiomes { .. } => "Save biome table as".into(),
        }
    }

    /// The confirm button's text.
    pub fn confirm_label(&self) -> &'static str {
        match self.request {
            DialogRequest::Open => "Open",
            DialogRequest::SaveAs { .. } => "Save",
            DialogRequest::Export { .. } => "Export",
            DialogRequest::ImportTiled => "Import",
            DialogRequest::ChooseImage => "Choose",
            DialogRequest::OpenBiomes => "Load",
            DialogRequest::SaveBiomes { .. } => "Save",
        }
    }

    /// The absolute path the path field names now.
    pub fn typed_path(&self) -> PathBuf {
        typed_path::resolve(&self.typed, &self.folder, self.home.as_deref())
    }

    /// The message under the path field: what confirming would make of it.
    pub fn hint(&self) -> String {
        if self.typed.trim().is_empty() {
            return match self.mode {
                Mode::Open => "Type a path, or pick a file below".into(),
                Mode::Save => "Type a file name or path".into(),
            };
        }
        let path = self.typed_path();
        let path = match self.mode {
            Mode::Save if !path.is_dir() => self.filter.with_default_extension(path),
            _ => path,
        };
        match (self.mode, choose::missing_folder(&path)) {
            (Mode::Save, Some(folder)) => format!(
                "{} (the folder {} will be created)",
                path.display(),
                folder.display()
            ),
            _ => path.display().to_string(),
        }
    }

    /// Show `folder` and propose the file name again.
    fn enter(&mut self, folder: PathBuf) {
        self.folder = folder;
        self.typed = self.proposed.clone();
        self.problem = None;
        self.focus_field = true;
        self.relist();
    }

    /// Read the folder's entries again.
    fn relist(&mut self) {
        self.entries = listing::read_folder(&self.folder, &self.filter, self.all_files);
    }

    /// Confirm `path` (absolute): the answer, or `None` while the dialog stays open (a
    /// folder entered, a question or a problem shown).
    fn confirm_path(&mut self, path: PathBuf) -> Option<DialogReply> {
        match choose::confirm(self.mode, path, &self.filter) {
            Outcome::EnterFolder(folder) => self.enter(folder),
            Outcome::Choose(file) => return Some(self.reply(file)),
            Outcome::AskOverwrite(file) => self.overwrite = Some(file),
            Outcome::Problem(message) => {
                self.problem = Some(message);
                self.focus_field = true;
            }
        }
        None
    }

    /// Confirm what the path field says.
    fn confirm_typed(&mut self) -> Option<DialogReply> {
        if self.typed.trim().is_empty() {
            self.problem = Some("Type a file name first".into());
            self.focus_field = true;
            return None;
        }
        self.confirm_path(self.typed_path())
    }

    /// The reply choosing `file` for this dialog's request.
    fn reply(&self, file: PathBuf) -> DialogReply {
        match self.request {
            DialogRequest::Open => DialogReply::Open(file),
            DialogRequest::SaveAs { .. } => DialogReply::SaveAs(file),
            DialogRequest::Export { .. } => DialogReply::Export(file),
            DialogRequest::ImportTiled => DialogReply::ImportTiled(file),
            DialogRequest::ChooseImage => DialogReply::ChooseImage(file),
            DialogRequest::OpenBiomes => DialogReply::OpenBiomes(file),
            DialogRequest::SaveBiomes { .. } => DialogReply::SaveBiomes(file),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_a_folder_enters_it_and_a_file_name_there_answers() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("sub/m.ron"), "x").unwrap();
        let mut d = BuiltinDialog::new(DialogRequest::Open, dir.path().to_path_buf());
        d.typed = "sub".into();
        assert_eq!(d.confirm_typed(), None);
        assert_eq!(d.folder(), dir.path().join("sub"));
        assert_eq!(d.entries.as_ref().unwrap()[0].name, "m.ron");
        d.typed = "m.ron".into();
        assert_eq!(
            d.confirm_typed(),
            Some(DialogReply::Open(dir.path().join("sub/m.ron")))
        );
    }

    #[test]
    fn a_save_proposes_the_name_and_asks_before_replacing() {
        let dir = tempfile::tempdir().unwrap();
        let request = DialogRequest::SaveAs {
            suggested: "board.ron".into(),
        };
        let mut d = BuiltinDialog::new(request, dir.path().to_path_buf());
        assert_eq!(d.typed, "board.ron");
        assert_eq!(d.confirm_label(), "Save");
        std::fs::write(dir.path().join("board.ron"), "old").unwrap();
        assert_eq!(d.confirm_typed(), None);
        assert_eq!(d.overwrite, Some(dir.path().join("board.ron")));
        d.typed = "new/other".into();
        assert!(d.hint().contains("will be created"), "{}", d.hint());
        assert_eq!(
            d.confirm_typed(),
            Some(DialogReply::SaveAs(dir.path().join("new/other.ron")))
        );
    }
}
