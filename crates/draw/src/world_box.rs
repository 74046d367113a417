//! The world box of a map: the rectangle, in world units, that its cells cover. The one
//! home of that rule: the print layout, the picture frame and the editor's view limits all
//! ask here, each saying how far a cell reaches ([`CellReach`]).
//!
//! A map's box ([`map_world_box`]) covers everything drawn, not only the cells: place-name
//! labels (their rotated text boxes), icons at their scale and the captions under them,
//! and notes drawn as captions, so no picture frame or print layout cuts them off.

use hexmap_hex::{Hex, Layout, OffsetCoord, OffsetKind, Point};
use hexmap_map::{HexMap, MapShape, OffsetBounds};

use crate::annotations::{
    caption_place, caption_text, icon_box, label_texts, note_caption, note_caption_place,
};
use crate::colour::Colour;
use crate::print::WorldRect;
use crate::text_box::TextBox;

/// How far the drawing of one cell reaches around its centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellReach {
    /// The hexagon's outline exactly: printed pages tile just the cells.
    Outline,
    /// The hex size on each axis (`size.x` left and right, `size.y` up and down): a little
    /// slack beyond the outline on the short axis, which pictures and the editor's view keep.
    HexSize,
}

impl CellReach {
    /// The reach as (min x, max x, min y, max y) offsets from a cell's centre.
    fn offsets(self, layout: &Layout) -> (f64, f64, f64, f64) {
        match self {
            CellReach::Outline => {
                let corners: Vec<Point> = (0..6).map(|i| layout.corner_offset(i)).collect();
                let (x0, x1) = corners
                    .iter()
                    .fold((f64::MAX, f64::MIN), |(a, b), c| (a.min(c.x), b.max(c.x)));
                let (y0, y1) = corners
                    .iter()
                    .fold((f64::MAX, f64::MIN), |(a, b), c| (a.min(c.y), b.max(c.y)));
                (x0, x1, y0, y1)
            }
            CellReach::HexSize => {
                let s = layout.size();
                (-s.x, s.x, -s.y, s.y)
            }
        }
    }
}

/// The box (min, max) covering `cells` in `layout`, each reaching `reach` around its
/// centre, or `None` without cells. Callers that know a few cells hold the extremes (the
/// editor's corners of an offset box) pass just those.
pub fn world_box(
    layout: &Layout,
    cells: impl IntoIterator<Item = Hex>,
    reach: CellReach,
) -> Option<WorldRect> {
    let (x0, x1, y0, y1) = reach.offsets(layout);
    let mut lo = Point::new(f64::MAX, f64::MAX);
    let mut hi = Point::new(f64::MIN, f64::MIN);
    for h in cells {
        let p = layout.hex_to_pixel(h);
        lo = Point::new(lo.x.min(p.x + x0), lo.y.min(p.y + y0));
        hi = Point::new(hi.x.max(p.x + x1), hi.y.max(p.y + y1));
    }
    (lo.x <= hi.x).then_some((lo, hi))
}

/// The world box of the offset box `bounds` (in [`OffsetKind::default_for`] the layout's
/// orientation, as the editor keeps it; an empty box counts as its first cell) with each
/// cell reaching `reach`. Only the cells at the box's corners and their inward neighbours
/// are looked at: rows (pointy) or columns (flat) of the other parity are shoved by half a
/// hex, and either may hold the extreme. So it costs the same for any map size, and covers
/// the whole box, a little more than the shape when that is not a rectangle.
pub fn offset_bounds_world_box(
    layout: &Layout,
    bounds: OffsetBounds,
    reach: CellReach,
) -> WorldRect {
    let kind = OffsetKind::default_for(layout.orientation());
    let (c0, r0) = (bounds.min_col, bounds.min_row);
    let (c1, r1) = (
        bounds.min_col + bounds.cols.max(1) as i32 - 1,
        bounds.min_row + bounds.rows.max(1) as i32 - 1,
    );
    let corners = [0, 1].into_iter().flat_map(|dc| {
        [0, 1].into_iter().flat_map(move |dr| {
            [
                (c0 + dc, r0 + dr),
                (c1 - dc, r0 + dr),
                (c0 + dc, r1 - dr),
                (c1 - dc, r1 - dr),
            ]
        })
    });
    let cells = corners.map(|(c, r)| kind.to_hex(OffsetCoord::new(c, r)));
    let origin = layout.hex_to_pixel(kind.to_hex(OffsetCoord::new(c0, r0)));
    world_box(layout, cells, reach).unwrap_or((origin, origin))
}

/// [`world_box`] of every cell of `shape`. A cell's centre is linear in its axial q and r,
/// so along a straight line of cells it is extreme at the line's two ends: for the shapes
/// made of such lines (rectangles: their rows or columns; hexagons, parallelograms and
/// triangles: their rows of constant r) only the ends are looked at, a few thousand cells
/// for a ten-million-cell map. An explicit cell set is looked at whole.
pub fn shape_world_box(layout: &Layout, shape: &MapShape, reach: CellReach) -> Option<WorldRect> {
    match line_ends(shape) {
        Some(ends) => world_box(layout, ends, reach),
        None => world_box(layout, shape.iter(), reach),
    }
}

/// Both end cells of every straight line of cells `shape` is made of (`None`: a cell set).
fn line_ends(shape: &MapShape) -> Option<Vec<Hex>> {
    // Rows of constant axial r, q running over `q0(r)..q1(r)` (both included).
    let rows = |r: std::ops::Range<i32>, q: &dyn Fn(i32) -> (i32, i32)| {
        r.flat_map(|r| {
            let (a, b) = q(r);
            [Hex::new(a, r), Hex::new(b, r)]
        })
        .collect::<Vec<_>>()
    };
    Some(match *shape {
        MapShape::Rectangle {
            kind,
            width,
            height,
        } => {
            let (w, h) = (width as i32, height as i32);
            let at = |col, row| kind.to_hex(OffsetCoord::new(col, row));
            // A row of a row-shoved kind (a column of a column-shoved one) is a straight
            // line of hexes.
            if kind.shoves_rows() {
                (0..h)
                    .flat_map(|row| [at(0, row), at(w - 1, row)])
                    .collect()
            } else {
                (0..w)
                    .flat_map(|col| [at(col, 0), at(col, h - 1)])
                    .collect()
            }
        }
        MapShape::Hexagon { radius } => {
            let n = radius as i32;
            rows(-n..n + 1, &|r| ((-n).max(-r - n), n.min(n - r)))
        }
        MapShape::Parallelogram { width, height } => {
            rows(0..height as i32, &|_| (0, width as i32 - 1))
        }
        MapShape::Triangle { size } => rows(0..size as i32, &|r| (0, size as i32 - 1 - r)),
        MapShape::Cells(_) => return None,
    })
}

/// The world box of `map` in `layout`: every cell, reaching `reach`, and everything drawn
/// past the cells ([`drawn_points`]: labels, icons, captions); `None` for a map without
/// cells. Pictures frame it, prints lay their pages over it.
pub fn map_world_box(map: &HexMap, layout: &Layout, reach: CellReach) -> Option<WorldRect> {
    let (mut lo, mut hi) = shape_world_box(layout, map.shape(), reach)?;
    for p in drawn_points(map, layout) {
        if p.x.is_finite() && p.y.is_finite() {
            lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
            hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
        }
    }
    Some((lo, hi))
}

/// How far an icon's art reaches past its box, as a share of the box's half side (the
/// paper halo around its lines).
const ICON_ART_SLACK: f64 = 1.2;

/// One icon where the map draws it: the icon, its box's centre and half size in world
/// units, and how many icons share its hex.
struct PlacedIcon<'a> {
    icon: &'a hexmap_map::Icon,
    at: Point,
    half: f64,
    of: usize,
}

/// Every icon of `map` at its place ([`icon_box`] within its hex).
fn placed_icons<'a>(map: &'a HexMap, layout: &'a Layout) -> impl Iterator<Item = PlacedIcon<'a>> {
    let radius = layout.inner_radius();
    map.icons().iter().flat_map(move |(hex, icons)| {
        let c = layout.hex_to_pixel(hex);
        let of = icons.len();
        icons.iter().enumerate().map(move |(i, icon)| {
            let (at, half) = icon_box(i, of, icon.scale, radius);
            PlacedIcon {
                icon,
                at: Point::new(c.x + at.x, c.y + at.y),
                half,
                of,
            }
        })
    })
}

/// The corners of everything `map` draws that is not a cell, in world units: each icon's
/// box at its scale, and the corners of every text box of [`drawn_text_boxes`].
pub fn drawn_points(map: &HexMap, layout: &Layout) -> Vec<Point> {
    drawn_icon_boxes(map, layout)
        .into_iter()
        .chain(drawn_text_boxes(map, layout))
        .flat_map(|(lo, hi)| [lo, hi])
        .collect()
}

/// The box (min, max), in world units, of every icon `map` draws, at its scale with room
/// for art that reaches past it: what a label placed on the map keeps clear of.
pub fn drawn_icon_boxes(map: &HexMap, layout: &Layout) -> Vec<WorldRect> {
    placed_icons(map, layout)
        .map(|placed| {
            let (at, r) = (placed.at, placed.half * ICON_ART_SLACK);
            (
                Point::new(at.x - r, at.y - r),
                Point::new(at.x + r, at.y + r),
            )
        })
        .collect()
}

/// The box (min, max), in world units, of every text `map` draws over its cells: each
/// label's rotated text box (halo included), each icon caption, and each note caption when
/// the map's view draws notes as captions. Texts are measured as drawn ([`TextBox`]), at
/// any zoom (a text too small to draw still counts). What the frame must hold, and what
/// marks laid over a map (the print index's page numbers) keep clear of.
pub fn drawn_text_boxes(map: &HexMap, layout: &Layout) -> Vec<WorldRect> {
    let mut out = Vec::new();
    let boxed = |out: &mut Vec<WorldRect>, t: &crate::primitives::Text<'_>| {
        let corners = TextBox::of(t).corners(t);
        let lo = corners.iter().fold(Point::new(f64::MAX, f64::MAX), |a, p| {
            Point::new(a.x.min(p.x), a.y.min(p.y))
        });
        let hi = corners.iter().fold(Point::new(f64::MIN, f64::MIN), |a, p| {
            Point::new(a.x.max(p.x), a.y.max(p.y))
        });
        out.push((lo, hi));
    };
    for (_, label) in map.labels().iter() {
        for text in label_texts(label, layout) {
            boxed(&mut out, &text);
        }
    }
    let radius = layout.inner_radius();
    for placed in placed_icons(map, layout) {
        if let Some(text) = placed.icon.caption.as_deref() {
            let (top, size) = caption_place(placed.of, radius, placed.at, placed.half);
            boxed(&mut out, &caption_text(text, top, size, Colour::BLACK));
        }
    }
    if map.view().note_captions {
        for (&hex, note) in map.notes() {
            if let Some(text) = note_caption(note) {
                let c = layout.hex_to_pixel(hex);
                let (offset, size) = note_caption_place(map.icons().at(hex), radius);
                let top = Point::new(c.x + offset.x, c.y + offset.y);
                boxed(&mut out, &caption_text(&text, top, size, Colour::BLACK));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::Orientation;

    #[test]
    fn the_box_from_line_ends_is_the_box_of_every_cell() {
        let mut shapes = vec![
            MapShape::parallelogram(7, 3).unwrap(),
            MapShape::parallelogram(1, 1).unwrap(),
            MapShape::cells([Hex::new(0, 0), Hex::new(5, -2), Hex::new(-3, 4)]).unwrap(),
        ];
        for n in 0..5 {
            shapes.push(MapShape::hexagon(n).unwrap());
            shapes.push(MapShape::triangle(n + 1).unwrap());
        }
        for kind in OffsetKind::ALL {
            for (w, h) in [(1, 1), (1, 6), (6, 1), (2, 2), (9, 5), (4, 7)] {
                shapes.push(MapShape::rectangle(kind, w, h).unwrap());
            }
        }
        for orientation in [Orientation::Pointy, Orientation::Flat] {
            // Stretched hexes and an origin away from zero, so no term drops out.
            let layout =
                Layout::new(orientation, Point::new(10.0, 6.5), Point::new(3.0, -7.0)).unwrap();
            for shape in &shapes {
                for reach in [CellReach::Outline, CellReach::HexSize] {
                    assert_eq!(
                        shape_world_box(&layout, shape, reach),
                        world_box(&layout, shape.iter(), reach),
                        "{shape:?} {orientation:?} {reach:?}"
                    );
                }
            }
        }
    }
}
