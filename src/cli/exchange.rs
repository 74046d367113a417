//! `hexmap export` and `hexmap import`: every format of the registry on the command line.

use super::CliError;
use super::geometry::CoordChoiceParser;
use crate::hex::CoordChoice;
use crate::io::format::{Format, WriteOptions, by_name, read_path, write_path, writers};
use crate::io::{Form, load, save};
use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// `--to`: the name of any format that writes, listed from the registry in `--help`.
fn writer_parser() -> impl TypedValueParser<Value = &'static dyn Format> {
    PossibleValuesParser::new(writers().map(|f| PossibleValue::new(f.name()).help(f.description())))
        .map(|name| by_name(&name).expect("clap accepts only the registry's names"))
}

/// Arguments of `hexmap export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The map to export (.ron).
    pub map: PathBuf,
    /// The format to write.
    #[arg(long = "to", ignore_case = true, value_parser = writer_parser())]
    pub format: &'static dyn Format,
    /// The file to write (a Tiled export also writes NAME-tiles.png beside it).
    pub out: PathBuf,
    /// RON: write the map in offset or cube form.
    #[arg(long, default_value = "offset")]
    pub form: Form,
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
    /// A map in any format hexmap reads: a hexagonal Tiled map (.tmx or .tmj), or .ron.
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
    let opts = WriteOptions {
        form: args.form,
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
    write_path(&map, args.format, &opts, &args.out, &mut progress)?;
    if show {
        eprintln!();
    }
    Ok(())
}

/// `hexmap import`: read the map (any readable format, within the size limit), report what
/// could not be kept, save it as RON.
pub fn import(args: &ImportArgs) -> Result<(), CliError> {
    let imported = read_path(&args.tiled_map)?;
    let name = args.tiled_map.file_name().map_or_else(
        || args.tiled_map.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    for w in imported.warnings {
        eprintln!("hexmap: warning: {name}: {w}");
    }
    save(&args.out, &imported.map, args.form)?;
    Ok(())
}
