//! The Fog tool's click modes. The fog bucket reveals (shift: hides) the
//! clicked cell's terrain area; the bar reveals or hides the Select tool's selection. The
//! party: with the Fog tool in "Party" mode a click places
//! the party (revealing what it sees), a click elsewhere walks it along the cheapest route
//! (revealing at every step and recording its trail), the keypad digits step it, and
//! each move is one undo step. The map: 12 × 8 grass, all hidden, with a sea wall in
//! column 6 from row 0 to row 5, so the route from the west to the east goes round its
//! southern end.

use crate::harness::{click_hex, colour_at, settle, shapes_in, shown_labels, undo};
use eframe::egui::{Event, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::app::tools::Tool;
use hexmap::app::{Action, EditorApp};
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::map::testing::TestMap;
use hexmap::map::{Edit, FogEdit, HexMap, TerrainId};

fn at(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

fn walled() -> HexMap {
    let mut m = TestMap::rectangle(OffsetKind::OddR, 12, 8)
        .named("walled")
        .hex_size(24.0)
        .build();
    for h in m.shape().iter().collect::<Vec<_>>() {
        let c = OffsetKind::OddR.from_hex(h);
        let sea = c.col == 6 && c.row <= 5;
        m.set_terrain(h, TerrainId::new(if sea { 1 } else { 2 }))
            .unwrap();
        m.set_hidden(h, true).unwrap();
    }
    m
}

/// The editor on the walled map with the Fog tool on.
fn fog_tool() -> Harness<'static, EditorApp> {
    let doc = OpenMap::from_map(walled());
    let mut h = Harness::builder()
        .with_size(Vec2::new(1400.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    settle(&mut h);
    h.key_press(Key::W);
    settle(&mut h);
    assert_eq!(h.state().view().tool(), Tool::Fog);
    h
}

/// The editor on the walled map with the Fog tool in party mode, sight 1.
fn harness() -> Harness<'static, EditorApp> {
    let mut h = fog_tool();
    h.get_by_label("Party").click();
    settle(&mut h);
    h.get_by_role_and_label(eframe::egui::Role::SpinButton, "Party sight")
        .set_value_accesskit(1.0);
    settle(&mut h);
    h
}

#[test]
fn a_click_places_the_party_and_reveals_what_it_sees_in_one_undo_step() {
    let mut h = harness();
    assert!(
        shown_labels(&h)
            .iter()
            .any(|l| l == "click a cell to place the party")
    );
    click_hex(&mut h, at(2, 3));
    let map = h.state().view().doc().map();
    let party = map.party().expect("a party");
    assert_eq!((party.hex, party.sight), (at(2, 3), 1));
    // It sees its cell and the six around it, no farther.
    assert_eq!(map.hidden_count(), 96 - 7);
    assert!(map.is_revealed(at(3, 3)) && !map.is_revealed(at(4, 3)));
    // The GM's canvas shows the marker on its hex.
    let camera = *h.state().view().camera();
    let rect = h.state().view().canvas_rect();
    let centre =
        camera.world_to_screen(rect, h.state().view().doc().layout().hex_to_pixel(at(2, 3)));
    // Drawn by `draw` as every picture draws it: a disc of the party colour on its hex.
    let party = hexmap::app::canvas::painter::color32(hexmap::draw::PARTY);
    let shapes = shapes_in(&h, rect);
    let marker = colour_at(&shapes, centre);
    assert_eq!(marker, Some(party), "no party marker at {centre:?}");
    let name = h.state().view().doc().hex_name(at(2, 3));
    let labels = shown_labels(&h);
    assert!(labels.contains(&format!("Party at {name}")), "{labels:?}");
    undo(&mut h);
    let map = h.state().view().doc().map();
    assert!(map.party().is_none());
    assert_eq!(map.hidden_count(), 96);
}

#[test]
fn a_click_walks_the_party_round_the_sea_revealing_as_it_goes_and_records_its_trail() {
    let mut h = harness();
    click_hex(&mut h, at(2, 3));
    let hidden_before = h.state().view().doc().map().hidden_count();
    click_hex(&mut h, at(10, 3));
    let map = h.state().view().doc().map();
    assert_eq!(map.party().unwrap().hex, at(10, 3));
    // The walk went round the southern end of the wall: the cells there are seen, which
    // a straight move (revealing only at the end) would not show.
    assert!(
        map.is_revealed(at(6, 6)),
        "the gap in the wall was walked through"
    );
    let trail = map
        .path(map.party().unwrap().trail.expect("a trail"))
        .unwrap();
    assert_eq!(trail.hexes.first(), Some(&at(2, 3)));
    assert_eq!(trail.hexes.last(), Some(&at(10, 3)));
    assert_eq!(
        trail.hexes,
        map.route(at(2, 3), at(10, 3)).unwrap().hexes,
        "the trail is the route"
    );
    assert!(
        trail
            .hexes
            .iter()
            .all(|&x| map.terrain(x) == TerrainId::new(2))
    );
    // The whole walk is one undo step.
    undo(&mut h);
    let map = h.state().view().doc().map();
    assert_eq!(map.party().unwrap().hex, at(2, 3));
    assert_eq!(map.hidden_count(), hidden_before);
    assert!(map.party().unwrap().trail.is_none());
}

#[test]
fn keypad_digits_step_the_party_and_the_sea_stops_it_with_a_message() {
    let mut h = harness();
    click_hex(&mut h, at(4, 2));
    h.key_press(Key::Num6);
    settle(&mut h);
    assert_eq!(h.state().view().doc().map().party().unwrap().hex, at(5, 2));
    // East of (5, 2) is the sea: the step is refused and said.
    h.key_press(Key::Num6);
    settle(&mut h);
    assert_eq!(h.state().view().doc().map().party().unwrap().hex, at(5, 2));
    let labels = shown_labels(&h).join("\n");
    assert!(labels.contains("cannot enter"), "{labels}");
    // North is a corner on pointy hexes: 8 does nothing.
    h.key_press(Key::Num8);
    settle(&mut h);
    assert_eq!(h.state().view().doc().map().party().unwrap().hex, at(5, 2));
    undo(&mut h);
    assert_eq!(h.state().view().doc().map().party().unwrap().hex, at(4, 2));
}

#[test]
fn remove_party_takes_it_off_and_undo_puts_it_back() {
    let mut h = harness();
    click_hex(&mut h, at(2, 3));
    h.get_by_label("Remove party").click();
    settle(&mut h);
    assert!(h.state().view().doc().map().party().is_none());
    undo(&mut h);
    assert_eq!(h.state().view().doc().map().party().unwrap().hex, at(2, 3));
    // Also reachable through the one edit path from elsewhere (the party is plain data).
    h.state_mut()
        .push(Action::Edit(Edit::Fog(FogEdit::SetParty(None))));
    settle(&mut h);
    assert!(h.state().view().doc().map().party().is_none());
}

fn sea() -> Vec<Hex> {
    (0..=5).map(|row| at(6, row)).collect()
}

#[test]
fn the_fog_bucket_reveals_a_terrain_area_and_shift_hides_it() {
    let mut h = fog_tool();
    h.get_by_label("Fog bucket").click();
    settle(&mut h);
    click_hex(&mut h, at(6, 2));
    let map = h.state().view().doc().map();
    assert!(
        sea().iter().all(|&c| map.is_revealed(c)),
        "the whole sea wall"
    );
    assert_eq!(map.hidden_count(), 96 - 6, "and nothing else");
    // Shift+click on the sea hides it again.
    h.event(Event::ModifiersChanged(Modifiers::SHIFT));
    click_hex(&mut h, at(6, 4));
    h.event(Event::ModifiersChanged(Modifiers::NONE));
    settle(&mut h);
    assert_eq!(h.state().view().doc().map().hidden_count(), 96);
    undo(&mut h);
    assert_eq!(h.state().view().doc().map().hidden_count(), 90);
    undo(&mut h);
    assert_eq!(h.state().view().doc().map().hidden_count(), 96);
}

#[test]
fn the_fog_bar_reveals_and_hides_the_selection() {
    let mut h = fog_tool();
    // Nothing selected yet: the buttons are greyed.
    let node = h.get_by_label("Reveal selection");
    assert!(node.accesskit_node().is_disabled());
    // Select a block with the Select tool (key S), back to the Fog tool (key W).
    h.key_press(Key::S);
    settle(&mut h);
    let camera = *h.state().view().camera();
    let rect = h.state().view().canvas_rect();
    let layout = h.state().view().doc().layout();
    let a = camera.world_to_screen(rect, layout.hex_to_pixel(at(1, 1)));
    let b = camera.world_to_screen(rect, layout.hex_to_pixel(at(3, 3)));
    h.hover_at(a);
    h.run();
    h.drag_at(a);
    h.run();
    h.hover_at(b);
    h.run();
    h.drop_at(b);
    settle(&mut h);
    h.key_press(Key::W);
    settle(&mut h);
    h.get_by_label("Reveal selection").click();
    settle(&mut h);
    let map = h.state().view().doc().map();
    let revealed = 96 - map.hidden_count();
    // Exactly the selected cells (the Select tool's rule) are revealed.
    let selected = h.state().view().selection().to_vec();
    assert!(selected.len() >= 4, "{selected:?}");
    assert_eq!(revealed, selected.len());
    assert!(selected.iter().all(|&c| map.is_revealed(c)));
    h.get_by_label("Hide selection").click();
    settle(&mut h);
    assert_eq!(h.state().view().doc().map().hidden_count(), 96);
    undo(&mut h);
    assert_eq!(96 - h.state().view().doc().map().hidden_count(), revealed);
}

#[test]
fn two_keypad_steps_in_one_frame_walk_two_hexes_each_its_own_undo_step() {
    let mut h = harness();
    click_hex(&mut h, at(2, 3));
    let step = |pressed| Event::Key {
        key: Key::Num6,
        physical_key: Some(Key::Num6),
        pressed,
        repeat: false,
        modifiers: Modifiers::NONE,
    };
    h.input_mut()
        .events
        .extend([step(true), step(false), step(true), step(false)]);
    h.step();
    settle(&mut h);
    let name = h.state().view().doc().hex_name(at(4, 3));
    let labels = shown_labels(&h);
    assert!(labels.contains(&format!("Party at {name}")), "{labels:?}");
    undo(&mut h);
    assert_eq!(h.state().view().doc().map().party().unwrap().hex, at(3, 3));
}
