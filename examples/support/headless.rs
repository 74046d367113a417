//! Shared by benches and examples: the whole editor (`EditorApp::show`) run on a bare
//! `egui::Context` with synthetic input, no window and no GPU, as the benchmarks and the
//! memory report drive it.

#![allow(dead_code)]

use eframe::egui::{self, Event, Key, Modifiers, PointerButton, Pos2, RawInput, Rect, Vec2};
use hexmap::app::EditorApp;
use hexmap::app::canvas::camera::Camera;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::OpenMap;
use hexmap::hex::{Hex, Point};
use hexmap::map::HexMap;

/// The window the editor runs in (the default window size of `hexmap`).
pub const SCREEN: Vec2 = Vec2::new(1280.0, 800.0);

/// The editor on a bare egui context, fed frames of synthetic input.
pub struct Editor {
    /// The egui context frames run in.
    pub ctx: egui::Context,
    /// The editor.
    pub app: EditorApp,
    time: f64,
}

impl Editor {
    /// The hex radius (screen points) at which a straight row of `hexes` hexes spans 85 %
    /// of the canvas width (between the side panels) on a pointy map.
    pub fn radius_for_row_of(&self, hexes: u32) -> f64 {
        f64::from(self.app.view().canvas_rect().width()) * 0.85 / (f64::from(hexes) * 3f64.sqrt())
    }

    /// Grow the brush toward `radius` with the `]` key, as a user would (one press per
    /// step, so a radius past the editor's maximum ends there).
    pub fn grow_brush_to(&mut self, radius: u32) {
        let presses = radius.saturating_sub(self.app.view().prefs().tools.brush_radius);
        for _ in 0..presses {
            self.key(Key::CloseBracket, Modifiers::NONE);
        }
    }

    pub fn new(map: HexMap) -> Self {
        let mut ed = Editor {
            ctx: egui::Context::default(),
            app: open(map),
            time: 0.0,
        };
        // Pointer over the middle of the window, as when a user looks at the map.
        ed.frame(vec![Event::PointerMoved(Pos2::new(640.0, 420.0))]);
        ed
    }

    /// One frame: the editor's UI pass, then tessellation. Returns the triangle count so
    /// the work cannot be optimised away.
    pub fn frame(&mut self, events: Vec<Event>) -> usize {
        self.frame_load(events).1
    }

    /// One frame, as [`Editor::frame`]; returns the vertices and triangles tessellation
    /// hands to the GPU (all meshes of the frame: map, panels, text).
    pub fn frame_load(&mut self, events: Vec<Event>) -> (usize, usize) {
        self.time += 1.0 / 60.0;
        let input = RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, SCREEN)),
            time: Some(self.time),
            events,
            ..Default::default()
        };
        let Editor { ctx, app, .. } = self;
        let mut out = ctx.run_ui(input, |ui| app.show(ui));
        // No GPU to upload textures to: the deltas are dropped on purpose (egui asserts
        // in debug builds that none is dropped unhandled).
        out.textures_delta.clear();
        let prims = ctx.tessellate(std::mem::take(&mut out.shapes), out.pixels_per_point);
        prims
            .iter()
            .map(|p| match &p.primitive {
                egui::epaint::Primitive::Mesh(m) => (m.vertices.len(), m.indices.len() / 3),
                egui::epaint::Primitive::Callback(_) => (0, 0),
            })
            .fold((0, 0), |(v, t), (mv, mt)| (v + mv, t + mt))
    }

    /// The world point at the middle of the canvas for a centred camera at `radius_px`.
    pub fn look_at(&mut self, centre: Point, radius_px: f64) {
        let size = self.app.view().doc().layout().size();
        self.app.set_camera(Camera {
            centre,
            zoom: radius_px / size.x.min(size.y),
        });
    }

    pub fn radius_px(&self) -> f64 {
        let size = self.app.view().doc().layout().size();
        self.app.view().camera().zoom * size.x.min(size.y)
    }

    pub fn screen_of(&self, h: Hex) -> Pos2 {
        self.app.view().hex_to_screen(h)
    }

    pub fn key(&mut self, key: Key, modifiers: Modifiers) {
        let press = |pressed| Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers,
        };
        self.frame(vec![press(true), press(false)]);
    }
}

/// The editor on `map` with fake dialogs and autosave off.
pub fn open(map: HexMap) -> EditorApp {
    let mut app = EditorApp::with_doc(OpenMap::from_map(map), Box::new(FakeDialogs::default()));
    app.set_autosave_secs(0);
    app
}

/// A brush stroke from `a` to `b` in two frames: press at `a` and move to `b` (the stroke
/// is applied), then release (the undo step closes; the touched chunks are redrawn).
pub fn stroke_events(a: Pos2, b: Pos2) -> [Vec<Event>; 2] {
    let button = |pos, pressed| Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    [
        vec![
            Event::PointerMoved(a),
            button(a, true),
            Event::PointerMoved(b),
        ],
        vec![button(b, false)],
    ]
}
