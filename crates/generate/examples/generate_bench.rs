//! Times `hexmap_generate` (every stage) on a 100×100 and a 1000×1000 map against the
//! generator's goals (≤ 100 ms so the editor's preview follows a slider, ≤ 10 s for the
//! largest maps).
//! A bench binary rather than a criterion bench so it builds with the map crate alone:
//! `cargo run --release -p hexmap-generate --example generate_bench [RUNS]` prints the median
//! and the range of RUNS runs (default 5) per size (docs/BENCHMARKS.md). For the
//! 1000×1000 worlds it also times what applying one in the editor costs the map side: a
//! clone of the generated map (the Generate window's hand-over) and
//! `Document::apply(MapEdit::ReplaceMap)` (the edit with its undo record) on a blank map.
//! It also runs each size once piece by piece, as a browser's frames run it
//! (`generate_in_steps` polled with `steps::step`), and prints the longest piece between
//! two pauses: what one frame would hold.

use hexmap_generate::{Preset, Spec, generate_in_steps, generate_with_report};
use hexmap_hex::{OffsetKind, Orientation};
use hexmap_map::steps::{Steps, step};
use hexmap_map::{Document, Edit, HexMap, MapEdit, MapProperties, MapShape, Palette};
use std::time::Instant;

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5)
        .max(1);
    for (side, preset) in [
        (100, Preset::Continent),
        (100, Preset::Island),
        (1000, Preset::Continent),
        (1000, Preset::Island),
    ] {
        let shape = MapShape::rectangle(OffsetKind::OddR, side, side).expect("a valid shape");
        let spec = Spec::new(shape, Orientation::Pointy, preset, 7);
        let mut times = Vec::with_capacity(runs);
        let mut last = String::new();
        let mut world = None;
        for _ in 0..runs {
            let t = Instant::now();
            let (map, report) = generate_with_report(&spec).expect("generates");
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            last = format!(
                "{} rivers, {} settlements, {} roads",
                report.rivers.len(),
                report.settlements.len(),
                map.paths().len()
            );
            world = Some(map);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "generate {side}x{side} {}: median {:.1} ms (min {:.1}, max {:.1}, {runs} runs; {last})",
            preset.name(),
            times[runs / 2],
            times[0],
            times[runs - 1]
        );
        let (longest, pieces) = longest_piece(&spec);
        println!("  in steps: {pieces} pieces, the longest {longest:.1} ms");
        if side == 1000 {
            apply_times(&world.expect("generated"), runs);
        }
    }
}

/// Generate `spec` a piece at a time; the longest piece in ms and how many there were.
fn longest_piece(spec: &Spec) -> (f64, usize) {
    let mut work: Steps<'_, _> = Box::pin(generate_in_steps(spec));
    let (mut longest, mut pieces) = (0.0f64, 0);
    loop {
        let t = Instant::now();
        let done = step(&mut work);
        longest = longest.max(t.elapsed().as_secs_f64() * 1000.0);
        pieces += 1;
        if let Some(out) = done {
            out.expect("generates");
            return (longest, pieces);
        }
    }
}

/// The clone and the `ReplaceMap` edit of applying `world` on a blank map of its shape.
fn apply_times(world: &HexMap, runs: usize) {
    let props = MapProperties::new("blank", Orientation::Pointy);
    let blank =
        HexMap::new(props, world.shape().clone(), Palette::standard()).expect("a valid map");
    let mut doc = Document::new(blank);
    let (mut clones, mut applies) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        let t = Instant::now();
        let copy = world.clone();
        clones.push(t.elapsed().as_secs_f64() * 1000.0);
        let edit = Edit::Map(MapEdit::ReplaceMap(Box::new(copy)));
        let t = Instant::now();
        doc.apply(&edit).expect("applies");
        applies.push(t.elapsed().as_secs_f64() * 1000.0);
        drop(edit);
        doc.undo();
    }
    for (what, mut v) in [("clone", clones), ("ReplaceMap apply", applies)] {
        v.sort_by(f64::total_cmp);
        println!(
            "  {what}: median {:.1} ms (min {:.1}, max {:.1})",
            v[runs / 2],
            v[0],
            v[runs - 1]
        );
    }
}
