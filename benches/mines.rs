//! Minesweeper generation speed: no-guess layouts on the article's 13×13 board (a radius-6
//! hexagon, 127 cells, 20 mines) and on a 60×40 odd-r rectangle at 15 % density.

use criterion::{Criterion, criterion_group, criterion_main};
use hexmap::hex::{Hex, OffsetCoord, OffsetKind, shapes};
use hexmap::mines::{Board, GenerateSettings, MineAmount, generate, solve};
use std::hint::black_box;

fn settings(amount: MineAmount, seed: u64, start: Hex) -> GenerateSettings {
    GenerateSettings {
        start: Some(start),
        no_guess: true,
        ..GenerateSettings::new(amount, seed)
    }
}

fn bench_generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("mines_no_guess");
    group.sample_size(20);

    let hexagon = Board::new(shapes::hexagon(6));
    let mut seed = 0u64;
    group.bench_function("hexagon_r6_127_cells_20_mines", |b| {
        b.iter(|| {
            seed += 1;
            generate(
                black_box(&hexagon),
                &settings(MineAmount::Count(20), seed, Hex::ORIGIN),
            )
            .unwrap()
        })
    });

    let kind = OffsetKind::OddR;
    let rectangle = Board::new(shapes::rectangle(kind, 60, 40));
    let centre = kind.to_hex(OffsetCoord::new(30, 20));
    group.sample_size(10);
    let mut seed = 0u64;
    group.bench_function("rectangle_60x40_density_15", |b| {
        b.iter(|| {
            seed += 1;
            generate(
                black_box(&rectangle),
                &settings(MineAmount::Density(0.15), seed, centre),
            )
            .unwrap()
        })
    });

    // A fixed batch of 50 seeds per iteration: the time per layout including the slow tail.
    group.bench_function("rectangle_60x40_density_15_batch_of_50_seeds", |b| {
        b.iter(|| {
            for seed in 1..=50 {
                black_box(
                    generate(
                        &rectangle,
                        &settings(MineAmount::Density(0.15), seed, centre),
                    )
                    .unwrap(),
                );
            }
        })
    });

    // One solver run on a generated 60×40 layout, to see what each repair check costs.
    let layout = generate(&rectangle, &settings(MineAmount::Density(0.15), 1, centre))
        .unwrap()
        .layout;
    group.bench_function("solve_60x40_density_15", |b| {
        b.iter(|| solve(black_box(&layout), centre).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench_generate);
criterion_main!(benches);
