//! The command line: the argument types (parsed in `main.rs`) and the subcommands on top
//! of the library. Exit codes: 0 ok, 1 bad input, 2 usage (clap's own parse errors). It
//! never reaches the editor: with no subcommand, `main.rs` starts it.

mod answer;
mod around;
mod batch;
mod cells;
mod export_import;
mod family;
mod fog;
mod generate;
mod geometry;
mod info_content;
mod info_counts;
mod map_cmds;
mod mines;
mod queries;
mod routes;
mod secret;
mod sight;
mod stats;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// hexmap: a hex map editor and toolkit.
#[derive(Parser, Debug)]
#[command(
    name = "hexmap",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// A map file to open in the editor (no subcommand).
    pub map: Option<std::path::PathBuf>,

    /// With --json: indent each JSON answer over several lines (for a person) instead of
    /// one line per answer (JSON lines, for a pipeline).
    #[arg(long, global = true)]
    pub pretty: bool,

    /// The subcommand; none opens the editor.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// All subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print one hex in every coordinate system.
    Coord(geometry::CoordArgs),
    /// Print the hex under a world (pixel) point, picked exactly.
    Pick(geometry::PickArgs),
    /// Create an empty map file with the standard palette.
    New(map_cmds::NewArgs),
    /// Generate a world: elevation, terrain, rivers on hexsides, settlements and roads,
    /// the same file for the same seed.
    Generate(generate::GenerateArgs),
    /// Measure a map as a world: land share, elevation histogram, terrain shares, river
    /// networks (Strahler orders, bifurcation and length ratios, Hack's exponent).
    Stats(stats::StatsArgs),
    /// Show a map's shape, size, palette, terrain and mine counts, and form.
    Info(map_cmds::InfoArgs),
    /// Check map files; exit 1 naming the first problem of each bad file.
    Validate(map_cmds::ValidateArgs),
    /// Rewrite a map in offset or cube form (IN = OUT allowed).
    Convert(map_cmds::ConvertArgs),
    /// Export a map for other tools: Tiled TMX/TMJ, CSV, JSON, PNG, SVG, or a PDF to print.
    Export(export_import::ExportArgs),
    /// Import a hexagonal Tiled map (TMX or TMJ) or hexmap's JSON export as a hexmap map.
    Import(export_import::ImportArgs),
    /// Minesweeper layouts: generate mines on a map, check a layout is fair.
    Mines(mines::MinesArgs),
    /// The cheapest route between two cells under the map's movement rule (terrain,
    /// rivers and walls on hexsides, roads).
    Route(around::PairArgs),
    /// Every cell reachable from a cell within a movement budget, with its cost.
    Reach(routes::ReachArgs),
    /// The cells a hex sees within a radius under the map's sight rule.
    Fov(around::AroundArgs),
    /// Whether one cell sees another under the map's sight rule (at any distance), and
    /// the hex or side that blocks the view.
    Los(around::PairArgs),
    /// What walking the given cells in order costs under the movement rule, or the first
    /// step that is not allowed.
    PathCost(routes::PathCostArgs),
    /// The number of steps between two cells.
    Distance(around::PairArgs),
    /// The hexes of the straight line between two cells (the sight rule's line).
    Line(around::PairArgs),
    /// The cells next to a cell, with the name of each side.
    #[command(alias = "neighbors")]
    Neighbours(around::CellArgs),
    /// The cells exactly N steps from a cell, in ring order.
    Ring(around::AroundArgs),
    /// The cells at most N steps from a cell, whatever lies between (no costs, no sight).
    Range(around::AroundArgs),
    /// Fog of war, in place: reveal or hide a cell, a radius, what a cell sees, or all.
    Fog(fog::FogArgs),
    /// What only the GM may see, in place: mark notes, edge features, paths, icons,
    /// labels and regions GM-only (set) or public (clear), or list them.
    Secret(secret::SecretArgs),
    /// Answer many queries (route, reach, fov, los, path-cost, distance, line, neighbours,
    /// ring, range, pick, coord; reload) to one map: JSON lines on
    /// standard input, one JSON answer line each on standard output.
    Batch(batch::BatchArgs),
    /// Maps inside maps: list a file's maps, derive a child map from a hex, check that
    /// children still meet their parents, extract one map to a file of its own.
    Family(family::FamilyArgs),
}

impl Command {
    /// True when the command answers in JSON (`--json`, or `batch` always): its warnings
    /// and error are then JSON objects on stderr too, so a pipeline reads one kind of
    /// output (see `answer`).
    fn answers_in_json(&self) -> bool {
        match self {
            Command::Coord(a) => a.json,
            Command::Pick(a) => a.json,
            Command::Info(a) => a.json,
            Command::Stats(a) => a.json,
            Command::Reach(a) => a.json,
            Command::Route(a) | Command::Los(a) | Command::Distance(a) | Command::Line(a) => a.json,
            Command::PathCost(a) => a.json,
            Command::Neighbours(a) => a.json,
            Command::Fov(a) | Command::Ring(a) | Command::Range(a) => a.json,
            Command::Mines(a) => a.answers_in_json(),
            Command::Batch(_) => true,
            Command::New(a) => a.writing.json,
            Command::Generate(a) => a.writing.json,
            Command::Validate(a) => a.json,
            Command::Convert(a) => a.writing.json,
            Command::Export(a) => a.writing.json,
            Command::Import(a) => a.writing.json,
            Command::Fog(a) => a.json,
            Command::Secret(a) => a.json,
            Command::Family(a) => a.answers_in_json(),
        }
    }
}

/// `--map PATH` of the commands that read a map file: which map of a file of several
/// (a map family) to work on.
#[derive(clap::Args, Debug, Default)]
pub struct MemberArg {
    /// In a file of several maps (a map family), the map to work on, by its path of links
    /// (`kingdom/0512/saltmere`; `hexmap family FILE list` shows them). Without it, the
    /// file's root map.
    #[arg(long = "map", value_name = "PATH")]
    pub member: Option<String>,
}

impl Command {
    /// The `--map` member the command names, if it takes one.
    fn member(&self) -> Option<&str> {
        let m = match self {
            Command::Info(a) => &a.member,
            Command::Stats(a) => &a.member,
            Command::Convert(a) => &a.member,
            Command::Export(a) => &a.member,
            Command::Reach(a) => &a.at.member,
            Command::Route(a) | Command::Los(a) | Command::Distance(a) | Command::Line(a) => {
                &a.at.member
            }
            Command::PathCost(a) => &a.member,
            Command::Neighbours(a) => &a.at.member,
            Command::Fov(a) | Command::Ring(a) | Command::Range(a) => &a.at.member,
            Command::Fog(a) => &a.member,
            Command::Secret(a) => &a.member,
            Command::Batch(a) => &a.member,
            Command::Family(a) => match &a.command {
                family::FamilyCommand::Derive(d) => &d.member,
                _ => return None,
            },
            Command::Mines(a) => a.member(),
            _ => return None,
        };
        m.member.as_deref()
    }
}

/// A failure of a subcommand caused by its input: printed on stderr, exit code 1.
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// Run one subcommand: 0 on success, 1 (with the message on stderr) when its input is bad,
/// 2 when its arguments contradict each other.
pub fn run(command: Command, pretty: bool) -> ExitCode {
    end_quietly_on_closed_pipe();
    let _ = MEMBER.set(command.member().map(str::to_owned));
    let json = command.answers_in_json();
    answer::set_json_mode(json);
    answer::set_pretty(pretty);
    // Arguments that contradict each other are a usage error (exit 2), like clap's own.
    if let Command::New(args) = &command
        && let Err(message) = args.check()
    {
        if json {
            eprintln!("{}", serde_json::json!({ "error": message }));
        } else {
            eprintln!("hexmap: error: {message}");
        }
        return ExitCode::from(2);
    }
    let result = match command {
        Command::Coord(args) => geometry::coord(&args),
        Command::Pick(args) => geometry::pick(&args),
        Command::Export(args) => export_import::export(&args),
        Command::Import(args) => export_import::import(&args),
        Command::New(args) => map_cmds::new(&args),
        Command::Generate(args) => generate::generate(&args),
        Command::Info(args) => map_cmds::info(&args),
        Command::Stats(args) => stats::stats(&args),
        Command::Validate(args) => map_cmds::validate(&args),
        Command::Convert(args) => map_cmds::convert(&args),
        Command::Mines(args) => mines::run(&args),
        Command::Route(args) => routes::route(&args),
        Command::Reach(args) => routes::reach(&args),
        Command::Fov(args) => sight::fov(&args),
        Command::Los(args) => sight::los(&args),
        Command::PathCost(args) => routes::path_cost(&args),
        Command::Distance(args) => around::distance(&args),
        Command::Line(args) => around::line(&args),
        Command::Neighbours(args) => around::neighbours(&args),
        Command::Ring(args) => around::ring(&args),
        Command::Range(args) => around::range(&args),
        Command::Fog(args) => fog::fog(&args),
        Command::Secret(args) => secret::secret(&args),
        Command::Batch(args) => batch::batch(&args),
        Command::Family(args) => family::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError(message)) if json => {
            eprintln!("{}", serde_json::json!({ "error": message }));
            ExitCode::from(1)
        }
        Err(CliError(message)) => {
            eprintln!("hexmap: error: {message}");
            ExitCode::from(1)
        }
    }
}

/// `--seed`: a whole number from 0 to 2⁶⁴ − 1; a negative or fractional one is refused
/// with the range (not taken for an option, so `--seed -1` says what is wrong with it).
pub fn parse_seed(s: &str) -> Result<u64, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("a seed is a whole number from 0 to {}, got '{s}'", u64::MAX))
}

/// Arguments clap could not read (exit 2). When the command line asks for JSON (`--json`,
/// or `batch`, which always answers in JSON) the error is one `{"error": …}` line on
/// standard error, its text clap's message followed by the usage line, so a pipeline reads
/// every failure the same way; else clap prints it as usual. Help and version requests
/// print as always.
pub fn usage_error(e: clap::Error, args: impl IntoIterator<Item = std::ffi::OsString>) -> ExitCode {
    use clap::error::ErrorKind;
    let args: Vec<std::ffi::OsString> = args.into_iter().skip(1).collect();
    let asks_json = args
        .iter()
        .take_while(|a| *a != "--")
        .any(|a| a == "--json" || a.to_str().is_some_and(|s| s.starts_with("--json=")))
        || args.first().is_some_and(|a| a == "batch");
    let informational = matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if !asks_json || informational {
        e.exit();
    }
    eprintln!("{}", serde_json::json!({ "error": usage_error_text(&e) }));
    ExitCode::from(2)
}

/// clap's message for `e` on one line: its first paragraph without the `error: ` prefix,
/// then the usage line in brackets.
fn usage_error_text(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let mut paragraphs = rendered.split("\n\n").map(str::trim);
    let message = paragraphs.next().unwrap_or_default();
    let message = message.strip_prefix("error: ").unwrap_or(message);
    let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
    match paragraphs.find_map(|p| p.strip_prefix("Usage: ")) {
        Some(usage) => format!("{message} (usage: {})", usage.trim()),
        None => message,
    }
}

/// Load a map as the editor opens it: an offset kind that does not go with the
/// orientation is switched to the one of the same parity (cells kept), and the warning
/// saying so is returned. Every command reads maps this way, so `info`, `route`, `export`
/// and the editor never disagree about which cells a file holds.
fn load_matched(
    path: &std::path::Path,
) -> Result<(hexmap_map::HexMap, hexmap_io::Form, Option<String>), CliError> {
    let (root, form) = hexmap_io::load(path)?;
    let mut map = match member() {
        Some(wanted) => hexmap_map::family::extract(&root, wanted)
            .map_err(|e| CliError(format!("{}: --map: {e}", path.display())))?,
        None => root,
    };
    let warning = map.match_offset_kind().map(|m| {
        format!(
            "{}: {m}; read as {} (cells kept)",
            path.display(),
            m.expected
        )
    });
    Ok((map, form, warning))
}

/// [`load_matched`], with its warning printed on stderr (stdout stays the command's
/// answer).
fn load_map(path: &std::path::Path) -> Result<(hexmap_map::HexMap, hexmap_io::Form), CliError> {
    let (map, form, warning) = load_matched(path)?;
    if let Some(w) = warning {
        answer::warn(w);
    }
    Ok((map, form))
}

/// The member `--map` names, if any (set once by [`run`]).
static MEMBER: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();

/// The member path of `--map`, if given.
fn member() -> Option<&'static str> {
    MEMBER.get().and_then(|m| m.as_deref())
}

/// Save `map`, read from the file `from` (through [`load_map`], so the `--map` member when
/// one is named), to `out`. When `out` is the file read and a member was named, the member
/// goes back into its family (with its own children as the file holds them) and the whole
/// family is saved: a command that changes a member in place never loses the others.
fn save_read_map(
    from: &std::path::Path,
    out: &std::path::Path,
    map: &hexmap_map::HexMap,
    form: hexmap_io::Form,
) -> Result<(), CliError> {
    let same_file = matches!(
        (std::fs::canonicalize(from), std::fs::canonicalize(out)),
        (Ok(a), Ok(b)) if a == b
    );
    let Some(wanted) = member().filter(|_| same_file) else {
        hexmap_io::save_from(Some(from), out, map, form)?;
        return Ok(());
    };
    let (root, _) = hexmap_io::load(from)?;
    let index = hexmap_map::family::find(&root, wanted)?;
    let mut member = map.clone();
    let kept = hexmap_map::family::member_at(&root, &index).map(|m| m.children().to_vec());
    member.set_children(kept.unwrap_or_default());
    let family = hexmap_map::family::with_member(&root, &index, member)
        .ok_or_else(|| CliError(format!("{}: --map {wanted}: not found", from.display())))?;
    hexmap_io::save_from(Some(from), out, &family, form)?;
    Ok(())
}

/// The one overwrite rule of every command that writes a file (`new`, `generate`,
/// `convert`, `export`, `import`, `mines generate`): an existing regular file is replaced only with
/// `--force`, or when it is the very file the command read (`convert IN IN` rewrites a map in
/// place, as documented). Standard output (`-`), devices and pipes are written to, never
/// "overwritten", so they need no `--force`.
fn check_overwrite(
    out: &std::path::Path,
    force: bool,
    read_from: Option<&std::path::Path>,
) -> Result<(), CliError> {
    let is_regular_file = std::fs::metadata(out).is_ok_and(|m| m.is_file());
    if force || hexmap_io::is_special_output(out) || !is_regular_file {
        return Ok(());
    }
    let same = |a: &std::path::Path| {
        matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(out)),
            (Ok(x), Ok(y)) if x == y
        )
    };
    if read_from.is_some_and(same) {
        return Ok(());
    }
    Err(CliError(format!(
        "{}: already exists (use --force to replace it)",
        out.display()
    )))
}

/// A reader that stops early (`hexmap info map.ron | head -1`) ends the program as it ends
/// any Unix tool: by SIGPIPE, silently. Rust ignores SIGPIPE by default, which turns the
/// next `println!` into a panic with a backtrace.
fn end_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called before any other thread starts; SIG_DFL is a valid disposition for
    // SIGPIPE and no handler of ours is replaced.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
