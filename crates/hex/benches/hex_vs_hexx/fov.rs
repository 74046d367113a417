//! Field of view (different rules: ours symmetric over all hexes, hexx rays to the ring).

use super::common::*;
use criterion::Criterion;
use hexmap_hex::{Hex, field_of_view, range};
use std::collections::HashSet;
use std::hint::black_box;

pub fn bench_fov(c: &mut Criterion) {
    let centre = Hex::new(5, 5);
    // About one hex in seven blocks sight; the viewer's own hex is open.
    let blocks = move |h: Hex| {
        h != centre && terrain(23, h).is_none_or(|c| c == 0) && {
            let mut rng = Rng(h.q as u32 as u64 ^ ((h.r as u32 as u64) << 32));
            rng.next().is_multiple_of(3)
        }
    };
    let ours = field_of_view(centre, 50, blocks);
    let theirs: HashSet<Hex> =
        hexx::algorithms::range_fov(to_hexx(centre), 50, |h| blocks(from_hexx(h)))
            .into_iter()
            .map(from_hexx)
            .collect();
    // Asymmetry of hexx's rule: targets B it sees from the centre whose own view (same
    // radius) misses the centre, over every 16th hex of the range.
    let mut checked = 0;
    let mut one_way = 0;
    for (i, b) in range(centre, 50).enumerate() {
        if i % 16 != 0 || blocks(b) {
            continue;
        }
        checked += 1;
        let from_b: HashSet<Hex> =
            hexx::algorithms::range_fov(to_hexx(b), 50, |h| blocks(from_hexx(h)))
                .into_iter()
                .map(from_hexx)
                .collect();
        if theirs.contains(&b) != from_b.contains(&centre) {
            one_way += 1;
        }
    }
    eprintln!(
        "fov radius 50: ours sees {} hexes, hexx {}; hexx one-way pairs: {one_way} of {checked} checked",
        ours.len(),
        theirs.len()
    );
    let mut g = group(c, "fov_r50");
    g.bench_function("ours/field_of_view", |b| {
        b.iter(|| black_box(field_of_view(black_box(centre), 50, blocks).len()))
    });
    g.bench_function("hexx/range_fov", |b| {
        b.iter(|| {
            black_box(
                hexx::algorithms::range_fov(to_hexx(black_box(centre)), 50, |h| {
                    blocks(from_hexx(h))
                })
                .len(),
            )
        })
    });
    g.finish();
}
