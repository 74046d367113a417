//! Measure memory per cell of a 1000 × 1000 map and the undo memory of a 1000-cell stroke
//! with a counting allocator (bytes live after minus before).
//!
//! `cargo run --release --example map_memory`

#[path = "support/terrain.rs"]
mod terrain;

use hexmap::hex::{OffsetCoord, OffsetKind};
use hexmap::map::{CellEdit, Document, Edit, TerrainId};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator and only counts sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size(), Ordering::Relaxed);
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

fn live() -> usize {
    LIVE.load(Ordering::Relaxed)
}

fn main() {
    let before = live();
    let map = terrain::varied_map(1000, 1000, 7);
    let map_bytes = live() - before;
    let cells = map.cell_count();
    println!(
        "map 1000x1000: {map_bytes} bytes live, {:.3} bytes per cell (HexMap::heap_bytes {})",
        map_bytes as f64 / cells as f64,
        map.heap_bytes()
    );
    let mut doc = Document::new(map);
    let before = live();
    doc.begin_stroke();
    for col in 0..1000 {
        let h = OffsetKind::OddR.to_hex(OffsetCoord::new(col, 500));
        doc.apply(&Edit::Cell(CellEdit::Paint {
            center: h,
            radius: 0,
            terrain: TerrainId::new(9),
        }))
        .expect("paint");
    }
    let open = live() - before;
    doc.end_stroke();
    let closed = live() - before;
    println!(
        "1000-cell stroke: {open} bytes while open, {closed} bytes after end_stroke \
         ({:.1} bytes per cell; History::heap_bytes {})",
        closed as f64 / 1000.0,
        doc.history().heap_bytes()
    );
}
