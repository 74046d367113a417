//! The same seeds of each preset generated at several sizes and measured side by side: does
//! a big world look like a big world, or like a small one blown up? Per preset and size,
//! the mean over the seeds of
//! - the land share and each land biome's share of the land (percent);
//! - the lakes (connected Lake cells) by size: 1–3 hexes, 4–39, 40 and more, per world,
//!   and the share of the land and lakes under lakes (percent);
//! - settlements and road steps (hexes a road runs through) per 10,000 land hexes;
//! - detail: the share of land hexes with a land neighbour of another terrain, and the
//!   coast (land–water sides) per land hex — both fall when a big map is a small one
//!   magnified;
//! - the seconds one generation took (every stage).
//!
//! Its figures are recorded in docs/BENCHMARKS.md ("Worlds by size"). Run it in release:
//! `cargo run --release -p hexmap-generate --example world_sizes [SEEDS] [SIZES]`
//! (defaults: 5 seeds, sizes 120x80,200x150,500x500,1000x1000).

use hexmap_generate::grid::{Grid, NONE};
use hexmap_generate::stats::is_water_name;
use hexmap_generate::{Preset, Spec, generate_with_report};
use hexmap_hex::{OffsetKind, Orientation};
use hexmap_map::{HexMap, MapShape};
use std::time::Instant;

/// The land biomes of the standard table, in the columns' order.
const BIOMES: [&str; 13] = [
    "Grassland",
    "Forest",
    "Taiga",
    "Steppe",
    "Tundra",
    "Desert",
    "Savanna",
    "Rainforest",
    "Swamp",
    "Hills",
    "Mountains",
    "Snow",
    "Beach",
];

/// What one world measured.
#[derive(Default, Clone)]
struct Measure {
    land_share: f64,
    biomes: [f64; BIOMES.len()],
    lakes: [f64; 3],
    lake_share: f64,
    settlements: f64,
    road_steps: f64,
    detail: f64,
    coast: f64,
    seconds: f64,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let seeds: u64 = args
        .next()
        .map_or(5, |s| s.parse().expect("SEEDS: a number"));
    let sizes: Vec<(u32, u32)> = args
        .next()
        .unwrap_or_else(|| "120x80,200x150,500x500,1000x1000".to_owned())
        .split(',')
        .map(|s| {
            let (w, h) = s.split_once('x').expect("WIDTHxHEIGHT");
            (w.parse().expect("width"), h.parse().expect("height"))
        })
        .collect();
    println!(
        "{seeds} seeds (0–{}) per preset and size, pointy odd-r",
        seeds - 1
    );
    print!("{:<12} {:>10} {:>5} |", "preset", "size", "land");
    for b in BIOMES {
        print!(" {:>5}", &b[..b.len().min(5)]);
    }
    println!(
        " | {:>6} {:>6} {:>6} {:>5} | {:>6} {:>7} | {:>6} {:>6} | {:>6}",
        "lk1-3", "lk4-39", "lk40+", "lake%", "set/1e4", "road/1e4", "detail", "coast", "secs"
    );
    for preset in Preset::ALL {
        for &(w, h) in &sizes {
            let all: Vec<Measure> = (0..seeds).map(|seed| measure(preset, w, h, seed)).collect();
            let mean =
                |f: &dyn Fn(&Measure) -> f64| all.iter().map(f).sum::<f64>() / all.len() as f64;
            print!(
                "{:<12} {:>10} {:>5.1} |",
                preset.name(),
                format!("{w}x{h}"),
                mean(&|m| m.land_share * 100.0)
            );
            for k in 0..BIOMES.len() {
                print!(" {:>5.1}", mean(&|m| m.biomes[k] * 100.0));
            }
            println!(
                " | {:>6.1} {:>6.1} {:>6.1} {:>5.1} | {:>6.1} {:>7.0} | {:>5.1}% {:>6.3} | {:>6.2}",
                mean(&|m| m.lakes[0]),
                mean(&|m| m.lakes[1]),
                mean(&|m| m.lakes[2]),
                mean(&|m| m.lake_share * 100.0),
                mean(&|m| m.settlements),
                mean(&|m| m.road_steps),
                mean(&|m| m.detail * 100.0),
                mean(&|m| m.coast),
                mean(&|m| m.seconds),
            );
        }
    }
}

/// Generate `preset` at `width` × `height` with `seed` and measure it.
fn measure(preset: Preset, width: u32, height: u32, seed: u64) -> Measure {
    let shape = MapShape::rectangle(OffsetKind::OddR, width, height).expect("shape");
    let spec = Spec::new(shape, Orientation::Pointy, preset, seed);
    let t = Instant::now();
    let (map, report) = generate_with_report(&spec).expect("generates");
    let seconds = t.elapsed().as_secs_f64();
    let grid = Grid::of(&map);
    let names: Vec<Option<String>> = map
        .palette()
        .by_raw_id()
        .into_iter()
        .map(|t| t.map(|t| t.name.clone()))
        .collect();
    let raw = map.terrain_layer().raw();
    let name = |i: usize| names.get(usize::from(raw[i])).cloned().flatten();
    let water: Vec<bool> = (0..grid.len())
        .map(|i| name(i).is_some_and(|n| is_water_name(&n)))
        .collect();
    let land = water.iter().filter(|w| !**w).count().max(1) as f64;
    let mut m = Measure {
        land_share: land / grid.len() as f64,
        seconds,
        ..Measure::default()
    };
    let (mut edgy, mut coast) = (0usize, 0usize);
    for i in (0..grid.len()).filter(|&i| !water[i]) {
        let own = raw[i];
        if let Some(n) = name(i)
            && let Some(k) = BIOMES.iter().position(|b| b.eq_ignore_ascii_case(&n))
        {
            m.biomes[k] += 1.0 / land;
        }
        let nbrs = grid.nbr[i]
            .iter()
            .filter(|&&n| n != NONE)
            .map(|&n| n as usize);
        edgy += usize::from(nbrs.clone().any(|n| !water[n] && raw[n] != own));
        coast += nbrs.filter(|&n| water[n]).count();
    }
    m.detail = edgy as f64 / land;
    m.coast = coast as f64 / land;
    let lakes = lake_sizes(&grid, &map, &names);
    let lake_cells: usize = lakes.iter().sum();
    m.lake_share = lake_cells as f64 / (land + lake_cells as f64);
    for size in lakes {
        m.lakes[match size {
            1..=3 => 0,
            4..=39 => 1,
            _ => 2,
        }] += 1.0;
    }
    m.settlements = report.settlements.len() as f64 * 1e4 / land;
    let steps: usize = map
        .paths()
        .iter()
        .map(|p| p.hexes.len().saturating_sub(1))
        .sum();
    m.road_steps = steps as f64 * 1e4 / land;
    m
}

/// The size in hexes of each lake: the cells of terrain "Lake" joined through neighbours.
fn lake_sizes(grid: &Grid, map: &HexMap, names: &[Option<String>]) -> Vec<usize> {
    let raw = map.terrain_layer().raw();
    let lake = |i: usize| {
        names
            .get(usize::from(raw[i]))
            .and_then(|n| n.as_deref())
            .is_some_and(|n| n.eq_ignore_ascii_case("lake"))
    };
    let mut seen = vec![false; grid.len()];
    let mut out = Vec::new();
    for start in 0..grid.len() {
        if seen[start] || !lake(start) {
            continue;
        }
        seen[start] = true;
        let (mut stack, mut size) = (vec![start], 0);
        while let Some(i) = stack.pop() {
            size += 1;
            for &n in &grid.nbr[i] {
                if n != NONE && !seen[n as usize] && lake(n as usize) {
                    seen[n as usize] = true;
                    stack.push(n as usize);
                }
            }
        }
        out.push(size);
    }
    out
}
