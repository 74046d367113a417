//! Unit tests of the edge and path edits: results, errors, and exact undo through
//! [`crate::Document`].

use crate::{
    CellEdit, Clipboard, Document, EdgePalette, EdgeTypeId, Edit, EditError, FeatureEdit, MapEdit,
    MapError, MapPath, MapShape, PathEnd, PathId, PathTypeId,
};
use hexmap_hex::{Direction, Edge, Hex, Orientation};

fn doc() -> Document {
    Document::new(crate::testing::hexagon_map(4, Orientation::Pointy))
}

fn hexes(list: &[(i32, i32)]) -> Vec<Hex> {
    list.iter().map(|&(q, r)| Hex::new(q, r)).collect()
}

fn road(id: u32, list: &[(i32, i32)]) -> MapPath {
    MapPath {
        gm_only: false,
        id: PathId(id),
        kind: PathTypeId::new(1).unwrap(),
        hexes: hexes(list),
    }
}

fn river() -> Option<EdgeTypeId> {
    EdgeTypeId::new(1)
}

#[test]
fn one_drag_of_edges_is_one_undo_step() {
    let mut d = doc();
    let before = d.map().clone();
    let e1 = Edge::new(Hex::ORIGIN, Direction::POINTY_E);
    let e2 = Edge::new(Hex::new(1, 0), Direction::POINTY_SE);
    let border = Edge::new(Hex::new(4, 0), Direction::POINTY_E);
    d.begin_stroke();
    let c = d
        .apply(&Edit::Feature(FeatureEdit::SetEdges {
            edges: vec![e1, border],
            kind: river(),
        }))
        .unwrap();
    assert_eq!(
        c.hexes,
        d.map()
            .shape()
            .iter()
            .filter(|h| e1.touches(*h))
            .collect::<Vec<_>>()
    );
    d.apply(&Edit::Feature(FeatureEdit::SetEdges {
        edges: vec![e2],
        kind: river(),
    }))
    .unwrap();
    // Erasing the first again inside the same drag: first old value kept.
    d.apply(&Edit::Feature(FeatureEdit::SetEdges {
        edges: vec![e1],
        kind: None,
    }))
    .unwrap();
    d.end_stroke();
    assert_eq!(
        d.map().edges().collect::<Vec<_>>(),
        [(e2, river().unwrap())]
    );
    d.undo().unwrap();
    assert_eq!(d.map(), &before);
    assert!(!d.can_undo(), "one step");
    d.redo().unwrap();
    assert_eq!(d.map().edge(e2), river());
    let unknown = EdgeTypeId::new(40).unwrap();
    assert_eq!(
        d.apply(&Edit::Feature(FeatureEdit::SetEdges {
            edges: vec![e1],
            kind: Some(unknown)
        })),
        Err(EditError::Map(MapError::UnknownEdgeType(unknown)))
    );
}

#[test]
fn path_edits_and_their_undo() {
    let mut d = doc();
    let mut states = vec![d.map().clone()];
    let id = d.map().paths().next_id();
    d.apply(&Edit::Feature(FeatureEdit::AddPath(road(
        id.0,
        &[(0, 0), (1, 0), (2, 0)],
    ))))
    .unwrap();
    states.push(d.map().clone());
    d.apply(&Edit::Feature(FeatureEdit::ExtendPath {
        id,
        end: PathEnd::End,
        hexes: hexes(&[(2, 1), (2, 2)]),
    }))
    .unwrap();
    states.push(d.map().clone());
    d.apply(&Edit::Feature(FeatureEdit::ExtendPath {
        id,
        end: PathEnd::Start,
        hexes: hexes(&[(-1, 0), (-2, 0)]),
    }))
    .unwrap();
    assert_eq!(
        d.map().path(id).unwrap().hexes,
        hexes(&[(-2, 0), (-1, 0), (0, 0), (1, 0), (2, 0), (2, 1), (2, 2)])
    );
    states.push(d.map().clone());
    let second = d.map().paths().next_id();
    d.apply(&Edit::Feature(FeatureEdit::SplitPath { id, at: 3 }))
        .unwrap();
    assert_eq!(
        d.map().path(id).unwrap().hexes,
        hexes(&[(-2, 0), (-1, 0), (0, 0), (1, 0)])
    );
    assert_eq!(
        d.map().path(second).unwrap().hexes,
        hexes(&[(1, 0), (2, 0), (2, 1), (2, 2)])
    );
    states.push(d.map().clone());
    let trail = PathTypeId::new(2).unwrap();
    d.apply(&Edit::Feature(FeatureEdit::SetPathType {
        id: second,
        kind: trail,
    }))
    .unwrap();
    assert_eq!(d.map().path(second).unwrap().kind, trail);
    states.push(d.map().clone());
    d.apply(&Edit::Feature(FeatureEdit::DeletePath(id)))
        .unwrap();
    assert_eq!(d.map().paths().len(), 1);
    // Undo walks back through every state exactly, redo forward again.
    for want in states.iter().rev() {
        d.undo().unwrap();
        assert_eq!(d.map(), want);
    }
    assert!(d.map().paths().is_empty());
    assert!(!d.can_undo(), "one undo step per edit");
    for want in states.iter().skip(1) {
        d.redo().unwrap();
        assert_eq!(d.map(), want);
    }
}

#[test]
fn bad_path_edits_are_refused_and_change_nothing() {
    let mut d = doc();
    d.apply(&Edit::Feature(FeatureEdit::AddPath(road(
        1,
        &[(0, 0), (1, 0), (2, 0)],
    ))))
    .unwrap();
    let before = d.map().clone();
    let refused = [
        (
            Edit::Feature(FeatureEdit::AddPath(road(1, &[(0, 1), (1, 1)]))),
            MapError::PathIdInUse(PathId(1)),
        ),
        (
            Edit::Feature(FeatureEdit::DeletePath(PathId(9))),
            MapError::UnknownPath(PathId(9)),
        ),
        (
            Edit::Feature(FeatureEdit::SplitPath {
                id: PathId(1),
                at: 0,
            }),
            MapError::BadSplit {
                id: PathId(1),
                at: 0,
                len: 3,
            },
        ),
        (
            Edit::Feature(FeatureEdit::SplitPath {
                id: PathId(1),
                at: 2,
            }),
            MapError::BadSplit {
                id: PathId(1),
                at: 2,
                len: 3,
            },
        ),
        (
            Edit::Feature(FeatureEdit::ExtendPath {
                id: PathId(1),
                end: PathEnd::End,
                hexes: hexes(&[(4, 0)]),
            }),
            MapError::BadPath {
                id: PathId(1),
                error: crate::PathShapeError::Gap {
                    index: 2,
                    from: Hex::new(2, 0),
                    to: Hex::new(4, 0),
                },
            },
        ),
        (
            Edit::Feature(FeatureEdit::ExtendPath {
                id: PathId(1),
                end: PathEnd::End,
                hexes: hexes(&[(3, 0), (4, 0), (5, 0)]),
            }),
            MapError::PathOutsideShape {
                id: PathId(1),
                index: 5,
                hex: Hex::new(5, 0),
            },
        ),
        (
            Edit::Feature(FeatureEdit::SetPathType {
                id: PathId(1),
                kind: PathTypeId::new(99).unwrap(),
            }),
            MapError::UnknownPathType(PathTypeId::new(99).unwrap()),
        ),
    ];
    for (edit, error) in refused {
        assert_eq!(d.apply(&edit), Err(EditError::Map(error)), "{edit:?}");
        assert_eq!(d.map(), &before);
    }
}

#[test]
fn deleting_a_type_removes_its_features_in_one_undo_step() {
    let mut d = doc();
    let e = Edge::new(Hex::ORIGIN, Direction::POINTY_E);
    d.apply(&Edit::Feature(FeatureEdit::SetEdges {
        edges: vec![e],
        kind: river(),
    }))
    .unwrap();
    d.apply(&Edit::Feature(FeatureEdit::AddPath(road(
        1,
        &[(0, 0), (0, 1)],
    ))))
    .unwrap();
    let before = d.map().clone();
    let edges = EdgePalette::new(d.map().edge_palette().types()[1..].to_vec()).unwrap();
    let c = d
        .apply(&Edit::Feature(FeatureEdit::SetEdgePalette(edges)))
        .unwrap();
    assert!(c.whole_map);
    assert_eq!(d.map().edge(e), None);
    let paths = crate::PathPalette::new(d.map().path_palette().types()[1..].to_vec()).unwrap();
    d.apply(&Edit::Feature(FeatureEdit::SetPathPalette(paths)))
        .unwrap();
    assert!(d.map().paths().is_empty());
    d.undo().unwrap();
    d.undo().unwrap();
    assert_eq!(d.map(), &before);
}

#[test]
fn paste_carries_edges_and_paths_and_undoes_exactly() {
    let mut d = doc();
    let e = Edge::new(Hex::ORIGIN, Direction::POINTY_E);
    d.apply(&Edit::Feature(FeatureEdit::SetEdges {
        edges: vec![e],
        kind: river(),
    }))
    .unwrap();
    d.apply(&Edit::Feature(FeatureEdit::AddPath(road(
        1,
        &[(-1, 0), (0, 0), (1, 0)],
    ))))
    .unwrap();
    let region = [Hex::new(-1, 0), Hex::ORIGIN, Hex::new(1, 0)];
    let clip = Clipboard::copy(d.map(), region, Hex::ORIGIN);
    // Paste one row down, turned by 60° twice.
    let before = d.map().clone();
    let anchor = Hex::new(0, 2);
    d.apply(&Edit::Cell(CellEdit::Paste {
        clipboard: clip.rotated(2),
        anchor,
    }))
    .unwrap();
    let turned = |h: Hex| anchor + h.rotate_right().rotate_right();
    let want = Edge::between(turned(Hex::ORIGIN), turned(Hex::new(1, 0))).unwrap();
    assert_eq!(d.map().edge(want), river());
    let pasted = d.map().path(PathId(2)).unwrap();
    assert_eq!(pasted.hexes, region.map(turned));
    d.undo().unwrap();
    assert_eq!(d.map(), &before);
    // Pasting at the map's edge keeps only what lands on cells.
    d.apply(&Edit::Cell(CellEdit::Paste {
        clipboard: clip,
        anchor: Hex::new(4, 0),
    }))
    .unwrap();
    assert_eq!(
        d.map().path(PathId(2)).unwrap().hexes,
        hexes(&[(3, 0), (4, 0)])
    );
    assert_eq!(
        d.map().edges().count(),
        1,
        "the copied edge would leave the map"
    );
}

#[test]
fn reshape_keeps_edges_and_undo_restores_the_rest() {
    let mut d = doc();
    let inner = Edge::new(Hex::ORIGIN, Direction::POINTY_E);
    let outer = Edge::new(Hex::new(3, 0), Direction::POINTY_E);
    d.apply(&Edit::Feature(FeatureEdit::SetEdges {
        edges: vec![inner, outer],
        kind: river(),
    }))
    .unwrap();
    let before = d.map().clone();
    d.apply(&Edit::Map(MapEdit::Reshape(MapShape::hexagon(2).unwrap())))
        .unwrap();
    assert_eq!(d.map().edges().map(|(e, _)| e).collect::<Vec<_>>(), [inner]);
    d.undo().unwrap();
    assert_eq!(d.map(), &before);
}
