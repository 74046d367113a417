//! "Update the maps inside?": after the GM changes a parent hex (or a neighbour of it) of a
//! child map that is still as it was derived, the editor offers to derive that child
//! afresh; it is never changed without the answer. Update is one undo step of the open
//! map; Keep leaves the child as it is and stops offering.

use super::{EditorWindow, Shown};
use crate::Action;
use crate::open_map::ChildUpdate;
use eframe::egui;

/// The offer on show, if any: the children it names.
#[derive(Debug, Default)]
pub(crate) struct ChildUpdateOffer(pub(crate) Option<Vec<ChildUpdate>>);

impl EditorWindow for ChildUpdateOffer {
    fn show(&mut self, ctx: &egui::Context, _: &mut Shown<'_>, out: &mut Vec<Action>) {
        let Some(updates) = &self.0 else {
            return;
        };
        let mut answered = false;
        super::placed(ctx, egui::Window::new("Update the maps inside?"))
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                for u in updates {
                    ui.label(format!(
                        "\"{}\" was derived from hex {} and has not been changed since.",
                        u.name, u.hex
                    ));
                }
                ui.label("Derive it again from the map as it is now?");
                ui.horizontal(|ui| {
                    if ui.button("Update").clicked() {
                        out.push(Action::UpdateChildren(updates.clone()));
                        answered = true;
                    }
                    if ui.button("Keep as it is").clicked() {
                        let kept = updates.iter().map(|u| u.index).collect();
                        out.push(Action::KeepChildren(kept));
                        answered = true;
                    }
                });
            });
        if answered {
            self.0 = None;
        }
    }
}
