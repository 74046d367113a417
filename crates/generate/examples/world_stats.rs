//! The generator's worlds measured over many seeds, as `hexmap stats` measures one: per
//! preset, the median and range of the land share, the highest Strahler order, the
//! bifurcation ratio Rb of the basins of order ≥ 3 (Schumm's weighted mean; the ratio
//! pooled over the whole map beside it), the length ratio and Hack's exponent h, and how many seeds meet
//! the goals real river networks hold (Rb 3–5, h 0.5–0.7) and have a river of order ≥ 4;
//! and, on maps spanning 60° of latitude (70° N to 10° N unless given), how many seeds have their
//! coldest land in the fifth of the rows at the polar edge, with the median of that band's
//! mean temperature, and how many have the coldest biomes there (the least biome
//! coldness: the mean of 0 for snow, 1 tundra, 2 taiga or steppe, 3 any other; the
//! standard table gives those below −10, −2 and 5 °C), the seeds missing
//! either named with their bands' figures; the median share of the land each biome takes;
//! and how many seeds have the lee of their highest range at least 25 % drier than its
//! windward side, measured along the wind over the range's whole length
//! ([`hexmap_generate::shadow`]). And how far rivers run side by side without joining:
//! the median (range) of the longest run in hexes, and how many seeds have no run over 3
//! hexes. Its figures are recorded in docs/BENCHMARKS.md.
//!
//! `cargo run -p hexmap-generate --example world_stats [SEEDS] [WIDTHxHEIGHT] [WIND]
//! [NORTH,SOUTH]` (defaults: 50 seeds, 200x150, west, 70N,10N; SEEDS is a count from seed
//! 0, or a range such as `50..100` for a second set; WIND is west, east, north, south, or
//! all for each in turn; the edges' latitudes as `hexmap generate --latitudes` takes them).

use hexmap_generate::shadow::rain_shadow;
use hexmap_generate::stats::WorldStats;
use hexmap_generate::{Preset, Spec, Wind, generate};
use hexmap_hex::{OffsetKind, Orientation};
use hexmap_map::MapShape;

fn main() {
    let mut args = std::env::args().skip(1);
    let seeds_arg = args.next().unwrap_or_else(|| "50".to_owned());
    let seed_range = parse_seeds(&seeds_arg);
    let (width, height) = args.next().map_or((200, 150), |s| {
        let (w, h) = s.split_once('x').expect("WIDTHxHEIGHT");
        (w.parse().expect("width"), h.parse().expect("height"))
    });
    let wind_arg = args.next();
    let latitudes_arg = args.next().unwrap_or_else(|| "70N,10N".to_owned());
    let (north, south) = latitudes_arg
        .split_once(',')
        .and_then(|(n, s)| {
            let parse = hexmap_generate::latitude_span::parse_latitude;
            Some((parse(n).ok()?, parse(s).ok()?))
        })
        .expect("NORTH,SOUTH: latitudes such as 70N,10N");
    if wind_arg.as_deref() == Some("all") {
        // Every wind in turn, each measured by a run of this example of its own.
        for w in Wind::ALL {
            let size = format!("{width}x{height}");
            let status = std::process::Command::new(std::env::current_exe().expect("this program"))
                .args([&seeds_arg, &size, w.name(), &latitudes_arg])
                .status()
                .expect("runs");
            assert!(status.success(), "the {} wind's run failed", w.name());
            println!();
        }
        return;
    }
    let wind: Wind = wind_arg
        .map_or(Ok(Wind::West), |s| s.parse())
        .expect("WIND: west, east, north, south or all");
    println!(
        "seeds {}–{} per preset, {width} x {height}, pointy hexes, {} wind, {latitudes_arg}",
        seed_range.start,
        seed_range.end - 1,
        wind.name()
    );
    println!(
        "{:<12} {:>15} {:>11} {:>17} {:>17} {:>17} {:>17} {:>7} {:>7} {:>7} {:>9} {:>12} {:>22} {:>15} {:>22}",
        "preset",
        "land",
        "max order",
        "Rb (basins)",
        "Rb (pooled)",
        "length ratio",
        "Hack h",
        "Rb ok",
        "h ok",
        "ord≥4",
        "cold top",
        "cold biomes",
        "top band °C",
        "lee ≥25% drier",
        "side by side ≤3 (run)"
    );
    let mut biomes = Vec::new();
    let mut hack_rows = Vec::new();
    for preset in Preset::ALL {
        let mut hack_fits = HackFits::default();
        let mut shares = vec![Vec::new(); BIOMES.len()];
        let mut land = Vec::new();
        let mut order = Vec::new();
        let mut rb = Vec::new();
        let mut pooled = Vec::new();
        let mut rl = Vec::new();
        let mut hack = Vec::new();
        let mut cold_top = 0;
        let mut cold_biomes_top = 0;
        // The seeds missing either climate goal, named below the table to be looked at.
        let mut cold_misses = Vec::new();
        let mut top_temperature = Vec::new();
        let mut dry_lee = 0;
        let mut lee_ratio = Vec::new();
        let mut apart = 0;
        let mut longest_run = Vec::new();
        for seed in seed_range.clone() {
            let shape = MapShape::rectangle(OffsetKind::OddR, width, height).expect("shape");
            let mut spec = Spec::new(shape, Orientation::Pointy, preset, seed);
            spec.climate.north = north;
            spec.climate.south = south;
            spec.climate.wind = wind;
            let map = generate(&spec).expect("generates");
            let s = WorldStats::of(&map);
            land.push(s.land_share());
            for (b, share) in BIOMES.iter().zip(&mut shares) {
                let cells = s
                    .terrains
                    .iter()
                    .find(|t| t.terrain.as_deref() == Some(*b))
                    .map_or(0, |t| t.cells);
                share.push(cells as f64 / s.land_cells.max(1) as f64);
            }
            order.push(f64::from(s.rivers.orders.last().map_or(0, |o| o.order)));
            rb.extend(s.rivers.basin_bifurcation_ratio);
            pooled.extend(s.rivers.bifurcation_ratio);
            rl.extend(s.rivers.length_ratio);
            let runs = s.rivers.side_by_side;
            longest_run.push(runs.longest as f64);
            if runs.longest <= hexmap_generate::side_by_side::MAX_SIDE_BY_SIDE {
                apart += 1;
            }
            hack.extend(s.rivers.hack.map(|h| h.exponent));
            hack_fits.add(&s.rivers);
            if let Some(r) = rain_shadow(&map, wind).map(|s| s.ratio()) {
                lee_ratio.push(r);
                if r <= 0.75 {
                    dry_lee += 1;
                }
            }
            let bands: Vec<f64> = s
                .climate
                .iter()
                .filter_map(|b| b.mean_temperature)
                .collect();
            // The band of the coldest biomes: the least biome coldness (snow 0, tundra 1,
            // taiga and steppe 2, any other 3), which also tells two wholly cold bands apart.
            let coldness: Vec<f64> = s.climate.iter().filter_map(|b| b.biome_coldness).collect();
            let biomes_top = coldness.len() == s.climate.len()
                && coldness.len() > 1
                && coldness[1..].iter().all(|&c| coldness[0] < c);
            if biomes_top {
                cold_biomes_top += 1;
            }
            let mut temperature_top = false;
            if let Some(&top) = s.climate.first().and_then(|b| b.mean_temperature.as_ref()) {
                top_temperature.push(top);
                if bands.len() == s.climate.len() && bands[1..].iter().all(|&t| top < t) {
                    cold_top += 1;
                    temperature_top = true;
                }
            }
            if !(temperature_top && biomes_top) {
                cold_misses.push(format!(
                    "{seed} (°C {}; cold biomes {}; biome coldness {})",
                    band_list(&s.climate, |b| b.mean_temperature, 1),
                    band_list(&s.climate, |b| b.cold_biome_share, 2),
                    band_list(&s.climate, |b| b.biome_coldness, 2)
                ));
            }
        }
        let within =
            |v: &[f64], lo: f64, hi: f64| v.iter().filter(|x| (lo..=hi).contains(*x)).count();
        println!(
            "{:<12} {:>15} {:>11} {:>17} {:>17} {:>17} {:>17} {:>7} {:>7} {:>7} {:>9} {:>12} {:>22} {:>15} {:>22}",
            preset.name(),
            spread(&land),
            spread(&order),
            spread(&rb),
            spread(&pooled),
            spread(&rl),
            spread(&hack),
            within(&rb, 3.0, 5.0),
            within(&hack, 0.5, 0.7),
            order.iter().filter(|&&o| o >= 4.0).count(),
            cold_top,
            cold_biomes_top,
            spread(&top_temperature),
            format!("{dry_lee} ({})", spread(&lee_ratio)),
            format!("{apart} ({})", spread(&longest_run)),
        );
        for miss in &cold_misses {
            println!(
                "    {}: the polar band is not the coldest on seed {miss}",
                preset.name()
            );
        }
        biomes.push((preset, shares));
        hack_rows.push((preset, hack_fits));
    }
    print_hack(&hack_rows);
    println!("\nshare of the land, median (lowest–highest)");
    print!("{:<12}", "preset");
    for b in BIOMES {
        print!(" {b:>17}");
    }
    println!();
    for (preset, shares) in biomes {
        print!("{:<12}", preset.name());
        for share in shares {
            print!(" {:>17}", spread(&share));
        }
        println!();
    }
}

/// Each latitude band's figure `of`, polar band first, to `decimals` places ("–" where
/// the band has no land).
fn band_list(
    bands: &[hexmap_generate::stats::ClimateBand],
    of: impl Fn(&hexmap_generate::stats::ClimateBand) -> Option<f64>,
    decimals: usize,
) -> String {
    bands
        .iter()
        .map(|b| of(b).map_or("–".to_owned(), |v| format!("{v:.decimals$}")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Hack's law over a preset's seeds: the fit of each seed and the fit of all their
/// basins pooled, with L to the divide (Hack's measure) and along the channel alone.
#[derive(Default)]
struct HackFits {
    /// Each seed's exponent, L to the divide.
    to_divide: Vec<f64>,
    /// Each seed's exponent, L the channel.
    channel: Vec<f64>,
    /// Each seed's exponent, L to the divide, A the map's own drainage's.
    drainage_area: Vec<f64>,
    /// The basins fitted on each seed.
    basins_per_seed: Vec<f64>,
    /// Every basin of every seed.
    pooled: Vec<hexmap_generate::hack::HackBasin>,
    /// The networks of order 3 or more on each seed (the basins Rb is taken from).
    order3_per_seed: Vec<f64>,
}

impl HackFits {
    /// Take one seed's river networks.
    fn add(&mut self, rivers: &hexmap_generate::networks::RiverStats) {
        self.to_divide.extend(rivers.hack.map(|h| h.exponent));
        self.channel.extend(rivers.hack_channel.map(|h| h.exponent));
        self.drainage_area.extend(
            hexmap_generate::hack::HackFit::drainage_area(&rivers.hack_basins).map(|h| h.exponent),
        );
        self.basins_per_seed
            .push(rivers.hack.map_or(0, |h| h.basins) as f64);
        self.pooled.extend_from_slice(&rivers.hack_basins);
        let order3 = rivers
            .networks
            .iter()
            .filter(|n| n.order >= hexmap_generate::networks::BASIN_MIN_ORDER)
            .count();
        self.order3_per_seed.push(order3 as f64);
    }
}

/// The table of Hack's exponent per preset.
fn print_hack(rows: &[(Preset, HackFits)]) {
    use hexmap_generate::hack::HackFit;
    println!(
        "\nHack's exponent h (L ∝ A^h, basins of {}+ hexes): per seed, median (lowest–highest) and seeds in 0.5–0.7; pooled: one fit of every basin of every seed",
        hexmap_generate::hack::HACK_MIN_AREA
    );
    println!(
        "{:<12} {:>18} {:>9} {:>18} {:>9} {:>14} {:>14} {:>18} {:>18}",
        "preset",
        "h to divide",
        "in range",
        "h channel",
        "in range",
        "pooled divide",
        "pooled chan.",
        "basins per seed",
        "order≥3 networks"
    );
    let within = |v: &[f64]| v.iter().filter(|x| (0.5..=0.7).contains(*x)).count();
    let pooled = |fit: Option<HackFit>| {
        fit.map_or("none".to_owned(), |f| {
            format!("{:.3} ({})", f.exponent, f.basins)
        })
    };
    for (preset, f) in rows {
        println!(
            "{:<12} {:>18} {:>9} {:>18} {:>9} {:>14} {:>14} {:>18} {:>18}",
            preset.name(),
            spread(&f.to_divide),
            within(&f.to_divide),
            spread(&f.channel),
            within(&f.channel),
            pooled(HackFit::to_divide(&f.pooled)),
            pooled(HackFit::channel(&f.pooled)),
            spread(&f.basins_per_seed),
            spread(&f.order3_per_seed),
        );
        println!(
            "{:<12} {:>18} {:>9} {:>33} (A the map's own drainage's, to the divide)",
            "",
            spread(&f.drainage_area),
            within(&f.drainage_area),
            pooled(HackFit::drainage_area(&f.pooled)),
        );
    }
}

/// The seeds of a SEEDS argument: `N` for 0 to N − 1, `A..B` for A to B − 1.
fn parse_seeds(arg: &str) -> std::ops::Range<u64> {
    let number = |s: &str| s.trim().parse::<u64>().expect("SEEDS: a number or A..B");
    match arg.split_once("..") {
        Some((a, b)) => number(a)..number(b),
        None => 0..number(arg),
    }
}

/// The standard table's land biomes whose shares are shown.
const BIOMES: [&str; 9] = [
    "Forest",
    "Grassland",
    "Steppe",
    "Desert",
    "Savanna",
    "Taiga",
    "Tundra",
    "Rainforest",
    "Swamp",
];

/// "median (lowest–highest) n" of `v`, or "none".
fn spread(v: &[f64]) -> String {
    if v.is_empty() {
        return "none".to_owned();
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let median = if s.len() % 2 == 1 {
        s[s.len() / 2]
    } else {
        (s[s.len() / 2 - 1] + s[s.len() / 2]) / 2.0
    };
    format!("{median:.2} ({:.2}–{:.2})", s[0], s[s.len() - 1])
}
