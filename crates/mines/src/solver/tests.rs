//! Solver tests: hand-made layouts with known answers, and agreement with a brute-force
//! perfect player on small random boards.

use super::*;
use hexmap_hex::{OffsetCoord, OffsetKind, shapes};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn layout(cells: impl IntoIterator<Item = Hex>, mines: &[Hex]) -> MineLayout {
    MineLayout::with_mines(Board::new(cells), mines.iter().copied()).unwrap()
}

fn stuck_cells(report: &SolveReport) -> Vec<Hex> {
    match &report.verdict {
        Verdict::Stuck { forced_guess_cells } => forced_guess_cells.clone(),
        Verdict::Solved => panic!("expected stuck, got solved: {report:?}"),
    }
}

#[test]
fn start_must_be_a_safe_playable_cell() {
    let l = layout(shapes::hexagon(1), &[Hex::new(1, 0)]);
    assert_eq!(
        solve(&l, Hex::new(1, 0)),
        Err(SolveError::StartIsMine(Hex::new(1, 0)))
    );
    assert_eq!(
        solve(&l, Hex::new(5, 0)),
        Err(SolveError::StartOffBoard(Hex::new(5, 0)))
    );
}

#[test]
fn empty_board_is_solved_by_the_first_click() {
    let l = layout(shapes::hexagon(4), &[]);
    let r = solve(&l, Hex::new(2, 1)).unwrap();
    assert!(r.is_solved());
    assert_eq!(r.revealed.len(), 61);
    assert_eq!(r.stats, RuleStats::default());
}

#[test]
fn two_cells_seen_only_together_are_a_fifty_fifty() {
    // S touches X and Y, X touches Y, nothing else: one mine among X and Y.
    let (s, x, y) = (Hex::new(0, 0), Hex::new(1, 0), Hex::new(1, -1));
    let l = layout([s, x, y], &[x]);
    let r = solve(&l, s).unwrap();
    assert_eq!(stuck_cells(&r), vec![y, x]);
    assert_eq!(r.revealed, vec![s]);
    assert!(r.deduced_mines.is_empty());
}

#[test]
fn hexagon_board_with_scattered_mines_is_solved() {
    // Radius-3 hexagon, start at the centre; mines on three separate corners.
    let mines = [Hex::new(3, -3), Hex::new(-3, 0), Hex::new(0, 3)];
    let l = layout(shapes::hexagon(3), &mines);
    let r = solve(&l, Hex::ORIGIN).unwrap();
    assert!(r.is_solved(), "{r:?}");
    assert_eq!(r.revealed.len(), 37 - 3);
    assert_eq!(r.deduced_mines, {
        let mut m = mines.to_vec();
        m.sort();
        m
    });
}

/// Mines `wall`, plus `pair[0]`, and leave `pair[1]` safe. When every cell next to exactly
/// one of the pair is in the wall, no revealed count can tell the pair apart: swapping the
/// mine between them changes no count a player can see, so a guess is forced there.
fn walled_pair(cells: Vec<Hex>, pair: [Hex; 2], wall: &[Hex], start: Hex) -> SolveReport {
    let board = Board::new(cells);
    for h in board.cells() {
        let sees = |p: Hex| h.distance(p) == 1;
        if sees(pair[0]) != sees(pair[1]) && !pair.contains(h) {
            assert!(
                wall.contains(h),
                "{h} tells the pair apart but is not in the wall"
            );
        }
    }
    let mut mines = wall.to_vec();
    mines.push(pair[0]);
    let l = MineLayout::with_mines(board, mines).unwrap();
    solve(&l, start).unwrap()
}

#[test]
fn hexagon_corner_pair_behind_a_wall_is_stuck() {
    // Radius-3 hexagon: the corner (3,-3) and the edge cell (3,-2) are seen together by
    // (2,-2); the cells seeing only one of them, (2,-3), (2,-1) and (3,-1), are mines.
    let pair = [Hex::new(3, -3), Hex::new(3, -2)];
    let wall = [Hex::new(2, -3), Hex::new(2, -1), Hex::new(3, -1)];
    let r = walled_pair(shapes::hexagon(3).collect(), pair, &wall, Hex::new(-3, 3));
    assert_eq!(stuck_cells(&r), pair.to_vec());
    // Everything else is cleared: 37 cells − 4 mines − the pair's safe cell.
    assert_eq!(r.revealed.len(), 37 - 4 - 1);
}

#[test]
fn rectangle_corner_pair_behind_a_wall_is_stuck() {
    // odd-r 6×5 rectangle: the corner (col 0, row 0) touches only (1,0) and (0,1); the pair
    // (0,0)/(1,0) is seen together by (0,1); (2,0) and (1,1) see only (1,0): they are mines.
    let kind = OffsetKind::OddR;
    let at = |col, row| kind.to_hex(OffsetCoord::new(col, row));
    let pair = [at(1, 0), at(0, 0)];
    let wall = [at(2, 0), at(1, 1)];
    let r = walled_pair(
        shapes::rectangle(kind, 6, 5).collect(),
        pair,
        &wall,
        at(5, 4),
    );
    assert_eq!(stuck_cells(&r), vec![at(0, 0), at(1, 0)]);
    assert_eq!(r.revealed.len(), 30 - 3 - 1);
}

#[test]
fn rectangle_without_the_wall_is_solved() {
    // The same corner with the mine on (1,0) only: (2,0) and (1,1) now tell it apart.
    let kind = OffsetKind::OddR;
    let at = |col, row| kind.to_hex(OffsetCoord::new(col, row));
    let l = layout(shapes::rectangle(kind, 6, 5), &[at(1, 0), at(4, 2)]);
    let r = solve(&l, at(0, 4)).unwrap();
    assert!(r.is_solved(), "{r:?}");
}

#[test]
fn island_beyond_holes_is_settled_only_by_the_mine_count() {
    // Two triangles separated by a gap of holes: the player never sees the far one.
    let near: Vec<Hex> = shapes::triangle(3).collect();
    let far: Vec<Hex> = shapes::triangle(3).map(|h| h + Hex::new(10, 0)).collect();
    let cells: Vec<Hex> = near.iter().chain(&far).copied().collect();
    // All mines found in the near island (none at all): the far one is safe by the count.
    let empty = layout(cells.clone(), &[]);
    assert!(solve(&empty, near[0]).unwrap().is_solved());
    // One mine in the far island: a guess is forced on every far cell.
    let mined = layout(cells, &[far[2]]);
    let r = solve(&mined, near[0]).unwrap();
    let mut expected = far.clone();
    expected.sort();
    assert_eq!(stuck_cells(&r), expected);
}

/// A perfect player by brute force: enumerate every placement of the right number of mines
/// consistent with what is revealed; reveal the cells safe in all of them; repeat. True when every safe cell gets revealed. For boards of at most 20 cells.
fn oracle(layout: &MineLayout, start: usize) -> bool {
    let board = layout.board();
    let n = board.len();
    assert!(n <= 20);
    let total = layout.mine_count() as u32;
    let nbr_mask: Vec<u32> = (0..n)
        .map(|i| board.neighbors(i).iter().fold(0u32, |m, &j| m | 1 << j))
        .collect();
    let candidates: Vec<u32> = (0u32..1 << n).filter(|m| m.count_ones() == total).collect();
    let mut revealed = vec![false; n];
    let mut newly = Vec::new();
    layout.flood_reveal(start, |_| false, &mut revealed, &mut newly);
    loop {
        let counts: Vec<(usize, u32)> = (0..n)
            .filter(|&i| revealed[i])
            .map(|i| (i, u32::from(layout.count(i))))
            .collect();
        let revealed_mask = (0..n)
            .filter(|&i| revealed[i])
            .fold(0u32, |m, i| m | 1 << i);
        let mut any_mine = 0u32;
        for &m in &candidates {
            if m & revealed_mask != 0 {
                continue;
            }
            if counts
                .iter()
                .all(|&(i, c)| (m & nbr_mask[i]).count_ones() == c)
            {
                any_mine |= m;
            }
        }
        let mut progress = false;
        for i in 0..n {
            if !revealed[i] && any_mine & (1 << i) == 0 {
                layout.flood_reveal(i, |_| false, &mut revealed, &mut newly);
                progress = true;
            }
        }
        if !progress {
            return revealed.iter().filter(|&&r| r).count() == layout.safe_count();
        }
    }
}

fn random_layout(rng: &mut Pcg64Mcg, cells: &[Hex], mines: usize) -> MineLayout {
    let mut pool = cells.to_vec();
    let mut chosen = Vec::new();
    for _ in 0..mines {
        let k = rng.random_range(0..pool.len() as u32) as usize;
        chosen.push(pool.swap_remove(k));
    }
    layout(cells.iter().copied(), &chosen)
}

#[test]
fn solver_agrees_with_a_perfect_player_on_small_boards() {
    let kind = OffsetKind::EvenR;
    let boards: Vec<Vec<Hex>> = vec![
        shapes::hexagon(2)
            .filter(|&h| h != Hex::new(1, 0) && h != Hex::new(-1, 1))
            .collect(),
        shapes::rectangle(kind, 4, 4).collect(),
        shapes::rectangle(OffsetKind::OddQ, 6, 3).collect(),
        // Two islands joined by nothing: a parallelogram and a separate triangle.
        shapes::parallelogram(3, 3)
            .chain(shapes::triangle(3).map(|h| h + Hex::new(6, 0)))
            .collect(),
    ];
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let (mut solved, mut stuck) = (0, 0);
    for cells in &boards {
        for _ in 0..60 {
            let mines = rng.random_range(1..=5u32) as usize;
            let l = random_layout(&mut rng, cells, mines);
            let safe: Vec<usize> = (0..l.board().len()).filter(|&i| !l.is_mine(i)).collect();
            let start = safe[rng.random_range(0..safe.len() as u32) as usize];
            let limits = SolverLimits {
                exact_group_cells: 64,
                window_cells: 64,
                node_budget: usize::MAX,
            };
            let r = solve_with_limits(&l, l.board().hex(start), limits).unwrap();
            assert_eq!(
                r.is_solved(),
                oracle(&l, start),
                "layout {:?} start {}",
                l.mines().collect::<Vec<_>>(),
                l.board().hex(start)
            );
            if r.is_solved() {
                solved += 1;
            } else {
                stuck += 1;
                assert!(!stuck_cells(&r).is_empty());
            }
        }
    }
    // Both outcomes occur, so the comparison means something.
    assert!(solved > 20 && stuck > 20, "solved {solved}, stuck {stuck}");
}

#[test]
fn window_search_alone_is_sound_and_decides_cells() {
    // With whole-group enumeration turned off, every group goes through windows. They must
    // never decide wrongly (the solver's debug assertions and the checks below), must
    // decide something somewhere, and can only solve layouts the full solver solves.
    let windows_only = SolverLimits {
        exact_group_cells: 0,
        window_cells: 16,
        node_budget: 100_000,
    };
    let cells: Vec<Hex> = shapes::hexagon(4).collect();
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let (mut decided_by_windows, mut solved) = (0, 0);
    for _ in 0..400 {
        let l = random_layout(&mut rng, &cells, 16);
        let Some(start) = l.suggested_start() else {
            continue;
        };
        let w = solve_with_limits(&l, start, windows_only).unwrap();
        let full = solve(&l, start).unwrap();
        assert!(w.revealed.iter().all(|&h| !l.is_mine_at(h)));
        assert!(w.deduced_mines.iter().all(|&h| l.is_mine_at(h)));
        assert!(!w.is_solved() || full.is_solved());
        decided_by_windows += w.stats.search;
        solved += usize::from(w.is_solved());
    }
    assert!(
        decided_by_windows > 0 && solved > 0,
        "windows decided {decided_by_windows}, solved {solved}"
    );
}
