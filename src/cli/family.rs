//! `hexmap family`: a file of several maps (a root and its child maps, linked to hexes,
//! icons or regions). `list` names every map by its path of links, `derive` makes a child
//! map from a hex of the root (or of the `--map` member) and saves the file in place,
//! `check` reports children that no longer meet their parent's sides, `extract` writes
//! one map (with its own children) to a file of its own. The rules are the map crate's
//! (`hexmap_map::family`).

use super::CliError;
use super::answer::{Writing, print_json};
use super::geometry::CoordChoiceParser;
use clap::{Args, Subcommand};
use hexmap_hex::CoordChoice;
use hexmap_io::Form;
use hexmap_map::family::{self, Link};
use hexmap_map::{HexMap, MapEdit};
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `hexmap family`.
#[derive(Args, Debug)]
pub struct FamilyArgs {
    /// The map file.
    pub file: PathBuf,
    /// What to do.
    #[command(subcommand)]
    pub command: FamilyCommand,
}

impl FamilyArgs {
    /// True when the subcommand answers in JSON.
    pub(super) fn answers_in_json(&self) -> bool {
        match &self.command {
            FamilyCommand::List { json } | FamilyCommand::Check { json } => *json,
            FamilyCommand::Derive(d) => d.json,
            FamilyCommand::Extract(e) => e.writing.json,
        }
    }
}

/// The `family` subcommands.
#[derive(Subcommand, Debug)]
pub enum FamilyCommand {
    /// Every map in the file: path, name, link, cells, and how it was derived.
    List {
        /// One JSON object per map in a list.
        #[arg(long)]
        json: bool,
    },
    /// Make a child map from HEX of the root (or of the `--map` member) and save the file
    /// in place, atomically.
    Derive(DeriveArgs),
    /// Report children whose border roads, rivers or side features no longer meet their
    /// parent's sides (exit 1 when there is any); nothing is changed.
    Check {
        /// One JSON object per problem in a list.
        #[arg(long)]
        json: bool,
    },
    /// Write the map at PATH (with its own children) to OUT as a file of its own.
    Extract(ExtractArgs),
}

/// Arguments of `hexmap family FILE derive`.
#[derive(Args, Debug)]
pub struct DeriveArgs {
    /// The parent map, when not the root (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The parent hex, as col,row in the map's offset kind (or in `--coords`).
    #[arg(allow_hyphen_values = true)]
    pub hex: String,
    /// The radius k of the hexagon of child hexes that tiles the parent hex: 3k² + 3k + 1
    /// child hexes, each √(3k² + 3k + 1) times smaller (k = 3: 37 hexes, 6.08 times).
    #[arg(long)]
    pub ratio: u32,
    /// The child's name (default: the hex's icon caption or key title, else "Hex LABEL").
    #[arg(long)]
    pub name: Option<String>,
    /// Seed of the terrain blend and of `--generate`.
    #[arg(long, default_value_t = 0, value_parser = super::parse_seed)]
    pub seed: u64,
    /// Add generated detail inside the child (relief and streams), keeping all that came
    /// from the parent.
    #[arg(long)]
    pub generate: bool,
    /// System of HEX (as for `route`).
    #[arg(long, value_parser = CoordChoiceParser)]
    pub coords: Option<CoordChoice>,
    /// Print one JSON object saying what was made.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `hexmap family FILE extract`.
#[derive(Args, Debug)]
pub struct ExtractArgs {
    /// The member's path (`hexmap family FILE list`).
    pub path: String,
    /// Where to write it (`-`: standard output).
    pub out: PathBuf,
    /// Write the cells as offset rows or cube cells (default: as the file is written).
    #[arg(long)]
    pub form: Option<Form>,
    /// Replace OUT, answer in JSON.
    #[command(flatten)]
    pub writing: Writing,
}

/// Run `hexmap family`.
pub fn run(a: &FamilyArgs) -> Result<(), CliError> {
    let (root, form) = hexmap_io::load(&a.file)?;
    let in_file = |e: &dyn std::fmt::Display| CliError(format!("{}: {e}", a.file.display()));
    match &a.command {
        FamilyCommand::List { json } => list(&root, *json),
        FamilyCommand::Check { json } => check(a, &root, *json),
        FamilyCommand::Derive(d) => derive(a, root, form, d),
        FamilyCommand::Extract(e) => {
            e.writing.check(&e.out, None)?;
            let index = family::find(&root, &e.path).map_err(|x| in_file(&x))?;
            let map = family::member_at(&root, &index).expect("found").clone();
            let form = e.form.unwrap_or(form);
            hexmap_io::save_from(Some(&a.file), &e.out, &map, form)?;
            if e.writing.json {
                print_json(&serde_json::json!({
                    "file": super::answer::path_text(&e.out),
                    "name": map.name(),
                    "maps": family::members(&map).len(),
                }))?;
            }
            Ok(())
        }
    }
}

#[derive(Serialize)]
struct MemberAnswer {
    path: String,
    name: String,
    /// `hex`, `icon` or `region`, and what it names (`null` for the root).
    link: Option<LinkAnswer>,
    cells: usize,
    /// The hexagon radius it was derived at.
    derived_ratio: Option<u32>,
    scale: Option<String>,
}

#[derive(Serialize)]
struct LinkAnswer {
    kind: &'static str,
    /// The hex's label, or the icon's or region's id.
    to: String,
}

fn list(root: &HexMap, json: bool) -> Result<(), CliError> {
    let answers: Vec<MemberAnswer> = family::members(root)
        .into_iter()
        .map(|m| {
            let map = family::member_at(root, &m.index).expect("listed");
            let child = family::child_at(root, &m.index);
            let parent = m
                .index
                .split_last()
                .and_then(|(_, up)| family::member_at(root, up));
            let link = child.zip(parent).map(|(c, p)| LinkAnswer {
                kind: match c.link {
                    Link::Hex(_) => "hex",
                    Link::Icon(_) => "icon",
                    Link::Region(_) => "region",
                },
                to: match c.link {
                    Link::Hex(_) => family::link_segment(p, c.link),
                    Link::Icon(id) => id.0.to_string(),
                    Link::Region(id) => id.0.to_string(),
                },
            });
            MemberAnswer {
                path: m.path,
                name: m.name,
                link,
                cells: map.cell_count(),
                derived_ratio: child.and_then(|c| c.derived).map(|d| d.radius),
                scale: map
                    .scale()
                    .map(|s| format!("{} {}", hexmap_map::scale::format_number(s.per_hex), s.unit)),
            }
        })
        .collect();
    if json {
        return print_json(&answers);
    }
    for m in answers {
        let depth = m.path.matches('/').count() / 2;
        let mut line = format!(
            "{}{}  ({}, {} cells",
            "  ".repeat(depth),
            m.path,
            m.name,
            m.cells
        );
        if let Some(s) = &m.scale {
            line.push_str(&format!(", {s} per hex"));
        }
        if let Some(k) = m.derived_ratio {
            line.push_str(&format!(", derived at ratio {k}"));
        }
        line.push(')');
        println!("{line}");
    }
    Ok(())
}

fn check(a: &FamilyArgs, root: &HexMap, json: bool) -> Result<(), CliError> {
    let problems = family::check::check(root);
    if json {
        let list: Vec<_> = problems
            .iter()
            .map(|p| serde_json::json!({ "path": p.path, "problem": p.message }))
            .collect();
        print_json(&list)?;
    } else {
        for p in &problems {
            println!("{}: {}", p.path, p.message);
        }
    }
    match problems.len() {
        0 => {
            if !json {
                println!("{}: every child meets its parent", a.file.display());
            }
            Ok(())
        }
        n => Err(CliError(format!(
            "{}: {n} place(s) where a child no longer meets its parent",
            a.file.display()
        ))),
    }
}

fn derive(a: &FamilyArgs, root: HexMap, form: Form, d: &DeriveArgs) -> Result<(), CliError> {
    let in_file = |e: &dyn std::fmt::Display| CliError(format!("{}: {e}", a.file.display()));
    let index = match super::member() {
        Some(path) => family::find(&root, path).map_err(|e| in_file(&e))?,
        None => Vec::new(),
    };
    let parent = family::member_at(&root, &index).expect("found").clone();
    let hex = super::cells::cell(&parent, &a.file, d.coords, "HEX", &d.hex)?;
    let name = d
        .name
        .clone()
        .unwrap_or_else(|| family::derive::default_name(&parent, hex));
    let mut child =
        family::derive::derive(&parent, hex, d.ratio, d.seed, &name).map_err(|e| in_file(&e))?;
    if d.generate {
        hexmap_generate::detail::add_detail(&mut child, d.seed).map_err(|e| in_file(&e))?;
    }
    let mut children = parent.children().to_vec();
    children.push(child);
    // Through the one edit path, as the editor's Maps panel does.
    let mut doc = hexmap_map::Document::new(parent);
    doc.apply(&hexmap_map::Edit::Map(MapEdit::SetChildren(children)))
        .map_err(|e| in_file(&e))?;
    let parent = doc.map().clone();
    let family_root = family::with_member(&root, &index, parent).expect("found");
    hexmap_io::save_from(Some(&a.file), &a.file, &family_root, form)?;
    let made = family::members(&family_root)
        .into_iter()
        .rfind(|m| m.index.starts_with(&index) && m.index.len() == index.len() + 1)
        .expect("the new child");
    let cells = family::member_at(&family_root, &made.index).map_or(0, HexMap::cell_count);
    if d.json {
        print_json(&serde_json::json!({
            "file": super::answer::path_text(&a.file),
            "path": made.path,
            "name": made.name,
            "cells": cells,
        }))?;
    } else {
        println!(
            "{}: derived {} ({} cells) from {}",
            a.file.display(),
            made.path,
            cells,
            super::cells::show_named(doc.map(), d.coords, hex)
        );
    }
    Ok(())
}
