//! The world generator of hexmap: pure functions from a [`Spec`] and a
//! seed to a map, deterministic byte for byte. One stage per module, each testable alone:
//!
//! 1. [`elevation`]: seeded noise shaped by a [`Preset`] and the map's shape; the sea
//!    share is met exactly by choosing sea level as a quantile.
//! 2. [`temperature`] by latitude and height, and [`moisture`] carried by the prevailing
//!    wind with its rain shadow: the map's climate layers.
//! 3. [`biome`]: elevation, moisture and temperature through a [`BiomeTable`] to terrain
//!    names, on the standard generated palette or onto an existing palette by names.
//! 4. [`rivers`]: drainage trees along hexsides: closed basins become lakes or are
//!    filled ([`depressions`]), rain is gathered down the corners ([`drainage`]), and a
//!    river runs wherever the flow passes a threshold, Stream, River or Great river by
//!    its flow; channels that would run side by side are joined first (`merge`), and a
//!    Great river meets the sea in an [`estuary`].
//! 5. [`settlements`]: a city, towns and villages as icons with seeded names; then names
//!    for large landmasses ([`region_labels`]) and for seas, lakes, rivers and ranges
//!    (along their course), forests and deserts ([`names_features`]), placed clear of
//!    each other and of the settlements.
//! 6. [`roads`]: Road paths between the settlements of each landmass, laid by the map's
//!    own A* ([`HexMap::route`]) with water made impassable.

pub mod bays;
pub mod biome;
pub mod biome_check;
mod corners;
pub mod depressions;
mod descent;
pub mod detail;
pub mod drainage;
pub mod elevation;
pub mod estuary;
pub mod flow;
pub mod grid;
pub mod hack;
pub mod hexsides;
mod labels_place;
pub mod latitude_span;
mod merge;
pub mod moisture;
pub mod names;
pub mod names_features;
pub mod networks;
pub mod noise;
pub mod region_labels;
pub mod rivers;
pub mod roads;
mod run_end;
mod run_join;
pub mod settlements;
pub mod shadow;
pub mod side_by_side;
#[cfg(test)]
mod size_tests;
pub mod stats;
pub mod temperature;
#[cfg(test)]
mod tests;

pub use biome::{BiomeRule, BiomeTable};
pub use biome_check::{ANY_MOISTURE, BiomeError, MAX_ROWS};
pub use corners::Corner as HexCorner;
pub use latitude_span::LatitudeSpan;
pub use temperature::{Climate, Wind};

use hexmap_hex::{Hex, Orientation};
use hexmap_map::steps::Pacer;
use hexmap_map::{HexMap, MapError, MapProperties, MapShape, Palette};

/// The terrain names a generated map calls water (case does not matter): no river runs
/// between two of them and no road enters them.
pub const WATER_NAMES: [&str; 4] = ["Ocean", "Sea", "Shallows", "Lake"];

/// How the land is shaped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Preset {
    /// One island in the middle, sea all around.
    #[default]
    Island,
    /// A large landmass that reaches most of the map, sea at some of its edges.
    Continent,
    /// Many small islands.
    Archipelago,
    /// High broken land with ridges and little sea.
    Highlands,
}

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 4] = [
        Preset::Island,
        Preset::Continent,
        Preset::Archipelago,
        Preset::Highlands,
    ];

    /// The name used on the command line and in the editor.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Island => "island",
            Preset::Continent => "continent",
            Preset::Archipelago => "archipelago",
            Preset::Highlands => "highlands",
        }
    }

    /// The sea share this preset looks right with, in percent.
    pub fn default_sea(self) -> u8 {
        match self {
            Preset::Island => 55,
            Preset::Continent => 35,
            Preset::Archipelago => 70,
            Preset::Highlands => 15,
        }
    }
}

impl std::str::FromStr for Preset {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!("unknown preset {s:?}: use island, continent, archipelago or highlands")
            })
    }
}

/// Everything a generated map depends on. The same spec gives the same map.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The map's name.
    pub name: String,
    /// Pointy or flat hexes.
    pub orientation: Orientation,
    /// The map's shape (any shape; the land is fitted to it).
    pub shape: MapShape,
    /// How the land is shaped.
    pub preset: Preset,
    /// Share of cells below sea level, in percent (0–100).
    pub sea_percent: u8,
    /// How many settlements (`None`: one per 150 land cells, at least 3, at most
    /// 6,000: [`settlements::default_count`]).
    pub settlements: Option<u32>,
    /// Lay rivers.
    pub rivers: bool,
    /// Lay roads.
    pub roads: bool,
    /// Name the landmasses, seas, lakes, rivers, ranges, forests and deserts (labels;
    /// settlements are named either way).
    pub names: bool,
    /// The terrains to paint with: `None` for the standard generated palette
    /// ([`biome::generated_palette`]), or a palette whose terrains are matched by name
    /// (missing ones are added).
    pub palette: Option<Palette>,
    /// The biome table (terrain names by elevation, moisture and temperature).
    pub biomes: BiomeTable,
    /// Latitudes, lapse rate and wind of the world's climate.
    pub climate: Climate,
    /// The seed.
    pub seed: u64,
}

impl Spec {
    /// A spec with the preset's sea share, rivers, roads, the standard palette and biomes.
    pub fn new(shape: MapShape, orientation: Orientation, preset: Preset, seed: u64) -> Self {
        Spec {
            name: format!("Generated {} {seed}", preset.name()),
            orientation,
            shape,
            preset,
            sea_percent: preset.default_sea(),
            settlements: None,
            rivers: true,
            roads: true,
            names: true,
            palette: None,
            biomes: BiomeTable::standard(),
            climate: Climate::default(),
            seed,
        }
    }
}

/// Why a map could not be generated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenError {
    /// The sea share is over 100 %.
    #[error("sea share {0}% is over 100%")]
    Sea(u8),
    /// The map could not be built (its properties break a limit).
    #[error(transparent)]
    Map(#[from] MapError),
    /// The palette cannot take the terrains the biome table names.
    #[error("the palette has no room for terrain {0:?} (palettes hold at most 1,024 terrains)")]
    PaletteFull(String),
    /// The biome table cannot be used (a row is wrong, or some cells would get no
    /// terrain).
    #[error(transparent)]
    Biomes(#[from] BiomeError),
    /// A latitude outside −90 to 90 or a lapse rate outside 0 to 20 °C per km.
    #[error("climate: {0}")]
    Climate(String),
    /// The map's edge or path palette has no type of this name.
    #[error("the map has no {what} type named {name:?}; add one to its {what} palette")]
    MissingType {
        /// `edge` or `path`.
        what: &'static str,
        /// The name looked for.
        name: &'static str,
    },
}

/// `found`, or [`GenError::MissingType`] naming the `what` palette's type `name` the
/// generator needs (rivers need "River", roads "Road").
fn required_type<T>(
    found: Option<T>,
    what: &'static str,
    name: &'static str,
) -> Result<T, GenError> {
    found.ok_or(GenError::MissingType { what, name })
}

/// Units of work (mostly cells looked at) between two pauses of a generation in steps:
/// about 10–30 ms of a release build at the slowest stage, so a browser that runs it across
/// its frames keeps each frame short.
const PIECE: u64 = 1 << 15;

/// A pacer for the generator's pieces of [`PIECE`] units.
pub(crate) fn pacer() -> Pacer {
    Pacer::new(PIECE)
}

/// A seed for one stage, so stages can be rerun alone with the same result.
pub(crate) fn stage_seed(seed: u64, stage: u64) -> u64 {
    noise::mix(seed ^ noise::mix(stage))
}

/// What the stages did beyond the map itself: for tests and messages.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The rivers' courses, in the order they were laid.
    pub rivers: Vec<rivers::Course>,
    /// The settlements, best first.
    pub settlements: Vec<Hex>,
    /// Road links no route was found for.
    pub unrouted: Vec<(Hex, Hex)>,
}

impl Report {
    /// The numbers both front ends report about `map`, the map this report came with.
    pub fn summary(&self, map: &HexMap) -> Summary {
        Summary {
            cells: map.cell_count(),
            sea_cells: map.elevation_layer().map_or(0, |l| l.below_sea()),
            rivers: self.rivers.len(),
            settlements: self.settlements.len(),
            roads: map.paths().len(),
        }
    }
}

/// What a generated map holds, in numbers: the CLI's answer and the Generate window's
/// preview line. Its `Display` is that line: "1200 cells, 38% sea, 3 rivers, 1 settlement,
/// 2 roads".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Cells of the map.
    pub cells: usize,
    /// Cells below sea level.
    pub sea_cells: usize,
    /// Rivers laid.
    pub rivers: usize,
    /// Settlements placed.
    pub settlements: usize,
    /// Road paths laid.
    pub roads: usize,
}

impl Summary {
    /// The share of the map below sea level, in percent (0 for a map without cells).
    pub fn sea_percent(&self) -> f64 {
        self.sea_cells as f64 * 100.0 / self.cells.max(1) as f64
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        write!(
            f,
            "{}, {:.0}% sea, {}, {}, {}",
            count(self.cells, "cell", "cells"),
            self.sea_percent(),
            count(self.rivers, "river", "rivers"),
            count(self.settlements, "settlement", "settlements"),
            count(self.roads, "road", "roads")
        )
    }
}

/// Generate a whole map from `spec`: every stage in order.
pub fn generate(spec: &Spec) -> Result<HexMap, GenError> {
    generate_with_report(spec).map(|(map, _)| map)
}

/// [`generate`], also saying what the stages did.
pub fn generate_with_report(spec: &Spec) -> Result<(HexMap, Report), GenError> {
    hexmap_map::steps::block_on(generate_in_steps(spec))
}

/// [`generate_with_report`] as work that pauses every few milliseconds of it, inside the
/// stages too ([`hexmap_map::steps`]), so a browser can generate a large world across frames
/// without a long one.
pub async fn generate_in_steps(spec: &Spec) -> Result<(HexMap, Report), GenError> {
    if spec.sea_percent > 100 {
        return Err(GenError::Sea(spec.sea_percent));
    }
    spec.biomes.validate()?;
    spec.climate.validate().map_err(GenError::Climate)?;
    let props = MapProperties::new(spec.name.clone(), spec.orientation);
    let palette = match &spec.palette {
        Some(p) => biome::extend_palette(p, &spec.biomes)?,
        None => biome::generated_palette(),
    };
    let mut map = HexMap::new(props, spec.shape.clone(), palette)?;
    // Every stage pauses after each piece of about `PIECE` units of its work.
    let pacer = &mut pacer();
    let grid = grid::Grid::of_in_steps(&map, pacer).await;
    let layer =
        elevation::elevation_in_steps(&grid, spec.preset, spec.sea_percent, spec.seed, pacer).await;
    map.set_elevation_layer(Some(layer))?;
    let heights = map
        .elevation_layer()
        .map(|l| l.values().to_vec())
        .unwrap_or_default();
    let temperature =
        temperature::temperature_in_steps(&grid, &heights, &spec.climate, spec.seed, pacer).await;
    let moisture =
        moisture::moisture_in_steps(&grid, &map, spec.climate.wind, spec.seed, pacer).await;
    biome::paint_in_steps(&mut map, (&moisture, &temperature), &spec.biomes, pacer).await?;
    map.set_climate(climate_layers(temperature, &moisture))?;
    let mut report = Report::default();
    if spec.rivers {
        let inputs = rivers::RiverInputs {
            grid: &grid,
            moisture: &moisture,
            seed: spec.seed,
        };
        report.rivers = rivers::rivers_in_steps(&mut map, inputs, pacer).await?;
    }
    let count = spec
        .settlements
        .unwrap_or_else(|| settlements::default_count(&map));
    report.settlements =
        settlements::settlements_in_steps(&mut map, &grid, count, spec.seed, pacer).await?;
    if spec.names {
        region_labels::region_labels_in_steps(&mut map, &grid, spec.seed, pacer).await?;
        names_features::feature_names_in_steps(&mut map, &grid, spec.seed, pacer).await?;
    }
    if spec.roads {
        report.unrouted = roads::roads_in_steps(&mut map, &grid, pacer).await?;
    }
    Ok((map, report))
}

/// The map's climate layers from a stage's temperatures (°C) and moistures (0 to 1, kept
/// as whole percent).
pub fn climate_layers(temperature: Vec<i16>, moisture: &[f32]) -> hexmap_map::Climate {
    let percent = moisture
        .iter()
        .map(|&m| (m.clamp(0.0, 1.0) * 100.0).round() as i16)
        .collect();
    hexmap_map::Climate {
        temperature: Some(hexmap_map::ClimateLayer::from_values(temperature)),
        moisture: Some(hexmap_map::ClimateLayer::from_values(percent)),
    }
}

/// Moisture per cell (0 to 1) as a map's moisture layer holds it, if it has one: what
/// a stage run again on a generated map reads instead of working it out anew.
pub fn moisture_of(map: &HexMap) -> Option<Vec<f32>> {
    map.climate_layer(hexmap_map::ClimateKind::Moisture)
        .map(|l| l.values().iter().map(|&v| f32::from(v) / 100.0).collect())
}

/// True when `h` is water on `map`: its terrain has one of the [`WATER_NAMES`], or it has
/// no terrain and lies below sea level.
pub fn is_water(map: &HexMap, h: Hex) -> bool {
    water_table(map)
        .get(map.terrain(h).map_or(0, |t| usize::from(t.get())))
        .copied()
        .flatten()
        .unwrap_or_else(|| map.elevation(h).is_some_and(hexmap_map::is_below_sea))
}

/// Per raw terrain id (0 = none): `Some(true)` for water names, `Some(false)` for other
/// terrains, `None` for no terrain (decided by elevation).
pub(crate) fn water_table(map: &HexMap) -> Vec<Option<bool>> {
    map.palette()
        .by_raw_id()
        .into_iter()
        .map(|t| {
            t.map(|t| {
                WATER_NAMES
                    .iter()
                    .any(|w| w.eq_ignore_ascii_case(t.name.trim()))
            })
        })
        .collect()
}

/// Water per cell, in cell-index order.
pub(crate) fn water_cells(map: &HexMap) -> Vec<bool> {
    let table = water_table(map);
    let raw = map.terrain_layer().raw();
    let elev = map.elevation_layer().map(|l| l.values());
    (0..map.cell_count())
        .map(|i| {
            table
                .get(usize::from(raw[i]))
                .copied()
                .flatten()
                .unwrap_or_else(|| elev.is_some_and(|e| hexmap_map::is_below_sea(e[i])))
        })
        .collect()
}
