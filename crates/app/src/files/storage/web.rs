//! The browser's side of [`Storage`]: files the user hands over (the file chooser, a drop)
//! are kept in memory under `/browser/NAME`; every write downloads the file under its
//! name (and keeps it, so a saved map can be read back in the same session); the autosave
//! goes to the page's slot in IndexedDB (`web_autosave`).

use super::Storage;
use crate::files::dialogs::{
    BIOME_EXTENSIONS, DialogReply, DialogRequest, FileDialogs, IMAGE_EXTENSIONS,
};
use hexmap_io::format::{native, readers};
use hexmap_io::{MAX_FILE_BYTES, ReadFileError, Resources};
use std::collections::HashMap;
use std::io::{Error, ErrorKind};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Mutex, OnceLock};
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

/// The folder the files handed over by the user are kept under.
pub const FOLDER: &str = "/browser";

/// Files of this session, by path.
#[derive(Default)]
pub struct WebStorage {
    files: Mutex<HashMap<PathBuf, Vec<u8>>>,
}

/// The folder the bundled samples (and their tile art) are kept under.
pub const SAMPLES: &str = "/samples";

/// The one storage of the page, holding the bundled samples from the start.
pub fn storage() -> &'static WebStorage {
    static STORAGE: OnceLock<WebStorage> = OnceLock::new();
    STORAGE.get_or_init(|| {
        let files = crate::files::sample::BUNDLED
            .iter()
            .map(|(name, bytes)| (Path::new(SAMPLES).join(name), bytes.to_vec()))
            .collect();
        WebStorage {
            files: Mutex::new(files),
        }
    })
}

impl WebStorage {
    /// Keep `bytes` as the file `name` handed over by the user; its path.
    pub fn hand_over(&self, name: &str, bytes: Vec<u8>) -> PathBuf {
        // Only the last part of the name: a browser never gives folders.
        let name = Path::new(name)
            .file_name()
            .map_or_else(|| "map".into(), |n| n.to_owned());
        let path = Path::new(FOLDER).join(name);
        if let Ok(mut files) = self.files.lock() {
            files.insert(path.clone(), bytes);
        }
        path
    }
}

impl Storage for WebStorage {
    fn read(&self, path: &Path) -> Result<Vec<u8>, ReadFileError> {
        let files = self
            .files
            .lock()
            .map_err(|_| Error::other("storage poisoned"))?;
        let bytes = files.get(path).ok_or_else(|| {
            Error::new(
                ErrorKind::NotFound,
                "not among the files given to this page (a map: File → Open; its images: Map \
                 → Map images…; or drop them on the page)",
            )
        })?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(ReadFileError::TooLarge {
                bytes: bytes.len() as u64,
                limit: MAX_FILE_BYTES,
            });
        }
        Ok(bytes.clone())
    }

    fn write(&self, path: &Path, bytes: &[u8]) -> Result<(), Error> {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .ok_or_else(|| Error::other(format!("{} has no file name", path.display())))?;
        download(name, bytes).map_err(|e| Error::other(format!("download failed: {e:?}")))?;
        if let Ok(mut files) = self.files.lock() {
            files.insert(path.to_path_buf(), bytes.to_vec());
        }
        Ok(())
    }

    fn resources(&self, folder: &Path) -> Box<dyn Resources + Send> {
        Box::new(HandedOver(folder.to_path_buf()))
    }

    fn has_files(&self) -> bool {
        false
    }

    fn is_file(&self, path: &Path) -> bool {
        self.files.lock().is_ok_and(|f| f.contains_key(path))
    }

    fn untitled_folder(&self) -> Option<PathBuf> {
        Some(PathBuf::from(FOLDER))
    }

    fn copy_image(&self, from: &Path, to: &Path) {
        if let Ok(mut files) = self.files.lock()
            && let Some(bytes) = files.get(from).cloned()
        {
            files.insert(to.to_path_buf(), bytes);
        }
    }

    fn samples(&self) -> Vec<PathBuf> {
        let mut maps: Vec<PathBuf> = crate::files::sample::BUNDLED
            .iter()
            .filter(|(name, _)| name.ends_with(".ron"))
            .map(|(name, _)| Path::new(SAMPLES).join(name))
            .collect();
        maps.sort();
        maps
    }

    fn hand_over(&self, name: &str, bytes: Vec<u8>) -> Option<PathBuf> {
        Some(WebStorage::hand_over(self, name, bytes))
    }

    fn takes_images(&self) -> bool {
        true
    }

    fn ask_for_images(
        &self,
        folder: &Path,
        wanted: Vec<String>,
        ctx: &eframe::egui::Context,
    ) -> Result<(), String> {
        choose_images(folder.to_path_buf(), wanted, ctx.clone()).map_err(|e| {
            e.as_string()
                .unwrap_or_else(|| format!("the browser's file chooser failed: {e:?}"))
        })
    }

    fn images_arrived(&self) -> Option<usize> {
        IMAGES_ARRIVED.lock().ok()?.take()
    }

    fn autosaves(
        &self,
    ) -> Option<std::sync::Arc<dyn crate::files::browser_autosave::AutosaveStore>> {
        Some(super::web_autosave::autosaves())
    }
}

/// A handed-over file's neighbours (a Tiled map's tileset handed over with it).
struct HandedOver(PathBuf);

impl Resources for HandedOver {
    fn read(&self, path: &str) -> Result<Vec<u8>, String> {
        storage()
            .read(&self.0.join(path))
            .map_err(|e| format!("{path}: {e}"))
    }
}

/// Start reading the files dropped this frame (a browser reads them only asynchronously);
/// those read since the last call, handed over to the storage, or why one could not be read.
pub fn dropped_files(
    ctx: &eframe::egui::Context,
    files: Vec<eframe::egui::DroppedFileHandle>,
) -> Vec<Result<PathBuf, String>> {
    static ARRIVED: Mutex<Vec<Result<PathBuf, String>>> = Mutex::new(Vec::new());
    for file in files {
        let ctx = ctx.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let name = file.path().display().to_string();
            let read = match file.bytes_async().await {
                Ok(bytes) => Ok(storage().hand_over(&name, bytes)),
                Err(e) => Err(format!(
                    "the dropped file {name} could not be read ({e}); nothing was opened"
                )),
            };
            if let Ok(mut arrived) = ARRIVED.lock() {
                arrived.push(read);
            }
            ctx.request_repaint();
        });
    }
    ARRIVED
        .lock()
        .map(|mut a| std::mem::take(&mut *a))
        .unwrap_or_default()
}

/// How many paths the last chosen images stand for, once they are all read.
static IMAGES_ARRIVED: Mutex<Option<usize>> = Mutex::new(None);

/// Say that `placed` paths were given, and wake the editor.
fn finish_images(placed: usize, ctx: &eframe::egui::Context) {
    if let Ok(mut arrived) = IMAGES_ARRIVED.lock() {
        *arrived = Some(placed);
    }
    ctx.request_repaint();
}

/// Open the browser's chooser for several images; each chosen file is kept as every path
/// of `wanted` (under `folder`) with its file name
/// ([`crate::windows::missing_images::paths_for_chosen`]).
fn choose_images(
    folder: PathBuf,
    wanted: Vec<String>,
    ctx: eframe::egui::Context,
) -> Result<(), wasm_bindgen::JsValue> {
    let accept: Vec<String> = IMAGE_EXTENSIONS.iter().map(|e| format!(".{e}")).collect();
    let input = file_input(&accept.join(","))?;
    input.set_multiple(true);
    let cancel_ctx = ctx.clone();
    let on_cancel = Closure::once_into_js(move || finish_images(0, &cancel_ctx));
    input.add_event_listener_with_callback("cancel", on_cancel.unchecked_ref())?;
    let chosen = input.clone();
    let on_change = Closure::once_into_js(move || {
        let files: Vec<web_sys::File> = chosen
            .files()
            .map(|list| (0..list.length()).filter_map(|i| list.get(i)).collect())
            .unwrap_or_default();
        wasm_bindgen_futures::spawn_local(async move {
            let mut placed = 0;
            for file in files {
                let paths = crate::windows::missing_images::paths_for_chosen(&wanted, &file.name());
                if paths.is_empty() {
                    continue;
                }
                let Ok(buffer) = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await
                else {
                    continue;
                };
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                if let Ok(mut files) = storage().files.lock() {
                    for p in &paths {
                        files.insert(folder.join(p), bytes.clone());
                    }
                }
                placed += paths.len();
            }
            finish_images(placed, &ctx);
        });
    });
    input.set_onchange(Some(on_change.unchecked_ref()));
    show_chooser(&input)
}

/// Hand `bytes` to the browser as a download named `name`.
fn download(name: &str, bytes: &[u8]) -> Result<(), wasm_bindgen::JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let array = js_sys::Uint8Array::from(bytes);
    let parts = js_sys::Array::of1(&array);
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let anchor: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    // The browser has taken the blob once the click is handled; free it a little later.
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    window.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000)?;
    Ok(())
}

/// File dialogs the browser way: choosing a file to read opens the browser's file chooser
/// (its file is handed over to [`WebStorage`]); choosing where to save answers at once
/// with the suggested name, and the write downloads it.
pub struct BrowserDialogs {
    tx: Sender<DialogReply>,
    rx: Receiver<DialogReply>,
    ctx: eframe::egui::Context,
}

impl BrowserDialogs {
    /// Dialogs that wake `ctx` when a chosen file has been read.
    pub fn new(ctx: eframe::egui::Context) -> Self {
        let (tx, rx) = channel();
        BrowserDialogs { tx, rx, ctx }
    }
}

impl FileDialogs for BrowserDialogs {
    fn request(&mut self, request: DialogRequest, _folder: &Path) {
        let saved = |name: &str| Path::new(FOLDER).join(name);
        let (accept, wrap): (Vec<&str>, fn(PathBuf) -> DialogReply) = match request {
            DialogRequest::SaveAs { suggested } => {
                let _ = self.tx.send(DialogReply::SaveAs(saved(&suggested)));
                return;
            }
            DialogRequest::Export { suggested, .. } => {
                let _ = self.tx.send(DialogReply::Export(saved(&suggested)));
                return;
            }
            DialogRequest::SaveBiomes { suggested } => {
                let _ = self.tx.send(DialogReply::SaveBiomes(saved(&suggested)));
                return;
            }
            DialogRequest::OpenBiomes => (BIOME_EXTENSIONS.to_vec(), DialogReply::OpenBiomes),
            // Open takes every map the editor reads (Tiled and JSON maps are imported, as
            // File → Import does), hexmap's own first.
            DialogRequest::Open => (map_extensions(true), DialogReply::Open),
            DialogRequest::ImportTiled => (map_extensions(false), DialogReply::ImportTiled),
            DialogRequest::ChooseImage => (IMAGE_EXTENSIONS.to_vec(), DialogReply::ChooseImage),
        };
        let accept: Vec<String> = accept.iter().map(|e| format!(".{e}")).collect();
        if let Err(e) = choose_file(&accept.join(","), self.tx.clone(), self.ctx.clone(), wrap) {
            let why = e
                .as_string()
                .unwrap_or_else(|| format!("the browser's file chooser failed: {e:?}"));
            let _ = self.tx.send(DialogReply::Unavailable(why));
        }
    }

    fn poll(&mut self) -> Option<DialogReply> {
        self.rx.try_recv().ok()
    }
}

/// The extensions of the map formats the editor reads (`native`: hexmap's own too), each
/// once (two formats may share one: JSON).
fn map_extensions(native_too: bool) -> Vec<&'static str> {
    let mut list: Vec<&'static str> = Vec::new();
    for format in readers().filter(|&f| native_too || f != native()) {
        for &ext in format.extensions() {
            if !list.contains(&ext) {
                list.push(ext);
            }
        }
    }
    list
}

/// What the editor says when the browser refuses to show its file chooser.
const CHOOSER_REFUSED: &str = "The browser did not show its file chooser: it shows one only \
    right after a click or a key press. Please ask again.";

/// Show `input`'s file chooser. A browser shows one only just after a click or a key press;
/// `showPicker` throws `NotAllowedError` when it refuses, where a bare `click()` would be
/// ignored in silence and leave the editor waiting for an answer that never comes. Browsers
/// without `showPicker` get the `click()`.
fn show_chooser(input: &web_sys::HtmlInputElement) -> Result<(), wasm_bindgen::JsValue> {
    if !js_sys::Reflect::has(input, &"showPicker".into()).unwrap_or(false) {
        input.click();
        return Ok(());
    }
    match input.show_picker() {
        Ok(()) => Ok(()),
        Err(e) if error_name(&e).as_deref() == Some("NotAllowedError") => {
            Err(CHOOSER_REFUSED.into())
        }
        Err(_) => {
            input.click();
            Ok(())
        }
    }
}

/// The `name` of a thrown DOM exception (`NotAllowedError`, …).
fn error_name(error: &wasm_bindgen::JsValue) -> Option<String> {
    js_sys::Reflect::get(error, &"name".into())
        .ok()?
        .as_string()
}

/// A file chooser's `<input type="file">` for files ending in `accept` (not yet shown).
fn file_input(accept: &str) -> Result<web_sys::HtmlInputElement, wasm_bindgen::JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let input: web_sys::HtmlInputElement = document.create_element("input")?.dyn_into()?;
    input.set_type("file");
    input.set_accept(accept);
    Ok(input)
}

/// Open the browser's file chooser for files ending in `accept`; the chosen file is read,
/// handed over, and its path sent through `tx` (wrapped by `wrap`).
fn choose_file(
    accept: &str,
    tx: Sender<DialogReply>,
    ctx: eframe::egui::Context,
    wrap: fn(PathBuf) -> DialogReply,
) -> Result<(), wasm_bindgen::JsValue> {
    let input = file_input(accept)?;
    let cancel_tx = tx.clone();
    let cancel_ctx = ctx.clone();
    let on_cancel = Closure::once_into_js(move || {
        let _ = cancel_tx.send(DialogReply::Cancelled);
        cancel_ctx.request_repaint();
    });
    input.add_event_listener_with_callback("cancel", on_cancel.unchecked_ref())?;
    let chosen = input.clone();
    let on_change = Closure::once_into_js(move || {
        let Some(file) = chosen.files().and_then(|list| list.get(0)) else {
            let _ = tx.send(DialogReply::Cancelled);
            ctx.request_repaint();
            return;
        };
        wasm_bindgen_futures::spawn_local(async move {
            let reply = match wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
                Ok(buffer) => {
                    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                    wrap(storage().hand_over(&file.name(), bytes))
                }
                Err(e) => DialogReply::Unavailable(format!("cannot read the chosen file: {e:?}")),
            };
            let _ = tx.send(reply);
            ctx.request_repaint();
        });
    });
    input.set_onchange(Some(on_change.unchecked_ref()));
    show_chooser(&input)
}
