//! The screen shown when no map is open: the map file given on the command line could not
//! be opened. It shows why, with Open, New and Retry (and a File menu: recent files,
//! samples, Tiled import, preferences, Quit), and never another map in its place (which
//! would invite edits to the wrong map). Only what leads to a map is allowed.

use crate::Action;
use eframe::egui::{self, RichText};
use std::path::PathBuf;

/// Why no map is open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoMap {
    /// The file that failed to open (Retry opens it again).
    pub path: PathBuf,
    /// io's message: what is wrong, and where.
    pub message: String,
}

/// The window title while no map is open.
pub const TITLE: &str = "No map open — hexmap";

/// True for the actions that make sense with no map: opening (a sample too), creating,
/// importing, the dialogs that lead there, and quitting.
pub fn allows(action: &Action) -> bool {
    matches!(
        action,
        Action::NewDialog
            | Action::NewMap(_)
            | Action::OpenDialog
            | Action::OpenBundledSample
            | Action::Open(_)
            | Action::ImportTiledDialog
            | Action::ImportTiled(_)
            | Action::DialogAnswer(_)
            | Action::Quit
            | Action::Error(_)
            | Action::CancelLongWork
    )
}

/// The whole window: the error, the three ways on, and the last information message; or
/// while the file is still being read (`working`: what is done and the share of it), that
/// with a Cancel button.
pub(crate) fn screen(
    ui: &mut egui::Ui,
    no_map: &NoMap,
    info: Option<&str>,
    working: Option<(&str, Option<f32>)>,
) -> Vec<Action> {
    let mut out = Vec::new();
    egui::CentralPanel::default().show(ui, |ui| {
        ui.add_space(ui.available_height() / 4.0);
        ui.vertical_centered(|ui| {
            ui.set_max_width(720.0);
            if let Some((what, done)) = working {
                ui.heading(what);
                ui.add_space(8.0);
                ui.add(egui::Spinner::new().size(24.0));
                if let Some(done) = done {
                    ui.add(egui::ProgressBar::new(done).desired_width(240.0));
                }
                if ui.button("Cancel").clicked() {
                    out.push(Action::CancelLongWork);
                }
                return;
            }
            ui.heading("No map is open");
            ui.add_space(8.0);
            ui.label(format!("Could not open {}:", no_map.path.display()));
            ui.label(RichText::new(&no_map.message).color(ui.visuals().error_fg_color));
            ui.add_space(12.0);
            let button = |text| egui::Button::new(text).min_size(egui::vec2(160.0, 0.0));
            if ui.add(button("Open…")).clicked() {
                out.push(Action::OpenDialog);
            }
            if ui.add(button("New…")).clicked() {
                out.push(Action::NewDialog);
            }
            if ui.add(button("Retry")).clicked() {
                out.push(Action::Open(no_map.path.clone()));
            }
            if let Some(info) = info {
                ui.add_space(12.0);
                ui.label(RichText::new(info).weak());
            }
        });
    });
    out
}
