//! Times the editor frames that apply a generated 1000 × 1000 world (Map → Generate… →
//! Apply on a large map: the window hands its finished map to the editor as one
//! `MapEdit::ReplaceMap`), docs/BENCHMARKS.md "Generated worlds".
//!
//! The frame that applies runs the UI pass (still on the old map) and the edit with its
//! undo record; the frame after it draws the new map (every chunk of the whole-map view is
//! new). A clone of the generated map is timed apart: the window used to make one in the
//! applying frame. Each run starts from the old map again (undo). `cargo run --release --example apply_generated [RUNS]` (default 5).

#[path = "support/headless.rs"]
mod headless;

use eframe::egui::{Key, Modifiers};
use headless::Editor;
use hexmap::app::Action;
use hexmap::generate::{Preset, Spec, generate};
use hexmap::hex::{OffsetKind, Orientation};
use hexmap::map::{Edit, HexMap, MapEdit, MapProperties, MapShape, Palette};
use std::time::Instant;

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

fn median(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[0], v[v.len() - 1])
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5)
        .max(1);
    let shape = MapShape::rectangle(OffsetKind::OddR, 1000, 1000).expect("a valid shape");
    let spec = Spec::new(shape.clone(), Orientation::Pointy, Preset::Island, 7);
    let t = Instant::now();
    let world = generate(&spec).expect("generates");
    println!("generate 1000x1000 island: {:.0} ms", ms(t));
    let props = MapProperties::new("blank", Orientation::Pointy);
    let blank = HexMap::new(props, shape, Palette::standard()).expect("a valid map");
    let mut ed = Editor::new(blank);
    for _ in 0..3 {
        ed.frame(Vec::new());
    }
    let (mut hand_over, mut applying, mut after, mut undo) = (vec![], vec![], vec![], vec![]);
    for _ in 0..runs {
        let t = Instant::now();
        ed.frame(Vec::new());
        let idle = ms(t);
        // A copy of the generated map (what the window handed over before it moved its
        // map into the edit), timed apart from the frame.
        let t = Instant::now();
        let copy = world.clone();
        hand_over.push(ms(t));
        ed.app
            .push(Action::Edit(Edit::Map(MapEdit::ReplaceMap(Box::new(copy)))));
        let t = Instant::now();
        ed.frame(Vec::new());
        applying.push(ms(t));
        let t = Instant::now();
        ed.frame(Vec::new());
        after.push(ms(t));
        assert!(ed.app.view().doc().map() == &world, "the world was applied");
        let t = Instant::now();
        ed.key(Key::Z, Modifiers::COMMAND);
        ed.frame(Vec::new());
        undo.push(ms(t));
        println!("  idle frame before: {idle:.1} ms");
    }
    for (what, v) in [
        ("a clone of the generated map", hand_over),
        ("frame that applies the edit", applying),
        ("frame after (draws the new map)", after),
        ("undo and its frame", undo),
    ] {
        let (m, lo, hi) = median(v);
        println!("{what}: median {m:.1} ms (min {lo:.1}, max {hi:.1}, {runs} runs)");
    }
}
