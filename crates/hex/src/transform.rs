//! Rigid motions of single hexes about any centre: rotations by multiples of 60° and
//! reflections across the three cube axes. Copy/paste of regions applies these per hex.

use super::Hex;

/// Rotate `h` about `center` by `sixths × 60°`, counter-clockwise on screen (y down) for
/// positive `sixths` (the way direction indices grow), clockwise for negative. Any
/// integer is accepted; it is taken modulo 6.
///
/// ```
/// use hexmap_hex::{rotate, Hex};
/// let c = Hex::new(2, 2);
/// assert_eq!(rotate(c + Hex::new(1, 0), c, 1), c + Hex::new(1, -1));
/// assert_eq!(rotate(Hex::new(5, -3), c, 6), Hex::new(5, -3));
/// ```
#[must_use]
pub fn rotate(h: Hex, center: Hex, sixths: i32) -> Hex {
    let d = h - center;
    let [q, r, s] = d.cube();
    // Each 60° counter-clockwise step maps (q, r, s) → (−s, −q, −r).
    let turned = match sixths.rem_euclid(6) {
        0 => [q, r],
        1 => [-s, -q],
        2 => [r, s],
        3 => [-q, -r],
        4 => [s, q],
        _ => [-r, -s],
    };
    center + Hex::new(turned[0], turned[1])
}

/// The cube axis a reflection keeps fixed; the other two coordinates (relative to the
/// centre) swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Axis {
    /// Keep q, swap r and s. The mirror line is where r = s, through the centre along
    /// diagonals 0 and 3 ((2,−1,−1), (−2,1,1)): horizontal on flat hexes, rising 30° to
    /// the right on pointy hexes.
    Q,
    /// Keep r, swap q and s. The mirror line is where q = s, along diagonals 1 and 4
    /// ((1,−2,1), (−1,2,−1)): vertical on pointy hexes, rising 60° to the right on flat.
    R,
    /// Keep s, swap q and r. The mirror line is where q = r, along diagonals 2 and 5
    /// ((−1,−1,2), (1,1,−2)): falling 30° to the right on pointy hexes, 60° on flat.
    S,
}

impl Axis {
    /// All three axes.
    pub const ALL: [Axis; 3] = [Axis::Q, Axis::R, Axis::S];
}

/// Reflect `h` across the line through `center` fixed by `axis` (see [`Axis`]).
/// Reflecting twice gives `h` back; distances to the centre are kept.
///
/// ```
/// use hexmap_hex::{reflect, Axis, Hex};
/// // (1,−3,2) across the q axis → (1,2,−3).
/// assert_eq!(reflect(Hex::new(1, -3), Hex::ORIGIN, Axis::Q), Hex::new(1, 2));
/// ```
#[must_use]
pub fn reflect(h: Hex, center: Hex, axis: Axis) -> Hex {
    let [q, r, s] = (h - center).cube();
    let d = match axis {
        Axis::Q => Hex::new(q, s),
        Axis::R => Hex::new(s, r),
        Axis::S => Hex::new(r, q),
    };
    center + d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_matches_the_reference_vectors() {
        // Reference vector: rotate right / left of (1,−3,2) → (3,−2,−1) / (−2,−1,3).
        let h = Hex::new(1, -3);
        assert_eq!(rotate(h, Hex::ORIGIN, -1), Hex::new(3, -2));
        assert_eq!(rotate(h, Hex::ORIGIN, 1), Hex::new(-2, -1));
        assert_eq!(rotate(h, Hex::ORIGIN, 1), h.rotate_left());
        assert_eq!(rotate(h, Hex::ORIGIN, 5), h.rotate_right());
    }

    #[test]
    fn rotation_about_a_centre_turns_directions() {
        let c = Hex::new(-4, 7);
        for d in 0..6 {
            let dir = crate::Direction::from_index(d);
            assert_eq!(
                rotate(c.neighbor(dir), c, 1),
                c.neighbor(dir.counter_clockwise())
            );
        }
        assert_eq!(rotate(c, c, 3), c);
    }

    #[test]
    fn reflections_fix_their_mirror_lines() {
        let c = Hex::new(3, -1);
        assert_eq!(
            reflect(c + Hex::new(2, -1), c, Axis::Q),
            c + Hex::new(2, -1)
        );
        assert_eq!(
            reflect(c + Hex::new(1, -2), c, Axis::R),
            c + Hex::new(1, -2)
        );
        assert_eq!(reflect(c + Hex::new(1, 1), c, Axis::S), c + Hex::new(1, 1));
        // And move what is off the line: (1,0,−1) across r=s → (1,−1,0).
        assert_eq!(reflect(c + Hex::new(1, 0), c, Axis::Q), c + Hex::new(1, -1));
    }
}
