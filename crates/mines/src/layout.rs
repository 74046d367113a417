//! A mine layout: a board plus the set of cells holding mines, with neighbour counts.

use super::Board;
use hexmap_hex::Hex;
use hexmap_map::HexMap;
use thiserror::Error;

/// Why a mine layout could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LayoutError {
    /// A mine was placed on a hex that is not a playable cell (outside the board or a hole).
    #[error("a mine is not on a playable cell (outside the map or a hole)")]
    MineOffBoard(Hex),
}

/// A board and its mines. Holes are not cells, so they can never hold a mine or count.
///
/// ```
/// use hexmap_hex::{shapes, Hex};
/// use hexmap_mines::{Board, MineLayout};
/// let board = Board::new(shapes::hexagon(1));
/// let layout = MineLayout::with_mines(board, [Hex::new(1, 0)]).unwrap();
/// assert_eq!(layout.mine_count(), 1);
/// assert_eq!(layout.count_at(Hex::ORIGIN), Some(1));
/// assert_eq!(layout.count_at(Hex::new(-1, 0)), Some(0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MineLayout {
    board: Board,
    mines: Vec<bool>,
    mine_count: usize,
}

impl MineLayout {
    /// A layout with no mines.
    pub fn empty(board: Board) -> Self {
        let mines = vec![false; board.len()];
        MineLayout {
            board,
            mines,
            mine_count: 0,
        }
    }

    /// A layout with mines on the given hexes (duplicates ignored); fails on a hex that is
    /// not a playable cell.
    pub fn with_mines(
        board: Board,
        mines: impl IntoIterator<Item = Hex>,
    ) -> Result<Self, LayoutError> {
        let mut layout = MineLayout::empty(board);
        for h in mines {
            let i = layout
                .board
                .index_of(h)
                .ok_or(LayoutError::MineOffBoard(h))?;
            layout.set_mine(i, true);
        }
        Ok(layout)
    }

    /// The mines layer of a map as a layout on [`Board::from_map`].
    pub fn from_map(map: &HexMap) -> Self {
        let board = Board::from_map(map);
        let mines = board.cells().iter().map(|&h| map.is_mine(h)).collect();
        MineLayout::from_flags(board, mines).expect("one flag per cell")
    }

    /// A layout from a mine flag per cell index; `None` when the length differs from the
    /// board's cell count.
    pub fn from_flags(board: Board, mines: Vec<bool>) -> Option<Self> {
        (mines.len() == board.len()).then(|| {
            let mine_count = mines.iter().filter(|&&m| m).count();
            MineLayout {
                board,
                mines,
                mine_count,
            }
        })
    }

    /// The board the mines lie on.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Number of mines.
    pub fn mine_count(&self) -> usize {
        self.mine_count
    }

    /// Number of safe (mine-free) playable cells.
    pub fn safe_count(&self) -> usize {
        self.board.len() - self.mine_count
    }

    /// True when cell `index` holds a mine.
    pub fn is_mine(&self, index: usize) -> bool {
        self.mines[index]
    }

    /// True when `hex` is a playable cell holding a mine.
    pub fn is_mine_at(&self, hex: Hex) -> bool {
        self.board.index_of(hex).is_some_and(|i| self.mines[i])
    }

    /// Put or remove a mine on cell `index`.
    pub fn set_mine(&mut self, index: usize, mine: bool) {
        if self.mines[index] != mine {
            self.mines[index] = mine;
            if mine {
                self.mine_count += 1;
            } else {
                self.mine_count -= 1;
            }
        }
    }

    /// The mined hexes, in hex order.
    pub fn mines(&self) -> impl Iterator<Item = Hex> + '_ {
        self.mines
            .iter()
            .enumerate()
            .filter(|&(_, &m)| m)
            .map(|(i, _)| self.board.hex(i))
    }

    /// Number of mines among the playable neighbours of cell `index` (0–6); defined for
    /// mined cells too.
    pub fn count(&self, index: usize) -> u8 {
        self.board
            .neighbors(index)
            .iter()
            .filter(|&&n| self.mines[n])
            .count() as u8
    }

    /// The neighbour count of `hex` when it is a safe playable cell; `None` for a mine or a
    /// hex that is not playable.
    pub fn count_at(&self, hex: Hex) -> Option<u8> {
        let i = self.board.index_of(hex)?;
        (!self.mines[i]).then(|| self.count(i))
    }

    /// The neighbour count of every cell in index order, `None` for mines: what the editor
    /// shows and what exports write.
    pub fn counts(&self) -> Vec<Option<u8>> {
        (0..self.board.len())
            .map(|i| (!self.mines[i]).then(|| self.count(i)))
            .collect()
    }

    /// A good first click when none is given: the zero cell whose flood opens the most
    /// cells (first in hex order on ties), else the safe cell with the lowest count; `None`
    /// when every cell is a mine.
    pub fn suggested_start(&self) -> Option<Hex> {
        let n = self.board.len();
        let mut seen = vec![false; n];
        let mut best: Option<(usize, usize)> = None; // (opened, cell)
        let mut newly = Vec::new();
        for i in 0..n {
            if self.mines[i] || seen[i] || self.count(i) != 0 {
                continue;
            }
            let mut revealed = vec![false; n];
            newly.clear();
            self.flood_reveal(i, |_| false, &mut revealed, &mut newly);
            for &j in &newly {
                seen[j] = true;
            }
            if best.is_none_or(|(opened, _)| newly.len() > opened) {
                best = Some((newly.len(), i));
            }
        }
        let fallback = || {
            (0..n)
                .filter(|&i| !self.mines[i])
                .min_by_key(|&i| self.count(i))
        };
        best.map(|(_, i)| i)
            .or_else(fallback)
            .map(|i| self.board.hex(i))
    }

    /// Reveal `start` the way the game does: mark it revealed and, when it is a safe zero,
    /// spread through the connected zero region and its border. Cells for which `blocked`
    /// is true (flags) and cells already revealed are not entered. Newly revealed cells are
    /// appended to `newly` in the order they were revealed. Revealing a mine marks only it.
    pub fn flood_reveal(
        &self,
        start: usize,
        blocked: impl Fn(usize) -> bool,
        revealed: &mut [bool],
        newly: &mut Vec<usize>,
    ) {
        if revealed[start] || blocked(start) {
            return;
        }
        revealed[start] = true;
        newly.push(start);
        if self.mines[start] {
            return;
        }
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            if self.count(i) != 0 {
                continue;
            }
            for &n in self.board.neighbors(i) {
                if !revealed[n] && !blocked(n) {
                    revealed[n] = true;
                    newly.push(n);
                    stack.push(n);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{OffsetCoord, OffsetKind, shapes};
    use std::collections::BTreeSet;

    fn flood_set(layout: &MineLayout, start: Hex, flags: &[Hex]) -> BTreeSet<Hex> {
        let board = layout.board();
        let flagged: Vec<bool> = (0..board.len())
            .map(|i| flags.contains(&board.hex(i)))
            .collect();
        let mut revealed = vec![false; board.len()];
        let mut newly = Vec::new();
        layout.flood_reveal(
            board.index_of(start).unwrap(),
            |i| flagged[i],
            &mut revealed,
            &mut newly,
        );
        assert_eq!(newly.len(), revealed.iter().filter(|&&r| r).count());
        newly.iter().map(|&i| board.hex(i)).collect()
    }

    #[test]
    fn mines_off_board_and_on_holes_are_rejected() {
        let hole = Hex::new(0, 0);
        let board = Board::new(shapes::hexagon(2).filter(|&h| h != hole));
        assert_eq!(
            MineLayout::with_mines(board.clone(), [hole]),
            Err(LayoutError::MineOffBoard(hole))
        );
        assert_eq!(
            MineLayout::with_mines(board, [Hex::new(5, 0)]),
            Err(LayoutError::MineOffBoard(Hex::new(5, 0)))
        );
    }

    #[test]
    fn counts_ignore_holes_and_range_over_zero_to_six() {
        let board = Board::new(shapes::hexagon(2));
        let ring: Vec<Hex> = Hex::ORIGIN.neighbors().to_vec();
        let layout = MineLayout::with_mines(board, ring.clone()).unwrap();
        assert_eq!(layout.count_at(Hex::ORIGIN), Some(6));
        assert_eq!(layout.count_at(ring[0]), None);
        // (2, -1) touches ring cells (1, -1) and (1, 0).
        assert_eq!(layout.count_at(Hex::new(2, -1)), Some(2));
        // (2, -2) touches only (1, -1) among the ring.
        assert_eq!(layout.count_at(Hex::new(2, -2)), Some(1));
        let counts = layout.counts();
        assert_eq!(counts.iter().filter(|c| c.is_none()).count(), 6);
        assert_eq!(layout.safe_count(), 19 - 6);
    }

    #[test]
    fn flood_reveals_zero_region_and_its_border_around_holes() {
        // A 6×3 odd-r rectangle; the column-2 cells of every row are holes, splitting the
        // board into a left part (cols 0–1) and a right part (cols 3–5).
        let kind = OffsetKind::OddR;
        let at = |col, row| kind.to_hex(OffsetCoord::new(col, row));
        let holes = [at(2, 0), at(2, 1), at(2, 2)];
        let board = Board::new(shapes::rectangle(kind, 6, 3).filter(|h| !holes.contains(h)));
        let mine = at(5, 2);
        let layout = MineLayout::with_mines(board, [mine]).unwrap();
        // Clicking the left part: all zeros there, and the holes stop the flood.
        let left: BTreeSet<Hex> = [at(0, 0), at(1, 0), at(0, 1), at(1, 1), at(0, 2), at(1, 2)]
            .into_iter()
            .collect();
        assert_eq!(flood_set(&layout, at(0, 1), &[]), left);
        // Clicking the right part top-left: every right cell but the mine is revealed.
        let right: BTreeSet<Hex> = [
            at(3, 0),
            at(4, 0),
            at(5, 0),
            at(3, 1),
            at(4, 1),
            at(5, 1),
            at(3, 2),
            at(4, 2),
        ]
        .into_iter()
        .collect();
        assert_eq!(flood_set(&layout, at(3, 0), &[]), right);
    }

    #[test]
    fn flood_stops_at_numbers_and_flags() {
        // Hexagon radius 2 with a hole at the origin and a mine at (2, -2).
        let board = Board::new(shapes::hexagon(2).filter(|&h| h != Hex::ORIGIN));
        let mine = Hex::new(2, -2);
        let layout = MineLayout::with_mines(board.clone(), [mine]).unwrap();
        // Numbers (count 1) around the mine: (1, -1), (1, -2), (2, -1).
        let numbers = [Hex::new(1, -1), Hex::new(1, -2), Hex::new(2, -1)];
        let all_safe: BTreeSet<Hex> = board
            .cells()
            .iter()
            .copied()
            .filter(|&h| h != mine)
            .collect();
        // The ring around the hole is connected, so a zero click opens every safe cell.
        assert_eq!(flood_set(&layout, Hex::new(-2, 0), &[]), all_safe);
        // A number click reveals only itself.
        assert_eq!(
            flood_set(&layout, numbers[0], &[]),
            [numbers[0]].into_iter().collect()
        );
        // Flags on the safe cells of the q = 0 column (the hole is the rest of it) cut the
        // board in two: the flood from (-2, 0) then stays in the west half.
        let flags = [
            Hex::new(0, -2),
            Hex::new(0, -1),
            Hex::new(0, 1),
            Hex::new(0, 2),
        ];
        let west: BTreeSet<Hex> = board.cells().iter().copied().filter(|h| h.q < 0).collect();
        assert_eq!(flood_set(&layout, Hex::new(-2, 0), &flags), west);
    }

    #[test]
    fn suggested_start_opens_the_largest_zero_region() {
        // Two islands: a radius-1 hexagon and a radius-2 one; the larger opens more.
        let small: Vec<Hex> = shapes::hexagon(1).collect();
        let large: Vec<Hex> = shapes::hexagon(2).map(|h| h + Hex::new(10, 0)).collect();
        let board = Board::new(small.iter().chain(&large).copied());
        let layout = MineLayout::with_mines(board.clone(), [Hex::new(12, -2)]).unwrap();
        let start = layout.suggested_start().unwrap();
        assert!(large.contains(&start));
        assert_eq!(layout.count_at(start), Some(0));
        // No zero anywhere: the lowest count wins; all mines: no start.
        // Mines on the centre and (1, 0): (1, -1) counts 2, (0, -1) counts 1 and comes first.
        let two = MineLayout::with_mines(Board::new(small.clone()), [Hex::ORIGIN, Hex::new(1, 0)])
            .unwrap();
        assert_eq!(two.count_at(Hex::new(1, -1)), Some(2));
        assert_eq!(two.suggested_start(), Some(Hex::new(0, -1)));
        let full =
            MineLayout::with_mines(Board::new(small.clone()), small.iter().copied()).unwrap();
        assert_eq!(full.suggested_start(), None);
    }

    #[test]
    fn layout_from_a_map_has_its_cells_and_mines() {
        use hexmap_hex::Orientation;
        use hexmap_map::MapShape;
        let shape = MapShape::cells(shapes::hexagon(2).filter(|&h| h != Hex::ORIGIN)).unwrap();
        let mut map = hexmap_map::testing::map_on(Orientation::Pointy, shape);
        map.set_mine(Hex::new(1, 0), true).unwrap();
        map.set_mine(Hex::new(-2, 2), true).unwrap();
        let layout = MineLayout::from_map(&map);
        assert_eq!(layout.board().len(), 18);
        assert!(!layout.board().contains(Hex::ORIGIN));
        assert_eq!(
            layout.mines().collect::<Vec<_>>(),
            vec![Hex::new(1, 0), Hex::new(-2, 2)]
        );
    }

    #[test]
    fn revealing_a_mine_marks_only_the_mine() {
        let board = Board::new(shapes::hexagon(1));
        let layout = MineLayout::with_mines(board, [Hex::ORIGIN]).unwrap();
        assert_eq!(
            flood_set(&layout, Hex::ORIGIN, &[]),
            [Hex::ORIGIN].into_iter().collect()
        );
    }
}
