//! The map scale's fields in the Map properties panel: on/off, distance per hex and unit,
//! applied with the other properties as one undo step ([`hexmap_map::MapEdit::SetScale`]).

use eframe::egui;
use hexmap_map::{Edit, HexMap, MapEdit, MapScale};

/// Why a "Scale bar" choice is greyed (the Export and Print windows, View → Scale bar).
pub(crate) const NO_SCALE: &str = "The map has no scale: set one in Map → Properties… → Map scale";

/// The scale as the user is editing it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleForm {
    /// The map has a scale.
    pub on: bool,
    /// Distance per hex.
    pub per_hex: f64,
    /// Unit text.
    pub unit: String,
}

impl ScaleForm {
    /// The map's scale (6 mi offered when it has none).
    pub fn from_map(map: &HexMap) -> Self {
        match map.scale() {
            Some(s) => ScaleForm {
                on: true,
                per_hex: s.per_hex,
                unit: s.unit.clone(),
            },
            None => ScaleForm {
                on: false,
                per_hex: 6.0,
                unit: "mi".to_owned(),
            },
        }
    }

    /// The edit that gives the map this scale (`None` when it already has it), or the
    /// reason it is refused, worded for the user.
    pub fn edit(&self, map: &HexMap) -> Result<Option<Edit>, String> {
        let wanted = if self.on {
            let s = MapScale::new(self.per_hex, self.unit.trim())
                .map_err(|e| format!("map scale: {e}"))?;
            Some(s)
        } else {
            None
        };
        Ok((wanted.as_ref() != map.scale()).then_some(Edit::Map(MapEdit::SetScale(wanted))))
    }

    /// The fields: "Map scale" check box, "Distance per hex" and "Unit".
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.checkbox(&mut self.on, "Map scale");
        ui.add_enabled_ui(self.on, |ui| {
            ui.horizontal(|ui| {
                let l = ui.label("Distance per hex");
                ui.add(egui::DragValue::new(&mut self.per_hex).speed(0.1))
                    .labelled_by(l.id);
                let l = ui.label("Unit");
                ui.add(egui::TextEdit::singleline(&mut self.unit).desired_width(60.0))
                    .labelled_by(l.id);
            });
        });
    }
}
