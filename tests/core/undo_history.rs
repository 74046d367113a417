//! Undo/redo property test: random edit sequences, some grouped into strokes; undoing
//! everything gives the original map, redoing everything gives the final map, and each
//! step lands exactly on the state recorded at its boundary.

use hexmap::hex::{Hex, OffsetKind, Orientation};
use hexmap::map::{
    CellEdit, Clipboard, Document, Edit, HexMap, MapEdit, MapProperties, MapShape, Palette,
    TerrainId,
};
use proptest::prelude::*;

fn start_map() -> HexMap {
    let mut m = hexmap::map::testing::rectangle_map(OffsetKind::OddR, 12, 10);
    for (i, h) in m.shape().iter().collect::<Vec<_>>().into_iter().enumerate() {
        if i % 3 == 0 {
            m.set_terrain(h, TerrainId::new((i % 5) as u16 + 1))
                .unwrap();
        }
    }
    m
}

fn arb_hex() -> impl Strategy<Value = Hex> {
    (-6i32..14, -2i32..12).prop_map(|(q, r)| Hex::new(q, r))
}

fn arb_terrain() -> impl Strategy<Value = Option<TerrainId>> {
    (0u16..6).prop_map(TerrainId::new)
}

fn arb_edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (arb_hex(), 0u32..3, arb_terrain())
            .prop_map(|(center, radius, terrain)| Edit::Cell(CellEdit::Paint { center, radius, terrain })),
        2 => (arb_hex(), arb_hex(), arb_terrain())
            .prop_map(|(from, to, terrain)| Edit::Cell(CellEdit::Line { from, to, terrain })),
        1 => (arb_hex(), arb_terrain()).prop_map(|(start, terrain)| Edit::Cell(CellEdit::Fill { start, terrain })),
        1 => (arb_terrain(), arb_terrain()).prop_map(|(from, to)| Edit::Cell(CellEdit::ReplaceTerrain { from, to })),
        1 => (arb_hex(), 0u32..2).prop_map(|(center, radius)| Edit::Cell(CellEdit::Erase { center, radius })),
        2 => (arb_hex(), any::<bool>()).prop_map(|(hex, mine)| Edit::Cell(CellEdit::SetMine { hex, mine })),
        1 => prop::collection::vec(arb_hex(), 0..10).prop_map(|hexes| Edit::Cell(CellEdit::SetMines(hexes))),
        2 => (arb_hex(), prop::option::of("[a-z ]{0,8}"))
            .prop_map(|(hex, text)| Edit::Cell(CellEdit::SetNote { hex, text })),
        1 => (arb_hex(), arb_hex(), 0i32..6, any::<bool>()).prop_map(|(src, anchor, rot, refl)| {
            // Copy from the start map's geometry: a radius-2 region around `src`.
            let m = start_map();
            let region = hexmap::hex::shapes::hexagon(2).map(|d| src + d).collect::<Vec<_>>();
            let mut c = Clipboard::copy(&m, region, src).rotated(rot);
            if refl {
                c = c.reflected();
            }
            Edit::Cell(CellEdit::Paste { clipboard: c, anchor })
        }),
        1 => (5u32..14, 5u32..12).prop_map(|(w, h)| {
            Edit::Map(MapEdit::Reshape(MapShape::rectangle(OffsetKind::OddR, w, h).unwrap()))
        }),
        1 => (1usize..5).prop_map(|n| {
            Edit::Map(MapEdit::SetPalette(Palette::new(Palette::standard().terrains()[..n].to_vec()).unwrap()))
        }),
        1 => "[a-z]{1,6}".prop_map(|name| {
            let mut p = MapProperties::new(name, Orientation::Flat);
            p.offset_kind = OffsetKind::EvenQ;
            Edit::Map(MapEdit::SetProperties(p))
        }),
    ]
}

/// A group of edits: a stroke (one undo step) or a single edit.
fn arb_groups() -> impl Strategy<Value = Vec<(bool, Vec<Edit>)>> {
    prop::collection::vec(
        (any::<bool>(), prop::collection::vec(arb_edit(), 1..6)),
        1..14,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn undo_all_is_original_and_redo_all_is_final(groups in arb_groups()) {
        let original = start_map();
        let mut doc = Document::new(original.clone());
        // States at each undo-step boundary.
        let mut states = vec![original.clone()];
        for (stroke, edits) in &groups {
            if *stroke {
                doc.begin_stroke();
            }
            for e in edits {
                let steps_before = doc.history().undo_len();
                let before_map = doc.map().clone();
                match doc.apply(e) {
                    Ok(changed) => {
                        // The reported region is exactly the set of cells that changed.
                        // Exactly those cells, once each, in the shape's storage order.
                        if !changed.whole_map {
                            let expected: Vec<Hex> = before_map
                                .shape()
                                .iter()
                                .filter(|&h| {
                                    before_map.terrain(h) != doc.map().terrain(h)
                                        || before_map.is_mine(h) != doc.map().is_mine(h)
                                        || before_map.note(h) != doc.map().note(h)
                                })
                                .collect();
                            prop_assert_eq!(&changed.all_hexes(doc.map().shape()), &expected);
                        }
                    }
                    Err(_) => prop_assert_eq!(doc.map(), &before_map),
                }
                // A new step gets a new boundary; an edit merged into the open stroke
                // (or a no-op) moves the last boundary.
                if doc.history().undo_len() > steps_before {
                    states.push(doc.map().clone());
                } else {
                    *states.last_mut().unwrap() = doc.map().clone();
                }
            }
            if *stroke {
                doc.end_stroke();
            }
            // A stroke that changed nothing leaves no step.
            while states.len() > doc.history().undo_len() + 1 {
                states.pop();
            }
            prop_assert_eq!(states.len(), doc.history().undo_len() + 1);
            prop_assert_eq!(states.last().unwrap(), doc.map());
        }
        let final_map = doc.map().clone();
        let steps = doc.history().undo_len();
        prop_assert_eq!(doc.is_modified(), steps > 0);
        for i in (0..steps).rev() {
            doc.undo().unwrap();
            prop_assert_eq!(doc.map(), &states[i]);
        }
        prop_assert!(doc.undo().is_none());
        prop_assert_eq!(doc.map(), &original);
        prop_assert!(!doc.is_modified());
        for _ in 0..steps {
            doc.redo().unwrap();
        }
        prop_assert!(doc.redo().is_none());
        prop_assert_eq!(doc.map(), &final_map);
    }
}
