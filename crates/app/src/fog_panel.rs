//! The fog tool's bar (issue 26): reveal by sight and its radius, hide all, reveal all.
//! The brush itself is in `tools` (a stroke of `Edit::SetRevealed`).

use super::Action;
use super::prefs::ToolPrefs;
use eframe::egui;
use hexmap_map::{Edit, MAX_SIGHT};

/// The fog tool's settings and whole-map buttons; returns the edits asked for.
pub(super) fn fog_bar(ui: &mut egui::Ui, prefs: &mut ToolPrefs) -> Vec<Action> {
    let mut out = Vec::new();
    ui.checkbox(&mut prefs.fog_by_sight, "By sight")
        .on_hover_text("A click reveals what that cell sees (the map's sight rule)");
    ui.add(
        egui::DragValue::new(&mut prefs.fog_sight)
            .range(0..=MAX_SIGHT)
            .prefix("Sight "),
    )
    .accessible_name("Sight");
    if ui.button("Hide all").clicked() {
        out.push(Action::Edit(Edit::RevealAll(false)));
    }
    if ui.button("Reveal all").clicked() {
        out.push(Action::Edit(Edit::RevealAll(true)));
    }
    if !prefs.fog_by_sight {
        ui.label("click: reveal, shift+click: hide");
    }
    out
}
