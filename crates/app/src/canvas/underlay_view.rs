//! The tracing underlay on the canvas: its image drawn under the cells by `draw` as every
//! picture draws it (`draw::underlay`: centre, scale, clockwise turn and opacity from the
//! map; following pan and zoom),
//! the map's opacity over it, and its handles while "Edit handles" is on: the image's
//! outline, a centre handle (drag: move) and four corner handles (drag: scale about the
//! centre; with Shift: turn about it). A handle drag previews on the canvas and is one
//! `MapEdit::SetUnderlay` at release (one undo step).

use crate::Action;
use crate::canvas::camera::Camera;
use crate::canvas::images::EditorImages;
use crate::canvas::painter::ScreenSink;
use crate::open_map::OpenMap;
use eframe::egui::{self, Painter, Pos2, Rect, Shape, Stroke};
use hexmap_draw::underlay::corners;
use hexmap_hex::Point;
use hexmap_map::{Edit, HexMap, MapEdit, Underlay};

/// How near (screen points) a press must be to a handle to take it.
const HANDLE_REACH: f32 = 10.0;
/// Half the side of a drawn handle, in screen points.
const HANDLE_HALF: f32 = 5.0;

/// What the canvas shows of the underlay, and a handle drag in progress.
#[derive(Debug)]
pub struct UnderlayView {
    /// Draw the underlay (the window's "Show").
    shown: bool,
    /// Opacity of the map drawn over a shown underlay (1: the map hides it where it has
    /// cells). Tracing needs both at once: the scan through the terrain already painted.
    map_opacity: f32,
    /// Show the outline and handles, and let them be dragged.
    handles: bool,
    /// The handle being dragged: which, the underlay when the drag began, the world point
    /// pressed, and the underlay as it is now (drawn instead of the map's until release).
    drag: Option<HandleDrag>,
    /// Where the handles were on screen at the last canvas frame (none while hidden), and
    /// the canvas rectangle: the Underlay window keeps clear of them.
    on_screen: (Vec<Pos2>, Rect),
}

impl UnderlayView {
    /// The Underlay window's "Show" switch and the map's opacity over the underlay.
    pub(crate) fn show_controls(&mut self, ui: &mut egui::Ui) {
        ui.checkbox(&mut self.shown, "Show");
        ui.add(egui::Slider::new(&mut self.map_opacity, 0.0..=1.0).text("Map opacity over it"))
            .on_hover_text("How much the map hides the underlay where it has cells");
    }

    /// The Underlay window's "Edit handles" switch.
    pub(crate) fn handles_control(&mut self, ui: &mut egui::Ui) {
        ui.checkbox(&mut self.handles, "Edit handles")
            .on_hover_text("Drag the centre to move, a corner to scale, Shift+corner to turn");
    }

    /// The Underlay window closed: no handles on the canvas.
    pub(crate) fn hide_handles(&mut self) {
        self.handles = false;
    }

    /// The handles' screen points at the last canvas frame (the centre first; none while
    /// the handles are hidden) and the canvas rectangle they were drawn in.
    pub(crate) fn handles_on_screen(&self) -> (&[Pos2], Rect) {
        (&self.on_screen.0, self.on_screen.1)
    }
}

impl Default for UnderlayView {
    fn default() -> Self {
        UnderlayView {
            shown: true,
            map_opacity: 0.6,
            handles: false,
            drag: None,
            on_screen: (Vec::new(), Rect::NOTHING),
        }
    }
}

/// A handle of the underlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handle {
    /// The centre: drag to move.
    Centre,
    /// A corner (top-left, top-right, bottom-right, bottom-left of the image): drag to
    /// scale about the centre, with Shift to turn.
    Corner(usize),
}

#[derive(Clone, Debug)]
struct HandleDrag {
    handle: Handle,
    start: Underlay,
    pressed: Point,
    now: Underlay,
}

impl UnderlayView {
    /// The underlay as drawn now: the one being dragged, else the map's.
    pub fn current<'a>(&'a self, map: &'a HexMap) -> Option<&'a Underlay> {
        match &self.drag {
            Some(d) if map.underlay().is_some() => Some(&d.now),
            _ => map.underlay(),
        }
    }

    /// The opacity the map is drawn with this frame.
    pub fn map_opacity(&self, map: &HexMap) -> f32 {
        if self.shown && map.underlay().is_some() {
            self.map_opacity.clamp(0.0, 1.0)
        } else {
            1.0
        }
    }
}

/// The world corners and centre of the underlay's image, if it loaded.
fn outline(u: &Underlay, images: &EditorImages) -> Option<([Point; 4], Point)> {
    let (_, image) = images.set().get(&u.path)?;
    Some((corners(u, image.width(), image.height()), u.center))
}

/// Draw the underlay (when shown and loaded) under the map, through `draw` as pictures
/// draw it; the painter the map is then drawn with (at the map's opacity over the
/// underlay).
pub fn paint_under(
    painter: &Painter,
    rect: Rect,
    map: &HexMap,
    (camera, images, state): (&Camera, &EditorImages, &UnderlayView),
) -> Painter {
    let mut map_painter = painter.clone();
    map_painter.set_opacity(state.map_opacity(map));
    if !state.shown {
        return map_painter;
    }
    if let Some(u) = state.current(map) {
        let mut sink = ScreenSink::new(painter, camera.centre, rect.center(), camera.zoom)
            .with_textures(images.textures());
        hexmap_draw::underlay::draw_placed(&mut sink, u, images.set());
    }
    map_painter
}

/// Draw the outline and handles over the map while "Edit handles" is on.
pub fn paint_handles(
    painter: &Painter,
    view: (&Camera, Rect),
    map: &HexMap,
    (images, state): (&EditorImages, &UnderlayView),
) {
    let (camera, rect) = view;
    if !state.handles {
        return;
    }
    let Some((world, centre)) = state.current(map).and_then(|u| outline(u, images)) else {
        return;
    };
    let ink = crate::canvas::theme::UNDERLAY_HANDLE;
    let screen: Vec<Pos2> = world
        .iter()
        .map(|p| camera.world_to_screen(rect, *p))
        .collect();
    painter.add(Shape::closed_line(screen.clone(), Stroke::new(1.5, ink)));
    for p in screen {
        let r = Rect::from_center_size(p, egui::vec2(2.0 * HANDLE_HALF, 2.0 * HANDLE_HALF));
        painter.rect_filled(r, 0.0, ink);
    }
    let c = camera.world_to_screen(rect, centre);
    painter.circle_filled(c, HANDLE_HALF + 1.0, ink);
}

/// The handle within reach of screen point `at`, if any (corners first).
fn handle_at(
    at: Pos2,
    view: (&Camera, Rect),
    u: &Underlay,
    images: &EditorImages,
) -> Option<Handle> {
    let (camera, rect) = view;
    let (world, centre) = outline(u, images)?;
    let near = |p: Point| camera.world_to_screen(rect, p).distance(at) <= HANDLE_REACH;
    (0..4)
        .find(|&i| near(world[i]))
        .map(Handle::Corner)
        .or_else(|| near(centre).then_some(Handle::Centre))
}

/// The underlay `start` after dragging `handle` from world point `from` to `to` (Shift:
/// a corner turns instead of scaling).
pub fn dragged(start: &Underlay, handle: Handle, from: Point, to: Point, shift: bool) -> Underlay {
    let c = start.center;
    match handle {
        Handle::Centre => Underlay {
            center: Point::new(c.x + to.x - from.x, c.y + to.y - from.y),
            ..start.clone()
        },
        Handle::Corner(_) if shift => {
            let angle = |p: Point| (p.y - c.y).atan2(p.x - c.x).to_degrees();
            let mut r = start.rotation + angle(to) - angle(from);
            while r > 180.0 {
                r -= 360.0;
            }
            while r <= -180.0 {
                r += 360.0;
            }
            Underlay {
                rotation: r,
                ..start.clone()
            }
        }
        Handle::Corner(_) => {
            let dist = |p: Point| (p.x - c.x).hypot(p.y - c.y);
            let k = dist(to) / dist(from).max(1e-9);
            let scale = (start.scale * k).clamp(1e-6, hexmap_map::underlay::MAX_UNDERLAY_NUMBER);
            Underlay {
                scale,
                ..start.clone()
            }
        }
    }
}

/// Pointer input on the handles (while "Edit handles" is on): a press on a handle starts
/// a drag, moving previews it, release pushes one `MapEdit::SetUnderlay`. True while the
/// handles own the pointer (the tools must not see the press).
pub fn input(
    ui: &egui::Ui,
    view: (&Camera, Rect),
    doc: &OpenMap,
    (images, state): (&EditorImages, &mut UnderlayView),
    out: &mut Vec<Action>,
) -> bool {
    let (camera, rect) = view;
    let map = doc.map();
    let shown = state
        .current(map)
        .filter(|_| state.handles)
        .and_then(|u| outline(u, images));
    let points = shown.map_or(Vec::new(), |(corners, centre)| {
        std::iter::once(centre)
            .chain(corners)
            .map(|p| camera.world_to_screen(rect, p))
            .collect()
    });
    state.on_screen = (points, rect);
    if !state.handles {
        state.drag = None;
        return false;
    }
    let Some(u) = map.underlay() else {
        state.drag = None;
        return false;
    };
    let (pressed, down, origin, latest, shift) = ui.input(|i| {
        (
            i.pointer.primary_pressed(),
            i.pointer.primary_down(),
            i.pointer.press_origin(),
            i.pointer.latest_pos(),
            i.modifiers.shift,
        )
    });
    // Only a press on the canvas itself (not on a window over it) takes a handle.
    if pressed
        && state.drag.is_none()
        && ui.rect_contains_pointer(rect)
        && let Some(at) = origin.filter(|p| rect.contains(*p))
        && let Some(handle) = handle_at(at, view, u, images)
    {
        state.drag = Some(HandleDrag {
            handle,
            start: u.clone(),
            pressed: camera.screen_to_world(rect, at),
            now: u.clone(),
        });
    }
    let Some(drag) = &mut state.drag else {
        return false;
    };
    if let Some(p) = latest {
        let to = camera.screen_to_world(rect, p);
        drag.now = dragged(&drag.start, drag.handle, drag.pressed, to, shift);
    }
    if !down {
        let drag = state.drag.take().expect("a drag");
        if drag.now != drag.start && drag.now.validate().is_ok() {
            out.push(Action::Edit(Edit::Map(MapEdit::SetUnderlay(Some(
                drag.now,
            )))));
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_drags_scale_about_the_centre_and_turn_with_shift() {
        let u = Underlay::new("a.png", Point::new(0.0, 0.0));
        // Twice as far from the centre: twice the scale.
        let s = dragged(
            &u,
            Handle::Corner(2),
            Point::new(3.0, 4.0),
            Point::new(6.0, 8.0),
            false,
        );
        assert!((s.scale - 2.0).abs() < 1e-9 && s.rotation == 0.0);
        // From straight right to straight down is a quarter turn clockwise on screen.
        let r = dragged(
            &u,
            Handle::Corner(1),
            Point::new(5.0, 0.0),
            Point::new(0.0, 5.0),
            true,
        );
        assert!((r.rotation - 90.0).abs() < 1e-9 && r.scale == 1.0, "{r:?}");
        let m = dragged(
            &u,
            Handle::Centre,
            Point::new(1.0, 1.0),
            Point::new(4.0, -1.0),
            false,
        );
        assert_eq!(m.center, Point::new(3.0, -2.0));
    }
}
