//! The editor's own colours, in one place: what it paints over the map (the selection, the
//! tools' marks, the Measure tool's line, the GM's secret marks) and behind it. The canvas
//! background is `draw`'s editor style's ([`hexmap_draw::style::EDITOR_BACKGROUND`]), so the
//! canvas, play mode, the players' view, the player window and a browser's players' page
//! share one background with the map `draw` paints on it.

use eframe::egui::Color32;

/// Behind the map: `draw`'s editor background.
pub const CANVAS_BACKGROUND: Color32 = {
    let c = hexmap_draw::style::EDITOR_BACKGROUND;
    Color32::from_rgb(c.r, c.g, c.b)
};

/// The selection and what is selected: the selection's outline, the selected icon, label
/// or path, the select box.
pub const SELECTION: Color32 = Color32::from_rgb(90, 170, 255);

/// The dark line under the selection's outline, so it reads on light terrain too.
pub const SELECTION_SHADOW: Color32 = Color32::from_rgb(10, 30, 70);

/// What a click would act on: the hexside or path under the pointer, the hovered handle.
pub const HOVER: Color32 = Color32::from_rgb(255, 230, 80);

/// A gesture in progress (a line being drawn, a path being extended).
pub const GESTURE: Color32 = Color32::from_rgb(255, 140, 40);

/// The Measure tool's hexes of the hex line (filled, see-through).
pub const MEASURE_LINE_FILL: Color32 = Color32::from_rgba_premultiplied(40, 110, 128, 128);

/// The Measure tool's outline of the hexes of the hex line.
pub const MEASURE_LINE_STROKE: Color32 = Color32::from_rgb(80, 220, 255);

/// The Measure tool's route.
pub const MEASURE_ROUTE: Color32 = Color32::from_rgb(255, 150, 40);

/// The Measure tool's straight ruler.
pub const MEASURE_RULER: Color32 = Color32::from_rgb(255, 255, 255);

/// What the GM sees marked as secret (GM-only items).
pub const SECRET: Color32 = Color32::from_rgb(235, 60, 220);

/// The underlay's handles.
pub const UNDERLAY_HANDLE: Color32 = Color32::from_rgb(255, 200, 40);

/// Behind an icon in the icon palette: paper, as icons are drawn on maps.
pub const ICON_PAPER: Color32 = Color32::from_rgb(0xf6, 0xf1, 0xe2);

/// Behind a line swatch in the edge and path palettes.
pub const SWATCH_BACK: Color32 = Color32::from_gray(60);

/// A problem said in a form (a field that cannot be used).
pub const FORM_ERROR: Color32 = Color32::from_rgb(230, 90, 80);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_canvas_background_is_draws_editor_background() {
        let style = hexmap_draw::Style::editor(hexmap_draw::Layers::editor());
        let c = style.background.unwrap();
        assert_eq!(CANVAS_BACKGROUND, Color32::from_rgb(c.r, c.g, c.b));
    }
}
