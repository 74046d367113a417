//! The side-by-side runs of more than three hexes left in generated worlds, listed one per
//! line: seed, preset, wind, the run's length in hexes, a hex between the two rivers, and
//! for each of the two rivers at the run's upstream end its Strahler order and the river
//! sides above it; at the end, how many worlds have such a run, and how many river sides
//! all the worlds have. What docs/BENCHMARKS.md's side-by-side figures are checked with.
//!
//! `cargo run --release -p hexmap-generate --example side_runs [FIRST_SEED] [SEEDS] [WIND]
//! [PRESET]` (defaults: 0, 50, west, every preset; WIND is west, east, north, south or
//! all).

use hexmap_generate::networks::Tree;
use hexmap_generate::rivers::RiverTypes;
use hexmap_generate::side_by_side::{MAX_SIDE_BY_SIDE, runs};
use hexmap_generate::{Preset, Spec, Wind, generate, is_water};
use hexmap_hex::{OffsetKind, Orientation};
use hexmap_map::MapShape;

fn main() {
    let mut args = std::env::args().skip(1);
    let first: u64 = args.next().map_or(0, |s| s.parse().expect("FIRST_SEED"));
    let seeds: u64 = args.next().map_or(50, |s| s.parse().expect("SEEDS"));
    let winds: Vec<Wind> = match args.next().as_deref() {
        None => vec![Wind::West],
        Some("all") => Wind::ALL.to_vec(),
        Some(w) => vec![w.parse().expect("WIND")],
    };
    let only = args.next();
    let mut worlds = 0;
    let mut long = 0;
    let mut river_sides = 0;
    for &wind in &winds {
        for preset in Preset::ALL {
            if only.as_ref().is_some_and(|p| p != preset.name()) {
                continue;
            }
            for seed in first..first + seeds {
                let shape = MapShape::rectangle(OffsetKind::OddR, 200, 150).expect("shape");
                let mut spec = Spec::new(shape, Orientation::Pointy, preset, seed);
                spec.climate.north = 70.0;
                spec.climate.south = 10.0;
                spec.climate.wind = wind;
                let mut map = generate(&spec).expect("generates");
                worlds += 1;
                let kinds = RiverTypes::of(&mut map).expect("a generated map has rivers");
                let sides = map
                    .edges()
                    .filter(|&(_, k)| kinds.contains(k))
                    .map(|(e, _)| e);
                let water: Vec<bool> = map.shape().iter().map(|h| is_water(&map, h)).collect();
                let tree = Tree::of(&map, &water, sides);
                river_sides += (0..tree.corners.len())
                    .filter(|&c| tree.down[c].is_some() && !tree.across_lake[c])
                    .count();
                let strahler = tree.strahler();
                let above = sides_above(&tree);
                let mut found = false;
                for run in runs(&tree)
                    .into_iter()
                    .filter(|r| r.hexes > MAX_SIDE_BY_SIDE)
                {
                    let (s, t, h) = run.pairs[0];
                    let o = OffsetKind::OddR.from_hex(h);
                    found = true;
                    println!(
                        "seed {seed:>3} {:<12} {:<5} run {} hexes at ({}, {}): order {} with {} sides above, beside order {} with {}",
                        preset.name(),
                        wind.name(),
                        run.hexes,
                        o.col,
                        o.row,
                        strahler[s as usize],
                        above[s as usize],
                        strahler[t as usize],
                        above[t as usize],
                    );
                }
                long += usize::from(found);
            }
        }
    }
    println!(
        "{long} of {worlds} worlds with a run over {MAX_SIDE_BY_SIDE} hexes; {river_sides} river sides"
    );
}

/// The river sides upstream of each corner of `tree`, the side below it included.
fn sides_above(tree: &Tree) -> Vec<u32> {
    let n = tree.corners.len();
    let mut above = vec![0u32; n];
    let mut order: Vec<u32> = tree.outlets.clone();
    let mut k = 0;
    while let Some(&c) = order.get(k) {
        k += 1;
        order.extend(&tree.up[c as usize]);
    }
    for &c in order.iter().rev() {
        let c = c as usize;
        if tree.down[c].is_some() && !tree.across_lake[c] {
            above[c] += 1;
        }
        let sum: u32 = tree.up[c].iter().map(|&u| above[u as usize]).sum();
        above[c] += sum;
    }
    above
}
