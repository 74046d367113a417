//! The names of generated worlds, checked in the exported SVG's own geometry: every
//! `<text>` element's box is measured from its attributes (place, font size, anchor,
//! baseline, turn, style, halo) with the font's metrics, every settlement icon's box from
//! its `<path>` outlines; on many seeds and every preset no two names' boxes overlap,
//! no name covers another text (a settlement's caption) and none covers a settlement icon.
//! And a curved name's glyphs, drawn by librsvg, stay within a pixel of the band around
//! their path.

use crate::support::consumers::rsvg;
use crate::support::export::export_as;
use hexmap::draw::text_box::TextBox;
use hexmap::draw::{Colour, Font, FontFamily, HAlign, Halo, Text, VAlign};
use hexmap::generate::{Preset, Spec, generate};
use hexmap::hex::{OffsetKind, Orientation, Point};
use hexmap::map::{HexMap, Label, LabelId, MapProperties, MapShape, Palette, Rgb};

/// One `<text>` element of an SVG: its attributes as written and its content.
struct SvgText {
    attrs: String,
    content: String,
}

impl SvgText {
    fn attr(&self, name: &str) -> Option<&str> {
        let key = format!(" {name}=\"");
        let at = self.attrs.find(&key)? + key.len();
        self.attrs[at..].split('"').next()
    }

    fn number(&self, name: &str) -> f64 {
        self.attr(name).unwrap().parse().unwrap()
    }

    /// The point the text turns about: its anchor (the `rotate` centre, else its place).
    fn anchor(&self) -> Point {
        self.turn()
            .map_or(Point::new(self.number("x"), self.number("y")), |(_, c)| c)
    }

    /// Its `rotate(deg cx cy)`: the turn in radians and the centre.
    fn turn(&self) -> Option<(f64, Point)> {
        let t = self.attr("transform")?;
        let inner = t.trim_start_matches("rotate(").trim_end_matches(')');
        let n: Vec<f64> = inner.split(' ').map(|v| v.parse().unwrap()).collect();
        Some((n[0].to_radians(), Point::new(n[1], n[2])))
    }

    /// The text as `hexmap::draw` would measure it, read from the attributes: its baseline
    /// at the origin, the size (SVG sizes fonts by their em: a line is `font-size /
    /// em_per_line`), the horizontal alignment, bold/italic and the halo (half the stroke
    /// width).
    fn text(&self) -> Text<'_> {
        let em = hexmap::draw::fonts::em_per_line(FontFamily::Sans);
        Text {
            text: &self.content,
            anchor: Point::new(0.0, 0.0),
            size: self.number("font-size") / em,
            colour: Colour::BLACK,
            halo: self.attr("stroke-width").map(|w| Halo {
                colour: Colour::WHITE,
                width: w.parse::<f64>().unwrap() / 2.0,
            }),
            h_align: match self.attr("text-anchor") {
                Some("start") => HAlign::Left,
                Some("end") => HAlign::Right,
                _ => HAlign::Centre,
            },
            v_align: VAlign::Baseline,
            rotation: 0.0,
            font: Font {
                family: FontFamily::Sans,
                bold: self.attr("font-weight") == Some("bold"),
                italic: self.attr("font-style") == Some("italic"),
            },
        }
    }

    /// The four corners of its box in SVG pixels: measured about its baseline point
    /// (`x`, `y`), then turned about the `rotate` centre.
    fn corners(&self) -> [Point; 4] {
        let t = self.text();
        let b = TextBox::of(&t);
        let (x, y) = (self.number("x"), self.number("y"));
        let (turn, centre) = self.turn().unwrap_or((0.0, Point::new(x, y)));
        let (sin, cos) = turn.sin_cos();
        [
            Point::new(b.min.x, b.min.y),
            Point::new(b.max.x, b.min.y),
            Point::new(b.max.x, b.max.y),
            Point::new(b.min.x, b.max.y),
        ]
        .map(|c| {
            let (dx, dy) = (x + c.x - centre.x, y + c.y - centre.y);
            Point::new(
                centre.x + dx * cos - dy * sin,
                centre.y + dx * sin + dy * cos,
            )
        })
    }
}

/// Every `<text>` element of `svg`, in order.
fn texts(svg: &str) -> Vec<SvgText> {
    svg.split("<text ")
        .skip(1)
        .map(|rest| {
            let (attrs, after) = rest.split_once('>').unwrap();
            let content = after.split("</text>").next().unwrap();
            SvgText {
                attrs: format!(" {attrs}"),
                content: content
                    .replace("&amp;", "&")
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&quot;", "\"")
                    .replace("&apos;", "'"),
            }
        })
        .collect()
}

/// The boxes (min, max) of the icon outlines in `svg`: the paths drawn with the icons'
/// paper halo, each widened by half its stroke.
fn icon_boxes(svg: &str) -> Vec<(Point, Point)> {
    svg.split("<path ")
        .skip(1)
        .map(|rest| rest.split('>').next().unwrap())
        .filter(|tag| tag.contains("\"#f6f1e2\""))
        .map(|tag| {
            let d = tag.split("d=\"").nth(1).unwrap().split('"').next().unwrap();
            let numbers: Vec<f64> = d
                .split(|c: char| c.is_ascii_alphabetic() || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            let half = tag.split("stroke-width=\"").nth(1).map_or(0.0, |w| {
                w.split('"').next().unwrap().parse::<f64>().unwrap() / 2.0
            });
            let (mut lo, mut hi) = (
                Point::new(f64::MAX, f64::MAX),
                Point::new(f64::MIN, f64::MIN),
            );
            for p in numbers.chunks(2) {
                lo = Point::new(lo.x.min(p[0] - half), lo.y.min(p[1] - half));
                hi = Point::new(hi.x.max(p[0] + half), hi.y.max(p[1] + half));
            }
            (lo, hi)
        })
        .collect()
}

/// Whether two convex quadrilaterals overlap (separating axis test over their sides).
fn quads_overlap(a: &[Point; 4], b: &[Point; 4]) -> bool {
    for quad in [a, b] {
        for i in 0..4 {
            let (p, q) = (quad[i], quad[(i + 1) % 4]);
            let axis = (q.y - p.y, p.x - q.x);
            let project = |c: &[Point; 4]| {
                c.iter()
                    .map(|v| v.x * axis.0 + v.y * axis.1)
                    .fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
            };
            let ((a0, a1), (b0, b1)) = (project(a), project(b));
            if a1 <= b0 || b1 <= a0 {
                return false;
            }
        }
    }
    true
}

fn rect(lo: Point, hi: Point) -> [Point; 4] {
    [lo, Point::new(hi.x, lo.y), hi, Point::new(lo.x, hi.y)]
}

/// The label each text element of `svg` draws (matched by its text and place against the
/// glyphs the map's labels set, in SVG pixels); `None` for other texts (captions).
fn owners(map: &HexMap, svg: &str, found: &[SvgText]) -> Vec<Option<LabelId>> {
    let scale: f64 = attr_of(svg, "data-hexmap-scale");
    let offset = Point::new(
        attr_of(svg, "data-hexmap-offset-x"),
        attr_of(svg, "data-hexmap-offset-y"),
    );
    let layout = map.layout().unwrap();
    let mut glyphs = Vec::new();
    for (id, label) in map.labels().iter() {
        for t in hexmap::draw::annotations::label_texts(label, &layout) {
            // Where the SVG writes it: its baseline point below the anchor it turns about.
            let below = hexmap::draw::text_box::baseline_below_anchor(&t) * scale;
            let base = Point::new(
                t.anchor.x * scale + offset.x,
                t.anchor.y * scale + offset.y + below,
            );
            glyphs.push((id, t.text.to_owned(), base));
        }
    }
    found
        .iter()
        .map(|e| {
            let (x, y) = (e.number("x"), e.number("y"));
            glyphs
                .iter()
                .find(|(_, text, p)| {
                    *text == e.content && (p.x - x).abs() < 0.01 && (p.y - y).abs() < 0.01
                })
                .map(|(id, ..)| *id)
        })
        .collect()
}

fn attr_of(svg: &str, name: &str) -> f64 {
    let key = format!("{name}=\"");
    let at = svg.find(&key).unwrap() + key.len();
    svg[at..].split('"').next().unwrap().parse().unwrap()
}

/// The overlaps of `map`'s SVG: pairs of names (or a name and a caption) whose boxes
/// overlap, and names over an icon; each said in words.
fn overlaps(map: &HexMap) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("world.svg");
    export_as(map, "svg", &path);
    let svg = std::fs::read_to_string(&path).unwrap();
    let found = texts(&svg);
    let owner = owners(map, &svg, &found);
    let corners: Vec<[Point; 4]> = found.iter().map(SvgText::corners).collect();
    let icons = icon_boxes(&svg);
    let mut out = Vec::new();
    for i in 0..found.len() {
        let Some(a) = owner[i] else { continue };
        for j in 0..found.len() {
            if owner[j] == Some(a) || (owner[j].is_some() && j < i) {
                continue;
            }
            if quads_overlap(&corners[i], &corners[j]) {
                out.push(format!(
                    "{:?} covers {:?}",
                    found[i].content, found[j].content
                ));
            }
        }
        for &(lo, hi) in &icons {
            if quads_overlap(&corners[i], &rect(lo, hi)) {
                out.push(format!("{:?} covers an icon at {lo:?}", found[i].content));
            }
        }
    }
    assert!(
        owner.iter().flatten().count() > 0,
        "the SVG draws the names"
    );
    out
}

#[test]
fn generated_names_overlap_no_name_caption_or_settlement_in_the_svg() {
    let mut curved = 0;
    for preset in [
        Preset::Island,
        Preset::Continent,
        Preset::Archipelago,
        Preset::Highlands,
    ] {
        for seed in 1..=6 {
            let shape = MapShape::rectangle(OffsetKind::OddR, 80, 56).unwrap();
            let map = generate(&Spec::new(shape, Orientation::Pointy, preset, seed)).unwrap();
            curved += map
                .labels()
                .iter()
                .filter(|(_, l)| !l.path.is_empty())
                .count();
            let found = overlaps(&map);
            assert!(found.is_empty(), "{preset:?} seed {seed}: {found:?}");
        }
    }
    assert!(
        curved >= 24,
        "rivers and ranges are named along their course: {curved}"
    );
}

#[test]
fn the_overlap_check_sees_a_name_put_on_a_settlement() {
    // The check can fail: the same world with one more name put on a settlement.
    let shape = MapShape::rectangle(OffsetKind::OddR, 80, 56).unwrap();
    let mut map = generate(&Spec::new(shape, Orientation::Pointy, Preset::Continent, 2)).unwrap();
    let layout = map.layout().unwrap();
    let (hex, _) = map.icons().iter().next().unwrap();
    let at = layout.hex_to_pixel(hex);
    let id = map.labels().next_id();
    map.add_label(id, Label::new("Moved Name", at)).unwrap();
    assert!(!overlaps(&map).is_empty());
}

/// A blank 12 × 8 map carrying one red curved label without halo along `points` (world).
fn map_with_curved_label(points: &[Point], path: bool) -> HexMap {
    let props = MapProperties::new("curve", Orientation::Pointy);
    let shape = MapShape::rectangle(OffsetKind::OddR, 12, 8).unwrap();
    let mut map = HexMap::new(props, shape, Palette::new(Vec::new()).unwrap()).unwrap();
    let mut label = Label::along("Silverrun Water", points);
    label.size = 1.0;
    label.color = Rgb([255, 0, 0]);
    label.halo = false;
    if !path {
        // The control: the same text drawn straight at the curve's middle.
        label.at = points[points.len() / 2];
        label.path.clear();
    }
    map.add_label(LabelId(0), label).unwrap();
    map
}

fn distance_to_line(p: Point, line: &[Point]) -> f64 {
    line.windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
            (a.x + dx * t - p.x).hypot(a.y + dy * t - p.y)
        })
        .fold(f64::MAX, f64::min)
}

/// How far a curved name strays from its path: the largest distance of a glyph's place in
/// the SVG (its `x`, `y`, in SVG pixels) from `points`, and the ink pixels librsvg draws
/// farther than a pixel outside their glyph's band (half a line's height either side of
/// the glyph's place, across the glyph's own direction from its `rotate`), of all ink.
fn strays(map: &HexMap, points: &[Point]) -> Option<(f64, usize, usize)> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("curve.svg");
    export_as(map, "svg", &path);
    let svg = std::fs::read_to_string(&path).unwrap();
    let scale: f64 = attr_of(&svg, "data-hexmap-scale");
    let (ox, oy) = (
        attr_of(&svg, "data-hexmap-offset-x"),
        attr_of(&svg, "data-hexmap-offset-y"),
    );
    let line: Vec<Point> = points
        .iter()
        .map(|p| Point::new(p.x * scale + ox, p.y * scale + oy))
        .collect();
    let found: Vec<SvgText> = texts(&svg)
        .into_iter()
        .filter(|t| t.attr("fill") == Some("#ff0000"))
        .collect();
    let placed: Vec<(Point, f64, f64)> = found
        .iter()
        .map(|t| {
            let turn = t.turn().map_or(0.0, |(a, _)| a);
            (t.anchor(), turn, t.text().size / 2.0)
        })
        .collect();
    let farthest = placed
        .iter()
        .map(|(p, ..)| distance_to_line(*p, &line))
        .fold(0.0, f64::max);
    if let Some(keep) = std::env::var_os("NAMES_KEEP") {
        std::fs::copy(&path, keep).unwrap();
    }
    let picture = rsvg(&path)?;
    let (mut ink, mut off) = (0, 0);
    for y in 0..picture.height() {
        for x in 0..picture.width() {
            let c = picture.pixel(x, y).unwrap();
            if !(c.red() > 150 && c.green() < 90 && c.blue() < 90) {
                continue;
            }
            ink += 1;
            let p = Point::new(f64::from(x) + 0.5, f64::from(y) + 0.5);
            let (at, turn, half) = placed
                .iter()
                .min_by(|a, b| {
                    let d = |g: &(Point, f64, f64)| (g.0.x - p.x).hypot(g.0.y - p.y);
                    d(a).total_cmp(&d(b))
                })
                .copied()
                .unwrap();
            let (sin, cos) = turn.sin_cos();
            let across = -(p.x - at.x) * sin + (p.y - at.y) * cos;
            if across.abs() > half + 1.0 {
                off += 1;
            }
        }
    }
    Some((farthest, ink, off))
}

#[test]
fn a_curved_name_s_glyphs_stay_within_a_pixel_of_their_path_in_librsvg() {
    // A river's bend: down to the right, then up again.
    let points = [
        Point::new(20.0, 40.0),
        Point::new(60.0, 70.0),
        Point::new(110.0, 80.0),
        Point::new(160.0, 55.0),
        Point::new(200.0, 30.0),
    ];
    let Some((farthest, ink, off)) = strays(&map_with_curved_label(&points, true), &points) else {
        return;
    };
    assert!(ink > 500, "librsvg draws the name: {ink} red pixels");
    assert!(
        farthest <= 1.0,
        "a glyph sits {farthest:.2} px off the path"
    );
    assert_eq!(
        off, 0,
        "{off} of {ink} ink pixels more than 1 px outside their glyph's band"
    );
    // The check can fail: the same name drawn straight sits off the curve.
    let (farthest, ..) = strays(&map_with_curved_label(&points, false), &points).unwrap();
    assert!(farthest > 3.0, "the straight control: {farthest:.2} px");
}
