//! Images in SVG: each image (per tint) is defined once in `<defs>` — its pixels as a
//! base64 PNG data URI, or a link to its file by path — and each use is a `<use>` scaled
//! to its box, clipped by its own `<clipPath>` when it has one.

use super::raster::ToPixels;
use crate::tiled::xml_escape;
use base64::Engine;
use hexmap_draw::{Colour, Image, ImageId, ImageRef, ImageSet, PlacedImage};
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::Arc;

/// What the SVG back-end knows of images: those defined so far and how to refer to them.
#[derive(Default)]
pub(super) struct SvgImages {
    /// Definition number of each (image, tint) written so far.
    defined: HashMap<(ImageId, Option<Colour>), usize>,
    /// Clip paths written so far.
    clips: usize,
    /// Link files by the paths of this set instead of embedding pixels.
    link: Option<Arc<ImageSet>>,
}

impl SvgImages {
    /// Link images by path (from `set`) instead of embedding them.
    pub(super) fn link_to(&mut self, set: Arc<ImageSet>) {
        self.link = Some(set);
    }

    /// Write `img` into `out` (its definition first when new).
    pub(super) fn write(&mut self, out: &mut String, img: &Image<'_>, to_px: ToPixels) {
        let (w, h) = (img.source.pixels.width(), img.source.pixels.height());
        let key = (img.source.id, img.tint);
        let def = match self.defined.get(&key) {
            Some(&d) => d,
            None => {
                let d = self.defined.len();
                let href = self.href(img);
                let filter = img.tint.map(|t| {
                    let k = |c: u8| f64::from(c) / 255.0;
                    let _ = writeln!(
                        out,
                        "<defs><filter id=\"tint{d}\" color-interpolation-filters=\"sRGB\"><feColorMatrix type=\"matrix\" values=\"{:.4} 0 0 0 0 0 {:.4} 0 0 0 0 0 {:.4} 0 0 0 0 0 1 0\"/></filter></defs>",
                        k(t.r),
                        k(t.g),
                        k(t.b)
                    );
                    format!(" filter=\"url(#tint{d})\"")
                });
                let _ = writeln!(
                    out,
                    "<defs><image id=\"img{d}\" width=\"{w}\" height=\"{h}\" preserveAspectRatio=\"none\"{} href=\"{href}\"/></defs>",
                    filter.unwrap_or_default()
                );
                self.defined.insert(key, d);
                d
            }
        };
        let px = |p: hexmap_hex::Point| {
            (
                p.x * to_px.scale + to_px.offset.0,
                p.y * to_px.scale + to_px.offset.1,
            )
        };
        let (x0, y0) = px(img.min);
        let (x1, y1) = px(img.max);
        let clip = img.clip.map(|points| {
            let c = self.clips;
            self.clips += 1;
            let pts: Vec<String> = points
                .iter()
                .map(|&p| {
                    let (x, y) = px(p);
                    format!("{x:.3},{y:.3}")
                })
                .collect();
            let _ = writeln!(
                out,
                "<clipPath id=\"clip{c}\"><polygon points=\"{}\"/></clipPath>",
                pts.join(" ")
            );
            format!(" clip-path=\"url(#clip{c})\"")
        });
        let _ = writeln!(
            out,
            "<g{}><use href=\"#img{def}\" transform=\"matrix({:.5} 0 0 {:.5} {x0:.3} {y0:.3})\"/></g>",
            clip.unwrap_or_default(),
            (x1 - x0) / f64::from(w),
            (y1 - y0) / f64::from(h),
        );
    }

    /// Write `img` (the tracing underlay) as one `<image>` mapped onto its placed corners
    /// by a `matrix(…)` transform, with its opacity.
    pub(super) fn write_placed(
        &mut self,
        out: &mut String,
        img: &PlacedImage<'_>,
        to_px: ToPixels,
    ) {
        let (w, h) = (img.source.pixels.width(), img.source.pixels.height());
        let k = to_px.scale;
        let (ox, oy) = (
            img.origin.x * k + to_px.offset.0,
            img.origin.y * k + to_px.offset.1,
        );
        let href = self.href_of(img.source);
        let _ = writeln!(
            out,
            "<image width=\"{w}\" height=\"{h}\" preserveAspectRatio=\"none\" opacity=\"{:.3}\" transform=\"matrix({:.6} {:.6} {:.6} {:.6} {ox:.3} {oy:.3})\" href=\"{href}\"/>",
            img.opacity.clamp(0.0, 1.0),
            img.x_step.x * k,
            img.x_step.y * k,
            img.y_step.x * k,
            img.y_step.y * k,
        );
    }

    /// The `href` of an image: its file path when linking, else a PNG data URI.
    fn href(&self, img: &Image<'_>) -> String {
        self.href_of(img.source)
    }

    /// The `href` of `source`.
    fn href_of(&self, source: ImageRef<'_>) -> String {
        if let Some(path) = self.link.as_ref().and_then(|set| set.path(source.id)) {
            return xml_escape(path);
        }
        let png = crate::images::encode_png(source.pixels);
        let data = base64::engine::general_purpose::STANDARD.encode(png);
        format!("data:image/png;base64,{data}")
    }
}
