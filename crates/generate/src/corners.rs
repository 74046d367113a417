//! Hex corners for rivers: a corner is where three hexes meet, named by the three sorted,
//! so a corner has one name whichever hex it is seen from. A river runs from a corner to
//! one of its three neighbouring corners along the side of two of its hexes.

use hexmap_hex::{Direction, Edge, Hex};

/// A corner: the three hexes that meet there, sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Corner([Hex; 3]);

impl Corner {
    /// Corner `i` (0..5) of `h`: between its neighbours in directions `i` and `i + 1`.
    pub fn of(h: Hex, i: usize) -> Corner {
        let d = |k: usize| Direction::ALL[k % 6];
        Corner::from_hexes([h, h.neighbor(d(i)), h.neighbor(d(i + 1))])
    }

    fn from_hexes(mut hexes: [Hex; 3]) -> Corner {
        hexes.sort_unstable();
        Corner(hexes)
    }

    /// The three hexes that meet here, sorted.
    pub fn hexes(self) -> [Hex; 3] {
        self.0
    }

    /// The three neighbouring corners, each with the side that leads there.
    pub fn neighbours(self) -> [(Corner, Edge); 3] {
        let [a, b, c] = self.0;
        [(a, b, c), (a, c, b), (b, c, a)].map(|(x, y, third)| {
            let other = common_neighbours(x, y)
                .into_iter()
                .find(|&z| z != third)
                .expect("two neighbours share two hexes");
            let edge = Edge::between(x, y).expect("the hexes of a corner are neighbours");
            (Corner::from_hexes([x, y, other]), edge)
        })
    }
}

impl Corner {
    /// The two corners at the ends of side `e`: where its two hexes meet each of their
    /// two common neighbours.
    pub fn ends_of(e: Edge) -> [Corner; 2] {
        let (a, b) = e.hexes();
        common_neighbours(a, b).map(|x| Corner::from_hexes([a, b, x]))
    }
}

/// The two hexes next to both `x` and its neighbour `y`.
fn common_neighbours(x: Hex, y: Hex) -> [Hex; 2] {
    let k = Direction::ALL
        .iter()
        .position(|&d| x.neighbor(d) == y)
        .expect("neighbours");
    [
        x.neighbor(Direction::ALL[(k + 5) % 6]),
        x.neighbor(Direction::ALL[(k + 1) % 6]),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corner_has_one_name_and_three_neighbours_one_side_away() {
        let h = Hex::new(2, -1);
        for i in 0..6 {
            let c = Corner::of(h, i);
            // Seen from the other two hexes, the corner has the same name.
            let seen: Vec<Corner> = c
                .hexes()
                .iter()
                .flat_map(|&x| (0..6).map(move |j| Corner::of(x, j)))
                .filter(|&o| o == c)
                .collect();
            assert_eq!(seen.len(), 3);
            for (n, edge) in c.neighbours() {
                let shared: Vec<Hex> = n
                    .hexes()
                    .into_iter()
                    .filter(|x| c.hexes().contains(x))
                    .collect();
                assert_eq!(shared.len(), 2, "neighbours share a side");
                assert_eq!(Edge::between(shared[0], shared[1]), Some(edge));
                assert!(n.neighbours().iter().any(|&(back, _)| back == c));
                let mut ends = Corner::ends_of(edge);
                ends.sort_unstable();
                let mut want = [c, n];
                want.sort_unstable();
                assert_eq!(ends, want, "a side joins the two corners it leads between");
            }
        }
    }
}
