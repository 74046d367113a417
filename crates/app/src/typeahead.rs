//! Type-ahead: what is typed in the frame whose click gives a text or number field the
//! keyboard reaches that field. egui hands a field the keyboard only as it handles the
//! click, after the field has read the frame's text; when frames are slow, a click and
//! the first characters typed after it arrive in one frame and those characters would be
//! lost ("60" typed quickly into a field gives "0"). They are kept and given to the field
//! at the start of the next frame, before anything else reads the input.

use eframe::egui::{self, Event};

/// Characters typed in a frame that ended with the keyboard newly given to a field.
#[derive(Debug, Default)]
pub struct TypeAhead {
    /// The text events to give at the next frame, in order.
    pending: Vec<Event>,
}

impl TypeAhead {
    /// At the start of a frame: put the text kept from the last frame before this frame's
    /// events (the focused field reads it first). Returns which widget had the keyboard
    /// as the frame began, for [`TypeAhead::keep`].
    pub fn give(&mut self, ctx: &egui::Context) -> Option<egui::Id> {
        if !self.pending.is_empty() {
            let kept = std::mem::take(&mut self.pending);
            ctx.input_mut(|i| {
                i.events.splice(0..0, kept);
            });
        }
        ctx.memory(|m| m.focused())
    }

    /// At the end of a frame that began with no widget holding the keyboard
    /// (`focused_at_start`): if a field took it during the frame, keep the frame's text
    /// for that field. Text typed while a field already had the keyboard was its own.
    pub fn keep(&mut self, ctx: &egui::Context, focused_at_start: Option<egui::Id>) {
        let now = ctx.memory(|m| m.focused());
        if focused_at_start.is_some() || now.is_none() {
            return;
        }
        self.pending = ctx.input(|i| {
            i.events
                .iter()
                .filter(|e| matches!(e, Event::Text(_)))
                .cloned()
                .collect()
        });
        if !self.pending.is_empty() {
            ctx.request_repaint();
        }
    }
}
