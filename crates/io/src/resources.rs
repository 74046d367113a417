//! Files that a file refers to (a Tiled map's external tilesets and images), and reading a
//! file from disk within the size limit. Readers take a [`Resources`] instead of a folder so
//! they work on bytes alone: tests, fuzzers and the browser supply them from memory.

use super::MAX_FILE_BYTES;
use std::path::{Path, PathBuf};

/// Reads files a file refers to, by the path written in it, relative to that file.
pub trait Resources {
    /// The bytes of `path` (as written in the file, relative to the file that names it).
    fn read(&self, path: &str) -> Result<Vec<u8>, String>;
}

/// Resources from a folder on disk (the folder of the file being read).
pub struct FolderResources(pub PathBuf);

impl Resources for FolderResources {
    fn read(&self, path: &str) -> Result<Vec<u8>, String> {
        read_file(&self.0.join(path)).map_err(|e| e.to_string())
    }
}

/// No resources at all: every file referred to is missing (for formats that refer to none,
/// or to read a file on its own).
pub struct NoResources;

impl Resources for NoResources {
    fn read(&self, path: &str) -> Result<Vec<u8>, String> {
        Err(format!("{path}: no files are available beside this one"))
    }
}

/// Why [`read_file`] failed.
#[derive(Debug, thiserror::Error)]
pub enum ReadFileError {
    /// The OS refused.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The file is larger than [`MAX_FILE_BYTES`]; nothing was read.
    #[error("file is {bytes} bytes, over the limit of {limit}")]
    TooLarge {
        /// The file's size.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
}

/// The bytes of a file of at most [`MAX_FILE_BYTES`], checked before anything is read: the
/// one size check of every path reader (maps, imports, the files they refer to).
pub fn read_file(path: &Path) -> Result<Vec<u8>, ReadFileError> {
    let len = std::fs::metadata(path)?.len();
    if len > MAX_FILE_BYTES {
        return Err(ReadFileError::TooLarge {
            bytes: len,
            limit: MAX_FILE_BYTES,
        });
    }
    Ok(std::fs::read(path)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_oversize_file_is_refused_before_reading() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.tmx");
        // Sparse: no disk space used, but the size the limit sees.
        std::fs::File::create(&path)
            .unwrap()
            .set_len(MAX_FILE_BYTES + 1)
            .unwrap();
        let e = read_file(&path).unwrap_err();
        assert!(
            matches!(e, ReadFileError::TooLarge { bytes, .. } if bytes == MAX_FILE_BYTES + 1),
            "{e}"
        );
        let e = FolderResources(dir.path().into())
            .read("huge.tmx")
            .unwrap_err();
        assert!(e.contains("over the limit"), "{e}");
    }

    #[test]
    fn folder_resources_read_relative_to_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sets")).unwrap();
        std::fs::write(dir.path().join("sets/a.tsx"), b"abc").unwrap();
        let res = FolderResources(dir.path().into());
        assert_eq!(res.read("sets/a.tsx").unwrap(), b"abc");
        assert!(res.read("sets/missing.tsx").is_err());
        assert!(NoResources.read("a.png").unwrap_err().contains("a.png"));
    }
}
