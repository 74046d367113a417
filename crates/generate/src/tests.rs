//! Property tests of the generator over many seeds and shapes: each rule the generator
//! promises, read off the finished map.

use super::corners::Corner;
use super::rivers::{End, corner_height};
use super::roads::{road_type, settlement_hexes};
use super::*;
use hexmap_hex::{Edge, OffsetKind};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

fn shapes() -> impl Strategy<Value = MapShape> {
    prop_oneof![
        (6u32..22).prop_map(|r| MapShape::hexagon(r).unwrap()),
        (12u32..40, 10u32..34)
            .prop_map(|(w, h)| MapShape::rectangle(OffsetKind::OddR, w, h).unwrap()),
        (12u32..40, 10u32..34)
            .prop_map(|(w, h)| MapShape::rectangle(OffsetKind::OddQ, w, h).unwrap()),
        (14u32..30).prop_map(|s| MapShape::triangle(s).unwrap()),
    ]
}

fn specs() -> impl Strategy<Value = Spec> {
    (shapes(), 0usize..4, 10u8..90, any::<u64>(), any::<bool>()).prop_map(
        |(shape, preset, sea, seed, flat)| {
            let orientation = if flat {
                Orientation::Flat
            } else {
                Orientation::Pointy
            };
            // A rectangle goes with its orientation's offset kind.
            let shape = match shape {
                MapShape::Rectangle { width, height, .. } => {
                    MapShape::rectangle(OffsetKind::default_for(orientation), width, height)
                        .unwrap()
                }
                s => s,
            };
            let mut spec = Spec::new(shape, orientation, Preset::ALL[preset], seed);
            spec.sea_percent = sea;
            spec
        },
    )
}

/// The two corners at the ends of a side.
fn ends(e: Edge) -> [Corner; 2] {
    let (a, _) = e.hexes();
    let mut found = Vec::new();
    for i in 0..6 {
        let c = Corner::of(a, i);
        if c.neighbours().iter().any(|&(_, side)| side == e) && !found.contains(&c) {
            found.push(c);
        }
    }
    [found[0], found[1]]
}

fn check(spec: &Spec) -> Result<(), TestCaseError> {
    let (map, report) = generate_with_report(spec).unwrap();
    let n = map.cell_count();
    let water: Vec<bool> = water_cells(&map);
    let wet = |h: Hex| map.shape().index_of(h).is_some_and(|i| water[i]);
    // The sea share is within 5 points of the spec.
    let sea = map
        .elevation_layer()
        .unwrap()
        .values()
        .iter()
        .filter(|&&e| e < 0)
        .count();
    let share = sea as f64 * 100.0 / n as f64;
    prop_assert!(
        (share - f64::from(spec.sea_percent)).abs() <= 5.0,
        "sea {share}"
    );
    // Rivers never rise, end at water, the border or an earlier river, and never run
    // between two water cells; the map's river sides are exactly the courses' sides.
    let mut typed = map.clone();
    let types = super::rivers::RiverTypes::of(&mut typed).unwrap();
    prop_assert_eq!(
        typed.edge_palette(),
        map.edge_palette(),
        "the generator added its types"
    );
    let mut laid: BTreeSet<Corner> = BTreeSet::new();
    let mut sides: BTreeSet<Edge> = BTreeSet::new();
    for course in &report.rivers {
        for w in course.corners.windows(2) {
            prop_assert!(corner_height(&map, w[1]).0 < corner_height(&map, w[0]).0);
        }
        let last = *course.corners.last().unwrap();
        match course.end {
            End::Water => prop_assert!(last.hexes().iter().any(|&h| wet(h))),
            End::Border => prop_assert!(corner_height(&map, last).1 < 3),
            End::Merge => prop_assert!(laid.contains(&last)),
            End::Pit => prop_assert!(false, "a river ends in a pit"),
        }
        laid.extend(course.corners.iter().copied());
        sides.extend(course.sides());
    }
    let on_map: BTreeSet<Edge> = map
        .edges()
        .filter(|&(_, k)| types.contains(k))
        .map(|(e, _)| e)
        .collect();
    prop_assert_eq!(&on_map, &sides);
    for e in &on_map {
        let (a, b) = e.hexes();
        prop_assert!(
            !(wet(a) && wet(b)),
            "river between two water cells at {e:?}"
        );
        prop_assert_eq!(ends(*e).len(), 2);
    }
    // Every two settlements on one landmass are joined by road; no road hex is water.
    let road = road_type(&map).unwrap();
    let mut parent: BTreeMap<Hex, Hex> = BTreeMap::new();
    fn root(p: &mut BTreeMap<Hex, Hex>, h: Hex) -> Hex {
        let up = *p.entry(h).or_insert(h);
        if up == h {
            h
        } else {
            let r = root(p, up);
            p.insert(h, r);
            r
        }
    }
    for path in map.paths().iter().filter(|p| p.kind == road) {
        for w in path.hexes.windows(2) {
            prop_assert!(!wet(w[0]) && !wet(w[1]), "road in water");
            let (x, y) = (root(&mut parent, w[0]), root(&mut parent, w[1]));
            parent.insert(x, y);
        }
    }
    prop_assert!(report.unrouted.is_empty(), "unrouted {:?}", report.unrouted);
    let grid = grid::Grid::of(&map);
    let land = grid::landmasses(&grid, &water);
    let towns = settlement_hexes(&map);
    prop_assert_eq!(towns.len(), report.settlements.len());
    for &a in &towns {
        for &b in &towns {
            let (ia, ib) = (
                map.shape().index_of(a).unwrap(),
                map.shape().index_of(b).unwrap(),
            );
            if a < b && land[ia] == land[ib] {
                prop_assert_eq!(
                    root(&mut parent, a),
                    root(&mut parent, b),
                    "{:?} {:?}",
                    a,
                    b
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generated_maps_keep_every_rule_of_the_issue(spec in specs()) {
        check(&spec)?;
    }
}

#[test]
fn the_same_spec_gives_the_same_map_and_another_seed_another() {
    let spec = Spec::new(
        MapShape::hexagon(14).unwrap(),
        Orientation::Pointy,
        Preset::Island,
        42,
    );
    let a = generate(&spec).unwrap();
    assert_eq!(a, generate(&spec).unwrap());
    let other = Spec { seed: 43, ..spec };
    assert_ne!(a, generate(&other).unwrap());
}

#[test]
fn generated_in_steps_it_pauses_inside_the_stages_and_gives_the_same_map() {
    let spec = Spec::new(
        MapShape::rectangle(OffsetKind::OddR, 200, 150).unwrap(),
        Orientation::Pointy,
        Preset::Continent,
        42,
    );
    let mut work: hexmap_map::steps::Steps<'_, _> = Box::pin(super::generate_in_steps(&spec));
    let mut pauses = 0;
    let (map, _) = loop {
        if let Some(out) = hexmap_map::steps::step(&mut work) {
            break out.unwrap();
        }
        pauses += 1;
    };
    assert_eq!(map, generate(&spec).unwrap());
    // 30,000 cells: each stage that looks at every cell pauses on its way (not only
    // between stages, which made one pause per stage, seven in all), and so does each of
    // the roads' searches.
    assert!(pauses > 30, "{pauses} pauses");
}

#[test]
fn a_generated_map_has_rivers_settlements_roads_and_labels() {
    let spec = Spec::new(
        MapShape::rectangle(OffsetKind::OddR, 60, 40).unwrap(),
        Orientation::Pointy,
        Preset::Continent,
        7,
    );
    let (map, report) = generate_with_report(&spec).unwrap();
    assert!(report.rivers.len() >= 3, "{} rivers", report.rivers.len());
    assert!(report.settlements.len() >= 3);
    let captions: Vec<&str> = report
        .settlements
        .iter()
        .flat_map(|&h| map.icons_at(h).iter().filter_map(|i| i.caption.as_deref()))
        .collect();
    assert_eq!(captions.len(), report.settlements.len());
    assert!(map.paths().len() >= 2);
    assert!(!map.labels().is_empty());
    // The map's palette names its water so a reader can tell it.
    let names: Vec<&str> = map
        .palette()
        .terrains()
        .iter()
        .map(|t| t.name.as_str())
        .collect();
    for w in WATER_NAMES {
        assert!(names.contains(&w), "{w}");
    }
}

#[test]
fn onto_an_existing_palette_the_terrains_keep_their_ids() {
    let mut spec = Spec::new(
        MapShape::hexagon(10).unwrap(),
        Orientation::Flat,
        Preset::Island,
        1,
    );
    spec.palette = Some(Palette::standard());
    let map = generate(&spec).unwrap();
    for t in Palette::standard().terrains() {
        assert_eq!(map.palette().get(t.id).map(|x| &x.name), Some(&t.name));
    }
    let sea = map.palette().terrains()[0].id;
    assert!(map.terrain_counts()[1] > 0, "the standard Sea is used");
    assert_eq!(map.palette().get(sea).unwrap().name, "Sea");
}

#[test]
fn applying_a_generated_map_is_one_undo_step() {
    let blank = hexmap_map::testing::hexagon_map(8, Orientation::Pointy);
    let mut doc = hexmap_map::Document::new(blank.clone());
    let spec = Spec::new(
        MapShape::hexagon(8).unwrap(),
        Orientation::Pointy,
        Preset::Island,
        2,
    );
    let world = generate(&spec).unwrap();
    let changed = doc
        .apply(&hexmap_map::Edit::Map(hexmap_map::MapEdit::ReplaceMap(
            Box::new(world.clone()),
        )))
        .unwrap();
    assert!(changed.whole_map);
    assert_eq!(doc.map(), &world);
    doc.undo();
    assert_eq!(doc.map(), &blank);
    doc.redo();
    assert_eq!(doc.map(), &world);
}

/// Mean of `values` over the land cells (index order) whose row lies in `rows`.
fn land_mean(map: &HexMap, values: &[i16], rows: std::ops::Range<i32>) -> f64 {
    let water = water_cells(map);
    let kind = map.properties().offset_kind;
    let picked: Vec<f64> = map
        .shape()
        .iter()
        .enumerate()
        .filter(|&(i, h)| !water[i] && rows.contains(&kind.from_hex(h).row))
        .map(|(i, _)| f64::from(values[i]))
        .collect();
    picked.iter().sum::<f64>() / picked.len().max(1) as f64
}

#[test]
fn a_world_spanning_sixty_degrees_is_coldest_at_its_polar_edge() {
    // A continent from 70° N to 10° N: the top fifth's land is the coldest band, holds
    // the most tundra and snow, and the layers are on the map for every cell.
    for seed in 1..6 {
        let shape = MapShape::rectangle(OffsetKind::OddR, 90, 60).unwrap();
        let mut spec = Spec::new(shape, Orientation::Pointy, Preset::Continent, seed);
        spec.climate = Climate {
            north: 70.0,
            south: 10.0,
            ..Climate::default()
        };
        let map = generate(&spec).unwrap();
        let t = map
            .climate_layer(hexmap_map::ClimateKind::Temperature)
            .unwrap()
            .values();
        assert_eq!(t.len(), map.cell_count());
        let bands: Vec<f64> = (0..5)
            .map(|b| land_mean(&map, t, b * 12..b * 12 + 12))
            .collect();
        assert!(
            bands[1..].iter().all(|&m| bands[0] < m),
            "seed {seed}: band means {bands:?}"
        );
        let cold = |rows: std::ops::Range<i32>| {
            let kind = map.properties().offset_kind;
            map.shape()
                .iter()
                .filter(|&h| rows.contains(&kind.from_hex(h).row))
                .filter(|&h| {
                    map.terrain(h)
                        .and_then(|id| map.palette().get(id))
                        .is_some_and(|t| t.name == "Tundra" || t.name == "Snow")
                })
                .count()
        };
        assert!(cold(0..12) > cold(48..60), "seed {seed}");
        assert!(cold(0..12) > 0, "seed {seed}: no tundra at the polar edge");
    }
}
