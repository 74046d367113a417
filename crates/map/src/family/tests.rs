//! Tests of the family model, derivation and check.

use super::check::{check, check_child, child_crossings, parent_crossings};
use super::derive::{ChildFrame, derive};
use super::*;
use crate::testing::{at, rectangle_map};
use crate::{
    Document, EdgeTypeId, Edit, MapEdit, MapPath, MapProperties, PathId, PathTypeId, TerrainId,
};
use hexmap_hex::resolution::{cluster_center, cluster_size, linear_ratio};
use hexmap_hex::{Direction, Edge, Layout, OffsetKind, Orientation, Point};
use proptest::prelude::*;

fn painted(kind: OffsetKind) -> HexMap {
    let mut m = rectangle_map(kind, 8, 7);
    let mut props = m.properties().clone();
    props.offset_kind = kind;
    props.labels.stagger = kind;
    m.set_properties(props).unwrap();
    let cells: Vec<Hex> = m.shape().iter().collect();
    for (i, h) in cells.into_iter().enumerate() {
        let _ = m.set_terrain(h, TerrainId::new(1 + (i % 5) as u16));
    }
    m
}

/// The child hexes whose centres lie in the parent hex, computed in the plane: the parent
/// hex is the set of points nearer its centre than the centre of any of its six
/// neighbours (the cell of a hex lattice about a lattice point is that hexagon), with the
/// centres placed by the arrangement; compared by Euclidean distance, not by the cluster
/// arithmetic the derivation uses.
fn inside_by_distance(orientation: Orientation, radius: u32, frame: ChildFrame) -> Vec<Hex> {
    let layout = Layout::new(orientation, Point::new(1.0, 1.0), Point::new(0.0, 0.0)).unwrap();
    let centre = layout.hex_to_pixel(frame.center);
    let others: Vec<Point> = Direction::ALL
        .iter()
        .map(|d| layout.hex_to_pixel(frame.center + cluster_center(d.offset(), radius)))
        .collect();
    let d2 = |a: Point, b: Point| (a.x - b.x).powi(2) + (a.y - b.y).powi(2);
    frame
        .cells()
        .filter(|&h| {
            let p = layout.hex_to_pixel(h);
            others.iter().all(|&o| d2(p, centre) < d2(p, o))
        })
        .collect()
}

#[test]
fn a_derived_child_covers_its_parent_hex_within_one_border_ring_in_every_offset_kind() {
    for kind in OffsetKind::ALL {
        let parent = painted(kind);
        for radius in 1..=6 {
            let hex = at(kind, 3, 4);
            let child = derive(&parent, hex, radius, 7, "child").unwrap();
            let frame = ChildFrame::of(&child).unwrap();
            let orientation = kind.orientation();
            assert_eq!(child.map.properties().orientation, orientation);
            assert_eq!(child.map.properties().offset_kind, kind);
            let derived: Vec<Hex> = child
                .map
                .shape()
                .iter()
                .filter(|&h| frame.inside(h))
                .collect();
            assert_eq!(derived.len() as u64, cluster_size(radius));
            let measured = inside_by_distance(orientation, radius, frame);
            // Both agree but for hexes on the border ring (k) or just outside it (k + 1).
            for h in derived.iter().filter(|h| !measured.contains(h)) {
                assert_eq!(h.distance(frame.center), radius as i32, "{kind} k={radius}");
            }
            for h in measured.iter().filter(|h| !derived.contains(h)) {
                assert!(
                    h.distance(frame.center) >= radius as i32,
                    "{kind} k={radius}"
                );
            }
            // The parent hex as a plane figure: six neighbour centres equally far and a
            // sixth of a turn apart, √(3k² + 3k + 1) child steps away (its area is that
            // many child hexes, the number derived).
            let layout =
                Layout::new(orientation, Point::new(1.0, 1.0), Point::new(0.0, 0.0)).unwrap();
            let step = (3.0f64).sqrt();
            for d in Direction::ALL {
                let p = layout.hex_to_pixel(cluster_center(d.offset(), radius));
                let q = layout.hex_to_pixel(cluster_center(d.counter_clockwise().offset(), radius));
                assert!(((p.x.hypot(p.y)) / step - linear_ratio(radius)).abs() < 1e-9);
                let turn = (p.x * q.x + p.y * q.y) / (p.x.hypot(p.y) * q.x.hypot(q.y));
                assert!((turn - 0.5).abs() < 1e-9, "60° apart");
            }
            // Every child hex has a label from the map's own settings.
            for h in child.map.shape().iter() {
                assert!(
                    child.map.properties().labels.format(h).is_ok(),
                    "{kind} {h:?}"
                );
            }
        }
    }
}

#[test]
fn a_derived_child_starts_with_its_parent_terrain_and_its_neighbours_at_the_ring() {
    let parent = painted(OffsetKind::OddQ);
    let hex = at(OffsetKind::OddQ, 3, 3);
    let child = derive(&parent, hex, 3, 11, "c").unwrap();
    let frame = ChildFrame::of(&child).unwrap();
    assert_eq!(child.map.terrain(frame.center), parent.terrain(hex));
    for h in child.map.shape().iter() {
        let offset = frame.parent_offset(h);
        if offset != Hex::ORIGIN {
            assert_eq!(child.map.terrain(h), parent.terrain(hex + offset), "{h:?}");
        } else if h.distance(frame.center) <= 1 {
            assert_eq!(child.map.terrain(h), parent.terrain(hex));
        }
    }
    // Seeded: the same seed gives the same child; the scale follows the area.
    assert_eq!(derive(&parent, hex, 3, 11, "c").unwrap(), child);
    let mut scaled = parent.clone();
    let _ = scaled.set_scale(Some(crate::scale::MapScale::new(6.0, "mi").unwrap()));
    let c = derive(&scaled, hex, 3, 11, "c").unwrap();
    let s = c.map.scale().unwrap();
    assert!((s.per_hex - 6.0 / 37f64.sqrt()).abs() < 1e-12 && s.unit == "mi");
}

fn road() -> PathTypeId {
    PathTypeId::new(1).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Roads and rivers that cross a side of a random parent hex leave the child at the
    /// border hexes on that side, and only there; edge features on its sides run along
    /// the child's edges there; the check finds nothing to report.
    #[test]
    fn features_crossing_a_parent_side_enter_the_child_on_that_side(
        kind_i in 0usize..4,
        col in 1i32..7,
        row in 1i32..6,
        radius in 1u32..6,
        sides in proptest::collection::vec((0usize..6, 0usize..6, 1u16..4), 0..4),
        edges in proptest::collection::vec((0usize..6, 1u16..4), 0..4),
        seed in any::<u64>(),
    ) {
        let kind = OffsetKind::ALL[kind_i];
        let mut parent = painted(kind);
        let hex = at(kind, col, row);
        for (i, &(a, b, t)) in sides.iter().enumerate() {
            let hexes = vec![hex + Direction::from_index(a).offset(), hex, hex + Direction::from_index(b).offset()];
            let kind = PathTypeId::new(t).unwrap();
            parent.insert_path(MapPath { id: PathId(i as u32), kind, hexes, gm_only: false }).unwrap();
        }
        for &(d, t) in &edges {
            parent.set_edge(Edge::new(hex, Direction::from_index(d)), EdgeTypeId::new(t)).unwrap();
        }
        let child = derive(&parent, hex, radius, seed, "c").unwrap();
        let frame = ChildFrame::of(&child).unwrap();
        prop_assert_eq!(parent_crossings(&parent, hex), child_crossings(&child.map, frame));
        // Each crossing step goes from a border hex (ring k) to a hex of that neighbour.
        for path in child.map.paths().iter() {
            for w in path.hexes.windows(2) {
                if frame.inside(w[0]) != frame.inside(w[1]) {
                    let (inner, outer) = if frame.inside(w[0]) { (w[0], w[1]) } else { (w[1], w[0]) };
                    prop_assert_eq!(inner.distance(frame.center), radius as i32);
                    prop_assert!(frame.side_of(outer).is_some());
                }
            }
        }
        prop_assert!(check_child(&parent, &child).is_empty(), "{:?}", check_child(&parent, &child));
    }
}

#[test]
fn the_check_names_a_crossing_the_child_lost_and_one_it_gained() {
    let kind = OffsetKind::OddR;
    let mut parent = painted(kind);
    let hex = at(kind, 3, 3);
    let east = hex + Direction::POINTY_E.offset();
    let hexes = vec![hex + Direction::POINTY_W.offset(), hex, east];
    parent
        .insert_path(MapPath {
            id: PathId(0),
            kind: road(),
            hexes,
            gm_only: false,
        })
        .unwrap();
    let mut child = derive(&parent, hex, 2, 1, "Saltmere").unwrap();
    let mut root = parent.clone();
    root.set_children(vec![child.clone()]);
    assert!(check(&root).is_empty());
    // The road now leaves the parent to the south-east instead of the east.
    let mut moved = parent.clone();
    let mut path = moved.path(PathId(0)).unwrap().clone();
    path.hexes[2] = hex + Direction::POINTY_SE.offset();
    moved.insert_path(path).unwrap();
    let problems = check_child(&moved, &child);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems[0].contains("parent's Road crosses its SE side"),
        "{problems:?}"
    );
    assert!(
        problems[1].contains("child's Road crosses its E side"),
        "{problems:?}"
    );
    // And the whole-family check names the child by its path.
    child.map.set_children(Vec::new());
    moved.set_children(vec![child]);
    let found = check(&moved);
    assert_eq!(found[0].path, "test/0404/saltmere");
}

#[test]
fn members_are_named_by_their_path_of_links_and_found_by_it() {
    let kind = OffsetKind::OddQ;
    let mut root = painted(kind);
    root.set_properties(MapProperties {
        name: "The Kingdom".into(),
        ..root.properties().clone()
    })
    .unwrap();
    let mut town = derive(&root, at(kind, 4, 11 % 7), 2, 0, "Saltmere").unwrap();
    let inner = derive(
        &town.map,
        town.map.shape().iter().next().unwrap(),
        1,
        0,
        "Old Docks",
    )
    .unwrap();
    town.map.set_children(vec![inner]);
    root.set_children(vec![town]);
    let all = members(&root);
    let paths: Vec<&str> = all.iter().map(|m| m.path.as_str()).collect();
    assert_eq!(paths[0], "the-kingdom");
    assert_eq!(paths[1], "the-kingdom/0505/saltmere");
    assert!(paths[2].starts_with("the-kingdom/0505/saltmere/") && paths[2].ends_with("/old-docks"));
    assert_eq!(find(&root, "THE-KINGDOM/0505/Saltmere").unwrap(), vec![0]);
    assert_eq!(find(&root, "0505/saltmere").unwrap(), vec![0]);
    let e = find(&root, "nowhere").unwrap_err().to_string();
    assert!(
        e.contains("no map 'nowhere'") && e.contains("the-kingdom/0505/saltmere"),
        "{e}"
    );
    let alone = extract(&root, "0505/saltmere").unwrap();
    assert_eq!(alone.name(), "Saltmere");
    assert!(alone.children().is_empty());
}

#[test]
fn children_change_through_the_edit_path_with_undo_and_links_are_checked() {
    let kind = OffsetKind::EvenQ;
    let root = painted(kind);
    let child = derive(&root, at(kind, 2, 2), 2, 5, "A").unwrap();
    let mut doc = Document::new(root.clone());
    doc.apply(&Edit::Map(MapEdit::SetChildren(vec![child.clone()])))
        .unwrap();
    assert_eq!(doc.map().children().len(), 1);
    doc.undo();
    assert!(doc.map().children().is_empty());
    doc.redo();
    assert_eq!(doc.map().children(), std::slice::from_ref(&child));
    // A link to a hex off the map, or two children with one path, are refused.
    let mut off = child.clone();
    off.link = Link::Hex(Hex::new(100, 100));
    assert!(
        doc.apply(&Edit::Map(MapEdit::SetChildren(vec![off])))
            .is_err()
    );
    let twice = vec![child.clone(), child];
    let e = doc
        .apply(&Edit::Map(MapEdit::SetChildren(twice)))
        .unwrap_err();
    assert!(e.to_string().contains("two maps would be called"), "{e}");
    assert_eq!(doc.map().children().len(), 1);
}
