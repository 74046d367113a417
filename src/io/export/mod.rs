//! Exports for other tools, behind one interface that the GUI and the CLI share: pick an
//! [`ExportFormat`], get the bytes of the main file plus any side files (the Tiled tileset
//! image), or write them all atomically next to each other.

mod picture;
mod table;
mod tiled_map;

pub use picture::image_cells;
pub use table::{to_csv, to_json};
pub use tiled_map::{from_tiled, to_tiled};

use crate::hex::CoordSystem;
use crate::io::image::{ImageError, ImageOptions, fit_png, render_png, render_svg};
use crate::io::tiled::{TilesetImageError, tileset_png, to_tmj, to_tmx};
use crate::map::HexMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Every format hexmap writes for other tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExportFormat {
    /// Tiled map, XML.
    Tmx,
    /// Tiled map, JSON.
    Tmj,
    /// The offset grid of terrain ids (−1 hole, 0 empty).
    Csv,
    /// Cells with cube coordinates, terrain, mine, count and note.
    Json,
    /// A picture.
    Png,
    /// A vector picture.
    Svg,
}

impl ExportFormat {
    /// All formats, in menu order.
    pub const ALL: [ExportFormat; 6] = [
        ExportFormat::Tmx,
        ExportFormat::Tmj,
        ExportFormat::Csv,
        ExportFormat::Json,
        ExportFormat::Png,
        ExportFormat::Svg,
    ];

    /// The lowercase name, also the file extension.
    pub const fn name(self) -> &'static str {
        match self {
            ExportFormat::Tmx => "tmx",
            ExportFormat::Tmj => "tmj",
            ExportFormat::Csv => "csv",
            ExportFormat::Json => "json",
            ExportFormat::Png => "png",
            ExportFormat::Svg => "svg",
        }
    }

    /// A one-line description for menus and help.
    pub const fn description(self) -> &'static str {
        match self {
            ExportFormat::Tmx => "Tiled map (TMX) with a generated tileset",
            ExportFormat::Tmj => "Tiled map (JSON) with a generated tileset",
            ExportFormat::Csv => "offset grid of terrain ids (CSV)",
            ExportFormat::Json => "cells with coordinates, terrain, mines and notes (JSON)",
            ExportFormat::Png => "picture (PNG)",
            ExportFormat::Svg => "vector picture (SVG)",
        }
    }

    /// The format a file name's extension names, if any.
    pub fn from_path(path: &Path) -> Option<ExportFormat> {
        let ext = path.extension()?.to_str()?;
        ExportFormat::from_str(ext).ok()
    }
}

impl fmt::Display for ExportFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ExportFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.to_ascii_lowercase();
        let s = if s == "tsj" || s == "tmj.json" {
            "tmj".to_string()
        } else {
            s
        };
        ExportFormat::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| {
                format!("unknown export format '{s}' (expected tmx, tmj, csv, json, png or svg)")
            })
    }
}

/// Choices that apply to some formats.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportOptions {
    /// Labels on each hex in pictures (PNG/SVG), in this system; `None` for no labels.
    pub labels: Option<CoordSystem>,
    /// Draw mines in pictures.
    pub mines: bool,
    /// Draw the hex grid in pictures.
    pub grid: bool,
    /// Hex circumradius in pixels for pictures (the map's own hex size is kept in shape;
    /// this scales it so its larger side is this many pixels). PNG shrinks it further when
    /// the picture would pass the size limit.
    pub hex_pixels: f64,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions {
            labels: None,
            mines: true,
            grid: true,
            hex_pixels: 24.0,
        }
    }
}

/// What an export produces: the main file and side files (by file name, written in the
/// same folder).
#[derive(Clone, Debug, PartialEq)]
pub struct ExportOutput {
    /// The main file's bytes.
    pub main: Vec<u8>,
    /// Side files: (file name, bytes).
    pub side: Vec<(String, Vec<u8>)>,
}

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The picture could not be made.
    #[error(transparent)]
    Image(#[from] ImageError),
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
}

/// The tileset image's file name for a map file named `main` ("x.tmx" → "x-tiles.png").
pub fn tileset_file_name(main: &str) -> String {
    let stem = main.rsplit_once('.').map_or(main, |(s, _)| s);
    format!("{stem}-tiles.png")
}

fn picture_options(map: &HexMap, opts: &ExportOptions) -> ImageOptions {
    let props = map.properties();
    let (sx, sy) = (props.hex_size.x, props.hex_size.y);
    let scale = opts.hex_pixels.max(1.0) / sx.max(sy);
    ImageOptions {
        orientation: props.orientation,
        hex_size: (sx * scale, sy * scale),
        grid: opts.grid,
        labels: opts.labels.is_some(),
        mines: opts.mines,
        ..ImageOptions::default()
    }
}

/// Export `map` as `format`. `file_name` is the main file's name (side files are named
/// after it). `progress` receives the share done, 0.0 to 1.0.
pub fn export(
    map: &HexMap,
    format: ExportFormat,
    opts: &ExportOptions,
    file_name: &str,
    progress: &mut dyn FnMut(f32),
) -> Result<ExportOutput, ExportError> {
    let out = match format {
        ExportFormat::Tmx | ExportFormat::Tmj => {
            let tiled = to_tiled(map, &tileset_file_name(file_name));
            progress(0.5);
            let png = tileset_png(&tiled.geometry, &tiled.tileset)?;
            let text = if format == ExportFormat::Tmx {
                to_tmx(&tiled)
            } else {
                to_tmj(&tiled)
            };
            ExportOutput {
                main: text.into_bytes(),
                side: vec![(tiled.tileset.image.clone(), png)],
            }
        }
        ExportFormat::Csv => ExportOutput {
            main: to_csv(map).into_bytes(),
            side: vec![],
        },
        ExportFormat::Json => ExportOutput {
            main: to_json(map).into_bytes(),
            side: vec![],
        },
        ExportFormat::Png => {
            let cells = image_cells(map, opts.labels);
            let fitted = fit_png(&cells, &picture_options(map, opts))?;
            ExportOutput {
                main: render_png(&cells, &fitted, progress)?,
                side: vec![],
            }
        }
        ExportFormat::Svg => {
            let cells = image_cells(map, opts.labels);
            ExportOutput {
                main: render_svg(&cells, &picture_options(map, opts), progress)?.into_bytes(),
                side: vec![],
            }
        }
    };
    progress(1.0);
    Ok(out)
}

/// Export to `path`, writing the main file and its side files atomically in its folder.
pub fn export_to_path(
    map: &HexMap,
    format: ExportFormat,
    opts: &ExportOptions,
    path: &Path,
    progress: &mut dyn FnMut(f32),
) -> Result<(), ExportError> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| ExportError::NoFileName(path.to_owned()))?;
    let out = export(map, format, opts, name, progress)?;
    let folder = path.parent().unwrap_or(Path::new(""));
    for (side_name, bytes) in &out.side {
        let side_path = folder.join(side_name);
        crate::io::write_atomic(&side_path, bytes).map_err(|source| ExportError::Write {
            path: side_path,
            source,
        })?;
    }
    crate::io::write_atomic(path, &out.main).map_err(|source| ExportError::Write {
        path: path.to_owned(),
        source,
    })
}
