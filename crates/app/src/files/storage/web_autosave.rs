//! The browser's [`AutosaveStore`]: every page's slot in IndexedDB, through
//! `web_autosave.js` (the slot held with a Web Lock while its page lives, so another page
//! never offers it). IndexedDB answers asynchronously: its answers are kept here for the
//! editor to poll each frame. A write is started at once, so one asked for while the page
//! is hidden or closed is under way before the page goes.

use crate::files::browser_autosave::{AutosaveStore, Kept, megabytes};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(module = "/src/files/storage/web_autosave.js")]
extern "C" {
    #[wasm_bindgen(js_name = start)]
    fn js_start() -> js_sys::Promise;
    #[wasm_bindgen(js_name = put)]
    fn js_put(record: &JsValue) -> js_sys::Promise;
    #[wasm_bindgen(js_name = remove)]
    fn js_remove(slot: &str) -> js_sys::Promise;
    #[wasm_bindgen(js_name = estimate)]
    fn js_estimate() -> js_sys::Promise;
}

/// What IndexedDB has answered so far.
#[derive(Default)]
struct Answers {
    /// This page's slot.
    own: Option<String>,
    /// The slots no open page holds, newest first.
    left: Option<Vec<Kept>>,
    /// Why the last write failed.
    failure: Option<String>,
    /// Bytes used and allowed, as the browser estimates them.
    usage: Option<(u64, u64)>,
}

/// The page's autosave slots in IndexedDB.
#[derive(Default)]
pub struct BrowserAutosaves {
    answers: Arc<Mutex<Answers>>,
}

/// The page's one store of autosave slots, started (its slot taken, the slots left
/// behind read) on first use.
pub fn autosaves() -> Arc<dyn AutosaveStore> {
    static STORE: OnceLock<Arc<BrowserAutosaves>> = OnceLock::new();
    let store = STORE.get_or_init(|| {
        let store = Arc::new(BrowserAutosaves::default());
        store.start();
        store
    });
    Arc::clone(store) as Arc<dyn AutosaveStore>
}

impl BrowserAutosaves {
    fn answers(&self) -> std::sync::MutexGuard<'_, Answers> {
        self.answers.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Take this page's slot and read the slots left behind.
    fn start(&self) {
        let answers = Arc::clone(&self.answers);
        wasm_bindgen_futures::spawn_local(async move {
            let started = JsFuture::from(js_start()).await;
            // The answers are unlocked at the block's end, before the next wait.
            {
                let mut a = answers.lock().unwrap_or_else(|e| e.into_inner());
                match started {
                    Ok(found) => {
                        a.own = text(&found, "slot");
                        let records = js_sys::Reflect::get(&found, &"left".into())
                            .map(|v| js_sys::Array::from(&v))
                            .map(|list| list.iter().filter_map(|r| kept_from(&r)).collect())
                            .unwrap_or_else(|_| Vec::<Kept>::new());
                        let mut left = records;
                        left.sort_by(|a, b| b.written_ms.total_cmp(&a.written_ms));
                        a.left = Some(left);
                    }
                    Err(e) => {
                        a.left = Some(Vec::new());
                        a.failure = Some(format!(
                            "this browser gives the page no storage for autosaves ({}); save the \
                             map (Ctrl+S downloads it)",
                            js_message(&e)
                        ));
                    }
                }
            }
            refresh_usage(answers).await;
        });
    }
}

impl AutosaveStore for BrowserAutosaves {
    fn put(&self, kept: Kept) {
        let record = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| {
            let _ = js_sys::Reflect::set(&record, &k.into(), v);
        };
        set("name", &kept.map_name.as_str().into());
        let file = kept.file.as_ref().map(|f| f.display().to_string());
        set("file", &file.map_or(JsValue::NULL, |f| f.into()));
        set("ms", &kept.written_ms.into());
        set(
            "data",
            &js_sys::Uint8Array::from(kept.deflated.as_slice()).into(),
        );
        let size = kept.deflated.len() as u64;
        let written = JsFuture::from(js_put(&record));
        let answers = Arc::clone(&self.answers);
        wasm_bindgen_futures::spawn_local(async move {
            let result = written.await;
            refresh_usage(Arc::clone(&answers)).await;
            if let Err(e) = result {
                let mut a = answers.lock().unwrap_or_else(|e| e.into_inner());
                let used = a.usage.map_or_else(String::new, |(used, quota)| {
                    format!("; {} of {} used", megabytes(used), megabytes(quota))
                });
                a.failure = Some(format!(
                    "the browser's storage is full or refused it ({} to keep{used}: {}); save \
                     the map (Ctrl+S downloads it)",
                    megabytes(size),
                    js_message(&e)
                ));
            }
        });
    }

    fn remove_own(&self) {
        if let Some(own) = self.own_slot() {
            self.remove(&own);
        }
    }

    fn remove(&self, slot: &str) {
        let removed = JsFuture::from(js_remove(slot));
        let answers = Arc::clone(&self.answers);
        wasm_bindgen_futures::spawn_local(async move {
            // A slot that cannot be removed is offered again later: nothing is lost.
            let _ = removed.await;
            refresh_usage(answers).await;
        });
    }

    fn own_slot(&self) -> Option<String> {
        self.answers().own.clone()
    }

    fn left_behind(&self) -> Option<Vec<Kept>> {
        self.answers().left.clone()
    }

    fn take_failure(&self) -> Option<String> {
        self.answers().failure.take()
    }

    fn usage(&self) -> Option<(u64, u64)> {
        self.answers().usage
    }
}

/// Ask the browser how much the page's storage holds and may hold.
async fn refresh_usage(answers: Arc<Mutex<Answers>>) {
    let Ok(estimate) = JsFuture::from(js_estimate()).await else {
        return;
    };
    let pair = js_sys::Array::from(&estimate);
    if pair.length() == 2
        && let (Some(used), Some(quota)) = (pair.get(0).as_f64(), pair.get(1).as_f64())
    {
        answers.lock().unwrap_or_else(|e| e.into_inner()).usage = Some((used as u64, quota as u64));
    }
}

/// A record of the store as a [`Kept`], if it has what one needs.
fn kept_from(record: &JsValue) -> Option<Kept> {
    let data = js_sys::Reflect::get(record, &"data".into()).ok()?;
    Some(Kept {
        slot: text(record, "slot")?,
        map_name: text(record, "name").unwrap_or_default(),
        file: text(record, "file").map(PathBuf::from),
        written_ms: js_sys::Reflect::get(record, &"ms".into())
            .ok()?
            .as_f64()
            .unwrap_or(0.0),
        deflated: js_sys::Uint8Array::new(&data).to_vec(),
    })
}

/// The text field `key` of a JS object.
fn text(object: &JsValue, key: &str) -> Option<String> {
    js_sys::Reflect::get(object, &key.into()).ok()?.as_string()
}

/// What a thrown JS error says ("QuotaExceededError: …").
fn js_message(error: &JsValue) -> String {
    let field = |k: &str| text(error, k).unwrap_or_default();
    match (field("name"), field("message")) {
        (name, message) if !name.is_empty() => format!("{name}: {message}"),
        _ => format!("{error:?}"),
    }
}
