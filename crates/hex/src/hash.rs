//! A small, fast, deterministic hasher for hex keys.
//!
//! The standard library's SipHash resists hash flooding but costs several times more than
//! needed for the integer keys of the search algorithms here. Hex coordinates come from
//! geometry, not from an attacker, so a multiplicative hash (as FxHash does) is enough.

use super::Hex;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-rotate hasher for small integer keys such as [`Hex`].
#[derive(Clone, Copy, Debug, Default)]
pub struct HexHasher {
    state: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl HexHasher {
    fn add(&mut self, word: u64) {
        self.state = (self.state.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for HexHasher {
    fn finish(&self) -> u64 {
        // Fold the high bits down: hashbrown picks buckets from the low bits and control
        // bytes from the top 7 bits, so both must depend on every input bit.
        self.state ^ (self.state >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_i32(&mut self, i: i32) {
        self.add(u64::from(i as u32));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
}

/// Builds [`HexHasher`]s; plug it into `HashMap`/`HashSet` for hex keys.
pub type HexBuildHasher = BuildHasherDefault<HexHasher>;

/// A `HashMap` keyed by hexes with the fast [`HexHasher`].
pub type HexHashMap<V> = HashMap<Hex, V, HexBuildHasher>;

/// A `HashSet` of hexes with the fast [`HexHasher`].
pub type HexHashSet = HashSet<Hex, HexBuildHasher>;

/// A hash of `hex` that is the same on every run and machine (no random seed): for
/// choices that must not change between draws, such as which tile image a hex shows.
#[must_use]
pub fn stable_hash(hex: Hex) -> u64 {
    use std::hash::BuildHasher;
    HexBuildHasher::default().hash_one(hex)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn distinct_neighbours_hash_apart_and_maps_work() {
        let build = HexBuildHasher::default();
        let h = |x: Hex| build.hash_one(x);
        let origin = h(Hex::ORIGIN);
        for n in Hex::ORIGIN.neighbors() {
            assert_ne!(h(n), origin);
        }
        let mut set = HexHashSet::default();
        for q in -30..30 {
            for r in -30..30 {
                set.insert(Hex::new(q, r));
            }
        }
        assert_eq!(set.len(), 3600);
        assert!(set.contains(&Hex::new(-30, 29)));
        assert!(!set.contains(&Hex::new(30, 0)));
    }
}
