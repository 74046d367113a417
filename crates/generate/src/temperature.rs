//! Stage 2a: the mean yearly temperature of each cell, in whole degrees Celsius, from its
//! latitude (the map's top edge lies at [`Climate::north`], its bottom edge at
//! [`Climate::south`], evenly between) and its height (colder by [`Climate::lapse_rate`]
//! per kilometre above sea level), with a little seeded noise so bands are not ruled lines.
//!
//! At sea level the tropics (within 23.44° of the equator) are 27 °C and it cools by 1 °C
//! for every 145 km of latitude beyond them (≈ 0.77 °C per degree): −1 °C at 60°, −9 °C at
//! 70°, −24 °C at the poles. That is the Earth's fall of the mean yearly temperature with
//! latitude once the height of the ground is taken out (the 1961–1990 climatology of land
//! and sea surface air temperatures: New et al. 2002, CRU CL 2.0, with Reynolds et al.
//! 2002 over the sea, as R. Rohde plotted it against latitude).

use super::grid::Grid;
use super::noise::ValueNoise;
use super::stage_seed;
use hexmap_map::steps::{Pacer, block_on};

/// The climate a world is generated under: where it lies on its planet, how fast the air
/// cools with height and where the wind comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Climate {
    /// Latitude of the map's top edge, in degrees (north positive, −90 to 90).
    pub north: f32,
    /// Latitude of the map's bottom edge, in degrees (north positive, −90 to 90).
    pub south: f32,
    /// Degrees Celsius lost per kilometre of height (the Earth's mean is 6.5).
    pub lapse_rate: f32,
    /// Where the prevailing wind blows from.
    pub wind: Wind,
}

impl Default for Climate {
    /// A temperate world from 60° N to 20° N under a west wind, the Earth's lapse rate.
    fn default() -> Self {
        Climate {
            north: 60.0,
            south: 20.0,
            lapse_rate: 6.5,
            wind: Wind::West,
        }
    }
}

impl Climate {
    /// `Err` saying what is wrong when a latitude lies outside −90 to 90 or the lapse
    /// rate outside 0 to 20 °C per km (or either is not a number).
    pub fn validate(&self) -> Result<(), String> {
        for (name, v) in [("north", self.north), ("south", self.south)] {
            if !(-90.0..=90.0).contains(&v) {
                return Err(format!(
                    "the {name} edge's latitude {v} is not from -90 to 90 degrees"
                ));
            }
        }
        if !(0.0..=20.0).contains(&self.lapse_rate) {
            return Err(format!(
                "the lapse rate {} is not from 0 to 20 °C per km",
                self.lapse_rate
            ));
        }
        Ok(())
    }
}

/// The prevailing wind's origin: moisture comes from this side and falls on the slopes
/// facing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Wind {
    /// From the west (the westerlies of the middle latitudes).
    #[default]
    West,
    /// From the east (the trade winds of the tropics).
    East,
    /// From the north.
    North,
    /// From the south.
    South,
}

impl Wind {
    /// Every wind, in menu order.
    pub const ALL: [Wind; 4] = [Wind::West, Wind::East, Wind::North, Wind::South];

    /// The name used on the command line and in the editor.
    pub fn name(self) -> &'static str {
        match self {
            Wind::West => "west",
            Wind::East => "east",
            Wind::North => "north",
            Wind::South => "south",
        }
    }

    /// The direction the air moves, in map units (x right, y down).
    pub fn blows_toward(self) -> (f64, f64) {
        match self {
            Wind::West => (1.0, 0.0),
            Wind::East => (-1.0, 0.0),
            Wind::North => (0.0, 1.0),
            Wind::South => (0.0, -1.0),
        }
    }
}

impl std::str::FromStr for Wind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Wind::ALL
            .into_iter()
            .find(|w| w.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown wind {s:?}: use west, east, north or south"))
    }
}

/// The latitude of the tropics, in degrees: within it the year's sunlight, and the mean
/// yearly temperature at sea level, hardly change.
pub const TROPIC: f64 = 23.44;

/// How much colder it is at sea level per degree of latitude beyond the tropics, °C: 1 °C
/// per 145 km, a degree of latitude being 111.2 km.
pub const COOLING_PER_DEGREE: f64 = 111.2 / 145.0;

/// Mean yearly temperature at sea level at `latitude` degrees, in °C.
pub fn sea_level_temperature(latitude: f64) -> f64 {
    27.0 - COOLING_PER_DEGREE * (latitude.abs() - TROPIC).max(0.0)
}

/// The latitude of each cell (index order), in degrees: the top row at `climate.north`,
/// the bottom row at `climate.south`.
pub fn latitudes(grid: &Grid, climate: &Climate) -> Vec<f64> {
    let (lo, hi) = grid.pos.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(p.1), hi.max(p.1))
    });
    let span = (hi - lo).max(1e-9);
    let (north, south) = (f64::from(climate.north), f64::from(climate.south));
    grid.pos
        .iter()
        .map(|p| north + (south - north) * (p.1 - lo) / span)
        .collect()
}

/// Temperature per cell (index order) in whole °C, from latitude and `elevation` (water
/// and land below sea level count as at sea level).
pub fn temperature(grid: &Grid, elevation: &[i16], climate: &Climate, seed: u64) -> Vec<i16> {
    block_on(temperature_in_steps(
        grid,
        elevation,
        climate,
        seed,
        &mut super::pacer(),
    ))
}

/// [`temperature`], pausing on `pacer` as it goes.
pub(crate) async fn temperature_in_steps(
    grid: &Grid,
    elevation: &[i16],
    climate: &Climate,
    seed: u64,
    pacer: &mut Pacer,
) -> Vec<i16> {
    let noise = ValueNoise::new(stage_seed(seed, 7));
    let scale = 6.0 / grid.radius;
    let lats = latitudes(grid, climate);
    let mut out = Vec::with_capacity(grid.len());
    for (i, &lat) in lats.iter().enumerate() {
        let (x, y) = grid.pos[i];
        let height_km = f64::from(elevation.get(i).copied().unwrap_or(0).max(0)) / 1000.0;
        let t = sea_level_temperature(lat) - f64::from(climate.lapse_rate) * height_km
            + 1.5 * noise.fbm(x * scale, y * scale, 3);
        out.push((t + 0.5).floor().clamp(-99.0, 99.0) as i16);
        pacer.tick(2).await;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::OffsetKind;

    #[test]
    fn sea_level_follows_the_earths_bands() {
        assert_eq!(sea_level_temperature(0.0), 27.0);
        assert_eq!(sea_level_temperature(-23.0), 27.0);
        // 145 km (1.304° of latitude) beyond the tropic is one degree colder.
        let step = 145.0 / 111.2;
        assert!((sea_level_temperature(TROPIC + step) - 26.0).abs() < 1e-9);
        assert!((sea_level_temperature(-(TROPIC + 10.0 * step)) - 17.0).abs() < 1e-9);
        // The Earth's annual means at sea level: about −1 °C at 60°, −9 °C at 70°.
        assert!((sea_level_temperature(60.0) + 1.0).abs() < 0.1);
        assert!((sea_level_temperature(70.0) + 8.7).abs() < 0.1);
    }

    #[test]
    fn the_polar_edge_is_coldest_and_height_cools() {
        // 70° N at the top, 10° N at the bottom, all at sea level: the top row is the
        // coldest, the bottom row the warmest, and every row is colder than the one below.
        let map = hexmap_map::testing::rectangle_map(OffsetKind::OddR, 20, 30);
        let grid = Grid::of(&map);
        let climate = Climate {
            north: 70.0,
            south: 10.0,
            ..Climate::default()
        };
        let flat = vec![0i16; grid.len()];
        let t = temperature(&grid, &flat, &climate, 5);
        let row_mean = |row: i32| {
            let cells: Vec<i16> = (0..grid.len())
                .filter(|&i| grid.hexes[i].r == row)
                .map(|i| t[i])
                .collect();
            cells.iter().map(|&v| f64::from(v)).sum::<f64>() / cells.len() as f64
        };
        let means: Vec<f64> = (0..30).map(row_mean).collect();
        assert!(means[0] < -2.0 && means[29] > 25.0, "{means:?}");
        // Poleward of the tropic (the rows above 23.44° N: the top 23 of 30) each fourth
        // row is colder than the one three below it; within the tropics it hardly changes.
        for w in means[..23].windows(4).step_by(4) {
            assert!(w[0] < w[3], "{means:?}");
        }
        let tropics = &means[24..];
        let spread = tropics.iter().cloned().fold(f64::MIN, f64::max)
            - tropics.iter().cloned().fold(f64::MAX, f64::min);
        assert!(spread < 1.0, "{means:?}");
        // 2000 m up is 13 °C colder than the same cell at sea level (noise aside).
        let high = vec![2000i16; grid.len()];
        let th = temperature(&grid, &high, &climate, 5);
        for i in 0..grid.len() {
            assert_eq!(t[i] - th[i], 13, "cell {i}");
        }
    }
}
