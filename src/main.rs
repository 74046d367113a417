//! The `hexmap` binary: parse arguments, then run a subcommand (`cli`) or, with none, the
//! editor (the `hexmap-app` crate, when built with the `gui` feature). The argument types
//! (clap) live here, in `cli`, not in the libraries.

mod cli;

use clap::Parser;
use cli::Cli;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return cli::usage_error(e, std::env::args_os()),
    };
    match cli.command {
        Some(command) => cli::run(command, cli.pretty),
        None => open_editor(cli.map),
    }
}

/// No subcommand: open the editor (on `map`, or the bundled sample). A `map` that is no
/// existing file is a usage error (most likely a mistyped subcommand).
#[cfg(feature = "gui")]
fn open_editor(map: Option<PathBuf>) -> ExitCode {
    if let Some(path) = &map
        && !path.is_file()
    {
        eprintln!(
            "hexmap: error: '{}' is neither a subcommand nor an existing map file; see --help",
            path.display()
        );
        return ExitCode::from(2);
    }
    match hexmap_app::run(map) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("hexmap: error: {message}");
            ExitCode::from(1)
        }
    }
}

/// No subcommand in a build without the editor.
#[cfg(not(feature = "gui"))]
fn open_editor(_map: Option<PathBuf>) -> ExitCode {
    eprintln!("hexmap: the editor is not built in this binary; see --help");
    ExitCode::from(2)
}
