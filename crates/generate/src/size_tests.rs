//! Big worlds against small ones of the same seed: relief a few hexes wide at every size,
//! settlements and roads in proportion to the land, deserts and lakes in the same shares.

use super::elevation::elevation;
use super::grid::{Grid, NONE};
use super::{Preset, Spec, generate_with_report};
use hexmap_hex::{OffsetKind, Orientation};
use hexmap_map::MapShape;

/// The elevation of `preset` with `seed` on a `width` × `height` rectangle and its grid.
fn relief(preset: Preset, width: u32, height: u32, seed: u64) -> (Grid, Vec<i16>) {
    let map = hexmap_map::testing::rectangle_map(OffsetKind::OddR, width, height);
    let grid = Grid::of(&map);
    let layer = elevation(&grid, preset, preset.default_sea(), seed);
    (grid, layer.values().to_vec())
}

/// The mean over land cells of how far a cell stands above or below the mean of its land
/// neighbours, in metres: the relief a few hexes wide that a person sees as hills, spurs
/// and dells rather than smooth slopes.
fn roughness(grid: &Grid, heights: &[i16]) -> f64 {
    let (mut sum, mut cells) = (0.0, 0usize);
    for i in (0..grid.len()).filter(|&i| heights[i] > 0) {
        let around: Vec<f64> = grid.nbr[i]
            .iter()
            .filter(|&&n| n != NONE && heights[n as usize] > 0)
            .map(|&n| f64::from(heights[n as usize]))
            .collect();
        if around.is_empty() {
            continue;
        }
        let mean = around.iter().sum::<f64>() / around.len() as f64;
        sum += (f64::from(heights[i]) - mean).abs();
        cells += 1;
    }
    sum / cells.max(1) as f64
}

#[test]
fn a_big_world_has_relief_a_few_hexes_wide_like_a_small_one() {
    for (preset, seed) in [(Preset::Continent, 3), (Preset::Island, 11)] {
        let (small_grid, small) = relief(preset, 200, 150, seed);
        let (big_grid, big) = relief(preset, 800, 600, seed);
        let (small, big) = (roughness(&small_grid, &small), roughness(&big_grid, &big));
        // Magnified, the 800 × 600 map would be four times smoother than the 200 × 150
        // (with the preset's octaves alone it is: 2.2 m against 19.0 m on the continent).
        assert!(
            big >= 0.5 * small,
            "{preset:?}: a land cell stands {big:.1} m off its neighbours on 800 × 600, \
             {small:.1} m on 200 × 150"
        );
    }
}

/// Land cells, settlements and road steps of a generated `preset` world.
fn settled(preset: Preset, width: u32, height: u32, seed: u64) -> (usize, usize, usize) {
    let shape = MapShape::rectangle(OffsetKind::OddR, width, height).unwrap();
    let mut spec = Spec::new(shape, Orientation::Pointy, preset, seed);
    spec.names = false;
    let (map, report) = generate_with_report(&spec).unwrap();
    let land = super::water_cells(&map).iter().filter(|w| !**w).count();
    let steps = map
        .paths()
        .iter()
        .map(|p| p.hexes.len().saturating_sub(1))
        .sum();
    assert!(report.unrouted.is_empty(), "every road was laid");
    (land, report.settlements.len(), steps)
}

#[test]
fn settlements_and_roads_grow_in_proportion_to_the_land() {
    let (small_land, small_towns, small_roads) = settled(Preset::Continent, 120, 80, 5);
    let (big_land, big_towns, big_roads) = settled(Preset::Continent, 360, 240, 5);
    let per = |n: usize, land: usize| n as f64 * 10_000.0 / land as f64;
    let towns = per(big_towns, big_land) / per(small_towns, small_land);
    assert!(
        (0.85..=1.15).contains(&towns),
        "settlements per 10,000 land hexes: {:.1} on 360 × 240, {:.1} on 120 × 80",
        per(big_towns, big_land),
        per(small_towns, small_land)
    );
    let roads = per(big_roads, big_land) / per(small_roads, small_land);
    assert!(
        (0.7..=1.4).contains(&roads),
        "road steps per 10,000 land hexes: {:.0} on 360 × 240, {:.0} on 120 × 80",
        per(big_roads, big_land),
        per(small_roads, small_land)
    );
}

/// The share of the land (above sea level) at `from` metres or higher.
fn land_above(heights: &[i16], from: i16) -> f64 {
    let land = heights.iter().filter(|&&h| h > 0).count().max(1);
    heights.iter().filter(|&&h| h >= from).count() as f64 / land as f64
}

#[test]
fn a_big_world_has_as_much_high_ground_as_a_small_one() {
    // Hills begin at 1150 m in the standard biome table. More octaves alone would leave
    // the 800 × 600 continent with 0.18 of its land that high against 0.26 on 200 × 150.
    for (preset, seed) in [(Preset::Continent, 3), (Preset::Island, 11)] {
        let (_, small) = relief(preset, 200, 150, seed);
        let (_, big) = relief(preset, 800, 600, seed);
        let (small, big) = (land_above(&small, 1150), land_above(&big, 1150));
        assert!(
            (big - small).abs() <= 0.03,
            "{preset:?}: {big:.3} of the land at 1150 m or higher on 800 × 600, \
             {small:.3} on 200 × 150"
        );
    }
}

/// The shares of the land of a generated `preset` world that is desert and (of land and
/// lakes) that is lake.
fn desert_and_lakes(preset: Preset, width: u32, height: u32, seed: u64) -> (f64, f64) {
    let shape = MapShape::rectangle(OffsetKind::OddR, width, height).unwrap();
    let mut spec = Spec::new(shape, Orientation::Pointy, preset, seed);
    (spec.names, spec.roads, spec.settlements) = (false, false, Some(0));
    let (map, _) = generate_with_report(&spec).unwrap();
    let named = |name: &str| {
        let id = map.palette().by_id_or_name(name).map(|t| t.id);
        map.shape()
            .iter()
            .filter(|&h| map.terrain(h).is_some() && map.terrain(h) == id)
            .count() as f64
    };
    let land = super::water_cells(&map).iter().filter(|w| !**w).count() as f64;
    let lakes = named("Lake");
    (named("Desert") / land, lakes / (land + lakes))
}

#[test]
fn a_big_world_is_no_drier_and_no_wetter_with_lakes_than_a_small_one() {
    // 500 × 375 against 200 × 150: the big map's relief is as rough a few hexes wide, so
    // the wind meeting every hillock rained out near the coast (the archipelago's deserts
    // 15.7 % of its land against 9.2 %) and its many small closed basins became lakes (the
    // continent's lakes 9.7 % of land and lakes against 6.8 %).
    let (small_desert, _) = desert_and_lakes(Preset::Archipelago, 200, 150, 2);
    let (big_desert, _) = desert_and_lakes(Preset::Archipelago, 500, 375, 2);
    assert!(
        big_desert - small_desert <= 0.025,
        "desert {big_desert:.3} of the land on 500 × 375, {small_desert:.3} on 200 × 150"
    );
    let (_, small_lakes) = desert_and_lakes(Preset::Continent, 200, 150, 3);
    let (_, big_lakes) = desert_and_lakes(Preset::Continent, 500, 375, 3);
    assert!(
        big_lakes <= small_lakes + 0.02,
        "lakes {big_lakes:.3} of land and lakes on 500 × 375, {small_lakes:.3} on 200 × 150"
    );
}
