//! Peak memory of the editor on a 1000 × 1000 map with 100 undo steps:
//!
//! `cargo run --release --example editor_memory`
//!
//! Runs the whole editor headless (`EditorApp::show` on a bare egui context, so no GPU
//! buffers or window-system memory are counted): opens the generated map, draws it at the
//! whole-map, middle and 40 px zooms, then paints 100 brush strokes (radius 3, 100 hexes
//! each, every one its own undo step) and draws again. Prints the process's resident set
//! (VmRSS) and peak (VmHWM) from /proc/self/status after each phase, and the undo history's
//! and chunk cache's own byte counts.

#[path = "support/headless.rs"]
mod headless;
#[path = "support/terrain.rs"]
mod terrain;

use headless::{Editor, stroke_events};
use hexmap::hex::{OffsetCoord, OffsetKind};

/// (VmRSS, VmHWM) in MiB, from /proc/self/status (Linux).
fn rss_and_peak() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(f64::NAN, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn report(phase: &str, ed: &Editor) {
    let (rss, peak) = rss_and_peak();
    let history = ed.app.view().doc().document().history();
    println!(
        "{phase:<40} RSS {rss:6.1} MiB  peak {peak:6.1} MiB  undo steps {:3}  history {:7} B  \
         chunk cache {:5.1} MiB",
        history.undo_len(),
        history.heap_bytes(),
        ed.app.view().cached_chunk_bytes() as f64 / (1024.0 * 1024.0)
    );
}

fn main() {
    let (rss, peak) = rss_and_peak();
    println!("{:<40} RSS {rss:6.1} MiB  peak {peak:6.1} MiB", "start");
    let map = terrain::varied_map(1000, 1000, 7);
    let cells = map.cell_count();
    let mut ed = Editor::new(map);
    report("1000x1000 open, first frame (whole map)", &ed);

    let fit = *ed.app.view().camera();
    let fit_px = ed.radius_px();
    for px in [(fit_px * 23.1).sqrt(), 23.1] {
        ed.look_at(fit.centre, px);
        for _ in 0..3 {
            ed.frame(Vec::new());
        }
    }
    report("drawn at middle and 40 px zooms", &ed);

    // 100 strokes, each across 100 hexes with radius 3, on different rows: 100 undo steps.
    let kind = OffsetKind::OddR;
    let stroke_px = ed.radius_for_row_of(100);
    ed.grow_brush_to(3);
    for i in 0..100 {
        let row = 5 + i * 9;
        let a = kind.to_hex(OffsetCoord::new(450, row));
        let b = kind.to_hex(OffsetCoord::new(550, row));
        let mid = ed
            .app
            .view()
            .doc()
            .layout()
            .hex_to_pixel(kind.to_hex(OffsetCoord::new(500, row)));
        ed.look_at(mid, stroke_px);
        ed.frame(Vec::new());
        let [down, up] = stroke_events(ed.screen_of(a), ed.screen_of(b));
        ed.frame(down);
        ed.frame(up);
    }
    ed.frame(Vec::new());
    report("after 100 strokes (100 undo steps)", &ed);
    ed.app.set_camera(fit);
    for _ in 0..3 {
        ed.frame(Vec::new());
    }
    report("whole map again", &ed);
    let (_, peak) = rss_and_peak();
    println!(
        "map: {cells} hexes; peak resident set {peak:.1} MiB = {:.0} bytes per hex",
        peak * 1024.0 * 1024.0 / cells as f64
    );
}
