//! The bays of a map: inlets of the sea enclosed by land on most sides, found by an
//! opening of the sea mask. The sea is shrunk by a radius (only water farther than that
//! from the shore is left: open water) and grown back by the same radius; what the
//! opening takes away is water too narrow for open sea: inlets, straits and the water
//! between close islands. Of that, a bay is a joined piece that meets the open sea
//! through one mouth only (a strait has two) and touches land along most of its rim.
//! The opening is made at a few radii, doubling, so wide bays are found as well as narrow
//! ones; a bay found at a wider radius is kept over the narrower ones inside it.

use super::grid::{Grid, NONE};
use hexmap_map::steps::{Pacer, block_on};
use std::collections::VecDeque;

/// Fewest sea cells of a bay, in squares of the opening radius.
const MIN_CELLS_PER_RADIUS_SQUARED: usize = 1;
/// Fewest sides a bay's rim has on land for each side on its mouth.
const LAND_PER_MOUTH: usize = 2;

/// The narrowest opening radius for `grid`, in steps: inlets wider than twice it are
/// found at the doubled radii. It grows with the map (4 on a map 200 hexes wide), at
/// least 2.
pub fn opening_radius(grid: &Grid) -> u32 {
    (grid.radius * 0.04).round().max(2.0) as u32
}

/// The bays of the sea (`sea`: water joined to the map's border), each its cells,
/// biggest first; the shore is every cell that is not sea (land and lakes).
pub fn bays(grid: &Grid, sea: &[bool]) -> Vec<Vec<usize>> {
    block_on(bays_in_steps(grid, sea, &mut super::pacer()))
}

/// [`bays`], pausing on `pacer` as it goes.
pub(crate) async fn bays_in_steps(grid: &Grid, sea: &[bool], pacer: &mut Pacer) -> Vec<Vec<usize>> {
    let from_shore = steps_from(grid, |i| !sea[i], |_| true, pacer).await;
    let mut radii = vec![opening_radius(grid)];
    while f64::from(radii[radii.len() - 1] * 2) <= grid.radius / 2.0 {
        radii.push(radii[radii.len() - 1] * 2);
    }
    let mut taken = vec![false; grid.len()];
    let mut found = Vec::new();
    for &radius in radii.iter().rev() {
        for piece in bays_at(grid, sea, &from_shore, radius, pacer).await {
            if piece.iter().all(|&i| !taken[i]) {
                piece.iter().for_each(|&i| taken[i] = true);
                found.push(piece);
            }
        }
    }
    found.sort_by(|a, b| b.len().cmp(&a.len()).then(a[0].cmp(&b[0])));
    found
}

/// The bays an opening of `radius` steps finds (`from_shore`: steps from the shore).
async fn bays_at(
    grid: &Grid,
    sea: &[bool],
    from_shore: &[u32],
    radius: u32,
    pacer: &mut Pacer,
) -> Vec<Vec<usize>> {
    let open_core = |i: usize| sea[i] && from_shore[i] > radius;
    let from_core = steps_from(grid, open_core, |i| sea[i], pacer).await;
    let open = |i: usize| sea[i] && from_core[i] <= radius;
    let narrow = |i: usize| sea[i] && !open(i);
    let mut seen = vec![false; grid.len()];
    let mut found = Vec::new();
    for start in 0..grid.len() {
        pacer.tick(1).await;
        if seen[start] || !narrow(start) {
            continue;
        }
        let piece = flood(grid, start, &narrow, &mut seen);
        pacer.tick(piece.len() as u64).await;
        if piece.len() >= MIN_CELLS_PER_RADIUS_SQUARED * (radius * radius) as usize
            && is_bay(grid, &piece, sea, &open)
        {
            found.push(piece);
        }
    }
    found
}

/// True when `piece` of narrow water lies off the map's border, meets the open sea through
/// one joined mouth, and has [`LAND_PER_MOUTH`] sides on the shore for each on the mouth.
fn is_bay(grid: &Grid, piece: &[usize], sea: &[bool], open: &impl Fn(usize) -> bool) -> bool {
    let (mut shore, mut mouth_sides) = (0, 0);
    let mut mouth = Vec::new();
    for &i in piece {
        for &n in &grid.nbr[i] {
            if n == NONE {
                return false;
            }
            let n = n as usize;
            if !sea[n] {
                shore += 1;
            } else if open(n) {
                mouth_sides += 1;
                mouth.push(n);
            }
        }
    }
    mouth.sort_unstable();
    mouth.dedup();
    if mouth.is_empty() || shore < LAND_PER_MOUTH * mouth_sides {
        return false;
    }
    // The mouth is one joined run of open water cells.
    let in_mouth = |i: usize| mouth.binary_search(&i).is_ok();
    let mut seen = vec![false; grid.len()];
    flood(grid, mouth[0], &in_mouth, &mut seen).len() == mouth.len()
}

/// The cells joined to `start` through cells where `inside` holds, marking them in `seen`
/// (`start` first, then outwards).
pub(crate) fn flood(
    grid: &Grid,
    start: usize,
    inside: &impl Fn(usize) -> bool,
    seen: &mut [bool],
) -> Vec<usize> {
    seen[start] = true;
    let mut cells = vec![start];
    let mut k = 0;
    while k < cells.len() {
        for &n in &grid.nbr[cells[k]] {
            if n != NONE && !seen[n as usize] && inside(n as usize) {
                seen[n as usize] = true;
                cells.push(n as usize);
            }
        }
        k += 1;
    }
    cells
}

/// Steps from each cell to the nearest cell where `source` holds, moving only into cells
/// where `through` holds (`u32::MAX` where none is reached).
async fn steps_from(
    grid: &Grid,
    source: impl Fn(usize) -> bool,
    through: impl Fn(usize) -> bool,
    pacer: &mut Pacer,
) -> Vec<u32> {
    let mut steps = vec![u32::MAX; grid.len()];
    let mut queue: VecDeque<usize> = (0..grid.len()).filter(|&i| source(i)).collect();
    for &i in &queue {
        steps[i] = 0;
    }
    while let Some(i) = queue.pop_front() {
        pacer.tick(1).await;
        for &n in &grid.nbr[i] {
            if n != NONE && steps[n as usize] == u32::MAX && through(n as usize) {
                steps[n as usize] = steps[i] + 1;
                queue.push_back(n as usize);
            }
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{OffsetKind, Orientation};
    use hexmap_map::MapShape;

    /// A 60×40 pointy map and its sea: `land(col, row)` says which cells are land.
    fn sea_of(land: impl Fn(i32, i32) -> bool) -> (Grid, Vec<bool>, Vec<(i32, i32)>) {
        let kind = OffsetKind::OddR;
        let shape = MapShape::rectangle(kind, 60, 40).unwrap();
        let map = hexmap_map::testing::map_on(Orientation::Pointy, shape);
        let grid = Grid::of(&map);
        let at: Vec<(i32, i32)> = grid
            .hexes
            .iter()
            .map(|&h| {
                let c = kind.from_hex(h);
                (c.col, c.row)
            })
            .collect();
        let sea = at.iter().map(|&(c, r)| !land(c, r)).collect();
        (grid, sea, at)
    }

    #[test]
    fn an_inlet_into_a_coast_is_a_bay() {
        // Land below row 15, with an inlet 4 wide and 14 deep cut into it at columns 28–31.
        let (grid, sea, at) = sea_of(|c, r| r >= 15 && !((28..32).contains(&c) && r < 29));
        let found = bays(&grid, &sea);
        assert_eq!(found.len(), 1, "{found:?}");
        let inlet = found[0]
            .iter()
            .filter(|&&i| (28..32).contains(&at[i].0) && at[i].1 >= 15)
            .count();
        assert!(
            inlet >= 40,
            "{} cells, {inlet} in the inlet",
            found[0].len()
        );
    }

    #[test]
    fn a_straight_coast_and_a_strait_are_not_bays() {
        // Two islands (rows 15–30) with a channel 4 wide between them at columns 28–31:
        // both its ends meet the open sea.
        let (grid, sea, _) =
            sea_of(|c, r| (15..31).contains(&r) && (5..55).contains(&c) && !(28..32).contains(&c));
        assert_eq!(bays(&grid, &sea), Vec::<Vec<usize>>::new());
        let (grid, sea, _) = sea_of(|_, r| r >= 15);
        assert_eq!(bays(&grid, &sea), Vec::<Vec<usize>>::new());
    }

    /// A 60×40 pointy map of sea (−500 m) with land at 300 m where `land(col, row)`, its
    /// features named with seed 5: the texts of the bay names and the cells they sit on.
    fn named_bays(land: impl Fn(i32, i32) -> bool) -> Vec<(String, (i32, i32))> {
        let kind = OffsetKind::OddR;
        let shape = MapShape::rectangle(kind, 60, 40).unwrap();
        let mut map = hexmap_map::testing::map_on(Orientation::Pointy, shape);
        let values = map
            .shape()
            .iter()
            .map(|h| {
                let c = kind.from_hex(h);
                if land(c.col, c.row) { 300 } else { -500 }
            })
            .collect();
        map.set_elevation_layer(Some(hexmap_map::ElevationLayer::from_values(values)))
            .unwrap();
        crate::names_features::feature_names(&mut map, 5).unwrap();
        let layout = map.layout().unwrap();
        map.labels()
            .iter()
            .filter(|(_, l)| l.text.contains("Bay"))
            .map(|(_, l)| {
                let c = kind.from_hex(layout.pixel_to_hex_rounded(l.at));
                (l.text.clone(), (c.col, c.row))
            })
            .collect()
    }

    #[test]
    fn an_inlet_gets_a_bay_name_on_its_water_and_a_straight_coast_none() {
        let inlet = |c: i32, r: i32| (28..32).contains(&c) && r < 29;
        let found = named_bays(|c, r| r >= 15 && !inlet(c, r));
        assert_eq!(found.len(), 1, "{found:?}");
        let (_, (c, r)) = found[0];
        assert!(inlet(c, r) || r < 15, "{found:?}");
        assert!(
            (26..34).contains(&c) && r >= 13,
            "{found:?} is not at the inlet"
        );
        assert_eq!(named_bays(|_, r| r >= 15), Vec::new());
    }

    #[test]
    fn most_generated_continents_name_a_bay() {
        // Seeds outside the 0–49 the figures in docs/BENCHMARKS.md count.
        let named = (100..110)
            .filter(|&seed| {
                let shape = MapShape::rectangle(OffsetKind::OddR, 120, 80).unwrap();
                let spec =
                    crate::Spec::new(shape, Orientation::Pointy, crate::Preset::Continent, seed);
                let map = crate::generate(&spec).unwrap();
                map.labels()
                    .iter()
                    .any(|(_, l)| l.text.contains(" Bay") || l.text.starts_with("Bay of "))
            })
            .count();
        assert!(named >= 7, "a bay named on {named} of 10 continents");
    }
}
