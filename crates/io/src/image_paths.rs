//! Keeping image paths valid when a map is saved to another folder: tile art and user-image
//! icons (and the tracing underlay) name their files relative to the map file, so moving the map rewrites each path
//! relative to the new folder. One function for the editor's Save As, its Export and the
//! CLI's `export`.

use hexmap_map::{AnnotationEdit, Edit, HexMap, IconSource, MapEdit};
use std::path::{Component, Path, PathBuf};

/// True for the formats that write the map's image paths for a reader to follow (the RON
/// map and the JSON export): a copy written elsewhere needs them rebased
/// ([`copy_for`]). Pictures and Tiled draw the images instead of naming them.
pub fn format_names_images(format_name: &str) -> bool {
    matches!(format_name, "ron" | "json")
}

/// `map` (its file `from`) as it must be written to `to`: with its image paths rewritten
/// to name the same files from there, through the one edit path. `None` when nothing
/// changes (same folder, no images, only absolute paths).
pub fn copy_for(
    map: &HexMap,
    from: &Path,
    to: &Path,
) -> Result<Option<HexMap>, hexmap_map::EditError> {
    let edits = rebase_image_paths(map, from, to);
    if edits.is_empty() {
        return Ok(None);
    }
    let mut doc = hexmap_map::Document::new(map.clone());
    doc.apply_all(&edits)?;
    Ok(Some(doc.into_map()))
}

/// The edits that rewrite `map`'s image paths, written relative to the map file `from`,
/// so they name the same files relative to the map file `to` (empty when nothing
/// changes: same folder, no images, or only absolute paths). Apply them as one step.
pub fn rebase_image_paths(map: &HexMap, from: &Path, to: &Path) -> Vec<Edit> {
    let (Some(old), Some(new)) = (folder_of(from), folder_of(to)) else {
        return Vec::new();
    };
    if old == new {
        return Vec::new();
    }
    let moved = |p: &str| rebase(p, &old, &new).filter(|q| q != p);
    let mut edits = Vec::new();
    let mut terrains = map.palette().terrains().to_vec();
    let mut palette_changed = false;
    for t in &mut terrains {
        for p in &mut t.art.images {
            if let Some(q) = moved(p) {
                *p = q;
                palette_changed = true;
            }
        }
    }
    if palette_changed && let Ok(palette) = hexmap_map::Palette::new(terrains) {
        edits.push(Edit::Map(MapEdit::SetPalette(palette)));
    }
    for (hex, icons) in map.icons().iter() {
        for (index, icon) in icons.iter().enumerate() {
            if let IconSource::Image(p) = &icon.source
                && let Some(q) = moved(p)
            {
                let mut icon = icon.icon.clone();
                icon.source = IconSource::Image(q);
                edits.push(Edit::Annotation(AnnotationEdit::ChangeIcon {
                    hex,
                    index,
                    icon,
                }));
            }
        }
    }
    if let Some(u) = map.underlay()
        && let Some(q) = moved(&u.path)
    {
        let mut u = u.clone();
        u.path = q;
        edits.push(Edit::Map(MapEdit::SetUnderlay(Some(u))));
    }
    edits
}

/// The folder of a map file as an absolute, lexically normalised path.
fn folder_of(file: &Path) -> Option<PathBuf> {
    let abs = std::path::absolute(file).ok()?;
    Some(normalise(abs.parent()?))
}

/// `path` without `.` and with `..` folded into the part before it.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// The image path `path` (relative to folder `old`) written relative to folder `new`,
/// with `/` separators; `None` for an absolute path (kept as it is).
pub fn rebase(path: &str, old: &Path, new: &Path) -> Option<String> {
    let p = Path::new(path);
    if p.is_absolute() {
        return None;
    }
    let target = normalise(&old.join(p));
    let t: Vec<Component> = target.components().collect();
    let b: Vec<Component> = new.components().collect();
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<String> = vec!["..".to_owned(); b.len() - common];
    parts.extend(
        t[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    Some(parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{Hex, Orientation};
    use hexmap_map::{BuiltinIcon, Document, Icon, MapProperties, MapShape, Palette, TileArt};

    #[test]
    fn rebase_rewrites_relative_to_the_new_folder() {
        let old = Path::new("/maps/world");
        assert_eq!(
            rebase("art/a.png", old, Path::new("/maps/world/copies")).as_deref(),
            Some("../art/a.png")
        );
        assert_eq!(
            rebase("art/a.png", old, Path::new("/maps")).as_deref(),
            Some("world/art/a.png")
        );
        assert_eq!(
            rebase("../shared/b.svg", old, Path::new("/other/place")).as_deref(),
            Some("../../maps/shared/b.svg")
        );
        assert_eq!(rebase("./a.png", old, old).as_deref(), Some("a.png"));
        assert_eq!(rebase("/abs/a.png", old, Path::new("/x")), None);
    }

    #[test]
    fn saving_elsewhere_rewrites_tile_art_and_icons_and_keeps_the_rest() {
        let mut terrains = Palette::standard().terrains().to_vec();
        terrains[0].art = TileArt {
            images: vec!["art/sea.png".into(), "/abs/wave.png".into()],
            tint: true,
        };
        let props = MapProperties::new("m", Orientation::Pointy);
        let mut map = HexMap::new(
            props,
            MapShape::Hexagon { radius: 1 },
            Palette::new(terrains).unwrap(),
        )
        .unwrap();
        let image_icon = Icon {
            gm_only: false,
            source: IconSource::Image("icons/keep.png".into()),
            ..Icon::builtin(BuiltinIcon::Star)
        };
        map.set_icons(
            Hex::ORIGIN,
            vec![Icon::builtin(BuiltinIcon::Town), image_icon],
        )
        .unwrap();
        let from = Path::new("/maps/world/map.ron");
        assert!(rebase_image_paths(&map, from, Path::new("/maps/world/renamed.ron")).is_empty());
        let edits = rebase_image_paths(&map, from, Path::new("/maps/out/map.ron"));
        assert_eq!(edits.len(), 2);
        let mut doc = Document::new(map);
        doc.apply_all(&edits).unwrap();
        let moved = doc.map();
        let art = &moved.palette().terrains()[0].art;
        assert_eq!(art.images, ["../world/art/sea.png", "/abs/wave.png"]);
        assert!(art.tint);
        let icons = moved.icons().at(Hex::ORIGIN);
        assert_eq!(icons[0].source, IconSource::Builtin(BuiltinIcon::Town));
        assert_eq!(
            icons[1].source,
            IconSource::Image("../world/icons/keep.png".into())
        );
    }
}
