//! Stage 3: terrain from elevation and moisture through a biome table (rules the user can
//! change), painted with the standard generated palette or onto an existing palette by
//! terrain names (names missing from it are added).

use super::GenError;
use super::biome_check::ANY_MOISTURE;
use hexmap_map::steps::{Pacer, block_on};
use hexmap_map::{HexMap, MoveCost, Palette, Rgb, Terrain, TerrainId, TileArt};

/// The name of the terrain rivers' basins fill with.
pub const LAKE: &str = "Lake";

/// One row of a biome table: cells within both ranges get the terrain named.
#[derive(Clone, Debug, PartialEq)]
pub struct BiomeRule {
    /// Lowest elevation the rule takes (inclusive), in metres.
    pub min_elevation: i16,
    /// Elevation the rule stops below (exclusive).
    pub below_elevation: i16,
    /// Lowest moisture the rule takes (inclusive), 0–1.
    pub min_moisture: f32,
    /// Moisture the rule stops below (exclusive); over 1 takes everything.
    pub below_moisture: f32,
    /// Lowest mean yearly temperature the rule takes (inclusive), in °C; `i16::MIN`: no
    /// lower bound.
    pub min_temperature: i16,
    /// Temperature the rule stops below (exclusive), in °C; `i16::MAX`: no upper bound.
    pub below_temperature: i16,
    /// The terrain's name (matched in the palette without regard to case).
    pub terrain: String,
}

impl BiomeRule {
    /// A row for `terrain` taking elevations `min_elevation..below_elevation` and moisture
    /// `min_moisture..below_moisture`, at any temperature
    /// ([`BiomeRule::between_temperatures`] narrows it).
    pub fn new(
        min_elevation: i16,
        below_elevation: i16,
        min_moisture: f32,
        below_moisture: f32,
        terrain: &str,
    ) -> Self {
        BiomeRule {
            min_elevation,
            below_elevation,
            min_moisture,
            below_moisture,
            min_temperature: i16::MIN,
            below_temperature: i16::MAX,
            terrain: terrain.to_owned(),
        }
    }

    /// A row for `terrain` with no bounds: it takes every cell that reaches it.
    pub fn any(terrain: &str) -> Self {
        BiomeRule::new(i16::MIN, i16::MAX, 0.0, ANY_MOISTURE, terrain)
    }

    /// True when the rule takes a cell of this elevation, moisture and temperature. A
    /// `below_elevation` (or `below_temperature`) of `i16::MAX` means no upper bound, so
    /// it takes `i16::MAX` too.
    pub fn takes(&self, elevation: i16, moisture: f32, temperature: i16) -> bool {
        elevation >= self.min_elevation
            && (elevation < self.below_elevation || self.below_elevation == i16::MAX)
            && moisture >= self.min_moisture
            && moisture < self.below_moisture
            && temperature >= self.min_temperature
            && (temperature < self.below_temperature || self.below_temperature == i16::MAX)
    }

    /// This row limited to temperatures from `min` (included) to `below` (not included).
    pub fn between_temperatures(mut self, min: i16, below: i16) -> Self {
        self.min_temperature = min;
        self.below_temperature = below;
        self
    }
}

/// Biome rules, tried in order: the first whose ranges hold a cell names its terrain.
#[derive(Clone, Debug, PartialEq)]
pub struct BiomeTable {
    /// The rules.
    pub rules: Vec<BiomeRule>,
}

impl BiomeTable {
    /// The standard table: depth bands of water, then beach (on temperate and warm
    /// shores), snow, mountains and hills by height; then the land by temperature and
    /// moisture: tundra in the cold, taiga and steppe in the cool, desert, grassland,
    /// forest and swamp in the temperate band, desert, savanna, forest, rainforest and
    /// swamp in the hot.
    pub fn standard() -> Self {
        let rule = BiomeRule::new;
        let any = (0.0, ANY_MOISTURE);
        let (lo, hi) = (i16::MIN, i16::MAX);
        let (cold, cool, hot) = (-2, 5, 20);
        BiomeTable {
            rules: vec![
                rule(lo, -1500, any.0, any.1, "Ocean"),
                rule(lo, -200, any.0, any.1, "Sea"),
                rule(lo, 0, any.0, any.1, "Shallows"),
                rule(0, 25, any.0, any.1, "Beach").between_temperatures(cool, hi),
                rule(2800, hi, any.0, any.1, "Snow"),
                rule(0, hi, any.0, any.1, "Snow").between_temperatures(lo, -10),
                rule(1900, hi, any.0, any.1, "Mountains"),
                rule(1150, hi, any.0, any.1, "Hills"),
                rule(0, hi, any.0, any.1, "Tundra").between_temperatures(lo, cold),
                rule(0, hi, 0.4, 2.0, "Taiga").between_temperatures(cold, cool),
                rule(0, hi, any.0, any.1, "Steppe").between_temperatures(cold, cool),
                rule(0, hi, 0.0, 0.22, "Desert"),
                rule(0, 300, 0.85, 2.0, "Swamp").between_temperatures(hot, hi),
                rule(0, hi, 0.75, 2.0, "Rainforest").between_temperatures(hot, hi),
                rule(0, hi, 0.22, 0.45, "Savanna").between_temperatures(hot, hi),
                rule(0, 300, 0.8, 2.0, "Swamp"),
                rule(0, hi, 0.6, 2.0, "Forest"),
                rule(0, hi, any.0, any.1, "Grassland"),
            ],
        }
    }

    /// The terrain name for a cell, if a rule takes it.
    pub fn terrain_for(&self, elevation: i16, moisture: f32, temperature: i16) -> Option<&str> {
        self.rules
            .iter()
            .find(|r| r.takes(elevation, moisture, temperature))
            .map(|r| r.terrain.as_str())
    }

    /// Every terrain name the table uses, then [`LAKE`], each once, in order.
    pub fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for n in self.rules.iter().map(|r| r.terrain.as_str()).chain([LAKE]) {
            if !names.iter().any(|m| m.eq_ignore_ascii_case(n)) {
                names.push(n);
            }
        }
        names
    }
}

/// What the standard palette gives a terrain name: colour, symbol, cost (`None`
/// impassable) and whether it blocks sight.
fn look(name: &str) -> ([u8; 3], char, Option<u32>, bool) {
    match name.to_ascii_lowercase().as_str() {
        "ocean" => ([0x1b, 0x3f, 0x7a], 'o', None, false),
        "sea" => ([0x2a, 0x6f, 0xb0], '~', None, false),
        "shallows" => ([0x5d, 0x9f, 0xd0], 's', None, false),
        "lake" => ([0x3f, 0x8f, 0xc8], 'l', None, false),
        "beach" => ([0xe6, 0xd6, 0x9c], 'b', Some(1), false),
        "grassland" | "grass" => ([0x8c, 0xc0, 0x5a], 'g', Some(1), false),
        "forest" => ([0x2f, 0x7a, 0x3a], 'f', Some(2), true),
        "hills" => ([0xb8, 0xa0, 0x62], 'h', Some(2), false),
        "mountains" => ([0x8a, 0x84, 0x80], 'm', Some(3), true),
        "snow" => ([0xf2, 0xf4, 0xf8], 'w', Some(3), false),
        "desert" => ([0xe0, 0xc0, 0x78], 'd', Some(1), false),
        "swamp" => ([0x5a, 0x70, 0x48], 'p', Some(2), false),
        "tundra" => ([0xb4, 0xb8, 0xa4], 'u', Some(2), false),
        "taiga" => ([0x3e, 0x62, 0x52], 't', Some(2), true),
        "steppe" => ([0xc4, 0xc0, 0x84], 'e', Some(1), false),
        "savanna" => ([0xc8, 0xb4, 0x5a], 'v', Some(1), false),
        "rainforest" => ([0x1e, 0x5c, 0x2a], 'r', Some(3), true),
        _ => ([0x99, 0x99, 0x99], '?', Some(1), false),
    }
}

fn terrain(id: TerrainId, name: &str, taken: &[char]) -> Terrain {
    let (color, symbol, cost, blocks_sight) = look(name);
    // A symbol the palette does not use yet: the standard one, else a free letter.
    let symbol = std::iter::once(symbol)
        .chain('A'..='Z')
        .chain('0'..='9')
        .find(|c| !taken.contains(c) && *c != '?')
        .unwrap_or('?');
    Terrain {
        id,
        name: name.to_owned(),
        color: Rgb(color),
        symbol,
        cost: cost.map_or(MoveCost::Impassable, MoveCost::whole),
        blocks_sight,
        art: TileArt::default(),
    }
}

/// The standard generated palette: every terrain of the standard biome table and the lake,
/// water impassable (roads never enter it).
pub fn generated_palette() -> Palette {
    extend_palette(
        &Palette::new(Vec::new()).expect("empty"),
        &BiomeTable::standard(),
    )
    .expect("the standard table fits an empty palette")
}

/// `palette` with a terrain added for each name of `table` it lacks (matched without
/// regard to case; "Grassland" also matches "Grass").
pub fn extend_palette(palette: &Palette, table: &BiomeTable) -> Result<Palette, GenError> {
    let mut terrains = palette.terrains().to_vec();
    for name in table.names() {
        if find(&terrains, name).is_some() {
            continue;
        }
        let id = Palette::new(terrains.clone())
            .ok()
            .and_then(|p| p.next_free_id())
            .ok_or_else(|| GenError::PaletteFull(name.to_owned()))?;
        let taken: Vec<char> = terrains.iter().map(|t| t.symbol).collect();
        terrains.push(terrain(id, name, &taken));
    }
    Palette::new(terrains).map_err(|_| GenError::PaletteFull(String::new()))
}

/// The terrain of `terrains` named `name`.
fn find(terrains: &[Terrain], name: &str) -> Option<TerrainId> {
    let same = |t: &Terrain, n: &str| t.name.trim().eq_ignore_ascii_case(n);
    terrains
        .iter()
        .find(|t| same(t, name))
        .or_else(|| {
            (name.eq_ignore_ascii_case("grassland"))
                .then(|| terrains.iter().find(|t| same(t, "grass")))
                .flatten()
        })
        .map(|t| t.id)
}

/// The palette's terrain named `name` (as [`extend_palette`] matches names).
pub fn terrain_named(palette: &Palette, name: &str) -> Option<TerrainId> {
    find(palette.terrains(), name)
}

/// Paint every cell from its elevation, `moisture` and `temperature` (°C) through `table`.
pub fn paint(
    map: &mut HexMap,
    (moisture, temperature): (&[f32], &[i16]),
    table: &BiomeTable,
) -> Result<(), GenError> {
    block_on(paint_in_steps(
        map,
        (moisture, temperature),
        table,
        &mut super::pacer(),
    ))
}

/// [`paint`], pausing on `pacer` as it goes.
pub(crate) async fn paint_in_steps(
    map: &mut HexMap,
    (moisture, temperature): (&[f32], &[i16]),
    table: &BiomeTable,
    pacer: &mut Pacer,
) -> Result<(), GenError> {
    let palette = extend_palette(map.palette(), table)?;
    if palette != *map.palette() {
        map.set_palette(palette);
    }
    let ids: Vec<(String, TerrainId)> = table
        .names()
        .into_iter()
        .filter_map(|n| terrain_named(map.palette(), n).map(|id| (n.to_owned(), id)))
        .collect();
    let elev: Vec<i16> = map
        .elevation_layer()
        .map_or_else(|| vec![0; map.cell_count()], |l| l.values().to_vec());
    for (i, ((&e, &m), &c)) in elev.iter().zip(moisture).zip(temperature).enumerate() {
        let t = table
            .terrain_for(e, m, c)
            .and_then(|n| ids.iter().find(|(name, _)| name == n).map(|(_, id)| *id));
        map.set_terrain_index(i, t);
        pacer.tick(1).await;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_bands_water_by_depth_and_land_by_height_and_moisture() {
        let t = BiomeTable::standard();
        // Temperate (12 °C) cells by height and moisture.
        let cases = [
            (-3000, 0.5, "Ocean"),
            (-500, 0.5, "Sea"),
            (-10, 0.5, "Shallows"),
            (10, 0.5, "Beach"),
            (3000, 0.1, "Snow"),
            (2000, 0.9, "Mountains"),
            (1200, 0.5, "Hills"),
            (400, 0.1, "Desert"),
            (100, 0.9, "Swamp"),
            (600, 0.7, "Forest"),
            (600, 0.3, "Grassland"),
        ];
        for (e, m, name) in cases {
            assert_eq!(t.terrain_for(e, m, 12), Some(name), "{e} {m}");
        }
        // The temperature axis: the same lowland by climate.
        let by_climate = [
            (-20, 0.5, "Snow"),
            (-5, 0.1, "Tundra"),
            (-5, 0.9, "Tundra"),
            (0, 0.6, "Taiga"),
            (0, 0.3, "Steppe"),
            (25, 0.1, "Desert"),
            (25, 0.3, "Savanna"),
            (25, 0.5, "Grassland"),
            (25, 0.7, "Forest"),
            (25, 0.8, "Rainforest"),
        ];
        for (c, m, name) in by_climate {
            assert_eq!(t.terrain_for(500, m, c), Some(name), "{c} °C, {m}");
        }
        assert_eq!(t.terrain_for(100, 0.9, 25), Some("Swamp"));
        // A shore is a beach where it is temperate or warm; a boreal or polar shore is
        // the land's own cold biome.
        assert_eq!(t.terrain_for(10, 0.5, 5), Some("Beach"));
        assert_eq!(t.terrain_for(10, 0.5, 4), Some("Taiga"));
        assert_eq!(t.terrain_for(10, 0.2, 0), Some("Steppe"));
        assert_eq!(t.terrain_for(10, 0.5, -3), Some("Tundra"));
    }

    #[test]
    fn an_existing_palette_is_matched_by_name_and_extended() {
        let p = extend_palette(&Palette::standard(), &BiomeTable::standard()).unwrap();
        // The standard map palette's Sea, Grass, Forest, Hills and Mountains are kept.
        for (name, id) in [
            ("sea", 1),
            ("Grassland", 2),
            ("FOREST", 3),
            ("Mountains", 5),
        ] {
            assert_eq!(terrain_named(&p, name), TerrainId::new(id), "{name}");
        }
        for name in ["Ocean", "Shallows", "Lake", "Desert", "Snow"] {
            let id = terrain_named(&p, name).unwrap();
            assert!(id.get() > 5, "{name} added");
        }
        let symbols: Vec<char> = p.terrains().iter().map(|t| t.symbol).collect();
        let mut unique = symbols.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), symbols.len());
        // The generated palette names its water so a reader can tell it apart.
        let g = generated_palette();
        for name in ["Ocean", "Sea", "Shallows", "Lake"] {
            let t = g.get(terrain_named(&g, name).unwrap()).unwrap();
            assert_eq!(t.cost, MoveCost::Impassable, "{name}");
        }
    }
}
