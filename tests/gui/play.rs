//! Minesweeper play mode driven through egui_kittest: real frames, real clicks on hex
//! centres, fake file dialogs. Playing must leave the map and its undo history alone.

use crate::harness::settle;
use eframe::egui::{Event, Modifiers, PointerButton, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::dialogs::FakeDialogs;
use hexmap::app::doc::{Doc, NewMapSpec};
use hexmap::hex::Hex;
use hexmap::map::Edit;
use hexmap::map::ShapeSpec;
use hexmap::map::minesweeper::{CellView, GameStatus};

const MINE_A: Hex = Hex::new(2, 0);
const MINE_B: Hex = Hex::new(-2, 2);
/// Touches MINE_A only: shows a 1.
const NEXT_TO_A: Hex = Hex::new(1, 0);

/// A hexagon of radius 2 with two known mines, set through the document (one undo step).
fn board_doc() -> Doc {
    let spec = NewMapSpec {
        shape: ShapeSpec::Hexagon { radius: 2 },
        ..NewMapSpec::default()
    };
    let mut doc = Doc::new_map(&spec).expect("valid spec");
    doc.begin_step();
    doc.apply(&Edit::SetMines(vec![MINE_A, MINE_B]))
        .expect("mines on the map");
    doc.end_step();
    doc
}

fn harness() -> Harness<'static, EditorApp> {
    let doc = board_doc();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    h.run();
    h
}

/// Press and release `button` on the centre of `hex`, in separate frames.
fn click_hex(h: &mut Harness<'static, EditorApp>, hex: Hex, button: PointerButton) {
    let pos = h.state().hex_to_screen(hex);
    h.hover_at(pos);
    settle(h);
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button,
            pressed,
            modifiers: Modifiers::NONE,
        });
        settle(h);
    }
}

fn enter_play(h: &mut Harness<'static, EditorApp>) {
    h.get_by_label("Play").click();
    settle(h);
    assert!(h.state().play().is_some(), "play mode is on");
    assert!(h.query_by_label("play canvas").is_some());
}

fn status(h: &Harness<'static, EditorApp>) -> GameStatus {
    h.state().play().expect("playing").game().status()
}

#[test]
fn flag_and_reveal_every_safe_cell_wins_and_leaves_the_map_alone() {
    let mut h = harness();
    let map_before = h.state().doc().map().clone();
    let undo_before = h.state().doc().document().history().undo_len();
    let modified_before = h.state().doc().is_modified();
    enter_play(&mut h);
    assert!(h.query_by_label("Mines left: 2").is_some());
    assert!(h.query_by_label("Click a cell to start").is_some());

    click_hex(&mut h, MINE_A, PointerButton::Secondary);
    let game = h.state().play().unwrap().game();
    assert_eq!(game.view(MINE_A), Some(CellView::Flagged));
    assert!(h.query_by_label("Mines left: 1").is_some());

    // A number next to the flagged mine; clicking it again chords open its neighbours.
    click_hex(&mut h, NEXT_TO_A, PointerButton::Primary);
    assert_eq!(status(&h), GameStatus::Playing);
    assert_eq!(
        h.state().play().unwrap().game().view(NEXT_TO_A),
        Some(CellView::Revealed(1))
    );
    click_hex(&mut h, NEXT_TO_A, PointerButton::Primary);
    assert_eq!(
        h.state().play().unwrap().game().view(Hex::ORIGIN),
        Some(CellView::Revealed(0)),
        "the chord opened the origin"
    );
    // Reveal whatever the flood left hidden, one click each.
    let cells: Vec<Hex> = h
        .state()
        .play()
        .unwrap()
        .game()
        .layout()
        .board()
        .cells()
        .to_vec();
    for hex in cells {
        if hex == MINE_A || hex == MINE_B {
            continue;
        }
        if h.state().play().unwrap().game().view(hex) == Some(CellView::Hidden) {
            assert_eq!(status(&h), GameStatus::Playing);
            click_hex(&mut h, hex, PointerButton::Primary);
        }
    }
    assert_eq!(status(&h), GameStatus::Won);
    assert!(h.query_by_label("You won!").is_some(), "the bar says so");

    h.get_by_label("Exit play").click();
    settle(&mut h);
    assert!(h.state().play().is_none());
    assert!(h.query_by_label("map canvas").is_some());
    let doc = h.state().doc();
    assert_eq!(doc.map(), &map_before, "playing never changes the map");
    assert_eq!(doc.document().history().undo_len(), undo_before);
    assert_eq!(doc.is_modified(), modified_before);
}

#[test]
fn clicking_a_mine_loses_and_shows_the_other_mines() {
    let mut h = harness();
    let map_before = h.state().doc().map().clone();
    enter_play(&mut h);
    click_hex(&mut h, NEXT_TO_A, PointerButton::Primary);
    assert_eq!(status(&h), GameStatus::Playing);
    assert!(h.query_by_label("Playing").is_some());
    click_hex(&mut h, MINE_A, PointerButton::Primary);
    assert_eq!(status(&h), GameStatus::Lost);
    assert!(h.query_by_label("Boom! You lost").is_some());
    let game = h.state().play().unwrap().game();
    assert_eq!(game.exploded(), Some(MINE_A));
    assert_eq!(game.view(MINE_B), Some(CellView::Mine));

    // Restart: the same layout, all hidden again.
    h.get_by_label("Restart").click();
    settle(&mut h);
    assert_eq!(status(&h), GameStatus::Ready);
    assert_eq!(
        h.state().play().unwrap().game().view(MINE_A),
        Some(CellView::Hidden)
    );
    assert_eq!(h.state().doc().map(), &map_before);
}

#[test]
fn new_random_layout_keeps_the_count_and_not_the_map() {
    let mut h = harness();
    let map_before = h.state().doc().map().clone();
    enter_play(&mut h);
    h.get_by_label("New random layout").click();
    settle(&mut h);
    // Generation runs on a thread; wait for it (a tiny board takes milliseconds).
    for _ in 0..200 {
        if !h.state().play().unwrap().generating() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        settle(&mut h);
    }
    let session = h.state().play().unwrap();
    assert!(!session.generating(), "generation finished");
    assert_eq!(session.game().layout().mine_count(), 2);
    let start = session.start().expect("a no-guess layout has a start");
    assert!(!session.game().layout().is_mine_at(start));
    assert_eq!(
        h.state().doc().map(),
        &map_before,
        "only the play layout changed"
    );
}

#[test]
fn a_huge_board_is_played_whole_from_its_chunk_cache() {
    // 400 × 400 cells fit the editor's view at under two points per hex; play keeps that
    // view (the board is drawn from cached chunks at the detail the zoom needs).
    let spec = NewMapSpec {
        shape: ShapeSpec::rect(400, 400),
        hex_size: (1.0, 1.0),
        ..NewMapSpec::default()
    };
    let doc = Doc::new_map(&spec).expect("valid spec");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    h.run();
    let whole = h.state().camera().zoom;
    assert!(whole < 2.0, "the editor shows the whole map");
    enter_play(&mut h);
    assert_eq!(h.state().camera().zoom, whole, "play shows the whole board");
    let stats = h.state().play().unwrap().paint_stats();
    assert_eq!(stats.drawn, 13 * 13, "every chunk of the board is drawn");
    assert_eq!(stats.rebuilt, 0, "from the cache");
    // Zooming out with the wheel goes further still.
    let centre = h.state().canvas_rect().center();
    h.hover_at(centre);
    for _ in 0..3 {
        h.event(Event::MouseWheel {
            unit: eframe::egui::MouseWheelUnit::Line,
            delta: Vec2::new(0.0, -5.0),
            modifiers: Modifiers::NONE,
            phase: eframe::egui::TouchPhase::Move,
            source: eframe::egui::MouseWheelSource::Wheel,
        });
        h.step();
    }
    settle(&mut h);
    assert!(h.state().camera().zoom < whole);
    // A click on the hex under the pointer reveals it: with no mines, the whole board opens
    // and every chunk is redrawn.
    let hex = h.state().hovered().expect("a cell under the pointer");
    click_hex(&mut h, hex, PointerButton::Primary);
    assert!(matches!(
        h.state().play().unwrap().game().view(hex),
        Some(CellView::Revealed(_))
    ));
    assert_eq!(status(&h), GameStatus::Won);
}
