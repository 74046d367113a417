//! What every part of the hexx comparison shares: a seeded generator, conversions between
//! the two crates' hexes, and criterion groups sized for a shared machine.

use criterion::{BenchmarkGroup, Criterion, measurement::WallTime};
use hexmap_hex::Hex;
use std::time::Duration;

/// SplitMix64: a tiny seeded generator, so both sides get identical inputs every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

pub fn to_hexx(h: Hex) -> hexx::Hex {
    hexx::Hex::new(h.q, h.r)
}

pub fn from_hexx(h: hexx::Hex) -> Hex {
    Hex::new(h.x, h.y)
}

pub fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    g
}

/// A seeded terrain: cost 0..=2 per hex, about one in eight impassable. Pure arithmetic, so
/// the closure costs the same on both sides.
pub fn terrain(seed: u64, h: Hex) -> Option<u32> {
    let mut rng = Rng(seed ^ ((h.q as u32 as u64) << 32 | h.r as u32 as u64));
    let x = rng.next();
    (!x.is_multiple_of(8)).then_some((x >> 8) as u32 % 3)
}
