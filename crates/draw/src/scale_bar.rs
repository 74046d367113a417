//! The scale bar: a bar of a nice round length (1, 2 or 5 × 10ⁿ of the map's
//! scale unit) labelled with that distance, so a reader of a picture or print can measure
//! the map. Worked out here from the map's scale and the distance between neighbouring hex
//! centres in the units the bar is drawn in (world units: `print::flat_to_flat`; paper
//! millimetres: the print's hex size), which stands for `MapScale::per_hex`; drawn as
//! plain primitives, so every back-end shows the same bar.
//!
//! One home for where it sits. In a picture (PNG, SVG: `io::render`) it goes under the
//! map's part, as a legend below the map does, and the picture grows to hold it
//! ([`room_under_px`], [`place_under`]), so it never covers a hex. On the PDF print's
//! first board page (`io::render::print`) and the editor's canvas (View → Scale bar) it
//! sits in the bottom-left corner of the area, clear of a legend box ([`place`];
//! [`draw_in_corner`] fits, places and draws it there).

use crate::colour::Colour;
use crate::primitives::{Font, FontFamily, HAlign, Polygon, Rect, Stroke, Text, VAlign};
use crate::sink::Sink;
use crate::text_box::TextBox;
use hexmap_hex::{Layout, Point};
use hexmap_map::MapScale;

/// Thickness of the bar, in pixels.
const BAR_PX: f64 = 4.0;
/// Height of the ticks at the bar's ends (from the bar's bottom edge), in pixels.
const TICK_PX: f64 = 9.0;
/// Width of a tick, in pixels.
const TICK_W_PX: f64 = 2.0;
/// Font size of the label, in pixels.
const TEXT_PX: f64 = 12.0;
/// Space between the label and the tops of the ticks, in pixels.
const GAP_PX: f64 = 2.0;
/// Inner margin of the box behind the bar, in pixels.
const PADDING_PX: f64 = 6.0;
/// Distance of the box from the corner of its area (and from a legend), in pixels.
pub const MARGIN_PX: f64 = 10.0;
/// Ink of the bar and its label.
pub const INK: Colour = Colour::BLACK;

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

/// A bar worked out for a map: its length in the scale's unit, in drawing units, and its
/// label ("20 mi").
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleBar {
    /// Length in the scale's unit (a nice round number).
    pub length: f64,
    /// Length in the units it is drawn in (world units for [`ScaleBar::fit`]).
    pub world: f64,
    /// The label.
    pub label: String,
}

impl ScaleBar {
    /// The longest nice bar of at most `max_world` world units for `scale` on `layout`.
    pub fn fit(scale: &MapScale, layout: &Layout, max_world: f64) -> Option<ScaleBar> {
        Self::fit_units(scale, crate::print::flat_to_flat(layout), max_world)
    }

    /// The longest nice bar of at most `max` drawing units for `scale`, where neighbouring
    /// hex centres are `hex` drawing units apart (world units, paper millimetres or screen
    /// pixels: the bar is then drawn in those units).
    pub fn fit_units(scale: &MapScale, hex: f64, max: f64) -> Option<ScaleBar> {
        if !(hex.is_finite() && hex > 0.0) {
            return None;
        }
        let units_per_distance = hex / scale.per_hex;
        let length = nice_length(max / units_per_distance)?;
        Some(ScaleBar {
            length,
            world: length * units_per_distance,
            label: scale.format(length),
        })
    }

    /// The label as drawn, anchored at `at` (its bottom centre); `px` is one pixel.
    fn label_text(&self, at: Point, px: f64) -> Text<'_> {
        Text {
            v_align: VAlign::Bottom,
            h_align: HAlign::Centre,
            ..Text::centred(
                &self.label,
                at,
                TEXT_PX * px,
                INK,
                Font::regular(FontFamily::Sans),
            )
        }
    }

    /// Width and height of the bar's box (bar, ticks, label and padding) in drawing units;
    /// `px` is one output pixel in drawing units.
    pub fn box_size(&self, px: f64) -> (f64, f64) {
        let label = TextBox::of(&self.label_text(Point::new(0.0, 0.0), px));
        let w = self.world.max(label.width()) + 2.0 * PADDING_PX * px;
        let h = label.height() + (GAP_PX + TICK_PX + 2.0 * PADDING_PX) * px;
        (w, h)
    }

    /// Draw the bar in its box whose top-left corner is `min` (a box of
    /// [`ScaleBar::box_size`]): a paper backing, the bar (a filled black rectangle exactly
    /// [`ScaleBar::world`] long, so it can be measured on the output), a tick up at each
    /// end (inside that length) and the label centred above. `px` is one output pixel in
    /// drawing units (thickness and text size are in pixels).
    pub fn draw(&self, sink: &mut dyn Sink, min: Point, px: f64) {
        let (w, h) = self.box_size(px);
        let frame = [
            min,
            Point::new(min.x + w, min.y),
            Point::new(min.x + w, min.y + h),
            Point::new(min.x, min.y + h),
        ];
        sink.polygon(&Polygon {
            points: &frame,
            fill: Some(crate::annotations::PAPER.with_alpha(235)),
            stroke: Some(Stroke::solid(
                px,
                crate::annotations::DEFAULT_INK.with_alpha(160),
            )),
        });
        let left = min.x + (w - self.world) / 2.0;
        let bottom = min.y + h - PADDING_PX * px;
        let right = left + self.world;
        sink.rect(&Rect {
            min: Point::new(left, bottom - BAR_PX * px),
            max: Point::new(right, bottom),
            fill: INK,
        });
        let top = bottom - TICK_PX * px;
        let tick_w = (TICK_W_PX * px).min(self.world / 2.0);
        for x in [left, right - tick_w] {
            sink.rect(&Rect {
                min: Point::new(x, top),
                max: Point::new(x + tick_w, bottom),
                fill: INK,
            });
        }
        let mid = Point::new((left + right) / 2.0, top - GAP_PX * px);
        sink.text(&self.label_text(mid, px));
    }
}

/// Where a box of `size` (width, height) goes in `area` (min, max): its corner (min, max)
/// in the area's bottom-left corner, [`MARGIN_PX`] in, clear of the box `avoid` (a legend
/// over the map): to its right when the area is wide enough, else above it. `px` is one
/// pixel in the area's units. The pictures, the print and the canvas all place the bar
/// with this.
pub fn place(
    size: (f64, f64),
    area: (Point, Point),
    px: f64,
    avoid: Option<(Point, Point)>,
) -> (Point, Point) {
    let m = MARGIN_PX * px;
    let (w, h) = size;
    let at = |x: f64, y: f64| (Point::new(x, y - h), Point::new(x + w, y));
    let corner = at(area.0.x + m, area.1.y - m);
    let Some((a, b)) = avoid else {
        return corner;
    };
    let overlaps = |(p, q): (Point, Point)| p.x < b.x && a.x < q.x && p.y < b.y && a.y < q.y;
    if !overlaps(corner) {
        return corner;
    }
    let beside = at(b.x + m, area.1.y - m);
    if beside.1.x <= area.1.x - m {
        return beside;
    }
    at(area.0.x + m, a.y - m)
}

/// The room, in pixels (width, height), a bar box of `size` pixels takes in a strip
/// under a picture's map: the box [`MARGIN_PX`] in from the left with as much after it,
/// at the strip's top (the map's part keeps its own margin above) with [`MARGIN_PX`]
/// under it.
pub fn room_under_px(size: (f64, f64)) -> (f64, f64) {
    (size.0 + 2.0 * MARGIN_PX, size.1 + MARGIN_PX)
}

/// Where a box of `size` goes in the strip under a picture's map whose top-left corner
/// is `strip` (its corner (min, max), in the same units as `size`): [`MARGIN_PX`] in from
/// the strip's left, at its top; `px` is one pixel in those units. The strip is the room
/// of [`room_under_px`].
pub fn place_under(size: (f64, f64), strip: Point, px: f64) -> (Point, Point) {
    let min = Point::new(strip.x + MARGIN_PX * px, strip.y);
    (min, Point::new(min.x + size.0, min.y + size.1))
}

/// Fit, place and draw the bar of `scale` in the bottom-left corner of `area` (drawing
/// units, in which neighbouring hex centres are `hex` apart), at most `max` long and clear
/// of `avoid` (see [`place`]); `px` is one output pixel. Returns the bar and its box, or
/// `None` when no bar fits (`max` or `hex` not positive).
pub fn draw_in_corner(
    sink: &mut dyn Sink,
    scale: &MapScale,
    hex: f64,
    max: f64,
    area: (Point, Point),
    px: f64,
    avoid: Option<(Point, Point)>,
) -> Option<(ScaleBar, (Point, Point))> {
    let bar = ScaleBar::fit_units(scale, hex, max)?;
    let placed = place(bar.box_size(px), area, px, avoid);
    bar.draw(sink, placed.0, px);
    Some((bar, placed))
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

    fn sq(a: (f64, f64), b: (f64, f64)) -> (Point, Point) {
        (Point::new(a.0, a.1), Point::new(b.0, b.1))
    }

    #[test]
    fn the_bar_goes_bottom_left_and_clear_of_a_legend() {
        let area = sq((0.0, 0.0), (400.0, 300.0));
        // Alone: 10 px in from the bottom-left corner.
        let (a, b) = place((80.0, 30.0), area, 1.0, None);
        assert_eq!((a, b), sq((10.0, 260.0), (90.0, 290.0)));
        // A legend elsewhere does not move it.
        let legend = sq((300.0, 10.0), (390.0, 120.0));
        assert_eq!(place((80.0, 30.0), area, 1.0, Some(legend)).0, a);
        // A legend in the bottom-left corner: the bar goes to its right.
        let legend = sq((10.0, 150.0), (150.0, 290.0));
        let (a, b) = place((80.0, 30.0), area, 1.0, Some(legend));
        assert_eq!((a, b), sq((160.0, 260.0), (240.0, 290.0)));
        // No room beside it: above it.
        let wide = sq((10.0, 150.0), (350.0, 290.0));
        let (a, b) = place((80.0, 30.0), area, 1.0, Some(wide));
        assert_eq!((a, b), sq((10.0, 110.0), (90.0, 140.0)));
    }

    #[test]
    fn under_a_picture_the_bar_sits_in_its_own_room() {
        let (w, h) = room_under_px((80.0, 30.0));
        assert_eq!((w, h), (100.0, 40.0));
        // A strip from y = 300 (the map's part above it): the box at its top, 10 px in.
        let (a, b) = place_under((80.0, 30.0), Point::new(0.0, 300.0), 1.0);
        assert_eq!((a, b), sq((10.0, 300.0), (90.0, 330.0)));
        assert!(b.x + MARGIN_PX <= w && b.y + MARGIN_PX <= 300.0 + h);
        // In world units of half a pixel each.
        let (a, _) = place_under((40.0, 15.0), Point::new(-5.0, 150.0), 0.5);
        assert_eq!(a, Point::new(0.0, 150.0));
    }

    #[test]
    fn the_drawn_bar_is_exactly_its_length_inside_its_box() {
        let scale = MapScale::new(6.0, "mi").unwrap();
        // Neighbouring centres 19 mm apart on paper; room for at most 60 mm.
        let mut rec = crate::Recording::default();
        let area = sq((0.0, 0.0), (200.0, 100.0));
        let (bar, (min, max)) =
            draw_in_corner(&mut rec, &scale, 19.0, 60.0, area, 0.25, None).unwrap();
        // 60 mm is 18.9 mi: a 10 mi bar, 10 / 6 × 19 mm long.
        assert_eq!(bar.label, "10 mi");
        let want = 10.0 / 6.0 * 19.0;
        let rects: Vec<_> = rec
            .items
            .iter()
            .filter_map(|r| match r {
                crate::Recorded::Rect(r) => Some(*r),
                _ => None,
            })
            .collect();
        let longest = rects.iter().map(|r| r.max.x - r.min.x).fold(0.0, f64::max);
        assert!((longest - want).abs() < 1e-9, "{longest} vs {want}");
        for r in &rects {
            assert_eq!(r.fill, INK);
            assert!(r.min.x >= min.x && r.max.x <= max.x && r.min.y >= min.y && r.max.y <= max.y);
        }
        assert_eq!(rec.texts(), ["10 mi"]);
    }
}
