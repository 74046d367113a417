//! `hexmap mines generate` and `hexmap mines check`: seeded mine layouts on a map and the
//! fairness check, on top of `hexmap_mines`. Cells are read and printed as `col,row` in
//! the map's own offset kind unless `--coords` names another system.

use super::CliError;
use super::cells::{parse_cell, read_system, show, show_named};
use super::geometry::CoordChoiceParser;
use clap::{ArgGroup, Args, Subcommand};
use hexmap_hex::{CoordChoice, Hex};
use hexmap_map::{CellEdit, Document, Edit, HexError};
use hexmap_mines::{Board, GenerateSettings, MineAmount, MineLayout, Verdict, generate, solve};
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `hexmap mines`.
#[derive(Args, Debug)]
pub struct MinesArgs {
    /// What to do with the map's mines layer.
    #[command(subcommand)]
    pub command: MinesCommand,
}

impl MinesArgs {
    /// The subcommand's `--map` member.
    pub(super) fn member(&self) -> &super::MemberArg {
        match &self.command {
            MinesCommand::Generate(g) => &g.member,
            MinesCommand::Check(c) => &c.member,
        }
    }

    /// True when the subcommand answers in JSON (`--json`).
    pub(super) fn answers_in_json(&self) -> bool {
        match &self.command {
            MinesCommand::Generate(g) => g.writing.json,
            MinesCommand::Check(c) => c.json,
        }
    }
}

/// The `mines` subcommands.
#[derive(Subcommand, Debug)]
pub enum MinesCommand {
    /// Lay mines on MAP's playable cells (seeded) and write the result to OUT.
    Generate(GenerateArgs),
    /// Play MAP's mines from a start cell with only what a player sees: solved or stuck.
    Check(CheckArgs),
}

/// Arguments of `hexmap mines generate`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("amount").required(true).args(["count", "density"])))]
pub struct GenerateArgs {
    /// Which map of a file of several (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The map whose shape (holes included) receives the mines; its mines are replaced.
    pub map: PathBuf,
    /// Number of mines.
    #[arg(long)]
    pub count: Option<usize>,
    /// Fraction of playable cells holding a mine: 0.15 or 15%.
    #[arg(long, value_parser = parse_density)]
    pub density: Option<f64>,
    /// Seed: the same map, settings and seed give the same layout.
    #[arg(long, allow_hyphen_values = true, value_parser = super::parse_seed)]
    pub seed: u64,
    /// Safe start cell (it and its neighbours stay mine-free; -2,3 is a value).
    #[arg(long, allow_hyphen_values = true)]
    pub start: Option<String>,
    /// System of --start and of the printed start (default: col,row in the map's offset
    /// kind; printed as axial q,r for systems other than offset and cube; XXYY counts in
    /// the map's label settings).
    #[arg(long, value_parser = CoordChoiceParser)]
    pub coords: Option<CoordChoice>,
    /// Only a layout that can be cleared from the start without guessing (a start is
    /// picked from the seed when none is given).
    #[arg(long)]
    pub no_guess: bool,
    /// Fresh placements tried for --no-guess before giving up.
    #[arg(long, default_value_t = 20)]
    pub max_attempts: u32,
    /// The file to write (may equal MAP); written in MAP's form.
    pub out: PathBuf,
    /// `--force` and `--json`, as every command that writes a file has them.
    #[command(flatten)]
    pub writing: super::answer::Writing,
}

/// Arguments of `hexmap mines check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Which map of a file of several (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The map to check.
    pub map: PathBuf,
    /// Start cell (default: the zero cell opening the most cells; -2,3 is a value).
    #[arg(long, allow_hyphen_values = true)]
    pub start: Option<String>,
    /// System of --start and of printed cells (default: col,row in the map's offset kind;
    /// cells print as axial q,r for systems other than offset and cube; XXYY counts in the
    /// map's label settings).
    #[arg(long, value_parser = CoordChoiceParser)]
    pub coords: Option<CoordChoice>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Read `0.15` or `15%`.
fn parse_density(text: &str) -> Result<f64, String> {
    let (number, scale) = match text.trim().strip_suffix('%') {
        Some(p) => (p, 100.0),
        None => (text.trim(), 1.0),
    };
    let value: f64 = number
        .trim()
        .parse()
        .map_err(|_| format!("density '{text}' is not a number (like 0.15 or 15%)"))?;
    let d = value / scale;
    if (0.0..=1.0).contains(&d) {
        Ok(d)
    } else {
        Err(format!("density '{text}' is outside 0 to 1 (0% to 100%)"))
    }
}

/// Run `hexmap mines …`.
pub fn run(args: &MinesArgs) -> Result<(), CliError> {
    match &args.command {
        MinesCommand::Generate(a) => run_generate(a),
        MinesCommand::Check(a) => run_check(a),
    }
}

fn run_generate(a: &GenerateArgs) -> Result<(), CliError> {
    a.writing.check(&a.out, Some(&a.map))?;
    let (map, form) = super::load_map(&a.map)?;
    let board = Board::from_map(&map);
    let start = match &a.start {
        Some(text) => Some(parse_cell(&map, a.coords, text)?),
        None => None,
    };
    let amount = match (a.count, a.density) {
        (Some(n), _) => MineAmount::Count(n),
        (None, Some(d)) => MineAmount::Density(d),
        (None, None) => return Err(CliError("give --count or --density".into())),
    };
    let settings = GenerateSettings {
        start,
        no_guess: a.no_guess,
        max_attempts: a.max_attempts,
        ..GenerateSettings::new(amount, a.seed)
    };
    let generated = generate(&board, &settings).map_err(|e| {
        let what = e.describe_with(&|h| show_named(&map, a.coords, h));
        CliError(format!("{}: {what}", a.map.display()))
    })?;
    // Through the document's one edit path, like any other change to a map.
    let mut doc = Document::new(map);
    doc.apply(&Edit::Cell(CellEdit::SetMines(
        generated.layout.mines().collect(),
    )))?;
    let map = doc.map();
    super::save_read_map(&a.map, &a.out, map, form)?;
    if a.writing.json {
        return super::answer::print_json(&serde_json::json!({
            "file": super::answer::path_text(&a.out),
            "mines": generated.layout.mine_count(),
            "cells": board.len(),
            "seed": a.seed,
            // Axial [q, r], the machine notation of every JSON answer (docs/JSON.md).
            "start": generated.start.map(|s| [s.q, s.r]),
            "no_guess": a.no_guess,
            "placements": generated.attempts,
            "repairs": generated.repairs,
        }));
    }
    let start_text = generated
        .start
        .map(|s| format!(", start {}", show_named(map, a.coords, s)))
        .unwrap_or_default();
    let plural = |n: u32, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let guarantee = if a.no_guess {
        format!(
            "; no guess needed ({}, {})",
            plural(generated.attempts, "placement"),
            plural(generated.repairs, "repair move")
        )
    } else {
        String::new()
    };
    println!(
        "{}: {} mines on {} cells (seed {}{start_text}){guarantee}",
        a.out.display(),
        generated.layout.mine_count(),
        board.len(),
        a.seed
    );
    Ok(())
}

/// The JSON output of `mines check`.
#[derive(Serialize)]
struct CheckJson {
    map: String,
    verdict: &'static str,
    /// Axial `[q, r]`, the machine notation of every JSON answer (docs/JSON.md).
    start: [i32; 2],
    cells: usize,
    mines: usize,
    revealed: usize,
    safe_cells: usize,
    deduced_mines: usize,
    forced_guess_cells: Vec<[i32; 2]>,
    rules: RulesJson,
}

#[derive(Serialize)]
struct RulesJson {
    single: usize,
    pair: usize,
    search: usize,
    global: usize,
}

fn run_check(a: &CheckArgs) -> Result<(), CliError> {
    let (map, _) = super::load_map(&a.map)?;
    let name = a.map.display().to_string();
    let layout = MineLayout::from_map(&map);
    let (start, picked) = match &a.start {
        Some(text) => (parse_cell(&map, a.coords, text)?, ""),
        None => (
            layout.suggested_start().ok_or_else(|| {
                CliError(format!("{name}: every cell holds a mine: nowhere to start"))
            })?,
            " (suggested start)",
        ),
    };
    let at = show_named(&map, a.coords, start);
    let report = solve(&layout, start).map_err(|e| {
        CliError(format!(
            "{name}: {}",
            e.describe_with(&|h| show_named(&map, a.coords, h))
        ))
    })?;
    let forced: Vec<Hex> = match &report.verdict {
        Verdict::Solved => Vec::new(),
        Verdict::Stuck { forced_guess_cells } => forced_guess_cells.clone(),
    };
    let cell_json = |h: Hex| [h.q, h.r];
    if a.json {
        let out = CheckJson {
            map: name,
            verdict: if report.is_solved() {
                "solved"
            } else {
                "stuck"
            },
            start: cell_json(start),
            cells: layout.board().len(),
            mines: layout.mine_count(),
            revealed: report.revealed.len(),
            safe_cells: layout.safe_count(),
            deduced_mines: report.deduced_mines.len(),
            forced_guess_cells: forced.iter().map(|&h| cell_json(h)).collect(),
            rules: RulesJson {
                single: report.stats.single,
                pair: report.stats.pair,
                search: report.stats.search,
                global: report.stats.global,
            },
        };
        return super::answer::print_json(&out);
    }
    if report.is_solved() {
        println!(
            "{name}: solved from {at}{picked} without guessing ({} cells, {} mines)",
            layout.board().len(),
            layout.mine_count()
        );
    } else {
        let list: Vec<String> = forced.iter().map(|&h| show(&map, a.coords, h)).collect();
        println!(
            "{name}: stuck from {at}{picked} after revealing {} of {} safe cells; a guess is forced at {} cell(s) ({}): {}",
            report.revealed.len(),
            layout.safe_count(),
            forced.len(),
            read_system(&map, a.coords).name(),
            list.join(" ")
        );
    }
    Ok(())
}
