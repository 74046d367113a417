//! The Brush's height modes: besides the current terrain it can raise or lower the
//! elevation layer by a step (shift swaps raise and lower). One stroke is one undo step
//! and changes each hex it covers once, by one step, however its stamps overlap
//! (`ElevationEdit::Raise`). View → Elevation bands shows the result; the status bar
//! reads the height under the pointer.

use crate::files::prefs::{BrushPaints, ToolPrefs};
use eframe::egui;

/// The Brush's mode switch and the height step.
pub(crate) fn bar(ui: &mut egui::Ui, prefs: &mut ToolPrefs) {
    let modes = [
        (
            BrushPaints::Terrain,
            "Terrain",
            "The brush paints the current terrain",
        ),
        (
            BrushPaints::Raise,
            "Raise",
            "A stroke raises each height under it by the step (shift: lowers)",
        ),
        (
            BrushPaints::Lower,
            "Lower",
            "A stroke lowers each height under it by the step (shift: raises)",
        ),
    ];
    crate::windows::choices(ui, &mut prefs.brush_paints, &modes);
    if prefs.brush_paints != BrushPaints::Terrain {
        ui.add(
            egui::DragValue::new(&mut prefs.height_step)
                .range(1..=2000)
                .prefix("Step "),
        )
        .on_hover_text("How much one stroke raises or lowers a height")
        .accessible_name("Height step");
    }
}
