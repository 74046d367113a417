//! The canvas camera: which world point sits at the centre of the view and how many screen
//! points one world unit takes. All maths in f64 so picking stays exact far from the origin.

use eframe::egui::{Pos2, Rect, Vec2, emath::TSTransform};
use hexmap_hex::Point;

/// Smallest and largest zoom the camera accepts at all (screen points per world unit);
/// the editor narrows this further to "whole map" … "one hex fills the view".
const ABS_MIN_ZOOM: f64 = 1e-6;
const ABS_MAX_ZOOM: f64 = 1e6;

/// Pan and zoom of the canvas. `centre` is the world point shown at the centre of the
/// canvas rectangle; `zoom` is screen points per world unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// World point at the centre of the view.
    pub centre: Point,
    /// Screen points per world unit.
    pub zoom: f64,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            centre: Point::default(),
            zoom: 1.0,
        }
    }
}

impl Camera {
    /// Screen position of a world point, for a canvas occupying `view`.
    pub fn world_to_screen(&self, view: Rect, w: Point) -> Pos2 {
        let c = view.center();
        Pos2::new(
            (f64::from(c.x) + (w.x - self.centre.x) * self.zoom) as f32,
            (f64::from(c.y) + (w.y - self.centre.y) * self.zoom) as f32,
        )
    }

    /// World point under a screen position (f64 throughout).
    pub fn screen_to_world(&self, view: Rect, s: Pos2) -> Point {
        let c = view.center();
        Point::new(
            self.centre.x + (f64::from(s.x) - f64::from(c.x)) / self.zoom,
            self.centre.y + (f64::from(s.y) - f64::from(c.y)) / self.zoom,
        )
    }

    /// The world rectangle visible in `view`: (min, max) corners.
    pub fn visible_world(&self, view: Rect) -> (Point, Point) {
        (
            self.screen_to_world(view, view.min),
            self.screen_to_world(view, view.max),
        )
    }

    /// Move the view by a screen-space delta (content follows the pointer).
    pub fn pan_by_screen(&mut self, delta: Vec2) {
        self.centre.x -= f64::from(delta.x) / self.zoom;
        self.centre.y -= f64::from(delta.y) / self.zoom;
    }

    /// Multiply the zoom by `factor`, keeping the world point under `anchor` fixed on screen.
    /// The result is clamped to `[min_zoom, max_zoom]`.
    pub fn zoom_around(
        &mut self,
        view: Rect,
        anchor: Pos2,
        factor: f64,
        min_zoom: f64,
        max_zoom: f64,
    ) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let before = self.screen_to_world(view, anchor);
        let (lo, hi) = zoom_bounds(min_zoom, max_zoom);
        self.zoom = (self.zoom * factor).clamp(lo, hi);
        let after = self.screen_to_world(view, anchor);
        self.centre.x += before.x - after.x;
        self.centre.y += before.y - after.y;
    }

    /// Centre the world rectangle `(min, max)` in `view` and zoom so it fits with a margin.
    pub fn fit(&mut self, view: Rect, min: Point, max: Point) {
        let (w, h) = ((max.x - min.x).max(1e-9), (max.y - min.y).max(1e-9));
        let margin = 0.95;
        let zx = f64::from(view.width()) / w;
        let zy = f64::from(view.height()) / h;
        self.zoom = (zx.min(zy) * margin).clamp(ABS_MIN_ZOOM, ABS_MAX_ZOOM);
        self.centre = Point::new((min.x + max.x) / 2.0, (min.y + max.y) / 2.0);
    }

    /// The affine map from "world minus `anchor`" (small f32 numbers, as stored in a cached
    /// chunk mesh) to screen points, so a mesh built around `anchor` can be drawn in place.
    pub fn mesh_transform(&self, view: Rect, anchor: Point) -> TSTransform {
        let origin = self.world_to_screen(view, anchor);
        TSTransform::new(origin.to_vec2(), self.zoom as f32)
    }
}

/// Sane ordered zoom bounds.
fn zoom_bounds(min_zoom: f64, max_zoom: f64) -> (f64, f64) {
    let lo = min_zoom.clamp(ABS_MIN_ZOOM, ABS_MAX_ZOOM);
    let hi = max_zoom.clamp(lo, ABS_MAX_ZOOM);
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> Rect {
        Rect::from_min_size(Pos2::new(10.0, 20.0), Vec2::new(800.0, 600.0))
    }

    #[test]
    fn world_screen_round_trip() {
        let cam = Camera {
            centre: Point::new(1.0e5, -3.0e4),
            zoom: 2.5,
        };
        let s = Pos2::new(123.0, 456.0);
        let w = cam.screen_to_world(view(), s);
        let back = cam.world_to_screen(view(), w);
        assert!((back - s).length() < 1e-3);
        // The view centre shows the camera centre.
        assert_eq!(cam.screen_to_world(view(), view().center()), cam.centre);
    }

    #[test]
    fn zoom_keeps_anchor_fixed() {
        let mut cam = Camera::default();
        let anchor = Pos2::new(600.0, 100.0);
        let before = cam.screen_to_world(view(), anchor);
        cam.zoom_around(view(), anchor, 3.0, 0.01, 100.0);
        let after = cam.screen_to_world(view(), anchor);
        assert!((before.x - after.x).abs() < 1e-9 && (before.y - after.y).abs() < 1e-9);
        assert_eq!(cam.zoom, 3.0);
        cam.zoom_around(view(), anchor, 1000.0, 0.01, 100.0);
        assert_eq!(cam.zoom, 100.0);
    }

    #[test]
    fn fit_contains_rectangle() {
        let mut cam = Camera::default();
        let (min, max) = (Point::new(-50.0, 0.0), Point::new(950.0, 300.0));
        cam.fit(view(), min, max);
        let a = cam.world_to_screen(view(), min);
        let b = cam.world_to_screen(view(), max);
        assert!(view().contains(a) && view().contains(b));
        assert!((b.x - a.x) > 0.9 * view().width());
    }

    #[test]
    fn pan_moves_content_with_pointer() {
        let mut cam = Camera::default();
        let w = Point::new(5.0, 5.0);
        let s0 = cam.world_to_screen(view(), w);
        cam.pan_by_screen(Vec2::new(30.0, -10.0));
        let s1 = cam.world_to_screen(view(), w);
        assert!(((s1 - s0) - Vec2::new(30.0, -10.0)).length() < 1e-4);
    }

    #[test]
    fn mesh_transform_matches_world_to_screen() {
        let cam = Camera {
            centre: Point::new(200.0, 100.0),
            zoom: 0.75,
        };
        let anchor = Point::new(150.0, 90.0);
        let t = cam.mesh_transform(view(), anchor);
        let local = Pos2::new(12.0, -4.0);
        let via_t = t * local;
        let direct = cam.world_to_screen(view(), Point::new(162.0, 86.0));
        assert!((via_t - direct).length() < 1e-3);
    }
}
