//! File formats. RON is native (docs/FORMAT.md): one map in *offset form* (rows of terrain
//! symbols in the map's offset kind, holes allowed) or *cube form* (explicit (q, r, s)
//! cells). Every format, RON included, is listed in [`format::FORMATS`] behind the
//! [`format::Format`] trait. Text in and out works on bytes and strings (usable in the
//! browser); thin path wrappers add reading (within [`MAX_FILE_BYTES`]) and atomic saving.
//! Pictures (PNG, SVG, PDF prints) are drawn by `hexmap-draw` and encoded in [`render`];
//! Tiled maps and tilesets go both ways in [`tiled`]; [`images`] and [`image_paths`] find
//! the pictures a map names; [`recovery`] keeps autosaved copies; [`biomes`] reads the
//! generator's biome tables. Knows nothing of the GUI.

mod atomic;
pub mod biomes;
pub mod error;
mod fast_cube;
pub mod format;
pub mod image_paths;
pub mod images;
mod model;
mod read;
pub mod recovery;
pub mod render;
pub mod resources;
pub mod tiled;
mod write;
pub mod zip_store;

pub use atomic::{is_special_output, write_atomic};
pub use error::{CellRef, FormatError, LoadError, SaveError};
pub use format::DPI_RANGE;
pub use read::from_str;
pub use resources::{FolderResources, NoResources, ReadFileError, Resources, read_file};
pub use write::to_string;

use hexmap_map::HexMap;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// The file format version this program writes; it reads versions 1 to this one
/// (version 2 added edge features, paths, icons and labels; version 3 icon ids, fog of war
/// and secrets, and elevation; version 4 named regions and their kinds, the map scale
/// and the tracing underlay; version 5 the hex key and custom property types and values).
pub const FORMAT_VERSION: u32 = 5;
/// Largest file accepted (bytes), checked before reading the file into memory.
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// How the cells are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// Rows of one-character terrain symbols in the map's offset kind.
    Offset,
    /// Explicit (q, r, s, terrain) cells.
    Cube,
}

impl Form {
    /// `offset` or `cube`.
    pub const fn name(self) -> &'static str {
        match self {
            Form::Offset => "offset",
            Form::Cube => "cube",
        }
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Form {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "offset" => Ok(Form::Offset),
            "cube" => Ok(Form::Cube),
            _ => Err(format!("unknown form '{s}' (expected offset or cube)")),
        }
    }
}

/// Parse map bytes (must be UTF-8).
pub fn from_bytes(bytes: &[u8]) -> Result<(HexMap, Form), FormatError> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(FormatError::FileTooLarge {
            bytes: bytes.len() as u64,
            limit: MAX_FILE_BYTES,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let before = &bytes[..e.valid_up_to()];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        FormatError::Syntax {
            line,
            column,
            message: "invalid UTF-8".into(),
        }
    })?;
    from_str(text)
}

/// Load a map file; returns the map and its form.
pub fn load(path: &Path) -> Result<(HexMap, Form), LoadError> {
    let bytes = read_file(path).map_err(|e| LoadError::reading(path, e))?;
    load_bytes(path, &bytes)
}

/// Parse `bytes`, the content of the map file at `path` (already read, by whatever holds
/// the files: the editor's storage); messages name `path`, as [`load`]'s do.
pub fn load_bytes(path: &Path, bytes: &[u8]) -> Result<(HexMap, Form), LoadError> {
    from_bytes(bytes).map_err(|source| {
        // A file that is not a hexmap map at all is named for what it is.
        let shown = path.display().to_string();
        match format::sniff(bytes).advice_for_map(&shown) {
            Some(advice) => LoadError::NotAMap {
                path: path.to_owned(),
                advice,
            },
            None => LoadError::Format {
                path: path.to_owned(),
                source,
            },
        }
    })
}

/// Save a map atomically in `form`: on failure the old file is untouched. Its relative
/// image paths already start at `path`'s folder (absolute ones are written relative to it).
pub fn save(path: &Path, map: &HexMap, form: Form) -> Result<(), SaveError> {
    save_from(None, path, map, form)
}

/// Save `map`, read from the file `from` (`None`: made here, or read from `path`'s
/// folder), to `path` ([`save`]), its image paths named from `path`'s folder
/// ([`image_paths::for_file`]): `convert`, `import` and every command that writes a map it
/// read elsewhere.
pub fn save_from(
    from: Option<&Path>,
    path: &Path,
    map: &HexMap,
    form: Form,
) -> Result<(), SaveError> {
    let (map, _) = image_paths::for_file(map, None, from, path)?;
    write_atomic(path, to_string(&map, form).as_bytes()).map_err(|source| SaveError::Io {
        path: path.to_owned(),
        source,
    })
}
