//! `hexmap generate`: a generated world written as a map file. The library does
//! the work (`hexmap_generate`); this parses the arguments, applies the overwrite
//! rule and saves atomically.

use super::CliError;
use super::answer::{path_text, print_json, warn};
use hexmap_generate::latitude_span::{self, LatitudeSpan};
use hexmap_generate::{BiomeTable, Preset, Spec, Wind, generate_with_report};
use hexmap_hex::Orientation;
use hexmap_io as io;
use hexmap_map::ShapeSpec;
use std::path::PathBuf;

/// Arguments of `hexmap generate`.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// The file to write.
    #[arg(required_unless_present = "print_biomes")]
    pub out: Option<PathBuf>,
    /// Shape: rect:WxH, hexagon:R, parallelogram:WxH or triangle:N.
    #[arg(long, required_unless_present = "print_biomes")]
    pub shape: Option<ShapeSpec>,
    /// pointy or flat.
    #[arg(long, default_value = "pointy")]
    pub orientation: Orientation,
    /// The seed: the same seed and arguments give the same file, byte for byte.
    #[arg(long, required_unless_present = "print_biomes", allow_hyphen_values = true,
          value_parser = super::parse_seed)]
    pub seed: Option<u64>,
    /// island, continent, archipelago or highlands.
    #[arg(long, default_value = "island")]
    pub preset: Preset,
    /// Share of the cells below sea level, in percent, e.g. 40 or 40% (default: the
    /// preset's: island 55, continent 35, archipelago 70, highlands 15).
    #[arg(long, value_parser = parse_percent, allow_hyphen_values = true)]
    pub sea: Option<u8>,
    /// The latitudes of the map's top and bottom edges, NORTH,SOUTH in degrees, e.g.
    /// 55N,40N or 55,40 (south of the equator: 10S or -10), or a named span: arctic,
    /// boreal, mid-latitudes, temperate, subtropics, tropics, "southern temperate",
    /// "pole to pole". Temperature follows them (default 60N,20N, the mid-latitudes).
    #[arg(long, value_name = "NORTH,SOUTH", value_parser = parse_latitudes, allow_hyphen_values = true)]
    pub latitudes: Option<(f32, f32)>,
    /// Degrees Celsius lost per kilometre of height (default 6.5, the Earth's mean).
    #[arg(long, value_name = "C_PER_KM", value_parser = parse_lapse_rate, allow_hyphen_values = true)]
    pub lapse_rate: Option<f32>,
    /// Where the prevailing wind blows from: west, east, north or south (default west).
    /// Moisture comes from that side and the land behind high ground lies in its rain
    /// shadow.
    #[arg(long)]
    pub wind: Option<Wind>,
    /// How many settlements (default: one per 150 land cells, at least 3, at most 6,000).
    #[arg(long)]
    pub settlements: Option<u32>,
    /// Lay no rivers.
    #[arg(long)]
    pub no_rivers: bool,
    /// Lay no roads.
    #[arg(long)]
    pub no_roads: bool,
    /// Name no landmass, sea, bay, lake, river, range, forest or desert (settlements keep their
    /// names).
    #[arg(long)]
    pub no_names: bool,
    /// Paint with the terrains of this map's palette (matched by name; missing terrains
    /// are added) instead of the standard generated palette.
    #[arg(long, value_name = "MAP")]
    pub palette_from: Option<PathBuf>,
    /// Turn elevation and moisture into terrain with this biome table file
    /// (docs/GENERATE.md; start from --print-biomes) instead of the standard table.
    #[arg(long, value_name = "FILE")]
    pub biomes: Option<PathBuf>,
    /// Write the standard biome table to standard output (a file to edit and give to
    /// --biomes), and nothing else.
    #[arg(long, conflicts_with_all = ["out", "shape", "seed", "biomes"])]
    pub print_biomes: bool,
    /// `--name` and `--form`, as every command that makes a new map has them.
    #[command(flatten)]
    pub new_map: super::map_cmds::NewMapFlags,
    /// `--force` and `--json`, as every command that writes a file has them.
    #[command(flatten)]
    pub writing: super::answer::Writing,
}

/// `40`, `40%` or `40 %` as a percentage from 0 to 100.
fn parse_percent(s: &str) -> Result<u8, String> {
    let digits = s.trim().trim_end_matches('%').trim();
    digits
        .parse::<u8>()
        .ok()
        .filter(|p| *p <= 100)
        .ok_or_else(|| format!("{s:?} is not a percentage from 0 to 100 (e.g. 40 or 40%)"))
}

/// Degrees Celsius per kilometre from 0 to 20, refused with the text as typed (a number too
/// large for the field would otherwise be told back as "inf").
fn parse_lapse_rate(s: &str) -> Result<f32, String> {
    s.trim()
        .parse::<f32>()
        .ok()
        .filter(|rate| (0.0..=20.0).contains(rate))
        .ok_or_else(|| {
            format!("{s:?} is not a lapse rate from 0 to 20 °C per km (the Earth's mean is 6.5)")
        })
}

/// `NORTH,SOUTH` (the latitudes of the map's top and bottom edges) or a named span
/// (`temperate`, `tropics`, …).
fn parse_latitudes(s: &str) -> Result<(f32, f32), String> {
    if let Some(span) = LatitudeSpan::named(s) {
        return Ok((span.north, span.south));
    }
    let (north, south) = s.split_once(',').ok_or_else(|| {
        let names: Vec<&str> = latitude_span::SPANS.iter().map(|s| s.name).collect();
        format!(
            "{s:?}: give the top and bottom edges' latitudes as NORTH,SOUTH, e.g. 55N,40N, \
             or one of: {}",
            names.join(", ")
        )
    })?;
    Ok((
        latitude_span::parse_latitude(north)?,
        latitude_span::parse_latitude(south)?,
    ))
}

/// Generate the map and save it.
pub fn generate(a: &GenerateArgs) -> Result<(), CliError> {
    if a.print_biomes {
        print!("{}", io::biomes::biomes_to_string(&BiomeTable::standard()));
        return Ok(());
    }
    // clap requires these unless --print-biomes is given.
    let (Some(out), Some(shape), Some(seed)) = (&a.out, &a.shape, a.seed) else {
        return Err(CliError("OUT, --shape and --seed are required".into()));
    };
    a.writing.check(out, None)?;
    let offset = hexmap_hex::OffsetKind::default_for(a.orientation);
    let shape = shape
        .to_shape(offset)
        .map_err(|e| CliError(format!("bad shape: {e}")))?;
    let mut spec = Spec::new(shape, a.orientation, a.preset, seed);
    if let Some(path) = &a.biomes {
        spec.biomes = io::biomes::load_biomes(path)?;
        for row in spec.biomes.unused_rows() {
            warn(format!(
                "{}: row {} ({}) is never used: the rows above it take every elevation and \
                 moisture it names",
                path.display(),
                row + 1,
                spec.biomes.rules[row].terrain.trim()
            ));
        }
    }
    spec.name = a.new_map.name_for(out);
    if let Some(sea) = a.sea {
        spec.sea_percent = sea;
    }
    if let Some((north, south)) = a.latitudes {
        spec.climate.north = north;
        spec.climate.south = south;
    }
    if let Some(rate) = a.lapse_rate {
        spec.climate.lapse_rate = rate;
    }
    if let Some(wind) = a.wind {
        spec.climate.wind = wind;
    }
    spec.settlements = a.settlements;
    spec.rivers = !a.no_rivers;
    spec.roads = !a.no_roads;
    spec.names = !a.no_names;
    if let Some(path) = &a.palette_from {
        let (map, _) = super::load_map(path)?;
        spec.palette = Some(map.palette().clone());
    }
    let (map, report) = generate_with_report(&spec)?;
    // A palette from another map keeps naming its tile art from there.
    io::save_from(a.palette_from.as_deref(), out, &map, a.new_map.form)?;
    let ctx = map.properties().coord_context();
    for (x, y) in &report.unrouted {
        warn(format!(
            "no road could be laid between {} and {} (impassable terrain or sides between them)",
            ctx.hex_name(*x),
            ctx.hex_name(*y)
        ));
    }
    let summary = report.summary(&map);
    if let Some(asked) = a.settlements.filter(|&n| summary.settlements < n as usize) {
        warn(format!(
            "{asked} settlements asked for, {} placed: the land has no more cells a settlement \
             can stand on (water, mountains and snow take none)",
            summary.settlements
        ));
    }
    if a.writing.json {
        print_json(&serde_json::json!({
            "file": path_text(out),
            "form": a.new_map.form.name(),
            "seed": seed,
            "cells": summary.cells,
            "sea_cells": summary.sea_cells,
            "rivers": summary.rivers,
            "settlements": summary.settlements,
            "road_paths": summary.roads,
            "unrouted": report
                .unrouted
                .iter()
                .map(|(x, y)| [[x.q, x.r], [y.q, y.r]])
                .collect::<Vec<_>>(),
        }))?;
    } else if !io::is_special_output(out) {
        println!("{}: {summary}", out.display());
    }
    Ok(())
}
