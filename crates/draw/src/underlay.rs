//! Where the tracing underlay's image lies in the world and how every back-end draws it:
//! the affine placement from image pixels to world units (centre, scale, clockwise turn),
//! its four corners (the editor's outline and handles), and [`draw_underlay`], which hands
//! the image to a [`Sink`] as one [`PlacedImage`] under everything else. Pictures draw it
//! only when asked (`export --underlay`); the editor draws it under the cells.

use super::image::{ImageSet, RgbaImage};
use super::primitives::{ImageRef, PlacedImage};
use super::sink::Sink;
use hexmap_hex::Point;
use hexmap_map::{HexMap, Underlay};

/// The affine map from image pixels to the world: pixel (`px`, `py`) lies at
/// `origin + px × x_step + py × y_step`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// World point of the image's top-left corner.
    pub origin: Point,
    /// World vector of one pixel to the right.
    pub x_step: Point,
    /// World vector of one pixel down.
    pub y_step: Point,
}

impl Placement {
    /// The world point of image pixel coordinates (`px`, `py`).
    pub fn world(&self, px: f64, py: f64) -> Point {
        Point::new(
            self.origin.x + px * self.x_step.x + py * self.y_step.x,
            self.origin.y + px * self.x_step.y + py * self.y_step.y,
        )
    }
}

/// Where an image of `width` × `height` pixels lies under `underlay` (the same transform
/// as [`Underlay::image_to_world`]).
pub fn placement(underlay: &Underlay, width: u32, height: u32) -> Placement {
    let (w, h) = (f64::from(width), f64::from(height));
    let origin = underlay.image_to_world(w, h, 0.0, 0.0);
    let right = underlay.image_to_world(w, h, 1.0, 0.0);
    let down = underlay.image_to_world(w, h, 0.0, 1.0);
    Placement {
        origin,
        x_step: Point::new(right.x - origin.x, right.y - origin.y),
        y_step: Point::new(down.x - origin.x, down.y - origin.y),
    }
}

/// The image's corners in world units: top-left, top-right, bottom-right, bottom-left
/// (of the image as it is, before turning).
pub fn corners(underlay: &Underlay, width: u32, height: u32) -> [Point; 4] {
    let p = placement(underlay, width, height);
    let (w, h) = (f64::from(width), f64::from(height));
    [
        p.world(0.0, 0.0),
        p.world(w, 0.0),
        p.world(w, h),
        p.world(0.0, h),
    ]
}

/// The loaded image of `map`'s underlay, if it has one and the image loaded.
pub fn underlay_image<'a>(
    map: &'a HexMap,
    images: &'a ImageSet,
) -> Option<(&'a Underlay, &'a RgbaImage, super::ImageId)> {
    let u = map.underlay()?;
    let (id, image) = images.get(&u.path)?;
    Some((u, image, id))
}

/// Draw `map`'s underlay into `sink` (nothing when the map has none or its image is not in
/// `images`). Call before the map, so the cells lie over it.
pub fn draw_underlay(sink: &mut dyn Sink, map: &HexMap, images: &ImageSet) {
    if let Some(u) = map.underlay() {
        draw_placed(sink, u, images);
    }
}

/// Draw the image of `u` where it lies (nothing when its image is not in `images`): the
/// map's underlay, or one being dragged in the editor.
pub fn draw_placed(sink: &mut dyn Sink, u: &Underlay, images: &ImageSet) {
    let Some((id, image)) = images.get(&u.path) else {
        return;
    };
    let p = placement(u, image.width(), image.height());
    sink.placed_image(&PlacedImage {
        source: ImageRef { id, pixels: image },
        origin: p.origin,
        x_step: p.x_step,
        y_step: p.y_step,
        opacity: u.opacity,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Point, b: Point) -> bool {
        (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9
    }

    #[test]
    fn corners_of_an_unturned_image_are_its_box_around_the_centre() {
        // 40 × 20 pixels, 0.5 world units each, centred at (10, 5): 20 × 10 world units.
        let u = Underlay {
            scale: 0.5,
            ..Underlay::new("a.png", Point::new(10.0, 5.0))
        };
        let c = corners(&u, 40, 20);
        assert!(close(c[0], Point::new(0.0, 0.0)), "{c:?}");
        assert!(close(c[1], Point::new(20.0, 0.0)), "{c:?}");
        assert!(close(c[2], Point::new(20.0, 10.0)), "{c:?}");
        assert!(close(c[3], Point::new(0.0, 10.0)), "{c:?}");
    }

    #[test]
    fn a_quarter_turn_clockwise_puts_the_top_left_corner_top_right() {
        // Screen y points down, so clockwise takes (-x, -y) to (+x, -y) about the centre.
        let u = Underlay {
            rotation: 90.0,
            ..Underlay::new("a.png", Point::new(0.0, 0.0))
        };
        let c = corners(&u, 4, 2);
        // The image's top-left (-2, -1) goes to (1, -2); top-right (2, -1) to (1, 2).
        assert!(close(c[0], Point::new(1.0, -2.0)), "{c:?}");
        assert!(close(c[1], Point::new(1.0, 2.0)), "{c:?}");
    }
}
