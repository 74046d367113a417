//! The rain shadow of a world's highest range, measured: how much drier the land in the
//! range's lee is than the land on its windward side, over the range's whole length.
//!
//! A **range** is a connected ridge of high land (every cell at [`RANGE_FLOOR`] metres or
//! more, the height where the standard biome table starts its hills), of at least
//! [`MIN_RANGE_CELLS`] cells, so a lone peak is not a range. The **highest range** is the
//! one holding the highest cell (the largest high ridge when none is long enough).
//!
//! The map is cut into lines along the wind (cells whose centres share one cross-wind
//! coordinate). On each line the range crosses, its crest is the range's highest cell on
//! that line; the windward side is the land one to [`SIDE_REACH`] hexes upwind of the
//! crest, the lee as far downwind, each stopping at the first water (the shadow ends at
//! the sea, where the air takes up water again).

use super::grid::Grid;
use super::temperature::Wind;
use hexmap_map::{ClimateKind, HexMap};
use std::collections::BTreeMap;

/// Lowest elevation of a range's cells, in metres.
pub const RANGE_FLOOR: i16 = 1150;
/// Fewest cells a ridge needs to count as a range.
pub const MIN_RANGE_CELLS: usize = 8;
/// How far each side of the crest is measured, in hexes.
pub const SIDE_REACH: f64 = 8.0;

/// The moisture on both sides of the highest range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shadow {
    /// Cells of the highest range.
    pub range_cells: usize,
    /// Mean moisture (0 to 1) of the land on the windward side.
    pub windward: f64,
    /// Mean moisture (0 to 1) of the land in the lee.
    pub lee: f64,
}

impl Shadow {
    /// The lee's mean moisture over the windward side's (0.75 or less: 25 % drier).
    pub fn ratio(&self) -> f64 {
        self.lee / self.windward.max(1e-9)
    }
}

/// The rain shadow of `map`'s highest range under `wind`, read from the map's elevation
/// and moisture layers. `None` without those layers, without high land, or without land
/// on either side of the range.
pub fn rain_shadow(map: &HexMap, wind: Wind) -> Option<Shadow> {
    let elev = map.elevation_layer()?.values();
    let moisture: Vec<f64> = map
        .climate_layer(ClimateKind::Moisture)?
        .values()
        .iter()
        .map(|&v| f64::from(v) / 100.0)
        .collect();
    let grid = Grid::of(map);
    let water = super::water_cells(map);
    shadow_of(&grid, elev, &water, &moisture, wind)
}

/// [`rain_shadow`] on a stage's own arrays (index order): elevation in metres, water,
/// moisture in [0, 1].
pub fn shadow_of(
    grid: &Grid,
    elev: &[i16],
    water: &[bool],
    moisture: &[f64],
    wind: Wind,
) -> Option<Shadow> {
    let range = highest_range(grid, elev, water)?;
    let (wx, wy) = wind.blows_toward();
    let along = |i: usize| grid.pos[i].0 * wx + grid.pos[i].1 * wy;
    // The cross-wind coordinate, exact to a thousandth of a hex: one key per line.
    let line_of = |i: usize| (grid.pos[i].0 * -wy + grid.pos[i].1 * wx) * 1000.0;
    let mut lines: BTreeMap<i64, Vec<usize>> = BTreeMap::new();
    for i in 0..grid.len() {
        lines.entry(line_of(i).round() as i64).or_default().push(i);
    }
    let mut in_range = vec![false; grid.len()];
    for &i in &range {
        in_range[i] = true;
    }
    let (mut windward, mut lee) = (Vec::new(), Vec::new());
    for cells in lines.values_mut() {
        cells.sort_by(|&a, &b| along(a).total_cmp(&along(b)));
        let Some(crest) = (0..cells.len())
            .filter(|&k| in_range[cells[k]])
            .max_by_key(|&k| (elev[cells[k]], std::cmp::Reverse(k)))
        else {
            continue;
        };
        let top = along(cells[crest]);
        let side = |ks: &mut dyn Iterator<Item = usize>, out: &mut Vec<f64>| {
            for k in ks {
                let i = cells[k];
                if water[i] || (along(i) - top).abs() > SIDE_REACH + 0.01 {
                    break;
                }
                out.push(moisture[i]);
            }
        };
        side(&mut (0..crest).rev(), &mut windward);
        side(&mut (crest + 1..cells.len()), &mut lee);
    }
    let mean = |v: &[f64]| (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64);
    Some(Shadow {
        range_cells: range.len(),
        windward: mean(&windward)?,
        lee: mean(&lee)?,
    })
}

/// The cells (index order) of the highest range: the connected land at [`RANGE_FLOOR`] or
/// above, of [`MIN_RANGE_CELLS`] or more, holding the highest cell; the largest such
/// ridge when none is that long. `None` without land that high.
pub fn highest_range(grid: &Grid, elev: &[i16], water: &[bool]) -> Option<Vec<usize>> {
    let high = |i: usize| !water[i] && elev[i] >= RANGE_FLOOR;
    let mut seen = vec![false; grid.len()];
    let mut ridges: Vec<Vec<usize>> = Vec::new();
    for start in 0..grid.len() {
        if seen[start] || !high(start) {
            continue;
        }
        ridges.push(super::bays::flood(grid, start, &high, &mut seen));
    }
    let peak = |r: &Vec<usize>| r.iter().map(|&i| elev[i]).max().unwrap_or(i16::MIN);
    let long = ridges
        .iter()
        .filter(|r| r.len() >= MIN_RANGE_CELLS)
        .max_by_key(|r| (peak(r), r.len()))
        .cloned();
    long.or_else(|| ridges.into_iter().max_by_key(Vec::len))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{Hex, OffsetKind, Orientation};
    use hexmap_map::{ElevationLayer, MapShape};

    /// A 40×40 pointy map of land at 200 m, `high(col, row)` giving other heights.
    fn map_with(high: impl Fn(i32, i32) -> Option<i16>) -> (HexMap, Grid, Vec<i16>) {
        let kind = OffsetKind::OddR;
        let shape = MapShape::rectangle(kind, 40, 40).unwrap();
        let mut map = hexmap_map::testing::map_on(Orientation::Pointy, shape);
        let cells: Vec<Hex> = map.shape().iter().collect();
        let elev: Vec<i16> = cells
            .iter()
            .map(|&h| {
                let c = kind.from_hex(h);
                high(c.col, c.row).unwrap_or(200)
            })
            .collect();
        map.set_elevation_layer(Some(ElevationLayer::from_values(elev.clone())))
            .unwrap();
        let grid = Grid::of(&map);
        (map, grid, elev)
    }

    #[test]
    fn the_highest_range_is_a_ridge_not_a_lone_higher_peak() {
        // A ridge of 2000 m down column 20, rows 5–34, and one peak of 3000 m at (5, 5).
        let (map, grid, elev) = map_with(|c, r| match (c, r) {
            (5, 5) => Some(3000),
            (20, 5..=34) => Some(2000),
            _ => None,
        });
        let water = vec![false; grid.len()];
        let range = highest_range(&grid, &elev, &water).unwrap();
        assert_eq!(range.len(), 30);
        let kind = OffsetKind::OddR;
        for i in range {
            assert_eq!(kind.from_hex(map.shape().hex_at(i).unwrap()).col, 20);
        }
    }

    #[test]
    fn each_wind_compares_its_own_lee_with_its_own_windward_side() {
        // Moisture 0.8 west (or north) of the map's centre line, 0.4 east (or south), a
        // ridge along that line: under a west wind the wet west is windward; under an
        // east wind the same map's lee is the wet west; north and south likewise.
        let halves = |grid: &Grid, wet: fn((f64, f64)) -> bool| -> Vec<f64> {
            grid.pos
                .iter()
                .map(|&p| if wet(p) { 0.8 } else { 0.4 })
                .collect()
        };
        let (_, grid, elev) = map_with(|c, _| (c == 20).then_some(2000));
        let water = vec![false; grid.len()];
        let m = halves(&grid, |(x, _)| x < 0.0);
        let west = shadow_of(&grid, &elev, &water, &m, Wind::West).unwrap();
        assert!((west.ratio() - 0.5).abs() < 1e-9, "{west:?}");
        let east = shadow_of(&grid, &elev, &water, &m, Wind::East).unwrap();
        assert!((east.ratio() - 2.0).abs() < 1e-9, "{east:?}");
        let (_, grid, elev) = map_with(|_, r| (r == 20).then_some(2000));
        let m = halves(&grid, |(_, y)| y < 0.0);
        let north = shadow_of(&grid, &elev, &water, &m, Wind::North).unwrap();
        assert!((north.ratio() - 0.5).abs() < 1e-9, "{north:?}");
        let south = shadow_of(&grid, &elev, &water, &m, Wind::South).unwrap();
        assert!((south.ratio() - 2.0).abs() < 1e-9, "{south:?}");
    }

    #[test]
    fn the_sides_stop_at_the_sea() {
        // Land wet 0.9 beyond a strait east of the ridge is not its lee.
        let (_, grid, elev) = map_with(|c, _| (c == 20).then_some(2000));
        let water: Vec<bool> = grid
            .pos
            .iter()
            .map(|&(x, _)| (2.5..4.5).contains(&x))
            .collect();
        let moisture: Vec<f64> = grid
            .pos
            .iter()
            .map(|&(x, _)| {
                if x > 4.0 {
                    0.9
                } else if x > 0.0 {
                    0.3
                } else {
                    0.6
                }
            })
            .collect();
        let s = shadow_of(&grid, &elev, &water, &moisture, Wind::West).unwrap();
        assert!((s.lee - 0.3).abs() < 1e-9, "{s:?}");
    }

    #[test]
    fn generated_worlds_have_a_dry_lee_under_every_wind() {
        // Seeds outside the 0–49 that world_stats measures, on every preset and wind, on
        // a map spanning 60° of latitude: the lee at least 25 % drier than the windward side.
        for preset in crate::Preset::ALL {
            for wind in Wind::ALL {
                for seed in [101, 202] {
                    let shape = MapShape::rectangle(OffsetKind::OddR, 120, 90).unwrap();
                    let mut spec = crate::Spec::new(shape, Orientation::Pointy, preset, seed);
                    spec.climate.north = 70.0;
                    spec.climate.south = 10.0;
                    spec.climate.wind = wind;
                    let map = crate::generate(&spec).unwrap();
                    let s = rain_shadow(&map, wind).expect("a range with land on both sides");
                    assert!(
                        s.ratio() <= 0.75,
                        "{} seed {seed}, {wind:?} wind: {s:?}",
                        preset.name()
                    );
                }
            }
        }
    }
}
