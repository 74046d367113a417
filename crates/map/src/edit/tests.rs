//! Unit tests of `map::edit`: every edit, its record and its undo.

use super::*;
use crate::clipboard::Clipboard;
use crate::palette::TerrainId;
use hexmap_hex::{Hex, Orientation};

fn map() -> HexMap {
    crate::testing::hexagon_map(4, Orientation::Pointy)
}

fn t(n: u16) -> Option<TerrainId> {
    TerrainId::new(n)
}

#[test]
fn paint_reports_only_changed_cells() {
    let mut m = map();
    let (c, _) = apply(
        &mut m,
        &Edit::Cell(CellEdit::Paint {
            center: Hex::new(4, 0),
            radius: 1,
            terrain: t(2),
        }),
    )
    .unwrap();
    // Radius-1 brush at a corner of a radius-4 hexagon: 4 of 7 hexes inside.
    assert_eq!(c.hexes.len(), 4);
    let (c, _) = apply(
        &mut m,
        &Edit::Cell(CellEdit::Paint {
            center: Hex::new(4, 0),
            radius: 1,
            terrain: t(2),
        }),
    )
    .unwrap();
    assert!(c.is_empty());
}

#[test]
fn fill_stops_at_other_terrain() {
    let mut m = map();
    // A wall of forest along q = 0 splits the hexagon.
    for r in -4..=4 {
        m.set_terrain(Hex::new(0, r), t(3)).ok();
    }
    let (c, _) = apply(
        &mut m,
        &Edit::Cell(CellEdit::Fill {
            start: Hex::new(2, 0),
            terrain: t(1),
        }),
    )
    .unwrap();
    let filled = c.all_hexes(m.shape());
    assert!(filled.iter().all(|h| h.q > 0));
    assert_eq!(filled.len(), (61 - 9) / 2);
    let (c, _) = apply(
        &mut m,
        &Edit::Cell(CellEdit::ReplaceTerrain {
            from: t(3),
            to: t(5),
        }),
    )
    .unwrap();
    assert_eq!(c.all_hexes(m.shape()).len(), 9);
    assert_eq!(c.bounds(m.shape()).unwrap().min, Hex::new(0, -4));
}

#[test]
fn bad_edits_leave_the_map_alone() {
    let mut m = map();
    let before = m.clone();
    assert!(
        apply(
            &mut m,
            &Edit::Cell(CellEdit::Paint {
                center: Hex::ORIGIN,
                radius: 2,
                terrain: t(42)
            })
        )
        .is_err()
    );
    assert!(
        apply(
            &mut m,
            &Edit::Cell(CellEdit::SetMines(vec![Hex::ORIGIN, Hex::new(10, 0)]))
        )
        .is_err()
    );
    assert!(
        apply(
            &mut m,
            &Edit::Cell(CellEdit::SetNote {
                hex: Hex::ORIGIN,
                text: Some("x".repeat(5000))
            })
        )
        .is_err()
    );
    assert_eq!(m, before);
}

#[test]
fn set_mines_replaces_the_layer_and_undo_record_restores() {
    let mut m = map();
    m.set_mine(Hex::new(1, 1), true).unwrap();
    let before = m.clone();
    let (c, rec) = apply(
        &mut m,
        &Edit::Cell(CellEdit::SetMines(vec![Hex::ORIGIN, Hex::new(2, 0)])),
    )
    .unwrap();
    assert_eq!(c.hexes.len(), 3);
    assert_eq!(m.mines().count(), 2);
    let Record::Cells(ch) = rec else {
        panic!("cell record expected")
    };
    ch.restore(&mut m, true);
    assert_eq!(m, before);
}

#[test]
fn paste_rotated_lands_rotated() {
    let mut m = map();
    m.set_terrain(Hex::new(1, 0), t(4)).unwrap();
    let clip = Clipboard::copy(&m, [Hex::new(1, 0)], Hex::ORIGIN).rotated(1);
    apply(
        &mut m,
        &Edit::Cell(CellEdit::Paste {
            clipboard: clip,
            anchor: Hex::new(-1, 0),
        }),
    )
    .unwrap();
    assert_eq!(
        m.terrain(Hex::new(-1, 0) + Hex::new(1, 0).rotate_right()),
        t(4)
    );
}
