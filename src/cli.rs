//! The command line: subcommands on top of the library.

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
pub enum Command {}

/// Parse the process arguments and run; the exit code follows the project convention
/// (0 ok, 1 bad input, 2 usage).
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => {
            eprintln!("hexmap: the editor is not built yet; try --help");
            ExitCode::from(2)
        }
    }
}
