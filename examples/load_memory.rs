//! Peak memory of loading the map files that cost the most per byte (see
//! `support/hostile_maps.rs`), with a counting allocator: heap bytes at the peak of
//! `io::load` (reading the file included) above what was live before, and the bytes the
//! loaded map keeps.
//!
//! `cargo run --release --example load_memory -- [CELLS] [--write DIR]`
//!
//! CELLS (default 2,000,000) sets the size of every input; `--write DIR` also leaves the
//! files in DIR (for measuring a whole `hexmap validate` run with GNU time).

#[path = "support/hostile_maps.rs"]
mod hostile_maps;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator and only counts sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(l.size(), Ordering::Relaxed) + l.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        // SAFETY: same layout contract as the caller's.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
        // SAFETY: `p` came from `alloc` with this layout.
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut n, mut keep) = (2_000_000usize, None::<std::path::PathBuf>);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--write" => keep = args.next().map(Into::into),
            other => n = other.replace('_', "").parse().expect("CELLS is a number"),
        }
    }
    let tmp = tempfile::tempdir().expect("temp folder");
    let dir = keep.unwrap_or_else(|| tmp.path().to_owned());
    std::fs::create_dir_all(&dir).expect("output folder");
    println!("| input | file | peak | peak / file | map | result |");
    println!("|---|---:|---:|---:|---:|---|");
    for (i, (name, text, _)) in hostile_maps::worst_inputs(n).into_iter().enumerate() {
        let path = dir.join(format!("{i:02}.ron"));
        std::fs::write(&path, &text).expect("write input");
        let size = text.len();
        drop(text);
        let base = LIVE.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let result = hexmap::io::load(&path);
        let peak = PEAK.load(Ordering::Relaxed) - base;
        // What the loaded map itself occupies (bytes still live).
        let map = LIVE.load(Ordering::Relaxed).saturating_sub(base);
        let outcome = match &result {
            Ok(_) => "loads".to_owned(),
            Err(e) => {
                let e = e.to_string();
                let e = e.split_once(": ").map_or(e.as_str(), |x| x.1).to_owned();
                format!("refused: {}", e.chars().take(60).collect::<String>())
            }
        };
        println!(
            "| {name} | {:.1} MB | {:.1} MB | {:.2} | {:.1} MB | {outcome} |",
            size as f64 / 1e6,
            peak as f64 / 1e6,
            peak as f64 / size as f64,
            map as f64 / 1e6
        );
    }
}
