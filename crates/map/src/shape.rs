//! The shape of a map: which hexes exist, and a dense index (hex ↔ 0..len) so every layer
//! can be a flat array sized exactly by the shape.
//!
//! Rectangle, hexagon, parallelogram and triangle index in O(1) with closed formulas; an
//! explicit cell set (holes allowed, like a level array with −1 for unusable cells) uses a
//! sorted vector and binary search.

use hexmap_hex::{Hex, OffsetCoord, OffsetKind, shapes};
use std::sync::Arc;

/// Most cells a map may have (documented in docs/FORMAT.md): the one cell limit every reader,
/// `hexmap new` / `generate`, the Tiled import and the editor's windows check. It covers a
/// whole world of ten million hexes both as a 3163 × 3163 rectangle (10,004,569 cells) and as
/// a hexagon of radius 1826 (10,008,307); a 1000×1000 map is 1,000,000.
pub const MAX_CELLS: u64 = 12_000_000;
/// Largest width or height of a rectangle or parallelogram, and largest extent of any shape
/// along one offset axis.
pub const MAX_SIDE: u32 = 10_000;
/// Largest |q|, |r| or |s| of a cell in an explicit cell set (keeps all arithmetic far
/// from `i32` overflow).
pub const MAX_COORD: i32 = 1_000_000_000;
/// Largest axial bounding box (q span × r span) of an explicit cell set, so that writing
/// it as offset rows stays bounded even for a sparse set.
pub const MAX_BOX_CELLS: u64 = 4 * MAX_CELLS;

/// Why a shape cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// Width, height, radius or size is zero where at least one cell is needed.
    #[error("{what} must be at least 1")]
    Empty {
        /// Which quantity was zero.
        what: &'static str,
    },
    /// A side is longer than [`MAX_SIDE`].
    #[error("{what} {value} is over the limit of {limit}")]
    SideTooLong {
        /// Which quantity.
        what: &'static str,
        /// The value given.
        value: u64,
        /// The limit.
        limit: u64,
    },
    /// The shape would have more than [`MAX_CELLS`] cells.
    #[error("{cells} cells is over the limit of {limit}")]
    TooManyCells {
        /// The cell count the shape would have.
        cells: u64,
        /// The limit.
        limit: u64,
    },
    /// The same hex appears twice in an explicit cell set.
    #[error("duplicate cell {0}")]
    DuplicateCell(Hex),
    /// A cell's coordinate is beyond [`MAX_COORD`].
    #[error("cell {0} is beyond the coordinate limit of ±{MAX_COORD}")]
    CoordOutOfRange(Hex),
    /// An explicit cell set spreads over too large an area.
    #[error("cells spread over {q_span} x {r_span} (q x r), over the limit of {MAX_BOX_CELLS} hexes or {} per side", 2 * MAX_SIDE)]
    SpreadTooLarge {
        /// Extent along q.
        q_span: u64,
        /// Extent along r.
        r_span: u64,
    },
    /// Rows and columns are added or removed on a side of rectangles only.
    #[error("the map is not a rectangle: only a rectangle grows or shrinks by rows and columns")]
    NotRectangle,
}

/// A sorted, duplicate-free set of hexes: the cells of a free-form map.
///
/// Shared behind an `Arc` so cloning a shape (for undo snapshots) is cheap.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CellSet(Arc<[Hex]>);

impl CellSet {
    /// A set from any hexes; sorts them and rejects duplicates and sizes over the limits.
    pub fn new(cells: impl IntoIterator<Item = Hex>) -> Result<Self, ShapeError> {
        let mut v: Vec<Hex> = cells.into_iter().collect();
        if v.is_empty() {
            return Err(ShapeError::Empty { what: "cell count" });
        }
        check_cells(v.len() as u64)?;
        let in_range = |x: i32| (-MAX_COORD..=MAX_COORD).contains(&x);
        if let Some(h) = v
            .iter()
            .find(|h| !in_range(h.q) || !in_range(h.r) || !in_range(h.s()))
        {
            return Err(ShapeError::CoordOutOfRange(*h));
        }
        v.sort_unstable();
        if let Some(w) = v.windows(2).find(|w| w[0] == w[1]) {
            return Err(ShapeError::DuplicateCell(w[0]));
        }
        let (q0, q1) = v
            .iter()
            .fold((i32::MAX, i32::MIN), |(a, b), h| (a.min(h.q), b.max(h.q)));
        let q_span = (i64::from(q1) - i64::from(q0) + 1) as u64;
        let r_span = (i64::from(v[v.len() - 1].r) - i64::from(v[0].r) + 1) as u64;
        let side = u64::from(2 * MAX_SIDE);
        if q_span > side || r_span > side || q_span * r_span > MAX_BOX_CELLS {
            return Err(ShapeError::SpreadTooLarge { q_span, r_span });
        }
        Ok(CellSet(v.into()))
    }

    /// The cells in order (by r, then q).
    pub fn as_slice(&self) -> &[Hex] {
        &self.0
    }
}

/// Which hexes a map has: the runtime shape, checked against the limits when made, that
/// indexes the layers.
///
/// One of three shape types, each for its own job: [`crate::ShapeSpec`] is the short text
/// form people type (`rect:24x16`), unchecked and without free-form cell sets, and turns
/// into a `MapShape` with [`crate::ShapeSpec::to_shape`] (back with
/// [`crate::ShapeSpec::of`]); the RON file's `shape` header (`hexmap_io`'s `FileShape`) is
/// how a file spells it, offset kind as text and cells left to the cell data. Only
/// `MapShape` holds cells and their index.
///
/// `Rectangle` carries its own offset kind, so a rectangle stays the same set of hexes when
/// the map is shown or saved in another offset kind (it then gets holes at the row ends).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MapShape {
    /// `width` × `height` offset cells (col 0..width, row 0..height) in `kind`.
    Rectangle {
        /// The offset kind the rectangle is straight in.
        kind: OffsetKind,
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// All hexes within `radius` steps of the origin.
    Hexagon {
        /// Steps from the centre to the edge.
        radius: u32,
    },
    /// Axial q in 0..width, r in 0..height.
    Parallelogram {
        /// Extent along q.
        width: u32,
        /// Extent along r.
        height: u32,
    },
    /// q ≥ 0, r ≥ 0, q + r < size.
    Triangle {
        /// Side length in hexes.
        size: u32,
    },
    /// An explicit set of cells (any shape, holes allowed).
    Cells(CellSet),
}

fn check_cells(cells: u64) -> Result<(), ShapeError> {
    if cells > MAX_CELLS {
        Err(ShapeError::TooManyCells {
            cells,
            limit: MAX_CELLS,
        })
    } else {
        Ok(())
    }
}

fn check_side(what: &'static str, value: u32) -> Result<(), ShapeError> {
    if value == 0 {
        return Err(ShapeError::Empty { what });
    }
    if value > MAX_SIDE {
        return Err(ShapeError::SideTooLong {
            what,
            value: value.into(),
            limit: MAX_SIDE.into(),
        });
    }
    Ok(())
}

impl MapShape {
    /// A checked rectangle.
    pub fn rectangle(kind: OffsetKind, width: u32, height: u32) -> Result<Self, ShapeError> {
        check_side("width", width)?;
        check_side("height", height)?;
        check_cells(u64::from(width) * u64::from(height))?;
        Ok(MapShape::Rectangle {
            kind,
            width,
            height,
        })
    }

    /// A checked hexagon (radius 0 is the single origin hex).
    pub fn hexagon(radius: u32) -> Result<Self, ShapeError> {
        if radius >= MAX_SIDE / 2 {
            return Err(ShapeError::SideTooLong {
                what: "radius",
                value: radius.into(),
                limit: u64::from(MAX_SIDE / 2 - 1),
            });
        }
        let r = u64::from(radius);
        check_cells(3 * r * r + 3 * r + 1)?;
        Ok(MapShape::Hexagon { radius })
    }

    /// A checked parallelogram.
    pub fn parallelogram(width: u32, height: u32) -> Result<Self, ShapeError> {
        check_side("width", width)?;
        check_side("height", height)?;
        check_cells(u64::from(width) * u64::from(height))?;
        Ok(MapShape::Parallelogram { width, height })
    }

    /// A checked triangle.
    pub fn triangle(size: u32) -> Result<Self, ShapeError> {
        check_side("size", size)?;
        let n = u64::from(size);
        check_cells(n * (n + 1) / 2)?;
        Ok(MapShape::Triangle { size })
    }

    /// A checked explicit cell set.
    pub fn cells(cells: impl IntoIterator<Item = Hex>) -> Result<Self, ShapeError> {
        CellSet::new(cells).map(MapShape::Cells)
    }

    /// Re-check a shape built directly from its variant (e.g. by a loader).
    pub fn validate(&self) -> Result<(), ShapeError> {
        match *self {
            MapShape::Rectangle {
                kind,
                width,
                height,
            } => MapShape::rectangle(kind, width, height).map(drop),
            MapShape::Hexagon { radius } => MapShape::hexagon(radius).map(drop),
            MapShape::Parallelogram { width, height } => {
                MapShape::parallelogram(width, height).map(drop)
            }
            MapShape::Triangle { size } => MapShape::triangle(size).map(drop),
            MapShape::Cells(ref c) => check_cells(c.0.len() as u64),
        }
    }

    /// A short name: `rect`, `hexagon`, `parallelogram`, `triangle` or `cells`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            MapShape::Rectangle { .. } => "rect",
            MapShape::Hexagon { .. } => "hexagon",
            MapShape::Parallelogram { .. } => "parallelogram",
            MapShape::Triangle { .. } => "triangle",
            MapShape::Cells(_) => "cells",
        }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        match *self {
            MapShape::Rectangle { width, height, .. }
            | MapShape::Parallelogram { width, height } => width as usize * height as usize,
            MapShape::Hexagon { radius } => {
                let r = radius as usize;
                3 * r * r + 3 * r + 1
            }
            MapShape::Triangle { size } => {
                let n = size as usize;
                n * (n + 1) / 2
            }
            MapShape::Cells(ref c) => c.0.len(),
        }
    }

    /// True when the shape has no cells (never for a checked shape).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when `h` is a cell of the shape.
    pub fn contains(&self, h: Hex) -> bool {
        self.index_of(h).is_some()
    }

    /// The dense index of `h` (0..len), or `None` when `h` is not in the shape.
    ///
    /// O(1) for the fixed shapes, O(log n) for explicit sets. Index order equals the
    /// shape's iteration order.
    pub fn index_of(&self, h: Hex) -> Option<usize> {
        match *self {
            MapShape::Rectangle {
                kind,
                width,
                height,
            } => {
                let c = kind.from_hex(h);
                let (col, row) = (i64::from(c.col), i64::from(c.row));
                ((0..i64::from(width)).contains(&col) && (0..i64::from(height)).contains(&row))
                    .then(|| (row * i64::from(width) + col) as usize)
            }
            MapShape::Hexagon { radius } => {
                // i64 throughout: any i32 hex is answered without overflow.
                let (q, r, n) = (i64::from(h.q), i64::from(h.r), i64::from(radius));
                if q.abs() > n || r.abs() > n || (q + r).abs() > n {
                    return None;
                }
                let q_min = (-n).max(-r - n);
                Some((hexagon_row_start(n, r) + q - q_min) as usize)
            }
            MapShape::Parallelogram { width, height } => {
                shapes::parallelogram_contains(width, height, h)
                    .then(|| h.r as usize * width as usize + h.q as usize)
            }
            MapShape::Triangle { size } => shapes::triangle_contains(size, h)
                .then(|| (triangle_row_start(size.into(), h.r.into()) + i64::from(h.q)) as usize),
            MapShape::Cells(ref c) => c.0.binary_search(&h).ok(),
        }
    }

    /// The hex at dense index `i`, or `None` when `i >= len()`.
    pub fn hex_at(&self, i: usize) -> Option<Hex> {
        if i >= self.len() {
            return None;
        }
        let i = i as i64;
        Some(match *self {
            MapShape::Rectangle { kind, width, .. } => {
                let w = i64::from(width);
                kind.to_hex(OffsetCoord::new((i % w) as i32, (i / w) as i32))
            }
            MapShape::Hexagon { radius } => {
                let n = i64::from(radius);
                // Find the row by binary search on the row starts (2R+1 rows).
                let (mut lo, mut hi) = (-n, n);
                while lo < hi {
                    let mid = (lo + hi + 1).div_euclid(2);
                    if hexagon_row_start(n, mid) <= i {
                        lo = mid;
                    } else {
                        hi = mid - 1;
                    }
                }
                let r = lo;
                let q_min = (-n).max(-r - n);
                Hex::new((q_min + i - hexagon_row_start(n, r)) as i32, r as i32)
            }
            MapShape::Parallelogram { width, .. } => {
                let w = i64::from(width);
                Hex::new((i % w) as i32, (i / w) as i32)
            }
            MapShape::Triangle { size } => {
                let n = i64::from(size);
                let (mut lo, mut hi) = (0, n - 1);
                while lo < hi {
                    let mid = (lo + hi + 1) / 2;
                    if triangle_row_start(n, mid) <= i {
                        lo = mid;
                    } else {
                        hi = mid - 1;
                    }
                }
                Hex::new((i - triangle_row_start(n, lo)) as i32, lo as i32)
            }
            MapShape::Cells(ref c) => c.0[i as usize],
        })
    }

    /// All cells in index order.
    pub fn iter(&self) -> Box<dyn Iterator<Item = Hex> + '_> {
        match *self {
            MapShape::Rectangle {
                kind,
                width,
                height,
            } => Box::new(shapes::rectangle(kind, width, height)),
            MapShape::Hexagon { radius } => Box::new(shapes::hexagon(radius)),
            MapShape::Parallelogram { width, height } => {
                Box::new(shapes::parallelogram(width, height))
            }
            MapShape::Triangle { size } => Box::new(shapes::triangle(size)),
            MapShape::Cells(ref c) => Box::new(c.0.iter().copied()),
        }
    }

    /// The bounding box of the shape in offset coordinates of `kind`:
    /// (min col, min row, columns, rows).
    pub fn offset_bounds(&self, kind: OffsetKind) -> OffsetBounds {
        // Fast paths: a rectangle in its own kind; otherwise scan the boundary-relevant
        // cells (all cells; shapes are bounded by MAX_CELLS).
        if let MapShape::Rectangle {
            kind: k,
            width,
            height,
        } = *self
            && k == kind
        {
            return OffsetBounds {
                min_col: 0,
                min_row: 0,
                cols: width,
                rows: height,
            };
        }
        let mut it = self.iter().map(|h| kind.from_hex(h));
        // Explicit sets are bounded by MAX_COORD and MAX_BOX_CELLS, so these fit in i32.
        let first = it.next().unwrap_or(OffsetCoord::new(0, 0));
        let (mut c0, mut c1, mut r0, mut r1) = (first.col, first.col, first.row, first.row);
        for c in it {
            c0 = c0.min(c.col);
            c1 = c1.max(c.col);
            r0 = r0.min(c.row);
            r1 = r1.max(c.row);
        }
        OffsetBounds {
            min_col: c0,
            min_row: r0,
            cols: (c1 - c0 + 1) as u32,
            rows: (r1 - r0 + 1) as u32,
        }
    }
}

/// A box of offset cells: columns `min_col .. min_col + cols`, rows `min_row .. min_row + rows`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OffsetBounds {
    /// First column.
    pub min_col: i32,
    /// First row.
    pub min_row: i32,
    /// Number of columns.
    pub cols: u32,
    /// Number of rows.
    pub rows: u32,
}

/// Index of the first cell of row `r` in a hexagon of radius `n` (rows −n..=n).
fn hexagon_row_start(n: i64, r: i64) -> i64 {
    if r <= 0 {
        // Rows −n..r−1 have lengths 2n+1+k for k < 0.
        let rows = r + n;
        rows * (2 * n + 1) + (rows * (-n + r - 1)) / 2
    } else {
        let s0 = hexagon_row_start(n, 0);
        s0 + r * (2 * n + 1) - r * (r - 1) / 2
    }
}

/// Index of the first cell of row `r` in a triangle of side `n` (row r has n − r cells).
fn triangle_row_start(n: i64, r: i64) -> i64 {
    r * n - r * (r - 1) / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shapes_under_test() -> Vec<MapShape> {
        let mut v = vec![
            MapShape::hexagon(0).unwrap(),
            MapShape::hexagon(1).unwrap(),
            MapShape::hexagon(7).unwrap(),
            MapShape::parallelogram(5, 3).unwrap(),
            MapShape::triangle(1).unwrap(),
            MapShape::triangle(9).unwrap(),
            MapShape::cells([Hex::new(3, -2), Hex::new(0, 0), Hex::new(-5, 9)]).unwrap(),
        ];
        for k in OffsetKind::ALL {
            v.push(MapShape::rectangle(k, 7, 4).unwrap());
        }
        v
    }

    #[test]
    fn index_matches_iteration_order_both_ways() {
        for s in shapes_under_test() {
            let cells: Vec<Hex> = s.iter().collect();
            assert_eq!(cells.len(), s.len(), "{s:?}");
            for (i, &h) in cells.iter().enumerate() {
                assert_eq!(s.index_of(h), Some(i), "{s:?} {h}");
                assert_eq!(s.hex_at(i), Some(h), "{s:?} {i}");
            }
            assert_eq!(s.hex_at(s.len()), None);
        }
    }

    #[test]
    fn extreme_hexes_are_outside_without_overflow() {
        for s in shapes_under_test() {
            for h in [
                Hex::new(i32::MIN, i32::MIN),
                Hex::new(i32::MAX, i32::MIN),
                Hex::new(i32::MIN, 0),
                Hex::new(0, i32::MAX),
                Hex::new(i32::MAX, i32::MAX),
            ] {
                assert_eq!(s.index_of(h), None, "{s:?}");
            }
        }
    }

    #[test]
    fn outside_hexes_have_no_index() {
        for s in shapes_under_test() {
            let inside = (-20..20)
                .flat_map(|q| (-20..20).map(move |r| Hex::new(q, r)))
                .filter(|&h| s.contains(h))
                .count();
            assert_eq!(inside, s.len(), "{s:?}");
        }
    }

    #[test]
    fn ten_million_hex_worlds_fit_and_one_cell_more_than_the_limit_does_not() {
        let rect = MapShape::rectangle(OffsetKind::OddR, 3163, 3163).expect("3163 x 3163");
        assert_eq!(rect.len(), 10_004_569);
        let hexagon = MapShape::hexagon(1826).expect("radius 1826");
        assert_eq!(hexagon.len(), 10_008_307);
        // 4000 x 3000 is exactly the limit; one row of 4000 more is over it.
        assert_eq!(MAX_CELLS, 12_000_000);
        assert!(MapShape::rectangle(OffsetKind::OddQ, 4000, 3000).is_ok());
        assert_eq!(
            MapShape::rectangle(OffsetKind::OddQ, 4000, 3001),
            Err(ShapeError::TooManyCells {
                cells: 12_004_000,
                limit: MAX_CELLS
            })
        );
        let err = MapShape::hexagon(2000).unwrap_err();
        assert_eq!(
            err.to_string(),
            "12006001 cells is over the limit of 12000000"
        );
        assert!(MapShape::parallelogram(3465, 3465).is_err());
        assert!(MapShape::triangle(4898).is_ok());
        assert!(MapShape::triangle(4899).is_err());
    }

    #[test]
    fn limits_refuse_before_allocating() {
        assert!(matches!(
            MapShape::rectangle(OffsetKind::OddR, 10_000, 10_000),
            Err(ShapeError::TooManyCells { .. })
        ));
        assert!(matches!(
            MapShape::rectangle(OffsetKind::OddR, 10_001, 1),
            Err(ShapeError::SideTooLong { .. })
        ));
        assert!(MapShape::rectangle(OffsetKind::OddR, 1000, 1000).is_ok());
        assert!(matches!(
            MapShape::parallelogram(0, 3),
            Err(ShapeError::Empty { .. })
        ));
        assert!(MapShape::hexagon(u32::MAX).is_err());
        assert!(MapShape::triangle(u32::MAX).is_err());
        assert!(matches!(
            MapShape::cells([Hex::new(1, 1), Hex::new(1, 1)]),
            Err(ShapeError::DuplicateCell(_))
        ));
        assert!(matches!(
            MapShape::cells([Hex::new(i32::MIN + 1, i32::MAX)]),
            Err(ShapeError::CoordOutOfRange(_))
        ));
        assert!(matches!(
            MapShape::cells([Hex::new(-900_000_000, 0), Hex::new(900_000_000, 0)]),
            Err(ShapeError::SpreadTooLarge { .. })
        ));
        assert!(matches!(
            MapShape::cells([Hex::new(0, 0), Hex::new(15_000, 15_000)]),
            Err(ShapeError::SpreadTooLarge { .. })
        ));
    }

    #[test]
    fn offset_bounds_cover_the_shape() {
        for s in shapes_under_test() {
            for k in OffsetKind::ALL {
                let b = s.offset_bounds(k);
                for h in s.iter() {
                    let c = k.from_hex(h);
                    assert!(c.col >= b.min_col && c.col < b.min_col + b.cols as i32);
                    assert!(c.row >= b.min_row && c.row < b.min_row + b.rows as i32);
                }
            }
        }
        let b = MapShape::hexagon(6)
            .unwrap()
            .offset_bounds(OffsetKind::OddR);
        assert_eq!((b.cols, b.rows), (13, 13));
    }
}
