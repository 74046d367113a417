//! Minesweeper play mode driven through egui_kittest: real frames, real clicks on hex
//! centres, fake file dialogs. Playing must leave the map and its undo history alone.

use crate::harness::{settle, shown_labels, wait_until};
use eframe::egui::{Event, Modifiers, PointerButton, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use hexmap::hex::Hex;
use hexmap::map::ShapeSpec;
use hexmap::map::{CellEdit, Edit};
use hexmap::mines::{CellView, GameStatus};
use std::time::Duration;

const MINE_A: Hex = Hex::new(2, 0);
const MINE_B: Hex = Hex::new(-2, 2);
/// Touches MINE_A only: shows a 1.
const NEXT_TO_A: Hex = Hex::new(1, 0);

/// A hexagon of radius 2 with two known mines, set through the document (one undo step).
fn board_doc() -> OpenMap {
    let spec = NewMapSpec {
        shape: ShapeSpec::Hexagon { radius: 2 },
        ..NewMapSpec::default()
    };
    let mut doc = OpenMap::new_map(&spec).expect("valid spec");
    doc.begin_step();
    doc.apply(&Edit::Cell(CellEdit::SetMines(vec![MINE_A, MINE_B])))
        .expect("mines on the map");
    doc.end_step();
    doc
}

fn harness() -> Harness<'static, EditorApp> {
    let doc = board_doc();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h
}

/// Press and release `button` on the centre of `hex`, in separate frames.
fn click_hex(h: &mut Harness<'static, EditorApp>, hex: Hex, button: PointerButton) {
    let pos = h.state().view().hex_to_screen(hex);
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
    assert!(h.state().view().play().is_some(), "play mode is on");
    assert!(h.query_by_label("play canvas").is_some());
}

fn status(h: &Harness<'static, EditorApp>) -> GameStatus {
    h.state().view().play().expect("playing").game().status()
}

#[test]
fn flag_and_reveal_every_safe_cell_wins_and_leaves_the_map_alone() {
    let mut h = harness();
    let map_before = h.state().view().doc().map().clone();
    let undo_before = h.state().view().doc().document().history().undo_len();
    let modified_before = h.state().view().doc().is_modified();
    enter_play(&mut h);
    assert!(h.query_by_label("Mines left: 2").is_some());
    assert!(h.query_by_label("Click a cell to start").is_some());

    click_hex(&mut h, MINE_A, PointerButton::Secondary);
    let game = h.state().view().play().unwrap().game();
    assert_eq!(game.view(MINE_A), Some(CellView::Flagged));
    assert!(h.query_by_label("Mines left: 1").is_some());

    // A number next to the flagged mine; clicking it again chords open its neighbours.
    click_hex(&mut h, NEXT_TO_A, PointerButton::Primary);
    assert_eq!(status(&h), GameStatus::Playing);
    assert_eq!(
        h.state().view().play().unwrap().game().view(NEXT_TO_A),
        Some(CellView::Revealed(1))
    );
    click_hex(&mut h, NEXT_TO_A, PointerButton::Primary);
    assert_eq!(
        h.state().view().play().unwrap().game().view(Hex::ORIGIN),
        Some(CellView::Revealed(0)),
        "the chord opened the origin"
    );
    // Reveal whatever the flood left hidden, one click each.
    let cells: Vec<Hex> = h
        .state()
        .view()
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
        if h.state().view().play().unwrap().game().view(hex) == Some(CellView::Hidden) {
            assert_eq!(status(&h), GameStatus::Playing);
            click_hex(&mut h, hex, PointerButton::Primary);
        }
    }
    assert_eq!(status(&h), GameStatus::Won);
    assert!(h.query_by_label("You won!").is_some(), "the bar says so");

    h.get_by_label("Exit play").click();
    settle(&mut h);
    assert!(h.state().view().play().is_none());
    assert!(h.query_by_label("map canvas").is_some());
    let doc = h.state().view().doc();
    assert_eq!(doc.map(), &map_before, "playing never changes the map");
    assert_eq!(doc.document().history().undo_len(), undo_before);
    assert_eq!(doc.is_modified(), modified_before);
}

#[test]
fn clicking_a_mine_loses_and_shows_the_other_mines() {
    let mut h = harness();
    let map_before = h.state().view().doc().map().clone();
    enter_play(&mut h);
    click_hex(&mut h, NEXT_TO_A, PointerButton::Primary);
    assert_eq!(status(&h), GameStatus::Playing);
    assert!(h.query_by_label("Playing").is_some());
    click_hex(&mut h, MINE_A, PointerButton::Primary);
    assert_eq!(status(&h), GameStatus::Lost);
    assert!(h.query_by_label("Boom! You lost").is_some());
    let game = h.state().view().play().unwrap().game();
    assert_eq!(game.exploded(), Some(MINE_A));
    assert_eq!(game.view(MINE_B), Some(CellView::Mine));

    // Restart: the same layout, all hidden again.
    h.get_by_label("Restart").click();
    settle(&mut h);
    assert_eq!(status(&h), GameStatus::Ready);
    assert_eq!(
        h.state().view().play().unwrap().game().view(MINE_A),
        Some(CellView::Hidden)
    );
    assert_eq!(h.state().view().doc().map(), &map_before);
}

#[test]
fn new_random_layout_keeps_the_count_and_not_the_map() {
    let mut h = harness();
    let map_before = h.state().view().doc().map().clone();
    enter_play(&mut h);
    h.get_by_label("New random layout").click();
    settle(&mut h);
    // Generation runs on a thread; wait for it (a tiny board takes milliseconds).
    wait_until(
        &mut h,
        Duration::from_secs(2),
        "the layout to be generated",
        |h| !h.state().view().play().unwrap().generating(),
    );
    let session = h.state().view().play().unwrap();
    assert!(!session.generating(), "generation finished");
    assert_eq!(session.game().layout().mine_count(), 2);
    let start = session.start().expect("a no-guess layout has a start");
    assert!(!session.game().layout().is_mine_at(start));
    assert_eq!(
        h.state().view().doc().map(),
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
    let mut doc = OpenMap::new_map(&spec).expect("valid spec");
    // Play needs mines: one in a corner.
    doc.begin_step();
    doc.apply(&Edit::Cell(CellEdit::SetMines(vec![Hex::new(0, 0)])))
        .expect("a cell of the map");
    doc.end_step();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    let whole = h.state().view().camera().zoom;
    assert!(whole < 2.0, "the editor shows the whole map");
    enter_play(&mut h);
    assert_eq!(
        h.state().view().camera().zoom,
        whole,
        "play shows the whole board"
    );
    let stats = h.state().view().play().unwrap().paint_stats();
    // At this zoom the 13 × 13 chunks are drawn as texel blocks of 4 × 4 chunks each
    // (`chunks::TEXEL_BLOCK`): 4 × 4 blocks cover the board.
    assert_eq!(stats.drawn, 4 * 4, "every block of the board is drawn");
    assert_eq!(stats.rebuilt, 0, "from the cache");
    // Zooming out with the wheel goes further still.
    let centre = h.state().view().canvas_rect().center();
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
    assert!(h.state().view().camera().zoom < whole);
    // A click on the hex under the pointer reveals it: with no mines, the whole board opens
    // and every chunk is redrawn.
    let hex = h
        .state()
        .view()
        .hovered()
        .expect("a cell under the pointer");
    click_hex(&mut h, hex, PointerButton::Primary);
    assert!(matches!(
        h.state().view().play().unwrap().game().view(hex),
        Some(CellView::Revealed(_))
    ));
    assert_eq!(status(&h), GameStatus::Won);
}

/// Hover each cell of the board and check that the status bar tells nothing a player may
/// not know: no terrain, no "mine" of the map or the game, a "covered" cell instead.
fn assert_status_hides_mines(h: &mut Harness<'static, EditorApp>) {
    let cells: Vec<Hex> = h
        .state()
        .view()
        .play()
        .unwrap()
        .game()
        .layout()
        .board()
        .cells()
        .to_vec();
    for hex in cells {
        let pos = h.state().view().hex_to_screen(hex);
        h.hover_at(pos);
        settle(h);
        let labels = shown_labels(h);
        assert!(
            labels.iter().any(|l| l == "cell: covered"),
            "the status bar says what the player sees at {hex:?}: {labels:?}"
        );
        for l in &labels {
            assert!(
                !l.starts_with("terrain:") && l != "mine",
                "the status bar gives away {l:?} at {hex:?}"
            );
        }
    }
}

#[test]
fn play_status_bar_never_tells_where_mines_are() {
    let mut h = harness();
    // Before play the editor's status bar does name the mine (it is the map's content).
    let pos = h.state().view().hex_to_screen(MINE_A);
    h.hover_at(pos);
    settle(&mut h);
    assert!(
        shown_labels(&h).iter().any(|l| l == "mine"),
        "{:?}",
        shown_labels(&h)
    );
    enter_play(&mut h);
    assert_status_hides_mines(&mut h);
    // After a new random layout neither the map's saved mines nor the game's show.
    h.get_by_label("New random layout").click();
    settle(&mut h);
    wait_until(
        &mut h,
        Duration::from_secs(2),
        "the layout to be generated",
        |h| !h.state().view().play().unwrap().generating(),
    );
    assert_status_hides_mines(&mut h);
    // A revealed cell shows its number, as on the board: open the suggested safe start.
    let start = h
        .state()
        .view()
        .play()
        .unwrap()
        .start()
        .expect("a safe start");
    click_hex(&mut h, start, PointerButton::Primary);
    let game = h.state().view().play().unwrap().game();
    let Some(CellView::Revealed(n)) = game.view(start) else {
        panic!("the safe start opened");
    };
    let mines = if n == 1 { "mine" } else { "mines" };
    let text = format!("cell: open, {n} {mines} around");
    assert!(shown_labels(&h).contains(&text), "{text} shown");
}

/// Frames until the Random mines window's placement (a worker thread) has answered.
fn settle_until_placed(h: &mut Harness<'static, EditorApp>) {
    settle(h);
    wait_until(h, Duration::from_secs(5), "the placement to finish", |h| {
        h.query_by_label_contains("Placing mines").is_none()
    });
}

#[test]
fn a_slow_no_guess_placement_shows_progress_and_cancel_places_nothing() {
    // 400 × 400 cells, 40 % mines, no guessing: the search runs far longer than a frame.
    let spec = NewMapSpec {
        shape: hexmap::map::ShapeSpec::Rect {
            width: 400,
            height: 400,
            kind: None,
        },
        ..NewMapSpec::default()
    };
    let doc = OpenMap::new_map(&spec).expect("valid spec");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h.get_by_label("Edit").click();
    settle(&mut h);
    h.get_by_label("Random mines…").click();
    settle(&mut h);
    h.get_by_label("No guessing needed").click();
    h.get_by_label("Density %").click();
    settle(&mut h);
    h.get_by_role_and_label(eframe::egui::Role::SpinButton, "Density")
        .set_value_accesskit(40.0);
    settle(&mut h);
    h.get_by_label("Place mines").click();
    settle(&mut h);
    assert!(
        h.query_by_label_contains("Placing mines").is_some(),
        "{:?}",
        crate::harness::shown_labels(&h)
    );
    // The editor answers while the search runs: the canvas keeps its frames.
    settle(&mut h);
    h.get_by_label("Cancel").click();
    settle_until_placed(&mut h);
    assert!(
        h.query_by_label("Cancelled: no mines were placed.")
            .is_some(),
        "{:?}",
        crate::harness::shown_labels(&h)
    );
    assert_eq!(h.state().view().doc().map().mine_layer().count(), 0);
}

#[test]
fn random_mines_with_a_safe_start_and_no_guessing_then_the_fairness_check() {
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("valid spec");
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    let start = hexmap::hex::OffsetKind::OddR.to_hex(hexmap::hex::OffsetCoord::new(10, 8));
    let overlays = hexmap::app::canvas::overlays::OverlayState {
        anchor: Some(start),
        ..Default::default()
    };
    h.state_mut().set_overlays(overlays);
    h.get_by_label("Edit").click();
    settle(&mut h);
    h.get_by_label("Random mines…").click();
    settle(&mut h);
    // The editor names the hex as `hexmap` does: the map's offset kind, named (not
    // axial "7,8").
    h.get_by_label("Safe start at the anchor odd-r 10,8")
        .click();
    h.get_by_label("No guessing needed").click();
    settle(&mut h);
    h.get_by_label("Place mines").click();
    settle_until_placed(&mut h);
    let text = "Placed 40 mines, solvable without guessing from odd-r 10,8.".to_owned();
    assert!(
        h.query_by_label(&text).is_some(),
        "{:?}",
        crate::harness::shown_labels(&h)
    );
    let map = h.state().view().doc().map();
    assert_eq!(map.mine_layer().count(), 40);
    assert!(!map.is_mine(start) && start.neighbors().iter().all(|&n| !map.is_mine(n)));
    h.get_by_label("Check fairness").click();
    settle(&mut h);
    let fair = "Fair: solved from odd-r 10,8 without guessing.";
    assert!(h.query_by_label(fair).is_some(), "the check agrees");

    // A dense layout placed without the guarantee: the check says where a guess is forced.
    h.get_by_label("No guessing needed").click();
    h.get_by_label("Density %").click();
    settle(&mut h);
    h.get_by_role_and_label(eframe::egui::Role::SpinButton, "Density")
        .set_value_accesskit(45.0);
    settle(&mut h);
    h.get_by_label("Place mines").click();
    settle_until_placed(&mut h);
    h.get_by_label("Check fairness").click();
    settle(&mut h);
    assert!(
        h.query_by_label_contains("a guess is needed at").is_some(),
        "{:?}",
        crate::harness::shown_labels(&h)
    );
}

#[test]
fn play_bar_buttons_stay_put_as_the_status_text_changes() {
    let mut h = harness();
    enter_play(&mut h);
    let where_ = |h: &Harness<'static, EditorApp>| {
        ["Restart", "New random layout", "Exit play"].map(|l| h.get_by_label(l).rect().left())
    };
    let before = where_(&h);
    click_hex(&mut h, NEXT_TO_A, PointerButton::Primary);
    assert!(h.query_by_label("Playing").is_some());
    assert_eq!(where_(&h), before);
    click_hex(&mut h, MINE_A, PointerButton::Primary);
    assert!(h.query_by_label("Boom! You lost").is_some());
    assert_eq!(where_(&h), before, "the buttons did not move");
}

#[test]
fn play_mode_shows_no_measure_readout_and_it_comes_back_after() {
    let mut h = harness();
    h.get_by_label("Measure").click();
    settle(&mut h);
    // The Measure tool anchors at a press; hovering elsewhere reads the distance.
    click_hex(&mut h, Hex::new(-2, 0), PointerButton::Primary);
    let far = h.state().view().hex_to_screen(Hex::new(2, -2));
    h.hover_at(far);
    settle(&mut h);
    let measured = |h: &Harness<'static, EditorApp>| {
        shown_labels(h)
            .into_iter()
            .filter(|l| l.starts_with("measure:"))
            .collect::<std::collections::BTreeSet<_>>()
    };
    let before = measured(&h);
    assert!(
        before.len() == 1 && before.iter().all(|l| l.starts_with("measure: 4 hexes")),
        "{before:?}"
    );
    enter_play(&mut h);
    for hex in [Hex::new(2, -2), Hex::new(0, 0), Hex::new(-2, 0)] {
        let pos = h.state().view().hex_to_screen(hex);
        h.hover_at(pos);
        settle(&mut h);
        assert!(measured(&h).is_empty(), "at {hex:?} in play");
        assert!(shown_labels(&h).iter().any(|l| l.starts_with("cell: ")));
    }
    h.get_by_label("Exit play").click();
    settle(&mut h);
    h.hover_at(far);
    settle(&mut h);
    assert_eq!(measured(&h).len(), 1, "the editor's readout is back");
}
