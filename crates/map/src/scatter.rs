//! The scatter brush's mix: terrains with weights (70 % forest, 20 % hills, 10 %
//! grassland) and a seed. Which terrain a hex gets is a hash of the seed and the hex
//! alone, never of the order hexes are painted in, so the same stroke with the same seed
//! paints the same cells, and a stroke that passes a hex twice paints it the same twice.
//!
//! Tile-art variants need nothing here: a terrain with several images already shows one
//! of them per hex, chosen by the hex's stable hash (`TileArt::pick`).

use super::edit::{CellEdit, Edit};
use super::palette::TerrainId;
use hexmap_hex::Hex;

/// Largest weight of one terrain in a mix (weights are relative; 1000 allows 0.1 %).
pub const MAX_WEIGHT: u32 = 1000;

/// A weighted mix of terrains with a seed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scatter {
    /// The terrains (`None` leaves a cell empty) and their weights; weight 0 rows count
    /// for nothing.
    pub entries: Vec<(Option<TerrainId>, u32)>,
    /// The seed: another seed gives another pattern of the same mix.
    pub seed: u64,
}

impl Scatter {
    /// The sum of the weights (each capped at [`MAX_WEIGHT`]).
    pub fn total(&self) -> u64 {
        self.entries
            .iter()
            .map(|&(_, w)| u64::from(w.min(MAX_WEIGHT)))
            .sum()
    }

    /// The terrain this mix gives `hex`: `None` when the mix is empty (all weights 0),
    /// else `Some(terrain)` chosen with probability weight / total.
    pub fn pick(&self, hex: Hex) -> Option<Option<TerrainId>> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let mut roll = mix(self.seed, hex) % total;
        for &(terrain, w) in &self.entries {
            let w = u64::from(w.min(MAX_WEIGHT));
            if roll < w {
                return Some(terrain);
            }
            roll -= w;
        }
        None
    }

    /// One stamp of the scatter brush: each hex within `radius` of `center` painted with
    /// its pick (nothing when the mix is empty).
    pub fn stamp(&self, center: Hex, radius: u32) -> Option<Edit> {
        let cells: Vec<(Hex, Option<TerrainId>)> = hexmap_hex::range::range(center, radius)
            .filter_map(|h| Some((h, self.pick(h)?)))
            .collect();
        (!cells.is_empty()).then_some(Edit::Cell(CellEdit::SetTerrain(cells)))
    }
}

/// A well-mixed 64-bit hash of the seed and the hex (SplitMix64's finaliser over both),
/// the same on every run and machine.
fn mix(seed: u64, hex: Hex) -> u64 {
    let coords = (u64::from(hex.q as u32) << 32) | u64::from(hex.r as u32);
    let mut z = seed ^ coords.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for _ in 0..2 {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
    }
    z
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(n: u16) -> Option<TerrainId> {
        TerrainId::new(n)
    }

    #[test]
    fn a_70_20_10_mix_comes_out_near_its_weights_and_the_same_each_time() {
        let s = Scatter {
            entries: vec![(t(1), 70), (t(2), 20), (t(3), 10)],
            seed: 42,
        };
        let hexes: Vec<Hex> = hexmap_hex::range::range(Hex::ORIGIN, 30).collect();
        let mut counts = [0usize; 4];
        for &h in &hexes {
            let got = s.pick(h).expect("a mix").expect("a terrain");
            counts[usize::from(got.get())] += 1;
        }
        let n = hexes.len() as f64;
        for (i, want) in [(1, 0.7), (2, 0.2), (3, 0.1)] {
            let share = counts[i] as f64 / n;
            assert!((share - want).abs() < 0.03, "terrain {i}: {share} of {n}");
        }
        // The choice is the hex's, not the order of painting.
        let again: Vec<_> = hexes.iter().rev().map(|&h| s.pick(h)).collect();
        let first: Vec<_> = hexes.iter().rev().map(|&h| s.pick(h)).collect();
        assert_eq!(again, first);
        let other = Scatter {
            seed: 43,
            ..s.clone()
        };
        assert!(hexes.iter().any(|&h| other.pick(h) != s.pick(h)));
    }

    #[test]
    fn an_empty_mix_paints_nothing() {
        let s = Scatter {
            entries: vec![(t(1), 0)],
            seed: 1,
        };
        assert_eq!(s.pick(Hex::ORIGIN), None);
        assert_eq!(s.stamp(Hex::ORIGIN, 2), None);
    }
}
