//! `hexmap route` and `hexmap reach`: the cheapest route between two cells and the movement
//! range from a cell, under the map's movement rule (terrain, edge features, paths; see
//! `HexMap::step_cost`). Cells are read as `col,row` in the map's offset kind unless
//! `--coords` names another system, as `mines --start` reads them.

use super::CliError;
use super::geometry::CoordChoiceParser;
use super::mines::{parse_cell, show};
use clap::Args;
use hexmap_hex::{CoordChoice, Hex, PathError};
use hexmap_io as io;
use hexmap_map::cost::format_hundredths;
use hexmap_map::{Cost, HexMap};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Arguments of `hexmap route`.
#[derive(Args, Debug)]
pub struct RouteArgs {
    /// The map.
    pub map: PathBuf,
    /// Start cell (col,row in the map's offset kind by default; negative values such as
    /// -2,3 are values, not options).
    #[arg(allow_hyphen_values = true)]
    pub from: String,
    /// Goal cell.
    #[arg(allow_hyphen_values = true)]
    pub to: String,
    /// System of FROM, TO and the printed cells (default: col,row in the map's offset
    /// kind; printed as axial q,r for systems other than offset and cube).
    #[arg(long, value_parser = CoordChoiceParser)]
    pub coords: Option<CoordChoice>,
    /// Print `{"cost": number|null, "hexes": [[q,r], …]}` (axial) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `hexmap reach`.
#[derive(Args, Debug)]
pub struct ReachArgs {
    /// The map.
    pub map: PathBuf,
    /// Start cell (col,row in the map's offset kind by default; -2,3 is a value).
    #[arg(allow_hyphen_values = true)]
    pub from: String,
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

/// A cell of the map (read from `path`) read from `text`, or an error naming the file,
/// the argument and what to do.
fn cell(
    map: &HexMap,
    path: &Path,
    coords: Option<CoordChoice>,
    what: &str,
    text: &str,
) -> Result<Hex, CliError> {
    let h = parse_cell(map, coords, text)
        .map_err(|CliError(e)| CliError(format!("{}: {what}: {e}", path.display())))?;
    if !map.contains(h) {
        return Err(CliError(format!(
            "{}: {what} {} is not a cell of the map (`hexmap info {}` shows its shape)",
            path.display(),
            show(map, coords, h),
            path.display()
        )));
    }
    Ok(h)
}

/// Points as JSON: a whole number when whole, else a decimal (hundredths are exact).
fn points_json(hundredths: u64) -> serde_json::Value {
    if hundredths.is_multiple_of(100) {
        serde_json::Value::from(hundredths / 100)
    } else {
        serde_json::Value::from(hundredths as f64 / 100.0)
    }
}

#[derive(Serialize)]
struct RouteJson {
    cost: serde_json::Value,
    hexes: Vec<[i32; 2]>,
}

/// Run `hexmap route`.
pub fn route(a: &RouteArgs) -> Result<(), CliError> {
    let (map, _) = io::load(&a.map)?;
    let from = cell(&map, &a.map, a.coords, "FROM", &a.from)?;
    let to = cell(&map, &a.map, a.coords, "TO", &a.to)?;
    let found = match map.route(from, to) {
        Ok(p) => Some(p),
        Err(PathError::Unreachable) => None,
        Err(e @ PathError::LimitReached) => return Err(CliError(e.to_string())),
    };
    if a.json {
        let out = RouteJson {
            cost: found
                .as_ref()
                .map_or(serde_json::Value::Null, |p| points_json(p.cost)),
            hexes: found
                .map(|p| p.hexes.iter().map(|h| [h.q, h.r]).collect())
                .unwrap_or_default(),
        };
        println!("{}", serde_json::to_string(&out)?);
        return Ok(());
    }
    match found {
        Some(p) => {
            let cells: Vec<String> = p.hexes.iter().map(|&h| show(&map, a.coords, h)).collect();
            println!(
                "cost {} in {} steps: {}",
                format_hundredths(p.cost),
                p.hexes.len() - 1,
                cells.join(" ")
            );
        }
        None => println!(
            "unreachable: no route from {} to {}",
            show(&map, a.coords, from),
            show(&map, a.coords, to)
        ),
    }
    Ok(())
}

#[derive(Serialize)]
struct ReachJson {
    hexes: Vec<(i32, i32, serde_json::Value)>,
}

/// Run `hexmap reach`.
pub fn reach(a: &ReachArgs) -> Result<(), CliError> {
    let (map, _) = io::load(&a.map)?;
    let from = cell(&map, &a.map, a.coords, "FROM", &a.from)?;
    let budget: Cost = a
        .budget
        .parse()
        .map_err(|e| CliError(format!("BUDGET: {e}")))?;
    let range = map.reach(from, budget.hundredths())?;
    let mut cells: Vec<(Hex, u32)> = range.iter().collect();
    cells.sort_unstable_by_key(|&(h, _)| h);
    if a.json {
        let out = ReachJson {
            hexes: cells
                .iter()
                .map(|&(h, c)| (h.q, h.r, points_json(u64::from(c))))
                .collect(),
        };
        println!("{}", serde_json::to_string(&out)?);
        return Ok(());
    }
    println!(
        "{} cells within {} of {}:",
        cells.len(),
        budget,
        show(&map, a.coords, from)
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
