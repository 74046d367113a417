//! The climate views: each cell's fill is tinted toward the colour of its band of
//! temperature (bands of [`TEMPERATURE_BAND`] °C, deep blue in the cold through green to
//! red in the heat) or of moisture (bands of [`MOISTURE_BAND`] %, sand when dry to deep
//! blue-green when wet), as the elevation view tints by height. Drawn when
//! [`super::Layers::climate`] names a layer the map has.

use super::colour::Colour;
use hexmap_map::ClimateKind;

/// The width of one temperature band, °C.
pub const TEMPERATURE_BAND: i16 = 5;

/// The width of one moisture band, percent.
pub const MOISTURE_BAND: i16 = 10;

/// How far a cell's fill moves toward its band's colour.
pub const TINT: f32 = 0.7;

/// Temperature band colours from −20 °C (and colder) up by [`TEMPERATURE_BAND`]; the last
/// repeats upward.
const TEMPERATURE: [(u8, u8, u8); 11] = [
    (40, 40, 150),
    (50, 80, 190),
    (70, 130, 220),
    (120, 185, 230),
    (170, 220, 200),
    (190, 225, 140),
    (230, 225, 110),
    (245, 190, 80),
    (240, 140, 60),
    (220, 85, 45),
    (180, 35, 35),
];

/// Moisture band colours from 0 % up by [`MOISTURE_BAND`]; the last is 100 %.
const MOISTURE: [(u8, u8, u8); 11] = [
    (225, 200, 140),
    (215, 205, 140),
    (200, 205, 140),
    (175, 200, 140),
    (145, 195, 140),
    (115, 185, 145),
    (85, 170, 155),
    (60, 150, 165),
    (45, 125, 170),
    (35, 100, 165),
    (25, 75, 150),
];

/// The band a value of `kind` lies in: its index in the colour table.
pub fn band(kind: ClimateKind, value: i16) -> usize {
    match kind {
        ClimateKind::Temperature => {
            let b = (i32::from(value) + 20).div_euclid(i32::from(TEMPERATURE_BAND));
            b.clamp(0, TEMPERATURE.len() as i32 - 1) as usize
        }
        ClimateKind::Moisture => {
            let b = i32::from(value).div_euclid(i32::from(MOISTURE_BAND));
            b.clamp(0, MOISTURE.len() as i32 - 1) as usize
        }
    }
}

/// The colour of the band of `value`.
pub fn band_colour(kind: ClimateKind, value: i16) -> Colour {
    let table = match kind {
        ClimateKind::Temperature => &TEMPERATURE,
        ClimateKind::Moisture => &MOISTURE,
    };
    let (r, g, b) = table[band(kind, value)];
    Colour::rgb(r, g, b)
}

/// `fill` as the climate view of `kind` shows a cell of `value`.
pub fn tint(fill: Colour, kind: ClimateKind, value: i16) -> Colour {
    fill.blend(band_colour(kind, value), TINT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_run_from_cold_to_hot_and_dry_to_wet() {
        use ClimateKind::{Moisture, Temperature};
        assert_eq!(band(Temperature, -40), 0);
        assert_eq!(band(Temperature, -20), 0);
        assert_eq!(band(Temperature, -16), 0);
        assert_eq!(band(Temperature, -15), 1);
        assert_eq!(band(Temperature, 0), 4);
        assert_eq!(band(Temperature, 99), 10);
        assert_eq!(band(Moisture, 0), 0);
        assert_eq!(band(Moisture, 55), 5);
        assert_eq!(band(Moisture, 100), 10);
        // Cold is blue, heat red; dry is sand, wet blue.
        let cold = band_colour(Temperature, -30);
        let hot = band_colour(Temperature, 35);
        assert!(cold.b > cold.r && hot.r > hot.b);
        let dry = band_colour(Moisture, 5);
        let wet = band_colour(Moisture, 95);
        assert!(dry.r > dry.b && wet.b > wet.r);
    }
}
