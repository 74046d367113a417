//! `hexmap distance`, `line`, `neighbours`, `ring` and `range`: plain geometry around cells
//! of a map, costs and sight left aside (`route`, `reach` and `fov` ask those). Cells are
//! read as `route` reads them (`col,row` in the map's offset kind unless `--coords` names
//! another system); `--json` answers as `batch` does (`queries`).

use super::CliError;
use super::cells::{cell, read_system, show, show_named};
use super::geometry::CoordChoiceParser;
use super::queries;
use clap::Args;
use hexmap_hex::{CoordChoice, Hex};
use hexmap_map::HexMap;
use std::path::PathBuf;

/// The map a question is about and the cell it asks from: the first arguments of `route`,
/// `reach`, `fov`, `los`, `distance`, `line`, `neighbours`, `ring` and `range`.
#[derive(Args, Debug)]
pub struct MapCell {
    /// Which map of a file of several (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The map.
    pub map: PathBuf,
    /// The cell asked from (col,row in the map's offset kind by default; negative values
    /// such as -2,3 are values, not options).
    #[arg(allow_hyphen_values = true)]
    pub from: String,
}

impl MapCell {
    /// The map, and FROM read in `coords` and checked to be a cell of it.
    pub(super) fn read(&self, coords: Option<CoordChoice>) -> Result<(HexMap, Hex), CliError> {
        let (map, _) = super::load_map(&self.map)?;
        let from = cell(&map, &self.map, coords, "FROM", &self.from)?;
        Ok((map, from))
    }
}

/// Arguments of the commands about two cells: `route`, `los`, `distance` and `line`.
#[derive(Args, Debug)]
pub struct PairArgs {
    /// The map and FROM.
    #[command(flatten)]
    pub at: MapCell,
    /// The second cell.
    #[arg(allow_hyphen_values = true)]
    pub to: String,
    /// System of FROM, TO and the printed cells (default: col,row in the map's offset
    /// kind; printed as axial q,r for systems other than offset and cube).
    #[arg(long, value_parser = CoordChoiceParser)]
    pub coords: Option<CoordChoice>,
    /// Print the answer as one JSON object (axial hexes; docs/JSON.md) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `neighbours`.
#[derive(Args, Debug)]
pub struct CellArgs {
    /// The map and the cell.
    #[command(flatten)]
    pub at: MapCell,
    /// System of FROM and the printed cells (as for `route`).
    #[arg(long, value_parser = CoordChoiceParser)]
    pub coords: Option<CoordChoice>,
    /// Print `{"hexes": [[q, r, "E"], …]}` (axial, with each side's name) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of the commands about the cells around one: `fov`, `ring` and `range`.
#[derive(Args, Debug)]
pub struct AroundArgs {
    /// The map and the centre.
    #[command(flatten)]
    pub at: MapCell,
    /// How many steps from the centre: a radius past the map's farthest cell is cut to it
    /// (`fov` then allows at most 100).
    pub radius: u32,
    /// System of FROM and the printed cells (default: col,row in the map's offset kind;
    /// printed as axial q,r for systems other than offset and cube).
    #[arg(long, value_parser = CoordChoiceParser)]
    pub coords: Option<CoordChoice>,
    /// Print `{"hexes": [[q, r], …]}` (axial) instead of text.
    #[arg(long)]
    pub json: bool,
}

impl PairArgs {
    /// The map and the two cells, each checked to be a cell of it.
    pub(super) fn read(&self) -> Result<(HexMap, Hex, Hex), CliError> {
        let (map, from) = self.at.read(self.coords)?;
        let to = cell(&map, &self.at.map, self.coords, "TO", &self.to)?;
        Ok((map, from, to))
    }
}

/// Run `hexmap distance`.
pub fn distance(a: &PairArgs) -> Result<(), CliError> {
    let (map, from, to) = a.read()?;
    if a.json {
        return super::answer::print_json(&queries::distance(from, to));
    }
    println!(
        "{} steps from {} to {}",
        from.distance(to),
        show_named(&map, a.coords, from),
        show_named(&map, a.coords, to)
    );
    Ok(())
}

/// Run `hexmap line`.
pub fn line(a: &PairArgs) -> Result<(), CliError> {
    let (map, from, to) = a.read()?;
    if a.json {
        return super::answer::print_json(&queries::line(from, to));
    }
    let hexes = hexmap_hex::line(from, to);
    println!(
        "{} hexes ({}): {}",
        hexes.len(),
        read_system(&map, a.coords).name(),
        shown(&map, a.coords, &hexes)
    );
    Ok(())
}

/// Run `hexmap neighbours`.
pub fn neighbours(a: &CellArgs) -> Result<(), CliError> {
    let (map, h) = a.at.read(a.coords)?;
    if a.json {
        return super::answer::print_json(&queries::neighbours(&map, h));
    }
    let orientation = map.properties().orientation;
    let next = map.neighbours_on_map(h);
    println!(
        "{} cells next to {} ({}):",
        next.len(),
        show_named(&map, a.coords, h),
        read_system(&map, a.coords).name()
    );
    for (d, n) in next {
        println!("{} {}", d.name_on(orientation), show(&map, a.coords, n));
    }
    Ok(())
}

/// Run `hexmap ring`.
pub fn ring(a: &AroundArgs) -> Result<(), CliError> {
    around(a, "at", HexMap::ring_cells, queries::ring)
}

/// Run `hexmap range`.
pub fn range(a: &AroundArgs) -> Result<(), CliError> {
    around(a, "within", HexMap::cells_within, queries::range)
}

/// `ring` or `range`: the cells `cells` finds around the centre, as text ("N cells `word`
/// R of …") or as the JSON of `answer`.
fn around(
    a: &AroundArgs,
    word: &str,
    cells: fn(&HexMap, Hex, u32) -> Vec<Hex>,
    answer: fn(&HexMap, Hex, u32) -> serde_json::Value,
) -> Result<(), CliError> {
    let (map, centre) = a.at.read(a.coords)?;
    if a.json {
        return super::answer::print_json(&answer(&map, centre, a.radius));
    }
    let found = cells(&map, centre, a.radius);
    println!(
        "{} cells {word} {} of {} ({}): {}",
        found.len(),
        a.radius,
        show_named(&map, a.coords, centre),
        read_system(&map, a.coords).name(),
        shown(&map, a.coords, &found)
    );
    Ok(())
}

/// `hexes` in the system cells are read in, separated by spaces.
pub(super) fn shown(map: &HexMap, coords: Option<CoordChoice>, hexes: &[Hex]) -> String {
    let words: Vec<String> = hexes.iter().map(|&h| show(map, coords, h)).collect();
    words.join(" ")
}
