//! Named regions as drawn (the map's [`hexmap_map::Regions`]): the geometry of a region's
//! outline — its outer hexsides (sides whose other hex is not in the region) joined into
//! closed rings, an outer ring per piece and one per hole — and the point its name is
//! written at. Drawing is in `draw.rs`; the Tiled export places its polygons on the
//! same rings.

mod draw;
#[cfg(test)]
mod tests;

pub use draw::{OUTLINE_PX, RegionDrawing, border_stroke, draw_regions, region_stroke};

use hexmap_hex::{Direction, Hex, Layout, Orientation, Point};
use std::collections::{BTreeSet, HashMap};

/// A corner of the hex grid, named exactly: the sum of the three hexes that meet there
/// (three times the corner's axial position), so the corners two hexes share are equal.
type CornerKey = (i64, i64);

/// The two directions whose sides meet at corner `c` of a hex (corner numbering of
/// [`Layout::corners`]): sides `d` of a pointy hex run from corner d to d + 1, of a flat
/// hex from d − 1 to d ([`Layout::side_corners`]).
fn corner_directions(orientation: Orientation, c: usize) -> [Direction; 2] {
    let (a, b) = match orientation {
        Orientation::Pointy => ((c + 5) % 6, c),
        Orientation::Flat => (c, (c + 1) % 6),
    };
    [Direction::ALL[a], Direction::ALL[b]]
}

fn corner_key(orientation: Orientation, h: Hex, c: usize) -> CornerKey {
    let [a, b] = corner_directions(orientation, c);
    let (na, nb) = (h.neighbor(a), h.neighbor(b));
    let sum = |f: fn(Hex) -> i32| i64::from(f(h)) + i64::from(f(na)) + i64::from(f(nb));
    (sum(|x| x.q), sum(|x| x.r))
}

/// The closed rings of the outline of `hexes` in `layout`: each ring's corners in order
/// (the first not repeated at the end). Every side of a hex of the set whose other hex is
/// not in the set is on exactly one ring; all rings turn the same way around the set, so
/// a hole's ring turns the other way round its own area. Rings come in a stable order
/// (from the lowest outer side). Each corner starts the side of [`outline_sides`] at the
/// same place.
pub fn outline_rings(hexes: &BTreeSet<Hex>, layout: &Layout) -> Vec<Vec<Point>> {
    outline_sides(hexes, layout.orientation())
        .into_iter()
        .map(|ring| {
            ring.into_iter()
                .map(|(h, d)| layout.corners(h)[layout.side_corners(d)[0]])
                .collect()
        })
        .collect()
}

/// The outer sides of `hexes` (a hex of the set and the direction of a neighbour that is
/// not) joined into closed rings, each side followed by the one that starts where it
/// ends: the outline as a geometry-free list, for placing it in another pixel space (the
/// Tiled export puts each ring's corners where Tiled draws them). Hexes of a grid meet
/// three at a corner, so an outline never touches itself and the rings are simple.
pub fn outline_sides(
    hexes: &BTreeSet<Hex>,
    orientation: Orientation,
) -> Vec<Vec<(Hex, Direction)>> {
    // Each outer side as a directed segment from corner to corner, in corner order
    // (the same turn for every hex), keyed by its start corner.
    let mut from: HashMap<CornerKey, (CornerKey, (Hex, Direction))> = HashMap::new();
    let mut starts = Vec::new();
    for &h in hexes {
        for d in Direction::ALL {
            if hexes.contains(&h.neighbor(d)) {
                continue;
            }
            let [a, b] = orientation.side_corners(d);
            let (ka, kb) = (corner_key(orientation, h, a), corner_key(orientation, h, b));
            from.insert(ka, (kb, (h, d)));
            starts.push(ka);
        }
    }
    let mut rings = Vec::new();
    for start in starts {
        let Some(first) = from.remove(&start) else {
            continue;
        };
        let mut ring = vec![first.1];
        let mut at = first.0;
        while at != start {
            let Some(next) = from.remove(&at) else {
                break; // cannot happen: every corner of a closed outline has a way on
            };
            ring.push(next.1);
            at = next.0;
        }
        rings.push(ring);
    }
    rings
}

/// The hex a region's name is written on: of its hexes, the one whose centre is nearest
/// the centroid of all their centres (inside the region however it is shaped; ties go to
/// the first in the set's order). `None` for an empty set.
pub fn label_hex(hexes: &BTreeSet<Hex>, layout: &Layout) -> Option<Hex> {
    let n = hexes.len() as f64;
    let (mut x, mut y) = (0.0, 0.0);
    for &h in hexes {
        let c = layout.hex_to_pixel(h);
        x += c.x;
        y += c.y;
    }
    let centroid = Point::new(x / n, y / n);
    hexes.iter().copied().min_by(|a, b| {
        let da = dist2(layout.hex_to_pixel(*a), centroid);
        let db = dist2(layout.hex_to_pixel(*b), centroid);
        da.total_cmp(&db)
    })
}

fn dist2(a: Point, b: Point) -> f64 {
    (a.x - b.x).powi(2) + (a.y - b.y).powi(2)
}

/// The world box of a set of hexes (their corners): min and max.
pub fn hexes_box(hexes: &BTreeSet<Hex>, layout: &Layout) -> Option<(Point, Point)> {
    let mut it = hexes.iter();
    let first = layout.hex_to_pixel(*it.next()?);
    let (mut lo, mut hi) = (first, first);
    for &h in it {
        let c = layout.hex_to_pixel(h);
        lo = Point::new(lo.x.min(c.x), lo.y.min(c.y));
        hi = Point::new(hi.x.max(c.x), hi.y.max(c.y));
    }
    let s = layout.size();
    Some((
        Point::new(lo.x - s.x, lo.y - s.y),
        Point::new(hi.x + s.x, hi.y + s.y),
    ))
}
