//! Biome table files (docs/GENERATE.md): the rows of a [`BiomeTable`] as a small RON file
//! a person edits, read by `hexmap generate --biomes FILE` and the editor's Generate
//! window, written by `hexmap generate --print-biomes` and the window's "Save…".
//!
//! ```ron
//! (
//!     version: 1,
//!     rows: [
//!         (terrain: "Sea", below_elevation: 0),
//!         (terrain: "Desert", min_elevation: 0, below_moisture: 0.4),
//!         (terrain: "Grassland"),
//!     ],
//! )
//! ```
//!
//! RON, not CSV: it is the format hexmap's maps are written in (one parser, the same
//! `line:column` messages), it allows comments, and its named fields let a row leave out
//! the bounds it does not need (no bound, no limit) and name a misspelt field. Rows are
//! tried in order, so their order is their priority. Bytes and strings in, bytes and
//! strings out (the browser build reads through the editor's storage); [`load_biomes`]
//! and [`save_biomes`] are the thin path layer. What a table must be is checked by
//! [`BiomeTable::validate`] in `map`, the one home of that rule.

use crate::{FormatError, read_file, write_atomic};
use hexmap_generate::{ANY_MOISTURE, BiomeRule, BiomeTable, MAX_ROWS};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// The biome file version this program reads and writes.
pub const BIOMES_VERSION: u32 = 1;

/// Largest biome file read (bytes); a table has at most [`MAX_ROWS`] rows.
pub const MAX_BIOME_FILE_BYTES: usize = 1024 * 1024;

/// Why biome table text could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BiomesError {
    /// Not RON of the expected shape (a row's problems name the row), with where.
    #[error(transparent)]
    Syntax(FormatError),
    /// Another version of the format.
    #[error(
        "version {0} is not a biome table version this program reads (it reads version \
         {BIOMES_VERSION})"
    )]
    Version(u32),
    /// The rows do not make a usable table (the message names the row and field).
    #[error(transparent)]
    Table(#[from] hexmap_generate::BiomeError),
}

/// Why a biome file could not be read or used: the file named, then what and where.
#[derive(Debug, thiserror::Error)]
pub enum BiomesLoadError {
    /// Reading the file failed.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the OS (or the size limit) said.
        source: crate::ReadFileError,
    },
    /// The content is wrong.
    #[error("{}: {source}", path.display())]
    Content {
        /// The file.
        path: PathBuf,
        /// What and where (boxed: it is large and errors are rare).
        source: Box<BiomesError>,
    },
}

/// The file as RON: the version and the rows.
#[derive(Deserialize)]
#[serde(rename = "BiomeTable", deny_unknown_fields)]
struct FileTable {
    version: u32,
    rows: Rows,
}

/// Only the version, read leniently: a newer file is refused for its version rather than
/// for a field this program does not know.
#[derive(Deserialize)]
#[serde(rename = "BiomeTable")]
struct FileVersion {
    version: u32,
}

/// One row; a bound left out has no limit.
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct FileRow {
    terrain: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    min_elevation: Option<i16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    below_elevation: Option<i16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    min_moisture: Option<f32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    below_moisture: Option<f32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    min_temperature: Option<i16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    below_temperature: Option<i16>,
}

/// The rows, read one at a time so a problem inside one names it ("row 3: …") and a
/// table over the limit stops at the first row past it.
struct Rows(Vec<FileRow>);

impl<'de> Deserialize<'de> for Rows {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct RowsVisitor;
        impl<'de> Visitor<'de> for RowsVisitor {
            type Value = Rows;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of rows")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Rows, A::Error> {
                let mut rows = Vec::new();
                loop {
                    let row = rows.len() + 1;
                    match seq.next_element::<FileRow>() {
                        Ok(Some(_)) if row > MAX_ROWS => {
                            return Err(de::Error::custom(format!(
                                "row {row}: a biome table has at most {MAX_ROWS} rows"
                            )));
                        }
                        Ok(Some(r)) => rows.push(r),
                        Ok(None) => return Ok(Rows(rows)),
                        Err(e) => {
                            let words = e.to_string().replace("`FileRow`", "a row");
                            return Err(de::Error::custom(format!("row {row}: {words}")));
                        }
                    }
                }
            }
        }
        d.deserialize_seq(RowsVisitor)
    }
}

fn options() -> ron::Options {
    // `min_elevation: 300` for `Some(300)`: the file reads as a person writes it.
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

fn syntax(e: ron::error::SpannedError) -> BiomesError {
    BiomesError::Syntax(FormatError::Syntax {
        line: e.span.start.line,
        column: e.span.start.col,
        message: e
            .code
            .to_string()
            .replace("`BiomeTable`", "the biome table"),
    })
}

impl From<FileRow> for BiomeRule {
    fn from(r: FileRow) -> Self {
        BiomeRule {
            min_elevation: r.min_elevation.unwrap_or(i16::MIN),
            below_elevation: r.below_elevation.unwrap_or(i16::MAX),
            min_moisture: r.min_moisture.unwrap_or(0.0),
            below_moisture: r.below_moisture.unwrap_or(ANY_MOISTURE),
            min_temperature: r.min_temperature.unwrap_or(i16::MIN),
            below_temperature: r.below_temperature.unwrap_or(i16::MAX),
            terrain: r.terrain,
        }
    }
}

impl From<&BiomeRule> for FileRow {
    fn from(r: &BiomeRule) -> Self {
        FileRow {
            terrain: r.terrain.clone(),
            min_elevation: (r.min_elevation != i16::MIN).then_some(r.min_elevation),
            below_elevation: (r.below_elevation != i16::MAX).then_some(r.below_elevation),
            min_moisture: (r.min_moisture > 0.0).then_some(r.min_moisture),
            below_moisture: (r.below_moisture <= 1.0).then_some(r.below_moisture),
            min_temperature: (r.min_temperature != i16::MIN).then_some(r.min_temperature),
            below_temperature: (r.below_temperature != i16::MAX).then_some(r.below_temperature),
        }
    }
}

/// Read a biome table from RON text and check it ([`BiomeTable::validate`]).
pub fn biomes_from_str(text: &str) -> Result<BiomeTable, BiomesError> {
    let table = match options().from_str::<FileTable>(text) {
        Ok(t) => t,
        Err(e) => {
            return Err(match options().from_str::<FileVersion>(text) {
                Ok(v) if v.version != BIOMES_VERSION => BiomesError::Version(v.version),
                _ => syntax(e),
            });
        }
    };
    if table.version != BIOMES_VERSION {
        return Err(BiomesError::Version(table.version));
    }
    let table = BiomeTable {
        rules: table.rows.0.into_iter().map(BiomeRule::from).collect(),
    };
    table.validate()?;
    Ok(table)
}

/// [`biomes_from_str`] of bytes (UTF-8, at most [`MAX_BIOME_FILE_BYTES`]).
pub fn biomes_from_bytes(bytes: &[u8]) -> Result<BiomeTable, BiomesError> {
    if bytes.len() > MAX_BIOME_FILE_BYTES {
        return Err(BiomesError::Syntax(FormatError::FileTooLarge {
            bytes: bytes.len() as u64,
            limit: MAX_BIOME_FILE_BYTES as u64,
        }));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let before = &bytes[..e.valid_up_to()];
        BiomesError::Syntax(FormatError::Syntax {
            line: before.iter().filter(|&&b| b == b'\n').count() + 1,
            column: 1,
            message: "invalid UTF-8 (a biome table is text)".into(),
        })
    })?;
    biomes_from_str(text)
}

/// [`biomes_from_bytes`] of the content of the file at `path` (already read, by whatever
/// holds the files: the editor's storage); the error names `path`.
pub fn biomes_from_file_bytes(path: &Path, bytes: &[u8]) -> Result<BiomeTable, BiomesLoadError> {
    biomes_from_bytes(bytes).map_err(|source| BiomesLoadError::Content {
        path: path.to_owned(),
        source: Box::new(source),
    })
}

/// Read and check the biome file at `path`.
pub fn load_biomes(path: &Path) -> Result<BiomeTable, BiomesLoadError> {
    let bytes = read_file(path).map_err(|source| BiomesLoadError::Read {
        path: path.to_owned(),
        source,
    })?;
    biomes_from_file_bytes(path, &bytes)
}

/// The table as a biome file: a comment saying how it is read, then one row per line, a
/// bound with no limit left out. [`biomes_from_str`] reads it back equal (bounds with no
/// limit come back as `i16::MIN`, `i16::MAX`, 0 and [`ANY_MOISTURE`]).
pub fn biomes_to_string(table: &BiomeTable) -> String {
    let mut out = String::from(
        "// A hexmap biome table (docs/GENERATE.md), for `hexmap generate --biomes FILE` or\n\
         // Map -> Generate... -> Biomes -> Load. Rows are tried in order: a cell gets the\n\
         // terrain of the first row whose ranges hold its elevation (metres, sea level 0)\n\
         // its moisture (0 dry to 1 wet; water cells are 1) and its mean yearly\n\
         // temperature (whole degrees Celsius). min_* is included, below_* is not; a\n\
         // bound left out has no limit. Every elevation, moisture and temperature\n\
         // must be taken by some row. Terrains are matched by name in the palette (missing\n\
         // ones are added); Ocean, Sea, Shallows and Lake are water.\n",
    );
    out.push_str(&format!("(\n    version: {BIOMES_VERSION},\n    rows: [\n"));
    for rule in &table.rules {
        let row = FileRow::from(rule);
        let mut fields = vec![format!(
            "terrain: {}",
            ron::to_string(&row.terrain).expect("a string is RON")
        )];
        let ints = [
            ("min_elevation", row.min_elevation),
            ("below_elevation", row.below_elevation),
        ];
        fields.extend(
            ints.iter()
                .filter_map(|(k, v)| v.map(|v| format!("{k}: {v}"))),
        );
        let floats = [
            ("min_moisture", row.min_moisture),
            ("below_moisture", row.below_moisture),
        ];
        // `{:?}` writes the shortest text that reads back as the same f32 ("0.22", "1.0").
        fields.extend(
            floats
                .iter()
                .filter_map(|(k, v)| v.map(|v| format!("{k}: {v:?}"))),
        );
        let temperatures = [
            ("min_temperature", row.min_temperature),
            ("below_temperature", row.below_temperature),
        ];
        fields.extend(
            temperatures
                .iter()
                .filter_map(|(k, v)| v.map(|v| format!("{k}: {v}"))),
        );
        out.push_str(&format!("        ({}),\n", fields.join(", ")));
    }
    out.push_str("    ],\n)\n");
    out
}

/// Write the table to `path` atomically (`-` is standard output).
pub fn save_biomes(path: &Path, table: &BiomeTable) -> Result<(), crate::SaveError> {
    write_atomic(path, biomes_to_string(table).as_bytes()).map_err(|source| crate::SaveError::Io {
        path: path.to_owned(),
        source,
    })
}

#[cfg(test)]
mod tests;
