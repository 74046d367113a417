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

use hexmap_hex::Hex;

pub use board::Board;
pub use generate::{
    GenerateError, GenerateSettings, Generated, MineAmount, generate, generate_in_steps,
};
pub use layout::{LayoutError, MineLayout};
pub use play::{CellView, GameStatus, PlayError, PlayState};
pub use solver::{
    RuleStats, SolveError, SolveReport, SolverLimits, Verdict, solve, solve_with_limits,
};

// Errors about a cell keep it; front ends name it the map's way (`HexError::describe`),
// inside the sentence: "start odd-r 4,2 holds a mine".

/// The sentence for a start that is not a playable cell, the start named by `name`.
fn start_off_board(name: &dyn Fn(Hex) -> String, h: Hex) -> String {
    format!(
        "start {} is not a playable cell (outside the map or a hole)",
        name(h)
    )
}

impl hexmap_map::HexError for SolveError {
    fn hex(&self) -> Option<Hex> {
        match self {
            SolveError::StartOffBoard(h) | SolveError::StartIsMine(h) => Some(*h),
        }
    }

    fn describe_with(&self, name: &dyn Fn(Hex) -> String) -> String {
        match self {
            SolveError::StartOffBoard(h) => start_off_board(name, *h),
            SolveError::StartIsMine(h) => format!("start {} holds a mine", name(*h)),
        }
    }
}

impl hexmap_map::HexError for PlayError {
    fn hex(&self) -> Option<Hex> {
        match self {
            PlayError::NotOnBoard(h) => Some(*h),
        }
    }

    fn describe_with(&self, name: &dyn Fn(Hex) -> String) -> String {
        match self {
            PlayError::NotOnBoard(h) => format!(
                "{} is not a playable cell (outside the map or a hole)",
                name(*h)
            ),
        }
    }
}

impl hexmap_map::HexError for LayoutError {
    fn hex(&self) -> Option<Hex> {
        match self {
            LayoutError::MineOffBoard(h) => Some(*h),
        }
    }

    fn describe_with(&self, name: &dyn Fn(Hex) -> String) -> String {
        match self {
            LayoutError::MineOffBoard(h) => format!(
                "mine at {} is not on a playable cell (outside the map or a hole)",
                name(*h)
            ),
        }
    }
}

impl hexmap_map::HexError for GenerateError {
    fn hex(&self) -> Option<Hex> {
        match self {
            GenerateError::StartOffBoard(h) => Some(*h),
            _ => None,
        }
    }

    fn describe_with(&self, name: &dyn Fn(Hex) -> String) -> String {
        match self {
            GenerateError::StartOffBoard(h) => start_off_board(name, *h),
            _ => self.to_string(),
        }
    }
}

#[cfg(test)]
mod hex_error_tests {
    use super::*;
    use hexmap_map::HexError;

    #[test]
    fn a_start_on_a_mine_is_named_inside_the_sentence_and_never_in_cube_form() {
        let h = Hex::new(3, -1);
        let e = SolveError::StartIsMine(h);
        assert!(!e.to_string().contains(&h.to_string()), "{e}");
        let named = e.describe_with(&|_| "odd-r 4,2".to_string());
        assert_eq!(named, "start odd-r 4,2 holds a mine");
    }
}
