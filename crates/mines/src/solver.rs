//! The fairness check: a deterministic solver that plays a layout from a start cell using
//! only what a player sees, and tells whether the whole board can be cleared without a guess.
//!
//! What the solver knows: the board shape (holes included), the total number of mines, and
//! the count of every cell it has revealed. It never looks at unrevealed mines. It reveals
//! the start cell (a zero opens its region as in the game) and then repeats, cheapest first:
//!
//! 1. **Single-cell rules**: a revealed count whose mines are all found makes its other
//!    unknown neighbours safe; a count equal to its unknown neighbours makes them all mines.
//! 2. **Pair (subset) rules** between two counts A and B sharing unknown cells: with `rA`,
//!    `rB` the mines still missing, if `rA − rB` equals the number of cells only A sees, then
//!    those cells are mines and the cells only B sees are safe (this includes the classic
//!    subset rule, where A's cells lie inside B's).
//! 3. **Exact search over frontier groups**: the unknown cells next to revealed counts are
//!    split into groups linked by shared counts. A group of at most
//!    [`SolverLimits::exact_group_cells`] cells is enumerated exactly; a cell that is a mine
//!    in every solution is a mine, safe in every solution is safe. A larger group is examined
//!    through windows of at most [`SolverLimits::window_cells`] cells grown breadth-first
//!    around each count (every count touching a window constrains it: exactly when all its
//!    cells lie inside, as a range otherwise), each enumerated exactly.
//! 4. **Global mine count**: the mines of all groups plus the mines in the interior (unknown
//!    cells next to no revealed count) must add up to the mines not yet found; this can rule
//!    out group solutions and settle the interior (all safe or all mines).
//!
//! Every rule is sound, so the solver never reveals a mine. It stops when the safe cells are
//! all revealed (**solved**) or nothing more can be deduced (**stuck**).
//!
//! **Forced-guess cells** (when stuck): the unknown cells that touch a revealed count and
//! that no rule could decide — the frontier where the player must guess to go on. When no
//! unknown cell touches a revealed count (the rest of the board lies beyond holes, out of
//! sight), every undecided unknown cell is a forced-guess cell.

use super::search::MAX_GROUP_CELLS;
use super::{Board, MineLayout};
use hexmap_hex::Hex;
use std::collections::VecDeque;
use thiserror::Error;

/// Why a layout could not be checked from a start cell.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The start is not a playable cell (outside the board or a hole).
    #[error("the start is not a playable cell (outside the map or a hole)")]
    StartOffBoard(Hex),
    /// The start holds a mine, so the first click loses.
    #[error("the start holds a mine")]
    StartIsMine(Hex),
}

/// Bounds on the solver's exact search, so a check always ends quickly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverLimits {
    /// Largest frontier group enumerated as a whole (at most 64).
    pub exact_group_cells: usize,
    /// Most cells in a window: the bounded piece of a larger group enumerated around one
    /// count (at most 64).
    pub window_cells: usize,
    /// Most search nodes per enumeration; past it the group is left undecided.
    pub node_budget: usize,
}

impl Default for SolverLimits {
    fn default() -> Self {
        SolverLimits {
            exact_group_cells: 24,
            window_cells: 16,
            node_budget: 20_000,
        }
    }
}

/// How many cells each rule decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleStats {
    /// Cells decided by single-cell rules.
    pub single: usize,
    /// Cells decided by pair (subset) rules.
    pub pair: usize,
    /// Cells decided by exact search over a frontier group or window.
    pub search: usize,
    /// Cells decided only thanks to the total mine count.
    pub global: usize,
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every safe cell can be revealed without guessing.
    Solved,
    /// The solver got stuck; a guess is forced at these cells (see the module docs), in hex
    /// order.
    Stuck {
        /// The undecided frontier cells where the player must guess.
        forced_guess_cells: Vec<Hex>,
    },
}

/// The full result of a check: the verdict and what the solver reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    /// Solved or stuck.
    pub verdict: Verdict,
    /// Cells the solver revealed, in hex order.
    pub revealed: Vec<Hex>,
    /// Mines the solver deduced, in hex order.
    pub deduced_mines: Vec<Hex>,
    /// Cells decided per rule.
    pub stats: RuleStats,
}

impl SolveReport {
    /// True when the layout was cleared without a guess.
    pub fn is_solved(&self) -> bool {
        self.verdict == Verdict::Solved
    }
}

/// Check `layout` from `start` with the default limits.
///
/// ```
/// use hexmap_hex::{shapes, Hex};
/// use hexmap_mines::{solve, Board, MineLayout};
/// let board = Board::new(shapes::hexagon(3));
/// let layout = MineLayout::with_mines(board, [Hex::new(3, -3)]).unwrap();
/// assert!(solve(&layout, Hex::ORIGIN).unwrap().is_solved());
/// ```
pub fn solve(layout: &MineLayout, start: Hex) -> Result<SolveReport, SolveError> {
    solve_with_limits(layout, start, SolverLimits::default())
}

/// Check `layout` from `start` with explicit search limits.
pub fn solve_with_limits(
    layout: &MineLayout,
    start: Hex,
    limits: SolverLimits,
) -> Result<SolveReport, SolveError> {
    let board = layout.board();
    let s = board
        .index_of(start)
        .ok_or(SolveError::StartOffBoard(start))?;
    if layout.is_mine(s) {
        return Err(SolveError::StartIsMine(start));
    }
    let state = solve_indices(layout, s, limits);
    let hexes = |flags: &[bool]| -> Vec<Hex> {
        flags
            .iter()
            .enumerate()
            .filter(|&(_, &f)| f)
            .map(|(i, _)| board.hex(i))
            .collect()
    };
    let verdict = if state.solved {
        Verdict::Solved
    } else {
        Verdict::Stuck {
            forced_guess_cells: state
                .forced_guess_cells(board)
                .into_iter()
                .map(|i| board.hex(i))
                .collect(),
        }
    };
    Ok(SolveReport {
        verdict,
        revealed: hexes(&state.revealed),
        deduced_mines: hexes(&state.mine),
        stats: state.stats,
    })
}

/// Where the solver ended, by cell index (used by the generator to repair layouts).
#[derive(Clone, Debug)]
pub(crate) struct SolveState {
    pub revealed: Vec<bool>,
    pub mine: Vec<bool>,
    pub solved: bool,
    pub stats: RuleStats,
}

impl SolveState {
    /// Unknown cells (neither revealed nor deduced).
    pub fn is_unknown(&self, i: usize) -> bool {
        !self.revealed[i] && !self.mine[i]
    }

    /// True when unknown cell `i` touches a revealed cell.
    pub fn is_frontier(&self, board: &Board, i: usize) -> bool {
        self.is_unknown(i) && board.neighbors(i).iter().any(|&n| self.revealed[n])
    }

    /// The forced-guess cells as defined in the module docs, by index.
    pub fn forced_guess_cells(&self, board: &Board) -> Vec<usize> {
        if self.solved {
            return Vec::new();
        }
        let frontier: Vec<usize> = (0..board.len())
            .filter(|&i| self.is_frontier(board, i))
            .collect();
        if frontier.is_empty() {
            (0..board.len()).filter(|&i| self.is_unknown(i)).collect()
        } else {
            frontier
        }
    }
}

/// Run the solver from safe cell `start` (an index).
pub(crate) fn solve_indices(layout: &MineLayout, start: usize, limits: SolverLimits) -> SolveState {
    let n = layout.board().len();
    let mut solver = Solver {
        layout,
        board: layout.board(),
        limits: SolverLimits {
            exact_group_cells: limits.exact_group_cells.min(MAX_GROUP_CELLS),
            window_cells: limits.window_cells.min(MAX_GROUP_CELLS),
            ..limits
        },
        revealed: vec![false; n],
        mine: vec![false; n],
        revealed_count: 0,
        mine_count: 0,
        queue: VecDeque::new(),
        queued: vec![false; n],
        stats: RuleStats::default(),
    };
    solver.reveal(start);
    loop {
        solver.run_local_rules();
        if solver.revealed_count == layout.safe_count() || !solver.run_search() {
            break;
        }
    }
    SolveState {
        solved: solver.revealed_count == layout.safe_count(),
        revealed: solver.revealed,
        mine: solver.mine,
        stats: solver.stats,
    }
}

/// Which rule made a decision (for the statistics).
#[derive(Clone, Copy)]
enum Rule {
    Single,
    Pair,
    Search,
    Global,
}

/// The unknown neighbours of a revealed cell (at most 6) and the mines still missing there.
struct Constraint {
    cells: [usize; 6],
    len: usize,
    missing: i32,
}

impl Constraint {
    fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

struct Solver<'a> {
    layout: &'a MineLayout,
    board: &'a Board,
    limits: SolverLimits,
    revealed: Vec<bool>,
    mine: Vec<bool>,
    revealed_count: usize,
    mine_count: usize,
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    stats: RuleStats,
}

impl Solver<'_> {
    fn is_unknown(&self, i: usize) -> bool {
        !self.revealed[i] && !self.mine[i]
    }

    fn enqueue(&mut self, i: usize) {
        if self.revealed[i] && !self.queued[i] {
            self.queued[i] = true;
            self.queue.push_back(i);
        }
    }

    /// Queue the revealed neighbours of `i`: their unknown sets changed.
    fn touch(&mut self, i: usize) {
        for &n in self.board.neighbors(i) {
            self.enqueue(n);
        }
    }

    /// Reveal a cell known to be safe, with the game's zero flood.
    fn reveal(&mut self, i: usize) {
        debug_assert!(
            !self.layout.is_mine(i),
            "solver revealed a mine: an unsound rule"
        );
        let mut newly = Vec::new();
        let mine = &self.mine;
        self.layout
            .flood_reveal(i, |n| mine[n], &mut self.revealed, &mut newly);
        self.revealed_count += newly.len();
        for n in newly {
            self.enqueue(n);
            self.touch(n);
        }
    }

    fn mark_mine(&mut self, i: usize) {
        debug_assert!(
            self.layout.is_mine(i),
            "solver flagged a safe cell: an unsound rule"
        );
        if !self.mine[i] {
            self.mine[i] = true;
            self.mine_count += 1;
            self.touch(i);
        }
    }

    /// Apply a decision on an unknown cell; false when it was already decided.
    fn decide(&mut self, i: usize, is_mine: bool, rule: Rule) -> bool {
        if !self.is_unknown(i) {
            return false;
        }
        if is_mine {
            self.mark_mine(i);
        } else {
            self.reveal(i);
        }
        match rule {
            Rule::Single => self.stats.single += 1,
            Rule::Pair => self.stats.pair += 1,
            Rule::Search => self.stats.search += 1,
            Rule::Global => self.stats.global += 1,
        }
        true
    }

    fn constraint(&self, a: usize) -> Constraint {
        let mut c = Constraint {
            cells: [0; 6],
            len: 0,
            missing: i32::from(self.layout.count(a)),
        };
        for &n in self.board.neighbors(a) {
            if self.mine[n] {
                c.missing -= 1;
            } else if !self.revealed[n] {
                c.cells[c.len] = n;
                c.len += 1;
            }
        }
        c
    }

    /// Single-cell and pair rules until no queued count gives anything more.
    fn run_local_rules(&mut self) {
        while let Some(a) = self.queue.pop_front() {
            self.queued[a] = false;
            let ca = self.constraint(a);
            if ca.len == 0 {
                continue;
            }
            if ca.missing == 0 || ca.missing == ca.len as i32 {
                let is_mine = ca.missing != 0;
                for &u in ca.cells() {
                    self.decide(u, is_mine, Rule::Single);
                }
                continue;
            }
            let mut partners: Vec<usize> = Vec::with_capacity(12);
            for &u in ca.cells() {
                for &b in self.board.neighbors(u) {
                    if b != a && self.revealed[b] && !partners.contains(&b) {
                        partners.push(b);
                    }
                }
            }
            for b in partners {
                let cb = self.constraint(b);
                if self.apply_pair(&ca, &cb) || self.apply_pair(&cb, &ca) {
                    break;
                }
            }
        }
    }

    /// If A's missing mines exceed B's by exactly the cells only A sees, those are mines and
    /// the cells only B sees are safe. True when something was decided.
    fn apply_pair(&mut self, a: &Constraint, b: &Constraint) -> bool {
        let only_a: Vec<usize> = a
            .cells()
            .iter()
            .copied()
            .filter(|c| !b.cells().contains(c))
            .collect();
        let only_b: Vec<usize> = b
            .cells()
            .iter()
            .copied()
            .filter(|c| !a.cells().contains(c))
            .collect();
        if a.missing - b.missing != only_a.len() as i32 || only_a.len() + only_b.len() == 0 {
            return false;
        }
        let mut any = false;
        for &c in &only_a {
            any |= self.decide(c, true, Rule::Pair);
        }
        for &c in &only_b {
            any |= self.decide(c, false, Rule::Pair);
        }
        any
    }
}

mod frontier;

#[cfg(test)]
mod tests;
