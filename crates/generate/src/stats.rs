//! A map measured as a world: how much is land, how high it lies, what covers it and how
//! its rivers branch ([`networks`](super::networks)). What `hexmap stats` prints; any map
//! can be measured, generated or drawn by hand.

use super::drainage::Drainage;
use super::networks::RiverStats;
use hexmap_hex::Edge;
use hexmap_map::HexMap;

/// The width of an elevation histogram's bins, in metres.
pub const ELEVATION_BIN: i32 = 500;

/// Cells whose elevation lies in `[from, from + ELEVATION_BIN)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElevationBin {
    /// The bin's lowest elevation (included), a multiple of [`ELEVATION_BIN`].
    pub from: i32,
    /// Cells in it.
    pub cells: usize,
}

/// Cells of one terrain.
#[derive(Clone, Debug, PartialEq)]
pub struct TerrainShare {
    /// The terrain's name (`None` for cells without terrain).
    pub terrain: Option<String>,
    /// Cells of it.
    pub cells: usize,
    /// Its share of the map's cells, 0–1.
    pub share: f64,
}

/// The land of one fifth of the map's offset rows (top first): its climate on average.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClimateBand {
    /// The band's first offset row (included).
    pub rows_from: i32,
    /// The row it stops before.
    pub rows_below: i32,
    /// Land cells in it.
    pub land_cells: usize,
    /// Their mean temperature, °C (`None` without land or a temperature layer).
    pub mean_temperature: Option<f64>,
    /// Their mean moisture, percent (`None` without land or a moisture layer).
    pub mean_moisture: Option<f64>,
    /// The share of them, 0–1, in the cold biomes ([`COLD_BIOMES`]; `None` without land):
    /// where the band of cold biomes lies, whatever the height of the land beside it.
    pub cold_biome_share: Option<f64>,
    /// How cold their biomes are, 0–3: the mean over them of 0 for snow, 1 for tundra, 2
    /// for taiga or steppe and 3 for any other terrain, the classes the standard table gives
    /// only below −10, −2 and 5 °C a year ([`biome_coldness_class`]; `None` without land).
    /// The band with the least is the band of the coldest biomes, also where two bands are
    /// wholly cold.
    pub biome_coldness: Option<f64>,
}

/// The standard biome table's biomes of the cold, those it gives only to land below 5 °C
/// a year (snow also to the highest ground): snow, tundra (below −2 °C), and taiga and
/// steppe (−2 to 5 °C, wet and dry). Matched by terrain name without regard to case.
pub const COLD_BIOMES: [&str; 4] = ["Snow", "Tundra", "Taiga", "Steppe"];

/// A terrain's coldness class by its name: 0 snow, 1 tundra, 2 taiga or steppe (the
/// standard table gives them only below −10, −2 and 5 °C a year; snow also to the highest
/// ground), 3 any other.
pub fn biome_coldness_class(name: &str) -> u8 {
    let name = name.trim();
    let is = |n: &str| name.eq_ignore_ascii_case(n);
    if is("Snow") {
        0
    } else if is("Tundra") {
        1
    } else if COLD_BIOMES.iter().any(|&c| is(c)) {
        2
    } else {
        3
    }
}

/// How many row bands [`WorldStats::climate`] cuts a map into.
pub const CLIMATE_BANDS: i32 = 5;

/// A map in numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldStats {
    /// Cells of the map.
    pub cells: usize,
    /// Cells that are not water ([`super::is_water`]).
    pub land_cells: usize,
    /// Elevation histogram, lowest bin first, bins without cells left out (empty when the
    /// map has no elevation layer).
    pub elevation: Vec<ElevationBin>,
    /// Cells per terrain, most first.
    pub terrains: Vec<TerrainShare>,
    /// The river networks.
    pub rivers: RiverStats,
    /// The land's climate by fifth of the map's rows, top first (empty when the map has
    /// no climate layer): where the cold and the dry lie.
    pub climate: Vec<ClimateBand>,
}

impl WorldStats {
    /// Measure `map`. Its water is every cell whose terrain [`is_water_name`] (or, without
    /// terrain, lies below sea level); its rivers are its edges of every type whose name
    /// [`is_river_name`].
    pub fn of(map: &HexMap) -> WorldStats {
        let cells = map.cell_count();
        let water = water_cells(map);
        let land_cells = water.iter().filter(|w| !**w).count();
        let elevation = elevation_histogram(map);
        let counts = map.terrain_counts();
        let mut terrains: Vec<TerrainShare> = std::iter::once(None)
            .chain(
                map.palette()
                    .terrains()
                    .iter()
                    .map(|t| Some(t.name.clone())),
            )
            .zip(counts)
            .filter(|(_, n)| *n > 0)
            .map(|(terrain, n)| TerrainShare {
                terrain,
                cells: n,
                share: n as f64 / cells.max(1) as f64,
            })
            .collect();
        terrains.sort_by(|a, b| b.cells.cmp(&a.cells).then(a.terrain.cmp(&b.terrain)));
        let river_types: Vec<_> = map
            .edge_palette()
            .types()
            .iter()
            .filter(|t| is_river_name(&t.name))
            .map(|t| t.id)
            .collect();
        let sides: Vec<Edge> = map
            .edges()
            .filter(|(_, k)| river_types.contains(k))
            .map(|(e, _)| e)
            .collect();
        let climate = climate_bands(map, &water);
        let rivers = RiverStats::of(map, sides, &Drainage::with_water(map, water));
        WorldStats {
            cells,
            land_cells,
            elevation,
            terrains,
            rivers,
            climate,
        }
    }

    /// The land's share of the map, 0–1 (0 for a map without cells).
    pub fn land_share(&self) -> f64 {
        self.land_cells as f64 / self.cells.max(1) as f64
    }
}

/// True when a terrain of this name is water: one of the generator's
/// [`WATER_NAMES`](super::WATER_NAMES), or a name holding "sea", "ocean", "lake", "water"
/// or "shallow" (case does not matter: "Deep sea", "Open water").
pub fn is_water_name(name: &str) -> bool {
    let name = name.trim().to_ascii_lowercase();
    ["sea", "ocean", "lake", "water", "shallow"]
        .iter()
        .any(|w| name.contains(w))
}

/// Water per cell, in index order, by [`is_water_name`].
fn water_cells(map: &HexMap) -> Vec<bool> {
    map.shape()
        .iter()
        .map(|h| match map.terrain(h) {
            Some(t) => map.palette().get(t).is_some_and(|t| is_water_name(&t.name)),
            None => map.elevation(h).is_some_and(hexmap_map::is_below_sea),
        })
        .collect()
}

/// True when an edge type of this name is a river: its name holds "river" or "stream".
pub fn is_river_name(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.contains("river") || name.contains("stream")
}

/// The land's mean temperature and moisture in [`CLIMATE_BANDS`] bands of offset rows.
fn climate_bands(map: &HexMap, water: &[bool]) -> Vec<ClimateBand> {
    use hexmap_map::ClimateKind;
    if map.climate().is_empty() {
        return Vec::new();
    }
    let kind = map.properties().offset_kind;
    let bounds = map.shape().offset_bounds(kind);
    let rows = bounds.rows as i32;
    let (mut count, mut sums) = (
        vec![0usize; CLIMATE_BANDS as usize],
        vec![[0.0f64; 2]; CLIMATE_BANDS as usize],
    );
    let layers = ClimateKind::ALL.map(|k| map.climate_layer(k).map(|l| l.values()));
    // Each raw terrain value's (a terrain's id; 0: none) coldness class; 3 for none.
    let mut class = vec![3u8; usize::from(u16::MAX) + 1];
    for t in map.palette().terrains() {
        class[usize::from(t.id.get())] = biome_coldness_class(&t.name);
    }
    let raw = map.terrain_layer().raw();
    let (mut cold, mut coldness) = (
        vec![0usize; CLIMATE_BANDS as usize],
        vec![0usize; CLIMATE_BANDS as usize],
    );
    for (i, h) in map.shape().iter().enumerate() {
        if water[i] {
            continue;
        }
        let row = kind.from_hex(h).row - bounds.min_row;
        let band = (row * CLIMATE_BANDS / rows.max(1)) as usize;
        count[band] += 1;
        let c = class[usize::from(raw[i])];
        cold[band] += usize::from(c < 3);
        coldness[band] += usize::from(c);
        for (sum, layer) in sums[band].iter_mut().zip(&layers) {
            if let Some(values) = layer {
                *sum += f64::from(values[i]);
            }
        }
    }
    (0..CLIMATE_BANDS)
        .map(|b| {
            let n = count[b as usize];
            let mean =
                |k: usize| (n > 0 && layers[k].is_some()).then(|| sums[b as usize][k] / n as f64);
            ClimateBand {
                rows_from: bounds.min_row + first_row(b, rows),
                rows_below: bounds.min_row + first_row(b + 1, rows),
                land_cells: n,
                mean_temperature: mean(0),
                mean_moisture: mean(1),
                cold_biome_share: (n > 0).then(|| cold[b as usize] as f64 / n as f64),
                biome_coldness: (n > 0).then(|| coldness[b as usize] as f64 / n as f64),
            }
        })
        .collect()
}

/// The first of `rows` rows in climate band `band` (the rows `r` with
/// `r × CLIMATE_BANDS / rows == band`, rounded down).
fn first_row(band: i32, rows: i32) -> i32 {
    (band * rows + CLIMATE_BANDS - 1) / CLIMATE_BANDS
}

fn elevation_histogram(map: &HexMap) -> Vec<ElevationBin> {
    let Some(layer) = map.elevation_layer() else {
        return Vec::new();
    };
    let mut bins = std::collections::BTreeMap::<i32, usize>::new();
    for &e in layer.values() {
        *bins
            .entry(i32::from(e).div_euclid(ELEVATION_BIN) * ELEVATION_BIN)
            .or_default() += 1;
    }
    bins.into_iter()
        .map(|(from, cells)| ElevationBin { from, cells })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::Orientation;
    use hexmap_map::MapShape;

    #[test]
    fn a_generated_world_is_measured_whole() {
        let shape = MapShape::rectangle(hexmap_hex::OffsetKind::OddR, 60, 40).unwrap();
        let spec = crate::Spec::new(shape, Orientation::Pointy, crate::Preset::Continent, 3);
        let map = crate::generate(&spec).unwrap();
        let stats = WorldStats::of(&map);
        assert_eq!(stats.cells, 2400);
        // The continent preset puts 35 % under the sea; lakes take a little more.
        assert!(
            (0.5..=0.65).contains(&stats.land_share()),
            "{}",
            stats.land_share()
        );
        let binned: usize = stats.elevation.iter().map(|b| b.cells).sum();
        assert_eq!(binned, 2400);
        let shares: f64 = stats.terrains.iter().map(|t| t.share).sum();
        assert!((shares - 1.0).abs() < 1e-9);
        let river_sides = map.edges().count();
        let counted: usize = stats.rivers.networks.iter().map(|n| n.sides).sum();
        assert_eq!(counted, river_sides, "every river side is in one network");
        let streamed: u32 = stats.rivers.streams.iter().map(|s| s.sides).sum();
        assert_eq!(
            streamed as usize, river_sides,
            "every side is in one stream"
        );
        // Five bands of eight rows; the top one (60° N) is colder than the bottom one (20° N).
        assert_eq!(stats.climate.len(), 5);
        let land: usize = stats.climate.iter().map(|b| b.land_cells).sum();
        assert_eq!(land, stats.land_cells);
        assert_eq!(
            (stats.climate[1].rows_from, stats.climate[1].rows_below),
            (8, 16)
        );
        let t: Vec<f64> = stats
            .climate
            .iter()
            .map(|b| b.mean_temperature.unwrap())
            .collect();
        assert!(t[0] + 10.0 < t[4], "{t:?}");
        // A map without climate layers has no bands.
        let plain = hexmap_map::testing::hexagon_map(3, Orientation::Pointy);
        assert!(WorldStats::of(&plain).climate.is_empty());
    }

    #[test]
    fn cold_biomes_are_counted_by_band_whatever_the_temperature_says() {
        let shape = MapShape::rectangle(hexmap_hex::OffsetKind::OddR, 60, 40).unwrap();
        let spec = crate::Spec::new(shape, Orientation::Pointy, crate::Preset::Continent, 3);
        let mut map = crate::generate(&spec).unwrap();
        let named = |map: &HexMap, name: &str| crate::biome::terrain_named(map.palette(), name);
        let (grass, tundra, taiga, steppe) = (
            named(&map, "Grassland").unwrap(),
            named(&map, "Tundra").unwrap(),
            named(&map, "Taiga").unwrap(),
            named(&map, "Steppe").unwrap(),
        );
        // The polar band grassland, the next tundra, the middle one taiga and steppe on
        // even columns.
        let water = water_cells(&map);
        let kind = map.properties().offset_kind;
        let mut cold_in_middle = 0;
        let mut land_in_middle = 0;
        let hexes: Vec<hexmap_hex::Hex> = map.shape().iter().collect();
        for (i, &h) in hexes.iter().enumerate() {
            if water[i] {
                continue;
            }
            let at = kind.from_hex(h);
            let terrain = match at.row / 8 {
                0 => grass,
                1 => tundra,
                2 => {
                    land_in_middle += 1;
                    if at.col % 2 == 0 {
                        cold_in_middle += 1;
                        if at.col % 4 == 0 { taiga } else { steppe }
                    } else {
                        grass
                    }
                }
                _ => grass,
            };
            map.set_terrain_index(i, Some(terrain));
        }
        let climate = WorldStats::of(&map).climate;
        let shares: Vec<Option<f64>> = climate.iter().map(|b| b.cold_biome_share).collect();
        let middle = f64::from(cold_in_middle) / f64::from(land_in_middle);
        assert!(middle > 0.3 && middle < 0.7, "{middle}");
        let want = [0.0, 1.0, middle, 0.0, 0.0];
        for (band, (got, want)) in shares.iter().zip(want).enumerate() {
            let got = got.expect("land in every band");
            assert!((got - want).abs() < 1e-9, "band {band}: {got} not {want}");
        }
        // Coldness: grassland 3, tundra 1, the middle band's taiga and steppe 2 among its
        // grassland.
        let coldness: Vec<f64> = climate.iter().map(|b| b.biome_coldness.unwrap()).collect();
        let want = [3.0, 1.0, 2.0 * middle + 3.0 * (1.0 - middle), 3.0, 3.0];
        for (band, (got, want)) in coldness.iter().zip(want).enumerate() {
            assert!((got - want).abs() < 1e-9, "band {band}: {got} not {want}");
        }
        assert_eq!(biome_coldness_class(" snow "), 0);
        assert_eq!(biome_coldness_class("Steppe"), 2);
        assert_eq!(biome_coldness_class("Hills"), 3);
    }

    #[test]
    fn river_types_are_found_by_name() {
        assert!(is_river_name("River"));
        assert!(is_river_name("Great river"));
        assert!(is_river_name("stream"));
        assert!(!is_river_name("Wall"));
        for water in crate::WATER_NAMES
            .into_iter()
            .chain(["Deep sea", "Open water"])
        {
            assert!(is_water_name(water), "{water}");
        }
        assert!(!is_water_name("Grassland"));
    }
}
