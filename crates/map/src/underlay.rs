//! The tracing underlay: an image (a scanned or drawn map; path relative to the map file,
//! as tile art) shown under the map with a position, scale, rotation and opacity, so a
//! designer can trace over it. Kept with the map (RON version 4), changed through the one
//! edit path ([`crate::MapEdit::SetUnderlay`]); `io` loads the image and pictures draw it only
//! when asked.

use super::hexmap::HexMap;
use hexmap_hex::Point;

/// Largest underlay scale (world units per image pixel) and largest |centre| coordinate.
pub const MAX_UNDERLAY_NUMBER: f64 = 1e9;

/// An image placed under the map.
#[derive(Clone, Debug, PartialEq)]
pub struct Underlay {
    /// Image path (PNG, JPEG or SVG), relative to the map file's folder, `/`-separated.
    pub path: String,
    /// Where the image's centre sits, in world units (the map's hex centres are at
    /// `HexMap::layout`).
    pub center: Point,
    /// World units per image pixel (greater than 0).
    pub scale: f64,
    /// Turn in degrees, clockwise on screen, about the centre.
    pub rotation: f64,
    /// 0 (invisible) to 1 (opaque).
    pub opacity: f32,
}

/// Why an underlay is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum UnderlayError {
    /// An empty path, one over the length limit, or one with a control character.
    #[error(
        "underlay image path must be 1 to {} bytes without control characters",
        crate::tile_art::MAX_TILE_PATH_LEN
    )]
    BadPath,
    /// A number that is not finite or out of range.
    #[error("underlay {field} must be {expected}, got {value}")]
    BadNumber {
        /// Which number (`scale`, `rotation`, `opacity`, `center`).
        field: &'static str,
        /// What it must be.
        expected: &'static str,
        /// What it is.
        value: f64,
    },
}

impl UnderlayError {
    /// The field of the map file the problem is in (`underlay.path`, `underlay.scale` …).
    pub fn field(&self) -> String {
        match self {
            UnderlayError::BadPath => "underlay.path".to_owned(),
            UnderlayError::BadNumber { field, .. } => format!("underlay.{field}"),
        }
    }
}

impl Underlay {
    /// An underlay of `path` centred at `center`, one world unit per pixel, unturned, at
    /// half opacity (so the map's own colours stay readable over it).
    pub fn new(path: impl Into<String>, center: Point) -> Underlay {
        Underlay {
            path: path.into(),
            center,
            scale: 1.0,
            rotation: 0.0,
            opacity: 0.5,
        }
    }

    /// An underlay of `path` whose image, `width` × `height` pixels, fits the world box
    /// `lo`..`hi` (the map's): centred on it, unturned, as large as fits inside it. What a
    /// newly chosen image starts as, so a scan of the map lies over the map at once
    /// (at one world unit per pixel a scan would cover hundreds of small hexes).
    pub fn fitted(
        path: impl Into<String>,
        (width, height): (u32, u32),
        lo: Point,
        hi: Point,
    ) -> Underlay {
        let (w, h) = (f64::from(width.max(1)), f64::from(height.max(1)));
        let scale = ((hi.x - lo.x) / w).min((hi.y - lo.y) / h);
        let scale = if scale.is_finite() && scale > 0.0 {
            scale.min(MAX_UNDERLAY_NUMBER)
        } else {
            1.0
        };
        let centre = Point::new((lo.x + hi.x) / 2.0, (lo.y + hi.y) / 2.0);
        Underlay {
            scale,
            ..Underlay::new(path, centre)
        }
    }

    /// The one check (loaders and the editor).
    pub fn validate(&self) -> Result<(), UnderlayError> {
        let p = &self.path;
        if p.is_empty()
            || p.len() > crate::tile_art::MAX_TILE_PATH_LEN
            || p.chars().any(char::is_control)
        {
            return Err(UnderlayError::BadPath);
        }
        let bad = |field, expected, value: f64| UnderlayError::BadNumber {
            field,
            expected,
            value,
        };
        for v in [self.center.x, self.center.y] {
            if !(v.is_finite() && v.abs() <= MAX_UNDERLAY_NUMBER) {
                return Err(bad("center", "a finite number within ±1e9", v));
            }
        }
        if !(self.scale.is_finite() && self.scale > 0.0 && self.scale <= MAX_UNDERLAY_NUMBER) {
            return Err(bad("scale", "greater than 0 and at most 1e9", self.scale));
        }
        if !(self.rotation.is_finite() && self.rotation.abs() <= 360.0) {
            return Err(bad("rotation", "between -360 and 360", self.rotation));
        }
        if !(0.0..=1.0).contains(&self.opacity) {
            return Err(bad("opacity", "between 0 and 1", f64::from(self.opacity)));
        }
        Ok(())
    }

    /// The world point of image pixel (`px`, `py`) of an image `w` × `h` pixels.
    pub fn image_to_world(&self, w: f64, h: f64, px: f64, py: f64) -> Point {
        let (s, c) = self.rotation.to_radians().sin_cos();
        let dx = (px - w / 2.0) * self.scale;
        let dy = (py - h / 2.0) * self.scale;
        Point::new(
            self.center.x + dx * c - dy * s,
            self.center.y + dx * s + dy * c,
        )
    }

    /// The image pixel (fractional) under world point `p`, for an image `w` × `h` pixels
    /// (may lie outside the image).
    pub fn world_to_image(&self, w: f64, h: f64, p: Point) -> (f64, f64) {
        let (s, c) = self.rotation.to_radians().sin_cos();
        let dx = p.x - self.center.x;
        let dy = p.y - self.center.y;
        let ux = (dx * c + dy * s) / self.scale;
        let uy = (-dx * s + dy * c) / self.scale;
        (ux + w / 2.0, uy + h / 2.0)
    }
}

impl HexMap {
    /// The tracing underlay, if the map has one.
    pub fn underlay(&self) -> Option<&Underlay> {
        self.underlay.as_ref()
    }

    /// Set or clear the underlay (checked); returns the old one. The low level without
    /// undo: editors use [`crate::MapEdit::SetUnderlay`].
    pub fn set_underlay(
        &mut self,
        underlay: Option<Underlay>,
    ) -> Result<Option<Underlay>, UnderlayError> {
        if let Some(u) = &underlay {
            u.validate()?;
        }
        Ok(std::mem::replace(&mut self.underlay, underlay))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fitted_underlay_covers_the_map_box_by_its_longer_fit() {
        // A 400 × 200 pixel scan on a map 100 × 80 world units: as wide as the map.
        let u = Underlay::fitted(
            "s.png",
            (400, 200),
            Point::new(-10.0, 0.0),
            Point::new(90.0, 80.0),
        );
        assert!((u.scale - 0.25).abs() < 1e-12);
        assert_eq!(u.center, Point::new(40.0, 40.0));
        let top_left = u.image_to_world(400.0, 200.0, 0.0, 0.0);
        let bottom_right = u.image_to_world(400.0, 200.0, 400.0, 200.0);
        assert!((top_left.x + 10.0).abs() < 1e-9 && (bottom_right.x - 90.0).abs() < 1e-9);
        assert!((top_left.y - 15.0).abs() < 1e-9 && (bottom_right.y - 65.0).abs() < 1e-9);
        assert!(u.validate().is_ok());
        // A tall scan fits the height instead; an empty box keeps one unit per pixel.
        let tall = Underlay::fitted(
            "t.png",
            (100, 400),
            Point::new(0.0, 0.0),
            Point::new(100.0, 80.0),
        );
        assert!((tall.scale - 0.2).abs() < 1e-12);
        let dot = Underlay::fitted(
            "d.png",
            (10, 10),
            Point::new(5.0, 5.0),
            Point::new(5.0, 5.0),
        );
        assert_eq!(dot.scale, 1.0);
    }

    #[test]
    fn image_and_world_points_invert_each_other_under_rotation() {
        let u = Underlay {
            rotation: 30.0,
            scale: 2.5,
            ..Underlay::new("scan.png", Point::new(10.0, -4.0))
        };
        let p = u.image_to_world(40.0, 20.0, 7.0, 3.0);
        let (x, y) = u.world_to_image(40.0, 20.0, p);
        assert!((x - 7.0).abs() < 1e-9 && (y - 3.0).abs() < 1e-9, "{x} {y}");
        // The image centre is the underlay's centre.
        let c = u.image_to_world(40.0, 20.0, 20.0, 10.0);
        assert!((c.x - 10.0).abs() < 1e-9 && (c.y + 4.0).abs() < 1e-9);
    }

    #[test]
    fn bad_numbers_and_paths_name_their_field() {
        let ok = Underlay::new("scan.png", Point::new(0.0, 0.0));
        assert_eq!(ok.validate(), Ok(()));
        let with = |f: &dyn Fn(&mut Underlay)| {
            let mut u = ok.clone();
            f(&mut u);
            u.validate().unwrap_err().field()
        };
        assert_eq!(with(&|u| u.path.clear()), "underlay.path");
        assert_eq!(with(&|u| u.scale = 0.0), "underlay.scale");
        assert_eq!(with(&|u| u.scale = f64::NAN), "underlay.scale");
        assert_eq!(with(&|u| u.opacity = 1.5), "underlay.opacity");
        assert_eq!(with(&|u| u.rotation = f64::INFINITY), "underlay.rotation");
        assert_eq!(with(&|u| u.center.x = f64::NAN), "underlay.center");
    }
}
