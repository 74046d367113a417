//! The offset kind always belongs to the orientation: odd-r / even-r with pointy hexes,
//! odd-q / even-q with flat ones (docs/DESIGN.md §3). The one home of that rule for maps: the
//! check ([`OffsetMismatch`], [`MapProperties::check_offset_kind`]), the repair of a map
//! read with a mismatched pair ([`HexMap::match_offset_kind`]) and the edits that switch a
//! map between pointy and flat ([`HexMap::reorient_edits`]). XXYY label stagger is free.

use super::{Edit, HexMap, MapEdit, MapProperties, MapShape};
use hexmap_hex::{OffsetKind, Orientation};

/// An offset kind of the other family than the orientation (odd-q on pointy hexes …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "offset kind {offset} does not go with {orientation} hexes (use {expected}, or {other} \
     for the other parity)"
)]
pub struct OffsetMismatch {
    /// The map's orientation.
    pub orientation: Orientation,
    /// The offset kind asked for.
    pub offset: OffsetKind,
    /// The kind of the same parity that goes with `orientation`.
    pub expected: OffsetKind,
    /// The kind of the other parity that goes with `orientation`.
    pub other: OffsetKind,
}

/// The two offset kinds that go with `orientation` (odd first).
pub const fn offset_kinds_for(orientation: Orientation) -> [OffsetKind; 2] {
    match orientation {
        Orientation::Pointy => [OffsetKind::OddR, OffsetKind::EvenR],
        Orientation::Flat => [OffsetKind::OddQ, OffsetKind::EvenQ],
    }
}

impl OffsetMismatch {
    /// `Err` when `offset` does not go with `orientation`.
    pub fn check(orientation: Orientation, offset: OffsetKind) -> Result<(), OffsetMismatch> {
        if offset.orientation() == orientation {
            return Ok(());
        }
        let expected = offset.for_orientation(orientation);
        let [odd, even] = offset_kinds_for(orientation);
        Err(OffsetMismatch {
            orientation,
            offset,
            expected,
            other: if expected == odd { even } else { odd },
        })
    }
}

impl MapProperties {
    /// `Err` when the offset kind does not go with the orientation.
    pub fn check_offset_kind(&self) -> Result<(), OffsetMismatch> {
        OffsetMismatch::check(self.orientation, self.offset_kind)
    }

    /// Change the orientation; the offset kind follows to the kind of the same parity
    /// (odd-r ↔ odd-q, even-r ↔ even-q), and so does the XXYY label stagger: a row stagger
    /// on a column-staggered grid would number the hexes wrongly. Base, digits and order
    /// are left alone.
    pub fn set_orientation(&mut self, orientation: Orientation) {
        if orientation != self.orientation {
            self.labels.stagger = self.labels.stagger.for_orientation(orientation);
        }
        self.orientation = orientation;
        self.offset_kind = self.offset_kind.for_orientation(orientation);
    }
}

impl HexMap {
    /// A map read with an offset kind of the other family (a hand-written or older file)
    /// gets the kind of the same parity that goes with its orientation; every cell keeps
    /// its cube coordinates. Returns what was wrong (for a warning), `None` when nothing was.
    pub fn match_offset_kind(&mut self) -> Option<OffsetMismatch> {
        let mismatch = self.properties().check_offset_kind().err()?;
        let mut props = self.properties().clone();
        props.offset_kind = mismatch.expected;
        // Only the offset kind changes, to one that fits; the rest was checked already.
        self.swap_properties(&mut props);
        Some(mismatch)
    }

    /// The edits (in order, for one undo step) that switch this map to `orientation`,
    /// with the offset kind of the same parity. Hexagons, parallelograms, triangles and
    /// free-form maps keep every cell at its cube coordinates. A rectangle stays a
    /// rectangle of the same width and height, straight in the new kind: each cell moves
    /// to the same (column, row), so nothing is dropped and the picture keeps its layout
    /// (keeping cube coordinates would turn it into a skewed rhombus).
    pub fn reorient_edits(&self, orientation: Orientation) -> Vec<Edit> {
        let mut props = self.properties().clone();
        props.set_orientation(orientation);
        let mut edits = vec![Edit::Map(MapEdit::SetProperties(props))];
        let Some((kind, width, height)) = self.rectangle() else {
            return edits;
        };
        let new_kind = kind.for_orientation(orientation);
        if new_kind == kind {
            return edits;
        }
        let Ok(shape) = MapShape::rectangle(new_kind, width, height) else {
            return edits;
        };
        // Where each cell goes: the hex with the same (column, row) in the new kind.
        edits.push(Edit::Map(MapEdit::Relocate {
            shape,
            moves: crate::CellMove::Rekind {
                from: kind,
                to: new_kind,
            },
        }));
        edits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Document;
    use hexmap_hex::{Hex, Point};

    fn map(orientation: Orientation, kind: OffsetKind, shape: MapShape) -> HexMap {
        crate::testing::TestMap::on(orientation, shape)
            .named("m")
            .offset_kind(kind)
            .build()
    }

    #[test]
    fn each_kind_goes_with_its_orientation_only() {
        for o in [Orientation::Pointy, Orientation::Flat] {
            for k in OffsetKind::ALL {
                assert_eq!(OffsetMismatch::check(o, k).is_ok(), k.orientation() == o);
            }
        }
        let e = OffsetMismatch::check(Orientation::Pointy, OffsetKind::EvenQ).unwrap_err();
        assert_eq!((e.expected, e.other), (OffsetKind::EvenR, OffsetKind::OddR));
        assert!(e.to_string().contains("even-q does not go with pointy"));
    }

    #[test]
    fn set_orientation_keeps_the_parity() {
        let mut p = MapProperties::new("m", Orientation::Pointy);
        p.offset_kind = OffsetKind::EvenR;
        p.set_orientation(Orientation::Flat);
        assert_eq!(p.offset_kind, OffsetKind::EvenQ);
        p.set_orientation(Orientation::Pointy);
        assert_eq!(p.offset_kind, OffsetKind::EvenR);
    }

    #[test]
    fn set_orientation_turns_the_label_stagger_too() {
        let mut p = MapProperties::new("m", Orientation::Pointy);
        p.labels.stagger = OffsetKind::EvenR;
        p.set_orientation(Orientation::Flat);
        assert_eq!(p.labels.stagger, OffsetKind::EvenQ);
        p.set_orientation(Orientation::Flat);
        assert_eq!(p.labels.stagger, OffsetKind::EvenQ, "no change, no switch");
        p.set_orientation(Orientation::Pointy);
        assert_eq!(p.labels.stagger, OffsetKind::EvenR);
    }

    #[test]
    fn a_mismatched_map_switches_kind_and_keeps_cells() {
        let shape = MapShape::hexagon(3).unwrap();
        let mut m = map(Orientation::Pointy, OffsetKind::OddQ, shape);
        let id = m.palette().terrains()[1].id;
        m.set_terrain(Hex::new(2, -1), Some(id)).unwrap();
        let before = m.clone();
        let fixed = m.match_offset_kind().expect("mismatch reported");
        assert_eq!(fixed.expected, OffsetKind::OddR);
        assert_eq!(m.properties().offset_kind, OffsetKind::OddR);
        assert_eq!(m.shape(), before.shape());
        assert_eq!(m.terrain(Hex::new(2, -1)), Some(id));
        assert_eq!(m.match_offset_kind(), None, "nothing left to fix");
    }

    #[test]
    fn a_rectangle_reoriented_keeps_every_cell_by_column_and_row() {
        let shape = MapShape::rectangle(OffsetKind::OddR, 6, 4).unwrap();
        let mut m = map(Orientation::Pointy, OffsetKind::OddR, shape);
        let ids: Vec<_> = m.palette().terrains().iter().map(|t| t.id).collect();
        let cells: Vec<Hex> = m.shape().iter().collect();
        for (i, &h) in cells.iter().enumerate() {
            m.set_terrain(h, Some(ids[i % ids.len()])).unwrap();
        }
        m.set_mine(cells[5], true).unwrap();
        m.set_note(cells[7], Some("here".into())).unwrap();
        let before = m.clone();
        let mut doc = Document::new(m);
        doc.apply_all(&before.reorient_edits(Orientation::Flat))
            .unwrap();
        let after = doc.map();
        assert_eq!(after.properties().orientation, Orientation::Flat);
        assert_eq!(after.properties().offset_kind, OffsetKind::OddQ);
        assert_eq!(
            after.shape(),
            &MapShape::rectangle(OffsetKind::OddQ, 6, 4).unwrap()
        );
        for h in before.shape().iter() {
            let to = OffsetKind::OddQ.to_hex(OffsetKind::OddR.from_hex(h));
            assert_eq!(after.terrain(to), before.terrain(h));
            assert_eq!(after.is_mine(to), before.is_mine(h));
            assert_eq!(after.note(to), before.note(h));
        }
        assert_eq!(after.mine_layer().count(), 1);
        assert_eq!(after.notes().len(), 1);
        assert_eq!(doc.history().undo_len(), 1, "one undo step");
        assert!(doc.undo().is_some());
        assert_eq!(doc.map(), &before);
    }

    #[test]
    fn labels_stay_over_their_hexes_when_the_map_turns_and_undo_puts_them_back() {
        use crate::{AnnotationEdit, Edit, Label};
        // A hexagon keeps every cell at its cube coordinates; a rectangle keeps each cell
        // at its column and row. A label a little off a hex's centre, and a curved one
        // from that hex to another, follow their hexes.
        let cases = [
            (MapShape::hexagon(4).unwrap(), OffsetKind::OddR),
            (
                MapShape::rectangle(OffsetKind::OddR, 9, 7).unwrap(),
                OffsetKind::OddR,
            ),
        ];
        for (shape, kind) in cases {
            let m = map(Orientation::Pointy, kind, shape);
            let (from, to) = (
                m.shape().iter().nth(20).unwrap(),
                m.shape().iter().nth(40).unwrap(),
            );
            let layout = m.layout().unwrap();
            let c = layout.hex_to_pixel(from);
            let (at, end) = (Point::new(c.x + 0.2, c.y - 0.1), layout.hex_to_pixel(to));
            let (id, curve) = (
                m.labels().next_id(),
                crate::LabelId(m.labels().next_id().0 + 1),
            );
            let mut d = Document::new(m);
            for (id, label) in [
                (id, Label::new("Ford", at)),
                (curve, Label::along("Brook", &[c, end])),
            ] {
                d.apply(&Edit::Annotation(AnnotationEdit::AddLabel { id, label }))
                    .unwrap();
            }
            let before = d.map().clone();
            // Where each hex goes: the same cube hex, or the same column and row.
            let goes = |h: Hex| {
                if before.rectangle().is_some() {
                    OffsetKind::OddQ.to_hex(kind.from_hex(h))
                } else {
                    h
                }
            };
            d.apply_all(&before.reorient_edits(Orientation::Flat))
                .unwrap();
            let layout = d.map().layout().unwrap();
            let label = d.map().labels().get(id).unwrap();
            assert_eq!(layout.pixel_to_hex_rounded(label.at), goes(from));
            let points: Vec<Point> = d.map().labels().get(curve).unwrap().path_points().collect();
            assert_eq!(layout.pixel_to_hex_rounded(points[0]), goes(from));
            assert_eq!(
                layout.pixel_to_hex_rounded(*points.last().unwrap()),
                goes(to)
            );
            d.undo();
            assert!(d.map() == &before, "one undo step puts everything back");
        }
    }
}
