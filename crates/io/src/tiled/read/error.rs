//! Why a Tiled file could not be read: every variant names the file and the part of it.

/// Why a Tiled file could not be imported.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TiledError {
    /// Not well-formed XML.
    #[error("{file}: XML error at line {line}, column {column}: {message}")]
    Xml {
        /// File name.
        file: String,
        /// 1-based line.
        line: u32,
        /// 1-based column.
        column: u32,
        /// What the parser said.
        message: String,
    },
    /// Not valid JSON.
    #[error("{file}: JSON error at line {line}, column {column}: {message}")]
    Json {
        /// File name.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser said.
        message: String,
    },
    /// Not a hexagonal map.
    #[error(
        "{file}: a Tiled map with {orientation} orientation; hexmap imports only hexagonal \
         Tiled maps (in Tiled: Map → Map Properties → Orientation: Hexagonal)"
    )]
    NotHexagonal {
        /// File name.
        file: String,
        /// The orientation found.
        orientation: String,
    },
    /// An infinite (chunked) map.
    #[error(
        "{file}: infinite maps are not supported; resize the map to a fixed size in Tiled first"
    )]
    Infinite {
        /// File name.
        file: String,
    },
    /// A required attribute or field is missing.
    #[error("{file}: {element} has no '{field}'")]
    Missing {
        /// File name.
        file: String,
        /// Where.
        element: String,
        /// The missing attribute or key.
        field: String,
    },
    /// An attribute or field has a bad value.
    #[error("{file}: {element} '{field}' = '{value}' is not valid: {why}")]
    BadValue {
        /// File name.
        file: String,
        /// Where.
        element: String,
        /// The attribute or key.
        field: String,
        /// The value found.
        value: String,
        /// What is wrong.
        why: String,
    },
    /// Too many cells.
    #[error(
        "{file}: map of {width}×{height} cells is larger than the import limit of {limit} cells"
    )]
    TooLarge {
        /// File name.
        file: String,
        /// Columns.
        width: u64,
        /// Rows.
        height: u64,
        /// The limit.
        limit: u64,
    },
    /// Tile data has the wrong number of cells.
    #[error("{file}: layer '{layer}' has {found} tiles; expected {expected} (width × height)")]
    DataLength {
        /// File name.
        file: String,
        /// Layer name.
        layer: String,
        /// Tiles found.
        found: usize,
        /// Tiles expected.
        expected: usize,
    },
    /// Tile data could not be decoded.
    #[error("{file}: layer '{layer}' data cannot be decoded: {why}")]
    Data {
        /// File name.
        file: String,
        /// Layer name.
        layer: String,
        /// What went wrong.
        why: String,
    },
    /// A tile uses a gid that no tileset has.
    #[error("{file}: layer '{layer}' cell {index} uses tile {gid}, which no tileset has")]
    UnknownGid {
        /// File name.
        file: String,
        /// Layer name.
        layer: String,
        /// Row-major cell index.
        index: usize,
        /// The gid (flags removed).
        gid: u32,
    },
    /// An external tileset or image could not be read.
    #[error("{file}: cannot read {what} '{path}': {why}")]
    Resource {
        /// File name.
        file: String,
        /// "tileset" or "image".
        what: &'static str,
        /// The path as written in the file.
        path: String,
        /// Why.
        why: String,
    },
}
