//! Following symbolic links to the file a save must replace.
//!
//! Renaming a temp file over a link would replace the link itself with a regular file and
//! leave the file it pointed to with the old content. So the save follows the link (and
//! any link it points to) and replaces the real file, in the real file's folder.

use std::io;
use std::path::{Path, PathBuf};

/// Most links followed before giving up (the same as Linux's own limit).
const MAX_LINKS: usize = 40;

/// The path of the file a save to `path` must replace: `path` itself when it is not a
/// symbolic link (or does not exist yet), else the end of its chain of links. A relative
/// link target is taken relative to the folder holding the link, as the system does.
///
/// Errors: a link whose target does not exist (`NotFound`, naming the link and the
/// missing target, so a save never silently creates a file somewhere else), a chain of
/// more than 40 links or a loop, and any error reading a link.
pub(crate) fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for hops in 0..=MAX_LINKS {
        let meta = match std::fs::symlink_metadata(&current) {
            Ok(meta) => meta,
            // A new file: saving creates it.
            Err(e) if e.kind() == io::ErrorKind::NotFound && hops == 0 => return Ok(current),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Err(io::Error::new(
                    io::ErrorKind::NotFound,
                    format!(
                        "{} is a symbolic link to {}, which does not exist (create that file \
                         or remove the link first)",
                        path.display(),
                        current.display()
                    ),
                ));
            }
            Err(e) => return Err(e),
        };
        if !meta.file_type().is_symlink() {
            return Ok(current);
        }
        let target = std::fs::read_link(&current)?;
        current = match current.parent() {
            // `join` keeps an absolute target as it is.
            Some(dir) => dir.join(target),
            None => target,
        };
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "{}: more than {MAX_LINKS} symbolic links in a row (a loop?)",
            path.display()
        ),
    ))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn plain_and_new_files_are_their_own_target() {
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("new.ron");
        assert_eq!(resolve_links(&new).unwrap(), new);
        std::fs::write(&new, "x").unwrap();
        assert_eq!(resolve_links(&new).unwrap(), new);
    }

    #[test]
    fn chains_relative_and_absolute_end_at_the_real_file() {
        let dir = tempfile::tempdir().unwrap();
        let real_dir = dir.path().join("real");
        let links_dir = dir.path().join("links");
        std::fs::create_dir(&real_dir).unwrap();
        std::fs::create_dir(&links_dir).unwrap();
        let real = real_dir.join("m.ron");
        std::fs::write(&real, "x").unwrap();
        // links/a -> ../real/m.ron (relative, another folder); links/b -> links/a (absolute).
        symlink("../real/m.ron", links_dir.join("a")).unwrap();
        symlink(links_dir.join("a"), links_dir.join("b")).unwrap();
        let end = resolve_links(&links_dir.join("b")).unwrap();
        assert_eq!(
            end.canonicalize().unwrap(),
            real.canonicalize().unwrap(),
            "{end:?}"
        );
        assert!(!std::fs::symlink_metadata(&end).unwrap().is_symlink());
    }

    #[test]
    fn dangling_links_and_loops_are_clear_errors() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("m.ron");
        symlink("gone/m.ron", &link).unwrap();
        let e = resolve_links(&link).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        let msg = e.to_string();
        assert!(
            msg.contains("symbolic link") && msg.contains("gone/m.ron"),
            "{msg}"
        );
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        symlink(&b, &a).unwrap();
        symlink(&a, &b).unwrap();
        let msg = resolve_links(&a).unwrap_err().to_string();
        assert!(msg.contains("symbolic links in a row"), "{msg}");
    }
}
