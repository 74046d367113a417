//! Seeded mine generation: a count or a density, an optional safe start, and optionally a
//! guarantee that the layout can be cleared from the start without guessing.
//!
//! The random stream is PCG-64 (`rand_pcg::Pcg64Mcg`) seeded with the settings' seed, so the
//! same board, settings and seed always give the same layout.
//!
//! No-guess layouts are made by generate-then-repair: place the mines at random, run the
//! [solver](super::solve) from the start, and while it is stuck move one mine next to where
//! it got stuck (a mine on a forced-guess cell goes to an unseen cell; a safe forced-guess
//! cell receives a mine taken from an unseen cell). Each repair is checked by solving again;
//! after too many repairs the generator starts over from a fresh random placement.

use super::solver::{SolveState, SolverLimits, solve_indices};
use super::{Board, MineLayout};
use hexmap_hex::Hex;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use thiserror::Error;

/// How many mines to lay.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MineAmount {
    /// Exactly this many mines.
    Count(usize),
    /// This fraction (0 to 1) of the playable cells, rounded to the nearest whole mine.
    Density(f64),
}

/// Everything that decides a generated layout besides the board.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateSettings {
    /// Number or density of mines.
    pub amount: MineAmount,
    /// Seed of the random stream.
    pub seed: u64,
    /// A cell that must be safe together with its neighbours (so it opens as a zero).
    pub start: Option<Hex>,
    /// Require that the layout be solvable from the start without guessing. Without a
    /// `start`, the generator picks one from the seed and reports it.
    pub no_guess: bool,
    /// Fresh random placements tried before giving up on a no-guess layout (0 counts as 1);
    /// each placement gets up to max(board cells, 200) repair moves.
    pub max_attempts: u32,
}

impl GenerateSettings {
    /// Settings with no start, guessing allowed, and the default attempt limit.
    pub fn new(amount: MineAmount, seed: u64) -> Self {
        GenerateSettings {
            amount,
            seed,
            start: None,
            no_guess: false,
            max_attempts: 20,
        }
    }
}

/// A generated layout and how it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The layout.
    pub layout: MineLayout,
    /// The safe start: the one given, or the one picked for a no-guess layout.
    pub start: Option<Hex>,
    /// Fresh random placements made (1 unless no-guess needed retries).
    pub attempts: u32,
    /// Mine moves made while repairing no-guess layouts, over all attempts.
    pub repairs: u32,
}

/// Why a layout could not be generated.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum GenerateError {
    /// The board has no playable cell.
    #[error("the board has no playable cell")]
    EmptyBoard,
    /// The start is not a playable cell.
    #[error("the start is not a playable cell (outside the map or a hole)")]
    StartOffBoard(Hex),
    /// The density is not a number from 0 to 1.
    #[error("mine density {0} is not a number from 0 to 1")]
    BadDensity(f64),
    /// More mines than cells that may hold one.
    #[error(
        "{requested} mines requested but only {available} playable cells may hold one (outside any safe start area)"
    )]
    TooManyMines {
        /// Mines asked for.
        requested: usize,
        /// Cells outside the safe start area.
        available: usize,
    },
    /// No no-guess layout was found within the attempt limit.
    #[error(
        "no layout solvable without guessing found in {attempts} attempts; try fewer mines or another seed"
    )]
    NoGuessNotFound {
        /// Fresh placements tried.
        attempts: u32,
    },
}

/// Repairs tried on one placement before starting over, per playable cell.
const REPAIRS_PER_CELL: usize = 1;
/// Least repairs tried on one placement.
const MIN_REPAIRS: usize = 200;

/// Generate a layout on `board` following `settings`.
///
/// ```
/// use hexmap_hex::{shapes, Hex};
/// use hexmap_mines::{generate, solve, Board, GenerateSettings, MineAmount};
/// let board = Board::new(shapes::hexagon(6));
/// let mut settings = GenerateSettings::new(MineAmount::Count(20), 42);
/// settings.start = Some(Hex::ORIGIN);
/// settings.no_guess = true;
/// let g = generate(&board, &settings).unwrap();
/// assert_eq!(g.layout.mine_count(), 20);
/// assert!(solve(&g.layout, Hex::ORIGIN).unwrap().is_solved());
/// ```
pub fn generate(board: &Board, settings: &GenerateSettings) -> Result<Generated, GenerateError> {
    hexmap_map::steps::block_on(generate_in_steps(board, settings, &mut |_| {}))
}

/// [`generate`] as work that pauses after each solver run ([`hexmap_map::steps`]), so a browser
/// can look for a no-guess layout across frames. `progress` gets the share of the search's
/// budget spent (every attempt with all its repairs), 0 to 1: an upper bound on the time
/// left, since a layout is usually found well before the budget ends.
pub async fn generate_in_steps(
    board: &Board,
    settings: &GenerateSettings,
    progress: &mut dyn FnMut(f32),
) -> Result<Generated, GenerateError> {
    if board.is_empty() {
        return Err(GenerateError::EmptyBoard);
    }
    let count = match settings.amount {
        MineAmount::Count(n) => n,
        MineAmount::Density(d) if (0.0..=1.0).contains(&d) => {
            (d * board.len() as f64).round() as usize
        }
        MineAmount::Density(d) => return Err(GenerateError::BadDensity(d)),
    };
    let mut rng = Pcg64Mcg::seed_from_u64(settings.seed);
    let start = match settings.start {
        Some(h) => Some(board.index_of(h).ok_or(GenerateError::StartOffBoard(h))?),
        None if settings.no_guess => Some(pick(&mut rng, board.len())),
        None => None,
    };
    let mut safe_zone = vec![false; board.len()];
    if let Some(s) = start {
        safe_zone[s] = true;
        for &n in board.neighbors(s) {
            safe_zone[n] = true;
        }
    }
    let eligible: Vec<usize> = (0..board.len()).filter(|&i| !safe_zone[i]).collect();
    if count > eligible.len() {
        return Err(GenerateError::TooManyMines {
            requested: count,
            available: eligible.len(),
        });
    }
    let start_hex = start.map(|s| board.hex(s));
    let (Some(start), true) = (start, settings.no_guess) else {
        let layout = place(board, &eligible, count, &mut rng);
        return Ok(Generated {
            layout,
            start: start_hex,
            attempts: 1,
            repairs: 0,
        });
    };
    let max_repairs = (board.len() * REPAIRS_PER_CELL).max(MIN_REPAIRS);
    let max_attempts = settings.max_attempts.max(1);
    let mut repairs = 0;
    for attempt in 1..=max_attempts {
        let mut layout = place(board, &eligible, count, &mut rng);
        for repair_no in 0..=max_repairs {
            let spent = (attempt - 1) as f32 + repair_no as f32 / (max_repairs + 1) as f32;
            progress(spent / max_attempts as f32);
            let state = solve_indices(&layout, start, SolverLimits::default());
            if state.solved {
                return Ok(Generated {
                    layout,
                    start: start_hex,
                    attempts: attempt,
                    repairs,
                });
            }
            if !repair(&mut layout, &state, &safe_zone, &mut rng) {
                break;
            }
            repairs += 1;
            hexmap_map::steps::pause().await;
        }
    }
    Err(GenerateError::NoGuessNotFound {
        attempts: settings.max_attempts.max(1),
    })
}

/// A uniform index below `len` (len > 0) from the seeded stream.
fn pick(rng: &mut Pcg64Mcg, len: usize) -> usize {
    rng.random_range(0..len as u64) as usize
}

/// `count` mines on distinct cells drawn uniformly from `eligible` (partial Fisher–Yates).
fn place(board: &Board, eligible: &[usize], count: usize, rng: &mut Pcg64Mcg) -> MineLayout {
    let mut pool = eligible.to_vec();
    let mut mines = vec![false; board.len()];
    for k in 0..count {
        let j = k + pick(rng, pool.len() - k);
        pool.swap(k, j);
        mines[pool[k]] = true;
    }
    MineLayout::from_flags(board.clone(), mines).expect("one flag per cell")
}

/// Move one mine near where the solver got stuck; cells in `safe_zone` never get a mine.
/// False when no move is possible.
fn repair(
    layout: &mut MineLayout,
    state: &SolveState,
    safe_zone: &[bool],
    rng: &mut Pcg64Mcg,
) -> bool {
    let board = layout.board();
    let forced = state.forced_guess_cells(board);
    if forced.is_empty() {
        return false;
    }
    let c = forced[pick(rng, forced.len())];
    let wants_mine = !layout.is_mine(c);
    let is_forced = {
        let mut v = vec![false; board.len()];
        for &f in &forced {
            v[f] = true;
        }
        v
    };
    // The cell trading places with `c` holds the opposite of what `c` gets. A mine leaving
    // the frontier goes to any safe cell off it (not only the unseen part, which would fill
    // up with mines); a mine coming to the frontier is taken from the unseen part when it
    // has one (thinning it out), else from anywhere off the frontier. Counts may change
    // anywhere: the next check replays from scratch.
    let off_frontier =
        |i: usize| i != c && !is_forced[i] && !safe_zone[i] && layout.is_mine(i) == wants_mine;
    let unseen: Vec<usize> = if wants_mine {
        (0..board.len())
            .filter(|&i| off_frontier(i) && state.is_unknown(i) && !state.is_frontier(board, i))
            .collect()
    } else {
        Vec::new()
    };
    let others: Vec<usize> = if unseen.is_empty() {
        (0..board.len()).filter(|&i| off_frontier(i)).collect()
    } else {
        unseen
    };
    if others.is_empty() {
        return false;
    }
    let other = others[pick(rng, others.len())];
    layout.set_mine(c, wants_mine);
    layout.set_mine(other, !wants_mine);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve;
    use hexmap_hex::{OffsetKind, shapes};

    fn settings(
        amount: MineAmount,
        seed: u64,
        start: Option<Hex>,
        no_guess: bool,
    ) -> GenerateSettings {
        GenerateSettings {
            start,
            no_guess,
            ..GenerateSettings::new(amount, seed)
        }
    }

    #[test]
    fn same_seed_same_layout_other_seed_other_layout() {
        let board = Board::new(shapes::hexagon(6));
        let a = generate(&board, &settings(MineAmount::Count(20), 1, None, false)).unwrap();
        let b = generate(&board, &settings(MineAmount::Count(20), 1, None, false)).unwrap();
        let c = generate(&board, &settings(MineAmount::Count(20), 2, None, false)).unwrap();
        assert_eq!(a, b);
        assert_ne!(a.layout, c.layout);
        let ng = settings(MineAmount::Count(20), 9, Some(Hex::ORIGIN), true);
        assert_eq!(
            generate(&board, &ng).unwrap(),
            generate(&board, &ng).unwrap()
        );
    }

    #[test]
    fn a_no_guess_search_in_steps_pauses_after_each_repair_and_finds_the_same_layout() {
        let board = Board::new(shapes::hexagon(8));
        let ng = settings(MineAmount::Count(70), 5, Some(Hex::ORIGIN), true);
        let whole = generate(&board, &ng).unwrap();
        assert!(
            whole.repairs >= 2,
            "a search with repairs: {}",
            whole.repairs
        );
        let mut shares = Vec::new();
        let mut record = |s| shares.push(s);
        let mut work: hexmap_map::steps::Steps<'_, _> =
            Box::pin(generate_in_steps(&board, &ng, &mut record));
        let mut pauses = 0;
        let stepped = loop {
            if let Some(out) = hexmap_map::steps::step(&mut work) {
                break out.unwrap();
            }
            pauses += 1;
        };
        drop(work);
        assert_eq!(stepped, whole);
        assert_eq!(pauses, whole.repairs);
        assert_eq!(
            shares.len(),
            whole.repairs as usize + 1,
            "a share before each solver run"
        );
        assert!(shares.windows(2).all(|w| w[0] < w[1]) && shares[0] == 0.0);
        assert!(*shares.last().unwrap() < 1.0);
    }

    #[test]
    fn density_rounds_to_the_nearest_mine() {
        let board = Board::new(shapes::rectangle(OffsetKind::OddR, 60, 40));
        let g = generate(&board, &settings(MineAmount::Density(0.15), 3, None, false)).unwrap();
        assert_eq!(g.layout.mine_count(), 360);
        let small = Board::new(shapes::hexagon(1));
        let g = generate(&small, &settings(MineAmount::Density(0.5), 3, None, false)).unwrap();
        assert_eq!(g.layout.mine_count(), 4); // 3.5 rounds away from zero
    }

    #[test]
    fn safe_start_keeps_start_and_neighbours_clear() {
        let board = Board::new(shapes::hexagon(3));
        let start = Hex::new(1, -1);
        for seed in 0..20 {
            let g = generate(
                &board,
                &settings(MineAmount::Count(30), seed, Some(start), false),
            )
            .unwrap();
            assert_eq!(g.layout.count_at(start), Some(0));
            assert_eq!(g.layout.mine_count(), 30);
        }
    }

    #[test]
    fn bad_settings_are_reported() {
        let board = Board::new(shapes::hexagon(2));
        let s = |amount, start| generate(&board, &settings(amount, 0, start, false));
        assert_eq!(
            s(MineAmount::Density(1.5), None),
            Err(GenerateError::BadDensity(1.5))
        );
        assert!(matches!(
            s(MineAmount::Density(f64::NAN), None),
            Err(GenerateError::BadDensity(_))
        ));
        assert_eq!(
            s(MineAmount::Count(13), Some(Hex::ORIGIN)),
            Err(GenerateError::TooManyMines {
                requested: 13,
                available: 12
            })
        );
        assert_eq!(
            s(MineAmount::Count(1), Some(Hex::new(9, 9))),
            Err(GenerateError::StartOffBoard(Hex::new(9, 9)))
        );
        assert_eq!(
            generate(
                &Board::new([]),
                &GenerateSettings::new(MineAmount::Count(0), 0)
            ),
            Err(GenerateError::EmptyBoard)
        );
    }

    #[test]
    fn no_guess_without_start_picks_and_reports_one() {
        let board = Board::new(shapes::hexagon(4));
        let g = generate(&board, &settings(MineAmount::Count(10), 5, None, true)).unwrap();
        let start = g.start.expect("a start was picked");
        assert_eq!(g.layout.count_at(start), Some(0));
        assert!(solve(&g.layout, start).unwrap().is_solved());
    }

    #[test]
    fn impossible_no_guess_gives_up_with_an_error() {
        // A lone start cell and, beyond the holes, an island of 3 cells holding the one
        // mine: the player never sees the island, so clearing it always takes a guess.
        let far: Vec<Hex> = [Hex::new(5, 0), Hex::new(6, 0), Hex::new(5, 1)].to_vec();
        let board = Board::new(std::iter::once(Hex::ORIGIN).chain(far));
        let mut s = settings(MineAmount::Count(1), 0, Some(Hex::ORIGIN), true);
        s.max_attempts = 3;
        assert_eq!(
            generate(&board, &s),
            Err(GenerateError::NoGuessNotFound { attempts: 3 })
        );
    }
}
