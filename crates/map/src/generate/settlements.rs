//! Stage 5: settlements and region names. Land cells are scored by flat land, fresh water
//! (a river side or a lake next to them), coast and a little seeded chance; the best ones
//! far enough apart become a city, towns and villages (built-in icons) captioned with
//! seeded names. Each large landmass and each mountain range gets a label.

use super::biome::terrain_named;
use super::grid::{Grid, NONE};
use super::names::{Style, names};
use super::rivers::river_type;
use super::{GenError, stage_seed};
use crate::annotations::PlacedIcon;
use crate::{BuiltinIcon, HexMap, Icon};
use rand::{RngExt, SeedableRng};

/// Settlement icons the generator places (and replaces when run again).
pub const SETTLEMENT_ICONS: [BuiltinIcon; 3] =
    [BuiltinIcon::City, BuiltinIcon::Town, BuiltinIcon::Village];

/// About one settlement per 150 land cells, 3 to 60.
pub fn default_count(map: &HexMap) -> u32 {
    let land = super::water_cells(map).iter().filter(|w| !**w).count();
    (land / 150).clamp(3, 60) as u32
}

/// The name style of a seed.
pub(crate) fn style(seed: u64) -> Style {
    Style::ALL[(stage_seed(seed, 5) % 3) as usize]
}

/// How good a place is for a settlement (`None`: not a place for one).
fn score(map: &HexMap, grid: &Grid, water: &[bool], i: usize) -> Option<f64> {
    if water[i] {
        return None;
    }
    let h = grid.hexes[i];
    let name = map
        .terrain(h)
        .and_then(|t| map.palette().get(t))
        .map(|t| t.name.to_ascii_lowercase());
    let land = match name.as_deref() {
        Some("grassland" | "grass") => 3.0,
        Some("beach") => 1.5,
        Some("forest" | "hills") => 1.2,
        Some("desert" | "swamp") => 0.3,
        Some("mountains" | "snow") => return None,
        _ => 1.0,
    };
    let river = river_type(map).ok();
    let fresh = map.edges_touching(h).any(|(_, k)| Some(k) == river);
    let lake = terrain_named(map.palette(), super::biome::LAKE);
    let mut coast = false;
    let mut lakeside = false;
    for &n in &grid.nbr[i] {
        if n != NONE && water[n as usize] {
            if lake.is_some() && map.terrain(grid.hexes[n as usize]) == lake {
                lakeside = true;
            } else {
                coast = true;
            }
        }
    }
    Some(land + 2.0 * f64::from(u8::from(fresh || lakeside)) + 1.5 * f64::from(u8::from(coast)))
}

/// Place `count` settlements (fewer if the land runs out): the map's city, town and
/// village icons are replaced. Returns their hexes, best first.
pub fn settlements(
    map: &mut HexMap,
    count: u32,
    seed: u64,
) -> Result<Vec<hexmap_hex::Hex>, GenError> {
    let grid = Grid::of(map);
    let water = super::water_cells(map);
    let mut rng = rand_pcg::Pcg64::seed_from_u64(stage_seed(seed, 6));
    for i in 0..grid.len() {
        let h = grid.hexes[i];
        let kept: Vec<PlacedIcon> = map
            .icons_at(h)
            .iter()
            .filter(|icon| {
                !SETTLEMENT_ICONS
                    .iter()
                    .any(|&b| icon.source == Icon::builtin(b).source)
            })
            .cloned()
            .collect();
        if kept.len() != map.icons_at(h).len() {
            map.set_placed_icons(h, kept)?;
        }
    }
    let mut scored: Vec<(f64, usize)> = (0..grid.len())
        .filter_map(|i| {
            let jitter: f64 = rng.random::<f64>();
            score(map, &grid, &water, i).map(|s| (s + jitter, i))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let land = water.iter().filter(|w| !**w).count().max(1);
    let mut spacing = ((land as f64 / f64::from(count.max(1))).sqrt() * 0.7).max(2.0) as i32;
    let mut picked: Vec<usize> = Vec::new();
    while picked.len() < count as usize && spacing >= 1 {
        for &(_, i) in &scored {
            if picked.len() >= count as usize {
                break;
            }
            let h = grid.hexes[i];
            if picked.iter().all(|&p| grid.hexes[p].distance(h) >= spacing) {
                picked.push(i);
            }
        }
        spacing /= 2;
    }
    let town_count = picked.len().div_ceil(4);
    let labels = names(style(seed), picked.len(), &mut rng);
    let mut out = Vec::with_capacity(picked.len());
    for (rank, (&i, caption)) in picked.iter().zip(labels).enumerate() {
        let kind = match rank {
            0 => BuiltinIcon::City,
            r if r <= town_count => BuiltinIcon::Town,
            _ => BuiltinIcon::Village,
        };
        let mut icon = Icon::builtin(kind);
        icon.caption = Some(caption);
        let h = grid.hexes[i];
        let mut list = map.icons_at(h).to_vec();
        let id = map.icons().next_id();
        list.insert(0, PlacedIcon { id, icon });
        list.truncate(crate::annotations::icons::MAX_ICONS_PER_HEX);
        map.set_placed_icons(h, list)?;
        out.push(h);
    }
    Ok(out)
}
