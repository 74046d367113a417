//! Minesweeper play mode: the canvas plays the current mine layout (or a random one of the
//! same count) without touching the map or its undo history. Left click reveals (chords on
//! a revealed number), right click flags; a bar shows mines left, the timer and the result.

use super::canvas::{BACKGROUND, Canvas};
use super::doc::Doc;
use super::{Action, EditorApp};
use crate::hex::{Hex, Point};
use crate::map::minesweeper::{
    CellView, GameStatus, GenerateError, GenerateSettings, Generated, MineAmount, MineLayout,
    PlayState, generate,
};
use eframe::egui::{self, Align2, Color32, FontId, PointerButton, Pos2, Sense, Shape, Stroke};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

const HIDDEN: Color32 = Color32::from_rgb(96, 110, 134);
const OPENED: Color32 = Color32::from_rgb(210, 212, 205);
const EXPLODED: Color32 = Color32::from_rgb(220, 60, 50);
const FLAG: Color32 = Color32::from_rgb(230, 50, 40);
const START: Color32 = Color32::from_rgb(80, 220, 120);

/// One play session: the game, where a generated layout suggests starting, and a random
/// layout being generated off the UI thread.
pub struct PlaySession {
    game: PlayState,
    /// The safe start of a generated layout, highlighted until the first reveal.
    start: Option<Hex>,
    seed: u64,
    pending: Option<Receiver<Result<Generated, GenerateError>>>,
}

impl PlaySession {
    /// A session playing the map's own mine layout.
    pub fn from_map(map: &crate::map::HexMap) -> Self {
        PlaySession {
            game: PlayState::new(MineLayout::from_map(map)),
            start: None,
            seed: seed_from_clock(),
            pending: None,
        }
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
            Some(CellView::Revealed(n)) => format!("cell: open, {n} mines around"),
            Some(CellView::Mine) => "cell: a mine (game over)".to_owned(),
            Some(CellView::Exploded) => "cell: the mine that went off".to_owned(),
            Some(CellView::WrongFlag) => "cell: flagged, no mine (game over)".to_owned(),
        }
    }

    /// True while a random layout is being generated.
    pub fn generating(&self) -> bool {
        self.pending.is_some()
    }

    /// Start generating a random no-guess layout with the same mine count on a thread.
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
        std::thread::spawn(move || {
            // The receiver is gone only when play mode was left; nothing to report then.
            let _ = tx.send(generate(&board, &settings));
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
                None
            }
            Err(e) => Some(format!("cannot generate a random layout: {e}")),
        }
    }
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
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

/// Enter or leave play mode; a map without mines cannot be played, and that is said.
pub(super) fn toggle(app: &mut EditorApp) {
    if app.play.is_none() && app.doc.map().mine_layer().count() == 0 {
        app.windows.error = Some(
            "This map has no mines to play. Place some first with Edit, Random mines…, or \
             the Mine tool."
                .to_owned(),
        );
        return;
    }
    app.play = match app.play {
        Some(_) => None,
        None => Some(PlaySession::from_map(app.doc.map())),
    };
    app.tools.gesture = super::tools::Gesture::Idle;
    app.tools.pasting = false;
}

/// The bar above the canvas while playing; "Exit play" and a failed generation come back
/// as actions.
pub(super) fn bar(ui: &mut egui::Ui, session: &mut PlaySession) -> Vec<Action> {
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
                session.game.restart();
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

/// Smallest hex radius (screen points) play mode zooms out to. Play draws each visible
/// cell on its own: cells stay big enough to click and few enough to draw (a million-cell
/// board is played a part at a time).
pub const MIN_CELL_RADIUS_PX: f64 = 5.0;

/// What the play canvas borrows from the editor for one frame.
pub(super) struct PlayParts<'a> {
    /// The canvas's view and hover (shared with the editor canvas).
    pub canvas: &'a mut Canvas,
    /// The open document (read only: playing never edits it).
    pub doc: &'a Doc,
    /// The game.
    pub play: &'a mut Option<PlaySession>,
}

/// The play canvas: navigation as in the editor, clicks play the game.
pub(super) fn canvas(app: &mut PlayParts<'_>, ui: &mut egui::Ui) {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "play canvas"));
    app.canvas.set_view(rect, app.doc);
    app.canvas.clamp_zoom(app.doc, MIN_CELL_RADIUS_PX);
    let limits = app.canvas.zoom_limits(app.doc, MIN_CELL_RADIUS_PX);
    app.canvas.navigate(ui, &response, limits);
    let layout = app.doc.layout();
    let camera = app.canvas.camera;
    let hex_at = |p: Pos2| layout.pixel_to_hex(camera.screen_to_world(rect, p));
    app.canvas.hovered = response.hover_pos().and_then(hex_at);
    let t = now(ui.ctx());
    if let Some(session) = app.play.as_mut() {
        let clicked = response.interact_pointer_pos().and_then(hex_at);
        if let Some(h) = clicked.filter(|&h| session.game.layout().board().contains(h)) {
            if response.clicked_by(PointerButton::Primary) {
                // Cells are on the board, so neither call can fail.
                if matches!(session.game.view(h), Some(CellView::Revealed(_))) {
                    let _ = session.game.chord(h, t);
                } else {
                    let _ = session.game.reveal(h, t);
                }
                session.start = None;
            } else if response.clicked_by(PointerButton::Secondary) {
                let _ = session.game.toggle_flag(h);
            }
        }
    }
    paint(app, ui, rect);
}

fn paint(app: &PlayParts<'_>, ui: &egui::Ui, rect: egui::Rect) {
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, BACKGROUND);
    let Some(session) = app.play.as_ref() else {
        return;
    };
    let layout = app.doc.layout();
    let size = layout.size();
    let radius_px = (size.x.min(size.y) * app.canvas.camera.zoom) as f32;
    let (a, b) = app.canvas.camera.visible_world(rect);
    let font = FontId::proportional((radius_px * 0.9).clamp(4.0, 48.0));
    let outline = Stroke::new(if radius_px > 6.0 { 1.0 } else { 0.0 }, BACKGROUND);
    for h in app.doc.cells_in_world_rect(&layout, a, b) {
        let Some(view) = session.game.view(h) else {
            continue;
        };
        let c = layout.hex_to_pixel(h);
        let corners: Vec<Pos2> = (0..6)
            .map(|i| {
                let o = layout.corner_offset(i);
                app.canvas
                    .camera
                    .world_to_screen(rect, Point::new(c.x + o.x * 0.95, c.y + o.y * 0.95))
            })
            .collect();
        let centre = app.canvas.camera.world_to_screen(rect, c);
        let fill = match view {
            CellView::Hidden | CellView::Flagged | CellView::WrongFlag => HIDDEN,
            CellView::Revealed(_) | CellView::Mine => OPENED,
            CellView::Exploded => EXPLODED,
        };
        painter.add(Shape::convex_polygon(corners, fill, outline));
        let r = radius_px;
        match view {
            CellView::Hidden => {}
            CellView::Revealed(0) => {}
            CellView::Revealed(n) => {
                painter.text(
                    centre,
                    Align2::CENTER_CENTER,
                    n.to_string(),
                    font.clone(),
                    number_colour(n),
                );
            }
            CellView::Flagged | CellView::WrongFlag => {
                let pole = Stroke::new((r * 0.08).max(1.0), Color32::BLACK);
                let top = centre + egui::vec2(-r * 0.1, -r * 0.5);
                painter.line_segment([top, centre + egui::vec2(-r * 0.1, r * 0.45)], pole);
                painter.add(Shape::convex_polygon(
                    vec![
                        top,
                        top + egui::vec2(r * 0.5, r * 0.2),
                        top + egui::vec2(0.0, r * 0.4),
                    ],
                    FLAG,
                    Stroke::NONE,
                ));
                if view == CellView::WrongFlag {
                    let x = Stroke::new((r * 0.1).max(1.0), Color32::BLACK);
                    let d = r * 0.5;
                    painter.line_segment([centre - egui::vec2(d, d), centre + egui::vec2(d, d)], x);
                    painter
                        .line_segment([centre + egui::vec2(-d, d), centre + egui::vec2(d, -d)], x);
                }
            }
            CellView::Mine | CellView::Exploded => {
                painter.circle_filled(centre, r * 0.4, Color32::BLACK);
            }
        }
        if session.start == Some(h) {
            painter.circle_stroke(centre, r * 0.6, Stroke::new(2.0, START));
        }
    }
}

/// The classic colour of each neighbour count.
fn number_colour(n: u8) -> Color32 {
    match n {
        1 => Color32::from_rgb(25, 60, 200),
        2 => Color32::from_rgb(20, 120, 30),
        3 => Color32::from_rgb(200, 30, 30),
        4 => Color32::from_rgb(20, 20, 120),
        5 => Color32::from_rgb(120, 20, 20),
        _ => Color32::from_rgb(20, 120, 120),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
