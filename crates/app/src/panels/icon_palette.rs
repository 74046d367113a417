//! The side panel of the icon and label tools: a searchable palette of the built-in icons
//! (drawn as the real vector icons through the editor's sink) and the map's user images,
//! a small editor of the selected icon (caption, scale, colour), and the look of the
//! selected label or of new labels (size, rotation, colour, bold, italic, halo).

use crate::Action;
use crate::canvas::images::EditorImages;
use crate::canvas::painter::ScreenSink;
use crate::panels::ToolPanelCtx;
use crate::tools::Tool;
use crate::tools::icon_tool::{self, IconTool};
use crate::tools::label_tool::{self, LabelTool};
use eframe::egui::{self, Color32, TextureId};
use hexmap_draw::annotations::{DEFAULT_INK, draw_icon};
use hexmap_hex::Point;
use hexmap_map::annotations::{MAX_ICON_SCALE, MAX_LABEL_SIZE, MIN_ICON_SCALE, MIN_LABEL_SIZE};
use hexmap_map::palette::Rgb;
use hexmap_map::{BuiltinIcon, Edit, HexMap, Icon, IconSource, Label};

/// Side of a palette cell in screen points.
const CELL: f32 = 34.0;

/// Show the icon or label panel when their tool is active; false (nothing shown) for
/// the other tools.
pub(crate) fn show(ui: &mut egui::Ui, cx: &mut ToolPanelCtx<'_>) -> bool {
    let map = cx.doc.map();
    match cx.tools.tool() {
        Tool::Icon => {
            icon_panel(ui, map, cx.tools.icons_mut(), cx.images, cx.out);
            true
        }
        Tool::Label => {
            label_panel(ui, map, cx.tools.labels_mut(), cx.out);
            true
        }
        _ => false,
    }
}

/// The loaded picture of the user image at `path` (its texture and width ÷ height), if
/// it loaded.
fn picture_of(images: &EditorImages, path: &str) -> Option<(TextureId, f32)> {
    let texture = images.preview(path)?;
    let (_, image) = images.set().get(path)?;
    Some((texture, image.width() as f32 / image.height().max(1) as f32))
}

/// A palette cell showing `source` drawn as the map draws it (a user image as its loaded
/// picture, `picture`: its texture and width ÷ height); clicked to choose it.
fn icon_cell(
    ui: &mut egui::Ui,
    source: &IconSource,
    name: &str,
    chosen: bool,
    picture: Option<(TextureId, f32)>,
) -> bool {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(CELL, CELL), egui::Sense::click());
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, chosen, name));
    let painter = ui.painter_at(rect);
    let back = if chosen {
        ui.visuals().selection.bg_fill
    } else if response.hovered() {
        ui.visuals().widgets.hovered.bg_fill
    } else {
        crate::canvas::theme::ICON_PAPER
    };
    painter.rect_filled(rect, 3.0, back);
    if let Some((texture, aspect)) = picture {
        let side = CELL - 8.0;
        let size = if aspect >= 1.0 {
            egui::vec2(side, side / aspect)
        } else {
            egui::vec2(side * aspect, side)
        };
        let full = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        painter.image(
            texture,
            egui::Rect::from_center_size(rect.center(), size),
            full,
            Color32::WHITE,
        );
    } else {
        // One world unit per (cell/2.6) points: the icon's unit box fills the cell.
        let mut sink = ScreenSink::new(
            &painter,
            Point::new(0.0, 0.0),
            rect.center(),
            f64::from(CELL) / 2.6,
        );
        draw_icon(&mut sink, source, Point::new(0.0, 0.0), 1.0, DEFAULT_INK);
    }
    response.on_hover_text(name).clicked()
}

fn builtin_label(b: BuiltinIcon) -> String {
    b.name().replace('_', " ")
}

/// The icon palette, then the selected icon's editor.
fn icon_panel(
    ui: &mut egui::Ui,
    map: &HexMap,
    tool: &mut IconTool,
    pictures: &EditorImages,
    out: &mut Vec<Action>,
) {
    ui.heading("Icons");
    ui.horizontal(|ui| {
        let l = ui.label("Search");
        ui.add(egui::TextEdit::singleline(tool.search_field()).desired_width(140.0))
            .labelled_by(l.id);
    });
    let search = tool.search_field().clone();
    let builtin = icon_tool::filter_builtin(&search);
    let images = icon_tool::user_images(map, &search);
    let per_row = ((ui.available_width() / (CELL + 4.0)).floor() as usize).max(1);
    let mut cells: Vec<(IconSource, String)> = builtin
        .into_iter()
        .map(|b| (IconSource::Builtin(b), builtin_label(b)))
        .collect();
    cells.extend(
        images
            .into_iter()
            .map(|p| (IconSource::Image(p.clone()), p)),
    );
    if cells.is_empty() {
        ui.label("No icon matches.");
    }
    for row in cells.chunks(per_row) {
        ui.horizontal(|ui| {
            for (source, name) in row {
                let picture = match source {
                    IconSource::Image(path) => picture_of(pictures, path),
                    IconSource::Builtin(_) => None,
                };
                if icon_cell(ui, source, name, tool.chosen() == source, picture) {
                    tool.choose(source.clone());
                }
            }
        });
    }
    ui.label("Click a hex to add the icon; click an icon to select it, drag to move it, Delete removes it.");
    ui.separator();
    selected_icon_editor(ui, map, tool, out);
}

/// Caption, scale and colour of the selected icon; each change is one edit (the caption
/// when its field commits, a scale drag as one step).
fn selected_icon_editor(
    ui: &mut egui::Ui,
    map: &HexMap,
    tool: &mut IconTool,
    out: &mut Vec<Action>,
) {
    let Some(icon) = tool.selected_icon(map).cloned() else {
        ui.label("No icon selected.");
        return;
    };
    // The id a game or a Tiled object refers to (`hexmap:icon_id`, JSON `id`).
    let id = (tool.selected())
        .and_then(|(hex, index)| map.icons_at(hex).get(index))
        .map_or(String::new(), |p| format!(" (icon {})", p.id));
    ui.label(format!(
        "Selected: {}{id}",
        icon.source.to_file_text().replace('_', " ")
    ));
    let mut new: Icon = icon.clone();
    ui.horizontal(|ui| {
        let l = ui.label("Caption");
        let caption = tool.caption_field(&icon);
        let r = ui
            .add(egui::TextEdit::singleline(&mut *caption).desired_width(130.0))
            .labelled_by(l.id);
        if r.lost_focus() {
            let trimmed = caption.trim();
            new.caption = (!trimmed.is_empty()).then(|| trimmed.to_owned());
        }
    });
    let scale_r = ui
        .horizontal(|ui| {
            let l = ui.label("Scale");
            ui.add(
                egui::DragValue::new(&mut new.scale)
                    .range(MIN_ICON_SCALE..=MAX_ICON_SCALE)
                    .speed(0.02),
            )
            .labelled_by(l.id)
        })
        .inner;
    let mut own = new.color.is_some();
    let mut rgb = new.color.unwrap_or(Rgb([0x2a, 0x21, 0x18])).0;
    ui.horizontal(|ui| {
        ui.checkbox(&mut own, "Own colour");
        if own {
            egui::color_picker::color_edit_button_srgb(ui, &mut rgb);
        }
    });
    new.color = own.then_some(Rgb(rgb));
    ui.checkbox(&mut new.gm_only, "GM only")
        .on_hover_text(crate::panels::feature_palette::GM_ONLY_HINT);
    match tool.change_selected(map, new) {
        Some(edit) => push_dragged(out, &scale_r, edit),
        None => push_drag_bounds(out, &scale_r),
    }
}

/// A change from a dragged value joins the drag's undo step; other changes are a step
/// each.
fn push_dragged(out: &mut Vec<Action>, r: &egui::Response, edit: Edit) {
    if r.drag_started() {
        out.push(Action::BeginStroke);
    }
    if r.dragged() || r.drag_started() {
        out.push(Action::StrokeEdit(edit));
    } else {
        out.push(Action::Edit(edit));
    }
    if r.drag_stopped() {
        out.push(Action::EndStroke);
    }
}

/// The undo-step bounds of a drag that changed nothing this frame.
fn push_drag_bounds(out: &mut Vec<Action>, r: &egui::Response) {
    if r.drag_started() {
        out.push(Action::BeginStroke);
    }
    if r.drag_stopped() {
        out.push(Action::EndStroke);
    }
}

/// The look of the selected label (each change an edit) or, with none selected, of new
/// labels.
fn label_panel(ui: &mut egui::Ui, map: &HexMap, tool: &mut LabelTool, out: &mut Vec<Action>) {
    ui.heading("Labels");
    let selected = tool
        .selected()
        .and_then(|id| map.label(id).map(|l| (id, l)));
    match selected {
        Some((_, l)) => ui.label(format!("Selected: “{}”", l.text)),
        None => ui.label("New labels:"),
    };
    let current: Label = selected.map_or_else(|| tool.new_style().clone(), |(_, l)| l.clone());
    let mut new = current.clone();
    let drags = label_look(ui, &mut new);
    match selected {
        Some((id, _)) => match label_tool::changed(id, &current, |l| *l = new) {
            Some(edit) => match drags.iter().find(|r| r.dragged() || r.drag_started()) {
                Some(r) => push_dragged(out, r, edit),
                None => {
                    out.push(Action::Edit(edit));
                    drags.iter().for_each(|r| push_drag_bounds(out, r));
                }
            },
            None => drags.iter().for_each(|r| push_drag_bounds(out, r)),
        },
        None => tool.set_new_style(new),
    }
    ui.label(
        "Click empty space to write a label (Enter adds it, Escape cancels); click a label \
         to select it, drag to move, the round handle turns it, the square one sizes it; \
         double-click edits its text; Delete removes it.",
    );
}

/// The size, rotation, colour and style widgets on `label`; returns the drag values'
/// responses (their drags are undo steps).
fn label_look(ui: &mut egui::Ui, label: &mut Label) -> Vec<egui::Response> {
    let mut drags = Vec::new();
    ui.horizontal(|ui| {
        let l = ui.label("Size (hexes)");
        drags.push(
            ui.add(
                egui::DragValue::new(&mut label.size)
                    .range(MIN_LABEL_SIZE..=MAX_LABEL_SIZE)
                    .speed(0.02),
            )
            .labelled_by(l.id),
        );
    });
    ui.horizontal(|ui| {
        let l = ui.label("Rotation (°)");
        drags.push(
            ui.add(egui::DragValue::new(&mut label.rotation).range(-180.0..=180.0))
                .labelled_by(l.id),
        );
    });
    ui.horizontal(|ui| {
        ui.label("Colour");
        egui::color_picker::color_edit_button_srgb(ui, &mut label.color.0);
    });
    ui.horizontal(|ui| {
        ui.checkbox(&mut label.bold, "Bold");
        ui.checkbox(&mut label.italic, "Italic");
        ui.checkbox(&mut label.halo, "Halo");
    });
    ui.checkbox(&mut label.gm_only, "GM only")
        .on_hover_text(crate::panels::feature_palette::GM_ONLY_HINT);
    drags
}
