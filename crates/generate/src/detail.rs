//! Generated detail inside a derived child map (a map family's "hex within hex"): the
//! world generator run on the child's own shape, of which the child keeps the relief
//! (elevation) everywhere and the streams that lie wholly inside the parent hex, away
//! from its border ring. Everything the child took from its parent — terrain, the roads
//! and rivers that cross its sides, the features along them — is kept as it is, so a
//! family check of the child still finds it meeting its parent.

use super::{GenError, Preset, Spec, generate};
use hexmap_map::HexMap;
use hexmap_map::family::ChildMap;
use hexmap_map::family::derive::ChildFrame;

/// Add generated relief and inner streams to `child` (seeded by `seed`); a child that was
/// not derived from a hex gets the relief only.
pub fn add_detail(child: &mut ChildMap, seed: u64) -> Result<(), GenError> {
    let map = &child.map;
    let mut spec = Spec::new(
        map.shape().clone(),
        map.properties().orientation,
        Preset::Highlands,
        seed,
    );
    // A little sea at the rim gives the streams somewhere to run; only relief and the
    // inner streams are kept.
    spec.sea_percent = 20;
    spec.settlements = Some(0);
    spec.roads = false;
    let world = generate(&spec)?;
    let frame = ChildFrame::of(child);
    let map: &mut HexMap = &mut child.map;
    let cells: Vec<_> = map.shape().iter().collect();
    for h in cells {
        if let Some(e) = world.elevation(h) {
            map.set_elevation(h, e)?;
        }
    }
    // Streams wholly inside, off the border ring, under the type of the same name.
    let deep = |h: hexmap_hex::Hex| {
        frame.is_none_or(|f| f.inside(h) && h.distance(f.center) < f.radius as i32)
    };
    for (e, kind) in world.edges() {
        let (a, b) = e.hexes();
        let Some(name) = world.edge_palette().get(kind).map(|t| t.name.clone()) else {
            continue;
        };
        let Some(ours) = map.edge_palette().named(&name).map(|t| t.id) else {
            continue;
        };
        if deep(a) && deep(b) && map.edge(e).is_none() {
            map.set_edge(e, Some(ours))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{OffsetCoord, OffsetKind};
    use hexmap_map::TerrainId;
    use hexmap_map::family::check::check_child;
    use hexmap_map::family::derive::derive;
    use hexmap_map::testing::rectangle_map;

    #[test]
    fn detail_adds_relief_and_keeps_what_came_from_the_parent() {
        let mut parent = rectangle_map(OffsetKind::OddR, 5, 5);
        let cells: Vec<_> = parent.shape().iter().collect();
        for h in cells {
            parent.set_terrain(h, TerrainId::new(2)).unwrap();
        }
        let hex = OffsetKind::OddR.to_hex(OffsetCoord::new(2, 2));
        let plain = derive(&parent, hex, 4, 3, "c").unwrap();
        let mut detailed = plain.clone();
        add_detail(&mut detailed, 3).unwrap();
        assert!(detailed.map.elevation_layer().is_some());
        for h in plain.map.shape().iter() {
            assert_eq!(detailed.map.terrain(h), plain.map.terrain(h));
        }
        assert_eq!(detailed.map.paths().len(), plain.map.paths().len());
        assert!(check_child(&parent, &detailed).is_empty());
        let mut again = plain.clone();
        add_detail(&mut again, 3).unwrap();
        assert_eq!(again, detailed, "seeded");
    }
}
