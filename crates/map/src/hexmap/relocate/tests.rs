use super::*;
use crate::{
    BuiltinIcon, EdgeTypeId, GmItem, Icon, Label, LabelId, MapShape, Party, PathTypeId, TerrainId,
};
use hexmap_hex::{Direction, Orientation};

fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

/// A 6 × 5 odd-r map with something of every kind on (2, 2) and its east neighbour,
/// each secret, and the cell hidden.
fn stocked() -> HexMap {
    let shape = MapShape::rectangle(OffsetKind::OddR, 6, 5).unwrap();
    let mut m = crate::testing::map_on(Orientation::Pointy, shape);
    let (a, b) = (at(2, 2), at(3, 2));
    m.set_terrain(a, TerrainId::new(3)).unwrap();
    m.set_note(a, Some("lair".into())).unwrap();
    m.set_note_gm_only(a, true);
    m.set_hidden(a, true).unwrap();
    let e = Edge::between(a, b).unwrap();
    m.set_edge(e, EdgeTypeId::new(1)).unwrap();
    m.set_edge_gm_only(e, true);
    m.set_icons(
        a,
        vec![Icon {
            gm_only: true,
            ..Icon::builtin(BuiltinIcon::Dungeon)
        }],
    )
    .unwrap();
    m.insert_path(MapPath {
        id: PathId(4),
        kind: PathTypeId::new(1).unwrap(),
        hexes: vec![a, b],
        gm_only: true,
    })
    .unwrap();
    let layout = m.layout().unwrap();
    let mut label = Label::new("Secret", layout.hex_to_pixel(a));
    label.gm_only = true;
    m.add_label(LabelId(2), label).unwrap();
    m.set_party(Some(Party {
        hex: b,
        sight: 1,
        trail: Some(PathId(4)),
    }))
    .unwrap();
    m
}

#[test]
fn every_piece_of_content_moves_with_its_hex_and_keeps_its_flags() {
    let m = stocked();
    let moves = CellMove::By(Hex::new(1, 0));
    let mut moved = m.clone();
    moved.relocate(m.shape().clone(), &moves);
    let (a, b) = (at(2, 2), at(3, 2));
    let (ta, tb) = (moves.apply(a), moves.apply(b));
    assert_eq!(moved.terrain(ta), TerrainId::new(3));
    assert_eq!(moved.terrain(a), None, "nothing stays behind");
    assert!(!moved.is_revealed(ta), "the fog goes with the cell");
    assert!(moved.is_revealed(a));
    for item in [
        GmItem::Note(ta),
        GmItem::Edge(Edge::between(ta, tb).unwrap()),
        GmItem::Path(PathId(4)),
        GmItem::Label(LabelId(2)),
    ] {
        assert!(item.is_gm_only(&moved), "{item} lost its flag");
    }
    assert!(moved.icons_at(ta)[0].icon.gm_only);
    assert_eq!(moved.path(PathId(4)).unwrap().hexes, [ta, tb]);
    let layout = moved.layout().unwrap();
    let label_hex = layout.pixel_to_hex(moved.label(LabelId(2)).unwrap().at);
    assert_eq!(label_hex, Some(ta), "the label moves with the hex under it");
    assert_eq!(moved.party().map(|p| p.hex), Some(tb));
    assert_eq!(moved.party().and_then(|p| p.trail), Some(PathId(4)));
}

#[test]
fn what_lands_off_the_shape_goes_and_the_rest_keeps_its_flags() {
    let m = stocked();
    let mut moved = m.clone();
    let moves = CellMove::Offset {
        kind: OffsetKind::OddR,
        cols: 3,
        rows: 0,
    };
    moved.relocate(m.shape().clone(), &moves);
    // (3, 2) → column 6, off the map: the path keeps no run, the edge goes.
    assert!(moved.paths().is_empty());
    assert_eq!(moved.edges().count(), 0);
    assert_eq!(moved.party(), None);
    assert!(moved.gm_edges().next().is_none());
    assert!(moved.note_is_gm_only(at(5, 2)));
}

#[test]
fn staying_put_keeps_everything_on_the_cells_of_both_shapes() {
    let m = stocked();
    let mut cut = m.clone();
    cut.relocate(
        MapShape::rectangle(OffsetKind::OddR, 3, 5).unwrap(),
        &CellMove::Stay,
    );
    let a = at(2, 2);
    assert_eq!(cut.terrain(a), TerrainId::new(3));
    assert!(cut.note_is_gm_only(a) && !cut.is_revealed(a));
    // Its east neighbour is gone: so are the edge between them and the path.
    assert_eq!(cut.edges().count(), 0);
    assert!(cut.paths().is_empty());
    assert_eq!(cut.party(), None);
    assert_eq!(
        cut.icons_at(a).len(),
        1,
        "an icon on a kept cell stays ({:?})",
        Direction::ALL[0]
    );
}
