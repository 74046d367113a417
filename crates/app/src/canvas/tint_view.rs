//! The tint by a property's value on the canvas (Layers → "Tint by"): which property is
//! chosen, its [`PropertyTint`] worked out again only when the document changes, and its
//! legend (drawn by [`hexmap_draw::legend`], headed by the property's name) in a corner
//! the map's own legend does not take.

use crate::canvas::painter::ScreenSink;
use crate::open_map::OpenMap;
use eframe::egui::{Painter, Pos2, Rect};
use hexmap_draw::legend::draw_legend_titled;
use hexmap_draw::property_tint::PropertyTint;
use hexmap_hex::Point;
use hexmap_map::Corner;
use std::sync::Arc;

/// The chosen property and its tint.
#[derive(Default)]
pub struct TintView {
    /// The property the cells are tinted by (`None`: no tint).
    chosen: Option<String>,
    /// The tint of `chosen`, with the document revision it was worked out at.
    cached: Option<(u64, Arc<PropertyTint>)>,
    /// What the canvas's chunks were last drawn with.
    drawn: Option<String>,
}

impl TintView {
    /// The property chosen, if any.
    pub fn chosen(&self) -> Option<&str> {
        self.chosen.as_deref()
    }

    /// Tint by `name` from now on (`None`: no tint).
    pub fn choose(&mut self, name: Option<String>) {
        if self.chosen != name {
            self.chosen = name;
            self.cached = None;
        }
    }

    /// The tint of the chosen property on `doc`'s map (`None` without one, or when the
    /// map no longer declares it).
    pub fn get(&mut self, doc: &OpenMap) -> Option<Arc<PropertyTint>> {
        let name = self.chosen.as_deref()?;
        match &self.cached {
            Some((revision, tint)) if *revision == doc.revision() => Some(Arc::clone(tint)),
            _ => {
                let tint = Arc::new(PropertyTint::of(doc.map(), name)?);
                self.cached = Some((doc.revision(), Arc::clone(&tint)));
                Some(tint)
            }
        }
    }

    /// True once after the choice changed: every chunk must be drawn again.
    pub fn switched(&mut self) -> bool {
        let switched = self.drawn != self.chosen;
        self.drawn.clone_from(&self.chosen);
        switched
    }

    /// Draw the tint's legend over the canvas rectangle `rect` (screen points), in the
    /// top right corner, or the bottom right when the map's legend is there.
    pub fn paint_legend(&mut self, painter: &Painter, rect: Rect, doc: &OpenMap) {
        let Some(tint) = self.get(doc) else {
            return;
        };
        let corner = match doc.map().view().legend {
            Some(Corner::TopRight) => Corner::BottomRight,
            _ => Corner::TopRight,
        };
        // World units are screen points here: one unit per pixel, origin at the screen's.
        let mut sink = ScreenSink::new(painter, Point::new(0.0, 0.0), Pos2::ZERO, 1.0);
        let area = (
            Point::new(f64::from(rect.min.x), f64::from(rect.min.y)),
            Point::new(f64::from(rect.max.x), f64::from(rect.max.y)),
        );
        draw_legend_titled(
            &mut sink,
            tint.name(),
            tint.legend(),
            (area, 1.0, corner),
            None,
        );
    }
}
