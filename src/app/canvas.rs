//! The map canvas: navigation (pan, zoom), exact hover picking, tool gestures, and drawing
//! (cached chunk meshes, then labels, overlays, selection and hover on top).

use super::EditorApp;
use super::chunks::{CellLook, ChunkView, detail_for};
use super::overlays::OverlayKind;
use super::tools::{self, Gesture, Tool};
use crate::hex::{Hex, Layout, Point};
use crate::map::Edit;
use eframe::egui::{
    self, Color32, Event, Key, MouseWheelUnit, PointerButton, Pos2, Rect, Sense, Shape, Stroke,
    StrokeKind, Vec2,
};

/// Screen points of hex radius from which terrain symbols are drawn.
const SYMBOLS_FROM_PX: f64 = 14.0;
/// Smallest font size (points) at which coordinate labels are drawn.
const MIN_LABEL_FONT: f32 = 7.0;
/// Most hexes labelled in one frame (a safety net; legibility keeps it far lower).
const MAX_LABELS: usize = 20_000;
/// Screen points moved per arrow-key press.
const KEY_PAN: f32 = 60.0;

/// The background behind the map.
pub const BACKGROUND: Color32 = Color32::from_rgb(32, 34, 38);
/// The colour of cells without terrain.
pub const EMPTY_CELL: Color32 = Color32::from_rgb(70, 72, 78);
/// Grid lines.
pub const GRID: Color32 = Color32::from_rgb(58, 60, 68);

/// Show the canvas filling the remaining space of `ui`.
pub(super) fn canvas(app: &mut EditorApp, ui: &mut egui::Ui) {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "map canvas"));
    app.set_view(rect);
    navigate(app, ui, &response);
    let layout = app.doc.layout();
    app.hovered = response
        .hover_pos()
        .and_then(|p| layout.pixel_to_hex(app.camera.screen_to_world(rect, p)));
    // A / T set the overlay anchor and target to the hex under the pointer (this frame's).
    if !ui.ctx().egui_wants_keyboard_input() {
        use egui::Modifiers;
        if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::A)) {
            app.overlays.anchor = app.hovered;
        }
        if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::T)) {
            app.overlays.target = app.hovered;
        }
    }
    handle_tool(app, ui, &response, &layout);
    paint(app, ui, rect, &layout);
}

/// Pan (middle/right drag, space+drag, arrows) and zoom (wheel, pinch, +/-).
pub(super) fn navigate(app: &mut EditorApp, ui: &egui::Ui, response: &egui::Response) {
    let rect = app.view;
    let space = ui.input(|i| i.key_down(Key::Space));
    if response.dragged_by(PointerButton::Middle)
        || response.dragged_by(PointerButton::Secondary)
        || (space && response.dragged_by(PointerButton::Primary))
    {
        app.camera.pan_by_screen(response.drag_delta());
    }
    let (lo, hi) = app.zoom_limits();
    if let Some(pointer) = response.hover_pos() {
        let (wheel, pinch) = ui.input(|i| {
            let mut factor = 1.0_f64;
            for e in &i.events {
                if let Event::MouseWheel {
                    unit,
                    delta,
                    modifiers,
                    ..
                } = e
                {
                    // Ctrl/Cmd + wheel arrives as zoom_delta below; do not count it twice.
                    if modifiers.ctrl || modifiers.command {
                        continue;
                    }
                    let per = match unit {
                        MouseWheelUnit::Point => 0.002,
                        MouseWheelUnit::Line => 0.1,
                        MouseWheelUnit::Page => 0.5,
                    };
                    factor *= (f64::from(delta.y) * per).exp();
                }
            }
            (factor, f64::from(i.zoom_delta()))
        });
        let factor = wheel * pinch;
        if (factor - 1.0).abs() > 1e-9 {
            app.camera.zoom_around(rect, pointer, factor, lo, hi);
        }
    }
    if ui.ctx().egui_wants_keyboard_input() {
        return;
    }
    let (dx, dy, zin, zout) = ui.input(|i| {
        let p = |k| if i.key_pressed(k) { KEY_PAN } else { 0.0 };
        (
            p(Key::ArrowLeft) - p(Key::ArrowRight),
            p(Key::ArrowUp) - p(Key::ArrowDown),
            i.key_pressed(Key::Plus) || i.key_pressed(Key::Equals),
            i.key_pressed(Key::Minus),
        )
    });
    if dx != 0.0 || dy != 0.0 {
        app.camera.pan_by_screen(Vec2::new(dx, dy));
    }
    if zin {
        app.camera.zoom_around(rect, rect.center(), 1.25, lo, hi);
    }
    if zout {
        app.camera.zoom_around(rect, rect.center(), 0.8, lo, hi);
    }
}

/// Press, drag and release of the primary button, turned into edits by the current tool.
fn handle_tool(app: &mut EditorApp, ui: &egui::Ui, response: &egui::Response, layout: &Layout) {
    let rect = app.view;
    let (pressed, down, released, origin, latest, mods, space) = ui.input(|i| {
        (
            i.pointer.primary_pressed(),
            i.pointer.primary_down(),
            i.pointer.primary_released(),
            i.pointer.press_origin(),
            i.pointer.latest_pos(),
            i.modifiers,
            i.key_down(Key::Space),
        )
    });
    let camera = app.camera;
    let hex_at = |p: Pos2| layout.pixel_to_hex(camera.screen_to_world(rect, p));

    if pressed
        && !space
        && response.hovered()
        && let Some(start) = origin.filter(|p| rect.contains(*p))
        && let Some(h) = hex_at(start)
    {
        if mods.alt {
            // Alt+click picks overlay anchors: alone the anchor, with shift the path target.
            if mods.shift {
                app.overlays.target = Some(h);
            } else {
                app.overlays.anchor = Some(h);
            }
        } else {
            begin_gesture(app, h, app.camera.screen_to_world(rect, start), mods.shift);
        }
    }

    if app.gesture != Gesture::Idle
        && let Some(p) = latest
        && let Some(h) = hex_at(p)
    {
        continue_gesture(app, h);
    }

    if (released || !down) && app.gesture != Gesture::Idle {
        let end = latest.map(|p| app.camera.screen_to_world(rect, p));
        finish_gesture(app, end.and_then(|w| layout.pixel_to_hex(w)), end, layout);
    }
}

fn begin_gesture(app: &mut EditorApp, h: Hex, world: Point, shift: bool) {
    let radius = app.prefs.tools.brush_radius;
    if app.pasting {
        let edit = Edit::Paste {
            clipboard: app.clipboard.clone(),
            anchor: h,
        };
        app.apply_step(&edit);
        app.pasting = false;
        return;
    }
    match app.tool {
        Tool::Brush | Tool::Eraser | Tool::Mine => {
            app.mine_place = !shift;
            app.doc.begin_step();
            app.gesture = Gesture::Painting { last: h };
            stamp(app, h, radius);
        }
        Tool::Picker => {
            if let Some(t) = app.doc.terrain(h) {
                app.current_terrain = Some(t);
            }
        }
        Tool::Line => app.gesture = Gesture::Line { start: h },
        Tool::Fill => {
            if let Some(from) = app.doc.contains(h).then(|| app.doc.terrain(h)) {
                let edit = if app.prefs.tools.fill_replace_all {
                    Edit::ReplaceTerrain {
                        from,
                        to: app.current_terrain,
                    }
                } else {
                    Edit::Fill {
                        start: h,
                        terrain: app.current_terrain,
                    }
                };
                app.apply_step(&edit);
            }
        }
        Tool::Note => {
            if app.doc.contains(h) {
                let text = app.doc.note(h).unwrap_or_default().to_string();
                app.note_edit = Some((h, text));
            }
        }
        Tool::Select => app.gesture = Gesture::Selecting { start: world },
    }
}

/// One brush stamp of the painting tools at `h` (inside the drag's undo step).
fn stamp(app: &mut EditorApp, h: Hex, radius: u32) {
    let edits: Vec<Edit> = match app.tool {
        Tool::Brush => vec![Edit::Paint {
            center: h,
            radius,
            terrain: app.current_terrain,
        }],
        Tool::Eraser => vec![Edit::Erase { center: h, radius }],
        Tool::Mine => tools::brush_footprint(h, radius)
            .into_iter()
            .filter(|&x| app.doc.contains(x))
            .map(|x| Edit::SetMine {
                hex: x,
                mine: app.mine_place,
            })
            .collect(),
        _ => Vec::new(),
    };
    for edit in edits {
        // Cells off the map are simply not painted.
        let _ = app.doc.apply(&edit);
    }
}

fn continue_gesture(app: &mut EditorApp, h: Hex) {
    let radius = app.prefs.tools.brush_radius;
    if let Gesture::Painting { last } = app.gesture {
        if last == h {
            return;
        }
        for x in tools::stroke_path(last, h).into_iter().skip(1) {
            stamp(app, x, radius);
        }
        app.gesture = Gesture::Painting { last: h };
    }
}

fn finish_gesture(
    app: &mut EditorApp,
    end: Option<Hex>,
    end_world: Option<Point>,
    layout: &Layout,
) {
    match std::mem::replace(&mut app.gesture, Gesture::Idle) {
        Gesture::Idle => {}
        Gesture::Painting { .. } => app.doc.end_step(),
        Gesture::Line { start } => {
            if let Some(end) = end {
                let edit = Edit::Line {
                    from: start,
                    to: end,
                    terrain: app.current_terrain,
                };
                app.apply_step(&edit);
            }
        }
        Gesture::Selecting { start } => {
            let end = end_world.unwrap_or(start);
            app.selection = tools::select_rect(&app.doc, layout, start, end);
        }
    }
}

/// Screen polygon of a hex.
fn hex_polygon(app: &EditorApp, layout: &Layout, h: Hex, scale: f64) -> Vec<Pos2> {
    let c = layout.hex_to_pixel(h);
    (0..6)
        .map(|i| {
            let o = layout.corner_offset(i);
            app.camera
                .world_to_screen(app.view, Point::new(c.x + o.x * scale, c.y + o.y * scale))
        })
        .collect()
}

/// The overlay hex sets as one mesh of hexagons (scaled to 92 %) in screen space, hexes
/// off screen left out.
fn overlay_mesh(
    app: &EditorApp,
    layout: &Layout,
    rect: Rect,
    sets: &[(OverlayKind, Vec<Hex>)],
) -> Shape {
    let zoom = app.camera.zoom;
    let corners: [Vec2; 6] = std::array::from_fn(|i| {
        let o = layout.corner_offset(i);
        Vec2::new((o.x * zoom * 0.92) as f32, (o.y * zoom * 0.92) as f32)
    });
    let reach = corners.iter().map(|c| c.length()).fold(0.0, f32::max);
    let visible = rect.expand(reach);
    let mut mesh = egui::Mesh::default();
    for (kind, hexes) in sets {
        let fill = kind.colour();
        for &h in hexes {
            let c = app.camera.world_to_screen(rect, layout.hex_to_pixel(h));
            if !visible.contains(c) {
                continue;
            }
            let base = mesh.vertices.len() as u32;
            for o in corners {
                mesh.colored_vertex(c + o, fill);
            }
            for i in 1..5 {
                mesh.add_triangle(base, base + i, base + i + 1);
            }
        }
    }
    Shape::mesh(mesh)
}

/// Hexes of the map whose centres may be on screen (for labels; only used when legible).
fn visible_hexes(app: &EditorApp, layout: &Layout) -> Vec<Hex> {
    let (a, b) = app.camera.visible_world(app.view);
    app.doc.cells_in_world_rect(layout, a, b)
}

fn paint(app: &mut EditorApp, ui: &egui::Ui, rect: Rect, layout: &Layout) {
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, BACKGROUND);
    let size = layout.size();
    let radius_px = size.x.min(size.y) * app.camera.zoom;
    let detail = detail_for(radius_px, app.layers.grid);
    let layers = app.layers;
    let doc = &app.doc;
    let look = |h: Hex| -> Option<CellLook> {
        let cell = doc.cell_ref(h)?;
        let fill = if layers.terrain {
            cell.terrain
                .and_then(|t| doc.map().palette().get(t))
                .map(|t| {
                    let [r, g, b] = t.color.0;
                    Color32::from_rgb(r, g, b)
                })
                .unwrap_or(EMPTY_CELL)
        } else {
            EMPTY_CELL
        };
        Some(CellLook {
            fill,
            mine: layers.mines && cell.mine,
            note: layers.notes && cell.note,
        })
    };
    let v = ChunkView {
        view: rect,
        camera: &app.camera,
        layout,
    };
    app.chunks.paint(&painter, &v, detail, GRID, &look);

    // Overlays (A*, movement, FOV on big maps) are recomputed only when their inputs change.
    let key = (app.doc.revision(), app.hovered, app.overlays.clone());
    if app.overlay_key.as_ref() != Some(&key) {
        app.last_overlay = app.overlays.compute(&app.doc, app.hovered);
        app.overlay_key = Some(key);
    }
    let overlay = std::mem::take(&mut app.last_overlay);
    let labels_on = app.overlays.labels;
    let font = (radius_px * 0.32) as f32;
    let show_labels = labels_on && font >= MIN_LABEL_FONT;
    let show_symbols = layers.terrain && radius_px >= SYMBOLS_FROM_PX;
    if show_labels || show_symbols {
        let cx = app.doc.coord_context();
        let hexes = visible_hexes(app, layout);
        for &h in hexes.iter().take(MAX_LABELS) {
            let c = app.camera.world_to_screen(rect, layout.hex_to_pixel(h));
            if show_symbols
                && let Some(t) = app
                    .doc
                    .terrain(h)
                    .and_then(|t| app.doc.map().palette().get(t))
            {
                let [r, g, b] = t.color.0;
                let dark = u32::from(r) * 3 + u32::from(g) * 6 + u32::from(b) < 1200;
                let ink = if dark {
                    Color32::from_white_alpha(150)
                } else {
                    Color32::from_black_alpha(150)
                };
                let pos = if show_labels {
                    c - Vec2::new(0.0, font * 0.9)
                } else {
                    c
                };
                painter.text(
                    pos,
                    egui::Align2::CENTER_CENTER,
                    t.symbol,
                    egui::FontId::proportional((radius_px * 0.55) as f32),
                    ink,
                );
            }
            if show_labels {
                let text = app.overlays.label_system.format(h, &cx);
                // Dark text on light terrain, white elsewhere.
                let light = layers.terrain
                    && app
                        .doc
                        .terrain(h)
                        .and_then(|t| app.doc.map().palette().get(t))
                        .is_some_and(|t| {
                            let [r, g, b] = t.color.0;
                            u32::from(r) * 3 + u32::from(g) * 6 + u32::from(b) >= 1200
                        });
                let ink = if light {
                    Color32::from_rgb(20, 20, 24)
                } else {
                    Color32::WHITE
                };
                let pos = if show_symbols {
                    c + Vec2::new(0.0, font * 0.7)
                } else {
                    c
                };
                painter.text(
                    pos,
                    egui::Align2::CENTER_CENTER,
                    text,
                    egui::FontId::monospace(font),
                    ink,
                );
            }
        }
    }

    // Overlays: translucent fills over the map, one mesh for all of them (thousands of
    // hexes for a movement range; one shape per hex would be tessellated one by one).
    painter.add(overlay_mesh(app, layout, rect, &overlay.sets));
    let centre = |h: Hex| app.camera.world_to_screen(rect, layout.hex_to_pixel(h));
    if overlay.path.len() > 1 {
        let pts: Vec<Pos2> = overlay.path.iter().map(|&h| centre(h)).collect();
        painter.add(Shape::line(
            pts,
            Stroke::new(3.0, OverlayKind::Path.colour().to_opaque()),
        ));
    }
    if let Some(anchor) = app.overlays.anchor {
        painter.add(Shape::closed_line(
            hex_polygon(app, layout, anchor, 0.8),
            Stroke::new(2.5, Color32::from_rgb(255, 120, 255)),
        ));
    }
    if let Some(target) = app.overlays.target {
        painter.add(Shape::closed_line(
            hex_polygon(app, layout, target, 0.8),
            Stroke::new(2.5, Color32::from_rgb(120, 255, 255)),
        ));
    }

    // Selection and paste preview.
    for &h in &app.selection {
        painter.add(Shape::closed_line(
            hex_polygon(app, layout, h, 0.95),
            Stroke::new(1.5, Color32::from_rgb(90, 170, 255)),
        ));
    }
    if let Gesture::Selecting { start } = app.gesture
        && let Some(p) = ui.input(|i| i.pointer.latest_pos())
    {
        let a = app.camera.world_to_screen(rect, start);
        painter.rect_stroke(
            Rect::from_two_pos(a, p),
            0.0,
            Stroke::new(1.0, Color32::from_rgb(90, 170, 255)),
            StrokeKind::Middle,
        );
    }
    if let Gesture::Line { start } = app.gesture
        && let Some(end) = app.hovered
    {
        for h in tools::stroke_path(start, end) {
            painter.add(Shape::convex_polygon(
                hex_polygon(app, layout, h, 0.9),
                Color32::from_white_alpha(60),
                Stroke::NONE,
            ));
        }
    }
    if app.pasting
        && let Some(at) = app.hovered
    {
        for h in app.clipboard.cells().iter().map(|c| at + c.offset) {
            painter.add(Shape::convex_polygon(
                hex_polygon(app, layout, h, 0.9),
                Color32::from_rgba_unmultiplied(90, 170, 255, 70),
                Stroke::new(1.0, Color32::from_rgb(90, 170, 255)),
            ));
        }
    }

    // The hovered hex, outlined.
    if let Some(h) = app.hovered {
        let footprint = match app.tool {
            Tool::Brush | Tool::Eraser | Tool::Mine if !app.pasting => {
                tools::brush_footprint(h, app.prefs.tools.brush_radius)
            }
            _ => vec![h],
        };
        for x in footprint {
            painter.add(Shape::closed_line(
                hex_polygon(app, layout, x, 1.0),
                Stroke::new(2.0, Color32::from_rgb(255, 230, 80)),
            ));
        }
    }
    let caption = overlay.caption();
    app.last_overlay = overlay;
    if let Some(text) = caption {
        painter.text(
            rect.left_top() + Vec2::new(8.0, 8.0),
            egui::Align2::LEFT_TOP,
            text,
            egui::FontId::proportional(14.0),
            Color32::WHITE,
        );
    }
}
