//! The tile-art picker of the terrain editor: the terrain's images with a preview each,
//! "Remove", "Add image…" (the file dialog; see [`add_tile_image`]) and the tint switch.
//! Each change is at once one `MapEdit::SetPalette` (one undo step); the editor's working
//! copy follows the map's art, so "Apply" keeps it.

use crate::Action;
use crate::canvas::images::EditorImages;
use crate::panels::palette_panel::TerrainEditor;
use eframe::egui;
use hexmap_map::{Edit, MapEdit, Palette, Terrain, TerrainId, TileArt};
use std::path::Path;

/// Side of an image preview, in points.
const PREVIEW: f32 = 28.0;

/// The picker for the terrain `ed` edits, in the palette `terrains`.
pub(crate) fn show(
    ui: &mut egui::Ui,
    ed: &mut TerrainEditor,
    terrains: &[Terrain],
    images: &EditorImages,
    out: &mut Vec<Action>,
) {
    let id = ed.terrain.id;
    // The map's art is what is shown and changed (undo changes it too); the working copy
    // follows it so "Apply" keeps it.
    if let Some(t) = terrains.iter().find(|t| t.id == id) {
        ed.terrain.art = t.art.clone();
    }
    ui.label("Tile art");
    let mut art = ed.terrain.art.clone();
    let mut changed = false;
    let mut remove = None;
    for (i, path) in art.images.iter().enumerate() {
        ui.horizontal(|ui| {
            match images.preview(path) {
                Some(texture) => {
                    let size = egui::vec2(PREVIEW, PREVIEW);
                    ui.add(egui::Image::new((texture, size)));
                }
                None => {
                    let missing = egui::RichText::new("missing").color(ui.visuals().error_fg_color);
                    ui.label(missing)
                        .on_hover_text("not loaded (see the status bar)");
                }
            }
            // The button before the path, and the path cut to the width left: the row
            // never widens the panel (which would move the canvas).
            if ui.small_button("Remove").clicked() {
                remove = Some(i);
            }
            ui.add(egui::Label::new(path.as_str()).truncate())
                .on_hover_text(path.as_str());
        });
    }
    if let Some(i) = remove {
        art.images.remove(i);
        changed = true;
    }
    ui.horizontal_wrapped(|ui| {
        let full = art.images.len() >= hexmap_map::tile_art::MAX_TILE_IMAGES;
        if ui
            .add_enabled(!full, egui::Button::new("Add image…"))
            .clicked()
        {
            out.push(Action::ChooseTileArt(id));
        }
        let mut tint = art.tint;
        if ui
            .checkbox(&mut tint, "Tint by colour")
            .on_hover_text("Multiply the images by the terrain colour")
            .changed()
        {
            art.tint = tint;
            changed = true;
        }
    });
    if changed {
        ed.terrain.art = art.clone();
        if let Some(edit) = with_art(terrains, id, art) {
            out.push(edit);
        }
    }
}

/// The palette `terrains` with terrain `id`'s tile art replaced: one `SetPalette` action,
/// or the palette's refusal as an error action.
fn with_art(terrains: &[Terrain], id: TerrainId, art: TileArt) -> Option<Action> {
    let mut list = terrains.to_vec();
    list.iter_mut().find(|t| t.id == id)?.art = art;
    Some(match Palette::new(list) {
        Ok(p) => Action::Edit(Edit::Map(MapEdit::SetPalette(p))),
        Err(e) => Action::Error(e.to_string()),
    })
}

/// The path the map whose file is `map_file` (none: not saved yet) names the chosen
/// image `file` by: relative to the map's folder (`io::image_paths::path_for_image`); in a browser,
/// which has no folders to keep relative to, its bare file name, the image being kept
/// beside the map (so a saved map names it as the desktop would, next to it).
pub fn chosen_image_path(map_file: Option<&Path>, file: &Path) -> String {
    let storage = crate::files::storage::current();
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
    match (
        storage.takes_images(),
        crate::files::storage::map_folder(map_file),
        name,
    ) {
        (true, Some(folder), Some(name)) => {
            storage.copy_image(file, &folder.join(&name));
            name
        }
        _ => hexmap_io::image_paths::path_for_image(map_file, file),
    }
}

/// The actions that add the image `file` to terrain `id`'s tile art (path relative to
/// `map_file`'s folder): the palette edit, and nothing when the terrain is gone or
/// already has that image. Keeps `editor`'s working copy in step.
pub fn add_tile_image(
    palette: &Palette,
    id: TerrainId,
    map_file: Option<&Path>,
    file: &Path,
    editor: Option<&mut TerrainEditor>,
) -> Option<Action> {
    let terrain = palette.get(id)?;
    let path = chosen_image_path(map_file, file);
    if terrain.art.images.contains(&path) {
        return None;
    }
    let mut art = terrain.art.clone();
    art.images.push(path);
    if let Some(ed) = editor.filter(|e| e.terrain.id == id) {
        ed.terrain.art = art.clone();
    }
    with_art(palette.terrains(), id, art)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adding_an_image_edits_the_palette_once_and_updates_the_editor() {
        let palette = Palette::standard();
        let forest = TerrainId::new(3).unwrap();
        let mut ed = TerrainEditor::new(palette.get(forest).unwrap());
        let map = Path::new("/maps/m.ron");
        let file = Path::new("/maps/art/tree.png");
        let Some(Action::Edit(Edit::Map(MapEdit::SetPalette(p)))) =
            add_tile_image(&palette, forest, Some(map), file, Some(&mut ed))
        else {
            panic!("one palette edit");
        };
        assert_eq!(p.get(forest).unwrap().art.images, ["art/tree.png"]);
        assert_eq!(ed.terrain.art.images, ["art/tree.png"]);
        assert!(
            add_tile_image(&p, forest, Some(map), file, None).is_none(),
            "no duplicate"
        );
    }
}
