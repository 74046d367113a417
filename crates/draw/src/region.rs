//! Which cells a drawing covers: a box of offset cells (a chunk, a band of a picture), a
//! world rectangle (what a view shows) or a list of cells.
//!
//! Boxes are cut in [`OffsetKind::default_for`] the map's orientation: rows for pointy
//! maps, columns for flat maps (the way cells line up on screen, so a box of them is a
//! compact screen area).

use hexmap_hex::{FracHex, Hex, Layout, OffsetCoord, OffsetKind, Point};
use hexmap_map::OffsetBounds;

/// The offset cells (in [`OffsetKind::default_for`]) whose hexes contain the four corners of
/// the world rectangle `a`–`b`: ((min col, min row), (max col, max row)). Far-off points are
/// clamped first, so a huge pan cannot overflow.
pub fn offset_box(layout: &Layout, a: Point, b: Point) -> ((i64, i64), (i64, i64)) {
    let kind = OffsetKind::default_for(layout.orientation());
    let mut min = (i64::MAX, i64::MAX);
    let mut max = (i64::MIN, i64::MIN);
    for p in [
        Point::new(a.x, a.y),
        Point::new(b.x, a.y),
        Point::new(a.x, b.y),
        Point::new(b.x, b.y),
    ] {
        let f = layout.pixel_to_frac(p);
        let h = FracHex::new(f.q.clamp(-1.0e9, 1.0e9), f.r.clamp(-1.0e9, 1.0e9));
        let c = kind.from_hex(h.round());
        min = (min.0.min(i64::from(c.col)), min.1.min(i64::from(c.row)));
        max = (max.0.max(i64::from(c.col)), max.1.max(i64::from(c.row)));
    }
    (min, max)
}

/// The part of a drawing to make.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Region<'a> {
    /// A box of offset cells in [`OffsetKind::default_for`] (a chunk of the editor's cache, a band
    /// of a picture).
    Block(OffsetBounds),
    /// Every cell whose hexagon may meet this world rectangle (min, max).
    Rect(Point, Point),
    /// These cells, in this order.
    Cells(&'a [Hex]),
}

impl Region<'_> {
    /// Call `f` for each candidate hex of the region, row by row, within `bounds` (the
    /// drawing's cells, in [`OffsetKind::default_for`]); the caller skips hexes it has no cell for.
    pub fn for_each(&self, layout: &Layout, bounds: &OffsetBounds, mut f: impl FnMut(Hex)) {
        let kind = OffsetKind::default_for(layout.orientation());
        let boxed = match *self {
            Region::Cells(cells) => {
                cells.iter().copied().for_each(f);
                return;
            }
            Region::Block(b) => b,
            Region::Rect(a, b) => {
                // One cell of slack: a hexagon reaches past the cell its corner lies in.
                let (lo, hi) = offset_box(layout, a, b);
                let clamp = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
                let (c0, r0) = (clamp(lo.0 - 1), clamp(lo.1 - 1));
                let (c1, r1) = (clamp(hi.0 + 1), clamp(hi.1 + 1));
                OffsetBounds {
                    min_col: c0,
                    min_row: r0,
                    cols: (i64::from(c1) - i64::from(c0) + 1).max(0) as u32,
                    rows: (i64::from(r1) - i64::from(r0) + 1).max(0) as u32,
                }
            }
        };
        let Some(b) = intersect(&boxed, bounds) else {
            return;
        };
        for row in b.min_row..b.min_row + b.rows as i32 {
            for col in b.min_col..b.min_col + b.cols as i32 {
                f(kind.to_hex(OffsetCoord::new(col, row)));
            }
        }
    }
}

/// The common part of two boxes, if any.
fn intersect(a: &OffsetBounds, b: &OffsetBounds) -> Option<OffsetBounds> {
    let end = |start: i32, n: u32| i64::from(start) + i64::from(n);
    let (c0, r0) = (a.min_col.max(b.min_col), a.min_row.max(b.min_row));
    let c1 = end(a.min_col, a.cols).min(end(b.min_col, b.cols));
    let r1 = end(a.min_row, a.rows).min(end(b.min_row, b.rows));
    (c1 > i64::from(c0) && r1 > i64::from(r0)).then(|| OffsetBounds {
        min_col: c0,
        min_row: r0,
        cols: (c1 - i64::from(c0)) as u32,
        rows: (r1 - i64::from(r0)) as u32,
    })
}

/// Cells per piece a picture is drawn in, at least (see [`picture_pieces`]).
const CELLS_PER_PIECE: u64 = 4096;

/// Whether the offset cell (`col`, `row`) lies in `block`: the piece, chunk or page that is
/// home to something drawn once (a label, a named region).
pub fn block_contains(block: &OffsetBounds, (col, row): (i32, i32)) -> bool {
    let inside = |v: i32, start: i32, n: u32| {
        i64::from(v) >= i64::from(start) && i64::from(v) < i64::from(start) + i64::from(n)
    };
    inside(col, block.min_col, block.cols) && inside(row, block.min_row, block.rows)
}

/// How many pieces to draw a picture of the cells in `bounds` in: about one per 4096
/// cells, at most 128. A big picture reports progress piece by piece; a small one is one
/// piece, so nothing is drawn twice where pieces meet (edge features and icons drawn past
/// their hex are drawn again by every piece they reach).
pub fn picture_pieces(bounds: &OffsetBounds) -> u32 {
    let cells = u64::from(bounds.cols) * u64::from(bounds.rows);
    (cells / CELLS_PER_PIECE).clamp(1, 128) as u32
}

/// The box of `bounds` split into about `pieces` boxes, row bands first then columns, in
/// drawing order (for progress reports while drawing a big picture).
pub fn split(bounds: &OffsetBounds, pieces: u32) -> Vec<OffsetBounds> {
    let bands = bounds.rows.clamp(1, 16).min(pieces.max(1));
    let across = bounds.cols.clamp(1, pieces.div_ceil(bands).max(1));
    let step = |n: u32, parts: u32| n.div_ceil(parts).max(1);
    let (row_step, col_step) = (step(bounds.rows, bands), step(bounds.cols, across));
    let mut out = Vec::new();
    let mut r = 0;
    while r < bounds.rows {
        let rows = row_step.min(bounds.rows - r);
        let mut c = 0;
        while c < bounds.cols {
            let cols = col_step.min(bounds.cols - c);
            out.push(OffsetBounds {
                min_col: bounds.min_col + c as i32,
                min_row: bounds.min_row + r as i32,
                cols,
                rows,
            });
            c += cols;
        }
        r += rows;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::Orientation;

    fn bounds(min_col: i32, min_row: i32, cols: u32, rows: u32) -> OffsetBounds {
        OffsetBounds {
            min_col,
            min_row,
            cols,
            rows,
        }
    }

    fn collect(region: Region<'_>, layout: &Layout, b: &OffsetBounds) -> Vec<Hex> {
        let mut v = Vec::new();
        region.for_each(layout, b, |h| v.push(h));
        v
    }

    #[test]
    fn a_block_is_clipped_to_the_bounds_row_by_row() {
        let layout = Layout::regular(Orientation::Pointy, 10.0).unwrap();
        let hexes = collect(
            Region::Block(bounds(-2, -1, 4, 3)),
            &layout,
            &bounds(0, 0, 10, 10),
        );
        let offsets: Vec<_> = hexes
            .iter()
            .map(|&h| OffsetKind::OddR.from_hex(h))
            .map(|c| (c.col, c.row))
            .collect();
        assert_eq!(offsets, vec![(0, 0), (1, 0), (0, 1), (1, 1)]);
        assert!(
            collect(
                Region::Block(bounds(20, 0, 4, 4)),
                &layout,
                &bounds(0, 0, 10, 10)
            )
            .is_empty()
        );
    }

    #[test]
    fn a_rect_covers_every_hex_it_touches_and_a_huge_one_stays_within_bounds() {
        let layout = Layout::regular(Orientation::Flat, 10.0).unwrap();
        let all = bounds(0, 0, 50, 50);
        let (a, b) = (Point::new(95.0, 140.0), Point::new(180.0, 210.0));
        let hexes = collect(Region::Rect(a, b), &layout, &all);
        for x in (95..=180).step_by(5) {
            for y in (140..=210).step_by(5) {
                let h = layout
                    .pixel_to_hex(Point::new(f64::from(x), f64::from(y)))
                    .unwrap();
                assert!(hexes.contains(&h), "{h} at ({x}, {y})");
            }
        }
        let huge = collect(
            Region::Rect(Point::new(-1e300, -1e300), Point::new(1e300, 1e300)),
            &layout,
            &all,
        );
        assert_eq!(huge.len(), 2500);
    }

    #[test]
    fn cells_come_as_given() {
        let layout = Layout::regular(Orientation::Flat, 10.0).unwrap();
        let cells = [Hex::new(3, 1), Hex::new(-9, 9)];
        assert_eq!(
            collect(Region::Cells(&cells), &layout, &bounds(0, 0, 1, 1)),
            cells
        );
    }

    #[test]
    fn split_covers_the_box_once_in_about_the_asked_pieces() {
        for b in [
            bounds(0, 0, 2005, 10),
            bounds(-3, 4, 1000, 1000),
            bounds(0, 0, 1, 1),
        ] {
            let parts = split(&b, 128);
            assert_eq!(split(&b, 1), [b], "one piece is the whole box");
            let cells: u64 = parts
                .iter()
                .map(|p| u64::from(p.cols) * u64::from(p.rows))
                .sum();
            assert_eq!(cells, u64::from(b.cols) * u64::from(b.rows));
            let n = parts.len() as u64;
            assert!(
                n >= (u64::from(b.cols) * u64::from(b.rows)).min(100) && n <= 300,
                "{b:?}: {n}"
            );
        }
        let small = bounds(0, 0, 60, 60);
        assert_eq!(picture_pieces(&small), 1, "a small picture is one piece");
        assert_eq!(picture_pieces(&bounds(0, 0, 1000, 1000)), 128);
    }
}
