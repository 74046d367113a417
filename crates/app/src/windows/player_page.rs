//! The players' window of a browser: a second browser window (a TV or a projector, full
//! screen) that shows only the player cut of the GM's map (`draw::player::player_map`,
//! as the player view keeps it), kept in step with the GM's tab over a channel between
//! the two windows (`storage::web_players`: a BroadcastChannel). The GM's side
//! ([`PlayerLink`]) sends the cut as RON whenever it changes (listing only what it shows,
//! ids afresh: `draw::player::export_of_cut`), and the GM's camera; the
//! players' side ([`PlayerPage`]) is an app of its own that draws what arrives. Nothing
//! but the cut ever crosses: the players' window never holds the GM's map.

use crate::canvas::camera::Camera;
use crate::canvas::images::EditorImages;
use eframe::egui;
use hexmap_hex::Point;
use hexmap_map::HexMap;

/// What the GM's tab tells the players' window.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerMessage {
    /// The player cut of the map, as RON (offset form).
    Map(String),
    /// Where the GM is looking (centre and zoom).
    Camera(Camera),
    /// The GM's tab is gone.
    Closed,
}

/// One end of the channel between the GM's tab and the players' window.
pub trait PlayerChannel {
    /// Send `message` to the players' window.
    fn send(&self, message: &PlayerMessage);
    /// True (once) when the players' window asked for the map (it has just opened).
    fn take_hello(&self) -> bool;
    /// Wake `ctx` for a frame when the players' window says hello: an idle GM tab runs no
    /// frames, and the answer (the map) is sent from a frame.
    fn wake_on_hello(&self, _ctx: &eframe::egui::Context) {}
}

/// Seconds between two sends of a changing map with this many cells: a small map follows
/// every edit; a big one, whose RON is megabytes, at most every few seconds.
fn send_interval(cells: usize) -> f64 {
    match cells {
        0..=50_000 => 0.0,
        50_001..=500_000 => 1.0,
        _ => 3.0,
    }
}

/// The GM's side: the players' window it opened, and what was last sent there.
pub struct PlayerLink {
    channel: Box<dyn PlayerChannel>,
    /// The document revision whose cut was last sent.
    sent_revision: Option<u64>,
    /// egui time of the last send of the map.
    sent_at: f64,
    /// The camera last sent.
    sent_camera: Option<Camera>,
}

impl PlayerLink {
    /// A link over `channel` (nothing sent yet).
    pub fn new(channel: Box<dyn PlayerChannel>) -> Self {
        PlayerLink {
            channel,
            sent_revision: None,
            sent_at: f64::NEG_INFINITY,
            sent_camera: None,
        }
    }

    /// Wake `ctx` when the players' window asks for the map (see
    /// [`PlayerChannel::wake_on_hello`]).
    pub fn wake_on_hello(&self, ctx: &eframe::egui::Context) {
        self.channel.wake_on_hello(ctx);
    }

    /// Keep the players' window in step at egui time `now`: the cut `players` of the
    /// document at `revision` when it changed (or the window asked), and the GM's
    /// `camera`. True when a changed map waits for its interval (look again soon).
    pub fn sync(&mut self, players: &HexMap, revision: u64, camera: Camera, now: f64) -> bool {
        if self.channel.take_hello() {
            self.sent_revision = None;
            self.sent_camera = None;
            self.sent_at = f64::NEG_INFINITY;
        }
        let mut waiting = false;
        if self.sent_revision != Some(revision) {
            if now - self.sent_at >= send_interval(players.cell_count()) {
                // What leaves for the players lists only what they see, ids afresh.
                let sent = hexmap_draw::player::export_of_cut(players);
                let text = hexmap_io::to_string(&sent, hexmap_io::Form::Offset);
                self.channel.send(&PlayerMessage::Map(text));
                self.sent_revision = Some(revision);
                self.sent_at = now;
            } else {
                waiting = true;
            }
        }
        if self.sent_camera != Some(camera) {
            self.channel.send(&PlayerMessage::Camera(camera));
            self.sent_camera = Some(camera);
        }
        waiting
    }

    /// The GM closed the players' window's feed (or the tab goes).
    pub fn close(&self) {
        self.channel.send(&PlayerMessage::Closed);
    }
}

/// The players' side's inbox: what arrived since the last frame.
pub trait PlayerInbox {
    /// The messages that arrived, oldest first.
    fn take(&self) -> Vec<PlayerMessage>;
    /// Ask the GM's tab for the map (once, when the window opens).
    fn hello(&self);
    /// Ask the browser to show the window full screen, or to leave full screen.
    fn toggle_full_screen(&self) {}
}

/// The players' window as an app: the latest cut from the GM's tab, drawn full size.
pub struct PlayerPage {
    inbox: Box<dyn PlayerInbox>,
    map: Option<HexMap>,
    /// Why the last map could not be read, or that the GM's tab is gone.
    problem: Option<String>,
    /// The GM's camera, last heard.
    gm: Option<Camera>,
    /// Follow the GM's view (else the window pans and zooms on its own).
    follow: bool,
    /// The window's own camera.
    camera: Camera,
    /// Fit the map at the next frame (a first map, or "Fit").
    fit: bool,
    /// No images: the players' window draws tile art as its terrain's colour.
    images: EditorImages,
}

impl PlayerPage {
    /// The players' window reading `inbox`; it asks the GM's tab for the map at once.
    pub fn new(inbox: Box<dyn PlayerInbox>) -> Self {
        inbox.hello();
        PlayerPage {
            inbox,
            map: None,
            problem: None,
            gm: None,
            follow: false,
            camera: Camera::default(),
            fit: true,
            images: EditorImages::default(),
        }
    }

    /// The player map on show, if one arrived.
    pub fn map(&self) -> Option<&HexMap> {
        self.map.as_ref()
    }

    /// Take what arrived.
    fn read_inbox(&mut self) {
        for message in self.inbox.take() {
            match message {
                PlayerMessage::Map(text) => match hexmap_io::from_str(&text) {
                    Ok((map, _)) => {
                        self.fit |= self.map.is_none();
                        crate::entry::show_title(&format!("{} — players — hexmap", map.name()));
                        self.map = Some(map);
                        self.problem = None;
                    }
                    Err(e) => self.problem = Some(format!("The map could not be read: {e}")),
                },
                PlayerMessage::Camera(c) => self.gm = Some(c),
                PlayerMessage::Closed => {
                    self.problem = Some(
                        "The GM's tab has closed this view; open it again from there (View → \
                         Player window)."
                            .to_owned(),
                    );
                }
            }
        }
    }

    /// One frame of the players' window in `ui`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.read_inbox();
        // Messages arrive between frames: look for them a few times a second.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(200));
        egui::Panel::top("players bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                let name = self.map.as_ref().map_or("…", |m| m.name());
                ui.strong(format!("Players' view: {name}"));
                ui.separator();
                ui.checkbox(&mut self.follow, "Follow the GM's view");
                if ui.button("Fit").clicked() {
                    self.follow = false;
                    self.fit = true;
                }
                if ui.button("Full screen").clicked() {
                    self.inbox.toggle_full_screen();
                }
                if let Some(problem) = &self.problem {
                    ui.separator();
                    ui.colored_label(ui.visuals().warn_fg_color, problem);
                }
            });
        });
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| self.canvas(ui));
    }

    /// The map, as the players' camera sees it.
    fn canvas(&mut self, ui: &mut egui::Ui) {
        let rect = ui.available_rect_before_wrap();
        let response = ui.allocate_rect(rect, egui::Sense::drag());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "player map"));
        let Some(map) = &self.map else {
            ui.painter()
                .rect_filled(rect, 0.0, crate::canvas::theme::CANVAS_BACKGROUND);
            ui.painter().text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                "Waiting for the GM's map…",
                egui::FontId::proportional(18.0),
                egui::Color32::LIGHT_GRAY,
            );
            return;
        };
        if self.fit
            && let Ok(layout) = map.layout()
        {
            let (min, max) = world_box(map, &layout);
            self.camera.fit(rect, min, max);
            self.fit = false;
        }
        if self.follow {
            if let Some(gm) = self.gm {
                self.camera = gm;
            }
        } else if let Ok(layout) = map.layout() {
            // The canvas's own control: a drag pans, the wheel zooms at the pointer, within
            // the canvas's zoom limits for this window's size.
            let how = crate::canvas::Navigation {
                limits: crate::canvas::zoom_limits_of(rect, world_box(map, &layout), layout.size()),
                primary_pans: true,
                keys: response.hovered(),
            };
            crate::canvas::navigate(&mut self.camera, rect, ui, &response, &how);
        }
        crate::canvas::player_view::paint(
            &ui.painter_at(rect),
            rect,
            (&self.camera, &self.images),
            map,
        );
    }
}

/// The world box of `map`'s cells (what "Fit" shows).
fn world_box(map: &HexMap, layout: &hexmap_hex::Layout) -> (Point, Point) {
    let (mut lo, mut hi) = (
        Point::new(f64::INFINITY, f64::INFINITY),
        Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    let (rx, ry) = (layout.size().x, layout.size().y);
    for h in map.shape().iter() {
        let c = layout.hex_to_pixel(h);
        lo = Point::new(lo.x.min(c.x - rx), lo.y.min(c.y - ry));
        hi = Point::new(hi.x.max(c.x + rx), hi.y.max(c.y + ry));
    }
    (lo, hi)
}

impl eframe::App for PlayerPage {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;

    /// A channel that keeps what was sent.
    #[derive(Clone, Default)]
    struct Kept(Rc<RefCell<Vec<PlayerMessage>>>, Rc<RefCell<bool>>);

    impl PlayerChannel for Kept {
        fn send(&self, message: &PlayerMessage) {
            self.0.borrow_mut().push(message.clone());
        }
        fn take_hello(&self) -> bool {
            std::mem::take(&mut *self.1.borrow_mut())
        }
    }

    #[test]
    fn the_cut_is_sent_when_it_changes_and_when_the_window_asks() {
        let kept = Kept::default();
        let mut link = PlayerLink::new(Box::new(kept.clone()));
        let map = crate::open_map::OpenMap::sample().map().clone();
        let camera = Camera::default();
        assert!(!link.sync(&map, 1, camera, 0.0));
        assert!(!link.sync(&map, 1, camera, 0.1));
        let sent = kept.0.borrow().len();
        assert_eq!(sent, 2, "the map and the camera, once");
        assert!(matches!(&kept.0.borrow()[0], PlayerMessage::Map(t) if t.contains(map.name())));
        link.sync(&map, 2, camera, 0.2);
        assert_eq!(kept.0.borrow().len(), 3, "a new revision is sent");
        *kept.1.borrow_mut() = true;
        link.sync(&map, 2, camera, 0.3);
        assert_eq!(kept.0.borrow().len(), 5, "a new window gets map and camera");
    }

    #[test]
    fn what_crosses_to_the_players_names_no_terrain_found_only_under_the_fog() {
        use hexmap_map::Palette;
        use hexmap_map::testing::TestMap;
        let palette = Palette::standard();
        let mut map = TestMap::hexagon(2, hexmap_hex::Orientation::Pointy)
            .named("crossing")
            .palette(palette.clone())
            .build();
        let (open, lair) = (&palette.terrains()[1], &palette.terrains()[4]);
        for h in map.shape().iter().collect::<Vec<_>>() {
            map.set_terrain(h, Some(open.id)).unwrap();
        }
        let hidden = hexmap_hex::Hex::new(2, 0);
        map.set_terrain(hidden, Some(lair.id)).unwrap();
        map.set_hidden(hidden, true).unwrap();
        let cut = hexmap_draw::player::player_map(&map, &Default::default());
        assert!(cut.palette().terrains().iter().any(|t| t.name == lair.name));
        let kept = Kept::default();
        let mut link = PlayerLink::new(Box::new(kept.clone()));
        link.sync(&cut, 1, Camera::default(), 0.0);
        let PlayerMessage::Map(text) = &kept.0.borrow()[0] else {
            panic!("the map goes first");
        };
        assert!(text.contains(&open.name), "{text}");
        assert!(
            !text.contains(&lair.name),
            "the players' window hears of {}",
            lair.name
        );
    }
}
