//! Minesweeper play mode: the canvas plays the current mine layout (or a random one of the
//! same count) without touching the map or its undo history. Left click reveals (chords on
//! a revealed number), right click flags; a bar shows mines left, the timer and the result.
//! The board is drawn by `draw::GameScene` into its own chunk cache, so a board of any size
//! can be seen whole; a move redraws only the chunks of the cells it changed.

use crate::Action;
use crate::canvas::Canvas;
use crate::canvas::chunks::{ChunkCache, ChunkView, PaintStats};
use crate::canvas::pointer_steps::{self, Clicks};
use crate::canvas::theme::CANVAS_BACKGROUND as BACKGROUND;
use crate::open_map::OpenMap;
use eframe::egui::{self, PointerButton, Pos2, Sense};
use hexmap_draw::{GameScene, GameStyle};
use hexmap_hex::{Hex, OffsetKind, Orientation};
use hexmap_mines::{
    CellView, GameStatus, GenerateError, GenerateSettings, Generated, MineAmount, MineLayout,
    PlayState, generate_in_steps,
};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// One play session: the game, where a generated layout suggests starting, a random
/// layout being generated off the UI thread, and the board's cached drawing.
pub struct PlaySession {
    game: PlayState,
    /// The safe start of a generated layout, highlighted until the first reveal.
    start: Option<Hex>,
    seed: u64,
    pending: Option<Receiver<Result<Generated, GenerateError>>>,
    /// The board's chunk meshes.
    chunks: ChunkCache,
    /// The map's orientation (chunks are cut in its offset kind).
    orientation: Orientation,
    /// Presses on the board waiting for their release (every click plays, however
    /// many arrive in one frame).
    clicks: Clicks,
    /// The colours of the game.
    style: GameStyle,
}

impl PlaySession {
    /// A session playing the map's own mine layout.
    pub fn from_map(map: &hexmap_map::HexMap) -> Self {
        let orientation = map.properties().orientation;
        let mut chunks = ChunkCache::new();
        chunks.reset_to_bounds(
            map.shape()
                .offset_bounds(OffsetKind::default_for(orientation)),
        );
        PlaySession {
            game: PlayState::new(MineLayout::from_map(map)),
            start: None,
            seed: seed_from_clock(),
            pending: None,
            chunks,
            orientation,
            clicks: Clicks::default(),
            style: GameStyle::classic(),
        }
    }

    /// Counters of the last frame's drawing of the board.
    pub fn paint_stats(&self) -> PaintStats {
        self.chunks.stats
    }

    /// A left click on board cell `h` at time `t`: chord on a revealed number, else reveal.
    fn open(&mut self, h: Hex, t: Duration) {
        // Cells are on the board, so neither call can fail.
        let opened = if matches!(self.game.view(h), Some(CellView::Revealed(_))) {
            self.game.chord(h, t)
        } else {
            self.game.reveal(h, t)
        };
        self.played(opened.unwrap_or_default());
    }

    /// A right click on board cell `h`: toggle its flag.
    fn flag(&mut self, h: Hex) {
        if self.game.toggle_flag(h).unwrap_or(false) {
            self.chunks.mark_dirty(self.orientation, [h]);
        }
    }

    /// After a move that changed `cells`: redraw their chunks (and the start's, whose ring
    /// goes), or the whole board when the game just ended (mines and wrong flags show).
    fn played(&mut self, cells: Vec<Hex>) {
        if self.game.is_over() {
            self.chunks.mark_all_dirty();
            return;
        }
        let start = self.start.take();
        self.chunks
            .mark_dirty(self.orientation, cells.into_iter().chain(start));
    }

    /// Start the game again on the same layout.
    fn restart(&mut self) {
        self.game.restart();
        self.chunks.mark_all_dirty();
    }

    /// The game being played.
    pub fn game(&self) -> &PlayState {
        &self.game
    }

    /// The suggested safe start of a generated layout, if any.
    pub fn start(&self) -> Option<Hex> {
        self.start
    }

    /// What the status bar says about the cell `h` in play: only what the player sees
    /// (covered, flagged, a number), never the terrain or where mines are.
    pub fn cell_status(&self, h: Hex) -> String {
        match self.game.view(h) {
            None => "off the board".to_owned(),
            Some(CellView::Hidden) => "cell: covered".to_owned(),
            Some(CellView::Flagged) => "cell: flagged".to_owned(),
            Some(CellView::Revealed(n)) => {
                let n = crate::panels::words::count(usize::from(n), "mine", "mines");
                format!("cell: open, {n} around")
            }
            Some(CellView::Mine) => "cell: a mine (game over)".to_owned(),
            Some(CellView::Exploded) => "cell: the mine that went off".to_owned(),
            Some(CellView::WrongFlag) => "cell: flagged, no mine (game over)".to_owned(),
        }
    }

    /// True while a random layout is being generated.
    pub fn generating(&self) -> bool {
        self.pending.is_some()
    }

    /// Start generating a random no-guess layout with the same mine count off the UI pass (a
    /// thread, or steps between frames in a browser).
    fn new_random_layout(&mut self, ctx: &egui::Context) {
        self.seed = self.seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        let board = self.game.layout().board().clone();
        let settings = GenerateSettings {
            start: self.start,
            no_guess: true,
            ..GenerateSettings::new(
                MineAmount::Count(self.game.layout().mine_count()),
                self.seed,
            )
        };
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        crate::files::background::spawn_steps(&ctx.clone(), move || async move {
            // The receiver is gone only when play mode was left; nothing to report then.
            let _ = tx.send(generate_in_steps(&board, &settings, &mut |_| {}).await);
            ctx.request_repaint();
        });
        self.pending = Some(rx);
    }

    /// Take a finished generation; its message on failure.
    fn poll(&mut self) -> Option<String> {
        let result = self.pending.as_ref()?.try_recv().ok()?;
        self.pending = None;
        match result {
            Ok(generated) => {
                self.start = generated.start;
                self.game = PlayState::new(generated.layout);
                self.chunks.mark_all_dirty();
                None
            }
            Err(e) => Some(format!("cannot generate a random layout: {e}")),
        }
    }
}

fn seed_from_clock() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

fn now(ctx: &egui::Context) -> Duration {
    Duration::from_secs_f64(ctx.input(|i| i.time).max(0.0))
}

/// The text the bar shows for a status.
pub fn status_text(status: GameStatus) -> &'static str {
    match status {
        GameStatus::Ready => "Click a cell to start",
        GameStatus::Playing => "Playing",
        GameStatus::Won => "You won!",
        GameStatus::Lost => "Boom! You lost",
    }
}

/// The bar above the canvas while playing; "Exit play" and a failed generation come back
/// as actions.
pub(crate) fn bar(ui: &mut egui::Ui, session: &mut PlaySession) -> Vec<Action> {
    let ctx = ui.ctx().clone();
    let mut out = Vec::new();
    if let Some(message) = session.poll() {
        out.push(Action::Error(message));
    }
    let mut exit = false;
    egui::Panel::top("play bar").show(ui, |ui| {
        // Buttons first: text of changing width after them never moves them.
        ui.horizontal(|ui| {
            if ui.button("Restart").clicked() {
                session.restart();
            }
            let button = egui::Button::new(if session.generating() {
                "Generating…"
            } else {
                "New random layout"
            });
            if ui.add_enabled(!session.generating(), button).clicked() {
                session.new_random_layout(&ctx);
            }
            if ui.button("Exit play").clicked() {
                exit = true;
            }
            ui.separator();
            let game = &session.game;
            ui.label(format!("Mines left: {}", game.mines_left()));
            let secs = game.elapsed(now(&ctx)).as_secs();
            ui.label(format!("Time: {}:{:02}", secs / 60, secs % 60));
            ui.label(egui::RichText::new(status_text(game.status())).strong());
            if game.status() == GameStatus::Playing {
                ctx.request_repaint_after(Duration::from_millis(250));
            }
        });
    });
    if exit {
        out.push(Action::TogglePlay);
    }
    out
}

/// What the play canvas borrows from the editor for one frame.
pub(crate) struct PlayParts<'a> {
    /// The canvas's view and hover (shared with the editor canvas).
    pub canvas: &'a mut Canvas,
    /// The open document (read only: playing never edits it).
    pub doc: &'a OpenMap,
    /// The game.
    pub play: &'a mut Option<PlaySession>,
    /// A menu or combo box was open when the frame began: the click that closes it is
    /// its own, never a move of the game.
    pub popup_open: bool,
}

/// The play canvas: navigation as in the editor, clicks play the game.
pub(crate) fn canvas(app: &mut PlayParts<'_>, ui: &mut egui::Ui) {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "play canvas"));
    app.canvas.set_view(rect, app.doc);
    let limits = app.canvas.zoom_limits(app.doc);
    app.canvas.navigate(ui, &response, limits, app.popup_open);
    let layout = app.doc.layout();
    let camera = *app.canvas.camera();
    let hex_at = |p: Pos2| layout.pixel_to_hex(camera.screen_to_world(rect, p));
    app.canvas
        .set_hovered(response.hover_pos().and_then(hex_at));
    let t = now(ui.ctx());
    if let Some(session) = app.play.as_mut() {
        // Every click of the frame, each where it was pressed: quick clicks that arrive
        // in one slow frame all play. A press counts on the board only (not under a
        // window or a menu).
        let steps = ui.input(pointer_steps::this_frame);
        let max_dist = ui.ctx().options(|o| o.input_options.max_click_dist);
        let (ctx, layer) = (ui.ctx(), response.layer_id);
        let popup = app.popup_open;
        let on_board = |p: Pos2| !popup && rect.contains(p) && ctx.layer_id_at(p) == Some(layer);
        for (button, p) in session.clicks.take(&steps, max_dist, on_board) {
            let Some(h) = hex_at(p).filter(|&h| session.game.layout().board().contains(h)) else {
                continue;
            };
            match button {
                PointerButton::Primary => session.open(h, t),
                PointerButton::Secondary => session.flag(h),
                _ => {}
            }
        }
    }
    paint(app, ui, rect);
}

/// The board from its chunk cache.
fn paint(app: &mut PlayParts<'_>, ui: &egui::Ui, rect: egui::Rect) {
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, BACKGROUND);
    let Some(session) = app.play.as_mut() else {
        return;
    };
    let layout = app.doc.layout();
    let scene = GameScene::new(
        &session.game,
        layout,
        app.doc.offset_bounds(),
        session.start,
        &session.style,
    );
    let v = ChunkView {
        view: rect,
        camera: app.canvas.camera(),
        layout: &layout,
    };
    session.chunks.paint(&painter, &v, &scene);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canvas::camera::Camera;
    use eframe::egui::{Context, LayerId, Painter, RawInput, Rect, Vec2};
    use hexmap_hex::{OffsetCoord, OffsetKind, Point};
    use hexmap_map::testing::TestMap;

    #[test]
    fn a_move_redraws_only_the_chunks_of_the_cells_it_changed() {
        // 96 × 96 cells: 3 × 3 chunks. One mine at offset (1, 1).
        let mut map = TestMap::rectangle(OffsetKind::OddR, 96, 96)
            .named("board")
            .hex_size(10.0)
            .build();
        let at = |col, row| OffsetKind::OddR.to_hex(OffsetCoord::new(col, row));
        map.set_mine(at(1, 1), true).unwrap();
        let layout = map.layout().unwrap();
        let bounds = map.shape().offset_bounds(OffsetKind::OddR);
        let mut session = PlaySession::from_map(&map);
        let ctx = Context::default();
        let mut out = ctx.run_pass(RawInput::default(), |_| {});
        out.textures_delta.clear();
        let painter = Painter::new(ctx, LayerId::background(), Rect::EVERYTHING);
        let camera = Camera {
            centre: Point::new(830.0, 720.0),
            zoom: 0.5,
        };
        let view = Rect::from_min_size(Pos2::ZERO, Vec2::new(1200.0, 900.0));
        let frame = |s: &mut PlaySession| {
            let scene = GameScene::new(&s.game, layout, bounds, s.start, &s.style);
            let v = ChunkView {
                view,
                camera: &camera,
                layout: &layout,
            };
            s.chunks.paint(&painter, &v, &scene);
            s.chunks.stats
        };
        assert_eq!(frame(&mut session).rebuilt, 9);
        assert_eq!(frame(&mut session).rebuilt, 0);
        // The mine's neighbour shows a 1: only it opens, one chunk is redrawn.
        session.open(at(2, 1), Duration::ZERO);
        assert_eq!(session.game.view(at(2, 1)), Some(CellView::Revealed(1)));
        assert_eq!(session.game.view(at(3, 1)), Some(CellView::Hidden));
        assert_eq!(frame(&mut session).rebuilt, 1);
        // A flag far away: its chunk.
        session.flag(at(80, 80));
        assert_eq!(session.game.view(at(80, 80)), Some(CellView::Flagged));
        assert_eq!(frame(&mut session).rebuilt, 1);
        // The mine: the game is lost and every mine shows, so the whole board is redrawn.
        session.open(at(1, 1), Duration::ZERO);
        assert_eq!(session.game.status(), GameStatus::Lost);
        assert_eq!(frame(&mut session).rebuilt, 9);
        // Restart: everything hidden again.
        session.restart();
        assert_eq!(frame(&mut session).rebuilt, 9);
    }

    #[test]
    fn every_status_has_distinct_text() {
        let all = [
            GameStatus::Ready,
            GameStatus::Playing,
            GameStatus::Won,
            GameStatus::Lost,
        ];
        let texts: std::collections::BTreeSet<_> = all.iter().map(|&s| status_text(s)).collect();
        assert_eq!(texts.len(), all.len());
    }
}
