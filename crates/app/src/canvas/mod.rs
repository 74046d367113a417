//! The map canvas: its state ([`Canvas`]: camera, view, chunk cache, hover, overlays,
//! layers, frame times), navigation (pan, zoom), exact hover picking, tool input, and
//! drawing (cached chunk meshes, then labels, overlays, selection and hover on top).

pub mod camera;
pub(crate) mod chunks;
pub mod family_marks;
pub(crate) mod frame_stats;
pub(crate) mod images;
pub(crate) mod input_steps;
pub mod key_marks;
pub(crate) mod key_presses;
pub(crate) mod legend_view;
pub mod overlays;
pub mod painter;
pub(crate) mod player_view;
pub(crate) mod pointer_steps;
pub(crate) mod scale_bar_view;
pub mod secret_marks;
pub(crate) mod spill_view;
pub(crate) mod theme;
pub(crate) mod tint_view;
pub(crate) mod touches;
pub(crate) mod underlay_view;

use crate::Action;
use crate::canvas::camera::Camera;
use crate::canvas::chunks::{ChunkCache, ChunkView};
use crate::canvas::frame_stats::FrameStats;
use crate::canvas::overlays::{OverlayKind, OverlayResult, OverlayState, RouteCache};
use crate::canvas::painter::ScreenSink;
use crate::files::prefs::Prefs;
use crate::open_map::OpenMap;
use crate::tools::Tools;
use eframe::egui::{self, Color32, Event, Key, MouseWheelUnit, PointerButton, Rect, Sense, Vec2};
use hexmap_draw::{HexSet, Layers, OverlayStyle, Overlays, draw_overlays};
use hexmap_hex::{Hex, Layout, Point};

/// Most cells of a bulk change whose chunks are found one by one; past this every chunk
/// is marked stale (cheaper than finding the chunks of millions of cells).
const FEW_MARKED: usize = 1 << 16;

/// Screen points moved per arrow-key press.
const KEY_PAN: f32 = 60.0;

/// The canvas part of the editor: where it looks, what it shows, and its caches.
pub struct Canvas {
    /// Pan and zoom.
    camera: Camera,
    /// The canvas rectangle of the last frame (screen points).
    view: Rect,
    /// Fit the whole map into the view at the next frame with a usable view.
    fit_pending: bool,
    /// Cached meshes per chunk of hexes.
    chunks: ChunkCache,
    /// The hex under the pointer (on the map or not), while the pointer is over the canvas.
    hovered: Option<Hex>,
    /// The Measure tool's route, kept while the map, anchor and hovered hex stay.
    measure_route: crate::tools::measure::MeasureRoute,
    /// The world point under the pointer, while it is over the canvas (the edge tool and
    /// the status bar name the hexside nearest to it).
    hovered_world: Option<Point>,
    /// Overlay switches and parameters.
    overlays: OverlayState,
    /// What the overlays marked when last computed.
    last_overlay: OverlayResult,
    /// What `last_overlay` was computed from: (document revision, hovered hex, settings).
    overlay_key: Option<(u64, Option<Hex>, OverlayState)>,
    /// The path overlay's route search, continued while only its target moves.
    routes: RouteCache,
    /// Which layers are drawn (the layers panel's switches; symbols and coordinate
    /// labels follow the overlay panel, see `drawn_layers`).
    layers: Layers,
    /// What the cached chunk meshes were drawn with (`None`: nothing drawn yet).
    cached_layers: Option<Layers>,
    /// Recent frame times for the status-bar readout.
    frame_stats: FrameStats,
    /// The legend drawn over the map (when the map's view settings ask for one).
    legend: crate::canvas::legend_view::LegendView,
    /// The icons and note captions drawn past their hex, for the chunks they reach.
    spill: crate::canvas::spill_view::SpillView,
    /// The map's images (tile art, image icons) and their textures.
    images: crate::canvas::images::EditorImages,
    /// The tint by a property's value and its legend.
    tint: crate::canvas::tint_view::TintView,
    /// The tracing underlay's switches (shown, map opacity, handles) and handle drag.
    underlay: crate::canvas::underlay_view::UnderlayView,
}

/// One step of zoom: Zoom in multiplies the scale by it, Zoom out divides by it, alike for
/// the View menu's items and the + and − keys.
pub(crate) const ZOOM_STEP: f64 = 1.25;

impl Default for Canvas {
    fn default() -> Self {
        Canvas::new()
    }
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
            tint: Default::default(),
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

    /// Pan and zoom.
    pub(super) fn camera(&self) -> &Camera {
        &self.camera
    }

    /// Put the camera somewhere; cancels a pending "fit map".
    pub(super) fn set_camera(&mut self, camera: Camera) {
        self.camera = camera;
        self.fit_pending = false;
    }

    /// The canvas rectangle of the last frame (screen points).
    pub(super) fn view(&self) -> Rect {
        self.view
    }

    /// Fit the whole map into the view at the next frame with a usable view.
    pub(super) fn fit_map(&mut self) {
        self.fit_pending = true;
    }

    /// Zoom by `factor` around the view's centre, within the zoom limits.
    pub(super) fn zoom_by(&mut self, factor: f64, doc: &OpenMap) {
        let (lo, hi) = self.zoom_limits(doc);
        let c = self.view.center();
        self.camera.zoom_around(self.view, c, factor, lo, hi);
    }

    /// The hex under the pointer (on the map or not), while the pointer is over the canvas.
    pub(super) fn hovered(&self) -> Option<Hex> {
        self.hovered
    }

    /// The world point under the pointer, while it is over the canvas.
    pub(super) fn hovered_world(&self) -> Option<Point> {
        self.hovered_world
    }

    /// The hex under the pointer, as another canvas (the play canvas) found it.
    pub(super) fn set_hovered(&mut self, hex: Option<Hex>) {
        self.hovered = hex;
    }

    /// The Measure tool's route from `anchor` to `to` (kept while they and the map stay).
    pub(super) fn measure_route(
        &self,
        doc: &OpenMap,
        anchor: Hex,
        to: Hex,
    ) -> Result<hexmap_hex::Route, hexmap_hex::PathError> {
        self.measure_route.get(doc, anchor, to)
    }

    /// Overlay switches and parameters.
    pub(super) fn overlays(&self) -> &OverlayState {
        &self.overlays
    }

    /// Overlay switches and parameters, to change (the overlays panel, tests).
    pub(super) fn overlays_mut(&mut self) -> &mut OverlayState {
        &mut self.overlays
    }

    /// What the overlays marked when last computed.
    pub(super) fn last_overlay(&self) -> &OverlayResult {
        &self.last_overlay
    }

    /// The tint by a property's value (the layers panel's choice).
    pub(super) fn tint_mut(&mut self) -> &mut crate::canvas::tint_view::TintView {
        &mut self.tint
    }

    /// The layer switches (the layers panel's checkboxes).
    pub(super) fn layers_mut(&mut self) -> &mut Layers {
        &mut self.layers
    }

    /// Recent frame times.
    pub(super) fn frame_stats(&self) -> &FrameStats {
        &self.frame_stats
    }

    /// Recent frame times, to record one.
    pub(super) fn frame_stats_mut(&mut self) -> &mut FrameStats {
        &mut self.frame_stats
    }

    /// The chunk cache (its statistics and memory, read-only).
    pub(super) fn chunks(&self) -> &ChunkCache {
        &self.chunks
    }

    /// The map's images and their textures.
    pub(super) fn images(&self) -> &crate::canvas::images::EditorImages {
        &self.images
    }

    /// The map's images, to load or replace them.
    pub(super) fn images_mut(&mut self) -> &mut crate::canvas::images::EditorImages {
        &mut self.images
    }

    /// What the windows change of the canvas: the map's images (a browser hands chosen
    /// images over) and the underlay's switches and handle drag.
    pub(super) fn window_parts(
        &mut self,
    ) -> (
        &mut crate::canvas::images::EditorImages,
        &mut crate::canvas::underlay_view::UnderlayView,
    ) {
        (&mut self.images, &mut self.underlay)
    }

    /// Redraw what the document's change touched: every chunk after a new map, else the
    /// chunks of the changed cells and their neighbours (a chunk also draws the edge
    /// features and paths of its cells' neighbours, `draw::features`), and of the icons
    /// drawn past their hex (`draw::spill`) as far as any icon may reach, since the old
    /// drawing's reach is gone with it. A bulk change of many cells (a fill of millions)
    /// marks every chunk stale instead of finding each cell's: the chunks on view are
    /// rebuilt, nearest the middle first, showing their old pictures until then.
    pub(super) fn redraw(&mut self, changed: &crate::open_map::Changed, doc: &OpenMap) {
        use crate::open_map::Changed;
        match changed {
            Changed::Nothing => {}
            Changed::All => {
                self.chunks.reset_to_bounds(doc.offset_bounds());
                self.spill.mark_stale();
            }
            Changed::Cells {
                hexes,
                annotated,
                marked,
            } => {
                let layout = doc.layout();
                let reach = if annotated.is_empty() {
                    0
                } else {
                    self.spill.mark_stale();
                    hexmap_draw::spill::max_steps(layout.size())
                };
                let around = annotated.iter().flat_map(|&h| hexmap_hex::range(h, reach));
                self.chunks.mark_dirty_around(layout.orientation(), hexes);
                self.chunks.mark_dirty(layout.orientation(), around);
                match marked {
                    Some(m) if m.count() > FEW_MARKED => self.chunks.mark_all_dirty(),
                    Some(m) => {
                        let shape = doc.map().shape();
                        let cells: Vec<Hex> = m.iter().filter_map(|i| shape.hex_at(i)).collect();
                        self.chunks.mark_dirty_around(layout.orientation(), &cells);
                    }
                    None => {}
                }
            }
        }
    }

    /// Zoom limits of the canvas (see [`zoom_limits`]).
    pub(super) fn zoom_limits(&self, doc: &OpenMap) -> (f64, f64) {
        zoom_limits(self.view, doc)
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
        limits: (f64, f64),
        popup_open: bool,
    ) {
        let how = Navigation {
            limits,
            primary_pans: false,
            keys: !popup_open,
        };
        navigate(&mut self.camera, self.view, ui, response, &how);
    }
}

/// Zoom limits of a view `rect` on `doc`: from the whole map with room to spare (however
/// small its hexes get: chunk meshes switch to cheaper detail), to one hex filling the
/// view. The canvas and the player window share them.
pub(super) fn zoom_limits(rect: Rect, doc: &OpenMap) -> (f64, f64) {
    zoom_limits_of(rect, doc.world_bounds(), doc.layout().size())
}

/// [`zoom_limits`] of a map whose cells cover the world box `(min, max)` with hexes of
/// `size` (the browser's players' window, which holds only the players' map).
pub(super) fn zoom_limits_of(rect: Rect, (min, max): (Point, Point), size: Point) -> (f64, f64) {
    let (w, h) = (
        f64::from(rect.width().max(1.0)),
        f64::from(rect.height().max(1.0)),
    );
    let fit = (w / (max.x - min.x).max(1e-9)).min(h / (max.y - min.y).max(1e-9));
    let one_hex = w.min(h) / (2.0 * size.x.max(size.y));
    let lo = (fit * 0.5).min(one_hex);
    (lo, one_hex.max(lo))
}

/// How a view pans and zooms.
pub(super) struct Navigation {
    /// The zoom limits (lowest, highest).
    pub limits: (f64, f64),
    /// A plain (primary) drag pans, where no tool takes it (the player window).
    pub primary_pans: bool,
    /// Arrows and +/- act (not while a menu or text field has the keys).
    pub keys: bool,
}

/// Pan (middle/right drag, space+drag, with `how.primary_pans` a plain drag, arrows) and
/// zoom at the pointer (wheel, pinch) or the middle (+/-) within the zoom limits: the one
/// camera control of the canvas and the player window.
pub(super) fn navigate(
    camera: &mut Camera,
    rect: Rect,
    ui: &egui::Ui,
    response: &egui::Response,
    how: &Navigation,
) {
    let (lo, hi) = how.limits;
    let space = ui.input(|i| i.key_down(Key::Space));
    if response.dragged_by(PointerButton::Middle)
        || response.dragged_by(PointerButton::Secondary)
        || ((space || how.primary_pans) && response.dragged_by(PointerButton::Primary))
    {
        camera.pan_by_screen(response.drag_delta());
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
            camera.zoom_around(rect, pointer, factor, lo, hi);
        }
    }
    if ui.ctx().egui_wants_keyboard_input() || !how.keys {
        return;
    }
    // Every press counts (two quick presses in one slow frame move twice).
    let (dx, dy, zin, zout) = ui.input(|i| {
        let p = |k| i.num_presses(k) as f32 * KEY_PAN;
        (
            p(Key::ArrowLeft) - p(Key::ArrowRight),
            p(Key::ArrowUp) - p(Key::ArrowDown),
            i.num_presses(Key::Plus) + i.num_presses(Key::Equals),
            i.num_presses(Key::Minus),
        )
    });
    if dx != 0.0 || dy != 0.0 {
        camera.pan_by_screen(Vec2::new(dx, dy));
    }
    for _ in 0..zin {
        camera.zoom_around(rect, rect.center(), ZOOM_STEP, lo, hi);
    }
    for _ in 0..zout {
        camera.zoom_around(rect, rect.center(), 1.0 / ZOOM_STEP, lo, hi);
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
    /// What the players see (the players' view on this canvas draws its map).
    pub player: &'a mut crate::canvas::player_view::PlayerView,
}

/// Show the canvas filling the remaining space of `ui`; returns the edits and windows its
/// tools ask for.
pub(super) fn canvas(app: &mut CanvasParts<'_>, ui: &mut egui::Ui) -> Vec<Action> {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "map canvas"));
    let zoom_before = app.canvas.camera.zoom;
    app.canvas.set_view(rect, app.doc);
    let limits = app.canvas.zoom_limits(app.doc);
    app.canvas.navigate(ui, &response, limits, app.popup_open);
    if app.canvas.camera.zoom != zoom_before {
        // The status bar, drawn before the canvas, read the old zoom ("hex 64 px"): the
        // next frame shows the new one at once, not at the next input event.
        ui.ctx().request_repaint();
    }
    let layout = app.doc.layout();
    let camera = app.canvas.camera;
    app.canvas.hovered_world = response
        .hover_pos()
        .map(|p| camera.screen_to_world(rect, p));
    app.canvas.hovered = app
        .canvas
        .hovered_world
        .and_then(|w| layout.pixel_to_hex(w));
    let mut out = Vec::new();
    // The players' view: no tool acts and none reads a hex; the camera moves as ever.
    if app.player.on_main() {
        paint(app, ui, rect, &layout);
        return out;
    }
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
    if !crate::canvas::underlay_view::input(
        ui,
        (&camera, rect),
        app.doc,
        (&app.canvas.images, &mut app.canvas.underlay),
        &mut out,
    ) {
        crate::tools::tool_marks::handle_tool(app, ui, &response, &layout, &mut out);
    }
    crate::tools::annotation_marks::input(app, ui, &response, &layout, &mut out);
    // A double-click on a hex that opens a child map opens it (the label tool's
    // double-click edits a label's text instead).
    if response.double_clicked()
        && app.tools.tool() != crate::tools::Tool::Label
        && let Some(p) = response.interact_pointer_pos()
        && let Some(h) = layout.pixel_to_hex(camera.screen_to_world(rect, p))
        && let Some(child) = app.doc.child_at_hex(h)
    {
        out.push(Action::OpenMember(child));
    }
    paint(app, ui, rect, &layout);
    let painter = ui.painter_at(rect);
    let view = (&app.canvas.camera, rect);
    crate::tools::annotation_marks::paint(&painter, app.tools, app.doc, &layout, view);
    crate::canvas::secret_marks::paint(&painter, app.doc, &layout, view);
    crate::canvas::key_marks::paint(&painter, app.doc, &layout, view);
    crate::canvas::family_marks::paint_marks(&painter, app.doc, &layout, view);
    crate::canvas::family_marks::paint_parent_frame(&painter, app.doc, &layout, view);
    let shown = (&app.canvas.images, &app.canvas.underlay);
    crate::canvas::underlay_view::paint_handles(&painter, view, app.doc.map(), shown);
    // The legend, scale bar and overlay caption over every mark of the map.
    paint_keys(app, &painter, rect);
    out
}

fn paint(app: &mut CanvasParts<'_>, ui: &egui::Ui, rect: Rect, layout: &Layout) {
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, theme::CANVAS_BACKGROUND);
    // The map with terrain symbols and coordinate labels (where legible), from the chunk
    // cache; a change of what is shown redraws every chunk.
    let layers = app.canvas.drawn_layers();
    let tint = app.canvas.tint.get(app.doc);
    let switched = app.canvas.tint.switched();
    if app.canvas.cached_layers != Some(layers) || switched {
        app.canvas.chunks.mark_all_dirty();
        app.canvas.cached_layers = Some(layers);
    }
    if app.canvas.images.refresh(ui.ctx(), app.doc) {
        let textures = app.canvas.images.textures();
        app.canvas.chunks.set_image_textures(textures);
    }
    // The underlay under the map (not in the players' view); the map over it faded.
    let map_painter = match app.player.on_main() {
        true => painter.clone(),
        false => {
            let shown = (&app.canvas.camera, &app.canvas.images, &app.canvas.underlay);
            crate::canvas::underlay_view::paint_under(&painter, rect, app.doc.map(), shown)
        }
    };
    let style = hexmap_draw::Style {
        property_tint: tint,
        ..hexmap_draw::Style::editor(layers)
    };
    let scene = hexmap_draw::MapScene::new(app.doc.map(), *layout, app.doc.offset_bounds(), &style)
        .with_images(app.canvas.images.set())
        .with_spill(app.canvas.spill.get(app.doc))
        .with_texts_on_top();
    let v = ChunkView {
        view: rect,
        camera: &app.canvas.camera,
        layout,
    };
    if app.player.on_main() {
        // The players' view: only the player filter's map, drawn by `player_view`.
        let map = app.player.map(app.doc);
        let shown = (&app.canvas.camera, &app.canvas.images);
        crate::canvas::player_view::paint(&painter, rect, shown, map);
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

    crate::tools::tool_marks::paint(app, ui, &painter, rect, layout);
    app.canvas.last_overlay = overlay;
}

/// The legend, the scale bar and the overlays' caption, over the map and its marks (the
/// GM's secret marks and the selection never cover them).
fn paint_keys(app: &mut CanvasParts<'_>, painter: &egui::Painter, rect: Rect) {
    let legend = app
        .canvas
        .legend
        .paint(painter, rect, app.doc, &app.canvas.images);
    app.canvas.tint.paint_legend(painter, rect, app.doc);
    if app.prefs.scale_bar {
        let zoom = app.canvas.camera.zoom;
        crate::canvas::scale_bar_view::paint(painter, rect, app.doc, zoom, legend);
    }
    if let Some(text) = app.canvas.last_overlay.caption() {
        painter.text(
            rect.left_top() + Vec2::new(8.0, 8.0),
            egui::Align2::LEFT_TOP,
            text,
            egui::FontId::proportional(14.0),
            Color32::WHITE,
        );
    }
}
