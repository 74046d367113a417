//! The contents of one folder as the built-in dialog lists them: sub-folders first, then
//! the files the filter takes (or every file), each group by name; hidden entries left out.

use super::filter::FileFilter;
use std::path::Path;

/// One listed entry of a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The file or folder name.
    pub name: String,
    /// A folder (entered on click) rather than a file.
    pub is_dir: bool,
}

/// The entries of `folder` to list, or a message saying why it cannot be read.
pub fn read_folder(
    folder: &Path,
    filter: &FileFilter,
    all_files: bool,
) -> Result<Vec<Entry>, String> {
    let cannot = |e: std::io::Error| format!("Cannot read folder {}: {e}", folder.display());
    let mut entries = Vec::new();
    for item in std::fs::read_dir(folder).map_err(cannot)? {
        let Ok(item) = item else { continue };
        let name = item.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        // Follows links, so a link to a folder is entered like a folder.
        let is_dir = item.path().is_dir();
        if is_dir || all_files || filter.matches(Path::new(&name)) {
            entries.push(Entry { name, is_dir });
        }
    }
    entries.sort_by(|a, b| {
        (!a.is_dir, a.name.to_lowercase()).cmp(&(!b.is_dir, b.name.to_lowercase()))
    });
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::dialogs::DialogRequest;

    #[test]
    fn folders_first_then_matching_files_hidden_left_out() {
        let dir = tempfile::tempdir().unwrap();
        for f in ["b.ron", "A.ron", "notes.txt", ".hidden.ron"] {
            std::fs::write(dir.path().join(f), "x").unwrap();
        }
        std::fs::create_dir(dir.path().join("zoo")).unwrap();
        let filter = FileFilter::for_request(&DialogRequest::Open);
        let names = |all| -> Vec<String> {
            read_folder(dir.path(), &filter, all)
                .unwrap()
                .into_iter()
                .map(|e| e.name)
                .collect()
        };
        assert_eq!(names(false), ["zoo", "A.ron", "b.ron"]);
        assert_eq!(names(true), ["zoo", "A.ron", "b.ron", "notes.txt"]);
    }

    #[test]
    fn a_missing_folder_says_so() {
        let filter = FileFilter::for_request(&DialogRequest::Open);
        let err = read_folder(Path::new("/no/such/folder/here"), &filter, false).unwrap_err();
        assert!(err.contains("/no/such/folder/here"), "{err}");
    }
}
