//! The elevation view: each cell's fill is tinted toward the colour of its
//! height band — bands of [`BAND`] units, blue and darker below sea level, green through
//! tan and brown to white above it — so equal heights read as one band and each step
//! between bands shows as a contour-like edge. Drawn when [`super::Layers::elevation`] is
//! on, on cells of a map with an elevation layer.

use super::colour::Colour;

/// The height of one band.
pub const BAND: i16 = 250;

/// How far a cell's fill moves toward its band's colour.
pub const TINT: f32 = 0.6;

/// Band colours above sea level, lowest first (the last repeats upward).
const LAND: [(u8, u8, u8); 12] = [
    (86, 150, 80),
    (120, 170, 88),
    (160, 190, 100),
    (200, 205, 120),
    (220, 195, 125),
    (205, 165, 105),
    (180, 135, 90),
    (150, 110, 80),
    (140, 120, 110),
    (175, 165, 160),
    (215, 210, 205),
    (250, 250, 250),
];

/// Band colours below sea level, shallowest first (the last repeats downward).
const SEA: [(u8, u8, u8); 5] = [
    (150, 205, 235),
    (105, 170, 220),
    (70, 130, 195),
    (45, 95, 160),
    (25, 60, 120),
];

/// The band of height `e`: 0 for 0..250, 1 for 250..500 …, -1 for -250..0 …
pub fn band(e: i16) -> i32 {
    i32::from(e).div_euclid(i32::from(BAND))
}

/// The colour of the band of height `e`.
pub fn band_colour(e: i16) -> Colour {
    let b = band(e);
    let (r, g, bl) = if b >= 0 {
        LAND[(b as usize).min(LAND.len() - 1)]
    } else {
        SEA[((-b - 1) as usize).min(SEA.len() - 1)]
    };
    Colour::rgb(r, g, bl)
}

/// `fill` as the elevation view shows a cell of height `e`.
pub fn tint(fill: Colour, e: i16) -> Colour {
    fill.blend(band_colour(e), TINT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_split_at_multiples_of_250_and_sea_level() {
        assert_eq!(
            (
                band(0),
                band(249),
                band(250),
                band(-1),
                band(-250),
                band(-251)
            ),
            (0, 0, 1, -1, -1, -2)
        );
        // Neighbouring bands differ, the same band does not.
        assert_eq!(band_colour(10), band_colour(240));
        assert_ne!(band_colour(240), band_colour(260));
        assert_ne!(band_colour(-10), band_colour(10));
        // Far past the ends the last colours repeat.
        assert_eq!(band_colour(i16::MAX), band_colour(9000));
        assert_eq!(band_colour(i16::MIN), band_colour(-9000));
    }
}
