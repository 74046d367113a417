//! Print a 1000 × 1000 map as one poster PDF at 16 mm hexes (goal ≤ 5 s, ≤ 40 bytes per
//! hex), with the grid; also with XXYY labels on every hex. Results: docs/BENCHMARKS.md,
//! "Print (PDF)".

#[path = "../examples/support/terrain.rs"]
mod terrain;

use criterion::{Criterion, criterion_group, criterion_main};
use hexmap::draw::print::PageSetup;
use hexmap::hex::CoordSystem;
use hexmap::io::render::{PrintOptions, render_pdf};
use std::hint::black_box;
use std::time::Duration;

fn poster(c: &mut Criterion) {
    let map = terrain::varied_map(1000, 1000, 7);
    let plain = PrintOptions {
        setup: PageSetup {
            hex_size: "16mm".parse().expect("a length"),
            poster: true,
            ..PageSetup::default()
        },
        ..PrintOptions::default()
    };
    let labelled = PrintOptions {
        labels: Some(CoordSystem::Xxyy),
        ..plain.clone()
    };
    let mut g = c.benchmark_group("print_pdf_1000x1000");
    g.sample_size(10).measurement_time(Duration::from_secs(40));
    for (name, opts) in [
        ("poster_16mm", &plain),
        ("poster_16mm_xxyy_labels", &labelled),
    ] {
        let bytes = render_pdf(&map, opts, &mut |_| {}).expect("pdf").len();
        eprintln!(
            "{name}: {bytes} bytes, {:.2} bytes per hex",
            bytes as f64 / map.cell_count() as f64
        );
        g.bench_function(name, |b| {
            b.iter(|| render_pdf(black_box(&map), black_box(opts), &mut |_| {}).expect("pdf"))
        });
    }
    g.finish();
}

criterion_group!(benches, poster);
criterion_main!(benches);
