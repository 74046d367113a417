//! Routes and movement ranges on a map under its movement rule ([`HexMap::step_cost`]):
//! the searches the `route` and `reach` commands run, so they and any other caller agree.

use super::step_rule::{Indexer, RectIndex, ShapeIndex, StepRule};
use super::{HexMap, MapShape};
use hexmap_hex::{
    GridSearch, Hex, MAX_MOVEMENT_DISTANCE, MovementRange, MovementRangeError, OffsetCoord,
    PathError, PathLimits, Route, movement_range_grid,
};

impl HexMap {
    /// The cheapest route from `from` to `to` under the movement rule; its cost is in
    /// hundredths of a point. Every cell may be expanded once, so the search never stops
    /// short: `Err(Unreachable)` means no route exists (or an end is not a cell).
    pub fn route(&self, from: Hex, to: Hex) -> Result<Route, PathError> {
        if !(self.contains(from) && self.contains(to)) {
            return Err(PathError::Unreachable);
        }
        match RectIndex::of(self.shape()) {
            Some(ix) => route_on(self, &ix, from, to),
            None => route_on(self, &ShapeIndex(self.shape()), from, to),
        }
    }

    /// How far (in steps) a movement range from `from` with `budget` hundredths can reach:
    /// `budget / min_step`, and never beyond the farthest cell of the map (found from the
    /// shape's corners, not by scanning every cell).
    pub fn reach_distance(&self, from: Hex, budget: u32) -> u32 {
        let farthest = farthest_cell_distance(self.shape(), from);
        match self.min_step() {
            0 => farthest,
            min => (budget / min).min(farthest),
        }
    }

    /// Every cell reachable from `from` within `budget` hundredths of a point under the
    /// movement rule, with its cost. Refused when the range could reach farther than
    /// [`MAX_MOVEMENT_DISTANCE`] steps (see [`HexMap::reach_distance`]).
    pub fn reach(&self, from: Hex, budget: u32) -> Result<MovementRange, MovementRangeError> {
        let distance = self.reach_distance(from, budget);
        if distance > MAX_MOVEMENT_DISTANCE {
            return Err(MovementRangeError {
                requested: distance,
            });
        }
        self.reach_within(from, budget, distance)
    }

    /// [`HexMap::reach`] cut off at `max_distance` steps from `from` (and at
    /// [`MAX_MOVEMENT_DISTANCE`]): the cells farther away are left out even when the budget
    /// would reach them. The editor's movement overlay asks this on maps too large for a
    /// whole range, so it shows the near part instead of nothing.
    pub fn reach_within(
        &self,
        from: Hex,
        budget: u32,
        max_distance: u32,
    ) -> Result<MovementRange, MovementRangeError> {
        let distance = self
            .reach_distance(from, budget)
            .min(max_distance)
            .min(MAX_MOVEMENT_DISTANCE);
        match RectIndex::of(self.shape()) {
            Some(ix) => reach_on(self, &ix, from, budget, distance),
            None => reach_on(self, &ShapeIndex(self.shape()), from, budget, distance),
        }
    }
}

/// [`HexMap::route`] with the cells indexed by `ix` and steps priced by the map's
/// [`StepRule`].
fn route_on<I: Indexer>(map: &HexMap, ix: &I, from: Hex, to: Hex) -> Result<Route, PathError> {
    let limits = PathLimits {
        max_expansions: map.cell_count(),
        max_cost: None,
    };
    let rule = StepRule::new(map, ix);
    GridSearch::new(from, map.cell_count())
        .min_step_cost(map.min_step())
        .route_to(to, &limits, |h| ix.index(h), |s| rule.search_step(s))
}

/// [`HexMap::reach`] within `distance` steps, with the cells indexed by `ix` and steps
/// priced by the map's [`StepRule`].
fn reach_on(
    map: &HexMap,
    ix: &impl Indexer,
    from: Hex,
    budget: u32,
    distance: u32,
) -> Result<MovementRange, MovementRangeError> {
    let rule = StepRule::near(map, ix, from, distance);
    movement_range_grid(
        from,
        budget,
        distance,
        |h| ix.index(h),
        |s| rule.search_step(s),
    )
}

/// The most steps from `from` to any cell of `shape`. Hex distance is a norm, so over a
/// convex shape it is largest at a corner of the shape's hull, and those corners are among
/// a handful of cells: only they are measured (an explicit cell set is scanned).
pub(crate) fn farthest_cell_distance(shape: &MapShape, from: Hex) -> u32 {
    let farthest = |cells: &mut dyn Iterator<Item = Hex>| {
        cells
            .map(|h| h.distance(from).unsigned_abs())
            .max()
            .unwrap_or(0)
    };
    match *shape {
        MapShape::Rectangle {
            kind,
            width,
            height,
        } => {
            // Shoved rows (or columns) zigzag along two sides: the hull's corners are end
            // cells of the first two and last two rows and columns.
            let (w, h) = (width as i32 - 1, height as i32 - 1);
            let cols = [0, 1.min(w), (w - 1).max(0), w];
            let rows = [0, 1.min(h), (h - 1).max(0), h];
            farthest(&mut cols.into_iter().flat_map(|c| {
                rows.into_iter()
                    .map(move |r| kind.to_hex(OffsetCoord::new(c, r)))
            }))
        }
        MapShape::Hexagon { radius } => {
            let n = radius as i32;
            farthest(&mut hexmap_hex::Direction::ALL.into_iter().map(|d| {
                let o = d.offset();
                Hex::new(o.q * n, o.r * n)
            }))
        }
        MapShape::Parallelogram { width, height } => {
            let (w, h) = (width as i32 - 1, height as i32 - 1);
            farthest(
                &mut [(0, 0), (w, 0), (0, h), (w, h)]
                    .map(|(q, r)| Hex::new(q, r))
                    .into_iter(),
            )
        }
        MapShape::Triangle { size } => {
            let s = size as i32 - 1;
            farthest(
                &mut [(0, 0), (s, 0), (0, s)]
                    .map(|(q, r)| Hex::new(q, r))
                    .into_iter(),
            )
        }
        MapShape::Cells(_) => farthest(&mut shape.iter()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::{OffsetKind, range};

    #[test]
    fn the_farthest_cell_is_found_from_the_corners_of_every_shape() {
        let mut shapes = vec![
            MapShape::hexagon(1).unwrap(),
            MapShape::hexagon(5).unwrap(),
            MapShape::parallelogram(1, 7).unwrap(),
            MapShape::parallelogram(6, 4).unwrap(),
            MapShape::triangle(1).unwrap(),
            MapShape::triangle(7).unwrap(),
            MapShape::cells([Hex::new(3, -1), Hex::new(-4, 2), Hex::ORIGIN]).unwrap(),
        ];
        for kind in [
            OffsetKind::OddR,
            OffsetKind::EvenR,
            OffsetKind::OddQ,
            OffsetKind::EvenQ,
        ] {
            for (w, h) in [(1, 1), (1, 5), (2, 2), (5, 1), (3, 8), (9, 6), (10, 11)] {
                shapes.push(MapShape::rectangle(kind, w, h).unwrap());
            }
        }
        for shape in &shapes {
            // Starts on the shape, around it and far off it.
            for from in range(Hex::new(3, 2), 12) {
                let scanned = shape
                    .iter()
                    .map(|h| h.distance(from).unsigned_abs())
                    .max()
                    .unwrap();
                assert_eq!(
                    farthest_cell_distance(shape, from),
                    scanned,
                    "{shape:?} from {from}"
                );
            }
        }
    }
}
