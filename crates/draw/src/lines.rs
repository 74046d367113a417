//! Line geometry shared by back-ends: the two lines of a double stroke, and Bézier paths
//! flattened to points for back-ends without curves.

use super::primitives::{Circle, Path, Segment, Stroke};
use hexmap_hex::Point;

/// `points` moved sideways by `distance` world units (positive: to the right of the
/// direction of travel on a y-down screen), corners mitred (miters capped at 4×).
pub fn parallel(points: &[Point], closed: bool, distance: f64) -> Vec<Point> {
    let n = points.len();
    if n < 2 {
        return points.to_vec();
    }
    let normal = |a: Point, b: Point| {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt();
        if len == 0.0 {
            (0.0, 0.0)
        } else {
            (-dy / len, dx / len)
        }
    };
    (0..n)
        .map(|i| {
            let p = points[i];
            let before = if i > 0 {
                Some(normal(points[i - 1], p))
            } else if closed {
                Some(normal(points[n - 1], p))
            } else {
                None
            };
            let after = if i + 1 < n {
                Some(normal(p, points[i + 1]))
            } else if closed {
                Some(normal(p, points[0]))
            } else {
                None
            };
            let (nx, ny) = match (before, after) {
                (Some(a), Some(b)) => {
                    let (mx, my) = (a.0 + b.0, a.1 + b.1);
                    let len = (mx * mx + my * my).sqrt();
                    if len < 1e-9 {
                        a
                    } else {
                        // Scale the bisector so the offset edges stay `distance` away.
                        let cos_half = (mx * a.0 + my * a.1) / len;
                        let k = (1.0 / cos_half.max(0.25)) / len;
                        (mx * k, my * k)
                    }
                }
                (Some(a), None) | (None, Some(a)) => a,
                (None, None) => (0.0, 0.0),
            };
            Point::new(p.x + nx * distance, p.y + ny * distance)
        })
        .collect()
}

/// The centre lines of the two lines of a double stroke along `points`.
pub fn double_lines(points: &[Point], closed: bool, stroke: &Stroke, gap: f64) -> [Vec<Point>; 2] {
    let d = (gap + stroke.width) / 2.0;
    [parallel(points, closed, -d), parallel(points, closed, d)]
}

/// Points along a cubic Bézier from `p0` (not included) to `p3` (included), close enough
/// that no point of the curve is more than `tolerance` from the polyline.
pub fn flatten_cubic(
    p0: Point,
    c1: Point,
    c2: Point,
    p3: Point,
    tolerance: f64,
    out: &mut Vec<Point>,
) {
    // Uniform steps: the chord error is at most max|B''| / (8 n²) and |B''| ≤ 6 dd.
    let dd = |a: Point, b: Point, c: Point| {
        let (x, y) = (a.x - 2.0 * b.x + c.x, a.y - 2.0 * b.y + c.y);
        (x * x + y * y).sqrt()
    };
    let d = dd(p0, c1, c2).max(dd(c1, c2, p3));
    let n = ((0.75 * d / tolerance.max(1e-9)).sqrt().ceil() as usize).clamp(1, 256);
    for i in 1..=n {
        let t = i as f64 / n as f64;
        let u = 1.0 - t;
        let (a, b, c, e) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
        out.push(Point::new(
            a * p0.x + b * c1.x + c * c2.x + e * p3.x,
            a * p0.y + b * c1.y + c * c2.y + e * p3.y,
        ));
    }
}

/// A circle's outline as points, chords within `tolerance` of the circle (for back-ends
/// that draw dashed or double outlines as polylines).
pub fn flatten_circle(c: &Circle, tolerance: f64) -> Vec<Point> {
    let r = c.radius.max(1e-9);
    // Chord error r(1 − cos(π/n)) ≤ tolerance.
    let n = (std::f64::consts::PI / (1.0 - tolerance / r).clamp(-1.0, 1.0).acos())
        .ceil()
        .clamp(8.0, 720.0) as usize;
    (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n as f64;
            Point::new(c.centre.x + r * a.cos(), c.centre.y + r * a.sin())
        })
        .collect()
}

/// A path as one polyline (start included), curves flattened to `tolerance`.
pub fn flatten_path(path: &Path<'_>, tolerance: f64) -> Vec<Point> {
    let mut out = vec![path.start];
    for s in path.segments {
        let from = *out.last().expect("starts with the start point");
        match *s {
            Segment::Line(p) => out.push(p),
            Segment::Cubic(c1, c2, p) => flatten_cubic(from, c1, c2, p, tolerance, &mut out),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::Colour;

    fn close(a: Point, b: Point) -> bool {
        (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9
    }

    #[test]
    fn parallel_of_a_corner_keeps_both_edges_at_the_distance() {
        // East then south (y down): the right-hand side is the inside of the turn.
        let pts = [
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.0),
            Point::new(10.0, 10.0),
        ];
        let right = parallel(&pts, false, 1.0);
        assert!(close(right[0], Point::new(0.0, 1.0)), "{right:?}");
        assert!(close(right[1], Point::new(9.0, 1.0)), "{right:?}");
        assert!(close(right[2], Point::new(9.0, 10.0)), "{right:?}");
        let left = parallel(&pts, false, -1.0);
        assert!(close(left[1], Point::new(11.0, -1.0)), "{left:?}");
    }

    #[test]
    fn double_lines_sit_either_side_at_half_gap_plus_half_width() {
        let pts = [Point::new(0.0, 0.0), Point::new(10.0, 0.0)];
        let s = Stroke::solid(2.0, Colour::BLACK);
        let [a, b] = double_lines(&pts, false, &s, 4.0);
        assert!(close(a[0], Point::new(0.0, -3.0)) && close(b[1], Point::new(10.0, 3.0)));
    }

    #[test]
    fn flattened_cubic_stays_within_tolerance_of_the_curve() {
        let (p0, c1, c2, p3) = (
            Point::new(0.0, 0.0),
            Point::new(0.0, 100.0),
            Point::new(100.0, 100.0),
            Point::new(100.0, 0.0),
        );
        let mut pts = vec![p0];
        flatten_cubic(p0, c1, c2, p3, 0.1, &mut pts);
        assert!(close(*pts.last().unwrap(), p3));
        // The curve's top (t = ½) is at y = 75; the polyline passes within 0.1 of it.
        let top = pts
            .windows(2)
            .filter(|w| w[0].x <= 50.0 && w[1].x >= 50.0)
            .map(|w| {
                let t = (50.0 - w[0].x) / (w[1].x - w[0].x);
                w[0].y + t * (w[1].y - w[0].y)
            })
            .next()
            .unwrap();
        assert!((top - 75.0).abs() <= 0.1, "{top}");
        assert!(pts.len() < 60, "not absurdly many points: {}", pts.len());
    }

    #[test]
    fn flattened_circle_has_its_corners_on_the_circle_and_chords_within_tolerance() {
        let c = Circle {
            centre: Point::new(10.0, -4.0),
            radius: 50.0,
            fill: None,
            stroke: None,
        };
        for tolerance in [0.01, 0.25, 2.0] {
            let pts = flatten_circle(&c, tolerance);
            let n = pts.len();
            assert!(n >= 8, "{n}");
            for (i, p) in pts.iter().enumerate() {
                let r = ((p.x - 10.0).powi(2) + (p.y + 4.0).powi(2)).sqrt();
                assert!((r - 50.0).abs() < 1e-9, "corner {i} at {r}");
                // The chord's middle lies at most `tolerance` inside the circle.
                let q = pts[(i + 1) % n];
                let mid = Point::new((p.x + q.x) / 2.0, (p.y + q.y) / 2.0);
                let inside = 50.0 - ((mid.x - 10.0).powi(2) + (mid.y + 4.0).powi(2)).sqrt();
                assert!(
                    inside <= tolerance + 1e-9,
                    "chord {i}: {inside} > {tolerance}"
                );
            }
        }
    }
}
