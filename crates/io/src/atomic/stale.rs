//! Temp files of saves that never finished.
//!
//! A save writes `.NAME.tmp-PID-N` beside `NAME` and renames it over `NAME`; a save killed
//! before the rename leaves that temp file behind. The next successful save of `NAME`
//! removes such leftovers, and only those:
//!
//! - the name must be exactly `.NAME.tmp-PID-N` for this `NAME` (digits only), and the
//!   entry a regular file, so no other map's and no other program's file is touched;
//! - no process `PID` may be running on this machine (a live save of the same file in
//!   another window or another hexmap keeps its temp file);
//! - and the file must not have changed for [`STALE_AFTER`]. The PID alone would do on one
//!   machine, but a folder can be shared with a machine or a container (Flatpak, Docker)
//!   whose process numbers mean nothing here; a save there writes its temp file without
//!   pause and renames it at once, so one that has been still for a minute is dead.
//!
//! A reused PID only keeps a leftover longer (the safe side). Where the system cannot say
//! whether a process runs (not Unix), nothing is removed.

use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::time::{Duration, SystemTime};

/// How long a temp file must have been unchanged before it counts as left behind.
pub(super) const STALE_AFTER: Duration = Duration::from_secs(60);

/// The temp file name for a save of `name` by process `pid`: `.NAME.tmp-PID-N`.
pub(super) fn temp_name(name: &OsStr, pid: u32, n: u64) -> OsString {
    let mut s = OsString::from(".");
    s.push(name);
    s.push(format!(".tmp-{pid}-{n}"));
    s
}

/// The PID in `entry` when it is a temp file name of a save of `name`, else `None`.
pub(super) fn parse_temp_name(entry: &OsStr, name: &OsStr) -> Option<u32> {
    let rest = entry.as_encoded_bytes().strip_prefix(b".")?;
    let rest = rest.strip_prefix(name.as_encoded_bytes())?;
    let rest = rest.strip_prefix(b".tmp-")?;
    let (pid, n) = std::str::from_utf8(rest).ok()?.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(pid) || !digits(n) {
        return None;
    }
    pid.parse().ok()
}

/// Remove the leftover temp files of saves of `target` that were killed (the rules are in
/// the module documentation). Errors are ignored: cleaning up never fails a save.
pub(super) fn remove_stale_temps(target: &Path) {
    let Some(name) = target.file_name() else {
        return;
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = parse_temp_name(&file_name, name) else {
            continue;
        };
        // `DirEntry::metadata` does not follow links: a link with a temp name stays.
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        let still_for = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok());
        if meta.is_file() && still_for.is_some_and(|d| d >= STALE_AFTER) && process_is_gone(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// True when no process `pid` exists on this machine. Signal 0 checks without sending
/// anything; "not permitted" means the process exists (another user's).
#[cfg(unix)]
fn process_is_gone(pid: u32) -> bool {
    // PID 0 and negative values address process groups, not a process: never ours.
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    if pid == std::process::id() as libc::pid_t {
        return false;
    }
    // SAFETY: kill with signal 0 sends no signal; it only checks that `pid` exists.
    let r = unsafe { libc::kill(pid, 0) };
    r != 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
}

#[cfg(not(unix))]
fn process_is_gone(_pid: u32) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_exact_temp_names_of_this_file_match() {
        let name = OsStr::new("isle.ron");
        let parse = |s: &str| parse_temp_name(OsStr::new(s), name);
        assert_eq!(parse(".isle.ron.tmp-123-4"), Some(123));
        assert_eq!(parse(&temp_name(name, 77, 0).to_string_lossy()), Some(77));
        for other in [
            "isle.ron.tmp-123-4",
            ".isle.ron.tmp-123",
            ".isle.ron.tmp-123-",
            ".isle.ron.tmp--4",
            ".isle.ron.tmp-12a-4",
            ".isle.ron.tmp-123-4.bak",
            ".isle.ron.recovery.tmp-123-4",
            ".other.ron.tmp-123-4",
            ".isle.ron.swp",
            ".isle.ron.tmp-99999999999999999999-1",
        ] {
            assert_eq!(parse(other), None, "{other}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn live_and_dead_processes() {
        assert!(!process_is_gone(std::process::id()));
        assert!(!process_is_gone(1), "init always runs");
        assert!(!process_is_gone(0));
        // Linux PIDs never exceed 2^22.
        assert!(process_is_gone(99_999_999));
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        assert!(process_is_gone(pid), "a reaped child is gone");
    }
}
