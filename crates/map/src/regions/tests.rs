use super::*;
use crate::{Document, Edit, MapError, MapShape};
use hexmap_hex::Orientation;

fn doc() -> Document {
    Document::new(crate::testing::hexagon_map(3, Orientation::Pointy))
}

fn look(name: &str, kind: &str) -> RegionLook {
    RegionLook {
        name: name.into(),
        kind: kind.into(),
        color: Rgb([200, 40, 40]),
        border: BorderStyle::Dashed,
        tint: None,
        label: true,
        gm_only: false,
        key: None,
    }
}

fn region(id: u32, name: &str, kind: &str, hexes: &[(i32, i32)]) -> Region {
    Region {
        id: RegionId(id),
        look: look(name, kind),
        hexes: hexes.iter().map(|&(q, r)| Hex::new(q, r)).collect(),
    }
}

fn kind(name: &str, exclusive: bool) -> Edit {
    Edit::Region(RegionEdit::AddKind(RegionKind {
        name: name.into(),
        exclusive,
    }))
}

fn hexes_of(d: &Document, id: u32) -> Vec<Hex> {
    d.map()
        .regions()
        .get(RegionId(id))
        .unwrap()
        .hexes
        .iter()
        .copied()
        .collect()
}

#[test]
fn exclusive_kind_moves_a_hex_out_of_its_other_region_in_one_step() {
    let mut d = doc();
    d.apply(&kind("Political", true)).unwrap();
    d.apply(&kind("Climate", false)).unwrap();
    let west = region(0, "West", "Political", &[(0, 0), (-1, 0)]);
    d.apply(&Edit::Region(RegionEdit::Add(west))).unwrap();
    let east = region(1, "East", "Political", &[(1, 0)]);
    d.apply(&Edit::Region(RegionEdit::Add(east))).unwrap();
    let cold = region(2, "Cold", "Climate", &[(0, 0)]);
    d.apply(&Edit::Region(RegionEdit::Add(cold))).unwrap();
    let before = d.map().clone();
    let changed = d
        .apply(&Edit::Region(RegionEdit::AddHexes {
            id: RegionId(1),
            hexes: vec![Hex::new(0, 0), Hex::new(9, 9)],
        }))
        .unwrap();
    assert!(changed.labels, "outlines are redrawn with the free text");
    assert_eq!(hexes_of(&d, 0), [Hex::new(-1, 0)]);
    assert_eq!(hexes_of(&d, 1), [Hex::new(0, 0), Hex::new(1, 0)]);
    // Another kind keeps its hex: overlap across kinds is free.
    assert_eq!(hexes_of(&d, 2), [Hex::new(0, 0)]);
    d.undo().unwrap();
    assert_eq!(d.map(), &before);
}

#[test]
fn overlapping_kind_keeps_both_and_a_stroke_is_one_undo_step() {
    let mut d = doc();
    d.apply(&kind("Hunting", false)).unwrap();
    for (id, name) in [(0, "Wolves"), (1, "Bears")] {
        d.apply(&Edit::Region(RegionEdit::Add(region(
            id,
            name,
            "Hunting",
            &[],
        ))))
        .unwrap();
    }
    let before = d.map().clone();
    d.begin_stroke();
    for q in -2..=2 {
        for id in [0, 1] {
            d.apply(&Edit::Region(RegionEdit::AddHexes {
                id: RegionId(id),
                hexes: vec![Hex::new(q, 0)],
            }))
            .unwrap();
        }
    }
    d.end_stroke();
    assert_eq!(hexes_of(&d, 0).len(), 5);
    assert_eq!(hexes_of(&d, 1).len(), 5);
    d.undo().unwrap();
    assert_eq!(d.map(), &before);
    d.redo().unwrap();
    assert_eq!(hexes_of(&d, 1).len(), 5);
}

#[test]
fn rename_recolour_delete_and_kind_rules_have_undo_and_clear_errors() {
    let mut d = doc();
    d.apply(&kind("Political", true)).unwrap();
    d.apply(&Edit::Region(RegionEdit::Add(region(
        4,
        "Ard",
        "Political",
        &[(0, 0)],
    ))))
    .unwrap();
    let mut l = look("Ardmoor", "Political");
    l.color = Rgb([1, 2, 3]);
    d.apply(&Edit::Region(RegionEdit::SetLook {
        id: RegionId(4),
        look: l.clone(),
    }))
    .unwrap();
    assert_eq!(d.map().regions().get(RegionId(4)).unwrap().look, l);
    assert_eq!(d.map().regions().next_id(), RegionId(5));
    let err = d
        .apply(&Edit::Region(RegionEdit::Add(region(
            4,
            "Dup",
            "Political",
            &[],
        ))))
        .unwrap_err();
    assert_eq!(err.to_string(), "region id 4 is already in use");
    let err = d
        .apply(&Edit::Region(RegionEdit::Add(region(
            5,
            "X",
            "Weather",
            &[],
        ))))
        .unwrap_err();
    assert!(
        err.to_string().contains("unknown kind \"Weather\""),
        "{err}"
    );
    let err = d
        .apply(&Edit::Region(RegionEdit::Add(region(
            5,
            "X",
            "Political",
            &[(9, 9)],
        ))))
        .unwrap_err();
    assert!(matches!(
        err,
        crate::EditError::Map(MapError::Region(RegionError::OutsideMap { .. }))
    ));
    let err = d
        .apply(&Edit::Region(RegionEdit::RemoveKind("Political".into())))
        .unwrap_err();
    assert!(err.to_string().contains("used by region 4"), "{err}");
    d.apply(&Edit::Region(RegionEdit::Delete(RegionId(4))))
        .unwrap();
    assert_eq!(d.map().regions().len(), 0);
    d.undo().unwrap();
    assert_eq!(
        d.map().regions().get(RegionId(4)).unwrap().look.name,
        "Ardmoor"
    );
}

#[test]
fn making_a_kind_exclusive_is_refused_while_regions_share_a_hex() {
    let mut d = doc();
    d.apply(&kind("Zones", false)).unwrap();
    d.apply(&Edit::Region(RegionEdit::Add(region(
        0,
        "A",
        "Zones",
        &[(0, 0)],
    ))))
    .unwrap();
    d.apply(&Edit::Region(RegionEdit::Add(region(
        1,
        "B",
        "Zones",
        &[(0, 0)],
    ))))
    .unwrap();
    let err = d
        .apply(&Edit::Region(RegionEdit::SetKindExclusive {
            kind: "Zones".into(),
            exclusive: true,
        }))
        .unwrap_err();
    assert!(err.to_string().contains("share the hex"), "{err}");
    assert!(!d.map().regions().kinds()[0].exclusive);
}

#[test]
fn build_refuses_duplicates_and_reshape_drops_hexes_off_the_map() {
    let d = doc();
    let kinds = vec![RegionKind {
        name: "P".into(),
        exclusive: true,
    }];
    let twice = vec![region(1, "A", "P", &[]), region(1, "B", "P", &[])];
    assert_eq!(
        Regions::build(d.map(), kinds.clone(), twice),
        Err(RegionError::DuplicateId(RegionId(1)))
    );
    let shared = vec![
        region(1, "A", "P", &[(0, 0)]),
        region(2, "B", "P", &[(0, 0)]),
    ];
    assert!(matches!(
        Regions::build(d.map(), kinds.clone(), shared),
        Err(RegionError::Overlap { .. })
    ));
    let mut map = d.map().clone();
    let r = Regions::build(&map, kinds, vec![region(1, "A", "P", &[(0, 0), (3, 0)])]).unwrap();
    map.set_regions(r).unwrap();
    map.reshape(MapShape::hexagon(1).unwrap());
    assert_eq!(
        map.regions().get(RegionId(1)).unwrap().hexes.len(),
        1,
        "the hex off the smaller map is dropped"
    );
}
