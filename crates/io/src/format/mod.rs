//! Every file format behind one trait, [`Format`], and one list of them, [`FORMATS`]: RON
//! (native), Tiled TMX and TMJ, CSV, JSON, PNG, SVG and PDF. The command line's `export --to` and
//! `import`, the editor's file dialogs and its export window all list [`FORMATS`], so a new
//! format is one file implementing [`Format`] plus one line in the list.
//!
//! A format reads from bytes and writes to bytes (plus side files such as a Tiled tileset
//! image), so it works without a file system (tests, the browser); [`read_path`] and
//! [`write_path`] are the thin wrappers for files on disk.

pub mod csv;
mod drawn;
mod export_only;
pub use export_only::ExportOnly;
pub(crate) mod json_custom;
mod json_family;
mod json_grid;
mod json_items;
mod json_key;
mod json_meta;
mod json_read;
mod json_regions;
mod json_value;
pub mod key;
mod kind;
pub mod layers;
mod left_out;
mod pdf;
mod picture;
pub use picture::DPI_RANGE;
mod player;
mod registry;
mod ron;
mod table;
pub mod tables;
mod tiled;

pub use csv::{CsvValues, to_csv, to_csv_of};
pub use json_meta::JSON_VERSION;
pub use kind::{FileKind, sniff};
pub use left_out::{Content, describe, held, left_out};
pub use player::{player_view_formats, write_map, write_map_in_steps};
pub use registry::{
    FORMATS, by_name, native, read_bytes, read_path, reader_for, readers, write_path, writers,
};
pub use table::{Points, to_compact_json, to_json};
pub use tiled::tileset_file_name;

use crate::render::PictureError;
use crate::tiled::{FromTiledError, TiledError, TilesetImageError};
use crate::{Form, FormatError, Resources};
use hexmap_draw::legend::LegendPlace;
use hexmap_draw::print::PageSetup;
use hexmap_hex::CoordSystem;
use hexmap_map::HexMap;
use hexmap_map::steps::Steps;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;

/// What a format is called, which files it goes with, what it can do: one constant per
/// format, for menus, dialog filters, `--to` and lookups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatInfo {
    /// Short lowercase name, unique in [`FORMATS`]: the value of `export --to` ("tmx").
    pub name: &'static str,
    /// One line for menus, dialog filters and help.
    pub description: &'static str,
    /// File name extensions, lowercase without the dot; the first is the one to suggest.
    pub extensions: &'static [&'static str],
    /// The [`WriteOptions`] fields that [`Format::write`] looks at.
    pub options: &'static [FormatOption],
    /// Whether [`Format::read`] reads this format.
    pub reads: bool,
    /// Whether [`Format::write`] writes this format.
    pub writes: bool,
    /// The kinds of content a written file cannot carry (`export --strict` refuses to
    /// leave out what a map holds; [`left_out`]).
    pub drops: &'static [Content],
}

/// A file format: its [`FormatInfo`], and how it reads and/or writes a map. Formats are
/// stateless values listed in [`FORMATS`]; implement [`Format::info`] and whichever of
/// [`Format::read`] and [`Format::write`] the info promises.
pub trait Format: Send + Sync {
    /// Name, description, extensions, options, and whether it reads and writes.
    fn info(&self) -> &FormatInfo;

    /// Whether a file's first bytes look like this format (used for files whose extension
    /// names no readable format).
    fn recognizes(&self, _head: &[u8]) -> bool {
        false
    }

    /// Read a map from the job's bytes (see [`ReadJob`]).
    fn read(&self, _job: ReadJob<'_>) -> Result<Imported, ReadError> {
        Err(ReadError::NotReadable {
            format: self.name(),
        })
    }

    /// Write the job's map as the main file plus side files named after it.
    fn write(&self, _job: WriteJob<'_>) -> Result<Written, WriteError> {
        Err(WriteError::NotWritable {
            format: self.name(),
        })
    }

    /// [`Format::write`] as work that may pause between pieces ([`hexmap_map::steps`]), so a
    /// browser, which has no threads, can spread a long export over frames. The formats
    /// that draw (PNG, SVG, PDF) pause between bands of the map; the others write in one
    /// piece.
    fn write_in_steps<'a, 'j: 'a>(
        &'a self,
        job: WriteJob<'j>,
    ) -> Steps<'a, Result<Written, WriteError>> {
        Box::pin(async move { self.write(job) })
    }

    /// The main file's name when the format writes a folder (the Markdown vault's
    /// `index.md`): the command line's OUT is then the folder, made when missing, and the
    /// side files go beside the main file in it. `None` (every other format): OUT is the
    /// main file.
    fn folder_main(&self) -> Option<&'static str> {
        None
    }

    /// [`FormatInfo::name`].
    fn name(&self) -> &'static str {
        self.info().name
    }

    /// [`FormatInfo::description`].
    fn description(&self) -> &'static str {
        self.info().description
    }

    /// [`FormatInfo::extensions`].
    fn extensions(&self) -> &'static [&'static str] {
        self.info().extensions
    }

    /// [`FormatInfo::options`].
    fn options(&self) -> &'static [FormatOption] {
        self.info().options
    }

    /// [`FormatInfo::reads`].
    fn can_read(&self) -> bool {
        self.info().reads
    }

    /// [`FormatInfo::writes`].
    fn can_write(&self) -> bool {
        self.info().writes
    }
}

/// Formats are the same when their names are (names are unique in [`FORMATS`]).
impl PartialEq for dyn Format {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for dyn Format {}

impl Hash for dyn Format {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for dyn Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Format({})", self.name())
    }
}

impl fmt::Display for dyn Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A choice that some formats take when writing (a field of [`WriteOptions`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FormatOption {
    /// [`WriteOptions::form`]: offset or cube form.
    Form,
    /// [`WriteOptions::labels`]: a label on every hex.
    Labels,
    /// [`WriteOptions::mines`]: draw mines.
    Mines,
    /// [`WriteOptions::grid`]: draw the hex grid.
    Grid,
    /// [`WriteOptions::hex_pixels`]: hex size in pixels.
    HexPixels,
    /// [`WriteOptions::legend`]: the map's legend, beside the map, on a page or over a
    /// corner.
    Legend,
    /// [`WriteOptions::scale_bar`]: the scale bar of a map with a scale.
    ScaleBar,
    /// [`WriteOptions::tile_size`]: Tiled's tile size in pixels.
    TileSize,
    /// [`WriteOptions::print`]`.hex_size`: hex size on paper, flat to flat.
    PrintHexSize,
    /// [`WriteOptions::dpi`]: print resolution of a picture (its hex size in pixels then
    /// follows from [`FormatOption::PrintHexSize`]).
    Dpi,
    /// [`WriteOptions::print`]'s paper, orientation, margin, overlap and poster, and
    /// [`WriteOptions::marks`]: pages of a print.
    Pages,
    /// [`WriteOptions::player_view`]: only what the players may see.
    PlayerView,
    /// [`WriteOptions::png_compression`]: a PNG's compression, time against size.
    PngCompression,
    /// [`WriteOptions::board_hex`]: a table's board hex size in pixels, flat to flat.
    BoardHex,
    /// [`WriteOptions::compact`]: JSON's compact form, layers as arrays.
    Compact,
    /// [`WriteOptions::csv`]: what a CSV grid holds (terrain, a layer, a property).
    CsvValues,
}

/// Choices for writing; each format looks only at the fields its [`Format::options`] name.
#[derive(Clone, Debug, PartialEq)]
pub struct WriteOptions {
    /// RON: rows in the map's offset kind, or explicit cube cells.
    pub form: Form,
    /// Pictures: a label on each hex in this system; `None` for no labels.
    pub labels: Option<CoordSystem>,
    /// Pictures: draw mines.
    pub mines: bool,
    /// Pictures: draw the hex grid.
    pub grid: bool,
    /// Pictures: hex circumradius in pixels (the map's own hex size is kept in shape; this
    /// scales it so its larger side is this many pixels). PNG shrinks it further when the
    /// picture would pass the size limit.
    pub hex_pixels: f64,
    /// Print: hex size on paper, paper, orientation, margin, overlap, poster.
    pub print: PageSetup,
    /// PDF: crop and registration marks in the margins.
    pub marks: bool,
    /// PNG: print resolution in dots per inch; when set, the hex size in pixels follows
    /// from `print.hex_size` (and the picture is never shrunk).
    pub dpi: Option<f64>,
    /// Pictures: the legend (used terrains, edge and path types, icons): beside the map
    /// (PNG, SVG: the picture grows), on a page of its own (PDF), or over a corner (PDF:
    /// of the first board page); `None` for none. [`LegendPlace::default_for`] is where
    /// a map's own legend setting puts it.
    pub legend: Option<LegendPlace>,
    /// Pictures: the scale bar under the map (PNG, SVG: the picture grows to hold it; PDF:
    /// in the bottom-left corner of the first board page, clear of the legend, at true
    /// length); drawn only when the map has a scale, so on by default.
    pub scale_bar: bool,
    /// Pictures and prints: draw the map's tracing underlay under it (off by default; its
    /// image must be in `images`, see `io::images::load_underlay`).
    pub underlay: bool,
    /// Pictures: the map's loaded images (tile art, user-image icons; see
    /// `io::images::load_images`); `None` draws colours and built-in signs only.
    pub images: Option<std::sync::Arc<hexmap_draw::ImageSet>>,
    /// SVG: link image files by their path (as [`write_path`] names them from the SVG's
    /// folder) instead of embedding them.
    pub link_images: bool,
    /// Tiled: tile size in pixels, corner to corner along the hex's long axis (tile height
    /// of pointy hexes, width of flat ones), whatever the map's world units; the other
    /// side follows from the hex's proportions (`tiled::TileGeometry::for_map`).
    pub tile_size: u32,
    /// JSON, pictures and prints: write only what the players may see
    /// (`hexmap_draw::player::player_map`: hidden cells fogged, nothing GM-only, no note
    /// text), framed as the full map so the two pictures line up. [`write_map`] applies it.
    pub player_view: bool,
    /// Pictures and prints: frame the picture as this map's (the full map of a player
    /// view) instead of the map drawn; `None` frames the map drawn. Set by [`write_map`].
    pub frame_of: Option<std::sync::Arc<HexMap>>,
    /// PNG: how hard the pixels are compressed (time against file size).
    pub png_compression: crate::render::PngCompression,
    /// Table exports (VASSAL): the board's hex size in pixels flat to flat, even, from
    /// [`tables::board::BOARD_HEX_RANGE`].
    pub board_hex: u32,
    /// JSON: the compact form on one line, the cells as layers over the offset box
    /// (`grid`) instead of an object per cell (docs/JSON.md "The compact form").
    pub compact: bool,
    /// CSV: what the grid holds: terrain ids, a numeric layer or a custom property.
    pub csv: CsvValues,
    /// Pictures: tint each hex by its value of this custom property
    /// (`hexmap_draw::property_tint`); `None` for no tint. A player view tints only by a
    /// property the players may see (the player filter drops GM-only ones first).
    pub tint: Option<String>,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            form: Form::Offset,
            labels: None,
            mines: true,
            grid: true,
            hex_pixels: 24.0,
            print: PageSetup::default(),
            marks: hexmap_draw::print::MARKS_BY_DEFAULT,
            dpi: None,
            legend: None,
            scale_bar: true,
            underlay: false,
            images: None,
            link_images: false,
            tile_size: crate::tiled::DEFAULT_TILE_SIZE,
            player_view: false,
            frame_of: None,
            png_compression: crate::render::PngCompression::default(),
            board_hex: tables::board::DEFAULT_BOARD_HEX,
            compact: false,
            csv: CsvValues::Terrain,
            tint: None,
        }
    }
}

/// One read's inputs: the file's bytes, its name (used in messages) and `side`, which
/// supplies the files it refers to by the paths written in it. The counterpart of
/// [`WriteJob`], so every [`Format::read`] takes the same.
#[derive(Clone, Copy)]
pub struct ReadJob<'a> {
    /// The whole file.
    pub bytes: &'a [u8],
    /// The file's name, for messages.
    pub file_name: &'a str,
    /// The files the map refers to (images, tilesets), by the paths written in it.
    pub side: &'a dyn Resources,
}

impl<'a> ReadJob<'a> {
    /// A job reading `bytes` of the file `file_name`, its side files from `side`.
    pub fn new(bytes: &'a [u8], file_name: &'a str, side: &'a dyn Resources) -> Self {
        ReadJob {
            bytes,
            file_name,
            side,
        }
    }
}

/// One write's inputs: the map, the choices, the main file's name (side files are named
/// after it) and where progress goes. One value, so every [`Format::write`] takes the same.
pub struct WriteJob<'a> {
    /// The map to write.
    pub map: &'a HexMap,
    /// The choices; a format looks only at the fields its [`Format::options`] name.
    pub opts: &'a WriteOptions,
    /// The main file's name (no folder), used to name side files.
    pub file_name: &'a str,
    /// Receives the share done, 0.0 to 1.0.
    pub progress: &'a mut dyn FnMut(f32),
}

impl<'a> WriteJob<'a> {
    /// A job writing `map` with `opts` as `file_name`, reporting to `progress`.
    pub fn new(
        map: &'a HexMap,
        opts: &'a WriteOptions,
        file_name: &'a str,
        progress: &'a mut dyn FnMut(f32),
    ) -> Self {
        WriteJob {
            map,
            opts,
            file_name,
            progress,
        }
    }
}

/// What writing produces: the main file and side files (by file name, written in the same
/// folder).
#[derive(Clone, Debug, PartialEq)]
pub struct Written {
    /// The main file's bytes.
    pub main: Vec<u8>,
    /// Side files: (file name, bytes).
    pub side: Vec<(String, Vec<u8>)>,
}

impl Written {
    /// A main file without side files.
    pub fn main(bytes: impl Into<Vec<u8>>) -> Self {
        Written {
            main: bytes.into(),
            side: Vec::new(),
        }
    }

    /// The main file (named `name`) and its side files as one zip archive, named `name`
    /// with `.zip` added: what a browser downloads for an export made of several files
    /// (a Foundry scene with its background and journals, a Godot scene with its TileSet
    /// and atlas), which it would otherwise hand over as one download each.
    pub fn as_one_archive(&self, name: &str) -> (String, Vec<u8>) {
        let mut entries: Vec<(&str, &[u8])> = vec![(name, &self.main)];
        entries.extend(self.side.iter().map(|(n, b)| (n.as_str(), b.as_slice())));
        (
            format!("{name}.zip"),
            crate::zip_store::stored_zip(&entries),
        )
    }

    /// The files of a format that writes a folder (the key's Markdown vault) as one zip
    /// named `folder.zip` holding the folder: the main file as `folder/main` (the name
    /// the format gives it, e.g. `index.md`) and each side file under `folder/`, so that
    /// unzipping gives the folder the command line writes.
    pub fn as_folder_archive(&self, folder: &str, main: &str) -> (String, Vec<u8>) {
        let mut files = vec![(format!("{folder}/{main}"), self.main.as_slice())];
        files.extend((self.side.iter()).map(|(n, b)| (format!("{folder}/{n}"), b.as_slice())));
        let entries: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (n.as_str(), *b)).collect();
        (
            format!("{folder}.zip"),
            crate::zip_store::stored_zip(&entries),
        )
    }
}

/// A map read from a file.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The map.
    pub map: HexMap,
    /// The RON form it was written in (native files only).
    pub form: Option<Form>,
    /// What could not be kept (layers, tiles or notes left out).
    pub warnings: Vec<String>,
}

/// Why a file could not be read as a map.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The OS refused.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is over [`crate::MAX_FILE_BYTES`]; nothing was read.
    #[error("{} is {bytes} bytes, over the {limit} byte limit", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// Neither the extension nor the content names a readable format.
    #[error("{file}: not a format hexmap reads (expected {expected})")]
    UnknownFormat {
        /// File name.
        file: String,
        /// The readable extensions.
        expected: String,
    },
    /// A text format's file is not UTF-8.
    #[error("{file}: not UTF-8 text")]
    NotText {
        /// File name.
        file: String,
    },
    /// A native map file is invalid.
    #[error("{file}: {source}")]
    Map {
        /// File name.
        file: String,
        /// What and where.
        source: FormatError,
    },
    /// A Tiled file is invalid or not hexagonal.
    #[error(transparent)]
    Tiled(#[from] TiledError),
    /// A Tiled map cannot become a hexmap map.
    #[error("{file}: {source}")]
    FromTiled {
        /// File name.
        file: String,
        /// Why.
        source: FromTiledError,
    },
    /// hexmap's JSON export is invalid: the message names the JSON path of the fault.
    #[error("{file}: {message}")]
    Json {
        /// File name.
        file: String,
        /// The place (`cells[12].terrain`) and what is wrong there.
        message: String,
    },
    /// The file is of a kind no reader takes (a picture, a PDF).
    #[error("{file}: {advice}")]
    NotImportable {
        /// The file.
        file: String,
        /// What it is and what to do.
        advice: String,
    },
    /// The format is write-only.
    #[error("{format} files cannot be read")]
    NotReadable {
        /// The format's name.
        format: &'static str,
    },
}

/// Why writing failed (files already there are left as they were).
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The picture could not be made.
    #[error(transparent)]
    Image(#[from] PictureError),
    /// The tileset image could not be made.
    #[error(transparent)]
    Tileset(#[from] TilesetImageError),
    /// Writing a file failed.
    #[error("cannot write {path}: {source}")]
    Write {
        /// Which file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The target path has no usable file name.
    #[error("{0} has no file name")]
    NoFileName(PathBuf),
    /// The format is read-only.
    #[error("{format} files cannot be written")]
    NotWritable {
        /// The format's name.
        format: &'static str,
    },
    /// A write option is out of its range (the message says which and what it takes).
    #[error("{0}")]
    Option(String),
    /// The map's image paths cannot be named from the written file's folder.
    #[error(transparent)]
    ImagePaths(#[from] crate::image_paths::ImagePathError),
}

#[cfg(test)]
mod steps_tests;

#[cfg(test)]
mod archive_tests {
    use super::Written;

    #[test]
    fn an_export_of_several_files_is_one_zip_with_each_under_its_name() {
        let w = Written {
            main: b"scene".to_vec(),
            side: vec![("m-background.png".into(), b"png".to_vec())],
        };
        let (name, zip) = w.as_one_archive("m.json");
        assert_eq!(name, "m.json.zip");
        let entries = crate::zip_store::read_stored_zip(&zip).unwrap();
        assert_eq!(
            entries,
            [
                ("m.json".to_string(), b"scene".to_vec()),
                ("m-background.png".to_string(), b"png".to_vec())
            ]
        );
    }

    #[test]
    fn a_folder_export_is_one_zip_holding_the_folder() {
        let w = Written {
            main: b"# Key".to_vec(),
            side: vec![("0101.md".into(), b"entry".to_vec())],
        };
        let (name, zip) = w.as_folder_archive("Kestrel", "index.md");
        assert_eq!(name, "Kestrel.zip");
        let entries = crate::zip_store::read_stored_zip(&zip).unwrap();
        assert_eq!(
            entries,
            [
                ("Kestrel/index.md".to_string(), b"# Key".to_vec()),
                ("Kestrel/0101.md".to_string(), b"entry".to_vec())
            ]
        );
    }
}
