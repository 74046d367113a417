//! The pointer read as events, not as state: this frame's presses, moves and releases in
//! the order they came, and the clicks they make. When frames are slow, two quick clicks
//! arrive in one frame; egui's `Response::clicked` reports one of them, at the later
//! position. The canvas and the play board take every press and release instead.

use eframe::egui::{self, Event, Modifiers, PointerButton, Pos2};

/// One thing the pointer did this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PointerStep {
    /// A button went down at `pos` with `modifiers` held.
    Press {
        /// Where.
        pos: Pos2,
        /// Which button.
        button: PointerButton,
        /// The modifiers held (as the event says).
        modifiers: Modifiers,
    },
    /// The pointer moved to a point.
    Move(Pos2),
    /// A button came up at `pos`.
    Release {
        /// Where.
        pos: Pos2,
        /// Which button.
        button: PointerButton,
    },
}

/// This frame's pointer steps, in order.
pub fn this_frame(input: &egui::InputState) -> Vec<PointerStep> {
    input
        .events
        .iter()
        .filter_map(|e| match *e {
            Event::PointerMoved(pos) => Some(PointerStep::Move(pos)),
            Event::PointerButton {
                pos,
                button,
                pressed: true,
                modifiers,
            } => Some(PointerStep::Press {
                pos,
                button,
                modifiers,
            }),
            Event::PointerButton {
                pos,
                button,
                pressed: false,
                ..
            } => Some(PointerStep::Release { pos, button }),
            _ => None,
        })
        .collect()
}

/// Clicks from pointer steps: a press that `accept`s its place followed (in the same frame
/// or a later one) by a release of the same button at most `max_dist` points away. A
/// press whose release lands farther away was a drag (a pan), not a click.
#[derive(Clone, Debug, Default)]
pub struct Clicks {
    /// Presses waiting for their release: button and where.
    pressed: Vec<(PointerButton, Pos2)>,
}

impl Clicks {
    /// The clicks `steps` complete, each with its button and the press's place.
    pub fn take(
        &mut self,
        steps: &[PointerStep],
        max_dist: f32,
        accept: impl Fn(Pos2) -> bool,
    ) -> Vec<(PointerButton, Pos2)> {
        let mut clicks = Vec::new();
        for step in steps {
            match *step {
                PointerStep::Press { pos, button, .. } => {
                    self.pressed.retain(|(b, _)| *b != button);
                    if accept(pos) {
                        self.pressed.push((button, pos));
                    }
                }
                PointerStep::Release { pos, button } => {
                    if let Some(i) = self.pressed.iter().position(|(b, _)| *b == button) {
                        let (_, at) = self.pressed.swap_remove(i);
                        if at.distance(pos) <= max_dist {
                            clicks.push((button, at));
                        }
                    }
                }
                PointerStep::Move(_) => {}
            }
        }
        clicks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(x: f32, button: PointerButton) -> PointerStep {
        PointerStep::Press {
            pos: Pos2::new(x, 0.0),
            button,
            modifiers: Modifiers::NONE,
        }
    }

    fn release(x: f32, button: PointerButton) -> PointerStep {
        PointerStep::Release {
            pos: Pos2::new(x, 0.0),
            button,
        }
    }

    #[test]
    fn two_clicks_in_one_frame_are_two_and_a_drag_is_none() {
        use PointerButton::{Primary, Secondary};
        let mut clicks = Clicks::default();
        let steps = [
            press(10.0, Primary),
            release(10.0, Primary),
            press(50.0, Secondary),
            release(52.0, Secondary),
        ];
        let got = clicks.take(&steps, 6.0, |_| true);
        assert_eq!(
            got,
            [
                (Primary, Pos2::new(10.0, 0.0)),
                (Secondary, Pos2::new(50.0, 0.0))
            ]
        );
        // A press in one frame, its release in the next.
        assert!(
            clicks
                .take(&[press(90.0, Primary)], 6.0, |_| true)
                .is_empty()
        );
        assert_eq!(
            clicks.take(&[release(91.0, Primary)], 6.0, |_| true).len(),
            1
        );
        // A drag of 40 points: no click. A press refused by `accept`: none either.
        let drag = [press(0.0, Primary), release(40.0, Primary)];
        assert!(clicks.take(&drag, 6.0, |_| true).is_empty());
        let off = [press(0.0, Primary), release(0.0, Primary)];
        assert!(clicks.take(&off, 6.0, |p| p.x > 5.0).is_empty());
    }
}
