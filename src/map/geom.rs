//! Minimal private hex helpers the edits need (brush range, line, reflection).
//!
//! TODO(lead): switch to the shared algorithms in `hex` once the `algo` branch lands them.

use crate::hex::{FracHex, Hex, shapes};

/// All hexes within `radius` steps of `center`.
pub(crate) fn range(center: Hex, radius: u32) -> impl Iterator<Item = Hex> {
    shapes::hexagon(radius).map(move |h| h + center)
}

/// The hexes on the straight line from `a` to `b`, both included (N + 1 hexes for
/// distance N), with the endpoints nudged so ties round consistently.
pub(crate) fn line(a: Hex, b: Hex) -> Vec<Hex> {
    let n = a.distance(b);
    if n == 0 {
        return vec![a];
    }
    let eps = 1e-6;
    let fa = FracHex::new(f64::from(a.q) + eps, f64::from(a.r) + eps);
    let fb = FracHex::new(f64::from(b.q) + eps, f64::from(b.r) + eps);
    (0..=n)
        .map(|i| fa.lerp(fb, f64::from(i) / f64::from(n)).round())
        .collect()
}

/// Reflect across the q axis: (q, r, s) → (q, s, r).
pub(crate) fn reflect_q(h: Hex) -> Hex {
    Hex::new(h.q, h.s())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_reference_vector() {
        let got: Vec<[i32; 3]> = line(Hex::ORIGIN, Hex::new(1, -5))
            .into_iter()
            .map(Hex::cube)
            .collect();
        assert_eq!(
            got,
            [
                [0, 0, 0],
                [0, -1, 1],
                [0, -2, 2],
                [1, -3, 2],
                [1, -4, 3],
                [1, -5, 4]
            ]
        );
    }

    #[test]
    fn range_and_reflect() {
        assert_eq!(range(Hex::new(5, 5), 2).count(), 19);
        assert!(range(Hex::new(5, 5), 2).all(|h| h.distance(Hex::new(5, 5)) <= 2));
        assert_eq!(reflect_q(Hex::new(1, -3)).cube(), [1, 2, -3]);
        assert_eq!(reflect_q(reflect_q(Hex::new(4, -1))), Hex::new(4, -1));
    }
}
