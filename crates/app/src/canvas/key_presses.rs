//! Key presses read as events, not as state: every press of this frame counts, in the
//! order it came. When frames are slow a person's two quick presses of `]` arrive in one
//! frame; `InputState::consume_key` would take both and report one.

use eframe::egui::{self, Event, Key, Modifiers};

/// Take (consume) this frame's presses of `keys` held with `modifiers` (matched as egui
/// matches shortcuts: extra Shift or Alt allowed), in the order they were pressed;
/// key repeats count as presses.
pub fn take_in_order(input: &mut egui::InputState, modifiers: Modifiers, keys: &[Key]) -> Vec<Key> {
    let mut taken = Vec::new();
    input.events.retain(|event| match event {
        Event::Key {
            key,
            pressed: true,
            modifiers: held,
            ..
        } if keys.contains(key) && held.matches_logically(modifiers) => {
            taken.push(*key);
            false
        }
        _ => true,
    });
    taken
}

/// Take this frame's presses of one `key` with `modifiers`; how many there were.
pub fn take_count(ctx: &egui::Context, modifiers: Modifiers, key: Key) -> usize {
    ctx.input_mut(|i| i.count_and_consume_key(modifiers, key))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(key: Key) -> Event {
        Event::Key {
            key,
            physical_key: Some(key),
            pressed: true,
            repeat: false,
            modifiers: Modifiers::NONE,
        }
    }

    #[test]
    fn presses_come_in_their_order_each_counted_and_others_stay() {
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            events: vec![press(Key::E), press(Key::Q), press(Key::B), press(Key::E)],
            ..Default::default()
        };
        let mut out = ctx.run_ui(input, |ui| {
            let taken = ui.input_mut(|i| take_in_order(i, Modifiers::NONE, &[Key::B, Key::E]));
            assert_eq!(taken, [Key::E, Key::B, Key::E]);
            assert_eq!(ui.input(|i| i.events.len()), 1, "Q is left for others");
            assert_eq!(take_count(ui.ctx(), Modifiers::NONE, Key::Q), 1);
        });
        out.textures_delta.clear();
    }
}
