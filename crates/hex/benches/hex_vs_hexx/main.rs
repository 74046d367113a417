//! Hex core against the `hexx` crate 0.25 on the same inputs.
//!
//! Every pair is checked once in its setup, outside the timed loop (equal results, or, where
//! hexx is knowingly inexact, its mismatch count printed to stderr). Timings are medians of
//! small criterion samples: the machine is shared, see docs/BENCHMARKS.md.

mod common;
mod conversions;
mod fov;
mod movement;
mod pick;
mod shapes;

use criterion::{criterion_group, criterion_main};

criterion_group!(
    benches,
    pick::bench_pick,
    conversions::bench_conversions,
    shapes::bench_shapes,
    movement::bench_movement,
    movement::bench_a_star,
    fov::bench_fov
);
criterion_main!(benches);
