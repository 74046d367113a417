//! `hexmap stats`: a map measured as a world (land share, elevation histogram, terrain
//! shares, river networks with Strahler orders, bifurcation and length ratios and Hack's
//! exponent), as text or JSON. The numbers come from `hexmap_generate::stats`.

use super::CliError;
use clap::Args;
use hexmap_generate::networks::{HACK_MIN_AREA, RiverStats};
use hexmap_generate::stats::{ELEVATION_BIN, WorldStats};
use serde::Serialize;
use std::path::PathBuf;

/// Arguments of `hexmap stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    /// Which map of a file of several (`--map PATH`).
    #[command(flatten)]
    pub member: super::MemberArg,
    /// The map file.
    pub map: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The JSON answer.
#[derive(Serialize)]
struct StatsAnswer {
    file: String,
    cells: usize,
    land_cells: usize,
    land_share: f64,
    elevation_bin_metres: i32,
    elevation_histogram: Vec<BinAnswer>,
    terrains: Vec<TerrainAnswer>,
    rivers: RiversAnswer,
    /// The land's climate by fifth of the rows, top first; left out without climate.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    climate_bands: Vec<ClimateAnswer>,
}

#[derive(Serialize)]
struct ClimateAnswer {
    rows_from: i32,
    rows_below: i32,
    land_cells: usize,
    mean_temperature: Option<f64>,
    mean_moisture: Option<f64>,
    cold_biome_share: Option<f64>,
    biome_coldness: Option<f64>,
}

#[derive(Serialize)]
struct BinAnswer {
    from: i32,
    below: i32,
    cells: usize,
}

#[derive(Serialize)]
struct TerrainAnswer {
    terrain: Option<String>,
    cells: usize,
    share: f64,
}

#[derive(Serialize)]
struct RiversAnswer {
    networks: usize,
    sides: usize,
    max_order: u8,
    orders: Vec<OrderAnswer>,
    bifurcation_ratio: Option<f64>,
    basin_bifurcation_ratio: Option<f64>,
    length_ratio: Option<f64>,
    hack_exponent: Option<f64>,
    hack_exponent_channel: Option<f64>,
    hack_basins: usize,
    hack_min_area: u32,
    side_by_side_longest: usize,
    network_list: Vec<NetworkAnswer>,
    streams: Vec<StreamAnswer>,
}

#[derive(Serialize)]
struct OrderAnswer {
    order: u8,
    streams: usize,
    mean_sides: f64,
}

#[derive(Serialize)]
struct NetworkAnswer {
    order: u8,
    sides: usize,
    area: u32,
    main_length: u32,
}

#[derive(Serialize)]
struct StreamAnswer {
    order: u8,
    sides: u32,
}

impl RiversAnswer {
    fn of(r: &RiverStats) -> Self {
        RiversAnswer {
            networks: r.networks.len(),
            sides: r.networks.iter().map(|n| n.sides).sum(),
            max_order: r.orders.last().map_or(0, |o| o.order),
            orders: r
                .orders
                .iter()
                .map(|o| OrderAnswer {
                    order: o.order,
                    streams: o.streams,
                    mean_sides: o.mean_sides,
                })
                .collect(),
            bifurcation_ratio: r.bifurcation_ratio,
            basin_bifurcation_ratio: r.basin_bifurcation_ratio,
            length_ratio: r.length_ratio,
            hack_exponent: r.hack.map(|h| h.exponent),
            hack_exponent_channel: r.hack_channel.map(|h| h.exponent),
            hack_basins: r.hack.map_or(0, |h| h.basins),
            hack_min_area: HACK_MIN_AREA,
            side_by_side_longest: r.side_by_side.longest,
            network_list: r
                .networks
                .iter()
                .map(|n| NetworkAnswer {
                    order: n.order,
                    sides: n.sides,
                    area: n.area,
                    main_length: n.main_length,
                })
                .collect(),
            streams: r
                .streams
                .iter()
                .map(|s| StreamAnswer {
                    order: s.order,
                    sides: s.sides,
                })
                .collect(),
        }
    }
}

/// `hexmap stats`: measure a map.
pub fn stats(a: &StatsArgs) -> Result<(), CliError> {
    let (map, _) = super::load_map(&a.map)?;
    let s = WorldStats::of(&map);
    let answer = StatsAnswer {
        file: a.map.display().to_string(),
        cells: s.cells,
        land_cells: s.land_cells,
        land_share: s.land_share(),
        elevation_bin_metres: ELEVATION_BIN,
        elevation_histogram: s
            .elevation
            .iter()
            .map(|b| BinAnswer {
                from: b.from,
                below: b.from + ELEVATION_BIN,
                cells: b.cells,
            })
            .collect(),
        terrains: s
            .terrains
            .iter()
            .map(|t| TerrainAnswer {
                terrain: t.terrain.clone(),
                cells: t.cells,
                share: t.share,
            })
            .collect(),
        rivers: RiversAnswer::of(&s.rivers),
        climate_bands: s
            .climate
            .iter()
            .map(|b| ClimateAnswer {
                rows_from: b.rows_from,
                rows_below: b.rows_below,
                land_cells: b.land_cells,
                mean_temperature: b.mean_temperature,
                mean_moisture: b.mean_moisture,
                cold_biome_share: b.cold_biome_share,
                biome_coldness: b.biome_coldness,
            })
            .collect(),
    };
    if a.json {
        return super::answer::print_json(&answer);
    }
    print!("{}", text(&answer));
    Ok(())
}

/// The answer for a person.
fn text(a: &StatsAnswer) -> String {
    let mut out = format!(
        "{}: {} cells, {:.1}% land\n",
        a.file,
        a.cells,
        a.land_share * 100.0
    );
    if !a.elevation_histogram.is_empty() {
        out += "elevation:\n";
        for b in &a.elevation_histogram {
            out += &format!("  {:>6} to {:>6} m: {}\n", b.from, b.below, b.cells);
        }
    }
    out += "terrains:\n";
    for t in &a.terrains {
        let name = t.terrain.as_deref().unwrap_or("(none)");
        out += &format!("  {name}: {} ({:.1}%)\n", t.cells, t.share * 100.0);
    }
    if !a.climate_bands.is_empty() {
        out += "land climate by fifth of the rows, top first:\n";
        let num = |x: Option<f64>, unit: &str| {
            x.map_or_else(|| "n/a".to_owned(), |x| format!("{x:.1} {unit}"))
        };
        for b in &a.climate_bands {
            out += &format!(
                "  rows {} to {}: {} land cells, {}, {} moisture, {} snow, tundra, taiga or steppe, biome coldness {}\n",
                b.rows_from,
                b.rows_below - 1,
                b.land_cells,
                num(b.mean_temperature, "°C"),
                num(b.mean_moisture, "%"),
                num(b.cold_biome_share.map(|s| s * 100.0), "%"),
                b.biome_coldness
                    .map_or_else(|| "n/a".to_owned(), |c| format!("{c:.2}"))
            );
        }
    }
    let r = &a.rivers;
    out += &format!(
        "rivers: {} networks, {} sides, highest Strahler order {}\n",
        r.networks, r.sides, r.max_order
    );
    for o in &r.orders {
        out += &format!(
            "  order {}: {} streams, {:.1} sides on average\n",
            o.order, o.streams, o.mean_sides
        );
    }
    let num = |x: Option<f64>| x.map_or_else(|| "n/a".to_owned(), |x| format!("{x:.2}"));
    out += &format!(
        "  bifurcation ratio {} (basins of order 3+: {}), length ratio {}, Hack's exponent {} (channels alone: {}; {} basins of {}+ hexes)\n",
        num(r.bifurcation_ratio),
        num(r.basin_bifurcation_ratio),
        num(r.length_ratio),
        num(r.hack_exponent),
        num(r.hack_exponent_channel),
        r.hack_basins,
        r.hack_min_area
    );
    out += &format!(
        "  longest run of two rivers side by side without joining: {} hexes\n",
        r.side_by_side_longest
    );
    out
}
