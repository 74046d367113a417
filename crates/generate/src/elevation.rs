//! Stage 1: elevation from seeded noise shaped by the preset and the map's shape. Sea level
//! is chosen as the quantile that puts exactly the asked share of cells below 0.

use super::grid::Grid;
use super::noise::{ValueNoise, octaves_for};
use super::{Preset, stage_seed};
use hexmap_map::ElevationLayer;
use hexmap_map::steps::{Pacer, block_on, sort_by_in_steps};

/// Deepest sea and highest peak, in metres.
pub const DEEPEST: i16 = -4000;
/// Highest peak of the presets other than highlands, in metres.
pub const HIGHEST: i16 = 3500;
/// The radius (half the larger extent, in hexes) of the largest map whose noise keeps the
/// presets' own octave counts: a 200 × 150 map. Larger maps get more octaves
/// ([`octaves_for`]).
pub const REFERENCE_RADIUS: f64 = 100.0;
/// The raw height of each cell before sea level is chosen: noise plus the preset's shaping
/// by depth from the border.
///
/// Its features are a fraction of the map, so a small map and a large one of the same
/// preset have the same continents. On a map larger than the reference the noise also
/// gains octaves ([`octaves_for`], [`ValueNoise::fbm_spread`]), so its finest relief stays
/// a few hexes wide; then the heights are matched by rank to those the preset's own
/// octaves give on the same map ([`match_by_rank`]): the pattern is the detailed one, the
/// spread of heights (how much is lowland, hills, mountains) the one every size shares.
async fn raw_heights(grid: &Grid, preset: Preset, seed: u64, pacer: &mut Pacer) -> Vec<f64> {
    let base = ValueNoise::new(stage_seed(seed, 1));
    let ridges = ValueNoise::new(stage_seed(seed, 2));
    let (features, octaves) = match preset {
        Preset::Island => (3.0, 6),
        Preset::Continent => (2.5, 6),
        Preset::Archipelago => (7.0, 5),
        Preset::Highlands => (3.5, 6),
    };
    let scale = features / grid.radius;
    let fine = octaves_for(octaves, grid.radius, REFERENCE_RADIUS);
    // The ranges (ridged noise) keep their octaves: spread, they would break the high
    // ground of the highlands into closed basins (a sixth of a 1000 × 1000 highland
    // world became lakes); the detail comes from the fBm.
    let shaped = |n: f64, t: f64, ridge: f64| match preset {
        Preset::Island => 0.55 * n + 1.1 * t.powf(0.7) + 0.25 * ridge * t,
        Preset::Continent => 0.7 * n + 0.8 * t.powf(0.4) + 0.3 * ridge,
        Preset::Archipelago => 0.9 * n + 0.35 * t.powf(0.5) + 0.1 * ridge,
        Preset::Highlands => 0.45 * n + 0.9 * ridge + 0.3 * t.powf(0.3),
    };
    let mut plain = Vec::with_capacity(grid.len());
    let mut detailed = Vec::with_capacity(if fine > octaves { grid.len() } else { 0 });
    for i in 0..grid.len() {
        let (x, y) = grid.pos[i];
        let (x, y) = (x * scale, y * scale);
        let t = grid.depth[i];
        let ridge = ridges.ridged(x * 0.8, y * 0.8, 4);
        plain.push(shaped(base.fbm(x, y, octaves), t, ridge));
        if fine > octaves {
            detailed.push(shaped(base.fbm_spread(x, y, octaves, fine), t, ridge));
        }
        // Ten noise octaves a cell: a cell weighs as much as a few of other stages.
        pacer.tick(4 + u64::from(fine - octaves)).await;
    }
    if fine > octaves {
        match_by_rank(&mut detailed, &plain, pacer).await;
        detailed
    } else {
        plain
    }
}

/// Give each of `values` the value of the same rank in `reference` (the lowest of `values`
/// gets the lowest of `reference`, and so on; ties by index): the order of `values` with
/// the distribution of `reference`.
async fn match_by_rank(values: &mut [f64], reference: &[f64], pacer: &mut Pacer) {
    let order = lowest_first(values, pacer).await;
    let wanted = lowest_first(reference, pacer).await;
    for (&i, &j) in order.iter().zip(&wanted) {
        values[i as usize] = reference[j as usize];
    }
}

/// The indices of `values`, lowest value first (ties by index).
async fn lowest_first(values: &[f64], pacer: &mut Pacer) -> Vec<u32> {
    let mut order: Vec<u32> = (0..values.len() as u32).collect();
    let by_value = |&a: &u32, &b: &u32| {
        values[a as usize]
            .total_cmp(&values[b as usize])
            .then(a.cmp(&b))
    };
    sort_by_in_steps(&mut order, by_value, pacer).await;
    order
}

/// The elevation of every cell: exactly `round(sea_percent % of the cells)` below 0 (the
/// lowest raw heights, ties broken by cell index), the others 1 or more, scaled to
/// [`DEEPEST`] and the preset's highest peak.
pub fn elevation(grid: &Grid, preset: Preset, sea_percent: u8, seed: u64) -> ElevationLayer {
    block_on(elevation_in_steps(
        grid,
        preset,
        sea_percent,
        seed,
        &mut super::pacer(),
    ))
}

/// [`elevation`], pausing on `pacer` as it goes.
pub(crate) async fn elevation_in_steps(
    grid: &Grid,
    preset: Preset,
    sea_percent: u8,
    seed: u64,
    pacer: &mut Pacer,
) -> ElevationLayer {
    let raw = raw_heights(grid, preset, seed, pacer).await;
    let n = raw.len();
    let order = lowest_first(&raw, pacer).await;
    let sea = ((n as u64 * u64::from(sea_percent.min(100)) + 50) / 100) as usize;
    let peak = f64::from(match preset {
        Preset::Highlands => 4500,
        _ => HIGHEST,
    });
    let lowest = order.first().map_or(0.0, |&i| raw[i as usize]);
    let highest = order.last().map_or(0.0, |&i| raw[i as usize]);
    // Sea level sits between the last sea cell and the first land cell.
    let level = match (sea.checked_sub(1).map(|k| order[k]), order.get(sea)) {
        (Some(a), Some(&b)) => (raw[a as usize] + raw[b as usize]) / 2.0,
        (None, _) => lowest,
        (Some(_), None) => highest,
    };
    let mut values = vec![0i16; n];
    for (rank, &i) in order.iter().enumerate() {
        let h = raw[i as usize];
        values[i as usize] = if rank < sea {
            let depth = (level - h) / (level - lowest).max(1e-9);
            (-(depth * -f64::from(DEEPEST)).round()).clamp(f64::from(DEEPEST), -1.0) as i16
        } else {
            let height = (h - level) / (highest - level).max(1e-9);
            // Most land is low, a little is high.
            (height.powf(1.6) * peak).round().clamp(1.0, peak) as i16
        };
        pacer.tick(1).await;
    }
    ElevationLayer::from_values(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::Orientation;

    #[test]
    fn the_sea_share_is_met_and_the_land_is_above_sea_level() {
        let map = hexmap_map::testing::hexagon_map(12, Orientation::Pointy);
        let grid = Grid::of(&map);
        for preset in Preset::ALL {
            for sea in [0, 30, 55, 100] {
                let layer = elevation(&grid, preset, sea, 7);
                let below = layer.below_sea();
                let want = (grid.len() * usize::from(sea) + 50) / 100;
                assert_eq!(below, want, "{preset:?} {sea}");
                assert!(layer.values().iter().all(|&e| e != 0));
            }
        }
    }

    #[test]
    fn an_island_has_sea_at_its_border_and_land_inside() {
        let map = hexmap_map::testing::hexagon_map(15, Orientation::Flat);
        let grid = Grid::of(&map);
        let layer = elevation(&grid, Preset::Island, 50, 3);
        let share = |f: &dyn Fn(f64) -> bool| {
            let cells: Vec<usize> = (0..grid.len()).filter(|&i| f(grid.depth[i])).collect();
            cells.iter().filter(|&&i| layer.values()[i] < 0).count() as f64 / cells.len() as f64
        };
        assert!(share(&|d| d == 0.0) > 0.9, "the border is sea");
        assert!(share(&|d| d > 0.7) < 0.1, "the middle is land");
    }
}
