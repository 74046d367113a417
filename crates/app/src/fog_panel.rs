//! The fog tool's bar (issue 26): what a click does (reveal/hide brush, reveal by sight,
//! or place and move the party), the sight radius, hide all, reveal all, and the party's
//! settings (`party_controls`). The brush itself is in `tools` (a stroke of
//! `Edit::SetRevealed`).

use super::Action;
use super::open_map::OpenMap;
use super::prefs::ToolPrefs;
use eframe::egui;
use hexmap_map::{Edit, MAX_SIGHT};

/// What a click of the fog tool does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ClickDoes {
    Brush,
    Sight,
    Party,
}

/// The fog tool's settings and whole-map buttons; returns the edits asked for.
pub(super) fn fog_bar(ui: &mut egui::Ui, doc: &OpenMap, prefs: &mut ToolPrefs) -> Vec<Action> {
    let mut out = Vec::new();
    let mut mode = match (prefs.fog_party, prefs.fog_by_sight) {
        (true, _) => ClickDoes::Party,
        (false, true) => ClickDoes::Sight,
        (false, false) => ClickDoes::Brush,
    };
    ui.selectable_value(&mut mode, ClickDoes::Brush, "Reveal brush")
        .on_hover_text("Click or drag: reveal with the brush radius; shift: hide");
    ui.selectable_value(&mut mode, ClickDoes::Sight, "By sight")
        .on_hover_text("A click reveals what that cell sees (the map's sight rule)");
    ui.selectable_value(&mut mode, ClickDoes::Party, "Party")
        .on_hover_text("A click places the party or moves it; digit keys step it");
    prefs.fog_party = mode == ClickDoes::Party;
    prefs.fog_by_sight = mode == ClickDoes::Sight;
    if mode == ClickDoes::Sight {
        ui.add(
            egui::DragValue::new(&mut prefs.fog_sight)
                .range(0..=MAX_SIGHT)
                .prefix("Sight "),
        )
        .accessible_name("Sight");
    }
    if ui.button("Hide all").clicked() {
        out.push(Action::Edit(Edit::RevealAll(false)));
    }
    if ui.button("Reveal all").clicked() {
        out.push(Action::Edit(Edit::RevealAll(true)));
    }
    match mode {
        ClickDoes::Brush => {
            ui.label("click: reveal, shift+click: hide");
        }
        ClickDoes::Sight => {}
        ClickDoes::Party => out.extend(super::party_controls::bar(ui, doc, prefs)),
    }
    out
}
