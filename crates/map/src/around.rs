//! Plain geometry on a map: the cells next to a cell, on a ring around it and within a
//! distance of it — what `hexmap neighbours`, `ring` and `range` answer. Unlike routes and
//! movement ranges they ignore costs, unlike the field of view they ignore sight; they only
//! keep to the map's cells. The work is bounded by the map: a radius past its farthest cell
//! costs no more than the map itself.

use super::HexMap;
use super::routes::farthest_cell_distance;
use hexmap_hex::{Direction, Hex, range, range_count, ring};

impl HexMap {
    /// The cells of the map next to `h`, in direction order (index 0 to 5, the order of
    /// [`Direction::ALL`]), each with the direction it lies in.
    pub fn neighbours_on_map(&self, h: Hex) -> Vec<(Direction, Hex)> {
        Direction::ALL
            .into_iter()
            .map(|d| (d, h.neighbor(d)))
            .filter(|&(_, n)| self.contains(n))
            .collect()
    }

    /// The cells of the map exactly `radius` steps from `center`, in ring order
    /// ([`hexmap_hex::ring`]: from the hex `radius` steps in direction 4, round through
    /// directions 0 to 5); radius 0 is `center` alone. Empty past the map's farthest cell.
    pub fn ring_cells(&self, center: Hex, radius: u32) -> Vec<Hex> {
        if radius > farthest_cell_distance(self.shape(), center) {
            return Vec::new();
        }
        ring(center, radius).filter(|&h| self.contains(h)).collect()
    }

    /// The cells of the map at most `radius` steps from `center` (`center` included),
    /// sorted by r then q. A radius past the map's farthest cell is cut to it.
    pub fn cells_within(&self, center: Hex, radius: u32) -> Vec<Hex> {
        let radius = radius.min(farthest_cell_distance(self.shape(), center));
        if (self.cell_count() as u64) < range_count(radius) {
            let mut cells: Vec<Hex> = self
                .shape()
                .iter()
                .filter(|h| h.distance(center).unsigned_abs() <= radius)
                .collect();
            cells.sort_unstable();
            return cells;
        }
        range(center, radius)
            .filter(|&h| self.contains(h))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::MapShape;
    use hexmap_hex::{Hex, OffsetKind, Orientation};

    #[test]
    fn a_corner_cell_has_the_neighbours_rings_and_range_the_map_holds() {
        let m = crate::testing::map_on(
            Orientation::Pointy,
            MapShape::rectangle(OffsetKind::OddR, 6, 4).unwrap(),
        );
        let corner = Hex::ORIGIN;
        let next: Vec<Hex> = m.neighbours_on_map(corner).iter().map(|p| p.1).collect();
        // East and south-east (odd-r shoves row 1 right, so south-west is off the map).
        assert_eq!(next, [Hex::new(1, 0), Hex::new(0, 1)]);
        assert_eq!(m.ring_cells(corner, 0), [corner]);
        let ring2 = m.ring_cells(corner, 2);
        assert!(
            ring2
                .iter()
                .all(|h| h.distance(corner) == 2 && m.contains(*h))
        );
        let all_at_2 = m.shape().iter().filter(|h| h.distance(corner) == 2).count();
        assert_eq!(ring2.len(), all_at_2);
        // Past the farthest cell: no ring, and the whole map in range.
        assert!(m.ring_cells(corner, 1000).is_empty());
        let mut whole: Vec<Hex> = m.shape().iter().collect();
        whole.sort_unstable();
        assert_eq!(m.cells_within(corner, u32::MAX), whole);
        let near = m.cells_within(corner, 1);
        assert_eq!(near, [corner, Hex::new(1, 0), Hex::new(0, 1)]);
    }

    #[test]
    fn a_range_walks_the_disc_or_the_cells_and_finds_the_same() {
        // A large hexagon: a small radius walks the disc, a large one the map's cells.
        let m = crate::testing::hexagon_map(30, Orientation::Flat);
        for (centre, radius) in [(Hex::new(3, -2), 4), (Hex::new(29, 0), 40)] {
            let mut want: Vec<Hex> = m
                .shape()
                .iter()
                .filter(|h| h.distance(centre) <= radius)
                .collect();
            want.sort_unstable();
            assert_eq!(m.cells_within(centre, radius as u32), want);
        }
    }
}
