//! The toolbar: the Play button and the tool buttons on the first row(s), the current
//! tool's options on one row under them. Its height depends on the window's width only,
//! never on the tool: the tool buttons are the same for every tool (they wrap onto a
//! second row only in a narrow window), and the options row is always exactly one row
//! high (options that do not fit scroll sideways instead of wrapping). So the canvas, and
//! the hex under a still pointer, stay put when the tool changes.

use crate::Action;
use crate::files::prefs::{FogClick, Prefs};
use crate::open_map::OpenMap;
use crate::panels::Mode;
use crate::tools::{self, Tool, Tools};
use eframe::egui::{self, RichText};

/// Tool buttons and the current tool's options (the tools greyed out while playing; in
/// the players' view only the way back, on a row as high as the tools' rows).
pub(crate) fn toolbar(
    ui: &mut egui::Ui,
    tools: &mut Tools,
    prefs: &mut Prefs,
    (doc, mode): (&OpenMap, Mode),
) -> Vec<Action> {
    let mut out = Vec::new();
    let playing = mode == Mode::Playing;
    egui::Panel::top("toolbar").show(ui, |ui| {
        if mode == Mode::Players {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("Player view: what the players see").strong());
                if ui.button("Back to the GM's view").clicked() {
                    out.push(Action::TogglePlayerView);
                }
            });
            options_row(ui, |_| {});
            return;
        }
        // The tool buttons wrap in a narrow window instead of being cut off; they are the
        // same whatever the tool, so the rows they take depend on the width alone.
        ui.horizontal_wrapped(|ui| {
            if ui
                .selectable_label(playing, "Play")
                .on_hover_text("Minesweeper play mode on this map's mines")
                .clicked()
            {
                out.push(Action::TogglePlay);
            }
            ui.separator();
            ui.add_enabled_ui(!playing, |ui| {
                for tool in Tool::ALL {
                    let r = ui
                        .selectable_label(tools.tool() == tool, tool.label())
                        .on_hover_text(format!("{} (key {:?})", tool.label(), tool.key()));
                    if r.clicked() {
                        tools.set_tool(tool);
                    }
                }
            });
        });
        options_row(ui, |ui| {
            if !playing {
                options(ui, tools, prefs, doc, &mut out);
            }
        });
    });
    out
}

/// One row exactly as high as a button, whatever it holds (nothing, or more than fits:
/// then it scrolls sideways, never wrapping onto a second row).
fn options_row(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    let height = ui.spacing().interact_size.y;
    ui.horizontal(|ui| {
        ui.set_height(height);
        egui::ScrollArea::horizontal()
            .id_salt("tool options")
            .max_height(height)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.set_height(height);
                    add(ui);
                });
            });
    });
}

/// The current tool's options, left to right.
fn options(
    ui: &mut egui::Ui,
    tools: &mut Tools,
    prefs: &mut Prefs,
    doc: &OpenMap,
    out: &mut Vec<Action>,
) {
    let tool = tools.tool();
    if tools.pasting() {
        // Says how much is pasted, so an old clipboard never lands unnoticed.
        let n = crate::panels::words::count(tools.clipboard().cells().len(), "hex", "hexes");
        let text = format!("pasting {n}: R rotate, F reflect, Esc cancel");
        ui.label(RichText::new(text).strong());
        ui.separator();
    }
    let brush = match tool {
        Tool::Brush | Tool::Eraser | Tool::Mine => true,
        Tool::Region => !tools.regions().uses_bucket(),
        Tool::Fog => prefs.tools.fog_click == FogClick::Brush,
        _ => false,
    };
    if brush {
        // One widget with its name inside ("Radius 2").
        ui.add(
            egui::DragValue::new(&mut prefs.tools.brush_radius)
                .range(0..=tools::MAX_BRUSH_RADIUS)
                .prefix("Radius "),
        )
        .on_hover_text("Brush radius in hexes (keys [ and ])")
        .accessible_name("Radius");
    }
    match tool {
        Tool::Brush => {
            crate::tools::height_brush::bar(ui, &mut prefs.tools);
            let (scatter, current) = tools.scatter_and_terrain();
            crate::panels::scatter_panel::scatter_bar(ui, scatter, doc, current);
        }
        Tool::Fill => {
            ui.checkbox(&mut prefs.tools.fill_replace_all, "Fill replaces all")
                .on_hover_text("Replace every cell of the clicked terrain, not only the area");
        }
        Tool::Select => crate::tools::selection_view::mode_bar(ui, tools),
        Tool::Mine => {
            ui.label("click: place, shift+click: remove");
        }
        Tool::Fog => {
            out.extend(crate::panels::fog_panel::fog_bar(
                ui,
                (doc, tools.selection().hexes()),
                &mut prefs.tools,
            ));
        }
        Tool::Measure => {
            ui.add(
                egui::DragValue::new(&mut prefs.tools.measure_speed)
                    .range(0.01..=1.0e6)
                    .prefix("Speed per day "),
            )
            .on_hover_text("Travel speed per day in the map scale's unit (Measure tool)")
            .accessible_name("Speed per day");
        }
        _ => {}
    }
}
