//! The palette panel of the edge and path tools: the edge types or path types of the map,
//! each with its colour swatch and line style, to pick what the tool draws; whether what
//! it draws is for the GM only, and the selected path's GM-only flag.

use crate::Action;
use crate::panels::ToolPanelCtx;
use crate::tools::Tool;
use eframe::egui::{self, Color32};
use hexmap_map::{Edit, FogEdit, GmItem, LineStyle, Rgb};

/// The hover text of the GM-only switches.
pub(crate) const GM_ONLY_HINT: &str =
    "Only the GM sees it: the player window, the player view and player exports leave it out";

fn colour(rgb: Rgb) -> Color32 {
    let [r, g, b] = rgb.0;
    Color32::from_rgb(r, g, b)
}

/// A swatch of a line in `rgb` drawn `style`, as the map shows it.
fn swatch(ui: &mut egui::Ui, rgb: Rgb, style: LineStyle) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(24.0, 16.0), egui::Sense::hover());
    let painter = ui.painter();
    painter.rect_filled(rect, 2.0, crate::canvas::theme::SWATCH_BACK);
    let stroke = egui::Stroke::new(3.0, colour(rgb));
    let (l, r, y) = (rect.left() + 2.0, rect.right() - 2.0, rect.center().y);
    match style {
        LineStyle::Solid => {
            painter.line_segment([egui::pos2(l, y), egui::pos2(r, y)], stroke);
        }
        LineStyle::Dashed => {
            let mut x = l;
            while x < r {
                let end = (x + 5.0).min(r);
                painter.line_segment([egui::pos2(x, y), egui::pos2(end, y)], stroke);
                x += 8.0;
            }
        }
        LineStyle::Double => {
            let thin = egui::Stroke::new(2.0, colour(rgb));
            for dy in [-3.0, 3.0] {
                painter.line_segment([egui::pos2(l, y + dy), egui::pos2(r, y + dy)], thin);
            }
        }
    }
}

/// Show the edge or path types when their tool is active; false (nothing shown) for the
/// other tools. A change of the selected path's GM-only flag goes to `out`.
pub(crate) fn show(ui: &mut egui::Ui, cx: &mut ToolPanelCtx<'_>) -> bool {
    let ToolPanelCtx {
        doc, tools, out, ..
    } = cx;
    let map = doc.map();
    let tool = tools.tool();
    let f = tools.features_mut();
    match tool {
        Tool::Edge => {
            ui.heading("Edge types");
            for t in map.edge_palette().types() {
                ui.horizontal(|ui| {
                    swatch(ui, t.color, t.style);
                    if ui
                        .selectable_label(f.edge_type() == Some(t.id), &t.name)
                        .clicked()
                    {
                        f.choose_edge_type(t.id);
                    }
                });
            }
            ui.checkbox(f.gm_only_mut(), "GM only")
                .on_hover_text(format!(
                    "{GM_ONLY_HINT}; drawing over a feature sets its flag"
                ));
            ui.label("Drag along hexsides to draw; Shift+drag erases.");
            true
        }
        Tool::Path => {
            ui.heading("Path types");
            for t in map.path_palette().types() {
                ui.horizontal(|ui| {
                    swatch(ui, t.color, t.style);
                    if ui
                        .selectable_label(f.path_type() == Some(t.id), &t.name)
                        .clicked()
                    {
                        f.choose_path_type(t.id);
                    }
                });
            }
            ui.checkbox(f.gm_only_mut(), "New paths GM only")
                .on_hover_text(GM_ONLY_HINT);
            if let Some(path) = f.selected_path().and_then(|id| map.path(id)) {
                let mut gm_only = path.gm_only;
                let label = format!("Selected path {}: GM only", path.id);
                if ui
                    .checkbox(&mut gm_only, label)
                    .on_hover_text(GM_ONLY_HINT)
                    .changed()
                {
                    out.push(Action::Edit(Edit::Fog(FogEdit::SetGmOnly {
                        items: vec![GmItem::Path(path.id)],
                        gm_only,
                    })));
                }
            }
            ui.label(
                "Click or drag through hexes to draw a path; click a path to select it, \
                 then click or drag from near an end to extend it. Delete removes it, \
                 Escape deselects.",
            );
            true
        }
        _ => false,
    }
}
