//! Image paths in written files, one rule for every writer. Tile art, user-image icons and
//! the tracing underlay name their image files by paths relative to the folder of the file
//! the map was read from (readers keep the paths as the file writes them). Whatever writes
//! a map into a file — RON in either form, the JSON export, Tiled's TMX and TMJ, an SVG
//! that links its images, `convert`, `import`, `mines generate`, `generate
//! --palette-from`, the editor's Save As and its exports — writes each path relative to
//! the folder of the file it writes, through [`for_file`] (or, in the editor, as undoable
//! edits: [`rebase_image_paths`]). So a map written anywhere still finds its images, and
//! reading it back and writing it to the same place gives the same bytes.

use hexmap_draw::ImageSet;
use hexmap_map::{AnnotationEdit, Edit, HexMap, IconSource, MapEdit};
use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// A map's image paths could not be written for the file it goes to (a rewritten path
/// over the length limit of image paths).
#[derive(Debug, thiserror::Error)]
#[error("{}: cannot name the map's images from there: {message}", to.display())]
pub struct ImagePathError {
    /// The file written.
    pub to: PathBuf,
    /// What the map refused (the palette's or the edit's message).
    pub message: String,
}

/// Moving image paths from the folder of the file a map was read from to the folder of
/// the file it is written to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rebase {
    /// The folder the paths are relative to now (absolute, normalised); `None` for a map
    /// that came from no file, whose relative paths are kept as they are.
    from: Option<PathBuf>,
    /// The folder of the written file (absolute, normalised).
    to: PathBuf,
}

impl Rebase {
    /// The move from the folder of the file `from` (`None`: a map made in memory) to the
    /// folder of the file `to` (`-`, standard output: the current folder). `None` when a
    /// folder cannot be told (the current folder is gone).
    pub fn between(from: Option<&Path>, to: &Path) -> Option<Rebase> {
        let from = match from {
            Some(f) => Some(folder_of(f)?),
            None => None,
        };
        Some(Rebase {
            from,
            to: folder_of(to)?,
        })
    }

    /// `path` as the written file names it, or `None` when it stays as it is: a relative
    /// path names the same file from the new folder (kept as written when the folder is
    /// the same, or when the map came from no file); an absolute path becomes relative
    /// (kept where no relative path reaches it, e.g. another drive). `/` separators.
    pub fn path(&self, path: &str) -> Option<String> {
        let p = Path::new(path);
        let target = if p.is_absolute() {
            normalise(p)
        } else {
            let from = self.from.as_ref().filter(|f| **f != self.to)?;
            normalise(&from.join(p))
        };
        relative(&target, &self.to).filter(|q| q != path)
    }
}

/// `map` (its relative image paths starting at the folder of the file `from`; `None`: a
/// map that came from no file) as it must be written into the file `to`, with every image
/// path naming the same file from `to`'s folder ([`Rebase::path`]), through the one edit
/// path; and `images`, loaded under the map's paths, under the paths written, so a writer
/// that draws them (a picture, Tiled's tileset) finds each one. Borrowed when nothing
/// changes. The one rule every writer of a map file follows.
pub fn for_file<'m>(
    map: &'m HexMap,
    images: Option<&Arc<ImageSet>>,
    from: Option<&Path>,
    to: &Path,
) -> Result<(Cow<'m, HexMap>, Option<Arc<ImageSet>>), ImagePathError> {
    let Some(rebase) = Rebase::between(from, to) else {
        return Ok((Cow::Borrowed(map), images.cloned()));
    };
    let refused = |message: String| ImagePathError {
        to: to.to_owned(),
        message,
    };
    let edits = rebase_edits(map, &rebase).map_err(refused)?;
    if edits.is_empty() {
        return Ok((Cow::Borrowed(map), images.cloned()));
    }
    let mut doc = hexmap_map::Document::new(map.clone());
    doc.apply_all(&edits).map_err(|e| refused(e.to_string()))?;
    let images = images.map(|set| Arc::new(set.renamed(|p| rebase.path(p))));
    Ok((Cow::Owned(doc.into_map()), images))
}

/// The edits that rewrite `map`'s image paths, relative to the folder of the map file
/// `from`, as the file `to` names them ([`for_file`]'s rule, for the editor's Save As,
/// which applies them as one undo step); empty when nothing changes.
pub fn rebase_image_paths(
    map: &HexMap,
    from: Option<&Path>,
    to: &Path,
) -> Result<Vec<Edit>, ImagePathError> {
    match Rebase::between(from, to) {
        Some(rebase) => rebase_edits(map, &rebase).map_err(|message| ImagePathError {
            to: to.to_owned(),
            message,
        }),
        None => Ok(Vec::new()),
    }
}

/// The edits moving every image path of `map` (tile art, image icons, the underlay) by
/// `rebase`; the palette's refusal when a moved tile-art path breaks its limits.
fn rebase_edits(map: &HexMap, rebase: &Rebase) -> Result<Vec<Edit>, String> {
    let mut edits = Vec::new();
    let mut terrains = map.palette().terrains().to_vec();
    let mut palette_changed = false;
    for t in &mut terrains {
        for p in &mut t.art.images {
            if let Some(q) = rebase.path(p) {
                *p = q;
                palette_changed = true;
            }
        }
    }
    if palette_changed {
        let palette = hexmap_map::Palette::new(terrains).map_err(|e| e.to_string())?;
        edits.push(Edit::Map(MapEdit::SetPalette(palette)));
    }
    for (hex, icons) in map.icons().iter() {
        for (index, icon) in icons.iter().enumerate() {
            if let IconSource::Image(p) = &icon.source
                && let Some(q) = rebase.path(p)
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
        && let Some(q) = rebase.path(&u.path)
    {
        let mut u = u.clone();
        u.path = q;
        edits.push(Edit::Map(MapEdit::SetUnderlay(Some(u))));
    }
    Ok(edits)
}

/// The folder of a map file as an absolute, lexically normalised path.
fn folder_of(file: &Path) -> Option<PathBuf> {
    let abs = std::path::absolute(file).ok()?;
    Some(normalise(abs.parent()?))
}

/// `path` without `.` and with `..` folded into the part before it (a `..` at the root
/// stays at the root).
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                let at_root = out.parent().is_none() && out.has_root();
                if !at_root && !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// The file `target` (absolute, normalised) named from the folder `folder` (the same),
/// with `/` separators; `target` itself, as text, when they share no root (another drive).
fn relative(target: &Path, folder: &Path) -> Option<String> {
    let t: Vec<Component> = target.components().collect();
    let b: Vec<Component> = folder.components().collect();
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == 0 {
        return Some(target.to_string_lossy().into_owned());
    }
    let mut parts: Vec<String> = vec!["..".to_owned(); b.len() - common];
    parts.extend(
        t[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    (!parts.is_empty()).then(|| parts.join("/"))
}

/// The file `file` (any path) named from the folder of the map file `map_file` (`None`: a
/// map not saved yet, which names it by its absolute path), as a map stores a chosen image
/// (the editor's tile art and underlay pickers).
pub fn path_for_image(map_file: Option<&Path>, file: &Path) -> String {
    let absolute = normalise(&std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf()));
    match map_file.and_then(folder_of) {
        Some(folder) => {
            relative(&absolute, &folder).unwrap_or_else(|| absolute.to_string_lossy().into())
        }
        None => absolute.to_string_lossy().into_owned(),
    }
}

#[cfg(test)]
mod tests;
