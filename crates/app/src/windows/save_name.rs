//! "Save As" where saving is a download (a browser): the browser's download names the
//! file, so the editor asks for the name first in a small window of its own (the file
//! name field focused, Enter saves, Escape cancels). The desktop's Save As is its file
//! dialog.

use crate::Action;
use crate::windows::{EditorWindow, Shown};
use eframe::egui;

/// The "Save As" name window's form.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveNameForm {
    /// The file name being typed.
    pub name: String,
    /// What runs after the save (what the unsaved-changes prompt held back).
    pub then: Option<Box<Action>>,
    /// Give the field the keyboard at the next frame (set when it opens).
    pub focus: bool,
}

impl SaveNameForm {
    /// The form proposing `suggested`, then `then`.
    pub fn new(suggested: String, then: Option<Action>) -> Self {
        SaveNameForm {
            name: suggested,
            then: then.map(Box::new),
            focus: true,
        }
    }
}

/// The file name a typed `name` saves as: its last part (a browser's downloads have no
/// folders), ending in `.ron`; `None` when nothing is left.
pub fn file_name(name: &str) -> Option<String> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or("").trim();
    if base.is_empty() || base == ".ron" {
        return None;
    }
    Some(if base.to_ascii_lowercase().ends_with(".ron") {
        base.to_owned()
    } else {
        format!("{base}.ron")
    })
}

/// The window while `open`: Save (or Enter) asks to save under the typed name; Cancel
/// (or Escape) closes it.
fn window(ctx: &egui::Context, open: &mut Option<SaveNameForm>) -> Option<Action> {
    let form = open.as_mut()?;
    let mut save = false;
    let mut cancel = false;
    let valid = file_name(&form.name);
    crate::windows::placed(ctx, egui::Window::new("Save As"))
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label("The browser downloads the map under this name.");
            let field = ui.horizontal(|ui| {
                let l = ui.label("File name");
                ui.add(egui::TextEdit::singleline(&mut form.name).desired_width(260.0))
                    .labelled_by(l.id)
            });
            let field = field.inner;
            if std::mem::take(&mut form.focus) {
                field.request_focus();
            }
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if let Some(name) = &valid
                && !name.eq_ignore_ascii_case(form.name.trim())
            {
                ui.weak(format!("Saved as {name}"));
            }
            ui.horizontal(|ui| {
                save = ui
                    .add_enabled(valid.is_some(), egui::Button::new("Save"))
                    .clicked()
                    || (enter && valid.is_some());
                cancel =
                    ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
            });
        });
    if cancel {
        *open = None;
        return None;
    }
    let name = valid.filter(|_| save)?;
    let then = open.take().and_then(|f| f.then);
    Some(Action::SaveAsNamed { name, then })
}

impl EditorWindow for Option<SaveNameForm> {
    fn show(&mut self, ctx: &egui::Context, _: &mut Shown<'_>, out: &mut Vec<Action>) {
        out.extend(window(ctx, self));
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_name_saves_as_a_ron_file_without_folders() {
        assert_eq!(
            file_name("Dragon Coast").as_deref(),
            Some("Dragon Coast.ron")
        );
        assert_eq!(file_name("coast.RON").as_deref(), Some("coast.RON"));
        assert_eq!(file_name("../maps/coast").as_deref(), Some("coast.ron"));
        assert_eq!(file_name("  "), None);
        assert_eq!(file_name("maps/"), None);
    }
}
