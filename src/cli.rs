//! The command line: subcommands on top of the library.

pub mod map_cmds;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// hexmap: a hex map editor and toolkit.
#[derive(Parser, Debug)]
#[command(name = "hexmap", version, about)]
pub struct Cli {
    /// The subcommand; none opens the editor.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// All subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Create an empty map file with the standard palette.
    New(map_cmds::NewArgs),
    /// Show a map's shape, size, palette, terrain and mine counts, and form.
    Info(map_cmds::InfoArgs),
    /// Check map files; exit 1 naming the first problem of each bad file.
    Validate(map_cmds::ValidateArgs),
    /// Rewrite a map in offset or cube form (IN = OUT allowed).
    Convert(map_cmds::ConvertArgs),
}

/// Parse the process arguments and run; the exit code follows the project convention
/// (0 ok, 1 bad input, 2 usage).
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => {
            eprintln!("hexmap: the editor is not built yet; try --help");
            ExitCode::from(2)
        }
        Some(Command::New(a)) => map_cmds::new(a),
        Some(Command::Info(a)) => map_cmds::info(a),
        Some(Command::Validate(a)) => map_cmds::validate(a),
        Some(Command::Convert(a)) => map_cmds::convert(a),
    }
}
