//! What the players see: the player filter's map (`draw::player::player_map`, the one
//! home of what may be shown) drawn on the main canvas when "Player view" is on, and in
//! the player window (View → Player window), a second OS window (an egui viewport;
//! embedded as a window where the platform has only one). Both draw that map with the
//! players' style (`draw::Style::for_players`: the party, no GM shading, no region border
//! along the fog) and nothing else: no palette, tools, readout or coordinates. The player
//! window follows the GM's camera or pans and zooms on its own with the canvas's own
//! control (zoom at the pointer within the canvas's limits), and can go full screen.

use crate::canvas::camera::Camera;
use crate::canvas::images::EditorImages;
use crate::canvas::painter::ScreenSink;
use crate::canvas::{Navigation, navigate, zoom_limits};
use crate::open_map::{Changed, OpenMap};
use crate::windows::{EditorWindow, Shown};
use eframe::egui::{self, Rect, Sense};
use hexmap_draw::player::{PlayerView as Cut, player_map, update_player_map};
use hexmap_draw::{Layers, MapScene, Region, Scene, Style};
use hexmap_map::HexMap;

/// The player view's state: where it is shown, its own camera, and the player map cut
/// from the document at its last revision.
#[derive(Debug)]
pub struct PlayerView {
    /// The player window is open.
    window: bool,
    /// The main canvas shows the player view instead of the GM's.
    main: bool,
    /// The player window follows the GM's camera (else it pans and zooms on its own).
    follow: bool,
    /// The player window's own camera (when not following).
    camera: Option<Camera>,
    /// The player map and the document revision it was cut at.
    cache: Option<(u64, HexMap)>,
}

impl PlayerView {
    /// True while the main canvas shows the players' view instead of the GM's.
    pub(crate) fn on_main(&self) -> bool {
        self.main
    }

    /// Open or close the player window.
    pub(crate) fn toggle_window(&mut self) {
        self.window ^= true;
    }

    /// Show the players' view on the main canvas, or the GM's again.
    pub(crate) fn toggle_main(&mut self) {
        self.main ^= true;
    }

    /// The player window's camera while it pans and zooms on its own (not following the
    /// GM's).
    pub(crate) fn own_camera(&self) -> Option<Camera> {
        self.camera.filter(|_| self.window && !self.follow)
    }
}

impl Default for PlayerView {
    fn default() -> Self {
        PlayerView {
            window: false,
            main: false,
            follow: true,
            camera: None,
            cache: None,
        }
    }
}

impl PlayerView {
    /// The player map of `doc`, cut again when the document changed (so the players see
    /// each edit in the frame it is made).
    pub fn map(&mut self, doc: &OpenMap) -> &HexMap {
        let rev = doc.revision();
        if self.cache.as_ref().is_none_or(|(r, _)| *r != rev) {
            self.cache = Some((rev, player_map(doc.map(), &Cut::default())));
        }
        &self.cache.as_ref().expect("just cut").1
    }

    /// Follow an edit (`changed`, what the canvas redraws) in the player map, if one is
    /// cut: only the changed cells are cut again (`draw::player::update_player_map`), so
    /// a GM's brush stroke on a million-cell map costs microseconds, not a copy of the
    /// map. A change of palette, shape or properties drops it, to be cut afresh.
    pub fn follow(&mut self, changed: &Changed, doc: &OpenMap) {
        let Some((rev, players)) = &mut self.cache else {
            return;
        };
        let kept = match changed {
            // Nothing the canvas redraws; a change the revision alone tells (if any)
            // still cuts the map afresh in `map`.
            Changed::Nothing => return,
            Changed::All => false,
            Changed::Cells { hexes, .. } => {
                update_player_map(players, doc.map(), &Cut::default(), hexes)
            }
        };
        if kept {
            *rev = doc.revision();
        } else {
            self.cache = None;
        }
    }
}

/// Draw `map` (a player map) into `rect` as `camera` sees it, with the players' style:
/// the visible cells with their tile art and image icons (`images`, the editor's loaded
/// images), the named regions, the party and the place names.
pub fn paint(
    painter: &egui::Painter,
    rect: Rect,
    (camera, images): (&Camera, &EditorImages),
    map: &HexMap,
) {
    painter.rect_filled(rect, 0.0, crate::canvas::theme::CANVAS_BACKGROUND);
    let Ok(layout) = map.layout() else {
        return;
    };
    let style = Style::editor(Layers::editor()).for_players();
    let scene = MapScene::whole(map, layout, &style).with_images(images.set());
    let (a, b) = camera.visible_world(rect);
    let mut sink = ScreenSink::new(painter, camera.centre, rect.center(), camera.zoom)
        .with_textures(images.textures());
    scene.draw_cells(&Region::Rect(a, b), camera.zoom, &mut sink);
    scene.draw_free_text(a, b, camera.zoom, &mut sink);
}

/// The player window, while it is open (and the canvas is not playing minesweeper): the
/// player map with the GM's camera or its own. Closing it (or the viewport) clears
/// `window`.
impl EditorWindow for PlayerView {
    fn show(&mut self, ctx: &egui::Context, shown: &mut Shown<'_>, _: &mut Vec<crate::Action>) {
        if shown.map_open && !shown.playing {
            window(ctx, self, (shown.doc, &*shown.images), shown.gm_camera);
        }
    }
}

/// The player window's viewport, while it is open.
fn window(
    ctx: &egui::Context,
    view: &mut PlayerView,
    (doc, images): (&OpenMap, &EditorImages),
    gm: Camera,
) {
    if !view.window {
        return;
    }
    let id = egui::ViewportId::from_hash_of("hexmap player window");
    let builder = egui::ViewportBuilder::default()
        .with_title("hexmap — players")
        .with_inner_size([960.0, 640.0]);
    ctx.show_viewport_immediate(id, builder, |ui, class| {
        let content = |ui: &mut egui::Ui, view: &mut PlayerView| {
            ui.horizontal(|ui| {
                ui.checkbox(&mut view.follow, "Follow the GM's view");
                if ui.button("Full screen").clicked() {
                    let full = ui.ctx().input(|i| i.viewport().fullscreen.unwrap_or(false));
                    ui.ctx()
                        .send_viewport_cmd(egui::ViewportCommand::Fullscreen(!full));
                }
            });
            let rect = ui.available_rect_before_wrap();
            let response = ui.allocate_rect(rect, Sense::drag());
            response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "player map"));
            let mut camera = match (view.follow, view.camera) {
                (false, Some(c)) => c,
                _ => gm,
            };
            if !view.follow {
                // The canvas's own control: a drag pans, the wheel zooms at the pointer,
                // within the canvas's zoom limits for this window's size.
                let how = Navigation {
                    limits: zoom_limits(rect, doc),
                    primary_pans: true,
                    keys: response.hovered(),
                };
                navigate(&mut camera, rect, ui, &response, &how);
            }
            view.camera = Some(camera);
            let map = view.map(doc);
            paint(&ui.painter_at(rect), rect, (&camera, images), map);
        };
        if class == egui::ViewportClass::EmbeddedWindow {
            // egui has put us in a window of the main viewport: keep it a sensible size.
            ui.set_min_size(egui::vec2(480.0, 320.0));
        }
        content(ui, view);
        if ui.ctx().input(|i| i.viewport().close_requested()) {
            view.window = false;
        }
    });
}
