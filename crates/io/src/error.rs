//! Errors of reading and writing map files. Each names where the problem is: line:column
//! for syntax, or the field and cell for content.

use hexmap_hex::Hex;
use hexmap_map::ShapeError;
use std::fmt;
use std::path::PathBuf;

/// A cell as a file names it: by offset (col, row) in the offset form, by cube (q, r, s)
/// in the cube form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellRef {
    /// Offset column and row (the row's index in `rows` is `row − origin.row`).
    Offset {
        /// Column.
        col: i32,
        /// Row.
        row: i32,
    },
    /// Cube coordinates.
    Cube(Hex),
}

impl fmt::Display for CellRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CellRef::Offset { col, row } => write!(f, "cell (col {col}, row {row})"),
            CellRef::Cube(h) => write!(f, "cell {h}"),
        }
    }
}

/// Why a map text could not be read (or, for `Unwritable`, written).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FormatError {
    /// The text is not valid RON or does not have the expected structure.
    #[error("line {line}:{column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser expected.
        message: String,
    },
    /// The input is larger than [`super::MAX_FILE_BYTES`].
    #[error("file is {bytes} bytes, over the limit of {limit}")]
    FileTooLarge {
        /// Size of the input.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// `format` is not "hexmap".
    #[error("field format: expected \"hexmap\", found {0:?}")]
    NotAHexmap(String),
    /// The format version is unknown (newer or older than this program reads).
    #[error(
        "field version: format version {found} is not supported (this program reads versions 1 to {supported})"
    )]
    Version {
        /// Version in the file.
        found: u64,
        /// Version this program reads.
        supported: u32,
    },
    /// A child map of the family is bad (its syntax errors give the line in the file).
    #[error("child map {index} ({name}): {source}")]
    InChild {
        /// 1-based position in the parent's `children`.
        index: usize,
        /// The child's name, or `?` when it could not be read.
        name: String,
        /// What is wrong in it.
        source: Box<FormatError>,
    },
    /// A whole-map field has a bad value.
    #[error("field {field}: {message}")]
    Field {
        /// Field path, e.g. `orientation` or `labels.digits`.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// The shape is invalid or over a size limit (checked before any layer is allocated).
    #[error("field shape: {0}")]
    Shape(ShapeError),
    /// A palette entry is invalid (colour, symbol, duplicate id …).
    #[error("palette entry {index} (id {id}): {message}")]
    Palette {
        /// 0-based position in `palette`.
        index: usize,
        /// The entry's id.
        id: u16,
        /// What is wrong.
        message: String,
    },
    /// The number of rows in `rows`/`mines` does not match the shape.
    #[error("field {field}: {found} rows, expected {expected}")]
    RowCount {
        /// `cells.rows` or `cells.mines`.
        field: &'static str,
        /// Rows found.
        found: usize,
        /// Rows expected.
        expected: usize,
    },
    /// A row has the wrong number of cells.
    #[error("field {field}, row {row}: {found} cells, expected {expected}")]
    RowLength {
        /// `cells.rows` or `cells.mines`.
        field: &'static str,
        /// Offset row number.
        row: i32,
        /// Characters found.
        found: usize,
        /// Characters expected.
        expected: usize,
    },
    /// A row character is not a palette symbol, `_` or `.`.
    #[error("field cells.rows, {cell}: unknown terrain symbol {symbol:?}")]
    UnknownSymbol {
        /// Where.
        cell: CellRef,
        /// The character.
        symbol: char,
    },
    /// A mine-row character is not `*` or `.`.
    #[error("field cells.mines, {cell}: unexpected {symbol:?} (use '*' for a mine, '.' for none)")]
    BadMineSymbol {
        /// Where.
        cell: CellRef,
        /// The character.
        symbol: char,
    },
    /// A terrain id is not in the palette.
    #[error("field {field}, {cell}: unknown terrain id {id}")]
    UnknownTerrainId {
        /// Field.
        field: &'static str,
        /// Where.
        cell: CellRef,
        /// The id.
        id: u16,
    },
    /// q + r + s ≠ 0.
    #[error("field {field}, entry {index}: q + r + s must be 0, got ({q}, {r}, {s})")]
    BadCube {
        /// Field.
        field: &'static str,
        /// 0-based entry.
        index: usize,
        /// q.
        q: i32,
        /// r.
        r: i32,
        /// s.
        s: i32,
    },
    /// The same cell is given twice.
    #[error("field {field}, {cell}: duplicate cell")]
    DuplicateCell {
        /// Field.
        field: &'static str,
        /// Where.
        cell: CellRef,
    },
    /// A cell lies outside the map's shape.
    #[error("field {field}, {cell}: outside the map's shape")]
    OutsideShape {
        /// Field.
        field: &'static str,
        /// Where.
        cell: CellRef,
    },
    /// A cell of the shape is missing (a hole where the shape has a cell, or not listed).
    #[error("field {field}, {cell}: missing, but the {shape} shape has this cell")]
    MissingCell {
        /// Field.
        field: &'static str,
        /// Where.
        cell: CellRef,
        /// The shape's kind name.
        shape: &'static str,
    },
    /// A note is invalid (too long).
    #[error("field cells.notes, {cell}: {message}")]
    Note {
        /// Where.
        cell: CellRef,
        /// What is wrong.
        message: String,
    },
    /// An edge or path palette entry is invalid (colour, style, width, cost, duplicate id …).
    #[error("field {field}, entry {index} (id {id}): {message}")]
    FeatureType {
        /// `edge_types` or `path_types`.
        field: &'static str,
        /// 0-based position in the list.
        index: usize,
        /// The entry's id.
        id: u16,
        /// What is wrong.
        message: String,
    },
    /// An edge feature is invalid (unknown direction or type, off the map, duplicate).
    #[error("field cells.edges, entry {index}, {cell}: {message}")]
    Edge {
        /// 0-based position in `edges`.
        index: usize,
        /// The hex the entry names.
        cell: CellRef,
        /// What is wrong.
        message: String,
    },
    /// A path is invalid (gap, off the map, unknown type, duplicate id …).
    #[error("field cells.paths, entry {index} (id {id}): {message}")]
    Path {
        /// 0-based position in `paths`.
        index: usize,
        /// The path's id.
        id: u32,
        /// What is wrong, naming the hex.
        message: String,
    },
}

/// Why a map file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Reading the file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
    /// The content is invalid.
    #[error("{}: {source}", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// What and where.
        source: FormatError,
    },
    /// The file is another kind of file (a Tiled map, hexmap's JSON export, a picture).
    #[error("{}: {advice}", path.display())]
    NotAMap {
        /// The file.
        path: PathBuf,
        /// What it is and what to do (`format::FileKind::advice_for_map`).
        advice: String,
    },
}

impl LoadError {
    /// The error for a map file at `path` that could not be read (refused, or too large).
    pub fn reading(path: &std::path::Path, e: crate::ReadFileError) -> Self {
        match e {
            crate::ReadFileError::Io(source) => LoadError::Io {
                path: path.to_owned(),
                source,
            },
            crate::ReadFileError::TooLarge { bytes, limit } => LoadError::Format {
                path: path.to_owned(),
                source: FormatError::FileTooLarge { bytes, limit },
            },
        }
    }
}

/// Why a map file could not be saved (the old file, if any, is untouched).
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Writing, syncing or renaming failed.
    #[error("{}: cannot save: {source}", path.display())]
    Io {
        /// The target file.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
    /// The map's image paths cannot be named from the file's folder.
    #[error(transparent)]
    ImagePaths(#[from] crate::image_paths::ImagePathError),
}
