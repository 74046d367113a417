//! Routes and movement ranges on a map under its movement rule ([`HexMap::step_cost`]):
//! the searches the `route` and `reach` commands run, so they and any other caller agree.

use super::HexMap;
use crate::hex::{
    Hex, MAX_MOVEMENT_DISTANCE, MovementRange, MovementRangeError, Path, PathError, PathLimits,
    a_star_dense_steps, movement_range_steps,
};

impl HexMap {
    /// The cheapest route from `from` to `to` under the movement rule; its cost is in
    /// hundredths of a point. Every cell may be expanded once, so the search never stops
    /// short: `Err(Unreachable)` means no route exists (or an end is not a cell).
    pub fn route(&self, from: Hex, to: Hex) -> Result<Path, PathError> {
        if !(self.contains(from) && self.contains(to)) {
            return Err(PathError::Unreachable);
        }
        let limits = PathLimits {
            max_expansions: self.cell_count(),
            max_cost: None,
        };
        a_star_dense_steps(
            from,
            to,
            self.min_step(),
            &limits,
            self.cell_count(),
            |h| self.shape().index_of(h),
            |a, b| self.step_cost(a, b),
        )
    }

    /// How far (in steps) a movement range from `from` with `budget` hundredths can reach:
    /// `budget / min_step`, and never beyond the farthest cell of the map.
    pub fn reach_distance(&self, from: Hex, budget: u32) -> u32 {
        let farthest = self
            .shape()
            .iter()
            .map(|h| h.distance(from).unsigned_abs())
            .max()
            .unwrap_or(0);
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
        movement_range_steps(from, budget, distance, |a, b| self.step_cost(a, b))
    }
}
