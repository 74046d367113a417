//! Atomic file replacement: write a temp file in the target's folder, flush and sync it,
//! then rename it over the target. A failure leaves the old file untouched and removes
//! the temp file.

use std::fs::{self, File, OpenOptions};
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
    let tmp = format!(".{}.tmp-{}-{n}", name.to_string_lossy(), std::process::id());
    Ok(target.with_file_name(tmp))
}

/// Write `bytes` to `target` atomically (temp file, flush, `sync_all`, rename).
pub fn write_atomic(target: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temp_path(target)?;
    let result = (|| {
        let mut f: File = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.flush()?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, target)?;
        // Make the rename itself durable where the platform allows syncing a folder.
        #[cfg(unix)]
        if let Some(dir) = target.parent() {
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
    }
    result
}

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
}
