//! A small seeded value noise with fractal (fBm) and ridged sums. Written here rather than
//! taken from a crate so the generator's output depends only on this code: the same seed
//! gives the same map byte for byte on every platform and with every dependency update
//! (docs/DESIGN.md §11 says why).

/// Seeded 2-D value noise: a pseudo-random value at every integer lattice point, blended
/// smoothly in between.
#[derive(Clone, Copy, Debug)]
pub struct ValueNoise {
    seed: u64,
}

/// SplitMix64's finaliser: a well-mixed 64-bit hash of `x`.
pub(crate) fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A new seed from `seed` (the editor's "New seed"): well mixed, so neighbouring seeds
/// give unrelated ones.
pub fn mix_seed(seed: u64) -> u64 {
    mix(seed) % 1_000_000
}

impl ValueNoise {
    /// The noise of `seed`.
    pub fn new(seed: u64) -> Self {
        ValueNoise { seed: mix(seed) }
    }

    /// The lattice value at (i, j), in [-1, 1].
    fn lattice(&self, i: i64, j: i64) -> f64 {
        let h = mix(self.seed ^ mix(i as u64 ^ mix(j as u64)));
        (h >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }

    /// The noise at (x, y), in [-1, 1]: bilinear blend of the four lattice values around
    /// the point with a quintic fade, so slopes are continuous.
    pub fn at(&self, x: f64, y: f64) -> f64 {
        let (fx, fy) = (x.floor(), y.floor());
        let (i, j) = (fx as i64, fy as i64);
        let fade = |t: f64| t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
        let (u, v) = (fade(x - fx), fade(y - fy));
        let a = self.lattice(i, j);
        let b = self.lattice(i + 1, j);
        let c = self.lattice(i, j + 1);
        let d = self.lattice(i + 1, j + 1);
        let top = a + (b - a) * u;
        let bottom = c + (d - c) * u;
        top + (bottom - top) * v
    }

    /// `octaves` layers of noise, each at twice the frequency and half the weight of the
    /// one before, normalised to about [-1, 1].
    pub fn fbm(&self, x: f64, y: f64, octaves: u32) -> f64 {
        let (mut sum, mut weight, mut total, mut f) = (0.0, 1.0, 0.0, 1.0);
        for o in 0..octaves {
            // Each octave is shifted so lattice points do not line up.
            let shift = f64::from(o) * 17.31;
            sum += weight * self.at(x * f + shift, y * f - shift);
            total += weight;
            weight *= 0.5;
            f *= 2.0;
        }
        sum / total
    }

    /// [`ValueNoise::fbm`] of `base` octaves carried on to `octaves` (at least `base`) for
    /// a map larger than the one `base` octaves were chosen for: each added octave halves
    /// the wavelength again. The last [`FINE_OCTAVES`] octaves (the relief a few hexes
    /// wide) keep the weights the last ones of `base` have, halving; the octaves above them
    /// fall from 1 to there by a gentler gain ([`spread_gain`]). A big map thus gets the
    /// same relief a few hexes wide as a small one, while its first octaves (its
    /// continents) keep their share of the map. The sum is scaled to vary as much as fBm of
    /// `base` octaves ([`spread_divisor`]). With `octaves == base` it is
    /// [`ValueNoise::fbm`] exactly.
    pub fn fbm_spread(&self, x: f64, y: f64, base: u32, octaves: u32) -> f64 {
        if octaves <= base {
            return self.fbm(x, y, base);
        }
        let (mut sum, mut f) = (0.0, 1.0);
        for (o, weight) in spread_weights(base, octaves).enumerate() {
            let shift = o as f64 * 17.31;
            sum += weight * self.at(x * f + shift, y * f - shift);
            f *= 2.0;
        }
        sum / spread_divisor(base, octaves)
    }

    /// Ridged noise in [0, 1]: high along the lines where the noise crosses 0, which gives
    /// mountain chains.
    pub fn ridged(&self, x: f64, y: f64, octaves: u32) -> f64 {
        let (mut sum, mut weight, mut total, mut f) = (0.0, 1.0, 0.0, 1.0);
        for o in 0..octaves {
            let shift = f64::from(o) * 23.7;
            let r = 1.0 - self.at(x * f + shift, y * f + shift).abs();
            sum += weight * r * r;
            total += weight;
            weight *= 0.5;
            f *= 2.0;
        }
        sum / total
    }
}

/// How many of the last octaves of a spread noise keep the reference's weights: those of
/// wavelengths of about one to five hexes on a map of the reference size.
pub const FINE_OCTAVES: u32 = 3;

/// The gain per octave that takes the first `octaves − fine` octaves of a spread noise
/// from weight 1 down to the weight the first of the `fine` last octaves of `base` halving
/// ones has: 0.5^((base − fine) / (octaves − fine)), `fine` being [`FINE_OCTAVES`] (fewer
/// when `base` is small).
fn spread_gain(base: u32, octaves: u32) -> f64 {
    let fine = FINE_OCTAVES.min(base.saturating_sub(1));
    0.5f64.powf(f64::from(base - fine) / f64::from(octaves.max(base + 1) - fine))
}

/// The weight of each of `octaves` octaves spread from `base` ([`ValueNoise::fbm_spread`]):
/// by [`spread_gain`] down to the fine octaves, then halving.
fn spread_weights(base: u32, octaves: u32) -> impl Iterator<Item = f64> {
    let fine = FINE_OCTAVES.min(base.saturating_sub(1));
    let gain = spread_gain(base, octaves);
    let knee = octaves.saturating_sub(fine);
    (0..octaves).scan(1.0, move |weight, o| {
        let w = *weight;
        *weight *= if o < knee { gain } else { 0.5 };
        Some(w)
    })
}

/// What a spread noise is divided by so it varies as much as [`ValueNoise::fbm`] of `base`
/// octaves: fBm's divisor (the total weight of `base` halving octaves) times the ratio of
/// the two sums' spreads (the root of the sum of the squared weights). The octaves are
/// independent, so the spread noise then has fBm's variance, and the land's heights — set
/// by quantiles of the noise — fall into the same bands (as much high ground on a big map
/// as on a small one).
fn spread_divisor(base: u32, octaves: u32) -> f64 {
    let halving = || (0..base).map(|o| 0.5f64.powi(o as i32));
    let total: f64 = halving().sum();
    let spread = spread_weights(base, octaves)
        .map(|w| w * w)
        .sum::<f64>()
        .sqrt();
    total * spread / halving().map(|w| w * w).sum::<f64>().sqrt()
}

/// How many octaves a noise of `base` octaves needs on a map of `radius` hexes (half its
/// larger extent) to keep the finest octave as few hexes wide as on a map of
/// `reference_radius`: `base`, plus one for each doubling of the radius beyond the
/// reference (rounded up). Maps up to the reference size keep `base`.
pub fn octaves_for(base: u32, radius: f64, reference_radius: f64) -> u32 {
    let doublings = (radius / reference_radius).log2().ceil();
    if doublings.is_finite() && doublings > 0.0 {
        base + doublings.min(16.0) as u32
    } else {
        base
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noise_is_seeded_bounded_and_continuous() {
        let (a, b) = (ValueNoise::new(1), ValueNoise::new(2));
        let mut differs = false;
        for k in 0..500 {
            let (x, y) = (f64::from(k) * 0.37 - 40.0, f64::from(k) * 0.11 + 3.0);
            let v = a.fbm(x, y, 5);
            assert!((-1.0..=1.0).contains(&v), "{v}");
            assert!((0.0..=1.0).contains(&a.ridged(x, y, 4)));
            assert_eq!(v, ValueNoise::new(1).fbm(x, y, 5));
            differs |= v != b.fbm(x, y, 5);
            // A small step moves the value a little.
            assert!((a.at(x, y) - a.at(x + 1e-4, y)).abs() < 1e-2);
        }
        assert!(differs);
        // Lattice points take their own values, which vary.
        assert_ne!(a.at(0.0, 0.0), a.at(1.0, 0.0));
    }

    #[test]
    fn maps_beyond_the_reference_gain_an_octave_per_doubling() {
        // A 200 × 150 map (radius 100) and smaller keep the preset's octaves.
        assert_eq!(octaves_for(6, 60.0, 100.0), 6);
        assert_eq!(octaves_for(6, 100.0, 100.0), 6);
        // 500 × 500 (radius 250): two doublings, rounded up; 1000 × 1000 (500): three.
        assert_eq!(octaves_for(6, 101.0, 100.0), 7);
        assert_eq!(octaves_for(6, 250.0, 100.0), 8);
        assert_eq!(octaves_for(6, 500.0, 100.0), 9);
        assert_eq!(octaves_for(4, 500.0, 100.0), 7);
    }

    #[test]
    fn spread_noise_is_plain_fbm_at_the_base_and_keeps_the_finest_weight() {
        let n = ValueNoise::new(9);
        for k in 0..200 {
            let (x, y) = (f64::from(k) * 0.53 - 20.0, f64::from(k) * 0.29 + 1.0);
            assert_eq!(n.fbm_spread(x, y, 6, 6), n.fbm(x, y, 6));
        }
        // Nine octaves spread from six: the last three weigh what the last three of six
        // halving ones weigh; the six above them fall from 1 to there more gently.
        let weights: Vec<f64> = spread_weights(6, 9).collect();
        let halving: Vec<f64> = (0..6).map(|o| 0.5f64.powi(o)).collect();
        assert_eq!(weights.len(), 9);
        assert_eq!(weights[0], 1.0);
        for k in 0..3 {
            assert!(
                (weights[6 + k] - halving[3 + k]).abs() < 1e-12,
                "{weights:?}"
            );
        }
        for k in 0..5 {
            let gain = weights[k + 1] / weights[k];
            assert!(gain > 0.5 && gain < 1.0, "{weights:?}");
        }
    }
}
