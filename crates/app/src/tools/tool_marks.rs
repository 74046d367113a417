//! What the tools do on the map canvas: the primary button's press, drag and release
//! turned into gestures of the current tool, and what the tools show over the map (the
//! selection and its rubber band, a line's hexes, the paste preview, a window's outline
//! preview, the edge and path tools' marks, the measured route, the brush footprint).

use crate::Action;
use crate::canvas::CanvasParts;
use crate::canvas::pointer_steps::PointerStep;
use crate::tools::{self, Gesture, Tool};
use eframe::egui::{self, Color32, Key, PointerButton, Pos2, Rect, Shape, Stroke, StrokeKind};
use hexmap_hex::{Hex, Layout, Point};

/// Press, drag and release of the primary button, turned into edits by the current tool.
/// The frame's pointer events are taken in order (`pointer_steps`), so two quick clicks
/// that arrive in one slow frame are two clicks, each where it was made, and a drag
/// follows every point the pointer passed.
pub(crate) fn handle_tool(
    app: &mut CanvasParts<'_>,
    ui: &egui::Ui,
    response: &egui::Response,
    layout: &Layout,
    out: &mut Vec<Action>,
) {
    let rect = app.canvas.view();
    // A second finger on a touch screen makes the touch a pinch (zoom and pan, done by
    // the canvas): the first finger's stroke is taken back, and no tool starts.
    if app.tools.pinching(&ui.input(|i| i.events.clone())) {
        if *app.tools.gesture() != Gesture::Idle {
            out.push(Action::CancelGesture);
        }
        return;
    }
    let (steps, down, latest, held, space) = ui.input(|i| {
        (
            crate::canvas::pointer_steps::this_frame(i),
            i.pointer.primary_down(),
            i.pointer.latest_pos(),
            i.modifiers,
            i.key_down(Key::Space),
        )
    });
    let camera = *app.canvas.camera();
    let hex_at = |p: Pos2| layout.pixel_to_hex(camera.screen_to_world(rect, p));
    // A press belongs to the canvas only where nothing lies over it (a window, a menu).
    let ctx = ui.ctx();
    let on_canvas = |p: Pos2| rect.contains(p) && ctx.layer_id_at(p) == Some(response.layer_id);
    let tool_prefs = &app.prefs.tools;

    for step in steps {
        match step {
            // A press while a drag goes on starts nothing: a browser reports the first
            // finger pressed again as a second one lands (which then makes the touch a
            // pinch).
            PointerStep::Press {
                pos,
                button: PointerButton::Primary,
                modifiers,
            } if *app.tools.gesture() == Gesture::Idle
                && !space
                && !app.popup_open
                && on_canvas(pos) =>
            {
                let Some(h) = hex_at(pos) else { continue };
                // The modifiers the press came with, or held as the frame began.
                let mods = modifiers | held;
                if mods.alt && app.tools.tool() != Tool::Select {
                    // Alt+click picks overlay anchors: alone the anchor, with shift the
                    // path target.
                    if mods.shift {
                        app.canvas.overlays_mut().target = Some(h);
                    } else {
                        app.canvas.overlays_mut().anchor = Some(h);
                    }
                } else {
                    let world = camera.screen_to_world(rect, pos);
                    let at = (h, world, camera.zoom);
                    app.tools
                        .begin_gesture(app.doc, tool_prefs, layout, at, mods, out);
                }
            }
            PointerStep::Move(pos) if *app.tools.gesture() != Gesture::Idle => {
                if let Some(h) = hex_at(pos) {
                    let world = camera.screen_to_world(rect, pos);
                    app.tools
                        .continue_gesture(app.doc, tool_prefs, (layout, h, world), out);
                }
            }
            PointerStep::Release {
                pos,
                button: PointerButton::Primary,
            } if *app.tools.gesture() != Gesture::Idle => {
                let end = camera.screen_to_world(rect, pos);
                let end_hex = layout.pixel_to_hex(end);
                if let Some(h) = end_hex {
                    app.tools
                        .continue_gesture(app.doc, tool_prefs, (layout, h, end), out);
                }
                app.tools
                    .finish_gesture(app.doc, end_hex, Some(end), layout, out);
            }
            _ => {}
        }
    }

    // The button is up but a drag is still open (its release went elsewhere, e.g. the
    // pointer left the window): end it where the pointer was last seen.
    if !down && *app.tools.gesture() != Gesture::Idle {
        let end = latest.map(|p| camera.screen_to_world(rect, p));
        let end_hex = end.and_then(|w| layout.pixel_to_hex(w));
        app.tools.finish_gesture(app.doc, end_hex, end, layout, out);
    }
}

/// Screen polygon of a hex.
fn hex_polygon(app: &CanvasParts<'_>, layout: &Layout, h: Hex, scale: f64) -> Vec<Pos2> {
    let c = layout.hex_to_pixel(h);
    (0..6)
        .map(|i| {
            let o = layout.corner_offset(i);
            app.canvas.camera().world_to_screen(
                app.canvas.view(),
                Point::new(c.x + o.x * scale, c.y + o.y * scale),
            )
        })
        .collect()
}

/// The tools' marks over the map (after the map and its overlays, under the legend).
pub(crate) fn paint(
    app: &CanvasParts<'_>,
    ui: &egui::Ui,
    painter: &egui::Painter,
    rect: Rect,
    layout: &Layout,
) {
    let painter = painter.clone();
    // Selection (moved with the pointer while dragged) and paste preview.
    let shift = match *app.tools.gesture() {
        Gesture::MovingSelection { from, .. } => {
            app.canvas.hovered().map_or(Hex::ORIGIN, |h| h - from)
        }
        _ => Hex::ORIGIN,
    };
    crate::tools::selection_view::outline(
        &painter,
        (app.canvas.camera(), rect),
        layout,
        app.tools.selection().outline(),
        shift,
    );
    if let Gesture::Selecting { start, .. } = *app.tools.gesture()
        && let Some(p) = ui.input(|i| i.pointer.latest_pos())
    {
        let a = app.canvas.camera().world_to_screen(rect, start);
        painter.rect_stroke(
            Rect::from_two_pos(a, p),
            0.0,
            Stroke::new(1.0, crate::canvas::theme::SELECTION),
            StrokeKind::Middle,
        );
    }
    if let Gesture::Line { start } = *app.tools.gesture()
        && let Some(end) = app.canvas.hovered()
    {
        for h in tools::stroke_path(start, end) {
            painter.add(Shape::convex_polygon(
                hex_polygon(app, layout, h, 0.9),
                Color32::from_white_alpha(60),
                Stroke::NONE,
            ));
        }
    }
    if app.tools.pasting()
        && let Some(at) = app.canvas.hovered()
    {
        // Each cell in the terrain it brings (as it will look), so R and F show.
        let palette = app.doc.map().palette();
        let style = hexmap_draw::Style::editor(app.canvas.drawn_layers());
        let empty = style
            .empty_cell
            .map_or(Color32::TRANSPARENT, crate::canvas::painter::color32);
        for c in app.tools.clipboard().cells() {
            let fill = c.terrain.and_then(|t| palette.get(t)).map_or(empty, |t| {
                let [r, g, b] = t.color.0;
                Color32::from_rgba_unmultiplied(r, g, b, 220)
            });
            painter.add(Shape::convex_polygon(
                hex_polygon(app, layout, at + c.offset, 0.9),
                fill,
                Stroke::new(1.5, crate::canvas::theme::SELECTION),
            ));
        }
    }

    // The outline a reshape would give the map, before it is applied.
    if let Some(segments) = app.preview {
        let stroke = Stroke::new(3.0, crate::canvas::theme::GESTURE);
        let to_screen = |p: Point| app.canvas.camera().world_to_screen(rect, p);
        for &(a, b) in segments {
            painter.line_segment([to_screen(a), to_screen(b)], stroke);
        }
    }

    crate::tools::feature_tool_view::paint_feature_tools(app, &painter, rect, layout);
    if let (Tool::Measure, Some(anchor), Some(h)) = (
        app.tools.tool(),
        app.tools.measure_anchor(),
        app.canvas.hovered(),
    ) {
        let camera = app.canvas.camera();
        let route = app.canvas.measure_route(app.doc, anchor, h);
        crate::tools::measure_view::paint(&painter, rect, camera, layout, (anchor, h), route.ok());
    }
    // The hovered hex, outlined (the edge tool outlines its hexside instead).
    if let Some(h) = app
        .canvas
        .hovered()
        .filter(|_| app.tools.tool() != Tool::Edge)
    {
        let footprint = match app.tools.tool() {
            Tool::Brush | Tool::Eraser | Tool::Mine if !app.tools.pasting() => {
                tools::brush_footprint(h, app.prefs.tools.brush_radius)
            }
            Tool::Region if !app.tools.pasting() && !app.tools.regions().uses_bucket() => {
                tools::brush_footprint(h, app.prefs.tools.brush_radius)
            }
            _ => vec![h],
        };
        // Only hexes of the map: an outline off the map would promise a cell that is not.
        for x in footprint.into_iter().filter(|&x| app.doc.contains(x)) {
            painter.add(Shape::closed_line(
                hex_polygon(app, layout, x, 1.0),
                Stroke::new(2.0, crate::canvas::theme::HOVER),
            ));
        }
    }
}
