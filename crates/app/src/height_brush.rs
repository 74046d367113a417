//! The Brush's height modes (issue 27): besides the current terrain it can raise or lower
//! the elevation layer by a step per stamp (shift swaps raise and lower), one undo step
//! per stroke (`ElevationEdit::Raise`). View → Elevation bands shows the result.

use super::prefs::{BrushPaints, ToolPrefs};
use eframe::egui;

/// The Brush's mode switch and the height step.
pub(super) fn bar(ui: &mut egui::Ui, prefs: &mut ToolPrefs) {
    let modes = [
        (
            BrushPaints::Terrain,
            "Terrain",
            "The brush paints the current terrain",
        ),
        (
            BrushPaints::Raise,
            "Raise",
            "Each stamp raises the heights under the brush (shift: lowers)",
        ),
        (
            BrushPaints::Lower,
            "Lower",
            "Each stamp lowers the heights under the brush (shift: raises)",
        ),
    ];
    super::windows::choices(ui, &mut prefs.brush_paints, &modes);
    if prefs.brush_paints != BrushPaints::Terrain {
        ui.add(
            egui::DragValue::new(&mut prefs.height_step)
                .range(1..=2000)
                .prefix("Step "),
        )
        .on_hover_text("How much one stamp raises or lowers a height")
        .accessible_name("Height step");
    }
}
