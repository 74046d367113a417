//! Hex minesweeper: boards of any shape with holes, mine layouts with neighbour counts,
//! seeded generation (optionally with no guessing needed), a fairness solver and the pure
//! play-test logic the editor drives. No egui here: the GUI and the CLI call this API.
//!
//! - [`Board`]: the playable cells (holes are simply absent), a dense index and neighbour
//!   lists of playable cells only.
//! - [`MineLayout`]: a board plus its mines; neighbour counts 0–6 ([`MineLayout::counts`]),
//!   the game's zero flood ([`MineLayout::flood_reveal`]) and a suggested first click.
//! - [`generate`] with [`GenerateSettings`]: a count or density, a seed (same board +
//!   settings + seed = same layout), an optional safe start and an optional no-guess
//!   guarantee.
//! - [`solve`]: the fairness check from a start cell, answering [`Verdict::Solved`] or
//!   [`Verdict::Stuck`] with the forced-guess cells (defined in the solver's docs).
//! - [`PlayState`]: one play-test game (reveal, flag, chord, win/lose, mines left, timer)
//!   with time passed in by the caller.
//!
//! ```
//! use hexmap_hex::{shapes, Hex};
//! use hexmap_mines::*;
//! use std::time::Duration;
//! let board = Board::new(shapes::hexagon(6));
//! let settings = GenerateSettings {
//!     start: Some(Hex::ORIGIN),
//!     no_guess: true,
//!     ..GenerateSettings::new(MineAmount::Count(20), 7)
//! };
//! let layout = generate(&board, &settings).unwrap().layout;
//! assert_eq!(solve(&layout, Hex::ORIGIN).unwrap().verdict, Verdict::Solved);
//! let mut game = PlayState::new(layout);
//! game.reveal(Hex::ORIGIN, Duration::ZERO).unwrap();
//! assert_eq!(game.status(), GameStatus::Playing);
//! ```

mod board;
mod generate;
mod global;
mod layout;
mod play;
mod search;
mod solver;

pub use board::Board;
pub use generate::{
    GenerateError, GenerateSettings, Generated, MineAmount, generate, generate_in_steps,
};
pub use layout::{LayoutError, MineLayout};
pub use play::{CellView, GameStatus, PlayError, PlayState};
pub use solver::{
    RuleStats, SolveError, SolveReport, SolverLimits, Verdict, solve, solve_with_limits,
};

// Errors about a cell keep it; front ends name it the map's way (`HexError::describe`).
impl hexmap_map::HexError for crate::SolveError {
    fn hex(&self) -> Option<hexmap_hex::Hex> {
        match self {
            crate::SolveError::StartOffBoard(h) | crate::SolveError::StartIsMine(h) => Some(*h),
        }
    }
}

impl hexmap_map::HexError for crate::PlayError {
    fn hex(&self) -> Option<hexmap_hex::Hex> {
        match self {
            crate::PlayError::NotOnBoard(h) => Some(*h),
        }
    }
}

impl hexmap_map::HexError for crate::LayoutError {
    fn hex(&self) -> Option<hexmap_hex::Hex> {
        match self {
            crate::LayoutError::MineOffBoard(h) => Some(*h),
        }
    }
}

impl hexmap_map::HexError for crate::GenerateError {
    fn hex(&self) -> Option<hexmap_hex::Hex> {
        match self {
            crate::GenerateError::StartOffBoard(h) => Some(*h),
            _ => None,
        }
    }
}
