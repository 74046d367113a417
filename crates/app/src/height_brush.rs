//! The Brush's height modes (issue 27): besides the current terrain it can raise or lower
//! the elevation layer by a step per stamp (shift swaps raise and lower), one undo step
//! per stroke (`ElevationEdit::Raise`). View → Elevation bands shows the result.

use super::prefs::{BrushPaints, ToolPrefs};
use eframe::egui;

/// The Brush's mode switch and the height step.
pub(super) fn bar(ui: &mut egui::Ui, prefs: &mut ToolPrefs) {
    let paints = &mut prefs.brush_paints;
    ui.selectable_value(paints, BrushPaints::Terrain, "Terrain")
        .on_hover_text("The brush paints the current terrain");
    ui.selectable_value(paints, BrushPaints::Raise, "Raise")
        .on_hover_text("Each stamp raises the heights under the brush (shift: lowers)");
    ui.selectable_value(paints, BrushPaints::Lower, "Lower")
        .on_hover_text("Each stamp lowers the heights under the brush (shift: raises)");
    if *paints != BrushPaints::Terrain {
        ui.add(
            egui::DragValue::new(&mut prefs.height_step)
                .range(1..=2000)
                .prefix("Step "),
        )
        .on_hover_text("How much one stamp raises or lowers a height")
        .accessible_name("Height step");
    }
}
