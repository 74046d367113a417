//! No input is lost while frames are slow. When a frame takes 20–50 ms, a person's quick
//! presses and clicks arrive several to a frame: each test here delivers them in ONE
//! frame and reads what the screen shows afterwards.

use crate::harness::{editor, editor_on, frames_as_eframe, settle, shown_labels};
use eframe::egui::{Event, Key, Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::EditorApp;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::app::tools::Tool;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind};
use hexmap::map::{CellEdit, Edit, ShapeSpec};
use hexmap::mines::GameStatus;

/// The editor on a new map with Map → Generate… open (a window of number fields and
/// buttons), in a window tall enough for it.
fn with_generate_window() -> Harness<'static, EditorApp> {
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("valid spec");
    let mut h = editor_on(doc, Vec2::new(1400.0, 1000.0));
    h.get_by_label("Map").click();
    settle(&mut h);
    h.get_by_label("Generate…").click();
    settle(&mut h);
    h
}

fn cell(col: i32, row: i32) -> Hex {
    OffsetKind::OddR.to_hex(OffsetCoord::new(col, row))
}

fn key(key: Key, modifiers: Modifiers) -> [Event; 2] {
    [true, false].map(|pressed| Event::Key {
        key,
        physical_key: Some(key),
        pressed,
        repeat: false,
        modifiers,
    })
}

fn typed(c: char) -> Vec<Event> {
    let k = Key::from_name(&c.to_string()).expect("a key");
    let [down, up] = key(k, Modifiers::NONE);
    vec![down, Event::Text(c.to_string()), up]
}

fn click(pos: Pos2, button: PointerButton) -> [Event; 2] {
    [true, false].map(|pressed| Event::PointerButton {
        pos,
        button,
        pressed,
        modifiers: Modifiers::NONE,
    })
}

/// Run ONE frame with all of `events`, in order, then let the editor settle.
fn one_frame(h: &mut Harness<'static, EditorApp>, events: impl IntoIterator<Item = Event>) {
    h.input_mut().events.extend(events);
    h.step();
    settle(h);
}

fn radius_shown(h: &Harness<'static, EditorApp>) -> String {
    let node = h.get_by_label("Radius");
    node.accesskit_node().value().unwrap_or_default()
}

#[test]
fn two_quick_bracket_presses_in_one_frame_grow_the_brush_twice() {
    let mut h = editor();
    assert_eq!(radius_shown(&h), "Radius 0");
    one_frame(
        &mut h,
        key(Key::CloseBracket, Modifiers::NONE)
            .into_iter()
            .chain(key(Key::CloseBracket, Modifiers::NONE)),
    );
    assert_eq!(radius_shown(&h), "Radius 2");
    one_frame(
        &mut h,
        key(Key::OpenBracket, Modifiers::NONE)
            .into_iter()
            .chain(key(Key::CloseBracket, Modifiers::NONE))
            .chain(key(Key::OpenBracket, Modifiers::NONE)),
    );
    assert_eq!(radius_shown(&h), "Radius 1");
}

#[test]
fn of_two_tool_keys_in_one_frame_the_last_pressed_wins_and_two_undos_undo_twice() {
    let mut h = editor();
    one_frame(
        &mut h,
        key(Key::E, Modifiers::NONE)
            .into_iter()
            .chain(key(Key::B, Modifiers::NONE)),
    );
    assert_eq!(h.state().view().tool(), Tool::Brush);
    // Two strokes, then Ctrl+Z twice in one frame: both undone.
    let first = h.state().view().doc().terrain(cell(3, 3));
    let second = h.state().view().doc().map().palette().terrains()[2].id;
    h.state_mut()
        .push(hexmap::app::Action::Edit(Edit::Cell(CellEdit::SetTerrain(
            vec![(cell(3, 3), Some(second))],
        ))));
    settle(&mut h);
    h.state_mut()
        .push(hexmap::app::Action::Edit(Edit::Cell(CellEdit::SetTerrain(
            vec![(cell(4, 3), Some(second))],
        ))));
    settle(&mut h);
    let z = || key(Key::Z, Modifiers::COMMAND);
    one_frame(&mut h, z().into_iter().chain(z()));
    let doc = h.state().view().doc();
    assert_eq!(doc.terrain(cell(3, 3)), first);
    assert_eq!(doc.terrain(cell(4, 3)), first);
    assert!(!doc.is_modified(), "both steps undone");
}

#[test]
fn sixty_typed_right_after_the_click_into_a_number_field_then_tab_gives_sixty() {
    let mut h = with_generate_window();
    let shown = |h: &Harness<'static, EditorApp>, name: &str| {
        let v = h.get_by_label(name).accesskit_node().value();
        v.unwrap_or_default()
    };
    let height = shown(&h, "Height");
    let width = h.get_by_label("Width").rect().center();
    h.hover_at(width);
    settle(&mut h);
    // The click that opens the field for typing, "6", "0" and Tab to the next field, all
    // arriving at once, as a person types while a frame is slow.
    let events: Vec<Event> = click(width, PointerButton::Primary)
        .into_iter()
        .chain(typed('6'))
        .chain(typed('0'))
        .chain(key(Key::Tab, Modifiers::NONE))
        .collect();
    frames_as_eframe(&mut h, events);
    assert_eq!(shown(&h, "Width"), "60");
    assert_eq!(
        shown(&h, "Height"),
        height,
        "nothing typed went to the next field"
    );
    let preview = shown_labels(&h)
        .into_iter()
        .find(|t| t.starts_with("Preview: "))
        .expect("a preview summary");
    assert!(preview.contains("960 cells"), "60 × 16: {preview}");
}

#[test]
fn two_quick_clicks_on_a_button_in_one_frame_both_count() {
    let mut h = with_generate_window();
    let seed = |h: &Harness<'static, EditorApp>| {
        let v = h.get_by_label("Seed").accesskit_node().value();
        v.unwrap_or_default().parse::<u64>().expect("a number")
    };
    let first = seed(&h);
    let once = hexmap::generate::noise::mix_seed(first);
    let twice = hexmap::generate::noise::mix_seed(once);
    let at = h.get_by_label("New seed").rect().center();
    h.hover_at(at);
    settle(&mut h);
    let events: Vec<Event> = (0..2)
        .flat_map(|_| click(at, PointerButton::Primary))
        .collect();
    frames_as_eframe(&mut h, events);
    assert_eq!(seed(&h), twice, "two new seeds, not one ({once})");
}

#[test]
fn two_clicks_of_the_mine_tool_in_one_frame_place_two_mines() {
    let mut h = editor();
    h.get_by_label(Tool::Mine.label()).click();
    settle(&mut h);
    let (a, b) = (cell(4, 4), cell(9, 6));
    let pa = h.state().view().hex_to_screen(a);
    let pb = h.state().view().hex_to_screen(b);
    let events: Vec<Event> = std::iter::once(Event::PointerMoved(pa))
        .chain(click(pa, PointerButton::Primary))
        .chain([Event::PointerMoved(pb)])
        .chain(click(pb, PointerButton::Primary))
        .collect();
    one_frame(&mut h, events);
    // Two clicks, not one stroke from the first to the second: the hexes between stay.
    let line = hexmap::hex::line::line(a, b);
    let between = line[line.len() / 2];
    let pm = h.state().view().hex_to_screen(between);
    h.hover_at(pm);
    settle(&mut h);
    assert!(
        !shown_labels(&h).iter().any(|l| l == "mine"),
        "no mine between"
    );
    for (hex, p) in [(a, pa), (b, pb)] {
        h.hover_at(p);
        settle(&mut h);
        assert!(
            shown_labels(&h).iter().any(|l| l == "mine"),
            "a mine at {hex:?}: {:?}",
            shown_labels(&h)
        );
    }
}

/// A radius-2 hexagon whose inner ring is all mines: every safe cell touches a mine, so
/// no reveal floods to its neighbours and each safe cell takes its own click.
fn board() -> OpenMap {
    let spec = NewMapSpec {
        shape: ShapeSpec::Hexagon { radius: 2 },
        ..NewMapSpec::default()
    };
    let mut doc = OpenMap::new_map(&spec).expect("valid spec");
    doc.begin_step();
    let ring = Hex::ORIGIN.neighbors().to_vec();
    doc.apply(&Edit::Cell(CellEdit::SetMines(ring)))
        .expect("on the map");
    doc.end_step();
    doc
}

#[test]
fn minesweeper_clicks_three_to_a_frame_all_play_and_win() {
    let mut h = editor_on(board(), Vec2::new(1280.0, 800.0));
    h.get_by_label("Play").click();
    settle(&mut h);
    let game =
        |h: &Harness<'static, EditorApp>| h.state().view().play().expect("playing").game().clone();
    // Every safe cell, three clicks to a frame.
    let mines = Hex::ORIGIN.neighbors();
    let safe: Vec<Hex> = game(&h)
        .layout()
        .board()
        .cells()
        .iter()
        .copied()
        .filter(|c| !mines.contains(c))
        .collect();
    assert_eq!(safe.len(), 13);
    for three in safe.chunks(3) {
        let events: Vec<Event> = three
            .iter()
            .flat_map(|&c| {
                let p = h.state().view().hex_to_screen(c);
                std::iter::once(Event::PointerMoved(p)).chain(click(p, PointerButton::Primary))
            })
            .collect();
        one_frame(&mut h, events);
    }
    assert_eq!(game(&h).status(), GameStatus::Won);
    assert!(shown_labels(&h).iter().any(|l| l == "You won!"));
}

#[test]
fn a_flag_and_a_reveal_in_one_frame_both_play() {
    let mut h = editor_on(board(), Vec2::new(1280.0, 800.0));
    h.get_by_label("Play").click();
    settle(&mut h);
    let mine = h.state().view().hex_to_screen(Hex::new(1, 0));
    let next = h.state().view().hex_to_screen(Hex::new(2, 0));
    let events: Vec<Event> = std::iter::once(Event::PointerMoved(mine))
        .chain(click(mine, PointerButton::Secondary))
        .chain([Event::PointerMoved(next)])
        .chain(click(next, PointerButton::Primary))
        .collect();
    one_frame(&mut h, events);
    for (p, want) in [(mine, "cell: flagged"), (next, "cell: open, 1 mine around")] {
        h.hover_at(p);
        settle(&mut h);
        assert!(
            shown_labels(&h).iter().any(|l| l == want),
            "{want}: {:?}",
            shown_labels(&h)
        );
    }
}
