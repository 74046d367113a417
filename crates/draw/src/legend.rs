//! The map's legend: a generated key of the terrains, edge types, path types,
//! icons and named regions (grouped by kind) a map *uses* (not its whole palettes), each with a swatch drawn the way the map
//! draws it and its name as text, in a box with a background, placed in a corner of the
//! picture or of the screen. Laid out in pixels, so it keeps its size whatever the zoom.

use super::annotations::{DEFAULT_INK, PAPER, draw_icon_with};
use super::colour::Colour;
use super::features::feature_stroke;
use super::image::ImageSet;
use super::markers::terrain_swatch;
use super::primitives::{Font, FontFamily, HAlign, Polygon, Polyline, Stroke, Text, VAlign};
use super::sink::Sink;
use hexmap_hex::Point;
use hexmap_map::{BorderStyle, Corner, HexMap, IconSource, LineStyle};
use std::collections::{BTreeSet, HashSet};

mod placement;
pub use placement::{LegendPlace, UnknownLegendPlace};

/// Inner margin of the box, in pixels.
const PADDING_PX: f64 = 8.0;
/// Height of one entry, in pixels.
const ROW_PX: f64 = 20.0;
/// Width of a swatch, in pixels.
const SWATCH_PX: f64 = 28.0;
/// Space between a swatch and its name, in pixels.
const GAP_PX: f64 = 8.0;
/// Font size of the names, in pixels.
const TEXT_PX: f64 = 12.0;
/// Estimated advance of a character, as a share of the font size.
const CHAR_SHARE: f64 = 0.62;
/// Distance of the box from the corner it sits in, in pixels.
const MARGIN_PX: f64 = 10.0;
/// The title line.
pub const TITLE: &str = "Legend";

/// How one entry's swatch is drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Swatch {
    /// A hexagon filled with a terrain's colour, and its tile art over it when it has
    /// some (the first image, drawn as the map draws a hex of it) and it loaded.
    Terrain {
        /// The terrain's colour.
        colour: Colour,
        /// The terrain's first tile-art image (a path relative to the map), if any.
        art: Option<String>,
        /// Whether the art is tinted with the colour.
        tint: bool,
    },
    /// A line along a hexside in an edge type's stroke.
    Edge {
        /// Colour.
        colour: Colour,
        /// Width in hex units.
        width: f32,
        /// Solid, dashed or double.
        style: LineStyle,
    },
    /// A line through hex centres in a path type's stroke.
    Path {
        /// Colour.
        colour: Colour,
        /// Width in hex units.
        width: f32,
        /// Solid, dashed or double.
        style: LineStyle,
    },
    /// An icon.
    Icon(IconSource),
    /// A kind of named region: its name is a heading over its regions, no swatch.
    RegionKind,
    /// A named region: a small box outlined in its border style, tinted as it is.
    Region {
        /// Its colour.
        colour: Colour,
        /// Solid, dashed or dotted.
        border: BorderStyle,
        /// The tint's opacity, if it has one.
        tint: Option<f32>,
    },
}

/// One line of the legend: a swatch and the name beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    /// The name shown.
    pub name: String,
    /// How the swatch is drawn.
    pub swatch: Swatch,
}

/// The entries of `map`'s legend, in order: terrains, edge types, path types and icons,
/// each only when some cell, edge, path or hex uses it, in palette order (icons by the
/// name shown).
pub fn legend_entries(map: &HexMap) -> Vec<LegendEntry> {
    let mut entries = Vec::new();
    let terrain = map.terrain_layer();
    for t in map.palette().terrains() {
        if terrain.count(t.id) > 0 {
            entries.push(LegendEntry {
                name: t.name.clone(),
                swatch: Swatch::Terrain {
                    colour: Colour::from(t.color),
                    art: t.art.images.first().cloned(),
                    tint: t.art.tint,
                },
            });
        }
    }
    let edges: BTreeSet<_> = map.edge_layer().iter().map(|(_, t)| t).collect();
    for t in map.edge_palette().types() {
        if edges.contains(&t.id) {
            entries.push(LegendEntry {
                name: t.name.clone(),
                swatch: Swatch::Edge {
                    colour: Colour::from(t.color),
                    width: t.width,
                    style: t.style,
                },
            });
        }
    }
    let paths: BTreeSet<_> = map.paths().iter().map(|p| p.kind).collect();
    for t in map.path_palette().types() {
        if paths.contains(&t.id) {
            entries.push(LegendEntry {
                name: t.name.clone(),
                swatch: Swatch::Path {
                    colour: Colour::from(t.color),
                    width: t.width,
                    style: t.style,
                },
            });
        }
    }
    let icons: HashSet<&IconSource> = map
        .icons()
        .iter()
        .flat_map(|(_, list)| list.iter().map(|i| &i.source))
        .collect();
    let mut icon_entries: Vec<LegendEntry> = icons
        .into_iter()
        .map(|source| LegendEntry {
            name: icon_name(source),
            swatch: Swatch::Icon(source.clone()),
        })
        .collect();
    // By the name shown, so user images sort among the built-ins; equal names by their
    // file text (the set's order is not stable).
    let file_text = |e: &LegendEntry| match &e.swatch {
        Swatch::Icon(source) => source.to_file_text(),
        _ => String::new(),
    };
    icon_entries.sort_by(|a, b| {
        a.name
            .cmp(&b.name)
            .then_with(|| file_text(a).cmp(&file_text(b)))
    });
    entries.extend(icon_entries);
    region_entries(map, &mut entries);
    entries
}

/// The named regions, grouped under a heading per kind (kinds in their order, regions by
/// name); a kind without regions, and regions without hexes, are left out.
fn region_entries(map: &HexMap, entries: &mut Vec<LegendEntry>) {
    let regions = map.regions();
    for kind in regions.kinds() {
        let mut of_kind: Vec<_> = regions
            .iter()
            .filter(|r| r.look.kind == kind.name && !r.hexes.is_empty())
            .collect();
        if of_kind.is_empty() {
            continue;
        }
        of_kind.sort_by(|a, b| a.look.name.cmp(&b.look.name).then(a.id.cmp(&b.id)));
        entries.push(LegendEntry {
            name: kind.name.clone(),
            swatch: Swatch::RegionKind,
        });
        entries.extend(of_kind.into_iter().map(|r| LegendEntry {
            name: r.look.name.clone(),
            swatch: Swatch::Region {
                colour: Colour::from(r.look.color),
                border: r.look.border,
                tint: r.look.tint,
            },
        }));
    }
}

/// A readable name for an icon: a built-in's name, or an image's file name without
/// folder or extension, with spaces for `_` and `-` and a capital ("monster_lair" →
/// "Monster lair", "art/standing-stones.svg" → "Standing stones").
pub fn icon_name(source: &IconSource) -> String {
    let raw = match source {
        IconSource::Builtin(kind) => kind.name(),
        IconSource::Image(path) => {
            let file = path.rsplit(['/', '\\']).next().unwrap_or(path);
            file.rsplit_once('.').map_or(file, |(stem, _)| stem)
        }
    };
    let spaced = raw.replace(['_', '-'], " ");
    let mut chars = spaced.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Space between two columns, in pixels.
const COLUMN_GAP_PX: f64 = 16.0;

/// Where the legend's parts go: its box in world units and how its entries fill columns.
struct Placement {
    min: Point,
    max: Point,
    /// Entries per column.
    rows: usize,
    /// Width of one column, in pixels.
    column_px: f64,
}

/// Lay out `entries` in `corner` of `area` at `scale` pixels per world unit: one column
/// while it fits the area's height, else as many columns as needed, filled evenly top to
/// bottom, so the whole legend stays in view on a short picture or a small window.
fn place(entries: &[LegendEntry], area: (Point, Point), scale: f64, corner: Corner) -> Placement {
    place_titled(TITLE, entries, area, scale, corner)
}

/// [`place`] for a legend headed `title`.
fn place_titled(
    title: &str,
    entries: &[LegendEntry],
    area: (Point, Point),
    scale: f64,
    corner: Corner,
) -> Placement {
    let scale = scale.max(1e-9);
    let px = 1.0 / scale;
    let longest = entries
        .iter()
        .map(|e| e.name.chars().count())
        .chain([title.chars().count()])
        .max()
        .unwrap_or(0);
    let column_px = SWATCH_PX + GAP_PX + longest as f64 * CHAR_SHARE * TEXT_PX;
    let (a, b) = area;
    let height_px = (b.y - a.y) * scale;
    // Rows that fit under the title inside the margins (at least one).
    // (A hair of slack: an area computed to hold exactly k rows must hold them.)
    let fit = ((height_px - 2.0 * (MARGIN_PX + PADDING_PX)) / ROW_PX - 1.0 + 1e-6).floor();
    let n = entries.len().max(1);
    let fit = if fit.is_finite() && fit >= 1.0 {
        (fit as usize).min(n)
    } else {
        1
    };
    let columns = n.div_ceil(fit);
    let rows = n.div_ceil(columns);
    let w_px = 2.0 * PADDING_PX + columns as f64 * column_px + (columns - 1) as f64 * COLUMN_GAP_PX;
    let (w, h) = (
        w_px * px,
        (2.0 * PADDING_PX + ROW_PX * (rows + 1) as f64) * px,
    );
    let m = MARGIN_PX * px;
    let x = match corner {
        Corner::TopLeft | Corner::BottomLeft => a.x + m,
        Corner::TopRight | Corner::BottomRight => b.x - m - w,
    };
    let y = match corner {
        Corner::TopLeft | Corner::TopRight => a.y + m,
        Corner::BottomLeft | Corner::BottomRight => b.y - m - h,
    };
    Placement {
        min: Point::new(x, y),
        max: Point::new(x + w, y + h),
        rows,
        column_px,
    }
}

/// Where the legend of `entries` goes: its box (min, max) in world units inside the world
/// rectangle `area` (what is on the picture or screen), in `corner`, at `scale` pixels
/// per world unit.
pub fn legend_box(
    entries: &[LegendEntry],
    area: (Point, Point),
    scale: f64,
    corner: Corner,
) -> (Point, Point) {
    let p = place(entries, area, scale, corner);
    (p.min, p.max)
}

/// The room, in pixels (width, height), the legend of `entries` takes in an area
/// `height_px` high: its box (wrapped into columns when one would not fit that height) and
/// its margin on every side. A picture that puts the legend beside or under the map grows
/// by this much; (0, 0) without entries.
pub fn legend_room_px(entries: &[LegendEntry], height_px: f64) -> (f64, f64) {
    if entries.is_empty() {
        return (0.0, 0.0);
    }
    let area = (Point::new(0.0, 0.0), Point::new(1.0e9, height_px.max(1.0)));
    let p = place(entries, area, 1.0, Corner::TopLeft);
    (
        p.max.x - p.min.x + 2.0 * MARGIN_PX,
        p.max.y - p.min.y + 2.0 * MARGIN_PX,
    )
}

/// The room, in pixels (width, height), of the shortest layout of the legend of `entries`
/// that is no wider than `width_px` (more columns, fewer rows): how a legend under the
/// map fills the picture's width. One column when even that is wider.
pub fn legend_room_under_px(entries: &[LegendEntry], width_px: f64) -> (f64, f64) {
    for rows in 1..=entries.len() {
        let height = 2.0 * (MARGIN_PX + PADDING_PX) + ROW_PX * (rows + 1) as f64;
        let room = legend_room_px(entries, height);
        if room.0 <= width_px {
            return room;
        }
    }
    legend_room_px(entries, f64::MAX)
}

/// Draw the legend of `entries` in `corner` of the world rectangle `area` at `scale`
/// pixels per world unit: a paper box with a title, then one row per entry (in columns
/// when one would not fit the area's height). User-image icons show their picture from
/// `images` when it loaded there. Nothing is drawn for no entries.
pub fn draw_legend(
    sink: &mut dyn Sink,
    entries: &[LegendEntry],
    area: (Point, Point),
    scale: f64,
    corner: Corner,
    images: Option<&ImageSet>,
) {
    draw_legend_titled(sink, TITLE, entries, (area, scale, corner), images);
}

/// [`draw_legend`] headed `title` instead of "Legend" (the tint by a property's value
/// is headed by the property's name); `at` is the area, scale and corner.
pub fn draw_legend_titled(
    sink: &mut dyn Sink,
    title: &str,
    entries: &[LegendEntry],
    at: ((Point, Point), f64, Corner),
    images: Option<&ImageSet>,
) {
    let (area, scale, corner) = at;
    if entries.is_empty() {
        return;
    }
    let px = 1.0 / scale.max(1e-9);
    let Placement {
        min,
        max,
        rows,
        column_px,
    } = place_titled(title, entries, area, scale, corner);
    let frame = [min, Point::new(max.x, min.y), max, Point::new(min.x, max.y)];
    sink.polygon(&Polygon {
        points: &frame,
        fill: Some(PAPER.with_alpha(235)),
        stroke: Some(Stroke::solid(px, DEFAULT_INK.with_alpha(160))),
    });
    let left =
        |column: usize| min.x + (PADDING_PX + column as f64 * (column_px + COLUMN_GAP_PX)) * px;
    let row_mid = |i: usize| min.y + (PADDING_PX + ROW_PX * (i as f64 + 0.5)) * px;
    sink.text(&Text {
        h_align: HAlign::Left,
        ..Text::centred(
            title,
            Point::new(left(0), row_mid(0)),
            (TEXT_PX + 1.0) * px,
            DEFAULT_INK,
            Font {
                family: FontFamily::Sans,
                bold: true,
                italic: false,
            },
        )
    });
    for (i, entry) in entries.iter().enumerate() {
        let (x, y) = (left(i / rows), row_mid(i % rows + 1));
        let centre = Point::new(x + SWATCH_PX / 2.0 * px, y);
        draw_swatch(sink, &entry.swatch, centre, px, scale, images);
        sink.text(&Text {
            h_align: HAlign::Left,
            v_align: VAlign::Middle,
            ..Text::centred(
                &entry.name,
                Point::new(x + (SWATCH_PX + GAP_PX) * px, y),
                TEXT_PX * px,
                DEFAULT_INK,
                Font {
                    family: FontFamily::Sans,
                    bold: entry.swatch == Swatch::RegionKind,
                    italic: false,
                },
            )
        });
    }
}

/// Draw one swatch centred on `centre`; `px` is one pixel in world units.
fn draw_swatch(
    sink: &mut dyn Sink,
    swatch: &Swatch,
    centre: Point,
    px: f64,
    scale: f64,
    images: Option<&ImageSet>,
) {
    let half_w = SWATCH_PX / 2.0 * px;
    // The hex radius the strokes are sized for: a swatch is about one hex across.
    let radius = half_w;
    let line = [
        Point::new(centre.x - half_w, centre.y),
        Point::new(centre.x + half_w, centre.y),
    ];
    match swatch {
        Swatch::Terrain { colour, art, tint } => {
            let r = (ROW_PX / 2.0 - 2.0) * px;
            let corners: Vec<Point> = (0..6)
                .map(|i| {
                    let a =
                        std::f64::consts::FRAC_PI_3 * f64::from(i) - std::f64::consts::FRAC_PI_6;
                    Point::new(centre.x + r * a.cos(), centre.y + r * a.sin())
                })
                .collect();
            terrain_swatch(sink, &corners, *colour, px);
            let loaded = art.as_deref().and_then(|path| images?.get(path));
            if let Some((id, image)) = loaded {
                let tint = tint.then_some(*colour);
                super::image::draw_tile_art(sink, &corners, id, image, tint);
                // The edge again, over the art, as the swatch's outline.
                sink.polygon(&Polygon {
                    points: &corners,
                    fill: None,
                    stroke: Some(Stroke::solid(
                        px,
                        Colour::rgba(colour.r / 2, colour.g / 2, colour.b / 2, 160),
                    )),
                });
            }
        }
        Swatch::Edge {
            colour,
            width,
            style,
        }
        | Swatch::Path {
            colour,
            width,
            style,
        } => sink.polyline(&Polyline {
            points: &line,
            stroke: feature_stroke(*width, *style, *colour, radius, scale),
        }),
        Swatch::Icon(source) => {
            let half = (ROW_PX / 2.0 - 2.0) * px;
            draw_icon_with(sink, source, centre, half, DEFAULT_INK, images);
        }
        Swatch::RegionKind => {}
        Swatch::Region {
            colour,
            border,
            tint,
        } => {
            let (hw, hh) = (half_w - 2.0 * px, (ROW_PX / 2.0 - 4.0) * px);
            let (x0, x1, y0, y1) = (centre.x - hw, centre.x + hw, centre.y - hh, centre.y + hh);
            let ring = [
                Point::new(x0, y0),
                Point::new(x1, y0),
                Point::new(x1, y1),
                Point::new(x0, y1),
                Point::new(x0, y0),
            ];
            if let Some(t) = tint.filter(|t| *t > 0.0) {
                sink.polygon(&Polygon {
                    points: &ring[..4],
                    fill: Some(colour.with_alpha((t * 255.0).round() as u8)),
                    stroke: None,
                });
            }
            let stroke = super::named_regions::border_stroke(*colour, *border, scale);
            sink.polyline(&Polyline {
                points: &ring,
                stroke,
            });
        }
    }
}

#[cfg(test)]
mod tests;
