//! The scale bar (issue 29): a bar of a nice round length (1, 2 or 5 × 10ⁿ of the map's
//! scale unit) labelled with that distance, so a reader of a picture or print can measure
//! the map. Worked out here from the map's scale and layout (a hex centre to the next is
//! `print::flat_to_flat` world units and stands for `MapScale::per_hex`); drawn as plain
//! primitives, so every back-end shows the same bar.
//!
//! Built so far: the length rule and the drawing. Not yet called by the pictures, the print
//! or the canvas (issue 29 is open for that).

use crate::colour::Colour;
use crate::primitives::{Font, FontFamily, HAlign, Polyline, Stroke, Text, VAlign};
use crate::sink::Sink;
use hexmap_hex::{Layout, Point};
use hexmap_map::MapScale;

/// The largest 1, 2 or 5 × 10ⁿ that is at most `max` (`None` for a `max` that is not a
/// positive finite number).
pub fn nice_length(max: f64) -> Option<f64> {
    if !(max.is_finite() && max > 0.0) {
        return None;
    }
    let decade = 10f64.powf(max.log10().floor());
    // Rounding can put the decade a hair above `max`; step down then.
    let decade = if decade > max { decade / 10.0 } else { decade };
    [5.0, 2.0, 1.0]
        .into_iter()
        .map(|m| m * decade)
        .find(|&v| v <= max * (1.0 + 1e-12))
}

/// A bar worked out for a map: its length in the scale's unit, in world units, and its
/// label ("20 mi").
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleBar {
    /// Length in the scale's unit (a nice round number).
    pub length: f64,
    /// Length in world units.
    pub world: f64,
    /// The label.
    pub label: String,
}

impl ScaleBar {
    /// The longest nice bar of at most `max_world` world units for `scale` on `layout`.
    pub fn fit(scale: &MapScale, layout: &Layout, max_world: f64) -> Option<ScaleBar> {
        let world_per_unit = crate::print::flat_to_flat(layout) / scale.per_hex;
        let length = nice_length(max_world / world_per_unit)?;
        Some(ScaleBar {
            length,
            world: length * world_per_unit,
            label: scale.format(length),
        })
    }

    /// Draw the bar with its left end at `at` (world units) and the label above it; `px`
    /// is one output pixel in world units (line width and text size are in pixels).
    pub fn draw(&self, sink: &mut dyn Sink, at: Point, px: f64) {
        let ink = Colour::BLACK;
        let tick = 6.0 * px;
        let end = Point::new(at.x + self.world, at.y);
        let points = [
            Point::new(at.x, at.y - tick),
            at,
            end,
            Point::new(end.x, end.y - tick),
        ];
        sink.polyline(&Polyline {
            points: &points,
            stroke: Stroke::solid(2.0 * px, ink),
        });
        sink.text(&Text {
            v_align: VAlign::Bottom,
            h_align: HAlign::Centre,
            ..Text::centred(
                &self.label,
                Point::new(at.x + self.world / 2.0, at.y - 3.0 * px),
                12.0 * px,
                ink,
                Font::regular(FontFamily::Sans),
            )
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::Orientation;

    #[test]
    fn lengths_are_one_two_or_five_times_a_power_of_ten() {
        let cases = [
            (1.0, 1.0),
            (1.9, 1.0),
            (2.0, 2.0),
            (4.99, 2.0),
            (5.0, 5.0),
            (9.99, 5.0),
            (10.0, 10.0),
            (73.0, 50.0),
            (0.37, 0.2),
            (1234.0, 1000.0),
        ];
        for (max, want) in cases {
            let got = nice_length(max).unwrap();
            assert!((got - want).abs() < 1e-9, "{max}: {got}, want {want}");
        }
        assert_eq!(nice_length(0.0), None);
        assert_eq!(nice_length(f64::NAN), None);
    }

    #[test]
    fn the_bar_spans_its_distance_in_hexes() {
        // Pointy hexes of size 10: neighbours' centres are 10√3 apart, 6 mi.
        let layout = Layout::new(
            Orientation::Pointy,
            Point::new(10.0, 10.0),
            Point::new(0.0, 0.0),
        )
        .unwrap();
        let scale = MapScale::new(6.0, "mi").unwrap();
        let hex = 10.0 * 3f64.sqrt();
        let bar = ScaleBar::fit(&scale, &layout, 4.0 * hex).unwrap();
        // At most 24 mi: 20 mi, which is 20 / 6 hexes long.
        assert_eq!(bar.label, "20 mi");
        assert!((bar.world - 20.0 / 6.0 * hex).abs() < 1e-9, "{}", bar.world);
    }
}
