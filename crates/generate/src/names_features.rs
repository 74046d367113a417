//! The names of a generated world's features, read from the finished map (terrain and
//! river edges, whatever stage laid them): seas, bays and lakes (water bodies), the major rivers
//! and the mountain ranges, whose names follow their course, and the large forests and
//! deserts. Each name is placed where it overlaps no label, caption or icon already drawn
//! ([`labels_place`](super::labels_place)); a name that finds no such place is left out.

use super::grid::{Grid, NONE, landmasses_in_steps};
use super::labels_place::{Occupied, length, place_along, place_straight, smooth};
use super::names::{Style, name};
use super::settlements::style;
use super::{GenError, stage_seed};
use hexmap_hex::{Layout, Point};
use hexmap_map::steps::{Pacer, block_on};
use hexmap_map::{HexMap, Label, Rgb};
use rand::SeedableRng;
use std::collections::HashMap;

/// Fewest cells of a sea (a water body reaching the map's border) that is named.
const MIN_SEA: usize = 60;
/// Steps from land of the water a sea's name is placed on, where the sea has such water.
const OPEN_WATER: u32 = 3;
/// Fewest cells of a lake (a water body inside the land) that is named.
const MIN_LAKE: usize = 3;
/// Fewest mountain (or snow) cells of a named range.
const MIN_RANGE: usize = 8;
/// Fewest cells of a named forest or desert.
const MIN_AREA: usize = 30;
/// Fewest hexsides of a named river.
const MIN_RIVER: usize = 10;
/// Land cells per named river: only the major rivers are named (2 to 12 of them).
const RIVER_LAND: usize = 1500;

/// Name the features of `map`: seas, lakes, rivers, ranges, forests and deserts, each
/// placed clear of what the map already draws. Adds labels after the map's own.
pub fn feature_names(map: &mut HexMap, seed: u64) -> Result<(), GenError> {
    let grid = Grid::of(map);
    block_on(feature_names_in_steps(
        map,
        &grid,
        seed,
        &mut super::pacer(),
    ))
}

/// A feature to name: how its name is made and drawn, and where it may go.
struct Feature {
    text: String,
    style: Label,
    place: Place,
}

/// Where a feature's name may go.
enum Place {
    /// Upright, at one of these cells (nearest their middle first).
    Cells(Vec<usize>),
    /// Along this world line, pushed this far to either side of it (0: on it).
    Along(Vec<Point>, f64),
}

/// [`feature_names`] on the map's `grid`, pausing on `pacer` as it goes.
pub(crate) async fn feature_names_in_steps(
    map: &mut HexMap,
    grid: &Grid,
    seed: u64,
    pacer: &mut Pacer,
) -> Result<(), GenError> {
    let Ok(layout) = map.layout() else {
        return Ok(());
    };
    let mut naming = Naming {
        map,
        grid,
        layout: &layout,
        namer: Namer {
            style: style(seed),
            used: map.labels().iter().map(|(_, l)| l.text.clone()).collect(),
        },
        rng: rand_pcg::Pcg64::seed_from_u64(stage_seed(seed, 11)),
    };
    let mut features = Vec::new();
    features.extend(naming.waters(pacer).await);
    features.extend(naming.ranges(pacer).await);
    features.extend(naming.rivers());
    features.extend(naming.areas(pacer).await);
    let mut taken = Occupied::of(map, &layout);
    for f in features {
        pacer.tick(64).await;
        let label = Label {
            text: f.text,
            ..f.style
        };
        let placed = match &f.place {
            Place::Cells(cells) => place_straight(grid, cells, &layout, label, &taken),
            Place::Along(line, side) => place_along(line, &label, &layout, *side, &taken),
        };
        let Some(label) = placed else { continue };
        if map.labels().len() >= hexmap_map::annotations::labels::MAX_LABELS {
            break;
        }
        taken.take(&label, &layout);
        let id = map.labels().next_id();
        map.add_label(id, label)?;
    }
    Ok(())
}

/// What naming the features of a map reads and draws on: the map, its grid and layout,
/// the names already used and the stage's random numbers.
struct Naming<'a> {
    map: &'a HexMap,
    grid: &'a Grid,
    layout: &'a Layout,
    namer: Namer,
    rng: rand_pcg::Pcg64,
}

/// The groups of joined cells that are not `outside`, biggest first.
async fn groups(grid: &Grid, outside: &[bool], pacer: &mut Pacer) -> Vec<Vec<usize>> {
    by_size(members(&landmasses_in_steps(grid, outside, pacer).await))
}

/// Fresh names in one style: a base name not used before on the map, in a pattern.
struct Namer {
    style: Style,
    used: Vec<String>,
}

impl Namer {
    /// A new name made by `pattern` from a base name (`{}` stands for it).
    fn make(&mut self, pattern: &str, rng: &mut impl rand::RngExt) -> String {
        for _ in 0..20 {
            let text = pattern.replace("{}", &name(self.style, rng));
            if !self.used.contains(&text) {
                self.used.push(text.clone());
                return text;
            }
        }
        let text = pattern.replace(
            "{}",
            &format!("{} {}", name(self.style, rng), self.used.len()),
        );
        self.used.push(text.clone());
        text
    }

    /// One of `patterns`, chosen by `rng`, made into a new name.
    fn pick(&mut self, patterns: &[&str], rng: &mut impl rand::RngExt) -> String {
        let pattern = patterns[rng.random_range(0..patterns.len())];
        self.make(pattern, rng)
    }
}

/// A label's look: size in hex sizes, colour, italic (water and mountains are).
fn look(size: f64, color: [u8; 3], italic: bool) -> Label {
    let mut l = Label::new("-", Point::new(0.0, 0.0));
    l.size = size as f32;
    l.color = Rgb(color);
    l.italic = italic;
    l.bold = !italic;
    l
}

/// Deep blue for water names: a contrast of 4.5 or more to every water fill with the
/// halo drawn around it.
const WATER_INK: [u8; 3] = [0x0e, 0x2a, 0x52];

impl Naming<'_> {
    /// The seas (water bodies reaching the border) and lakes, biggest first, then the
    /// largest bays (one per [`RIVER_LAND`] land cells).
    async fn waters(&mut self, pacer: &mut Pacer) -> Vec<Feature> {
        let (grid, namer, rng) = (self.grid, &mut self.namer, &mut self.rng);
        let water = super::water_cells(self.map);
        let land: Vec<bool> = water.iter().map(|w| !w).collect();
        let steps = steps_from_land(grid, &water);
        let mut out = Vec::new();
        let mut sea = vec![false; grid.len()];
        for cells in groups(grid, &land, pacer).await {
            let at_border = cells.iter().any(|&i| grid.nbr[i].contains(&NONE));
            if at_border {
                cells.iter().for_each(|&i| sea[i] = true);
            }
            let n = cells.len();
            let (text, size) = if at_border && n >= MIN_SEA {
                let text = namer.pick(&["{} Sea", "Sea of {}", "The {} Deep"], rng);
                (text, (n as f64).sqrt() / 9.0)
            } else if !at_border && n >= MIN_LAKE {
                (namer.make("Lake {}", rng), (n as f64).sqrt() / 5.0)
            } else {
                continue;
            };
            out.push(Feature {
                text,
                style: look(size.clamp(1.0, 5.0), WATER_INK, true),
                place: Place::Cells(Self::open_water(&steps, cells)),
            });
        }
        let land_cells = land.iter().filter(|l| **l).count();
        for cells in super::bays::bays_in_steps(grid, &sea, pacer)
            .await
            .into_iter()
            .take((land_cells / RIVER_LAND).clamp(1, 12))
        {
            out.push(Feature {
                text: namer.pick(&["{} Bay", "Bay of {}"], rng),
                style: look(
                    ((cells.len() as f64).sqrt() / 3.0).clamp(1.2, 2.5),
                    WATER_INK,
                    true,
                ),
                place: Place::Cells(cells),
            });
        }
        out
    }

    /// The cells of a water body at least [`OPEN_WATER`] steps from land (`steps`, from
    /// [`steps_from_land`]), when there are a few (a sea's name then lies out at sea, not
    /// on its coast); else all its cells.
    fn open_water(steps: &[u32], cells: Vec<usize>) -> Vec<usize> {
        let open: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&i| steps[i] >= OPEN_WATER)
            .collect();
        if open.len() >= 10 { open } else { cells }
    }

    /// The mountain ranges (joined mountain and snow cells), biggest first, named along their
    /// spine: the mean place of their cells in steps along their longest axis.
    async fn ranges(&mut self, pacer: &mut Pacer) -> Vec<Feature> {
        let (grid, layout, namer, rng) = (self.grid, self.layout, &mut self.namer, &mut self.rng);
        let not_high = cells_not_named(self.map, &["mountains", "snow"]);
        groups(grid, &not_high, pacer)
            .await
            .into_iter()
            .filter(|c| c.len() >= MIN_RANGE)
            .map(|cells| {
                let points: Vec<Point> = cells
                    .iter()
                    .map(|&i| layout.hex_to_pixel(grid.hexes[i]))
                    .collect();
                let spine = smooth(&spine(&points, layout.size().y * 2.0), 1, 2);
                // Bold italic in a near-black brown, 1.4 to 3 hex sizes with the range:
                // readable on grey and snow where a map of small hexes is seen whole.
                let size = ((cells.len() as f64).sqrt() / 3.0).clamp(1.4, 3.0);
                Feature {
                    text: namer.pick(&["{} Mountains", "The {} Range", "{} Peaks"], rng),
                    style: Label {
                        bold: true,
                        ..look(size, [0x1e, 0x18, 0x12], true)
                    },
                    place: Place::Along(spine, 0.0),
                }
            })
            .collect()
    }

    /// The major rivers: the largest river systems (joined river and stream hexsides) of at
    /// least [`MIN_RIVER`] sides, one per [`RIVER_LAND`] land cells, each named along its
    /// longest course, beside it.
    fn rivers(&mut self) -> Vec<Feature> {
        let (map, layout, namer, rng) = (self.map, self.layout, &mut self.namer, &mut self.rng);
        let palette = map.edge_palette();
        let is_river = |t| {
            palette.get(t).is_some_and(|e| {
                let name = e.name.to_ascii_lowercase();
                name.contains("river") || name.contains("stream")
            })
        };
        // The course graph: hexside corners (keyed by their rounded world place) joined by
        // river sides.
        let mut ids: HashMap<(i64, i64), usize> = HashMap::new();
        let mut corners: Vec<Point> = Vec::new();
        let mut next: Vec<Vec<usize>> = Vec::new();
        let mut id_of = |p: Point, next: &mut Vec<Vec<usize>>| {
            let key = ((p.x * 256.0).round() as i64, (p.y * 256.0).round() as i64);
            *ids.entry(key).or_insert_with(|| {
                corners.push(p);
                next.push(Vec::new());
                corners.len() - 1
            })
        };
        let mut sides: Vec<_> = map.edges().filter(|(_, t)| is_river(*t)).collect();
        sides.sort_by_key(|(e, _)| *e);
        for (e, _) in sides {
            let [a, b] = layout.edge_points(e);
            let (a, b) = (id_of(a, &mut next), id_of(b, &mut next));
            next[a].push(b);
            next[b].push(a);
        }
        let mut system = vec![usize::MAX; corners.len()];
        let mut systems: Vec<Vec<usize>> = Vec::new();
        for start in 0..corners.len() {
            if system[start] != usize::MAX {
                continue;
            }
            let k = systems.len();
            let mut members = vec![start];
            system[start] = k;
            let mut i = 0;
            while i < members.len() {
                for &n in &next[members[i]] {
                    if system[n] == usize::MAX {
                        system[n] = k;
                        members.push(n);
                    }
                }
                i += 1;
            }
            systems.push(members);
        }
        let side = layout.size().y * 0.75;
        let land = super::water_cells(map).iter().filter(|w| !**w).count();
        by_size(systems)
            .into_iter()
            .filter(|m| m.len() > MIN_RIVER)
            .take((land / RIVER_LAND).clamp(2, 12))
            .map(|m| {
                let (a, _) = farthest(&next, m[0]);
                let (b, from) = farthest(&next, a);
                let mut course = vec![corners[b]];
                let mut at = b;
                while at != a {
                    at = from[&at];
                    course.push(corners[at]);
                }
                let line = smooth(&course, 2, 3);
                let size = (length(&line) / layout.size().y / 30.0).clamp(1.5, 2.2);
                Feature {
                    text: namer.pick(&["{} River", "River {}", "The {}"], rng),
                    style: look(size, WATER_INK, true),
                    place: Place::Along(line, side + size * layout.size().y * 0.5),
                }
            })
            .collect()
    }

    /// The large forests (forest, taiga, rainforest) and deserts, biggest first.
    async fn areas(&mut self, pacer: &mut Pacer) -> Vec<Feature> {
        let kinds: [(&[&str], &[&str], [u8; 3]); 2] = [
            (
                &["forest", "taiga", "rainforest"],
                &["{} Wood", "{} Forest", "The {} Weald"],
                [0x0c, 0x2a, 0x10],
            ),
            (
                &["desert"],
                &["{} Desert", "The {} Waste", "{} Sands"],
                [0x4a, 0x2c, 0x10],
            ),
        ];
        let mut out = Vec::new();
        for (terrains, patterns, ink) in kinds {
            let others = cells_not_named(self.map, terrains);
            let found = groups(self.grid, &others, pacer).await;
            for cells in found.into_iter().filter(|c| c.len() >= MIN_AREA) {
                let size = ((cells.len() as f64).sqrt() / 8.0).clamp(0.9, 3.0);
                out.push(Feature {
                    text: self.namer.pick(patterns, &mut self.rng),
                    style: look(size, ink, false),
                    place: Place::Cells(cells),
                });
            }
        }
        out
    }
}

/// Per cell: true unless its terrain's name is one of `names` (lower case).
fn cells_not_named(map: &HexMap, names: &[&str]) -> Vec<bool> {
    let by_raw: Vec<bool> = map
        .palette()
        .by_raw_id()
        .into_iter()
        .map(|t| t.is_none_or(|t| !names.contains(&t.name.to_ascii_lowercase().as_str())))
        .collect();
    map.terrain_layer()
        .raw()
        .iter()
        .map(|&r| by_raw.get(usize::from(r)).copied().unwrap_or(true))
        .collect()
}

/// The cells of each group of `ids` (group numbers, [`NONE`] for none), by group.
pub(crate) fn members(ids: &[u32]) -> Vec<Vec<usize>> {
    let count = ids
        .iter()
        .filter(|&&k| k != NONE)
        .map(|&k| k as usize + 1)
        .max()
        .unwrap_or(0);
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (i, &k) in ids.iter().enumerate() {
        if k != NONE {
            members[k as usize].push(i);
        }
    }
    members
}

/// `groups` biggest first (ties in their first member's order).
fn by_size(mut groups: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    groups.sort_by(|a, b| b.len().cmp(&a.len()).then(a.first().cmp(&b.first())));
    groups
}

/// The spine of a cloud of points: its principal axis cut in steps of `step`, the mean
/// point of each step's share, in order along the axis (at least the axis's two ends).
fn spine(points: &[Point], step: f64) -> Vec<Point> {
    let n = points.len() as f64;
    let (mx, my) = points
        .iter()
        .fold((0.0, 0.0), |(x, y), p| (x + p.x / n, y + p.y / n));
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    for p in points {
        let (dx, dy) = (p.x - mx, p.y - my);
        sxx += dx * dx;
        sxy += dx * dy;
        syy += dy * dy;
    }
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    let (ux, uy) = (angle.cos(), angle.sin());
    let along = |p: &Point| (p.x - mx) * ux + (p.y - my) * uy;
    let lo = points.iter().map(along).fold(f64::MAX, f64::min);
    let hi = points.iter().map(along).fold(f64::MIN, f64::max);
    let bins = (((hi - lo) / step).ceil() as usize).max(1);
    let mut sums = vec![(0.0, 0.0, 0usize); bins];
    for p in points {
        let b = (((along(p) - lo) / step) as usize).min(bins - 1);
        sums[b] = (sums[b].0 + p.x, sums[b].1 + p.y, sums[b].2 + 1);
    }
    let mut out: Vec<Point> = sums
        .into_iter()
        .filter(|s| s.2 > 0)
        .map(|(x, y, k)| Point::new(x / k as f64, y / k as f64))
        .collect();
    if out.len() < 2 {
        out = vec![
            Point::new(mx + ux * lo, my + uy * lo),
            Point::new(mx + ux * hi, my + uy * hi),
        ];
    }
    out
}

/// The corner farthest (in steps) from `start` in the course graph `next`, and the step
/// back towards `start` from each corner reached.
fn farthest(next: &[Vec<usize>], start: usize) -> (usize, HashMap<usize, usize>) {
    let mut from = HashMap::new();
    from.insert(start, start);
    let mut queue = std::collections::VecDeque::from([start]);
    let mut last = start;
    while let Some(i) = queue.pop_front() {
        last = i;
        for &n in &next[i] {
            if let std::collections::hash_map::Entry::Vacant(e) = from.entry(n) {
                e.insert(i);
                queue.push_back(n);
            }
        }
    }
    (last, from)
}

/// Steps from each cell to the nearest land cell (0 on land), over the grid.
fn steps_from_land(grid: &Grid, water: &[bool]) -> Vec<u32> {
    let mut steps = vec![u32::MAX; grid.len()];
    let mut queue: std::collections::VecDeque<usize> =
        (0..grid.len()).filter(|&i| !water[i]).collect();
    for &i in &queue {
        steps[i] = 0;
    }
    while let Some(i) = queue.pop_front() {
        for &n in &grid.nbr[i] {
            if n != NONE && steps[n as usize] == u32::MAX {
                steps[n as usize] = steps[i] + 1;
                queue.push_back(n as usize);
            }
        }
    }
    steps
}
