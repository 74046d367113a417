//! Atomic file replacement: write a temp file in the target's folder, flush and sync it,
//! then rename it over the target. A failure leaves the old file untouched and removes
//! the temp file.
//!
//! A target that is a symbolic link is followed (through chains of links) and the file it
//! points to is replaced, so the link stays a link; the replaced file keeps its permission
//! bits and, where the system allows, its owner and group. After a successful save, temp
//! files of the same file left by saves that were killed are removed (see [`stale`]).
//!
//! Outputs that are not regular files are written in place, never renamed over (see
//! [`special`]): `-` and `/dev/stdout` are standard output, and devices, FIFOs and
//! sockets are opened and written.

mod links;
mod special;
mod stale;

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// A temp path next to `target`: `.NAME.tmp-PID-N`.
fn temp_path(target: &Path) -> io::Result<PathBuf> {
    let name = target.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "target path has no file name")
    })?;
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    Ok(target.with_file_name(stale::temp_name(name, std::process::id(), n)))
}

/// True when `target` is standard output or error (`-`, `/dev/stdout` …), a device, a FIFO
/// or a socket: an output that [`write_atomic`] writes in place and never replaces, so a
/// command's "file exists, use --force" rule does not apply to it.
pub fn is_special_output(target: &Path) -> bool {
    special::special(target).is_some()
}

/// Write `bytes` to `target` atomically (temp file, flush, `sync_all`, rename).
///
/// `target` may be a symbolic link (or a chain of them): the file at the end of the chain
/// is replaced and the link is kept. A link that points to nothing is an error naming the
/// missing file. An existing file keeps its permission bits (and owner and group where
/// permitted); a new file gets the default mode.
///
/// `-` (and `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`) writes to standard output;
/// `/dev/stderr` to standard error; a device, FIFO or socket is written in place. None of
/// these is atomic, and none is ever replaced.
pub fn write_atomic(target: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(how) = special::special(target) {
        return special::write_special(how, target, bytes);
    }
    let real = links::resolve_links(target)?;
    // Only a regular file has metadata worth keeping; anything else fails at the rename.
    let existing = fs::metadata(&real).ok().filter(Metadata::is_file);
    let tmp = temp_path(&real)?;
    let result = (|| {
        // The file is closed at the block's end, before the rename (Windows cannot rename
        // an open file).
        {
            let mut f = create_temp(&tmp, existing.as_ref())?;
            if let Some(meta) = &existing {
                keep_owner_and_mode(&f, meta);
            }
            f.write_all(bytes)?;
            f.flush()?;
            f.sync_all()?;
        }
        fs::rename(&tmp, &real)?;
        // Make the rename itself durable where the platform allows syncing a folder.
        #[cfg(unix)]
        if let Some(dir) = real.parent() {
            let dir = if dir.as_os_str().is_empty() {
                Path::new(".")
            } else {
                dir
            };
            if let Ok(d) = File::open(dir) {
                let _ = d.sync_all();
            }
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    } else {
        // Best effort: a leftover that cannot be removed never fails the save.
        stale::remove_stale_temps(&real);
    }
    result
}

/// Create the temp file. When it will replace an existing file it starts private (owner
/// only) until it has that file's owner and mode, so the new content is never readable by
/// anyone the old file did not allow.
fn create_temp(tmp: &Path, existing: Option<&Metadata>) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    if existing.is_some() {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    #[cfg(not(unix))]
    let _ = existing;
    options.open(tmp)
}

/// Give the temp file the owner, group and permission bits of the file it replaces, as far
/// as the system permits: only root may give a file away, an ordinary user may still set a
/// group they belong to. Failures are ignored (a file system without modes, such as FAT,
/// must not make saving impossible); the temp file then stays private.
#[cfg(unix)]
fn keep_owner_and_mode(f: &File, meta: &Metadata) {
    use std::os::unix::fs::{MetadataExt, fchown};
    if let Ok(now) = f.metadata()
        && (now.uid(), now.gid()) != (meta.uid(), meta.gid())
        && fchown(f, Some(meta.uid()), Some(meta.gid())).is_err()
        && now.gid() != meta.gid()
    {
        let _ = fchown(f, None, Some(meta.gid()));
    }
    // After the owner: changing the owner may clear set-user-id bits.
    let _ = f.set_permissions(meta.permissions());
}

#[cfg(not(unix))]
fn keep_owner_and_mode(_f: &File, _meta: &Metadata) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_and_leaves_no_temp() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("m.ron");
        fs::write(&p, "old").unwrap();
        write_atomic(&p, b"new").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn failure_keeps_old_file() {
        let dir = tempfile::tempdir().unwrap();
        // The target is a non-empty folder: rename over it fails.
        let p = dir.path().join("m.ron");
        fs::create_dir(&p).unwrap();
        fs::write(p.join("inside"), "x").unwrap();
        assert!(write_atomic(&p, b"new").is_err());
        assert!(p.join("inside").exists());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        // A folder that does not exist: error, nothing created.
        assert!(write_atomic(&dir.path().join("no/such/m.ron"), b"x").is_err());
    }

    #[cfg(unix)]
    #[test]
    fn temp_file_names_match_what_the_cleanup_looks_for() {
        let t = temp_path(Path::new("/x/isle.ron")).unwrap();
        let name = t.file_name().unwrap().to_str().unwrap();
        let pid = std::process::id();
        assert!(name.starts_with(&format!(".isle.ron.tmp-{pid}-")), "{name}");
        assert_eq!(
            stale::parse_temp_name(t.file_name().unwrap(), "isle.ron".as_ref()),
            Some(pid)
        );
    }
}
