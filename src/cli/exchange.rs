//! `hexmap export` and `hexmap import`: other tools' formats on the command line.

use super::CliError;
use super::geometry::CoordChoiceParser;
use crate::hex::CoordChoice;
use crate::io::export::{ExportFormat, ExportOptions, export_to_path, from_tiled};
use crate::io::tiled::{FolderResources, read_tiled};
use crate::io::{Form, load, save};
use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// Arguments of `hexmap export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The map to export (.ron).
    pub map: PathBuf,
    /// The format: tmx, tmj, csv, json, png or svg.
    #[arg(long = "to")]
    pub format: ExportFormat,
    /// The file to write (a Tiled export also writes NAME-tiles.png beside it).
    pub out: PathBuf,
    /// Pictures: label every hex in this system (`offset` and `doubled`: the map's own
    /// kinds; XXYY in the map's label settings).
    #[arg(long, value_parser = CoordChoiceParser)]
    pub labels: Option<CoordChoice>,
    /// Pictures: leave mines out.
    #[arg(long)]
    pub no_mines: bool,
    /// Pictures: leave the grid out.
    #[arg(long)]
    pub no_grid: bool,
    /// Pictures: hex size in pixels (PNG shrinks it to stay within 16384 pixels).
    #[arg(long, default_value_t = 24.0)]
    pub hex_pixels: f64,
}

/// Arguments of `hexmap import`.
#[derive(Args, Debug)]
pub struct ImportArgs {
    /// A hexagonal Tiled map (.tmx or .tmj).
    pub tiled_map: PathBuf,
    /// The hexmap file to write (.ron).
    pub out: PathBuf,
    /// Write the map in offset or cube form.
    #[arg(long, default_value = "offset")]
    pub form: Form,
}

/// Maps with more cells than this show progress on a terminal.
const PROGRESS_CELLS: usize = 100_000;

/// `hexmap export`.
pub fn export(args: &ExportArgs) -> Result<(), CliError> {
    if !(args.hex_pixels.is_finite() && args.hex_pixels >= 1.0 && args.hex_pixels <= 1000.0) {
        return Err(CliError(format!(
            "--hex-pixels must be between 1 and 1000, got {}",
            args.hex_pixels
        )));
    }
    let (map, _) = load(&args.map)?;
    let opts = ExportOptions {
        labels: args
            .labels
            .map(|c| c.resolve(&map.properties().coord_context())),
        mines: !args.no_mines,
        grid: !args.no_grid,
        hex_pixels: args.hex_pixels,
    };
    let show = map.cell_count() > PROGRESS_CELLS && std::io::stderr().is_terminal();
    let mut last = -1i32;
    let mut progress = |done: f32| {
        let percent = (done * 100.0) as i32;
        if show && percent != last {
            last = percent;
            eprint!("\rexporting {}: {percent:3}%", args.format);
            let _ = std::io::stderr().flush();
        }
    };
    export_to_path(&map, args.format, &opts, &args.out, &mut progress)?;
    if show {
        eprintln!();
    }
    Ok(())
}

/// `hexmap import`.
pub fn import(args: &ImportArgs) -> Result<(), CliError> {
    let path = &args.tiled_map;
    let len = std::fs::metadata(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?
        .len();
    if len > crate::io::MAX_FILE_BYTES {
        return Err(CliError(format!(
            "{} is {len} bytes, over the {} byte limit",
            path.display(),
            crate::io::MAX_FILE_BYTES
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    let folder = path.parent().map(PathBuf::from).unwrap_or_default();
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let doc = read_tiled(&text, &name, &FolderResources(folder))?;
    let (map, warnings) = from_tiled(&doc).map_err(|e| CliError(format!("{name}: {e}")))?;
    for w in warnings {
        eprintln!("hexmap: warning: {name}: {w}");
    }
    save(&args.out, &map, args.form)?;
    Ok(())
}
