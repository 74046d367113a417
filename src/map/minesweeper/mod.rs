//! Hex minesweeper: boards of any shape with holes, mine layouts with neighbour counts,
//! seeded generation (optionally with no guessing needed), a fairness solver and the pure
//! play-test logic the editor drives. No egui here: the GUI and the CLI call this API.

mod board;
mod generate;
mod global;
mod layout;
mod play;
mod search;
mod solver;

pub use board::Board;
pub use generate::{GenerateError, GenerateSettings, Generated, MineAmount, generate};
pub use layout::{LayoutError, MineLayout};
pub use play::{CellView, GameStatus, PlayError, PlayState};
pub use solver::{
    RuleStats, SolveError, SolveReport, SolverLimits, Verdict, solve, solve_with_limits,
};
