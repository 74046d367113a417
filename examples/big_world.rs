//! Writes a generated 1000 × 1000 world and a 120 × 80 window of it, both as maps, for the
//! pictures of docs/GENERATE.md ("Big worlds"): the whole world shows its continents, the
//! window shows what a part of it looks like at the size a 120 × 80 map is drawn, where a
//! big world must still have relief, coasts, forests, rivers, towns and roads a few hexes
//! apart.
//!
//! `cargo run --example big_world OUT_DIR [PRESET] [SEED] [COL,ROW]` writes
//! `OUT_DIR/big-world.ron` and `OUT_DIR/big-world-window.ron` (the window's top-left
//! column and row, default 100,700, even so odd rows stay odd); then
//! `hexmap export OUT_DIR/big-world.ron --to png whole.png --hex-pixels 1` and
//! `hexmap export OUT_DIR/big-world-window.ron --to png window.png --hex-pixels 14`.

use hexmap::generate::{Preset, Spec, generate};
use hexmap::hex::{OffsetKind, Orientation};
use hexmap::io::{Form, save};
use hexmap::map::{CellMove, MapShape};
use std::path::PathBuf;

fn main() {
    let mut args = std::env::args().skip(1);
    let out = PathBuf::from(args.next().expect("OUT_DIR"));
    let preset: Preset = args
        .next()
        .map_or(Preset::Continent, |p| p.parse().expect("a preset"));
    let seed: u64 = args
        .next()
        .map_or(7, |s| s.parse().expect("SEED: a number"));
    let (col, row) = args.next().map_or((100, 700), |s| {
        let (c, r) = s.split_once(',').expect("COL,ROW");
        (c.parse().expect("column"), r.parse().expect("row"))
    });
    let kind = OffsetKind::OddR;
    let shape = MapShape::rectangle(kind, 1000, 1000).expect("a valid shape");
    let spec = Spec::new(shape, Orientation::Pointy, preset, seed);
    let world = generate(&spec).expect("generates");
    std::fs::create_dir_all(&out).expect("the output folder");
    save(&out.join("big-world.ron"), &world, Form::Offset).expect("saves the world");
    let mut window = world;
    let moves = CellMove::Offset {
        kind,
        cols: -col,
        rows: -row,
    };
    window.relocate(MapShape::rectangle(kind, 120, 80).expect("a shape"), &moves);
    // Labels sit at world points and stay where they are: those of the rest of the world
    // would stretch the window's picture, so they go.
    let layout = window.layout().expect("a layout");
    let outside: Vec<_> = window
        .labels()
        .iter()
        .filter(|(_, l)| {
            layout
                .pixel_to_hex(l.at)
                .is_none_or(|h| !window.contains(h))
        })
        .map(|(id, _)| id)
        .collect();
    for id in outside {
        window.remove_label(id);
    }
    save(&out.join("big-world-window.ron"), &window, Form::Offset).expect("saves the window");
    println!("wrote {}", out.display());
}
