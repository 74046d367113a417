//! The names of a generated world's landmasses and mountain ranges, as labels placed so
//! that no two overlap: each at its group's cell nearest the group's middle whose label
//! box is clear of the labels placed before (a range in the middle of its island moves
//! its name off the island's).

use super::grid::{Grid, NONE, landmasses_in_steps};
use super::settlements::style;
use super::{GenError, stage_seed};
use hexmap_hex::{Layout, Point};
use hexmap_map::steps::{Pacer, block_on};
use hexmap_map::{HexMap, Label, LabelId, Rgb};
use rand::SeedableRng;

/// How many of a group's cells nearest its middle are tried for a clear place.
const PLACES_TRIED: usize = 400;

/// Width of a character as a share of the text's height: generous (the drawing's widest
/// glyphs), so estimated boxes that do not touch never overlap when drawn.
const CHAR_WIDTH: f64 = 0.62;

/// Label each landmass of at least 40 cells and each range of at least 8 mountain (or
/// snow) cells at the cell nearest its middle where its name overlaps no other label (a
/// name that finds no such place is left out). Adds labels after the map's own.
pub fn region_labels(map: &mut HexMap, seed: u64) -> Result<(), GenError> {
    let grid = Grid::of(map);
    block_on(region_labels_in_steps(
        map,
        &grid,
        seed,
        &mut super::pacer(),
    ))
}

/// [`region_labels`] on the map's `grid`, pausing on `pacer` as it goes.
pub(crate) async fn region_labels_in_steps(
    map: &mut HexMap,
    grid: &Grid,
    seed: u64,
    pacer: &mut Pacer,
) -> Result<(), GenError> {
    let water = super::water_cells(map);
    let mut rng = rand_pcg::Pcg64::seed_from_u64(stage_seed(seed, 7));
    // The hex size is checked with the map's properties, so the layout exists.
    let Ok(layout) = map.layout() else {
        return Ok(());
    };
    // Per raw terrain id: true for all but mountains and snow. Given to `landmasses` as
    // its water, these leave the mountain ranges as the "land" it groups.
    let not_high: Vec<bool> = map
        .palette()
        .by_raw_id()
        .into_iter()
        .map(|t| {
            let name = t.map(|t| t.name.to_ascii_lowercase());
            !matches!(name.as_deref(), Some("mountains" | "snow"))
        })
        .collect();
    let raw = map.terrain_layer().raw();
    let high: Vec<bool> = (0..grid.len())
        .map(|i| not_high.get(usize::from(raw[i])).copied().unwrap_or(true))
        .collect();
    let groups = [
        (
            landmasses_in_steps(grid, &water, pacer).await,
            40usize,
            false,
        ),
        (landmasses_in_steps(grid, &high, pacer).await, 8usize, true),
    ];
    let style = style(seed);
    let mut placed: Vec<(Point, Point)> = map
        .labels()
        .iter()
        .map(|(_, l)| label_box(l, &layout))
        .collect();
    for (ids, min, mountains) in groups {
        for cells in members(&ids).into_iter().filter(|c| c.len() >= min) {
            pacer.tick(cells.len() as u64).await;
            let base = super::names::name(style, &mut rng);
            let text = if mountains {
                format!("{base} Mountains")
            } else if cells.len() < 150 {
                format!("Isle of {base}")
            } else {
                base
            };
            let mut label = styled(text, cells.len() as f64, mountains);
            let Some(at) = clear_place(grid, &cells, &layout, &mut label, &placed) else {
                continue;
            };
            label.at = at;
            if map.labels().len() >= hexmap_map::annotations::labels::MAX_LABELS {
                return Ok(());
            }
            placed.push(label_box(&label, &layout));
            let id = map.labels().next_id();
            map.add_label(LabelId(id.0), label)?;
        }
    }
    Ok(())
}

/// The cells of each group of `ids` (group numbers, [`NONE`] for none), by group.
fn members(ids: &[u32]) -> Vec<Vec<usize>> {
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

/// A group's name as drawn: a range's grows with the range (1.4 to 3 hex sizes: legible
/// where a map of small hexes is seen whole), bold italic in a near-black brown that
/// keeps a contrast of 4.5 to the grey of mountains and more to snow; a landmass's grows
/// with its land, bold, near black. `n` is the group's cell count.
fn styled(text: String, n: f64, mountains: bool) -> Label {
    let mut label = Label::new(text, Point::new(0.0, 0.0));
    label.size = if mountains {
        (n.sqrt() / 3.0).clamp(1.4, 3.0) as f32
    } else {
        (n.sqrt() / 8.0).clamp(1.2, 6.0) as f32
    };
    label.italic = mountains;
    label.bold = true;
    label.color = if mountains {
        Rgb([0x1e, 0x18, 0x12])
    } else {
        Rgb([0x20, 0x20, 0x20])
    };
    label
}

/// The centre of the first of the group's cells, nearest its middle first, where `label`
/// overlaps none of the `placed` boxes; `None` when none of the nearest is clear.
fn clear_place(
    grid: &Grid,
    cells: &[usize],
    layout: &Layout,
    label: &mut Label,
    placed: &[(Point, Point)],
) -> Option<Point> {
    let n = cells.len() as f64;
    let (sx, sy) = cells.iter().fold((0.0, 0.0), |(x, y), &i| {
        (x + grid.pos[i].0, y + grid.pos[i].1)
    });
    let mid = (sx / n, sy / n);
    let dist = |i: usize| (grid.pos[i].0 - mid.0).powi(2) + (grid.pos[i].1 - mid.1).powi(2);
    let mut order = cells.to_vec();
    order.sort_by(|&a, &b| dist(a).total_cmp(&dist(b)).then(a.cmp(&b)));
    order.truncate(PLACES_TRIED);
    order.into_iter().find_map(|i| {
        label.at = layout.hex_to_pixel(grid.hexes[i]);
        let (lo, hi) = label_box(label, layout);
        let clear = placed
            .iter()
            .all(|(a, b)| hi.x < a.x || lo.x > b.x || hi.y < a.y || lo.y > b.y);
        clear.then_some(label.at)
    })
}

/// A generous box around an upright label's text (a character [`CHAR_WIDTH`] of its
/// height wide, with its halo).
fn label_box(label: &Label, layout: &Layout) -> (Point, Point) {
    let h = f64::from(label.size) * layout.size().y * 1.2;
    let w = h * CHAR_WIDTH * label.text.chars().count() as f64;
    (
        Point::new(label.at.x - w / 2.0, label.at.y - h / 2.0),
        Point::new(label.at.x + w / 2.0, label.at.y + h / 2.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Preset, Spec, generate};
    use hexmap_hex::{OffsetKind, Orientation};
    use hexmap_map::MapShape;

    #[test]
    fn no_two_names_of_a_generated_world_overlap() {
        for (seed, preset) in [
            (1, Preset::Island),
            (7, Preset::Continent),
            (3, Preset::Highlands),
        ] {
            let shape = MapShape::rectangle(OffsetKind::OddR, 60, 40).unwrap();
            let map = generate(&Spec::new(shape, Orientation::Pointy, preset, seed)).unwrap();
            let layout = map.layout().unwrap();
            let boxes: Vec<_> = map
                .labels()
                .iter()
                .map(|(_, l)| (l.text.clone(), label_box(l, &layout)))
                .collect();
            assert!(!boxes.is_empty(), "seed {seed}: the world has names");
            for (i, (a, (a0, a1))) in boxes.iter().enumerate() {
                for (b, (b0, b1)) in &boxes[i + 1..] {
                    let apart = a1.x < b0.x || a0.x > b1.x || a1.y < b0.y || a0.y > b1.y;
                    assert!(apart, "seed {seed}: {a} and {b} overlap");
                }
            }
        }
    }
}
