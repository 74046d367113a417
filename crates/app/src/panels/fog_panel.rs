//! The fog tool's bar: what a click does (reveal/hide brush, reveal by sight,
//! reveal a terrain area, or place and move the party), the sight radius, hide all,
//! reveal all, reveal or hide the selection, and the party's settings
//! (`party_controls`). The brush itself is in `tools` (a stroke of `FogEdit::SetRevealed`).

use crate::Action;
use crate::files::prefs::{FogClick, ToolPrefs};
use crate::open_map::OpenMap;
use eframe::egui;
use hexmap_hex::Hex;
use hexmap_map::{Edit, FogEdit, MAX_SIGHT};

/// The fog tool's settings and whole-map buttons; returns the edits asked for.
pub(crate) fn fog_bar(
    ui: &mut egui::Ui,
    (doc, selection): (&OpenMap, &[Hex]),
    prefs: &mut ToolPrefs,
) -> Vec<Action> {
    let mut out = Vec::new();
    let modes = [
        (
            FogClick::Brush,
            "Reveal brush",
            "Click or drag: reveal with the brush radius; shift: hide",
        ),
        (
            FogClick::Sight,
            "By sight",
            "A click reveals what that cell sees (the map's sight rule)",
        ),
        (
            FogClick::Bucket,
            "Fog bucket",
            "A click reveals the clicked cell's terrain area (all connected cells of it); shift: hides it",
        ),
        (
            FogClick::Party,
            "Party",
            "A click places the party or moves it; digit keys step it",
        ),
    ];
    crate::windows::choices(ui, &mut prefs.fog_click, &modes);
    let mode = prefs.fog_click;
    if mode == FogClick::Sight {
        ui.add(
            egui::DragValue::new(&mut prefs.fog_sight)
                .range(0..=MAX_SIGHT)
                .prefix("Sight "),
        )
        .accessible_name("Sight");
    }
    if ui.button("Hide all").clicked() {
        out.push(Action::Edit(Edit::Fog(FogEdit::RevealAll(false))));
    }
    if ui.button("Reveal all").clicked() {
        out.push(Action::Edit(Edit::Fog(FogEdit::RevealAll(true))));
    }
    // The Select tool's selection, revealed or hidden in one step.
    let selected = !selection.is_empty();
    for (text, revealed) in [("Reveal selection", true), ("Hide selection", false)] {
        let button = ui.add_enabled(selected, egui::Button::new(text));
        if button
            .on_disabled_hover_text("Select cells first (Select tool)")
            .clicked()
        {
            out.push(Action::Edit(Edit::Fog(FogEdit::SetRevealed {
                hexes: selection.to_vec(),
                revealed,
            })));
        }
    }
    match mode {
        FogClick::Brush | FogClick::Bucket => {
            ui.label("click: reveal, shift+click: hide");
        }
        FogClick::Sight => {}
        FogClick::Party => out.extend(crate::panels::party_controls::bar(ui, doc, prefs)),
    }
    out
}
