//! Decoded images for drawing (tile art, user-image icons): pixels in memory, found by the
//! path the map gives them. `io` loads and decodes the files; `draw` only places them, and
//! back-ends key their caches (textures, PDF image objects, SVG definitions) by [`ImageId`].

use super::colour::Colour;
use super::primitives::{Image, ImageRef};
use super::sink::Sink;
use hexmap_hex::Point;
use std::collections::HashMap;
use std::sync::Arc;

/// Largest side of a decoded image, in pixels (a tile or icon needs far less; the limit
/// keeps a hostile file from asking for gigabytes).
pub const MAX_IMAGE_SIDE: u32 = 2048;

/// Pixels of one image: straight (not premultiplied) sRGB RGBA, 8 bits each, row by row
/// from the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RgbaImage {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

/// Why pixels do not make an image.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    /// A side is 0 or over [`MAX_IMAGE_SIDE`].
    #[error("image is {0}×{1} pixels; each side must be 1 to {MAX_IMAGE_SIDE}")]
    BadSize(u32, u32),
    /// The buffer does not hold width × height × 4 bytes.
    #[error("image data has {found} bytes, {expected} expected")]
    BadLength {
        /// Bytes given.
        found: usize,
        /// Bytes needed.
        expected: usize,
    },
}

impl RgbaImage {
    /// An image of `width` × `height` pixels from RGBA bytes, checked.
    pub fn new(width: u32, height: u32, pixels: Vec<u8>) -> Result<RgbaImage, ImageError> {
        let side_ok = |s: u32| (1..=MAX_IMAGE_SIDE).contains(&s);
        if !side_ok(width) || !side_ok(height) {
            return Err(ImageError::BadSize(width, height));
        }
        let expected = width as usize * height as usize * 4;
        if pixels.len() != expected {
            return Err(ImageError::BadLength {
                found: pixels.len(),
                expected,
            });
        }
        Ok(RgbaImage {
            width,
            height,
            pixels,
        })
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The RGBA bytes, row by row.
    pub fn pixels(&self) -> &[u8] {
        &self.pixels
    }

    /// A copy with each pixel's colour multiplied by `tint` (alpha kept): how every
    /// back-end draws tinted tile art, so they agree.
    pub fn tinted(&self, tint: Colour) -> RgbaImage {
        let mul = |v: u8, t: u8| ((u16::from(v) * u16::from(t) + 127) / 255) as u8;
        let pixels = self
            .pixels
            .chunks_exact(4)
            .flat_map(|p| {
                [
                    mul(p[0], tint.r),
                    mul(p[1], tint.g),
                    mul(p[2], tint.b),
                    p[3],
                ]
            })
            .collect();
        RgbaImage {
            width: self.width,
            height: self.height,
            pixels,
        }
    }

    /// The pixel at (x, y) as RGBA.
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        [
            self.pixels[i],
            self.pixels[i + 1],
            self.pixels[i + 2],
            self.pixels[i + 3],
        ]
    }
}

/// The number of an image in an [`ImageSet`]: stable for the life of the set, so a
/// back-end can upload or embed each image once and refer to it after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ImageId(pub u32);

/// The images a map refers to, by the path written in the map (tile art, icons). Paths
/// that failed to load are absent: drawing falls back to colours and built-in signs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ImageSet {
    by_path: HashMap<String, ImageId>,
    images: Vec<Arc<RgbaImage>>,
    paths: Vec<String>,
}

impl ImageSet {
    /// An empty set.
    pub fn new() -> ImageSet {
        ImageSet::default()
    }

    /// Add `image` under `path` (replacing an image of the same path) and return its id.
    pub fn insert(&mut self, path: &str, image: RgbaImage) -> ImageId {
        if let Some(&id) = self.by_path.get(path) {
            self.images[id.0 as usize] = Arc::new(image);
            return id;
        }
        let id = ImageId(self.images.len() as u32);
        self.images.push(Arc::new(image));
        self.paths.push(path.to_owned());
        self.by_path.insert(path.to_owned(), id);
        id
    }

    /// The id and pixels of the image at `path`, if it loaded.
    pub fn get(&self, path: &str) -> Option<(ImageId, &RgbaImage)> {
        let id = *self.by_path.get(path)?;
        Some((id, &self.images[id.0 as usize]))
    }

    /// The pixels of image `id`.
    pub fn image(&self, id: ImageId) -> Option<&RgbaImage> {
        self.images.get(id.0 as usize).map(|i| &**i)
    }

    /// The path image `id` was loaded from.
    pub fn path(&self, id: ImageId) -> Option<&str> {
        self.paths.get(id.0 as usize).map(String::as_str)
    }

    /// How many images the set holds.
    pub fn len(&self) -> usize {
        self.images.len()
    }

    /// True when no image loaded.
    pub fn is_empty(&self) -> bool {
        self.images.is_empty()
    }

    /// The same images under new paths: `rename` gives an image's new path (`None`: it
    /// keeps its own), as a map written elsewhere names its files from there. Ids stay
    /// as they are; of two images renamed to one path, the first answers to it.
    pub fn renamed(&self, rename: impl Fn(&str) -> Option<String>) -> ImageSet {
        let paths: Vec<String> = self
            .paths
            .iter()
            .map(|p| rename(p).unwrap_or_else(|| p.clone()))
            .collect();
        let mut by_path = HashMap::with_capacity(paths.len());
        for (i, p) in paths.iter().enumerate() {
            by_path.entry(p.clone()).or_insert(ImageId(i as u32));
        }
        ImageSet {
            by_path,
            images: self.images.clone(),
            paths,
        }
    }
}

/// A user-image icon: `image` fitted, at its own proportions, in the square of half side
/// `half` around `centre`.
pub fn draw_image_icon(
    sink: &mut dyn Sink,
    id: ImageId,
    image: &RgbaImage,
    centre: Point,
    half: f64,
) {
    let (w, h) = (f64::from(image.width()), f64::from(image.height()));
    let k = half / w.max(h);
    let (hw, hh) = (w * k, h * k);
    sink.image(&Image {
        source: ImageRef { id, pixels: image },
        min: Point::new(centre.x - hw, centre.y - hh),
        max: Point::new(centre.x + hw, centre.y + hh),
        clip: None,
        tint: None,
    });
}

/// A tile-art image clipped to the hex whose `corners` are given, as large as needed to
/// cover it at the image's own proportions, multiplied by `tint` if any. The map scene and
/// the Tiled terrain tileset both draw tile art with it, so they show the same picture.
pub fn draw_tile_art(
    sink: &mut dyn Sink,
    corners: &[Point],
    id: ImageId,
    image: &RgbaImage,
    tint: Option<Colour>,
) {
    let (min, max) = super::map_scene::cover_box(corners, image.width(), image.height());
    sink.image(&Image {
        source: ImageRef { id, pixels: image },
        min,
        max,
        clip: Some(corners),
        tint,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_checked_and_found_by_path() {
        assert_eq!(RgbaImage::new(0, 4, vec![]), Err(ImageError::BadSize(0, 4)));
        assert_eq!(
            RgbaImage::new(MAX_IMAGE_SIDE + 1, 1, vec![]),
            Err(ImageError::BadSize(MAX_IMAGE_SIDE + 1, 1))
        );
        assert_eq!(
            RgbaImage::new(2, 2, vec![0; 15]),
            Err(ImageError::BadLength {
                found: 15,
                expected: 16
            })
        );
        let red = RgbaImage::new(1, 1, vec![255, 0, 0, 255]).unwrap();
        let blue = RgbaImage::new(1, 1, vec![0, 0, 255, 255]).unwrap();
        let mut set = ImageSet::new();
        let a = set.insert("art/a.png", red);
        let b = set.insert("art/b.png", blue.clone());
        assert_ne!(a, b);
        assert_eq!(
            set.get("art/a.png").unwrap().1.pixel(0, 0),
            [255, 0, 0, 255]
        );
        assert_eq!(set.path(b), Some("art/b.png"));
        assert!(set.get("art/c.png").is_none());
        // Replacing keeps the id.
        assert_eq!(set.insert("art/a.png", blue), a);
        assert_eq!(set.image(a).unwrap().pixel(0, 0), [0, 0, 255, 255]);
        assert_eq!(set.len(), 2);
    }

    #[test]
    fn renamed_sets_answer_to_the_new_paths_with_the_same_ids() {
        let red = RgbaImage::new(1, 1, vec![255, 0, 0, 255]).unwrap();
        let blue = RgbaImage::new(1, 1, vec![0, 0, 255, 255]).unwrap();
        let mut set = ImageSet::new();
        let a = set.insert("art/a.png", red);
        let b = set.insert("/abs/b.png", blue);
        let moved = set.renamed(|p| p.starts_with("art/").then(|| format!("../{p}")));
        assert_eq!(moved.get("../art/a.png").map(|(id, _)| id), Some(a));
        assert!(moved.get("art/a.png").is_none());
        assert_eq!(moved.get("/abs/b.png").map(|(id, _)| id), Some(b));
        assert_eq!(moved.path(a), Some("../art/a.png"));
        assert_eq!(moved.len(), 2);
    }

    #[test]
    fn tint_multiplies_colour_and_keeps_alpha() {
        let grey = RgbaImage::new(1, 1, vec![255, 128, 0, 77]).unwrap();
        let t = grey.tinted(Colour::rgb(0x80, 0xff, 0x10));
        assert_eq!(t.pixel(0, 0), [128, 128, 0, 77]);
    }
}
