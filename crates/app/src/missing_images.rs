//! A map's images in a browser: a page cannot read tile art and image icons from beside
//! the map file, so after a map that names images opens, the editor asks once for them
//! (several files chosen together in the browser's chooser). Each chosen file takes the
//! place of every path the map names with the same file name; what is still missing is
//! drawn as the terrain colour with the usual warning. On the desktop the images are read
//! from beside the map and nothing is asked.

use super::images::EditorImages;
use super::open_map::OpenMap;
use eframe::egui;
use std::path::{Path, PathBuf};

/// Whether the question was asked for the open map, and what arrived.
#[derive(Default)]
pub struct MissingImages {
    /// The map file the question was last shown (or answered) for.
    asked_for: Option<Option<PathBuf>>,
    /// The paths asked for, while the chooser is open.
    waiting: Option<Vec<String>>,
}

/// The image paths `wanted` (as the map names them, e.g. `art/waves.png`) that a chosen
/// file named `name` stands for: those with the same file name (case-insensitive, since
/// a browser keeps the name as the system spells it).
pub fn paths_for_chosen(wanted: &[String], name: &str) -> Vec<String> {
    let base = |p: &str| {
        Path::new(p)
            .file_name()
            .map(|n| n.to_string_lossy().to_lowercase())
    };
    let chosen = base(name);
    wanted
        .iter()
        .filter(|p| chosen.is_some() && base(p) == chosen)
        .cloned()
        .collect()
}

/// The image paths `doc`'s map names that did not load.
fn missing(doc: &OpenMap, images: &EditorImages) -> Vec<String> {
    hexmap_io::images::image_paths(doc.map())
        .into_iter()
        .filter(|p| images.set().get(p).is_none())
        .collect()
}

impl MissingImages {
    /// Ask for the open map's missing images (once per map file) where the storage can
    /// take them, and reload the images when chosen files arrived. Returns a message for
    /// the status bar when they did.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        doc: &OpenMap,
        images: &mut EditorImages,
    ) -> Option<String> {
        let storage = super::storage::current();
        // The desktop reads images from beside the map: nothing to ask, nothing to compute.
        if !storage.takes_images() {
            return None;
        }
        if let Some(wanted) = self.waiting.as_ref()
            && let Some(placed) = storage.images_arrived()
        {
            let asked = wanted.len();
            self.waiting = None;
            images.reload();
            return Some(if placed >= asked {
                format!("All {asked} images this map names were given")
            } else {
                format!(
                    "{placed} of {asked} images this map names were given; the rest are drawn \
                     as their terrain's colour"
                )
            });
        }
        let key = doc.images_from().map(Path::to_path_buf);
        if self.waiting.is_some() || self.asked_for.as_ref() == Some(&key) {
            return None;
        }
        let folder = key.as_deref().and_then(Path::parent)?.to_path_buf();
        let missing = missing(doc, images);
        if missing.is_empty() {
            // Nothing to ask for this file: do not look again every frame.
            self.asked_for = Some(key);
            return None;
        }
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("missing images")).show(ctx, |ui| {
            ui.heading("Images this map names");
            ui.label(format!(
                "{} names {} image file(s) the browser has not been given:",
                doc.map().name(),
                missing.len()
            ));
            for p in missing.iter().take(8) {
                ui.monospace(p);
            }
            if missing.len() > 8 {
                ui.label(format!("… and {} more", missing.len() - 8));
            }
            ui.label(
                "Choose them (select several files at once; Enter chooses); without them \
                 each is drawn as its terrain's colour.",
            );
            ui.horizontal(|ui| {
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Choose images…").clicked() || enter {
                    answer = Some(true);
                }
                if ui.button("Not now").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape))
                {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => {
                self.asked_for = Some(key);
                storage.ask_for_images(&folder, missing.clone(), ctx);
                self.waiting = Some(missing);
            }
            Some(false) => self.asked_for = Some(key),
            None => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chosen_file_stands_for_every_path_of_its_name() {
        let wanted = vec![
            "art/waves.png".to_owned(),
            "art/grass-1.png".to_owned(),
            "../shared/Waves.PNG".to_owned(),
            "art/forest.svg".to_owned(),
        ];
        assert_eq!(
            paths_for_chosen(&wanted, "waves.png"),
            vec!["art/waves.png".to_owned(), "../shared/Waves.PNG".to_owned()]
        );
        assert_eq!(
            paths_for_chosen(&wanted, "forest.svg"),
            vec!["art/forest.svg"]
        );
        assert!(paths_for_chosen(&wanted, "forest.png").is_empty());
        assert!(paths_for_chosen(&wanted, "").is_empty());
    }
}
