//! Where the editor's files live, behind one trait: on the desktop the file system, in a
//! browser the files the user handed over (file chooser, drop) and downloads. Every read
//! and write of a map or an export goes through [`current`]; `io` only sees bytes.
//!
//! The only `cfg(target_arch = "wasm32")` of file handling is here: which [`Storage`] and
//! which file dialogs a platform gets, and what it cannot do ([`Storage::has_files`]).

#[cfg(not(target_arch = "wasm32"))]
mod native_dialogs;
#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(target_arch = "wasm32")]
mod web_autosave;
#[cfg(target_arch = "wasm32")]
pub mod web_players;

use crate::files::dialogs::FileDialogs;
use hexmap_io::{FolderResources, ReadFileError, Resources};
use std::path::{Path, PathBuf};

/// A place files are read from and written to.
pub trait Storage: Send + Sync {
    /// The bytes of the file at `path` (refusing files over `io::MAX_FILE_BYTES`).
    fn read(&self, path: &Path) -> Result<Vec<u8>, ReadFileError>;
    /// Write `bytes` as the file at `path`, replacing it whole or not at all.
    fn write(&self, path: &Path, bytes: &[u8]) -> Result<(), std::io::Error>;
    /// Files a file in `folder` names (a Tiled map's tilesets), read relative to it.
    fn resources(&self, folder: &Path) -> Box<dyn Resources + Send>;
    /// True where files stay where they are written and can be looked at again (the
    /// desktop): recovery files beside the map and the changed-on-disk check need it.
    fn has_files(&self) -> bool;
    /// The time the file at `path` was last written and its size, without reading it
    /// (`None` where files are not kept, or when there is none: a browser).
    fn modified(&self, _path: &Path) -> std::io::Result<(Option<std::time::SystemTime>, u64)> {
        Err(std::io::ErrorKind::Unsupported.into())
    }
    /// True when there is a file at `path` (on the desktop, a file on disk; in a
    /// browser, one handed over to the page or downloaded from it).
    fn is_file(&self, path: &Path) -> bool {
        path.is_file()
    }
    /// The folder an untitled map's images are read from and its first save goes to
    /// (the browser's folder of handed-over files; `None` on the desktop, where an
    /// untitled map names its images by absolute paths).
    fn untitled_folder(&self) -> Option<PathBuf> {
        None
    }
    /// Keep the image `from` (a file handed over) as `to` too, so a map in `to`'s folder
    /// names it by its bare name (a browser); the desktop reads images where they are.
    fn copy_image(&self, _from: &Path, _to: &Path) {}
    /// Keep `bytes` as the file `name` the user handed over (a drop without a path, in a
    /// browser); its path, or `None` where files have paths of their own.
    fn hand_over(&self, _name: &str, _bytes: Vec<u8>) -> Option<PathBuf> {
        None
    }
    /// The browser's store of autosave slots, where work is kept instead of recovery
    /// files beside maps (`None` on the desktop).
    fn autosaves(
        &self,
    ) -> Option<std::sync::Arc<dyn crate::files::browser_autosave::AutosaveStore>> {
        None
    }
    /// The sample maps File → Open sample lists, sorted by name.
    fn samples(&self) -> Vec<PathBuf>;
    /// True where a map's images must be handed over by the user (a browser), so the
    /// editor asks for them ([`crate::windows::missing_images`]).
    fn takes_images(&self) -> bool {
        false
    }
    /// Ask the user for image files and keep each chosen one as every path of `wanted`
    /// (relative to `folder`) with its file name; [`Storage::images_arrived`] says when
    /// they are in. Nothing happens where images are read from beside the map. An error
    /// says why no chooser was shown (a browser refuses one without a recent click or
    /// key press), so the question can stay up and be answered again.
    fn ask_for_images(
        &self,
        _folder: &Path,
        _wanted: Vec<String>,
        _ctx: &eframe::egui::Context,
    ) -> Result<(), String> {
        Ok(())
    }
    /// How many of the paths last asked for were given, once the chosen files are read
    /// (then `None` again until the next answer).
    fn images_arrived(&self) -> Option<usize> {
        None
    }
}

/// The folder of a map whose file is `path` (for an untitled map, the storage's
/// [`Storage::untitled_folder`]): where its images are read from.
pub fn map_folder(path: Option<&Path>) -> Option<PathBuf> {
    match path {
        Some(p) => p.parent().map(Path::to_path_buf),
        None => current().untitled_folder(),
    }
}

/// The file system: reads with `io`'s size limit, atomic writes.
pub struct FileStorage;

impl Storage for FileStorage {
    fn read(&self, path: &Path) -> Result<Vec<u8>, ReadFileError> {
        hexmap_io::read_file(path)
    }

    fn write(&self, path: &Path, bytes: &[u8]) -> Result<(), std::io::Error> {
        hexmap_io::write_atomic(path, bytes)
    }

    fn resources(&self, folder: &Path) -> Box<dyn Resources + Send> {
        Box::new(FolderResources(folder.to_path_buf()))
    }

    fn has_files(&self) -> bool {
        true
    }

    fn modified(&self, path: &Path) -> std::io::Result<(Option<std::time::SystemTime>, u64)> {
        let meta = std::fs::metadata(path)?;
        Ok((meta.modified().ok(), meta.len()))
    }

    fn samples(&self) -> Vec<PathBuf> {
        crate::files::sample::desktop_samples()
    }
}

/// The storage of the platform the editor runs on.
pub fn current() -> &'static dyn Storage {
    #[cfg(not(target_arch = "wasm32"))]
    return &FileStorage;
    #[cfg(target_arch = "wasm32")]
    return web::storage();
}

/// The platform's file dialogs: native ones (rfd, off the UI thread) on the desktop, the
/// browser's file chooser and downloads on the web. `ctx` is woken when one answers.
pub fn platform_dialogs(ctx: &eframe::egui::Context) -> Box<dyn FileDialogs> {
    #[cfg(not(target_arch = "wasm32"))]
    return Box::new(native_dialogs::RfdDialogs::new(Some(ctx.clone())));
    #[cfg(target_arch = "wasm32")]
    return Box::new(web::BrowserDialogs::new(ctx.clone()));
}

/// The files dropped on the editor that are ready to open: on the desktop those of this
/// frame (by path); in a browser, whose drops have no path, those read since the last
/// frame (each is read in the background and handed over to the storage). A file that
/// could not be read is an `Err` naming it and why, for the editor to show.
pub fn dropped_files(ctx: &eframe::egui::Context) -> Vec<Result<PathBuf, String>> {
    let files = ctx.input(|i| i.raw.dropped_files.clone());
    #[cfg(not(target_arch = "wasm32"))]
    return files.iter().map(|f| Ok(f.path().to_path_buf())).collect();
    #[cfg(target_arch = "wasm32")]
    return web::dropped_files(ctx, files);
}

/// Open (or bring forward) the players' window as a window of the browser, linked to
/// this tab (`crate::windows::player_page`); `None` where the player window is one of the editor's
/// own windows (the desktop). `Err` says why the browser did not open it.
pub fn open_players_window()
-> Option<Result<Box<dyn crate::windows::player_page::PlayerChannel>, String>> {
    #[cfg(target_arch = "wasm32")]
    return Some(web_players::open_players_window());
    #[cfg(not(target_arch = "wasm32"))]
    return None;
}

/// The link to the players' window this browser tab opened before a reload, if any.
pub fn players_relink() -> Option<Box<dyn crate::windows::player_page::PlayerChannel>> {
    #[cfg(target_arch = "wasm32")]
    return web_players::relink();
    #[cfg(not(target_arch = "wasm32"))]
    return None;
}

/// The folder for recovery files of untitled maps (eframe's data folder); none in a
/// browser, where the autosave goes to the browser's storage instead.
pub fn data_dir() -> Option<PathBuf> {
    #[cfg(not(target_arch = "wasm32"))]
    return eframe::storage_dir("hexmap");
    #[cfg(target_arch = "wasm32")]
    return None;
}
