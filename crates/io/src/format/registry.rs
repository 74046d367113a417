//! The list of every format, lookups in it, and the two path wrappers: reading a file as a
//! map (with the size limit, for every front-end) and writing a map with its side files.

use super::csv::CSV;
use super::key::{KEY_HTML, KEY_MD, KEY_PDF};
use super::pdf::PDF;
use super::picture::{PNG, SVG};
use super::ron::Ron;
use super::table::JSON;
use super::tables::foundry::FOUNDRY;
use super::tables::godot::GODOT;
use super::tables::vassal::VASSAL;
use super::tiled::{TMJ, TMX};
use super::{Format, Imported, ReadError, ReadJob, WriteError, WriteOptions};
use crate::resources::{FolderResources, ReadFileError, read_file};
use crate::write_atomic;
use hexmap_map::HexMap;
use std::path::Path;

/// Every format, in menu order. Adding a format: implement [`Format`] in a file of this
/// module and add one line here.
pub static FORMATS: &[&dyn Format] = &[
    &Ron, &TMX, &TMJ, &CSV, &JSON, &PNG, &SVG, &PDF, &VASSAL, &FOUNDRY, &GODOT, &KEY_MD, &KEY_HTML,
    &KEY_PDF,
];

/// The native format (RON): what the editor opens and saves.
pub fn native() -> &'static dyn Format {
    &Ron
}

/// The format called `name` (case-insensitive).
pub fn by_name(name: &str) -> Option<&'static dyn Format> {
    FORMATS
        .iter()
        .copied()
        .find(|f| f.name().eq_ignore_ascii_case(name))
}

/// The formats that read, in menu order.
pub fn readers() -> impl Iterator<Item = &'static dyn Format> {
    FORMATS.iter().copied().filter(|f| f.can_read())
}

/// The formats that write, in menu order.
pub fn writers() -> impl Iterator<Item = &'static dyn Format> {
    FORMATS.iter().copied().filter(|f| f.can_write())
}

/// The readable format of a file: hexmap's own JSON export by its content (a `.json` file
/// may also be a Tiled map), else the first whose extensions include the path's, else the
/// first that recognizes the file's first bytes.
pub fn reader_for(path: &Path, head: &[u8]) -> Option<&'static dyn Format> {
    if JSON.recognizes(head) {
        return Some(&JSON);
    }
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let by_ext = ext.and_then(|ext| readers().find(|f| f.extensions().contains(&ext.as_str())));
    by_ext.or_else(|| readers().find(|f| f.recognizes(head)))
}

/// Read the map file at `path` in whichever readable format it is (by extension, else by
/// content), refusing files over [`crate::MAX_FILE_BYTES`] before reading them. Files
/// it refers to (a Tiled map's tilesets and images) are read from its folder. The one
/// import path of the command line and the editor.
pub fn read_path(path: &Path) -> Result<Imported, ReadError> {
    let bytes = read_file(path).map_err(|e| ReadError::reading(path, e))?;
    let folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
    read_bytes(path, &bytes, &FolderResources(folder))
}

/// Read `bytes`, the content of the file at `path` (already read, by whatever holds the
/// files: the editor's storage), in whichever readable format it is; the files it refers
/// to come from `resources`. Messages name `path`.
pub fn read_bytes(
    path: &Path,
    bytes: &[u8],
    resources: &dyn crate::Resources,
) -> Result<Imported, ReadError> {
    // Messages name the file as given, folder included.
    let file = path.display().to_string();
    if let Some(advice) = super::sniff(bytes).advice_for_import() {
        return Err(ReadError::NotImportable { file, advice });
    }
    let format = reader_for(path, bytes).ok_or_else(|| ReadError::UnknownFormat {
        file: file.clone(),
        expected: readers()
            .flat_map(|f| f.extensions().iter().map(|e| format!(".{e}")))
            .collect::<Vec<_>>()
            .join(", "),
    })?;
    let kind = super::sniff(bytes);
    format
        .read(ReadJob::new(bytes, &file, resources))
        .map_err(|e| match kind {
            // JSON that is neither of the two JSON maps hexmap reads: say both, not only
            // what the Tiled reader missed.
            super::FileKind::Json => {
                let message = e.to_string();
                let detail = message
                    .strip_prefix(&format!("{file}: "))
                    .unwrap_or(&message);
                ReadError::NotImportable {
                    file: file.clone(),
                    advice: format!(
                        "a JSON file that is neither hexmap's JSON export (it has no \
                     \"format\": \"hexmap-cells\") nor a Tiled map ({detail})"
                    ),
                }
            }
            _ => e,
        })
}

impl ReadError {
    /// The error for a file at `path` that could not be read (refused, or too large).
    pub fn reading(path: &Path, e: ReadFileError) -> Self {
        match e {
            ReadFileError::Io(source) => ReadError::Io {
                path: path.to_owned(),
                source,
            },
            ReadFileError::TooLarge { bytes, limit } => ReadError::TooLarge {
                path: path.to_owned(),
                bytes,
                limit,
            },
        }
    }
}

/// Write `map`, read from the file `from` (`None`: made in memory), as `format` to `path`,
/// with its side files beside it, each atomically ([`write_atomic`]: `-` is standard
/// output, devices and pipes are written in place; a format with side files cannot go to
/// `-`). Its image paths (and the images in `opts`) are named from `path`'s folder first
/// ([`crate::image_paths::for_file`]). `progress` receives the share done, 0.0 to 1.0.
/// Returns the files written: `path` first, then its side files.
pub fn write_path(
    map: &HexMap,
    from: Option<&Path>,
    format: &dyn Format,
    opts: &WriteOptions,
    path: &Path,
    progress: &mut dyn FnMut(f32),
) -> Result<Vec<std::path::PathBuf>, WriteError> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| WriteError::NoFileName(path.to_owned()))?;
    let (map, images) = crate::image_paths::for_file(map, opts.images.as_ref(), from, path)?;
    let opts = WriteOptions {
        images,
        ..opts.clone()
    };
    let out = super::write_map(&map, format, &opts, name, progress)?;
    if path == Path::new("-") && !out.side.is_empty() {
        // Side files are named after the main file; "-" has no name, so say the pattern.
        let ext = format
            .extensions()
            .first()
            .copied()
            .unwrap_or(format.name());
        return Err(WriteError::Option(format!(
            "{} writes {} beside NAME.{ext}, so it cannot go to standard output (-): \
             give a file name",
            format.name(),
            out.side
                .iter()
                .map(|(n, _)| n.replacen('-', "NAME", 1))
                .collect::<Vec<_>>()
                .join(" and ")
        )));
    }
    let folder = path.parent().unwrap_or(Path::new(""));
    let mut written = Vec::with_capacity(1 + out.side.len());
    for (side_name, bytes) in &out.side {
        let side_path = folder.join(side_name);
        write_atomic(&side_path, bytes).map_err(|source| WriteError::Write {
            path: side_path.clone(),
            source,
        })?;
        written.push(side_path);
    }
    write_atomic(path, &out.main).map_err(|source| WriteError::Write {
        path: path.to_owned(),
        source,
    })?;
    written.insert(0, path.to_owned());
    progress(1.0);
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoResources;
    use crate::format::WriteJob;
    use hexmap_map::{HexMap, MapShape};

    fn small_map() -> HexMap {
        let mut map = hexmap_map::testing::map_on(
            hexmap_hex::Orientation::Pointy,
            MapShape::hexagon(2).unwrap(),
        );
        let id = map.palette().terrains()[1].id;
        map.set_terrain(hexmap_hex::Hex::new(1, -1), Some(id))
            .unwrap();
        map
    }

    #[test]
    fn names_are_unique_and_every_format_does_what_it_says() {
        let map = small_map();
        for (i, f) in FORMATS.iter().enumerate() {
            assert!(!f.extensions().is_empty() && !f.description().is_empty());
            assert!(
                FORMATS[..i].iter().all(|g| g.name() != f.name()),
                "{} twice",
                f.name()
            );
            assert_eq!(by_name(&f.name().to_uppercase()), Some(*f));
            let opts = WriteOptions::default();
            let written = f.write(WriteJob::new(&map, &opts, "m.x", &mut |_| {}));
            assert_eq!(written.is_ok(), f.can_write(), "{}", f.name());
            if let Ok(w) = written
                && f.can_read()
            {
                // What a format writes, it reads back (with its side files).
                let side = |p: &str| {
                    w.side
                        .iter()
                        .find(|(n, _)| n == p)
                        .map(|(_, b)| b.clone())
                        .ok_or_else(|| format!("{p}: not written"))
                };
                struct Side<F>(F);
                impl<F: Fn(&str) -> Result<Vec<u8>, String>> crate::Resources for Side<F> {
                    fn read(&self, path: &str) -> Result<Vec<u8>, String> {
                        (self.0)(path)
                    }
                }
                let back = f.read(ReadJob::new(&w.main, "m.x", &Side(side))).unwrap();
                assert_eq!(back.map.shape(), map.shape(), "{}", f.name());
                assert!(
                    back.warnings.is_empty(),
                    "{}: {:?}",
                    f.name(),
                    back.warnings
                );
            } else if !f.can_read() {
                let e = f.read(ReadJob::new(b"", "m.x", &NoResources)).unwrap_err();
                assert!(matches!(e, ReadError::NotReadable { .. }), "{e}");
            }
        }
        assert!(by_name("bmp").is_none());
    }

    #[test]
    fn readers_are_found_by_extension_then_by_content() {
        let name = |p: &str, head: &[u8]| reader_for(Path::new(p), head).map(|f| f.name());
        assert_eq!(name("a.TMX", b""), Some("tmx"));
        assert_eq!(name("a.json", b""), Some("tmj"), "Tiled's JSON maps");
        assert_eq!(name("a.ron", b""), Some("ron"));
        assert_eq!(name("a.xml", b" <?xml?><map>"), Some("tmx"));
        assert_eq!(name("a", b"{\"orientation\":1}"), Some("tmj"));
        assert_eq!(name("a.txt", b"hello"), None);
        assert_eq!(name("a.png", b""), None, "PNG is written, never read");
        let export = b"{\n  \"format\": \"hexmap-cells\",\n  \"version\": 2";
        assert_eq!(
            name("a.json", export),
            Some("json"),
            "hexmap's export by content"
        );
        assert_eq!(name("a.tmj", export), Some("json"), "whatever its name");
        assert_eq!(name("a.json", b"{\"tiledversion\":\"1.10\"}"), Some("tmj"));
    }

    #[test]
    fn read_path_refuses_an_oversize_file_with_its_size() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.tmx");
        std::fs::File::create(&path)
            .unwrap()
            .set_len(crate::MAX_FILE_BYTES + 1)
            .unwrap();
        let e = read_path(&path).unwrap_err();
        assert!(matches!(e, ReadError::TooLarge { .. }), "{e}");
        assert!(e.to_string().contains("byte limit"), "{e}");
        let e = read_path(&dir.path().join("missing.tmx")).unwrap_err();
        assert!(e.to_string().starts_with("cannot read "), "{e}");
    }

    #[test]
    fn write_path_writes_side_files_beside_the_main_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.tmx");
        let mut last = 0.0;
        write_path(
            &small_map(),
            None,
            by_name("tmx").unwrap(),
            &WriteOptions::default(),
            &path,
            &mut |p| last = p,
        )
        .unwrap();
        assert_eq!(last, 1.0);
        assert!(dir.path().join("m-tiles.png").is_file());
        let back = read_path(&path).unwrap();
        assert_eq!(back.map.shape(), small_map().shape());
    }
}
