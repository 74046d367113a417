//! How a command answers a pipeline: with `--json`, one JSON object on standard output when
//! it succeeds, each warning as a `{"warning": "…"}` line on standard error, and a failure as
//! an `{"error": "…"}` line on standard error (exit 1). Without `--json`, warnings are text
//! lines starting `hexmap: warning:`. The mode is set once per run by `cli::run`.

use super::CliError;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};

/// The flags of every command that writes a file (`new`, `generate`, `convert`, `export`,
/// `import`, `mines generate`): the one overwrite rule and the JSON answer.
#[derive(clap::Args, Debug)]
pub struct Writing {
    /// Replace OUT if it exists (not needed when OUT is the file the command reads;
    /// standard output, devices and pipes never need it).
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object saying what was written (warnings and errors: JSON lines on
    /// stderr); OUT must then be a file, not `-`.
    #[arg(long)]
    pub json: bool,
}

impl Writing {
    /// May `out` be written: the overwrite rule (`read_from` is the file the command read,
    /// which it may rewrite) and no `--json` with `-`.
    pub(super) fn check(
        &self,
        out: &std::path::Path,
        read_from: Option<&std::path::Path>,
    ) -> Result<(), CliError> {
        super::check_overwrite(out, self.force, read_from)?;
        refuse_json_to_stdout(self.json, out)
    }
}

/// Whether this run answers in JSON (set by `cli::run` from the command's `--json`).
static JSON_MODE: AtomicBool = AtomicBool::new(false);

/// Set whether warnings and errors of this run are JSON lines.
pub(super) fn set_json_mode(on: bool) {
    JSON_MODE.store(on, Ordering::Relaxed);
}

/// Whether this run answers in JSON.
pub(super) fn json_mode() -> bool {
    JSON_MODE.load(Ordering::Relaxed)
}

/// Whether JSON answers are indented (`--pretty`) rather than one line each.
static PRETTY: AtomicBool = AtomicBool::new(false);

/// Set whether JSON answers of this run are indented over several lines.
pub(super) fn set_pretty(on: bool) {
    PRETTY.store(on, Ordering::Relaxed);
}

/// Report a warning on standard error: a text line, or a JSON object line in JSON mode.
pub(super) fn warn(message: impl std::fmt::Display) {
    let message = message.to_string();
    if json_mode() {
        eprintln!("{}", serde_json::json!({ "warning": message }));
    } else {
        eprintln!("hexmap: warning: {message}");
    }
}

/// Print a command's JSON answer on standard output: one line (JSON lines, as every
/// answer under `--json`), or indented with `--pretty`.
pub(super) fn print_json(answer: &impl Serialize) -> Result<(), CliError> {
    if PRETTY.load(Ordering::Relaxed) {
        println!("{}", serde_json::to_string_pretty(answer)?);
    } else {
        println!("{}", serde_json::to_string(answer)?);
    }
    Ok(())
}

/// `--json` with OUT = `-`: both answers would share standard output, so it is refused.
pub(super) fn refuse_json_to_stdout(json: bool, out: &std::path::Path) -> Result<(), CliError> {
    if json && out.as_os_str() == "-" {
        return Err(CliError(
            "--json prints its answer on standard output, which OUT `-` already takes: \
             write to a file, or leave out --json"
                .into(),
        ));
    }
    Ok(())
}

/// A written file's name as the answers give it.
pub(super) fn path_text(p: &std::path::Path) -> String {
    p.display().to_string()
}
