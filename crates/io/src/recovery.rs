//! Recovery files: autosaved copies of a modified map, so a crash or a killed process loses
//! at most the last few seconds of work.
//!
//! A map saved as `DIR/NAME.ron` recovers from `DIR/.NAME.ron.recovery` beside it; a map
//! never saved recovers from `untitled.recovery.ron` in the app's data folder. A recovery
//! file is offered on open when it is newer than the map, and removed after a successful
//! save. Recovery files are ordinary map files (offset form), written atomically.

use super::{Form, LoadError, SaveError, load, save};
use hexmap_map::HexMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The recovery file for a map saved at `map_path`.
pub fn recovery_path(map_path: &Path) -> PathBuf {
    let name = map_path
        .file_name()
        .map_or_else(|| "map".into(), |n| n.to_string_lossy().into_owned());
    map_path.with_file_name(format!(".{name}.recovery"))
}

/// The recovery file for a map that has no file yet, in the app's data folder.
pub fn unsaved_recovery_path(data_dir: &Path) -> PathBuf {
    data_dir.join("untitled.recovery.ron")
}

/// Write `map` to its recovery file (atomically; a failure leaves the previous recovery).
pub fn write_recovery(recovery: &Path, map: &HexMap) -> Result<(), SaveError> {
    if let Some(dir) = recovery.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| SaveError::Io {
            path: recovery.to_owned(),
            source,
        })?;
    }
    save(recovery, map, Form::Offset)
}

/// A recovery file worth offering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovery {
    /// Where it is.
    pub path: PathBuf,
    /// When it was written.
    pub written: SystemTime,
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).ok()?.modified().ok()
}

/// The recovery file of `recovery` if it exists and is newer than `map_path` (or the map
/// file is missing).
pub fn newer_recovery(recovery: &Path, map_path: Option<&Path>) -> Option<Recovery> {
    let written = modified(recovery)?;
    let map_time = map_path.and_then(modified);
    match map_time {
        Some(t) if t >= written => None,
        _ => Some(Recovery {
            path: recovery.to_owned(),
            written,
        }),
    }
}

/// Load a recovery file.
pub fn load_recovery(recovery: &Recovery) -> Result<HexMap, LoadError> {
    load(&recovery.path).map(|(map, _)| map)
}

/// Remove a recovery file (after a successful save, or when the user discards it). A
/// missing file is fine.
pub fn remove_recovery(recovery: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(recovery) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::Orientation;
    use std::time::Duration;

    fn map(name: &str) -> HexMap {
        hexmap_map::testing::TestMap::hexagon(2, Orientation::Pointy)
            .named(name)
            .build()
    }

    fn set_time(path: &Path, t: SystemTime) {
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(t)
            .unwrap();
    }

    #[test]
    fn names_sit_beside_the_map_or_in_the_data_folder() {
        assert_eq!(
            recovery_path(Path::new("/x/maps/isle.ron")),
            Path::new("/x/maps/.isle.ron.recovery")
        );
        assert_eq!(
            unsaved_recovery_path(Path::new("/data")),
            Path::new("/data/untitled.recovery.ron")
        );
    }

    #[test]
    fn offered_only_when_newer_than_the_map_and_gone_after_removal() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.ron");
        save(&path, &map("saved"), Form::Cube).unwrap();
        let rec = recovery_path(&path);
        assert_eq!(
            newer_recovery(&rec, Some(&path)),
            None,
            "no recovery file yet"
        );
        write_recovery(&rec, &map("edited")).unwrap();
        let now = SystemTime::now();
        set_time(&path, now - Duration::from_secs(60));
        set_time(&rec, now);
        let offer = newer_recovery(&rec, Some(&path)).expect("newer recovery offered");
        assert_eq!(load_recovery(&offer).unwrap().name(), "edited");
        // A later save of the map makes the recovery stale.
        set_time(&path, now + Duration::from_secs(5));
        assert_eq!(newer_recovery(&rec, Some(&path)), None);
        remove_recovery(&rec).unwrap();
        assert!(!rec.exists());
        remove_recovery(&rec).unwrap();
    }

    #[test]
    fn unsaved_maps_recover_from_the_data_folder() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("nested").join("data");
        let rec = unsaved_recovery_path(&data);
        write_recovery(&rec, &map("untitled")).unwrap();
        let offer = newer_recovery(&rec, None).unwrap();
        assert_eq!(load_recovery(&offer).unwrap().name(), "untitled");
    }
}
