//! Large maps (1,000,000 hexes): the editor's frame cost at three zooms, the first frame
//! after opening, a paint stroke, a 500k-hex bucket fill and its undo, overlays, files,
//! PNG and SVG pictures; and the same on ten million hexes (`huge`); whole-map work on ten
//! million hexes (`whole_map`); what a frame hands the GPU (`submitted`); the Generate
//! window's picture made in pieces (`preview`).
//!
//! Frames run the real `EditorApp::show` on a bare `egui::Context` (no window, no GPU) and
//! then egui's tessellator: what is timed is all CPU work of a frame up to the triangles
//! handed to the GPU. Results: docs/BENCHMARKS.md, "Large maps".
//!
//! `cargo bench --bench large_map` (add `-- frame` etc. to pick groups).

#[path = "../../examples/support/headless.rs"]
mod headless;
#[path = "../../examples/support/terrain.rs"]
mod terrain;

mod content;
mod editing;
mod files;
mod frames;
mod huge;
mod overlays;
mod preview;
mod submitted;
mod whole_map;

use content::{annotated_map, featured_map};
use editing::{fill, paint};
use files::{files, pictures};
use frames::{annotated_frames, frames, legend};
use huge::{huge_driven, huge_edit, huge_files, huge_frames};
use overlays::overlays;
use preview::generate_preview;
use submitted::gpu_load;
use whole_map::huge_whole_map;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use eframe::egui::{Event, Key, Modifiers, PointerButton};
use headless::{Editor, open, stroke_events};
use hexmap::app::canvas::overlays::OverlayState;
use hexmap::app::open_map::OpenMap;
use hexmap::hex::{
    self, Direction, Edge, Hex, OffsetCoord, OffsetKind, Orientation, PathLimits, Point,
};
use hexmap::io::format::{WriteOptions, by_name, write_path};
use hexmap::io::{self, Form};
use hexmap::map::{
    BuiltinIcon, CellEdit, Document, EdgeTypeId, Edit, HexMap, Icon, Label, LabelId, MapPath,
    MapShape, MoveCost, PathTypeId, TerrainId,
};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Hex radius in screen points at the "one hex ≈ 40 px" zoom: 40 px across the flats
/// (the hex's width for pointy maps), where coordinate labels become legible.
const CLOSE_RADIUS_PX: f64 = 23.1;

/// The three maps of the issue.
fn maps() -> Vec<(&'static str, HexMap)> {
    vec![
        ("pointy_1000x1000", terrain::varied_map(1000, 1000, 7)),
        (
            "flat_1000x1000",
            terrain::varied_shape(
                "Varied flat 1000x1000",
                Orientation::Flat,
                MapShape::rectangle(OffsetKind::OddQ, 1000, 1000).expect("shape"),
                7,
            ),
        ),
        (
            "hexagon_r1000",
            terrain::varied_shape(
                "Varied hexagon r1000",
                Orientation::Pointy,
                MapShape::hexagon(1000).expect("shape"),
                7,
            ),
        ),
    ]
}

criterion_group!(
    benches,
    frames,
    annotated_frames,
    legend,
    paint,
    fill,
    overlays,
    files,
    pictures,
    huge_files,
    huge_frames,
    huge_edit,
    huge_driven,
    huge_whole_map,
    gpu_load,
    generate_preview
);
criterion_main!(benches);
