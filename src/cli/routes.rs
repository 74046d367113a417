//! `hexmap route`, `hexmap reach` and `hexmap path-cost`: the cheapest route between two
//! cells, the movement range from a cell and what a given path costs, under the map's movement rule (terrain, edge features, paths; see
//! `HexMap::step_cost`). Cells are read as `col,row` in the map's offset kind unless
//! `--coords` names another system, as `mines --start` reads them.

use super::CliError;
use super::cells::{cell, read_system, show, show_named};
use super::geometry::CoordChoiceParser;
use super::queries;
use clap::Args;
use hexmap_hex::{CoordChoice, Hex};
use hexmap_map::Cost;
use hexmap_map::cost::format_hundredths;
use std::path::PathBuf;

/// Arguments of `hexmap reach`.
#[derive(Args, Debug)]
pub struct ReachArgs {
    /// The map and the start cell.
    #[command(flatten)]
    pub at: super::around::MapCell,
    /// Movement points to spend: a number with up to two decimals (6, 4.5).
    #[arg(allow_hyphen_values = true)]
    pub budget: String,
    /// System of FROM and the printed cells (as for `route`).
    #[arg(long, value_parser = CoordChoiceParser)]
    pub coords: Option<CoordChoice>,
    /// Print `{"hexes": [[q,r,cost], …]}` (axial, cost in points) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `hexmap path-cost`.
#[derive(Args, Debug)]
pub struct PathCostArgs {
    /// Which map of a file of several (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The map.
    pub map: PathBuf,
    /// The cells of the path in order, each next to the one before (col,row in the map's
    /// offset kind by default). Options go before `--` when a cell is negative:
    /// `path-cost MAP --json -- -2,3 -1,3`.
    #[arg(required = true, num_args = 1..)]
    pub hexes: Vec<String>,
    /// System of HEXES and the printed cells (as for `route`).
    #[arg(long, value_parser = CoordChoiceParser)]
    pub coords: Option<CoordChoice>,
    /// Print `{"cost": number|null, "hexes": [[q,r,cost so far], …], "blocked": null|[[q,r],[q,r]]}`
    /// (axial) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Run `hexmap route`.
pub fn route(a: &super::around::PairArgs) -> Result<(), CliError> {
    let (map, from, to) = a.read()?;
    let found = queries::find_route(&map, from, to)?;
    if a.json {
        super::answer::print_json(&queries::route_json(found.as_ref()))?;
        return Ok(());
    }
    match found {
        Some(p) => {
            let cells: Vec<String> = p.hexes.iter().map(|&h| show(&map, a.coords, h)).collect();
            println!(
                "cost {} in {} steps ({}): {}",
                format_hundredths(p.cost),
                p.hexes.len() - 1,
                read_system(&map, a.coords).name(),
                cells.join(" ")
            );
        }
        None => println!(
            "unreachable: no route from {} to {}",
            show_named(&map, a.coords, from),
            show_named(&map, a.coords, to)
        ),
    }
    Ok(())
}

/// Run `hexmap reach`.
pub fn reach(a: &ReachArgs) -> Result<(), CliError> {
    let (map, from) = a.at.read(a.coords)?;
    let budget: Cost = a
        .budget
        .parse()
        .map_err(|e| CliError(format!("BUDGET: {e}")))?;
    if a.json {
        super::answer::print_json(&queries::reach(&map, from, budget.hundredths())?)?;
        return Ok(());
    }
    let range = map.reach(from, budget.hundredths())?;
    let mut cells: Vec<(Hex, u32)> = range.iter().collect();
    cells.sort_unstable_by_key(|&(h, _)| h);
    println!(
        "{} cells within {} of {} ({}, cost):",
        cells.len(),
        budget,
        show_named(&map, a.coords, from),
        read_system(&map, a.coords).name()
    );
    for (h, c) in cells {
        println!(
            "{} {}",
            show(&map, a.coords, h),
            format_hundredths(u64::from(c))
        );
    }
    Ok(())
}

/// Run `hexmap path-cost`: the cost of walking the given cells in order under the movement
/// rule, or the first step that is not allowed.
pub fn path_cost(a: &PathCostArgs) -> Result<(), CliError> {
    let (map, _) = super::load_map(&a.map)?;
    let hexes = a
        .hexes
        .iter()
        .enumerate()
        .map(|(i, text)| cell(&map, &a.map, a.coords, &format!("HEX {}", i + 1), text))
        .collect::<Result<Vec<Hex>, _>>()?;
    let walked = queries::path_cost(&map, &hexes).map_err(|i| {
        CliError(format!(
            "{}: HEX {} ({}) and HEX {} ({}) are not neighbours",
            a.map.display(),
            i + 1,
            show_named(&map, a.coords, hexes[i]),
            i + 2,
            show_named(&map, a.coords, hexes[i + 1])
        ))
    })?;
    if a.json {
        return super::answer::print_json(&queries::path_cost_json(&walked));
    }
    let steps = hexes.len() - 1;
    match (walked.blocked, walked.reached.last()) {
        (Some((x, y)), _) => println!(
            "not passable: the step from {} to {} is not allowed (after {} of {steps} steps)",
            show_named(&map, a.coords, x),
            show_named(&map, a.coords, y),
            walked.reached.len() - 1
        ),
        (None, Some(&(_, total))) => {
            println!("cost {} in {steps} steps", format_hundredths(total));
        }
        (None, None) => {}
    }
    Ok(())
}
