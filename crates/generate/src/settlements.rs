//! Stage 5: settlements and region names. Land cells are scored by flat land, fresh water
//! (a river side or a lake next to them), coast and a little seeded chance; the best ones
//! far enough apart become a city, towns and villages (built-in icons) captioned with
//! seeded names. Each large landmass and each mountain range gets a label.

use super::biome::terrain_named;
use super::grid::{Grid, NONE};
use super::names::{Style, names};
use super::{GenError, stage_seed};
use hexmap_hex::Hex;
use hexmap_map::annotations::PlacedIcon;
use hexmap_map::steps::{Pacer, block_on, sort_by_in_steps};
use hexmap_map::{BuiltinIcon, HexMap, Icon};
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;

/// Settlement icons the generator places (and replaces when run again).
pub const SETTLEMENT_ICONS: [BuiltinIcon; 3] =
    [BuiltinIcon::City, BuiltinIcon::Town, BuiltinIcon::Village];

/// Land cells per settlement by default.
pub const LAND_PER_SETTLEMENT: usize = 150;

/// The most settlements placed by default: what keeps a 1000 × 1000 world (with a road to
/// each) within its time.
pub const MAX_DEFAULT_SETTLEMENTS: usize = 6000;

/// One settlement per [`LAND_PER_SETTLEMENT`] land cells, in proportion to the land
/// whatever the map's size: at least 3, at most [`MAX_DEFAULT_SETTLEMENTS`].
pub fn default_count(map: &HexMap) -> u32 {
    let land = super::water_cells(map).iter().filter(|w| !**w).count();
    (land / LAND_PER_SETTLEMENT).clamp(3, MAX_DEFAULT_SETTLEMENTS) as u32
}

/// The name style of a seed.
pub(crate) fn style(seed: u64) -> Style {
    Style::ALL[(stage_seed(seed, 5) % 3) as usize]
}

/// What a settlement's score needs of the map, looked up once instead of per cell: the
/// land score of each raw terrain id (`None`: no place for one), the river types (River,
/// Great river), and the
/// lake terrain.
struct Scoring {
    land: Vec<Option<f64>>,
    rivers: Vec<hexmap_map::EdgeTypeId>,
    lake: Option<hexmap_map::TerrainId>,
}

impl Scoring {
    fn of(map: &HexMap) -> Scoring {
        let land = map
            .palette()
            .by_raw_id()
            .into_iter()
            .map(
                |t| match t.map(|t| t.name.to_ascii_lowercase()).as_deref() {
                    Some("grassland" | "grass") => Some(3.0),
                    Some("beach") => Some(1.5),
                    Some("forest" | "hills") => Some(1.2),
                    Some("desert" | "swamp") => Some(0.3),
                    Some("mountains" | "snow") => None,
                    _ => Some(1.0),
                },
            )
            .collect();
        Scoring {
            land,
            // Towns stand by rivers, not by streams.
            rivers: map
                .edge_palette()
                .types()
                .iter()
                .filter(|t| t.name.to_ascii_lowercase().contains("river"))
                .map(|t| t.id)
                .collect(),
            lake: terrain_named(map.palette(), super::biome::LAKE),
        }
    }

    /// How good a place cell `i` is for a settlement (`None`: not a place for one): its
    /// terrain, fresh water (a river side or a lake next to it) and coast.
    fn score(&self, map: &HexMap, grid: &Grid, water: &[bool], i: usize) -> Option<f64> {
        if water[i] {
            return None;
        }
        let h = grid.hexes[i];
        let raw = usize::from(map.terrain_layer().raw()[i]);
        let land = self.land.get(raw).copied().unwrap_or(Some(1.0))?;
        let fresh = map.edges_touching(h).any(|(_, k)| self.rivers.contains(&k));
        let mut coast = false;
        let mut lakeside = false;
        for &n in &grid.nbr[i] {
            if n != NONE && water[n as usize] {
                if self.lake.is_some() && map.terrain(grid.hexes[n as usize]) == self.lake {
                    lakeside = true;
                } else {
                    coast = true;
                }
            }
        }
        Some(land + 2.0 * f64::from(u8::from(fresh || lakeside)) + 1.5 * f64::from(u8::from(coast)))
    }
}

/// The settlements picked so far, in buckets of `spacing` × `spacing` axial coordinates,
/// so whether a hex keeps its distance from all of them is asked of the few in the
/// buckets around it, not of every one (a big world has thousands).
struct Spaced {
    spacing: i32,
    buckets: HashMap<(i32, i32), Vec<Hex>>,
}

impl Spaced {
    fn new(spacing: i32) -> Spaced {
        Spaced {
            spacing: spacing.max(1),
            buckets: HashMap::new(),
        }
    }

    fn bucket(&self, h: Hex) -> (i32, i32) {
        (h.q.div_euclid(self.spacing), h.r.div_euclid(self.spacing))
    }

    fn add(&mut self, h: Hex) {
        self.buckets.entry(self.bucket(h)).or_default().push(h);
    }

    /// True when every hex added lies at least `spacing` steps from `h`. A hex nearer
    /// differs from `h` by less than `spacing` in q and in r, so it lies in `h`'s bucket
    /// or one of the eight around it.
    fn clear_of(&self, h: Hex) -> bool {
        let (bq, br) = self.bucket(h);
        (bq - 1..=bq + 1).all(|q| {
            (br - 1..=br + 1).all(|r| {
                self.buckets
                    .get(&(q, r))
                    .is_none_or(|list| list.iter().all(|p| p.distance(h) >= self.spacing))
            })
        })
    }
}

/// Place `count` settlements (fewer if the land runs out): the map's city, town and
/// village icons are replaced. Returns their hexes, best first.
pub fn settlements(
    map: &mut HexMap,
    count: u32,
    seed: u64,
) -> Result<Vec<hexmap_hex::Hex>, GenError> {
    let grid = Grid::of(map);
    block_on(settlements_in_steps(
        map,
        &grid,
        count,
        seed,
        &mut super::pacer(),
    ))
}

/// [`settlements`] on the map's `grid`, pausing on `pacer` as it goes.
pub(crate) async fn settlements_in_steps(
    map: &mut HexMap,
    grid: &Grid,
    count: u32,
    seed: u64,
    pacer: &mut Pacer,
) -> Result<Vec<hexmap_hex::Hex>, GenError> {
    let water = super::water_cells(map);
    let mut rng = rand_pcg::Pcg64::seed_from_u64(stage_seed(seed, 6));
    // The generator's own icons go; icons a user placed stay.
    for i in 0..grid.len() {
        pacer.tick(1).await;
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
    let scoring = Scoring::of(map);
    let mut scored: Vec<(f64, usize)> = Vec::new();
    for i in 0..grid.len() {
        pacer.tick(1).await;
        let jitter: f64 = rng.random::<f64>();
        if let Some(s) = scoring.score(map, grid, &water, i) {
            scored.push((s + jitter, i));
        }
    }
    let best_first = |a: &(f64, usize), b: &(f64, usize)| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1));
    sort_by_in_steps(&mut scored, best_first, pacer).await;
    let land = water.iter().filter(|w| !**w).count().max(1);
    let mut spacing = ((land as f64 / f64::from(count.max(1))).sqrt() * 0.7).max(2.0) as i32;
    let mut picked: Vec<usize> = Vec::new();
    while picked.len() < count as usize && spacing >= 1 {
        let mut near = Spaced::new(spacing);
        for &p in &picked {
            near.add(grid.hexes[p]);
        }
        for &(_, i) in &scored {
            if picked.len() >= count as usize {
                break;
            }
            let h = grid.hexes[i];
            if near.clear_of(h) {
                picked.push(i);
                near.add(h);
            }
            pacer.tick(1).await;
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
        list.truncate(hexmap_map::annotations::icons::MAX_ICONS_PER_HEX);
        map.set_placed_icons(h, list)?;
        out.push(h);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn the_buckets_answer_as_asking_every_settlement_would() {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(4);
        for spacing in [1, 2, 3, 7, 12] {
            let mut near = Spaced::new(spacing);
            let mut all: Vec<Hex> = Vec::new();
            for _ in 0..400 {
                let h = Hex::new(rng.random_range(-40..40), rng.random_range(-40..40));
                let brute = all.iter().all(|p| p.distance(h) >= spacing);
                assert_eq!(near.clear_of(h), brute, "{h:?} at spacing {spacing}");
                if brute {
                    near.add(h);
                    all.push(h);
                }
            }
            assert!(all.len() > 10, "some were placed at spacing {spacing}");
        }
    }
}
