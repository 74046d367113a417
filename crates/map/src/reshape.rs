//! Reshaping a map without losing it by surprise: a [`ReshapePlan`] says what the new
//! shape will be, where each cell's content goes, how many painted cells fall outside
//! (and are dropped), and which hexes of today's map the new shape covers (for a preview
//! of its outline). The same plan, applied as one undo step with
//! [`super::Document::apply_all`], is what the editor shows and what it does.
//!
//! - [`HexMap::reshape_plan`]: any new shape, placed so that the old map's centre (or a
//!   chosen hex) lands on the new shape's centre.
//! - [`HexMap::resize_rect_plan`]: a rectangle grown or shrunk by columns and rows on each
//!   side (negative numbers remove), the content staying where it is on screen.

use super::{CellMove, Edit, HexMap, MapEdit, MapShape, ShapeError};
use hexmap_hex::{FracHex, Hex};

/// A reshape worked out before it is applied.
#[derive(Clone, Debug, PartialEq)]
pub struct ReshapePlan {
    /// The new shape.
    pub shape: MapShape,
    /// The edits that make it (apply all as one undo step).
    pub edits: Vec<Edit>,
    /// Cells with terrain, a mine or a note that the new shape leaves out.
    pub dropped: usize,
    /// The hexes of the new shape where they are today (before the content moves): what a
    /// preview outlines on the current map.
    pub footprint: Vec<Hex>,
}

/// The hex nearest the mean of a shape's cells (its centre of mass); the origin for an
/// empty shape.
pub fn shape_centre(shape: &MapShape) -> Hex {
    let (mut q, mut r, mut n) = (0.0_f64, 0.0_f64, 0.0_f64);
    for h in shape.iter() {
        q += f64::from(h.q);
        r += f64::from(h.r);
        n += 1.0;
    }
    if n == 0.0 {
        return Hex::ORIGIN;
    }
    FracHex::new(q / n, r / n).round()
}

impl HexMap {
    /// Reshape to `shape` around `around` (default: the map's centre): the content moves
    /// by the one step that puts `around` on the new shape's centre, so a map cut down to
    /// a smaller hexagon keeps its middle, not its top-left corner.
    pub fn reshape_plan(&self, shape: MapShape, around: Option<Hex>) -> ReshapePlan {
        let from = around.unwrap_or_else(|| shape_centre(self.shape()));
        let step = shape_centre(&shape) - from;
        self.relocate_plan(shape, CellMove::By(step), |h| h - step)
    }

    /// Grow (positive) or shrink (negative) a rectangle by columns on the left and right
    /// and rows at the top and bottom, like Tiled's "Resize map" with an offset: every
    /// cell keeps its place on screen. `Err` when the map is no rectangle or the new size
    /// is out of range.
    pub fn resize_rect_plan(
        &self,
        left: i32,
        right: i32,
        top: i32,
        bottom: i32,
    ) -> Result<ReshapePlan, ShapeError> {
        let (kind, width, height) = self.rectangle().ok_or(ShapeError::NotRectangle)?;
        let grow = |n: u32, a: i32, b: i32| i64::from(n) + i64::from(a) + i64::from(b);
        let (w, h) = (grow(width, left, right), grow(height, top, bottom));
        let side = |v: i64| u32::try_from(v.max(0)).unwrap_or(u32::MAX);
        let shape = MapShape::rectangle(kind, side(w), side(h))?;
        let back = CellMove::Offset {
            kind,
            cols: -left,
            rows: -top,
        };
        let moves = CellMove::Offset {
            kind,
            cols: left,
            rows: top,
        };
        Ok(self.relocate_plan(shape, moves, move |h| back.apply(h)))
    }

    /// The plan that moves each cell's content into `shape` as `moves` says; `back` is its
    /// inverse (for the footprint). One edit: [`MapEdit::Relocate`], which takes every
    /// piece of content along.
    pub(crate) fn relocate_plan(
        &self,
        shape: MapShape,
        moves: CellMove,
        back: impl Fn(Hex) -> Hex,
    ) -> ReshapePlan {
        let painted =
            |h: Hex| self.terrain(h).is_some() || self.is_mine(h) || self.note(h).is_some();
        let dropped = self
            .shape()
            .iter()
            .filter(|&from| !shape.contains(moves.apply(from)) && painted(from))
            .count();
        let footprint = shape.iter().map(back).collect();
        let edits = vec![Edit::Map(MapEdit::Relocate {
            shape: shape.clone(),
            moves,
        })];
        ReshapePlan {
            shape,
            edits,
            dropped,
            footprint,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Document;
    use hexmap_hex::{OffsetCoord, OffsetKind, Orientation};

    fn painted_rect(w: u32, h: u32) -> HexMap {
        let shape = MapShape::rectangle(OffsetKind::OddR, w, h).unwrap();
        let mut m = crate::testing::map_on(Orientation::Pointy, shape);
        let id = m.palette().terrains()[0].id;
        let cells: Vec<Hex> = m.shape().iter().collect();
        for c in cells {
            m.set_terrain(c, Some(id)).unwrap();
        }
        m
    }

    fn apply(map: &HexMap, plan: &ReshapePlan) -> Document {
        let mut doc = Document::new(map.clone());
        doc.apply_all(&plan.edits).unwrap();
        doc
    }

    #[test]
    fn a_smaller_hexagon_keeps_the_middle_of_the_map() {
        let map = painted_rect(40, 30);
        let centre = shape_centre(map.shape());
        let mut marked = map.clone();
        marked.set_note(centre, Some("middle".into())).unwrap();
        let plan = marked.reshape_plan(MapShape::hexagon(12).unwrap(), None);
        // 40 × 30 = 1200 painted cells, a radius-12 hexagon holds 469.
        assert_eq!(plan.dropped, 1200 - 469);
        assert_eq!(plan.footprint.len(), 469);
        assert!(plan.footprint.contains(&centre));
        let doc = apply(&marked, &plan);
        assert_eq!(doc.map().note(Hex::ORIGIN), Some("middle"));
        assert!(
            doc.map()
                .shape()
                .iter()
                .all(|h| doc.map().terrain(h).is_some())
        );
        assert_eq!(doc.history().undo_len(), 1);
    }

    #[test]
    fn around_a_chosen_hex() {
        let map = painted_rect(10, 10);
        let at = OffsetKind::OddR.to_hex(OffsetCoord::new(1, 1));
        let mut marked = map.clone();
        marked.set_mine(at, true).unwrap();
        let plan = marked.reshape_plan(MapShape::hexagon(1).unwrap(), Some(at));
        let doc = apply(&marked, &plan);
        assert!(doc.map().is_mine(Hex::ORIGIN));
        assert_eq!(doc.map().mine_layer().count(), 1);
    }

    #[test]
    fn a_rectangle_grows_and_shrinks_on_chosen_sides_in_place() {
        let mut map = painted_rect(6, 5);
        let corner = OffsetKind::OddR.to_hex(OffsetCoord::new(5, 4));
        map.set_note(corner, Some("corner".into())).unwrap();
        // Two columns more on the left, one row less at the top.
        let plan = map.resize_rect_plan(2, 0, -1, 0).unwrap();
        assert_eq!(
            plan.shape,
            MapShape::rectangle(OffsetKind::OddR, 8, 4).unwrap()
        );
        assert_eq!(plan.dropped, 6, "the top row of six painted cells");
        let doc = apply(&map, &plan);
        let moved = OffsetKind::OddR.to_hex(OffsetCoord::new(7, 3));
        assert_eq!(doc.map().note(moved), Some("corner"));
        let new_left = OffsetKind::OddR.to_hex(OffsetCoord::new(0, 0));
        assert_eq!(doc.map().terrain(new_left), None, "new columns are empty");
        assert_eq!(
            map.resize_rect_plan(-6, 0, 0, 0).unwrap_err(),
            MapShape::rectangle(OffsetKind::OddR, 0, 5).unwrap_err()
        );
    }
}
