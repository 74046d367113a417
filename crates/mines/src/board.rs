//! The playable cells of a minesweeper board: any shape, holes allowed, with a dense index.

use hexmap_hex::Hex;
use hexmap_map::HexMap;
use std::collections::HashMap;

/// The set of playable cells of a board, with a dense index `0..len()` and precomputed
/// neighbour lists.
///
/// Cells are stored in hex order (by r, then q), so the index of a cell depends only on the
/// set of cells, never on the order they were given in. Anything missing from the set is
/// an unusable cell (a hole): it never holds a mine, never counts and is never a neighbour.
/// Neighbour lists hold playable cells only, in direction order 0..5.
///
/// ```
/// use hexmap_hex::{shapes, Hex};
/// use hexmap_mines::Board;
/// let board = Board::new(shapes::hexagon(6));
/// assert_eq!(board.len(), 127);
/// let centre = board.index_of(Hex::ORIGIN).unwrap();
/// assert_eq!(board.neighbors(centre).len(), 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: Vec<Hex>,
    index: HashMap<Hex, usize>,
    /// `neighbor_start[i]..neighbor_start[i + 1]` is the slice of `neighbor_list` for cell i.
    neighbor_start: Vec<usize>,
    neighbor_list: Vec<usize>,
}

impl Board {
    /// A board made of the given playable cells (duplicates are ignored).
    pub fn new(cells: impl IntoIterator<Item = Hex>) -> Self {
        let mut cells: Vec<Hex> = cells.into_iter().collect();
        cells.sort_unstable();
        cells.dedup();
        let index: HashMap<Hex, usize> = cells.iter().enumerate().map(|(i, &h)| (h, i)).collect();
        let mut neighbor_start = Vec::with_capacity(cells.len() + 1);
        let mut neighbor_list = Vec::with_capacity(cells.len() * 6);
        neighbor_start.push(0);
        for h in &cells {
            neighbor_list.extend(h.neighbors().iter().filter_map(|n| index.get(n).copied()));
            neighbor_start.push(neighbor_list.len());
        }
        Board {
            cells,
            index,
            neighbor_start,
            neighbor_list,
        }
    }

    /// The playable cells of a map: every cell of its shape (cells missing from the shape
    /// are holes).
    pub fn from_map(map: &HexMap) -> Self {
        Board::new(map.shape().iter())
    }

    /// Number of playable cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when the board has no playable cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// All playable cells, in index order (hex order: by r, then q).
    pub fn cells(&self) -> &[Hex] {
        &self.cells
    }

    /// The hex of cell `index`. Panics when `index >= len()` (an internal index, not input).
    pub fn hex(&self, index: usize) -> Hex {
        self.cells[index]
    }

    /// The index of `hex`, or `None` when it is not a playable cell (outside or a hole).
    pub fn index_of(&self, hex: Hex) -> Option<usize> {
        self.index.get(&hex).copied()
    }

    /// True when `hex` is a playable cell.
    pub fn contains(&self, hex: Hex) -> bool {
        self.index.contains_key(&hex)
    }

    /// The playable neighbours of cell `index` (0 to 6 of them), in direction order.
    pub fn neighbors(&self, index: usize) -> &[usize] {
        &self.neighbor_list[self.neighbor_start[index]..self.neighbor_start[index + 1]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{OffsetKind, shapes};

    #[test]
    fn hexagon_radius_six_has_127_cells_and_border_cells_fewer_neighbours() {
        let board = Board::new(shapes::hexagon(6));
        assert_eq!(board.len(), 127);
        let corner = board.index_of(Hex::new(6, -6)).unwrap();
        assert_eq!(board.neighbors(corner).len(), 3);
        let edge = board.index_of(Hex::new(6, -3)).unwrap();
        assert_eq!(board.neighbors(edge).len(), 4);
    }

    #[test]
    fn the_articles_13_by_13_level_array_is_a_radius_six_hexagon() {
        // The hexagonal minesweeper board: a 13×13 odd-r level array whose unusable
        // corners ('.') leave a hexagon of playable cells ('o').
        let rows = [
            "...ooooooo...",
            "..oooooooo...",
            "..ooooooooo..",
            ".oooooooooo..",
            ".ooooooooooo.",
            "oooooooooooo.",
            "ooooooooooooo",
            "oooooooooooo.",
            ".ooooooooooo.",
            ".oooooooooo..",
            "..ooooooooo..",
            "..oooooooo...",
            "...ooooooo...",
        ];
        let kind = OffsetKind::OddR;
        let from_array = Board::new(rows.iter().enumerate().flat_map(|(row, line)| {
            line.char_indices()
                .filter(|&(_, c)| c == 'o')
                .map(move |(col, _)| {
                    kind.to_hex(hexmap_hex::OffsetCoord::new(col as i32, row as i32))
                })
        }));
        let centre = kind.to_hex(hexmap_hex::OffsetCoord::new(6, 6));
        let hexagon = Board::new(shapes::hexagon(6).map(|h| h + centre));
        assert_eq!(from_array, hexagon);
        assert_eq!(hexagon.len(), 127);
    }

    #[test]
    fn holes_are_not_cells_and_not_neighbours() {
        let hole = Hex::new(1, 0);
        let board = Board::new(shapes::hexagon(1).filter(|&h| h != hole));
        assert_eq!(board.len(), 6);
        assert!(!board.contains(hole));
        assert_eq!(board.index_of(hole), None);
        let centre = board.index_of(Hex::ORIGIN).unwrap();
        let around: Vec<Hex> = board
            .neighbors(centre)
            .iter()
            .map(|&i| board.hex(i))
            .collect();
        assert_eq!(around.len(), 5);
        assert!(!around.contains(&hole));
    }

    #[test]
    fn index_is_independent_of_input_order_and_duplicates() {
        let a = Board::new(shapes::rectangle(OffsetKind::OddR, 5, 4));
        let mut cells: Vec<Hex> = shapes::rectangle(OffsetKind::OddR, 5, 4).collect();
        cells.reverse();
        cells.extend(cells.clone());
        let b = Board::new(cells);
        assert_eq!(a, b);
        for (i, &h) in a.cells().iter().enumerate() {
            assert_eq!(a.index_of(h), Some(i));
            assert_eq!(a.hex(i), h);
        }
    }

    #[test]
    fn neighbour_relation_is_symmetric() {
        let board = Board::new(shapes::rectangle(OffsetKind::EvenQ, 7, 5));
        for i in 0..board.len() {
            for &j in board.neighbors(i) {
                assert!(board.neighbors(j).contains(&i));
                assert_eq!(board.hex(i).distance(board.hex(j)), 1);
            }
        }
    }
}
