//! `hexmap fog`: fog of war on a map file, in place: reveal or hide a cell,
//! the cells within a radius of it, or what it sees (the map's field of view), or every
//! cell. The map is saved atomically in the form it was read in.

use super::CliError;
use super::answer::{path_text, print_json};
use super::cells::show_named;
use clap::{Args, Subcommand};
use hexmap_hex::CoordChoice;
use hexmap_map::{Document, Edit, FogEdit, HexError};
use std::path::PathBuf;

/// Arguments of `hexmap fog`.
#[derive(Args, Debug)]
pub struct FogArgs {
    /// Which map of a file of several (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The map (changed in place).
    pub map: PathBuf,
    /// What to do.
    #[command(subcommand)]
    pub action: FogAction,
    /// Print one JSON object saying what changed (errors: a JSON line on stderr).
    #[arg(long, global = true)]
    pub json: bool,
}

/// Which cells `hexmap fog reveal|hide` changes.
#[derive(Args, Debug)]
pub struct FogAt {
    /// The cell (col,row in the map's offset kind by default; negative values need no
    /// `--`).
    #[arg(long, allow_hyphen_values = true, value_name = "COL,ROW")]
    pub at: String,
    /// Also every cell the one at --at sees within N hexes (the map's sight rule, as
    /// `hexmap fov`).
    #[arg(long, value_name = "N", conflicts_with = "radius")]
    pub sight: Option<u32>,
    /// Also every cell within N hexes of --at.
    #[arg(long, value_name = "N")]
    pub radius: Option<u32>,
    /// System of --at (as for `route`).
    #[arg(long, value_parser = super::geometry::CoordChoiceParser)]
    pub coords: Option<CoordChoice>,
}

/// `hexmap fog MAP reveal|hide|reveal-all|hide-all`.
#[derive(Subcommand, Debug)]
pub enum FogAction {
    /// Show cells to the players.
    Reveal(FogAt),
    /// Hide cells from the players.
    Hide(FogAt),
    /// Show every cell (the map keeps no fog).
    RevealAll,
    /// Hide every cell.
    HideAll,
}

/// Largest --radius (a plain disc of cells; --sight is held to the sight limit,
/// `hexmap_map::MAX_SIGHT`, as `fov` is). Both are first cut to the map's extent.
const MAX_RADIUS: u32 = 1000;

/// Run `hexmap fog`.
pub fn fog(a: &FogArgs) -> Result<(), CliError> {
    let (map, form) = super::load_map(&a.map)?;
    let mut doc = Document::new(map);
    let hidden_before = doc.map().hidden_count();
    // What is done, and where (text), and how many cells it names.
    let (edit, verb, place, named) = match &a.action {
        FogAction::RevealAll => (
            Edit::Fog(FogEdit::RevealAll(true)),
            "revealed",
            "on the whole map".to_owned(),
            doc.map().cell_count(),
        ),
        FogAction::HideAll => (
            Edit::Fog(FogEdit::RevealAll(false)),
            "hid",
            "on the whole map".to_owned(),
            doc.map().cell_count(),
        ),
        FogAction::Reveal(at) | FogAction::Hide(at) => {
            let reveal = matches!(a.action, FogAction::Reveal(_));
            let map = doc.map();
            let h = super::cells::cell(map, &a.map, at.coords, "--at", &at.at)?;
            let in_file = |e: &dyn std::fmt::Display| CliError(format!("{}: {e}", a.map.display()));
            let hexes = match (at.sight, at.radius) {
                (Some(n), _) => map.field_of_view(h, n).map_err(|e| in_file(&e))?,
                (None, Some(n)) => {
                    let n = map.sight_distance(h, n);
                    if n > MAX_RADIUS {
                        return Err(in_file(&format!(
                            "--radius {n} is over the limit of {MAX_RADIUS}"
                        )));
                    }
                    hexmap_hex::range(h, n)
                        .filter(|c| map.contains(*c))
                        .collect()
                }
                (None, None) => vec![h],
            };
            let on_map = hexes.iter().filter(|c| map.contains(**c)).count();
            let edit = Edit::Fog(FogEdit::SetRevealed {
                hexes,
                revealed: reveal,
            });
            let verb = if reveal { "revealed" } else { "hid" };
            (
                edit,
                verb,
                format!("at {}", show_named(map, at.coords, h)),
                on_map,
            )
        }
    };
    doc.apply(&edit).map_err(|e| {
        let what = e.describe(&doc.map().properties().coord_context());
        CliError(format!("{}: {what}", a.map.display()))
    })?;
    // Only the cells whose state changed count: revealing a revealed cell changes nothing.
    let changed = doc.map().hidden_count().abs_diff(hidden_before);
    let unchanged = named - changed;
    let already = match (unchanged, verb) {
        (0, _) => String::new(),
        (n, "revealed") => format!(" ({n} already revealed)"),
        (n, _) => format!(" ({n} already hidden)"),
    };
    let what = format!("{verb} {changed} cell(s) {place}{already}");
    super::save_read_map(&a.map, &a.map, doc.map(), form)?;
    if a.json {
        let action = match &a.action {
            FogAction::Reveal(_) => "reveal",
            FogAction::Hide(_) => "hide",
            FogAction::RevealAll => "reveal-all",
            FogAction::HideAll => "hide-all",
        };
        return print_json(&serde_json::json!({
            "file": path_text(&a.map),
            "action": action,
            "cells_named": named,
            "changed": changed,
            "hidden": doc.map().hidden_count(),
            "cells": doc.map().cell_count(),
        }));
    }
    println!(
        "{}: {what}; {} of {} cells hidden",
        a.map.display(),
        doc.map().hidden_count(),
        doc.map().cell_count()
    );
    Ok(())
}
