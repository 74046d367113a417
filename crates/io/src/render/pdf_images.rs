//! Images in PDF: each image (per tint) becomes one image XObject (RGB samples plus a soft
//! mask for its alpha), written once for the whole document and drawn on every page that
//! shows it by name, clipped to its polygon.

use super::pdf::compress;
use hexmap_draw::{Colour, ImageId, ImageRef, PlacedImage};
use hexmap_hex::Point;
use pdf_writer::{Filter, Finish, Pdf, Ref};
use std::collections::HashMap;

/// One image XObject waiting to be written.
struct PdfImage {
    name: String,
    id: Ref,
    mask: Option<Ref>,
    width: u32,
    height: u32,
    /// Deflated RGB samples.
    rgb: Vec<u8>,
    /// Deflated alpha samples (when not all opaque).
    alpha: Vec<u8>,
}

/// The images of a document, in the order first drawn.
#[derive(Default)]
pub struct PdfImages {
    images: Vec<PdfImage>,
    index: HashMap<(ImageId, Option<Colour>), usize>,
}

impl PdfImages {
    /// The resource name and object id of the XObject of `source` multiplied by `tint`,
    /// made on first use (object ids from `alloc`).
    pub fn name_of(
        &mut self,
        source: ImageRef<'_>,
        tint: Option<Colour>,
        alloc: &mut dyn FnMut() -> Ref,
    ) -> (String, Ref) {
        let key = (source.id, tint);
        if let Some(&i) = self.index.get(&key) {
            let e = &self.images[i];
            return (e.name.clone(), e.id);
        }
        let tinted;
        let image = match tint {
            Some(t) => {
                tinted = source.pixels.tinted(t);
                &tinted
            }
            None => source.pixels,
        };
        let px = image.pixels();
        let rgb: Vec<u8> = px
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        let alpha: Vec<u8> = px.chunks_exact(4).map(|p| p[3]).collect();
        let opaque = alpha.iter().all(|&a| a == 255);
        let id = alloc();
        let mask = (!opaque).then(&mut *alloc);
        let entry = PdfImage {
            name: format!("I{}", self.images.len()),
            id,
            mask,
            width: image.width(),
            height: image.height(),
            rgb: compress(&rgb),
            alpha: if opaque { Vec::new() } else { compress(&alpha) },
        };
        let out = (entry.name.clone(), entry.id);
        self.index.insert(key, self.images.len());
        self.images.push(entry);
        out
    }

    /// Write every image (and its soft mask) into `pdf`.
    pub fn write(&self, pdf: &mut Pdf) {
        for e in &self.images {
            let (w, h) = (e.width as i32, e.height as i32);
            let mut x = pdf.image_xobject(e.id, &e.rgb);
            x.filter(Filter::FlateDecode);
            x.width(w).height(h).bits_per_component(8).interpolate(true);
            x.color_space().device_rgb();
            if let Some(mask) = e.mask {
                x.s_mask(mask);
            }
            x.finish();
            if let Some(mask) = e.mask {
                let mut m = pdf.image_xobject(mask, &e.alpha);
                m.filter(Filter::FlateDecode);
                m.width(w).height(h).bits_per_component(8);
                m.color_space().device_gray();
                m.finish();
            }
        }
    }
}

/// The PDF matrix that maps an image XObject's unit square onto the corners of `img`
/// placed in the world, through `to_page` (world → page, an affine map). The unit
/// square's (0, 0) is the image's bottom-left pixel corner, (1, 0) its bottom-right and
/// (0, 1) its top-left.
pub fn placed_matrix(img: &PlacedImage<'_>, to_page: impl Fn(Point) -> (f32, f32)) -> [f32; 6] {
    let (w, h) = (
        f64::from(img.source.pixels.width()),
        f64::from(img.source.pixels.height()),
    );
    let at = |px: f64, py: f64| {
        to_page(Point::new(
            img.origin.x + px * img.x_step.x + py * img.y_step.x,
            img.origin.y + px * img.x_step.y + py * img.y_step.y,
        ))
    };
    let (p0, pu, pv) = (at(0.0, h), at(w, h), at(0.0, 0.0));
    [
        pu.0 - p0.0,
        pu.1 - p0.1,
        pv.0 - p0.0,
        pv.1 - p0.1,
        p0.0,
        p0.1,
    ]
}
