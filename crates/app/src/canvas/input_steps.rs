//! The window's input fed to egui a step at a time. egui reads some input once per frame:
//! a widget sees one click per frame (at the latest pointer position), a click that gives
//! a text field the keyboard comes too late for text typed in the same frame, and Tab
//! moves the keyboard on before the frame's text is typed. When frames are slow (20–50 ms
//! on a busy machine) a person's quick clicks and keys arrive several to a frame, and
//! would be lost or land in the wrong field. So a frame's events are cut after a click
//! (a button's release) or before a Tab that follows typed text; the rest waits for the
//! next frame, asked for at once. eframe passes every frame's input through
//! [`InputSteps::split`] (`EditorApp::raw_input_hook`).

use eframe::egui::{self, Event, Key};

/// Events that arrived in an earlier frame than the one they are given to.
#[derive(Debug, Default)]
pub struct InputSteps {
    /// Waiting for the next frame, in order.
    waiting: Vec<Event>,
}

impl InputSteps {
    /// Give this frame the events that waited, then the new ones, up to the first cut;
    /// keep the rest for the next frame (and ask for it).
    pub fn split(&mut self, ctx: &egui::Context, raw: &mut egui::RawInput) {
        let mut events = std::mem::take(&mut self.waiting);
        events.append(&mut raw.events);
        if let Some(at) = cut(&events) {
            self.waiting = events.split_off(at);
            ctx.request_repaint();
        }
        raw.events = events;
    }

    /// True while events wait for the next frame.
    pub fn waiting(&self) -> bool {
        !self.waiting.is_empty()
    }
}

/// Where to cut `events`: after the first button release that more than pointer moves
/// follow, or at a Tab press that typed text comes before; `None` when they can all be
/// read in one frame.
fn cut(events: &[Event]) -> Option<usize> {
    let mut typed = false;
    for (i, event) in events.iter().enumerate() {
        match event {
            Event::PointerButton { pressed: false, .. } => {
                let rest = &events[i + 1..];
                if rest
                    .iter()
                    .any(|e| !matches!(e, Event::PointerMoved(_) | Event::PointerGone))
                {
                    return Some(i + 1);
                }
            }
            Event::Key {
                key: Key::Tab,
                pressed: true,
                ..
            } if typed => return Some(i),
            Event::Text(_) => typed = true,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Modifiers, PointerButton, Pos2};

    fn button(pressed: bool) -> Event {
        Event::PointerButton {
            pos: Pos2::new(1.0, 1.0),
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        }
    }

    fn tab() -> Event {
        Event::Key {
            key: Key::Tab,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: Modifiers::NONE,
        }
    }

    #[test]
    fn a_click_and_what_follows_it_and_text_and_a_tab_go_to_separate_frames() {
        let ctx = egui::Context::default();
        let mut steps = InputSteps::default();
        let mut raw = egui::RawInput {
            events: vec![
                button(true),
                button(false),
                Event::Text("6".into()),
                Event::Text("0".into()),
                tab(),
                button(true),
                button(false),
            ],
            ..Default::default()
        };
        steps.split(&ctx, &mut raw);
        assert_eq!(raw.events, [button(true), button(false)], "the click alone");
        let mut next = egui::RawInput::default();
        steps.split(&ctx, &mut next);
        assert_eq!(
            next.events,
            [Event::Text("6".into()), Event::Text("0".into())]
        );
        let mut last = egui::RawInput::default();
        steps.split(&ctx, &mut last);
        assert_eq!(last.events, [tab(), button(true), button(false)]);
        assert!(!steps.waiting());
        // Pointer moves after a click, a Tab with no text before it: no cut.
        let mut calm = egui::RawInput {
            events: vec![tab(), button(true), button(false), Event::PointerGone],
            ..Default::default()
        };
        steps.split(&ctx, &mut calm);
        assert_eq!(calm.events.len(), 4);
        assert!(!steps.waiting());
    }
}
