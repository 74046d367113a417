//! Drawing named regions: the tint over their hexes, the outline (line width and dashes in
//! screen pixels, so it reads the same at every zoom) and the name, over the cells and
//! under place-name labels. Called by `MapScene` with the free text, so the editor draws
//! them each frame at any level of detail, and pictures draw each once (by the piece that
//! holds the bottom-right corner of its box, as labels are).

use super::super::annotations::point_home;
use super::super::colour::{Colour, ink_on};
use super::super::primitives::{
    Font, FontFamily, Halo, HexCell, Hexagon, Polyline, Stroke, StrokePattern, Text,
};
use super::super::region::Region;
use super::super::sink::Sink;
use super::{hexes_box, label_hex, outline_rings};
use hexmap_hex::{Layout, OffsetCoord, OffsetKind};
use hexmap_map::{BorderStyle, HexMap, OffsetBounds, Region as NamedRegion};

/// Outline width in screen pixels.
pub const OUTLINE_PX: f64 = 3.0;
/// Smallest height of a region's name in screen pixels.
const NAME_MIN_PX: f64 = 12.0;
/// Height of a region's name as a share of the hex radius, when that is larger.
const NAME_SHARE: f64 = 0.7;

/// How a region's outline is stroked at `scale` pixels per world unit: [`OUTLINE_PX`]
/// wide, dashes and dots measured in pixels.
pub fn region_stroke(region: &NamedRegion, scale: f64) -> Stroke {
    border_stroke(Colour::from(region.look.color), region.look.border, scale)
}

/// The outline stroke of a region of `colour` and `border` at `scale` (the legend's
/// swatches use it too).
pub fn border_stroke(colour: Colour, border: BorderStyle, scale: f64) -> Stroke {
    let px = |v: f64| v / scale;
    let style = match border {
        BorderStyle::Solid => StrokePattern::Solid,
        BorderStyle::Dashed => StrokePattern::Dashed {
            dash: px(10.0),
            gap: px(6.0),
        },
        BorderStyle::Dotted => StrokePattern::Dashed {
            dash: px(3.0),
            gap: px(4.0),
        },
    };
    Stroke {
        width: px(OUTLINE_PX),
        colour,
        style,
    }
}

/// Whether `part` (a piece of the drawing) draws `region`: a world rectangle draws every
/// region whose box meets it; a block or cell list the region whose box's bottom-right
/// corner is in it.
fn part_draws(
    part: &Region<'_>,
    region: &NamedRegion,
    layout: &Layout,
    bounds: &OffsetBounds,
) -> bool {
    let Some((lo, hi)) = hexes_box(&region.hexes, layout) else {
        return false;
    };
    match *part {
        Region::Rect(a, b) => lo.x <= b.x && hi.x >= a.x && lo.y <= b.y && hi.y >= a.y,
        Region::Block(block) => {
            super::super::region::block_contains(&block, point_home(hi, layout, bounds))
        }
        Region::Cells(cells) => {
            let (col, row) = point_home(hi, layout, bounds);
            let home =
                OffsetKind::default_for(layout.orientation()).to_hex(OffsetCoord::new(col, row));
            cells.contains(&home)
        }
    }
}

/// Draw the tints, outlines and names of `map`'s regions that `part` draws, at `scale`
/// pixels per world unit; `bounds` is the drawing's cell box in
/// [`OffsetKind::default_for`].
pub fn draw_regions(
    map: &HexMap,
    layout: &Layout,
    bounds: &OffsetBounds,
    part: &Region<'_>,
    scale: f64,
    sink: &mut dyn Sink,
) {
    let regions = map.regions();
    if regions.iter().next().is_none() {
        return;
    }
    let drawn: Vec<&NamedRegion> = regions
        .iter()
        .filter(|r| part_draws(part, r, layout, bounds))
        .collect();
    let hexagon = Hexagon::of(layout);
    for r in &drawn {
        if let Some(tint) = r.look.tint.filter(|t| *t > 0.0) {
            let fill = Colour::from(r.look.color).with_alpha((tint * 255.0).round() as u8);
            for &h in &r.hexes {
                sink.hex(&HexCell {
                    hexagon: &hexagon,
                    centre: layout.hex_to_pixel(h),
                    scale: 1.0,
                    fill: Some(fill),
                    stroke: None,
                });
            }
        }
    }
    for r in &drawn {
        let stroke = region_stroke(r, scale);
        for mut ring in outline_rings(&r.hexes, layout) {
            ring.push(ring[0]);
            sink.polyline(&Polyline {
                points: &ring,
                stroke,
            });
        }
    }
    let radius = layout.size().x.min(layout.size().y);
    for r in drawn.iter().filter(|r| r.look.label) {
        let Some(h) = label_hex(&r.hexes, layout) else {
            continue;
        };
        let size = (radius * NAME_SHARE).max(NAME_MIN_PX / scale);
        let colour = Colour::from(r.look.color);
        sink.text(&Text {
            halo: Some(Halo {
                colour: ink_on(colour),
                width: size * 0.12,
            }),
            ..Text::centred(
                &r.look.name,
                layout.hex_to_pixel(h),
                size,
                colour,
                Font {
                    family: FontFamily::Sans,
                    bold: true,
                    italic: false,
                },
            )
        });
    }
}
