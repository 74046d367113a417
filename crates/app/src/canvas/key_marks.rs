//! Which hexes are keyed, at a glance: a small mark at the upper right of every hex with a key
//! entry of its own — a gold disc, or for a GM-only entry a hollow diamond in the secrets'
//! colour — on the GM's canvas only (the player view and window draw the player filter's
//! map). The entry's title shows in the status bar while the pointer is over the hex.

use crate::canvas::camera::Camera;
use crate::canvas::theme::SECRET;
use crate::open_map::OpenMap;
use eframe::egui::{self, Color32, Pos2, Rect, Shape, Stroke};
use hexmap_hex::Layout;

/// The public entry's mark.
pub const KEY_MARK: Color32 = Color32::from_rgb(214, 160, 20);

/// Below this hex size on screen (points, centre to corner) no mark is drawn: it would
/// cover the hex.
const MIN_HEX_POINTS: f64 = 10.0;

/// Where marks of hexes go on screen: each at `toward` (a fraction of the hex's screen
/// radius right and down from its centre), `r` points across, scaled by `scale` of that
/// radius within `clamp`; none below [`MIN_HEX_POINTS`].
pub(crate) struct MarkPlace {
    /// The mark's offset from the hex centre, in screen radii (x right, y down).
    pub toward: (f64, f64),
    /// The mark's size as a share of the screen radius.
    pub scale: f64,
    /// The smallest and largest mark size, in points.
    pub clamp: (f64, f64),
}

impl MarkPlace {
    /// For each of `items` whose mark lies in view: `draw(at, r, item)`.
    pub(crate) fn each<T>(
        &self,
        layout: &Layout,
        (camera, rect): (&Camera, Rect),
        items: impl IntoIterator<Item = (hexmap_hex::Hex, T)>,
        mut draw: impl FnMut(Pos2, f32, T),
    ) {
        let size = layout.size();
        let radius = size.x.max(size.y) * camera.zoom;
        if radius < MIN_HEX_POINTS {
            return;
        }
        let r = (radius * self.scale).clamp(self.clamp.0, self.clamp.1) as f32;
        let near = rect.expand(16.0);
        for (h, item) in items {
            let c = camera.world_to_screen(rect, layout.hex_to_pixel(h));
            let at = Pos2::new(
                c.x + (radius * self.toward.0) as f32,
                c.y + (radius * self.toward.1) as f32,
            );
            if near.contains(at) {
                draw(at, r, item);
            }
        }
    }
}

/// Paint the marks of the keyed hexes of `doc` that lie in `rect`.
pub(crate) fn paint(
    painter: &egui::Painter,
    doc: &OpenMap,
    layout: &Layout,
    view: (&Camera, Rect),
) {
    // Towards the hex's upper right, clear of its icon and the caption under it.
    let place = MarkPlace {
        toward: (0.5, -0.45),
        scale: 0.13,
        clamp: (3.0, 7.0),
    };
    let entries = doc.map().key_entries().iter().map(|(&h, e)| (h, e));
    place.each(layout, view, entries, |at, r, entry| {
        if entry.gm_only {
            let diamond = vec![
                at + egui::vec2(0.0, -r * 1.3),
                at + egui::vec2(r * 1.3, 0.0),
                at + egui::vec2(0.0, r * 1.3),
                at + egui::vec2(-r * 1.3, 0.0),
            ];
            painter.add(Shape::closed_line(diamond, Stroke::new(2.0, SECRET)));
        } else {
            painter.circle(at, r, KEY_MARK, Stroke::new(1.5, Color32::WHITE));
        }
    });
}
