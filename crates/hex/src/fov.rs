//! Symmetric field of view: if A sees B then B sees A, by construction.
//!
//! # The rule
//!
//! B is visible from A when at least one of the two *nudged lines* between their centres
//! has no sight-blocking hex strictly between A and B. The nudged lines are the sampled
//! lines of [`line`](fn@super::line) with the sample nudge +ε and −ε
//! (ε = [`LINE_NUDGE`]): where the exact segment runs along an edge or
//! through a corner, the two nudges pass on either side, so a gap between two blockers
//! that the segment squeezes through counts as open. The endpoints never block: a
//! blocking hex (a wall) is itself visible, and a viewer standing in one still sees out.
//!
//! Sight may also be blocked on hex edges (a wall between two hexes): a line is then also
//! stopped where two of its consecutive hexes are separated by a blocking edge
//! ([`is_visible_across`], [`field_of_view_across`]).
//!
//! Both lines are always computed from the smaller hex (by hex order) to the larger, so
//! the question "A sees B" and "B sees A" is literally the same computation.

use super::line::LineIter;
use super::{FracHex, Hex, LINE_NUDGE, range};

/// True when `b` is visible from `a` under the module's rule (distance is not limited).
///
/// ```
/// use hexmap_hex::{is_visible, Hex};
/// let wall = Hex::new(1, 0);
/// assert!(!is_visible(Hex::ORIGIN, Hex::new(2, 0), |h| h == wall));
/// assert!(is_visible(Hex::ORIGIN, wall, |h| h == wall));
/// ```
pub fn is_visible(a: Hex, b: Hex, blocks: impl Fn(Hex) -> bool) -> bool {
    is_visible_across(a, b, blocks, |_, _| false)
}

/// [`is_visible`] where sight may also be blocked between two neighbouring hexes:
/// `blocks_between(x, y)` is true when the edge between `x` and `y` blocks sight (it must
/// answer the same for `(y, x)`). A line is open when no hex strictly between the ends
/// blocks and no two consecutive hexes of it, ends included, are separated by a blocking
/// edge.
///
/// ```
/// use hexmap_hex::{is_visible_across, Hex};
/// let wall = |a: Hex, b: Hex| a.q.max(b.q) == 1 && a.q.min(b.q) == 0; // edges between q=0 and q=1
/// assert!(!is_visible_across(Hex::ORIGIN, Hex::new(2, 0), |_| false, wall));
/// assert!(is_visible_across(Hex::ORIGIN, Hex::new(0, 2), |_| false, wall));
/// ```
pub fn is_visible_across(
    a: Hex,
    b: Hex,
    blocks: impl Fn(Hex) -> bool,
    blocks_between: impl Fn(Hex, Hex) -> bool,
) -> bool {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    nudges().into_iter().any(|nudge| {
        let line = LineIter::new(lo, hi, nudge);
        let steps = line.steps();
        first_block(line, steps, &blocks, &blocks_between).is_none()
    })
}

/// What stops a line of sight: a hex whose terrain blocks sight, or the side between two
/// neighbouring hexes (in the order the line crosses it) whose feature does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SightBlock {
    /// A hex strictly between the two ends that blocks sight.
    Hex(Hex),
    /// The side between two consecutive hexes of the line, the nearer one first.
    Side(Hex, Hex),
}

/// Whether `b` is visible from `a` under the module's rule (exactly when
/// [`is_visible_across`] says so), and when it is not, what blocks the view as seen from
/// `a`: each of the two nudged lines is walked from `a` towards `b` and stopped at its first
/// blocker; the answer is the blocker of the line that runs farther (the nearer of the two
/// to `b`, where the view is cut off last), the +ε line on a tie. `None` when visible.
///
/// ```
/// use hexmap_hex::{sight_blocker, Hex, SightBlock};
/// let wall = Hex::new(1, 0);
/// let blocked = sight_blocker(Hex::ORIGIN, Hex::new(3, 0), |h| h == wall, |_, _| false);
/// assert_eq!(blocked, Some(SightBlock::Hex(wall)));
/// assert_eq!(sight_blocker(Hex::ORIGIN, wall, |h| h == wall, |_, _| false), None);
/// ```
pub fn sight_blocker(
    a: Hex,
    b: Hex,
    blocks: impl Fn(Hex) -> bool,
    blocks_between: impl Fn(Hex, Hex) -> bool,
) -> Option<SightBlock> {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let mut farthest: Option<(i64, SightBlock)> = None;
    for nudge in nudges() {
        // The same hexes as `is_visible_across` walks (drawn from the smaller end), read
        // from `a`.
        let mut hexes: Vec<Hex> = LineIter::new(lo, hi, nudge).collect();
        if a != lo {
            hexes.reverse();
        }
        let steps = hexes.len() as i64 - 1;
        let (at, block) = first_block(hexes.into_iter(), steps, &blocks, &blocks_between)?;
        if farthest.is_none_or(|(best, _)| at > best) {
            farthest = Some((at, block));
        }
    }
    farthest.map(|(_, block)| block)
}

/// The two sample nudges of the rule: +ε and −ε.
fn nudges() -> [FracHex; 2] {
    [LINE_NUDGE, FracHex::new(-LINE_NUDGE.q, -LINE_NUDGE.r)]
}

/// The first thing that stops the line `hexes` (`steps + 1` hexes, from the eye): a blocking
/// side between consecutive hexes (ends included) or a blocking hex strictly between the
/// ends; with its place along the line in half steps (a side before the hex behind it).
fn first_block(
    mut hexes: impl Iterator<Item = Hex>,
    steps: i64,
    blocks: impl Fn(Hex) -> bool,
    blocks_between: impl Fn(Hex, Hex) -> bool,
) -> Option<(i64, SightBlock)> {
    let mut previous = hexes.next()?;
    for (i, h) in hexes.enumerate() {
        let at = i as i64 + 1;
        if blocks_between(previous, h) {
            return Some((2 * at - 1, SightBlock::Side(previous, h)));
        }
        // Hexes before the far end must not block.
        if at < steps && blocks(h) {
            return Some((2 * at, SightBlock::Hex(h)));
        }
        previous = h;
    }
    None
}

/// Every hex within `radius` of `center` that is visible from it (see the module rule),
/// ordered by r then q. The centre is always visible.
///
/// Sight-blocking is asked once per hex of the range (into a local grid), then each hex is
/// tested with [`is_visible`]'s lines, stopping at the first blocker.
///
/// ```
/// use hexmap_hex::{field_of_view, is_visible, range_count, Hex};
/// // Open ground: the whole range of radius 3 is seen.
/// assert_eq!(field_of_view(Hex::ORIGIN, 3, |_| false).len() as u64, range_count(3));
/// // One blocking hex east of the viewer: it is seen, the hex behind it is not.
/// let wall = Hex::new(1, 0);
/// let seen = field_of_view(Hex::ORIGIN, 3, |h| h == wall);
/// assert!(seen.contains(&wall));
/// assert!(!seen.contains(&Hex::new(2, 0)));
/// // Symmetric: (2,0) does not see the origin either.
/// assert!(!is_visible(Hex::new(2, 0), Hex::ORIGIN, |h| h == wall));
/// ```
pub fn field_of_view(center: Hex, radius: u32, blocks: impl Fn(Hex) -> bool) -> Vec<Hex> {
    field_of_view_across(center, radius, blocks, |_, _| false)
}

/// [`field_of_view`] with sight also blocked on edges, as [`is_visible_across`] rules.
pub fn field_of_view_across(
    center: Hex,
    radius: u32,
    blocks: impl Fn(Hex) -> bool,
    blocks_between: impl Fn(Hex, Hex) -> bool,
) -> Vec<Hex> {
    if radius > GRID_RADIUS_LIMIT {
        // Too large for a local grid: ask `blocks` directly (same answers, slower).
        return range(center, radius)
            .filter(|&h| is_visible_across(center, h, &blocks, &blocks_between))
            .collect();
    }
    let r = radius as i32;
    let width = 2 * radius as usize + 1;
    let slot = |h: Hex| {
        let d = h - center;
        (d.r + r) as usize * width + (d.q + r) as usize
    };
    let mut grid = vec![false; width * width];
    for h in range(center, radius) {
        grid[slot(h)] = blocks(h);
    }
    // Lines between two hexes of the range stay inside it (the range is convex and every
    // line hex contains a point of the segment), so every lookup is in the grid.
    let local = |h: Hex| {
        let d = h - center;
        d.length() <= r && grid[slot(h)]
    };
    range(center, radius)
        .filter(|&h| is_visible_across(center, h, local, &blocks_between))
        .collect()
}

/// Largest radius for which [`field_of_view`] caches sight-blocking in a local grid
/// ((2R + 1)² booleans, 4 MB at this limit).
const GRID_RADIUS_LIMIT: u32 = 1024;

#[cfg(test)]
mod tests;
