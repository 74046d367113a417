//! Where a generated name may go: the boxes of everything already drawn over the map
//! (labels glyph by glyph, icon captions, settlement icons), measured as `hexmap-draw`
//! draws them, and the tests a new label must pass to be placed among them. Straight names
//! try the cells of their feature nearest its middle; curved names try windows of a
//! feature's line (a river's course, a range's spine), on either side of it.

use super::grid::Grid;
use hexmap_draw::annotations::label_texts;
use hexmap_draw::text_box::TextBox;
use hexmap_hex::{Layout, Point};
use hexmap_map::{HexMap, Label};
use std::collections::HashMap;

/// A box (min, max) in world units.
pub(crate) type WorldBox = (Point, Point);

/// How many of a feature's cells nearest its middle are tried for a straight name.
const PLACES_TRIED: usize = 400;

/// Room left between a new name and what is already drawn, as a share of the hex size.
const GAP: f64 = 0.1;

/// The boxes already taken on a map, filed by the square buckets of a coarse grid they
/// meet, so a test looks only at the boxes near it (a big world holds thousands).
pub(crate) struct Occupied {
    boxes: Vec<WorldBox>,
    buckets: HashMap<(i64, i64), Vec<usize>>,
    bucket: f64,
    gap: f64,
}

impl Occupied {
    /// Everything `map` draws over its cells: each label's texts, each icon and caption.
    pub(crate) fn of(map: &HexMap, layout: &Layout) -> Occupied {
        let mut taken = Occupied {
            boxes: Vec::new(),
            buckets: HashMap::new(),
            bucket: layout.size().y * 8.0,
            gap: GAP * layout.size().y,
        };
        let mut boxes = hexmap_draw::drawn_text_boxes(map, layout);
        boxes.extend(hexmap_draw::drawn_icon_boxes(map, layout));
        boxes.into_iter().for_each(|b| taken.add(b));
        taken
    }

    /// The buckets the box `(lo, hi)` meets.
    fn keys(&self, (lo, hi): WorldBox) -> impl Iterator<Item = (i64, i64)> + use<> {
        let at = |v: f64| (v / self.bucket).floor().clamp(-1.0e9, 1.0e9) as i64;
        let (x0, x1, y0, y1) = (at(lo.x), at(hi.x), at(lo.y), at(hi.y));
        (x0..=x1).flat_map(move |x| (y0..=y1).map(move |y| (x, y)))
    }

    fn add(&mut self, b: WorldBox) {
        let i = self.boxes.len();
        self.boxes.push(b);
        for key in self.keys(b).collect::<Vec<_>>() {
            self.buckets.entry(key).or_default().push(i);
        }
    }

    /// Whether `label` overlaps nothing taken (with the gap around it).
    pub(crate) fn is_clear(&self, label: &Label, layout: &Layout) -> bool {
        let mine = boxes_of(label, layout);
        let g = self.gap;
        !mine.is_empty()
            && mine.iter().all(|&(lo, hi)| {
                let grown = (
                    Point::new(lo.x - g, lo.y - g),
                    Point::new(hi.x + g, hi.y + g),
                );
                self.keys(grown).all(|key| {
                    self.buckets.get(&key).is_none_or(|near| {
                        near.iter().all(|&i| {
                            let (a, b) = self.boxes[i];
                            hi.x + g < a.x || lo.x - g > b.x || hi.y + g < a.y || lo.y - g > b.y
                        })
                    })
                })
            })
    }

    /// Mark `label`'s boxes taken.
    pub(crate) fn take(&mut self, label: &Label, layout: &Layout) {
        boxes_of(label, layout)
            .into_iter()
            .for_each(|b| self.add(b));
    }
}

/// The upright boxes of `label`'s texts as drawn (one per glyph of a curved label).
pub(crate) fn boxes_of(label: &Label, layout: &Layout) -> Vec<WorldBox> {
    label_texts(label, layout)
        .iter()
        .map(|t| {
            let corners = TextBox::of(t).corners(t);
            corners.iter().fold(
                (
                    Point::new(f64::MAX, f64::MAX),
                    Point::new(f64::MIN, f64::MIN),
                ),
                |(lo, hi), p| {
                    (
                        Point::new(lo.x.min(p.x), lo.y.min(p.y)),
                        Point::new(hi.x.max(p.x), hi.y.max(p.y)),
                    )
                },
            )
        })
        .collect()
}

/// `label` placed at the centre of the first of `cells` (nearest their middle first)
/// where it is clear of `taken`; `None` when none of the nearest is.
pub(crate) fn place_straight(
    grid: &Grid,
    cells: &[usize],
    layout: &Layout,
    mut label: Label,
    taken: &Occupied,
) -> Option<Label> {
    let n = cells.len().max(1) as f64;
    let (sx, sy) = cells.iter().fold((0.0, 0.0), |(x, y), &i| {
        (x + grid.pos[i].0, y + grid.pos[i].1)
    });
    let mid = (sx / n, sy / n);
    let dist = |i: usize| (grid.pos[i].0 - mid.0).powi(2) + (grid.pos[i].1 - mid.1).powi(2);
    let mut order = cells.to_vec();
    order.sort_by(|&a, &b| dist(a).total_cmp(&dist(b)).then(a.cmp(&b)));
    order.truncate(PLACES_TRIED);
    order.into_iter().find_map(|i| {
        label.at = layout.hex_to_pixel(grid.hexes[i]);
        taken.is_clear(&label, layout).then(|| label.clone())
    })
}

/// `label`'s text set along a window of the world polyline `line`, the window as long as
/// the text and a little more, tried from the middle of the line outwards, on the line
/// pushed `side` world units to its left, then to its right (`side` 0: on the line), the
/// first clear of `taken`; `None` when no window is.
pub(crate) fn place_along(
    line: &[Point],
    label: &Label,
    layout: &Layout,
    side: f64,
    taken: &Occupied,
) -> Option<Label> {
    let width = text_width(label, layout)?;
    let total = length(line);
    let want = width * 1.1;
    let step = layout.size().y;
    let sides: &[f64] = if side == 0.0 { &[0.0] } else { &[side, -side] };
    let mut starts = vec![((total - want) / 2.0).max(0.0)];
    let mut k = 1.0;
    while total > want && k * step < total {
        for s in [
            (total - want) / 2.0 - k * step,
            (total - want) / 2.0 + k * step,
        ] {
            if s >= 0.0 && s + want <= total {
                starts.push(s);
            }
        }
        k += 1.0;
    }
    for start in starts {
        let window = cut(line, start, start + want);
        for &d in sides {
            let points = offset(&window, d);
            if turning(&points) > std::f64::consts::FRAC_PI_2 {
                continue;
            }
            let along = Label::along(label.text.clone(), &points);
            let candidate = Label {
                at: along.at,
                path: along.path,
                ..label.clone()
            };
            if taken.is_clear(&candidate, layout) {
                return Some(candidate);
            }
        }
    }
    None
}

/// The width of `label`'s text as drawn straight.
fn text_width(label: &Label, layout: &Layout) -> Option<f64> {
    let straight = Label {
        path: Vec::new(),
        rotation: 0.0,
        ..label.clone()
    };
    let texts = label_texts(&straight, layout);
    texts.first().map(|t| TextBox::of(t).width())
}

/// The length of a polyline.
pub(crate) fn length(line: &[Point]) -> f64 {
    line.windows(2)
        .map(|w| (w[1].x - w[0].x).hypot(w[1].y - w[0].y))
        .sum()
}

/// The piece of `line` from distance `from` to `to` along it.
fn cut(line: &[Point], from: f64, to: f64) -> Vec<Point> {
    let mut out = Vec::new();
    let mut at = 0.0;
    for w in line.windows(2) {
        let len = (w[1].x - w[0].x).hypot(w[1].y - w[0].y);
        let lerp = |s: f64| {
            let t = if len > 0.0 { (s - at) / len } else { 0.0 };
            Point::new(
                w[0].x + (w[1].x - w[0].x) * t,
                w[0].y + (w[1].y - w[0].y) * t,
            )
        };
        if at + len >= from && at <= to {
            if out.is_empty() {
                out.push(lerp(from.max(at)));
            }
            out.push(lerp(to.min(at + len)));
        }
        at += len;
    }
    out.dedup_by(|a, b| (a.x - b.x).hypot(a.y - b.y) < 1e-9);
    out
}

/// `line` pushed `d` world units to its left (screen y down: left of the direction of
/// travel), each point along the mean of its pieces' normals.
fn offset(line: &[Point], d: f64) -> Vec<Point> {
    if d == 0.0 || line.len() < 2 {
        return line.to_vec();
    }
    let n = line.len();
    (0..n)
        .map(|i| {
            let (a, b) = (line[i.saturating_sub(1)], line[(i + 1).min(n - 1)]);
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let len = dx.hypot(dy).max(1e-9);
            Point::new(line[i].x + dy / len * d, line[i].y - dx / len * d)
        })
        .collect()
}

/// How much a polyline turns in all, in radians (the sum of its bends' angles).
fn turning(line: &[Point]) -> f64 {
    line.windows(3)
        .map(|w| {
            let a = (w[1].y - w[0].y).atan2(w[1].x - w[0].x);
            let b = (w[2].y - w[1].y).atan2(w[2].x - w[1].x);
            let d = (b - a).rem_euclid(std::f64::consts::TAU);
            d.min(std::f64::consts::TAU - d)
        })
        .sum()
}

/// `line` smoothed: each inner point moved to the mean of the points within `reach`
/// places of it, `passes` times (ends kept), so a course along hexsides bends gently.
pub(crate) fn smooth(line: &[Point], reach: usize, passes: usize) -> Vec<Point> {
    let mut out = line.to_vec();
    for _ in 0..passes {
        let n = out.len();
        out = (0..n)
            .map(|i| {
                if i == 0 || i + 1 == n {
                    return out[i];
                }
                let (lo, hi) = (i.saturating_sub(reach), (i + reach).min(n - 1));
                let k = (hi - lo + 1) as f64;
                let (x, y) = out[lo..=hi]
                    .iter()
                    .fold((0.0, 0.0), |(x, y), p| (x + p.x, y + p.y));
                Point::new(x / k, y / k)
            })
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_keeps_the_piece_between_two_distances() {
        let line = [
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.0),
            Point::new(10.0, 10.0),
        ];
        let piece = cut(&line, 5.0, 15.0);
        assert_eq!(
            piece,
            [
                Point::new(5.0, 0.0),
                Point::new(10.0, 0.0),
                Point::new(10.0, 5.0)
            ]
        );
        assert!((length(&piece) - 10.0).abs() < 1e-9);
        assert!((turning(&piece) - std::f64::consts::FRAC_PI_2).abs() < 1e-9);
    }

    #[test]
    fn an_offset_line_runs_beside_the_line_at_its_distance() {
        // Going east on screen (y down), left is up: y smaller.
        let line = [Point::new(0.0, 0.0), Point::new(10.0, 0.0)];
        assert_eq!(
            offset(&line, 2.0),
            [Point::new(0.0, -2.0), Point::new(10.0, -2.0)]
        );
    }

    #[test]
    fn smoothing_keeps_the_ends_and_softens_a_zigzag() {
        let zigzag: Vec<Point> = (0..9)
            .map(|i| Point::new(f64::from(i), if i % 2 == 0 { 0.0 } else { 1.0 }))
            .collect();
        let soft = smooth(&zigzag, 1, 2);
        assert_eq!(soft[0], zigzag[0]);
        assert_eq!(soft[8], zigzag[8]);
        assert!(turning(&soft) < turning(&zigzag) / 2.0);
    }
}
