//! Outputs that are not regular files: standard output and error, devices, pipes and
//! sockets. Renaming a temp file over one of them would replace it by a regular file (a
//! FIFO a reader waits on, or the file a shell redirected standard output to, whose
//! earlier output is then lost), so these are written in place instead.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

/// Where a write to `target` goes when it must not be a temp file and a rename.
pub(crate) enum Special {
    /// The process's standard output (`-`, `/dev/stdout`, `/dev/fd/1`,
    /// `/proc/self/fd/1`): written through the open stream, at its current position.
    Stdout,
    /// The process's standard error (`/dev/stderr`, fd 2).
    Stderr,
    /// A device, FIFO or socket (however reached, links followed): opened and written.
    InPlace,
}

/// How `target` is written if it is special, `None` for a regular (or new) file or a
/// folder (which the normal save reports).
pub(crate) fn special(target: &Path) -> Option<Special> {
    let text = target.to_str().unwrap_or("");
    match text {
        "-" | "/dev/stdout" | "/dev/fd/1" | "/proc/self/fd/1" => return Some(Special::Stdout),
        "/dev/stderr" | "/dev/fd/2" | "/proc/self/fd/2" => return Some(Special::Stderr),
        _ => {}
    }
    // `metadata` follows links, also the kernel's own (`/proc/self/fd/N` → `pipe:[…]`).
    let meta = fs::metadata(target).ok()?;
    let kind = meta.file_type();
    (!kind.is_file() && !kind.is_dir()).then_some(Special::InPlace)
}

/// Write `bytes` to a special output.
pub(crate) fn write_special(how: Special, target: &Path, bytes: &[u8]) -> io::Result<()> {
    match how {
        Special::Stdout => {
            let mut out = io::stdout().lock();
            out.write_all(bytes)?;
            out.flush()
        }
        Special::Stderr => {
            let mut err = io::stderr().lock();
            err.write_all(bytes)?;
            err.flush()
        }
        Special::InPlace => {
            let mut f = OpenOptions::new().write(true).open(target)?;
            f.write_all(bytes)?;
            f.flush()
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn regular_new_and_folder_targets_are_not_special() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("m.ron");
        assert!(special(&f).is_none(), "a new file");
        fs::write(&f, "x").unwrap();
        assert!(special(&f).is_none(), "a regular file");
        assert!(special(dir.path()).is_none(), "a folder");
        assert!(matches!(special(Path::new("-")), Some(Special::Stdout)));
        assert!(matches!(
            special(Path::new("/dev/null")),
            Some(Special::InPlace)
        ));
    }
}
