//! File → New: the "New map" window (name, orientation, offset kind, shape, the terrain
//! the cells start with, hex size); "Create" asks for the map once the spec is valid.

use crate::Action;
use crate::open_map::NewMapSpec;
use crate::windows::{
    EditorWindow, Shown, hex_size_field, offset_kind_field, orientation_field, placed, shape_fields,
};
use eframe::egui;

/// The "New map" form.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NewMapForm {
    /// What to create.
    pub spec: NewMapSpec,
    /// Why the last "Create" was refused (shown in the dialog, which stays open).
    pub error: Option<String>,
}

impl EditorWindow for Option<NewMapForm> {
    fn show(&mut self, ctx: &egui::Context, _: &mut Shown<'_>, out: &mut Vec<Action>) {
        out.extend(new_map_window(ctx, self));
    }
}

/// "New map" while its form is open: "Create" asks for the map once the spec is valid.
fn new_map_window(ctx: &egui::Context, open: &mut Option<NewMapForm>) -> Option<Action> {
    let form = open.as_mut()?;
    let mut create = false;
    let mut cancel = false;
    placed(ctx, egui::Window::new("New map"))
        .collapsible(false)
        .show(ctx, |ui| {
            let s = &mut form.spec;
            ui.horizontal(|ui| {
                let l = ui.label("Name");
                ui.text_edit_singleline(&mut s.name).labelled_by(l.id);
            });
            orientation_field(ui, &mut s.orientation);
            s.offset_kind = s.offset_kind.for_orientation(s.orientation);
            offset_kind_field(ui, s.orientation, &mut s.offset_kind);
            shape_fields(ui, &mut s.shape);
            fill_field(ui, &mut s.fill);
            hex_size_field(ui, &mut s.hex_size.0, &mut s.hex_size.1);
            if let Some(message) = &form.error {
                ui.label(egui::RichText::new(message).color(ui.visuals().error_fg_color));
            }
            ui.horizontal(|ui| {
                create = ui.button("Create").clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
    if create {
        // The map's own checks (name, hex size, shape) before the dialog closes.
        match form.spec.parts() {
            Ok(_) => {
                let spec = form.spec.clone();
                *open = None;
                return Some(Action::NewMap(spec));
            }
            Err(message) => form.error = Some(message),
        }
    } else if cancel {
        *open = None;
    }
    None
}

/// The terrain a new map's cells start with: one of the standard palette's, or none.
fn fill_field(ui: &mut egui::Ui, fill: &mut Option<hexmap_map::TerrainId>) {
    let palette = hexmap_map::Palette::standard();
    let name = |t: Option<hexmap_map::TerrainId>| {
        t.and_then(|t| palette.get(t))
            .map_or("(empty)".to_owned(), |t| t.name.clone())
    };
    egui::ComboBox::from_label("Fill with")
        .selected_text(name(*fill))
        .show_ui(ui, |ui| {
            ui.selectable_value(fill, None, name(None));
            for t in palette.terrains() {
                ui.selectable_value(fill, Some(t.id), t.name.as_str());
            }
        });
}
