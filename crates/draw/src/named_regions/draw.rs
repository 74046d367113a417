//! Drawing named regions: the tint over their hexes, the outline (line width and dashes in
//! screen pixels, so it reads the same at every zoom) and the name, over the cells and
//! under place-name labels. Called by `MapScene` with the free text, so the editor draws
//! them each frame at any level of detail, and pictures draw each once (by the piece that
//! holds the bottom-right corner of its box, as labels are).
//!
//! A name is written on the region's middle hex unless a place-name label or the party
//! marker lies there: then on the nearest hex of the region where it is clear of them, or
//! not at all (names never collide with labels). Drawn for the players, an outline is left
//! out along hidden cells: the region may go on under the fog, and a border there would
//! be one the players cannot know.

use super::super::annotations::point_home;
use super::super::colour::{Colour, ink_on};
use super::super::primitives::{
    Font, FontFamily, Halo, HexCell, Hexagon, Polyline, Stroke, StrokePattern, Text,
};
use super::super::region::Region;
use super::super::sink::Sink;
use super::{hexes_box, label_hex, outline_sides};
use hexmap_hex::{Hex, Layout, OffsetCoord, OffsetKind, Point};
use hexmap_map::{BorderStyle, HexMap, OffsetBounds, Region as NamedRegion};
use std::collections::BTreeSet;

/// Regions a name may try before it gives up (the nearest to the middle first).
const NAME_TRIES: usize = 64;

/// How the regions of one drawing are drawn.
#[derive(Clone, Copy, Debug)]
pub struct RegionDrawing {
    /// Pixels per world unit.
    pub scale: f64,
    /// Drawn for the players: no outline along hidden cells.
    pub players: bool,
    /// The world box of the party marker, which names keep clear of.
    pub party: Option<(Point, Point)>,
}

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

/// Draw the tints, outlines and names of `map`'s regions that `part` draws, as `how`
/// says; `bounds` is the drawing's cell box in [`OffsetKind::default_for`].
pub fn draw_regions(
    map: &HexMap,
    (layout, bounds): (&Layout, &OffsetBounds),
    part: &Region<'_>,
    how: &RegionDrawing,
    sink: &mut dyn Sink,
) {
    let regions = map.regions();
    if regions.iter().next().is_none() {
        return;
    }
    let scale = how.scale;
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
    // Drawn for the players, a side along a hidden cell is no border they can know.
    let open = |h: Hex| how.players && !map.is_revealed(h);
    for r in &drawn {
        let stroke = region_stroke(r, scale);
        for line in outline_lines(&r.hexes, layout, &open) {
            sink.polyline(&Polyline {
                points: &line,
                stroke,
            });
        }
    }
    let radius = layout.inner_radius();
    let size = (radius * NAME_SHARE).max(NAME_MIN_PX / scale);
    let mut taken: Vec<(Point, Point)> = map
        .labels()
        .iter()
        .map(|(_, l)| super::super::annotations::label_box(l, layout))
        .chain(how.party)
        .collect();
    for r in drawn.iter().filter(|r| r.look.label) {
        let Some(at) = name_place(r, layout, size, &taken) else {
            continue;
        };
        taken.push(name_box(&r.look.name, at, size));
        let colour = Colour::from(r.look.color);
        sink.text(&Text {
            halo: Some(Halo {
                colour: ink_on(colour),
                width: size * 0.12,
            }),
            ..Text::centred(
                &r.look.name,
                at,
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

/// The outline of `hexes` as lines to stroke: each ring closed, unless some of its sides
/// face a hex that `open` leaves open (a hidden cell in a players' drawing): then the runs
/// of the other sides, each an open line.
fn outline_lines(
    hexes: &BTreeSet<Hex>,
    layout: &Layout,
    open: &dyn Fn(Hex) -> bool,
) -> Vec<Vec<Point>> {
    let mut out = Vec::new();
    for ring in outline_sides(hexes, layout.orientation()) {
        let corner = |(h, d): (Hex, hexmap_hex::Direction), end: usize| {
            layout.corners(h)[layout.side_corners(d)[end]]
        };
        let shut = |&(h, d): &(Hex, hexmap_hex::Direction)| open(h.neighbor(d));
        let Some(first_open) = ring.iter().position(shut) else {
            let mut line: Vec<Point> = ring.iter().map(|&s| corner(s, 0)).collect();
            line.push(line[0]);
            out.push(line);
            continue;
        };
        // Start after an open side, so no drawn run is cut where the ring closes.
        let n = ring.len();
        let mut line: Vec<Point> = Vec::new();
        for k in 1..=n {
            let side = ring[(first_open + k) % n];
            if shut(&side) {
                if !line.is_empty() {
                    out.push(std::mem::take(&mut line));
                }
                continue;
            }
            if line.is_empty() {
                line.push(corner(side, 0));
            }
            line.push(corner(side, 1));
        }
        if !line.is_empty() {
            out.push(line);
        }
    }
    out
}

/// The world box a region name of `size` takes at `at` (bold: a little wider per
/// character than a label).
fn name_box(name: &str, at: Point, size: f64) -> (Point, Point) {
    let w = size * 0.66 * name.chars().count() as f64;
    let (hw, hh) = (w / 2.0, size / 2.0);
    (
        Point::new(at.x - hw, at.y - hh),
        Point::new(at.x + hw, at.y + hh),
    )
}

/// Where a region's name goes: the centre of its middle hex ([`label_hex`]) when the
/// name is clear of every box of `taken` there, else of the nearest of its hexes (up to
/// [`NAME_TRIES`]) where it is; `None` when it fits nowhere.
fn name_place(
    r: &NamedRegion,
    layout: &Layout,
    size: f64,
    taken: &[(Point, Point)],
) -> Option<Point> {
    let meets = |a: (Point, Point), b: &(Point, Point)| {
        a.0.x < b.1.x && a.1.x > b.0.x && a.0.y < b.1.y && a.1.y > b.0.y
    };
    let clear = |at: Point| {
        !taken
            .iter()
            .any(|t| meets(name_box(&r.look.name, at, size), t))
    };
    let middle = layout.hex_to_pixel(label_hex(&r.hexes, layout)?);
    if clear(middle) {
        return Some(middle);
    }
    let mut by_distance: Vec<Point> = r.hexes.iter().map(|&h| layout.hex_to_pixel(h)).collect();
    let d2 = |p: &Point| (p.x - middle.x).powi(2) + (p.y - middle.y).powi(2);
    by_distance.sort_by(|a, b| d2(a).total_cmp(&d2(b)));
    by_distance.into_iter().take(NAME_TRIES).find(|&p| clear(p))
}
