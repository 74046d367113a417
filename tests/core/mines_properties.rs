//! Property tests for hex minesweeper: generation keeps its promises (count, safe start,
//! holes, determinism, no guessing needed), the solver is sound, and play follows the rules.

use hexmap::hex::*;
use hexmap::mines::*;
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::time::Duration;

/// A board shape with some holes punched in it, plus a start cell that is not a hole.
#[derive(Debug, Clone)]
struct Case {
    cells: Vec<Hex>,
    holes: BTreeSet<Hex>,
    start: Hex,
}

fn any_case(max_hole_percent: u32) -> impl Strategy<Value = Case> {
    let shape = prop_oneof![
        (2u32..=6).prop_map(|r| shapes::hexagon(r).collect::<Vec<Hex>>()),
        (
            prop::sample::select(OffsetKind::ALL.to_vec()),
            3u32..=14,
            3u32..=10
        )
            .prop_map(|(k, w, h)| shapes::rectangle(k, w, h).collect::<Vec<Hex>>()),
    ];
    (shape, any::<u64>(), 0..=max_hole_percent).prop_map(|(all, pick, hole_percent)| {
        let start = all[(pick % all.len() as u64) as usize];
        let holes: BTreeSet<Hex> = all
            .iter()
            .copied()
            .enumerate()
            .filter(|&(i, h)| {
                h.distance(start) > 1
                    && (pick.rotate_left(i as u32) % 100) < u64::from(hole_percent)
            })
            .map(|(_, h)| h)
            .collect();
        let cells = all.into_iter().filter(|h| !holes.contains(h)).collect();
        Case {
            cells,
            holes,
            start,
        }
    })
}

fn settings(count: usize, seed: u64, start: Option<Hex>, no_guess: bool) -> GenerateSettings {
    GenerateSettings {
        start,
        no_guess,
        ..GenerateSettings::new(MineAmount::Count(count), seed)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn generated_no_guess_layouts_solve_from_their_start(case in any_case(0), percent in 5usize..=20, seed in any::<u64>()) {
        let board = Board::new(case.cells.clone());
        let count = board.len() * percent / 100;
        let g = generate(&board, &settings(count, seed, Some(case.start), true)).unwrap();
        prop_assert_eq!(g.start, Some(case.start));
        prop_assert_eq!(g.layout.mine_count(), count);
        let report = solve(&g.layout, case.start).unwrap();
        prop_assert!(report.is_solved(), "{:?}", report.verdict);
    }

    #[test]
    fn generation_keeps_count_start_and_holes(case in any_case(15), percent in 0usize..=40, seed in any::<u64>(), no_guess in any::<bool>()) {
        let board = Board::new(case.cells.clone());
        let count = board.len() * percent / 100;
        let available = board.len() - 1 - case.start.neighbors().iter().filter(|&&n| board.contains(n)).count();
        match generate(&board, &settings(count, seed, Some(case.start), no_guess)) {
            Ok(g) => {
                prop_assert_eq!(g.layout.mine_count(), count);
                prop_assert_eq!(g.layout.count_at(case.start), Some(0));
                for m in g.layout.mines() {
                    prop_assert!(!case.holes.contains(&m));
                    prop_assert!(board.contains(m));
                }
                if no_guess {
                    prop_assert!(solve(&g.layout, case.start).unwrap().is_solved());
                }
                // Same inputs, same layout.
                let again = generate(&board, &settings(count, seed, Some(case.start), no_guess)).unwrap();
                prop_assert_eq!(again, g);
            }
            Err(GenerateError::TooManyMines { requested, available: a }) => {
                prop_assert_eq!(requested, count);
                prop_assert_eq!(a, available);
                prop_assert!(count > available);
            }
            // Holes can cut off islands the player never sees: no-guess may be impossible.
            Err(GenerateError::NoGuessNotFound { .. }) => prop_assert!(no_guess),
            Err(e) => prop_assert!(false, "unexpected error {e}"),
        }
    }

    #[test]
    fn solver_is_sound_on_random_layouts(case in any_case(15), percent in 0usize..=35, seed in any::<u64>()) {
        let board = Board::new(case.cells.clone());
        let count = (board.len() * percent / 100).min(board.len().saturating_sub(7));
        let g = generate(&board, &settings(count, seed, Some(case.start), false)).unwrap();
        let report = solve(&g.layout, case.start).unwrap();
        for h in &report.revealed {
            prop_assert!(!g.layout.is_mine_at(*h), "revealed a mine at {}", h);
        }
        for h in &report.deduced_mines {
            prop_assert!(g.layout.is_mine_at(*h), "flagged a safe cell at {}", h);
        }
        match report.verdict {
            Verdict::Solved => prop_assert_eq!(report.revealed.len(), g.layout.safe_count()),
            Verdict::Stuck { forced_guess_cells } => {
                prop_assert!(!forced_guess_cells.is_empty());
                for h in forced_guess_cells {
                    prop_assert!(!report.revealed.contains(&h) && !report.deduced_mines.contains(&h));
                }
            }
        }
    }

    #[test]
    fn revealing_every_safe_cell_wins_and_a_mine_loses(case in any_case(15), percent in 1usize..=30, seed in any::<u64>()) {
        let board = Board::new(case.cells.clone());
        let count = (board.len() * percent / 100).max(1);
        let g = generate(&board, &settings(count, seed, None, false)).unwrap();
        let mut game = PlayState::new(g.layout.clone());
        let mut opened = BTreeSet::new();
        for (t, &h) in board.cells().iter().rev().enumerate() {
            if !g.layout.is_mine_at(h) {
                for o in game.reveal(h, Duration::from_secs(t as u64)).unwrap() {
                    prop_assert!(opened.insert(o), "{} revealed twice", o);
                }
            }
        }
        prop_assert_eq!(game.status(), GameStatus::Won);
        prop_assert_eq!(opened.len(), g.layout.safe_count());
        prop_assert_eq!(game.mines_left(), 0);
        game.restart();
        let mine = g.layout.mines().next().unwrap();
        game.reveal(mine, Duration::ZERO).unwrap();
        prop_assert_eq!(game.status(), GameStatus::Lost);
        for m in g.layout.mines() {
            let expected = if m == mine { CellView::Exploded } else { CellView::Mine };
            prop_assert_eq!(game.view(m), Some(expected));
        }
    }

    #[test]
    fn a_click_opens_the_zero_component_and_its_border(case in any_case(25), percent in 0usize..=30, seed in any::<u64>(), pick in any::<prop::sample::Index>()) {
        let board = Board::new(case.cells.clone());
        let count = board.len() * percent / 100;
        let g = generate(&board, &settings(count, seed, None, false)).unwrap();
        let safe: Vec<Hex> = board.cells().iter().copied().filter(|&h| !g.layout.is_mine_at(h)).collect();
        prop_assume!(!safe.is_empty());
        let click = *pick.get(&safe);
        // The spec, computed on hexes: grow the set of zeros connected to the click, then
        // add every playable neighbour of those zeros.
        let zero = |h: Hex| g.layout.count_at(h) == Some(0);
        let mut expected = BTreeSet::from([click]);
        if zero(click) {
            let mut zeros = BTreeSet::from([click]);
            let mut todo = vec![click];
            while let Some(h) = todo.pop() {
                for n in h.neighbors() {
                    if board.contains(n) {
                        expected.insert(n);
                        if zero(n) && zeros.insert(n) {
                            todo.push(n);
                        }
                    }
                }
            }
        }
        let mut game = PlayState::new(g.layout.clone());
        let opened: BTreeSet<Hex> = game.reveal(click, Duration::ZERO).unwrap().into_iter().collect();
        prop_assert_eq!(opened, expected);
    }
}
