//! Hexagons of hexagons: a coarse grid whose every hex is tiled exactly by a hexagon of
//! radius `k` of fine hexes (3k² + 3k + 1 of them), the arrangement of Sander Evers'
//! "hexagon tiling of a hexagonal grid" that the `hexx` crate's resolution functions use
//! (`Hex::to_higher_res` / `to_lower_res`, hexx `src/hex/mod.rs`). Every fine hex belongs
//! to exactly one coarse hex, and the coarse hex's six neighbours' clusters touch its
//! cluster on six sides, in the same direction order: a map family derives a child map
//! (one coarse hex opened at a finer scale) with it.
//!
//! The coarse lattice is the fine one scaled by √(3k² + 3k + 1) and turned a little (by
//! atan(√3 / (2k + 1)) less than 30°, so about 3.7° for k = 4): clusters are hexagons of
//! fine hexes, which point the other way than the hexes they are made of.

use super::Hex;

/// Number of fine hexes in one coarse hex of radius `radius`: 3k² + 3k + 1.
///
/// ```
/// use hexmap_hex::resolution::cluster_size;
/// assert_eq!(cluster_size(0), 1);
/// assert_eq!(cluster_size(1), 7);
/// assert_eq!(cluster_size(3), 37);
/// ```
#[must_use]
pub fn cluster_size(radius: u32) -> u64 {
    let k = u64::from(radius);
    3 * k * k + 3 * k + 1
}

/// The linear scale between the two grids: the distance between two neighbouring coarse
/// centres in fine hex steps, √(3k² + 3k + 1). A coarse hex of `d` miles holds fine
/// hexes of `d / linear_ratio(k)` miles (the areas agree).
#[must_use]
pub fn linear_ratio(radius: u32) -> f64 {
    (cluster_size(radius) as f64).sqrt()
}

/// The fine hex at the centre of coarse hex `coarse`: the linear map
/// (q, r, s) → (q(k+1) − k·s, r(k+1) − k·q), which sends the coarse neighbours to the
/// centres of the neighbouring clusters, 2k + 1 fine steps away.
///
/// ```
/// use hexmap_hex::{Hex, resolution::cluster_center};
/// assert_eq!(cluster_center(Hex::new(1, 0), 1), Hex::new(3, -1));
/// assert_eq!(cluster_center(Hex::new(1, 0), 4).distance(Hex::ORIGIN), 9);
/// ```
#[must_use]
pub fn cluster_center(coarse: Hex, radius: u32) -> Hex {
    let k = radius as i32;
    Hex::new(
        coarse.q * (k + 1) - k * coarse.s(),
        coarse.r * (k + 1) - k * coarse.q,
    )
}

/// The coarse hex whose cluster holds fine hex `fine`: the inverse of the linear map of
/// [`cluster_center`] (determinant 3k² + 3k + 1), rounded, then the one cluster among
/// that hex and its neighbours whose centre is within `radius` of `fine`.
///
/// ```
/// use hexmap_hex::{Hex, resolution::{cluster_center, cluster_of}};
/// let coarse = Hex::new(-3, 5);
/// let centre = cluster_center(coarse, 2);
/// for fine in hexmap_hex::range(centre, 2) {
///     assert_eq!(cluster_of(fine, 2), coarse);
/// }
/// ```
#[must_use]
pub fn cluster_of(fine: Hex, radius: u32) -> Hex {
    let k = f64::from(radius);
    let n = cluster_size(radius) as f64;
    let (q, r) = (f64::from(fine.q), f64::from(fine.r));
    let guess = super::FracHex::new(
        ((k + 1.0) * q - k * r) / n,
        (k * q + (2.0 * k + 1.0) * r) / n,
    )
    .round();
    std::iter::once(guess)
        .chain(guess.neighbors())
        .find(|&c| cluster_center(c, radius).distance(fine) <= radius as i32)
        .unwrap_or(guess)
}

/// `fine` relative to the centre of its cluster: a hex within `radius` of the origin.
#[must_use]
pub fn local_in_cluster(fine: Hex, radius: u32) -> Hex {
    fine - cluster_center(cluster_of(fine, radius), radius)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::range;

    #[test]
    fn clusters_tile_the_plane_exactly() {
        for k in 0..6 {
            // Every fine hex in a wide area lies in exactly one cluster of the coarse hexes
            // around the origin, and the clusters have 3k² + 3k + 1 hexes each.
            let coarse: Vec<Hex> = range(Hex::ORIGIN, 3).collect();
            let mut owner = std::collections::HashMap::new();
            for &c in &coarse {
                let cells: Vec<Hex> = range(cluster_center(c, k), k).collect();
                assert_eq!(cells.len() as u64, cluster_size(k));
                for f in cells {
                    assert!(owner.insert(f, c).is_none(), "k={k}: {f:?} in two clusters");
                    assert_eq!(cluster_of(f, k), c, "k={k}: {f:?}");
                }
            }
            // No gap: the inner coarse hexes' neighbours' fine hexes all have an owner.
            for &c in coarse.iter().filter(|c| c.length() <= 1) {
                for f in range(cluster_center(c, k), k + 1) {
                    assert!(owner.contains_key(&f), "k={k}: gap at {f:?}");
                }
            }
        }
    }

    #[test]
    fn neighbouring_centres_are_two_k_plus_one_apart_in_direction_order() {
        for k in 1..8 {
            let around: Vec<Hex> = Hex::ORIGIN
                .neighbors()
                .iter()
                .map(|&n| cluster_center(n, k))
                .collect();
            for (i, c) in around.iter().enumerate() {
                assert_eq!(c.length(), 2 * k as i32 + 1);
                // Each turns one sixth from the one before: rotation by 60° about the origin.
                assert_eq!(crate::rotate(*c, Hex::ORIGIN, 1), around[(i + 1) % 6]);
            }
        }
    }
}
