//! A map's images in a browser: a page cannot read tile art and image icons from beside
//! the map file, so after a map that names images opens, the editor asks once for them
//! (several files chosen together in the browser's chooser). Each chosen file takes the
//! place of every path the map names with the same file name; what is still missing is
//! drawn as the terrain colour with the usual warning. Map → Map images… asks again at
//! any time (after "Not now"), and an image dropped on the page is taken as the map's
//! image of that name. On the desktop the images are read from beside the map and nothing
//! is asked.

use crate::canvas::images::EditorImages;
use crate::open_map::OpenMap;
use crate::windows::{EditorWindow, Shown};
use eframe::egui;
use std::path::{Path, PathBuf};

/// Whether the question was asked for the open map, and what arrived.
#[derive(Debug, Default)]
pub struct MissingImages {
    /// The map file the question was last shown (or answered) for.
    asked_for: Option<Option<PathBuf>>,
    /// The paths asked for, while the chooser is open.
    waiting: Option<Vec<String>>,
    /// Why the browser did not show its chooser at the last answer (the question stays up).
    refused: Option<String>,
}

impl EditorWindow for MissingImages {
    /// The question while a map is open; the images handed over are reported in the status
    /// bar.
    fn show(&mut self, ctx: &egui::Context, shown: &mut Shown<'_>, out: &mut Vec<crate::Action>) {
        if shown.map_open
            && let Some(given) = self.ask(ctx, shown.doc, shown.images)
        {
            out.push(crate::Action::Say(given));
        }
    }
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

/// The image paths `doc`'s map names (tile art, image icons, the underlay) that did not
/// load.
pub fn missing(doc: &OpenMap, images: &EditorImages) -> Vec<String> {
    let underlay = doc.map().underlay().map(|u| u.path.clone());
    let mut paths = hexmap_io::images::image_paths(doc.map());
    paths.extend(underlay);
    paths
        .into_iter()
        .filter(|p| images.set().get(p).is_none())
        .collect()
}

impl MissingImages {
    /// Ask for the open map's missing images (once per map file) where the storage can
    /// take them, and reload the images when chosen files arrived. Returns a message for
    /// the status bar when they did.
    pub fn ask(
        &mut self,
        ctx: &egui::Context,
        doc: &OpenMap,
        images: &mut EditorImages,
    ) -> Option<String> {
        let storage = crate::files::storage::current();
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
        let folder = crate::files::storage::map_folder(key.as_deref())?;
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
                "\"{}\" shows {} that this page has not been given yet:",
                doc.map().name(),
                crate::panels::words::count(missing.len(), "image", "images")
            ));
            for p in missing.iter().take(8) {
                ui.monospace(p);
            }
            if missing.len() > 8 {
                ui.label(format!("… and {} more", missing.len() - 8));
            }
            ui.label(
                "Choose them (select several files at once; Enter chooses); without them \
                 each is drawn as its terrain's colour. Map → Map images… asks again later.",
            );
            if let Some(why) = &self.refused {
                ui.colored_label(ui.visuals().warn_fg_color, why);
            }
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
            Some(true) => match storage.ask_for_images(&folder, missing.clone(), ctx) {
                Ok(()) => {
                    self.asked_for = Some(key);
                    self.refused = None;
                    self.waiting = Some(missing);
                }
                // No chooser came up: the question stays, saying why, to be answered again.
                Err(why) => self.refused = Some(why),
            },
            Some(false) => {
                self.asked_for = Some(key);
                self.refused = None;
            }
            None => {}
        }
        None
    }
}

impl MissingImages {
    /// Map → Map images…: open the chooser for the map's missing images now (the user
    /// just clicked, so the browser shows it). The message says why nothing was asked.
    pub fn ask_now(
        &mut self,
        ctx: &egui::Context,
        doc: &OpenMap,
        images: &EditorImages,
    ) -> Option<String> {
        let storage = crate::files::storage::current();
        let missing = missing(doc, images);
        if missing.is_empty() {
            return Some("Every image this map names is given".to_owned());
        }
        let folder = crate::files::storage::map_folder(doc.images_from())?;
        self.asked_for = Some(doc.path().map(Path::to_path_buf));
        if let Err(why) = storage.ask_for_images(&folder, missing.clone(), ctx) {
            return Some(why);
        }
        self.waiting = Some(missing);
        None
    }

    /// An image dropped on the page (handed over as `dropped`): kept as each of the map's
    /// missing images of its file name, which are then loaded. The message says what it
    /// was taken as.
    pub fn take_dropped(
        &mut self,
        dropped: &Path,
        doc: &OpenMap,
        images: &mut EditorImages,
    ) -> Result<String, String> {
        let name = dropped
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let missing = missing(doc, images);
        let paths = paths_for_chosen(&missing, &name);
        let Some(folder) = crate::files::storage::map_folder(doc.images_from()) else {
            return Err(format!("{name}: the map has no folder to keep images in"));
        };
        if paths.is_empty() {
            return Err(if missing.is_empty() {
                format!(
                    "{name} is a picture, and this map names no image that is missing: add it \
                     as tile art (Terrain → Edit… → Add image…) or as the underlay (Map → \
                     Underlay…)"
                )
            } else {
                format!(
                    "{name} is not among the images this map names that are missing ({}{})",
                    missing[..missing.len().min(4)].join(", "),
                    if missing.len() > 4 { ", …" } else { "" }
                )
            });
        }
        let storage = crate::files::storage::current();
        for p in &paths {
            storage.copy_image(dropped, &folder.join(p));
        }
        images.reload();
        Ok(format!("{name} given as {}", paths.join(", ")))
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
