//! The editor's images (terrain tile art, user-image icons, the tracing underlay): loaded
//! (in the frame that notices the change, as tile art always was) from beside the map
//! file when the map's image paths (or its file) change, uploaded once each as egui
//! textures, and the warning naming the images that could not be used. The chunk cache
//! draws with the textures (see `painter::MeshSink`).

use super::open_map::OpenMap;
use eframe::egui::{self, ColorImage, TextureHandle, TextureId, TextureOptions};
use hexmap_draw::{ImageId, ImageSet};
use hexmap_io::NoResources;
use hexmap_io::images::{ImageWarning, image_paths, load_images, load_underlay};
use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::Arc;

/// The texture of each loaded image, by its id in the [`ImageSet`].
pub type ImageTextures = Arc<HashMap<ImageId, TextureId>>;

/// What the images were loaded for: the map's folder, its image paths and its underlay's.
type LoadKey = (Option<PathBuf>, BTreeSet<String>, Option<String>);

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
    warning: Option<String>,
}

impl EditorImages {
    /// Reload the images if the map's image paths or its file changed since the last
    /// call; true when they were reloaded (cached drawings must be redrawn).
    pub fn refresh(&mut self, ctx: &egui::Context, doc: &OpenMap) -> bool {
        let folder = doc.path().and_then(|p| p.parent()).map(PathBuf::from);
        let check = (doc.revision(), folder.clone());
        if self.checked.as_ref() == Some(&check) {
            return false;
        }
        self.checked = Some(check);
        let underlay = doc.map().underlay().map(|u| u.path.clone());
        let key = (folder, image_paths(doc.map()), underlay);
        if self.loaded.as_ref() == Some(&key) {
            return false;
        }
        let files = match &key.0 {
            Some(dir) => super::storage::current().resources(dir),
            None => Box::new(NoResources),
        };
        let (mut set, mut warnings) = load_images(doc.map(), files.as_ref());
        warnings.extend(load_underlay(doc.map(), files.as_ref(), &mut set));
        self.upload(ctx, &set);
        self.set = Arc::new(set);
        self.warning = warning_text(&warnings);
        self.loaded = Some(key);
        true
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

/// One line naming every image that could not be used (the first few in full).
pub fn warning_text(warnings: &[ImageWarning]) -> Option<String> {
    match warnings {
        [] => None,
        [one] => Some(one.to_string()),
        [first, rest @ ..] => Some(format!(
            "{first} (and {} more image{})",
            rest.len(),
            if rest.len() == 1 { "" } else { "s" }
        )),
    }
}
