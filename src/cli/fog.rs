//! `hexmap fog`: fog of war on a map file, in place (issue 26): reveal or hide a cell,
//! the cells within a radius of it, or what it sees (the map's field of view), or every
//! cell. The map is saved atomically in the form it was read in.

use super::CliError;
use super::answer::{path_text, print_json};
use super::mines::show_named;
use clap::{Args, Subcommand};
use hexmap_hex::CoordChoice;
use hexmap_map::{Document, Edit, FogEdit};
use std::path::PathBuf;

/// Arguments of `hexmap fog`.
#[derive(Args, Debug)]
pub struct FogArgs {
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

/// Largest --radius or --sight.
const MAX_REACH: u32 = 1000;

/// Run `hexmap fog`.
pub fn fog(a: &FogArgs) -> Result<(), CliError> {
    let (map, form) = super::load_map(&a.map)?;
    let mut doc = Document::new(map);
    let (edit, what, changed) = match &a.action {
        FogAction::RevealAll => (
            Edit::Fog(FogEdit::RevealAll(true)),
            "revealed every cell".to_owned(),
            doc.map().cell_count(),
        ),
        FogAction::HideAll => (
            Edit::Fog(FogEdit::RevealAll(false)),
            "hid every cell".to_owned(),
            doc.map().cell_count(),
        ),
        FogAction::Reveal(at) | FogAction::Hide(at) => {
            let reveal = matches!(a.action, FogAction::Reveal(_));
            let map = doc.map();
            let h = super::routes::cell(map, &a.map, at.coords, "--at", &at.at)?;
            if let Some(n) = at.sight.or(at.radius)
                && n > MAX_REACH
            {
                return Err(CliError(format!(
                    "{}: --sight and --radius go up to {MAX_REACH}, got {n}",
                    a.map.display()
                )));
            }
            let hexes = match (at.sight, at.radius) {
                (Some(n), _) => map.field_of_view(h, n),
                (None, Some(n)) => hexmap_hex::range(h, n).collect(),
                (None, None) => vec![h],
            };
            let verb = if reveal { "revealed" } else { "hid" };
            let on_map = hexes.iter().filter(|c| map.contains(**c)).count();
            let what = format!(
                "{verb} {on_map} cell(s) at {}",
                show_named(map, at.coords, h)
            );
            let edit = Edit::Fog(FogEdit::SetRevealed {
                hexes,
                revealed: reveal,
            });
            (edit, what, on_map)
        }
    };
    doc.apply(&edit)
        .map_err(|e| CliError(format!("{}: {e}", a.map.display())))?;
    hexmap_io::save(&a.map, doc.map(), form)?;
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
            "cells_named": changed,
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
