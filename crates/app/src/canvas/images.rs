//! The editor's images (terrain tile art, user-image icons, the tracing underlay): read and
//! decoded off the UI pass (a [`Job`]: a thread on the desktop, steps between frames in a
//! browser) from beside the map file when the map's image paths (or its file) change,
//! uploaded once each as egui textures when the load ends, and the warning naming the
//! images that could not be used. Until then the map is drawn with the images it had. The
//! chunk cache draws with the textures (see `painter::MeshSink`).

use crate::files::background::{Job, JobEnd};
use crate::open_map::OpenMap;
use eframe::egui::{self, ColorImage, TextureHandle, TextureId, TextureOptions};
use hexmap_draw::{ImageId, ImageSet};
use hexmap_io::images::{ImageWarning, image_paths, load_images, load_underlay};
use hexmap_io::{NoResources, Resources};
use hexmap_map::HexMap;
use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::Arc;

/// The texture of each loaded image, by its id in the [`ImageSet`].
pub type ImageTextures = Arc<HashMap<ImageId, TextureId>>;

/// What the images were loaded for: the map's folder, its image paths and its underlay's.
type LoadKey = (Option<PathBuf>, BTreeSet<String>, Option<String>);

/// What a load gives: the images that could be used, and a warning for each that could not.
type Loaded = (ImageSet, Vec<ImageWarning>);

/// A load running off the UI pass, and what it loads for.
struct PendingLoad {
    key: LoadKey,
    job: Job<Loaded>,
}

/// Images of the open map and their textures.
#[derive(Default)]
pub struct EditorImages {
    set: Arc<ImageSet>,
    textures: ImageTextures,
    /// Keeps the textures alive.
    handles: Vec<TextureHandle>,
    /// The document revision last checked, and what was loaded.
    checked: Option<(u64, Option<PathBuf>)>,
    loaded: Option<LoadKey>,
    /// The load under way, if any (replacing it cancels the older one).
    pending: Option<PendingLoad>,
    warning: Option<String>,
}

impl EditorImages {
    /// Start loading the images if the map's image paths or its file changed since the
    /// last call, and take a finished load; true when new images arrived (cached drawings
    /// must be redrawn).
    pub fn refresh(&mut self, ctx: &egui::Context, doc: &OpenMap) -> bool {
        let arrived = self.take_finished_load(ctx);
        let folder = crate::files::storage::map_folder(doc.images_from());
        let check = (doc.revision(), folder.clone());
        if self.checked.as_ref() == Some(&check) {
            return arrived;
        }
        self.checked = Some(check);
        let underlay = doc.map().underlay().map(|u| u.path.clone());
        let key = (folder, image_paths(doc.map()), underlay);
        if self.loaded.as_ref() == Some(&key) {
            // Back to what is shown: a load for something else is no longer wanted.
            self.pending = None;
            return arrived;
        }
        if self.pending.as_ref().is_some_and(|p| p.key == key) {
            return arrived;
        }
        if key.1.is_empty() && key.2.is_none() {
            // Nothing to read: no job, no frame without the (empty) images.
            self.pending = None;
            self.install(ctx, key, (ImageSet::default(), Vec::new()));
            return true;
        }
        let files: Box<dyn Resources + Send> = match &key.0 {
            Some(dir) => crate::files::storage::current().resources(dir),
            None => Box::new(NoResources),
        };
        let map = doc.map().clone();
        let job = Job::start(
            ctx,
            move |_progress| async move { load(&map, files.as_ref()) },
        );
        self.pending = Some(PendingLoad { key, job });
        arrived
    }

    /// If the load under way has ended: upload its images and keep its warning; true then.
    fn take_finished_load(&mut self, ctx: &egui::Context) -> bool {
        let Some(pending) = self.pending.as_mut() else {
            return false;
        };
        // Still running: the job wakes the UI when it ends (and the status bar's spinner
        // keeps frames coming meanwhile).
        let end = pending.job.poll();
        let Some(JobEnd::Done(loaded)) = end else {
            if end.is_some() {
                self.pending = None;
            }
            return false;
        };
        if let Some(pending) = self.pending.take() {
            self.install(ctx, pending.key, loaded);
        }
        true
    }

    /// Show what a load gave for `key`: its images as textures, and its warning.
    fn install(&mut self, ctx: &egui::Context, key: LoadKey, (set, warnings): Loaded) {
        self.upload(ctx, &set);
        self.set = Arc::new(set);
        self.warning = match &key.0 {
            Some(folder) if crate::files::storage::current().takes_images() => {
                web_warning_text(folder, &warnings)
            }
            _ => warning_text(&warnings),
        };
        self.loaded = Some(key);
    }

    /// True while images are being read and decoded.
    pub fn loading(&self) -> bool {
        self.pending.is_some()
    }

    /// One texture per image of `set`.
    fn upload(&mut self, ctx: &egui::Context, set: &ImageSet) {
        let mut textures = HashMap::new();
        self.handles.clear();
        for i in 0..set.len() {
            let id = ImageId(i as u32);
            let Some(image) = set.image(id) else {
                continue;
            };
            let size = [image.width() as usize, image.height() as usize];
            let pixels = ColorImage::from_rgba_unmultiplied(size, image.pixels());
            let name = format!("map image {}", set.path(id).unwrap_or_default());
            let handle = ctx.load_texture(name, pixels, TextureOptions::LINEAR);
            textures.insert(id, handle.id());
            self.handles.push(handle);
        }
        self.textures = Arc::new(textures);
    }

    /// Load the images again at the next [`EditorImages::refresh`] (files the user just
    /// handed over, in a browser).
    pub fn reload(&mut self) {
        self.checked = None;
        self.loaded = None;
        self.pending = None;
    }

    /// The loaded images.
    pub fn set(&self) -> &ImageSet {
        &self.set
    }

    /// The loaded images, shared (an export thread draws with them).
    pub fn shared(&self) -> Arc<ImageSet> {
        Arc::clone(&self.set)
    }

    /// The texture of each loaded image.
    pub fn textures(&self) -> ImageTextures {
        self.textures.clone()
    }

    /// The texture of the loaded image at `path` (a preview), if it loaded.
    pub fn preview(&self, path: &str) -> Option<TextureId> {
        let (id, _) = self.set.get(path)?;
        self.textures.get(&id).copied()
    }

    /// The warning naming the images that could not be used, if any.
    pub fn warning(&self) -> Option<&str> {
        self.warning.as_deref()
    }
}

/// Read and decode the images `map` names, and its underlay, from `files`.
fn load(map: &HexMap, files: &dyn Resources) -> Loaded {
    let (mut set, mut warnings) = load_images(map, files);
    warnings.extend(load_underlay(map, files, &mut set));
    (set, warnings)
}

/// In a browser: one short line counting the images the page was not given, and how to
/// give them, then the others that could not be used ([`warning_text`]).
fn web_warning_text(folder: &std::path::Path, warnings: &[ImageWarning]) -> Option<String> {
    let storage = crate::files::storage::current();
    let (absent, other): (Vec<ImageWarning>, Vec<ImageWarning>) = warnings
        .iter()
        .cloned()
        .partition(|w| !storage.is_file(&folder.join(&w.path)));
    let absent = (!absent.is_empty()).then(|| {
        let n = absent.len();
        format!(
            "{} not given yet: Map → Map images…, or drop {} on the page",
            crate::panels::words::count(n, "image", "images"),
            crate::panels::words::noun(n, "it", "them")
        )
    });
    match (absent, warning_text(&other)) {
        (Some(a), Some(o)) => Some(format!("{a}; {o}")),
        (a, o) => a.or(o),
    }
}

/// One line naming every image that could not be used (the first few in full).
pub fn warning_text(warnings: &[ImageWarning]) -> Option<String> {
    match warnings {
        [] => None,
        [one] => Some(one.to_string()),
        [first, rest @ ..] => Some(format!(
            "{first} (and {} more)",
            crate::panels::words::count(rest.len(), "image", "images")
        )),
    }
}
