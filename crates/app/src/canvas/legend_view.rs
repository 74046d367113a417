//! The map's legend on the canvas, fixed to a corner of the screen (drawn by
//! [`hexmap_draw::legend`], like in pictures); its entries are worked out again only when
//! the document changes.

use crate::canvas::images::EditorImages;
use crate::canvas::painter::ScreenSink;
use crate::open_map::OpenMap;
use eframe::egui::{Painter, Pos2, Rect};
use hexmap_draw::legend::{LegendEntry, draw_legend, legend_entries};
use hexmap_hex::Point;

/// The legend's entries, kept for one document revision.
#[derive(Default)]
pub struct LegendView {
    /// The revision `entries` were made for.
    revision: Option<u64>,
    entries: Vec<LegendEntry>,
}

impl LegendView {
    /// Draw the legend in the corner the map's view settings ask for, if any, over the
    /// canvas rectangle `rect` (screen points), user-image icons from `images`. Returns
    /// its box in screen points (for the scale bar to keep clear of), if drawn.
    pub fn paint(
        &mut self,
        painter: &Painter,
        rect: Rect,
        doc: &OpenMap,
        images: &EditorImages,
    ) -> Option<(Point, Point)> {
        let corner = doc.map().view().legend?;
        if self.revision != Some(doc.revision()) {
            self.entries = legend_entries(doc.map());
            self.revision = Some(doc.revision());
        }
        // World units are screen points here: one unit per pixel, origin at the screen's.
        let mut sink = ScreenSink::new(painter, Point::new(0.0, 0.0), Pos2::ZERO, 1.0)
            .with_textures(images.textures());
        let area = (
            Point::new(f64::from(rect.min.x), f64::from(rect.min.y)),
            Point::new(f64::from(rect.max.x), f64::from(rect.max.y)),
        );
        let set = Some(images.set());
        draw_legend(&mut sink, &self.entries, area, 1.0, corner, set);
        (!self.entries.is_empty())
            .then(|| hexmap_draw::legend::legend_box(&self.entries, area, 1.0, corner))
    }
}
