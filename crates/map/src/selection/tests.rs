use super::*;
use crate::annotations::{BuiltinIcon, Icon, Label};
use crate::features::{EdgeTypeId, PathId, PathTypeId};
use hexmap_hex::Orientation;

fn map() -> HexMap {
    crate::testing::hexagon_map(4, Orientation::Pointy)
}

fn t(n: u16) -> Option<TerrainId> {
    TerrainId::new(n)
}

fn apply_all(m: &mut HexMap, edits: &[Edit]) {
    for e in edits {
        crate::edit::apply(m, e).expect("every planned edit applies");
    }
}

#[test]
fn combine_replaces_adds_and_subtracts() {
    let a = [Hex::new(0, 0), Hex::new(1, 0)];
    let b = [Hex::new(1, 0), Hex::new(2, 0)];
    assert_eq!(Combine::from_modifiers(false, false).apply(&a, &b), b);
    assert_eq!(Combine::from_modifiers(true, false).apply(&a, &b).len(), 3);
    assert_eq!(
        Combine::from_modifiers(true, true).apply(&a, &b),
        [Hex::new(0, 0)]
    );
}

#[test]
fn the_wand_stops_at_other_terrain_and_same_terrain_does_not() {
    let mut m = map();
    // A ring of terrain 2 around the centre cuts the centre off from the rest.
    for h in hexmap_hex::range::ring(Hex::ORIGIN, 1) {
        m.set_terrain(h, t(2)).unwrap();
    }
    m.set_terrain(Hex::ORIGIN, t(1)).unwrap();
    m.set_terrain(Hex::new(3, 0), t(1)).unwrap();
    assert_eq!(wand(&m, Hex::ORIGIN), [Hex::ORIGIN]);
    assert_eq!(wand(&m, Hex::new(1, 0)).len(), 6);
    assert_eq!(same_terrain(&m, t(1)), [Hex::ORIGIN, Hex::new(3, 0)]);
    assert_eq!(same_terrain(&m, None).len(), 61 - 8);
    assert!(wand(&m, Hex::new(9, 9)).is_empty());
}

#[test]
fn the_outline_of_a_block_is_its_outer_hexsides_only() {
    assert_eq!(outline(&[Hex::ORIGIN]).len(), 6);
    let seven: Vec<Hex> = hexmap_hex::range::range(Hex::ORIGIN, 1).collect();
    // 7 hexes: 18 outer sides, the 12 inner ones are not drawn.
    assert_eq!(outline(&seven).len(), 18);
}

#[test]
fn delete_takes_what_copy_takes_and_cuts_paths_at_the_border() {
    let mut m = map();
    let sel = [Hex::new(0, 0), Hex::new(1, 0)];
    m.set_terrain(Hex::new(0, 0), t(2)).unwrap();
    m.set_terrain(Hex::new(2, 0), t(2)).unwrap();
    m.set_mine(Hex::new(1, 0), true).unwrap();
    m.set_note(Hex::new(1, 0), Some("x".into())).unwrap();
    let inner = Edge::between(Hex::new(0, 0), Hex::new(1, 0)).unwrap();
    let border = Edge::between(Hex::new(1, 0), Hex::new(2, 0)).unwrap();
    m.set_edge(inner, EdgeTypeId::new(1)).unwrap();
    m.set_edge(border, EdgeTypeId::new(1)).unwrap();
    let line = vec![
        Hex::new(-2, 0),
        Hex::new(-1, 0),
        Hex::new(0, 0),
        Hex::new(1, 0),
        Hex::new(2, 0),
        Hex::new(3, 0),
    ];
    m.insert_path(MapPath {
        gm_only: false,
        id: PathId(4),
        kind: PathTypeId::new(1).unwrap(),
        hexes: line,
    })
    .unwrap();
    let before = m.clone();
    let edits = delete_edits(&m, &sel);
    apply_all(&mut m, &edits);
    assert_eq!(m.terrain(Hex::new(0, 0)), None);
    assert_eq!(m.terrain(Hex::new(2, 0)), t(2), "outside stays");
    assert!(!m.is_mine(Hex::new(1, 0)));
    assert_eq!(m.note(Hex::new(1, 0)), None);
    assert_eq!(m.edge(inner), None);
    assert!(
        m.edge(border).is_some(),
        "a border edge is not copied, so stays"
    );
    let pieces: Vec<Vec<Hex>> = m.paths().iter().map(|p| p.hexes.clone()).collect();
    assert_eq!(pieces.len(), 2, "{pieces:?}");
    assert_eq!(m.paths().get(PathId(4)).unwrap().hexes[2], Hex::new(0, 0));
    // Cut then paste where it was gives the cells back.
    let clip = Clipboard::copy(&before, sel, Hex::ORIGIN);
    crate::edit::apply(
        &mut m,
        &Edit::Cell(CellEdit::Paste {
            clipboard: clip,
            anchor: Hex::ORIGIN,
        }),
    )
    .unwrap();
    assert_eq!(m.terrain(Hex::new(0, 0)), t(2));
    assert!(m.is_mine(Hex::new(1, 0)));
    assert!(m.edge(inner).is_some());
}

#[test]
fn move_carries_icons_labels_and_replaces_what_it_covers() {
    let mut m = map();
    let sel = [Hex::new(0, 0), Hex::new(1, 0)];
    let delta = Hex::new(1, 0);
    m.set_terrain(Hex::new(0, 0), t(2)).unwrap();
    m.set_terrain(Hex::new(1, 0), t(3)).unwrap();
    m.set_terrain(Hex::new(2, 0), t(4)).unwrap();
    let icon = |k| Icon::builtin(k);
    apply_all(
        &mut m,
        &[
            Edit::Annotation(AnnotationEdit::AddIcon {
                hex: Hex::new(0, 0),
                icon: icon(BuiltinIcon::Castle),
            }),
            Edit::Annotation(AnnotationEdit::AddIcon {
                hex: Hex::new(1, 0),
                icon: icon(BuiltinIcon::Town),
            }),
            Edit::Annotation(AnnotationEdit::AddIcon {
                hex: Hex::new(2, 0),
                icon: icon(BuiltinIcon::Cave),
            }),
        ],
    );
    let layout = m.layout().unwrap();
    let at = layout.hex_to_pixel(Hex::new(1, 0));
    let id = m.labels().next_id();
    apply_all(
        &mut m,
        &[Edit::Annotation(AnnotationEdit::AddLabel {
            id,
            label: Label::new("Keep", at),
        })],
    );
    let edits = move_edits(&m, &sel, delta);
    apply_all(&mut m, &edits);
    assert_eq!(m.terrain(Hex::new(0, 0)), None, "the old place is empty");
    assert_eq!(m.terrain(Hex::new(1, 0)), t(2));
    assert_eq!(m.terrain(Hex::new(2, 0)), t(3), "covered terrain replaced");
    let kinds = |h| {
        m.icons_at(h)
            .iter()
            .map(|p| p.icon.clone())
            .collect::<Vec<_>>()
    };
    assert!(kinds(Hex::new(0, 0)).is_empty());
    assert_eq!(kinds(Hex::new(1, 0)), [icon(BuiltinIcon::Castle)]);
    assert_eq!(
        kinds(Hex::new(2, 0)),
        [icon(BuiltinIcon::Town)],
        "the covered cave is gone, the town moved on top"
    );
    let moved = m.label(id).unwrap().at;
    let want = layout.hex_to_pixel(Hex::new(2, 0));
    assert!((moved.x - want.x).abs() < 1e-9 && (moved.y - want.y).abs() < 1e-9);
    // Moving by nothing changes nothing.
    assert!(move_edits(&m, &sel, Hex::ORIGIN).is_empty());
}

#[test]
fn invert_takes_every_other_cell_of_the_map_and_twice_gives_the_selection_back() {
    let m = map();
    let mut picked = wand(&m, Hex::new(0, 0));
    picked.truncate(5);
    let inverted = invert(&m, &picked);
    assert_eq!(inverted.len(), m.cell_count() - picked.len());
    assert!(
        inverted
            .iter()
            .all(|h| m.contains(*h) && !picked.contains(h))
    );
    assert_eq!(invert(&m, &inverted), picked);
    assert_eq!(invert(&m, &[]).len(), m.cell_count());
}
