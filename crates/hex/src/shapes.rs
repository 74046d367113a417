//! Map shapes: rectangles in each offset kind, hexagons, parallelograms and triangles.
//! Each iterates its hexes in a stable order (row by row, then column) and can answer
//! "is this hex inside?" without iterating.

use super::{Hex, OffsetCoord, OffsetKind};

/// A rectangle of `width` × `height` offset cells (col 0..width, row 0..height) in `kind`.
///
/// Iterates row by row, left to right, the reading order of a level array.
pub fn rectangle(kind: OffsetKind, width: u32, height: u32) -> impl Iterator<Item = Hex> {
    (0..height as i32).flat_map(move |row| {
        (0..width as i32).map(move |col| kind.to_hex(OffsetCoord::new(col, row)))
    })
}

/// True when `h` lies in [`rectangle`]`(kind, width, height)`.
#[must_use]
pub fn rectangle_contains(kind: OffsetKind, width: u32, height: u32, h: Hex) -> bool {
    let c = kind.from_hex(h);
    (0..width as i64).contains(&i64::from(c.col)) && (0..height as i64).contains(&i64::from(c.row))
}

/// All hexes within `radius` steps of the origin (3R² + 3R + 1 of them), ordered by r then q.
pub fn hexagon(radius: u32) -> impl Iterator<Item = Hex> {
    let n = radius as i32;
    (-n..=n).flat_map(move |r| (((-n).max(-r - n))..=(n.min(-r + n))).map(move |q| Hex::new(q, r)))
}

/// True when `h` lies in [`hexagon`]`(radius)`.
#[must_use]
pub fn hexagon_contains(radius: u32, h: Hex) -> bool {
    i64::from(h.length()) <= i64::from(radius)
        && h.q.abs() <= radius as i32
        && h.r.abs() <= radius as i32
}

/// A parallelogram of axial q in 0..width and r in 0..height, ordered by r then q.
pub fn parallelogram(width: u32, height: u32) -> impl Iterator<Item = Hex> {
    (0..height as i32).flat_map(move |r| (0..width as i32).map(move |q| Hex::new(q, r)))
}

/// True when `h` lies in [`parallelogram`]`(width, height)`.
#[must_use]
pub fn parallelogram_contains(width: u32, height: u32, h: Hex) -> bool {
    (0..width as i64).contains(&i64::from(h.q)) && (0..height as i64).contains(&i64::from(h.r))
}

/// A triangle of side `size`: q ≥ 0, r ≥ 0, q + r < size (size·(size+1)/2 hexes), ordered
/// by r then q.
pub fn triangle(size: u32) -> impl Iterator<Item = Hex> {
    let n = size as i32;
    (0..n).flat_map(move |r| (0..n - r).map(move |q| Hex::new(q, r)))
}

/// True when `h` lies in [`triangle`]`(size)`.
#[must_use]
pub fn triangle_contains(size: u32, h: Hex) -> bool {
    h.q >= 0 && h.r >= 0 && i64::from(h.q) + i64::from(h.r) < i64::from(size)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(v: &[Hex]) -> bool {
        v.windows(2).all(|w| w[0] < w[1])
    }

    #[test]
    fn counts_and_membership_agree() {
        for kind in OffsetKind::ALL {
            let v: Vec<_> = rectangle(kind, 7, 5).collect();
            assert_eq!(v.len(), 35);
            assert!(v.iter().all(|&h| rectangle_contains(kind, 7, 5, h)));
            // Exactly the hexes of the bounding box that the predicate accepts.
            let inside = (-10..20)
                .flat_map(|q| (-10..20).map(move |r| Hex::new(q, r)))
                .filter(|&h| rectangle_contains(kind, 7, 5, h))
                .count();
            assert_eq!(inside, 35);
        }
        let v: Vec<_> = hexagon(4).collect();
        assert_eq!(v.len(), 3 * 16 + 3 * 4 + 1);
        assert!(sorted(&v));
        assert!(v.iter().all(|&h| hexagon_contains(4, h) && h.length() <= 4));
        assert!(!hexagon_contains(4, Hex::new(5, -1)));
        let v: Vec<_> = parallelogram(3, 4).collect();
        assert_eq!(v.len(), 12);
        assert!(sorted(&v));
        let v: Vec<_> = triangle(5).collect();
        assert_eq!(v.len(), 15);
        assert!(sorted(&v) && v.iter().all(|&h| triangle_contains(5, h)));
        assert!(!triangle_contains(5, Hex::new(3, 2)));
    }

    #[test]
    fn rectangle_rows_are_reading_order() {
        let v: Vec<_> = rectangle(OffsetKind::OddR, 3, 2).collect();
        let cells: Vec<_> = v.iter().map(|&h| OffsetKind::OddR.from_hex(h)).collect();
        assert_eq!(
            cells,
            [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)].map(|(c, r)| OffsetCoord::new(c, r))
        );
    }
}
