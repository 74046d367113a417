//! What confirming a typed path does in the built-in dialog: enter a folder, choose a file,
//! ask before replacing one, or say what is wrong. Saving into a folder that does not exist
//! yet creates it (the dialog says so while the path is typed).

use super::filter::FileFilter;
use std::path::{Path, PathBuf};

/// Whether the dialog picks an existing file or names one to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Open or import: the file must exist.
    Open,
    /// Save or export: the file is written (created, or replaced after asking).
    Save,
}

/// What confirming a path leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The path is a folder: show it.
    EnterFolder(PathBuf),
    /// This file is the answer.
    Choose(PathBuf),
    /// The file exists: ask before replacing it.
    AskOverwrite(PathBuf),
    /// Nothing can be done with the path; the message says why.
    Problem(String),
}

/// What confirming the absolute `path` leads to in `mode`. Saving adds the filter's
/// extension to a bare name; the missing folders of a new file are created here.
pub fn confirm(mode: Mode, path: PathBuf, filter: &FileFilter) -> Outcome {
    if path.is_dir() {
        return Outcome::EnterFolder(path);
    }
    match mode {
        Mode::Open => {
            if path.is_file() {
                Outcome::Choose(path)
            } else if let Some(folder) = missing_folder(&path) {
                Outcome::Problem(format!("No such folder: {}", folder.display()))
            } else if path.exists() {
                Outcome::Problem(format!("Not a file: {}", path.display()))
            } else {
                Outcome::Problem(format!("No such file: {}", path.display()))
            }
        }
        Mode::Save => {
            let path = filter.with_default_extension(path);
            if path.is_dir() {
                return Outcome::EnterFolder(path);
            }
            if path.exists() {
                return if path.is_file() {
                    Outcome::AskOverwrite(path)
                } else {
                    Outcome::Problem(format!("Not a file: {}", path.display()))
                };
            }
            match create_parent(&path) {
                Ok(()) => Outcome::Choose(path),
                Err(message) => Outcome::Problem(message),
            }
        }
    }
}

/// The nearest folder of `path` that does not exist, if its parent is missing.
pub fn missing_folder(path: &Path) -> Option<PathBuf> {
    let parent = path.parent()?;
    if parent.as_os_str().is_empty() || parent.exists() {
        return None;
    }
    let mut missing = parent;
    while let Some(up) = missing.parent() {
        if up.exists() {
            break;
        }
        missing = up;
    }
    Some(missing.to_path_buf())
}

/// Create the folders `path` will be written in (nothing when they exist).
fn create_parent(path: &Path) -> Result<(), String> {
    let Some(parent) = path.parent() else {
        return Ok(());
    };
    if parent.is_dir() {
        return Ok(());
    }
    if parent.exists() {
        return Err(format!("Not a folder: {}", parent.display()));
    }
    std::fs::create_dir_all(parent)
        .map_err(|e| format!("Cannot create folder {}: {e}", parent.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::dialogs::DialogRequest;

    fn ron() -> FileFilter {
        FileFilter::for_request(&DialogRequest::Open)
    }

    #[test]
    fn open_takes_files_enters_folders_and_names_what_is_missing() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("m.ron");
        std::fs::write(&file, "x").unwrap();
        let d = dir.path().to_path_buf();
        assert_eq!(
            confirm(Mode::Open, file.clone(), &ron()),
            Outcome::Choose(file)
        );
        assert_eq!(
            confirm(Mode::Open, d.clone(), &ron()),
            Outcome::EnterFolder(d.clone())
        );
        let Outcome::Problem(m) = confirm(Mode::Open, d.join("none.ron"), &ron()) else {
            panic!("a missing file is a problem")
        };
        assert!(
            m.starts_with("No such file") && m.contains("none.ron"),
            "{m}"
        );
        let Outcome::Problem(m) = confirm(Mode::Open, d.join("no/such/m.ron"), &ron()) else {
            panic!("a missing folder is a problem")
        };
        assert_eq!(m, format!("No such folder: {}", d.join("no").display()));
    }

    #[test]
    fn save_creates_missing_folders_and_asks_before_replacing() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_path_buf();
        let nested = d.join("x/y/board");
        assert_eq!(missing_folder(&nested), Some(d.join("x")));
        assert_eq!(
            confirm(Mode::Save, nested, &ron()),
            Outcome::Choose(d.join("x/y/board.ron"))
        );
        assert!(d.join("x/y").is_dir(), "the folders were made");
        std::fs::write(d.join("x/y/board.ron"), "old").unwrap();
        assert_eq!(
            confirm(Mode::Save, d.join("x/y/board.ron"), &ron()),
            Outcome::AskOverwrite(d.join("x/y/board.ron"))
        );
        // A file where a folder should be: said, nothing created.
        std::fs::write(d.join("plain"), "").unwrap();
        let Outcome::Problem(m) = confirm(Mode::Save, d.join("plain/b.ron"), &ron()) else {
            panic!("a file in the way is a problem")
        };
        assert!(m.starts_with("Not a folder"), "{m}");
    }
}
