//! A new hex size or orientation with the map's drawn content kept on its hexes. Labels and the underlay
//! sit in world units (the layout's pixel space, hex (0, 0) at the origin), so a bigger or
//! smaller hex would leave them where they were while the hexes move away from under
//! them. The layout is linear in the hex size, axis by axis, so scaling each world point
//! by the ratio of the new size to the old keeps every point over the same spot of the
//! same hex.

use super::{HexMap, MapError};
use crate::underlay::UnderlayError;
use hexmap_hex::{Layout, Point};

/// Why the hexes cannot take a new size with the content on them.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ResizeError {
    /// The new properties are refused (a bad size among them), or a label scaled with
    /// the hexes would break a limit.
    #[error(transparent)]
    Map(#[from] MapError),
    /// The underlay scaled with the hexes would break a limit.
    #[error(transparent)]
    Underlay(#[from] UnderlayError),
}

impl HexMap {
    /// Take the properties `props` with the map's drawn content kept on its hexes: a new
    /// hex size scales every label (points and curves) and the underlay (centre and scale)
    /// with the hexes, axis by axis; a turn to the other orientation keeps each label over
    /// the same spot of the same hex (cube coordinates: a point goes to the fractional hex
    /// it lies on in the old layout, then to that fractional hex's point in the new one)
    /// and the underlay where it is (no placement of a scan fits both grids). On error the
    /// map is unchanged.
    pub fn relayout(&mut self, props: super::MapProperties) -> Result<(), ResizeError> {
        props.validate().map_err(MapError::from)?;
        props.check_offset_kind().map_err(MapError::from)?;
        let (old_size, size) = (self.props.hex_size, props.hex_size);
        let (kx, ky) = (size.x / old_size.x, size.y / old_size.y);
        let turned = props.orientation != self.props.orientation;
        let layouts = (
            self.layout(),
            Layout::new(props.orientation, size, Point::new(0.0, 0.0)),
        );
        let moved_point = |p: Point| match (&layouts, turned) {
            (_, false) => Point::new(p.x * kx, p.y * ky),
            ((Ok(old), Ok(new)), true) => new.frac_to_pixel(old.pixel_to_frac(p)),
            _ => p,
        };
        let mut labels = Vec::with_capacity(self.labels.len());
        for (id, label) in self.labels.iter() {
            let at = moved_point(label.at);
            let path = label
                .path
                .iter()
                .map(|d| {
                    let end = moved_point(Point::new(label.at.x + d.x, label.at.y + d.y));
                    Point::new(end.x - at.x, end.y - at.y)
                })
                .collect();
            let moved = crate::Label {
                at,
                path,
                ..label.clone()
            };
            moved
                .validate()
                .map_err(|error| MapError::BadLabel { id, error })?;
            labels.push((id, moved));
        }
        let underlay = match &self.underlay {
            Some(u) if !turned => {
                // One scale for both axes: a stretch that is not the same both ways keeps
                // the image's proportions and follows the hexes' mean growth.
                let moved = crate::Underlay {
                    center: moved_point(u.center),
                    scale: u.scale * (kx * ky).sqrt(),
                    ..u.clone()
                };
                moved.validate()?;
                Some(moved)
            }
            other => other.clone(),
        };
        self.props = props;
        for (id, label) in labels {
            self.labels.insert(id, label);
        }
        self.underlay = underlay;
        Ok(())
    }

    /// Give the hexes the size `size` (world units, x and y), moving the labels and the
    /// underlay with them ([`HexMap::relayout`]). On error the map is unchanged.
    pub fn resize_hexes(&mut self, size: Point) -> Result<(), ResizeError> {
        let mut props = self.props.clone();
        props.hex_size = size;
        self.relayout(props)
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::TestMap;
    use crate::{Label, Underlay};
    use hexmap_hex::{Hex, OffsetKind, Point};

    #[test]
    fn labels_and_the_underlay_stay_over_their_hexes() {
        let mut map = TestMap::rectangle(OffsetKind::OddR, 8, 6)
            .named("m")
            .build();
        let layout = map.layout().unwrap();
        let hex = Hex::new(3, 2);
        let centre = layout.hex_to_pixel(hex);
        // A straight label a little off a hex centre, a curved one from there to (5, 4),
        // and an underlay centred on (1, 1).
        let off = Point::new(centre.x + 0.25, centre.y - 0.1);
        let id = map.labels.next_id();
        map.labels.insert(id, Label::new("Ford", off));
        let end = layout.hex_to_pixel(Hex::new(5, 4));
        let curve = map.labels.next_id();
        map.labels
            .insert(curve, Label::along("River", &[centre, end]));
        map.underlay = Some(Underlay {
            path: "scan.png".into(),
            center: layout.hex_to_pixel(Hex::new(1, 1)),
            scale: 0.1,
            rotation: 0.0,
            opacity: 0.5,
        });
        map.resize_hexes(Point::new(20.0, 30.0)).unwrap();
        let layout = map.layout().unwrap();
        // The point sits over the same hex, at the same fraction of its size off centre.
        let label = map.labels.get(id).unwrap();
        assert_eq!(layout.pixel_to_hex_rounded(label.at), hex);
        let now = layout.hex_to_pixel(hex);
        assert!((label.at.x - (now.x + 0.25 * 20.0)).abs() < 1e-9);
        assert!((label.at.y - (now.y - 0.1 * 30.0)).abs() < 1e-9);
        // The curve still runs from (3, 2) to (5, 4).
        let points: Vec<Point> = map.labels.get(curve).unwrap().path_points().collect();
        assert_eq!(layout.pixel_to_hex_rounded(points[0]), hex);
        assert_eq!(
            layout.pixel_to_hex_rounded(*points.last().unwrap()),
            Hex::new(5, 4)
        );
        let u = map.underlay.as_ref().unwrap();
        assert_eq!(layout.pixel_to_hex_rounded(u.center), Hex::new(1, 1));
        assert!((u.scale - 0.1 * 600f64.sqrt()).abs() < 1e-9);
    }

    #[test]
    fn a_size_that_would_throw_a_label_off_limits_changes_nothing() {
        let mut map = TestMap::rectangle(OffsetKind::OddR, 4, 4)
            .named("m")
            .build();
        let id = map.labels.next_id();
        map.labels
            .insert(id, Label::new("far", Point::new(900_000.0, 0.0)));
        let before = map.clone();
        let e = map.resize_hexes(Point::new(1000.0, 1000.0)).unwrap_err();
        assert!(e.to_string().starts_with("label 0:"), "{e}");
        assert!(map == before);
        // A bad size is refused as the properties refuse it.
        assert!(map.resize_hexes(Point::new(0.0, 1.0)).is_err());
        assert!(map == before);
    }
}

#[cfg(test)]
mod edit_tests {
    use crate::testing::TestMap;
    use crate::{AnnotationEdit, Document, Edit, Label, MapEdit};
    use hexmap_hex::{Hex, OffsetKind, Point};

    #[test]
    fn a_new_hex_size_in_the_properties_keeps_labels_on_their_hexes_and_undo_restores_all() {
        let map = TestMap::rectangle(OffsetKind::OddR, 8, 6)
            .named("m")
            .build();
        let hex = Hex::new(4, 3);
        let at = map.layout().unwrap().hex_to_pixel(hex);
        let id = map.labels().next_id();
        let mut d = Document::new(map);
        d.apply(&Edit::Annotation(AnnotationEdit::AddLabel {
            id,
            label: Label::new("Ford", at),
        }))
        .unwrap();
        let before = d.map().clone();
        let mut props = d.map().properties().clone();
        props.hex_size = Point::new(40.0, 40.0);
        d.apply(&Edit::Map(MapEdit::SetProperties(props))).unwrap();
        let (_, label) = d.map().labels().iter().next().unwrap();
        let layout = d.map().layout().unwrap();
        assert_eq!(layout.pixel_to_hex_rounded(label.at), hex);
        assert_eq!(label.at, layout.hex_to_pixel(hex));
        d.undo();
        assert!(
            d.map() == &before,
            "undo gives the old size and positions back"
        );
    }
}
