//! Play-test logic: the state of one game on a fixed layout, with no clock and no GUI.
//!
//! Rules:
//! - The layout is played exactly as authored: there is no first-click relocation, so a
//!   first click on a mine loses (generate with a safe start for a friendly first click).
//! - Revealing a zero opens its whole connected zero region and the region's border; flags
//!   stop that flood. Revealing a flagged or revealed cell does nothing.
//! - Flags toggle on hidden cells only. A chord on a revealed number whose flagged
//!   neighbours equal the number reveals its other hidden neighbours (a wrong flag loses).
//! - Win when every safe cell is revealed (remaining mines are then shown flagged); lose on
//!   revealing a mine (every mine is shown, wrong flags are marked). After either, actions
//!   are ignored until [`PlayState::restart`].
//! - Time is passed in by the caller as a `Duration` since any fixed origin; the timer runs
//!   from the first reveal to the end of the game.

use super::MineLayout;
use hexmap_hex::Hex;
use std::time::Duration;
use thiserror::Error;

/// Why a play action was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The hex is not a playable cell (outside the board or a hole).
    #[error("not a playable cell (outside the map or a hole)")]
    NotOnBoard(Hex),
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// Nothing revealed yet; the timer has not started.
    Ready,
    /// In progress.
    Playing,
    /// Every safe cell revealed.
    Won,
    /// A mine was revealed.
    Lost,
}

/// What the player sees on one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellView {
    /// Not revealed, no flag.
    Hidden,
    /// Flagged by the player (after a loss: a correct flag).
    Flagged,
    /// Revealed safe cell with its neighbour count (0–6).
    Revealed(u8),
    /// After a loss: an unflagged mine.
    Mine,
    /// After a loss: the mine that was revealed.
    Exploded,
    /// After a loss: a flag on a safe cell.
    WrongFlag,
}

/// One game on a layout: what is revealed and flagged, the status and the timer.
///
/// ```
/// use hexmap_hex::{shapes, Hex};
/// use hexmap_mines::{Board, GameStatus, MineLayout, PlayState};
/// use std::time::Duration;
/// let board = Board::new(shapes::hexagon(1));
/// let layout = MineLayout::with_mines(board, [Hex::new(1, 0)]).unwrap();
/// let mut game = PlayState::new(layout);
/// let opened = game.reveal(Hex::new(-1, 0), Duration::from_secs(3)).unwrap();
/// assert_eq!(opened.len(), 6); // a zero: everything but the mine opens
/// assert_eq!(game.status(), GameStatus::Won);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayState {
    layout: MineLayout,
    revealed: Vec<bool>,
    flagged: Vec<bool>,
    revealed_safe: usize,
    flags: usize,
    status: GameStatus,
    exploded: Option<usize>,
    started: Option<Duration>,
    ended: Option<Duration>,
}

impl PlayState {
    /// A fresh game on `layout`.
    pub fn new(layout: MineLayout) -> Self {
        let n = layout.board().len();
        PlayState {
            layout,
            revealed: vec![false; n],
            flagged: vec![false; n],
            revealed_safe: 0,
            flags: 0,
            status: GameStatus::Ready,
            exploded: None,
            started: None,
            ended: None,
        }
    }

    /// Start over on the same layout.
    pub fn restart(&mut self) {
        *self = PlayState::new(std::mem::replace(
            &mut self.layout,
            MineLayout::empty(super::Board::new([])),
        ));
    }

    /// The layout being played.
    pub fn layout(&self) -> &MineLayout {
        &self.layout
    }

    /// Where the game stands.
    pub fn status(&self) -> GameStatus {
        self.status
    }

    /// True once the game is won or lost.
    pub fn is_over(&self) -> bool {
        matches!(self.status, GameStatus::Won | GameStatus::Lost)
    }

    /// Mines minus flags: the "mines left" counter (negative with too many flags).
    pub fn mines_left(&self) -> i64 {
        self.layout.mine_count() as i64 - self.flags as i64
    }

    /// Safe cells revealed so far.
    pub fn revealed_safe(&self) -> usize {
        self.revealed_safe
    }

    /// The mine that was revealed, after a loss.
    pub fn exploded(&self) -> Option<Hex> {
        self.exploded.map(|i| self.layout.board().hex(i))
    }

    /// Time played at `now`: zero before the first reveal, frozen at the end of the game.
    pub fn elapsed(&self, now: Duration) -> Duration {
        match self.started {
            None => Duration::ZERO,
            Some(start) => self.ended.unwrap_or(now).saturating_sub(start),
        }
    }

    /// What the player sees on `hex`; `None` when it is not a playable cell.
    pub fn view(&self, hex: Hex) -> Option<CellView> {
        self.layout
            .board()
            .index_of(hex)
            .map(|i| self.view_index(i))
    }

    /// What the player sees on cell `index` (board index order).
    pub fn view_index(&self, i: usize) -> CellView {
        let lost = self.status == GameStatus::Lost;
        let mine = self.layout.is_mine(i);
        if self.exploded == Some(i) {
            CellView::Exploded
        } else if self.flagged[i] {
            if lost && !mine {
                CellView::WrongFlag
            } else {
                CellView::Flagged
            }
        } else if self.revealed[i] {
            CellView::Revealed(self.layout.count(i))
        } else if lost && mine {
            CellView::Mine
        } else {
            CellView::Hidden
        }
    }

    fn index(&self, hex: Hex) -> Result<usize, PlayError> {
        self.layout
            .board()
            .index_of(hex)
            .ok_or(PlayError::NotOnBoard(hex))
    }

    /// Reveal `hex` at time `now` (left click). Returns the newly revealed cells (empty when
    /// nothing happened: game over, flagged or already revealed).
    pub fn reveal(&mut self, hex: Hex, now: Duration) -> Result<Vec<Hex>, PlayError> {
        let i = self.index(hex)?;
        Ok(self.reveal_cells(&[i], now))
    }

    /// Toggle a flag on `hex` (right click or long press). Returns true when the flag
    /// changed; revealed cells and finished games are left alone.
    pub fn toggle_flag(&mut self, hex: Hex) -> Result<bool, PlayError> {
        let i = self.index(hex)?;
        if self.is_over() || self.revealed[i] {
            return Ok(false);
        }
        self.flagged[i] = !self.flagged[i];
        if self.flagged[i] {
            self.flags += 1;
        } else {
            self.flags -= 1;
        }
        Ok(true)
    }

    /// Chord on `hex` at time `now`: when it is a revealed number with exactly that many
    /// flagged neighbours, reveal its other hidden neighbours. Returns the newly revealed
    /// cells (empty when the chord does not apply).
    pub fn chord(&mut self, hex: Hex, now: Duration) -> Result<Vec<Hex>, PlayError> {
        let i = self.index(hex)?;
        if self.is_over() || !self.revealed[i] {
            return Ok(Vec::new());
        }
        let neighbours = self.layout.board().neighbors(i);
        let flags = neighbours.iter().filter(|&&n| self.flagged[n]).count();
        if flags != usize::from(self.layout.count(i)) {
            return Ok(Vec::new());
        }
        let targets: Vec<usize> = neighbours
            .iter()
            .copied()
            .filter(|&n| !self.flagged[n] && !self.revealed[n])
            .collect();
        Ok(self.reveal_cells(&targets, now))
    }

    fn reveal_cells(&mut self, targets: &[usize], now: Duration) -> Vec<Hex> {
        if self.is_over() {
            return Vec::new();
        }
        let mut newly = Vec::new();
        for &t in targets {
            let flagged = &self.flagged;
            self.layout
                .flood_reveal(t, |n| flagged[n], &mut self.revealed, &mut newly);
        }
        if newly.is_empty() {
            return Vec::new();
        }
        if self.status == GameStatus::Ready {
            self.status = GameStatus::Playing;
            self.started = Some(now);
        }
        for &n in &newly {
            if self.layout.is_mine(n) {
                if self.exploded.is_none() {
                    self.exploded = Some(n);
                }
            } else {
                self.revealed_safe += 1;
            }
        }
        if self.exploded.is_some() {
            self.status = GameStatus::Lost;
            self.ended = Some(now);
        } else if self.revealed_safe == self.layout.safe_count() {
            self.status = GameStatus::Won;
            self.ended = Some(now);
            for i in 0..self.flagged.len() {
                if self.layout.is_mine(i) && !self.flagged[i] {
                    self.flagged[i] = true;
                    self.flags += 1;
                }
            }
        }
        newly
            .into_iter()
            .map(|i| self.layout.board().hex(i))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use hexmap_hex::shapes;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    /// Radius-2 hexagon with a hole at (-1, 1) and mines at (2, -2) and (1, 0).
    fn game() -> PlayState {
        let board = Board::new(shapes::hexagon(2).filter(|&h| h != Hex::new(-1, 1)));
        PlayState::new(MineLayout::with_mines(board, [Hex::new(2, -2), Hex::new(1, 0)]).unwrap())
    }

    #[test]
    fn play_to_a_win_with_flags_and_a_chord() {
        let mut g = game();
        assert_eq!(g.status(), GameStatus::Ready);
        assert_eq!(g.mines_left(), 2);
        // (-2, 0) is a zero: its region opens, numbers at the border stop it.
        let opened = g.reveal(Hex::new(-2, 0), secs(10)).unwrap();
        assert!(opened.contains(&Hex::new(-2, 0)));
        assert!(!opened.contains(&Hex::new(1, 0)));
        assert_eq!(g.status(), GameStatus::Playing);
        assert_eq!(g.elapsed(secs(15)), secs(5));
        // After the flood only (2, -1) and (2, 0) are still hidden, with the mines.
        let hidden: Vec<Hex> = g
            .layout()
            .board()
            .cells()
            .iter()
            .copied()
            .filter(|&h| g.view(h) == Some(CellView::Hidden))
            .collect();
        assert_eq!(
            hidden,
            vec![
                Hex::new(2, -2),
                Hex::new(2, -1),
                Hex::new(1, 0),
                Hex::new(2, 0)
            ]
        );
        // Flag the mine at (1, 0); (1, 1) counts 1, so a chord there opens (2, 0).
        assert_eq!(g.view(Hex::new(1, 1)), Some(CellView::Revealed(1)));
        assert!(
            g.chord(Hex::new(1, 1), secs(12)).unwrap().is_empty(),
            "not satisfied yet"
        );
        assert!(g.toggle_flag(Hex::new(1, 0)).unwrap());
        assert_eq!(g.mines_left(), 1);
        assert_eq!(
            g.chord(Hex::new(1, 1), secs(20)).unwrap(),
            vec![Hex::new(2, 0)]
        );
        assert_eq!(g.status(), GameStatus::Playing);
        assert_eq!(
            g.reveal(Hex::new(2, -1), secs(30)).unwrap(),
            vec![Hex::new(2, -1)]
        );
        assert_eq!(g.status(), GameStatus::Won);
        assert_eq!(g.mines_left(), 0, "remaining mines are flagged on a win");
        assert_eq!(g.view(Hex::new(2, -2)), Some(CellView::Flagged));
        assert_eq!(g.elapsed(secs(100)), secs(20), "the timer stops at the win");
        // Finished: actions are ignored.
        assert_eq!(
            g.reveal(Hex::new(2, -2), secs(40)).unwrap(),
            Vec::<Hex>::new()
        );
        assert!(!g.toggle_flag(Hex::new(2, -2)).unwrap());
    }

    #[test]
    fn losing_shows_mines_and_marks_wrong_flags() {
        let mut g = game();
        g.reveal(Hex::new(-2, 0), secs(1)).unwrap();
        // A wrong flag on a safe hidden cell, a right flag on a mine.
        let wrong = Hex::new(2, -1);
        assert_eq!(g.view(wrong), Some(CellView::Hidden));
        g.toggle_flag(wrong).unwrap();
        g.toggle_flag(Hex::new(1, 0)).unwrap();
        assert_eq!(g.mines_left(), 0);
        g.reveal(Hex::new(2, -2), secs(7)).unwrap();
        assert_eq!(g.status(), GameStatus::Lost);
        assert_eq!(g.exploded(), Some(Hex::new(2, -2)));
        assert_eq!(g.view(Hex::new(2, -2)), Some(CellView::Exploded));
        assert_eq!(g.view(wrong), Some(CellView::WrongFlag));
        assert_eq!(g.view(Hex::new(1, 0)), Some(CellView::Flagged));
        assert_eq!(g.elapsed(secs(60)), secs(6));
    }

    #[test]
    fn unflagged_mines_show_after_a_loss() {
        let mut g = game();
        g.reveal(Hex::new(1, 0), secs(0)).unwrap();
        assert_eq!(
            g.status(),
            GameStatus::Lost,
            "a first click on a mine loses: no relocation"
        );
        assert_eq!(g.view(Hex::new(2, -2)), Some(CellView::Mine));
        assert_eq!(g.view(Hex::new(-2, 0)), Some(CellView::Hidden));
    }

    #[test]
    fn chord_with_a_wrong_flag_loses_and_unsatisfied_chord_does_nothing() {
        let mut g = game();
        g.reveal(Hex::ORIGIN, secs(0)).unwrap();
        assert_eq!(g.view(Hex::ORIGIN), Some(CellView::Revealed(1)));
        // No flag yet: the chord does not apply.
        assert!(g.chord(Hex::ORIGIN, secs(1)).unwrap().is_empty());
        // Flag a safe neighbour instead of the mine, chord: the mine at (1, 0) goes off.
        g.toggle_flag(Hex::new(0, 1)).unwrap();
        let opened = g.chord(Hex::ORIGIN, secs(2)).unwrap();
        assert!(opened.contains(&Hex::new(1, 0)));
        assert_eq!(g.status(), GameStatus::Lost);
        assert_eq!(g.view(Hex::new(0, 1)), Some(CellView::WrongFlag));
    }

    #[test]
    fn flags_block_reveal_and_toggle_off() {
        let mut g = game();
        let h = Hex::new(-2, 2);
        assert!(g.toggle_flag(h).unwrap());
        assert!(g.reveal(h, secs(0)).unwrap().is_empty());
        assert_eq!(
            g.status(),
            GameStatus::Ready,
            "a flag does not start the timer"
        );
        assert!(g.toggle_flag(h).unwrap());
        assert_eq!(g.view(h), Some(CellView::Hidden));
        assert_eq!(g.mines_left(), 2);
    }

    #[test]
    fn holes_are_refused_and_restart_resets() {
        let mut g = game();
        let hole = Hex::new(-1, 1);
        assert_eq!(g.reveal(hole, secs(0)), Err(PlayError::NotOnBoard(hole)));
        assert_eq!(g.toggle_flag(hole), Err(PlayError::NotOnBoard(hole)));
        assert_eq!(g.view(hole), None);
        g.reveal(Hex::new(1, 0), secs(3)).unwrap();
        assert!(g.is_over());
        g.restart();
        assert_eq!(g, game());
        assert_eq!(g.elapsed(secs(50)), Duration::ZERO);
    }
}
