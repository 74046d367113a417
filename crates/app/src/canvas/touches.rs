//! The fingers on a touch screen, counted from egui's touch events. egui's own
//! multi-touch state starts only once the pointer has moved, too late to keep a first
//! finger from painting: a second finger down makes the touch a pinch (the canvas zooms
//! and pans; the tools take no part, and the stroke the first finger began is taken back)
//! until every finger is lifted.

use eframe::egui::{Event, TouchPhase};
use std::collections::BTreeSet;

/// The fingers down, and whether the touch became a pinch.
#[derive(Clone, Debug, Default)]
pub struct Touches {
    down: BTreeSet<u64>,
    pinch: bool,
}

impl Touches {
    /// Follow the touch `events` of a frame; true while the touch is a pinch (the frame
    /// the last finger lifts included, whose release belongs to it).
    pub fn follow(&mut self, events: &[Event]) -> bool {
        for e in events {
            if let Event::Touch { id, phase, .. } = e {
                match phase {
                    TouchPhase::Start => {
                        self.down.insert(id.0);
                    }
                    TouchPhase::End | TouchPhase::Cancel => {
                        self.down.remove(&id.0);
                    }
                    TouchPhase::Move => {}
                }
            }
        }
        let was = self.pinch;
        self.pinch = self.down.len() >= 2 || (self.pinch && !self.down.is_empty());
        was || self.pinch
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::{Pos2, TouchDeviceId, TouchId};

    fn touch(id: u64, phase: TouchPhase) -> Event {
        Event::Touch {
            device_id: TouchDeviceId(0),
            id: TouchId(id),
            phase,
            pos: Pos2::ZERO,
            force: None,
        }
    }

    #[test]
    fn a_second_finger_makes_a_pinch_until_every_finger_is_lifted() {
        let mut t = Touches::default();
        assert!(
            !t.follow(&[touch(1, TouchPhase::Start)]),
            "one finger paints"
        );
        assert!(t.follow(&[touch(2, TouchPhase::Start)]));
        assert!(
            t.follow(&[touch(2, TouchPhase::End)]),
            "one finger left: still the pinch"
        );
        assert!(
            t.follow(&[touch(1, TouchPhase::End)]),
            "the last release is the pinch's"
        );
        assert!(!t.follow(&[]));
        assert!(
            !t.follow(&[touch(3, TouchPhase::Start)]),
            "a new touch paints again"
        );
    }
}
