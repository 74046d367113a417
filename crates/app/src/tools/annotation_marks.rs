//! The canvas side of the icon and label tools: the label tool's double-click and text
//! field, and what the tools show over the map: the selected icon's box, and the selected
//! label's outline (its exact text box, turned with it) with the rotate handle (round) and
//! the resize handle (square).

use crate::Action;
use crate::canvas::CanvasParts;
use crate::canvas::camera::Camera;
use crate::open_map::OpenMap;
use crate::tools::label_tool::{self, HANDLE_PX};
use crate::tools::{Tool, Tools};
use eframe::egui::{self, Color32, Pos2, Rect, Shape, Stroke};
use hexmap_draw::annotation_hits;
use hexmap_hex::{Layout, Point};

/// The selection colour (as the path tool's).
use crate::canvas::theme::SELECTION as SELECT;

/// Paint the icon or label tool's selection with `painter` (the canvas), `view` being the
/// camera and the canvas rectangle.
pub(crate) fn paint(
    painter: &egui::Painter,
    tools: &Tools,
    doc: &OpenMap,
    layout: &Layout,
    (camera, rect): (&Camera, Rect),
) {
    let to_screen = |p: Point| camera.world_to_screen(rect, p);
    let stroke = Stroke::new(2.0, SELECT);
    let map = doc.map();
    match tools.tool() {
        Tool::Icon => {
            if let Some((hex, index)) = tools.icons().selected()
                && let Some(b) = annotation_hits::icon_box(map, layout, hex, index)
            {
                let a = to_screen(Point::new(b.centre.x - b.half, b.centre.y - b.half));
                let c = to_screen(Point::new(b.centre.x + b.half, b.centre.y + b.half));
                painter.rect_stroke(
                    Rect::from_two_pos(a, c).expand(2.0),
                    2.0,
                    stroke,
                    egui::StrokeKind::Outside,
                );
            }
        }
        Tool::Label => {
            if let Some(label) = tools.labels().selected().and_then(|id| map.label(id)) {
                let corners: Vec<Pos2> = annotation_hits::label_corners(label, layout)
                    .into_iter()
                    .map(to_screen)
                    .collect();
                painter.add(Shape::closed_line(corners.clone(), stroke));
                let (rotate, resize) = label_tool::handles(label, layout, camera.zoom);
                let (rotate, resize) = (to_screen(rotate), to_screen(resize));
                let top = Pos2::new(
                    (corners[0].x + corners[1].x) / 2.0,
                    (corners[0].y + corners[1].y) / 2.0,
                );
                painter.line_segment([top, rotate], stroke);
                let r = HANDLE_PX as f32 * 0.7;
                painter.circle(rotate, r, Color32::WHITE, stroke);
                painter.rect(
                    Rect::from_center_size(resize, egui::vec2(2.0 * r, 2.0 * r)),
                    0.0,
                    Color32::WHITE,
                    stroke,
                    egui::StrokeKind::Middle,
                );
            }
        }
        _ => {}
    }
}

/// The label tool's double-click (edit the text in place) and its text field; the text
/// field closes when another tool is chosen.
pub(crate) fn input(
    app: &mut CanvasParts<'_>,
    ui: &egui::Ui,
    response: &egui::Response,
    layout: &Layout,
    out: &mut Vec<Action>,
) {
    if app.tools.tool() != Tool::Label {
        app.tools.labels_mut().drop_draft();
        return;
    }
    let labels = app.tools.labels_mut();
    let camera = *app.canvas.camera();
    let rect = app.canvas.view();
    if response.double_clicked()
        && let Some(p) = response.interact_pointer_pos()
    {
        let world = camera.screen_to_world(rect, p);
        labels.edit_text_at(app.doc.map(), layout, world, camera.zoom);
    }
    let at = match labels.draft_target() {
        Some(label_tool::DraftTarget::New(p)) => p,
        Some(label_tool::DraftTarget::Existing(id)) => match app.doc.map().label(id) {
            Some(l) => l.at,
            None => return,
        },
        None => return,
    };
    let screen = camera.world_to_screen(rect, at);
    out.extend(label_tool::draft_field(
        ui.ctx(),
        labels,
        app.doc.map(),
        screen,
    ));
}
