//! The names of a generated world's landmasses, as labels placed so that no two overlap
//! and none covers a settlement: each at its landmass's cell nearest the landmass's middle
//! whose label is clear of what is drawn before it. (Seas, lakes, rivers, ranges, forests
//! and deserts are named by [`names_features`](super::names_features).)

use super::grid::{Grid, landmasses_in_steps};
use super::labels_place::{Occupied, place_straight};
use super::names_features::members;
use super::settlements::style;
use super::{GenError, stage_seed};
use hexmap_map::steps::{Pacer, block_on};
use hexmap_map::{HexMap, Label, Rgb};
use rand::SeedableRng;

/// Label each landmass of at least 40 cells at the cell nearest its middle where its name
/// overlaps no other label, caption or icon (a name that finds no such place is left
/// out). Adds labels after the map's own.
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
    let lands = members(&landmasses_in_steps(grid, &water, pacer).await);
    let style = style(seed);
    let mut taken = Occupied::of(map, &layout);
    for cells in lands.into_iter().filter(|c| c.len() >= 40) {
        pacer.tick(cells.len() as u64).await;
        let base = super::names::name(style, &mut rng);
        let text = if cells.len() < 150 {
            format!("Isle of {base}")
        } else {
            base
        };
        let Some(label) = place_straight(
            grid,
            &cells,
            &layout,
            styled(text, cells.len() as f64),
            &taken,
        ) else {
            continue;
        };
        if map.labels().len() >= hexmap_map::annotations::labels::MAX_LABELS {
            return Ok(());
        }
        taken.take(&label, &layout);
        let id = map.labels().next_id();
        map.add_label(id, label)?;
    }
    Ok(())
}

/// A landmass's name as drawn: growing with its land (1.2 to 6 hex sizes, legible where a
/// map of small hexes is seen whole), bold, near black. `n` is its cell count.
fn styled(text: String, n: f64) -> Label {
    let mut label = Label::new(text, hexmap_hex::Point::new(0.0, 0.0));
    label.size = (n.sqrt() / 8.0).clamp(1.2, 6.0) as f32;
    label.bold = true;
    label.color = Rgb([0x20, 0x20, 0x20]);
    label
}

#[cfg(test)]
mod tests {
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
                .flat_map(|(_, l)| {
                    let text = l.text.clone();
                    crate::labels_place::boxes_of(l, &layout)
                        .into_iter()
                        .map(move |b| (text.clone(), b))
                })
                .collect();
            assert!(!boxes.is_empty(), "seed {seed}: the world has names");
            for (i, (a, (a0, a1))) in boxes.iter().enumerate() {
                for (b, (b0, b1)) in &boxes[i + 1..] {
                    let apart = a1.x < b0.x || a0.x > b1.x || a1.y < b0.y || a0.y > b1.y;
                    assert!(apart || a == b, "seed {seed}: {a} and {b} overlap");
                }
            }
        }
    }
}
