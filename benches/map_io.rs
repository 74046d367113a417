//! Open and save a 1000 × 1000 map in each RON form (goal ≤ 1 s each), and the edit path
//! for a 1000-cell stroke. Results: docs/BENCHMARKS.md, "Map document and files".

#[path = "../examples/support/terrain.rs"]
mod terrain;

use criterion::{Criterion, criterion_group, criterion_main};
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::io::{self, Form};
use hexmap::map::{CellEdit, Document, Edit, TerrainId};
use std::hint::black_box;
use std::time::Duration;

fn map_io(c: &mut Criterion) {
    let map = terrain::varied_map(1000, 1000, 7);
    let dir = tempfile::tempdir().expect("temp dir");
    let mut g = c.benchmark_group("map_io_1000x1000");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    for form in [Form::Offset, Form::Cube] {
        let path = dir.path().join(format!("big-{form}.ron"));
        io::save(&path, &map, form).expect("save");
        let bytes = std::fs::metadata(&path).expect("written").len();
        eprintln!(
            "{form} form: {bytes} bytes, {:.3} bytes per hex",
            bytes as f64 / map.cell_count() as f64
        );
        g.bench_function(format!("open_{form}"), |b| {
            b.iter(|| io::load(black_box(&path)).expect("load"))
        });
        g.bench_function(format!("save_{form}"), |b| {
            b.iter(|| io::save(black_box(&path), black_box(&map), form).expect("save"))
        });
    }
    g.finish();
}

fn stroke(c: &mut Criterion) {
    let map = terrain::varied_map(1000, 1000, 7);
    // 1000 one-hex dabs along a row: a 1000-cell stroke.
    let dabs: Vec<Hex> = (0..1000)
        .map(|col| OffsetKind::OddR.to_hex(OffsetCoord::new(col, 500)))
        .collect();
    let mut g = c.benchmark_group("edit_1000x1000");
    g.sample_size(20);
    g.bench_function("stroke_1000_cells", |b| {
        b.iter_batched(
            || Document::new(map.clone()),
            |mut doc| {
                doc.begin_stroke();
                for &h in &dabs {
                    doc.apply(&Edit::Cell(CellEdit::Paint {
                        center: h,
                        radius: 0,
                        terrain: TerrainId::new(9),
                    }))
                    .expect("paint");
                }
                doc.end_stroke();
                doc
            },
            criterion::BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, map_io, stroke);
criterion_main!(benches);
