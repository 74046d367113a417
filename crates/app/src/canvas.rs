//! The map canvas: its state ([`Canvas`]: camera, view, chunk cache, hover, overlays,
//! layers, frame times), navigation (pan, zoom), exact hover picking, tool input, and
//! drawing (cached chunk meshes, then labels, overlays, selection and hover on top).

use super::Action;
use super::camera::Camera;
use super::chunks::{ChunkCache, ChunkView};
use super::frame_stats::FrameStats;
use super::open_map::OpenMap;
use super::overlays::{OverlayKind, OverlayResult, OverlayState, RouteCache};
use super::painter::ScreenSink;
use super::prefs::Prefs;
use super::tools::{self, Gesture, Tool, Tools};
use eframe::egui::{
    self, Color32, Event, Key, MouseWheelUnit, PointerButton, Pos2, Rect, Sense, Shape, Stroke,
    StrokeKind, Vec2,
};
use hexmap_draw::{HexSet, Layers, OverlayStyle, Overlays, draw_overlays};
use hexmap_hex::{Hex, Layout, Point};

/// Screen points moved per arrow-key press.
const KEY_PAN: f32 = 60.0;

/// The background behind the map.
pub const BACKGROUND: Color32 = Color32::from_rgb(32, 34, 38);

/// The canvas part of the editor: where it looks, what it shows, and its caches.
pub struct Canvas {
    /// Pan and zoom.
    pub(super) camera: Camera,
    /// The canvas rectangle of the last frame (screen points).
    pub(super) view: Rect,
    /// Fit the whole map into the view at the next frame with a usable view.
    pub(super) fit_pending: bool,
    /// Cached meshes per chunk of hexes.
    pub(super) chunks: ChunkCache,
    /// The hex under the pointer (on the map or not), while the pointer is over the canvas.
    pub(super) hovered: Option<Hex>,
    /// The Measure tool's route, kept while the map, anchor and hovered hex stay.
    pub(super) measure_route: super::measure::MeasureRoute,
    /// The world point under the pointer, while it is over the canvas (the edge tool and
    /// the status bar name the hexside nearest to it).
    pub(super) hovered_world: Option<Point>,
    /// Overlay switches and parameters.
    pub(super) overlays: OverlayState,
    /// What the overlays marked when last computed.
    pub(super) last_overlay: OverlayResult,
    /// What `last_overlay` was computed from: (document revision, hovered hex, settings).
    pub(super) overlay_key: Option<(u64, Option<Hex>, OverlayState)>,
    /// The path overlay's route search, continued while only its target moves.
    pub(super) routes: RouteCache,
    /// Which layers are drawn (the layers panel's switches; symbols and coordinate
    /// labels follow the overlay panel, see `drawn_layers`).
    pub(super) layers: Layers,
    /// What the cached chunk meshes were drawn with (`None`: nothing drawn yet).
    pub(super) cached_layers: Option<Layers>,
    /// Recent frame times for the status-bar readout.
    pub(super) frame_stats: FrameStats,
    /// The legend drawn over the map (when the map's view settings ask for one).
    pub(super) legend: super::legend_view::LegendView,
    /// The icons and note captions drawn past their hex, for the chunks they reach.
    pub(super) spill: super::spill_view::SpillView,
    /// The map's images (tile art, image icons) and their textures.
    pub(super) images: super::images::EditorImages,
    /// What the players see: the player window and the main canvas's player view.
    pub(super) player: super::player_view::PlayerView,
    /// The tracing underlay's switches (shown, map opacity, handles) and handle drag.
    pub(super) underlay: super::underlay_view::UnderlayView,
}

impl Canvas {
    /// A canvas that fits the map at its first frame.
    pub fn new() -> Self {
        Canvas {
            camera: Camera::default(),
            view: Rect::NOTHING,
            fit_pending: true,
            chunks: ChunkCache::new(),
            hovered: None,
            measure_route: Default::default(),
            hovered_world: None,
            overlays: OverlayState::default(),
            last_overlay: OverlayResult::default(),
            overlay_key: None,
            routes: RouteCache::default(),
            layers: Layers::editor(),
            cached_layers: None,
            frame_stats: FrameStats::default(),
            legend: Default::default(),
            spill: Default::default(),
            images: Default::default(),
            player: Default::default(),
            underlay: Default::default(),
        }
    }

    /// After the document was replaced: new chunks, no hover, fit the new map, and the
    /// overlays as on a fresh start (their anchor, target and route belong to the old
    /// map's cells: kept, they would mark an unrelated hex or say "no path").
    pub(super) fn reset(&mut self, doc: &OpenMap) {
        self.chunks.reset_to_bounds(doc.offset_bounds());
        self.fit_pending = true;
        self.hovered = None;
        self.overlays = OverlayState::default();
        self.last_overlay = OverlayResult::default();
        self.overlay_key = None;
        self.routes = RouteCache::default();
        self.measure_route = Default::default();
    }

    /// Zoom limits: from the whole map with room to spare (however small its hexes get:
    /// chunk meshes switch to cheaper detail), to one hex filling the view.
    pub(super) fn zoom_limits(&self, doc: &OpenMap) -> (f64, f64) {
        let (min, max) = doc.world_bounds();
        let (w, h) = (
            f64::from(self.view.width().max(1.0)),
            f64::from(self.view.height().max(1.0)),
        );
        let fit = (w / (max.x - min.x).max(1e-9)).min(h / (max.y - min.y).max(1e-9));
        let size = doc.layout().size();
        let one_hex = w.min(h) / (2.0 * size.x.max(size.y));
        let lo = (fit * 0.5).min(one_hex);
        (lo, one_hex.max(lo))
    }

    /// What the map is drawn with: the layer switches, terrain symbols, and the coordinate
    /// labels when the overlay panel turns them on.
    pub(super) fn drawn_layers(&self) -> Layers {
        let o = &self.overlays;
        Layers {
            symbols: true,
            labels: o.labels.then_some(o.label_system),
            ..self.layers
        }
    }

    /// Take this frame's canvas rectangle; fit the map into it if a fit is pending.
    pub(super) fn set_view(&mut self, rect: Rect, doc: &OpenMap) {
        self.view = rect;
        if self.fit_pending && rect.width() > 1.0 && rect.height() > 1.0 {
            let (min, max) = doc.world_bounds();
            self.camera.fit(rect, min, max);
            self.fit_pending = false;
        }
    }

    /// Pan (middle/right drag, space+drag, arrows) and zoom (wheel, pinch, +/-) within the
    /// zoom limits `(lo, hi)`.
    pub(super) fn navigate(
        &mut self,
        ui: &egui::Ui,
        response: &egui::Response,
        (lo, hi): (f64, f64),
        popup_open: bool,
    ) {
        let rect = self.view;
        let space = ui.input(|i| i.key_down(Key::Space));
        if response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
            || (space && response.dragged_by(PointerButton::Primary))
        {
            self.camera.pan_by_screen(response.drag_delta());
        }
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
                self.camera.zoom_around(rect, pointer, factor, lo, hi);
            }
        }
        if ui.ctx().egui_wants_keyboard_input() || popup_open {
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
            self.camera.pan_by_screen(Vec2::new(dx, dy));
        }
        if zin {
            self.camera.zoom_around(rect, rect.center(), 1.25, lo, hi);
        }
        if zout {
            self.camera.zoom_around(rect, rect.center(), 0.8, lo, hi);
        }
    }
}

/// What the map canvas borrows from the editor for one frame: its own state and the tools
/// (changed by input), the document and the preferences (read only).
pub(super) struct CanvasParts<'a> {
    /// The canvas's own state.
    pub canvas: &'a mut Canvas,
    /// The tools, driven by presses and drags.
    pub tools: &'a mut Tools,
    /// The open document (edits go out as actions).
    pub doc: &'a OpenMap,
    /// Brush radius and fill mode.
    pub prefs: &'a Prefs,
    /// The outline of a reshape being chosen (world segments), drawn over the map.
    pub preview: Option<&'a [(Point, Point)]>,
    /// A menu or combo box was open when the frame began: its keys and the click that
    /// closes it are its own, never a tool's.
    pub popup_open: bool,
}

/// Show the canvas filling the remaining space of `ui`; returns the edits and windows its
/// tools ask for.
pub(super) fn canvas(app: &mut CanvasParts<'_>, ui: &mut egui::Ui) -> Vec<Action> {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "map canvas"));
    app.canvas.set_view(rect, app.doc);
    let limits = app.canvas.zoom_limits(app.doc);
    app.canvas.navigate(ui, &response, limits, app.popup_open);
    let layout = app.doc.layout();
    let camera = app.canvas.camera;
    app.canvas.hovered_world = response
        .hover_pos()
        .map(|p| camera.screen_to_world(rect, p));
    app.canvas.hovered = app
        .canvas
        .hovered_world
        .and_then(|w| layout.pixel_to_hex(w));
    // A / T set the overlay anchor and target to the hex under the pointer (this frame's).
    if !ui.ctx().egui_wants_keyboard_input() && !app.popup_open {
        use egui::Modifiers;
        if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::A)) {
            app.canvas.overlays.anchor = app.canvas.hovered;
        }
        if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::T)) {
            app.canvas.overlays.target = app.canvas.hovered;
        }
    }
    let mut out = Vec::new();
    if !super::underlay_view::input(ui, (&camera, rect), app.doc, app.canvas, &mut out) {
        handle_tool(app, ui, &response, &layout, &mut out);
    }
    super::annotation_marks::input(app, ui, &response, &layout, &mut out);
    paint(app, ui, rect, &layout);
    // The players' view shows nothing of the GM's: no selection, no secret marks.
    if !app.canvas.player.main {
        let painter = ui.painter_at(rect);
        let view = (&app.canvas.camera, rect);
        super::annotation_marks::paint(&painter, app.tools, app.doc, &layout, view);
        super::secret_marks::paint(&painter, app.doc, &layout, view);
        super::player_view::paint_party(&painter, rect, &app.canvas.camera, app.doc.map());
        super::underlay_view::paint_handles(&painter, view, app.doc.map(), app.canvas);
    }
    out
}

/// Press, drag and release of the primary button, turned into edits by the current tool.
fn handle_tool(
    app: &mut CanvasParts<'_>,
    ui: &egui::Ui,
    response: &egui::Response,
    layout: &Layout,
    out: &mut Vec<Action>,
) {
    let rect = app.canvas.view;
    let (pressed, down, released, origin, latest, mods, space) = ui.input(|i| {
        // A press and release in one frame (a touchpad tap) leave no press origin: take
        // the press's own position then.
        let pressed_at = i.events.iter().find_map(|e| match e {
            Event::PointerButton {
                pos,
                button: PointerButton::Primary,
                pressed: true,
                ..
            } => Some(*pos),
            _ => None,
        });
        (
            i.pointer.primary_pressed(),
            i.pointer.primary_down(),
            i.pointer.primary_released(),
            i.pointer.press_origin().or(pressed_at),
            i.pointer.latest_pos(),
            i.modifiers,
            i.key_down(Key::Space),
        )
    });
    let camera = app.canvas.camera;
    let hex_at = |p: Pos2| layout.pixel_to_hex(camera.screen_to_world(rect, p));
    let tool_prefs = &app.prefs.tools;

    if pressed
        && !space
        && !app.popup_open
        && response.hovered()
        && let Some(start) = origin.filter(|p| rect.contains(*p))
        && let Some(h) = hex_at(start)
    {
        if mods.alt && app.tools.tool != Tool::Select {
            // Alt+click picks overlay anchors: alone the anchor, with shift the path target.
            if mods.shift {
                app.canvas.overlays.target = Some(h);
            } else {
                app.canvas.overlays.anchor = Some(h);
            }
        } else {
            let world = camera.screen_to_world(rect, start);
            let at = (h, world, camera.zoom);
            app.tools
                .begin_gesture(app.doc, tool_prefs, layout, at, mods, out);
        }
    }

    if app.tools.gesture != Gesture::Idle
        && let Some(p) = latest
        && let Some(h) = hex_at(p)
    {
        let world = camera.screen_to_world(rect, p);
        app.tools
            .continue_gesture(app.doc, tool_prefs, (layout, h, world), out);
    }

    if (released || !down) && app.tools.gesture != Gesture::Idle {
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
            app.canvas.camera.world_to_screen(
                app.canvas.view,
                Point::new(c.x + o.x * scale, c.y + o.y * scale),
            )
        })
        .collect()
}

fn paint(app: &mut CanvasParts<'_>, ui: &egui::Ui, rect: Rect, layout: &Layout) {
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, BACKGROUND);
    // The map with terrain symbols and coordinate labels (where legible), from the chunk
    // cache; a change of what is shown redraws every chunk.
    let layers = app.canvas.drawn_layers();
    if app.canvas.cached_layers != Some(layers) {
        app.canvas.chunks.mark_all_dirty();
        app.canvas.cached_layers = Some(layers);
    }
    if app.canvas.images.refresh(ui.ctx(), app.doc) {
        let textures = app.canvas.images.textures();
        app.canvas.chunks.set_image_textures(textures);
    }
    // The underlay under the map (not in the players' view); the map over it faded.
    let map_painter = match app.canvas.player.main {
        true => painter.clone(),
        false => super::underlay_view::paint_under(&painter, rect, app.doc.map(), app.canvas),
    };
    let style = hexmap_draw::Style::editor(layers);
    let scene = hexmap_draw::MapScene::new(app.doc.map(), *layout, app.doc.offset_bounds(), &style)
        .with_images(app.canvas.images.set())
        .with_spill(app.canvas.spill.get(app.doc))
        .with_texts_on_top();
    let v = ChunkView {
        view: rect,
        camera: &app.canvas.camera,
        layout,
    };
    if app.canvas.player.main {
        // The players' view: only the player filter's map, drawn by `player_view`.
        let map = app.canvas.player.map(app.doc);
        let shown = (&app.canvas.camera, &app.canvas.images);
        super::player_view::paint(&painter, rect, shown, map);
        return;
    }
    app.canvas.chunks.paint(&map_painter, &v, &scene);

    // Overlays (A*, movement, FOV on big maps) are recomputed only when their inputs change.
    let key = (
        app.doc.revision(),
        app.canvas.hovered,
        app.canvas.overlays.clone(),
    );
    if app.canvas.overlay_key.as_ref() != Some(&key) {
        app.canvas.last_overlay =
            app.canvas
                .overlays
                .compute_with(app.doc, app.canvas.hovered, &mut app.canvas.routes);
        app.canvas.overlay_key = Some(key);
    }
    let overlay = std::mem::take(&mut app.canvas.last_overlay);

    // Overlays, drawn by `draw`: hatching and outlines that contrast with the cell under
    // them (hexes off screen left out), the path, the anchor and target outlines.
    let sets: Vec<HexSet<'_>> = overlay
        .sets
        .iter()
        .map(|(kind, hexes)| HexSet {
            hexes,
            colour: kind.colour(),
            pattern: kind.pattern(),
        })
        .collect();
    let shown = Overlays {
        sets: &sets,
        path: &overlay.path,
        path_colour: OverlayKind::Path.colour(),
        anchor: app.canvas.overlays.anchor,
        target: app.canvas.overlays.target,
    };
    let camera = &app.canvas.camera;
    draw_overlays(
        layout,
        &shown,
        Some(camera.visible_world(rect)),
        camera.zoom,
        &OverlayStyle::default(),
        &|h| scene.fill_at(h),
        &mut ScreenSink::new(&painter, camera.centre, rect.center(), camera.zoom),
    );

    // Selection (moved with the pointer while dragged) and paste preview.
    let shift = match app.tools.gesture {
        Gesture::MovingSelection { from, .. } => {
            app.canvas.hovered.map_or(Hex::ORIGIN, |h| h - from)
        }
        _ => Hex::ORIGIN,
    };
    super::selection_view::outline(
        &painter,
        (&app.canvas.camera, rect),
        layout,
        app.tools.selection.outline(),
        shift,
    );
    if let Gesture::Selecting { start, .. } = app.tools.gesture
        && let Some(p) = ui.input(|i| i.pointer.latest_pos())
    {
        let a = app.canvas.camera.world_to_screen(rect, start);
        painter.rect_stroke(
            Rect::from_two_pos(a, p),
            0.0,
            Stroke::new(1.0, Color32::from_rgb(90, 170, 255)),
            StrokeKind::Middle,
        );
    }
    if let Gesture::Line { start } = app.tools.gesture
        && let Some(end) = app.canvas.hovered
    {
        for h in tools::stroke_path(start, end) {
            painter.add(Shape::convex_polygon(
                hex_polygon(app, layout, h, 0.9),
                Color32::from_white_alpha(60),
                Stroke::NONE,
            ));
        }
    }
    if app.tools.pasting
        && let Some(at) = app.canvas.hovered
    {
        // Each cell in the terrain it brings (as it will look), so R and F show.
        let palette = app.doc.map().palette();
        let empty = style
            .empty_cell
            .map_or(Color32::TRANSPARENT, super::painter::color32);
        for c in app.tools.clipboard.cells() {
            let fill = c.terrain.and_then(|t| palette.get(t)).map_or(empty, |t| {
                let [r, g, b] = t.color.0;
                Color32::from_rgba_unmultiplied(r, g, b, 220)
            });
            painter.add(Shape::convex_polygon(
                hex_polygon(app, layout, at + c.offset, 0.9),
                fill,
                Stroke::new(1.5, Color32::from_rgb(90, 170, 255)),
            ));
        }
    }

    // The outline a reshape would give the map, before it is applied.
    if let Some(segments) = app.preview {
        let stroke = Stroke::new(3.0, Color32::from_rgb(255, 140, 40));
        let to_screen = |p: Point| app.canvas.camera.world_to_screen(rect, p);
        for &(a, b) in segments {
            painter.line_segment([to_screen(a), to_screen(b)], stroke);
        }
    }

    super::feature_tool_view::paint_feature_tools(app, &painter, rect, layout);
    if let (Tool::Measure, Some(anchor), Some(h)) =
        (app.tools.tool, app.tools.measure_anchor, app.canvas.hovered)
    {
        let camera = &app.canvas.camera;
        let route = app.canvas.measure_route.get(app.doc, anchor, h);
        super::measure_view::paint(&painter, rect, camera, layout, (anchor, h), route.ok());
    }
    // The hovered hex, outlined (the edge tool outlines its hexside instead).
    if let Some(h) = app.canvas.hovered.filter(|_| app.tools.tool != Tool::Edge) {
        let footprint = match app.tools.tool {
            Tool::Brush | Tool::Eraser | Tool::Mine if !app.tools.pasting => {
                tools::brush_footprint(h, app.prefs.tools.brush_radius)
            }
            Tool::Region if !app.tools.pasting && !app.tools.regions.bucket => {
                tools::brush_footprint(h, app.prefs.tools.brush_radius)
            }
            _ => vec![h],
        };
        // Only hexes of the map: an outline off the map would promise a cell that is not.
        for x in footprint.into_iter().filter(|&x| app.doc.contains(x)) {
            painter.add(Shape::closed_line(
                hex_polygon(app, layout, x, 1.0),
                Stroke::new(2.0, Color32::from_rgb(255, 230, 80)),
            ));
        }
    }
    let legend = app
        .canvas
        .legend
        .paint(&painter, rect, app.doc, &app.canvas.images);
    if app.prefs.scale_bar {
        let zoom = app.canvas.camera.zoom;
        super::scale_bar_view::paint(&painter, rect, app.doc, zoom, legend);
    }
    let caption = overlay.caption();
    app.canvas.last_overlay = overlay;
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
