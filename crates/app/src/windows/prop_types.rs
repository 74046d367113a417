//! The type editor of custom properties, in the Map properties panel: a row per declared
//! property — rename it (its values follow), its enum values, its default, GM only,
//! delete it (its values go with it) — and a row to add one of a chosen kind. Every
//! change is its own undo step, applied at once (not by the panel's Apply).

use crate::Action;
use crate::panels::prop_field::{committed_text, value_field};
use eframe::egui::{self, RichText};
use hexmap_map::{CustomEdit, Edit, HexMap, PropKind, PropOwner, PropType, PropValue};

/// The kinds offered for a new property, with their names.
fn kinds() -> [(PropKind, &'static str); 7] {
    [
        (PropKind::String, "text"),
        (PropKind::Int, "whole number"),
        (PropKind::Number, "number"),
        (PropKind::Bool, "yes / no"),
        (PropKind::Colour, "colour"),
        (PropKind::Hex, "hex"),
        (PropKind::Enum(Vec::new()), "list of values"),
    ]
}

/// The new property's fields, kept between frames.
#[derive(Clone, Debug, Default)]
struct NewType {
    name: String,
    kind: usize,
    values: String,
}

/// The type editor's rows.
pub(crate) fn show(ui: &mut egui::Ui, map: &HexMap, out: &mut Vec<Action>) {
    ui.heading("Property types");
    let types = map.custom().types();
    if types.is_empty() {
        ui.label("No properties yet: a game's own data on hexes, icons, regions…");
    }
    for (i, t) in types.iter().enumerate() {
        ui.push_id(("property type", i), |ui| type_row(ui, map, i, t, out));
        ui.separator();
    }
    add_row(ui, types, out);
}

/// One declared type: rename, kind and values, default, GM only, delete.
fn type_row(ui: &mut egui::Ui, map: &HexMap, i: usize, t: &PropType, out: &mut Vec<Action>) {
    let types = map.custom().types();
    ui.horizontal(|ui| {
        let label = ui.label(RichText::new(format!("Rename {}", t.name)).strong());
        let id = egui::Id::unique(("rename property", &t.name));
        if let Some(to) = committed_text(ui, id, &t.name, label.id, false)
            && to != t.name
        {
            out.push(Action::Edits(rename(map, &t.name, to.trim())));
        }
    });
    ui.label(format!("kind: {}", t.kind.name()));
    if let PropKind::Enum(values) = &t.kind {
        ui.horizontal(|ui| {
            let label = ui.label(format!("{} values", t.name));
            let id = egui::Id::unique(("property values", &t.name));
            let shown = values.join(", ");
            if let Some(text) = committed_text(ui, id, &shown, label.id, false)
                && text != shown
            {
                let values: Vec<String> = split_values(&text);
                let mut next = t.clone();
                if !values.contains(&t.default.to_string()) {
                    next.default = PropValue::Enum(values.first().cloned().unwrap_or_default());
                }
                next.kind = PropKind::Enum(values);
                out.push(set_types(types, Some((i, next))));
            }
        });
    }
    let id = egui::Id::unique(("property default", &t.name));
    let label = format!("{} default", t.name);
    if let Some(v) = value_field(ui, id, (&label, &t.kind), Some(&t.default), map) {
        let next = PropType {
            default: v,
            ..t.clone()
        };
        out.push(set_types(types, Some((i, next))));
    }
    ui.horizontal(|ui| {
        let mut gm = t.gm_only;
        if ui
            .checkbox(&mut gm, format!("{} GM only", t.name))
            .on_hover_text("Left out of everything the players see")
            .changed()
        {
            let next = PropType {
                gm_only: gm,
                ..t.clone()
            };
            out.push(set_types(types, Some((i, next))));
        }
        if ui.button(format!("Delete {}", t.name)).clicked() {
            let rest: Vec<PropType> = types.iter().filter(|o| o.name != t.name).cloned().collect();
            out.push(Action::Edit(Edit::Custom(CustomEdit::SetTypes(rest))));
        }
    });
}

/// The row that adds a property: name, kind, enum values, "Add property".
fn add_row(ui: &mut egui::Ui, types: &[PropType], out: &mut Vec<Action>) {
    let state_id = egui::Id::unique("new property type");
    let mut new: NewType = ui.data(|d| d.get_temp(state_id)).unwrap_or_default();
    let kinds = kinds();
    ui.horizontal(|ui| {
        let label = ui.label("New property");
        ui.add(egui::TextEdit::singleline(&mut new.name).desired_width(110.0))
            .labelled_by(label.id);
    });
    egui::ComboBox::new("new property kind", "kind")
        .selected_text(kinds[new.kind.min(kinds.len() - 1)].1)
        .show_ui(ui, |ui| {
            for (k, (_, name)) in kinds.iter().enumerate() {
                ui.selectable_value(&mut new.kind, k, *name);
            }
        });
    let is_enum = matches!(kinds[new.kind.min(kinds.len() - 1)].0, PropKind::Enum(_));
    if is_enum {
        ui.horizontal(|ui| {
            let label = ui.label("values");
            ui.add(
                egui::TextEdit::singleline(&mut new.values)
                    .hint_text("iron, timber, grain")
                    .desired_width(140.0),
            )
            .labelled_by(label.id);
        });
    }
    if ui.button("Add property").clicked() {
        let kind = match &kinds[new.kind.min(kinds.len() - 1)].0 {
            PropKind::Enum(_) => PropKind::Enum(split_values(&new.values)),
            k => k.clone(),
        };
        let mut next = types.to_vec();
        next.push(PropType {
            name: new.name.trim().to_owned(),
            default: kind.zero(),
            kind,
            gm_only: false,
        });
        out.push(Action::Edit(Edit::Custom(CustomEdit::SetTypes(next))));
        new = NewType::default();
    }
    ui.data_mut(|d| d.insert_temp(state_id, new));
}

/// Enum values typed as a list: split at commas and "|", trimmed, empty ones dropped.
fn split_values(text: &str) -> Vec<String> {
    text.split([',', '|'])
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The types with type `i` replaced by `next`.
fn set_types(types: &[PropType], replace: Option<(usize, PropType)>) -> Action {
    let mut next = types.to_vec();
    if let Some((i, t)) = replace {
        next[i] = t;
    }
    Action::Edit(Edit::Custom(CustomEdit::SetTypes(next)))
}

/// The edits (one undo step) that rename property `from` to `to`, its values following:
/// the types with the new name, then each value set again under it.
fn rename(map: &HexMap, from: &str, to: &str) -> Vec<Edit> {
    let custom = map.custom();
    let types: Vec<PropType> = custom
        .types()
        .iter()
        .map(|t| {
            let mut t = t.clone();
            if t.name == from {
                t.name = to.to_owned();
            }
            t
        })
        .collect();
    let set_types = Edit::Custom(CustomEdit::SetTypes(types.clone()));
    // A name the types refuse (in use, empty): the map's refusal says why, once.
    if hexmap_map::CustomProps::build(types, Default::default()).is_err() {
        return vec![set_types];
    }
    let mut groups: Vec<(PropValue, Vec<PropOwner>)> = Vec::new();
    for (owner, values) in custom.iter_on(map) {
        if let Some(v) = values.get(from) {
            match groups.iter_mut().find(|(w, _)| w == v) {
                Some((_, owners)) => owners.push(owner),
                None => groups.push((v.clone(), vec![owner])),
            }
        }
    }
    let mut edits = vec![set_types];
    edits.extend(groups.into_iter().map(|(v, owners)| {
        Edit::Custom(CustomEdit::Set {
            owners,
            name: to.to_owned(),
            value: Some(v),
        })
    }));
    edits
}

#[cfg(test)]
mod tests {
    use super::split_values;

    #[test]
    fn enum_values_are_split_at_commas_and_bars() {
        assert_eq!(
            split_values(" iron, timber |grain,, "),
            ["iron", "timber", "grain"]
        );
    }
}
