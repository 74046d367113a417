//! Autosave where there are no recovery files beside maps (a browser): the map's RON goes
//! to the platform's store ([`crate::storage::Storage::autosave`], the browser's
//! `localStorage`), and the next visit offers it back in the same "Recovered changes"
//! prompt. `autosave` calls these when [`crate::storage::Storage::has_files`] is false.

use super::open_map::OpenMap;
use hexmap_io::recovery::Recovery;
use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

/// Where a restored autosave's map is said to live: its file name among the files handed
/// over to the page (so Save downloads it under the same name).
fn restored_path(name: &str) -> PathBuf {
    Path::new("/browser").join(name)
}

/// Keep the document in the store; the message says why not.
pub(super) fn write(doc: &OpenMap) -> Result<PathBuf, String> {
    let name = doc.suggested_file_name();
    let text = hexmap_io::to_string(doc.map(), doc.form());
    super::storage::current().autosave(&name, &text)?;
    Ok(restored_path(&name))
}

/// The kept autosave, as an offer for the restore prompt.
pub(super) fn offer() -> Option<Recovery> {
    let (_, name, ms) = super::storage::current().autosaved()?;
    Some(Recovery {
        path: restored_path(&name),
        written: UNIX_EPOCH + Duration::from_millis(ms.max(0.0) as u64),
    })
}

/// The kept autosave as a document (the restore prompt said yes); io's message if its
/// text does not load.
pub(super) fn restore(offer: &Recovery) -> Result<OpenMap, String> {
    let (text, _, _) = super::storage::current()
        .autosaved()
        .ok_or("the browser's storage no longer holds the autosave")?;
    let (map, form) = hexmap_io::from_str(&text).map_err(|e| e.to_string())?;
    Ok(OpenMap::recovered(map, Some(offer.path.clone()), form))
}

/// Forget the kept autosave (saved, or its changes discarded).
pub(super) fn forget() {
    super::storage::current().forget_autosave();
}
