//! Autosave where there are no recovery files beside maps (a browser). Every open page
//! keeps its unsaved work in a slot of its own in the browser's store (the web's
//! [`AutosaveStore`] is IndexedDB, `storage::web_autosave`), so two tabs never overwrite
//! each other's work. The map's RON text is kept deflated (a 1000 × 1000 map's 8 MB of
//! RON takes a few hundred KB). A page that opens finds the slots of pages that are gone
//! (a closed tab, a reload, a crash) and offers them back one by one, naming the map and
//! when it was kept; a slot another open page still holds is never offered.
//!
//! What to keep and when is decided by `autosave::Autosave`; this module is the slot's
//! content ([`Kept`]) and the store's interface, which tests fill with [`MemoryStore`].

use crate::open_map::OpenMap;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// One page's kept work: the map's name and file (for the offer and the restored title),
/// when it was kept, and its RON text deflated.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    /// The slot it is kept in (the page's own name for it).
    pub slot: String,
    /// The map's name, said in the offer.
    pub map_name: String,
    /// The file the map belonged to in its page (`/browser/x.ron`), if it had one.
    pub file: Option<PathBuf>,
    /// When it was kept, in milliseconds since 1970.
    pub written_ms: f64,
    /// The map's RON text, deflated (zlib).
    pub deflated: Vec<u8>,
}

impl Kept {
    /// `doc` as this page keeps it at `now_ms` (the slot is filled in by the store).
    pub fn of(doc: &OpenMap, now_ms: f64) -> Result<Kept, String> {
        let text = hexmap_io::to_string(&doc.family_map(), doc.form());
        Ok(Kept {
            slot: String::new(),
            map_name: doc.map().name().to_owned(),
            file: doc.path().map(PathBuf::from),
            written_ms: now_ms,
            deflated: deflate(text.as_bytes())?,
        })
    }

    /// The kept map as a document of its own file, modified until saved; io's message if
    /// its text does not load.
    pub fn restore(&self) -> Result<OpenMap, String> {
        let text = inflate(&self.deflated)?;
        let (map, form) = hexmap_io::from_str(&text).map_err(|e| e.to_string())?;
        Ok(OpenMap::recovered(map, self.file.clone(), form))
    }
}

/// Deflate `bytes` (zlib, a fast level: a big map is kept within a frame or two).
fn deflate(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    out.write_all(bytes)
        .and_then(|()| out.finish())
        .map_err(|e| format!("cannot compress the autosave: {e}"))
}

/// The text `deflated` holds (refusing more than io's file size limit).
fn inflate(deflated: &[u8]) -> Result<String, String> {
    let limit = hexmap_io::MAX_FILE_BYTES;
    let mut text = String::new();
    flate2::read::ZlibDecoder::new(deflated)
        .take(limit + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("the kept autosave is damaged: {e}"))?;
    if text.len() as u64 > limit {
        return Err(format!(
            "the kept autosave is over the {} MB a map may have",
            limit >> 20
        ));
    }
    Ok(text)
}

/// Where a browser keeps every page's autosave slot. Writes may finish later (the
/// browser's store answers asynchronously); what failed is told by
/// [`AutosaveStore::take_failure`].
pub trait AutosaveStore: Send + Sync {
    /// Keep `kept` in this page's own slot, replacing what the slot held.
    fn put(&self, kept: Kept);
    /// Empty this page's own slot (its work was saved or discarded).
    fn remove_own(&self);
    /// Remove another slot (one left behind, restored or discarded).
    fn remove(&self, slot: &str);
    /// This page's own slot, once the store has given it one.
    fn own_slot(&self) -> Option<String>;
    /// The slots no open page holds (this page's own slot from before a reload
    /// included), newest first, once the store has looked; `None` while it looks.
    fn left_behind(&self) -> Option<Vec<Kept>>;
    /// Why the last write failed, once (then `None` until another fails).
    fn take_failure(&self) -> Option<String>;
    /// What the store holds and may hold, in bytes, if the browser says.
    fn usage(&self) -> Option<(u64, u64)>;
}

/// The store's use as a line for the File menu ("1.2 MB of 300 MB"), if known.
pub fn usage_text(store: &dyn AutosaveStore) -> Option<String> {
    let (used, quota) = store.usage()?;
    Some(format!(
        "Autosaves use {} of the {} this browser gives the page.",
        megabytes(used),
        megabytes(quota)
    ))
}

/// `bytes` as "1.2 MB" ("340 KB" below a megabyte, "10.0 GB" from a gigabyte).
pub fn megabytes(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{} KB", bytes.div_ceil(1024))
    } else if bytes < 1 << 30 {
        format!("{:.1} MB", bytes as f64 / f64::from(1 << 20))
    } else {
        format!("{:.1} GB", bytes as f64 / f64::from(1 << 30))
    }
}

/// An [`AutosaveStore`] in memory, for tests: several stores made from one [`Shelf`] are
/// several pages of one browser. A page that is dropped is gone (its slot is left
/// behind for the next page to offer).
pub struct MemoryStore {
    shelf: Arc<Mutex<Shelf>>,
    slot: String,
}

/// What a browser's store holds in [`MemoryStore`]s: every slot, and which are held by
/// open pages.
#[derive(Debug, Default)]
pub struct Shelf {
    /// The slots by name.
    pub slots: BTreeMap<String, Kept>,
    /// The slots of open pages.
    pub open: BTreeSet<String>,
}

impl MemoryStore {
    /// A new page on `shelf`, holding the slot `slot` (a reload keeps its tab's slot).
    pub fn open(shelf: &Arc<Mutex<Shelf>>, slot: &str) -> MemoryStore {
        shelf
            .lock()
            .expect("shelf lock")
            .open
            .insert(slot.to_owned());
        MemoryStore {
            shelf: Arc::clone(shelf),
            slot: slot.to_owned(),
        }
    }

    fn shelf(&self) -> std::sync::MutexGuard<'_, Shelf> {
        self.shelf.lock().expect("shelf lock")
    }
}

impl Drop for MemoryStore {
    fn drop(&mut self) {
        let slot = self.slot.clone();
        self.shelf().open.remove(&slot);
    }
}

impl AutosaveStore for MemoryStore {
    fn put(&self, mut kept: Kept) {
        kept.slot = self.slot.clone();
        self.shelf().slots.insert(self.slot.clone(), kept);
    }

    fn remove_own(&self) {
        let slot = self.slot.clone();
        self.shelf().slots.remove(&slot);
    }

    fn remove(&self, slot: &str) {
        self.shelf().slots.remove(slot);
    }

    fn own_slot(&self) -> Option<String> {
        Some(self.slot.clone())
    }

    fn left_behind(&self) -> Option<Vec<Kept>> {
        let shelf = self.shelf();
        let mut left: Vec<Kept> = shelf
            .slots
            .values()
            .filter(|k| k.slot == self.slot || !shelf.open.contains(&k.slot))
            .cloned()
            .collect();
        left.sort_by(|a, b| b.written_ms.total_cmp(&a.written_ms));
        Some(left)
    }

    fn take_failure(&self) -> Option<String> {
        None
    }

    fn usage(&self) -> Option<(u64, u64)> {
        let used: usize = self.shelf().slots.values().map(|k| k.deflated.len()).sum();
        Some((used as u64, 1 << 30))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_map_comes_back_whole_with_its_file() {
        let mut doc = OpenMap::sample();
        doc.set_form(hexmap_io::Form::Cube);
        let mut kept = Kept::of(&doc, 1000.0).unwrap();
        kept.file = Some(PathBuf::from("/browser/isle.ron"));
        let text = hexmap_io::to_string(doc.map(), doc.form());
        assert!(
            kept.deflated.len() * 2 < text.len(),
            "{} deflated bytes for {} of RON",
            kept.deflated.len(),
            text.len()
        );
        let back = kept.restore().unwrap();
        assert_eq!(back.map(), doc.map());
        assert_eq!(back.form(), hexmap_io::Form::Cube);
        assert_eq!(back.path(), Some(std::path::Path::new("/browser/isle.ron")));
        assert!(back.is_modified(), "restored work is unsaved");
    }

    #[test]
    fn a_damaged_autosave_is_an_error_not_a_panic() {
        let kept = Kept {
            slot: "a".into(),
            map_name: "m".into(),
            file: None,
            written_ms: 0.0,
            deflated: b"not zlib".to_vec(),
        };
        let Err(e) = kept.restore() else {
            panic!("a damaged autosave restored");
        };
        assert!(e.contains("damaged"), "{e}");
    }

    #[test]
    fn pages_of_one_shelf_see_only_the_slots_of_pages_that_are_gone() {
        let shelf = Arc::new(Mutex::new(Shelf::default()));
        let doc = OpenMap::sample();
        let a = MemoryStore::open(&shelf, "a");
        let b = MemoryStore::open(&shelf, "b");
        a.put(Kept::of(&doc, 1.0).unwrap());
        b.put(Kept::of(&doc, 2.0).unwrap());
        let c = MemoryStore::open(&shelf, "c");
        assert!(c.left_behind().unwrap().is_empty(), "a and b are open");
        drop(a);
        drop(b);
        let slots: Vec<String> = c
            .left_behind()
            .unwrap()
            .into_iter()
            .map(|k| k.slot)
            .collect();
        assert_eq!(slots, ["b", "a"], "newest first");
        assert_eq!(megabytes(1536), "2 KB");
        assert_eq!(megabytes(3 << 20), "3.0 MB");
        assert_eq!(megabytes(10 << 30), "10.0 GB");
    }
}
