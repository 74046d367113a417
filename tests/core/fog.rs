//! Fog of war and secrets: reveal by sight against the field of view computed
//! here from the hex crate and the map's public palette (random maps with sight-blocking
//! terrain and walls), the party's moves and their undo, and the RON file in both forms.

use hexmap::hex::{Direction, Edge, Hex, Orientation, field_of_view_across};
use hexmap::io::{Form, from_str, to_string};
use hexmap::map::{
    BuiltinIcon, Document, EdgeTypeId, Edit, FogEdit, HexMap, Icon, Label, MapPath, MapShape,
    Party, PathId, PathTypeId, TerrainId,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// A radius-5 hexagon (91 cells) with `terrain` (palette ids, 0 = empty) and the edge
/// type `wall` on the listed (cell index, direction) sides.
fn build(orientation: Orientation, terrain: &[u8], walls: &[(usize, usize)], wall: u16) -> HexMap {
    let mut map = hexmap::map::testing::map_on(orientation, MapShape::hexagon(5).unwrap());
    let cells: Vec<Hex> = map.shape().iter().collect();
    let ids: Vec<TerrainId> = map.palette().terrains().iter().map(|t| t.id).collect();
    for (h, &t) in cells.iter().zip(terrain) {
        let id = (t > 0).then(|| ids[usize::from(t) % ids.len()]);
        map.set_terrain(*h, id).unwrap();
    }
    for &(i, d) in walls {
        let e = Edge::new(cells[i % cells.len()], Direction::ALL[d]);
        let (a, b) = e.hexes();
        if map.contains(a) && map.contains(b) {
            map.set_edge(e, EdgeTypeId::new(wall)).unwrap();
        }
    }
    map
}

/// The edge type that blocks sight in the standard palette ("Wall").
fn wall_type() -> u16 {
    let m = build(Orientation::Pointy, &[], &[], 1);
    m.edge_palette()
        .types()
        .iter()
        .find(|t| t.blocks_sight)
        .expect("the standard edge palette has a wall")
        .id
        .get()
}

/// What the players may see: the revealed cells.
fn revealed(map: &HexMap) -> BTreeSet<Hex> {
    map.shape().iter().filter(|h| map.is_revealed(*h)).collect()
}

/// The field of view from the hex crate, with the sight rule read off the palettes here.
fn reference_fov(map: &HexMap, from: Hex, radius: u32) -> BTreeSet<Hex> {
    let blocks = |h: Hex| {
        map.terrain(h)
            .and_then(|t| map.palette().get(t))
            .is_some_and(|t| t.blocks_sight)
    };
    let between = |a: Hex, b: Hex| {
        Edge::between(a, b)
            .and_then(|e| map.edge(e))
            .and_then(|k| map.edge_palette().get(k))
            .is_some_and(|t| t.blocks_sight)
    };
    field_of_view_across(from, radius, blocks, between)
        .into_iter()
        .filter(|h| map.contains(*h))
        .collect()
}

fn arb_map() -> impl Strategy<Value = (Vec<u8>, Vec<(usize, usize)>, bool)> {
    (
        prop::collection::vec(prop_oneof![3 => Just(0u8), 1 => 1u8..8], 91),
        prop::collection::vec((0usize..91, 0usize..6), 0..40),
        any::<bool>(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Revealing by sight on a fully hidden map reveals exactly the field of view: the
    /// overlay's (`HexMap::field_of_view`) and the one computed here.
    #[test]
    fn reveal_by_sight_is_the_field_of_view(
        (terrain, walls, flat) in arb_map(),
        from in 0usize..91,
        radius in 0u32..8,
    ) {
        let o = if flat { Orientation::Flat } else { Orientation::Pointy };
        let map = build(o, &terrain, &walls, wall_type());
        let from = map.shape().iter().nth(from).unwrap();
        let mut doc = Document::new(map);
        doc.apply(&Edit::Fog(FogEdit::RevealAll(false))).unwrap();
        prop_assert!(revealed(doc.map()).is_empty());
        doc.apply(&Edit::Fog(FogEdit::RevealSight { from, radius })).unwrap();
        let expected = reference_fov(doc.map(), from, radius);
        prop_assert_eq!(&revealed(doc.map()), &expected);
        let overlay: BTreeSet<Hex> = doc.map().field_of_view(from, radius).unwrap().into_iter().collect();
        prop_assert_eq!(&overlay, &expected);
        doc.undo();
        prop_assert!(revealed(doc.map()).is_empty());
    }

    /// Moving the party reveals the union of what it saw from each hex, records its trail
    /// as one path through every hex it went, and undo takes it all back.
    #[test]
    fn party_moves_reveal_their_sight_and_undo(
        (terrain, walls, flat) in arb_map(),
        steps in prop::collection::vec(0usize..6, 1..8),
        sight in 0u32..5,
    ) {
        let o = if flat { Orientation::Flat } else { Orientation::Pointy };
        let map = build(o, &terrain, &walls, wall_type());
        let start = Hex::ORIGIN;
        let mut doc = Document::new(map);
        doc.apply(&Edit::Fog(FogEdit::RevealAll(false))).unwrap();
        doc.apply(&Edit::Fog(FogEdit::SetParty(Some(Party { hex: start, sight, trail: None })))).unwrap();
        let before = doc.map().clone();
        let trail = PathTypeId::new(2);
        let mut expected: BTreeSet<Hex> = BTreeSet::new();
        let mut at = start;
        let mut walked = vec![start];
        for d in steps {
            let to = at.neighbor(Direction::ALL[d]);
            if !doc.map().contains(to) {
                continue;
            }
            doc.apply(&Edit::Fog(FogEdit::MoveParty { to, trail })).unwrap();
            expected.extend(reference_fov(doc.map(), to, sight));
            at = to;
            walked.push(to);
        }
        prop_assert_eq!(revealed(doc.map()), expected);
        let party = doc.map().party().unwrap();
        prop_assert_eq!(party.hex, at);
        if walked.len() > 1 {
            let path = doc.map().path(party.trail.unwrap()).unwrap();
            prop_assert_eq!(&path.hexes, &walked);
        }
        while doc.map() != &before {
            prop_assert!(doc.undo().is_some());
        }
    }
}

/// A small pointy map with every kind of secret: hidden cells, a GM-only note, edge,
/// path, icon and label, and the party with its trail.
fn secret_map() -> HexMap {
    let mut map = build(Orientation::Pointy, &[1, 2, 3, 4, 5, 6, 7], &[(0, 0)], 3);
    map.set_note(Hex::new(1, 0), Some("the dragon sleeps here".into()))
        .unwrap();
    map.set_note(Hex::new(0, 1), Some("a village".into()))
        .unwrap();
    map.set_note_gm_only(Hex::new(1, 0), true);
    let wall = map.edges().next().unwrap().0;
    map.set_edge_gm_only(wall, true);
    map.insert_path(MapPath {
        id: PathId(1),
        kind: PathTypeId::new(2).unwrap(),
        hexes: vec![Hex::new(0, 0), Hex::new(1, 0), Hex::new(2, 0)],
        gm_only: true,
    })
    .unwrap();
    map.set_icons(
        Hex::new(2, -1),
        vec![Icon {
            gm_only: true,
            caption: Some("secret door".into()),
            ..Icon::builtin(BuiltinIcon::Dungeon)
        }],
    )
    .unwrap();
    let mut label = Label::new("Vault of Ash", hexmap::hex::Point::new(30.0, 40.0));
    label.gm_only = true;
    map.add_label(hexmap::map::LabelId(1), label).unwrap();
    for h in [Hex::new(3, 0), Hex::new(-2, 1), Hex::new(0, -4)] {
        map.set_hidden(h, true).unwrap();
    }
    map.set_party(Some(Party {
        hex: Hex::new(0, 0),
        sight: 3,
        trail: Some(PathId(1)),
    }))
    .unwrap();
    map
}

#[test]
fn fog_and_secrets_survive_both_ron_forms() {
    let map = secret_map();
    for form in [Form::Offset, Form::Cube] {
        let text = to_string(&map, form);
        assert!(text.contains("version: 5"), "{text}");
        for key in [
            "hidden:",
            "gm_notes:",
            "gm_edges:",
            "party:",
            "gm_only: true",
        ] {
            assert!(text.contains(key), "{form:?} lacks {key}:\n{text}");
        }
        let (back, read_form) = from_str(&text).unwrap();
        assert_eq!(read_form, form);
        assert_eq!(back, map, "{form:?}");
        assert_eq!(
            to_string(&back, form),
            text,
            "{form:?} writes the same again"
        );
        assert_eq!(back.hidden_count(), 3);
        assert!(back.note_is_gm_only(Hex::new(1, 0)));
        assert!(!back.note_is_gm_only(Hex::new(0, 1)));
    }
}

#[test]
fn a_map_without_fog_writes_no_fog_keys() {
    let map = build(Orientation::Flat, &[1, 2, 3], &[(0, 0)], 3);
    for form in [Form::Offset, Form::Cube] {
        let text = to_string(&map, form);
        for key in ["hidden", "gm_", "party"] {
            assert!(!text.contains(key), "{form:?} writes {key}:\n{text}");
        }
    }
}

#[test]
fn fog_in_an_older_version_or_a_bad_row_is_refused_by_name() {
    let text = to_string(&secret_map(), Form::Offset);
    let v2 = text.replace("version: 5", "version: 2");
    let e = from_str(&v2).unwrap_err().to_string();
    assert!(e.contains("version 3") && e.contains("cells.hidden"), "{e}");
    let at = text.find("hidden: [").unwrap();
    let sharp = at + text[at..].find('#').unwrap();
    let bad = format!("{}x{}", &text[..sharp], &text[sharp + 1..]);
    let e = from_str(&bad).unwrap_err().to_string();
    assert!(e.contains("cells.hidden") && e.contains("'x'"), "{e}");
    // A hidden row cut short (or one left out) is refused, not read as revealed cells.
    let row_at = at + text[at..].find('"').unwrap() + 1;
    let row_end = row_at + text[row_at..].find('"').unwrap();
    let short = format!("{}{}", &text[..row_end - 1], &text[row_end..]);
    let e = from_str(&short).unwrap_err().to_string();
    assert!(
        e.contains("cells.hidden") && e.contains("characters, expected"),
        "{e}"
    );
    let line_end = row_end + text[row_end..].find('\n').unwrap() + 1;
    let line_start = text[..row_at].rfind('\n').unwrap() + 1;
    let missing = format!("{}{}", &text[..line_start], &text[line_end..]);
    let e = from_str(&missing).unwrap_err().to_string();
    assert!(
        e.contains("cells.hidden") && e.contains("rows, expected"),
        "{e}"
    );
    let no_note = text.replace("gm_notes: [", "gm_notes: [(4, 4), ");
    let e = from_str(&no_note).unwrap_err().to_string();
    assert!(e.contains("cells.gm_notes") && e.contains("no note"), "{e}");
}

#[test]
fn hide_all_and_reveal_all_are_one_undo_step_each() {
    let mut doc = Document::new(build(Orientation::Pointy, &[], &[], 3));
    assert!(!doc.map().has_fog());
    doc.apply(&Edit::Fog(FogEdit::RevealAll(false))).unwrap();
    assert_eq!(doc.map().hidden_count(), 91);
    doc.begin_stroke();
    for q in 0..3 {
        let hexes = hexmap::hex::range(Hex::new(q, 0), 1).collect();
        doc.apply(&Edit::Fog(FogEdit::SetRevealed {
            hexes,
            revealed: true,
        }))
        .unwrap();
    }
    doc.end_stroke();
    assert_eq!(doc.map().hidden_count(), 91 - 13);
    doc.undo();
    assert_eq!(doc.map().hidden_count(), 91);
    doc.undo();
    assert!(!doc.map().has_fog());
    // A refused party leaves the map as it was.
    let far = Party {
        hex: Hex::new(40, 0),
        sight: 2,
        trail: None,
    };
    assert!(doc.apply(&Edit::Fog(FogEdit::SetParty(Some(far)))).is_err());
    assert!(
        doc.apply(&Edit::Fog(FogEdit::MoveParty {
            to: Hex::ORIGIN,
            trail: None
        }))
        .is_err()
    );
    assert_eq!(doc.map().party(), None);
}
